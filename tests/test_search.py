"""The search player (GEN-2 computer seats): it never reads what its seat may not see, it is seeded by
the game, the seat and the decision number, it plays legally to the end; and the look-ahead's tools
(the fast copy, the samples, the rollout policy) keep to the rules."""

from __future__ import annotations

import random

import attrs
import pytest

from core import engine
from core.arena import bot_seats, play_bots_only
from core.bots import bots_for, fresh_choices, mandatory_first, playable_choices
from core.choices import Choice, Verb
from core.cp_spending import CpPurpose, SpendCpFrame
from core.dice import new_rng
from core.lookahead import copy_state, seat_sample, shuffled_sample, unseen_cards
from core.search import Candidate, SearchBot, rollout_choice
from core.session import Session
from core.setup import Setup
from core.state import FIRST_EDITION, Phase
from tests.conftest import advance_to_phase
from tests.test_bots import _swap_hidden_cards

THINK = 0.01  # seconds: a few rollouts a choice, enough to exercise the search on small positions


def _search_session(data, power: str, seed: int) -> Session:
    return Session.new(data, Setup(seed=seed, seats=bot_seats(data, (power,), player="search", others="greedy")), keep_undo=False)


def test_gen_8_search_chooses_the_same_whatever_the_hidden_cards_and_dice(data):
    """GEN-8: two positions that differ only in what England may not see (the other hands, the deck
    order, the RNG and forced dice): the search player chooses the same in both, and every rollout
    it plays is worth the same in both (its samples never read the real hidden cards or dice)."""
    session = _search_session(data, "england", seed=5)
    england = session.setup.seat_of("england")
    search = SearchBot(england, THINK)
    others = bots_for(session.setup.seats)
    compared = 0
    while session.decision is not None and compared < 8:
        decision = session.decision
        seat = session.seat_of(decision.power)
        if seat is england and len(playable_choices(decision)) > 1:
            choices = mandatory_first(data, fresh_choices(session, decision))
            chosen, weighed = search.weigh(session, decision, choices)
            twin = Session(data=data, setup=session.setup, state=copy_state(session.state), actions=list(session.actions), keep_undo=False)
            _swap_hidden_cards(data, twin.state, england)
            twin.refresh()
            assert twin.decision == decision
            assert twin.state.powers != session.state.powers or twin.state.cards.deck != session.state.cards.deck
            twin_chosen, twin_weighed = search.weigh(twin, decision, choices)
            assert twin_chosen.choice == chosen.choice, f"decision {len(session.actions)}: {decision.prompt}"
            assert [(c.choice, c.values) for c in twin_weighed] == [(c.choice, c.values) for c in weighed]
            choice = chosen.choice
            compared += 1
        else:
            choice = others[seat.name].choose(session, decision)
        session.choose(decision.power, choice)
    assert compared == 8


def test_search_is_seeded_by_the_game_the_seat_and_the_decision_number(data):
    """The same position and decision number give the same choice (every terminal of a shared game
    agrees); the samples it draws depend on that seed only."""
    session = _search_session(data, "france", seed=2)
    advance_to_phase(session, Phase.ACTION)
    seat = session.setup.seat_of("france")
    while session.decision.power != "france":
        session.choose(session.decision.power, session.decision.quiet_or_first())
    first = SearchBot(seat, THINK).choose(session, session.decision)
    again = SearchBot(seat, THINK).choose(session, session.decision)
    assert first == again and first in session.decision.choices


def test_a_game_with_search_in_one_seat_keeps_every_invariant_and_ends(data):
    """WIN-5: the tournament scenario with search as the Empire and greedy elsewhere ends with a winner."""
    session = play_bots_only(data, 4, ("empire",), check_invariants=True, scenario="tournament", player="search", others="greedy", think=THINK)
    assert session.decision is None and session.state.winner
    assert not any(a.choice == "table" for a in session.actions)  # TABLE-1: computers record none


