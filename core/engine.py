"""The engine: dispatch, settling and checking. Everything about a rule lives in its rule section.

``decision(data, state)`` is the pending decision; ``step(data, state, actor, choice)`` applies a
legal choice and settles, or raises ``IllegalChoice`` (with the refusal the procedure gave for that
option, rule ID and words) and changes nothing. The legal list and the refusal come from the same
options a procedure lists, so they never drift apart.
"""

from __future__ import annotations

from core import diplomacy, marriage, units, victory
from core.choices import TABLE_ACTOR, Choice, Decision, IllegalChoice, Refusal, Verb, typed_shown
from core.context import Ctx
from core.cp_spending import SpendCpFrame, purpose_refusal
from core.events import Event
from core.gamedata import GameData
from core.i18n import _, ngettext, text_of
from core.registry import RULES
from core.state import GameState, Phase
from core.table import TableFrame
from core.turn import begin_next_phase


def _pending(ctx: Ctx) -> Decision | None:
    state = ctx.state
    if state.phase is Phase.GAME_OVER or not state.stack:
        return None
    frame = state.stack[-1]
    decide = RULES.procedure(frame).decide
    return decide(ctx, frame) if decide is not None else None


def settle(ctx: Ctx) -> Decision | None:
    """Run automatic steps until a player must decide (returned) or the game is over (None)."""
    state = ctx.state
    game_over = Phase.GAME_OVER
    while state.phase is not game_over:
        if ctx.map_changed:  # WIN-2 / WIN-3: checked when control, religion or Unrest changed
            ctx.map_changed = False
            victory.log_map_vp_changes(ctx)
            if state.phase is Phase.ACTION and victory.check_immediate(ctx):
                return None
        if not state.stack:
            begin_next_phase(ctx)
            continue
        frame = state.stack[-1]
        procedure = RULES.procedure(frame)  # what _pending does, with the procedure kept for its automatic step
        pending = procedure.decide(ctx, frame) if procedure.decide is not None else None
        if pending is not None:
            return pending
        assert procedure.auto is not None, f"{type(frame).__name__} waits for a decision but offered none"
        procedure.auto(ctx, frame)
    return None


def decision(data: GameData, state: GameState) -> Decision | None:
    """The pending decision (None only when the game is over)."""
    return _pending(Ctx(data, state, rules=RULES))


def table_entry_allowed(state: GameState) -> bool:
    """TABLE-1: the table may record an action at any time, one at a time."""
    return state.phase is not Phase.GAME_OVER and not (state.stack and isinstance(state.stack[-1], TableFrame))


def check(data: GameData, state: GameState, actor: str, choice: Choice, pending: Decision | None = None) -> Choice:
    """The legal choice matching ``choice`` (with its label), or IllegalChoice with the reason.

    ``pending`` is the decision already built for this state, if the caller has it."""
    if actor == TABLE_ACTOR and choice.verb is Verb.TABLE:
        if not table_entry_allowed(state):
            raise IllegalChoice(_("TABLE-1: a table action is already being recorded"))
        return Choice(Verb.TABLE, (), _("Record a table action (by the table)"))
    if pending is None:
        pending = decision(data, state)
    if pending is None:
        raise IllegalChoice(_("the game is over"))
    if actor != pending.power:
        raise IllegalChoice(_("it is {power}'s decision, not {actor}'s").format(power=_(data.power_name(pending.power)), actor=_(data.power_name(actor))))
    legal = pending.find(choice)
    if legal is not None:
        return legal
    refusal = pending.refusal_of(choice)
    if refusal is not None:
        raise IllegalChoice(refusal)
    same_sex = _same_sex_proposal(data, state, pending, choice)
    if same_sex is not None:
        raise IllegalChoice(text_of(same_sex))
    never_offered = _cp_spend_never_offered(data, state, pending, choice)
    if never_offered:
        raise IllegalChoice(text_of(never_offered) + _nearest_legal(pending, choice, 1))
    refused = _("'{choice}' is not a legal choice now ({rule}: {prompt})").format(choice=typed_shown(str(choice)), rule=pending.rule, prompt=pending.prompt)
    raise IllegalChoice(refused + _unknown_words(pending, choice))


def _same_sex_proposal(data: GameData, state: GameState, pending: Decision, choice: Choice) -> Refusal | None:
    """MAR-3: at a decision offering proposals, a pair of royals of one sex, which its list leaves out, refused by the
    checks the list's pairs get, in their order (rules-savvy play-test: typed, it was refused as a choice not among
    the decision's, with no MAR-3 reason, though two Valois got theirs)."""
    if choice.verb is not Verb.PROPOSE or len(choice.args) != 2 or not all(r in data.royals for r in choice.args):
        return None
    if not any(c.verb is Verb.PROPOSE for c in (*pending.choices, *(o.choice for o in pending.refused))):
        return None
    a, b = choice.args
    if a == b or marriage.sex_refusal(data, a, b) is None:
        return None
    return marriage.refusal(Ctx(data, state, rules=RULES), pending.power, a, b)


