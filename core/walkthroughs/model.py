"""What a walkthrough is made of, and how one is played: a prepared position, forced chance, steps.

A walkthrough is a short declarative record. Its ``Position`` starts a scenario from a seed, makes
a few setup moves (real choices, or named edits of the position such as "Spain holds card 20" or
"Unrest in Madrid") and forces the dice per rule. Each ``Step`` names the choice to make, the rule it
teaches with its explanation, and what it promises (a roll total, a VP change, a marker, a log line
with a rule ID); ``check`` plays a walkthrough headless and asserts every promise.
"""

from __future__ import annotations

import re

from attrs import define, field, frozen

from core import engine, victory
from core.choices import TABLE_ACTOR, Choice, Decision, IllegalChoice
from core.events import Event, render
from core.gamedata import GameData
from core.i18n import Message
from core.session import Session
from core.setup import Setup
from core.state import CardMarker, GameState, Phase, Units, VpEntry
from core.walkthroughs.promises import Outcome, Promise, Refused

RULE_ID = re.compile(r"\b([A-Z]+-\d+)[a-z]?\b")
AUTOPLAY_LIMIT = 2000
WALKTHROUGH_PERSON = "You"


# ---- the prepared position: setup moves -----------------------------------------------------------


@frozen
class Reach:
    """Take the quiet choices (done, pass, postpone) until this phase of this turn is reached."""

    phase: Phase
    turn: int = 1

    def reached(self, state: GameState) -> bool:
        return state.phase is Phase.GAME_OVER or (state.turn, _PHASE_ORDER[state.phase]) >= (self.turn, _PHASE_ORDER[self.phase])

    def apply(self, session: Session) -> None:
        for _ in range(AUTOPLAY_LIMIT):
            if self.reached(session.state):
                return
            pending = session.decision
            assert pending is not None, f"the game ended before {self.phase.value} of turn {self.turn}"
            session.choose(pending.power, pending.quiet_or_first())
        raise AssertionError(f"{self.phase.value} of turn {self.turn} was never reached")

    def describe(self, data: GameData) -> str:
        return f"turn {self.turn}, {self.phase.value}"


_PHASE_ORDER = {phase: i for i, phase in enumerate(Phase)}


@frozen
class Play:
    """A real choice made in the setup (``power`` "table" records a table action by the table)."""

    power: str
    choice: str

    def apply(self, session: Session) -> None:
        session.choose(self.power, Choice.parse(self.choice))

    def describe(self, data: GameData) -> str:
        return f"{data.name_of(self.power)}: {self.choice}"


@frozen
class Hands:
    """Every hand is emptied onto the discard pile, then each listed power holds the listed cards."""

    holdings: tuple[tuple[str, tuple[int, ...]], ...]

    def edit(self, state: GameState, data: GameData) -> None:
        for record in state.powers.values():
            for number in record.hand:  # home cards come back next turn (CARD-5), others are discarded
                (state.cards.home_used if data.cards[number].kind == "home" else state.cards.discard).append(number)
            record.hand.clear()
        for power, numbers in self.holdings:
            for number in numbers:
                _take_card(state, number)
                state.powers[power].hand.append(number)

    def describe(self, data: GameData) -> str:
        held = "; ".join(f"{data.power_name(p)} holds {', '.join(f'#{n} {data.cards[n].title}' for n in ns)}" for p, ns in self.holdings)
        return f"{held}; every other hand is empty"


def _take_card(state: GameState, number: int) -> None:
    piles = state.cards
    for pile in (piles.deck, piles.discard, piles.not_entered, piles.home_used, piles.removed, *(p.hand for p in state.powers.values())):
        if number in pile:
            pile.remove(number)


@frozen
class Unrest:
    space: str

    def edit(self, state: GameState, data: GameData) -> None:
        state.spaces[self.space].unrest = True

    def describe(self, data: GameData) -> str:
        return f"Unrest in {data.name_of(self.space)}"


@frozen
class Control:
    space: str
    power: str

    def edit(self, state: GameState, data: GameData) -> None:
        state.spaces[self.space].control = self.power

    def describe(self, data: GameData) -> str:
        return f"{data.name_of(self.space)} under {data.name_of(self.power)} control"


