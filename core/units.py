"""Units (UNIT-1..UNIT-3): raising mercenaries and regulars with CP."""

from __future__ import annotations

from core.choices import Choice, Option, Verb
from core.context import Ctx
from core.state import Units


def _home_spaces(ctx: Ctx, power: str, fortified: bool) -> list[str]:
    return [
        s.id
        for s in ctx.data.spaces.values()
        if s.home == power and ctx.state.spaces[s.id].control == power and (s.fortified or not fortified)
    ]


def raise_options(ctx: Ctx, power: str, cp_left: int, regulars_allowed: bool = True) -> list[Option]:
    """UNIT-1 / UNIT-2: a unit in each home space the power controls (fortified ones for regulars)."""
    costs = ctx.data.settings.costs
    options = []
    kinds = [("mercenary", costs.mercenary, False, "UNIT-1")]
    if regulars_allowed:
        kinds.append(("regular", costs.regular, True, "UNIT-2"))
    for kind, cost, fortified, rule in kinds:
        short = f"{rule}: a {kind} costs {cost} CP ({cp_left} left)" if cp_left < cost else ""
        for space in _home_spaces(ctx, power, fortified):
            label = f"Raise a {kind} in {ctx.name(space)}: {cost} CP ({rule})"
            options.append(Option(Choice(Verb.CP, (kind, space), label), short))
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
