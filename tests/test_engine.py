"""The engine contract: decisions list legal choices; illegal choices change nothing."""

from __future__ import annotations

import pytest

from core import engine
from core.choices import Choice, IllegalChoice
from core.state import Phase
from tests.conftest import new_session


def test_gen_3_first_turn_runs_card_draw_then_negotiation(data):
    session = new_session(data)
    phases = [e.text for e in session.log if e.rule == "GEN-3"]
    assert phases == ["Turn 1: Card Draw Phase", "Turn 1: Diplomacy Phase - Negotiation Segment"]
    assert session.state.phase is Phase.NEGOTIATION


def test_every_decision_names_power_prompt_rule_and_choices(data):
    session = new_session(data)
    decision = session.decision
    assert decision.power == "spain" and decision.rule == "GEN-7" and decision.choices
    assert all(str(Choice.parse(str(c))) == str(c) for c in decision.choices)


def test_illegal_choice_raises_with_reason_and_changes_nothing(data):
    session = new_session(data)
    before = engine.decision(data, session.state)
    snapshot = repr(session.state)
    with pytest.raises(IllegalChoice, match="not a legal choice"):
        session.choose("spain", Choice.parse("pass"))
    with pytest.raises(IllegalChoice, match="Spain's decision, not France's"):
        session.choose("france", Choice.parse("done"))
    with pytest.raises(IllegalChoice, match="unknown action"):
        Choice.parse("fly to the moon")
    assert repr(session.state) == snapshot and engine.decision(data, session.state) == before


def test_same_seed_same_game(data):
    a = new_session(data, seed=9)
    b = new_session(data, seed=9)
    assert repr(a.state) == repr(b.state)
    c = new_session(data, seed=10)
    assert a.state.cards.deck != c.state.cards.deck


QUIET_FORMS = {"pass", "done", "no-response", "no-combat", "decline", "cp done", "pick cancel"}


def test_gen_6_gen_7_card_2_every_decision_marks_its_quiet_choice_once(data):
    """The choice that changes least is marked by the procedure that offers it (``Decision.quiet``):
    whenever pass, done, no response, no combat card, decline, stop spending or a table action's
    cancel is legal, it is the quiet choice; a cancel is the one Esc takes (``Decision.cancel``)."""
    from core.sim import play

    seen: set[str] = set()

    def check(session) -> bool:
        decision = session.decision
        if decision is not None:
            forms = [str(c) for c in decision.choices if str(c) in QUIET_FORMS]
            assert [str(decision.quiet)] == forms if forms else decision.quiet is None
            assert (decision.cancel is not None) is (forms == ["pick cancel"])
            seen.update(forms)
        return False  # never stop: every decision of both games is checked

    for seed in (3, 4):
        assert play(data, seed, check_invariants=False, until=check).decision is None
    assert seen == QUIET_FORMS
