"""Undo (GEN-9): back to the last barrier; never across dice, draws, reveals or a hand-off."""

from __future__ import annotations

from tests.conftest import choice_strings, choose, new_session, table_action, to_impulse_of

TWO_PEOPLE = {"spain": "Ana", "france": "Ben"}


def test_gen_9_undo_own_decision_without_a_barrier_and_table_1_a_table_action_whole(data):
    """GEN-9, TABLE-1 (hot-seat play-test: after recording Unrest, u left the board half-way through the
    table action; it took three): a table action, under way or recorded, is one move to undo."""
    session = new_session(data)
    to_impulse_of(session, "spain", [2, 101])
    choose(session, "table")
    choose(session, "pick control")
    assert session.can_undo()
    assert session.undo()
    assert "play 2 cp" in choice_strings(session.decision)
    for step in ("table", "pick unrest", "pick madrid"):
        choose(session, step)
    assert session.state.spaces["madrid"].unrest
    assert session.undo()
    assert not session.state.spaces["madrid"].unrest and "play 2 cp" in choice_strings(session.decision)
    assert not session.can_undo() and session.actions[-1].choice != "table"
    # re-test: after backing out of a battle, u said "4 moves undone" and nothing on the screen changed; a table
    # action cancelled is no move of its own: the move before it goes with it
    for step in ("table", "pick unrest", "pick madrid", "table", "pick war", "pick cancel"):
        choose(session, step)
    assert session.state.spaces["madrid"].unrest
    assert session.undo()
    assert not session.state.spaces["madrid"].unrest and "play 2 cp" in choice_strings(session.decision)


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
    # then France (Ben): the hand-off to Ben is a barrier once he takes the keyboard
    while session.person_for(session.decision.power) == "Ana":
        choose(session, "done")
    assert session.decision.power == "france"
    session.hand_off_taken()
    assert not session.can_undo() and session.taking_back() == ""
    assert "Ben took the keyboard" in session.undo_refusal()


def _handed_to_ben(data):
    session = new_session(data, controllers={p: TWO_PEOPLE.get(p, "Ana") for p in data.power_ids})
    while session.person_for(session.decision.power) == "Ana":
        choose(session, "done" if "done" in choice_strings(session.decision) else "opening postpone")
    assert session.decision.power == "france"
    return session


def test_gen_9_a_move_that_passed_the_decision_is_taken_back_before_the_next_person_takes_the_keyboard(data):
    """GEN-9 gap (settings.toml [undo] hand_off_barrier_when_taken): until Ben takes the keyboard nobody has
    seen anything, so Ana may take back the move that passed him the decision; it is hers again."""
    session = _handed_to_ben(data)
    actions = len(session.actions)
    assert session.taking_back() == "Ana" and session.can_undo()
    assert session.undo()
    assert len(session.actions) == actions - 1 and session.person_for(session.decision.power) == "Ana"
    assert session.taking_back() == ""


def test_gen_9_the_next_persons_first_choice_takes_the_keyboard(data):
    """GEN-9: Ben choosing (a replay, a shared game, a test: no Enter on "Pass to") is the barrier too; his own
    choice is then undoable alone."""
    session = _handed_to_ben(data)
    actions = len(session.actions)
    choose(session, "done")
    assert session.undo() and len(session.actions) == actions
    assert not session.can_undo() and "Ben took the keyboard" in session.undo_refusal()


def test_gen_9_the_hand_off_is_a_barrier_at_once_when_the_setting_says_so(data):
    """GEN-9 gap, the other reading (``hand_off_barrier_when_taken = false``): the barrier falls as the decision passes."""
    import attrs

    settings = attrs.evolve(data.settings, undo=attrs.evolve(data.settings.undo, hand_off_barrier_when_taken=False))
    session = _handed_to_ben(attrs.evolve(data, settings=settings))
    assert not session.can_undo() and session.taking_back() == ""
    assert "the decision passed to Ben" in session.undo_refusal()


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


class QuietBot:
    """A computer player that always gives the quiet answer (done, pass, no response)."""

    name = "quiet"

    def choose(self, session, decision):
        from tests.conftest import quiet_choice

        return quiet_choice(decision)


def _ana_and_computers(data):
    from core.setup import Seat, SeatKind

    others = tuple(p for p in data.power_ids if p != "spain")
    seats = (Seat("Ana", ("spain",)), Seat("random computer", others, SeatKind.COMPUTER, "random"))
    return new_session(data, seats=seats)


def test_gen_9_a_computers_quiet_answers_are_no_barrier_and_are_taken_back_with_yours(data):
    """GEN-9: a computer player is no person: its quiet decisions after yours are undone with yours."""
    from core.bots import play_computer_turns

    session = _ana_and_computers(data)
    bots = {"random computer": QuietBot()}
    assert session.decision.power == "spain"
    actions = len(session.actions)
    choose(session, "opening postpone")
    answered = play_computer_turns(session, bots)
    assert session.decision.power == "spain" and len(session.actions) > actions + 1  # the computers said done
    assert not any(e.is_barrier for e in answered)
    assert session.can_undo()
    assert session.undo()
    assert len(session.actions) == actions and session.decision.power == "spain"
    assert "opening postpone" in choice_strings(session.decision)
    assert not session.can_undo()


