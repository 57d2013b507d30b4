"""Computer players (GEN-2 seats held by a computer): ``random`` and ``greedy``.

A bot answers the pending decision of its seat with one of its legal choices; the driver
(``play_computer_turns``) feeds that choice to ``Session.choose`` exactly as a person's keypress is.
Bots never start a table action (TABLE-1): table actions record what happened at a physical table,
and a computer player sits at none.

``greedy`` looks one decision ahead on what its seat may see (``seat_knowledge``): its own hands and
the public state; other powers' hidden cards and the deck are refilled in a fixed order from the
cards it cannot see, and the RNG and any forced dice are replaced. Each legal choice is applied to a
copy of that knowledge without settling, dice inside the choice are enumerated face by face, and the
position is scored by what it is expected to be worth: VP, key spaces, the next Card Draw's count
(CARD-7), pending weddings on the Royal Wedding Table (MAR-4/MAR-5) and patrons on the chart (PAT-5,
PAT-7, SCI-1), each by its dice expectation, and the Suez Canal still to dig (SUEZ-1..SUEZ-3). A
choice that leaves the same power an immediate follow-up (an event's target or option) is worth its
best follow-up. Greedy plays to win: its worth counts against the leading rivals' (``rivals_worth``),
so taking a VP from the leader is worth as much as gaining one.
"""

from __future__ import annotations

import functools
import math
import pickle
import random
import time
from collections.abc import Callable, Iterable, Mapping
from itertools import product
from typing import Protocol

from attrs import evolve

from core import marriage, patronage, suez, victory
from core.cards import card_count
from core.choices import Choice, Decision, Verb
from core.context import Ctx
from core.cp_spending import CpPurpose, SpendCpFrame
from core.events import Event
from core.gamedata import GameData
from core.marriage import ELIZABETH, ProposalAnswerFrame
from core.registry import RULES
from core.session import Session
from core.setup import Seat, SeatKind, SetupError
from core.state import Betrothal, GameState, PatronStatus, Phase, RngState, RoyalStatus

# What things are worth to greedy, in VP (tuned with `python -m core arena`).
CARD_NEXT_DRAW = 0.5  # one more card in the next Card Draw Phase
CP_IN_HAND = 0.12  # one CP on a card still in hand
SPARE_CP = 0.04  # one CP left to spend with nothing better to buy than influence or units
INFLUENCE = 0.05  # one influence marker on a minor power (DIP-7)
ALLY = 0.3  # a minor power allied
UNIT = 0.02  # a unit raised
ROYAL_AVAILABLE = 0.3  # an unmarried royal of one's own on the display: a later wedding
VALOIS_WEDS = 0.6  # the chance a Valois on the display marries in the end, paying France (MAR-6c)
VIRGIN_QUEEN_TURN = 0.6  # each Virgin Queen VP still to come while Elizabeth stays unwed (VQ-1)
SCIENTIFIC_BONUS = 0.6  # a scientific bonus held (SCI-2)
MARRIAGE_BONUS = 0.3  # a marriage bonus held (MAR-6)
LEADER_SPREAD = 1.5  # VP: how closely the rivals' worth is weighed around the leading one (``rivals_worth``)
PROPOSAL_ACCEPTED = 0.5  # the chance a proposal to another power is accepted
POSTPONED_OPENING = 0.7  # the opening betrothal, postponed: it may still be wed later (MAR-7)
NEUTRAL_FACES = (3, 4) * 20  # faces for dice beyond the enumerated ones: the middle of the die
ENUMERATED_DICE = 2  # a choice rolling this many dice or fewer is scored over every face
GRAND_VIZIER_EVENT = "grand-vizier"  # the card event that digs the Suez Canal (SUEZ-1)
DIG_THIS_TURN = 0.8  # what a Suez dig still to make this turn counts for, against one made now
LATER_DIG = 0.75  # and one in a later turn, per turn away: the game may end first (WIN-5)


