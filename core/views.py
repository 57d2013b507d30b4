"""What one seat may see, as typed rows built from the state (screens and remote terminals lay them out).

The rows are live text in the reader's language (``core.i18n.use``): power names, card titles, bonuses,
phase titles and every status word are translated where the view is built; ids (``power``, ``control``,
``id``) stay as the data has them. Names of people and places are never translated.

A seat is a person holding some powers, a computer player, or an onlooker. ``seat_view`` gives the
public state plus the hands of the seat's own powers: other hands appear as counts only, and the deck
order, the RNG state and forced dice never appear. The pending decision's choices are shown only to
the seat that decides it (they name the cards in its hand).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from core import independence, marriage, morisco, patronage, suez, victory
from core.cards import PlayMode, as_shown, card_title, removes_only_events
from core.choices import Decision, Verb
from core.cp_spending import refused_purchases
from core.context import Ctx
from core.procedures import no_picks
from core.responses import quiet_this_phase
from core.events import Event
from core.gamedata import CardRecord, GameData
from core.i18n import N_, NP_, Message, _, pgettext, text_of
from core.ids import CardKind, Family, Power, Sex
from core.registry import RULES
from core.setup import Seat, SeatKind, Setup
from core.state import PHASE_SHORT_TITLES, PHASE_TITLES, Betrothal, GameState, LeaderStatus, PatronStatus, Phase, RoyalStatus
from core.victory import VpLine

PROVISIONAL_MARK = "*"
ITALIAN_POOL = N_("Italy")  # the pool of the Italian patrons (PAT-3)
ONLOOKER = Seat("onlooker", (), SeatKind.ONLOOKER)

# TRANSLATORS: a card's kind, in its help line ("#21 Papal Bull - 3 CP, event: ...")
CARD_KINDS: dict[str, str] = {
    CardKind.HOME: N_("home"),
    CardKind.MANDATORY: N_("mandatory"),
    CardKind.RESPONSE: N_("response"),
    CardKind.COMBAT: N_("combat"),
    CardKind.EVENT: N_("event"),
}
# The Patronage chart's kinds of patron (PAT-1, SCI-1) and the types of artist (PAT-8).
PATRON_KINDS: dict[str, str] = {
    "artist": N_("artist"),
    "scientist": N_("scientist"),
    "painter": N_("painter"),
    "architect": N_("architect"),
    "writer": N_("writer"),
}
RELIGIONS: dict[str, str] = {"catholic": N_("catholic"), "protestant": N_("protestant")}
# TRANSLATORS: one letter each, as the royals table shows a royal's sex (MAR-1)
SEXES: dict[str, str] = {"M": N_("M"), "F": N_("F")}
# MAR-6: what a royal's marriage gives (royals.toml's marriage_bonus)
MARRIAGE_BONUSES: dict[str, str] = {"patronage": N_("patronage")}


def shown(text: Message | str) -> str:
    """Text of the state in the reader's language: a kept message, or a marked English text."""
    return text.render() if isinstance(text, Message) else _(text)


def victory_text(state: GameState, log: Sequence[Event]) -> str:
    """How the game was won (WIN-1..WIN-5), in the reader's language ("" while it goes on)."""
    return state.victory.render() if state.victory is not None else ""


def power_name(data: GameData, power_id: str) -> str:
    """A power's name in the reader's language (powers are game terms; data.power_name is English)."""
    return _(data.power_name(power_id))


# The kinds of computer player, by the id a computer seat keeps (core/bots.py)
COMPUTER_KINDS = {"random": N_("random"), "greedy": N_("greedy"), "search": N_("search")}


def seat_shown(seat: Seat) -> str:
    """Who plays a seat, as a player reads it: a person's name, else the kind of computer in the reader's
    language (a computer seat's name, its identity in the game, is English: "random computer")."""
    if seat.is_person:
        return seat.name
    return _("{kind} computer").format(kind=_(COMPUTER_KINDS.get(seat.bot, seat.bot)))


def holder_name(data: GameData, ident: str) -> str:
    """Who holds something: a power, independent or a minor power (game terms, translated)."""
    return _(data.name_of(ident))


