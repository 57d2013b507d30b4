"""Computer players (GEN-2 seats held by a computer): ``random``, ``greedy`` and ``search``.

A bot answers the pending decision of its seat with one of its legal choices; the driver
(``play_computer_turns``) feeds that choice to ``Session.choose`` exactly as a person's keypress is.
Bots never start a table action (TABLE-1): table actions record what happened at a physical table,
and a computer player sits at none. Every bot is seeded by the game's seed, its seat and the decision
number (``decision_seed``), so a game replays, a bot restarted mid-game (a store load) chooses the
same, and every terminal of a shared game agrees.

``random`` takes any legal choice (the fuzzer of ``core/sim.py`` is the same player with a leaning).
``greedy`` looks one decision ahead on what its seat may see (``seat_knowledge``): its own hands and
the public state; other powers' hidden cards and the deck are refilled in a fixed order from the
cards it cannot see, and the RNG and any forced dice are replaced. Each legal choice is applied to a
copy of that knowledge without settling, dice inside the choice are enumerated face by face, and the
position is scored by ``core/evaluation.py``. A choice that leaves the same power an immediate
follow-up (an event's target or option) is worth its best follow-up. ``search`` (``core/search.py``)
samples what its seat cannot see and plays each choice out.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Mapping
from itertools import product
from typing import Protocol

from core import dice
from core.choices import Choice, Decision, Verb
from core.context import Ctx
from core.cp_spending import SpendCpFrame
from core.evaluation import score
from core.events import Event
from core.gamedata import GameData
from core.i18n import _
from core.ids import CardKind
from core.lookahead import copy_state, seat_sample, unseen_cards
from core.registry import RULES
from core.session import Session
from core.setup import Seat, SeatKind, SetupError
from core.state import GameState, Phase, RngState

NEUTRAL_FACES = (3, 4) * 20  # faces for dice beyond the enumerated ones: the middle of the die
ENUMERATED_DICE = 2  # a choice rolling this many dice or fewer is scored over every face


class Bot(Protocol):
    """A computer player: a legal choice for the pending decision of its seat."""

    name: str

    def choose(self, session: Session, decision: Decision) -> Choice: ...


# A computer never starts a table action (TABLE-1), nor plays Louise of Lorraine's special event (CARD-4): its terms
# are agreed at the table, which a computer cannot do, so the card was thrown away (hot-seat play-test: the Ottoman
# played it in turn 4's Negotiation Segment, and nothing came of it)
NOT_FOR_COMPUTERS = frozenset({Verb.TABLE, Verb.LOUISE})


def playable_choices(decision: Decision, of_a_person: bool = False) -> tuple[Choice, ...]:
    """The legal choices a computer player may take: all but NOT_FOR_COMPUTERS, and inside a table action
    only its cancel; ``of_a_person``: those a person's random play may take (the soak's), all but a table action's
    start (review: the soak never played Louise of Lorraine's special event again)."""
    if decision.cancel is not None:
        return (decision.cancel,)
    left_out = frozenset({Verb.TABLE}) if of_a_person else NOT_FOR_COMPUTERS
    choices = tuple(c for c in decision.choices if c.verb not in left_out)
    return choices or decision.choices


def decision_seed(session: Session, seat: Seat) -> int:
    """A computer player's seed for the pending decision: the game's seed, the seat and the decision
    number (the same on every terminal and in every replay)."""
    key = f"{session.setup.seed}/{seat.name}/{len(session.actions)}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")


# The verbs of the Negotiation Segment and the response windows inside it (GEN-7, CARD-2).
_NEGOTIATION_VERBS = frozenset({Verb.PROPOSE, Verb.DONE, Verb.OPENING, Verb.LOUISE, Verb.ACCEPT, Verb.DECLINE, Verb.RESPOND, Verb.NO_RESPONSE})
# What may also come inside a segment without ending it: a table action, recorded at any time (TABLE-1),
# and the combat window a recorded battle opens (CARD-3). Review: one hid the proposals made before it.
_WITHIN_A_SEGMENT = _NEGOTIATION_VERBS | {Verb.TABLE, Verb.PICK, Verb.COMBAT, Verb.NO_COMBAT}


