"""Independent key spaces and fortresses (IND-1..IND-3), City State Rebels, and the units rules
that read them (UNIT-1, UNIT-2)."""

from __future__ import annotations

import pytest

from core import i18n, independence, units
from core.events import render
from core.choices import Choice, IllegalChoice
from core.state import Units
from tests.conftest import refusals, table_action, choice_strings, choose, ctx, new_session, to_impulse_of

REBELS = 17


def test_ind_1_campaign_and_tournament_independents(data):
    assert {s for s, sp in new_session(data).state.spaces.items() if sp.control == "independent"} == {"tunis", "florence", "bayonne"}
    tournament = new_session(data, scenario="tournament").state
    assert {s for s, sp in tournament.spaces.items() if sp.control == "independent"} == {"florence", "bayonne"}
    assert any(e.rule == "IND-1" for e in new_session(data).log)


def test_ind_1_only_independent_type_spaces_may_be_made_independent(data):
    session = new_session(data)
    table_action(session, "control", "paris")
    assert refusals(session)["independent"].startswith("IND-1")


def test_ind_2_independent_regulars_are_never_rebuilt(data):
    session = new_session(data)
    table_action(session, "units", "florence", "independent")
    refused = refusals(session)
    assert refused["add-regular"].startswith("IND-2") and refused["add-mercenary"].startswith("IND-2")
    # newcomer play-test: "Add a mercenary - IND-2: independent regulars are never rebuilt" did not speak of what it refused
    assert all("no independent unit is ever added" in refused[add] for add in ("add-regular", "add-mercenary"))
    assert "pick remove-regular" in choice_strings(session.decision)  # a loss is recorded as usual


def test_ind_2_independent_regulars_never_move(data):
    session = new_session(data)
    table_action(session, "move", "florence")
    assert refusals(session)["independent"].startswith("IND-2")


def test_ind_2_units_of_any_power_may_enter(data):
    session = new_session(data)
    table_action(session, "move", "madrid", "spain", "regular", "florence")
    assert session.state.spaces["florence"].units["spain"] == Units(1, 0)


def test_ind_3_a_captured_space_never_turns_independent_again(data):
    session = new_session(data)
    session.state.spaces["florence"].units.pop("independent")  # their loss recorded first (TABLE-1 checks it)
    table_action(session, "control", "florence", "spain")
    assert session.state.spaces["florence"].control == "spain"
    table_action(session, "control", "florence")
    assert refusals(session)["independent"].startswith("IND-3")
    with pytest.raises(IllegalChoice, match="IND-3"):
        choose(session, "pick independent")


def test_ind_3_city_state_rebels_frees_a_captured_space_with_its_regulars(data):
    session = new_session(data)
    to_impulse_of(session, "england", [REBELS, 101])
    state = session.state
    keys_before = sum(1 for s in state.spaces.values() if s.control == "france" and data.spaces[s.id].key)
    choose(session, f"play {REBELS} event")
    assert session.decision.rule == "IND-3"
    assert choice_strings(session.decision) == ["pick metz"]
    assert refusals(session)["florence"].startswith("IND-3")
    events = choose(session, "pick metz")
    assert state.spaces["metz"].control == "independent"
    assert state.spaces["metz"].units == {"independent": Units(2, 0)}
    # logged as France's, without naming France twice (walkthrough play-test: "France: France units ...")
    assert "[IND-3] France: its units in Metz leave the map" in [render(e) for e in events]
    assert sum(1 for s in state.spaces.values() if s.control == "france" and data.spaces[s.id].key) == keys_before - 1


def test_ind_3_a_space_already_independent_is_named_so_in_the_players_language(data):
    """Shared-game play-test in Spanish: the refused options read "Tunis (Independent) se rebela ..."."""
    session = new_session(data)
    to_impulse_of(session, "england", [REBELS, 101])
    i18n.use("es")
    try:
        choose(session, f"play {REBELS} event")
        labels = [option.choice.label for option in session.decision.refused]
        assert "Tunis (Independiente) se rebela y se vuelve independiente (IND-3)" in labels, labels
    finally:
        i18n.use("en")


def test_ind_3_city_state_rebels_needs_a_captured_space(data):
    session = new_session(data)
    to_impulse_of(session, "england", [REBELS, 101])
    session.state.spaces["metz"].control = "independent"
    session.refresh()
    refusal = session.decision.refusal_of(Choice.parse(f"play {REBELS} event"))
    assert refusal and refusal.startswith("IND-3")


