"""The Action Phase (GEN-6): impulses in impulse order; in its impulse a power plays one card, as its
event where allowed or for its CP, records a table action, or passes (CARD-1..CARD-4)."""

from __future__ import annotations

from attrs import define, frozen

from core.cards import PlayMode, as_shown, card_title, discard_after_play, mandatory_in_hand, take_from_hand
from core.choices import TABLE_ENTRY, Choice, Decision, Option, Quiet, Refusal, Verb
from core.context import Ctx
from core.i18n import Message, N_, _, listed, msg, msgn
from core.ids import CardKind
from core.cp_spending import CpPurpose, SpendCpFrame
from core.procedures import CardEvent, Moment, Procedure, always_playable
from core.responses import open_response_window
from core.state import Frame
from core.table import TableFrame

# a window card's event is played when its moment comes (CARD-2, CARD-3)
_WINDOW_REFUSALS = {
    # walkthrough play-test: "only when its moment comes" read as against CARD-2's "during any power's impulse, the
    # holder's own included": the window is in the impulse, after an action; the card is not the impulse's own play
    Moment.RESPONSE: N_("CARD-2: a response card's event is played in a response window (after an action, event or "
                        "battle, in any impulse, its holder's own too); as an impulse's card it is played for CP"),
    Moment.COMBAT: N_("CARD-3: a combat card's event is played just before a battle its holder's units fight; as an "
                      "impulse's card it is played for CP"),
}


@define
class ActionPhaseFrame(Frame):
    next_index: int = 0
    passes_in_row: int = 0


@define
class ImpulseFrame(Frame):
    power: str


@frozen
class _CardPlays:
    """A card's two plays in an impulse, labelled, and refused where the data alone decides (CARD-1,
    CARD-4): made once per game data, rules and language. ``event``: the event whose refusal the
    position decides, None when the data decided it (refused, or an event always playable)."""

    as_event: Option
    for_cp: Option
    event: CardEvent | None


def _refusal_by_data(ctx: Ctx, number: int, event: CardEvent | None) -> Refusal:
    """Why a card's event is never played in an impulse ("" when the position decides)."""
    if event is None:
        return msg("CARD-4: {card} has no event (a generic operations card): play it for CP", card=card_title(ctx, number))
    if event.moment is Moment.IMPULSE:
        return ""
    title = Message(ctx.data.cards[number].title)
    if event.moment is Moment.NEGOTIATION:
        return msg("CARD-4: {title}'s event is only for the Negotiation Segment", title=title)
    if event.moment in _WINDOW_REFUSALS:
        return Message(_WINDOW_REFUSALS[event.moment])
    return msg("CARD-4: {title}'s event is played in an impulse", title=title)


def _card_plays(ctx: Ctx) -> dict[int, _CardPlays]:
    plays = {}
    for number, card in ctx.data.cards.items():
        title = card_title(ctx, number).render()
        event = ctx.rules.event_of(ctx.data, number)
        refused = _refusal_by_data(ctx, number, event)
        as_event = Option(Choice(Verb.PLAY, (str(number), PlayMode.EVENT.value), _("Play {card} as its event").format(card=title)), refused)
        only_event = msg("CARD-1: a Mandatory event must be played as its event") if card.kind == CardKind.MANDATORY else ""
        for_cp = Option(Choice(Verb.PLAY, (str(number), PlayMode.CP.value), _("Play {card} for {cp} CP").format(card=title, cp=card.cp)), only_event)
        decided_by_data = refused or event is None or event.refusal is always_playable
        plays[number] = _CardPlays(as_event, for_cp, None if decided_by_data else event)
    return plays


def _table_and_pass() -> tuple[Option, Option]:
    return Option(Choice(Verb.TABLE, (), _(TABLE_ENTRY))), Option(Choice(Verb.PASS, (), _("Pass (GEN-6)")), quiet=Quiet.MOVES_ON)


def _impulse_options(ctx: Ctx, power: str, mandatory: tuple[int, ...]) -> list[Option]:
    """The hand's plays, the Mandatory events first (play-tests: the one card a power had to play came
    after nine others, past the number keys and off the screen at 80x24), then a table action and Pass; the cards
    as the hand is shown."""
    plays = ctx.tables.memo(("impulse plays", id(ctx.rules)), _card_plays, ctx)
    options = []
    hand = as_shown(ctx.state.powers[power].hand)
    for number in (*mandatory, *(n for n in hand if n not in mandatory)) if mandatory else hand:
        play = plays[number]
        options.append(play.as_event if play.event is None else play.as_event.with_refusal(play.event.refusal(ctx, power)))
        options.append(play.for_cp)
    table, pass_ = ctx.tables.memo("impulse table and pass", _table_and_pass)
    options.append(table)
    options.append(pass_.with_refusal(msg("CARD-1: a power holding a Mandatory event may not pass")) if mandatory else pass_)
    return options


