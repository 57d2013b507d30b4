"""The Negotiation Segment (GEN-7): powers take turns in impulse order; on its turn a power makes one
proposal (a marriage, MAR-2; the opening betrothal, MAR-7; Louise of Lorraine, CARD-4) or says done.
The segment ends when every power has said done in one round in a row."""

from __future__ import annotations

from attrs import Factory, define

from core import marriage
from core.cards import card_title, discard_after_play, in_deck_or_hands, take_from_hand
from core.choices import Choice, Decision, Option, Quiet, Verb
from core.context import Ctx
from core.i18n import _, listed, msg
from core.procedures import Moment, Procedure
from core.responses import cards_played_at, open_response_window
from core.state import FIFTH_EDITION, SECOND_EDITION, Frame


@define
class NegotiationFrame(Frame):
    next_index: int = 0
    dones_in_row: int = 0
    opening_decided: bool = False
    # the powers whose last word was done (said, or passed with nothing to propose): a power asked again
    # after its done is told which powers did not say done since (a proposal, the opening betrothal,
    # Louise of Lorraine: GEN-7's proposals)
    said_done: list[str] = Factory(list)


def _decides_opening(ctx: Ctx, frame: NegotiationFrame, power: str) -> bool:
    return power == marriage.opening_decider(ctx.state, ctx.data) and not frame.opening_decided


def _options(ctx: Ctx, frame: NegotiationFrame, power: str, decides_opening: bool) -> list[Option]:
    options = marriage.proposal_options(ctx, power)
    if decides_opening:
        options += [Option(c) for c in marriage.opening_choices(ctx)]
    for number in ctx.state.powers[power].hand:
        event = ctx.rules.event_of(ctx.data, number)
        if event is not None and event.moment is Moment.NEGOTIATION:
            label = _("Play {card}'s special event (CARD-4)").format(card=card_title(ctx, number).render())
            options.append(Option(Choice(Verb.LOUISE, (str(number),), label), event.refusal(ctx, power)))
    return options


def _decide(ctx: Ctx, frame: NegotiationFrame) -> Decision | None:
    powers = ctx.tables.power_ids
    if frame.dones_in_row >= len(powers):
        return None
    power = powers[frame.next_index]
    decides_opening = _decides_opening(ctx, frame, power)
    options = _options(ctx, frame, power, decides_opening)
    proposes = any(o.legal for o in options if o.choice.verb is not Verb.LOUISE)  # a proposal or the opening's choice
    asked_either_way = not proposes and _may_hold_a_negotiation_card(ctx, power)
    if not any(o.legal for o in options) and not asked_either_way:
        return None
    if decides_opening:
        # hot-seat play-test: 0 Done postponed the opening betrothal, and nothing had said it would
        options.append(ctx.tables.memo("done negotiating, postponing", _done_postponing))
    else:
        options.append(ctx.tables.memo("done negotiating", _done))
    if asked_either_way:
        # asked only as one may hold such a card: the same words whether it does or not (re-test: nothing said why a
        # power with nothing to propose was asked)
        prompt = msg("{power}: nothing to propose; play a card's Negotiation Segment event if you hold one, or say done "
                     "(asked either way, so no one can tell, GEN-8)", power=ctx.power_term(power))
    elif power in frame.said_done:  # the others have each had a turn since: those not done reopened it
        powers = ctx.tables.power_ids
        after = [powers[(frame.next_index + step) % len(powers)] for step in range(1, len(powers))]
        movers = listed([ctx.power_term(other) for other in after if other not in frame.said_done])
        prompt = msg("{power}: you said done, then {powers} did not say done, so the segment goes on: make a proposal or say done",
                     power=ctx.power_term(power), powers=movers)
    else:
        prompt = msg("{power}: make a proposal or say done", power=ctx.power_term(power))
    return Decision.of(power, prompt, "GEN-7", options)


def _may_hold_a_negotiation_card(ctx: Ctx, power: str) -> bool:
    """GEN-8: as far as the others can tell, the power may hold a card whose Negotiation Segment event it
    could play now (one is in the deck or a hand), so it is asked whether it holds one or not (hidden-information
    audit: the Ottoman, with no royals to propose, was asked only in the segments it held Louise of Lorraine)."""
    if ctx.state.rules_edition < FIFTH_EDITION:
        return False
    for number in in_deck_or_hands(ctx.state) & cards_played_at(ctx, Moment.NEGOTIATION):
        event = ctx.rules.event_of(ctx.data, number)
        if event is not None and not event.refusal(ctx, power):
            return True
    return False


def _done() -> Option:
    return Option(Choice(Verb.DONE, (), _("Done negotiating (GEN-7)")), quiet=Quiet.MOVES_ON)


def _done_postponing() -> Option:
    return Option(Choice(Verb.DONE, (), _("Done negotiating (GEN-7): the opening betrothal is postponed if the segment ends with it undecided (MAR-7)")),
                  quiet=Quiet.MOVES_ON)


def _next_negotiator(ctx: Ctx, frame: NegotiationFrame, done: bool) -> None:
    power = ctx.tables.power_ids[frame.next_index]
    if power in frame.said_done:
        frame.said_done.remove(power)
    if done:
        frame.said_done.append(power)
    frame.dones_in_row = frame.dones_in_row + 1 if done else 0
    frame.next_index = (frame.next_index + 1) % len(ctx.tables.power_ids)


def _auto(ctx: Ctx, frame: NegotiationFrame) -> None:
    if frame.dones_in_row >= len(ctx.tables.power_ids):
        ctx.remove_frame(frame)
        opening = marriage.opening_betrothal(ctx.state)
        if opening is not None and not frame.opening_decided:
            postponed = msg("the opening betrothal of {groom} and {bride} is postponed", groom=ctx.name(opening.groom), bride=ctx.name(opening.bride))
            ctx.log("MAR-7", postponed, marriage.opening_decider(ctx.state, ctx.data))
        ctx.log("GEN-7", msg("every power is done: the Negotiation Segment ends"))
    else:
        power = ctx.tables.power_ids[frame.next_index]
        # shared-game play-test: the Ottoman was never asked, and no line said why; not in a game of the first
        # edition (review: the store counts a player's reports read in log lines)
        if power not in frame.said_done and ctx.state.rules_edition >= SECOND_EDITION:
            ctx.log("GEN-7", msg("has nothing to propose: done negotiating"), power)
        _next_negotiator(ctx, frame, done=True)


def _choose(ctx: Ctx, frame: NegotiationFrame, choice: Choice) -> None:
    power = ctx.tables.power_ids[frame.next_index]
    _next_negotiator(ctx, frame, done=choice.verb is Verb.DONE)
    if choice.verb is Verb.DONE:
        ctx.log("GEN-7", msg("is done negotiating"), power)
        return
    if choice.verb is Verb.OPENING:
        frame.opening_decided = True
        marriage.apply_opening(ctx, power, choice.args[0])
    elif choice.verb is Verb.LOUISE:
        number = int(choice.args[0])
        take_from_hand(ctx, power, number, msg("for its special event"), "CARD-4")
        event = ctx.rules.event_of(ctx.data, number)
        assert event is not None
        event.resolve(ctx, power, number, ())
        discard_after_play(ctx, number)
    else:
        open_response_window(ctx, msg("after the marriage proposal"))
        marriage.propose(ctx, power, choice.args[0], choice.args[1])


PROCEDURES = (
    Procedure(NegotiationFrame, "negotiation", _decide, _choose, _auto, ("GEN-7", "MAR-2", "MAR-3", "MAR-7", "MAR-9", "CARD-4", "CL-5")),
)
