"""The Morisco revolt (MOR-1..MOR-4): the event, the Ottoman Morisco unit and its limits."""

from __future__ import annotations

from core import geography
from core.choices import Option, Refusal
from core.cards import card_title
from core.context import Ctx
from core.gamedata import GameData
from core.i18n import N_, Message, _, msg, msgn
from core.ids import INDEPENDENT, Power
from core.procedures import CardEvent, TableConstraint, TableKind, by_table, pick, space_picks
from core.state import GameState, Phase
from core.units import fortified

CONFIRM = "confirm"
ACTIONS = {
    "move": N_("Move the Morisco"),
    "besiege": N_("The Morisco besieges a space"),
    "lift-siege": N_("The Morisco lifts its siege"),
    "destroy": N_("The Morisco is destroyed (a recorded loss)"),
    "place": N_("Place a Morisco unit"),
}


def distance_from_start(data: GameData, space_id: str) -> int | None:
    return geography.distance(data, data.settings.morisco.start_space, space_id)


def is_enemy_fortress(ctx: Ctx, space_id: str) -> bool:
    """MOR-4: a fortified space held by a power at war with the Ottoman, or an independent one."""
    control = ctx.state.spaces[space_id].control
    if not fortified(ctx.data, ctx.state, space_id) or control == Power.OTTOMAN:
        return False
    return control == INDEPENDENT or ctx.at_war(Power.OTTOMAN, control)


