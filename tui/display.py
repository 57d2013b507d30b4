"""Text for the rows of a seat's view (core/views.py builds them; screens only lay them out)."""

from __future__ import annotations

from core.i18n import N_, _, ngettext
from core.views import DealRow, IndependentRow, LeagueState, MinorRow, MoriscoUnit, SeatView, SuezTrack, VpRow
from tui.drivers import Absence

PROVISIONAL_MARK = "*"
PROVISIONAL_LEGEND = N_("* provisional: a value not from the printed game")  # under a text that marks one


def signed(amount: int) -> str:
    return f"{amount:+d}"


def vp_line(view: SeatView) -> str:
    by_power = {row.name: row.total for row in view.vp}
    return _("VP") + "  " + "  ".join(f"{hand.name[:3]} {by_power[hand.name]}" for hand in view.hands)


def pile_line(view: SeatView) -> str:
    hands = ", ".join(f"{h.name[:3]} {h.count}" for h in view.hands)
    return _("Deck {deck} - Discard {discard} - Removed {removed} - Hands: {hands}").format(
        deck=view.deck_count, discard=len(view.discard), removed=view.removed_count, hands=hands,
    )


def cp_refusal_lines(view: SeatView) -> list[str]:
    """What a card played for CP could not buy now, before the card is chosen (GEN-6; hot-seat play-test:
    a card played for a scientist was revealed before PAT-3 said none was left)."""
    # hot-seat play-test: "cannot buy this" read as the card; late-game play-test: "Not for CP now" read as the card too
    return [_("What CP cannot buy now: {why}").format(why=why) for why in view.cp_refusals]


def war_line(view: SeatView) -> str:
    if not view.wars:
        return _("Wars: none")
    return _("Wars: {wars}").format(wars=", ".join(f"{a}-{b}" for a, b in view.wars))


def minor_line(row: MinorRow) -> str:
    influence = ", ".join(f"{power} {n}" for power, n in row.influence) or _("none")
    if row.ally:
        line = _("{minor}: ally {ally}; influence {influence}").format(minor=row.name, ally=row.ally, influence=influence)
    else:  # shared-game play-test: "aliado: ninguna" (the word "none" agrees with other nouns in Spanish)
        line = _("{minor}: no ally; influence {influence}").format(minor=row.name, influence=influence)
    return line + " " + _("(determined this turn)") if row.determined else line


def minor_lines(view: SeatView) -> list[str]:
    return [minor_line(row) for row in view.minors]


def _deal_step(first: bool, value: int, text: str) -> str:
    """'6 (track square for 10 key spaces)', then '-1 (Unrest in 2 spaces covers 2 more squares)': each step's cards,
    then why (newcomer play-test: '4 track square for 5 key spaces' read as four squares, Russian '4 деление шкалы' as
    ungrammatical; hot-seat play-test: '-1 Unrest in 2 spaces covers 2 more squares' read as a contradiction)."""
    if first:
        return f"{value} ({text})"
    number = f"{value:+d}"
    return text if text.startswith(number + " ") else f"{number} ({text})"  # '+1 Card marker: True Love' once


def deal_cells(row: DealRow, dealt: int | None = None) -> tuple[str, str, str]:
    """``dealt``: the cards the power was dealt when the deck ran out before its count (CARD-7)."""
    why = ", ".join(_deal_step(i == 0, s.value, s.text) for i, s in enumerate(row.steps))
    count = str(row.total) if dealt is None else _("{count} ({dealt} dealt)").format(count=row.total, dealt=dealt)
    return (row.name, count, why)


def vp_cells(row: VpRow) -> tuple[str, str, str]:
    """WIN-6 ledger: '+6 VP for 3 key spaces on the power card track (WIN-6)'; entries of the same reason and
    rule are added up (newcomer play-test: "+1 VP for Virgin Queen" twice read as a mistake)."""
    amounts: dict[tuple[str, str], int] = {}
    for line in row.lines:
        key = (mark(str(line.reason), line.provisional), line.rule)
        amounts[key] = amounts.get(key, 0) + line.amount
    lines = [
        _("{amount} VP for {reason} ({rule})").format(amount=signed(amount), reason=reason, rule=rule)
        for (reason, rule), amount in amounts.items() if amount
    ]
    return (row.name, str(row.total), "; ".join(lines))


def _listed(items: tuple[str, ...] | list[str]) -> str:
    return ", ".join(items) or _("none")


def power_display_lines(view: SeatView) -> list[str]:
    lines = []
    for display in view.powers:
        lines += [
            ngettext(
                "{power} - played by {person} - {vp} VP - {count} card in hand",
                "{power} - played by {person} - {vp} VP - {count} cards in hand",
                display.hand_count,
            ).format(power=display.name, person=display.held_by, vp=display.vp, count=display.hand_count),
            "  " + _("Card markers for the next Card Draw (CARD-7): {markers}").format(markers=_listed(display.card_markers)),
            "  " + _("Scientific bonuses (SCI-2): {bonuses}").format(bonuses=_listed(display.bonuses)),
            *(
                ["  " + _("Marriage bonuses (MAR-6): {bonuses}").format(bonuses=", ".join(display.marriage_bonuses))]
                if display.marriage_bonuses
                else []
            ),
            *suez_lines(display.suez),
            *morisco_lines(display.morisco),
            *league_lines(display.league),
            *["  " + _("VP {amount} [{rule}] {reason}").format(amount=signed(line.amount), rule=line.rule, reason=mark(str(line.reason), line.provisional))
              for line in display.vp_lines],
        ]
    marked = [_(PROVISIONAL_LEGEND)] if any(line.provisional for display in view.powers for line in display.vp_lines) else []
    return [*lines, *independent_lines(view.independent), *marked]


