"""Marriage (MAR-1..MAR-9), Elizabeth I (VQ-1, VQ-2) and aging (AGE-1)."""

from __future__ import annotations

from attrs import Factory, define, frozen

from core import catholic_league
from core.cards import add_card_marker, card_title
from core.choices import Choice, Decision, Option, Quiet, Refusal, Verb
from core.context import Ctx
from core.cp_spending import CpPurpose, SpendCpFrame
from core.events import Modifier, signed
from core.gamedata import GameData
from core.i18n import N_, Message, _, msg
from core.ids import Family, Minor, Power, Sex
from core.procedures import CardEvent, Moment, Procedure, pick
from core.state import FOURTH_EDITION, THIRD_EDITION, Betrothal, Frame, GameState, LeaderStatus, Phase, RoyalStatus


@define
class ProposalAnswerFrame(Frame):
    proposer: str
    answerer: str
    royal_a: str
    royal_b: str


@define
class MarriagePhaseFrame(Frame):
    """Betrothals still to resolve this phase, by bride id (a royal is in one betrothal at most)."""

    queue: list[str] = Factory(list)


@define
class CourtshipChoiceFrame(Frame):
    bride: str


@define
class AssassinationFrame(Frame):
    """The Assassination event waits for its player to name the target (MAR-8)."""

    power: str
    card: int


ELIZABETH = "elizabeth-i"
MARY = "mary-queen-of-scots"
WILLIAM_OF_ORANGE = "william-of-orange"
# MAR-8: the royals the Assassination event may target (the sources name them).
ASSASSINATION_TARGETS = ("elizabeth-i", "henry-iii", "henry-of-navarre", "william-of-orange")


@frozen
class WeddingRow:
    low: int
    high: int
    name: str
    vp: int = 0
    cards: int = 0
    wife_dies: bool = False
    husband_dies: bool = False
    cancelled: bool = False


# MAR-5 Royal Wedding Table; "each" = each of the two powers involved.
ROYAL_WEDDING_TABLE: tuple[WeddingRow, ...] = (
    WeddingRow(15, 99, N_("Founders of a Dynasty"), vp=2),
    WeddingRow(14, 14, N_("True Love"), vp=1, cards=1),
    WeddingRow(13, 13, N_("Many Heirs"), vp=1),
    WeddingRow(12, 12, N_("Benevolent Rulers"), cards=1),
    WeddingRow(10, 11, N_("No Issue")),
    WeddingRow(9, 9, N_("Last Minute Cancellation"), cancelled=True),
    WeddingRow(8, 8, N_("Forever Feuding"), cards=-1),
    WeddingRow(7, 7, N_("Death in Childbirth"), wife_dies=True),
    WeddingRow(-99, 6, N_("Murder Rumours"), husband_dies=True),  # [D] "6" read as "6 or less"
)


@frozen
class CourtshipRow:
    roll: int
    name: str
    cards: int = 0
    cp: int = 0


# VQ-2 Elizabeth's suitors table.
COURTSHIP_TABLE: tuple[CourtshipRow, ...] = (
    CourtshipRow(6, N_("gain 2 extra cards"), cards=2),
    CourtshipRow(5, N_("gain 1 extra card"), cards=1),
    CourtshipRow(4, N_("spend 4 CP on diplomatic influence and/or mercenaries"), cp=4),
    CourtshipRow(3, N_("spend 3 CP on diplomatic influence and/or mercenaries"), cp=3),
    CourtshipRow(2, N_("spend 2 CP on diplomatic influence and/or mercenaries"), cp=2),
    CourtshipRow(1, N_("no effect")),
)

# A royal's status, in a refusal (MAR-3) and on the Available to Wed display (MAR-1).
ROYAL_STATUS_TEXT = {
    RoyalStatus.NOT_IN_PLAY: N_("not yet in play"),
    RoyalStatus.AVAILABLE: N_("available"),
    RoyalStatus.BETROTHED: N_("betrothed"),
    RoyalStatus.MARRIED: N_("married"),
    RoyalStatus.ON_FRENCH_CARD: N_("married, on the French card"),
    RoyalStatus.DEAD: N_("dead"),
}
# MAR-6 [D]: what a royal's marriage bonus is for (royals.toml ``marriage_bonus``).
MARRIAGE_BONUS_TEXT = {"patronage": N_("patronage")}


def wedding_row(total: int) -> WeddingRow:
    return next(row for row in ROYAL_WEDDING_TABLE if row.low <= total <= row.high)


def courtship_row(roll: int) -> CourtshipRow:
    return next(row for row in COURTSHIP_TABLE if row.roll == roll)


# ---- who acts for a royal --------------------------------------------------------------------


def side_power(state: GameState, data: GameData, royal_id: str) -> str:
    """The major power that proposes, accepts and rolls for a royal (MAR-9: Scotland's ally for Mary)."""
    home = data.royals[royal_id].power
    if home == Minor.SCOTLAND:
        return state.minors[Minor.SCOTLAND].ally if Minor.SCOTLAND in state.minors else ""
    return home


def betrothal_of(state: GameState, royal_id: str) -> Betrothal | None:
    return next((b for b in state.betrothals if royal_id in (b.bride, b.groom)), None)