@frozen
class CardRow:
    number: int
    title: str
    text: str
    provisional: bool = False  # marked in ``text`` (PROVISIONAL_MARK)


@frozen
class HandView:
    """A power's hand: its cards for the seat that holds the power, else only the count."""

    power: str
    name: str
    held_by: str
    count: int
    cards: tuple[CardRow, ...] | None
    # GEN-8: its power said "no responses until the next phase"; told only to the seat that sees the cards
    quiet_this_phase: bool = False


@frozen
class VpRow:
    power: str
    name: str
    total: int
    lines: tuple[VpLine, ...]


@frozen
class DealStep:
    rule: str
    text: str
    value: int


@frozen
class DealRow:
    """CARD-7: a power's card count this turn and where it came from."""

    power: str
    name: str
    total: int
    steps: tuple[DealStep, ...]


@frozen
class RoyalRow:
    id: str
    name: str
    power: str
    sex: str
    family: str  # the family mark, one letter in the reader's language (MAR-3b), "-" for none
    house: str  # the family's name, "" for none
    eligibility: int
    status: str
    available: bool
    in_play: bool
    provisional: bool


@frozen
class PatronRow:
    id: str
    name: str
    pool: str
    kind: str
    rating: int
    where: str
    sponsored: bool
    provisional: bool


@frozen
class MinorRow:
    id: str
    name: str
    ally: str
    influence: tuple[tuple[str, int], ...]
    determined: bool


@frozen
class SuezTrack:
    """SUEZ-1..SUEZ-3 on the Ottoman display: the attempts marker, the next dig's modifier, the canal."""

    attempts: int
    boxes: int
    next_modifier: int
    target: int
    built: bool
    benefit: str  # SUEZ-3: what the canal gives the Ottoman's expeditions ("" until built)


@frozen
class MoriscoUnit:
    """MOR-2..MOR-4 on the Ottoman display: where the Morisco is ("" when not in play)."""

    space: str
    besieging: str
    from_start: int  # spaces from Granada (MOR-3)
    limit: int


@frozen
class LeagueState:
    """CL-1..CL-6 on Spain's display: whether the League formed, its deal bar, the Duke of Guise."""

    formed_turn: int  # 0: not formed
    deals_barred: bool
    guise: str  # "in Reims", "captured", "not in play"...


@frozen
class IndependentRow:
    """IND-1..IND-3: an independent-type space, who holds it and its independent regulars."""

    space: str
    name: str
    key: bool
    independent: bool
    held_by: str
    regulars: int


@frozen
class UnitsRow:
    power: str
    name: str
    regulars: int
    mercenaries: int


@frozen
class SpaceRow:
    """A space of the map (the state TABLE-1 records): its controller, marks, religion and units."""

    id: str
    name: str
    key: bool
    fortified: bool
    provisional: bool
    control: str  # the id of a power, a minor power, or independent (the map colours by it)
    controller: str  # its name
    religion: str
    unrest: bool
    units: tuple[UnitsRow, ...]
    morisco: bool = False  # the Ottoman's Morisco unit is here (MOR-1): a long play-test's map said "Units: none"

    @property
    def unit_count(self) -> int:
        return sum(row.regulars + row.mercenaries for row in self.units) + self.morisco


@frozen
class VpHistory:
    """WIN-5 on the VP chart: each power's total at every Victory Determination Phase, then now."""

    turns: tuple[int, ...]
    totals: tuple[tuple[str, tuple[int, ...]], ...]  # power id and its total at each of ``turns``

    def of(self, power: str) -> tuple[int, ...]:
        return next(totals for p, totals in self.totals if p == power)


@frozen
class PowerDisplay:
    """A power's display: who holds it, VP ledger, Card markers, bonuses, and its own rules' state
    (the Suez track and the Morisco for the Ottoman, the Catholic League for Spain)."""

    power: str
    name: str
    held_by: str
    vp: int
    hand_count: int
    card_markers: tuple[str, ...]
    bonuses: tuple[str, ...]
    marriage_bonuses: tuple[str, ...]
    vp_lines: tuple[VpLine, ...]
    suez: SuezTrack | None = None
    morisco: MoriscoUnit | None = None
    league: LeagueState | None = None


