"""The shapes a rule section declares its procedures in; ``core/registry.py`` collects them.

A rule-section module declares, beside its rules:
- ``PROCEDURES``: one ``Procedure`` per kind of pending frame (its save tag, the decision it offers,
  what a choice does, what runs automatically);
- ``CARD_EVENTS``: one ``CardEvent`` per card event it implements;
- ``TABLE_KINDS`` / ``TABLE_CONSTRAINTS``: kinds of table action (TABLE-1) and the rules that limit
  them (MOR-3, CL-6, IND-2, ...);
- ``PHASE_STEPS`` (``core/turn.py``): what runs when each phase begins.
Each declaration names the rule IDs it applies: that is what the rules browser calls enforced.
Rule modules import each other's helpers and frame types where they need them (``cards.card_title``,
``units.add_units``); the declarations above they reach only through ``ctx.rules`` (the registry).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from attrs import frozen

from core.choices import Choice, Decision, Option, Quiet, Refusal, Verb
from core.i18n import Message, N_, _, msg
from core.ids import INDEPENDENT
from core.state import Frame, LeaderStatus, Phase

if TYPE_CHECKING:
    from core.context import Ctx

DecideFn = Callable[["Ctx", Any], Decision | None]
ChooseFn = Callable[["Ctx", Any, Choice], None]
AutoFn = Callable[["Ctx", Any], None]


@frozen
class Procedure:
    """A kind of pending frame. ``decide`` returns None when nothing waits for a player; then
    ``auto`` runs (a frame without ``auto`` always waits for a decision). ``rules``: the rule IDs
    its steps apply (the rules browser's "enforced" comes from these declarations)."""

    frame: type[Frame]
    tag: str
    decide: DecideFn | None = None
    choose: ChooseFn | None = None
    auto: AutoFn | None = None
    rules: tuple[str, ...] = ()


class Moment(StrEnum):
    """When a card's event may be played (CARD-1..CARD-4)."""

    IMPULSE = "impulse"
    NEGOTIATION = "negotiation"
    RESPONSE = "response"
    COMBAT = "combat"


def always_playable(ctx: Ctx, power: str) -> Refusal:
    return ""


def no_targets(ctx: Ctx, power: str, number: int) -> list[Option]:
    return []


def no_picks(ctx: Ctx) -> list[Option]:
    return []


@frozen
class CardEvent:
    """One card event. The card numbers it serves are the cards whose data names ``id``.

    ``refusal(ctx, power)``: why it cannot be played now ("" when it can).
    ``targets(ctx, power, number)``: for response and combat events, the complete choices it can be
    played as in an open window, each with its refusal.
    ``resolve(ctx, power, number, args)``: what it does (``args``: the chosen target, or the battle
    space for combat cards); it may push a frame of its own module for a later pick.
    ``help``: what it does, an English message marked with ``N_`` (translated where it is shown).
    ``picks_after(ctx)``: for an impulse event that asks its target once the card is revealed, the picks
    it would offer now, each with its refusal (shown before the card is chosen).
    """

    id: str
    rules: tuple[str, ...]
    help: str
    resolve: Callable[[Ctx, str, int, tuple[str, ...]], None]
    moment: Moment = Moment.IMPULSE
    refusal: Callable[[Ctx, str], Refusal] = always_playable
    targets: Callable[[Ctx, str, int], list[Option]] = no_targets
    picks_after: Callable[[Ctx], list[Option]] = no_picks

    @property
    def rule(self) -> str:
        return self.rules[0]


StepFn = Callable[["Ctx", list[str]], list[Option]]


@frozen
class TableKind:
    """One kind of table action (TABLE-1), built one listed parameter per decision.

    ``steps[i](ctx, args)`` lists the options for parameter ``i`` given the ones chosen so far;
    ``record(ctx, by, args)`` applies it (``by`` is the acting power, "" for the table).
    ``label``: an English message marked with ``N_`` (translated where it is shown).
    ``looks_ahead``: a step's option is refused when nothing legal can follow it (a battle's space and attacker:
    play-test, a field battle ended two steps on with "Cancel" alone); elsewhere the next step's own refusals,
    one step on, say more (IND-3 refusing a space to Independent, not "it holds units of France").
    """

    id: str
    label: str
    steps: tuple[StepFn, ...]
    record: Callable[[Ctx, str, list[str]], None]
    rules: tuple[str, ...] = ("TABLE-1",)
    looks_ahead: bool = False
    # why nothing can follow the parameters given, in the kind's own words ("" to give the next step's first refusal)
    dead_end: Callable[[Ctx, list[str]], Refusal] | None = None
    # why this kind cannot be recorded at all now ("" when it can): refused in the list of kinds
    refusal: Callable[[Ctx], Refusal] | None = None
    # refused in the list of kinds, with its first step's own reason, when that step offers nothing legal (rules
    # edition 9): for kinds whose first step is cheap to list
    refused_when_none_legal: bool = False


@frozen
class TableConstraint:
    """A rule that limits the table actions of some ``kinds``: ``refusal(ctx, kind id, parameters
    chosen so far, candidate value)`` says why the value is refused, or "". ``step``: the parameter
    it judges (its index), None for every one."""

    rules: tuple[str, ...]
    kinds: tuple[str, ...]
    refusal: Callable[[Ctx, str, list[str], str], Refusal]
    step: int | None = None
    # a check that the record agrees with the map (TABLE-1): judged after the rule sections' own limits, whose
    # refusal names more ("IND-3: Metz ... becomes independent only through City State Rebels", not "record their loss first")
    consistency: bool = False


@frozen
class PhaseStep:
    """What runs when a phase begins (GEN-3; ``Phase.SETUP``: when the set-up ends, the game starts),
    and the rule IDs it applies."""

    phase: Phase
    run: Callable[[Ctx], None]
    rules: tuple[str, ...]


def pick(value: str, label: str, refusal: Refusal = "", quiet: Quiet | None = None) -> Option:
    """An option whose choice is ``pick <value>`` (event picks, table-action parameters)."""
    return Option(Choice(Verb.PICK, (value,), label), refusal, quiet)


def space_picks(ctx: Ctx, template: str) -> tuple[Option, ...]:
    """``pick <space>`` for every space, in map order, labelled ``template`` (an English message marked
    with ``N_``, its ``{space}`` the space's name) in the current language: made once per game data and
    language (refuse one with ``Option.with_refusal``)."""
    return ctx.tables.memo(("space picks", template), _space_picks, ctx, template)


def _space_picks(ctx: Ctx, template: str) -> tuple[Option, ...]:
    shown = _(template)
    return tuple(pick(s, shown.format(ctx.name(s), space=ctx.name(s))) for s in ctx.data.spaces)


# UNIT-3: a leader's status as a player reads it (translated where shown)
LEADER_STATUS = {
    LeaderStatus.OUT_OF_PLAY: N_("out of play"),
    LeaderStatus.ON_MAP: N_("on the map"),
    LeaderStatus.CAPTURED: N_("captured"),
    LeaderStatus.DESTROYED: N_("destroyed"),
}


def named(ctx: Ctx, ident: str) -> Message | str:
    """A power, a space or a minor as a message's parameter: a power is a game term (``power_term``,
    translated where shown), and so are the Independent side and a minor power (core/locale/glossary.toml:
    "Escocia", "Папство"); a space's name is a name."""
    if ident in ctx.tables.power_ids:
        return ctx.power_term(ident)
    if ident == INDEPENDENT:
        return msg("Independent")
    if ident in ctx.data.minors:
        return Message(ctx.data.minors[ident].name)
    return ctx.name(ident)


def shown_name(ctx: Ctx, ident: str) -> str:
    """``named`` in the current language: for live text (labels, prompts, refusals)."""
    name = named(ctx, ident)
    return name.render() if isinstance(name, Message) else name


def by_table(by: str, message: Message) -> Message:
    """A recorded table action's log line (TABLE-1): marked ``(by the table)`` when no power recorded it."""
    return message if by else msg("(by the table) {action}", action=message)