def suez_lines(track: SuezTrack | None) -> list[str]:
    if track is None:
        return []
    boxes = "".join("[x]" if box < track.attempts else "[ ]" for box in range(track.boxes))
    if track.built:
        return ["  " + _("Suez Canal (SUEZ-3): built - +1 Card marker for the rest of the game; {benefit}").format(benefit=track.benefit)]
    return [
        "  "
        + _(
            "Suez Canal (SUEZ-1, SUEZ-2): not built; attempts {boxes} {attempts}/{of}, next dig 1d6 {modifier}, {target}+ builds"
        ).format(boxes=boxes, attempts=track.attempts, of=track.boxes, modifier=signed(track.next_modifier), target=track.target)
    ]


def morisco_lines(unit: MoriscoUnit | None) -> list[str]:
    if unit is None:
        return []
    if not unit.space:
        return ["  " + _("Morisco (MOR-2): not in play (enters only with the Morisco Revolt event)")]
    siege = (
        _(", besieging {space} (destroyed at the start of Winter if still besieging an enemy fortress, MOR-4)").format(space=unit.besieging)
        if unit.besieging
        else ""
    )
    where = _("Morisco (MOR-3): in {space}, {spaces} of at most {limit} spaces from Granada").format(
        space=unit.space, spaces=unit.from_start, limit=unit.limit,
    )
    return [f"  {where}{siege}"]


def league_lines(league: LeagueState | None) -> list[str]:
    if league is None:
        return []
    if not league.formed_turn:
        return ["  " + _("Catholic League (CL-1): not formed; the Duke of Guise enters with it")]
    barred = _("; no deal with France or the Protestant in this Diplomacy Segment (CL-5)") if league.deals_barred else ""
    formed = _("Catholic League (CL-1): formed on turn {turn}; Duke of Guise (CL-6): {guise}").format(turn=league.formed_turn, guise=league.guise)
    return [f"  {formed}{barred}"]


def independent_lines(rows: tuple[IndependentRow, ...]) -> list[str]:
    def describe(row: IndependentRow) -> str:
        if row.independent:
            if row.key:
                return _("{space} (key): independent, {regulars} regulars").format(space=row.name, regulars=row.regulars)
            return _("{space} (fortress): independent, {regulars} regulars").format(space=row.name, regulars=row.regulars)
        if row.key:
            return _("{space} (key): {holder}").format(space=row.name, holder=row.held_by)
        return _("{space} (fortress): {holder}").format(space=row.name, holder=row.held_by)

    return [_("Independent spaces (IND-1..IND-3):"), *(f"  {describe(row)}" for row in rows)]


def mark(name: str, provisional: bool) -> str:
    return name + (PROVISIONAL_MARK if provisional else "")


# The rules of the decisions that play a card from the hand out of its impulse (core/responses.py)
RESPONSE_RULES = ("CARD-2", "CARD-3")


def waiting_line(view: SeatView, away: Absence = Absence.NONE, onlooker: bool = False) -> str:
    """What the decision panel says when this seat has no decision: the end, or whose turn it is, and
    whether that person is at the game (``away``: they left their seat in a shared game, or watch here).
    ``onlooker``: nobody plays at this keyboard (shared-game play-test: an onlooker's 1 said only "Not now:
    Waiting for Ben - Spain", as if their turn would come)."""
    if view.winner:
        return _("The game is over.")
    if away is Absence.WATCHING:
        return _("It is your turn, {person} ({power}), but you watch here as an onlooker: Ctrl+L, then Enter on your seat in the lobby, to play.").format(
            person=view.deciding_person, power=view.deciding_power or _("a table action"))
    if view.deciding_power and view.deciding_rule in RESPONSE_RULES:
        # shared-game play-test: Ana's board, waiting for Ben's answer in the middle of her CP, looked like his turn
        line = _("Waiting for {person} - {power}, asked in a window to play a card ({rule}); what was under way goes on after it.").format(
            person=view.deciding_person, power=view.deciding_power, rule=view.deciding_rule)
    elif view.deciding_power:
        line = _("Waiting for {person} - {power}.").format(person=view.deciding_person, power=view.deciding_power)
    elif view.deciding_person:  # a table action's decisions are the table's, not a power's (TABLE-1)
        line = _("Waiting for {person}, who records a table action (TABLE-1).").format(person=view.deciding_person)
    else:
        return ""
    if away is Absence.AWAY:
        line += " " + _("{person} is not at the game now: it goes on when they take their seat again.").format(person=view.deciding_person)
    if onlooker:
        line += " " + _("You watch as an onlooker: onlookers make no moves.")
    return line