def betroth(state: GameState, data: GameData, a: str, b: str, opening: bool = False) -> Betrothal:
    """MAR-2: the two royals are betrothed until their resolution."""
    bride, groom = (a, b) if data.royals[a].sex == Sex.FEMALE else (b, a)
    betrothal = Betrothal(bride=bride, groom=groom, opening=opening, resolve_this_turn=not opening)
    state.betrothals.append(betrothal)
    state.royals[bride].status = RoyalStatus.BETROTHED
    state.royals[groom].status = RoyalStatus.BETROTHED
    return betrothal


# ---- MAR-3 restrictions ---------------------------------------------------------------------------


def refusal(ctx: Ctx, proposer: str, a: str, b: str) -> Refusal | None:
    """Why a proposal of royals a and b by ``proposer`` is refused (MAR-3), or None if allowed."""
    return _ProposalChecks(ctx, proposer).refusal(a, b)


class _ProposalChecks:
    """Why proposals by one power are refused (MAR-2, MAR-3, MAR-9, CL-5), checked in this order; what
    depends on one royal (or the power acting for them) alone is worked out once, for every royal (a
    Negotiation decision lists every pair). ``sides``: each royal's ``side_power``, when the caller
    has them."""

    def __init__(self, ctx: Ctx, proposer: str, sides: dict[str, str] | None = None) -> None:
        self.ctx = ctx
        self.proposer = proposer
        royals = ctx.data.royals
        self.sides = sides if sides is not None else {r: side_power(ctx.state, ctx.data, r) for r in royals}
        # MAR-2 / MAR-3: why a royal cannot be offered or asked for now, as far as their status says
        status_refusals = ctx.tables.memo("royal status refusals", _status_refusals, ctx.data)
        self.unavailable = {r: status_refusals.get((r, ctx.state.royals[r].status)) for r in royals}
        self.captive = {r: _captive(ctx, r) for r in royals}
        self.no_deal_with = {other: _no_deal(ctx, proposer, other) for other in set(self.sides.values())}

    def refusal(self, a: str, b: str) -> Refusal | None:
        ctx, proposer = self.ctx, self.proposer
        data = ctx.data
        if a not in data.royals or b not in data.royals:
            return msg("unknown royal '{royal}'", royal=a if a not in data.royals else b)
        if a == b:
            return msg("MAR-3: a royal cannot marry themself")
        if self.sides[a] != proposer:
            return msg("MAR-2: {royal} is not a royal {power} may offer", royal=ctx.name(a), power=ctx.power_term(proposer))
        unavailable = self.unavailable[a] or self.unavailable[b]
        if unavailable is not None:
            return unavailable
        same_sex = sex_refusal(data, a, b)
        if same_sex is not None:
            return same_sex
        ra, rb = data.royals[a], data.royals[b]
        if ra.family and ra.family == rb.family:
            if ra.family == Family.VALOIS:
                return msg("MAR-3b: both royals are Valois")
            if ra.family == Family.HABSBURG:
                return msg("MAR-3b: both royals are Habsburg")
            return msg("MAR-3b: both royals are {house}", house=Family(ra.family).house)
        return self.no_deal_with[self.sides[b]] or self.captive[a] or self.captive[b]


def sex_refusal(data: GameData, a: str, b: str) -> Message | None:
    """MAR-3 [D]: the two royals must be of opposite sex."""
    return msg("MAR-3: the two royals must be of opposite sex") if data.royals[a].sex == data.royals[b].sex else None


def _status_refusals(data: GameData) -> dict[tuple[str, RoyalStatus], Message]:
    """Each royal's refusal in each status but available (messages of the data alone)."""
    refusals = {}
    for royal in data.royals.values():
        refusals[royal.id, RoyalStatus.BETROTHED] = msg("MAR-2: {royal} is already betrothed", royal=royal.name)
        for status in RoyalStatus:
            if status not in (RoyalStatus.AVAILABLE, RoyalStatus.BETROTHED):
                shown_status = Message(ROYAL_STATUS_TEXT.get(status, status.value))
                refusals[royal.id, status] = msg("MAR-3: {royal} is not on the Available to Wed display ({status})", royal=royal.name, status=shown_status)
    return refusals


def _no_deal(ctx: Ctx, proposer: str, other: str) -> Refusal | None:
    """MAR-9 / MAR-3a / CL-5: why ``proposer`` can make no deal with ``other``, the power acting for the
    royal asked for ("": no one acts for them)."""
    if not other:
        return msg("MAR-9: Scotland has no ally to act for Mary Queen of Scots")
    if other != proposer and ctx.at_war(proposer, other):
        return msg("MAR-3a: {power} and {other} are at war", power=ctx.power_term(proposer), other=ctx.power_term(other))
    return catholic_league.deal_refusal(ctx.state, proposer, other) or None


def _captive(ctx: Ctx, royal_id: str) -> Message | None:
    """MAR-3c / MAR-3d: a royal held captive cannot be betrothed."""
    state = ctx.state
    if royal_id == MARY and state.royals[MARY].captured:
        return msg("MAR-3c: Mary Queen of Scots is captured in England")
    leader = ctx.tables.leader_of_royal.get(royal_id)
    if leader is not None and state.leaders[leader].status is LeaderStatus.CAPTURED:
        return msg("MAR-3d: {royal} is a captured military leader", royal=ctx.data.royals[royal_id].name)
    return None


