"""What a walkthrough is made of, and how one is played: a prepared position, forced chance, steps.

A walkthrough is a short declarative record. Its ``Position`` starts a scenario from a seed, makes
a few setup moves (real choices, or named edits of the position such as "Spain holds card 20" or
"Unrest in Madrid") and forces the dice per rule. Each ``Step`` names the choice to make, the rule it
teaches with its explanation, and what it promises (a roll total, a VP change, a marker, a log line
with a rule ID); ``check`` plays a walkthrough headless and asserts every promise.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from attrs import define, field, frozen

from core import engine, i18n, victory
from core.choices import TABLE_ACTOR, TABLE_ENTRY, Choice, Decision, IllegalChoice
from core.events import Event, render
from core.gamedata import GameData
from core.i18n import N_, Message, _, ngettext
from core.session import Session
from core.setup import Setup
from core.state import PHASE_TITLES, CardMarker, GameState, Phase, Units, VpEntry
from core.walkthroughs.promises import Outcome, Promise, Refused

RULE_ID = re.compile(r"\b([A-Z]+-\d+)[a-z]?\b")
# A step that takes back the last decision with u (GEN-9), no choice of a list; with a Refused promise, u refused
UNDO = "undo"
AUTOPLAY_LIMIT = 2000
WALKTHROUGH_PERSON = N_("You")  # the seat of every power in a walkthrough: the reader, named in their language
ARTIST_TYPES = {"writer": N_("writer"), "painter": N_("painter"), "architect": N_("architect")}  # PAT-8's marker types


def _power(data: GameData, power_id: str) -> str:
    """A power's name in the reader's language (powers are game terms; people and places are names)."""
    return _(data.power_name(power_id))


# ---- the prepared position: setup moves -----------------------------------------------------------


@frozen
class Reach:
    """Take the quiet choices (done, pass, postpone) until this phase of this turn is reached."""

    phase: Phase
    turn: int = 1

    def reached(self, state: GameState) -> bool:
        return state.phase is Phase.GAME_OVER or (state.turn, _PHASE_ORDER[state.phase]) >= (self.turn, _PHASE_ORDER[self.phase])

    def apply(self, session: Session) -> None:
        for _round in range(AUTOPLAY_LIMIT):
            if self.reached(session.state):
                return
            pending = session.decision
            assert pending is not None, f"the game ended before {self.phase.value} of turn {self.turn}"
            session.choose(pending.power, pending.quiet_or_first())
        raise AssertionError(f"{self.phase.value} of turn {self.turn} was never reached")

    def texts(self) -> tuple[str, ...]:
        return (N_("turn {turn}, {phase}"),)

    def describe(self, data: GameData) -> str:
        return _("turn {turn}, {phase}").format(turn=self.turn, phase=_(PHASE_TITLES[self.phase]))


_PHASE_ORDER = {phase: i for i, phase in enumerate(Phase)}


@frozen
class Play:
    """A real choice made in the setup (``power`` "table" records a table action by the table)."""

    power: str
    choice: str

    def apply(self, session: Session) -> None:
        session.choose(self.power, Choice.parse(self.choice))

    def texts(self) -> tuple[str, ...]:
        return ()

    def describe(self, data: GameData) -> str:
        return f"{_power(data, self.power)}: {self.choice}"  # the typed choice, never translated


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

    def texts(self) -> tuple[str, ...]:
        return (N_("{power} holds {cards}"), N_("{holdings}; every other hand is empty"), N_("every hand is empty"))

    def describe(self, data: GameData) -> str:
        if not self.holdings:
            return _("every hand is empty")
        held = "; ".join(
            _("{power} holds {cards}").format(power=_power(data, p), cards=", ".join(f"#{n} {_(data.cards[n].title)}" for n in ns))
            for p, ns in self.holdings
        )
        return _("{holdings}; every other hand is empty").format(holdings=held)


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

    def texts(self) -> tuple[str, ...]:
        return (N_("Unrest in {space}"),)

    def describe(self, data: GameData) -> str:
        return _("Unrest in {space}").format(space=data.name_of(self.space))


@frozen
class Control:
    space: str
    power: str

    def edit(self, state: GameState, data: GameData) -> None:
        state.spaces[self.space].control = self.power

    def texts(self) -> tuple[str, ...]:
        return (N_("{space} controlled by {power}"),)

    def describe(self, data: GameData) -> str:
        return _("{space} controlled by {power}").format(space=data.name_of(self.space), power=_power(data, self.power))


@frozen
class ProtestantRegion:
    region: str
    count: int

    def edit(self, state: GameState, data: GameData) -> None:
        state.region_protestant[self.region] = self.count

    def texts(self) -> tuple[str, ...]:
        return ("{count} Protestant space in the region {region}",)

    def describe(self, data: GameData) -> str:
        return ngettext("{count} Protestant space in the region {region}", "{count} Protestant spaces in the region {region}", self.count).format(
            count=self.count, region=self.region.capitalize())


@frozen
class EarlierVp:
    """VP the position gives a power (a ledger entry of the rule that gave them). Said as given by the position,
    not earned on earlier turns: on turn 1 there were none (newcomer play-test, WIN-6)."""

    power: str
    amount: int
    rule: str
    reason: str

    def edit(self, state: GameState, data: GameData) -> None:
        state.powers[self.power].vp_entries.append(VpEntry(self.rule, self.amount, Message(self.reason), state.turn))

    def texts(self) -> tuple[str, ...]:
        return (N_("this position gives {power} {amount} VP ({reason})"), self.reason)

    def describe(self, data: GameData) -> str:
        return _("this position gives {power} {amount} VP ({reason})").format(
            power=_power(data, self.power), amount=self.amount, reason=_(self.reason))


@frozen
class Turn:
    turn: int

    def edit(self, state: GameState, data: GameData) -> None:
        state.turn = self.turn

    # tmux re-test: "turn 1, Action Phase / it is turn 8" read as two positions; the turn marker is moved
    def texts(self) -> tuple[str, ...]:
        return (N_("then the turn marker is moved to turn {turn}"),)

    def describe(self, data: GameData) -> str:
        return _("then the turn marker is moved to turn {turn}").format(turn=self.turn)


@frozen
class ArtistMarkers:
    """PAT-8: the artist VP markers left in the box."""

    one_vp: int
    typed: tuple[tuple[str, tuple[str, ...]], ...]

    def edit(self, state: GameState, data: GameData) -> None:
        state.markers.artist_one_vp = self.one_vp
        state.markers.artist_typed = {value: list(types) for value, types in self.typed}

    def texts(self) -> tuple[str, ...]:
        return (N_("artist markers left: {count} of 1 VP; {typed}"), N_("{value} VP: {types}"), N_("none"), *ARTIST_TYPES.values())

    def describe(self, data: GameData) -> str:
        typed = ", ".join(
            _("{value} VP: {types}").format(value=v, types="/".join(_(ARTIST_TYPES.get(x, x)) for x in t) or _("none")) for v, t in self.typed
        )
        return _("artist markers left: {count} of 1 VP; {typed}").format(count=self.one_vp, typed=typed)


@frozen
class Marker:
    """A +1 / -1 Card marker a power holds for the next Card Draw (CARD-7)."""

    power: str
    delta: int
    rule: str
    reason: str

    def edit(self, state: GameState, data: GameData) -> None:
        state.powers[self.power].card_markers.append(CardMarker(self.delta, self.rule, Message(self.reason)))

    def texts(self) -> tuple[str, ...]:
        return (N_("{power} holds a {delta} Card marker ({reason})"), self.reason)

    def describe(self, data: GameData) -> str:
        return _("{power} holds a {delta} Card marker ({reason})").format(
            power=_power(data, self.power), delta=f"{self.delta:+d}", reason=_(self.reason))


@frozen
class Bonus:
    """A scientific bonus (SCI-2) a power holds from an earlier turn."""

    bonus: str
    power: str

    def edit(self, state: GameState, data: GameData) -> None:
        state.markers.bonus_holders[self.bonus] = self.power

    def texts(self) -> tuple[str, ...]:
        return (N_("{power} holds the {bonus} bonus"),)

    def describe(self, data: GameData) -> str:
        return _("{power} holds the {bonus} bonus").format(power=_power(data, self.power), bonus=_(data.bonuses[self.bonus].name))


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

    def texts(self) -> tuple[str, ...]:
        return ("{power}'s units on the map: {units}", "{regulars} and {mercenaries} in {space}", "none", "{count} regular", "{count} mercenary")

    def describe(self, data: GameData) -> str:
        placed = "; ".join(_("{regulars} and {mercenaries} in {space}").format(space=data.name_of(s), **_counted(r, m)) for s, r, m in self.placements)
        return _("{power}'s units on the map: {units}").format(power=_power(data, self.power), units=placed or _("none"))


def _counted(regulars: int, mercenaries: int) -> dict[str, str]:
    """"2 regulars", "0 mercenaries": the parameters of a units text (Forces, Placed)."""
    return {
        "regulars": ngettext("{count} regular", "{count} regulars", regulars).format(count=regulars),
        "mercenaries": ngettext("{count} mercenary", "{count} mercenaries", mercenaries).format(count=mercenaries),
    }


@frozen
class Placed:
    """One side's units in one space are exactly these (none: 0 and 0), as the moves and losses recorded
    before the position left them: a recorded battle or change of control must agree with them (TABLE-1)."""

    space: str
    side: str  # a power, or the independent regulars
    regulars: int = 0
    mercenaries: int = 0

    def edit(self, state: GameState, data: GameData) -> None:
        held = state.spaces[self.space].units
        if self.regulars or self.mercenaries:
            held[self.side] = Units(self.regulars, self.mercenaries)
        else:
            held.pop(self.side, None)

    def texts(self) -> tuple[str, ...]:
        return ("{side} has no units in {space}", "{side}: {regulars} and {mercenaries} in {space}", "{count} regular", "{count} mercenary")

    def describe(self, data: GameData) -> str:
        side, space = _power(data, self.side), data.name_of(self.space)
        if not (self.regulars or self.mercenaries):
            return _("{side} has no units in {space}").format(side=side, space=space)
        return _("{side}: {regulars} and {mercenaries} in {space}").format(side=side, space=space, **_counted(self.regulars, self.mercenaries))


Edit = Hands | Unrest | Control | ProtestantRegion | EarlierVp | Turn | ArtistMarkers | Marker | Bonus | Forces | Placed
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
        """How the position was prepared, a line per move, in the reader's language."""
        lines = [_("{scenario}, seed {seed}").format(scenario=_(data.scenarios[self.scenario].name), seed=self.seed)]
        lines += [move.describe(data) for move in self.moves if not isinstance(move, Play)]
        lines += [_("{rule} dice fixed: {faces}").format(rule=rule, faces=", ".join(map(str, faces))) for rule, faces in self.dice]
        lines += [_("drawn at random: {name}").format(name=data.name_of(p)) for p in self.picks]
        return lines

    def texts(self) -> list[str]:
        """The messages ``describe`` shows of this position (the data's terms aside: powers, cards, phases)."""
        texts = [N_("{scenario}, seed {seed}")]
        texts += [text for move in self.moves for text in move.texts()]
        texts += [N_("{rule} dice fixed: {faces}")] if self.dice else []
        texts += [N_("drawn at random: {name}")] if self.picks else []
        return texts


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

    @property
    def undoes(self) -> bool:
        """Taken with u, undo (GEN-9), not a choice (walkthrough play-test: undo was practised nowhere)."""
        return self.choice == UNDO

    @property
    def records_in_an_impulse(self) -> bool:
        """A table action the acting power records in its impulse, from its list (not t: the table's)."""
        return self.choice == "table" and self.power not in ("", TABLE_ACTOR)

    @property
    def highlighted(self) -> str:
        """The choice the board highlights: none where the table starts a table action (t, TABLE-1), which
        the acting power's list offers too (play-test: Enter on it was taken for the table's)."""
        return "" if self.power == TABLE_ACTOR and self.choice == "table" else self.choice

    def shown_explanation(self) -> str:
        """The step's explanation in the reader's language."""
        return _(self.explain)

    def instruction(self) -> str:
        """What the step asks of the player; a refusal is typed, being in no list of legal choices."""
        explanation = _(self.explain)
        if self.undoes:
            return _("{explanation}: press u.").format(explanation=explanation.rstrip("."))
        if self.teaches_refusal:
            return _("{explanation}. Type it with ':' ({choice}) to see the refusal.").format(explanation=explanation.rstrip("."), choice=self.choice)
        if self.records_in_an_impulse:
            # walkthrough play-test: t, taught by the table actions' first step, was refused here with no word why
            return _("{explanation}: choose \"{label}\" in the list (t records by the table, outside any impulse).").format(
                explanation=explanation.rstrip("."), label=_(TABLE_ENTRY))
        # one that runs on into the next step ends in "...", and read "(UNIT-1)...." (play-test)
        return explanation if explanation.endswith((".", "…")) else f"{explanation}."

    def texts(self) -> list[str]:
        """The messages this step shows (its explanation, and how to type a refusal)."""
        refusal = [N_("{explanation}. Type it with ':' ({choice}) to see the refusal."),
                   N_("in this walkthrough, choose '{choice}' (type it with ':'): {explanation}")]
        in_impulse = [N_("{explanation}: choose \"{label}\" in the list (t records by the table, outside any impulse).")] if self.records_in_an_impulse else []
        if self.undoes:
            return [self.explain, N_("{explanation}: press u."), N_("in this walkthrough, press u: {explanation}")]
        return [self.explain, *in_impulse, *(refusal if self.teaches_refusal else [N_("in this walkthrough, choose '{choice}': {explanation}")])]


