"""The title screen: what its first frame waits for (start-up), and its menu of keys."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.tui_helpers import settle
from tui.app import VirginQueenApp
from tui.screens.menus import LoadScreen, TitleScreen
from tui.screens.new_game import NewGameScreen
from tui.widgets.key_menu import KeyMenu

SIZE = (80, 24)

FIRST_FRAME = """
import sys
from tui.app import VirginQueenApp
HEAVY = ("attr", "core.gamedata", "core.session", "tui.screens.lobby", "tui.screens.new_game")
class FirstFrame(VirginQueenApp):
    def on_ready(self):  # Textual calls this before the app's own on_ready, which reads the data
        print(sorted(m for m in HEAVY if m in sys.modules))
    def _warmed_up(self, loaded):
        print(sorted(m for m in HEAVY if m in sys.modules), self.terminal.data.powers[0].id)
        self.exit()
FirstFrame(__import__("pathlib").Path(sys.argv[1])).run(headless=True, size=(80, 24))
"""


def test_the_title_is_drawn_before_the_game_data_and_its_classes_load(tmp_path):
    """Start-up (issue 23, item 9: at most 1.2x a trivial Textual app): the game data, its 27 attrs
    classes and the screens the title leads to are loaded once its first frame is drawn (~80 ms that
    the first frame waited for), and are there when the app has warmed up."""
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, str(tmp_path)], capture_output=True, text=True, check=True)
    at_first_frame, warmed_up = out.stdout.strip().splitlines()[-2:]
    assert at_first_frame == "[]"
    assert "'attr'" in warmed_up and "'core.gamedata'" in warmed_up and warmed_up.endswith(" ottoman")


def _menu(app: VirginQueenApp) -> KeyMenu:
    return app.screen.query_one("#title-menu", KeyMenu)


async def test_the_title_menu_moves_with_the_arrows_and_chooses_with_enter(tmp_path):
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        menu = _menu(app)
        assert app.focused is menu and menu.ids[:2] == ["new", "load"] and menu.ids[-1] == "quit"
        assert "rules" in menu.ids  # every key of the footer has its line (play-test: r had none)
        await pilot.press("down")
        assert menu.highlighted == 1
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("up", "up")  # from Load to New, where it stops (play-test: Up once too often quit)
        assert menu.highlighted == 0
        await pilot.press("end")
        assert menu.ids[menu.highlighted] == "quit"
        await pilot.press("down")
        assert menu.ids[menu.highlighted] == "quit"
        await pilot.press("home")
        assert menu.highlighted == 0


async def test_a_click_on_a_line_of_the_title_menu_chooses_it(tmp_path):
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert await pilot.click("#title-menu", offset=(3, 1))  # the first line, inside the border
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert await pilot.click("#title-menu", offset=(3, 0))  # the border: nothing
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)


async def test_continue_leads_the_menu_once_a_game_is_found_and_is_highlighted_for_enter(tmp_path):
    """As the Continue button had the focus before: Enter on a title that found a game is on Continue."""
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        title, menu = app.screen, _menu(app)
        assert isinstance(title, TitleScreen) and "continue" not in menu.ids
        # a game saved meanwhile: every look from now on finds it (CI under load: a look the app made itself came
        # after _show_continue called by hand, and took Continue away again)
        (tmp_path / "game-campaign-1.json").write_text("{}")
        title.offer_continue()
        await settle(pilot)
        assert menu.ids[0] == "continue" and menu.highlighted == 0


async def test_the_highlight_stays_where_the_player_moved_it_when_continue_comes(tmp_path):
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        title, menu = app.screen, _menu(app)
        await pilot.press("down")  # on Load
        # a game saved meanwhile (another terminal): every look from now on finds it (the test called
        # _show_continue by hand, and a look the app made after the warm-up took Continue away again)
        (tmp_path / "game-campaign-1.json").write_text("{}")
        title.offer_continue()
        await settle(pilot)
        assert menu.ids[0] == "continue" and menu.ids[menu.highlighted] == "load"


async def test_continue_is_on_the_title_from_its_first_frame_when_a_game_was_saved(tmp_path):
    """Play-test: Continue came 0.3-0.4 s after the title, and Enter at once opened the new-game form
    instead of the game a returning player meant to continue."""
    (tmp_path / "game-campaign-1.json").write_text("{}")  # a slot (the look lists it; Continue reads it)
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE):
        menu = _menu(app)  # no pause: as composed for the first frame
        assert menu.ids[0] == "continue" and menu.highlighted == 0 and app.screen.can_continue


async def test_the_title_names_the_game_continue_goes_on_with(tmp_path, data):
    """Play-test: "Continue (c)" did not say which game. The line under the subtitle names its scenario,
    start, people, turn and phase; a slot that cannot be read names nothing (Continue says why)."""
    from core import saves
    from core.setup import Seat, Setup
    from core.session import Session
    from tui.slots import slot_stem

    setup = Setup(seed=5, seats=(Seat("Ana", ("ottoman", "spain", "england")), Seat("Ben", ("france", "empire", "protestant"))),
                  started="2026-12-01T21:30:00")
    saves.write(Session.new(data, setup), tmp_path / f"{slot_stem(setup)}.json")
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        last_game, menu_at = app.screen.query_one("#last-game"), _menu(app).region.y
        for _ in range(50):  # named once the warm-up has loaded the engine (0.5 s after the game data)
            await pilot.pause(0.1)
            await settle(pilot)
            if last_game.display:
                break
        assert last_game.display and str(last_game.content) == (
            "Last played: Campaign, started 2026-12-01 21:30 - Ana, Ben\nturn 1, Diplomacy Phase - Negotiation Segment")
        assert _menu(app).region.y == menu_at, "the menu moved under a returning player's Enter as the game was named"
    (tmp_path / f"{slot_stem(setup)}.json").write_text("{")
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.can_continue and not app.screen.query_one("#last-game").display


@pytest.mark.parametrize(("damaged", "actions_only", "passed_over"), [
    (1, False, "Passed over game-campaign-20261202-000001.json, which cannot be loaded"),
    (3, False, "Passed over game-campaign-20261202-000003.json and 2 more: none can be loaded"),
    (1, True, "Passed over game-campaign-20261202-000001.json, which cannot be loaded"),
])
async def test_the_title_names_the_newest_game_that_loads_past_damaged_ones(tmp_path, data, damaged, actions_only, passed_over):
    """QA: a damaged newest game-*.json left the title with 'Continue (c)' and no 'Last played' line, though
    a healthy autosave was there: Continue goes on with that one, and the title names it, and what it passes over.
    Review: a slot read whole but its action log damaged was named, and Continue passed it over."""
    import json
    import os

    from core import saves
    from core.setup import Setup
    from core.session import Session
    from tui.slots import slot_stem

    setup = Setup(seed=5, started="2026-12-01T21:30:00")
    saves.write(Session.new(data, setup), tmp_path / f"{slot_stem(setup)}.json")
    for number in range(1, damaged + 1):  # newer than the game, the last the newest
        slot = tmp_path / f"game-campaign-20261202-{number:06}.json"
        if actions_only:
            raw = json.loads(saves.dumps(Session.new(data, Setup(seed=6, started="2026-12-02T21:30:00"))))
            slot.write_text(json.dumps(raw | {"actions": ["nonsense"]}))
        else:
            slot.write_text("{")
        os.utime(slot, (2_000_000_000 + number, 2_000_000_000 + number))
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        last_game = app.screen.query_one("#last-game")
        for _ in range(50):  # named once the warm-up has loaded the engine (0.5 s after the game data)
            await pilot.pause(0.1)
            await settle(pilot)
            if str(last_game.content).startswith("Last played"):
                break
        assert last_game.display and str(last_game.content) == (
            f"Last played: Campaign, started 2026-12-01 21:30 - Player 1\nturn 1, Diplomacy Phase - Negotiation Segment\n{passed_over}")


async def test_the_titles_first_look_at_the_last_game_reads_no_save_before_the_warm_up(tmp_path, monkeypatch):
    """Review: naming the last game imported the engine right after the first frame, sharing a returning
    player's first keys with it; the first look only finds the slot (Continue), the warm-up names it."""
    import tui.screens.menus as menus
    import tui.slots

    read: list = []
    monkeypatch.setattr(menus, "machinery_loaded", lambda: False)
    monkeypatch.setattr(tui.slots, "summarise", read.append)
    (tmp_path / "game-campaign-20261201-213000.json").write_text("{}")
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.can_continue and read == [], "a save was read (the engine imported) before the warm-up"


