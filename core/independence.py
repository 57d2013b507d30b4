"""Independent key spaces and fortresses (IND-1..IND-3), and City State Rebels (card 17)."""

from __future__ import annotations

from attrs import define

from core import catholic_league
from core.cards import card_title
from core.choices import Choice, Decision, Option, Refusal
from core.context import Ctx
from core.i18n import N_, Message, _, msg, msgn
from core.ids import INDEPENDENT
from core.procedures import CardEvent, Procedure, TableConstraint, named, pick, shown_name
from core.state import NINTH_EDITION, Frame, GameState, Units

@define
class CityStateRebelsFrame(Frame):
    """City State Rebels: the player picks the independent space held by a major power that rebels (IND-3)."""

    power: str
    card: int


def independent_spaces(ctx: Ctx) -> list[str]:
    """IND-1: Metz, Tunis, Florence and Bayonne (data)."""
    return [s.id for s in ctx.data.spaces.values() if s.independent]


def describe_start(ctx: Ctx) -> None:
    names = [ctx.name(s) for s in independent_spaces(ctx) if ctx.state.spaces[s].control == INDEPENDENT]
    ctx.log("IND-1", msg("independent at the start: {spaces}", spaces=", ".join(names) or msg("none")))


def _rebel_refusal(ctx: Ctx, space_id: str) -> Refusal:
    if ctx.state.spaces[space_id].control == INDEPENDENT:
        return msg("IND-3: {space} is independent already", space=ctx.name(space_id))
    return ""


def _options(ctx: Ctx) -> list[Option]:
    """Each independent-type space, named with its holder (Russian play-test: France freed its own Metz,
    the only space offered, with nothing saying it was France's)."""
    label = _("{space} ({holder}) rebels and becomes independent (IND-3)")
    return [
        pick(s, label.format(space=ctx.name(s), holder=shown_name(ctx, ctx.state.spaces[s].control)), _rebel_refusal(ctx, s))
        for s in independent_spaces(ctx)
    ]


def _event_refusal(ctx: Ctx, power: str) -> Refusal:
    if any(not _rebel_refusal(ctx, s) for s in independent_spaces(ctx)):
        return ""
    return msg("IND-3: no major power holds an independent space, so none can rebel")


def rebel(ctx: Ctx, power: str, space_id: str) -> None:
    """IND-3: the space becomes independent with its regulars (Metz too, French at the start: rules review); [D] the major powers' units
    there leave the map (the rebels hold the city), and the Duke of Guise goes as a winter return would take him
    (rules edition 4, ``catholic_league.leave_rebel_space``). Keys, VP and card counts follow from control."""
    space = ctx.state.spaces[space_id]
    former = space.control
    for owner in [o for o in space.units if o != INDEPENDENT]:
        del space.units[owner]
        # logged as the owner's: "France: its units in Metz leave the map" (play-test: "France: France units ...")
        ctx.log("IND-3", msg("its units in {space} leave the map", space=ctx.name(space_id)), owner)
    ctx.changing_map()
    space.control = INDEPENDENT
    regulars = ctx.data.settings.independence.regulars
    space.units[INDEPENDENT] = Units(regulars, 0)
    ctx.log("IND-3", msg("{space} rebels against {former} and becomes independent", space=ctx.name(space_id), former=named(ctx, former)), power)
    catholic_league.leave_rebel_space(ctx, space_id)
    ctx.log("IND-2", msgn(
        "{count} independent regular is placed in {space}; it never moves and cannot be rebuilt",
        "{count} independent regulars are placed in {space}; they never move and cannot be rebuilt",
        regulars, space=ctx.name(space_id),
    ))


def _decide(ctx: Ctx, frame: CityStateRebelsFrame) -> Decision:
    prompt = msg("{card}: which independent space held by a major power rebels?", card=card_title(ctx, frame.card))
    return Decision.of(frame.power, prompt, "IND-3", _options(ctx))


