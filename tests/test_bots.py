"""Computer players (GEN-2 computer seats): legal play to the end, no peeking, replayable, the driver."""

from __future__ import annotations

import pickle
import re
from collections import Counter

import pytest

from core import marriage, patronage
from core.__main__ import main
from core.arena import bot_seats, finish, play_bots_only
from core.bots import (
    GreedyBot,
    RandomBot,
    bots_for,
    make_bot,
    playable_choices,
    play_computer_turns,
    seat_knowledge,
)
from core.evaluation import wedding_worth
from core.context import Ctx
from core.registry import RULES
from core.session import Session
from core.setup import Seat, SeatKind, Setup, SetupError
from core.cp_spending import CpPurpose, SpendCpFrame
from core.state import Betrothal, Phase
from tests.conftest import advance_to_phase


POWERS = ["ottoman", "spain", "england", "france", "empire", "protestant"]
# Seeds on which greedy's edge is checked in every seat (a few games: the arena measures the rest).
EDGE_SEEDS = (1, 2, 3)
FINISH_SEEDS = range(1, 9)
_played: dict[tuple[str, int], Session] = {}


def greedy_game(data, power: str, seed: int) -> Session:
    """A game with greedy in ``power``'s seat and random in the others, invariants checked after every
    step; played once per test session (games replay exactly, so the checked game is the same game)."""
    if (power, seed) not in _played:
        _played[power, seed] = play_bots_only(data, seed=seed, chosen=(power,), check_invariants=True)
    return _played[power, seed]


@pytest.mark.parametrize("power", POWERS)
def test_bots_only_game_with_greedy_in_each_seat_keeps_every_invariant_and_ends(data, power):
    """WIN-5: a game of computer players alone reaches a winner; invariants hold after every step."""
    session = greedy_game(data, power, EDGE_SEEDS[0])
    assert session.decision is None and session.state.winner


def test_bots_only_tournament_of_greedy_players_ends(data):
    session = play_bots_only(data, seed=4, chosen=data.power_ids, check_invariants=True, scenario="tournament")
    assert session.state.winner and session.state.turn <= 6


def test_computer_players_never_start_a_table_action(data):
    """TABLE-1 records what happened at a physical table: a computer player has none."""
    session = play_bots_only(data, seed=2)
    assert not any(a.choice == "table" for a in session.actions)