async def test_the_theme_list_scrolls_under_its_heading(tmp_path):
    """Play-test: the themes' list (longer than the screen) scrolled the screen, and its heading with it."""
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        assert lines[0].startswith("Theme: Enter to use it")


async def test_an_enter_too_many_on_continue_plays_nothing_on_the_board(tmp_path, data):
    """Seen in a real terminal: Enter on the title's Continue, and one more, played the first card of the
    impulse at once. A game put on screen after a menu's Enter has no choice highlighted until an arrow or a
    number picks one."""
    from textual.widgets import OptionList

    from core import saves
    from core.session import Session
    from core.setup import Seat, Setup
    from core.state import Phase
    from tests.conftest import advance_to_phase
    from tui.screens.game import PhaseScreen
    from tui.slots import slot_stem

    setup = Setup(seed=5, seats=(Seat("Ana", tuple(p.id for p in data.powers)),), started="2026-12-01T21:30:00")
    session = Session.new(data, setup)
    advance_to_phase(session, Phase.ACTION)  # played, so the save replays
    saves.write(session, tmp_path / f"{slot_stem(setup)}.json")
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Continue
        await settle(pilot)
        assert isinstance(app.screen, PhaseScreen)
        await pilot.press("enter")  # one Enter too many
        await settle(pilot)
        assert app.controller.session.actions == session.actions  # nothing played
        assert app.screen.query_one("#choices", OptionList).highlighted is None
        assert "an Enter too many plays nothing" in " ".join(str(w.content) for w in app.screen.query("#problem"))


