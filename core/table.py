"""Table actions (TABLE-1): recorded outcomes of the parts of the game the sources do not describe.

One ``TableKind`` record per kind of action; each is built one listed parameter per decision, so every
parameter is a legal choice, and the rules that limit table actions (``TABLE_CONSTRAINTS`` of any
rule section) refuse options with their rule ID.
"""

from __future__ import annotations

from attrs import Factory, define

from core import catholic_league, diplomacy, patronage
from core.choices import TABLE_ACTOR, Choice, Decision, Option, Quiet, Refusal
from core.context import Ctx
from core.i18n import Message, N_, _, listed, msg, msgn, ngettext, pgettext
from core.ids import INDEPENDENT, Power, Religion
from core.marriage import MARY
from core.procedures import LEADER_STATUS, Procedure, StepFn, TableConstraint, TableKind, by_table, named, pick, shown_name, space_picks
from core.responses import open_battle_windows
from core.state import NINTH_EDITION, SECOND_EDITION, SEVENTH_EDITION, SIXTH_EDITION, Frame, LeaderStatus, RoyalStatus
from core.units import add_units, fortified

CANCEL = "cancel"


@define
class TableFrame(Frame):
    """A table action (TABLE-1) being built, one parameter per decision."""

    power: str
    kind: str = ""
    args: list[str] = Factory(list)


def _spaces(template: str) -> StepFn:
    def options(ctx: Ctx, args: list[str]) -> list[Option]:
        return list(space_picks(ctx, template))

    return options


def _powers(ctx: Ctx, args: list[str]) -> list[Option]:
    return list(ctx.tables.memo("table powers", lambda: tuple(pick(p, shown_name(ctx, p)) for p in ctx.data.power_ids)))


# ---- control, Unrest, religion, region -------------------------------------------------------------


def _new_controllers(ctx: Ctx, args: list[str]) -> list[Option]:
    space = args[0]
    control = ctx.state.spaces[space].control
    return [o for o in ctx.tables.memo(("new controllers", space), _controller_picks, ctx, space) if o.choice.args[0] != control]


def _controller_picks(ctx: Ctx, space: str) -> tuple[Option, ...]:
    """Every side that may control ``space`` (made once per data, space and language)."""
    owners = [*ctx.data.power_ids, INDEPENDENT, *(m for m in ctx.data.minors if space in ctx.data.minors[m].home_spaces)]
    label = _("{space} to {owner}")
    return tuple(pick(o, label.format(space=ctx.name(space), owner=shown_name(ctx, o))) for o in owners)


def _record_control(ctx: Ctx, by: str, args: list[str]) -> None:
    ctx.changing_map()
    ctx.state.spaces[args[0]].control = args[1]
    ctx.log("TABLE-1", by_table(by, msg("{space} is now controlled by {owner}", space=ctx.name(args[0]), owner=named(ctx, args[1]))), by)


def _unrest_spaces(ctx: Ctx, args: list[str]) -> list[Option]:
    spaces = ctx.state.spaces
    pairs = zip(space_picks(ctx, N_("Set Unrest in {space}")), space_picks(ctx, N_("Clear Unrest in {space}")))
    return [clear if spaces[set_.choice.args[0]].unrest else set_ for set_, clear in pairs]


def _record_unrest(ctx: Ctx, by: str, args: list[str]) -> None:
    space = ctx.state.spaces[args[0]]
    ctx.changing_map()
    space.unrest = not space.unrest
    done = msg("Unrest set in {space}", space=ctx.name(args[0])) if space.unrest else msg("Unrest cleared in {space}", space=ctx.name(args[0]))
    ctx.log("TABLE-1", by_table(by, done), by)


def _religion_spaces(ctx: Ctx, args: list[str]) -> list[Option]:
    spaces = ctx.state.spaces
    pairs = zip(space_picks(ctx, N_("{space} becomes Protestant")), space_picks(ctx, N_("{space} becomes Catholic")))
    protestant_religion = Religion.PROTESTANT  # read once, not per space
    return [catholic if spaces[protestant.choice.args[0]].religion == protestant_religion else protestant for protestant, catholic in pairs]


