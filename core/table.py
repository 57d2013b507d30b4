"""Table actions (TABLE-1): recorded outcomes of the parts of the game the sources do not describe.

One ``TableKind`` record per kind of action; each is built one listed parameter per decision, so every
parameter is a legal choice, and the rules that limit table actions (``TABLE_CONSTRAINTS`` of any
rule section) refuse options with their rule ID.
"""

from __future__ import annotations

from attrs import Factory, define

from core import diplomacy, patronage
from core.choices import TABLE_ACTOR, Choice, Decision, Option, Quiet
from core.context import Ctx
from core.ids import INDEPENDENT, Religion
from core.marriage import MARY
from core.procedures import Procedure, StepFn, TableKind, pick, space_picks
from core.responses import open_battle_windows
from core.state import Frame, LeaderStatus
from core.units import add_units, fortified

CANCEL = "cancel"


@define
class TableFrame(Frame):
    """A table action (TABLE-1) being built, one parameter per decision."""

    power: str
    kind: str = ""
    args: list[str] = Factory(list)


def _who(by: str) -> str:
    return "" if by else "(by the table) "


def _spaces(verb: str) -> StepFn:
    def options(ctx: Ctx, args: list[str]) -> list[Option]:
        return list(space_picks(ctx, verb + " {}"))

    return options


def _powers(ctx: Ctx, args: list[str]) -> list[Option]:
    return [pick(p, ctx.name(p)) for p in ctx.data.power_ids]


# ---- control, Unrest, religion, region -------------------------------------------------------------


def _new_controllers(ctx: Ctx, args: list[str]) -> list[Option]:
    space = args[0]
    owners = [*ctx.data.power_ids, INDEPENDENT, *(m for m in ctx.data.minors if space in ctx.data.minors[m].home_spaces)]
    return [pick(o, f"{ctx.name(space)} to {ctx.name(o)}") for o in owners if o != ctx.state.spaces[space].control]


def _record_control(ctx: Ctx, by: str, args: list[str]) -> None:
    ctx.state.spaces[args[0]].control = args[1]
    ctx.map_changed = True
    ctx.log("TABLE-1", f"{_who(by)}{ctx.name(args[0])} is now under {ctx.name(args[1])} control", by)


def _unrest_spaces(ctx: Ctx, args: list[str]) -> list[Option]:
    spaces = ctx.state.spaces
    pairs = zip(space_picks(ctx, "Set Unrest in {}"), space_picks(ctx, "Clear Unrest in {}"))
    return [clear if spaces[set_.choice.args[0]].unrest else set_ for set_, clear in pairs]


def _record_unrest(ctx: Ctx, by: str, args: list[str]) -> None:
    space = ctx.state.spaces[args[0]]
    space.unrest = not space.unrest
    ctx.map_changed = True
    ctx.log("TABLE-1", f"{_who(by)}Unrest {'set' if space.unrest else 'cleared'} in {ctx.name(args[0])}", by)


def _religion_spaces(ctx: Ctx, args: list[str]) -> list[Option]:
    spaces = ctx.state.spaces
    pairs = zip(space_picks(ctx, "{} becomes Protestant"), space_picks(ctx, "{} becomes Catholic"))
    return [catholic if spaces[protestant.choice.args[0]].religion == Religion.PROTESTANT else protestant for protestant, catholic in pairs]


def _record_religion(ctx: Ctx, by: str, args: list[str]) -> None:
    space = ctx.state.spaces[args[0]]
    space.religion = Religion.CATHOLIC if space.religion == Religion.PROTESTANT else Religion.PROTESTANT
    ctx.map_changed = True
    ctx.log("TABLE-1", f"{_who(by)}{ctx.name(args[0])} is now {space.religion.capitalize()}", by)


def _regions(ctx: Ctx, args: list[str]) -> list[Option]:
    return [pick(r, f"{r} ({n} Protestant spaces)") for r, n in ctx.state.region_protestant.items()]


def _region_changes(ctx: Ctx, args: list[str]) -> list[Option]:
    none_left = "" if ctx.state.region_protestant[args[0]] else f"TABLE-1: {args[0]} has no Protestant space to remove"
    return [pick("+1", "+1 Protestant space"), pick("-1", "-1 Protestant space", none_left)]


def _record_region(ctx: Ctx, by: str, args: list[str]) -> None:
    ctx.state.region_protestant[args[0]] += int(args[1])
    ctx.map_changed = True
    ctx.log("TABLE-1", f"{_who(by)}{args[0]} now has {ctx.state.region_protestant[args[0]]} Protestant spaces", by)