def proposal_options(ctx: Ctx, power: str) -> list[Option]:
    """MAR-2: a marriage of each royal this power may offer, with the MAR-3 refusal of each one not allowed now."""
    state, data = ctx.state, ctx.data
    options = []
    sides = {r: side_power(state, data, r) for r in data.royals}
    available = RoyalStatus.AVAILABLE  # read once, not per royal
    own = [r for r in data.royals if sides[r] == power and state.royals[r].status is available]
    if not own:
        return options
    checks = _ProposalChecks(ctx, power, sides)
    propose = Verb.PROPOSE  # read once, not per pair
    once_with_mary = state.rules_edition >= FOURTH_EDITION
    for a in own:
        sex = data.royals[a].sex
        for b, royal in data.royals.items():
            if a == b or royal.sex == sex:
                continue
            if b in own and a > b and (MARY not in (a, b) or once_with_mary):
                continue  # a same-power pair once, not twice (Mary and her ally's royal too: rules review)
            other = sides[b]
            to = ("for-mary" if MARY in (a, b) else "announce") if other == power else other
            status = state.royals[b].status
            # the label is in this terminal's language: made once per data and language
            if status is not available:
                # ``refusal`` checks nothing before the other royal's status for a royal of one's own: the
                # pair is refused for that status alone, and made once refused so (MAR-2, MAR-3)
                options.append(ctx.tables.memo((propose, a, b, to, status), _unavailable_proposal, ctx, a, b, to, status))
                continue
            option = ctx.tables.memo((propose, a, b, to), _proposal, ctx, a, b, to)
            options.append(option.with_refusal(checks.refusal(a, b) or ""))
    return options


def _unavailable_proposal(ctx: Ctx, a: str, b: str, to: str, status: RoyalStatus) -> Option:
    status_refusals = ctx.tables.memo("royal status refusals", _status_refusals, ctx.data)
    return _proposal(ctx, a, b, to).with_refusal(status_refusals[b, status])


def _proposal(ctx: Ctx, a: str, b: str, to: str) -> Option:
    """Proposing royals a and b to the power ``to`` ("announce": one's own; "for-mary": Mary Queen of Scots,
    for whom Scotland's ally answers; "": no one acts for her)."""
    if to == "announce":
        whom = _("announce")
    elif to == "for-mary":  # Russian play-test: "(announce)" read as the same-power wedding MAR-9 says it never is
        whom = _("you answer for her as Scotland's ally; resolved at once, MAR-9")
    elif to:
        whom = _("to {power}").format(power=ctx.power_term(to))
    else:
        whom = _("no one acts for her")
    return Option(Choice(Verb.PROPOSE, (a, b), _("Marriage: {a} + {b} ({whom})").format(a=ctx.name(a), b=ctx.name(b), whom=whom)))


def propose(ctx: Ctx, power: str, a: str, b: str) -> None:
    """GEN-7 / MAR-2: a proposal to another power waits for its answer; one's own is agreed at once."""
    other = side_power(ctx.state, ctx.data, b)
    ctx.log("MAR-2", msg("proposes the marriage of {a} and {b}", a=ctx.name(a), b=ctx.name(b)), power)
    ctx.log("MAR-3", msg("no restriction forbids it (war, family marks, captivity)"), power)
    if other == power:
        agree(ctx, a, b)
    else:
        ctx.state.stack.append(ProposalAnswerFrame(proposer=power, answerer=other, royal_a=a, royal_b=b))


def agree(ctx: Ctx, a: str, b: str) -> None:
    betrothal = betroth(ctx.state, ctx.data, a, b)
    ctx.log("MAR-2", msg("{bride} and {groom} are betrothed", bride=ctx.name(betrothal.bride), groom=ctx.name(betrothal.groom)))
    if MARY in (a, b):
        ctx.log("MAR-9", msg("Mary Queen of Scots' wedding is resolved at once"))
        resolve_wedding(ctx, betrothal)


def answer_options(ctx: Ctx, frame: ProposalAnswerFrame) -> list[Option]:
    """MAR-2: the other power accepts or declines at once (declining changes least). MAR-3 holds until the
    agreement: a war, or a captivity, recorded while the answer waits refuses the acceptance (rules review:
    England accepted Spain's proposal after the table had declared their war)."""
    couple = f"{ctx.name(frame.royal_a)} + {ctx.name(frame.royal_b)}"  # two names
    now_refused: Refusal = ""
    if ctx.state.rules_edition >= FOURTH_EDITION:
        now_refused = refusal(ctx, frame.proposer, frame.royal_a, frame.royal_b) or ""
    return [
        Option(Choice(Verb.ACCEPT, (), _("Accept: {couple}").format(couple=couple)), now_refused),
        Option(Choice(Verb.DECLINE, (), _("Decline: {couple}").format(couple=couple)), quiet=Quiet.MOVES_ON),
    ]


def answer(ctx: Ctx, frame: ProposalAnswerFrame, accepted: bool) -> None:
    # the couple named, each royal a name of its own: the proposer, waiting, reads whose proposal was
    # answered (shared-game play-test), and the report of what others did to them finds it (core/log_query)
    a, b = ctx.name(frame.royal_a), ctx.name(frame.royal_b)
    ctx.log("MAR-2", msg("accepts the proposal: {a} + {b}", a=a, b=b) if accepted else msg("declines the proposal: {a} + {b}", a=a, b=b), frame.answerer)
    if accepted:
        agree(ctx, frame.royal_a, frame.royal_b)


# ---- MAR-7 the opening betrothal ------------------------------------------------------------------


def opening_betrothal(state: GameState) -> Betrothal | None:
    return next((b for b in state.betrothals if b.opening), None)