@frozen
class Walkthrough:
    """A walkthrough's texts (section, title, preface, intro, each step's explanation, summary) are English
    messages marked ``N_`` where declared; the ``shown_*`` methods give them in the reader's language."""

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
    preface: str = ""  # a paragraph several walkthroughs share, shown before the intro (a message of its own)

    def shown_section(self) -> str:
        return _(self.section)

    def shown_title(self) -> str:
        return _(self.title)

    def shown_intro(self) -> str:
        """The preface and the intro, in the reader's language."""
        return " ".join(_(text) for text in (self.preface, self.intro) if text)

    def shown_summary(self) -> str:
        return _(self.summary)

    def prepare(self, data: GameData) -> Session:
        return prepare(self, data)

    def conclude(self, session: Session, taken: Sequence[Event] = (), refused: str = "") -> str:
        """What the walkthrough taught: the log lines of its rules, and those its steps' own choices logged
        (``taken``: walkthrough play-test, the mercenary and influence a step bought were missing), the
        refusal its last step taught (``refused``: play-test, the Catholic League's CL-5 was never shown),
        then its summary, in the reader's language."""
        names = {p: _power(session.data, p) for p in session.data.power_ids}
        own = {id(event) for event in taken}
        lines = [render(e, names) for e in session.log if id(e) in own or any(e.rule.startswith(r) for r in self.recap)]
        if refused:
            lines.append(_("The last step was refused, as it teaches: {refusal}").format(refusal=refused))
        return "\n".join([*lines, "", self.shown_summary()]) if lines else self.shown_summary()

    def texts(self) -> list[str]:
        """Every message this walkthrough shows a player (the data's terms aside), as marked: what a
        language must translate for the walkthrough to be whole in it."""
        texts = [self.section, self.title, *([self.preface] if self.preface else []), self.intro, self.summary]
        texts += [text for step in self.steps for text in step.texts()]
        texts += self.position.texts() + RUN_TEXTS
        return list(dict.fromkeys(texts))

    def untranslated(self, language: str) -> list[str]:
        """The messages of this walkthrough that ``language`` has no translation of (none in English)."""
        if language == i18n.SOURCE_LANGUAGE:
            return []
        catalog = i18n.translations(language)
        return [text for text in self.texts() if not _has_translation(catalog, text)]

    def taught(self) -> set[str]:
        """Every rule ID this walkthrough teaches: its own, each step's, each promise's, and ``teaches``."""
        rules = {self.rule, *self.teaches}
        for step in self.steps:
            rules.add(step.rule)
            rules.update(getattr(p, "rule", "") for p in step.promises)
        return {RULE_ID.match(r).group(1) for r in rules if r and RULE_ID.match(r)}  # type: ignore[union-attr]

    def text(self) -> str:
        """The walkthrough's English text (its rule IDs are the same in every language)."""
        return " ".join([self.title, self.preface, self.intro, self.summary, *(s.explain for s in self.steps)])


