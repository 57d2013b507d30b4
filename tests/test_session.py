"""Undo (GEN-9): back to the last barrier; never across dice, draws, reveals or a hand-off."""

from __future__ import annotations

from tests.conftest import choice_strings, choose, new_session, to_impulse_of

TWO_PEOPLE = {"spain": "Ana", "france": "Ben"}


def test_gen_9_undo_own_decision_without_a_barrier(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [2, 101])
    choose(session, "table")
    choose(session, "pick control")
    assert session.can_undo()
    session.undo()
    assert session.decision.rule == "TABLE-1"
    session.undo()
    assert "play 2 cp" in choice_strings(session.decision)


def test_gen_9_card_reveal_and_dice_are_barriers(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [2, 101])
    choose(session, "play 2 cp")  # reveals the card
    assert not session.can_undo()
    choose(session, "cp mercenary madrid")
    assert session.can_undo()
    choose(session, "cp patronise artist 2")  # a random draw
    assert not session.can_undo()


def test_gen_9_no_undo_across_a_hand_off(data):
    controllers = {p: TWO_PEOPLE.get(p, "Ana") for p in data.power_ids}
    session = new_session(data, controllers=controllers)
    assert session.decision.power == "spain"
    choose(session, "opening postpone")
    assert session.decision.power == "england"  # Ana again: no hand-off, so undo is possible
    assert session.can_undo()
    # then France (Ben): the hand-off to Ben is a barrier
    while session.person_for(session.decision.power) == "Ana":
        choose(session, "done")
    assert session.decision.power == "france"
    assert not session.can_undo()


def test_gen_9_undo_restores_the_action_log_and_game_log(data):
    session = new_session(data)
    actions, log = len(session.actions), len(session.log)
    choose(session, "opening postpone")
    session.undo()
    assert (len(session.actions), len(session.log)) == (actions, log)


def test_gen_9_a_table_action_is_its_starters_and_undoable(data):
    """The table's decisions belong to whoever started them: no spurious hand-off barrier."""
    from core.choices import Choice

    controllers = {p: TWO_PEOPLE.get(p, "Ana") for p in data.power_ids}
    controllers["spain"] = "Ben"
    session = new_session(data, controllers=controllers)
    assert session.person_for(session.decision.power) == "Ben"
    session.choose("table", Choice.parse("table"))
    assert session.person_for("table") == "Ben" and session.can_undo()
    session.choose("table", Choice.parse("pick war"))
    assert session.can_undo()
