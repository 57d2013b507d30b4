"""GEN-2 / GEN-8: a hand-off while the terminal is too small comes once it is large enough again."""
from __future__ import annotations

import pyte

from core.setup import Seat, SeatKind, Setup
from tests.conftest import quiet_choice
from tests.tui_helpers import post, settle
from tui.app import VirginQueenApp
from tui.messages import Choose, StartGame
from tui.screens.game import PhaseScreen
from tui.screens.overlays import HandoffScreen
from tui.screens.reports import ReportScreen
from tui.screens.too_small import TooSmallScreen
from tui.textual_private import record_frames

SIZE = (80, 24)
SEATS = (Seat("Ana", ("spain",)), Seat("Ben", ("england",)),
         Seat("random computer", ("ottoman", "france", "empire", "protestant"), SeatKind.COMPUTER, "random"))


async def _a_choice_made_while_too_small(app, pilot) -> bool:
    """Enter on a report or a hand-off; else, at a decision, the terminal shrunk just before its quiet choice is made
    (True: the terminal is left too small)."""
    if isinstance(app.screen, (HandoffScreen, ReportScreen)):
        await pilot.press("enter"); await settle(pilot)
        return False
    decision = app.controller.on_screen().view.decision
    if decision is None:
        await settle(pilot)
        return False
    await pilot.resize_terminal(60, 20); await settle(pilot)
    assert isinstance(app.screen, TooSmallScreen)
    app.post_message(Choose(quiet_choice(decision))); await settle(pilot)
    return True


async def test_a_hand_off_while_the_terminal_is_too_small_shows_once_it_is_large_again(tmp_path, data):
    """Frame by frame too (review): growing back, the board under the notice, with the last person's decision and
    hand, was drawn for one frame before the hand-off took it down."""
    app = VirginQueenApp(tmp_path, player="Ana")
    frames: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        record_frames(app, frames.append)
        await post(pilot, StartGame(Setup(seed=3, seats=SEATS)))
        for _ in range(60):
            if await _a_choice_made_while_too_small(app, pilot):
                if app.controller.handoff_due() is not None:
                    break
                await pilot.resize_terminal(*SIZE); await settle(pilot)
        assert app.controller.handoff_due() is not None
        session = app.controller.session
        left = {f"#{n} {session.data.cards[n].title}" for n in session.state.powers["spain" if app.controller.handoff_due()[0] == "Ben" else "england"].hand}
        before = len(frames)
        await pilot.resize_terminal(*SIZE); await settle(pilot)
        terminal = pyte.Screen(*SIZE)
        stream = pyte.Stream(terminal)
        for frame in frames[:before]:
            stream.feed(frame)
        for number, frame in enumerate(frames[before:]):
            stream.feed(frame)
            shown = "\n".join(terminal.display)
            assert not any(card in shown for card in left), f"frame {number} after growing back shows the last person's hand"
            assert "Pass to" in shown, f"frame {number} after growing back is not the hand-off:\n{shown}"
        while not isinstance(app.screen, (PhaseScreen, TooSmallScreen)):
            await pilot.press("enter"); await settle(pilot)
        assert isinstance(app.screen, PhaseScreen), "80x24, yet the board stays hidden under a stale 'enlarge' notice"
        assert [type(s) for s in app.screen_stack].count(TooSmallScreen) == 0


async def test_grown_back_with_a_report_due_the_notice_is_gone_and_the_report_shows(tmp_path):
    """Review: grown back, the game was shown while the notice was still on top; a report due then came above the
    notice, which was never taken off: after the report, the notice stood over the board for good."""
    from tests.tui_helpers import ANA_AND_COMPUTERS

    app = VirginQueenApp(tmp_path, player="Ana")
    async with app.run_test(size=SIZE) as pilot:
        await post(pilot, StartGame(Setup(seed=3, seats=ANA_AND_COMPUTERS)))
        reports_after_growing = 0
        for _ in range(120):  # the review's case came at the 88th choice: a "While you waited" report
            if app.controller.driver is None:
                break
            if not await _a_choice_made_while_too_small(app, pilot):
                continue
            await pilot.resize_terminal(*SIZE); await settle(pilot)
            assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack), [type(s).__name__ for s in app.screen_stack]
            reports_after_growing += isinstance(app.screen, ReportScreen)
        assert reports_after_growing >= 2
