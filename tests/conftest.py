"""Shared helpers: drive the engine to a point, force dice, move cards without breaking conservation."""

from __future__ import annotations

import os

import pytest

from core import engine, gamedata
from core.choices import TABLE_ACTOR, Choice, Decision
from core.context import Ctx
from core.gamedata import GameData
from core.session import Session
from core.setup import Setup
from core.state import GameState, Phase


@pytest.fixture(autouse=True)
def _stable_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture(scope="session")
def data() -> GameData:
    return gamedata.load()


def new_session(data: GameData, seed: int = 1, scenario: str = "campaign", **setup: object) -> Session:
    return Session.new(data, Setup(scenario=scenario, seed=seed, **setup))  # type: ignore[arg-type]


def quiet_choice(decision: Decision) -> Choice:
    """The choice that changes least (core marks it: ``Decision.quiet``), else the first."""
    return decision.quiet_or_first()


def advance_until(session: Session, predicate, limit: int = 5000) -> Decision | None:
    """Take quiet choices until ``predicate(session)`` holds; return the pending decision."""
    for _ in range(limit):
        if predicate(session):
            return session.decision
        pending = session.decision
        if pending is None:
            raise AssertionError("the game ended before the point was reached")
        session.choose(pending.power, quiet_choice(pending))
    raise AssertionError("the point was not reached")


def advance_to_phase(session: Session, phase: Phase, turn: int | None = None) -> Decision | None:
    return advance_until(session, lambda s: s.state.phase is phase and (turn is None or s.state.turn == turn))


def choose(session: Session, text: str) -> list:
    pending = session.decision
    assert pending is not None
    return session.choose(pending.power, Choice.parse(text))


def give(state: GameState, power: str, number: int) -> None:
    """Move a card into a power's hand from wherever it is (keeps every card in one place)."""
    piles = state.cards
    for pile in (piles.deck, piles.discard, piles.removed, piles.in_force, piles.home_used, piles.not_entered):
        if number in pile:
            pile.remove(number)
    for other in state.powers.values():
        if number in other.hand:
            other.hand.remove(number)
    state.powers[power].hand.append(number)


def empty_hand(state: GameState, power: str) -> None:
    for number in list(state.powers[power].hand):
        state.powers[power].hand.remove(number)
        state.cards.discard.append(number)


def resettle(session: Session) -> None:
    """After a test edits the state by hand, run the engine's automatic steps again."""
    session.log.extend(engine.start(session.data, session.state))
    session.refresh()


def to_impulse_of(session: Session, power: str, hand: list[int]) -> None:
    """Reach the Action Phase with only ``power`` holding cards (``hand``); its impulse is next."""
    advance_to_phase(session, Phase.ACTION)
    for other in session.state.powers:
        empty_hand(session.state, other)
    for number in hand:
        give(session.state, power, number)
    resettle(session)
    assert session.decision is not None and session.decision.power == power


def playing_event(data: GameData, power: str, number: int) -> Session:
    """A new game in ``power``'s impulse holding ``number`` (and an operations card), played as its event."""
    session = new_session(data)
    to_impulse_of(session, power, [number, 101])
    choose(session, f"play {number} event")
    return session


def table_action(session: Session, *steps: str) -> None:
    """Record a table action by the table (TABLE-1), one listed parameter per step."""
    session.choose(TABLE_ACTOR, Choice.parse("table"))
    for step in steps:
        choose(session, f"pick {step}")


def refusals(session: Session) -> dict[str, str]:
    """The refused options of the pending decision, by their first word, with why (rule ID)."""
    assert session.decision is not None
    return {o.choice.args[0]: o.refusal for o in session.decision.refused}


def force(state: GameState, *faces: int) -> None:
    state.rng.forced_dice.extend(faces)


def ctx(data: GameData, state: GameState) -> Ctx:
    return Ctx(data, state)


def choice_strings(decision: Decision | None) -> list[str]:
    assert decision is not None
    return [str(c) for c in decision.choices]


os.environ.pop("TEXTUAL_THEME", None)
