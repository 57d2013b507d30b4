"""The Catholic League (CL-1..CL-7): card 21, Spain's spaces, France's removals, Reims, Guise, wars."""

from __future__ import annotations

import pytest

from core import catholic_league, marriage
from core.catholic_league import LeagueFrame
from core.choices import TABLE_ACTOR, Choice, IllegalChoice
from core.state import LeaderStatus, Phase, Units
from tests.conftest import (
    playing_event,
    table_action,
    advance_to_phase,
    advance_until,
    choice_strings,
    choose,
    ctx,
    new_session,
    to_impulse_of,
)

LEAGUE = 21


def _playing_league(data):
    return playing_event(data, "spain", LEAGUE)


def _formed(data, removals=("paris",) * 4 + ("lyon",) * 2 + ("paris",)):
    session = _playing_league(data)
    choose(session, "pick dijon")
    choose(session, "pick amiens")
    for space in removals:
        choose(session, f"pick {space}")
    return session


def test_cl_1_card_21_is_playable_as_its_event_and_only_once(data):
    session = _playing_league(data)
    assert isinstance(session.state.stack[-1], LeagueFrame)
    assert any(e.rule == "CL-1" for e in session.log)
    session.state.league_formed_turn = 1
    assert str(catholic_league._league_refusal(ctx(data, session.state), "spain")).startswith("CL-1")


def test_cl_2_spain_picks_two_eligible_spaces_besides_reims(data):
    session = _playing_league(data)
    decision = session.decision
    assert decision.power == "spain" and decision.rule == "CL-2"
    assert choice_strings(decision) == ["pick dijon", "pick amiens", "pick troyes", "pick poitiers"]
    refusals = {o.choice.args[0]: o.refusal for o in decision.refused}
    assert refusals["orleans"].startswith("CL-2") and "Huguenot" in refusals["orleans"]
    assert "fortified" in refusals["paris"] and "Huguenot" in refusals["la-rochelle"]
    assert "already" in refusals["reims"]
    choose(session, "pick dijon")
    with pytest.raises(IllegalChoice, match="CL-2: Dijon is already chosen"):
        session.choose("spain", Choice.parse("pick dijon"))


def test_cl_2_chosen_spaces_become_spanish_and_catholic(data):
    session = _playing_league(data)
    session.state.spaces["amiens"].religion = "protestant"
    choose(session, "pick dijon")
    choose(session, "pick amiens")
    for space in ("reims", "dijon", "amiens"):
        assert session.state.spaces[space].control == "spain"
        assert session.state.spaces[space].religion == "catholic"
    # walkthrough play-test: the log said nothing of the religion of the spaces Catholic already
    taken = [e.text for e in session.log if e.rule == "CL-2"]
    assert "Amiens is now under Spanish control and Catholic" in taken
    assert {"Reims is now under Spanish control; it is Catholic already", "Dijon is now under Spanish control; it is Catholic already"} <= set(taken)


def test_cl_3_france_removes_a_third_rounded_up_regulars_then_mercenaries(data):
    session = _playing_league(data)
    choose(session, "pick dijon")
    choose(session, "pick amiens")
    frame = session.state.stack[-1]
    assert (frame.regulars_due, frame.mercenaries_due) == (6, 1)  # 16 regulars -> 6, 1 mercenary -> 1
    assert session.decision.power == "france" and session.decision.rule == "CL-3"
    assert "pick paris" in choice_strings(session.decision) and "pick metz" in choice_strings(session.decision)


