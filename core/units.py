"""Units (UNIT-1..UNIT-3): raising mercenaries and regulars with CP, and where a power may raise them."""

from __future__ import annotations

from core.choices import Choice, Option, Verb
from core.context import Ctx
from core.gamedata import GameData
from core.state import GameState, Units

MORISCO_POWER = "ottoman"


def fortified(data: GameData, state: GameState, space_id: str) -> bool:
    """A printed fortified space, or one given a fortress in play (CL-4)."""
    return data.spaces[space_id].fortified or space_id in state.fortresses


def is_home_space(data: GameData, power: str, space_id: str) -> bool:
    """UNIT-1 / UNIT-2 [D]: the Protestant's home spaces are the Huguenot home spaces."""
    record = data.spaces[space_id]
    return record.huguenot if power == "protestant" else record.home == power


def raise_spaces(ctx: Ctx, power: str, regulars: bool) -> list[str]:
    """Home spaces the power controls (fortified ones for regulars); never an independent space (IND-2)."""
    data, state = ctx.data, ctx.state
    return [
        s.id
        for s in data.spaces.values()
        if is_home_space(data, power, s.id)
        and not s.independent
        and state.spaces[s.id].control == power
        and (fortified(data, state, s.id) or not regulars)
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
        for space in raise_spaces(ctx, power, regulars):
            label = f"Raise a {kind} in {ctx.name(space)}: {cost} CP ({rule})"
            options.append(Option(Choice(Verb.CP, (kind, space), label), short))
    if power == MORISCO_POWER:
        never = "MOR-2: the Morisco unit enters play only through the Morisco Revolt event, never by CP"
        options.append(Option(Choice(Verb.CP, ("morisco",), "Raise the Morisco unit (MOR-2)"), never))
    return options


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
