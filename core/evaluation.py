"""What a position is worth to a power, in VP: the yardstick of the computer players (``greedy``
scores the position one decision ahead with it; ``search`` scores the end of its look-ahead).

A position is worth its VP, the next Card Draw's count (CARD-7), the CP on cards in hand, and what
is still to come by its dice expectation: pending weddings on the Royal Wedding Table (MAR-4/MAR-5),
patrons on the Patronage chart (PAT-5, PAT-7, SCI-1), CP still to spend, the Suez Canal still to dig
(SUEZ-1..SUEZ-3). Every expectation is taken over the rule modules' own functions (the wedding
rolls and payees of ``core/marriage.py``, the PAT-4 modifiers, the dig's modifiers), so a rule
changed there changes the computer players' reading of it. A power plays to win: its worth counts
against the leading rivals' (``rivals_worth``), so taking a VP from the leader is worth as much as
gaining one.
"""

from __future__ import annotations

import functools
import math

from core import marriage, patronage, suez, victory
from core.cards import card_count
from core.context import Ctx
from core.cp_spending import CpPurpose, SpendCpFrame
from core.gamedata import GameData
from core.ids import CardKind, Power
from core.marriage import ELIZABETH, ProposalAnswerFrame
from core.state import Betrothal, PatronStatus, Phase, RoyalStatus

# What things are worth, in VP (tuned with `python -m core arena`).
CARD_NEXT_DRAW = 0.5  # one more card in the next Card Draw Phase
CP_IN_HAND = 0.12  # one CP on a card still in hand, among the HAND_KEPT with the most CP
HAND_KEPT = 4  # the cards worth keeping for later impulses and turns; the others are worth only what they buy when played
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
GRAND_VIZIER_EVENT = "grand-vizier"  # the card event that digs the Suez Canal (SUEZ-1)
DIG_THIS_TURN = 0.8  # what a Suez dig still to make this turn counts for, against one made now
LATER_DIG = 0.75  # and one in a later turn, per turn away: the game may end first (WIN-5)


@functools.cache
def dice_sums(dice: int) -> tuple[tuple[int, float], ...]:
    """Each sum of ``dice`` d6 and its chance."""
    sums: dict[int, float] = {0: 1.0}
    for _ in range(dice):
        rolled: dict[int, float] = {}
        for total, chance in sums.items():
            for face in range(1, 7):
                rolled[total + face] = rolled.get(total + face, 0.0) + chance / 6
        sums = rolled
    return tuple(sorted(sums.items()))


@functools.cache
def _wedding_table_expectation(dice: int, modifier: int) -> tuple[float, float, float]:
    """MAR-5 by expectation over the wedding's dice + ``modifier``: VP, Card markers, and the chance it goes ahead."""
    vp = cards = ahead = 0.0
    for total, chance in dice_sums(dice):
        row = marriage.wedding_row(total + modifier)
        if not row.cancelled:
            vp, cards, ahead = vp + chance * row.vp, cards + chance * row.cards, ahead + chance
    return vp, cards, ahead


def wedding_worth(ctx: Ctx, betrothal: Betrothal) -> dict[str, float]:
    """The expected MAR-5 / MAR-6 result of a wedding for each power it pays, in VP."""
    state, data = ctx.state, ctx.data
    rolls = marriage.wedding_rolls(ctx, betrothal)
    dice = sum(r.dice for r in rolls)
    modifier = sum(m.value for r in rolls for m in r.modifiers)
    vp, cards, ahead = _wedding_table_expectation(dice, modifier)
    worth: dict[str, float] = {}
    for power in marriage.wedding_payees(state, data, betrothal):
        worth[power] = worth.get(power, 0.0) + vp + cards * CARD_NEXT_DRAW
    for royal_id in (betrothal.bride, betrothal.groom):
        if marriage.on_french_card(data, royal_id):
            worth[Power.FRANCE] = worth.get(Power.FRANCE, 0.0) + ahead * data.settings.marriage.valois_vp
    for _royal, power in marriage.bonus_receivers(state, data, betrothal):
        worth[power] = worth.get(power, 0.0) + MARRIAGE_BONUS
    return worth


