"""The Morisco revolt (MOR-1..MOR-4) and the connection data it counts along."""

from __future__ import annotations

import pytest

from core import geography, gamedata, morisco
from core.events import render
from core.state import Phase
from tests.conftest import playing_event, refusals, table_action, advance_until, choice_strings, choose, ctx, new_session, to_impulse_of

REVOLT = 13


def _revolted(data):
    return playing_event(data, "ottoman", REVOLT)


def test_mor_1_the_event_sets_unrest_and_places_the_morisco_in_granada(data):
    session = _revolted(data)
    state = session.state
    assert state.spaces["granada"].unrest and state.spaces["seville"].unrest
    assert state.morisco_space == "granada"
    assert [e.rule for e in session.log if e.rule.startswith("MOR")] == ["MOR-1", "MOR-2"]


def test_mor_2_the_morisco_is_never_placed_by_a_table_action(data):
    """Before the revolt the kind itself is refused, in its first step's words (rules edition 9; Spanish play-test:
    each step was refused, leaving Cancel alone); a game begun before lists it and refuses each step."""
    from core.state import EIGHTH_EDITION

    session = new_session(data)
    table_action(session)
    assert refusals(session)["morisco"].startswith("MOR-1: the Morisco unit is not in play")
    older = new_session(data, rules_edition=EIGHTH_EDITION)
    table_action(older, "morisco")
    refused = refusals(older)
    assert refused["place"].startswith("MOR-2")
    assert refused["move"].startswith("MOR-1")  # not in play yet


def test_mor_1_a_field_battle_against_the_morisco_is_recorded_as_against_the_ottoman_table_1(data):
    """Long-game play-test: with the Morisco in Granada and a Spanish regular added there, the field battle Spain
    against the Ottoman was refused ("Ottoman has no units in Granada"): the Morisco is an Ottoman unit."""
    session = _revolted(data)
    assert ["ottoman", "spain"] in session.state.wars
    table_action(session, "units", "granada", "spain", "add-regular")
    table_action(session, "battle", "granada", "spain")
    assert "pick ottoman" in choice_strings(session.decision)
    choose(session, "pick ottoman")
    assert any("field battle at Granada: Spain against Ottoman" in render(e) for e in session.log[-4:])


@pytest.mark.parametrize(("space", "allowed"), [("seville", True), ("madrid", True), ("valladolid", True), ("barcelona", True), ("paris", False)])
def test_mor_3_never_more_than_two_spaces_from_granada(data, space, allowed):
    session = _revolted(data)
    table_action(session, "morisco", "move")
    refusal = refusals(session).get(space, "")
    assert (refusal == "") is allowed
    if not allowed:
        assert refusal.startswith("MOR-3")


def test_mor_3_distance_edges_from_the_connection_data(data):
    assert geography.distance(data, "granada", "granada") == 0
    assert geography.distance(data, "granada", "seville") == 1
    assert geography.distance(data, "granada", "barcelona") == 2
    assert geography.distance(data, "granada", "paris") > 2  # far beyond the MOR-3 limit
    assert sorted(geography.neighbours(data, "granada")) == ["madrid", "seville"]


def test_mor_3_a_three_space_move_is_refused(data, tmp_path):
    (tmp_path / gamedata.OVERRIDE_FILE_NAME).write_text('[morisco]\nmax_distance = 1\n')
    tight = gamedata.load(tmp_path)
    session = new_session(tight)
    to_impulse_of(session, "ottoman", [REVOLT, 101])
    choose(session, f"play {REVOLT} event")
    table_action(session, "morisco", "move")
    assert "pick seville" in choice_strings(session.decision)
    assert refusals(session)["barcelona"].startswith("MOR-3")


def test_mor_3_never_moves_in_winter(data):
    session = _revolted(data)
    c = ctx(data, session.state)
    session.state.phase = Phase.WINTER
    assert str(morisco._constraint(c, "morisco", [], "move")).startswith("MOR-3")
    session.state.phase = Phase.ACTION
    assert morisco._constraint(c, "morisco", [], "move") == ""