class Bot(Protocol):
    """A computer player: a legal choice for the pending decision of its seat."""

    name: str

    def choose(self, session: Session, decision: Decision) -> Choice: ...


def playable_choices(decision: Decision) -> tuple[Choice, ...]:
    """The legal choices a computer player may take: all but starting a table action (TABLE-1),
    and inside one only its cancel."""
    choices = tuple(c for c in decision.choices if c.verb is not Verb.TABLE)
    if decision.rule == "TABLE-1":
        cancel = tuple(c for c in choices if c.args == ("cancel",))
        choices = cancel or choices
    return choices or decision.choices


class RandomBot:
    """Any legal choice, uniformly; seeded from the game seed, the seat and the decision number, so a
    game replays and a bot restarted mid-game (a store load) chooses the same."""

    name = "random"

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    def choose(self, session: Session, decision: Decision) -> Choice:
        chooser = random.Random(f"{session.setup.seed}/{self.seat.name}/{len(session.actions)}")
        return chooser.choice(fresh_choices(session, decision))


# ---- what a seat may see ------------------------------------------------------------------------


def seat_knowledge(data: GameData, state: GameState, seat: Seat) -> GameState:
    """A copy of the state holding only what ``seat`` may see: its own hands and the public state.

    Other powers keep their home cards (CARD-5 makes them public) and as many other cards as they
    hold, refilled with the deck from the cards the seat cannot see, in number order; the deck order,
    the RNG and forced dice or picks are not carried over."""
    unseen = sorted(
        [n for p, ps in state.powers.items() if p not in seat.powers for n in ps.hand if data.cards[n].kind != "home"]
        + state.cards.deck
    )
    powers = {}
    for power_id, power in state.powers.items():
        if power_id in seat.powers:
            powers[power_id] = power
            continue
        home = [n for n in power.hand if data.cards[n].kind == "home"]
        hidden = len(power.hand) - len(home)
        powers[power_id] = evolve(power, hand=home + unseen[:hidden])
        del unseen[:hidden]
    known = evolve(state, rng=RngState(state=0), powers=powers, cards=evolve(state.cards, deck=unseen))
    return pickle.loads(pickle.dumps(known, pickle.HIGHEST_PROTOCOL))


# ---- expectations -------------------------------------------------------------------------------

# 2d6: each sum and its chance
_TWO_DICE = tuple((total, (6 - abs(total - 7)) / 36) for total in range(2, 13))


@functools.cache
def _wedding_table_expectation(modifier: int) -> tuple[float, float, float]:
    """MAR-5 by expectation over 2d6 + ``modifier``: VP, Card markers, and the chance it goes ahead."""
    vp = cards = ahead = 0.0
    for total, chance in _TWO_DICE:
        row = marriage.wedding_row(total + modifier)
        if not row.cancelled:
            vp, cards, ahead = vp + chance * row.vp, cards + chance * row.cards, ahead + chance
    return vp, cards, ahead


def _wedding_modifier(ctx: Ctx, betrothal: Betrothal) -> int:
    """MAR-4: the sum of the modifiers added to a wedding's 2d6 (one die a side, or two for one power)."""
    state, data = ctx.state, ctx.data
    festivities = ctx.data.settings.marriage.festivities_modifier if betrothal.festivities else 0

    def side(royal_id: str) -> int:
        bonus = festivities if data.royals[royal_id].power == "france" else 0
        return state.royals[royal_id].eligibility + bonus

    bride_side = marriage.side_power(state, data, betrothal.bride)
    groom_side = marriage.side_power(state, data, betrothal.groom)
    if bride_side == groom_side and marriage.MARY not in (betrothal.bride, betrothal.groom):
        higher = max((betrothal.bride, betrothal.groom), key=lambda r: state.royals[r].eligibility)
        return side(higher)
    return side(betrothal.bride) + side(betrothal.groom)


