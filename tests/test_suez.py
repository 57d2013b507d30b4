"""The Suez Canal (SUEZ-1..SUEZ-3) through the Grand Vizier's event, with forced dice."""

from __future__ import annotations

import pytest

from core import suez
from core.choices import Choice, IllegalChoice
from core.state import MarkerKind
from tests.conftest import playing_event, choice_strings, choose, ctx, force, resettle

GRAND_VIZIER = 1


def _at_grand_vizier(data):
    return playing_event(data, "ottoman", GRAND_VIZIER)


def test_suez_1_grand_vizier_offers_the_dig_or_no_effect(data):
    session = _at_grand_vizier(data)
    assert session.decision.rule == "SUEZ-1"
    assert choice_strings(session.decision) == ["pick dig-suez", "pick no-effect"]


def test_suez_1_six_or_more_builds(data):
    session = _at_grand_vizier(data)
    force(session.state, 6)
    events = choose(session, "pick dig-suez")
    assert session.state.suez_built
    assert any(e.rule == "SUEZ-1" and e.roll is not None and e.roll.total == 6 for e in events)


def test_suez_1_five_fails_without_boxes(data):
    session = _at_grand_vizier(data)
    force(session.state, 5)
    choose(session, "pick dig-suez")
    assert not session.state.suez_built and session.state.suez_attempts == 1


def test_suez_2_each_failure_adds_one(data):
    session = _at_grand_vizier(data)
    state = session.state
    state.suez_attempts = 2
    force(state, 3)  # 3 + 2 boxes = 5: fails, marker to box 3
    choose(session, "pick dig-suez")
    assert state.suez_attempts == 3 and not state.suez_built
    state.powers["ottoman"].hand.remove(101)
    state.cards.home_used.remove(GRAND_VIZIER)
    state.powers["ottoman"].hand.append(GRAND_VIZIER)
    resettle(session)
    choose(session, f"play {GRAND_VIZIER} event")
    force(state, 3)  # 3 + 3 boxes = 6: builds
    choose(session, "pick dig-suez")
    assert state.suez_built


def test_suez_2_marker_stops_at_the_last_box(data):
    session = _at_grand_vizier(data)
    state = session.state
    state.suez_attempts = data.settings.suez.boxes
    force(state, 1)
    choose(session, "pick dig-suez")
    assert state.suez_attempts == data.settings.suez.boxes


def test_suez_2_excavation_adds_two(data):
    session = _at_grand_vizier(data)
    state = session.state
    state.markers.bonus_holders["excavation"] = "ottoman"
    force(state, 4)
    events = choose(session, "pick dig-suez")
    assert state.suez_built
    roll = next(e.roll for e in events if e.roll is not None)
    assert [(str(m.source), m.value) for m in roll.modifiers] == [("Excavation", 2)]


def test_suez_2_excavation_held_by_another_power_does_not_count(data):
    session = _at_grand_vizier(data)
    state = session.state
    state.markers.bonus_holders["excavation"] = "spain"
    assert suez.dig_modifiers(ctx(data, state), "ottoman")[0].value == 0
    force(state, 4)
    choose(session, "pick dig-suez")
    assert not state.suez_built


def test_suez_3_built_gives_two_vp_and_a_permanent_card_marker(data):
    session = _at_grand_vizier(data)
    state = session.state
    force(state, 6)
    choose(session, "pick dig-suez")
    entries = [e for e in state.powers["ottoman"].vp_entries if e.rule == "SUEZ-3"]
    assert [e.amount for e in entries] == [2]
    assert [m.kind for m in state.powers["ottoman"].card_markers] == [MarkerKind.SUEZ]


def test_suez_3_no_second_dig_once_built(data):
    session = _at_grand_vizier(data)
    session.state.suez_built = True
    session.refresh()
    with pytest.raises(IllegalChoice, match="SUEZ-3"):
        session.choose("ottoman", Choice.parse("pick dig-suez"))
    choose(session, "pick no-effect")
    assert session.state.suez_attempts == 0


def test_suez_3_the_built_canals_lines_cite_rule_ids_not_the_rulebook(data):
    """Newcomer play-test: the SUEZ-3 log line ended "(rulebook 17.4)", where every other line cites rule IDs."""
    from core.events import render
    from core.views import SUEZ_BENEFIT

    session = _at_grand_vizier(data)
    force(session.state, 6)
    events = choose(session, "pick dig-suez")
    lines = [render(e, {}) for e in events if e.rule == "SUEZ-3"]
    assert any("Indian Ocean at full strength" in line for line in lines)
    assert not any("rulebook" in line for line in [*lines, SUEZ_BENEFIT])