def opening_decider(state: GameState, data: GameData) -> str:
    """MAR-7 [D]: the groom's side (Spain, for Philip II) decides the opening betrothal; France has no veto."""
    betrothal = opening_betrothal(state)
    return side_power(state, data, betrothal.groom) if betrothal is not None else ""


def opening_choices(ctx: Ctx) -> list[Choice]:
    if opening_betrothal(ctx.state) is None:
        return []
    return [
        Choice(Verb.OPENING, ("wed",), _("Opening betrothal: wed this turn (MAR-7)")),
        Choice(Verb.OPENING, ("postpone",), _("Opening betrothal: postpone to a later turn (MAR-7)")),
        Choice(Verb.OPENING, ("break",), _("Opening betrothal: break it, Spain -1 Card (MAR-7)")),
    ]


def apply_opening(ctx: Ctx, power: str, how: str) -> None:
    betrothal = opening_betrothal(ctx.state)
    assert betrothal is not None
    # the royals named as parameters: the French royal's side reads it among what happened while it waited
    # (log_query.naming; play-test: "While you waited" left out Spain's postponement of Elisabeth's wedding)
    couple = {"groom": ctx.name(betrothal.groom), "bride": ctx.name(betrothal.bride)}
    if how == "wed":
        betrothal.resolve_this_turn = True
        ctx.log("MAR-7", msg("will wed {groom} and {bride} this turn", **couple), power)
    elif how == "postpone":
        ctx.log("MAR-7", msg("postpones the opening betrothal of {groom} and {bride}", **couple), power)
    else:
        end_betrothal(ctx, betrothal)
        ctx.log("MAR-7", msg("breaks the opening betrothal"), power)
        add_card_marker(ctx, power, -1, "MAR-7", msg("broke the opening betrothal"))


def end_betrothal(ctx: Ctx, betrothal: Betrothal) -> None:
    """Both royals return to Available to Wed (unless dead)."""
    ctx.state.betrothals.remove(betrothal)
    for royal_id in (betrothal.bride, betrothal.groom):
        if ctx.state.royals[royal_id].status is RoyalStatus.BETROTHED:
            ctx.state.royals[royal_id].status = RoyalStatus.AVAILABLE


# ---- MAR-4..MAR-6 resolution ----------------------------------------------------------------------


def is_courtship_candidate(ctx: Ctx, betrothal: Betrothal) -> bool:
    """VQ-2 [D]: Elizabeth I betrothed to a foreign suitor."""
    if betrothal.bride != ELIZABETH:
        return False
    return side_power(ctx.state, ctx.data, betrothal.groom) != side_power(ctx.state, ctx.data, ELIZABETH)


@frozen
class WeddingRoll:
    """One roll of a wedding (MAR-4): who rolls, how many dice, what for, and its modifiers."""

    power: str
    dice: int
    why: Message
    modifiers: tuple[Modifier, ...]


def _side_modifiers(ctx: Ctx, betrothal: Betrothal, royal_id: str) -> list[Modifier]:
    royal = ctx.data.royals[royal_id]
    mods = [Modifier(msg("Eligibility ({royal})", royal=royal.name), ctx.state.royals[royal_id].eligibility)]
    if betrothal.festivities and royal.power == Power.FRANCE:
        mods.append(Modifier(msg("Wedding Festivities (MAR-4)"), ctx.data.settings.marriage.festivities_modifier))
    return mods


def _same_power(state: GameState, data: GameData, betrothal: Betrothal) -> bool:
    """MAR-4: both royals are one power's (Mary's wedding with her ally's royal rolls a die a side)."""
    same = side_power(state, data, betrothal.bride) == side_power(state, data, betrothal.groom)
    return same and MARY not in (betrothal.bride, betrothal.groom)


def wedding_rolls(ctx: Ctx, betrothal: Betrothal) -> list[WeddingRoll]:
    """MAR-4: one die a side, each with its royal's Eligibility (and Wedding Festivities on the French
    royal); for two royals of one power, 2d6 with the higher Eligibility."""
    state, data = ctx.state, ctx.data
    if _same_power(state, data, betrothal):
        higher = max((betrothal.bride, betrothal.groom), key=lambda r: state.royals[r].eligibility)
        mods = _side_modifiers(ctx, betrothal, higher)
        mods[0] = Modifier(msg("higher Eligibility ({royal})", royal=data.royals[higher].name), mods[0].value)
        return [WeddingRoll(side_power(state, data, betrothal.bride), 2, msg("same-power wedding roll"), tuple(mods))]
    return [
        WeddingRoll(side_power(state, data, royal), 1, msg("wedding roll for {royal}", royal=ctx.name(royal)), tuple(_side_modifiers(ctx, betrothal, royal)))
        for royal in (betrothal.bride, betrothal.groom)
    ]


def wedding_payees(state: GameState, data: GameData, betrothal: Betrothal) -> list[str]:
    """MAR-5: the powers a result pays, each once; both sides are Mary's ally when she weds one of its
    royals, paid once or twice as the data says (``mary_ally_paid_once``)."""
    bride_side = side_power(state, data, betrothal.bride)
    groom_side = side_power(state, data, betrothal.groom)
    if _same_power(state, data, betrothal) or (bride_side == groom_side and data.settings.marriage.mary_ally_paid_once):
        return [bride_side]
    return [bride_side, groom_side]