def _record_religion(ctx: Ctx, by: str, args: list[str]) -> None:
    space = ctx.state.spaces[args[0]]
    ctx.changing_map()
    space.religion = Religion.CATHOLIC if space.religion == Religion.PROTESTANT else Religion.PROTESTANT
    if space.religion == Religion.PROTESTANT:
        now = msg("{space} is now Protestant", space=ctx.name(args[0]))
    else:
        now = msg("{space} is now Catholic", space=ctx.name(args[0]))
    ctx.log("TABLE-1", by_table(by, now), by)


def _regions(ctx: Ctx, args: list[str]) -> list[Option]:
    return [ctx.tables.memo(("region", r, n), _region, r, ctx.name(r), n) for r, n in ctx.state.region_protestant.items()]


def _region(region: str, name: str, count: int) -> Option:
    return pick(region, ngettext("{region} ({count} Protestant space)", "{region} ({count} Protestant spaces)", count).format(region=name, count=count))


def _region_changes(ctx: Ctx, args: list[str]) -> list[Option]:
    none_left = "" if ctx.state.region_protestant[args[0]] else msg("TABLE-1: {region} has no Protestant space to remove", region=ctx.name(args[0]))
    return [pick("+1", _("+1 Protestant space")), pick("-1", _("-1 Protestant space"), none_left)]


def _record_region(ctx: Ctx, by: str, args: list[str]) -> None:
    ctx.changing_map()
    ctx.state.region_protestant[args[0]] += int(args[1])
    count = ctx.state.region_protestant[args[0]]
    # "1 Protestant spaces" in English as it always read (the log's wording is kept)
    now = msgn("{region} now has {count} Protestant spaces", "{region} now has {count} Protestant spaces", count, region=ctx.name(args[0]))
    ctx.log("TABLE-1", by_table(by, now), by)


# ---- units and leaders ---------------------------------------------------------------------------


def _unit_owners(ctx: Ctx, args: list[str]) -> list[Option]:
    return list(ctx.tables.memo(("unit owners", args[0]), _unit_owner_picks, ctx, args[0]))


def _unit_owner_picks(ctx: Ctx, space: str) -> tuple[Option, ...]:
    label = _("Units of {owner} in {space}")
    return tuple(pick(p, label.format(owner=shown_name(ctx, p), space=ctx.name(space))) for p in [*ctx.data.power_ids, INDEPENDENT])


def _unit_changes(ctx: Ctx, args: list[str]) -> list[Option]:
    held = ctx.state.spaces[args[0]].units.get(args[1])
    owner, space = named(ctx, args[1]), ctx.name(args[0])
    no_regular = "" if held and held.regulars else msg("TABLE-1: {owner} has no regular in {space}", owner=owner, space=space)
    no_mercenary = "" if held and held.mercenaries else msg("TABLE-1: {owner} has no mercenary in {space}", owner=owner, space=space)
    return [
        pick("add-regular", _("Add a regular")),
        pick("add-mercenary", _("Add a mercenary")),
        pick("remove-regular", _("Remove a regular (loss)"), no_regular),
        pick("remove-mercenary", _("Remove a mercenary (loss)"), no_mercenary),
    ]


_UNIT_CHANGES = {
    "add-regular": N_("adds one regular of {owner} in {space}"),
    "add-mercenary": N_("adds one mercenary of {owner} in {space}"),
    "remove-regular": N_("removes one regular of {owner} in {space}"),
    "remove-mercenary": N_("removes one mercenary of {owner} in {space}"),
}


def _record_units(ctx: Ctx, by: str, args: list[str]) -> None:
    space_id, power, change = args
    delta = 1 if change.startswith("add") else -1
    unit = change.split("-")[1]
    if unit == "regular":
        add_units(ctx, space_id, power, regulars=delta)
    else:
        add_units(ctx, space_id, power, mercenaries=delta)
    done = Message(_UNIT_CHANGES[change], (("owner", named(ctx, power)), ("space", ctx.name(space_id))))
    ctx.log("TABLE-1", by_table(by, done), by)


def _leaders(ctx: Ctx, args: list[str]) -> list[Option]:
    return [
        pick(lid, _("{leader} ({status})").format(leader=ctx.name(lid), status=_(LEADER_STATUS[ls.status])))
        for lid, ls in ctx.state.leaders.items()
        if ls.status in (LeaderStatus.ON_MAP, LeaderStatus.CAPTURED)
    ]


def _leader_changes(ctx: Ctx, args: list[str]) -> list[Option]:
    status = ctx.state.leaders[args[0]].status
    sea = ctx.data.leaders[args[0]].kind == "sea-captain"
    change = pick("capture", _("Captured")) if status is LeaderStatus.ON_MAP else pick("release", _("Released"))
    return [change, pick("destroy", _("Destroyed (SCI-3)") if sea else _("Removed from play"))]


