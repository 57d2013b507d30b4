"""Victory (WIN-1..WIN-5): the immediate checks as named records, when they run, and every threshold
at its edge."""

from __future__ import annotations

import pytest

from core import victory
from core.choices import TABLE_ACTOR, Choice
from core.setup import new_state
from core.state import Phase
from tests.conftest import advance_to_phase, choose, ctx, new_session


def _ctx(data):
    return ctx(data, new_state(data))


def test_win_1_immediate_checks_are_named_records_and_win_4_is_off():
    names = [(c.id, c.rule) for c in victory.IMMEDIATE_CHECKS]
    assert names == [("military", "WIN-2"), ("protestant-religious", "WIN-3"), ("catholic-religious", "WIN-3"), ("catholic-uprising", "WIN-4")]
    uprising = victory.IMMEDIATE_CHECKS[-1]
    assert uprising.test is None and uprising.status == "off: condition not in the sources"


def test_win_4_a_supplied_condition_plugs_in(data):
    c = _ctx(data)
    plugged = victory.ImmediateCheck("catholic-uprising", "Catholic-uprising victory", "WIN-4", lambda s, d: ("spain", "uprising"))
    assert victory.check_immediate(c, (plugged,))
    assert c.state.winner == "spain" and any(e.rule == "WIN-4" for e in c.events)


def _give_england_keys(state, data, count):
    keys = [s for s in data.spaces.values() if s.key and s.home not in ("england", "")]
    for space in keys[:count]:
        state.spaces[space.id].control = "england"


@pytest.mark.parametrize(("extra_keys", "wins"), [(5, False), (6, True)])
def test_win_2_auto_win_box_edge(data, extra_keys, wins):
    c = _ctx(data)
    _give_england_keys(c.state, data, extra_keys)  # 3 + 6 = 9 = England's Auto Win box
    assert victory.check_immediate(c) is wins
    if wins:
        assert c.state.winner == "england" and str(c.state.victory).startswith("military victory")


def test_win_2_table_control_change_in_the_action_phase_wins_at_once(data):
    session = new_session(data)
    advance_to_phase(session, Phase.ACTION)
    _give_england_keys(session.state, data, 5)
    session.state.spaces["palermo"].units.clear()  # its defenders' loss recorded (TABLE-1 checks it)
    session.refresh()
    session.choose(TABLE_ACTOR, Choice.parse("table"))
    choose(session, "pick control")
    choose(session, "pick palermo")
    choose(session, "pick england")
    assert session.state.winner == "england" and session.decision is None
    assert any(e.rule == "WIN-1" for e in session.log)


def _englands_box_opened_in_diplomacy(data):
    """England's Auto Win box uncovered by a table action in the Negotiation Segment (no win there)."""
    session = new_session(data)
    assert session.state.phase is Phase.NEGOTIATION
    _give_england_keys(session.state, data, 5)
    session.state.spaces["palermo"].units.clear()  # its defenders' loss recorded (TABLE-1 checks it)
    session.refresh()
    session.choose(TABLE_ACTOR, Choice.parse("table"))
    choose(session, "pick control")
    choose(session, "pick palermo")
    choose(session, "pick england")
    assert session.state.winner == "" and session.decision is not None
    return session


def test_win_2_not_in_the_diplomacy_phase_but_when_the_action_phase_begins(data):
    session = _englands_box_opened_in_diplomacy(data)
    session.state.spaces["palermo"].control = "spain"  # closed again before the Action Phase: no win
    advance_to_phase(session, Phase.ACTION)
    assert session.state.winner == ""


@pytest.mark.parametrize(("extra", "wins"), [(25, False), (26, True)])
def test_win_3_protestant_religious_victory_edge(data, extra, wins):
    c = _ctx(data)
    c.state.region_protestant["germany"] += extra  # 24 + 26 = 50
    assert victory.check_immediate(c) is wins


def test_win_3_unrest_keeps_a_protestant_space_from_counting(data):
    c = _ctx(data)
    c.state.region_protestant["germany"] += 26
    c.state.spaces["london"].unrest = True
    assert not victory.check_immediate(c)


@pytest.mark.parametrize(("germany", "wins"), [(10, False), (9, True)])
def test_win_3_catholic_victory_at_nine_not_ten(data, germany, wins):
    c = _ctx(data)
    for space in c.state.spaces.values():
        space.religion = "catholic"
    c.state.region_protestant = {"france-other": 0, "germany": germany, "low-countries-other": 0}
    assert victory.check_immediate(c) is wins


@pytest.mark.parametrize(("france_other", "winner"), [(3, "france"), (4, "spain")])
def test_win_3_catholic_victory_france_at_three_spain_at_four(data, france_other, winner):
    c = _ctx(data)
    for space in c.state.spaces.values():
        space.religion = "catholic"
    c.state.region_protestant = {"france-other": france_other, "germany": 9 - france_other, "low-countries-other": 0}
    assert victory.check_immediate(c) and c.state.winner == winner
    assert "Catholic religious victory" in str(c.state.victory)


@pytest.mark.parametrize(("vp", "wins"), [(18, False), (19, True)])
def test_win_5_standard_victory_at_exactly_25_not_24(data, vp, wins):
    c = _ctx(data)
    c.gain_vp("empire", vp, "MAR-5", "test")  # 3 keys = 6 VP
    victory.victory_determination(c)
    assert (c.state.winner == "empire") is wins
    if wins:
        assert str(c.state.victory) == "standard victory (25 VP)"


@pytest.mark.parametrize(("lead", "turn", "wins"), [(5, 4, True), (4, 4, False), (5, 3, False)])
def test_win_5_domination_lead_5_from_turn_4(data, lead, turn, wins):
    c = _ctx(data)
    c.state.turn = turn
    c.gain_vp("england", 4 + lead, "MAR-5", "test")  # 6 + 4 + lead vs Spain's 10
    victory.victory_determination(c)
    assert (c.state.winner == "england") is wins


def test_win_5_time_limit_tie_logs_gen_5(data):
    c = _ctx(data)
    c.state.turn = 8
    c.gain_vp("ottoman", 4, "MAR-5", "test")  # 6 + 4 = 10 ties Spain's 10
    victory.victory_determination(c)
    assert c.state.winner == "ottoman" and "time-limit" in str(c.state.victory)
    assert any(e.rule == "GEN-5" for e in c.events)


def test_win_6_victory_determination_logs_each_ledger(data):
    c = _ctx(data)
    victory.victory_determination(c)
    assert sum(1 for e in c.events if e.rule == "WIN-6") == len(data.power_ids)


def test_win_2_a_box_opened_in_diplomacy_and_still_open_wins_when_the_action_phase_begins(data):
    """WIN-2: an Auto Win box uncovered in the Diplomacy Phase is not a win there; still uncovered
    when the Action Phase begins, it wins at once, before the first impulse."""
    session = _englands_box_opened_in_diplomacy(data)
    advance_to_phase(session, Phase.GAME_OVER)
    assert session.state.winner == "england" and str(session.state.victory).startswith("military victory")
    began = next(i for i, e in enumerate(session.log) if e.rule == "GEN-3" and e.phase == Phase.ACTION)
    assert [e.rule for e in session.log[began + 1 :] if e.rule.startswith("WIN")] == ["WIN-1", "WIN-2"]
    assert session.state.turn == 1 and not any(e.rule == "GEN-6" for e in session.log[began:])