def wedding_worth(ctx: Ctx, betrothal: Betrothal) -> dict[str, float]:
    """The expected MAR-5 / MAR-6 result of a wedding for each power it pays, in VP."""
    state, data = ctx.state, ctx.data
    sides = {marriage.side_power(state, data, r) for r in (betrothal.bride, betrothal.groom)}
    worth = dict.fromkeys(sides, 0.0)
    vp, cards, ahead = _wedding_table_expectation(_wedding_modifier(ctx, betrothal))
    for power in sides:
        worth[power] += vp + cards * CARD_NEXT_DRAW
    if "france" in worth:
        valois = sum(1 for r in (betrothal.bride, betrothal.groom) if data.royals[r].family == "V")
        worth["france"] += ahead * valois * data.settings.marriage.valois_vp
    for royal_id, spouse in ((betrothal.bride, betrothal.groom), (betrothal.groom, betrothal.bride)):
        if data.royals[royal_id].marriage_bonus:
            spouse_power = marriage.side_power(state, data, spouse)
            worth[spouse_power] = worth.get(spouse_power, 0.0) + MARRIAGE_BONUS
    return worth


def _patron_total_modifier(ctx: Ctx, patron_id: str, sponsor: str, box_cp: int) -> int:
    """PAT-4 modifiers of a patron as if ``sponsor`` had it in the ``box_cp`` box (on a scratch state)."""
    patrons = ctx.state.artists if patron_id in ctx.data.artists else ctx.state.scientists
    patron = patrons[patron_id]
    saved = (patron.sponsor, patron.box_cp)
    patron.sponsor, patron.box_cp = sponsor, box_cp
    try:
        return sum(m.value for m in patronage.modifiers(ctx, patron_id))
    finally:
        patron.sponsor, patron.box_cp = saved


def patron_worth(ctx: Ctx, patron_id: str, sponsor: str, box_cp: int) -> float:
    """The expected VP of evaluating a patron (PAT-5 2d6 on PAT-7 or SCI-1, with the markers left)."""
    modifier = _patron_total_modifier(ctx, patron_id, sponsor, box_cp)
    worth = 0.0
    if patron_id in ctx.data.artists:
        kind = ctx.data.artists[patron_id].type
        marker = functools.cache(lambda earned: patronage.best_artist_marker(ctx, earned, kind))
        for total, chance in _TWO_DICE:
            row = patronage.artist_row(total + modifier)
            if row.marker:
                worth += chance * marker(row.marker)
        return worth
    bonus = SCIENTIFIC_BONUS if patronage.eligible_bonuses(ctx, sponsor) else 0.0
    marker = functools.cache(lambda award: patronage.best_scientist_marker(ctx, award))
    for total, chance in _TWO_DICE:
        row = patronage.scientist_row(total + modifier)
        worth += chance * max((marker(vp) + count * bonus for vp, count in row.awards), default=0.0)
    return worth


def _sponsoring_worth(ctx: Ctx, power: str, kind: str, box_cp: int) -> float:
    """PAT-2: a patron drawn at random from the power's pool, by expectation (0 when PAT-1/PAT-3 refuse)."""
    if patronage.cp_refusal(ctx, power, kind) is not None:
        return 0.0
    candidates = patronage.pool(ctx, power, kind)
    return sum(patron_worth(ctx, p, power, box_cp) for p in candidates) / len(candidates)


def spending_worth(ctx: Ctx, frame: SpendCpFrame) -> float:
    """What the CP left in a spending frame are worth: the best artist and scientist it can pay for."""
    if frame.purpose is CpPurpose.COURTSHIP:
        return frame.cp * SPARE_CP
    boxes = [0, *sorted(int(b) for b in ctx.data.settings.patronage.cp_modifier)]
    artist = {b: _sponsoring_worth(ctx, frame.power, patronage.ARTIST, b) if b else 0.0 for b in boxes if b <= frame.cp}
    scientist = {b: _sponsoring_worth(ctx, frame.power, patronage.SCIENTIST, b) if b else 0.0 for b in boxes if b <= frame.cp}
    return max(
        artist[a] + scientist[s] + (frame.cp - a - s) * SPARE_CP
        for a in artist
        for s in scientist
        if a + s <= frame.cp
    )