_LEADER_STATUS = {"capture": LeaderStatus.CAPTURED, "release": LeaderStatus.ON_MAP, "destroy": LeaderStatus.DESTROYED}
_LEADER_NOW = {
    LeaderStatus.CAPTURED: N_("{leader} is captured"),
    LeaderStatus.ON_MAP: N_("{leader} is on the map"),
    LeaderStatus.DESTROYED: N_("{leader} is destroyed"),
}


def _record_leader(ctx: Ctx, by: str, args: list[str]) -> None:
    leader_id, what = args
    new = _LEADER_STATUS[what]
    ctx.state.leaders[leader_id].status = new
    ctx.log("TABLE-1", by_table(by, Message(_LEADER_NOW[new], (("leader", ctx.name(leader_id)),))), by)
    if new is LeaderStatus.DESTROYED:
        patronage.sea_captain_destroyed(ctx, leader_id)


# Mary Queen of Scots has left play (MAR-6, MAR-8): she is neither captured nor released any more
MARY_GONE = (RoyalStatus.MARRIED, RoyalStatus.ON_FRENCH_CARD, RoyalStatus.DEAD)


def _mary_changes(ctx: Ctx, args: list[str]) -> list[Option]:
    captured = ctx.state.royals[MARY].captured
    return [pick("release", _("Released by England (MAR-3c)")) if captured else pick("capture", _("Captured in England (MAR-3c)"))]


def _mary_gone(ctx: Ctx) -> Refusal:
    """Hot-seat play-test: after Mary Queen of Scots married and left play, "Captured in England" was still offered."""
    if ctx.state.rules_edition >= NINTH_EDITION and ctx.state.royals[MARY].status in MARY_GONE:
        return msg("MAR-6: Mary Queen of Scots has left play: she is neither captured nor released now")
    return ""


def _record_mary(ctx: Ctx, by: str, args: list[str]) -> None:
    mary = ctx.state.royals[MARY]
    mary.captured = args[0] == "capture"
    done = msg("Mary Queen of Scots is captured in England") if mary.captured else msg("Mary Queen of Scots is released")
    ctx.log("TABLE-1", by_table(by, done), by)


# ---- war, peace, battles -------------------------------------------------------------------------


def _war_partners(ctx: Ctx, args: list[str]) -> list[Option]:
    first = shown_name(ctx, args[0])
    label = _("{a} and {b} at war")
    return [
        pick(p, label.format(a=first, b=shown_name(ctx, p)), msg("DIP-8: {a} and {b} are already at war", a=named(ctx, args[0]), b=named(ctx, p)) if ctx.at_war(args[0], p) else "")
        for p in ctx.data.power_ids
        if p != args[0]
    ]


def _record_war(ctx: Ctx, by: str, args: list[str]) -> None:
    diplomacy.set_war(ctx, args[0], args[1], True, by)


def _wars(ctx: Ctx, args: list[str]) -> list[Option]:
    # a label starts a sentence, and the log's line of the same words follows "Power: " (Spanish: "El"/"el Imperio")
    label = pgettext("a choice", "{a} and {b} make peace")
    return [pick(f"{a}:{b}", label.format(a=shown_name(ctx, a), b=shown_name(ctx, b)), catholic_league.peace_refusal(ctx.state, a, b))
            for a, b in ctx.state.wars]


def _record_peace(ctx: Ctx, by: str, args: list[str]) -> None:
    a, b = args[0].split(":")
    diplomacy.set_war(ctx, a, b, False, by)


# CARD-2 / CARD-3: the battles whose outcome is recorded (their resolution is not in the sources). The
# field battle keeps the kind id "battle" that saves recorded before assaults and naval battles had kinds.
BATTLES = {"battle": N_("field battle"), "assault": N_("assault"), "naval-battle": N_("naval battle")}
_BATTLE_IN = {"battle": N_("Field battle in {space}"), "assault": N_("Assault in {space}"), "naval-battle": N_("Naval battle in {space}")}
_BATTLE_AT = {
    "battle": N_("field battle at {space}: {attacker} against {defender}"),
    "assault": N_("assault at {space}: {attacker} against {defender}"),
    "naval-battle": N_("naval battle at {space}: {attacker} against {defender}"),
}
_BATTLE_KIND = {
    "battle": N_("Record a field battle between two powers in a space"),
    "assault": N_("Record an assault between two powers in a space"),
    "naval-battle": N_("Record a naval battle between two powers in a space"),
}