def test_mor_4_destroyed_at_winter_when_besieging_an_enemy_fortress(data):
    session = _revolted(data)
    table_action(session, "morisco", "besiege")
    assert refusals(session)["granada"].startswith("MOR-4")  # not fortified
    events = choose(session, "pick seville")
    assert session.state.morisco_besieging == session.state.morisco_space == "seville"
    # walkthrough play-test: a siege of Seville logged with no march from where the unit stood (MOR-3)
    assert [e.rule for e in events if "Morisco" in str(e.message)][:2] == ["MOR-3", "TABLE-1"]
    assert any("the Morisco moves to Seville" in str(e.message) for e in events)
    advance_until(session, lambda s: s.state.phase is Phase.VICTORY or s.state.turn > 1)
    assert session.state.morisco_space == ""
    assert any(e.rule == "MOR-4" for e in session.log)


def test_mor_4_survives_winter_without_a_siege(data):
    session = _revolted(data)
    table_action(session, "morisco", "move", "madrid")
    advance_until(session, lambda s: s.state.phase is Phase.VICTORY or s.state.turn > 1)
    assert session.state.morisco_space == "madrid"


def test_mor_4_survives_when_the_besieged_space_is_no_longer_an_enemy(data):
    session = _revolted(data)
    table_action(session, "morisco", "besiege", "seville")
    session.state.wars.remove(["ottoman", "spain"])
    advance_until(session, lambda s: s.state.phase is Phase.VICTORY or s.state.turn > 1)
    assert session.state.morisco_space == "seville" and session.state.morisco_besieging == ""


def test_mor_invariant_names_a_morisco_too_far_from_granada(data):
    session = _revolted(data)
    assert morisco.placement_problems(data, session.state) == []
    session.state.morisco_space = "paris"
    assert morisco.placement_problems(data, session.state)


def test_map_connections_must_name_real_spaces(tmp_path):
    import shutil

    for path in gamedata.DATA_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    with (tmp_path / "map.toml").open("a") as handle:
        handle.write('\n[[connection]]\na = "granada"\nb = "atlantis"\nprovisional = true\n')
    with pytest.raises(gamedata.DataError, match="map.toml: connection granada-atlantis: unknown space 'atlantis'"):
        gamedata.load(data_dir=tmp_path)


def test_mor_3_three_spaces_away_is_refused_and_two_is_not(data):
    """MOR-3 at its edge: a space 2 connections from Granada is offered, one 3 away is refused."""
    two = next(s for s in data.spaces if geography.distance(data, "granada", s) == 2)
    three = next(s for s in data.spaces if geography.distance(data, "granada", s) == 3)
    session = new_session(data)
    to_impulse_of(session, "ottoman", [REVOLT, 101])
    choose(session, f"play {REVOLT} event")
    table_action(session, "morisco", "move")
    assert f"pick {two}" in choice_strings(session.decision)
    assert refusals(session)[three].startswith("MOR-3")


def test_mor_2_a_second_morisco_is_refused_as_the_one_unit_is_in_play(data):
    """Newcomer play-test (MOR walkthrough step 4): placing a Morisco right after the revolt was refused with
    "enters play only through the Morisco Revolt event", the event just played; the reason is that the one
    Morisco unit is in play already, and none is added by a table action (MOR-2)."""
    session = _revolted(data)
    table_action(session, "morisco")
    refusal = refusals(session)["place"]
    assert refusal.startswith("MOR-2") and "in Granada already" in refusal
    assert "only through the Morisco Revolt event" not in refusal


def test_table_1_lifting_a_siege_the_morisco_does_not_hold_is_refused_as_not_matching_the_board(data):
    """Spanish play-test: the greyed "lifts its siege" cited MOR-4, Winter's rule; a table action must match the board,
    and there is no siege to lift (TABLE-1)."""
    session = _revolted(data)
    table_action(session, "morisco")
    assert refusals(session)["lift-siege"] == "TABLE-1: the Morisco is not besieging a space: there is no siege to lift"