def position_worth(ctx: Ctx, power: str) -> float:
    """What a power's position is expected to be worth, in VP."""
    state, data = ctx.state, ctx.data
    record = state.powers[power]
    worth = float(victory.total_vp(state, data, power))
    worth += CARD_NEXT_DRAW * sum(line.value for line in card_count(ctx, power))
    # a home card comes back every turn (CARD-5): holding it keeps nothing for later turns
    worth += CP_IN_HAND * sum(data.cards[n].cp for n in record.hand if data.cards[n].kind != "home")
    if power == _suez_power(data):
        if state.suez_built:  # its +1 Card marker in the Card Draws after the next one (SUEZ-3)
            worth += CARD_NEXT_DRAW * max(0, data.scenarios[state.scenario].last_turn - state.turn - 1)
        else:
            worth += suez_prospect(ctx, power)
    worth += SCIENTIFIC_BONUS * sum(1 for holder in state.markers.bonus_holders.values() if holder == power)
    for kind in (state.artists, state.scientists):
        for patron_id, patron in kind.items():
            if patron.status is PatronStatus.SPONSORED and patron.sponsor == power:
                worth += patron_worth(ctx, patron_id, power, patron.box_cp)
    for minor in state.minors.values():
        worth += INFLUENCE * minor.influence.get(power, 0) + (ALLY if minor.ally == power else 0.0)
    worth += UNIT * sum(u.regulars + u.mercenaries for s in state.spaces.values() for p, u in s.units.items() if p == power)
    for royal_id, royal in state.royals.items():
        if royal.status is RoyalStatus.AVAILABLE and marriage.side_power(state, data, royal_id) == power:
            worth += ROYAL_AVAILABLE
            if data.royals[royal_id].family == "V":  # MAR-6c: a Valois married is 1 VP on the French card
                worth += VALOIS_WEDS * data.settings.marriage.valois_vp
            if royal_id == ELIZABETH:
                left = data.settings.marriage.virgin_queen_vp_cap - record.virgin_queen_vp
                worth += VIRGIN_QUEEN_TURN * left
    for betrothal in state.betrothals:
        weight = 1.0 if betrothal.resolve_this_turn else POSTPONED_OPENING
        worth += weight * wedding_worth(ctx, betrothal).get(power, 0.0)
    for frame in state.stack:
        if isinstance(frame, SpendCpFrame) and frame.power == power:
            worth += spending_worth(ctx, frame)
        elif isinstance(frame, ProposalAnswerFrame):
            proposed = Betrothal(bride=frame.royal_a, groom=frame.royal_b)
            worth += PROPOSAL_ACCEPTED * wedding_worth(ctx, proposed).get(power, 0.0)
    return worth


def _suez_power(data: GameData) -> str:
    """The power whose Grand Vizier can dig the canal (SUEZ-1)."""
    return next((card.power for card in data.cards.values() if card.event == GRAND_VIZIER_EVENT), "")


def suez_prospect(ctx: Ctx, power: str) -> float:
    """SUEZ-1..SUEZ-3: the canal's expected worth from one Grand Vizier dig in each turn left, this
    turn's while the Grand Vizier is still in hand in the Action Phase. A dig still to make counts for
    less than one made now (``DIG_THIS_TURN``, ``LATER_DIG``: put off, it may never come); every failed
    dig adds +1 to the later ones (SUEZ-2), so an early dig is worth more than its own 1-in-6."""
    state, settings = ctx.state, ctx.data.settings.suez
    excavation = settings.excavation_bonus if state.markers.bonus_holders.get(suez.EXCAVATION) == power else 0
    last_turn = ctx.data.scenarios[state.scenario].last_turn
    vizier_in_hand = any(ctx.data.cards[n].event == GRAND_VIZIER_EVENT for n in state.powers[power].hand)
    dig_this_turn = vizier_in_hand and state.phase in (Phase.CARD_DRAW, Phase.NEGOTIATION, Phase.DIPLOMATIC_STATUS, Phase.ACTION)
    worth, unbuilt, attempts = 0.0, 1.0, state.suez_attempts
    for turn in range(state.turn if dig_this_turn else state.turn + 1, last_turn + 1):
        modifier = min(attempts, settings.boxes) * settings.box_bonus + excavation
        built = unbuilt * min(1.0, max(0.0, (7 - settings.target + modifier) / 6))
        # built that turn: its VP, and the +1 Card marker (SUEZ-3) in each Card Draw after it
        gain = built * (settings.vp + CARD_NEXT_DRAW * (last_turn - turn))
        worth += gain * (DIG_THIS_TURN if turn == state.turn else LATER_DIG ** (turn - state.turn))
        unbuilt -= built
        attempts += 1
    return worth


