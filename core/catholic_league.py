"""The Catholic League (CL-1..CL-7): card 21 forms it; the Duke of Guise's limits (CL-6)."""

from __future__ import annotations

from math import ceil

from attrs import Factory, define

from core import diplomacy
from core.choices import Choice, Decision, Option, Refusal
from core.cards import card_title
from core.context import Ctx
from core.gamedata import GameData
from core.i18n import Message, N_, _, msg, msgn
from core.ids import Power, Religion
from core.procedures import LEADER_STATUS, CardEvent, Procedure, TableConstraint, TableKind, by_table, pick, space_picks
from core.state import FOURTH_EDITION, Frame, GameState, LeaderStatus, Phase
from core.units import add_units, fortified

# CL-6: how the Duke of Guise goes (the table action's options), and where (its log line)
MOVES = {"move": N_("{leader} moves"), "intercept": N_("{leader} intercepts"), "retreat": N_("{leader} retreats"), "avoid-battle": N_("{leader} avoids battle")}
MOVED = {
    "move": N_("{leader} moves to {space}"),
    "intercept": N_("{leader} intercepts to {space}"),
    "retreat": N_("{leader} retreats to {space}"),
    "avoid-battle": N_("{leader} avoids battle to {space}"),
}


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


def space_refusal(ctx: Ctx, space_id: str, chosen: list[str]) -> Refusal:
    """CL-2: why Spain may not choose this French home space for the League ("" when it may)."""
    record = ctx.data.spaces[space_id]
    name = record.name
    if space_id == ctx.data.settings.league.first_space:
        return msg("CL-2: {space} comes with the League already", space=name)
    if space_id in chosen:
        return msg("CL-2: {space} is already chosen", space=name)
    if record.huguenot:
        return msg("CL-2: {space} is a Huguenot home space", space=name)
    if fortified(ctx.data, ctx.state, space_id):
        return msg("CL-2: {space} is fortified", space=name)
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


def _league_refusal(ctx: Ctx, power: str) -> Refusal:
    if ctx.state.league_formed_turn:
        return msg("CL-1: the Catholic League has already formed")
    needed = ctx.data.settings.league.other_spaces
    if len(eligible_spaces(ctx, [])) < needed:
        return msgn(
            "CL-2: fewer than {count} eligible French home space for the League", "CL-2: fewer than {count} eligible French home spaces for the League", needed
        )
    return ""


