"""The game machinery is imported by one thread at a time (tui/machinery.py): the warm-up's worker, a
game made in a worker and the main thread never import its modules at once (two threads importing one
import cycle get each other's half-imported modules; a registry built from one lacked a rule section's
procedures, and the new game could not be saved)."""

from __future__ import annotations

import subprocess
import sys
import threading

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
