"""Keyboard-driven walkthroughs: a prepared position, forced chance, and the choices to make.

A walkthrough drives the same engine as a game: each step explains a rule and names the legal
choice to take; any other choice is refused with the step's explanation. Chance is forced per
rule, so the worked examples of the rules come out exactly as written.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import define, frozen

from core import engine
from core.choices import Choice, Decision, Verb
from core.events import Event, describe_roll, render
from core.gamedata import GameData
from core.session import Session
from core.setup import Setup
from core.state import Phase

QUIET = (Verb.DONE, Verb.PASS, Verb.NO_RESPONSE, Verb.NO_COMBAT)


AUTOPLAY_LIMIT = 2000


@frozen
class Step:
    explain: str
    choice: str


@frozen
class Walkthrough:
    id: str
    title: str
    rule: str
    intro: str
    steps: tuple[Step, ...]
    prepare: Callable[[GameData], Session]
    conclude: Callable[[Session], str]
    # None: every decision is a step. Otherwise other decisions are taken quietly (done, pass)
    # until the next step's choice is legal, and after the last step until this holds.
    autoplay_until: Callable[[Session], bool] | None = None


@define
class WalkthroughRun:
    walkthrough: Walkthrough
    step: int = 0

    @property
    def finished(self) -> bool:
        return self.step >= len(self.walkthrough.steps)

    @property
    def current(self) -> Step | None:
        return None if self.finished else self.walkthrough.steps[self.step]

    def heading(self) -> str:
        total = len(self.walkthrough.steps)
        return f"Walkthrough {self.walkthrough.rule}, step {min(self.step + 1, total)} of {total}"

    def refusal(self, choice: Choice) -> str | None:
        """Why this choice is not the one the walkthrough teaches now (None: it is)."""
        step = self.current
        if step is None or str(choice) == step.choice:
            return None
        return f"in this walkthrough, choose '{step.choice}': {step.explain}"

    def advance(self) -> None:
        self.step += 1

    def autoplay(self, session: Session) -> list[Event]:
        """Take the quiet choices between steps (walkthroughs with ``autoplay_until``)."""
        until = self.walkthrough.autoplay_until
        events: list[Event] = []
        if until is None:
            return events
        for _ in range(AUTOPLAY_LIMIT):
            pending = session.decision
            step = self.current
            if pending is None or (step is None and until(session)):
                return events
            if step is not None and step.choice in {str(c) for c in pending.choices}:
                return events
            events += session.choose(pending.power, _quiet(pending))
        raise AssertionError(f"walkthrough {self.walkthrough.id}: the next step was never reached")


def _quiet(decision: Decision) -> Choice:
    for choice in decision.choices:
        if choice.verb in QUIET or str(choice) in ("opening postpone", "cp done"):
            return choice
    return decision.choices[0]


def _play_quietly_until(session: Session, reached: Callable[[Session], bool]) -> None:
    """Take the choices that change least (done, pass, postpone) until the position is reached."""
    while not reached(session):
        pending = session.decision
        assert pending is not None, "the walkthrough position was not reached"
        session.choose(pending.power, _quiet(pending))


def _only_hand(session: Session, power: str, cards: list[int]) -> None:
    """Set up the position: ``power`` holds ``cards`` and every other hand is empty."""
    state = session.state
    for record in state.powers.values():
        state.cards.discard.extend(record.hand)
        record.hand.clear()
    for number in cards:
        for pile in (state.cards.deck, state.cards.discard, state.cards.not_entered, state.cards.home_used):
            if number in pile:
                pile.remove(number)
        state.powers[power].hand.append(number)
    session.log.extend(engine.start(session.data, state))
    session.refresh()
    session.actions.clear()  # a walkthrough starts from this position, not from the seed


def _prepare_titian(data: GameData) -> Session:
    session = Session.new(data, Setup(seed=1, controllers={p: "You" for p in data.power_ids}))
    _play_quietly_until(session, lambda s: s.state.phase is Phase.ACTION)
    _only_hand(session, "spain", [2])
    session.state.rng.forced_picks.append("titian")
    session.state.rng.forced_by_rule["PAT-5"] = [5, 3]
    return session


def _conclude_titian(session: Session) -> str:
    roll = next(e for e in session.log if e.rule == "PAT-5" and e.roll is not None and "Titian" in e.text)
    result = [e.text for e in session.log if e.rule in ("PAT-7", "PAT-8") and e.power == "spain"]
    assert roll.roll is not None
    return "\n".join([
        f"Titian's evaluation (PAT-5): {describe_roll(roll.roll)}.",
        *result,
        "As PAT-9 says: rating 2, 3 CP spent (+1): modifier +3; 2d6 = 8, total 11: Great Acclaim, "
        "so Spain takes a 1 VP artist marker (PAT-7, PAT-8).",
    ])


TITIAN = Walkthrough(
    id="pat-9-titian",
    title="Patronage: Spain sponsors Titian (PAT-9)",
    rule="PAT-9",
    intro=(
        "Spain patronises an artist with 3 CP. The artist is drawn at random from Spain's pool "
        "(here: Titian, rating 2), placed in the 3-CP box (+1), and evaluated in the Patronage "
        "Phase with 2d6 + rating + box. The dice are fixed to 5 and 3, as in the rules' example. "
        "Philip II's 4 CP is provisional data*."
    ),
    steps=(
        Step("play Spain's home card Philip II for its 4 CP; the CP can be split over several actions (GEN-6)",
             "play 2 cp"),
        Step("spend 3 CP to patronise an artist: 3 CP give +1 on the evaluation roll (PAT-2)",
             "cp patronise artist 3"),
        Step("stop spending: the 1 CP left is lost, and the log says so (GEN-6); the turn moves on to the "
             "Patronage Phase, where Titian is evaluated (PAT-5, PAT-6)", "cp done"),
    ),
    prepare=_prepare_titian,
    conclude=_conclude_titian,
)

def _prepare_weddings(data: GameData) -> Session:
    session = Session.new(data, Setup(seed=1, controllers={p: "You" for p in data.power_ids}))
    # bride's side first: Elisabeth 3 (+2), Philip 4 (+3); Catherine Grey 5 (+1), Archduke Charles 4 (+3)
    session.state.rng.forced_by_rule["MAR-4"] = [3, 4, 5, 4]
    return session


def _conclude_weddings(session: Session) -> str:
    names = {p: session.data.power_name(p) for p in session.data.power_ids}
    lines = [
        render(e, names)
        for e in session.log
        if e.rule in ("MAR-4", "MAR-5", "MAR-6c") and (e.roll is not None or e.rule != "MAR-4")
    ]
    return "\n".join([
        *lines,
        "Each side rolls 1d6 + its royal's Eligibility; the two totals add up (MAR-4). 12 is Benevolent "
        "Rulers: a +1 Card marker for each power at the next Card Draw; 13 is Many Heirs: 1 VP each "
        "(MAR-5). Elisabeth of Valois goes on the French card for a permanent 1 VP (MAR-6c).",
    ])


WEDDINGS = Walkthrough(
    id="mar-weddings",
    title="Marriage: the opening betrothal and a new match (MAR-2..MAR-7)",
    rule="MAR-4",
    intro=(
        "The campaign starts with Philip II betrothed to Elisabeth of Valois (MAR-7). This turn Spain "
        "weds them, the Empire offers Archduke Charles to England's Catherine Grey, and both weddings "
        "are rolled in the Marriage Resolution Phase with fixed dice. Other powers' turns are taken "
        "for you (done, pass). Eligibility ratings are provisional data*."
    ),
    steps=(
        Step("Spain decides the opening betrothal each Negotiation Segment: wed this turn, postpone or "
             "break it (MAR-7)", "opening wed"),
        Step("on its turn the Empire makes one proposal (GEN-7): Archduke Charles to Catherine Grey; "
             "opposite sex, no shared family mark, not at war (MAR-3)", "propose archduke-charles catherine-grey"),
        Step("England answers at once (MAR-2); accepted, the two are betrothed until the Marriage "
             "Resolution Phase", "accept"),
    ),
    prepare=_prepare_weddings,
    conclude=_conclude_weddings,
    autoplay_until=lambda session: session.state.turn > 1,
)

WALKTHROUGHS: dict[str, Walkthrough] = {w.id: w for w in (TITIAN, WEDDINGS)}
