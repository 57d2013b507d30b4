"""What one seat may see, as typed rows built from the state (screens and remote terminals lay them out).

A seat is a person holding some powers, a computer player, or an onlooker. ``seat_view`` gives the
public state plus the hands of the seat's own powers: other hands appear as counts only, and the deck
order, the RNG state and forced dice never appear. The pending decision's choices are shown only to
the seat that decides it (they name the cards in its hand).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from core import independence, marriage, morisco, suez, victory
from core.choices import Decision
from core.context import Ctx
from core.events import Event
from core.gamedata import CardRecord, GameData
from core.ids import Power
from core.registry import RULES
from core.setup import Seat, SeatKind, Setup
from core.state import PHASE_TITLES, GameState, LeaderStatus, PatronStatus, Phase, RoyalStatus
from core.victory import VpLine

PROVISIONAL_MARK = "*"
ONLOOKER = Seat("onlooker", (), SeatKind.ONLOOKER)


@frozen
class CardRow:
    number: int
    title: str
    text: str


@frozen
class HandView:
    """A power's hand: its cards for the seat that holds the power, else only the count."""

    power: str
    name: str
    held_by: str
    count: int
    cards: tuple[CardRow, ...] | None


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
    family: str
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

    @property
    def unit_count(self) -> int:
        return sum(row.regulars + row.mercenaries for row in self.units)


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
    decision: Decision | None
    winner: str
    victory: str
    vp: tuple[VpRow, ...]
    hands: tuple[HandView, ...]
    deck_count: int
    discard: tuple[CardRow, ...]
    removed_count: int
    in_force: tuple[CardRow, ...]
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
        if self.winner:
            who = f"{self.winner} wins: {self.victory}"
        elif self.deciding_power:
            who = f"{self.deciding_power} ({self.deciding_person}) to act"
        else:
            who = "the table records an action"
        return f"Turn {self.turn}/{self.last_turn} - {self.phase_title} - {who}"

    def hand_of(self, power: str) -> HandView:
        return next(h for h in self.hands if h.power == power)


def describe_card(card: CardRecord) -> str:
    """The card's help text: number, title, CP, kind and what its event does (with its rule ID)."""
    event = RULES.card_events.get(card.event)
    if event is not None:
        does = event.help
    else:
        does = "operations only (no event)"
    removed = "; removed after play" if card.removed_after_play else ""
    provisional = PROVISIONAL_MARK if card.provisional else ""  # gamedata.PROVISIONAL_NOTE explains the mark
    return f"#{card.number} {card.title}{provisional} - {card.cp} CP, {card.kind}{removed}: {does}"


def card_rows(data: GameData, numbers: Sequence[int]) -> tuple[CardRow, ...]:
    return tuple(CardRow(n, data.cards[n].title, describe_card(data.cards[n])) for n in numbers)


def vp_rows(data: GameData, state: GameState) -> tuple[VpRow, ...]:
    """Each power's VP and ledger (WIN-6), highest first (ties in impulse order, GEN-5)."""
    return tuple(
        VpRow(power, data.power_name(power), total, tuple(victory.vp_lines(state, data, power)))
        for power, total in victory.standings(state, data)
    )


def deal_rows(data: GameData, state: GameState) -> tuple[DealRow, ...]:
    rows = []
    for power in data.power_ids:
        steps = tuple(DealStep(line.rule, line.text.render(), line.value) for line in state.powers[power].deal)
        rows.append(DealRow(power, data.power_name(power), sum(s.value for s in steps), steps))
    return tuple(rows)


def royal_rows(data: GameData, state: GameState) -> tuple[RoyalRow, ...]:
    """MAR-1: the Available to Wed display, every royal with its status."""
    rows = []
    for royal_id, record in data.royals.items():
        royal = state.royals[royal_id]
        status = royal.status.value
        if royal.status is RoyalStatus.BETROTHED:
            betrothal = marriage.betrothal_of(state, royal_id)
            assert betrothal is not None
            partner = betrothal.groom if betrothal.bride == royal_id else betrothal.bride
            extra = " (opening, MAR-7)" if betrothal.opening else ""
            extra += " (Wedding Festivities)" if betrothal.festivities else ""
            status = f"betrothed to {data.royals[partner].name}{extra}"
        if royal.captured:
            status += ", captured in England"
        if record.power in state.powers:
            owner = data.power_name(record.power)
        else:
            ally = state.minors[record.power].ally if record.power in state.minors else ""
            owner = f"{data.name_of(record.power)} (ally of {data.power_name(ally) if ally else 'no one'})"
        rows.append(RoyalRow(
            royal_id, record.name, owner, record.sex, record.family or "-", royal.eligibility, status,
            royal.status is RoyalStatus.AVAILABLE, royal.status is not RoyalStatus.NOT_IN_PLAY, record.provisional,
        ))
    return tuple(rows)


def betrothal_lines(data: GameData, state: GameState) -> tuple[str, ...]:
    return tuple(
        f"{data.royals[b.bride].name} + {data.royals[b.groom].name}"
        + (" (opening, MAR-7)" if b.opening else "") + (" (Wedding Festivities)" if b.festivities else "")
        for b in state.betrothals
    )


def patronage_rows(data: GameData, state: GameState) -> tuple[PatronRow, ...]:
    """The Patronage chart: every patron in play, sponsored ones first."""
    rows = []
    for kind, patrons in (("artist", state.artists), ("scientist", state.scientists)):
        for patron_id, patron in patrons.items():
            record = data.patron(patron_id)
            if record.enters > state.turn and patron.status is PatronStatus.POOL:
                continue
            where = patron.status.value
            if patron.status is PatronStatus.SPONSORED:
                where = f"{data.power_name(patron.sponsor)}, {patron.box_cp}-CP box"
            elif patron.status is PatronStatus.FINISHED:
                where = f"finished ({data.power_name(patron.sponsor)})"
            rows.append(PatronRow(
                patron_id, record.name, record.pool.capitalize(), getattr(record, "type", kind), record.rating, where,
                patron.status is PatronStatus.SPONSORED, record.provisional,
            ))
    rows.sort(key=lambda row: not row.sponsored)  # sponsored patrons first (stable otherwise)
    return tuple(rows)


