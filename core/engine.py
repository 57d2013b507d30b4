"""The engine: what decision is pending, and what a legal choice does.

``decision(data, state)`` lists the legal choices; ``apply(data, state, actor, choice)`` returns a new
state and the events, or raises ``IllegalChoice`` and changes nothing. Both read the same handler
per frame, so the legal list and the legality check never drift apart.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from core import card_events, cards, diplomacy, marriage, patronage, table, units, victory
from core.cards import PlayMode, card_title
from core.choices import TABLE_ACTOR, Choice, Decision, IllegalChoice, Verb
from core.context import Ctx
from core.events import Event
from core.gamedata import GameData
from core.state import (
    ActionPhaseFrame,
    CombatWindowFrame,
    CourtshipChoiceFrame,
    CpPurpose,
    EventFrame,
    Frame,
    GameState,
    ImpulseFrame,
    MarkerKind,
    MarriagePhaseFrame,
    NegotiationFrame,
    PatronagePhaseFrame,
    Phase,
    ProposalAnswerFrame,
    ResponseWindowFrame,
    ScientistRewardFrame,
    SpendCpFrame,
    TableFrame,
)
from core.turn import begin_next_phase

LOUISE_EVENT = "louise-of-lorraine"


# ---- Action Phase (GEN-6) -------------------------------------------------------------------------


def _action_phase_frame(ctx: Ctx) -> ActionPhaseFrame:
    return next(f for f in reversed(ctx.state.stack) if isinstance(f, ActionPhaseFrame))


def _auto_action_phase(ctx: Ctx, frame: ActionPhaseFrame) -> None:
    powers = ctx.data.power_ids
    if frame.passes_in_row >= len(powers):
        ctx.state.stack.pop()
        ctx.log("GEN-6", "every power has passed in a row: the Action Phase ends")
        return
    ctx.state.stack.append(ImpulseFrame(power=powers[frame.next_index]))
    frame.next_index = (frame.next_index + 1) % len(powers)


def _impulse_decision(ctx: Ctx, frame: ImpulseFrame) -> Decision | None:
    hand = ctx.state.powers[frame.power].hand
    if not hand:
        return None
    choices = []
    for number in hand:
        card = ctx.data.cards[number]
        for mode in cards.impulse_play_modes(ctx, frame.power, number):
            how = "as its event" if mode is PlayMode.EVENT else f"for {card.cp} CP"
            choices.append(Choice(Verb.PLAY, (str(number), mode.value), f"Play {card_title(ctx, number)} {how}"))
    choices.append(Choice(Verb.TABLE, (), "Record a table action (TABLE-1)"))
    mandatory = cards.holds_mandatory(ctx, frame.power)
    if not mandatory:
        choices.append(Choice(Verb.PASS, (), "Pass (GEN-6)"))
    rule = "CARD-1" if mandatory else "GEN-6"
    note = " - you hold a Mandatory event and may not pass" if mandatory else ""
    return Decision(frame.power, f"{ctx.name(frame.power)}'s impulse: play a card or pass{note}", rule, tuple(choices))


def _pass(ctx: Ctx, power: str, why: str) -> None:
    ctx.state.stack.pop()
    _action_phase_frame(ctx).passes_in_row += 1
    ctx.log("GEN-6", f"passes{why}", power)


def _auto_impulse(ctx: Ctx, frame: ImpulseFrame) -> None:
    _pass(ctx, frame.power, " (no cards in hand)")


def _impulse_choose(ctx: Ctx, frame: ImpulseFrame, choice: Choice) -> None:
    if choice.verb is Verb.PASS:
        _pass(ctx, frame.power, "")
        return
    if choice.verb is Verb.TABLE:
        ctx.state.stack.append(TableFrame(power=frame.power))
        return
    number, mode = int(choice.args[0]), PlayMode(choice.args[1])
    ctx.state.stack.pop()
    _action_phase_frame(ctx).passes_in_row = 0
    card = ctx.data.cards[number]
    if mode is PlayMode.CP:
        cards.take_from_hand(ctx, frame.power, number, f"for {card.cp} CP", "GEN-6")
        cards.discard_after_play(ctx, number)
        ctx.state.stack.append(SpendCpFrame(power=frame.power, cp=card.cp, purpose=CpPurpose.IMPULSE, card=number))
        return
    cards.take_from_hand(ctx, frame.power, number, "as its event", "CARD-1" if card.kind == "mandatory" else "CARD-4")
    if card.kind == "mandatory":  # CARD-1: the event first, then 2 CP
        mandatory_cp = ctx.data.settings.costs.mandatory_event_cp
        ctx.state.stack.append(SpendCpFrame(power=frame.power, cp=mandatory_cp, purpose=CpPurpose.MANDATORY, card=number))
    _open_response_window(ctx, f"after {card_title(ctx, number)}")
    card_events.resolve_event(ctx, frame.power, number)


# ---- spending CP -------------------------------------------------------------------------------------


def _foreign_war_markers(ctx: Ctx, power: str) -> list[Any]:
    return [m for m in ctx.state.powers[power].card_markers if m.kind is MarkerKind.FOREIGN_WAR]


def _cp_decision(ctx: Ctx, frame: SpendCpFrame) -> Decision | None:
    power, cp = frame.power, frame.cp
    costs = ctx.data.settings.costs
    choices = diplomacy.influence_choices(ctx, power, cp)
    if frame.purpose is CpPurpose.COURTSHIP:  # VQ-2: influence and/or mercenaries only
        choices += units.raise_choices(ctx, power, cp, regulars_allowed=False)
    else:
        choices += units.raise_choices(ctx, power, cp)
        choices += patronage.cp_choices(ctx, power, cp)
        if frame.purpose is CpPurpose.IMPULSE and cp >= costs.end_foreign_war and _foreign_war_markers(ctx, power):
            choices.append(Choice(Verb.CP, ("end-foreign-war",), f"End the foreign war: {costs.end_foreign_war} CP (CARD-8)"))
    if not choices:
        return None
    choices.append(Choice(Verb.CP, ("done",), f"Stop spending ({cp} CP left are lost)"))
    why = {CpPurpose.IMPULSE: "GEN-6", CpPurpose.MANDATORY: "CARD-1", CpPurpose.COURTSHIP: "VQ-2"}[frame.purpose]
    return Decision(power, f"{ctx.name(power)}: spend {cp} CP", why, tuple(choices))


def _finish_cp(ctx: Ctx, frame: SpendCpFrame) -> None:
    ctx.state.stack.remove(frame)
    if frame.cp:
        ctx.log("GEN-6", f"{frame.cp} CP left unspent are lost", frame.power)


def _cp_choose(ctx: Ctx, frame: SpendCpFrame, choice: Choice) -> None:
    action = choice.args[0]
    costs = ctx.data.settings.costs
    if action == "done":
        _finish_cp(ctx, frame)
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
        marker = _foreign_war_markers(ctx, frame.power)[0]
        ctx.state.powers[frame.power].card_markers.remove(marker)
        ctx.log("CARD-8", "ends its foreign war: the -1 Card marker is removed", frame.power)
    frame.cp -= cost
    frame.spent_on.append(action)
    if frame.cp == 0:
        _finish_cp(ctx, frame)
    _open_response_window(ctx, f"after {ctx.name(frame.power)}'s {action}")


def _auto_cp(ctx: Ctx, frame: SpendCpFrame) -> None:
    _finish_cp(ctx, frame)


# ---- response and combat windows (CARD-2, CARD-3, GEN-8) ---------------------------------------


def _open_response_window(ctx: Ctx, trigger: str) -> None:
    if ctx.state.phase in card_events.BEFORE_MARRIAGE_RESOLUTION:
        ctx.state.stack.append(ResponseWindowFrame(trigger=trigger, asked=list(ctx.data.power_ids)))


def _window_decision(ctx: Ctx, frame: ResponseWindowFrame) -> Decision | None:
    if frame.index >= len(frame.asked):
        return None
    power = frame.asked[frame.index]
    options = card_events.response_choices(ctx, power)
    if not options and not ctx.state.strict_response_windows:
        return None
    options.append(Choice(Verb.NO_RESPONSE, (), "No response"))
    return Decision(power, f"Response window {frame.trigger}: play a response card?", "CARD-2", tuple(options))


def _auto_window(ctx: Ctx, frame: ResponseWindowFrame | CombatWindowFrame) -> None:
    if frame.index >= len(frame.asked):
        ctx.state.stack.remove(frame)
    else:
        frame.index += 1


def _window_choose(ctx: Ctx, frame: ResponseWindowFrame, choice: Choice) -> None:
    if choice.verb is Verb.RESPOND:
        card_events.play_response(ctx, frame.asked[frame.index], choice)
    frame.index += 1


def _combat_decision(ctx: Ctx, frame: CombatWindowFrame) -> Decision | None:
    if frame.index >= len(frame.asked):
        return None
    power = frame.asked[frame.index]
    options = card_events.combat_choices(ctx, power)
    if not options:
        return None
    options.append(Choice(Verb.NO_COMBAT, (), "No combat card"))
    return Decision(power, f"Battle at {ctx.name(frame.space)}: play a combat card?", "CARD-3", tuple(options))


def _combat_choose(ctx: Ctx, frame: CombatWindowFrame, choice: Choice) -> None:
    if choice.verb is Verb.COMBAT:
        card_events.play_combat(ctx, frame.asked[frame.index], int(choice.args[0]), frame.space)
    frame.index += 1


# ---- events, table actions ------------------------------------------------------------------------


def _event_decision(ctx: Ctx, frame: EventFrame) -> Decision:
    what = "which kind of patron to sponsor" if frame.step == "kind" else "the target"
    rule = "PAT-10" if frame.step == "kind" else "MAR-8"
    prompt = f"{card_title(ctx, frame.card)}: choose {what}"
    return Decision(frame.power, prompt, rule, tuple(card_events.pick_choices(ctx, frame)))


def _event_choose(ctx: Ctx, frame: EventFrame, choice: Choice) -> None:
    ctx.state.stack.remove(frame)
    card_events.apply_pick(ctx, frame, choice)


def _table_decision(ctx: Ctx, frame: TableFrame) -> Decision:
    return Decision(frame.power, table.prompt(ctx, frame), "TABLE-1", tuple(table.choices(ctx, frame)))


# ---- Negotiation Segment (GEN-7, MAR-2, MAR-7, CARD-4) ------------------------------------------


def _negotiation_choices(ctx: Ctx, frame: NegotiationFrame, power: str) -> list[Choice]:
    choices = marriage.proposal_choices(ctx, power)
    if power == "spain" and not frame.opening_decided:
        choices += marriage.opening_choices(ctx)
    for number in ctx.state.powers[power].hand:
        if ctx.data.cards[number].event == LOUISE_EVENT:
            choices.append(Choice(Verb.LOUISE, (str(number),), f"Play {card_title(ctx, number)}'s special event (CARD-4)"))
    return choices


def _negotiation_decision(ctx: Ctx, frame: NegotiationFrame) -> Decision | None:
    powers = ctx.data.power_ids
    if frame.dones_in_row >= len(powers):
        return None
    power = powers[frame.next_index]
    choices = _negotiation_choices(ctx, frame, power)
    if not choices:
        return None
    choices.append(Choice(Verb.DONE, (), "Done negotiating (GEN-7)"))
    return Decision(power, f"{ctx.name(power)}: make a proposal or say done", "GEN-7", tuple(choices))


def _next_negotiator(ctx: Ctx, frame: NegotiationFrame, done: bool) -> None:
    frame.dones_in_row = frame.dones_in_row + 1 if done else 0
    frame.next_index = (frame.next_index + 1) % len(ctx.data.power_ids)


def _auto_negotiation(ctx: Ctx, frame: NegotiationFrame) -> None:
    if frame.dones_in_row >= len(ctx.data.power_ids):
        ctx.state.stack.remove(frame)
        if marriage.opening_betrothal(ctx.state) is not None and not frame.opening_decided:
            ctx.log("MAR-7", "the opening betrothal is postponed", "spain")
        ctx.log("GEN-7", "every power is done: the Negotiation Segment ends")
    else:
        _next_negotiator(ctx, frame, done=True)


def _negotiation_choose(ctx: Ctx, frame: NegotiationFrame, choice: Choice) -> None:
    power = ctx.data.power_ids[frame.next_index]
    _next_negotiator(ctx, frame, done=choice.verb is Verb.DONE)
    if choice.verb is Verb.DONE:
        ctx.log("GEN-7", "is done negotiating", power)
    elif choice.verb is Verb.OPENING:
        frame.opening_decided = True
        marriage.apply_opening(ctx, power, choice.args[0])
    elif choice.verb is Verb.LOUISE:
        number = int(choice.args[0])
        cards.take_from_hand(ctx, power, number, "for its special event", "CARD-4")
        card_events.resolve_event(ctx, power, number)
    else:
        _open_response_window(ctx, "after the marriage proposal")
        marriage.propose(ctx, power, choice.args[0], choice.args[1])


def _answer_decision(ctx: Ctx, frame: ProposalAnswerFrame) -> Decision:
    prompt = f"{ctx.name(frame.proposer)} proposes {ctx.name(frame.royal_a)} + {ctx.name(frame.royal_b)}"
    return Decision(frame.answerer, prompt, "MAR-2", tuple(marriage.answer_choices(ctx, frame)))


def _answer_choose(ctx: Ctx, frame: ProposalAnswerFrame, choice: Choice) -> None:
    ctx.state.stack.remove(frame)
    marriage.answer(ctx, frame, choice.verb is Verb.ACCEPT)


# ---- Marriage Resolution and Patronage phases ----------------------------------------------------


def _auto_marriage(ctx: Ctx, frame: MarriagePhaseFrame) -> None:
    if frame.queue:
        marriage.resolve_next(ctx, frame.queue.pop(0))
    else:
        ctx.state.stack.remove(frame)
        marriage.end_of_resolution(ctx)


def _courtship_decision(ctx: Ctx, frame: CourtshipChoiceFrame) -> Decision:
    england = marriage.side_power(ctx.state, ctx.data, marriage.ELIZABETH)
    prompt = "Elizabeth I's betrothal: a real wedding or a courtship?"
    return Decision(england, prompt, "VQ-2", tuple(marriage.courtship_choices(ctx, frame)))


def _courtship_choose(ctx: Ctx, frame: CourtshipChoiceFrame, choice: Choice) -> None:
    ctx.state.stack.remove(frame)
    marriage.apply_courtship_choice(ctx, frame, choice.verb is Verb.COURTSHIP)


def _auto_patronage(ctx: Ctx, frame: PatronagePhaseFrame) -> None:
    if frame.index >= len(frame.order):
        ctx.state.stack.remove(frame)
        return
    patron_id = frame.order[frame.index]
    frame.index += 1
    patrons = ctx.state.artists if patron_id in ctx.state.artists else ctx.state.scientists
    if patrons[patron_id].sponsor:  # still on the chart (SCI-3 can remove Le Testu first)
        patronage.evaluate(ctx, patron_id)


def _reward_decision(ctx: Ctx, frame: ScientistRewardFrame) -> Decision:
    prompt = f"{ctx.name(frame.scientist)} scored {frame.total}: choose the reward"
    return Decision(frame.power, prompt, "SCI-1", tuple(patronage.reward_choices(ctx, frame)))


def _reward_choose(ctx: Ctx, frame: ScientistRewardFrame, choice: Choice) -> None:
    ctx.state.stack.remove(frame)
    patronage.apply_reward(ctx, frame, choice)


# ---- dispatch ---------------------------------------------------------------------------------------

DecideFn = Callable[[Ctx, Any], Decision | None]
ChooseFn = Callable[[Ctx, Any, Choice], None]
AutoFn = Callable[[Ctx, Any], None]


def _never(ctx: Ctx, frame: Frame) -> None:
    return None


def _no_auto(ctx: Ctx, frame: Frame) -> None:
    raise AssertionError(f"{type(frame).__name__} always waits for a decision")


HANDLERS: dict[type, tuple[DecideFn, ChooseFn | None, AutoFn]] = {
    ActionPhaseFrame: (_never, None, _auto_action_phase),
    ImpulseFrame: (_impulse_decision, _impulse_choose, _auto_impulse),
    SpendCpFrame: (_cp_decision, _cp_choose, _auto_cp),
    ResponseWindowFrame: (_window_decision, _window_choose, _auto_window),
    CombatWindowFrame: (_combat_decision, _combat_choose, _auto_window),
    EventFrame: (_event_decision, _event_choose, _no_auto),
    TableFrame: (_table_decision, table.choose, _no_auto),
    NegotiationFrame: (_negotiation_decision, _negotiation_choose, _auto_negotiation),
    ProposalAnswerFrame: (_answer_decision, _answer_choose, _no_auto),
    MarriagePhaseFrame: (_never, None, _auto_marriage),
    CourtshipChoiceFrame: (_courtship_decision, _courtship_choose, _no_auto),
    PatronagePhaseFrame: (_never, None, _auto_patronage),
    ScientistRewardFrame: (_reward_decision, _reward_choose, _no_auto),
}


def _pending(ctx: Ctx) -> Decision | None:
    if ctx.state.phase is Phase.GAME_OVER or not ctx.state.stack:
        return None
    frame = ctx.state.stack[-1]
    return HANDLERS[type(frame)][0](ctx, frame)


def settle(ctx: Ctx) -> None:
    """Run automatic steps until a player must decide or the game is over."""
    state = ctx.state
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ACTION and victory.check_immediate(ctx):
            return
        if not state.stack:
            begin_next_phase(ctx)
            continue
        if _pending(ctx) is not None:
            return
        frame = state.stack[-1]
        HANDLERS[type(frame)][2](ctx, frame)


def decision(data: GameData, state: GameState) -> Decision | None:
    """The pending decision (None only when the game is over)."""
    return _pending(Ctx(data, state))


def table_entry_allowed(state: GameState) -> bool:
    """TABLE-1: the table may record an action at any time, one at a time."""
    return state.phase is not Phase.GAME_OVER and not (state.stack and isinstance(state.stack[-1], TableFrame))


def check(data: GameData, state: GameState, actor: str, choice: Choice) -> Choice:
    """The legal choice matching ``choice`` (with its label), or IllegalChoice with the reason."""
    if actor == TABLE_ACTOR and choice.verb is Verb.TABLE:
        if not table_entry_allowed(state):
            raise IllegalChoice("TABLE-1: a table action cannot start now")
        return Choice(Verb.TABLE, (), "Record a table action (by the table)")
    pending = decision(data, state)
    if pending is None:
        raise IllegalChoice("the game is over")
    if actor != pending.power:
        raise IllegalChoice(f"it is {data.power_name(pending.power)}'s decision, not {data.power_name(actor)}'s")
    legal = pending.find(choice)
    if legal is None:
        raise IllegalChoice(_explain(data, state, pending, choice))
    return legal


def _explain(data: GameData, state: GameState, pending: Decision, choice: Choice) -> str:
    """The most specific reason a choice is not legal now."""
    ctx = Ctx(data, state)
    if choice.verb is Verb.PROPOSE and len(choice.args) == 2:
        reason = marriage.refusal(ctx, pending.power, choice.args[0], choice.args[1])
        if reason:
            return reason
    if choice.verb is Verb.PASS and cards.holds_mandatory(ctx, pending.power):
        return "CARD-1: a power holding a Mandatory event may not pass"
    if choice.verb is Verb.PLAY and choice.args and choice.args[0].isdigit():
        number = int(choice.args[0])
        if number not in state.powers[pending.power].hand:
            return f"card {number} is not in {data.power_name(pending.power)}'s hand"
        if len(choice.args) > 1 and choice.args[1] == "event":
            reason = card_events.can_play_event(ctx, pending.power, number, in_impulse=True)
            if reason:
                return reason
        if len(choice.args) > 1 and choice.args[1] == "cp" and data.cards[number].kind == "mandatory":
            return "CARD-1: a Mandatory event must be played as its event"
    if choice.verb is Verb.CP and len(choice.args) >= 2 and choice.args[0] == "patronise":
        reason = patronage.cp_refusal(ctx, pending.power, choice.args[1])
        if reason:
            return reason
    return f"'{choice}' is not a legal choice now ({pending.rule}: {pending.prompt})"


def step(data: GameData, state: GameState, actor: str, choice: Choice) -> list[Event]:
    """Apply a legal choice to ``state`` in place and settle; returns the events."""
    legal = check(data, state, actor, choice)
    ctx = Ctx(data, state)
    if legal.verb is Verb.TABLE and actor == TABLE_ACTOR:
        state.stack.append(TableFrame(power=TABLE_ACTOR))
    else:
        frame = state.stack[-1]
        chooser = HANDLERS[type(frame)][1]
        assert chooser is not None
        chooser(ctx, frame, legal)
    state.decisions_taken += 1
    settle(ctx)
    return ctx.events


def apply(data: GameData, state: GameState, actor: str, choice: Choice) -> tuple[GameState, list[Event]]:
    """State in, new state and events out; the given state is never changed."""
    new_state = copy.deepcopy(state)
    return new_state, step(data, new_state, actor, choice)


def start(data: GameData, state: GameState) -> list[Event]:
    """Run a freshly set-up state up to its first decision."""
    ctx = Ctx(data, state)
    settle(ctx)
    return ctx.events
