"""Esc on the board or at a hand-off: the game menu (back, save a copy, leave the game, quit). Play-test:
in a game only Ctrl+Q left, and Esc on the board did nothing."""

from __future__ import annotations

import attrs
import pytest
from textual.widgets import Input

from core.setup import Seat, SeatKind, Setup
from tests.conftest import new_session, quiet_choice
from tests.tui_helpers import footer_entries, app_for, post, screen_text, settle, show_session
from tui.app import VirginQueenApp
from tui.messages import Choose, Destination, StartGame
from tui.screens.game import PhaseScreen
from tui.screens.menus import TitleScreen
from tui.screens.overlays import GameMenu, HandoffScreen, leaving_goes_to
from tui.screens.reports import ReportScreen
from tui.widgets.key_menu import KeyMenu

SIZE = (80, 24)


async def test_esc_on_the_board_opens_the_game_menu_and_esc_closes_it(tmp_path, data):
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        board = app.screen
        await pilot.press("escape"); await settle(pilot)
        assert isinstance(app.screen, GameMenu)
        assert app.screen.query_one(KeyMenu).ids == ["close", "save", "leave", "quit"]
        menu = app.screen.query_one(KeyMenu)
        assert menu.content_region.height == 4 and menu.content_region.width > max(len(line) for _entry, line in menu.entries), "the menu is not drawn whole"
        shown = screen_text(app)
        assert menu.border_title == "Game menu" and "Back to the game (Esc)" in shown and "Continue goes on with it (t)" in shown
        footer = {entry.key: entry.description for entry in footer_entries(app.screen) if entry.key}
        assert footer.get("ctrl+q") == "Quit", footer  # re-test: named by the menu's line, left out of its footer
        await pilot.press("escape"); await settle(pilot)
        assert app.screen is board
        await pilot.press("escape", "q"); await settle(pilot)  # q closes an overlay: here too, never quits by habit
        assert app.screen is board and app.is_running


async def test_the_menu_stays_open_when_the_phase_changes_under_it(tmp_path, data):
    """Review: the computers' moves took the board to the next phase and swept the open menu away, so the
    t meant for "leave" started a table action (TABLE-1) on the new board."""
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        first = type(app.screen)
        await pilot.press("escape"); await settle(pilot)
        for _ in range(60):
            board = next(s for s in reversed(app.screen_stack) if isinstance(s, PhaseScreen))
            if type(board) is not first:
                break
            await post(pilot, Choose(quiet_choice(app.controller.on_screen().view.decision)))
        assert type(board) is not first, "the phase never changed"
        assert isinstance(app.screen, GameMenu)
        await pilot.press("t"); await settle(pilot)
        assert isinstance(app.screen, TitleScreen) and not app.playing


async def test_the_decision_panels_own_esc_comes_first(tmp_path, data):
    """Esc closes a typed choice before it opens the menu."""
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        board = app.screen
        await pilot.press("colon"); await settle(pilot)
        assert board.query_one("#typed", Input).display
        await pilot.press("escape"); await settle(pilot)
        assert app.screen is board and not board.query_one("#typed", Input).display
        await pilot.press("escape"); await settle(pilot)
        assert isinstance(app.screen, GameMenu)


async def test_leaving_for_the_title_keeps_the_game_and_continue_goes_on_with_it(tmp_path, data):
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        for _ in range(3):
            decision = app.controller.on_screen().view.decision
            await post(pilot, Choose(quiet_choice(decision)))
        decisions = len(app.controller.session.actions)
        await pilot.press("escape", "t"); await settle(pilot)
        assert isinstance(app.screen, TitleScreen) and not app.playing
        await pilot.press("c"); await settle(pilot)
        assert isinstance(app.screen, (PhaseScreen, ReportScreen))
        assert len(app.controller.session.actions) == decisions


async def test_save_a_copy_from_the_menu_writes_one_and_goes_back_to_the_board(tmp_path, data):
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        board = app.screen
        await pilot.press("escape", "s"); await settle(pilot)
        assert app.screen is board
        assert len(list(tmp_path.glob("save-turn*.json"))) == 1


