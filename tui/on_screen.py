"""What the game screens show after one change, built once for the seat at this keyboard."""

from __future__ import annotations

from attrs import frozen

from core.engine import table_entry_allowed
from core.i18n import _
from core.setup import Seat
from core.views import ONLOOKER, SeatView
from tui.drivers import Absence, GameDriver, Hold, Lesson, one_person_here


@frozen
class OnScreen:
    view: SeatView
    names: dict[str, str]  # power id -> name
    lesson: Lesson | None
    hold: Hold  # why choices wait now
    away: Absence  # whether the person the game waits for is at it now (a shared game's seat nobody sits in)
    undo_key: bool  # undo exists in this game (GEN-9)
    taking_back: str  # at a hand-off, the person who may still take back the move that made it (GEN-9), else ""
    table_key: bool  # a table action can be started now (TABLE-1)
    shared: bool  # a store game (Ctrl+L leaves for the lobby)
    alone: bool  # at most one person plays at this keyboard: no hand-off here ever comes to name the reports
    seated: bool  # someone plays at this keyboard (an onlooker has no decision of its own)
    kept: bool  # autosaved in a slot, Continue goes on with it (not a free game from a walkthrough's position)
    after_others: bool  # moves nobody here asked for (the computers', another terminal's) came since a person here chose
    brought_back: bool  # the decision was brought back by an undo (GEN-9): an Enter too many would answer it again
    changes: int  # how many changes (moves, undos) the game has had here: more since the last look, and it changed

    def refusal_of_a_choice(self) -> str:
        """Why a choice is not taken: no decision is offered here now, or the one it was made at is gone (the game
        moved on before the choice reached it)."""
        if self.view.decision is None and not self.seated:  # SSH re-test: an onlooker's typed choice was "not your decision"
            return _("you watch as an onlooker: onlookers make no moves")
        if self.view.decision is None:
            return self.hold.line() or _("not your decision: {status}").format(status=self.view.status)
        return _("the decision changed before your choice reached it: read it, then choose")


def seat_here(driver: GameDriver, keyboard: str) -> Seat:
    """One person here sees their hands always; in a hot seat, only the person who took the keyboard
    (``keyboard``), and only while the decision is theirs (GEN-8); nobody else's, ever."""
    people = driver.people_here()
    if len(people) == 1:
        return people[0]
    deciding = driver.session.seat_to_decide()
    return deciding if deciding is not None and deciding in people and deciding.name == keyboard else ONLOOKER


def public_view(driver: GameDriver) -> SeatView:
    """What anyone at the table may see (no hand, no decision): what reports are made of, as a report made at one
    person's turn is shown to the others here too (GEN-8)."""
    return driver.session.view(ONLOOKER)


def built_for(driver: GameDriver, keyboard: str, computers_moving: bool, names: dict[str, str]) -> OnScreen:
    session = driver.session
    return OnScreen(
        session.view(seat_here(driver, keyboard)), names, driver.lesson(), driver.hold() or (Hold.COMPUTERS if computers_moving else Hold.NONE), driver.away(),
        driver.undoes, session.taking_back() if driver.undoes else "", table_entry_allowed(session.state), driver.shared,
        one_person_here(driver), bool(driver.people_here()), driver.saves_copies,
        driver.after_others(), driver.brought_back(), driver.changes,
    )
