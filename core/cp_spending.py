"""Spending CP (GEN-6, CARD-1, VQ-2): the CP actions a power may buy, one at a time, until it stops
or has no CP left; CP left unspent are lost (logged)."""

from __future__ import annotations

from enum import StrEnum

from attrs import Factory, define

from core import diplomacy, patronage, units
from core.choices import Choice, Decision, Option, Quiet, Refusal, Verb
from core.context import Ctx
from core.i18n import N_, Message, _, msg, msgn, ngettext
from core.procedures import Procedure
from core.responses import asks_anyone_now, open_response_window
from core.state import CardMarker, Frame, MarkerKind

END_FOREIGN_WAR = "end-foreign-war"


class CpPurpose(StrEnum):
    IMPULSE = "impulse"
    MANDATORY = "mandatory"
    COURTSHIP = "courtship"


PURPOSE_RULES = {CpPurpose.IMPULSE: "GEN-6", CpPurpose.MANDATORY: "CARD-1", CpPurpose.COURTSHIP: "VQ-2"}


@define
class SpendCpFrame(Frame):
    power: str
    cp: int
    purpose: CpPurpose
    card: int = 0
    spent_on: list[str] = Factory(list)


def _foreign_war_markers(ctx: Ctx, power: str) -> list[CardMarker]:
    return [m for m in ctx.state.powers[power].card_markers if m.kind is MarkerKind.FOREIGN_WAR]


def _end_foreign_war_option(ctx: Ctx, frame: SpendCpFrame) -> list[Option]:
    if not _foreign_war_markers(ctx, frame.power):
        return []
    cost = ctx.data.settings.costs.end_foreign_war
    refusal = ""
    if frame.purpose is not CpPurpose.IMPULSE:
        refusal = _("CARD-8: a foreign war is ended with the CP of a card played in your impulse")
    elif frame.cp < cost:
        refusal = _("CARD-8: ending the foreign war costs {cost} CP ({left} left)").format(cost=cost, left=frame.cp)
    return [Option(Choice(Verb.CP, (END_FOREIGN_WAR,), _("End the foreign war: {cost} CP (CARD-8)").format(cost=cost)), refusal)]


# VQ-2: what the CP of Elizabeth's courtship buy
COURTSHIP_KINDS = ("influence", "mercenary")


def purpose_refusal(purpose: CpPurpose, kind: str) -> Refusal:
    """Why CP spent for ``purpose`` never buy a CP action of ``kind`` ("" where they may)."""
    if purpose is CpPurpose.COURTSHIP and kind not in COURTSHIP_KINDS:
        return msg("VQ-2: the CP of Elizabeth's courtship buy only influence and mercenaries")
    return ""


def cp_options(ctx: Ctx, frame: SpendCpFrame) -> list[Option]:
    power, cp = frame.power, frame.cp
    options = diplomacy.influence_options(ctx, power, cp)
    if frame.purpose is CpPurpose.COURTSHIP:  # VQ-2: influence and/or mercenaries only (COURTSHIP_KINDS)
        options += units.raise_options(ctx, power, cp, regulars_allowed=False)
        return options
    # the few choices before the many: a unit a space (up to dozens) came first, and patronage was past key 9
    # (late-game play-test: reached only with End or typed)
    options += _end_foreign_war_option(ctx, frame)
    options += patronage.cp_options(ctx, power, cp)
    options += units.raise_options(ctx, power, cp)
    return options


# each kind of CP action, in the order the spending decision lists them
_KINDS = ("influence", END_FOREIGN_WAR, "patronise artist", "patronise scientist", "mercenary", "regular")
_ENOUGH_CP = 99  # what can be bought at all: no option refused for the CP left


def _kind(choice: Choice) -> str:
    action = choice.args[0]
    return f"{action} {choice.args[1]}" if action == "patronise" else action