def _has_translation(catalog: object, message: str) -> bool:
    """``message`` is in the compiled catalog (a plural by its first form), with a translation."""
    compiled = getattr(catalog, "_catalog", {})
    return bool(compiled.get(message) or compiled.get((message, 0)))


# what the runner shows in every walkthrough (its heading, a refusal of another choice)
RUN_TEXTS = [
    N_("Walkthrough {rule}, step {step} of {total}"),
    N_("{heading}\nRefused, as the last step showed: {refusal}"),  # no brackets: a refusal may end in its own (play-test: "it))")
    N_("The last step was refused, as it teaches: {refusal}"),
]


def prepare(walkthrough: Walkthrough, data: GameData) -> Session:
    """The walkthrough's position on a fresh session; its log and action log start here."""
    position = walkthrough.position
    seats = {p: _(WALKTHROUGH_PERSON) for p in data.power_ids}
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
    # what the last step's undo took back (GEN-9; tmux play-test: said only in a passing notice, then nowhere)
    step_undone: list[Event] = field(factory=list)
    taken: list[Event] = field(factory=list)  # what every step's own choice logged, for the conclusion

    @property
    def finished(self) -> bool:
        return self.step >= len(self.walkthrough.steps)

    @property
    def current(self) -> Step | None:
        return None if self.finished else self.walkthrough.steps[self.step]

    def heading(self) -> str:
        total = len(self.walkthrough.steps)
        head = _("Walkthrough {rule}, step {step} of {total}").format(rule=self.walkthrough.rule, step=min(self.step + 1, total), total=total)
        return _("{heading}\nRefused, as the last step showed: {refusal}").format(heading=head, refusal=self.note) if self.note else head

    def refusal(self, choice: Choice, actor: str, data: GameData, decision: Decision) -> str | None:
        """Why this choice (by ``actor``) is not the one the walkthrough teaches now (None: it is); the choice taught is
        named as ``decision`` lists it, where it does."""
        step = self.current
        if step is None:
            return None
        if step.undoes:
            return _("in this walkthrough, press u: {explanation}").format(explanation=_(step.explain))
        if str(choice) == step.choice:
            if not _recorded_by_the_other_hand(step, actor):
                return None
            # play-test: France's "table" taken for the table's ran the game to its end, and t taken for
            # France's logged the action as the table's (TABLE-1)
            if step.power == TABLE_ACTOR:
                return _("in this walkthrough the table records it, outside any impulse: press t")
            return _("in this walkthrough {power} records it in its own impulse: choose '{choice}' from its list").format(
                power=_power(data, step.power), choice=decision.label_of(step.choice),
            )
        return _asked_for(step, decision)

    def advance(self) -> None:
        self.step += 1

    def recording_so_far(self) -> list[str]:
        """The explanations of the steps taken so far in the table action the current step goes on recording (TABLE-1),
        its "table" step first: the current step's words continue them (newcomer play-test: "units.", "of Metz.",
        "peace." read as fragments, alone on the screen). None where the step records no table action."""
        steps = self.walkthrough.steps
        if self.current is None or not self.current.choice.startswith("pick "):
            return []
        start = self.step
        while start > 0 and steps[start - 1].choice.startswith("pick "):
            start -= 1
        if start == 0 or steps[start - 1].choice != "table":
            return []
        return [step.shown_explanation() for step in steps[start - 1:self.step]]

    def take(self, session: Session, actor: str, choice: Choice) -> StepTaken:
        """Apply the step's choice (or show the refusal it teaches), then the quiet play after it."""
        assert session.decision is not None
        refused = self.refusal(choice, actor, session.data, session.decision)
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
                return StepTaken([], False, _("walkthrough {id}: '{choice}' was expected to be refused").format(id=self.walkthrough.id, choice=choice))
        else:
            try:
                events = session.choose(actor, choice)
            except IllegalChoice as exc:
                return StepTaken([], False, str(exc))
        self.taken += events
        return self._taken(session, step, events, before, refusal)

    def take_undo(self, session: Session) -> StepTaken:
        """u on the board: the step's undo (GEN-9), or the refusal it teaches; refused where the step is no undo."""
        step = self.current
        if step is not None and not step.undoes and any(s.undoes for s in self.walkthrough.steps):
            return StepTaken([], False, _asked_for(step, session.decision))  # review: "undo is off" was said in the walkthrough teaching it
        if step is None or not step.undoes:  # walkthrough play-test: "GEN-9: a walkthrough steps back..." read as if GEN-9 said so
            return StepTaken([], False, _("undo (GEN-9) is off in a walkthrough: k, then b, steps back; at its end, p plays on, and u "
                                          "takes moves back there"))
        before = {p: victory.total_vp(session.state, session.data, p) for p in session.data.power_ids}
        refusal = self.note = ""
        if step.teaches_refusal:
            if session.can_undo():
                return StepTaken([], False, _("walkthrough {id}: '{choice}' was expected to be refused").format(id=self.walkthrough.id, choice=UNDO))
            refusal = self.note = session.undo_refusal()
        logged_before = list(session.log)
        if not step.teaches_refusal and not session.undo():
            return StepTaken([], False, session.undo_refusal())
        logged = {id(event) for event in session.log}
        self.taken = [event for event in self.taken if id(event) in logged]  # the conclusion repeats no line taken back
        return self._taken(session, step, [], before, refusal, undone=logged_before[len(session.log) :])

    def _taken(self, session: Session, step: Step, events: list[Event], before: dict[str, int], refusal: str,
               undone: Sequence[Event] = ()) -> StepTaken:
        """The step taken: on to the next, the quiet play up to it, and the step's promises checked."""
        self.step_events, self.step_undone = list(events), list(undone)
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
        for _round in range(AUTOPLAY_LIMIT):
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