def proposals_this_segment(session: Session, power: str) -> set[str]:
    """The proposals ``power`` made since the Negotiation Segment began (the public action log), so a
    computer player does not offer again what was declined (GEN-7 ends only when every power is done)."""
    made: set[str] = set()
    for action in reversed(session.actions):
        choice = Choice.parse(action.choice)
        if choice.verb not in _WITHIN_A_SEGMENT:
            break
        if choice.verb is Verb.PROPOSE and action.actor == power:
            made.add(action.choice)
    return made


# A computer makes at most this many proposals in one Negotiation Segment. Each one reopens the segment
# for everyone (GEN-7), a hand-off to each person in hotseat; a proposal scores no better than done one
# decision ahead, so greedy computers made every match they could (hot-seat play-test: 68 decisions of
# the two people in one segment).
PROPOSALS_PER_SEGMENT = 1


def fresh_choices(session: Session, decision: Decision) -> tuple[Choice, ...]:
    """The playable choices less the proposals this power already made in this Negotiation Segment,
    and less every proposal once it made PROPOSALS_PER_SEGMENT."""
    playable = playable_choices(decision)
    if session.state.phase is not Phase.NEGOTIATION:
        return playable
    made = proposals_this_segment(session, decision.power)
    if len(made) >= PROPOSALS_PER_SEGMENT:
        return tuple(c for c in playable if c.verb is not Verb.PROPOSE) or playable
    return tuple(c for c in playable if str(c) not in made) or playable


def mandatory_first(data: GameData, choices: tuple[Choice, ...]) -> tuple[Choice, ...]:
    """CARD-1: a Mandatory event held must be played this turn whatever else is played, so a computer
    player plays it first; one decision ahead, putting it off looks better and would spend every
    other card first."""
    mandatory = tuple(c for c in choices if c.verb is Verb.PLAY and data.cards[int(c.args[0])].kind == CardKind.MANDATORY)
    return mandatory or choices


# ---- random ---------------------------------------------------------------------------------------


class Leaning(Protocol):
    """What a random player leans towards instead of choosing uniformly (the fuzzer's, core/sim.py)."""

    def choose(self, session: Session, decision: Decision, rng: RngState) -> Choice: ...


class RandomBot:
    """Any legal choice, uniformly (never the same proposal twice in one Negotiation Segment); with a
    ``leaning``, the choice that leaning makes from the same seeded source."""

    name = "random"

    def __init__(self, seat: Seat, leaning: Leaning | None = None) -> None:
        self.seat = seat
        self.leaning = leaning

    def choose(self, session: Session, decision: Decision) -> Choice:
        rng = dice.new_rng(decision_seed(session, self.seat))
        if self.leaning is not None:
            return self.leaning.choose(session, decision, rng)
        choices = fresh_choices(session, decision)
        return choices[dice.below(rng, len(choices))]


# ---- what a seat may see ------------------------------------------------------------------------


def seat_knowledge(data: GameData, state: GameState, seat: Seat) -> GameState:
    """A copy of the state holding only what ``seat`` may see: its own hands and the public state.

    Other powers keep their home cards (CARD-5 makes them public) and as many other cards as they
    hold, refilled with the deck from the cards the seat cannot see, in number order; the deck order,
    the RNG and forced dice or picks are not carried over."""
    return seat_sample(data, state, seat, unseen_cards(data, state, seat), rng_state=0)


# ---- greedy: one decision ahead -----------------------------------------------------------------


def _apply(data: GameData, state: GameState, choice: Choice, faces: Iterable[int]) -> list[Event]:
    """Apply a legal choice to a scratch copy without settling, its dice forced to ``faces``."""
    state.rng.forced_dice = [*faces, *NEUTRAL_FACES]
    ctx = Ctx(data, state, rules=RULES)
    frame = state.stack[-1]
    choose = RULES.procedure(frame).choose
    assert choose is not None
    choose(ctx, frame, choice)
    return ctx.events


def _follow_up(ctx: Ctx, power: str) -> Decision | None:
    """The decision a choice leaves to the same power at once, such as an event's target (City State
    Rebels, Assassination) or option (Grand Vizier): the choice is worth its best follow-up. CP to
    spend are valued by ``spending_worth`` instead, and response windows are not looked into."""
    state = ctx.state
    if state.phase is Phase.GAME_OVER or not state.stack or isinstance(state.stack[-1], SpendCpFrame):
        return None
    decide = RULES.procedure(state.stack[-1]).decide
    pending = decide(ctx, state.stack[-1]) if decide is not None else None
    if pending is None or pending.power != power or any(c.verb is Verb.NO_RESPONSE for c in pending.choices):
        return None
    return pending


