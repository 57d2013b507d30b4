"""The card events named in CARD-8, each implemented by the rule it cites."""

from __future__ import annotations

from core import marriage, patronage
from core.cards import add_card_marker, card_title, discard_after_play
from core.choices import Choice, Verb
from core.context import Ctx
from core.state import EventFrame, MarkerKind, Phase

ASSASSINATION_TARGETS = ("elizabeth-i", "henry-iii", "henry-of-navarre", "william-of-orange")
MANDATORY_DEATHS = {"death-of-charles-ix": "charles-ix", "death-of-leicester": "leicester"}
IN_FORCE_TO_END_OF_TURN = ("gouvernante-de-france", "union-of-arras")
# PAT-10: (kinds it may sponsor, Italian pool only)
PATRONAGE_EVENTS = {
    "papal-bull": ((patronage.ARTIST, patronage.SCIENTIST), False),
    "patron-of-the-arts": ((patronage.ARTIST,), False),
    "commissioned-from-italy": ((patronage.ARTIST, patronage.SCIENTIST), True),
}
BEFORE_MARRIAGE_RESOLUTION = (Phase.CARD_DRAW, Phase.NEGOTIATION, Phase.DIPLOMATIC_STATUS, Phase.ACTION)

EVENT_HELP = {
    "papal-bull": "sponsor an artist or a scientist from your pool or the Italian pool, in the 3-CP box (PAT-10)",
    "patron-of-the-arts": "sponsor an artist from your pool or the Italian pool, in the 3-CP box (PAT-10)",
    "commissioned-from-italy": "sponsor an Italian artist or scientist, in the 3-CP box (PAT-10)",
    "gouvernante-de-france": "in force until the end of the turn: a marker on the Turn Track (CARD-4)",
    "union-of-arras": "in force until the end of the turn: a marker on the Turn Track (CARD-4)",
    "louise-of-lorraine": "special event only in the Negotiation Segment (CARD-4); for CP in the Action Phase",
    "death-of-charles-ix": "Charles IX dies; a standing betrothal ends as a Last Minute Cancellation (MAR-8)",
    "death-of-leicester": "Leicester dies; a standing betrothal ends as a Last Minute Cancellation (MAR-8)",
    "assassination": "assassinate Elizabeth I, Henry III, Henry of Navarre or William of Orange (MAR-8)",
    "wedding-festivities": "response: +2 to the French royal's wedding roll of a standing betrothal (MAR-4)",
    "foreign-war": "you take a -1 Card marker until you end the war with 4 CP in a later impulse (CARD-8)",
    "veteran-tercios": "combat: in a recorded battle, +2 dice for the holder (CARD-3)",
    "fog-of-war": "combat: in a recorded battle, the opponent rolls 1 die fewer (CARD-3)",
}


def _assassination_targets(ctx: Ctx) -> list[str]:
    return [r for r in ASSASSINATION_TARGETS if r in ctx.state.royals and marriage.living(ctx, r)]


def can_play_event(ctx: Ctx, power: str, number: int, in_impulse: bool) -> str | None:
    """Why the card cannot be played as its event now (None: it can)."""
    card = ctx.data.cards[number]
    event = card.event
    if event not in EVENT_HELP:
        return f"{card_title(ctx, number)} has no event the engine can play"
    if event in PATRONAGE_EVENTS:
        kinds, italian_only = PATRONAGE_EVENTS[event]
        if not patronage.event_kinds(ctx, power, kinds, italian_only):
            return "PAT-10: no patron can be sponsored (already sponsored this turn, or none to draw)"
    if event == "louise-of-lorraine" and in_impulse:
        return "CARD-4: Louise of Lorraine's event is only for the Negotiation Segment"
    if event == "assassination" and not _assassination_targets(ctx):
        return "MAR-8: no one left to assassinate"
    if card.kind in ("response", "combat") and in_impulse:
        return "CARD-2/CARD-3: played as an event only when its moment comes"
    return None