def _battle_spaces(battle: str) -> StepFn:
    def options(ctx: Ctx, args: list[str]) -> list[Option]:
        out = []
        for option in space_picks(ctx, _BATTLE_IN[battle]):
            space_id = option.choice.args[0]
            refusal: Refusal = ""
            if battle == "assault" and not fortified(ctx.data, ctx.state, space_id):
                refusal = msg("TABLE-1: an assault is made on a fortified space, and {space} is not one", space=ctx.name(space_id))
            out.append(option.with_refusal(refusal))
        return out

    return options


def _attackers(ctx: Ctx, args: list[str]) -> list[Option]:
    """The power picked first is the attacker, and each option says so (play-test: a bare list of powers)."""
    label = _("{attacker} attacks")
    return list(ctx.tables.memo("table attackers", lambda: tuple(pick(p, label.format(attacker=shown_name(ctx, p))) for p in ctx.data.power_ids)))


def _defenders(ctx: Ctx, args: list[str]) -> list[Option]:
    return list(ctx.tables.memo(("defenders", args[1]), _defender_picks, ctx, args[1]))


def _defender_picks(ctx: Ctx, attacker: str) -> tuple[Option, ...]:
    label = _("{attacker} attacks {defender}")
    return tuple(pick(p, label.format(attacker=shown_name(ctx, attacker), defender=shown_name(ctx, p))) for p in [*ctx.data.power_ids, INDEPENDENT] if p != attacker)


def _battle(battle: str) -> TableKind:
    def record(ctx: Ctx, by: str, args: list[str]) -> None:
        space_id, attacker, defender = args
        sides = (("space", ctx.name(space_id)), ("attacker", named(ctx, attacker)), ("defender", named(ctx, defender)))
        ctx.log("TABLE-1", by_table(by, Message(_BATTLE_AT[battle], sides)), by)
        open_battle_windows(ctx, space_id, (attacker, defender), BATTLES[battle])

    return TableKind(battle, _BATTLE_KIND[battle], (_battle_spaces(battle), _attackers, _defenders), record, ("TABLE-1", "CARD-3", "CARD-2"),
                     looks_ahead=True, dead_end=_BATTLE_DEAD_ENDS.get(battle), refusal=_NOWHERE_TO_FIGHT.get(battle))


def _no_field_battle(ctx: Ctx, args: list[str]) -> Refusal:
    """Why no field battle can be recorded in a space, by the sides with units there (review: Paris, France's
    alone, was refused as "France and Ottoman are not at war")."""
    if len(args) != 1:
        return ""
    space_id = args[0]
    sides = [side for side in (*ctx.data.power_ids, INDEPENDENT) if _holds_units(ctx, space_id, side)]
    if not sides:
        return msg("TABLE-1: no side has units in {space}", space=ctx.name(space_id))
    if len(sides) == 1:
        return msg("TABLE-1: only {side} has units in {space}", side=named(ctx, sides[0]), space=ctx.name(space_id))
    return msg("DIP-8: no two of the sides with units in {space} are at war ({sides})", space=ctx.name(space_id),
               sides=listed([named(ctx, side) for side in sides]))


def _no_assault(ctx: Ctx, args: list[str]) -> Refusal:
    """Why no assault can be recorded in a space, in the assault's own words (Spanish play-test: "Ottoman neither
    holds Madrid nor has units in it to defend" named a power nobody had picked: only the first tried)."""
    if len(args) != 1:
        return ""
    return msg("TABLE-1: no power with units in {space} is at war with the side that holds it", space=ctx.name(args[0]))


def _no_field_battle_anywhere(ctx: Ctx) -> Refusal:
    """TABLE-1 (rules edition 9): a field battle needs a space holding units of two sides (Spanish play-test: the kind
    was offered, and every space after it was refused, leaving Cancel alone). Refused only where no space has two:
    looking further (the wars, the settings) at every space cost a simulated game a third of its time."""
    spaces, minors = ctx.state.spaces, ctx.data.minors
    # a minor's own units are not on the map: units alone in its space may fight it, or its ally (review)
    if not _fights_need_units(ctx) or any(len(sides := _sides_in(ctx, space_id)) > 1 or (sides and spaces[space_id].control in minors)
                                          for space_id in spaces):
        return ""
    return msg("TABLE-1: no space holds units of two sides, nor units in a minor's space: no field battle can be recorded now")