def test_ind_consistency_invariant_names_a_wrongly_independent_space(data):
    state = new_session(data).state
    assert independence.consistency_problems(state, ["metz", "tunis", "florence", "bayonne"]) == []
    state.spaces["paris"].control = "independent"
    assert independence.consistency_problems(state, ["metz", "tunis", "florence", "bayonne"])


def test_unit_1_protestant_raises_in_huguenot_home_spaces_it_controls(data):
    state = new_session(data).state
    c = ctx(data, state)
    assert units.raise_spaces(c, "protestant", regulars=False) == ["la-rochelle"]
    state.spaces["nimes"].control = "protestant"
    assert units.raise_spaces(c, "protestant", regulars=False) == ["la-rochelle", "nimes"]
    assert units.raise_spaces(c, "france", regulars=False).count("nimes") == 0


def test_unit_2_regulars_only_in_fortified_home_spaces(data):
    state = new_session(data).state
    c = ctx(data, state)
    state.spaces["nimes"].control = "protestant"
    assert units.raise_spaces(c, "protestant", regulars=True) == ["la-rochelle"]
    assert "granada" not in units.raise_spaces(c, "spain", regulars=True)
    assert "granada" in units.raise_spaces(c, "spain", regulars=False)


def test_unit_2_nobody_raises_in_an_independent_space(data):
    state = new_session(data).state
    c = ctx(data, state)
    for power in data.power_ids:
        assert not {"metz", "tunis", "florence", "bayonne"} & set(units.raise_spaces(c, power, regulars=False))


def test_mor_2_the_morisco_is_never_raised_by_cp(data):
    session = new_session(data)
    to_impulse_of(session, "ottoman", [101, 102])
    choose(session, "play 101 cp")
    refusal = session.decision.refusal_of(Choice.parse("cp morisco"))
    assert refusal and refusal.startswith("MOR-2")



def test_ind_3_mar_8_the_seat_sees_what_an_event_would_ask_once_revealed(data):
    """Russian play-test: City State Rebels could free only France's own Metz, with no cancel and no undo
    once the card was revealed (GEN-9). The impulse's view says what each such event would offer now,
    each space named with its holder (IND-3); the Assassination its targets (MAR-8)."""
    session = new_session(data)
    to_impulse_of(session, "france", [17, 20, 101])
    session.state.spaces["metz"].control = "france"
    session.refresh()
    picks = session.view(session.setup.seat_of("france")).event_picks
    assert picks[0].startswith("#17 City State Rebels") and "Metz (France) rebels and becomes independent (IND-3)" in picks[0]
    assert "Tunis" not in picks[0]  # independent already: not offered
    assert picks[1].startswith("#20 Assassination") and "Assassinate Elizabeth I (MAR-8)" in picks[1]
    from core.views import ONLOOKER

    assert session.view(ONLOOKER).event_picks == ()


def _guise_in_metz_as_it_rebels(data, reims_spanish: bool = True):
    """The League formed, the Duke of Guise moved to Metz (French), and City State Rebels played on Metz."""
    session = new_session(data)
    to_impulse_of(session, "spain", [21, 17, 101])
    choose(session, "play 21 event")
    choose(session, "pick dijon")
    choose(session, "pick amiens")
    while session.decision.rule == "CL-3":  # France's removals
        choose(session, str(session.decision.choices[0]))
    while session.decision.power != "spain":
        session.choose(session.decision.power, session.decision.quiet_or_first())
    table_action(session, "guise", "move", "metz")
    if not reims_spanish:
        session.state.spaces["reims"].control = "france"
    start = len(session.log)
    choose(session, "play 17 event")
    choose(session, "pick metz")
    return session, [render(e) for e in session.log[start:]]


def test_ind_3_cl_6_the_duke_of_guise_leaves_a_space_that_rebels_for_a_spanish_fortress(data):
    """Rules review: City State Rebels took the units out of Metz and left the Duke of Guise standing alone in the
    independent city until the winter. The units leave the map; he goes at once where a winter return would take him (CL-6)."""
    session, lines = _guise_in_metz_as_it_rebels(data)
    assert session.state.spaces["metz"].control == "independent"
    assert session.state.leaders["guise"].space == "reims"
    assert "[IND-3] Spain: Duke of Guise leaves Metz for Reims (as a winter return, CL-6)" in lines


def test_ind_3_cl_6_the_duke_of_guise_with_no_spanish_fortress_to_go_to_is_removed(data):
    session, lines = _guise_in_metz_as_it_rebels(data, reims_spanish=False)
    assert session.state.leaders["guise"].status.value == "destroyed"
    assert any("removed from the game (CL-6)" in line for line in lines)