def _swap_hidden_cards(data, state, seat: Seat) -> None:
    """Deal the other powers different cards from the deck (same counts), and change the dice."""
    others = [p for p in data.power_ids if p not in seat.powers]
    hidden = [n for p in others for n in state.powers[p].hand if data.cards[n].kind != "home"] + state.cards.deck
    hidden = hidden[len(hidden) // 2 :] + hidden[: len(hidden) // 2]
    for power in others:
        hand = state.powers[power].hand
        home = [n for n in hand if data.cards[n].kind == "home"]
        count = len(hand) - len(home)
        hand[:] = home + hidden[:count]
        del hidden[:count]
    state.cards.deck[:] = hidden
    state.rng.state ^= 0x5DEECE66D
    state.rng.forced_dice[:] = [6, 6, 6, 1, 1, 1]


def test_greedy_chooses_the_same_whatever_the_hidden_cards_and_dice(data):
    """Greedy reads only what its seat may see: other hands, the deck order, the RNG and forced dice
    changed, every decision it takes is the same."""
    session = Session.new(data, Setup(seed=5, seats=bot_seats(data, ("england",))), keep_undo=False)
    bots = bots_for(session.setup.seats)
    england = next(s for s in session.setup.seats if "england" in s.powers)
    greedy = bots[england.name]
    compared = 0
    while session.decision is not None and compared < 40:
        decision = session.decision
        seat = session.seat_of(decision.power)
        choice = bots[seat.name].choose(session, decision)
        if seat is england and len(playable_choices(decision)) > 1:
            state = pickle.loads(pickle.dumps(session.state))
            twin = Session(data=data, setup=session.setup, state=state, actions=list(session.actions), keep_undo=False)
            _swap_hidden_cards(data, twin.state, england)
            twin.refresh()
            assert twin.decision == decision
            assert greedy.choose(twin, decision) == choice, f"decision {len(session.actions)}: {decision.prompt}"
            compared += 1
        session.choose(decision.power, choice)
    assert compared == 40


def test_seat_knowledge_keeps_own_hand_and_counts_but_not_the_hidden_cards(data):
    session = play_until_cards_dealt(data)
    seat = session.setup.seat_of("spain")
    known = seat_knowledge(data, session.state, seat)
    real = session.state
    assert known.powers["spain"].hand == real.powers["spain"].hand
    for power in data.power_ids:
        assert len(known.powers[power].hand) == len(real.powers[power].hand)
    assert sorted(known.cards.deck) == known.cards.deck  # the deck order is not carried over
    assert known.rng.state == 0 and not known.rng.forced_dice
    hidden = lambda state: sorted(n for p in data.power_ids if p != "spain" for n in state.powers[p].hand) + sorted(state.cards.deck)
    assert sorted(hidden(known)) == sorted(hidden(real))


def play_until_cards_dealt(data) -> Session:
    session = Session.new(data, Setup(seed=3, seats=bot_seats(data)), keep_undo=False)
    assert session.state.powers["spain"].hand
    return session


def test_random_bot_is_seeded_by_game_seat_and_decision_so_games_replay(data):
    first = play_bots_only(data, seed=9)
    second = play_bots_only(data, seed=9)
    assert first.actions == second.actions
    assert play_bots_only(data, seed=10).actions != first.actions


def test_no_computer_player_makes_the_same_proposal_twice_in_one_negotiation_segment(data):
    """GEN-7: every proposal reopens the segment for everyone (a hand-off each in hotseat); a declined
    proposal made again only repeats that (play-test: random England offered one match four times)."""
    from core.bots import _NEGOTIATION_VERBS
    from core.choices import Choice, Verb

    proposals = 0
    for seed in (9, 10):
        made: set[tuple[str, str]] = set()
        for action in play_bots_only(data, seed=seed).actions:
            verb = Choice.parse(action.choice).verb
            if verb not in _NEGOTIATION_VERBS:
                made.clear()  # the segment is over
            elif verb is Verb.PROPOSE:
                assert (action.actor, action.choice) not in made, action
                made.add((action.actor, action.choice))
                proposals += 1
    assert proposals > 10


def test_driver_stops_at_a_persons_decision(data):
    """One person and five computer players: the computer seats play until the person must decide."""
    seats = [Seat("Ann", ("england",)), *(s for s in bot_seats(data) if "england" not in s.powers)]
    session = Session.new(data, Setup(seed=6, seats=seats))
    bots = bots_for(session.setup.seats)
    assert "Ann" not in bots
    for _ in range(30):
        play_computer_turns(session, bots)
        decision = session.decision
        assert decision is not None and session.seat_of(decision.power).name == "Ann"
        session.choose(decision.power, playable_choices(decision)[-1])


def test_make_bot_refuses_an_unknown_computer_player():
    with pytest.raises(SetupError, match="unknown computer player 'clever'"):
        make_bot(Seat("HAL", ("spain",), SeatKind.COMPUTER, "clever"))
    assert isinstance(make_bot(Seat("R", ("spain",), SeatKind.COMPUTER, "random")), RandomBot)
    assert isinstance(make_bot(Seat("G", ("spain",), SeatKind.COMPUTER, "greedy")), GreedyBot)


def test_wedding_worth_is_the_royal_wedding_table_by_dice_expectation(data):
    """MAR-4/MAR-5: Eligibility 3 + 3 and 2d6: the expected VP and Card markers of the table rows."""
    session = play_until_cards_dealt(data)
    ctx = Ctx(data, session.state, rules=RULES)
    betrothal = Betrothal(bride="anna-of-austria", groom="philip-ii")
    expected_vp = expected_cards = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            row = marriage.wedding_row(a + b + 6)
            expected_vp += row.vp / 36
            expected_cards += row.cards / 36
    worth = wedding_worth(ctx, betrothal)
    assert set(worth) == {"spain", "empire"}
    assert worth["spain"] == pytest.approx(expected_vp + 0.5 * expected_cards + (0.3 if data.royals["anna-of-austria"].marriage_bonus else 0))


def test_greedy_patronises_in_the_biggest_box_it_can_pay_for(data):
    """PAT-2: with 4 CP and an artist in its pool, greedy takes the 4-CP box (+2 to the PAT-5 roll)."""
    session = Session.new(data, Setup(seed=1, seats=bot_seats(data, ("ottoman",))))
    advance_to_phase(session, Phase.ACTION)
    session.state.stack.append(SpendCpFrame(power="ottoman", cp=4, purpose=CpPurpose.IMPULSE))
    session.refresh()
    ctx = Ctx(data, session.state, rules=RULES)
    assert patronage.pool(ctx, "ottoman", "artist") and not patronage.pool(ctx, "ottoman", "scientist")
    choice = bots_for(session.setup.seats)["Ottoman"].choose(session, session.decision)
    assert str(choice) == "cp patronise artist 4"


def test_arena_command_prints_a_table_per_power_and_the_summary_line(capsys):
    assert main(["arena", "--games", "1", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for name in ("Ottoman", "Spain", "England", "France", "Empire", "Protestant"):
        assert any(line.startswith(name) for line in lines), name
    assert any(line.startswith("greedy per decision: median") for line in lines)
    assert re.fullmatch(r"greedy wins \d+% of its games, random wins \d+% in the same seats", lines[-1])


def test_arena_refuses_zero_games(capsys):
    assert main(["arena", "--games", "0"]) == 2
    assert "FAIL: --games must be at least 1" in capsys.readouterr().err


def test_finish_places_the_winner_first_then_by_vp_ties_in_impulse_order(data):
    """WIN-5 / GEN-5: the arena's place and margin of each power in one ended game."""
    session = play_until_cards_dealt(data)  # 6, 10, 6, 7, 6, 4 VP in impulse order
    state = session.state
    state.winner = "france"
    places = {p: finish(data, state, p) for p in data.power_ids}
    assert [places[p].place for p in data.power_ids] == [3, 2, 4, 1, 5, 6]
    assert places["france"].won and not places["spain"].won
    assert (places["spain"].margin, places["france"].margin, places["protestant"].margin) == (3, -3, -6)


@pytest.mark.parametrize("power", POWERS)
def test_greedy_finishes_ahead_of_random_in_the_same_seat(data, power):
    """Issue 11: greedy beats random in every seat, by finishing place and by VP margin to the best
    other power, on the same seeds (the other five seats random in both). Eight seeds: on three, the
    Protestant's margin turned on one game once cards played for CP stayed in the deck (CARD-8)."""
    greedy = [finish(data, (greedy_game(data, power, seed) if seed in EDGE_SEEDS else play_bots_only(data, seed=seed, chosen=(power,))).state, power)
              for seed in FINISH_SEEDS]
    random_ = [finish(data, play_bots_only(data, seed).state, power) for seed in FINISH_SEEDS]
    assert sum(f.place for f in greedy) <= sum(f.place for f in random_)
    assert sum(f.margin for f in greedy) > sum(f.margin for f in random_)


@pytest.mark.parametrize("kind", ["greedy", "random"])
def test_a_negotiation_segment_with_computers_ends_after_a_few_hand_offs_gen_7(data, kind):
    """Hot-seat play-test: with greedy computers the Negotiation Segment took 35 to 50 hand-offs a
    turn. Every proposal reopens the segment for everyone (GEN-7), and a computer proposed each match
    it could, one a round; it makes at most PROPOSALS_PER_SEGMENT now."""
    from core.bots import PROPOSALS_PER_SEGMENT, bots_for, play_computer_turns

    computers = tuple(p for p in data.power_ids if p not in ("england", "spain"))
    seats = (Seat("Ana", ("england",)), Seat("Ben", ("spain",)), Seat("computers", computers, SeatKind.COMPUTER, kind))
    for seed in (1, 2, 3):
        session = Session.new(data, Setup(seed=seed, seats=seats))
        bots = bots_for(seats)
        for turn in (1, 2):
            play_computer_turns(session, bots)
            while session.state.phase is not Phase.NEGOTIATION:  # to the next Negotiation Segment
                session.choose(session.decision.power, session.decision.quiet_or_first())
                play_computer_turns(session, bots)
            start, people = len(session.actions), 0
            while session.state.phase is Phase.NEGOTIATION:
                decision = session.decision
                people += 1  # a person's decision: declined, or done (a hand-off each)
                session.choose(decision.power, decision.quiet_or_first())
                play_computer_turns(session, bots)
            proposals = Counter(a.actor for a in session.actions[start:] if a.choice.startswith("propose") and a.actor in computers)
            assert max(proposals.values(), default=0) <= PROPOSALS_PER_SEGMENT, proposals
            assert people <= 12, (seed, turn, people)


def test_a_table_action_inside_a_negotiation_segment_does_not_hide_the_proposals_made_before_it(data):
    """Review: the proposals of this segment were read back from the action log up to the first move of
    another kind; a table action (TABLE-1, recorded at any time) hid those before it, and a computer
    proposed again."""
    from core.bots import proposals_this_segment
    from core.choices import TABLE_ACTOR, Choice

    session = Session.new(data, Setup(seed=1))
    session.choose("spain", Choice.parse("propose don-carlos elizabeth-i"))
    while session.decision.rule != "GEN-7":  # England answers, Spain's response window closes
        session.choose(session.decision.power, session.decision.quiet_or_first())
    for step in ("table", "pick unrest", "pick lyon"):  # the table records Unrest in Lyon
        session.choose(TABLE_ACTOR, Choice.parse(step))
    assert session.decision.rule == "GEN-7"
    assert proposals_this_segment(session, "spain") == {"propose don-carlos elizabeth-i"}


@pytest.mark.parametrize("kind", ["greedy", "random"])
def test_card_4_a_computer_never_plays_louise_of_lorraines_special_event(data, kind):
    """Hot-seat play-test: the Ottoman, a computer, played Louise of Lorraine for its special event in a Negotiation
    Segment; its terms are agreed at the table (CARD-4), which a computer cannot do, so the card was thrown away."""
    from tests.conftest import choice_strings, choose, give, new_session

    session = new_session(data)
    give(session.state, "france", 16)
    while session.decision.power != "france":
        choose(session, "done" if "done" in choice_strings(session.decision) else "opening postpone")
    decision = session.decision
    assert "louise 16" in choice_strings(decision)
    assert "louise 16" not in map(str, playable_choices(decision))
    assert "louise 16" in map(str, playable_choices(decision, of_a_person=True)), "a person's random play (the soak's) may"
    seat = Seat("computer", ("france",), SeatKind.COMPUTER, kind)
    assert all(str(make_bot(seat).choose(session.detached(), decision)) != "louise 16" for _ in range(3))