@frozen
class ProtestantRegion:
    region: str
    count: int

    def edit(self, state: GameState, data: GameData) -> None:
        state.region_protestant[self.region] = self.count

    def describe(self, data: GameData) -> str:
        return f"{self.count} Protestant spaces in the region {self.region}"


@frozen
class EarlierVp:
    """VP a power earned before this position (a ledger entry of the rule that gave them)."""

    power: str
    amount: int
    rule: str
    reason: str

    def edit(self, state: GameState, data: GameData) -> None:
        state.powers[self.power].vp_entries.append(VpEntry(self.rule, self.amount, Message(self.reason), state.turn))

    def describe(self, data: GameData) -> str:
        return f"{data.power_name(self.power)} has {self.amount} VP from earlier turns ({self.reason})"


@frozen
class Turn:
    turn: int

    def edit(self, state: GameState, data: GameData) -> None:
        state.turn = self.turn

    def describe(self, data: GameData) -> str:
        return f"it is turn {self.turn}"


@frozen
class ArtistMarkers:
    """PAT-8: the artist VP markers left in the box."""

    one_vp: int
    typed: tuple[tuple[str, tuple[str, ...]], ...]

    def edit(self, state: GameState, data: GameData) -> None:
        state.markers.artist_one_vp = self.one_vp
        state.markers.artist_typed = {value: list(types) for value, types in self.typed}

    def describe(self, data: GameData) -> str:
        typed = ", ".join(f"{v} VP: {'/'.join(t) or 'none'}" for v, t in self.typed)
        return f"artist markers left: {self.one_vp} of 1 VP; {typed}"


@frozen
class Marker:
    """A +1 / -1 Card marker a power holds for the next Card Draw (CARD-7)."""

    power: str
    delta: int
    rule: str
    reason: str

    def edit(self, state: GameState, data: GameData) -> None:
        state.powers[self.power].card_markers.append(CardMarker(self.delta, self.rule, Message(self.reason)))

    def describe(self, data: GameData) -> str:
        return f"{data.power_name(self.power)} holds a {self.delta:+d} Card marker ({self.reason})"


@frozen
class Bonus:
    """A scientific bonus (SCI-2) a power holds from an earlier turn."""

    bonus: str
    power: str

    def edit(self, state: GameState, data: GameData) -> None:
        state.markers.bonus_holders[self.bonus] = self.power

    def describe(self, data: GameData) -> str:
        return f"{data.power_name(self.power)} holds the {data.bonuses[self.bonus].name} bonus"


@frozen
class Forces:
    """A power's units on the map are exactly these (space, regulars, mercenaries)."""

    power: str
    placements: tuple[tuple[str, int, int], ...]

    def edit(self, state: GameState, data: GameData) -> None:
        for space in state.spaces.values():
            space.units.pop(self.power, None)
        for space_id, regulars, mercenaries in self.placements:
            state.spaces[space_id].units[self.power] = Units(regulars, mercenaries)

    def describe(self, data: GameData) -> str:
        placed = "; ".join(f"{r} regulars and {m} mercenaries in {data.name_of(s)}" for s, r, m in self.placements)
        return f"{data.power_name(self.power)}'s units on the map: {placed or 'none'}"


Edit = Hands | Unrest | Control | ProtestantRegion | EarlierVp | Turn | ArtistMarkers | Marker | Bonus | Forces
Move = Reach | Play | Edit


@frozen
class Position:
    """Where a walkthrough starts: scenario, seed, setup moves, and the chance it forces."""

    moves: tuple[Move, ...] = ()
    dice: tuple[tuple[str, tuple[int, ...]], ...] = ()  # rule ID -> faces, in the order rolled
    picks: tuple[str, ...] = ()  # patrons drawn "at random", in order
    scenario: str = "campaign"
    seed: int = 1

    def describe(self, data: GameData) -> list[str]:
        lines = [f"{data.scenarios[self.scenario].name}, seed {self.seed}"]
        lines += [move.describe(data) for move in self.moves if not isinstance(move, Play)]
        lines += [f"{rule} dice fixed: {', '.join(map(str, faces))}" for rule, faces in self.dice]
        lines += [f"drawn at random: {data.name_of(p)}" for p in self.picks]
        return lines


# ---- the walkthrough record -----------------------------------------------------------------------