def marker_lines(data: GameData, state: GameState) -> tuple[str, ...]:
    markers = state.markers
    typed = ", ".join(f"{value} VP: {'/'.join(kinds) or 'none'}" for value, kinds in markers.artist_typed.items())
    scientist = ", ".join(f"{value} VP x{count}" for value, count in markers.scientist.items())
    held = ", ".join(f"{data.bonuses[b].name}: {data.power_name(p)}" for b, p in markers.bonus_holders.items()) or "none"
    free = ", ".join(b.name for b in data.bonuses.values() if b.id not in markers.bonus_holders)
    return (
        f"Artist markers left: 1 VP x{markers.artist_one_vp}; {typed} (PAT-8)",
        f"Scientist markers left: {scientist} (SCI-1)",
        f"Bonuses held: {held} (SCI-2)",
        f"Bonuses free: {free}",
    )


def minor_rows(data: GameData, state: GameState) -> tuple[MinorRow, ...]:
    return tuple(
        MinorRow(
            minor_id, data.minors[minor_id].name, data.power_name(minor.ally) if minor.ally else "",
            tuple((data.power_name(p), n) for p, n in minor.influence.items() if n), minor.determined,
        )
        for minor_id, minor in state.minors.items()
    )


SUEZ_BENEFIT = "expeditions are placed in the Indian Ocean at full strength and may include colonies (rulebook 17.4)"


def suez_track(data: GameData, state: GameState) -> SuezTrack:
    settings = data.settings.suez
    ctx = Ctx(data, state)
    return SuezTrack(
        state.suez_attempts, settings.boxes, sum(m.value for m in suez.dig_modifiers(ctx, Power.OTTOMAN)), settings.target,
        state.suez_built, SUEZ_BENEFIT if state.suez_built else "",
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
    where = f"in {data.name_of(guise.space)}" if guise.status is LeaderStatus.ON_MAP and guise.space else guise.status.value
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
            record.id, record.name, record.key, independent, "" if independent else data.name_of(space.control),
            held.regulars if held else 0,
        ))
    return tuple(rows)


def space_rows(data: GameData, state: GameState) -> tuple[SpaceRow, ...]:
    def name(holder: str) -> str:
        return data.power_name(holder) if holder in state.powers else data.name_of(holder)

    rows = []
    for record in data.spaces.values():
        space = state.spaces[record.id]
        units = tuple(UnitsRow(p, name(p), u.regulars, u.mercenaries) for p, u in space.units.items() if u.regulars or u.mercenaries)
        rows.append(SpaceRow(
            record.id, record.name, record.key, record.fortified, record.provisional, space.control,
            name(space.control), space.religion, space.unrest, units,
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
            power.name,
            setup.seat_of(power.id).name,
            victory.total_vp(state, data, power.id),
            len(record.hand),
            tuple(f"{m.delta:+d} ({m.reason}, {m.rule})" for m in record.card_markers),
            tuple(f"{data.bonuses[b].name} ({data.bonuses[b].effect})" for b, p in holders.items() if p == power.id),
            tuple(f"{data.royals[r].name}: {data.royals[r].marriage_bonus} +{data.royals[r].marriage_bonus_value}" for r in record.royal_bonuses),
            tuple(victory.vp_lines(state, data, power.id)),
            suez_track(data, state) if ottoman else None,
            morisco_unit(data, state) if ottoman else None,
            league_state(data, state) if power.id == Power.SPAIN else None,
        ))
    return tuple(displays)


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
    hands = tuple(
        HandView(
            p.id, p.name, setup.seat_of(p.id).name, len(state.powers[p.id].hand),
            card_rows(data, sorted(state.powers[p.id].hand)) if p.id in seat.powers else None,
        )
        for p in data.powers
    )
    england = marriage.side_power(state, data, marriage.ELIZABETH) if marriage.ELIZABETH in data.royals else ""
    return SeatView(
        seat=seat.name,
        turn=state.turn,
        last_turn=data.scenarios[state.scenario].last_turn,
        phase=state.phase,
        phase_title=PHASE_TITLES[state.phase],
        deciding_power=data.power_name(deciding) if deciding in state.powers else "",
        deciding_person=deciding_seat.name if deciding_seat is not None else "",
        decision=pending if pending is not None and deciding_seat == seat else None,
        winner=data.power_name(state.winner) if state.winner else "",
        victory=state.victory,
        vp=vp_rows(data, state),
        hands=hands,
        deck_count=len(state.cards.deck),
        discard=card_rows(data, state.cards.discard),
        removed_count=len(state.cards.removed),
        in_force=card_rows(data, state.cards.in_force),
        deal=deal_rows(data, state),
        royals=royal_rows(data, state),
        betrothals=betrothal_lines(data, state),
        virgin_queen_vp=state.powers[england].virgin_queen_vp if england else 0,
        virgin_queen_cap=data.settings.marriage.virgin_queen_vp_cap,
        patrons=patronage_rows(data, state),
        markers=marker_lines(data, state),
        minors=minor_rows(data, state),
        wars=tuple((data.power_name(a), data.power_name(b)) for a, b in state.wars),
        powers=power_displays(data, state, setup),
        independent=independent_rows(data, state),
        spaces=space_rows(data, state),
        vp_history=vp_history(data, state),
        log=tuple(log),
    )