@pytest.mark.parametrize(("regulars", "due"), [(0, 0), (1, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
def test_cl_3_rounding_at_each_edge(data, regulars, due):
    session = new_session(data)
    state = session.state
    for space in state.spaces.values():
        space.units.pop("france", None)
    if regulars:
        state.spaces["paris"].units["france"] = Units(regulars, 0)
    assert catholic_league.removals_due(ctx(data, state), "regulars") == due


def test_cl_4_spain_gets_the_removed_units_a_fortress_and_guise_in_reims(data):
    session = _formed(data)
    state = session.state
    assert state.spaces["reims"].units["spain"] == Units(6, 1)
    assert "reims" in state.fortresses
    assert state.leaders["guise"].status is LeaderStatus.ON_MAP and state.leaders["guise"].space == "reims"
    assert "france" not in state.spaces["paris"].units  # 4 regulars and the mercenary removed
    assert state.spaces["lyon"].units.get("france") is None


def test_cl_4_tops_reims_up_to_exactly_four_regulars(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [LEAGUE, 101])
    state = session.state
    for space in state.spaces.values():
        space.units.pop("france", None)
    state.spaces["paris"].units["france"] = Units(3, 0)  # 1 regular removed
    session.refresh()
    choose(session, f"play {LEAGUE} event")
    choose(session, "pick dijon")
    choose(session, "pick amiens")
    choose(session, "pick paris")
    assert state.spaces["reims"].units["spain"] == Units(4, 0)


def test_cl_5_wars_start_and_the_next_segment_refuses_deals(data):
    session = _formed(data)
    state = session.state
    assert ["france", "spain"] in state.wars and ["protestant", "spain"] in state.wars
    assert state.league_deals_barred
    advance_to_phase(session, Phase.NEGOTIATION)
    c = ctx(data, state)
    assert str(catholic_league.deal_refusal(state, "spain", "france")).startswith("CL-5")
    assert str(catholic_league.deal_refusal(state, "protestant", "spain")).startswith("CL-5")
    assert catholic_league.deal_refusal(state, "spain", "empire") == ""
    state.wars = [w for w in state.wars if "spain" not in w]  # even at peace, no deal this segment
    assert str(marriage.refusal(c, "spain", "don-carlos", "marguerite-de-valois")).startswith("CL-5")
    advance_to_phase(session, Phase.ACTION)
    assert not state.league_deals_barred
    assert catholic_league.deal_refusal(state, "spain", "france") == ""


def test_cl_6_guise_may_not_leave_french_territory(data):
    session = _formed(data)
    session.choose(TABLE_ACTOR, Choice.parse("table"))
    choose(session, "pick guise")
    choose(session, "pick retreat")
    refusals = {o.choice.args[0]: o.refusal for o in session.decision.refused}
    assert refusals["madrid"].startswith("CL-6")
    assert "pick metz" in choice_strings(session.decision)  # Metz counts as French territory
    choose(session, "pick metz")
    assert session.state.leaders["guise"].space == "metz"


def test_cl_6_winter_keeps_guise_in_a_spanish_fortress_of_the_territory(data):
    session = _formed(data)
    state = session.state
    state.leaders["guise"].space = "dijon"
    advance_until(session, lambda s: s.state.phase is Phase.VICTORY or s.state.turn > 1)
    assert state.leaders["guise"].status is LeaderStatus.ON_MAP and state.leaders["guise"].space == "reims"


def test_cl_6_winter_removes_guise_when_no_spanish_fortress_is_in_the_territory(data):
    session = _formed(data)
    state = session.state
    state.spaces["reims"].control = "france"
    advance_until(session, lambda s: s.state.phase is Phase.VICTORY or s.state.turn > 1)
    assert state.leaders["guise"].status is LeaderStatus.DESTROYED


def test_cl_7_league_cards_enter_at_the_next_card_draw(data):
    session = _formed(data)
    state = session.state
    league_cards = [n for n, c in data.cards.items() if c.enters == 0]
    assert league_cards and state.league_formed_turn == 1
    assert all(n in state.cards.not_entered for n in league_cards)
    advance_to_phase(session, Phase.NEGOTIATION, turn=2)
    assert not any(n in state.cards.not_entered for n in league_cards)


def test_cl_4_mercenaries_do_not_count_toward_reims_four_regulars(data):
    """CL-4: France removes 1 regular and 3 mercenaries; Spain gets them in Reims, and 3 more regulars
    so that Reims holds exactly 4 regulars: the mercenaries are not regulars."""
    session = new_session(data)
    to_impulse_of(session, "spain", [LEAGUE, 101])
    state = session.state
    for space in state.spaces.values():
        space.units.pop("france", None)
    state.spaces["paris"].units["france"] = Units(3, 7)  # removals: 1 regular, 3 mercenaries
    session.refresh()
    choose(session, f"play {LEAGUE} event")
    choose(session, "pick dijon")
    choose(session, "pick amiens")
    for _ in range(4):
        choose(session, "pick paris")
    assert state.spaces["reims"].units["spain"] == Units(4, 3)
    assert any(e.rule == "CL-4" and "3 more regulars to make 4" in e.text for e in session.log)
    # a long play-test: shown without France's count of removals, the line read as a wrong count
    assert any(e.rule == "CL-4" and e.text.startswith("adds to Reims as many as France removed (CL-3), 1 regular and 3 mercenaries") for e in session.log)


def test_cl_2_a_space_spain_already_controls_may_be_chosen(data):
    """CL-2 (corrected reading): nothing in the sources excludes a French home space Spain already
    controls; with three such spaces held the League can still form, and they may be chosen."""
    session = new_session(data)
    to_impulse_of(session, "spain", [LEAGUE, 101])
    for space in ("dijon", "amiens", "troyes"):
        session.state.spaces[space].control = "spain"
    session.refresh()
    assert f"play {LEAGUE} event" in choice_strings(session.decision)
    choose(session, f"play {LEAGUE} event")
    assert {"pick dijon", "pick amiens", "pick troyes"} <= set(choice_strings(session.decision))
    choose(session, "pick dijon")
    choose(session, "pick troyes")
    assert session.state.spaces["dijon"].control == "spain" and session.decision.rule == "CL-3"


def _fortified_reims_with_french_units(data, displaced_to: str):
    from attrs import evolve

    league = evolve(data.settings.league, displaced_to=displaced_to)
    data = evolve(data, settings=evolve(data.settings, league=league))
    session = new_session(data)
    to_impulse_of(session, "spain", [LEAGUE, 101])
    state = session.state
    state.fortresses.append("reims")  # a fortress built there before the League
    state.spaces["reims"].units["france"] = Units(2, 1)
    state.spaces["reims"].units["protestant"] = Units(0, 1)
    session.refresh()
    choose(session, f"play {LEAGUE} event")
    choose(session, "pick dijon")
    choose(session, "pick amiens")
    return data, session


def test_cl_2_units_in_a_fortified_reims_go_to_their_nearest_fortified_space(data):
    """CL-2 (rulebook 12.5, league.displaced_to = "nearest-fortified"): the French units in a Reims
    that had a fortress move to the nearest fortified space France controls, before France's
    removals are counted; the Protestant's to La Rochelle."""
    data, session = _fortified_reims_with_french_units(data, "nearest-fortified")
    c = ctx(data, session.state)
    destination = catholic_league.displacement_destination(c, "france", "reims")
    assert destination and data.spaces[destination].fortified and destination != "reims"
    distances = c.tables.distances_from("reims")
    french_forts = [s for s in data.spaces if session.state.spaces[s].control == "france" and data.spaces[s].fortified]
    assert distances[destination] == min(distances[s] for s in french_forts if s in distances)
    state = session.state
    assert "france" not in state.spaces["reims"].units and "protestant" not in state.spaces["reims"].units
    displaced = [e for e in session.log if e.rule == "CL-2" and "displaced" in e.text]
    assert [e.power for e in displaced] == ["france", "protestant"]
    assert displaced[0].text == f"2 regulars and 1 mercenary displaced from Reims to {data.name_of(destination)}"
    assert displaced[1].text == "1 mercenary displaced from Reims to La Rochelle"
    assert state.spaces["la-rochelle"].units["protestant"].mercenaries >= 1
    frame = state.stack[-1]
    assert frame.regulars_due == catholic_league.removals_due(c, "regulars")  # the 2 displaced still count


def test_cl_2_units_in_a_fortified_reims_go_back_to_their_capital_when_the_setting_says_so(data):
    """CL-2 (league.displaced_to = "capital"): back to the power's capital when it controls it; the
    Protestant has none, and its units leave the map."""
    data, session = _fortified_reims_with_french_units(data, "capital")
    displaced = [e.text for e in session.log if e.rule == "CL-2" and "displaced" in e.text]
    assert displaced == [
        "2 regulars and 1 mercenary displaced from Reims to Paris",
        "1 mercenary displaced from Reims: no space to go to, they leave the map",
    ]


def test_cl_5_the_table_records_no_peace_between_spain_and_its_league_enemies_in_the_barred_segment(data):
    """Rules review: 'pick france:spain' was taken in the segment after the League formed, ending its war at once.
    A peace is a deal (CL-5): refused there for France and the Protestant, and no other; in the Action Phase the
    League formed in, the table may still record one (CL-5 bars that one segment)."""
    session = _formed(data)
    table_action(session, "peace")
    assert {o.choice.args[0]: o.refusal for o in session.decision.refused} == {}
    session.undo()
    advance_to_phase(session, Phase.NEGOTIATION)
    table_action(session, "peace")
    refused = {o.choice.args[0]: str(o.refusal) for o in session.decision.refused}
    assert set(refused) == {"france:spain", "protestant:spain"}
    assert refused["france:spain"].startswith("CL-5: no deal between Spain and France")
    assert "pick ottoman:spain" in choice_strings(session.decision)