def rivals_worth(worths: list[float]) -> float:
    """What the rivals' worth counts against one's own: the leading rival's, softened towards those
    close behind it (a log-sum-exp over ``LEADER_SPREAD``), so a power plays to beat the leader and
    still minds the runner-up, but not the powers far behind."""
    top = max(worths)
    return top + LEADER_SPREAD * math.log(sum(math.exp((w - top) / LEADER_SPREAD) for w in worths))


def score(ctx: Ctx, power: str) -> float:
    """A power's worth against its rivals': what it plays to win by (WIN-5)."""
    rivals = [position_worth(ctx, p) for p in ctx.data.power_ids if p != power]
    return position_worth(ctx, power) - rivals_worth(rivals)


# ---- one decision ahead ---------------------------------------------------------------------------


def _apply(data: GameData, state: GameState, power: str, choice: Choice, faces: Iterable[int]) -> list[Event]:
    """Apply a legal choice to a scratch copy without settling, its dice forced to ``faces``."""
    state.rng.forced_dice = [*faces, *NEUTRAL_FACES]
    ctx = Ctx(data, state, rules=RULES)
    frame = state.stack[-1]
    choose = RULES.procedure(frame).choose
    assert choose is not None
    choose(ctx, frame, choice)
    return ctx.events


def _follow_up(ctx: Ctx, power: str) -> Decision | None:
    """The decision a choice leaves to the same power at once, such as an event's target (City State
    Rebels, Assassination) or option (Grand Vizier): the choice is worth its best follow-up. CP to
    spend are valued by ``spending_worth`` instead, and response windows are not looked into."""
    state = ctx.state
    if state.phase is Phase.GAME_OVER or not state.stack or isinstance(state.stack[-1], SpendCpFrame):
        return None
    decide = RULES.procedure(state.stack[-1]).decide
    pending = decide(ctx, state.stack[-1]) if decide is not None else None
    if pending is None or pending.power != power or any(c.verb is Verb.NO_RESPONSE for c in pending.choices):
        return None
    return pending


def expected_score(data: GameData, known: bytes, power: str, choice: Choice, look_further: bool = True) -> float:
    """The score after a choice, by expectation over the dice it rolls (each face enumerated)."""
    state: GameState = pickle.loads(known)
    events = _apply(data, state, power, choice, ())
    dice = sum(len(e.roll.faces) for e in events if e.roll is not None)
    ctx = Ctx(data, state, rules=RULES)
    if dice == 0 and look_further and (follow_up := _follow_up(ctx, power)) is not None:
        after = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
        return max(expected_score(data, after, power, c, look_further=False) for c in playable_choices(follow_up))
    if not 1 <= dice <= ENUMERATED_DICE:
        return score(ctx, power)
    total = 0.0
    for faces in product(range(1, 7), repeat=dice):
        state = pickle.loads(known)
        _apply(data, state, power, choice, faces)
        total += score(Ctx(data, state, rules=RULES), power)
    return total / 6**dice


# The verbs of the Negotiation Segment and the response windows inside it (GEN-7, CARD-2).
_NEGOTIATION_VERBS = frozenset({Verb.PROPOSE, Verb.DONE, Verb.OPENING, Verb.LOUISE, Verb.ACCEPT, Verb.DECLINE, Verb.RESPOND, Verb.NO_RESPONSE})