def _choose(ctx: Ctx, frame: CityStateRebelsFrame, choice: Choice) -> None:
    ctx.remove_frame(frame)
    rebel(ctx, frame.power, choice.args[0])


def _city_state_rebels(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
    ctx.state.stack.append(CityStateRebelsFrame(power=power, card=number))


def _control_constraint(ctx: Ctx, kind: str, args: list[str], value: str) -> Refusal:
    """IND-1 / IND-3: which space may become independent by a table action."""
    if value != INDEPENDENT:
        return ""
    if not ctx.data.spaces[args[0]].independent:
        return ctx.tables.memo("IND-1 refusal", _only_independent, ctx)
    return msg("IND-3: {space} is held by a major power and becomes independent only through City State Rebels", space=ctx.name(args[0]))


def _only_independent(ctx: Ctx) -> Message:
    """IND-1: the refusal naming the independent-type spaces (a message of the data alone)."""
    return msg("IND-1: only {spaces} can be independent", spaces=", ".join(ctx.name(s) for s in independent_spaces(ctx)))


def _units_constraint(ctx: Ctx, kind: str, args: list[str], value: str) -> Refusal:
    """IND-2: independent regulars are never rebuilt: no independent unit is added (the refusal says what it
    refuses: newcomer play-test, "Add a mercenary - IND-2: independent regulars are never rebuilt")."""
    if args[1] == INDEPENDENT and value.startswith("add"):
        return msg("IND-2: no independent unit is ever added: independent regulars are never rebuilt")
    return ""


def _units_owner_constraint(ctx: Ctx, kind: str, args: list[str], value: str) -> Refusal:
    """IND-2: no independent unit is ever added, so independent units are picked only where some stand, to be
    removed (hot-seat play-test: "Units of Independent in London" led to four refused changes and Cancel)."""
    held = ctx.state.spaces[args[0]].units.get(INDEPENDENT)
    if value == INDEPENDENT and ctx.state.rules_edition >= NINTH_EDITION and not (held and held.regulars):
        return msg("IND-2: no independent unit stands in {space} to remove, and none is ever added", space=ctx.name(args[0]))
    return ""


def _move_constraint(ctx: Ctx, kind: str, args: list[str], value: str) -> Refusal:
    """IND-2: independent regulars never move."""
    return msg("IND-2: independent regulars never move") if value == INDEPENDENT else ""


def consistency_problems(state: GameState, space_ids: list[str]) -> list[str]:
    """Invariant: only independent-type spaces are independent or hold independent units."""
    problems = []
    for space in state.spaces.values():
        if space.id in space_ids:
            continue
        if space.control == INDEPENDENT:
            problems.append(f"{space.id} is independent but is not an independent-type space (IND-1)")
        if INDEPENDENT in space.units:
            problems.append(f"{space.id} holds independent units but is not an independent-type space (IND-1)")
    return problems


PROCEDURES = (Procedure(CityStateRebelsFrame, "city-state-rebels", _decide, _choose, rules=("IND-3", "IND-2")),)

CARD_EVENTS = (
    CardEvent(
        "city-state-rebels",
        ("IND-3", "IND-2"),
        N_("an independent space (Metz, Tunis, Florence, Bayonne) held by a major power rebels and becomes independent with 2 regulars (IND-3)"),
        _city_state_rebels,
        refusal=_event_refusal,
        picks_after=_options,
    ),
)

# the parameter each judges: the new controller, the owner of the units changed, the change to them, the owner of the units moved
TABLE_CONSTRAINTS = (
    TableConstraint(("IND-1", "IND-3"), ("control",), _control_constraint, step=1),
    TableConstraint(("IND-2",), ("units",), _units_owner_constraint, step=1),
    TableConstraint(("IND-2",), ("units",), _units_constraint, step=2),
    TableConstraint(("IND-2",), ("move",), _move_constraint, step=1),
)