def test_gen_9_undo_refused_names_the_real_barrier(data):
    """GEN-9: when undo is refused, the refusal names what stopped it (a card shown, a hand-off)."""
    session = new_session(data)
    assert "since the game began" in session.undo_refusal()
    to_impulse_of(session, "spain", [2, 101])
    choose(session, "play 2 cp")  # reveals the card
    assert not session.can_undo()
    assert "a card was revealed" in session.undo_refusal() and "plays" in session.undo_refusal()
    assert session.latest_barrier(short=True) == "a card was revealed [GEN-6]"  # a hand-off's refusal: one line
    controllers = {p: TWO_PEOPLE.get(p, "Ana") for p in data.power_ids}
    handed = new_session(data, controllers=controllers)
    while handed.person_for(handed.decision.power) == "Ana":
        choose(handed, "done" if "done" in choice_strings(handed.decision) else "opening postpone")
    handed.hand_off_taken()  # Ben's Enter on "Pass to"
    assert "Ben took the keyboard" in handed.undo_refusal()


def test_gen_9_undo_refused_after_only_the_computers_moved_says_so(data):
    """GEN-9 (Spanish hot-seat play-test): after Ana's moves were undone, "nothing to undo since the game began"
    read as if nothing had been played, though a computer had proposed since; the refusal says the moves since are
    the computers', and undo takes back a person's own."""
    from core.choices import Choice
    from core.setup import Seat, SeatKind

    others = tuple(p for p in data.power_ids if p != "france")
    session = new_session(data, seats=(Seat("Ana", ("france",)), Seat("computers", others, SeatKind.COMPUTER, "random")))
    assert "since the game began: undo never" in session.undo_refusal()  # nothing played yet
    session.choose("spain", Choice.parse("propose don-carlos marguerite-de-valois"))
    assert session.decision.power == "france" and not session.can_undo()
    assert "none of your moves to undo since the game began: the moves since are the computer players'" in session.undo_refusal()
    choose(session, "decline")
    assert session.undo() and not session.can_undo()
    assert "the moves since are the computer players'" in session.undo_refusal()


def test_gen_9_undo_refused_names_the_latest_barrier_of_a_move_that_ran_several(data):
    """Hot-seat play-test: the move that ended a turn ran wedding rolls, aging rolls and the deck's shuffle, and the
    refusal named its first wedding roll ("a die was rolled for wedding roll for ..."); it names the last."""
    from core.session import barrier_reason

    session = new_session(data)
    for _ in range(3000):
        events = choose(session, str(session.decision.quiet_or_first()))
        barriers = [e for e in events if e.is_barrier]
        if len({barrier_reason(e) for e in barriers}) > 1:
            break
    else:
        raise AssertionError("no move ran several barriers")
    assert barrier_reason(barriers[-1]) in session.undo_refusal()
    rolled = next(e for e in session.log if e.roll is not None)
    assert barrier_reason(rolled).startswith("dice were rolled (")


def test_gen_9_a_hand_off_into_a_default_response_window_is_a_barrier_at_once_gen_8(data):
    """Review: in the default windows a response window asks Ben only if his hand could answer (CARD-2), so "Pass
    to Ben" told Ana he held a response card, and the take-back let her decide again knowing it. Such a hand-off is
    a barrier at once, and its refusal says why (rules play-test: it read as wrong beside the hand-offs taken back); one
    asked whatever the hand holds (strict windows, rules edition 5) is held as any other."""
    from core.choices import Choice
    from tests.conftest import give, resettle

    for strict in (False, True):
        session = new_session(data, controllers={**{p: "Ana" for p in data.power_ids}, "england": "Ben"})
        session.state.strict_response_windows = strict
        give(session.state, "england", 22)
        resettle(session)
        session.choose("spain", Choice.parse("propose don-carlos marguerite-de-valois"))
        session.choose("france", Choice.parse("accept"))
        while session.decision.rule == "CARD-2" and session.person_for(session.decision.power) == "Ana":
            session.choose(session.decision.power, Choice.parse("no-response"))  # strict: Ana's other powers first
        assert session.decision.rule == "CARD-2" and session.person_for(session.decision.power) == "Ben"
        assert session.taking_back() == ("Ana" if strict else ""), strict
        refused = "nothing to undo since the decision passed to Ben, asked because of what that hand holds (GEN-8):"
        assert session.can_undo() is strict and (strict or refused in session.undo_refusal())


def test_gen_9_a_refused_choice_leaves_the_take_back_as_it_was(data):
    """Review: Ben's illegal choice took the keyboard (the barrier fell) though it changed nothing."""
    import pytest
    from core.choices import Choice, IllegalChoice

    session = _handed_to_ben(data)
    with pytest.raises(IllegalChoice):
        session.choose("france", Choice.parse("propose nobody nobody"))
    assert session.taking_back() == "Ana" and session.handed_to == "Ben"