def _impulse_decision(ctx: Ctx, frame: ImpulseFrame) -> Decision | None:
    if not ctx.state.powers[frame.power].hand:
        return None
    mandatory = mandatory_in_hand(ctx, frame.power)
    prompt = ctx.tables.memo(("impulse prompt", frame.power, mandatory), _impulse_prompt, ctx, frame.power, mandatory)
    return Decision.of(frame.power, prompt, "CARD-1" if mandatory else "GEN-6", _impulse_options(ctx, frame.power, mandatory))


def _impulse_prompt(ctx: Ctx, power: str, mandatory: tuple[int, ...]) -> Message:
    if mandatory:
        return msgn(
            "{power}'s impulse: play a card - you hold the Mandatory event {cards} and may not pass (CARD-1)",
            "{power}'s impulse: play a card - you hold the Mandatory events {cards} and may not pass (CARD-1)",
            len(mandatory), power=ctx.power_term(power), cards=listed([card_title(ctx, number) for number in mandatory]),
        )
    return msg("{power}'s impulse: play a card or pass", power=ctx.power_term(power))


def _phase_frame(ctx: Ctx) -> ActionPhaseFrame:
    return next(f for f in reversed(ctx.state.stack) if isinstance(f, ActionPhaseFrame))


def _pass(ctx: Ctx, frame: ImpulseFrame, passes: Message) -> None:
    ctx.remove_frame(frame)
    _phase_frame(ctx).passes_in_row += 1
    ctx.log("GEN-6", passes, frame.power)


def _pass_empty_handed(ctx: Ctx, frame: ImpulseFrame) -> None:
    _pass(ctx, frame, msg("passes (no cards in hand)"))


def play_card(ctx: Ctx, power: str, number: int, mode: PlayMode) -> None:
    """GEN-6 / CARD-1: the card is revealed; as CP its CP are spent, as its event the event resolves
    (a Mandatory event then gives 2 CP); a response window follows (CARD-2)."""
    card = ctx.data.cards[number]
    if mode is PlayMode.CP:
        take_from_hand(ctx, power, number, msg("for {cp} CP", cp=card.cp), "GEN-6")
        discard_after_play(ctx, number, as_event=False)
        ctx.state.stack.append(SpendCpFrame(power=power, cp=card.cp, purpose=CpPurpose.IMPULSE, card=number))
        return
    mandatory = card.kind == CardKind.MANDATORY
    take_from_hand(ctx, power, number, msg("as its event"), "CARD-1" if mandatory else "CARD-4")
    if mandatory:  # CARD-1: the event first, then 2 CP
        mandatory_cp = ctx.data.settings.costs.mandatory_event_cp
        ctx.state.stack.append(SpendCpFrame(power=power, cp=mandatory_cp, purpose=CpPurpose.MANDATORY, card=number))
    open_response_window(ctx, msg("after {card}", card=card_title(ctx, number)))
    event = ctx.rules.event_of(ctx.data, number)
    assert event is not None
    event.resolve(ctx, power, number, ())
    if number not in ctx.state.cards.in_force:
        discard_after_play(ctx, number)


def _impulse_choose(ctx: Ctx, frame: ImpulseFrame, choice: Choice) -> None:
    if choice.verb is Verb.PASS:
        _pass(ctx, frame, msg("passes"))
        return
    if choice.verb is Verb.TABLE:
        ctx.state.stack.append(TableFrame(power=frame.power))
        return
    ctx.remove_frame(frame)
    _phase_frame(ctx).passes_in_row = 0
    play_card(ctx, frame.power, int(choice.args[0]), PlayMode(choice.args[1]))


def _next_impulse(ctx: Ctx, frame: ActionPhaseFrame) -> None:
    powers = ctx.tables.power_ids
    if frame.passes_in_row >= len(powers):
        ctx.remove_frame(frame)
        ctx.log("GEN-6", msg("every power has passed in a row: the Action Phase ends"))
        return
    ctx.state.stack.append(ImpulseFrame(power=powers[frame.next_index]))
    frame.next_index = (frame.next_index + 1) % len(powers)


PROCEDURES = (
    Procedure(ActionPhaseFrame, "action-phase", auto=_next_impulse, rules=("GEN-6", "GEN-1")),
    Procedure(ImpulseFrame, "impulse", _impulse_decision, _impulse_choose, _pass_empty_handed, ("GEN-6", "CARD-1", "CARD-2", "CARD-3", "CARD-4", "TABLE-1")),
)