@frozen
class SeatView:
    seat: str
    turn: int
    last_turn: int
    phase: Phase
    phase_title: str
    deciding_power: str
    deciding_person: str
    deciding_rule: str  # the rule of the pending decision, whoever holds it (a response window: CARD-2)
    decision: Decision | None
    winner: str
    victory: str
    vp: tuple[VpRow, ...]
    hands: tuple[HandView, ...]
    deck_count: int
    discard: tuple[CardRow, ...]
    removed_count: int
    in_force: tuple[CardRow, ...]
    cp_refusals: tuple[str, ...]  # what a card played for CP could not buy now, for the seat offered one (GEN-6)
    event_picks: tuple[str, ...]  # what each event asking its target once revealed would offer now (same seat)
    deal: tuple[DealRow, ...]
    royals: tuple[RoyalRow, ...]
    betrothals: tuple[str, ...]
    virgin_queen_vp: int
    virgin_queen_cap: int
    patrons: tuple[PatronRow, ...]
    markers: tuple[str, ...]
    minors: tuple[MinorRow, ...]
    wars: tuple[tuple[str, str], ...]
    powers: tuple[PowerDisplay, ...]
    independent: tuple[IndependentRow, ...]
    spaces: tuple[SpaceRow, ...]
    vp_history: VpHistory
    log: tuple[Event, ...]

    @property
    def status(self) -> str:
        return self.status_line()

    def status_line(self, short: bool = False, person: bool = True) -> str:
        """Turn, phase and who acts; ``short``: with the phase's shorter title (PHASE_SHORT_TITLES); ``person``: with
        who plays the power acting (left out where nothing else fits: the play-test's status took two rows, es)."""
        if self.winner:
            who = _("{power} wins: {victory}").format(power=self.winner, victory=self.victory)
        elif self.deciding_power and not person:
            who = _("{power} to act").format(power=self.deciding_power)
        elif self.deciding_power:
            who = _("{power} ({person}) to act").format(power=self.deciding_power, person=self.deciding_person)
        elif self.decision is not None:  # a walkthrough's person is "You": "You records" (play-test)
            who = _("you record a table action")
        elif self.deciding_person:
            who = _("{person} records a table action").format(person=self.deciding_person)
        else:
            who = _("the table records an action")
        phase = _(PHASE_SHORT_TITLES[self.phase]) if short and self.phase in PHASE_SHORT_TITLES else self.phase_title
        return _("Turn {turn}/{last_turn} - {phase} - {who}").format(turn=self.turn, last_turn=self.last_turn, phase=phase, who=who)

    def hand_of(self, power: str) -> HandView:
        return next(h for h in self.hands if h.power == power)


def describe_card(card: CardRecord, only_events: bool = True) -> str:
    """The card's help text: number, title, CP, kind and what its event does (with its rule ID).
    ``only_events``: a removed-after-play card leaves the game only as its event (CARD-8)."""
    event = RULES.card_events.get(card.event)
    provisional = PROVISIONAL_MARK if card.provisional else ""  # gamedata.PROVISIONAL_NOTE explains the mark
    does = _(event.help) if event is not None else _("no event, played for its CP only")
    if event is None and card.kind == CardKind.EVENT and not card.removed_after_play:  # not "event: operations only (no event)"
        return _("#{number} {title}{mark} - {cp} CP: {does}").format(number=card.number, title=_(card.title), mark=provisional, cp=card.cp, does=does)
    if not card.removed_after_play:
        removed = ""
    elif only_events and card.kind != CardKind.MANDATORY:  # a Mandatory event is always played as its event
        removed = _("; removed after its event (discarded when played for CP)")
    else:
        removed = _("; removed after play")
    return _("#{number} {title}{mark} - {cp} CP, {kind}{removed}: {does}").format(
        number=card.number, title=_(card.title), mark=provisional, cp=card.cp,
        kind=_(CARD_KINDS.get(card.kind, card.kind)), removed=removed, does=does,
    )


def card_rows(data: GameData, state: GameState, numbers: Sequence[int]) -> tuple[CardRow, ...]:
    only_events = removes_only_events(data, state)
    return tuple(CardRow(n, _(data.cards[n].title), describe_card(data.cards[n], only_events), data.cards[n].provisional) for n in numbers)