# ---- units and leaders ---------------------------------------------------------------------------


def _unit_owners(ctx: Ctx, args: list[str]) -> list[Option]:
    return [pick(p, f"{ctx.name(p)} units in {ctx.name(args[0])}") for p in [*ctx.data.power_ids, INDEPENDENT]]


def _unit_changes(ctx: Ctx, args: list[str]) -> list[Option]:
    held = ctx.state.spaces[args[0]].units.get(args[1])
    none = f"TABLE-1: no {ctx.name(args[1])} {{}} in {ctx.name(args[0])}"
    return [
        pick("add-regular", "Add a regular"),
        pick("add-mercenary", "Add a mercenary"),
        pick("remove-regular", "Remove a regular (loss)", "" if held and held.regulars else none.format("regular")),
        pick("remove-mercenary", "Remove a mercenary (loss)", "" if held and held.mercenaries else none.format("mercenary")),
    ]


def _record_units(ctx: Ctx, by: str, args: list[str]) -> None:
    space_id, power, change = args
    delta = 1 if change.startswith("add") else -1
    unit = change.split("-")[1]
    if unit == "regular":
        add_units(ctx, space_id, power, regulars=delta)
    else:
        add_units(ctx, space_id, power, mercenaries=delta)
    ctx.log("TABLE-1", f"{_who(by)}{'adds' if delta > 0 else 'removes'} a {ctx.name(power)} {unit} in {ctx.name(space_id)}", by)


def _leaders(ctx: Ctx, args: list[str]) -> list[Option]:
    return [
        pick(lid, f"{ctx.name(lid)} ({ls.status.value})")
        for lid, ls in ctx.state.leaders.items()
        if ls.status in (LeaderStatus.ON_MAP, LeaderStatus.CAPTURED)
    ]


def _leader_changes(ctx: Ctx, args: list[str]) -> list[Option]:
    status = ctx.state.leaders[args[0]].status
    sea = ctx.data.leaders[args[0]].kind == "sea-captain"
    change = pick("capture", "Captured") if status is LeaderStatus.ON_MAP else pick("release", "Released")
    return [change, pick("destroy", "Destroyed (SCI-3)" if sea else "Removed from play")]


_LEADER_STATUS = {"capture": LeaderStatus.CAPTURED, "release": LeaderStatus.ON_MAP, "destroy": LeaderStatus.DESTROYED}


def _record_leader(ctx: Ctx, by: str, args: list[str]) -> None:
    leader_id, what = args
    new = _LEADER_STATUS[what]
    ctx.state.leaders[leader_id].status = new
    ctx.log("TABLE-1", f"{_who(by)}{ctx.name(leader_id)} is {new.value}", by)
    if new is LeaderStatus.DESTROYED:
        patronage.sea_captain_destroyed(ctx, leader_id)


def _mary_changes(ctx: Ctx, args: list[str]) -> list[Option]:
    captured = ctx.state.royals[MARY].captured
    return [pick("release", "Released") if captured else pick("capture", "Captured in England (MAR-3c)")]


def _record_mary(ctx: Ctx, by: str, args: list[str]) -> None:
    mary = ctx.state.royals[MARY]
    mary.captured = args[0] == "capture"
    ctx.log("TABLE-1", f"{_who(by)}Mary Queen of Scots is {'captured in England' if mary.captured else 'released'}", by)


# ---- war, peace, battles -------------------------------------------------------------------------


def _war_partners(ctx: Ctx, args: list[str]) -> list[Option]:
    first = args[0]
    return [
        pick(p, f"{ctx.name(first)} and {ctx.name(p)} at war", f"DIP-8: {ctx.name(first)} and {ctx.name(p)} are already at war" if ctx.at_war(first, p) else "")
        for p in ctx.data.power_ids
        if p != first
    ]


def _record_war(ctx: Ctx, by: str, args: list[str]) -> None:
    diplomacy.set_war(ctx, args[0], args[1], True, by)


def _wars(ctx: Ctx, args: list[str]) -> list[Option]:
    return [pick(f"{a}:{b}", f"{ctx.name(a)} and {ctx.name(b)} make peace") for a, b in ctx.state.wars]


def _record_peace(ctx: Ctx, by: str, args: list[str]) -> None:
    a, b = args[0].split(":")
    diplomacy.set_war(ctx, a, b, False, by)