def test_a_sample_keeps_the_seats_own_hands_and_the_counts_and_deals_only_unseen_cards(data):
    session = _search_session(data, "spain", seed=3)
    seat = session.setup.seat_of("spain")
    real = session.state
    sample = shuffled_sample(data, real, seat, random.Random(7))
    assert sample.powers["spain"].hand == real.powers["spain"].hand
    for power in data.power_ids:
        assert len(sample.powers[power].hand) == len(real.powers[power].hand)
        home = [n for n in real.powers[power].hand if data.cards[n].kind == "home"]
        assert sample.powers[power].hand[: len(home)] == home  # home cards are public (CARD-5)
    hidden = sorted(n for p in data.power_ids if p != "spain" for n in sample.powers[p].hand if data.cards[n].kind != "home")
    assert sorted(hidden + sample.cards.deck) == unseen_cards(data, real, seat)
    assert sample.rng.state != real.rng.state and not sample.rng.forced_dice
    fixed = seat_sample(data, real, seat, unseen_cards(data, real, seat), rng_state=0)
    assert fixed.cards.deck == sorted(fixed.cards.deck)


def _is_frozen(value) -> bool:
    first = attrs.fields(type(value))[0].name
    try:
        setattr(value, first, getattr(value, first))  # the same value back: harmless when it is allowed
    except attrs.exceptions.FrozenInstanceError:
        return True
    return False


def _mutable_objects(value, seen: dict[int, object]) -> None:
    """Every list, dict and mutable attrs object reachable from ``value``, by id."""
    if isinstance(value, (list, dict)) or (attrs.has(type(value)) and not _is_frozen(value)):
        if id(value) in seen:
            return
        seen[id(value)] = value
    if isinstance(value, dict):
        children = list(value.values())
    elif isinstance(value, list):
        children = value
    elif attrs.has(type(value)):
        children = [getattr(value, f.name) for f in attrs.fields(type(value))]
    else:
        return
    for child in children:
        _mutable_objects(child, seen)


@pytest.mark.parametrize("turn", [1, 3])
def test_copy_state_is_equal_and_shares_nothing_a_move_can_change(data, turn):
    session = _search_session(data, "spain", seed=1)
    advance_to_phase(session, Phase.ACTION, turn)
    session.state.stack.append(SpendCpFrame(power="spain", cp=3, purpose=CpPurpose.IMPULSE, spent_on=["influence"]))
    session.state.rules_edition = FIRST_EDITION  # not the default: a copy that dropped it would differ (review)
    original = session.state
    copied = copy_state(original)
    assert copied == original
    ours: dict[int, object] = {}
    theirs: dict[int, object] = {}
    _mutable_objects(original, ours)
    _mutable_objects(copied, theirs)
    assert len(ours) > 100 and not set(ours) & set(theirs)


def test_rollout_policy_spends_cp_on_the_biggest_patron_box_and_never_loses_them(data):
    """The rollout policy keeps CP rather than lose them (GEN-6) and buys a patron in the biggest box
    it can pay for (PAT-2), as greedy mostly does."""
    session = _search_session(data, "ottoman", seed=1)
    advance_to_phase(session, Phase.ACTION)
    session.state.stack.append(SpendCpFrame(power="ottoman", cp=4, purpose=CpPurpose.IMPULSE))
    decision = engine.decision(data, session.state)
    assert decision.quiet == Choice(Verb.CP, ("done",))
    for seed in range(20):
        choice = rollout_choice(data, decision, new_rng(seed))
        assert choice in decision.choices and choice != decision.quiet
        assert choice.args[:1] == ("patronise",) and choice.args[2] == "4"


def test_a_candidate_replaces_greedys_choice_only_when_better_on_the_same_samples_by_its_spread():
    greedy = Candidate(Choice(Verb.PASS), {0: 1.0, 1: 2.0, 2: 3.0, 3: 2.0})
    noisy = Candidate(Choice(Verb.DONE), {0: 0.0, 1: 4.0, 2: 2.0, 3: 3.5})  # better on average, not steadily
    steady = Candidate(Choice(Verb.DONE), {0: 1.5, 1: 2.4, 2: 3.6, 3: 2.5})
    assert noisy.mean > greedy.mean and not noisy.better_than(greedy)
    assert steady.better_than(greedy) and not greedy.better_than(steady)