def _cp_spend_never_offered(data: GameData, state: GameState, pending: Decision, choice: Choice) -> Refusal:
    """VQ-2, DIP-7, UNIT-1, UNIT-2: at a decision spending CP, why a kind, a minor or a space its list leaves out is never
    offered to this power (Spanish play-test: "cp influence venice" said only that it was not among the choices; hot-seat
    play-test: "cp regular london" at Elizabeth's courtship gave no rule)."""
    frame = state.stack[-1] if state.stack else None
    if choice.verb is not Verb.CP or len(choice.args) != 2 or not isinstance(frame, SpendCpFrame) or frame.power != pending.power:
        return ""
    kind, where = choice.args
    refused_kind = purpose_refusal(frame.purpose, kind)
    if refused_kind:
        return refused_kind
    ctx = Ctx(data, state, rules=RULES)
    if kind == "influence":
        return diplomacy.influence_refusal(ctx, pending.power, where)
    return units.raise_refusal(ctx, pending.power, kind, where)


# How many of the legal choices a typed one went astray from are named
NEAREST_SHOWN = 4


def _unknown_words(pending: Decision, choice: Choice) -> str:
    """Name the words of a typed choice that no option of this decision uses in that place, and the legal
    choices that begin as it does up to the first of them (shared-game play-test: "cp mercenary paris"
    said "not known here: paris" and not which spaces Spain may raise a mercenary in, UNIT-1)."""
    known = [c for c in (*pending.choices, *(o.choice for o in pending.refused)) if c.verb is choice.verb]
    # review: a marriage of Mary Queen of Scots and her ally's royal is offered once, in one order (MAR-9)
    reordered = next((c for c in pending.choices if c.verb is choice.verb and sorted(c.args) == sorted(choice.args)), None)
    if reordered is not None:
        return _("; offered as '{choice}'").format(choice=reordered)
    if not known:  # tmux play-test: "cp ..." typed before a card was played for CP said nothing of what comes first
        verbs = list(dict.fromkeys(c.verb.value for c in pending.choices))
        return _("; this decision's choices begin with: {verbs}").format(verbs=", ".join(verbs))
    places = [i for i, word in enumerate(choice.args) if all(i >= len(c.args) or c.args[i] != word for c in known)]
    if not places:
        return ""
    # tmux play-test: "not known here: paris" read as if Paris were no space
    said = _("; not among this decision's choices: {words}").format(words=typed_shown(", ".join(choice.args[i] for i in places)))
    return said + _nearest_legal(pending, choice, places[0])


def _nearest_legal(pending: Decision, choice: Choice, first: int) -> str:
    """The legal choices that begin as the typed one does, up to its word ``first`` ("" when none does)."""
    nearest = [str(c) for c in pending.choices if c.verb is choice.verb and c.args[:first] == choice.args[:first]]
    if not nearest:
        return ""
    shown = ", ".join(nearest[:NEAREST_SHOWN]) + (", ..." if len(nearest) > NEAREST_SHOWN else "")
    return ngettext(  # play-test: "like it" read as vague
        "; the legal choice that begins the same way: {choices}", "; the {count} legal choices that begin the same way: {choices}", len(nearest)).format(count=len(nearest), choices=shown)


def advance(
    data: GameData, state: GameState, actor: str, choice: Choice, pending: Decision | None = None
) -> tuple[list[Event], Decision | None]:
    """Apply a legal choice to ``state`` in place and settle: the events, and the next decision."""
    legal = check(data, state, actor, choice, pending)
    ctx = Ctx(data, state, rules=RULES)
    if actor == TABLE_ACTOR and legal.verb is Verb.TABLE:
        state.stack.append(TableFrame(power=TABLE_ACTOR))
    else:
        frame = state.stack[-1]
        choose = RULES.procedure(frame).choose
        assert choose is not None
        choose(ctx, frame, legal)
    return ctx.events, settle(ctx)


def step(data: GameData, state: GameState, actor: str, choice: Choice) -> list[Event]:
    """Apply a legal choice to ``state`` in place and settle; returns the events."""
    return advance(data, state, actor, choice)[0]


def start(data: GameData, state: GameState) -> list[Event]:
    """Run a freshly set-up (or hand-edited) state up to its first decision."""
    ctx = Ctx(data, state, rules=RULES)
    settle(ctx)
    return ctx.events
