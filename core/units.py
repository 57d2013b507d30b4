"""Units (UNIT-1..UNIT-3): raising mercenaries and regulars with CP."""

from __future__ import annotations

from core.choices import Choice, Verb
from core.context import Ctx
from core.state import Units


def _home_spaces(ctx: Ctx, power: str, fortified: bool) -> list[str]:
    return [
        s.id
        for s in ctx.data.spaces.values()
        if s.home == power and ctx.state.spaces[s.id].control == power and (s.fortified or not fortified)
    ]


def raise_choices(ctx: Ctx, power: str, cp_left: int, regulars_allowed: bool = True) -> list[Choice]:
    costs = ctx.data.settings.costs
    choices = []
    if cp_left >= costs.mercenary:
        choices += [
            Choice(Verb.CP, ("mercenary", s), f"Raise a mercenary in {ctx.name(s)}: {costs.mercenary} CP (UNIT-1)")
            for s in _home_spaces(ctx, power, fortified=False)
        ]
    if regulars_allowed and cp_left >= costs.regular:
        choices += [
            Choice(Verb.CP, ("regular", s), f"Raise a regular in {ctx.name(s)}: {costs.regular} CP (UNIT-2)")
            for s in _home_spaces(ctx, power, fortified=True)
        ]
    return choices


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