# CARD-2 / CARD-3: the battles whose outcome is recorded (their resolution is not in the sources). The
# field battle keeps the kind id "battle" that saves recorded before assaults and naval battles had kinds.
BATTLES = {"battle": "field battle", "assault": "assault", "naval-battle": "naval battle"}


def _battle_spaces(battle: str) -> StepFn:
    def options(ctx: Ctx, args: list[str]) -> list[Option]:
        out = []
        for option in space_picks(ctx, BATTLES[battle].capitalize() + " in {}"):
            space_id = option.choice.args[0]
            refusal = ""
            if battle == "assault" and not fortified(ctx.data, ctx.state, space_id):
                refusal = f"TABLE-1: an assault is made on a fortified space, and {ctx.name(space_id)} is not one"
            out.append(option.with_refusal(refusal))
        return out

    return options


def _defenders(ctx: Ctx, args: list[str]) -> list[Option]:
    attacker = args[1]
    return [pick(p, f"{ctx.name(attacker)} attacks {ctx.name(p)}") for p in [*ctx.data.power_ids, INDEPENDENT] if p != attacker]


def _battle(battle: str) -> TableKind:
    def record(ctx: Ctx, by: str, args: list[str]) -> None:
        space_id, attacker, defender = args
        ctx.log("TABLE-1", f"{_who(by)}{BATTLES[battle]} at {ctx.name(space_id)}: {ctx.name(attacker)} against {ctx.name(defender)}", by)
        open_battle_windows(ctx, space_id, (attacker, defender), BATTLES[battle])

    label = f"Record {'an' if battle == 'assault' else 'a'} {BATTLES[battle]} between two powers in a space"
    return TableKind(battle, label, (_battle_spaces(battle), _powers, _defenders), record, ("TABLE-1", "CARD-3", "CARD-2"))


TABLE_KINDS = (
    TableKind("control", "Change a space's political control", (_spaces("Control of"), _new_controllers), _record_control),
    TableKind("unrest", "Set or clear Unrest in a space", (_unrest_spaces,), _record_unrest),
    TableKind("religion", "Change a space's religion", (_religion_spaces,), _record_religion),
    TableKind("units", "Add or remove units in a space", (_spaces("Units in"), _unit_owners, _unit_changes), _record_units, ("TABLE-1", "UNIT-3")),
    TableKind("leader", "Capture, release or remove a leader", (_leaders, _leader_changes), _record_leader, ("TABLE-1", "UNIT-3", "SCI-3")),
    TableKind("mary", "Capture or release Mary Queen of Scots in England", (_mary_changes,), _record_mary, ("TABLE-1", "MAR-3")),
    TableKind("war", "Declare war between two powers", (_powers, _war_partners), _record_war, ("TABLE-1", "DIP-8")),
    TableKind("peace", "Make peace between two powers", (_wars,), _record_peace, ("TABLE-1", "DIP-8")),
    *(_battle(battle) for battle in BATTLES),
    TableKind("region", "Adjust a region's Protestant space count", (_regions, _region_changes), _record_region),
)


# ---- the procedure --------------------------------------------------------------------------------


_CANCEL = pick(CANCEL, "Cancel the table action", quiet=Quiet.CANCELS)


def _options(ctx: Ctx, frame: TableFrame) -> list[Option]:
    if not frame.kind:
        kinds = ctx.tables.memo(("table kinds", id(ctx.rules)), lambda: tuple(pick(k.id, k.label) for k in ctx.rules.table_kinds.values()))
        return [*kinds, _CANCEL]
    kind = ctx.rules.table_kinds[frame.kind]
    options = kind.steps[len(frame.args)](ctx, frame.args)
    constraints = [c for c in ctx.rules.table_constraints if frame.kind in c.kinds]
    for index, option in enumerate(options):
        if not option.refusal:
            for constraint in constraints:
                refusal = constraint.refusal(ctx, frame.kind, frame.args, option.choice.args[0])
                if refusal:
                    options[index] = Option(option.choice, refusal)
                    break
    return [*options, _CANCEL]


def _prompt(ctx: Ctx, frame: TableFrame) -> str:
    if not frame.kind:
        return "Record a table action: what happened?"
    done = " / ".join(ctx.name(a) for a in frame.args)
    return f"{ctx.rules.table_kinds[frame.kind].label}{': ' + done if done else ''}"


def _decide(ctx: Ctx, frame: TableFrame) -> Decision:
    return Decision.of(frame.power, _prompt(ctx, frame), "TABLE-1", _options(ctx, frame))


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
