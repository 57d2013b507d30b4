"""Units (UNIT-1..UNIT-3): raising mercenaries and regulars with CP, and where a power may raise them."""

from __future__ import annotations

from functools import partial

from core.choices import Choice, Option, Verb
from core.context import Ctx
from core.gamedata import GameData
from core.ids import Power
from core.procedures import TableKind, pick, space_picks
from core.state import GameState, Units

def fortified(data: GameData, state: GameState, space_id: str) -> bool:
    """A printed fortified space, or one given a fortress in play (CL-4)."""
    return data.spaces[space_id].fortified or space_id in state.fortresses


def raise_spaces(ctx: Ctx, power: str, regulars: bool) -> list[str]:
    """UNIT-1 / UNIT-2: home spaces the power controls (fortified ones for regulars; the Protestant's
    home spaces are the Huguenot ones, ``Lookup.home_spaces``); never an independent space (IND-2)."""
    data, state = ctx.data, ctx.state
    return [
        s
        for s in ctx.tables.home_spaces.get(power, ())
        if state.spaces[s].control == power
        and not data.spaces[s].independent
        and (not regulars or fortified(data, state, s))
    ]


def raise_options(ctx: Ctx, power: str, cp_left: int, regulars_allowed: bool = True) -> list[Option]:
    """UNIT-1 / UNIT-2: a unit in each home space the power controls (fortified ones for regulars)."""
    costs = ctx.data.settings.costs
    options = []
    kinds = [("mercenary", costs.mercenary, False, "UNIT-1")]
    if regulars_allowed:
        kinds.append(("regular", costs.regular, True, "UNIT-2"))
    for kind, cost, regulars, rule in kinds:
        short = f"{rule}: a {kind} costs {cost} CP ({cp_left} left)" if cp_left < cost else ""
        label = f"Raise a {kind} in {{}}: {cost} CP ({rule})"
        for space in raise_spaces(ctx, power, regulars):
            option = ctx.tables.memo((Verb.CP, kind, space), partial(_raise_option, ctx, kind, space, label))
            options.append(option.with_refusal(short))
    if power == Power.OTTOMAN:  # MOR-2: the Morisco is the Ottoman's
        never = "MOR-2: the Morisco unit enters play only through the Morisco Revolt event, never by CP"
        options.append(Option(Choice(Verb.CP, ("morisco",), "Raise the Morisco unit (MOR-2)"), never))
    return options


def _raise_option(ctx: Ctx, kind: str, space: str, label: str) -> Option:
    return Option(Choice(Verb.CP, (kind, space), label.format(ctx.name(space))))


def add_units(ctx: Ctx, space_id: str, power: str, regulars: int = 0, mercenaries: int = 0) -> None:
    units = ctx.state.spaces[space_id].units.setdefault(power, Units())
    units.regulars += regulars
    units.mercenaries += mercenaries
    if units.regulars == 0 and units.mercenaries == 0:
        del ctx.state.spaces[space_id].units[power]


def raise_unit(ctx: Ctx, power: str, kind: str, space_id: str) -> None:
    if kind == "mercenary":
        add_units(ctx, space_id, power, mercenaries=1)
        ctx.log("UNIT-1", f"raises a mercenary in {ctx.name(space_id)}", power)
    else:
        add_units(ctx, space_id, power, regulars=1)
        ctx.log("UNIT-2", f"raises a regular in {ctx.name(space_id)}", power)


# ---- moving units (a table action, TABLE-1; IND-2 refuses independent regulars) -------------------


def _move_from(ctx: Ctx, args: list[str]) -> list[Option]:
    return [pick(s, f"Move units from {ctx.name(s)}") for s, sp in ctx.state.spaces.items() if sp.units]


def _move_owners(ctx: Ctx, args: list[str]) -> list[Option]:
    return [pick(owner, f"{ctx.name(owner)} units") for owner in ctx.state.spaces[args[0]].units]


def _move_kinds(ctx: Ctx, args: list[str]) -> list[Option]:
    held = ctx.state.spaces[args[0]].units[args[1]]
    none = f"TABLE-1: no {ctx.name(args[1])} {{}} in {ctx.name(args[0])}"
    return [
        pick("regular", "a regular", "" if held.regulars else none.format("regular")),
        pick("mercenary", "a mercenary", "" if held.mercenaries else none.format("mercenary")),
    ]


def _move_to(ctx: Ctx, args: list[str]) -> list[Option]:
    return [option for option in space_picks(ctx, "to {}") if option.choice.args[0] != args[0]]


def _record_move(ctx: Ctx, by: str, args: list[str]) -> None:
    origin, owner, unit, destination = args
    regulars, mercenaries = (1, 0) if unit == "regular" else (0, 1)
    add_units(ctx, origin, owner, regulars=-regulars, mercenaries=-mercenaries)
    add_units(ctx, destination, owner, regulars=regulars, mercenaries=mercenaries)
    who = "" if by else "(by the table) "
    ctx.log("TABLE-1", f"{who}moves a {ctx.name(owner)} {unit} from {ctx.name(origin)} to {ctx.name(destination)}", by)


TABLE_KINDS = (
    TableKind("move", "Move a unit from one space to another", (_move_from, _move_owners, _move_kinds, _move_to), _record_move, ("TABLE-1", "UNIT-3")),
)
