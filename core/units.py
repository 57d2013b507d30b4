"""Units (UNIT-1..UNIT-3): raising mercenaries and regulars with CP, and where a power may raise them."""

from __future__ import annotations

from core.choices import Choice, Option, Refusal, Verb
from core.context import Ctx
from core.gamedata import GameData
from core.i18n import N_, _, msg
from core.ids import Power
from core.procedures import TableKind, named, pick, shown_name, space_picks
from core.state import GameState, Units

def fortified(data: GameData, state: GameState, space_id: str) -> bool:
    """A printed fortified space, or one given a fortress in play (CL-4)."""
    return data.spaces[space_id].fortified or space_id in state.fortresses


def raise_spaces(ctx: Ctx, power: str, regulars: bool) -> list[str]:
    """UNIT-1 / UNIT-2: home spaces the power controls (fortified ones for regulars; the Protestant's
    home spaces are the Huguenot ones, ``Lookup.home_spaces``); never an independent space (IND-2,
    ``Lookup.raise_homes``)."""
    data, state = ctx.data, ctx.state
    homes = ctx.tables.raise_homes.get(power, ())
    if not regulars:
        return [s for s in homes if state.spaces[s].control == power]
    return [s for s in homes if state.spaces[s].control == power and fortified(data, state, s)]


def raise_refusal(ctx: Ctx, power: str, kind: str, space_id: str) -> Refusal:
    """UNIT-1 / UNIT-2: why a unit of ``kind`` is never offered in a space (Spanish play-test: France's typed "cp
    mercenary london" was refused as not among the choices, with no rule)."""
    if space_id not in ctx.data.spaces or kind not in ("mercenary", "regular"):
        return ""
    rule, space, who = ("UNIT-1" if kind == "mercenary" else "UNIT-2"), ctx.name(space_id), named(ctx, power)
    if space_id not in ctx.tables.raise_homes.get(power, ()):
        return msg("{rule}: {power} raises units only in its own home spaces: {space} is not one", rule=rule, power=who, space=space)
    holder = ctx.state.spaces[space_id].control
    if holder != power:
        return msg("{rule}: {power} raises units only in home spaces it controls: {space} is held by {holder}", rule=rule, power=who,
                   space=space, holder=named(ctx, holder))
    if kind == "regular" and not fortified(ctx.data, ctx.state, space_id):
        return msg("UNIT-2: a regular is raised only in a fortified home space: {space} is not fortified", space=space)
    return ""


def raise_options(ctx: Ctx, power: str, cp_left: int, regulars_allowed: bool = True) -> list[Option]:
    """UNIT-1 / UNIT-2: a unit in each home space the power controls (fortified ones for regulars)."""
    costs = ctx.data.settings.costs
    options = []
    kinds = [("mercenary", costs.mercenary, False, "UNIT-1")]
    if regulars_allowed:
        kinds.append(("regular", costs.regular, True, "UNIT-2"))
    for kind, cost, regulars, rule in kinds:
        short_of = cp_left if cp_left < cost else None
        raised_in = ctx.tables.memo((Verb.CP, kind, short_of), _raise_options, ctx, kind, cost, rule, short_of)
        options += [raised_in[space] for space in raise_spaces(ctx, power, regulars)]
    if power == Power.OTTOMAN:  # MOR-2: the Morisco is the Ottoman's
        options.append(ctx.tables.memo("raise the Morisco", _morisco_option))
    return options


def _raise_options(ctx: Ctx, kind: str, cost: int, rule: str, short_of: int | None) -> dict[str, Option]:
    """A unit of ``kind`` raised in each home space, labelled in the current language, refused when
    only ``short_of`` CP are left: made once per data, language and CP short."""
    short: Refusal = ""
    if kind == "mercenary":
        label = _("Raise a mercenary in {space}: {cost} CP ({rule})")
        if short_of is not None:
            short = msg("{rule}: a mercenary costs {cost} CP ({left} left)", rule=rule, cost=cost, left=short_of)
    else:
        label = _("Raise a regular in {space}: {cost} CP ({rule})")
        if short_of is not None:
            short = msg("{rule}: a regular costs {cost} CP ({left} left)", rule=rule, cost=cost, left=short_of)
    spaces = {s for home in ctx.tables.home_spaces.values() for s in home}
    return {s: Option(Choice(Verb.CP, (kind, s), label.format(space=ctx.name(s), cost=cost, rule=rule)), short) for s in spaces}