def bonus_receivers(state: GameState, data: GameData, betrothal: Betrothal) -> list[tuple[str, str]]:
    """MAR-6 [D]: (royal, power) for each royal with a marriage bonus: the spouse's power gains it."""
    return [
        (royal_id, side_power(state, data, spouse))
        for royal_id, spouse in ((betrothal.bride, betrothal.groom), (betrothal.groom, betrothal.bride))
        if data.royals[royal_id].marriage_bonus
    ]


def on_french_card(data: GameData, royal_id: str) -> bool:
    """MAR-6c: a Valois royal, once married, goes on the French card (``valois_vp`` to France)."""
    return data.royals[royal_id].family == Family.VALOIS


def place_married(state: GameState, data: GameData, royal_id: str) -> int:
    """MAR-6c: a royal is married; a Valois goes on the French card. The VP France gains (0 for
    anyone but a Valois). Weddings and the scenarios' royals married at the start both place them."""
    if on_french_card(data, royal_id):
        state.royals[royal_id].status = RoyalStatus.ON_FRENCH_CARD
        return data.settings.marriage.valois_vp
    state.royals[royal_id].status = RoyalStatus.MARRIED
    return 0


def resolve_wedding(ctx: Ctx, betrothal: Betrothal) -> WeddingRow:
    """MAR-4 roll, MAR-5 table, MAR-6 aftermath."""
    state = ctx.state
    rolls = [ctx.roll(r.power, "MAR-4", r.why, r.dice, r.modifiers) for r in wedding_rolls(ctx, betrothal)]
    total = sum(roll.total for roll in rolls)
    paid = wedding_payees(state, ctx.data, betrothal)
    row = wedding_row(total)
    for roll in rolls:
        roll.result = msg("wedding total {total}: {result}", total=total, result=Message(row.name))
    couple = {"bride": ctx.name(betrothal.bride), "groom": ctx.name(betrothal.groom)}
    ctx.log("MAR-5", msg("wedding of {bride} and {groom}: total {total}, {result}", **couple, total=total, result=Message(row.name)))
    state.betrothals.remove(betrothal)
    _apply_wedding_row(ctx, betrothal, row, paid)
    return row


def _apply_wedding_row(ctx: Ctx, betrothal: Betrothal, row: WeddingRow, paid: list[str]) -> None:
    state, data = ctx.state, ctx.data
    result = Message(row.name)
    reason = msg("{result}: {bride} and {groom}", result=result, bride=ctx.name(betrothal.bride), groom=ctx.name(betrothal.groom))
    if row.cancelled:
        for royal_id in (betrothal.bride, betrothal.groom):
            state.royals[royal_id].status = RoyalStatus.AVAILABLE
        ctx.log("MAR-6a", msg("both royals return to the Available to Wed display"))
        return
    for power in paid:
        if row.vp:
            ctx.gain_vp(power, row.vp, "MAR-5", reason)
        if row.cards:
            for _marker in range(abs(row.cards)):
                add_card_marker(ctx, power, 1 if row.cards > 0 else -1, "MAR-5", result)
    dead = {betrothal.bride} if row.wife_dies else {betrothal.groom} if row.husband_dies else set()
    protestant_gained = Power.PROTESTANT in paid and row.vp > 0
    bonuses = dict(bonus_receivers(state, data, betrothal))
    for royal_id in (betrothal.bride, betrothal.groom):
        royal = data.royals[royal_id]
        if royal_id in bonuses:  # MAR-6 [D]: the royal's own bonus goes to the spouse's power
            state.powers[bonuses[royal_id]].royal_bonuses.append(royal_id)
            bonus = Message(MARRIAGE_BONUS_TEXT.get(royal.marriage_bonus, royal.marriage_bonus))
            text = msg("gains the marriage bonus of {royal} ({bonus} {value})", royal=royal.name, bonus=bonus, value=signed(royal.marriage_bonus_value))
            ctx.log("MAR-6", text, bonuses[royal_id])
        if royal_id in dead and not on_french_card(data, royal_id):
            _kill(ctx, royal_id, "MAR-5", result)
        elif royal_id == WILLIAM_OF_ORANGE and not protestant_gained:
            state.royals[royal_id].status = RoyalStatus.AVAILABLE
            ctx.log("MAR-6d", msg("William of Orange returns unmarried to Available to Wed"))
        else:
            valois_vp = place_married(state, data, royal_id)
            if valois_vp:
                ctx.gain_vp(Power.FRANCE, valois_vp, "MAR-6c", msg("{royal} married, on the French card", royal=royal.name))
        if royal_id in dead and on_french_card(data, royal_id):
            ctx.log("MAR-5", msg("{royal} dies ({cause})", royal=royal.name, cause=result))


def courtship_choices(ctx: Ctx, frame: CourtshipChoiceFrame) -> list[Choice]:
    """VQ-2 [D]: England chooses a real wedding or a courtship."""
    betrothal = betrothal_of(ctx.state, frame.bride)
    assert betrothal is not None
    suitor = ctx.name(betrothal.groom)
    return [
        Choice(Verb.WEDDING, (), _("Real wedding with {suitor} (Royal Wedding Table, MAR-4)").format(suitor=suitor)),
        Choice(Verb.COURTSHIP, (), _("Courtship of {suitor} (suitors table, VQ-2)").format(suitor=suitor)),
    ]


