"""The Catholic League (CL-1..CL-7): card 21 forms it; the Duke of Guise's limits (CL-6)."""

from __future__ import annotations

from math import ceil

from attrs import Factory, define

from core import diplomacy
from core.cards import card_title
from core.choices import Choice, Decision, Option
from core.context import Ctx
from core.events import counted
from core.gamedata import GameData
from core.ids import Power, Religion
from core.procedures import CardEvent, Procedure, TableConstraint, TableKind, pick, space_picks
from core.state import Frame, GameState, LeaderStatus, Phase
from core.units import add_units, fortified

MOVES = {"move": "moves", "intercept": "intercepts", "retreat": "retreats", "avoid-battle": "avoids battle"}


class Stage:
    SPACES = "spaces"
    REMOVALS = "removals"


@define
class LeagueFrame(Frame):
    """The League forming: Spain picks the spaces (CL-2), then France picks its removals (CL-3)."""

    card: int
    stage: str = Stage.SPACES
    chosen: list[str] = Factory(list)
    regulars_due: int = 0
    mercenaries_due: int = 0
    regulars_removed: int = 0
    mercenaries_removed: int = 0


def territory(data: GameData) -> list[str]:
    """CL-6: French religious-struggle territory: every French home space, plus Metz (data)."""
    return [s.id for s in data.spaces.values() if s.home == Power.FRANCE] + list(data.settings.league.extra_territory)


def space_refusal(ctx: Ctx, space_id: str, chosen: list[str]) -> str:
    """CL-2: why Spain may not choose this French home space for the League ("" when it may)."""
    record = ctx.data.spaces[space_id]
    name = record.name
    if space_id == ctx.data.settings.league.first_space:
        return f"CL-2: {name} comes with the League already"
    if space_id in chosen:
        return f"CL-2: {name} is already chosen"
    if record.huguenot:
        return f"CL-2: {name} is a Huguenot home space"
    if fortified(ctx.data, ctx.state, space_id):
        return f"CL-2: {name} is fortified"
    return ""  # a space Spain controls already may be chosen: nothing in the sources excludes it


def eligible_spaces(ctx: Ctx, chosen: list[str]) -> list[str]:
    return [s for s in territory(ctx.data) if ctx.data.spaces[s].home == Power.FRANCE and not space_refusal(ctx, s, chosen)]


def french_units(state: GameState, unit: str) -> dict[str, int]:
    """Space -> French regulars (or mercenaries) there."""
    out = {}
    for space in state.spaces.values():
        held = space.units.get(Power.FRANCE)
        count = getattr(held, unit) if held else 0
        if count:
            out[space.id] = count
    return out


def removals_due(ctx: Ctx, unit: str) -> int:
    """CL-3: French units of that kind on the map, divided by 3, rounded up."""
    return ceil(sum(french_units(ctx.state, unit).values()) / ctx.data.settings.league.removal_divisor)


def _league_refusal(ctx: Ctx, power: str) -> str:
    if ctx.state.league_formed_turn:
        return "CL-1: the Catholic League has already formed"
    needed = ctx.data.settings.league.other_spaces
    if len(eligible_spaces(ctx, [])) < needed:
        return f"CL-2: fewer than {needed} eligible French home spaces for the League"
    return ""


