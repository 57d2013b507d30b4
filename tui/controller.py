"""The only code that calls core: owns the session, applies choices, autosaves, posts messages.

The engine and saves are imported on first use, so the title screen starts fast.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

from core import gamedata
from core.choices import TABLE_ACTOR, Choice, IllegalChoice
from core.events import Event, EventKind
from core.gamedata import GameData
from tui.messages import GameProblem, HandoffNeeded, StateChanged, WalkthroughFinished

if TYPE_CHECKING:
    from core.session import Session
    from core.setup import Setup
    from core.walkthroughs import WalkthroughRun

class Controller:
    def __init__(self, save_dir: Path, post: Callable[[Message], object], data: GameData | None = None) -> None:
        self.save_dir = save_dir
        self.post = post
        self.data = data or gamedata.load(save_dir)
        self.session: Session | None = None
        self.person_at_keyboard = ""
        self.last_events: list[Event] = []
        self.walkthrough: WalkthroughRun | None = None
        # the title of the walkthrough a free game was played on from ("": a normal game, saved)
        self.from_walkthrough = ""

    # ---- lifecycle --------------------------------------------------------------------------------

    def new_game(self, setup: Setup) -> None:
        from core.session import Session

        self.session = Session.new(self.data, setup)
        self.walkthrough = None
        self.from_walkthrough = ""
        self.last_events = list(self.session.log)
        self.person_at_keyboard = ""
        self._after_change()

    def load(self, path: Path) -> bool:
        from core import saves

        try:
            self.session = saves.load(path, self.data)
        except saves.SaveError as exc:
            self.post(GameProblem(str(exc)))
            return False
        self.session.keep_undo = True
        self.walkthrough = None
        self.from_walkthrough = ""
        self.last_events = []
        self.person_at_keyboard = ""
        self._after_change()
        return True

    def start_walkthrough(self, walkthrough_id: str, steps: int = 0) -> None:
        """Start a walkthrough at its first step, or replay its first ``steps`` (step back, resume)."""
        from core.walkthroughs import WALKTHROUGHS, play_through

        self.session, self.walkthrough = play_through(WALKTHROUGHS[walkthrough_id], self.data, steps)
        self.from_walkthrough = ""
        self.last_events = []
        self.person_at_keyboard = ""
        self._after_change()

    def play_on(self) -> None:
        """A finished walkthrough's position becomes a free game; it cannot replay from a seed, so it is not saved."""
        assert self.walkthrough is not None
        self.from_walkthrough = self.walkthrough.walkthrough.title
        self.walkthrough = None
        self._after_change()

    def save_files(self) -> list[Path]:
        if not self.save_dir.is_dir():
            return []
        return sorted(self.save_dir.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)

    @property
    def game(self) -> Session:
        """The session on screen (screens exist only while there is one)."""
        assert self.session is not None, "no game in progress"
        return self.session

    # ---- the decision --------------------------------------------------------------------------------

    @property
    def decider(self) -> str:
        """The power (or the table) whose decision is pending, '' when the game is over."""
        assert self.session is not None
        pending = self.session.decision
        return pending.power if pending else ""

    def person_for(self, power: str) -> str:
        """Who decides: the power's player; the table's actions stay with whoever holds the keyboard."""
        if power == TABLE_ACTOR and self.person_at_keyboard:
            return self.person_at_keyboard
        return self.game.person_for(power)

    def people(self) -> set[str]:
        assert self.session is not None
        return {seat.name for seat in self.session.setup.seats if seat.is_person}

    def choose(self, choice: Choice) -> None:
        self.choose_as(self.decider, choice)

    def choose_as(self, actor: str, choice: Choice) -> None:
        assert self.session is not None
        run = self.walkthrough
        if run is not None:
            taken = run.take(self.session, actor, choice)
            if taken.problem:
                self.post(GameProblem(taken.problem))
            if not taken.advanced:
                return
            self.last_events = taken.events
            if run.finished:
                self.post(WalkthroughFinished(run.walkthrough.title, run.walkthrough.conclude(self.session)))
                return
            self._after_change()
            return
        try:
            self.last_events = self.session.choose(actor, choice)
        except IllegalChoice as exc:
            self.post(GameProblem(str(exc)))
            return
        self._after_change()

    def choose_text(self, text: str) -> None:
        try:
            choice = Choice.parse(text)
        except IllegalChoice as exc:
            self.post(GameProblem(str(exc)))
            return
        self.choose(choice)

    def table_action(self) -> None:
        """TABLE-1: the table records an outcome at any time."""
        from core.engine import table_entry_allowed

        assert self.session is not None
        if not table_entry_allowed(self.session.state):
            self.post(GameProblem("TABLE-1: a table action is already being recorded"))
            return
        if self.walkthrough is not None:  # a walkthrough step, or refused with the lesson
            self.choose_as(TABLE_ACTOR, Choice.parse("table"))
            return
        self.last_events = self.session.choose(TABLE_ACTOR, Choice.parse("table"))
        self._after_change()

    def undo(self) -> None:
        assert self.session is not None
        if not self.session.undo():
            self.post(GameProblem("GEN-9: nothing to undo back to the last die roll, reveal or hand-off"))
            return
        self.last_events = []
        self._after_change()

    def save_as(self) -> Path | None:
        from core import saves

        assert self.session is not None
        if self.walkthrough is not None or self.from_walkthrough:
            self.post(GameProblem("a game from a walkthrough's position is not saved: it cannot replay from a seed"))
            return None
        state = self.session.state
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.save_dir / f"save-turn{state.turn}-{state.phase.value}-{stamp}.json"
        try:
            return saves.write(self.session, path)
        except OSError as exc:
            self.post(GameProblem(f"could not save to {path}: {exc.strerror}"))
            return None

    def phases_passed(self) -> list[str]:
        """Phase-start events since the last decision (for the report screens)."""
        return [e.text for e in self.last_events if e.kind is EventKind.PHASE]

    # ---- after every change: autosave, hand-off, refresh ------------------------------------------

    def _after_change(self) -> None:
        from core import saves

        assert self.session is not None
        if self.walkthrough is None and not self.from_walkthrough:  # a prepared position is not a replayable game
            try:
                saves.write(self.session, self.save_dir / saves.AUTOSAVE_NAME)
            except OSError as exc:
                self.post(GameProblem(f"autosave failed: {exc.strerror}"))
        power = self.decider
        if power:
            person = self.person_for(power)
            if person != self.person_at_keyboard:
                if len(self.people()) <= 1:  # one person plays every power: nothing to hide
                    self.person_at_keyboard = person
                else:
                    self.post(HandoffNeeded(person, power))
                    return
        self.post(StateChanged())

    def handed_off(self, person: str | None) -> None:
        self.person_at_keyboard = person or ""
        self.post(StateChanged())