def court(ctx: Ctx, betrothal: Betrothal) -> None:
    """VQ-2: roll on the suitors table; Elizabeth stays on Available to Wed, the suitor returns."""
    beneficiary = ctx.data.settings.marriage.courtship_beneficiary
    roll = ctx.roll(beneficiary, "VQ-2", msg("courtship of Elizabeth I by {suitor}", suitor=ctx.name(betrothal.groom)))
    row = courtship_row(roll.total)
    roll.result = Message(row.name)
    ctx.log("VQ-2", msg("courtship result: {result}", result=Message(row.name)), beneficiary)
    end_betrothal(ctx, betrothal)
    for _card in range(row.cards):
        add_card_marker(ctx, beneficiary, 1, "VQ-2", msg("Elizabeth's courtship"))
    if row.cp:
        ctx.state.stack.append(SpendCpFrame(power=beneficiary, cp=row.cp, purpose=CpPurpose.COURTSHIP))


def virgin_queen_vp_left(state: GameState, data: GameData) -> int:
    """VQ-1: the Virgin Queen VP England may still gain (the cap less those it gained)."""
    england = side_power(state, data, ELIZABETH)
    return data.settings.marriage.virgin_queen_vp_cap - state.powers[england].virgin_queen_vp


def virgin_queen(ctx: Ctx) -> None:
    """VQ-1: 1 VP to England while Elizabeth I is unmarried and on the display; at most the cap."""
    state = ctx.state
    if ELIZABETH not in state.royals:
        return
    england = side_power(state, ctx.data, ELIZABETH)
    if state.royals[ELIZABETH].status not in (RoyalStatus.AVAILABLE, RoyalStatus.BETROTHED):
        return
    if virgin_queen_vp_left(state, ctx.data) <= 0:
        ctx.log("VQ-1", msg("no Virgin Queen VP: the {cap} VP cap is reached", cap=ctx.data.settings.marriage.virgin_queen_vp_cap), england)
        return
    state.powers[england].virgin_queen_vp += 1
    ctx.gain_vp(england, 1, "VQ-1", msg("Virgin Queen"))


def aging(ctx: Ctx) -> None:
    """AGE-1: unmarried females on the display drop 1; males keep on 5-6, else drop 1; never below 1."""
    state, data = ctx.state, ctx.data
    rules = data.settings.marriage
    for royal_id, royal_state in state.royals.items():
        if royal_state.status not in (RoyalStatus.AVAILABLE, RoyalStatus.BETROTHED):
            continue
        royal = data.royals[royal_id]
        before = royal_state.eligibility
        if royal.sex == Sex.FEMALE:
            drop = True
        else:
            keep_roll = ctx.roll(side_power(state, data, royal_id), "AGE-1", msg("aging of {royal}", royal=royal.name))
            drop = keep_roll.total < rules.male_aging_keep_at
            # the roll needed, with its outcome (rules-savvy play-test: "1d6 [4] = 4: drops 1" did not say what keeps it)
            keep = rules.male_aging_keep_at
            keep_roll.result = msg("drops 1 ({keep} or more keeps his rating)", keep=keep) if drop else msg("keeps his rating ({keep} or more)", keep=keep)
        if drop:
            royal_state.eligibility = max(rules.minimum_eligibility, before - 1)
        if royal_state.eligibility != before:
            ctx.log("AGE-1", msg("{royal}: Eligibility {before} -> {after}", royal=royal.name, before=before, after=royal_state.eligibility))
        elif drop:  # play-tests: a woman at the floor had no line (the aging walkthrough's conclusion named her)
            ctx.log("AGE-1", msg("{royal} stays at Eligibility {eligibility}: no rating goes lower", royal=royal.name, eligibility=before))
        else:  # play-test: a roll that moved nothing was alone in the reports, with no outcome
            ctx.log("AGE-1", msg("{royal} keeps Eligibility {eligibility}", royal=royal.name, eligibility=before))


# ---- MAR-8 deaths ---------------------------------------------------------------------------------


def _kill(ctx: Ctx, royal_id: str, rule: str, cause: Message) -> None:
    state = ctx.state
    state.royals[royal_id].status = RoyalStatus.DEAD
    ctx.log(rule, msg("{royal} dies ({cause})", royal=ctx.name(royal_id), cause=cause))
    for leader in ctx.data.leaders.values():
        if leader.royal == royal_id and state.leaders[leader.id].status is not LeaderStatus.DESTROYED:
            state.leaders[leader.id].status = LeaderStatus.DESTROYED
            ctx.log(rule, msg("{leader} is removed from play as a leader", leader=leader.name))


def death(ctx: Ctx, royal_id: str, cause: Message) -> None:
    """MAR-8: a royal dies; a standing betrothal ends as a Last Minute Cancellation with no bonuses."""
    betrothal = betrothal_of(ctx.state, royal_id)
    _kill(ctx, royal_id, "MAR-8", cause)
    if betrothal is not None:
        end_betrothal(ctx, betrothal)
        partner = betrothal.groom if betrothal.bride == royal_id else betrothal.bride
        ctx.log("MAR-8", msg("the betrothal ends as a Last Minute Cancellation; {royal} returns to Available to Wed", royal=ctx.name(partner)))


def living(ctx: Ctx, royal_id: str) -> bool:
    status = ctx.state.royals[royal_id].status
    return status in (RoyalStatus.AVAILABLE, RoyalStatus.BETROTHED, RoyalStatus.MARRIED)


# ---- Marriage Resolution Phase ------------------------------------------------------------------


def resolution_queue(state: GameState) -> list[str]:
    return [b.bride for b in state.betrothals if b.resolve_this_turn]


