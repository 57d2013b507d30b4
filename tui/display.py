"""Text for the rows of a seat's view (core/views.py builds them; screens only lay them out)."""

from __future__ import annotations

from core.views import DealRow, IndependentRow, LeagueState, MinorRow, MoriscoUnit, SeatView, SuezTrack, VpRow

PROVISIONAL_MARK = "*"


def vp_line(view: SeatView) -> str:
    by_power = {row.name: row.total for row in view.vp}
    return "VP  " + "  ".join(f"{hand.name[:3]} {by_power[hand.name]}" for hand in view.hands)


def pile_line(view: SeatView) -> str:
    hands = ", ".join(f"{h.name[:3]} {h.count}" for h in view.hands)
    return f"Deck {view.deck_count} - Discard {len(view.discard)} - Removed {view.removed_count} - Hands: {hands}"


def war_line(view: SeatView) -> str:
    return "Wars: " + (", ".join(f"{a}-{b}" for a, b in view.wars) or "none")


def minor_line(row: MinorRow) -> str:
    influence = ", ".join(f"{power} {n}" for power, n in row.influence) or "none"
    box = " (determined this turn)" if row.determined else ""
    return f"{row.name}: ally {row.ally or 'none'}; influence {influence}{box}"


def minor_lines(view: SeatView) -> list[str]:
    return [minor_line(row) for row in view.minors]


def _deal_step(first: bool, value: int, text: str) -> str:
    number = f"{value}" if first else f"{value:+d}"
    return text if text.startswith(number + " ") else f"{number} {text}"  # '+1 Card marker: True Love' once


def deal_cells(row: DealRow) -> tuple[str, str, str]:
    why = ", ".join(_deal_step(i == 0, s.value, s.text) for i, s in enumerate(row.steps))
    return (row.name, str(row.total), why)


def vp_cells(row: VpRow) -> tuple[str, str, str]:
    """WIN-6 ledger: '+6 VP for 3 key spaces on the power card track (WIN-6)'."""
    lines = [f"{line.amount:+d} VP for {line.reason} ({line.rule})" for line in row.lines if line.amount]
    return (row.name, str(row.total), "; ".join(lines))


def power_display_lines(view: SeatView) -> list[str]:
    lines = []
    for display in view.powers:
        lines += [
            f"{display.name} - played by {display.held_by} - {display.vp} VP - {display.hand_count} cards in hand",
            f"  Card markers for the next Card Draw (CARD-7): {', '.join(display.card_markers) or 'none'}",
            f"  Scientific bonuses (SCI-2): {', '.join(display.bonuses) or 'none'}",
            *([f"  Marriage bonuses (MAR-6): {', '.join(display.marriage_bonuses)}"] if display.marriage_bonuses else []),
            *suez_lines(display.suez),
            *morisco_lines(display.morisco),
            *league_lines(display.league),
            *[f"  VP {line.amount:+d} [{line.rule}] {line.reason}" for line in display.vp_lines],
        ]
    return [*lines, *independent_lines(view.independent)]


def suez_lines(track: SuezTrack | None) -> list[str]:
    if track is None:
        return []
    boxes = "".join("[x]" if box < track.attempts else "[ ]" for box in range(track.boxes))
    if track.built:
        return [f"  Suez Canal (SUEZ-3): built - +1 Card marker for the rest of the game; {track.benefit}"]
    return [f"  Suez Canal (SUEZ-1, SUEZ-2): not built; attempts {boxes} {track.attempts}/{track.boxes}, next dig 1d6 {track.next_modifier:+d}, {track.target}+ builds"]


def morisco_lines(unit: MoriscoUnit | None) -> list[str]:
    if unit is None:
        return []
    if not unit.space:
        return ["  Morisco (MOR-2): not in play (enters only with the Morisco Revolt event)"]
    siege = f", besieging {unit.besieging} (destroyed at the start of Winter if still besieging an enemy fortress, MOR-4)" if unit.besieging else ""
    return [f"  Morisco (MOR-3): in {unit.space}, {unit.from_start} of at most {unit.limit} spaces from Granada{siege}"]


def league_lines(league: LeagueState | None) -> list[str]:
    if league is None:
        return []
    if not league.formed_turn:
        return ["  Catholic League (CL-1): not formed; the Duke of Guise enters with it"]
    barred = "; no deal with France or the Protestant in this Diplomacy Segment (CL-5)" if league.deals_barred else ""
    return [f"  Catholic League (CL-1): formed on turn {league.formed_turn}; Duke of Guise (CL-6): {league.guise}{barred}"]


def independent_lines(rows: tuple[IndependentRow, ...]) -> list[str]:
    def describe(row: IndependentRow) -> str:
        kind = "key" if row.key else "fortress"
        if row.independent:
            return f"{row.name} ({kind}): independent, {row.regulars} regulars"
        return f"{row.name} ({kind}): {row.held_by}"

    return ["Independent spaces (IND-1..IND-3):", *(f"  {describe(row)}" for row in rows)]


def mark(name: str, provisional: bool) -> str:
    return name + (PROVISIONAL_MARK if provisional else "")


def waiting_line(view: SeatView) -> str:
    """What the decision panel says when this seat has no decision: the end, or whose turn it is."""
    if view.winner:
        return "The game is over."
    if view.deciding_power:
        return f"Waiting for {view.deciding_person} - {view.deciding_power}."
    return ""