def vp_rows(data: GameData, state: GameState) -> tuple[VpRow, ...]:
    """Each power's VP and ledger (WIN-6), highest first (ties in impulse order, GEN-5)."""
    return tuple(
        VpRow(power, power_name(data, power), total, tuple(victory.vp_lines(state, data, power)))
        for power, total in victory.standings(state, data)
    )


def deal_rows(data: GameData, state: GameState) -> tuple[DealRow, ...]:
    rows = []
    for power in data.power_ids:
        steps = tuple(DealStep(line.rule, line.text.render(), line.value) for line in state.powers[power].deal)
        rows.append(DealRow(power, power_name(data, power), sum(s.value for s in steps), steps))
    return tuple(rows)


# MAR-1: a royal's status on the display, worded to agree with the royal (Spanish play-test: "casado/a" of
# Marguerite de Valois; Russian "свободна" of Don Carlos); in brackets, so no brackets of its own
ROYAL_STATUS_WORDS: dict[tuple[RoyalStatus, Sex], tuple[str, str]] = {
    (RoyalStatus.NOT_IN_PLAY, Sex.MALE): NP_("a man's status", "not yet in play"),
    (RoyalStatus.NOT_IN_PLAY, Sex.FEMALE): NP_("a woman's status", "not yet in play"),
    (RoyalStatus.AVAILABLE, Sex.MALE): NP_("a man's status", "available"),
    (RoyalStatus.AVAILABLE, Sex.FEMALE): NP_("a woman's status", "available"),
    (RoyalStatus.BETROTHED, Sex.MALE): NP_("a man's status", "betrothed"),
    (RoyalStatus.BETROTHED, Sex.FEMALE): NP_("a woman's status", "betrothed"),
    (RoyalStatus.MARRIED, Sex.MALE): NP_("a man's status", "married"),
    (RoyalStatus.MARRIED, Sex.FEMALE): NP_("a woman's status", "married"),
    (RoyalStatus.ON_FRENCH_CARD, Sex.MALE): NP_("a man's status", "married, on the French card"),
    (RoyalStatus.ON_FRENCH_CARD, Sex.FEMALE): NP_("a woman's status", "married, on the French card"),
    (RoyalStatus.DEAD, Sex.MALE): NP_("a man's status", "dead"),
    (RoyalStatus.DEAD, Sex.FEMALE): NP_("a woman's status", "dead"),
}


def royal_rows(data: GameData, state: GameState) -> tuple[RoyalRow, ...]:
    """MAR-1: the Available to Wed display, every royal with its status."""
    rows = []
    for royal_id, record in data.royals.items():
        royal = state.royals[royal_id]
        status = pgettext(*ROYAL_STATUS_WORDS[royal.status, Sex(record.sex)])
        if royal.status is RoyalStatus.BETROTHED:
            betrothal = marriage.betrothal_of(state, royal_id)
            assert betrothal is not None
            partner = betrothal.groom if betrothal.bride == royal_id else betrothal.bride
            status = _("betrothed to {royal}").format(royal=data.royals[partner].name) + _betrothal_marks(betrothal)
        if royal.captured:
            status = _("{status}, captured in England").format(status=status)
        if record.power in state.powers:
            owner = power_name(data, record.power)
        else:
            ally = state.minors[record.power].ally if record.power in state.minors else ""
            owner = _("{minor} (ally of {power})").format(
                minor=_(data.name_of(record.power)), power=power_name(data, ally) if ally else _("no one")
            )
        rows.append(RoyalRow(
            royal_id, record.name, owner, _(SEXES[record.sex]), pgettext(*Family(record.family).letter),
            _(Family(record.family).house) if record.family else "", royal.eligibility, status,
            royal.status is RoyalStatus.AVAILABLE, royal.status is not RoyalStatus.NOT_IN_PLAY, record.provisional,
        ))
    return tuple(rows)