def resolve_next(ctx: Ctx, bride: str) -> None:
    """Resolve one queued betrothal, or ask England about a courtship first (VQ-2)."""
    betrothal = betrothal_of(ctx.state, bride)
    if betrothal is None:
        return  # ended since it was queued (MAR-8)
    if is_courtship_candidate(ctx, betrothal):
        ctx.state.stack.append(CourtshipChoiceFrame(bride=bride))
    else:
        resolve_wedding(ctx, betrothal)


def apply_courtship_choice(ctx: Ctx, frame: CourtshipChoiceFrame, courtship: bool) -> None:
    betrothal = betrothal_of(ctx.state, frame.bride)
    assert betrothal is not None
    if courtship:
        court(ctx, betrothal)
    else:
        resolve_wedding(ctx, betrothal)


def end_of_resolution(ctx: Ctx) -> None:
    virgin_queen(ctx)
    aging(ctx)


def royals_entering(ctx: Ctx) -> None:
    """Royals with an entry turn join the Available to Wed display at the start of that turn."""
    for royal_id, royal_state in ctx.state.royals.items():
        if royal_state.status is RoyalStatus.NOT_IN_PLAY and ctx.data.royals[royal_id].enters <= ctx.state.turn:
            royal_state.status = RoyalStatus.AVAILABLE
            ctx.log("MAR-1", msg("{royal} joins the Available to Wed display", royal=ctx.name(royal_id)))


# ---- procedures (MAR-2, MAR-4, VQ-2, MAR-8) -------------------------------------------------------


def _answer_decision(ctx: Ctx, frame: ProposalAnswerFrame) -> Decision:
    prompt = msg("{power} proposes {a} + {b}", power=ctx.power_term(frame.proposer), a=ctx.name(frame.royal_a), b=ctx.name(frame.royal_b))
    return Decision.of(frame.answerer, prompt, "MAR-2", answer_options(ctx, frame))


def _answer_choose(ctx: Ctx, frame: ProposalAnswerFrame, choice: Choice) -> None:
    ctx.remove_frame(frame)
    answer(ctx, frame, choice.verb is Verb.ACCEPT)


def _resolve_queued(ctx: Ctx, frame: MarriagePhaseFrame) -> None:
    if frame.queue:
        resolve_next(ctx, frame.queue.pop(0))
    else:
        ctx.remove_frame(frame)
        end_of_resolution(ctx)


def _courtship_decision(ctx: Ctx, frame: CourtshipChoiceFrame) -> Decision:
    england = side_power(ctx.state, ctx.data, ELIZABETH)
    prompt = msg("Elizabeth I's betrothal: a real wedding or a courtship?")
    return Decision.asking(england, prompt, "VQ-2", tuple(courtship_choices(ctx, frame)))


def _courtship_choose(ctx: Ctx, frame: CourtshipChoiceFrame, choice: Choice) -> None:
    ctx.remove_frame(frame)
    apply_courtship_choice(ctx, frame, choice.verb is Verb.COURTSHIP)


def _target_refusal(ctx: Ctx, royal_id: str) -> str:
    """Why a royal the card names cannot be its target now (MAR-8): only a living one in play."""
    if royal_id not in ctx.state.royals:
        return _("MAR-8: {royal} is not in this scenario").format(royal=ctx.name(royal_id))
    status = ctx.state.royals[royal_id].status
    if status is RoyalStatus.MARRIED and _married_out_of_reach(ctx, royal_id):  # rules review: Elizabeth I died to no effect
        text = _("MAR-8: {royal} is married, out of play (MAR-6), and leads no army: assassinating a married royal would "
                 "change nothing")
        return text.format(royal=ctx.name(royal_id))
    if living(ctx, royal_id):
        return ""
    if status is RoyalStatus.ON_FRENCH_CARD:  # Russian play-test: a married Henry of Navarre could be, Henry III not
        # review: a Valois dead at his wedding stays on the card too: "married" would be wrong of him
        text = _("MAR-8: {royal} is on the French card (MAR-6c), out of play: France keeps its VP for him whatever "
                 "happens, and assassinating him would change nothing")
        return text.format(royal=ctx.name(royal_id))
    text = _("MAR-8: {royal} is {status}: only a living royal in play can be assassinated")
    return text.format(royal=ctx.name(royal_id), status=_(ROYAL_STATUS_TEXT.get(status, status.value)))


def _married_out_of_reach(ctx: Ctx, royal_id: str) -> bool:
    """MAR-8 gap (``married_assassinated_only_leading_an_army``): a married royal is out of play, unless it
    is an army leader not yet destroyed (Henry of Navarre, William of Orange: on the map, captured, or still to
    enter): then its death removes the leader."""
    return _only_leaders_when_married(ctx) and not _leads_an_army(ctx, royal_id)


def _only_leaders_when_married(ctx: Ctx) -> bool:
    return ctx.state.rules_edition >= THIRD_EDITION and ctx.data.settings.marriage.married_assassinated_only_leading_an_army


def _leads_an_army(ctx: Ctx, royal_id: str) -> bool:
    leader = ctx.tables.leader_of_royal.get(royal_id)
    return leader is not None and ctx.state.leaders[leader].status is not LeaderStatus.DESTROYED


def _assassination_targets(ctx: Ctx) -> list[str]:
    return [r for r in ASSASSINATION_TARGETS if not _target_refusal(ctx, r)]