def _asked_for(step: Step, decision: Decision | None) -> str:
    """What the step asks for instead of another choice (or of u): a choice in the list by its label, in the reader's
    language (Spanish play-test: "elige 'opening wed'"); one to be refused by what is typed."""
    if step.teaches_refusal:
        return _("in this walkthrough, choose '{choice}' (type it with ':'): {explanation}").format(choice=step.choice, explanation=_(step.explain))
    shown = decision.label_of(step.choice) if decision is not None else step.choice
    return _("in this walkthrough, choose '{choice}': {explanation}").format(choice=shown, explanation=_(step.explain))


def _recorded_by_the_other_hand(step: Step, actor: str) -> bool:
    """A table action the step wants recorded by the table (t) taken in the acting power's impulse, or
    the other way round (TABLE-1)."""
    return step.choice == "table" and bool(step.power) and (actor == TABLE_ACTOR) != (step.power == TABLE_ACTOR)


def step_is_due(step: Step, pending: Decision) -> bool:
    """The pending decision is the one this step is about."""
    if step.power == TABLE_ACTOR and step.choice == "table" or step.undoes:
        return True  # the table may record an action at any time (TABLE-1); u is pressed at any decision
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
        where = _("walkthrough {id} step {number} ({choice})").format(id=walkthrough.id, number=number, choice=step.choice)
        pending = session.decision
        if pending is None:
            raise WalkthroughFailed(_("{where}: the game ended before this step").format(where=where))
        if not step_is_due(step, pending):
            choices = [str(c) for c in pending.choices][:12]
            raise WalkthroughFailed(_("{where}: not a legal choice of {power}'s decision {rule}: {choices}").format(
                where=where, power=_power(data, pending.power), rule=pending.rule, choices=choices))
        actor = TABLE_ACTOR if step.choice == "table" and step.power == TABLE_ACTOR else pending.power
        taken = run.take_undo(session) if step.undoes else run.take(session, actor, Choice.parse(step.choice))
        if not taken.advanced:
            raise WalkthroughFailed(f"{where}: {taken.problem}")
        if taken.failures:
            raise WalkthroughFailed(_("{where}: promise broken: {failures}").format(where=where, failures="; ".join(taken.failures)))
    return session, run


def check(walkthrough: Walkthrough, data: GameData) -> str:
    """Play the whole walkthrough headless; its conclusion text (WalkthroughFailed if it fails). In a
    language other than English it also fails when a text it shows has no translation in that language."""
    session, run = play_through(walkthrough, data)
    if walkthrough.finish is not None and not walkthrough.finish.reached(session.state):
        raise WalkthroughFailed(_("walkthrough {id}: the end ({end}) was not reached").format(id=walkthrough.id, end=walkthrough.finish.describe(data)))
    language = i18n.current()
    missing = walkthrough.untranslated(language)
    if missing:
        raise WalkthroughFailed(ngettext(
            "walkthrough {id}: {count} text has no translation in {language}: {texts}",
            "walkthrough {id}: {count} texts have no translation in {language}: {texts}", len(missing),
        ).format(id=walkthrough.id, count=len(missing), language=i18n.LANGUAGES[language], texts="; ".join(repr(t[:60]) for t in missing)))
    return walkthrough.conclude(session, run.taken, run.note)