async def test_esc_at_a_hand_off_opens_the_menu_over_it_and_leaving_goes_to_the_title(tmp_path, data):
    """GEN-8: the menu is over the hand-off, where no hand is on screen."""
    seats = (Seat("Ana", ("spain",)), Seat("Ben", ("england",)),
             Seat("random computer", ("ottoman", "france", "empire", "protestant"), SeatKind.COMPUTER, "random"))
    app = VirginQueenApp(tmp_path, player="Ana")
    async with app.run_test(size=SIZE) as pilot:
        await post(pilot, StartGame(Setup(seed=3, seats=seats)))
        for _ in range(200):
            if isinstance(app.screen, HandoffScreen):
                break
            if isinstance(app.screen, ReportScreen):
                await pilot.press("enter"); await settle(pilot)
                continue
            decision = app.controller.on_screen().view.decision
            if decision is not None:
                await post(pilot, Choose(quiet_choice(decision)))
            else:
                await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("escape"); await settle(pilot)
        assert isinstance(app.screen, GameMenu)
        assert not any(isinstance(s, PhaseScreen) for s in app.screen_stack)
        await pilot.press("t"); await settle(pilot)
        assert isinstance(app.screen, TitleScreen) and not app.playing


async def test_leaving_goes_to_the_lobby_from_a_shared_game_and_to_the_menu_from_a_walkthrough(tmp_path, data):
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        shown = app.controller.on_screen()
    assert leaving_goes_to(shown) is Destination.TITLE
    assert leaving_goes_to(attrs.evolve(shown, shared=True)) is Destination.LOBBY
    assert leaving_goes_to(attrs.evolve(shown, lesson=object())) is Destination.WALKTHROUGHS


async def test_a_free_game_from_a_walkthroughs_position_says_it_is_not_saved(tmp_path, data):
    """Played on from a walkthrough's end (never saved: it cannot replay from a seed), the menu does not
    promise that Continue goes on with it, and offers no copy."""
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        menu = GameMenu(attrs.evolve(app.controller.on_screen(), kept=False))
        await app.push_screen(menu); await settle(pilot)
        lines = dict(menu.query_one(KeyMenu).entries)
        assert lines == {"close": "Back to the game (Esc)", "leave": "Walkthrough menu: this game is not saved (t)", "quit": "Quit (Ctrl+Q)"}
        assert menu.leaving_to is Destination.WALKTHROUGHS  # newcomer play-test: it went to the title


async def test_in_a_walkthrough_the_menu_says_its_step_is_kept(tmp_path):
    """Newcomer play-test: Esc in a walkthrough said "Walkthrough menu: this game is not saved (t)", while the
    walkthrough's progress is kept; what is not saved is its position, as a game."""
    from tests.tui_helpers import start_walkthrough

    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "gen-turn", 2)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameMenu)
        lines = dict(app.screen.query_one(KeyMenu).entries)
        assert lines["leave"] == "Walkthrough menu: this step is kept to resume; no game is saved (t)"
        await pilot.press("t")
        await settle(pilot)
        from tui.progress import Progress

        assert Progress.load(tmp_path).step["gen-turn"] == 2  # as the line says


async def test_in_a_shared_game_the_menu_leaves_for_the_lobby_and_offers_no_copy(tmp_path, data):
    """A shared game is kept in the store: its menu leaves for the lobby (the seat to sit in again any time; still held on another terminal of the player's)."""
    from core.store import SqliteStore
    from tests.test_shared_terminals import SEATS, _take_seat
    from tui.screens.lobby import LobbyScreen

    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=4, seats=SEATS))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _take_seat(app, pilot, 0)
        while isinstance(app.screen, ReportScreen):
            await pilot.press("enter"); await settle(pilot)
        assert isinstance(app.screen, PhaseScreen)
        await pilot.press("escape"); await settle(pilot)
        assert isinstance(app.screen, GameMenu)
        assert dict(app.screen.query_one(KeyMenu).entries) == {
            "close": "Back to the game (Esc)", "leave": "Lobby: the game is kept; sit down again any time (t)", "quit": "Quit: the game is kept (Ctrl+Q)"}
        await pilot.press("t"); await settle(pilot)
        assert isinstance(app.screen, LobbyScreen) and app.controller.driver is None


@pytest.mark.parametrize("keys", [("end", "enter"), ("ctrl+q",)], ids=["Enter on its line", "its footer's Ctrl+Q"])
async def test_quit_chosen_in_the_menu_quits(tmp_path, data, keys):
    """Review: Quit taken with Enter in the menu did nothing (its action, made a coroutine, was never awaited)."""
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("escape"); await settle(pilot)
        assert isinstance(app.screen, GameMenu)
        await pilot.press(*keys)
        await pilot.pause(0.5)
        assert not app.is_running
