"""GEN-2 / GEN-8: a hand-off while the terminal is too small comes once it is large enough again."""
from __future__ import annotations

from core.setup import Seat, SeatKind, Setup
from tests.conftest import quiet_choice
from tests.tui_helpers import post, settle
from tui.app import VirginQueenApp
from tui.messages import Choose, StartGame
from tui.screens.game import PhaseScreen
from tui.screens.overlays import HandoffScreen
from tui.screens.reports import ReportScreen
from tui.screens.too_small import TooSmallScreen

SIZE = (80, 24)
SEATS = (Seat("Ana", ("spain",)), Seat("Ben", ("england",)),
         Seat("random computer", ("ottoman", "france", "empire", "protestant"), SeatKind.COMPUTER, "random"))


async def test_a_hand_off_while_the_terminal_is_too_small_shows_once_it_is_large_again(tmp_path, data):
    app = VirginQueenApp(tmp_path, player="Ana")
    async with app.run_test(size=SIZE) as pilot:
        await post(pilot, StartGame(Setup(seed=3, seats=SEATS)))
        for _ in range(60):
            if isinstance(app.screen, (HandoffScreen, ReportScreen)):
                await pilot.press("enter"); await settle(pilot)
                continue
            decision = app.controller.on_screen().view.decision
            if decision is None:
                await settle(pilot); continue
            # shrink the terminal just before a choice that hands the keyboard over
            await pilot.resize_terminal(60, 20); await settle(pilot)
            assert isinstance(app.screen, TooSmallScreen)
            app.post_message(Choose(quiet_choice(decision))); await settle(pilot)
            if app.controller.handoff_due() is not None:
                break
            await pilot.resize_terminal(*SIZE); await settle(pilot)
        assert app.controller.handoff_due() is not None
        await pilot.resize_terminal(*SIZE); await settle(pilot)
        while not isinstance(app.screen, (PhaseScreen, TooSmallScreen)):
            await pilot.press("enter"); await settle(pilot)
        assert isinstance(app.screen, PhaseScreen), "80x24, yet the board stays hidden under a stale 'enlarge' notice"
        assert [type(s) for s in app.screen_stack].count(TooSmallScreen) == 0
