"""Response and combat windows (CARD-2, CARD-3, GEN-8): who is asked, in impulse order, and what
they may play there. The cards themselves are ``CardEvent`` records of their rule sections."""

from __future__ import annotations

from collections.abc import Collection

from attrs import Factory, define

from core.cards import as_shown, discard_after_play, in_deck_or_hands, take_from_hand
from core.choices import Choice, Decision, Option, Quiet, Verb
from core.context import Ctx
from core.i18n import Message, _, msg
from core.procedures import Moment, Procedure
from core.state import EIGHTH_EDITION, FIFTH_EDITION, Frame, GameState, Phase, QuietResponses

# CARD-8 [D]: response events are played before the Marriage Resolution Phase.
BEFORE_MARRIAGE_RESOLUTION = (Phase.CARD_DRAW, Phase.NEGOTIATION, Phase.DIPLOMATIC_STATUS, Phase.ACTION)


@define
class ResponseWindowFrame(Frame):
    trigger: Message  # what opened the window ("after #10 Papal Bull"): kept, rendered when shown
    asked: list[str] = Factory(list)
    index: int = 0


@define
class CombatWindowFrame(Frame):
    space: str
    asked: list[str] = Factory(list)
    index: int = 0


def cards_played_at(ctx: Ctx, moment: Moment) -> frozenset[int]:
    """The cards whose event is played at ``moment`` (responses, combat cards)."""
    return ctx.tables.memo(("played at", moment, id(ctx.rules)), _played_at, ctx, moment)


def _played_at(ctx: Ctx, moment: Moment) -> frozenset[int]:
    return frozenset(n for n in ctx.data.cards if (event := ctx.rules.event_of(ctx.data, n)) is not None and event.moment is moment)


def _window_options(ctx: Ctx, power: str, playable: frozenset[int], cards: Collection[int] | None = None) -> list[Option]:
    """The options of the cards in the power's hand (or of ``cards``, as if it held them) whose event is
    ``playable`` in the window, as the hand is shown."""
    hand = as_shown(ctx.state.powers[power].hand if cards is None else cards)
    if playable.isdisjoint(hand):
        return []
    options: list[Option] = []
    for number in hand:
        if number in playable:
            event = ctx.rules.event_of(ctx.data, number)
            assert event is not None
            options += event.targets(ctx, power, number)
    return options


def _response_options(ctx: Ctx, power: str, responses: frozenset[int], cards: Collection[int] | None = None) -> list[Option]:
    """CARD-2: the response events this power could play in a window now (``cards``: as ``_window_options``)."""
    if ctx.state.phase not in BEFORE_MARRIAGE_RESOLUTION:
        return []
    return _window_options(ctx, power, responses, cards)


def asks_anyone_now(ctx: Ctx) -> bool:
    """CARD-2 / GEN-8: whether a response window opened now, and read at once, would ask any power
    (it asks them in impulse order, reading the position as it is)."""
    state = ctx.state
    if state.phase not in BEFORE_MARRIAGE_RESOLUTION:
        return False
    responses = cards_played_at(ctx, Moment.RESPONSE)
    return any(
        _asked_now(ctx, power, responses) is not None
        for power in ctx.tables.power_ids
        # GEN-8 default: a power without a response card in hand is not asked (``_asked_now`` says
        # so too, at more cost)
        if state.strict_response_windows or not responses.isdisjoint(state.powers[power].hand)
    )


def open_response_window(ctx: Ctx, trigger: Message) -> None:
    """CARD-2: after every action or event, every power may answer with a response card."""
    if ctx.state.phase in BEFORE_MARRIAGE_RESOLUTION:
        ctx.state.stack.append(ResponseWindowFrame(trigger=trigger, asked=list(ctx.tables.power_ids)))


def open_combat_window(ctx: Ctx, space: str, sides: tuple[str, str]) -> None:
    """CARD-3: just before a recorded battle is resolved, its sides may play combat cards, in impulse order."""
    involved = [p for p in ctx.tables.power_ids if p in sides]
    ctx.state.stack.append(CombatWindowFrame(space=space, asked=involved))