def _morisco_option() -> Option:
    never = msg("MOR-2: the Morisco unit enters play only through the Morisco Revolt event, never by CP")
    return Option(Choice(Verb.CP, ("morisco",), _("Raise the Morisco unit (MOR-2)")), never)


def add_units(ctx: Ctx, space_id: str, power: str, regulars: int = 0, mercenaries: int = 0) -> None:
    held = ctx.state.spaces[space_id].units
    units = held.get(power)
    if units is None:
        units = held[power] = Units()
    units.regulars += regulars
    units.mercenaries += mercenaries
    if units.regulars == 0 and units.mercenaries == 0:
        del held[power]


def raise_unit(ctx: Ctx, power: str, kind: str, space_id: str) -> None:
    if kind == "mercenary":
        add_units(ctx, space_id, power, mercenaries=1)
        ctx.log("UNIT-1", msg("raises a mercenary in {space}", space=ctx.name(space_id)), power)
    else:
        add_units(ctx, space_id, power, regulars=1)
        ctx.log("UNIT-2", msg("raises a regular in {space}", space=ctx.name(space_id)), power)


# ---- moving units (a table action, TABLE-1; IND-2 refuses independent regulars) -------------------


def _move_from(ctx: Ctx, args: list[str]) -> list[Option]:
    picks = ctx.tables.memo("move units from", lambda: {o.choice.args[0]: o for o in space_picks(ctx, N_("Move units from {space}"))})
    return [picks[s] for s, sp in ctx.state.spaces.items() if sp.units]


def _move_owners(ctx: Ctx, args: list[str]) -> list[Option]:
    return [pick(owner, _("Units of {owner}").format(owner=shown_name(ctx, owner))) for owner in ctx.state.spaces[args[0]].units]


def _move_kinds(ctx: Ctx, args: list[str]) -> list[Option]:
    held = ctx.state.spaces[args[0]].units[args[1]]
    owner, space = named(ctx, args[1]), ctx.name(args[0])
    no_regular = "" if held.regulars else msg("TABLE-1: {owner} has no regular in {space}", owner=owner, space=space)
    no_mercenary = "" if held.mercenaries else msg("TABLE-1: {owner} has no mercenary in {space}", owner=owner, space=space)
    return [pick("regular", _("a regular"), no_regular), pick("mercenary", _("a mercenary"), no_mercenary)]


def _move_to(ctx: Ctx, args: list[str]) -> list[Option]:
    # TRANSLATORS: a destination; {} is the name of a space
    return [option for option in space_picks(ctx, _("to {}")) if option.choice.args[0] != args[0]]


def _record_move(ctx: Ctx, by: str, args: list[str]) -> None:
    origin, owner, unit, destination = args
    regulars, mercenaries = (1, 0) if unit == "regular" else (0, 1)
    add_units(ctx, origin, owner, regulars=-regulars, mercenaries=-mercenaries)
    add_units(ctx, destination, owner, regulars=regulars, mercenaries=mercenaries)
    owner_name = ctx.power_term(owner) if owner in ctx.tables.power_ids else ctx.name(owner)
    where = {"owner": owner_name, "origin": ctx.name(origin), "destination": ctx.name(destination)}
    if unit == "regular":
        text = msg("moves one regular of {owner} from {origin} to {destination}", **where)
    else:
        text = msg("moves one mercenary of {owner} from {origin} to {destination}", **where)
    ctx.log("TABLE-1", text if by else msg("(by the table) {move}", move=text), by)


TABLE_KINDS = (
    TableKind("move", N_("Move a unit from one space to another"), (_move_from, _move_owners, _move_kinds, _move_to), _record_move, ("TABLE-1", "UNIT-3")),
)
