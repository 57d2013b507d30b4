"""Table actions (TABLE-1): validated, logged, undoable; the battle opens the combat window."""

from __future__ import annotations

import pytest

from core.choices import Choice, IllegalChoice
from core.choices import TABLE_ACTOR
from tests.conftest import choice_strings, choose, new_session, to_impulse_of


def _record(session, *steps):
    choose(session, "table")
    events = []
    for step in steps:
        events += choose(session, f"pick {step}")
    return events


def test_table_1_control_change_is_logged_with_rule(data):
    session = new_session(data)
    to_impulse_of(session, "france", [101])
    events = _record(session, "control", "metz", "empire")
    assert session.state.spaces["metz"].control == "empire"
    assert any(e.rule == "TABLE-1" and "Metz" in e.text for e in events)
    assert session.decision.power == "france"  # the impulse is not used up


def test_table_1_only_consistent_options_are_offered(data):
    session = new_session(data)
    to_impulse_of(session, "france", [101])
    choose(session, "table")
    choose(session, "pick units")
    choose(session, "pick dijon")
    choose(session, "pick france")
    assert "pick remove-regular" not in choice_strings(session.decision)  # none there
    with pytest.raises(IllegalChoice):
        choose(session, "pick remove-regular")


def test_table_1_cancel_changes_nothing_and_undo_takes_it_back(data):
    session = new_session(data)
    to_impulse_of(session, "france", [101])
    before = session.state.spaces["metz"].control
    choose(session, "table")
    choose(session, "pick control")
    choose(session, "pick cancel")
    assert session.state.spaces["metz"].control == before
    _record(session, "unrest", "paris")
    assert session.state.spaces["paris"].unrest
    while session.can_undo() and session.state.spaces["paris"].unrest:
        session.undo()
    assert not session.state.spaces["paris"].unrest


def test_table_1_by_the_table_at_any_time(data):
    session = new_session(data)
    assert session.decision.rule != "TABLE-1"
    session.choose(TABLE_ACTOR, Choice.parse("table"))
    assert session.decision.power == TABLE_ACTOR
    for step in ("war", "england", "france"):
        session.choose(TABLE_ACTOR, Choice.parse(f"pick {step}"))
    assert ["england", "france"] in session.state.wars
    # logged as such (shared-game play-test: "England and France are at war" read as the game's own doing)
    assert any(e.rule == "DIP-8" and e.text == "(by the table) England and France are at war" for e in session.log)


def test_table_1_peace_region_leader_and_mary(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [101])
    _record(session, "peace", "ottoman:spain")
    assert ["ottoman", "spain"] not in session.state.wars
    _record(session, "region", "germany", "+1")
    assert session.state.region_protestant["germany"] == 9
    _record(session, "leader", "alba", "capture")
    assert session.state.leaders["alba"].status.value == "captured"
    _record(session, "mary", "capture")
    assert session.state.royals["mary-queen-of-scots"].captured


def test_table_1_while_one_person_records_the_other_reads_who_is_recording(data):
    """Play-test: while Ben recorded a table action, Ana's decision panel was blank and her status line
    said only "the table records an action"; both name him now."""
    from core.setup import Seat
    from tui.display import waiting_line

    others = ("ottoman", "england", "empire", "protestant")
    seats = (Seat("Ana", ("spain", *others)), Seat("Ben", ("france",)))
    session = new_session(data, seats=seats)
    to_impulse_of(session, "france", [101])
    session.choose(TABLE_ACTOR, Choice.parse("table"))  # t on Ben's board (tui/controller.py)
    assert session.decision.rule == "TABLE-1" and session.decision.power == TABLE_ACTOR
    ana = session.view(seats[0])
    assert waiting_line(ana) == "Waiting for Ben, who records a table action (TABLE-1)."
    assert ana.status.endswith("Ben records a table action")
    assert session.view(seats[1]).status.endswith("you record a table action")  # not "Ben records" to Ben ("You records")


@pytest.mark.parametrize("kind", ["battle", "assault", "naval-battle"])
def test_table_1_a_battles_first_power_is_the_attacker_and_its_options_say_so(data, kind):
    """Play-test: after the space, a bare list of powers did not say that the one picked is the
    attacker (the next prompt read "Ottoman attacks ...")."""
    session = new_session(data)
    session.choose(TABLE_ACTOR, Choice.parse("table"))
    session.choose(TABLE_ACTOR, Choice.parse(f"pick {kind}"))
    session.choose(TABLE_ACTOR, Choice.parse("pick metz"))
    labels = {str(c): c.label for c in session.decision.choices if str(c) != "pick cancel"}
    assert labels["pick spain"] == "Spain attacks" and all(label.endswith(" attacks") for label in labels.values())
    session.choose(TABLE_ACTOR, Choice.parse("pick spain"))
    assert {str(c): c.label for c in session.decision.choices}["pick france"] == "Spain attacks France"