@frozen
class Step:
    """One move: the choice to make (typed form), the rule it teaches, why, and what it promises.

    A step with a ``Refused`` promise teaches a refusal: the player tries the choice, the engine
    refuses it with the rule, and the walkthrough moves on without changing the game.
    """

    choice: str
    rule: str
    explain: str
    promises: tuple[Promise, ...] = ()
    power: str = ""  # whose decision it is, when the same choice could come earlier

    @property
    def teaches_refusal(self) -> bool:
        return any(isinstance(p, Refused) for p in self.promises)

    def instruction(self) -> str:
        """What the step asks of the player; a refusal is typed, being in no list of legal choices."""
        how = f" Type it with ':' ({self.choice}) to see the refusal." if self.teaches_refusal else ""
        return f"{self.explain}.{how}"


@frozen
class Walkthrough:
    id: str
    section: str
    title: str
    rule: str
    intro: str
    position: Position
    steps: tuple[Step, ...]
    summary: str
    recap: tuple[str, ...] = ()  # rule IDs (or prefixes) whose log lines the conclusion repeats
    # take the quiet choices between steps; after the last step, until this is reached
    autoplay: bool = False
    finish: Reach | None = None
    teaches: tuple[str, ...] = field(default=())  # further rule IDs the text explains

    def prepare(self, data: GameData) -> Session:
        return prepare(self, data)

    def conclude(self, session: Session) -> str:
        names = {p: session.data.power_name(p) for p in session.data.power_ids}
        lines = [render(e, names) for e in session.log if any(e.rule.startswith(r) for r in self.recap)]
        return "\n".join([*lines, "", self.summary]) if lines else self.summary

    def taught(self) -> set[str]:
        """Every rule ID this walkthrough teaches: its own, each step's, each promise's, and ``teaches``."""
        rules = {self.rule, *self.teaches}
        for step in self.steps:
            rules.add(step.rule)
            rules.update(getattr(p, "rule", "") for p in step.promises)
        return {RULE_ID.match(r).group(1) for r in rules if r and RULE_ID.match(r)}  # type: ignore[union-attr]

    def text(self) -> str:
        return " ".join([self.title, self.intro, self.summary, *(s.explain for s in self.steps)])


def prepare(walkthrough: Walkthrough, data: GameData) -> Session:
    """The walkthrough's position on a fresh session; its log and action log start here."""
    position = walkthrough.position
    seats = {p: WALKTHROUGH_PERSON for p in data.power_ids}
    session = Session.new(data, Setup(scenario=position.scenario, seed=position.seed, controllers=seats))
    for move in position.moves:
        if isinstance(move, (Reach, Play)):
            move.apply(session)
        else:
            move.edit(session.state, data)
            session.log.extend(engine.start(data, session.state))
            session.refresh()
    rng = session.state.rng
    for rule, faces in position.dice:
        rng.forced_by_rule.setdefault(rule, []).extend(faces)
    rng.forced_picks.extend(position.picks)
    session.refresh()
    session.actions.clear()  # the position is not a replay of the seed any more
    session.log.clear()
    return session


# ---- playing a walkthrough ------------------------------------------------------------------------


@define
class StepTaken:
    """What taking a choice in a walkthrough did."""

    events: list[Event]
    advanced: bool
    problem: str = ""
    failures: list[str] = field(factory=list)