def open_battle_windows(ctx: Ctx, space: str, sides: tuple[str, str], battle: str) -> None:
    """After a recorded field battle, assault or naval battle: first the combat-card window of its sides
    (CARD-3), then the response window of every power (CARD-2), each in impulse order (GEN-8)."""
    open_response_window(ctx, msg("after the {battle} at {space}", battle=Message(battle), space=ctx.name(space)))  # below: it opens second
    open_combat_window(ctx, space, sides)


def _play_from_window(ctx: Ctx, power: str, choice: Choice, extra: tuple[str, ...]) -> None:
    number = int(choice.args[0])
    event = ctx.rules.event_of(ctx.data, number)
    assert event is not None
    # the window named (walkthrough play-test: the Spanish had one word for both, and said "response" of a combat card)
    combat = event.moment is Moment.COMBAT
    how = msg("in the combat window") if combat else msg("in the response window")
    take_from_hand(ctx, power, number, how, "CARD-3" if combat else "CARD-2")  # a reveal: an undo barrier (GEN-9)
    event.resolve(ctx, power, number, (*choice.args[1:], *extra))
    discard_after_play(ctx, number)


UNTIL_NEXT_PHASE = "until-next-phase"


def _answerable(options: list[Option]) -> list[str]:
    return sorted(str(o.choice) for o in options if o.legal)


def quiet_this_phase(state: GameState, power: str) -> bool:
    """GEN-8: the power said "no responses until the next phase" in this phase."""
    quiet = state.quiet_responses.get(power)
    return quiet is not None and (quiet.turn, quiet.phase) == (state.turn, state.phase)


def _keeps_quiet(ctx: Ctx, power: str, answerable: list[str]) -> bool:
    """GEN-8: the power said "no responses until the next phase", and nothing it could answer changed
    (``answerable``: by its hand)."""
    if not quiet_this_phase(ctx.state, power):
        return False
    quiet = ctx.state.quiet_responses[power]
    return quiet.answerable == (_quiet_answerable(ctx, power) if _answers_as_the_others_see(ctx) else answerable)


def _quiet_answerable(ctx: Ctx, power: str) -> list[str]:
    """What a power could answer, as its going quiet is judged (GEN-8): by its hand, or in strict windows by any
    card in the deck or a hand (``_answers_as_the_others_see``)."""
    cards = in_deck_or_hands(ctx.state) if _answers_as_the_others_see(ctx) else None
    return _answerable(_response_options(ctx, power, cards_played_at(ctx, Moment.RESPONSE), cards))


def asked_whatever_the_hand(state: GameState, decision: Decision) -> bool:
    """GEN-8: whether a power is asked ``decision`` whatever its hand holds. The default windows ask only a power
    that could answer (CARD-2, CARD-3); strict ones before rules edition 5 asked a quiet power again by its hand;
    before edition 5 the Negotiation Segment asked a power with nothing to propose only while it held a Negotiation
    Segment card (GEN-7). Such a decision passing to a person says something of their hand."""
    if decision.rule in ("CARD-2", "CARD-3"):
        return state.strict_response_windows and (decision.rule == "CARD-3" or state.rules_edition >= FIFTH_EDITION)
    return decision.rule != "GEN-7" or state.rules_edition >= FIFTH_EDITION


def _answers_as_the_others_see(ctx: Ctx) -> bool:
    """Strict windows (GEN-8: "so nothing leaks"): whether a quiet power is asked again is judged by what any
    card the others cannot place (``in_deck_or_hands``) would let it answer, not by its hand (hidden-information
    audit: asked again when a French betrothal formed, the only power asked was Wedding Festivities' holder)."""
    return ctx.state.strict_response_windows and ctx.state.rules_edition >= FIFTH_EDITION


def _asked_now(ctx: Ctx, power: str, responses: frozenset[int]) -> list[Option] | None:
    """The response options a power is asked about in a window now; None when it is not asked.
    ``responses``: the cards played as responses (``cards_played_at``)."""
    options = _response_options(ctx, power, responses)
    answerable = _answerable(options) if options else []
    if not answerable and not ctx.state.strict_response_windows:
        return None  # GEN-8 default: only powers that could answer are asked
    if _keeps_quiet(ctx, power, answerable):
        return None
    return options


