"""Cards (CARD-1..CARD-8): entry, the deck, dealing, Card markers, and how each kind may be played."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from core import dice
from core.choices import Choice, Option, Verb
from core.context import Ctx
from core.events import EventKind, signed
from core.gamedata import CardRecord, GameData
from core.i18n import N_, Message, _, listed, msg, msgn
from core.ids import CardKind
from core.procedures import CardEvent, Moment, named
from core.state import FIFTH_EDITION, SECOND_EDITION, CardMarker, DealLine, GameState, MarkerKind
from core.victory import keys_controlled, track_value, unrest_spaces

class PlayMode(StrEnum):
    EVENT = "event"
    CP = "cp"


def card_title(ctx: Ctx, number: int) -> Message:
    """"#21 Papal Bull": the title is a data term, translated where the message is shown (``str()`` it
    for live text). One message per card and data."""
    return ctx.tables.memo(("card title", number), _card_title, ctx.data.cards[number])


def _card_title(card: CardRecord) -> Message:
    return msg("#{number} {title}", number=card.number, title=Message(card.title))


def all_locations(state: GameState) -> dict[int, list[str]]:
    """Every card number and every pile it is in (conservation check: exactly one each)."""
    places: dict[int, list[str]] = {}
    piles = state.cards
    for name, pile in (
        ("deck", piles.deck),
        ("discard", piles.discard),
        ("removed", piles.removed),
        ("in force", piles.in_force),
        ("home (used)", piles.home_used),
        ("not yet entered", piles.not_entered),
    ):
        for number in pile:
            places.setdefault(number, []).append(name)
    for power in state.powers.values():
        for number in power.hand:
            places.setdefault(number, []).append(f"{power.id} hand")
    return places


def add_card_marker(ctx: Ctx, power: str, delta: int, rule: str, reason: Message | str, kind: MarkerKind = MarkerKind.ORDINARY) -> None:
    """+1 Card / -1 Card markers for the next Card Draw Phase (MAR-5, MAR-7, VQ-2, CARD-8, SUEZ-3)."""
    reason = reason if isinstance(reason, Message) else Message(reason)
    ctx.state.powers[power].card_markers.append(CardMarker(delta=delta, rule=rule, reason=reason, kind=kind))
    ctx.log(rule, msg("takes a {marker} Card marker ({reason})", marker=signed(delta), reason=reason), power)


def _enters_now(ctx: Ctx, card: CardRecord) -> bool:
    state = ctx.state
    if card.enters == 0:  # "When Catholic League Forms": the turn after it forms (CARD-6, CL-7)
        return bool(state.league_formed_turn) and state.turn > state.league_formed_turn
    scenario = ctx.data.scenarios[state.scenario]
    return card.enters <= max(state.turn, scenario.in_play_through_turn)


def enter_new_cards(ctx: Ctx) -> None:
    """CARD-6: cards for this turn enter; home cards go to their power, others into the deck."""
    piles = ctx.state.cards
    entering = [n for n in piles.not_entered if _enters_now(ctx, ctx.data.cards[n])]
    for number in entering:
        piles.not_entered.remove(number)
        card = ctx.data.cards[number]
        if card.kind == CardKind.HOME:
            ctx.state.powers[card.power].hand.append(number)
        else:
            piles.deck.append(number)
    if not entering:
        return
    if ctx.state.turn == ctx.data.scenarios[ctx.state.scenario].first_turn:
        # Russian play-test: "40 new cards enter play" on turn 1 read against CARD-6's "none used on turn 1"
        # (of the cards that carry a turn number): these are the cards the game starts with; rules play-test: "in
        # play" read as every card, the home cards too (46)
        in_deck = sum(ctx.data.cards[n].kind != CardKind.HOME for n in entering)
        ctx.log("CARD-6", msgn("the deck starts with {count} card", "the deck starts with {count} cards", in_deck))
    else:
        ctx.log("CARD-6", msgn("{count} new card enters play", "{count} new cards enter play", len(entering)))


def return_home_cards(ctx: Ctx) -> None:
    """CARD-5: each home card returns to its power every turn."""
    piles = ctx.state.cards
    returning = list(piles.home_used)
    for number in returning:
        piles.home_used.remove(number)
        ctx.state.powers[ctx.data.cards[number].power].hand.append(number)
    if returning:
        ctx.log("CARD-5", msgn("{count} home card returns to its power's hand", "{count} home cards return to their powers' hands", len(returning)))


def card_count(ctx: Ctx, power: str) -> list[DealLine]:
    """CARD-7: the count, step by step, so the Card Draw screen can show where it came from."""
    state, data = ctx.state, ctx.data
    record = data.power(power)
    keys = keys_controlled(state, data, power)
    unrest = unrest_spaces(state, power)
    track = record.cards_by_keys
    lines = [DealLine("CARD-7", msgn("track square for {count} key space", "track square for {count} key spaces", keys), track_value(track, keys))]
    if unrest:
        # Unrest covers one more square each, the first square too (then every square is covered)
        uncovered = track_value(track, keys - unrest) if keys - unrest >= 0 else 0
        covers = msgn("Unrest in {count} space covers 1 more square", "Unrest in {count} spaces covers {count} more squares", unrest)
        lines.append(DealLine("CARD-7", covers, uncovered - lines[0].value))
    subtotal = sum(line.value for line in lines)
    if subtotal < 1:
        lines.append(DealLine("CARD-7", msg("every square covered: at least 1 card"), 1 - subtotal))
    if record.ruler_card_bonus:
        lines.append(DealLine("CARD-7", msg("ruler card bonus"), record.ruler_card_bonus))
    for marker in state.powers[power].card_markers:
        lines.append(DealLine(marker.rule, msg("{marker} Card marker: {reason}", marker=signed(marker.delta), reason=marker.reason), marker.delta))
    total = sum(line.value for line in lines)
    if total < 0:
        lines.append(DealLine("CARD-7", msg("never below 0"), -total))
    return lines


def deal(ctx: Ctx) -> None:
    """CARD-6 shuffle and CARD-7 deal, then expire the markers that do not persist."""
    state = ctx.state
    piles = state.cards
    piles.deck.extend(piles.discard)
    piles.discard.clear()
    dice.shuffle(state.rng, piles.deck)
    ctx.log("CARD-6", msgn("the deck is shuffled ({count} card)", "the deck is shuffled ({count} cards)", len(piles.deck)), kind=EventKind.SHUFFLE)
    wanted: dict[str, int] = {}
    for power_id in ctx.data.power_ids:
        state.powers[power_id].deal = card_count(ctx, power_id)
        wanted[power_id] = sum(line.value for line in state.powers[power_id].deal)
    dealt = _deal_order(ctx, wanted)
    for power_id in ctx.data.power_ids:
        power = state.powers[power_id]
        power.hand.extend(dealt[power_id])
        count = len(dealt[power_id])
        if count < wanted[power_id]:
            missing = wanted[power_id] - count  # a plural of its own (Spanish play-test: "faltan 1")
            dealt_text = msgn(
                "is dealt {count} card (the deck ran out: {short})", "is dealt {count} cards (the deck ran out: {short})",
                count, short=msgn("{count} short", "{count} short", missing),
            )
        else:
            dealt_text = msgn("is dealt {count} card", "is dealt {count} cards", count)
        ctx.log("CARD-7", dealt_text, power_id)
        kept = [m for m in power.card_markers if m.kind is not MarkerKind.ORDINARY]
        removed = [signed(m.delta) for m in power.card_markers if m.kind is MarkerKind.ORDINARY]
        if removed:  # which, by its sign (walkthrough play-test: "1 Card marker removed" for a +1 and for a -1 alike)
            ctx.log("CARD-7", msgn("its Card marker {markers} is removed", "its Card markers {markers} are removed", len(removed),
                                   markers=listed(removed)), power_id)
        power.card_markers = kept


def _deal_order(ctx: Ctx, wanted: dict[str, int]) -> dict[str, list[int]]:
    """Take the cards off the deck: one at a time around the table, or whole counts in turn."""
    deck = ctx.state.cards.deck
    dealt: dict[str, list[int]] = {p: [] for p in wanted}
    if ctx.data.settings.cards.deal == "whole-count":
        for power_id, count in wanted.items():
            dealt[power_id], deck[:count] = deck[:count], []
        return dealt
    while deck and any(len(dealt[p]) < wanted[p] for p in wanted):
        for power_id in wanted:
            if deck and len(dealt[power_id]) < wanted[power_id]:
                dealt[power_id].append(deck.pop(0))
    return dealt


def as_shown(numbers: Iterable[int]) -> list[int]:
    """Cards of a hand in the order every list shows them: by number, as the hand panel does, so the impulse's and the
    windows' choices follow it (hot-seat play-test: in the order dealt, a card's number key matched nothing on screen).
    The hand itself stays in the order dealt: a replay draws from it as it was."""
    return sorted(numbers)


def mandatory_in_hand(ctx: Ctx, power: str) -> tuple[int, ...]:
    """The Mandatory events ``power`` holds (CARD-1: it may not pass while it holds one), as the hand is shown."""
    mandatory, cards = CardKind.MANDATORY, ctx.data.cards  # read once, not per card in hand
    return tuple(as_shown(number for number in ctx.state.powers[power].hand if cards[number].kind == mandatory))


def removes_only_events(data: GameData, state: GameState) -> bool:
    """CARD-8 gap (settings.toml [cards]): a removed-after-play card leaves the game only when played as its
    event, as the sources say of Mandatory events, "removed from play after they occur" (rules-savvy
    play-test: the Ottoman's Gouvernante de France played for 3 CP left the game); not in a game begun
    under the first rules edition, which removed it however it was played."""
    return state.rules_edition >= SECOND_EDITION and data.settings.cards.removed_only_as_event


def in_deck_or_hands(state: GameState) -> set[int]:
    """The cards in the deck or in a hand: that they are there is public (every other card was seen played,
    discarded, removed, or is still to enter play, CARD-6); which is where is hidden (GEN-8), but for the home
    cards (CARD-5), which no rule reading this set concerns."""
    return {*state.cards.deck, *(number for power in state.powers.values() for number in power.hand)}


def discard_after_play(ctx: Ctx, number: int, as_event: bool = True) -> None:
    """Removed-after-play cards leave the game (played as their event, ``removes_only_events``); home cards
    wait to return; others go to the discard."""
    card = ctx.data.cards[number]
    piles = ctx.state.cards
    if card.kind == CardKind.HOME:
        piles.home_used.append(number)
    elif card.removed_after_play and (as_event or not removes_only_events(ctx.data, ctx.state)):
        piles.removed.append(number)
    else:
        piles.discard.append(number)


# The choices that play a card from hand: in an impulse, a response or combat window, or Louise of Lorraine's special use
CARD_PLAYS = frozenset({Verb.PLAY, Verb.RESPOND, Verb.COMBAT, Verb.LOUISE})


def reveals_a_card(choice: Choice) -> bool:
    """GEN-9: a card played is shown to everyone, so no undo goes back past it (the board asks for such a choice
    twice: play-tests played a card by a stray number, and lost its event for good)."""
    return choice.verb in CARD_PLAYS


def take_from_hand(ctx: Ctx, power: str, number: int, how: Message | str, rule: str) -> None:
    """Play a card from hand: the card is revealed (an undo barrier, GEN-9). ``how``: a message
    ("as its event", "for 3 CP")."""
    ctx.state.powers[power].hand.remove(number)
    ctx.log(rule, msg("plays {card} {how}", card=card_title(ctx, number), how=how), power, EventKind.REVEAL)


def end_of_turn(ctx: Ctx) -> None:
    """CARD-4: markers on the Turn Track (Gouvernante de France, Union of Arras) end with the turn."""
    piles = ctx.state.cards
    for number in list(piles.in_force):
        piles.in_force.remove(number)
        discard_after_play(ctx, number)
        ctx.log("CARD-4", msg("{card} is no longer in force", card=card_title(ctx, number)))


# ---- the card events of this section (CARD-3, CARD-4, CARD-8) ------------------------------------


def _in_force_to_end_of_turn(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
    ctx.state.cards.in_force.append(number)
    ctx.log("CARD-4", msg("{card} is in force until the end of the turn (marker on the Turn Track)", card=card_title(ctx, number)), power)


def _louise(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
    ctx.log("CARD-4", msg("uses Louise of Lorraine's special event (its terms are agreed at the table)"), power)


def _foreign_war(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
    add_card_marker(ctx, power, -1, "CARD-8", msg("Foreign War"), MarkerKind.FOREIGN_WAR)


def _combat_card(event_id: str, effect: str, help_text: str) -> CardEvent:
    """CARD-3: played in a recorded battle's window; the engine logs its effect for the table.
    ``effect`` and ``help_text`` are marked with ``N_`` (translated where shown)."""

    def targets(ctx: Ctx, power: str, number: int) -> list[Option]:
        label = _("Play {card}: {effect}").format(card=card_title(ctx, number), effect=_(effect))
        return [Option(Choice(Verb.COMBAT, (str(number),), label))]

    def resolve(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
        """``args``: the battle's space, then the power on the other side if it is one (not Independent)."""
        space, *opponent = args
        card, where, what = card_title(ctx, number), ctx.name(space), Message(effect)
        # the other side named: a card played against a person's battle is news to them (GEN-4; play-test: it
        # named neither, and "While you waited" left it out); not in a game begun earlier, whose autosave's marks
        # know its last lines as they were (review)
        text = (msg("plays {card} in the battle at {space} against {opponent}: {effect}", card=card, space=where, opponent=named(ctx, opponent[0]), effect=what)
                if opponent and ctx.state.rules_edition >= FIFTH_EDITION
                else msg("plays {card} in the battle at {space}: {effect}", card=card, space=where, effect=what))
        ctx.log("CARD-3", text, power)

    return CardEvent(event_id, ("CARD-3",), help_text, resolve, Moment.COMBAT, targets=targets)


CARD_EVENTS = (
    CardEvent("gouvernante-de-france", ("CARD-4",), N_("in force until the end of the turn: a marker on the Turn Track (CARD-4)"), _in_force_to_end_of_turn),
    CardEvent("union-of-arras", ("CARD-4",), N_("in force until the end of the turn: a marker on the Turn Track (CARD-4)"), _in_force_to_end_of_turn),
    CardEvent(
        "louise-of-lorraine", ("CARD-4",), N_("special event only in the Negotiation Segment (CARD-4); for CP in the Action Phase"), _louise,
        Moment.NEGOTIATION,
    ),
    CardEvent("foreign-war", ("CARD-8",), N_("you take a -1 Card marker until you end the war with 4 CP in a later impulse (CARD-8)"), _foreign_war),
    _combat_card("veteran-tercios", N_("+2 dice for the holder"), N_("in a recorded battle, +2 dice for the holder (CARD-3)")),
    _combat_card("fog-of-war", N_("the opponent rolls 1 die fewer"), N_("in a recorded battle, the opponent rolls 1 die fewer (CARD-3)")),
)