def expected_score(data: GameData, known: GameState, power: str, choice: Choice, look_further: bool = True) -> float:
    """The score after a choice, by expectation over the dice it rolls (each face enumerated)."""
    state = copy_state(known)
    events = _apply(data, state, choice, ())
    rolled = sum(len(e.roll.faces) for e in events if e.roll is not None)
    ctx = Ctx(data, state, rules=RULES)
    if rolled == 0 and look_further and (follow_up := _follow_up(ctx, power)) is not None:
        return max(expected_score(data, state, power, c, look_further=False) for c in playable_choices(follow_up))
    if not 1 <= rolled <= ENUMERATED_DICE:
        return score(ctx, power)
    total = 0.0
    for faces in product(range(1, 7), repeat=rolled):
        state = copy_state(known)
        _apply(data, state, choice, faces)
        total += score(Ctx(data, state, rules=RULES), power)
    return total / 6**rolled


def greedy_ranking(data: GameData, known: GameState, power: str, choices: tuple[Choice, ...]) -> list[tuple[float, Choice]]:
    """Each choice with its score one decision ahead, best first (ties: the first offered)."""
    scored = [(expected_score(data, known, power, c), -i, c) for i, c in enumerate(choices)]
    return [(value, choice) for value, _, choice in sorted(scored, reverse=True)]


class GreedyBot:
    """The choice whose position, one decision ahead, is worth most (``score``); ties: the first."""

    name = "greedy"

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    def choose(self, session: Session, decision: Decision) -> Choice:
        choices = mandatory_first(session.data, fresh_choices(session, decision))
        if len(choices) == 1:
            return choices[0]
        known = seat_knowledge(session.data, session.state, self.seat)
        return greedy_ranking(session.data, known, decision.power, choices)[0][1]


def _search_bot(seat: Seat) -> Bot:
    from core.search import SearchBot  # search builds on greedy's ranking: imported when a seat asks for it

    return SearchBot(seat)


BOTS: dict[str, Callable[[Seat], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": _search_bot}


def make_bot(seat: Seat) -> Bot:
    if seat.bot not in BOTS:
        raise SetupError(
            _("seat {seat}: unknown computer player {bot} (known: {known})").format(seat=repr(seat.name), bot=repr(seat.bot), known=", ".join(BOTS))
        )
    return BOTS[seat.bot](seat)


def bots_for(seats: Iterable[Seat]) -> dict[str, Bot]:
    """Seat name -> its computer player, for every computer seat."""
    return {seat.name: make_bot(seat) for seat in seats if seat.kind is SeatKind.COMPUTER}


def computer_to_decide(session: Session, bots: Mapping[str, Bot]) -> tuple[Bot, Decision] | None:
    """The computer player whose decision is pending, with it; None at a person's decision, a table
    action (people record those, TABLE-1), or the game's end."""
    decision = session.decision
    if decision is None or decision.power not in session.state.powers:
        return None
    bot = bots.get(session.seat_of(decision.power).name)
    return (bot, decision) if bot is not None else None


def play_computer_turns(
    session: Session,
    bots: Mapping[str, Bot],
    after_each: Callable[[Session], None] | None = None,
    record: Callable[[str, Choice], list[Event]] | None = None,
    until: float | None = None,
    events: list[Event] | None = None,
) -> list[Event]:
    """Take decisions while the pending one belongs to a computer seat; the events they caused,
    appended to ``events`` as each decision is taken (so none are lost if ``record`` raises).
    ``record`` takes a decision (``session.choose``; a store game's goes through the store);
    ``after_each`` runs after every decision (the arena's invariant checks); past ``until`` (a
    ``time.perf_counter()`` deadline) play stops after the decision in hand (the app's event loop)."""
    events = [] if events is None else events
    record = record or session.choose
    while (bot_and_decision := computer_to_decide(session, bots)) is not None:
        bot, decision = bot_and_decision
        events += record(decision.power, bot.choose(session, decision))
        if after_each is not None:
            after_each(session)
        if until is not None and time.perf_counter() > until:
            break
    return events