def _betrothal_marks(betrothal: Betrothal) -> str:
    """' (opening, MAR-7)', ' (Wedding Festivities)': what a betrothal carries, after its royals; the opening
    one, once Spain chose to wed, says so (a long play-test: it read as still undecided)."""
    marks = ""
    if betrothal.opening:
        marks = _(" (opening, MAR-7: weds this turn)") if betrothal.resolve_this_turn else _(" (opening, MAR-7)")
    return marks + (_(" (Wedding Festivities)") if betrothal.festivities else "")


def betrothal_lines(data: GameData, state: GameState) -> tuple[str, ...]:
    return tuple(
        f"{data.royals[b.bride].name} + {data.royals[b.groom].name}{_betrothal_marks(b)}" for b in state.betrothals
    )


def patronage_rows(data: GameData, state: GameState) -> tuple[PatronRow, ...]:
    """The Patronage chart: every patron in play, the sponsored ones first in the order they are
    evaluated (PAT-6: the panel says so; play-test, it listed them in the chart's order)."""
    rows = []
    for kind, patrons in (("artist", state.artists), ("scientist", state.scientists)):
        for patron_id, patron in patrons.items():
            record = data.patron(patron_id)
            if record.enters > state.turn and patron.status is PatronStatus.POOL:
                continue
            where = _(patron.status.value)
            if patron.status is PatronStatus.SPONSORED:
                where = _("{power}, {cp}-CP box").format(power=power_name(data, patron.sponsor), cp=patron.box_cp)
            elif patron.status is PatronStatus.FINISHED:
                where = _("finished ({power})").format(power=power_name(data, patron.sponsor))
            patron_kind = getattr(record, "type", kind)
            rows.append(PatronRow(
                patron_id, record.name, _pool_name(data, record.pool), _(PATRON_KINDS.get(patron_kind, patron_kind)),
                record.rating, where,
                patron.status is PatronStatus.SPONSORED, record.provisional,
            ))
    order = {patron_id: place for place, patron_id in enumerate(patronage.evaluation_order(Ctx(data, state)))}
    rows.sort(key=lambda row: order.get(row.id, len(order)))  # the others after them, as on the chart
    return tuple(rows)


def _pool_name(data: GameData, pool: str) -> str:
    """A patron's pool: a power's, or the Italian one (Russian play-test: "Italy" beside Russian power names)."""
    if pool == patronage.ITALY:
        return _(ITALIAN_POOL)
    return power_name(data, pool) if pool in data.power_ids else pool.capitalize()


def marker_lines(data: GameData, state: GameState) -> tuple[str, ...]:
    markers = state.markers
    none = _("none")
    # the 1 VP markers named while some are left (SSH play-test: "1 VP x0" read as a marker worth nothing); the kinds
    # spaced, so a narrow panel breaks the line between them (Russian play-test: «архитект» | «ор (PAT-8)»)
    one_vp = [_("{vp} VP x{count}").format(vp=1, count=markers.artist_one_vp)] if markers.artist_one_vp else []
    artist = "; ".join([*one_vp, *(
        _("{vp} VP: {kinds}").format(vp=value, kinds=" / ".join(_(PATRON_KINDS.get(k, k)) for k in kinds) or none)
        for value, kinds in markers.artist_typed.items()
    )]) or none
    scientist = ", ".join(_("{vp} VP x{count}").format(vp=value, count=count) for value, count in markers.scientist.items())
    held = ", ".join(f"{_(data.bonuses[b].name)}: {power_name(data, p)}" for b, p in markers.bonus_holders.items()) or none
    free = ", ".join(_(b.name) for b in data.bonuses.values() if b.id not in markers.bonus_holders)
    return (
        _("Artist markers left: {markers} (PAT-8)").format(markers=artist),
        _("Scientist markers left: {markers} (SCI-1)").format(markers=scientist),
        _("Bonuses held: {held} (SCI-2)").format(held=held),
        _("Bonuses free: {free}").format(free=free),
    )


def minor_rows(data: GameData, state: GameState) -> tuple[MinorRow, ...]:
    return tuple(
        MinorRow(
            minor_id, _(data.minors[minor_id].name), power_name(data, minor.ally) if minor.ally else "",
            tuple((power_name(data, p), n) for p, n in minor.influence.items() if n), minor.determined,
        )
        for minor_id, minor in state.minors.items()
    )