def refused_purchases(ctx: Ctx, power: str) -> tuple[str, ...]:
    """GEN-6: why a card played for CP in ``power``'s impulse could not buy each kind of CP action it
    cannot buy now, one reason per kind. Shown before a card is chosen: a card played is revealed for
    good (GEN-9), and a refusal such as PAT-3's (no scientist left) would otherwise come only once the
    card is on the table."""
    by_kind: dict[str, list[Option]] = {}
    for option in cp_options(ctx, SpendCpFrame(power, _ENOUGH_CP, CpPurpose.IMPULSE)):
        by_kind.setdefault(_kind(option.choice), []).append(option)
    nowhere = {
        "influence": msg("DIP-7: no minor is open to {power}'s influence", power=ctx.power_term(power)),
        "mercenary": msg("UNIT-1: {power} controls no home space to raise a mercenary in", power=ctx.power_term(power)),
        "regular": msg("UNIT-2: {power} controls no fortified home space to raise a regular in", power=ctx.power_term(power)),
    }
    capped = msg("DIP-7: {power} holds the most influence markers allowed on every minor open to it", power=ctx.power_term(power))
    reasons = []
    for kind in _KINDS:
        options = by_kind.get(kind)
        if options is None:
            if kind in nowhere:  # else no foreign war to end
                reasons.append(nowhere[kind].render())
        elif not any(o.legal for o in options):
            # review: every minor capped read as one minor's cap (the first option's refusal names it)
            reasons.append(capped.render() if kind == "influence" else options[0].refusal)
    return tuple(reasons)


def _decide(ctx: Ctx, frame: SpendCpFrame) -> Decision | None:
    options = cp_options(ctx, frame)
    if not any(o.legal for o in options):
        return None
    options.append(ctx.tables.memo(("stop spending", frame.cp), _stop_option, frame.cp))
    prompt = ctx.tables.memo(("spend prompt", frame.power, frame.cp), _prompt, ctx, frame.power, frame.cp)
    return Decision.of(frame.power, prompt, PURPOSE_RULES[frame.purpose], options)


def _prompt(ctx: Ctx, power: str, cp: int) -> Message:
    return msg("{power}: spend {count} CP", power=ctx.power_term(power), count=cp)


def _stop_option(cp_left: int) -> Option:
    stop = ngettext("Stop spending ({count} CP left is lost)", "Stop spending ({count} CP left are lost)", cp_left).format(count=cp_left)
    return Option(Choice(Verb.CP, ("done",), stop), quiet=Quiet.MOVES_ON)


def _finish(ctx: Ctx, frame: SpendCpFrame) -> None:
    ctx.remove_frame(frame)
    if frame.cp:  # under the rule that gave the CP (rules review: a courtship's read GEN-6, not VQ-2)
        ctx.log(PURPOSE_RULES[frame.purpose], msgn("{count} CP left unspent is lost", "{count} CP left unspent are lost", frame.cp), frame.power)


# what a CP spend was, for the response window it opens (CARD-2): "after Spain's influence"
_SPENT_ON = {
    "influence": N_("influence"),
    "mercenary": N_("mercenary"),
    "regular": N_("regular"),
    "patronise": N_("patronage"),
    "end-foreign-war": N_("end of its foreign war"),
}


def _choose(ctx: Ctx, frame: SpendCpFrame, choice: Choice) -> None:
    action = choice.args[0]
    costs = ctx.data.settings.costs
    if action == "done":
        _finish(ctx, frame)
        return
    if action == "influence":
        cost = costs.influence
        diplomacy.buy_influence(ctx, frame.power, choice.args[1])
    elif action in ("mercenary", "regular"):
        cost = costs.mercenary if action == "mercenary" else costs.regular
        units.raise_unit(ctx, frame.power, action, choice.args[1])
    elif action == "patronise":
        cost = int(choice.args[2])
        patronage.patronise_by_cp(ctx, frame.power, choice.args[1], cost)
    else:
        cost = costs.end_foreign_war
        ctx.state.powers[frame.power].card_markers.remove(_foreign_war_markers(ctx, frame.power)[0])
        ctx.log("CARD-8", msg("ends its foreign war: the -1 Card marker is removed"), frame.power)
    frame.cp -= cost
    frame.spent_on.append(action)
    if frame.cp == 0:
        _finish(ctx, frame)
    # CARD-2: nothing comes between this window and its reading, so it opens only when it asks a power
    # (a window nobody is asked about closes at once, and changes nothing)
    if asks_anyone_now(ctx):
        open_response_window(ctx, msg("after {power}'s {action}", power=ctx.power_term(frame.power), action=Message(_SPENT_ON.get(action, action))))


PROCEDURES = (
    Procedure(
        SpendCpFrame, "spend-cp", _decide, _choose, _finish,
        ("GEN-6", "CARD-1", "VQ-2", "DIP-7", "UNIT-1", "UNIT-2", "IND-2", "MOR-2", "PAT-1", "PAT-2", "PAT-3", "CARD-8"),
    ),
)
