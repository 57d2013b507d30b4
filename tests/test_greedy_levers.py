"""Greedy plays to win: the levers it pulls against the leader, each on a small position."""

from __future__ import annotations

import pytest

from core.arena import bot_seats
from core.bots import GreedyBot
from core.evaluation import rivals_worth, suez_prospect
from core.choices import Choice, Verb
from core.marriage import ProposalAnswerFrame
from core.session import Session
from core.setup import Setup
from core.state import Phase, VpEntry
from tests.conftest import advance_to_phase, advance_until, choose, ctx, give, resettle, to_impulse_of

CITY_STATE_REBELS = 17
GRAND_VIZIER = 1
FOREIGN_WAR = 23
ASSASSINATION = 20
OPERATIONS_1 = 101
OPERATIONS_3 = 126


def greedy_session(data, power: str, seed: int = 1) -> Session:
    return Session.new(data, Setup(seed=seed, seats=bot_seats(data, (power,))), keep_undo=False)


def greedy_choice(session: Session, power: str) -> Choice:
    decision = session.decision
    assert decision is not None and decision.power == power
    return GreedyBot(session.setup.seat_of(power)).choose(session, decision)


def lead(session: Session, power: str, vp: int) -> None:
    """Give ``power`` extra VP (a ledger entry), so it leads the table."""
    session.state.powers[power].vp_entries.append(VpEntry(rule="MAR-5", amount=vp, reason="test lead", turn=session.state.turn))


def test_rivals_worth_is_the_leader_softened_towards_those_close_behind():
    assert rivals_worth([20.0, 5.0, 4.0]) == pytest.approx(20.0, abs=0.01)
    assert rivals_worth([20.0, 20.0]) > rivals_worth([20.0, 10.0]) > 20.0


def test_greedy_ottoman_frees_metz_with_city_state_rebels_when_france_leads(data):
    """IND-3: City State Rebels on France's Metz takes a key (and its VP) from the leader."""
    session = greedy_session(data, "ottoman")
    to_impulse_of(session, "ottoman", [CITY_STATE_REBELS, OPERATIONS_1])
    lead(session, "france", 8)
    assert str(greedy_choice(session, "ottoman")) == f"play {CITY_STATE_REBELS} event"
    choose(session, f"play {CITY_STATE_REBELS} event")
    assert str(greedy_choice(session, "ottoman")) == "pick metz"


def test_greedy_ottoman_keeps_the_grand_vizier_to_dig_and_pays_patronage_with_another_card(data):
    """SUEZ-1/SUEZ-2: the dig is worth more than its 1-in-6 (each failure adds +1 later), so an
    operations card pays for the artist (PAT-2) and the Grand Vizier digs in the next impulse."""
    session = greedy_session(data, "ottoman")
    to_impulse_of(session, "ottoman", [GRAND_VIZIER, OPERATIONS_3])
    assert str(greedy_choice(session, "ottoman")) == f"play {OPERATIONS_3} cp"
    choose(session, f"play {OPERATIONS_3} cp")
    assert str(greedy_choice(session, "ottoman")) == "cp patronise artist 3"
    choose(session, "cp patronise artist 3")
    advance_until(session, lambda s: s.decision.power == "ottoman" and any(c.verb is Verb.PLAY for c in s.decision.choices))
    assert str(greedy_choice(session, "ottoman")) == f"play {GRAND_VIZIER} event"
    choose(session, f"play {GRAND_VIZIER} event")
    assert str(greedy_choice(session, "ottoman")) == "pick dig-suez"


def test_suez_prospect_grows_with_each_failed_dig(data):
    """SUEZ-2: every box of the attempts marker adds +1 to later digs."""
    session = greedy_session(data, "ottoman")
    advance_to_phase(session, Phase.ACTION)
    before = suez_prospect(ctx(data, session.state), "ottoman")
    session.state.suez_attempts = 2
    assert suez_prospect(ctx(data, session.state), "ottoman") > before


def _france_proposes_to_empire(data, leader: str) -> Session:
    session = greedy_session(data, "empire")
    advance_to_phase(session, Phase.NEGOTIATION)
    lead(session, leader, 8)
    frame = ProposalAnswerFrame(proposer="france", answerer="empire", royal_a="henry-iii", royal_b="anna-of-austria")
    session.state.stack.append(frame)
    session.refresh()
    return session


def test_greedy_declines_a_wedding_that_pays_the_leader_more_than_itself(data):
    """MAR-2 / MAR-6c: a Valois wedding pays France the table's VP and 1 VP more; with France
    leading, greedy declines it, and accepts the same offer while France is far behind."""
    assert str(greedy_choice(_france_proposes_to_empire(data, "france"), "empire")) == "decline"
    assert str(greedy_choice(_france_proposes_to_empire(data, "spain"), "empire")) == "accept"


def test_greedy_plays_a_mandatory_event_before_any_other_card(data):
    """CARD-1: the Mandatory event must be played this turn; greedy plays it first rather than
    spending every other card to put it off."""
    session = greedy_session(data, "empire")
    to_impulse_of(session, "empire", [OPERATIONS_3, OPERATIONS_1])
    give(session.state, "empire", FOREIGN_WAR)
    resettle(session)
    assert str(greedy_choice(session, "empire")) == f"play {FOREIGN_WAR} event"


@pytest.mark.parametrize(("leader", "target"), [("france", "henry-iii"), ("england", "elizabeth-i")])
def test_greedy_assassinates_the_leaders_royal(data, leader, target):
    """MAR-8: Henry III is a Valois France would be paid for marrying (MAR-6c); Elizabeth I unwed
    brings England Virgin Queen VP (VQ-1). Greedy's target is the leader's."""
    session = greedy_session(data, "protestant")
    to_impulse_of(session, "protestant", [ASSASSINATION, OPERATIONS_1])
    lead(session, leader, 8)
    assert str(greedy_choice(session, "protestant")) == f"play {ASSASSINATION} event"
    choose(session, f"play {ASSASSINATION} event")
    assert str(greedy_choice(session, "protestant")) == f"pick {target}"


def test_greedy_plays_the_cards_beyond_those_worth_keeping_rather_than_pass_card_7(data):
    """Walkthrough play-test: the computers passed with 12 cards in hand, and from turn 3 the deck dealt
    everyone short (CARD-7: a courtship's +2 cards came to nothing). Only the HAND_KEPT cards with the
    most CP are worth keeping for later; with more in hand, greedy plays one for CP (GEN-6)."""
    from core.evaluation import HAND_KEPT, hand_worth

    few = list(range(101, 101 + HAND_KEPT))
    assert hand_worth(data, [*few, 101 + HAND_KEPT]) == hand_worth(data, few) > hand_worth(data, few[1:])
    session = greedy_session(data, "spain")
    to_impulse_of(session, "spain", [OPERATIONS_1])
    assert str(greedy_choice(session, "spain")) == "pass"  # one card: kept for a later impulse
    session = greedy_session(data, "spain")
    to_impulse_of(session, "spain", list(range(101, 101 + HAND_KEPT + 3)))
    assert greedy_choice(session, "spain").verb is Verb.PLAY