def _revolt(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
    """MOR-1: Unrest in the spaces DATA.md names; the Morisco unit enters in Granada."""
    settings = ctx.data.settings.morisco
    ctx.changing_map()
    for space_id in settings.unrest_spaces:
        ctx.state.spaces[space_id].unrest = True
    spaces = ", ".join(ctx.name(s) for s in settings.unrest_spaces)  # names of places
    ctx.log("MOR-1", msg("{card}: Unrest in {spaces}", card=card_title(ctx, number), spaces=spaces), power)
    ctx.state.morisco_space = settings.start_space
    ctx.state.morisco_besieging = ""
    ctx.log("MOR-2", msg("the Ottoman Morisco unit enters play in {space} (only ever through this event)", space=ctx.name(settings.start_space)), Power.OTTOMAN)


def _revolt_refusal(ctx: Ctx, power: str) -> Refusal:
    return msg("MOR-1: the Morisco unit is already in play") if ctx.state.morisco_space else ""


# ---- the Morisco on the table (TABLE-1 within MOR-2, MOR-3) ----------------------------------------


def _actions(ctx: Ctx, args: list[str]) -> list[Option]:
    in_play, besieging = bool(ctx.state.morisco_space), bool(ctx.state.morisco_besieging)
    return list(ctx.tables.memo(("morisco actions", in_play, besieging), _action_options, in_play, besieging))


def _action_options(in_play: bool, besieging: bool) -> tuple[Option, ...]:
    """What the table may record of the Morisco, refused as far as whether it is in play and besieging
    a space says (MOR-1, TABLE-1): made once per data, language and those."""
    absent: Refusal = "" if in_play else msg("MOR-1: the Morisco unit is not in play")
    options = []
    for action, label in ACTIONS.items():
        refusal = "" if action == "place" else absent
        if action == "lift-siege" and not refusal and not besieging:
            # a table action must match the board (TABLE-1); MOR-4, cited before, is Winter's rule (Spanish play-test)
            refusal = msg("TABLE-1: the Morisco is not besieging a space: there is no siege to lift")
        options.append(pick(action, _(label), refusal))
    return tuple(options)


def _targets(ctx: Ctx, args: list[str]) -> list[Option]:
    action = args[0]
    if action not in ("move", "besiege"):
        return [pick(CONFIRM, _("Confirm"))]
    here = ctx.state.morisco_space
    options = []
    for option in space_picks(ctx, N_("to {space}") if action == "move" else N_("besiege {space}")):
        space_id = option.choice.args[0]
        refusal: Refusal = ""
        if action == "move" and space_id == here:
            refusal = msg("MOR-3: the Morisco is already in {space}", space=ctx.name(space_id))
        elif action == "besiege" and not is_enemy_fortress(ctx, space_id):
            option = ctx.tables.memo(("besiege refused", space_id), _not_enemy_fortress, ctx, option)
        options.append(option.with_refusal(refusal))
    return options


def _not_enemy_fortress(ctx: Ctx, option: Option) -> Option:
    """MOR-4: besieging a space that is not an enemy fortress, refused (made once per space)."""
    return option.with_refusal(msg("MOR-4: {space} is not an enemy fortified space", space=ctx.name(option.choice.args[0])))


def _record(ctx: Ctx, by: str, args: list[str]) -> None:
    action, target = args
    state = ctx.state
    if action == "move":
        state.morisco_besieging = ""
        _move(ctx, by, target)
    elif action == "besiege":
        if target != state.morisco_space:  # walkthrough play-test: a siege of Seville logged from Barcelona, no march between
            _move(ctx, by, target)
        state.morisco_besieging = target
        ctx.log("TABLE-1", by_table(by, msg("the Morisco besieges {space}", space=ctx.name(target))), by)
    elif action == "lift-siege":
        ctx.log("TABLE-1", by_table(by, msg("the Morisco lifts its siege of {space}", space=ctx.name(state.morisco_besieging))), by)
        state.morisco_besieging = ""
    else:
        state.morisco_space = state.morisco_besieging = ""
        ctx.log("TABLE-1", by_table(by, msg("the Morisco unit is destroyed")), by)


def _move(ctx: Ctx, by: str, target: str) -> None:
    ctx.state.morisco_space = target
    away = distance_from_start(ctx.data, target)
    moved = msg("the Morisco moves to {space} ({distance} from Granada)", space=ctx.name(target), distance=away if away is not None else "?")
    ctx.log("MOR-3", by_table(by, moved), by)


def _constraint(ctx: Ctx, kind: str, args: list[str], value: str) -> Refusal:
    """MOR-2: never placed but by the event; MOR-3: within 2 spaces of Granada, never in Winter."""
    if kind != "morisco":
        return ""
    if not args and value == "place":
        here = ctx.state.morisco_space
        if here:  # newcomer play-test: "enters play only through the event", said just after the event was played
            return msg("MOR-2: there is one Morisco unit, in {space} already; none is ever added by a table action", space=ctx.name(here))
        return msg("MOR-2: the Morisco unit enters play only through the Morisco Revolt event, never by a table action")
    if not args and value in ("move", "besiege") and ctx.state.phase is Phase.WINTER:
        return msg("MOR-3: the Morisco never moves in the Winter Phase")
    if len(args) == 1 and args[0] in ("move", "besiege"):
        away = distance_from_start(ctx.data, value)
        if away is None or away > ctx.data.settings.morisco.max_distance:
            return ctx.tables.memo("MOR-3 too far", _too_far, ctx)
    return ""


def _too_far(ctx: Ctx) -> Message:
    """MOR-3: the refusal of every space too far from Granada (one message of the data alone)."""
    limit = ctx.data.settings.morisco.max_distance
    start = ctx.name(ctx.data.settings.morisco.start_space)
    return msgn(
        "MOR-3: the Morisco may never be more than {count} space from {space}", "MOR-3: the Morisco may never be more than {count} spaces from {space}", limit,
        space=start,
    )


def winter(ctx: Ctx) -> None:
    """MOR-4: at the start of the Winter Phase, a Morisco besieging an enemy fortified space is destroyed."""
    state = ctx.state
    if not state.morisco_space:
        return
    if state.morisco_besieging and is_enemy_fortress(ctx, state.morisco_besieging):
        ctx.log("MOR-4", msg("the Morisco besieging {space} at the start of Winter is destroyed", space=ctx.name(state.morisco_besieging)), Power.OTTOMAN)
        state.morisco_space = state.morisco_besieging = ""
        return
    state.morisco_besieging = ""
    ctx.log("MOR-3", msg("the Morisco stays in {space} through the Winter Phase", space=ctx.name(state.morisco_space)), Power.OTTOMAN)


def placement_problems(data: GameData, state: GameState) -> list[str]:
    """Invariant: the Morisco is within its distance of Granada; a siege is where it stands."""
    problems = []
    if state.morisco_space:
        away = distance_from_start(data, state.morisco_space)
        if away is None or away > data.settings.morisco.max_distance:
            problems.append(f"the Morisco is in {state.morisco_space}, more than {data.settings.morisco.max_distance} spaces from Granada (MOR-3)")
    if state.morisco_besieging and state.morisco_besieging != state.morisco_space:
        problems.append("the Morisco besieges a space it is not in")
    return problems


CARD_EVENTS = (
    CardEvent(
        "morisco-revolt",
        ("MOR-1", "MOR-2", "MOR-3", "MOR-4"),
        N_("Unrest in Granada and Seville; the Ottoman Morisco unit enters in Granada (MOR-1)"),
        _revolt,
        refusal=_revolt_refusal,
    ),
)

TABLE_KINDS = (TableKind("morisco", N_("Move the Morisco, record its siege or its loss"), (_actions, _targets), _record, ("TABLE-1", "MOR-3", "MOR-4"),
                         refused_when_none_legal=True),)

TABLE_CONSTRAINTS = (TableConstraint(("MOR-2", "MOR-3"), ("morisco",), _constraint),)