async def test_continue_passes_over_a_slot_the_background_check_refused(tmp_path, data):
    """A slot edited so that it opens but its action log does not make its state was refused only once open (the
    replay check in the background), and Continue took it again each time: once refused, Continue and the title pass
    it over, Load lists it as not loadable, and the file is left as it was."""
    import json
    import os

    from core import saves
    from core.setup import Setup
    from core.session import Session
    from core.state import Phase
    from tests.conftest import advance_to_phase
    from tui.messages import ContinueGame
    from tui.slots import slot_stem, summarise

    healthy = Setup(seed=5, started="2026-12-01T21:30:00")
    saves.write(Session.new(data, healthy), tmp_path / f"{slot_stem(healthy)}.json")
    edited = tmp_path / "game-campaign-20261202-213000.json"
    played = Session.new(data, Setup(seed=6, started="2026-12-02T21:30:00"))
    advance_to_phase(played, Phase.ACTION)
    raw = json.loads(saves.dumps(played))
    raw["state"]["turn"] += 1
    edited.write_text(json.dumps(raw))
    os.utime(edited, (2_000_000_000, 2_000_000_000))
    text = edited.read_text()
    refusal = f"{edited.name}: its state does not match its action log (edited or corrupted)"
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        app.post_message(ContinueGame())
        await settle(pilot)
        assert app.controller.driver is None and [str(n.message) for n in app._notifications] == [refusal]
        assert str(app.screen.query_one("#last-game").content).endswith(f"Passed over {edited.name}, which cannot be loaded")
        app.post_message(ContinueGame())
        await settle(pilot)
        assert app.controller.driver is not None and app.controller.driver.slot == tmp_path / f"{slot_stem(healthy)}.json"
    assert summarise(edited).problem == refusal.removeprefix(f"{edited.name}: ") and edited.read_text() == text


@pytest.mark.parametrize("language, said", [("en", "Ctrl+Q quits; a game is kept"), ("es", "Ctrl+Q sale")])
async def test_ctrl_c_says_how_to_quit_in_the_players_language(tmp_path, language, said):
    """Hostile play-test: Ctrl+C showed Textual's own "Do you want to quit? Press ctrl+q to quit the app", in English
    whatever the language."""
    from core import i18n

    i18n.use(language)
    try:
        app = VirginQueenApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert any(said in str(n.message) for n in app._notifications)
    finally:
        i18n.use("en")