def _target_options(ctx: Ctx) -> list[Option]:
    """Every royal the card names, those not targets now with why (MAR-8)."""
    return [pick(r, _target_label(ctx, r), _target_refusal(ctx, r)) for r in ASSASSINATION_TARGETS]


def _target_label(ctx: Ctx, royal_id: str) -> str:
    """A married target is one still leading an army (rules-savvy play-test: William of Orange, married and out of play,
    was offered with nothing to say why, beside Henry III refused as out of play)."""
    married = royal_id in ctx.state.royals and ctx.state.royals[royal_id].status is RoyalStatus.MARRIED
    if married and _only_leaders_when_married(ctx) and _leads_an_army(ctx, royal_id):
        return _("Assassinate {royal} (MAR-8: married, out of play, but leading an army: the leader is removed)").format(royal=ctx.name(royal_id))
    return _("Assassinate {royal} (MAR-8)").format(royal=ctx.name(royal_id))


def _target_decision(ctx: Ctx, frame: AssassinationFrame) -> Decision:
    return Decision.of(frame.power, msg("{card}: choose the target", card=card_title(ctx, frame.card)), "MAR-8", _target_options(ctx))


def _target_choose(ctx: Ctx, frame: AssassinationFrame, choice: Choice) -> None:
    ctx.remove_frame(frame)
    death(ctx, choice.args[0], msg("assassinated"))


PROCEDURES = (
    Procedure(ProposalAnswerFrame, "proposal-answer", _answer_decision, _answer_choose, rules=("MAR-2", "MAR-9")),
    Procedure(
        MarriagePhaseFrame, "marriage-phase", auto=_resolve_queued,
        rules=("MAR-4", "MAR-5", "MAR-6", "MAR-8", "VQ-1", "VQ-2", "AGE-1"),
    ),
    Procedure(CourtshipChoiceFrame, "courtship-choice", _courtship_decision, _courtship_choose, rules=("VQ-2", "MAR-4", "MAR-5", "MAR-6")),
    Procedure(AssassinationFrame, "assassination-target", _target_decision, _target_choose, rules=("MAR-8",)),
)


# ---- card events (MAR-8, MAR-4) -------------------------------------------------------------------


def _mandatory_death(royal_id: str, help_text: str) -> CardEvent:
    """A card whose event kills a royal (MAR-8); ``help_text`` is marked with ``N_``."""

    def resolve(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
        if living(ctx, royal_id):
            death(ctx, royal_id, Message(ctx.data.cards[number].title))
        else:
            ctx.log("MAR-8", msg("{royal} is already out of play: no effect", royal=ctx.name(royal_id)), power)

    return CardEvent(f"death-of-{royal_id}", ("MAR-8", "CARD-1"), help_text, resolve)


def _assassination_refusal(ctx: Ctx, power: str) -> str:
    return "" if _assassination_targets(ctx) else _("MAR-8: no one left to assassinate")


def _assassinate(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
    ctx.state.stack.append(AssassinationFrame(power=power, card=number))


def _festivities_targets(ctx: Ctx, power: str, number: int) -> list[Option]:
    """MAR-4 / CARD-8 [D]: on a standing betrothal that includes a French royal."""
    options = []
    for betrothal in ctx.state.betrothals:
        if not any(ctx.data.royals[r].power == Power.FRANCE for r in (betrothal.bride, betrothal.groom)):
            continue
        label = _("Play {card} on {bride} + {groom} (MAR-4)").format(
            card=card_title(ctx, number), bride=ctx.name(betrothal.bride), groom=ctx.name(betrothal.groom)
        )
        decided = ctx.state.phase not in (Phase.SETUP, Phase.CARD_DRAW, Phase.NEGOTIATION)  # MAR-7's choice is made in the segment
        if decided and not betrothal.resolve_this_turn:  # rules-savvy play-test: nothing said the +2 would wait a turn
            label += " " + _("- postponed (MAR-7): its +2 counts when it is resolved, in a later turn")
        refused = _("MAR-4: this wedding already has Wedding Festivities") if betrothal.festivities else ""
        options.append(Option(Choice(Verb.RESPOND, (str(number), betrothal.bride), label), refused))
    return options


def _festivities(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
    betrothal = betrothal_of(ctx.state, args[0])
    assert betrothal is not None
    betrothal.festivities = True
    # each royal a parameter of its own: their sides read it among what happened while they waited (log_query.naming)
    ctx.log("CARD-2", msg("responds with {card}: +2 to the French royal's roll for {bride} + {groom}", card=card_title(ctx, number),
                          bride=ctx.name(betrothal.bride), groom=ctx.name(betrothal.groom)), power)


CARD_EVENTS = (
    _mandatory_death("charles-ix", N_("Charles IX dies; a standing betrothal ends as a Last Minute Cancellation (MAR-8)")),
    _mandatory_death("leicester", N_("Leicester dies; a standing betrothal ends as a Last Minute Cancellation (MAR-8)")),
    CardEvent(
        "assassination",
        ("MAR-8",),
        N_("assassinate Elizabeth I, Henry III, Henry of Navarre or William of Orange (MAR-8)"),
        _assassinate,
        refusal=_assassination_refusal,
        picks_after=_target_options,
    ),
    CardEvent(
        "wedding-festivities",
        ("MAR-4", "CARD-2"),
        N_("+2 to the French royal's wedding roll of a standing betrothal (MAR-4)"),
        _festivities,
        Moment.RESPONSE,
        targets=_festivities_targets,
    ),
)