SUEZ_BENEFIT = N_("expeditions are placed in the Indian Ocean at full strength and may include colonies (SUEZ-3)")


def suez_track(data: GameData, state: GameState) -> SuezTrack:
    settings = data.settings.suez
    ctx = Ctx(data, state)
    return SuezTrack(
        state.suez_attempts, settings.boxes, sum(m.value for m in suez.dig_modifiers(ctx, Power.OTTOMAN)), settings.target,
        state.suez_built, _(SUEZ_BENEFIT) if state.suez_built else "",
    )


def morisco_unit(data: GameData, state: GameState) -> MoriscoUnit:
    space = state.morisco_space
    away = morisco.distance_from_start(data, space) if space else None
    return MoriscoUnit(
        data.name_of(space) if space else "", data.name_of(state.morisco_besieging) if state.morisco_besieging else "",
        away or 0, data.settings.morisco.max_distance,
    )


def league_state(data: GameData, state: GameState) -> LeagueState:
    guise = state.leaders[data.settings.league.leader]
    on_map = guise.status is LeaderStatus.ON_MAP and guise.space
    where = _("in {space}").format(space=data.name_of(guise.space)) if on_map else _(guise.status.value)
    return LeagueState(state.league_formed_turn, state.league_deals_barred, where)


def independent_rows(data: GameData, state: GameState) -> tuple[IndependentRow, ...]:
    rows = []
    for record in data.spaces.values():
        if not record.independent:
            continue
        space = state.spaces[record.id]
        held = space.units.get(independence.INDEPENDENT)
        independent = space.control == independence.INDEPENDENT
        rows.append(IndependentRow(
            record.id, record.name, record.key, independent, "" if independent else holder_name(data, space.control),
            held.regulars if held else 0,
        ))
    return tuple(rows)


def space_rows(data: GameData, state: GameState) -> tuple[SpaceRow, ...]:
    def name(holder: str) -> str:
        return power_name(data, holder) if holder in state.powers else holder_name(data, holder)

    rows = []
    for record in data.spaces.values():
        space = state.spaces[record.id]
        units = tuple(UnitsRow(p, name(p), u.regulars, u.mercenaries) for p, u in space.units.items() if u.regulars or u.mercenaries)
        rows.append(SpaceRow(
            record.id, record.name, record.key, record.fortified, record.provisional, space.control,
            name(space.control), _(RELIGIONS.get(space.religion, space.religion)), space.unrest, units,
            record.id == state.morisco_space,
        ))
    return tuple(rows)


def vp_history(data: GameData, state: GameState) -> VpHistory:
    """One point per Victory Determination Phase so far (WIN-5), then the totals now."""
    first = data.scenarios[state.scenario].first_turn
    turns = [first + i for i in range(len(state.vp_history))]
    series = {p: [entry.get(p, 0) for entry in state.vp_history] for p in data.power_ids}
    if not turns or turns[-1] < state.turn:
        turns.append(state.turn)
        for power in data.power_ids:
            series[power].append(victory.total_vp(state, data, power))
    return VpHistory(tuple(turns), tuple((p, tuple(totals)) for p, totals in series.items()))


def power_displays(data: GameData, state: GameState, setup: Setup) -> tuple[PowerDisplay, ...]:
    holders = state.markers.bonus_holders
    displays = []
    for power in data.powers:
        record = state.powers[power.id]
        ottoman = power.id == Power.OTTOMAN
        displays.append(PowerDisplay(
            power.id,
            _(power.name),
            seat_shown(setup.seat_of(power.id)),
            victory.total_vp(state, data, power.id),
            len(record.hand),
            tuple(f"{m.delta:+d} ({text_of(m.reason)}, {m.rule})" for m in record.card_markers),
            tuple(f"{_(data.bonuses[b].name)} ({_(data.bonuses[b].effect)})" for b, p in holders.items() if p == power.id),
            tuple(
                f"{data.royals[r].name}: {_(MARRIAGE_BONUSES.get(data.royals[r].marriage_bonus, data.royals[r].marriage_bonus))}"
                f" +{data.royals[r].marriage_bonus_value}"
                for r in record.royal_bonuses
            ),
            tuple(victory.vp_lines(state, data, power.id)),
            suez_track(data, state) if ottoman else None,
            morisco_unit(data, state) if ottoman else None,
            league_state(data, state) if power.id == Power.SPAIN else None,
        ))
    return tuple(displays)