def _form(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
    ctx.log("CL-1", msg("{card}: the Catholic League forms", card=card_title(ctx, number)), power)
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


def _regulars(count: int) -> Message:
    return msgn("{count} regular", "{count} regulars", count)


def _mercenaries(count: int) -> Message:
    return msgn("{count} mercenary", "{count} mercenaries", count)


def _units(regulars: int, mercenaries: int) -> Message:
    """'2 regulars and 1 mercenary', '3 regulars', '1 mercenary' (the kinds there are)."""
    if regulars and mercenaries:
        return msg("{regulars} and {mercenaries}", regulars=_regulars(regulars), mercenaries=_mercenaries(mercenaries))
    if regulars:
        return _regulars(regulars)
    return _mercenaries(mercenaries) if mercenaries else Message("")


def _displace(ctx: Ctx, space_id: str) -> None:
    """CL-2: units in Reims, if it had a fortress, are displaced (those of every power but Spain)."""
    space = ctx.state.spaces[space_id]
    for owner in [o for o in space.units if o != Power.SPAIN]:
        units = space.units.pop(owner)
        destination = displacement_destination(ctx, owner, space_id)
        what = _units(units.regulars, units.mercenaries)
        if destination:
            add_units(ctx, destination, owner, regulars=units.regulars, mercenaries=units.mercenaries)
            ctx.log("CL-2", msg("{units} displaced from {space} to {destination}", units=what, space=ctx.name(space_id), destination=ctx.name(destination)), owner)
        else:
            ctx.log("CL-2", msg("{units} displaced from {space}: no space to go to, they leave the map", units=what, space=ctx.name(space_id)), owner)


def _take_spaces(ctx: Ctx, frame: LeagueFrame) -> None:
    """CL-2: the chosen spaces come under Spanish control, Catholic, units displaced from Reims if it
    had a fortress; then CL-3's counts."""
    reims = ctx.data.settings.league.first_space
    if fortified(ctx.data, ctx.state, reims):
        _displace(ctx, reims)
    ctx.changing_map()
    for space_id in frame.chosen:
        space = ctx.state.spaces[space_id]
        space.control = Power.SPAIN
        if space.religion != Religion.CATHOLIC:
            space.religion = Religion.CATHOLIC
            taken = msg("{space} is now under Spanish control and Catholic", space=ctx.name(space_id))
        else:  # walkthrough play-test: a space Catholic already was logged as taken alone, and CL-2's influence was nowhere
            taken = msg("{space} is now under Spanish control; it is Catholic already", space=ctx.name(space_id))
        ctx.log("CL-2", taken, Power.SPAIN)
    frame.regulars_due = removals_due(ctx, "regulars")
    frame.mercenaries_due = removals_due(ctx, "mercenaries")
    due = msg("must remove {regulars}, then {mercenaries}", regulars=_regulars(frame.regulars_due), mercenaries=_mercenaries(frame.mercenaries_due))
    ctx.log("CL-3", due, Power.FRANCE)
    frame.stage = Stage.REMOVALS


def _removal_options(ctx: Ctx, unit: str) -> list[Option]:
    if unit == "regulars":
        label = _("Remove a French regular from {space} ({count} there) (CL-3)")
    else:
        label = _("Remove a French mercenary from {space} ({count} there) (CL-3)")
    return [pick(space_id, label.format(space=ctx.name(space_id), count=count)) for space_id, count in french_units(ctx.state, unit).items()]


def _decide(ctx: Ctx, frame: LeagueFrame) -> Decision | None:
    if frame.stage == Stage.SPACES:
        options = [
            pick(s, _("{space} joins the League (CL-2)").format(space=ctx.name(s)), space_refusal(ctx, s, frame.chosen))
            for s in territory(ctx.data)
            if ctx.data.spaces[s].home == Power.FRANCE
        ]
        left = ctx.data.settings.league.other_spaces + 1 - len(frame.chosen)
        prompt = msgn(
            "Catholic League: choose {count} more French home space besides {space}", "Catholic League: choose {count} more French home spaces besides {space}", left,
            space=ctx.name(frame.chosen[0]),
        )
        return Decision.of(Power.SPAIN, prompt, "CL-2", options)
    if frame.regulars_due:
        due = frame.regulars_due
        prompt = msgn("Catholic League: remove {count} more French regular", "Catholic League: remove {count} more French regulars", due)
        return Decision.of(Power.FRANCE, prompt, "CL-3", _removal_options(ctx, "regulars"))
    if frame.mercenaries_due:
        due = frame.mercenaries_due
        prompt = msgn("Catholic League: remove {count} more French mercenary", "Catholic League: remove {count} more French mercenaries", due)
        return Decision.of(Power.FRANCE, prompt, "CL-3", _removal_options(ctx, "mercenaries"))
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
        ctx.log("CL-3", msg("removes a regular from {space}", space=ctx.name(space_id)), Power.FRANCE)
    else:
        add_units(ctx, space_id, Power.FRANCE, mercenaries=-1)
        frame.mercenaries_due -= 1
        frame.mercenaries_removed += 1
        ctx.log("CL-3", msg("removes a mercenary from {space}", space=ctx.name(space_id)), Power.FRANCE)


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
    got = msg("{regulars} and {mercenaries}", regulars=_regulars(frame.regulars_removed), mercenaries=_mercenaries(frame.mercenaries_removed))
    if extra:
        more = msgn("{count} more regular", "{count} more regulars", extra)
        got = msg("{units}, and {more} to make {total}", units=got, more=more, total=settings.reims_regulars)
    # a long play-test: Spain's report showed this line without France's count of removals, and read as a wrong count
    adds = msg("adds to {space} as many as France removed (CL-3), {units}; a fortress and {leader}", space=ctx.name(reims), units=got, leader=ctx.name(settings.leader))
    ctx.log("CL-4", adds, Power.SPAIN)
    guise = state.leaders[settings.leader]
    guise.status = LeaderStatus.ON_MAP
    guise.space = reims
    ctx.log("UNIT-3", msg("{leader} is on the map in {space}", leader=ctx.name(settings.leader), space=ctx.name(reims)), Power.SPAIN)
    for enemy in (Power.FRANCE, Power.PROTESTANT):
        diplomacy.set_war(ctx, Power.SPAIN, enemy, True, Power.SPAIN)
    ctx.log("CL-5", msg("Spain is at war with France and the Protestant; no deal between them in the next Diplomacy Segment"), Power.SPAIN)
    state.league_deals_barred = True
    state.league_formed_turn = state.turn
    ctx.log("CL-7", msg("the \"When Catholic League Forms\" cards enter at the next Card Draw Phase"))


def deal_refusal(state: GameState, a: str, b: str) -> Refusal:
    """CL-5: no deal between Spain and France or the Protestant in the segment after the League forms."""
    if not state.league_deals_barred or state.phase is not Phase.NEGOTIATION or Power.SPAIN not in (a, b):
        return ""
    other = b if a == Power.SPAIN else a
    if other in (Power.FRANCE, Power.PROTESTANT):
        power = msg("France") if other == Power.FRANCE else msg("Protestant")  # the powers' names (data terms)
        return msg("CL-5: no deal between Spain and {power} may be announced in this Diplomacy Segment (the Catholic League has just formed)", power=power)
    return ""


def peace_refusal(state: GameState, a: str, b: str) -> Refusal:
    """CL-5: a peace is a deal: the table records none between Spain and France or the Protestant in the barred
    segment (rules review: it recorded one there, and the League's war ended at once)."""
    return deal_refusal(state, a, b) if state.rules_edition >= FOURTH_EDITION else ""


def end_of_barred_segment(ctx: Ctx) -> None:
    """CL-5: the restriction lifts after that one segment."""
    if ctx.state.league_deals_barred:
        ctx.state.league_deals_barred = False
        ctx.log("CL-5", msg("Spain may again make deals with France and the Protestant"))


# ---- the Duke of Guise (CL-6) ---------------------------------------------------------------------


def _guise(ctx: Ctx) -> str:
    return ctx.data.settings.league.leader


def _guise_moves(ctx: Ctx, args: list[str]) -> list[Option]:
    status = ctx.state.leaders[_guise(ctx)].status
    return list(ctx.tables.memo(("guise moves", status), _guise_move_options, ctx, status))


def _guise_move_options(ctx: Ctx, status: LeaderStatus) -> tuple[Option, ...]:
    """His moves, refused (CL-4) unless he is on the map: made once per data, language and status."""
    leader = ctx.name(_guise(ctx))
    absent: Refusal = ""
    if status is not LeaderStatus.ON_MAP:
        absent = msg("CL-4: {leader} is not on the map ({status})", leader=leader, status=Message(LEADER_STATUS[status]))
    return tuple(pick(move, _(label).format(leader=leader), absent) for move, label in MOVES.items())


def _guise_spaces(ctx: Ctx, args: list[str]) -> list[Option]:
    here = ctx.state.leaders[_guise(ctx)].space
    return [o.with_refusal(_("CL-6: he is already there") if o.choice.args[0] == here else "") for o in space_picks(ctx, N_("to {space}"))]


def _record_guise(ctx: Ctx, by: str, args: list[str]) -> None:
    how, space_id = args
    ctx.state.leaders[_guise(ctx)].space = space_id
    moved = Message(MOVED[how], (("leader", ctx.name(_guise(ctx))), ("space", ctx.name(space_id))))
    ctx.log("CL-6", by_table(by, moved), by)


def _guise_constraint(ctx: Ctx, kind: str, args: list[str], value: str) -> Refusal:
    """CL-6: he may not move, intercept, retreat or avoid battle out of French religious-struggle territory."""
    if value not in ctx.tables.memo("league territory", lambda: frozenset(territory(ctx.data))):
        return ctx.tables.memo(("outside the territory", value), _outside_territory, ctx, value)
    return ""


def _outside_territory(ctx: Ctx, space_id: str) -> Message:
    return msg("CL-6: the Duke of Guise may not leave French religious-struggle territory ({space} is outside it)", space=ctx.name(space_id))


def _havens(ctx: Ctx) -> list[str]:
    """CL-6: the fortified spaces Spain controls inside French religious-struggle territory."""
    data, state = ctx.data, ctx.state
    return [s for s in territory(data) if state.spaces[s].control == Power.SPAIN and fortified(data, state, s)]


def leave_rebel_space(ctx: Ctx, space_id: str) -> None:
    """IND-3 [D]: the Duke of Guise, standing in a space that rebels, leaves it at once (the units there leave
    the map) for the space a winter return would give him (CL-6), or the game when there is none (rules
    review: he stood alone in an independent Metz until the winter)."""
    guise = ctx.state.leaders[_guise(ctx)]
    if guise.status is not LeaderStatus.ON_MAP or guise.space != space_id or ctx.state.rules_edition < FOURTH_EDITION:
        return
    havens = _havens(ctx)
    if havens:
        guise.space = havens[0]
        ctx.log("IND-3", msg("{leader} leaves {space} for {haven} (as a winter return, CL-6)", leader=ctx.name(guise.id),
                             space=ctx.name(space_id), haven=ctx.name(guise.space)), Power.SPAIN)
    else:
        guise.status = LeaderStatus.DESTROYED
        guise.space = ""
        ctx.log("IND-3", msg("{leader} leaves {space} with no fortified Spanish space in French religious-struggle territory "
                             "to go to: removed from the game (CL-6)", leader=ctx.name(guise.id), space=ctx.name(space_id)), Power.SPAIN)


def winter_return(ctx: Ctx) -> None:
    """CL-6 [D]: in Winter a leader returns to a fortified space its power controls. Guise stays (or
    returns) inside the territory when Spain holds such a space there; otherwise he is removed."""
    guise = ctx.state.leaders[_guise(ctx)]
    if guise.status is not LeaderStatus.ON_MAP:
        return
    havens = _havens(ctx)
    if guise.space in havens:
        ctx.log("CL-6", msg("{leader} winters in {space}", leader=ctx.name(guise.id), space=ctx.name(guise.space)), Power.SPAIN)
    elif havens:
        guise.space = havens[0]
        ctx.log("CL-6", msg("{leader} returns for the winter to {space}", leader=ctx.name(guise.id), space=ctx.name(guise.space)), Power.SPAIN)
    else:
        guise.status = LeaderStatus.DESTROYED
        guise.space = ""
        ctx.log("CL-6", msg("{leader} would leave French religious-struggle territory for the winter: removed from the game", leader=ctx.name(guise.id)), Power.SPAIN)


PROCEDURES = (
    Procedure(LeagueFrame, "catholic-league", _decide, _choose, _finish, ("CL-2", "CL-3", "CL-4", "CL-5", "CL-7", "DIP-8", "UNIT-3")),
)

CARD_EVENTS = (
    CardEvent(
        "catholic-league",
        ("CL-1", "CL-2", "CL-3", "CL-4", "CL-5", "CL-7"),
        N_("the Catholic League forms: Reims and 2 French spaces to Spain, French removals, Guise, wars (CL-1..CL-7)"),
        _form,
        refusal=_league_refusal,
    ),
)

TABLE_KINDS = (
    TableKind("guise", N_("Move the Duke of Guise (move, intercept, retreat, avoid battle)"), (_guise_moves, _guise_spaces), _record_guise, ("TABLE-1", "CL-6"),
              refused_when_none_legal=True),
)

TABLE_CONSTRAINTS = (TableConstraint(("CL-6",), ("guise",), _guise_constraint, step=1),)
