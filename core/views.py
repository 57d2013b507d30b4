"""What the screens show, as plain rows built from the state (the UI only lays them out)."""

from __future__ import annotations

from core import marriage, victory
from core.gamedata import CardRecord, GameData
from core.registry import RULES
from core.setup import Setup
from core.state import PHASE_TITLES, GameState, PatronStatus, RoyalStatus

PROVISIONAL_MARK = "*"


def _mark(provisional: bool) -> str:
    return PROVISIONAL_MARK if provisional else ""


def status_line(data: GameData, state: GameState, power: str, person: str) -> str:
    last = data.scenarios[state.scenario].last_turn
    who = f"{data.power_name(power)} ({person}) to act" if power in state.powers else "the table records an action"
    if state.winner:
        who = f"{data.power_name(state.winner)} wins: {state.victory}"
    return f"Turn {state.turn}/{last} - {PHASE_TITLES[state.phase]} - {who}"


def vp_line(data: GameData, state: GameState) -> str:
    return "VP  " + "  ".join(f"{p.name[:3]} {victory.total_vp(state, data, p.id)}" for p in data.powers)


def vp_rows(data: GameData, state: GameState) -> list[tuple[str, str, str]]:
    """(power, total, breakdown) per power, highest first."""
    rows = []
    for power, total in victory.standings(state, data):
        parts = [f"{line.amount} {line.rule} {line.reason}" for line in victory.vp_lines(state, data, power) if line.amount]
        rows.append((data.power_name(power), str(total), "; ".join(parts)))
    return rows


def deal_rows(data: GameData, state: GameState) -> list[tuple[str, str, str]]:
    """CARD-7: each power's count this turn and where it came from."""
    rows = []
    for power in data.power_ids:
        lines = state.powers[power].deal
        total = sum(line.value for line in lines)
        why = ", ".join(f"{line.value:+d} {line.text}" if i else f"{line.value} {line.text}" for i, line in enumerate(lines))
        rows.append((data.power_name(power), str(total), why))
    return rows


def pile_line(data: GameData, state: GameState) -> str:
    piles = state.cards
    hands = ", ".join(f"{p.name[:3]} {len(state.powers[p.id].hand)}" for p in data.powers)
    return f"Deck {len(piles.deck)} - Discard {len(piles.discard)} - Removed {len(piles.removed)} - Hands: {hands}"


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


def hand_rows(data: GameData, state: GameState, power: str) -> list[str]:
    return [describe_card(data.cards[n]) for n in sorted(state.powers[power].hand)]


def discard_rows(data: GameData, state: GameState) -> list[str]:
    return [describe_card(data.cards[n]) for n in state.cards.discard]


def in_force_rows(data: GameData, state: GameState) -> list[str]:
    return [f"#{n} {data.cards[n].title} (Turn Track marker, CARD-4)" for n in state.cards.in_force]


def royal_rows(data: GameData, state: GameState) -> list[tuple[str, ...]]:
    """MAR-1: the Available to Wed display, every royal with its status."""
    rows: list[tuple[str, ...]] = []
    for royal_id, record in data.royals.items():
        royal = state.royals[royal_id]
        status = royal.status.value
        if royal.status is RoyalStatus.BETROTHED:
            betrothal = marriage.betrothal_of(state, royal_id)
            assert betrothal is not None
            partner = betrothal.groom if betrothal.bride == royal_id else betrothal.bride
            extra = " (opening, MAR-7)" if betrothal.opening else ""
            extra += " +Festivities" if betrothal.festivities else ""
            status = f"betrothed to {data.royals[partner].name}{extra}"
        if royal.captured:
            status += ", captured in England"
        ally = state.minors[record.power].ally if record.power in state.minors else ""
        owner = record.power if record.power in state.powers else f"{data.name_of(record.power)} (ally of {data.power_name(ally) if ally else 'no one'})"
        rows.append((
            record.name + _mark(record.provisional),
            data.power_name(owner) if record.power in state.powers else owner,
            record.sex,
            record.family or "-",
            str(royal.eligibility),
            status,
        ))
    return rows