def _cp_refusals(data: GameData, state: GameState, decision: Decision) -> tuple[str, ...]:
    """What CP could not buy now, when the decision offers a card for CP (GEN-6): seen before the card
    is revealed."""
    offers_cp = any(c.verb is Verb.PLAY and c.args[1:] == (PlayMode.CP.value,) for c in decision.choices)
    return refused_purchases(Ctx(data, state), decision.power) if offers_cp else ()


def _event_picks(data: GameData, state: GameState, decision: Decision) -> tuple[str, ...]:
    """The targets an event offered as a play now would ask for once revealed (MAR-8, IND-3; Russian
    play-test: City State Rebels could only free France's own Metz, and France saw it after the reveal)."""
    ctx, lines = Ctx(data, state), []
    for choice in decision.choices:
        if choice.verb is not Verb.PLAY or choice.args[1:] != (PlayMode.EVENT.value,):
            continue
        number = int(choice.args[0])
        event = RULES.event_of(data, number)
        if event is None or event.picks_after is no_picks:
            continue
        picks = [option.choice.label for option in event.picks_after(ctx) if option.legal]
        lines.append(_("{card} as its event would offer: {picks}").format(card=card_title(ctx, number).render(), picks="; ".join(picks)))
    return tuple(lines)


def seat_view(
    data: GameData,
    state: GameState,
    setup: Setup,
    seat: Seat,
    pending: Decision | None,
    deciding_seat: Seat | None,
    log: Sequence[Event] = (),
) -> SeatView:
    """Everything ``seat`` may see now; ``deciding_seat`` holds the pending decision (GEN-2)."""
    deciding = pending.power if pending is not None else ""
    own = pending if pending is not None and deciding_seat == seat else None  # the decision, if it is the seat's
    hands = tuple(
        HandView(
            p.id, _(p.name), seat_shown(setup.seat_of(p.id)), len(state.powers[p.id].hand),
            card_rows(data, state, as_shown(state.powers[p.id].hand)) if p.id in seat.powers else None,
            p.id in seat.powers and quiet_this_phase(state, p.id),
        )
        for p in data.powers
    )
    england = marriage.side_power(state, data, marriage.ELIZABETH) if marriage.ELIZABETH in data.royals else ""
    return SeatView(
        seat=seat.name,
        turn=state.turn,
        last_turn=data.scenarios[state.scenario].last_turn,
        phase=state.phase,
        phase_title=_(PHASE_TITLES[state.phase]),
        deciding_power=power_name(data, deciding) if deciding in state.powers else "",
        deciding_person=seat_shown(deciding_seat) if deciding_seat is not None else "",
        deciding_rule=pending.rule if pending is not None else "",
        decision=own,
        winner=power_name(data, state.winner) if state.winner else "",
        victory=victory_text(state, log) if state.winner else "",
        vp=vp_rows(data, state),
        hands=hands,
        deck_count=len(state.cards.deck),
        discard=card_rows(data, state, state.cards.discard),
        removed_count=len(state.cards.removed),
        in_force=card_rows(data, state, state.cards.in_force),
        cp_refusals=_cp_refusals(data, state, own) if own is not None else (),
        event_picks=_event_picks(data, state, own) if own is not None else (),
        deal=deal_rows(data, state),
        royals=royal_rows(data, state),
        betrothals=betrothal_lines(data, state),
        virgin_queen_vp=state.powers[england].virgin_queen_vp if england else 0,
        virgin_queen_cap=data.settings.marriage.virgin_queen_vp_cap,
        patrons=patronage_rows(data, state),
        markers=marker_lines(data, state),
        minors=minor_rows(data, state),
        wars=tuple((power_name(data, a), power_name(data, b)) for a, b in state.wars),
        powers=power_displays(data, state, setup),
        independent=independent_rows(data, state),
        spaces=space_rows(data, state),
        vp_history=vp_history(data, state),
        log=tuple(log),
    )