def _form(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
    ctx.log("CL-1", f"{card_title(ctx, number)}: the Catholic League forms", power)
    ctx.state.stack.append(LeagueFrame(card=number, chosen=[ctx.data.settings.league.first_space]))


def displacement_destination(ctx: Ctx, owner: str, origin: str) -> str:
    """CL-2 [D] (rulebook 12.5): where an owner's units displaced from ``origin`` go, as the data's
    ``league.displaced_to`` says: the nearest fortified space the owner controls (fewest connections,
    ties in map order), or the owner's capital if it controls it; "" when there is none (they leave
    the map)."""
    data, state = ctx.data, ctx.state
    if data.settings.league.displaced_to == "capital":
        capital = data.power(owner).capital if owner in ctx.tables.power_ids else ""
        return capital if capital and state.spaces[capital].control == owner else ""
    distances = ctx.tables.distances_from(origin)
    havens = [s for s in data.spaces if s != origin and s in distances and state.spaces[s].control == owner and fortified(data, state, s)]
    return min(havens, key=lambda s: distances[s], default="")


def _displace(ctx: Ctx, space_id: str) -> None:
    """CL-2: units in Reims, if it had a fortress, are displaced (those of every power but Spain)."""
    space = ctx.state.spaces[space_id]
    for owner in [o for o in space.units if o != Power.SPAIN]:
        units = space.units.pop(owner)
        destination = displacement_destination(ctx, owner, space_id)
        parts = [counted(units.regulars, "regular")] if units.regulars else []
        parts += [counted(units.mercenaries, "mercenary", "mercenaries")] if units.mercenaries else []
        what = " and ".join(parts)
        if destination:
            add_units(ctx, destination, owner, regulars=units.regulars, mercenaries=units.mercenaries)
            ctx.log("CL-2", f"{what} displaced from {ctx.name(space_id)} to {ctx.name(destination)}", owner)
        else:
            ctx.log("CL-2", f"{what} displaced from {ctx.name(space_id)}: no space to go to, they leave the map", owner)


def _take_spaces(ctx: Ctx, frame: LeagueFrame) -> None:
    """CL-2: the chosen spaces come under Spanish control, Catholic, units displaced from Reims if it
    had a fortress; then CL-3's counts."""
    reims = ctx.data.settings.league.first_space
    if fortified(ctx.data, ctx.state, reims):
        _displace(ctx, reims)
    for space_id in frame.chosen:
        space = ctx.state.spaces[space_id]
        space.control = Power.SPAIN
        note = ""
        if space.religion != Religion.CATHOLIC:
            space.religion = Religion.CATHOLIC
            note = " and Catholic"
        ctx.log("CL-2", f"{ctx.name(space_id)} is now under Spanish control{note}", Power.SPAIN)
    ctx.map_changed = True
    frame.regulars_due = removals_due(ctx, "regulars")
    frame.mercenaries_due = removals_due(ctx, "mercenaries")
    due = f"{counted(frame.regulars_due, 'regular')}, then {counted(frame.mercenaries_due, 'mercenary', 'mercenaries')}"
    ctx.log("CL-3", f"France must remove {due}", Power.FRANCE)
    frame.stage = Stage.REMOVALS


def _removal_options(ctx: Ctx, unit: str) -> list[Option]:
    word = "regular" if unit == "regulars" else "mercenary"
    return [
        pick(space_id, f"Remove a French {word} from {ctx.name(space_id)} ({count} there) (CL-3)")
        for space_id, count in french_units(ctx.state, unit).items()
    ]


def _decide(ctx: Ctx, frame: LeagueFrame) -> Decision | None:
    if frame.stage == Stage.SPACES:
        options = [
            pick(s, f"{ctx.name(s)} joins the League (CL-2)", space_refusal(ctx, s, frame.chosen))
            for s in territory(ctx.data)
            if ctx.data.spaces[s].home == Power.FRANCE
        ]
        left = ctx.data.settings.league.other_spaces + 1 - len(frame.chosen)
        prompt = f"Catholic League: choose {left} more French home space{'s' if left != 1 else ''} besides {ctx.name(frame.chosen[0])}"
        return Decision.of(Power.SPAIN, prompt, "CL-2", options)
    if frame.regulars_due:
        return Decision.of(Power.FRANCE, f"Catholic League: remove {counted(frame.regulars_due, 'more French regular')}", "CL-3", _removal_options(ctx, "regulars"))
    if frame.mercenaries_due:
        return Decision.of(Power.FRANCE, f"Catholic League: remove {counted(frame.mercenaries_due, 'more French mercenary', 'more French mercenaries')}", "CL-3", _removal_options(ctx, "mercenaries"))
    return None


def _choose(ctx: Ctx, frame: LeagueFrame, choice: Choice) -> None:
    space_id = choice.args[0]
    if frame.stage == Stage.SPACES:
        frame.chosen.append(space_id)
        if len(frame.chosen) == ctx.data.settings.league.other_spaces + 1:
            _take_spaces(ctx, frame)
        return
    if frame.regulars_due:
        add_units(ctx, space_id, Power.FRANCE, regulars=-1)
        frame.regulars_due -= 1
        frame.regulars_removed += 1
        ctx.log("CL-3", f"removes a regular from {ctx.name(space_id)}", Power.FRANCE)
    else:
        add_units(ctx, space_id, Power.FRANCE, mercenaries=-1)
        frame.mercenaries_due -= 1
        frame.mercenaries_removed += 1
        ctx.log("CL-3", f"removes a mercenary from {ctx.name(space_id)}", Power.FRANCE)


def _finish(ctx: Ctx, frame: LeagueFrame) -> None:
    """CL-4 Spain's units, fortress and Guise in Reims; CL-5 the wars; CL-7 the League's cards."""
    ctx.remove_frame(frame)
    state, settings = ctx.state, ctx.data.settings.league
    reims = settings.first_space
    add_units(ctx, reims, Power.SPAIN, regulars=frame.regulars_removed, mercenaries=frame.mercenaries_removed)
    held = state.spaces[reims].units[Power.SPAIN].regulars if Power.SPAIN in state.spaces[reims].units else 0
    extra = max(0, settings.reims_regulars - held) if frame.regulars_removed < settings.reims_regulars else 0
    add_units(ctx, reims, Power.SPAIN, regulars=extra)
    if reims not in state.fortresses:
        state.fortresses.append(reims)
    got = f"{counted(frame.regulars_removed, 'regular')} and {counted(frame.mercenaries_removed, 'mercenary', 'mercenaries')}"
    got += f", and {counted(extra, 'more regular')} to make {settings.reims_regulars}" if extra else ""
    ctx.log("CL-4", f"adds to {ctx.name(reims)} {got}, a fortress and {ctx.name(settings.leader)}", Power.SPAIN)
    guise = state.leaders[settings.leader]
    guise.status = LeaderStatus.ON_MAP
    guise.space = reims
    ctx.log("UNIT-3", f"{ctx.name(settings.leader)} is on the map in {ctx.name(reims)}", Power.SPAIN)
    for enemy in (Power.FRANCE, Power.PROTESTANT):
        diplomacy.set_war(ctx, Power.SPAIN, enemy, True, Power.SPAIN)
    ctx.log("CL-5", "Spain is at war with France and the Protestant; no deal between them in the next Diplomacy Segment", Power.SPAIN)
    state.league_deals_barred = True
    state.league_formed_turn = state.turn
    ctx.log("CL-7", "the \"When Catholic League Forms\" cards enter at the next Card Draw Phase")


def deal_refusal(state: GameState, a: str, b: str) -> str:
    """CL-5: no deal between Spain and France or the Protestant in the segment after the League forms."""
    if not state.league_deals_barred or state.phase is not Phase.NEGOTIATION or Power.SPAIN not in (a, b):
        return ""
    other = b if a == Power.SPAIN else a
    if other in (Power.FRANCE, Power.PROTESTANT):
        return f"CL-5: no deal between Spain and {other.capitalize()} may be announced in this Diplomacy Segment (the Catholic League has just formed)"
    return ""


def end_of_barred_segment(ctx: Ctx) -> None:
    """CL-5: the restriction lifts after that one segment."""
    if ctx.state.league_deals_barred:
        ctx.state.league_deals_barred = False
        ctx.log("CL-5", "Spain may again make deals with France and the Protestant")


# ---- the Duke of Guise (CL-6) ---------------------------------------------------------------------


def _guise(ctx: Ctx) -> str:
    return ctx.data.settings.league.leader


def _guise_moves(ctx: Ctx, args: list[str]) -> list[Option]:
    status = ctx.state.leaders[_guise(ctx)].status
    absent = "" if status is LeaderStatus.ON_MAP else f"CL-4: {ctx.name(_guise(ctx))} is not on the map ({status.value})"
    return [pick(move, f"{ctx.name(_guise(ctx))} {word}", absent) for move, word in MOVES.items()]


def _guise_spaces(ctx: Ctx, args: list[str]) -> list[Option]:
    here = ctx.state.leaders[_guise(ctx)].space
    return [o.with_refusal("CL-6: he is already there" if o.choice.args[0] == here else "") for o in space_picks(ctx, "to {}")]


def _record_guise(ctx: Ctx, by: str, args: list[str]) -> None:
    how, space_id = args
    ctx.state.leaders[_guise(ctx)].space = space_id
    ctx.log("CL-6", f"{'' if by else '(by the table) '}{ctx.name(_guise(ctx))} {MOVES[how]} to {ctx.name(space_id)}", by)


def _guise_constraint(ctx: Ctx, kind: str, args: list[str], value: str) -> str:
    """CL-6: he may not move, intercept, retreat or avoid battle out of French religious-struggle territory."""
    if kind == "guise" and len(args) == 1 and value not in territory(ctx.data):
        return f"CL-6: the Duke of Guise may not leave French religious-struggle territory ({ctx.name(value)} is outside it)"
    return ""


def winter_return(ctx: Ctx) -> None:
    """CL-6 [D]: in Winter a leader returns to a fortified space its power controls. Guise stays (or
    returns) inside the territory when Spain holds such a space there; otherwise he is removed."""
    guise = ctx.state.leaders[_guise(ctx)]
    if guise.status is not LeaderStatus.ON_MAP:
        return
    data, state = ctx.data, ctx.state
    havens = [s for s in territory(data) if state.spaces[s].control == Power.SPAIN and fortified(data, state, s)]
    if guise.space in havens:
        ctx.log("CL-6", f"{ctx.name(guise.id)} winters in {ctx.name(guise.space)}", Power.SPAIN)
    elif havens:
        guise.space = havens[0]
        ctx.log("CL-6", f"{ctx.name(guise.id)} returns for the winter to {ctx.name(guise.space)}", Power.SPAIN)
    else:
        guise.status = LeaderStatus.DESTROYED
        guise.space = ""
        ctx.log("CL-6", f"{ctx.name(guise.id)} would leave French religious-struggle territory for the winter: removed from the game", Power.SPAIN)


PROCEDURES = (
    Procedure(LeagueFrame, "catholic-league", _decide, _choose, _finish, ("CL-2", "CL-3", "CL-4", "CL-5", "CL-7", "DIP-8", "UNIT-3")),
)

CARD_EVENTS = (
    CardEvent(
        "catholic-league",
        ("CL-1", "CL-2", "CL-3", "CL-4", "CL-5", "CL-7"),
        "the Catholic League forms: Reims and 2 French spaces to Spain, French removals, Guise, wars (CL-1..CL-7)",
        _form,
        refusal=_league_refusal,
    ),
)

TABLE_KINDS = (
    TableKind("guise", "Move the Duke of Guise (move, intercept, retreat, avoid battle)", (_guise_moves, _guise_spaces), _record_guise, ("TABLE-1", "CL-6")),
)

TABLE_CONSTRAINTS = (TableConstraint(("CL-6",), ("guise",), _guise_constraint),)