def proposals_this_segment(session: Session, power: str) -> set[str]:
    """The proposals ``power`` made since the Negotiation Segment began (the public action log), so
    greedy does not offer again what was declined (GEN-7 ends only when every power is done)."""
    made: set[str] = set()
    for action in reversed(session.actions):
        choice = Choice.parse(action.choice)
        if choice.verb not in _NEGOTIATION_VERBS:
            break
        if choice.verb is Verb.PROPOSE and action.actor == power:
            made.add(action.choice)
    return made


def mandatory_first(data: GameData, choices: tuple[Choice, ...]) -> tuple[Choice, ...]:
    """CARD-1: a Mandatory event held must be played this turn whatever else is played, so greedy plays
    it first; one decision ahead, putting it off looks better and would spend every other card first."""
    mandatory = tuple(c for c in choices if c.verb is Verb.PLAY and data.cards[int(c.args[0])].kind == "mandatory")
    return mandatory or choices


def fresh_choices(session: Session, decision: Decision) -> tuple[Choice, ...]:
    """The playable choices less the proposals this power already made in this Negotiation Segment:
    each one made again reopens the segment for everyone (GEN-7), a hand-off each in hotseat."""
    made = proposals_this_segment(session, decision.power)
    return tuple(c for c in playable_choices(decision) if str(c) not in made) or playable_choices(decision)


class GreedyBot:
    """The choice whose position, one decision ahead, is worth most (``score``); ties: the first."""

    name = "greedy"

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    def choose(self, session: Session, decision: Decision) -> Choice:
        choices = mandatory_first(session.data, fresh_choices(session, decision))
        if len(choices) == 1:
            return choices[0]
        known = pickle.dumps(seat_knowledge(session.data, session.state, self.seat), pickle.HIGHEST_PROTOCOL)
        scored = [(expected_score(session.data, known, decision.power, c), -i, c) for i, c in enumerate(choices)]
        return max(scored)[2]


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(seat: Seat) -> Bot:
    if seat.bot not in BOTS:
        raise SetupError(f"seat {seat.name!r}: unknown computer player {seat.bot!r} (known: {', '.join(BOTS)})")
    return BOTS[seat.bot](seat)


def bots_for(seats: Iterable[Seat]) -> dict[str, Bot]:
    """Seat name -> its computer player, for every computer seat."""
    return {seat.name: make_bot(seat) for seat in seats if seat.kind is SeatKind.COMPUTER}


def computer_to_decide(session: Session, bots: Mapping[str, Bot]) -> tuple[Bot, Decision] | None:
    """The computer player whose decision is pending, with it; None at a person's decision, a table
    action (people record those, TABLE-1), or the game's end."""
    decision = session.decision
    if decision is None or decision.power not in session.state.powers:
        return None
    bot = bots.get(session.seat_of(decision.power).name)
    return (bot, decision) if bot is not None else None


def play_computer_turns(
    session: Session,
    bots: Mapping[str, Bot],
    after_each: Callable[[Session], None] | None = None,
    record: Callable[[str, Choice], list[Event]] | None = None,
    until: float | None = None,
    events: list[Event] | None = None,
) -> list[Event]:
    """Take decisions while the pending one belongs to a computer seat; the events they caused,
    appended to ``events`` as each decision is taken (so none are lost if ``record`` raises).
    ``record`` takes a decision (``session.choose``; a store game's goes through the store);
    ``after_each`` runs after every decision (the arena's invariant checks); past ``until`` (a
    ``time.perf_counter()`` deadline) play stops after the decision in hand (the app's event loop)."""
    events = [] if events is None else events
    record = record or session.choose
    while (bot_and_decision := computer_to_decide(session, bots)) is not None:
        bot, decision = bot_and_decision
        events += record(decision.power, bot.choose(session, decision))
        if after_each is not None:
            after_each(session)
        if until is not None and time.perf_counter() > until:
            break
    return events
