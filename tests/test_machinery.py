"""The game machinery is imported by one thread at a time (tui/machinery.py): the warm-up's worker, a
game made in a worker and the main thread never import its modules at once (two threads importing one
import cycle get each other's half-imported modules; a registry built from one lacked a rule section's
procedures, and the new game could not be saved)."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

from tui import machinery


def test_a_second_thread_waits_while_the_first_imports_the_machinery(monkeypatch):
    imported_by: list[int] = []
    started, release = threading.Event(), threading.Event()

    def slow_import(name: str) -> object:
        imported_by.append(threading.get_ident())
        started.set()
        release.wait(5)
        return sys.modules.get(name)

    monkeypatch.setattr(machinery.importlib, "import_module", slow_import)
    first = threading.Thread(target=machinery.load_game_machinery)
    first.start()
    assert started.wait(5)
    second = threading.Thread(target=machinery.load_game_machinery)
    second.start()
    second.join(0.2)
    assert second.is_alive() and set(imported_by) == {first.ident}  # it waits, importing nothing
    release.set()
    first.join(5)
    second.join(5)
    count = len(machinery.GAME_MACHINERY)
    assert imported_by == [first.ident] * count + [second.ident] * count


def test_the_title_loads_none_of_the_machinery_and_loading_it_fills_the_registry():
    """In a process of its own: the title loaded, then the machinery, every rule section's procedures
    in the registry."""
    out = subprocess.run(
        [sys.executable, "-c", "import tui.app, sys; from tui.machinery import GAME_MACHINERY, load_game_machinery; "
         "assert not [m for m in GAME_MACHINERY if m in sys.modules], 'imported before the title'; load_game_machinery(); "
         "from core.registry import RULES, RULE_SECTIONS; "
         "print(len(RULES.procedures) == sum(len(getattr(s, 'PROCEDURES', ())) for s in RULE_SECTIONS))"],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout.split() == ["True"]


async def test_the_warm_up_builds_the_save_converter_so_a_new_games_first_autosave_builds_nothing(tmp_path, monkeypatch):
    """The save converter and its hooks for a save file cost ~50 ms when first used; the app's warm-up
    makes them in its worker, so a new game's first autosave (GEN-9's slot) does not, on the event loop."""
    import cattrs.converters

    from core import saves
    from core.setup import Setup
    from tests.tui_helpers import app_for, settle
    from tui.messages import StartGame

    made_on_main_thread: list[bool] = []  # one entry per converter or save hook made

    def recording(make: Callable[..., Any]) -> Callable[..., Any]:
        def made(*args: Any, **kwargs: Any) -> Any:
            made_on_main_thread.append(threading.current_thread() is threading.main_thread())
            return make(*args, **kwargs)
        return made

    monkeypatch.setattr(saves, "_make_converter", recording(saves._make_converter))
    for name in ("make_dict_unstructure_fn", "make_dict_structure_fn"):
        monkeypatch.setattr(cattrs.converters, name, recording(getattr(cattrs.converters, name)))
    saves.converter.cache_clear()
    try:
        app = app_for(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):  # the warm-up starts 0.5 s after the game data is read
                if made_on_main_thread:
                    break
                await pilot.pause(0.05)
            await app.workers.wait_for_complete()
            await settle(pilot)
            warmed = len(made_on_main_thread)
            assert warmed > 2 and not any(made_on_main_thread)  # the converter and hooks, in the worker
            app.post_message(StartGame(Setup(seed=3)))
            await settle(pilot)
            assert list(tmp_path.glob("game-*.json")), "the new game was not autosaved"
            assert made_on_main_thread == [False] * warmed
    finally:
        saves.converter.cache_clear()
