"""Table actions (TABLE-1): recorded outcomes of the parts of the game the sources do not describe.

Each action is built one parameter per decision, so every parameter is a listed legal choice.
"""

from __future__ import annotations

from core import diplomacy, patronage
from core.choices import Choice, Verb
from core.context import Ctx
from core.state import CombatWindowFrame, LeaderStatus, TableFrame
from core.units import add_units

CANCEL = "cancel"
KIND_LABELS = {
    "control": "Change a space's political control",
    "unrest": "Set or clear Unrest in a space",
    "religion": "Change a space's religion",
    "units": "Add or remove units in a space",
    "leader": "Capture, release or remove a leader",
    "mary": "Capture or release Mary Queen of Scots in England",
    "war": "Declare war between two powers",
    "peace": "Make peace between two powers",
    "battle": "Record a battle between two powers in a space",
    "region": "Adjust a region's Protestant space count",
}
STEPS = {"control": 2, "unrest": 1, "religion": 1, "units": 3, "leader": 2, "mary": 1, "war": 2, "peace": 1, "battle": 3, "region": 2}


def _pick(value: str, label: str) -> Choice:
    return Choice(Verb.PICK, (value,), label)


def _space_options(ctx: Ctx, verb: str) -> list[Choice]:
    return [_pick(s, f"{verb} {ctx.name(s)}") for s in ctx.state.spaces]


def _options(ctx: Ctx, kind: str, args: list[str]) -> list[Choice]:
    state, data = ctx.state, ctx.data
    step = len(args)
    powers = list(data.power_ids)
    if kind == "control":
        if step == 0:
            return _space_options(ctx, "Control of")
        owners = powers + ["independent"] + [m for m in data.minors if args[0] in data.minors[m].home_spaces]
        return [_pick(o, f"{ctx.name(args[0])} to {ctx.name(o)}") for o in owners if o != state.spaces[args[0]].control]
    if kind == "unrest":
        return [_pick(s, f"{'Clear' if state.spaces[s].unrest else 'Set'} Unrest in {ctx.name(s)}") for s in state.spaces]
    if kind == "religion":
        return [
            _pick(s, f"{ctx.name(s)} becomes {'Catholic' if sp.religion == 'protestant' else 'Protestant'}")
            for s, sp in state.spaces.items()
        ]
    if kind == "units":
        if step == 0:
            return _space_options(ctx, "Units in")
        if step == 1:
            return [_pick(p, f"{ctx.name(p)} units in {ctx.name(args[0])}") for p in powers + ["independent"]]
        held = state.spaces[args[0]].units.get(args[1])
        options = [_pick("add-regular", "Add a regular"), _pick("add-mercenary", "Add a mercenary")]
        if held and held.regulars:
            options.append(_pick("remove-regular", "Remove a regular (loss)"))
        if held and held.mercenaries:
            options.append(_pick("remove-mercenary", "Remove a mercenary (loss)"))
        return options
    if kind == "leader":
        if step == 0:
            return [
                _pick(lid, f"{ctx.name(lid)} ({ls.status.value})")
                for lid, ls in state.leaders.items()
                if ls.status in (LeaderStatus.ON_MAP, LeaderStatus.CAPTURED)
            ]
        status = state.leaders[args[0]].status
        sea = data.leaders[args[0]].kind == "sea-captain"
        options = [_pick("capture", "Captured")] if status is LeaderStatus.ON_MAP else [_pick("release", "Released")]
        return options + [_pick("destroy", "Destroyed (SCI-3)" if sea else "Removed from play")]
    if kind == "mary":
        captured = state.royals["mary-queen-of-scots"].captured
        return [_pick("release" if captured else "capture", "Released" if captured else "Captured in England (MAR-3c)")]
    if kind in ("war", "battle") and (step == 0 or (kind == "battle" and step == 1)):
        if kind == "battle" and step == 0:
            return _space_options(ctx, "Battle in")
        return [_pick(p, ctx.name(p)) for p in powers]
    if kind == "war":
        return [_pick(p, f"{ctx.name(args[0])} and {ctx.name(p)} at war") for p in powers if p != args[0] and not ctx.at_war(args[0], p)]
    if kind == "battle":
        return [_pick(p, f"{ctx.name(args[1])} attacks {ctx.name(p)}") for p in powers + ["independent"] if p != args[1]]
    if kind == "peace":
        return [_pick(f"{a}:{b}", f"{ctx.name(a)} and {ctx.name(b)} make peace") for a, b in state.wars]
    if kind == "region":
        if step == 0:
            return [_pick(r, f"{r} ({n} Protestant spaces)") for r, n in state.region_protestant.items()]
        return [_pick("+1", "+1 Protestant space")] + ([_pick("-1", "-1 Protestant space")] if state.region_protestant[args[0]] else [])
    raise AssertionError(kind)