def _no_assault_anywhere(ctx: Ctx) -> Refusal:
    """TABLE-1 (rules edition 9): an assault needs a space holding units of a side that does not hold it."""
    spaces = ctx.state.spaces
    if not _fights_need_units(ctx) or any(_sides_in(ctx, space_id) - {spaces[space_id].control} for space_id in spaces):
        return ""
    return msg("TABLE-1: no space holds units of a side that does not hold it: no assault can be recorded now")


def _fights_need_units(ctx: Ctx) -> bool:
    return ctx.state.rules_edition >= NINTH_EDITION and _checked(ctx) and ctx.data.settings.table.battles_need_units


def _sides_in(ctx: Ctx, space_id: str) -> set[str]:
    """The sides with units in a space (``_holds_units``: the Morisco's is the Ottoman)."""
    return {side for side in (*ctx.state.spaces[space_id].units, Power.OTTOMAN) if _holds_units(ctx, space_id, side)}


_BATTLE_DEAD_ENDS = {"battle": _no_field_battle, "assault": _no_assault}
_NOWHERE_TO_FIGHT = {"battle": _no_field_battle_anywhere, "assault": _no_assault_anywhere}


# ---- consistency with the map and the war track (settings.toml [table], provisional) ----------------


def _checked(ctx: Ctx) -> bool:
    """A game begun before these checks recorded its table actions without them (core/state.py)."""
    return ctx.state.rules_edition >= SECOND_EDITION


def _holds_units(ctx: Ctx, space_id: str, side: str) -> bool:
    """A side's units in a space (its entry goes with its last unit, units.add_units); the Morisco is a unit of
    the Ottoman's (MOR-1: long-game play-test, a field battle against it in Granada was refused, "Ottoman has
    no units in Granada")."""
    return side in ctx.state.spaces[space_id].units or (side == Power.OTTOMAN and _morisco_in(ctx, space_id))


def _morisco_in(ctx: Ctx, space_id: str) -> bool:
    """The Morisco, a unit of the Ottoman's (MOR-1), stands in the space."""
    return ctx.state.morisco_space == space_id


def _space_cleared(ctx: Ctx, kind: str, args: list[str], new_controller: str) -> Refusal:
    """TABLE-1: a space changes hands once no other side's units are in it (review of a play-test: Milan went
    to France with 2 Spanish regulars in it; Bayonne to France kept its independent regulars, IND-3)."""
    if not (_checked(ctx) and ctx.data.settings.table.control_needs_space_cleared):
        return ""
    other = next((side for side in ctx.state.spaces[args[0]].units if side != new_controller), None)  # back to its holder: none
    if other is None and new_controller != Power.OTTOMAN and _morisco_in(ctx, args[0]) and ctx.state.rules_edition >= SIXTH_EDITION:
        # rules review: Madrid went to France with the Morisco in it, which fought there as the Ottoman's (MOR-1)
        return msg("TABLE-1: {space} still holds the Morisco, an Ottoman unit (MOR-1): record its move or its loss first", space=ctx.name(args[0]))
    if other is None:
        return ""
    if other == INDEPENDENT:  # tmux play-test: "record their loss or their move" of regulars IND-2 never moves
        return msg("TABLE-1: {space} still holds independent regulars: record their loss first (they never move, IND-2)", space=ctx.name(args[0]))
    return msg("TABLE-1: {space} still holds units of {owner}: record their loss or their move first", space=ctx.name(args[0]), owner=named(ctx, other))


def _attacker_there(ctx: Ctx, kind: str, args: list[str], attacker: str) -> Refusal:
    """TABLE-1: the attacker's units are in the space of a field battle or an assault (moved there first)."""
    if not (_checked(ctx) and ctx.data.settings.table.battles_need_units) or _holds_units(ctx, args[0], attacker):
        return ""
    return msg("TABLE-1: {owner} has no units in {space}: record their move there first", owner=named(ctx, attacker), space=ctx.name(args[0]))