def patronage_rows(data: GameData, state: GameState) -> list[tuple[str, ...]]:
    """The Patronage chart: every patron in play, sponsored ones first."""
    rows: list[tuple[str, ...]] = []
    for kind, patrons, records in (("artist", state.artists, data.artists), ("scientist", state.scientists, data.scientists)):
        for patron_id, patron in patrons.items():
            record = records[patron_id]
            if record.enters > state.turn and patron.status is PatronStatus.POOL:
                continue
            where = patron.status.value
            if patron.status is PatronStatus.SPONSORED:
                where = f"{data.power_name(patron.sponsor)}, {patron.box_cp}-CP box"
            elif patron.status is PatronStatus.FINISHED:
                where = f"finished ({data.power_name(patron.sponsor)})"
            detail = getattr(record, "type", kind)
            rows.append((record.name + _mark(record.provisional), record.pool.capitalize(), detail, str(record.rating), where))
    rows.sort(key=lambda row: not row[4].endswith("box"))  # sponsored patrons first (stable otherwise)
    return rows


def marker_lines(data: GameData, state: GameState) -> list[str]:
    markers = state.markers
    typed = ", ".join(f"{value} VP: {'/'.join(kinds) or 'none'}" for value, kinds in markers.artist_typed.items())
    scientist = ", ".join(f"{value} VP x{count}" for value, count in markers.scientist.items())
    held = ", ".join(f"{data.bonuses[b].name}: {data.power_name(p)}" for b, p in markers.bonus_holders.items()) or "none"
    free = ", ".join(b.name for b in data.bonuses.values() if b.id not in markers.bonus_holders)
    return [
        f"Artist markers left: 1 VP x{markers.artist_one_vp}; {typed} (PAT-8)",
        f"Scientist markers left: {scientist} (SCI-1)",
        f"Bonuses held: {held} (SCI-2)",
        f"Bonuses free: {free}",
    ]


def minor_lines(data: GameData, state: GameState) -> list[str]:
    lines = []
    for minor_id, minor in state.minors.items():
        influence = ", ".join(f"{data.power_name(p)} {n}" for p, n in minor.influence.items() if n) or "none"
        box = " (determined this turn)" if minor.determined else ""
        lines.append(f"{data.minors[minor_id].name}: ally {data.power_name(minor.ally) if minor.ally else 'none'}; influence {influence}{box}")
    return lines


def war_line(data: GameData, state: GameState) -> str:
    return "Wars: " + (", ".join(f"{data.power_name(a)}-{data.power_name(b)}" for a, b in state.wars) or "none")


def power_display(data: GameData, state: GameState, setup: Setup) -> list[str]:
    """Each power's display: who plays it, hand size, Card markers, VP ledger, bonuses."""
    lines = []
    holders = state.markers.bonus_holders
    for power in data.powers:
        record = state.powers[power.id]
        markers = ", ".join(f"{m.delta:+d} ({m.reason}, {m.rule})" for m in record.card_markers) or "none"
        bonuses = ", ".join(f"{data.bonuses[b].name} ({data.bonuses[b].effect})" for b, p in holders.items() if p == power.id) or "none"
        royal = ", ".join(f"{data.royals[r].name}: {data.royals[r].marriage_bonus} +{data.royals[r].marriage_bonus_value}" for r in record.royal_bonuses)
        lines += [
            f"{power.name} - played by {setup.seat_of(power.id).name} - {victory.total_vp(state, data, power.id)} VP - {len(record.hand)} cards in hand",
            f"  Card markers for the next Card Draw (CARD-7): {markers}",
            f"  Scientific bonuses (SCI-2): {bonuses}",
            *([f"  Marriage bonuses (MAR-6): {royal}"] if royal else []),
            *[f"  VP {line.amount:+d} [{line.rule}] {line.reason}" for line in victory.vp_lines(state, data, power.id)],
        ]
    return lines