def choices(ctx: Ctx, frame: TableFrame) -> list[Choice]:
    cancel = _pick(CANCEL, "Cancel the table action")
    if not frame.kind:
        return [_pick(k, label + " (TABLE-1)") for k, label in KIND_LABELS.items()] + [cancel]
    return _options(ctx, frame.kind, frame.args) + [cancel]


def prompt(ctx: Ctx, frame: TableFrame) -> str:
    if not frame.kind:
        return "Record a table action: what happened? (TABLE-1)"
    done = " / ".join(ctx.name(a) for a in frame.args)
    return f"{KIND_LABELS[frame.kind]}{': ' + done if done else ''} (TABLE-1)"


def choose(ctx: Ctx, frame: TableFrame, choice: Choice) -> None:
    value = choice.args[0]
    if value == CANCEL:
        ctx.state.stack.pop()
        return
    if not frame.kind:
        frame.kind = value
        return
    frame.args.append(value)
    if len(frame.args) == STEPS[frame.kind]:
        ctx.state.stack.pop()
        _record(ctx, frame)


def _record(ctx: Ctx, frame: TableFrame) -> None:
    state = ctx.state
    by = frame.power if frame.power != "table" else ""
    who = "" if by else "(by the table) "
    kind, args = frame.kind, frame.args
    if kind == "control":
        state.spaces[args[0]].control = args[1]
        ctx.log("TABLE-1", f"{who}{ctx.name(args[0])} is now under {ctx.name(args[1])} control", by)
    elif kind == "unrest":
        space = state.spaces[args[0]]
        space.unrest = not space.unrest
        ctx.log("TABLE-1", f"{who}Unrest {'set' if space.unrest else 'cleared'} in {ctx.name(args[0])}", by)
    elif kind == "religion":
        space = state.spaces[args[0]]
        space.religion = "catholic" if space.religion == "protestant" else "protestant"
        ctx.log("TABLE-1", f"{who}{ctx.name(args[0])} is now {space.religion.capitalize()}", by)
    elif kind == "units":
        space_id, power, change = args
        delta = 1 if change.startswith("add") else -1
        unit = change.split("-")[1]
        if unit == "regular":
            add_units(ctx, space_id, power, regulars=delta)
        else:
            add_units(ctx, space_id, power, mercenaries=delta)
        ctx.log("TABLE-1", f"{who}{'adds' if delta > 0 else 'removes'} a {ctx.name(power)} {unit} in {ctx.name(space_id)}", by)
    elif kind == "leader":
        leader_id, what = args
        new = {"capture": LeaderStatus.CAPTURED, "release": LeaderStatus.ON_MAP, "destroy": LeaderStatus.DESTROYED}[what]
        state.leaders[leader_id].status = new
        ctx.log("TABLE-1", f"{who}{ctx.name(leader_id)} is {new.value}", by)
        if new is LeaderStatus.DESTROYED:
            patronage.sea_captain_destroyed(ctx, leader_id)
    elif kind == "mary":
        mary = state.royals["mary-queen-of-scots"]
        mary.captured = args[0] == "capture"
        ctx.log("TABLE-1", f"{who}Mary Queen of Scots is {'captured in England' if mary.captured else 'released'}", by)
    elif kind == "war":
        diplomacy.set_war(ctx, args[0], args[1], True, by)
    elif kind == "peace":
        a, b = args[0].split(":")
        diplomacy.set_war(ctx, a, b, False, by)
    elif kind == "battle":
        space_id, attacker, defender = args
        ctx.log("TABLE-1", f"{who}battle at {ctx.name(space_id)}: {ctx.name(attacker)} against {ctx.name(defender)}", by)
        involved = [p for p in ctx.data.power_ids if p in (attacker, defender)]
        state.stack.append(CombatWindowFrame(space=space_id, asked=involved))
    elif kind == "region":
        state.region_protestant[args[0]] += int(args[1])
        ctx.log("TABLE-1", f"{who}{args[0]} now has {state.region_protestant[args[0]]} Protestant spaces", by)