def _defender_there(ctx: Ctx, kind: str, args: list[str], defender: str) -> Refusal:
    """DIP-8: two powers fight only at war (independents defend against anyone, IND-2); TABLE-1: the defender
    is in the space of a field battle, or holds the space of an assault (play-test: a field battle at London,
    France against England, was recorded at peace and with no French unit there)."""
    space_id, attacker = args
    settings = ctx.data.settings.table
    if not _checked(ctx):
        return ""
    if kind == "naval-battle" and defender == INDEPENDENT:  # review: accepted anywhere
        return msg("IND-2: independent regulars never move: they fight no naval battle")
    if settings.battles_need_war and defender != INDEPENDENT and not ctx.at_war(attacker, defender):
        return msg("DIP-8: {a} and {b} are not at war: a battle between them needs a war declared first", a=named(ctx, attacker), b=named(ctx, defender))
    if not settings.battles_need_units or kind == "naval-battle" or _holds_units(ctx, space_id, defender):
        return ""
    if ctx.state.spaces[space_id].control in ctx.data.minors:  # a minor's own units are not on the map (review: no one could defend Edinburgh)
        return ""
    if kind == "battle":
        return msg("TABLE-1: {owner} has no units in {space} to fight a field battle", owner=named(ctx, defender), space=ctx.name(space_id))
    if ctx.state.spaces[space_id].control != defender:
        return msg("TABLE-1: {owner} neither holds {space} nor has units in it to defend", owner=named(ctx, defender), space=ctx.name(space_id))
    return ""


# the parameter each judges: the new controller; the attacker (field battles and assaults); the defender
TABLE_CONSTRAINTS = (
    TableConstraint(("TABLE-1",), ("control",), _space_cleared, step=1, consistency=True),
    TableConstraint(("TABLE-1",), ("battle", "assault"), _attacker_there, step=1, consistency=True),
    TableConstraint(("TABLE-1", "DIP-8"), tuple(BATTLES), _defender_there, step=2, consistency=True),
)


TABLE_KINDS = (
    TableKind("control", N_("Change a space's political control"), (_spaces(N_("Control of {space}")), _new_controllers), _record_control),
    TableKind("unrest", N_("Set or clear Unrest in a space"), (_unrest_spaces,), _record_unrest),
    TableKind("religion", N_("Change a space's religion"), (_religion_spaces,), _record_religion),
    TableKind("units", N_("Add or remove units in a space"), (_spaces(N_("Units in {space}")), _unit_owners, _unit_changes), _record_units, ("TABLE-1", "UNIT-3")),
    TableKind("leader", N_("Capture, release or remove a leader"), (_leaders, _leader_changes), _record_leader, ("TABLE-1", "UNIT-3", "SCI-3")),
    TableKind("mary", N_("Capture or release Mary Queen of Scots in England"), (_mary_changes,), _record_mary, ("TABLE-1", "MAR-3", "MAR-6"),
              refusal=_mary_gone),
    TableKind("war", N_("Declare war between two powers"), (_powers, _war_partners), _record_war, ("TABLE-1", "DIP-8")),
    TableKind("peace", N_("Make peace between two powers"), (_wars,), _record_peace, ("TABLE-1", "DIP-8", "CL-5")),
    *(_battle(battle) for battle in BATTLES),
    TableKind("region", N_("Adjust a region's Protestant space count"), (_regions, _region_changes), _record_region),
)


# ---- the procedure --------------------------------------------------------------------------------


def _cancel() -> Option:
    return pick(CANCEL, _("Cancel the table action"), quiet=Quiet.CANCELS)


def _kind_options(ctx: Ctx, refused: tuple[tuple[str, Refusal], ...]) -> list[Option]:
    """The kinds of table action, those ``refused`` now with why, then Cancel."""
    # made once per data, rules and language (the memo is per language)
    kinds = ctx.tables.memo(("table kinds", id(ctx.rules)), lambda: tuple(pick(k.id, _(k.label)) for k in ctx.rules.table_kinds.values()))
    reasons = dict(refused)
    return [*(Option(kind.choice, reasons[kind.choice.args[0]]) if kind.choice.args[0] in reasons else kind for kind in kinds),
            ctx.tables.memo("table cancel", _cancel)]


def _kinds_refused(ctx: Ctx) -> tuple[tuple[str, Refusal], ...]:
    """The kinds that cannot be recorded now, and why."""
    return tuple((kind.id, refusal) for kind in ctx.rules.table_kinds.values() if (refusal := _kind_refusal(ctx, kind)))