def patron_worth(ctx: Ctx, patron_id: str, sponsor: str, box_cp: int) -> float:
    """The expected VP of evaluating a patron (PAT-5 2d6 on PAT-7 or SCI-1, with the markers left)."""
    modifier = sum(m.value for m in patronage.modifiers_for(ctx, patron_id, sponsor, box_cp))
    worth = 0.0
    if patron_id in ctx.data.artists:
        kind = ctx.data.artists[patron_id].type
        marker = functools.cache(lambda earned: patronage.best_artist_marker(ctx, earned, kind))
        for total, chance in dice_sums(2):
            row = patronage.artist_row(total + modifier)
            if row.marker:
                worth += chance * marker(row.marker)
        return worth
    bonus = SCIENTIFIC_BONUS if patronage.eligible_bonuses(ctx, sponsor) else 0.0
    marker = functools.cache(lambda award: patronage.best_scientist_marker(ctx, award))
    for total, chance in dice_sums(2):
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


def hand_worth(data: GameData, hand: list[int]) -> float:
    """The CP on the cards in hand: the HAND_KEPT with the most are worth keeping for later; the others
    no more than spending them now (play-test: computers kept 12 cards and passed, and from turn 3 the
    deck dealt everyone short, CARD-7). A home card comes back every turn (CARD-5): holding it keeps
    nothing for later turns."""
    cp = sorted((data.cards[n].cp for n in hand if data.cards[n].kind != CardKind.HOME), reverse=True)
    return CP_IN_HAND * sum(cp[:HAND_KEPT])


def position_worth(ctx: Ctx, power: str) -> float:
    """What a power's position is expected to be worth, in VP."""
    state, data = ctx.state, ctx.data
    record = state.powers[power]
    worth = float(victory.total_vp(state, data, power))
    worth += CARD_NEXT_DRAW * sum(line.value for line in card_count(ctx, power))
    worth += hand_worth(data, record.hand)
    if power == suez_power(data):
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
            if marriage.on_french_card(data, royal_id):
                worth += VALOIS_WEDS * data.settings.marriage.valois_vp
            if royal_id == ELIZABETH:
                worth += VIRGIN_QUEEN_TURN * marriage.virgin_queen_vp_left(state, data)
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


def suez_power(data: GameData) -> str:
    """The power whose Grand Vizier can dig the canal (SUEZ-1)."""
    return next((card.power for card in data.cards.values() if card.event == GRAND_VIZIER_EVENT), "")


def suez_prospect(ctx: Ctx, power: str) -> float:
    """SUEZ-1..SUEZ-3: the canal's expected worth from one Grand Vizier dig in each turn left, this
    turn's while the Grand Vizier is still in hand in the Action Phase. A dig still to make counts for
    less than one made now (``DIG_THIS_TURN``, ``LATER_DIG``: put off, it may never come); every failed
    dig adds to the later ones (SUEZ-2), so an early dig is worth more than its own 1-in-6."""
    state, settings = ctx.state, ctx.data.settings.suez
    last_turn = ctx.data.scenarios[state.scenario].last_turn
    vizier_in_hand = any(ctx.data.cards[n].event == GRAND_VIZIER_EVENT for n in state.powers[power].hand)
    dig_this_turn = vizier_in_hand and state.phase in (Phase.CARD_DRAW, Phase.NEGOTIATION, Phase.DIPLOMATIC_STATUS, Phase.ACTION)
    worth, unbuilt, attempts = 0.0, 1.0, state.suez_attempts
    for turn in range(state.turn if dig_this_turn else state.turn + 1, last_turn + 1):
        modifier = sum(m.value for m in suez.dig_modifiers(ctx, power, attempts))
        built = unbuilt * sum(1 for face in range(1, 7) if suez.builds(ctx, face + modifier)) / 6
        # built that turn: its VP, and the +1 Card marker (SUEZ-3) in each Card Draw after it
        gain = built * (settings.vp + CARD_NEXT_DRAW * (last_turn - turn))
        worth += gain * (DIG_THIS_TURN if turn == state.turn else LATER_DIG ** (turn - state.turn))
        unbuilt -= built
        attempts = suez.attempts_after_failure(ctx, attempts)
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
