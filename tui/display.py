"""Text for the rows of a seat's view (core/views.py builds them; screens only lay them out)."""

from __future__ import annotations

from core.views import DealRow, MinorRow, SeatView, VpRow

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


def deal_cells(row: DealRow) -> tuple[str, str, str]:
    why = ", ".join(f"{s.value:+d} {s.text}" if i else f"{s.value} {s.text}" for i, s in enumerate(row.steps))
    return (row.name, str(row.total), why)


def vp_cells(row: VpRow) -> tuple[str, str, str]:
    return (row.name, str(row.total), "; ".join(f"{line.amount} {line.rule} {line.reason}" for line in row.lines if line.amount))


def power_display_lines(view: SeatView) -> list[str]:
    lines = []
    for display in view.powers:
        lines += [
            f"{display.name} - played by {display.held_by} - {display.vp} VP - {display.hand_count} cards in hand",
            f"  Card markers for the next Card Draw (CARD-7): {', '.join(display.card_markers) or 'none'}",
            f"  Scientific bonuses (SCI-2): {', '.join(display.bonuses) or 'none'}",
            *([f"  Marriage bonuses (MAR-6): {', '.join(display.marriage_bonuses)}"] if display.marriage_bonuses else []),
            *[f"  VP {line.amount:+d} [{line.rule}] {line.reason}" for line in display.vp_lines],
        ]
    return lines


def mark(name: str, provisional: bool) -> str:
    return name + (PROVISIONAL_MARK if provisional else "")


def waiting_line(view: SeatView) -> str:
    """What the decision panel says when this seat has no decision: the end, or whose turn it is."""
    if view.winner:
        return "The game is over."
    if view.deciding_power:
        return f"Waiting for {view.deciding_person} - {view.deciding_power}."
    return ""