def _kind_refusal(ctx: Ctx, kind: TableKind) -> Refusal:
    refusal = kind.refusal(ctx) if kind.refusal else ""
    if refusal or not kind.refused_when_none_legal or ctx.state.rules_edition < NINTH_EDITION:
        return refusal
    return _step_options(ctx, kind.id, [])[1]


def _step_options(ctx: Ctx, kind_id: str, chosen: list[str]) -> tuple[list[Option], Refusal]:
    """The options of the step after ``chosen``, each refused by the rules that limit it or, in a kind that looks
    ahead, when nothing legal can follow it (play-test: a field battle picked in a space where no other power
    had units ended on "Cancel the table action" alone); and, when none is legal, why the first is not."""
    kind = ctx.rules.table_kinds[kind_id]
    step = len(chosen)
    options = kind.steps[step](ctx, chosen)
    limits = [c for c in ctx.rules.table_constraints if kind_id in c.kinds]
    constraints = [c.refusal for c in limits if c.step in (None, step)]
    looks_ahead = (kind.looks_ahead and ctx.state.rules_edition >= SEVENTH_EDITION and step + 1 < len(kind.steps)
                   and any(c.step is None or c.step > step for c in limits))
    # why none is legal: the first reason found furthest on (a choice that can be made, with none after it, tells more)
    first_reason: Refusal = ""
    first_further: Refusal = ""
    for index, option in enumerate(options):
        if not option.legal:
            first_reason = first_reason or option.refusal
            continue
        value = option.choice.args[0]
        refusal = next((r for constraint in constraints if (r := constraint(ctx, kind_id, chosen, value))), "")
        first_reason = first_reason or refusal
        if not refusal and looks_ahead:
            further = _step_options(ctx, kind_id, [*chosen, value])[1]
            if further:
                further = (kind.dead_end and kind.dead_end(ctx, [*chosen, value])) or further
                refusal = msg("{reason}: nothing can follow this choice", reason=further)
            first_further = first_further or further
        if refusal:
            options[index] = Option(option.choice, refusal)
    return options, "" if any(option.legal for option in options) else first_further or first_reason


def _prompt(ctx: Ctx, frame: TableFrame) -> Message | str:
    if not frame.kind:
        return msg("Record a table action: what happened?")
    kind = ctx.rules.table_kinds[frame.kind]
    if not frame.args:
        return Message(kind.label)
    done = " / ".join(_chosen(ctx, kind, frame.args[:index], arg) for index, arg in enumerate(frame.args))
    return _("{action}: {chosen}").format(action=_(kind.label), chosen=done)


def _chosen(ctx: Ctx, kind: TableKind, before: list[str], arg: str) -> str:
    """A parameter chosen so far, as the prompt recalls it: a name (a space, a power, a leader), else
    the label of the option it was chosen as (``move``: "Move the Morisco")."""
    if arg in ctx.tables.names or arg == INDEPENDENT:
        return shown_name(ctx, arg)
    return next((o.choice.label for o in kind.steps[len(before)](ctx, before) if o.choice.args[0] == arg), arg)


def _decide(ctx: Ctx, frame: TableFrame) -> Decision:
    if not frame.kind:  # the same decision every time for a power and kinds refused: made once per data, rules and language
        refused = _kinds_refused(ctx)
        return ctx.tables.memo(("table kind decision", frame.power, id(ctx.rules), refused), _kind_decision, ctx, frame, refused)
    options = [*_step_options(ctx, frame.kind, frame.args)[0], ctx.tables.memo("table cancel", _cancel)]
    return Decision.of(frame.power, _prompt(ctx, frame), "TABLE-1", options)


def _kind_decision(ctx: Ctx, frame: TableFrame, refused: tuple[tuple[str, Refusal], ...]) -> Decision:
    return Decision.of(frame.power, _prompt(ctx, frame), "TABLE-1", _kind_options(ctx, refused))


def _choose(ctx: Ctx, frame: TableFrame, choice: Choice) -> None:
    value = choice.args[0]
    if value == CANCEL:
        ctx.remove_frame(frame)
        return
    if not frame.kind:
        frame.kind = value
        return
    frame.args.append(value)
    kind = ctx.rules.table_kinds[frame.kind]
    if len(frame.args) == len(kind.steps):
        ctx.remove_frame(frame)
        kind.record(ctx, frame.power if frame.power != TABLE_ACTOR else "", frame.args)


PROCEDURES = (Procedure(TableFrame, "table", _decide, _choose, rules=("TABLE-1",)),)