def test_gen_9_undo_refused_after_only_the_computers_quiet_answers_names_the_barrier_alone(data):
    """GEN-9, GEN-8 (hot-seat play-tests): after a barrier, only the computers' quiet answers (a window passed, logging
    nothing) came before the person's decision. "The moves since are the computer players'" named moves the log never
    showed; "the only moves since are the computer players' quiet answers", after the player's own random draw,
    baffled, and told that some hand had been asked. The refusal names the barrier and why undo stops there."""
    from core.bots import bots_for
    from core.session import Session
    from core.setup import Seat, SeatKind

    seats = (Seat("Ana", ("spain",)), Seat("computers", tuple(p for p in data.power_ids if p != "spain"), SeatKind.COMPUTER, "random"))

    def after_quiet_answers_alone(seed: int) -> Session | None:
        """The first such decision of a random game, within its first 1500 decisions (review: a whole game each)."""
        session, bots = new_session(data, seed=seed, seats=seats), bots_for(seats)
        logged_at_barrier, quiet_since = None, False  # the log's length at the last barrier; a computer's quiet answer since
        for _ in range(1500):
            seat = session.seat_to_decide()
            if seat is None:
                return None
            if seat.is_person and not session.can_undo() and logged_at_barrier == len(session.log) and quiet_since:
                return session
            decision = session.decision
            choice = decision.quiet_or_first() if seat.is_person else bots[seat.name].choose(session.detached(), decision)
            made = session.choose(decision.power, choice)
            if any(event.is_barrier for event in made):
                logged_at_barrier, quiet_since = len(session.log), False
            elif not made and not seat.is_person:
                quiet_since = True
        return None

    session = next(filter(None, map(after_quiet_answers_alone, range(20, 60))), None)
    assert session is not None, "no decision came after the computers' quiet answers alone"
    refusal = session.undo_refusal()
    assert refusal.startswith("GEN-9: nothing to undo since") and "undo never goes back across" in refusal
    assert "computer" not in refusal and "moves since" not in refusal


def test_gen_9_a_table_action_backed_out_of_is_no_move_to_undo_table_1(data):
    """Shared-game play-test: t, a kind, Esc, and u took back three steps nobody could see, and told the others; after
    a barrier, a table action backed out of changed nothing, and undo says so."""
    session = new_session(data)
    to_impulse_of(session, "spain", [2, 101])
    choose(session, "play 2 cp")  # a reveal: the barrier
    table_action(session, "war", "cancel")
    assert not session.can_undo() and not session.undo()
    assert session.undo_refusal().startswith("GEN-9: nothing to undo since a card was revealed")
    assert "the table action you backed out of changed nothing (TABLE-1)" in session.undo_refusal()
    choose(session, "cp mercenary madrid")
    assert session.can_undo() and session.undo() and session.actions[-1].choice == "pick cancel"


def test_gen_9_the_person_a_hand_off_gave_the_decision_to_is_told_it_came_to_them(data):
    """Shared-game play-test: Ben's u said "nothing to undo since the decision passed to Ben"."""
    controllers = {p: TWO_PEOPLE.get(p, "Ana") for p in data.power_ids}
    session = new_session(data, controllers=controllers)
    session.hand_off_seen_at_once = True  # a shared game's
    while session.person_for(session.decision.power) == "Ana":
        choose(session, "done" if "done" in choice_strings(session.decision) else "opening postpone")
    assert not session.can_undo()
    assert session.undo_refusal(reader="Ben") == (
        "GEN-9: nothing of yours to undo: the decision came to you after the others' moves, and undo takes back only your own")
    assert "since the decision passed to Ben" in session.undo_refusal(reader="Ana")


def test_gen_9_an_undo_counts_the_moves_as_the_others_saw_them_table_1(data):
    """Review: one table action was "5 moves" to the others, one backed out of "1 move", one still being recorded told
    them of a table action. A table action finished counts once, one backed out of not at all, one being recorded only
    to its person; the window's other readers are never told of a table action backed out of."""
    session = new_session(data)
    to_impulse_of(session, "spain", [2, 101])
    table_action(session, "unrest", "madrid")
    assert session.undo() and (session.undone_moves, session.undone_moves_seen) == (1, 1)
    table_action(session, "war")  # still being recorded
    assert session.undo() and (session.undone_moves, session.undone_moves_seen) == (1, 0)
    choose(session, "play 2 cp")
    choose(session, "cp mercenary madrid")
    table_action(session, "war", "cancel")
    assert session.undo() and (session.undone_moves, session.undone_moves_seen) == (1, 1)
    assert session.actions[-1].choice == "play 2 cp"
    table_action(session, "war", "cancel")
    person = session.seat_of("spain").name
    assert "backed out of" in session.undo_refusal(reader=person) and "backed out of" not in session.undo_refusal(reader="Someone else")