def _response_decision(ctx: Ctx, frame: ResponseWindowFrame) -> Decision | None:
    if frame.index >= len(frame.asked):
        return None
    power = frame.asked[frame.index]
    options = _asked_now(ctx, power, cards_played_at(ctx, Moment.RESPONSE))
    if options is None:
        return None
    options.append(Option(Choice(Verb.NO_RESPONSE, (), _("No response")), quiet=Quiet.MOVES_ON))
    options.append(Option(Choice(Verb.NO_RESPONSE, (UNTIL_NEXT_PHASE,), _("No responses from me until the next phase (GEN-8)"))))
    if quiet_this_phase(ctx.state, power):
        # SSH play-test: asked again after "no responses until the next phase", and nothing said why
        # (said in a few words: the decision panel has 16 rows at 80x24, review)
        prompt = msg("Response window {trigger}: play a response card? (asked again: what could be answered has changed, GEN-8)",
                     trigger=frame.trigger)
    else:
        prompt = msg("Response window {trigger}: play a response card?", trigger=frame.trigger)
    return Decision.of(power, prompt, "CARD-2", options)


def _response_choose(ctx: Ctx, frame: ResponseWindowFrame, choice: Choice) -> None:
    power = frame.asked[frame.index]
    if choice.verb is Verb.RESPOND:
        _play_from_window(ctx, power, choice, ())
    elif choice.args == (UNTIL_NEXT_PHASE,):
        ctx.state.quiet_responses[power] = QuietResponses(ctx.state.turn, ctx.state.phase, _quiet_answerable(ctx, power))
        # not logged: only a power that could answer is asked by default, so a public line said it held a response card
        # (Spanish hot-seat play-test); its own player reads it under the hand (views.HandView.quiet_this_phase)
        if ctx.state.rules_edition < EIGHTH_EDITION:
            ctx.log("GEN-8", msg("plays no response until the next phase (or until something it could answer changes)"), power)
    frame.index += 1


def _next_asked(ctx: Ctx, frame: ResponseWindowFrame | CombatWindowFrame) -> None:
    if frame.index >= len(frame.asked):
        ctx.remove_frame(frame)
    else:
        frame.index += 1


def _next_responder(ctx: Ctx, frame: ResponseWindowFrame) -> None:
    """The power in turn is not asked: on to the next one that is, in impulse order (GEN-8), or the
    window closes."""
    frame.index += 1
    responses = cards_played_at(ctx, Moment.RESPONSE)
    while frame.index < len(frame.asked) and _asked_now(ctx, frame.asked[frame.index], responses) is None:
        frame.index += 1
    if frame.index >= len(frame.asked):
        ctx.remove_frame(frame)


def _combat_decision(ctx: Ctx, frame: CombatWindowFrame) -> Decision | None:
    if frame.index >= len(frame.asked):
        return None
    power = frame.asked[frame.index]
    options = _window_options(ctx, power, cards_played_at(ctx, Moment.COMBAT))
    if not any(o.legal for o in options) and not ctx.state.strict_response_windows:
        return None  # GEN-8 default: only a side that could play a combat card is asked
    options.append(Option(Choice(Verb.NO_COMBAT, (), _("No combat card")), quiet=Quiet.MOVES_ON))
    prompt = msg("Battle at {space}: play a combat card?", space=ctx.name(frame.space))
    return Decision.of(power, prompt, "CARD-3", options)


def _combat_choose(ctx: Ctx, frame: CombatWindowFrame, choice: Choice) -> None:
    if choice.verb is Verb.COMBAT:
        power = frame.asked[frame.index]
        _play_from_window(ctx, power, choice, (frame.space, *(side for side in frame.asked if side != power)))
    frame.index += 1


PROCEDURES = (
    Procedure(ResponseWindowFrame, "response-window", _response_decision, _response_choose, _next_responder, ("CARD-2", "GEN-8")),
    Procedure(CombatWindowFrame, "combat-window", _combat_decision, _combat_choose, _next_asked, ("CARD-3", "GEN-8")),
)