def resolve_event(ctx: Ctx, power: str, number: int) -> None:
    """Carry out the event; events that need a pick push an EventFrame."""
    event = ctx.data.cards[number].event
    if event in PATRONAGE_EVENTS:
        kinds, italian_only = PATRONAGE_EVENTS[event]
        allowed = patronage.event_kinds(ctx, power, kinds, italian_only)
        if len(allowed) == 1:
            patronage.patronise_by_event(ctx, power, allowed[0], italian_only, "PAT-10")
        else:
            ctx.state.stack.append(EventFrame(power=power, card=number, step="kind"))
    elif event in IN_FORCE_TO_END_OF_TURN:
        ctx.state.cards.in_force.append(number)
        ctx.log("CARD-4", f"{card_title(ctx, number)} is in force until the end of the turn (marker on the Turn Track)", power)
    elif event == "louise-of-lorraine":
        ctx.log("CARD-4", "uses Louise of Lorraine's special event (its terms are agreed at the table)", power)
    elif event in MANDATORY_DEATHS:
        royal_id = MANDATORY_DEATHS[event]
        if marriage.living(ctx, royal_id):
            marriage.death(ctx, royal_id, ctx.data.cards[number].title)
        else:
            ctx.log("MAR-8", f"{ctx.name(royal_id)} is already out of play: no effect", power)
    elif event == "assassination":
        ctx.state.stack.append(EventFrame(power=power, card=number, step="target"))
    elif event == "foreign-war":
        add_card_marker(ctx, power, -1, "CARD-8", "Foreign War", MarkerKind.FOREIGN_WAR)
    if number not in ctx.state.cards.in_force:
        discard_after_play(ctx, number)


def pick_choices(ctx: Ctx, frame: EventFrame) -> list[Choice]:
    event = ctx.data.cards[frame.card].event
    if frame.step == "kind":
        kinds, italian_only = PATRONAGE_EVENTS[event]
        return [
            Choice(Verb.PICK, (kind,), f"Sponsor an {'Italian ' if italian_only else ''}{kind} (PAT-10)")
            for kind in patronage.event_kinds(ctx, frame.power, kinds, italian_only)
        ]
    return [Choice(Verb.PICK, (r,), f"Assassinate {ctx.name(r)} (MAR-8)") for r in _assassination_targets(ctx)]


def apply_pick(ctx: Ctx, frame: EventFrame, choice: Choice) -> None:
    event = ctx.data.cards[frame.card].event
    if frame.step == "kind":
        _, italian_only = PATRONAGE_EVENTS[event]
        patronage.patronise_by_event(ctx, frame.power, choice.args[0], italian_only, "PAT-10")
    else:
        marriage.death(ctx, choice.args[0], "assassinated")


# ---- response and combat cards (CARD-2, CARD-3) ------------------------------------------------


def response_choices(ctx: Ctx, power: str) -> list[Choice]:
    """Response events this power could play in a window now."""
    choices: list[Choice] = []
    if ctx.state.phase not in BEFORE_MARRIAGE_RESOLUTION:
        return choices
    for number in ctx.state.powers[power].hand:
        if ctx.data.cards[number].event != "wedding-festivities":
            continue
        for betrothal in ctx.state.betrothals:
            french = [r for r in (betrothal.bride, betrothal.groom) if ctx.data.royals[r].power == "france"]
            if french and not betrothal.festivities:
                label = f"Play {card_title(ctx, number)} on {ctx.name(betrothal.bride)} + {ctx.name(betrothal.groom)} (MAR-4)"
                choices.append(Choice(Verb.RESPOND, (str(number), betrothal.bride), label))
    return choices


def play_response(ctx: Ctx, power: str, choice: Choice) -> None:
    number, bride = int(choice.args[0]), choice.args[1]
    ctx.state.powers[power].hand.remove(number)
    betrothal = marriage.betrothal_of(ctx.state, bride)
    assert betrothal is not None
    betrothal.festivities = True
    ctx.log("CARD-2", f"responds with {card_title(ctx, number)}: +2 to the French royal's roll for {ctx.name(betrothal.bride)} + {ctx.name(betrothal.groom)}", power)
    discard_after_play(ctx, number)


def combat_choices(ctx: Ctx, power: str) -> list[Choice]:
    return [
        Choice(Verb.COMBAT, (str(n),), f"Play {card_title(ctx, n)}: {EVENT_HELP[ctx.data.cards[n].event]}")
        for n in ctx.state.powers[power].hand
        if ctx.data.cards[n].kind == "combat"
    ]


def play_combat(ctx: Ctx, power: str, number: int, space: str) -> None:
    ctx.state.powers[power].hand.remove(number)
    effect = {"veteran-tercios": "+2 dice for the holder", "fog-of-war": "the opponent rolls 1 die fewer"}
    ctx.log("CARD-3", f"plays {card_title(ctx, number)} in the battle at {ctx.name(space)}: {effect[ctx.data.cards[number].event]}", power)
    discard_after_play(ctx, number)
