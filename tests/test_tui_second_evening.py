"""A newcomer's second evening (issue 21): undo with computers at the table, one slot per game, Ctrl+S
everywhere, quick and whole screens at 80x24, typed input, refusals that say why, footers that show
the keys that work. Pilot tests at 80x24, one or more per item of the issue."""

from __future__ import annotations

from core.setup import Seat, SeatKind
from tests.conftest import new_session, to_impulse_of
from tests.tui_helpers import app_for, pick, screen_text, settle, show_session

SIZE = (80, 24)


def spain_and_computers(data, hand: list[int]):
    """Ana plays Spain in its impulse holding ``hand``; a random computer plays the other five, with
    empty hands, and everyone is asked in response windows (GEN-8 strict)."""
    others = tuple(p for p in data.power_ids if p != "spain")
    seats = (Seat("Ana", ("spain",)), Seat("random computer", others, SeatKind.COMPUTER, "random"))
    session = new_session(data, seats=seats, strict_response_windows=True)
    to_impulse_of(session, "spain", hand)
    return session


async def test_gen_9_u_after_a_cp_spend_answered_only_by_computers_undoes_it(tmp_path, data):
    """GEN-9: a computer player is no person: its quiet "no response" after a plain CP spend is no
    barrier; u takes the spend back with it, and the next u names the real barrier (the card shown)."""
    session = spain_and_computers(data, [2, 101])
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pick(app, pilot, "play 101 cp")
        spend = app.controller.session.decision
        await pick(app, pilot, "cp influence venice")
        session = app.controller.session
        answers = session.actions[session.actions.index(next(a for a in reversed(session.actions) if a.choice == "cp influence venice")) + 1 :]
        assert answers and all(a.choice.startswith("no-response") for a in answers)  # the computers' quiet answers
        await pilot.press("u")
        await settle(pilot)
        assert app.controller.session.decision == spend
        assert session.actions[-1].choice == "play 101 cp"
        assert "spend 1 CP" in screen_text(app)
        await pilot.press("u")
        await settle(pilot)
        shown = screen_text(app)
        assert "Not allowed: GEN-9: nothing to undo since everyone saw a card" in shown
        assert "Spain: plays #101" in shown


async def test_ctrl_s_saves_on_a_report_and_on_the_hand_off(tmp_path, data):
    """Ctrl+S did nothing, silently, on reports and the hand-off: it saves a copy there too."""
    from tests.test_tui import spain_before_france_two_people
    from tui.screens.overlays import HandoffScreen
    from tui.screens.reports import ReportScreen

    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        from core.setup import Setup
        from tests.tui_helpers import post
        from tui.messages import StartGame

        await post(pilot, StartGame(Setup(seed=4)))
        assert isinstance(app.screen, ReportScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert len(list(tmp_path.glob("save-turn1-*.json"))) == 1
        assert any("Saved to" in n.message for n in app._notifications)
    session = spain_before_france_two_people(data)
    app = app_for(tmp_path / "second", session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        assert isinstance(app.screen, HandoffScreen) and "Ctrl+S" in screen_text(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert len(list((tmp_path / "second").glob("save-*.json"))) == 1
        assert isinstance(app.screen, HandoffScreen)