@define
class WalkthroughRun:
    walkthrough: Walkthrough
    step: int = 0
    note: str = ""  # what the last refusal step showed
    # what the last step's own choice did, before the quiet play after it moved the game on (the board
    # shows it: a failed Suez dig was otherwise never on screen when it happened)
    step_events: list[Event] = field(factory=list)

    @property
    def finished(self) -> bool:
        return self.step >= len(self.walkthrough.steps)

    @property
    def current(self) -> Step | None:
        return None if self.finished else self.walkthrough.steps[self.step]

    def heading(self) -> str:
        total = len(self.walkthrough.steps)
        head = f"Walkthrough {self.walkthrough.rule}, step {min(self.step + 1, total)} of {total}"
        return f"{head}\n(refused, as the last step showed: {self.note})" if self.note else head

    def refusal(self, choice: Choice) -> str | None:
        """Why this choice is not the one the walkthrough teaches now (None: it is)."""
        step = self.current
        if step is None or str(choice) == step.choice:
            return None
        how = " (type it with ':')" if step.teaches_refusal else ""
        return f"in this walkthrough, choose '{step.choice}'{how}: {step.explain}"

    def advance(self) -> None:
        self.step += 1

    def take(self, session: Session, actor: str, choice: Choice) -> StepTaken:
        """Apply the step's choice (or show the refusal it teaches), then the quiet play after it."""
        refused = self.refusal(choice)
        if refused is not None:
            return StepTaken([], False, refused)
        step = self.current
        assert step is not None
        before = {p: victory.total_vp(session.state, session.data, p) for p in session.data.power_ids}
        self.note = ""
        refusal = ""
        events: list[Event] = []
        if step.teaches_refusal:
            try:
                engine.check(session.data, session.state, actor, choice, session.decision)
            except IllegalChoice as exc:
                refusal = self.note = str(exc)
            else:
                return StepTaken([], False, f"walkthrough {self.walkthrough.id}: '{choice}' was expected to be refused")
        else:
            try:
                events = session.choose(actor, choice)
            except IllegalChoice as exc:
                return StepTaken([], False, str(exc))
        self.step_events = list(events)
        self.advance()
        events += self.autoplay(session)
        outcome = Outcome(session, events, before, refusal)
        failures = [why for p in step.promises if (why := p.broken(outcome))]
        return StepTaken(events, True, refusal, failures)

    def autoplay(self, session: Session) -> list[Event]:
        """Take the quiet choices up to the next step (walkthroughs with ``autoplay``), and after the
        last step until its ``finish`` is reached."""
        walkthrough = self.walkthrough
        events: list[Event] = []
        for _ in range(AUTOPLAY_LIMIT):
            pending = session.decision
            step = self.current
            if pending is None:
                return events
            if step is None:
                if walkthrough.finish is None or walkthrough.finish.reached(session.state):
                    return events
            elif not walkthrough.autoplay or step_is_due(step, pending):
                return events
            events += session.choose(pending.power, pending.quiet_or_first())
        raise AssertionError(f"walkthrough {walkthrough.id}: the next step was never reached")


def step_is_due(step: Step, pending: Decision) -> bool:
    """The pending decision is the one this step is about."""
    if step.power == TABLE_ACTOR and step.choice == "table":
        return True  # the table may record an action at any time (TABLE-1)
    if step.power and step.power != pending.power:
        return False
    if step.teaches_refusal:
        return step.choice in {str(o.choice) for o in pending.refused}
    return step.choice in {str(c) for c in pending.choices}


# ---- the headless check -----------------------------------------------------------------------------


class WalkthroughFailed(AssertionError):
    """A walkthrough step could not be taken or broke a promise: names the walkthrough and step."""


def play_through(walkthrough: Walkthrough, data: GameData, steps: int | None = None) -> tuple[Session, WalkthroughRun]:
    """Prepare the position and take the first ``steps`` steps (all by default), checking each one."""
    session = walkthrough.prepare(data)
    run = WalkthroughRun(walkthrough)
    run.autoplay(session)
    count = len(walkthrough.steps) if steps is None else steps
    while run.step < count:
        number, step = run.step + 1, run.current
        assert step is not None
        where = f"walkthrough {walkthrough.id} step {number} ({step.choice})"
        pending = session.decision
        if pending is None:
            raise WalkthroughFailed(f"{where}: the game ended before this step")
        if not step_is_due(step, pending):
            raise WalkthroughFailed(f"{where}: not a legal choice of {pending.power}'s decision {pending.rule}: {[str(c) for c in pending.choices][:12]}")
        actor = TABLE_ACTOR if step.choice == "table" and step.power == TABLE_ACTOR else pending.power
        taken = run.take(session, actor, Choice.parse(step.choice))
        if not taken.advanced:
            raise WalkthroughFailed(f"{where}: {taken.problem}")
        if taken.failures:
            raise WalkthroughFailed(f"{where}: promise broken: {'; '.join(taken.failures)}")
    return session, run


def check(walkthrough: Walkthrough, data: GameData) -> str:
    """Play the whole walkthrough headless; its conclusion text (WalkthroughFailed if it fails)."""
    session, run = play_through(walkthrough, data)
    if walkthrough.finish is not None and not walkthrough.finish.reached(session.state):
        raise WalkthroughFailed(f"walkthrough {walkthrough.id}: the end ({walkthrough.finish.describe(data)}) was not reached")
    return walkthrough.conclude(session)
