"""The only code that calls core: owns the session, applies choices, autosaves, posts messages.

The engine and saves are imported on first use, so the title screen starts fast.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

from core import gamedata
from core.atomic import clean_stale_temp_files
from core.choices import TABLE_ACTOR, Choice, IllegalChoice
from core.events import Event
from core.gamedata import GameData
from tui import slots
from tui.messages import GameProblem, HandoffNeeded, SaveChecked, StateChanged, WalkthroughFinished

if TYPE_CHECKING:
    from core.saves import OpenedSave
    from core.session import Session
    from core.views import SeatView
    from core.setup import Setup
    from core.walkthroughs import WalkthroughRun

class Controller:
    def __init__(self, save_dir: Path, post: Callable[[Message], object], data: GameData | None = None) -> None:
        self.save_dir = save_dir
        self.post = post
        clean_stale_temp_files(save_dir)  # left by saves killed mid-write
        self.data = data or gamedata.load(save_dir)
        self.session: Session | None = None
        self.person_at_keyboard = ""
        self.last_events: list[Event] = []
        self.walkthrough: WalkthroughRun | None = None
        self.checking: Session | None = None  # a loaded game whose save is being replayed
        self.slot: Path | None = None  # this game's autosave file (tui/slots.py)
        # the title of the walkthrough a free game was played on from ("": a normal game, saved)
        self.from_walkthrough = ""

    # ---- lifecycle --------------------------------------------------------------------------------

    def new_game(self, setup: Setup) -> None:
        from core.session import Session

        self.session = Session.new(self.data, setup)
        self.slot = slots.fresh_slot(self.save_dir, setup)
        self.walkthrough = None
        self.from_walkthrough = ""
        self.last_events = list(self.session.log)
        self.person_at_keyboard = ""
        self._after_change()

    def load(self, path: Path) -> bool:
        """Open a save at once (its shape checked) and replay its action log in the background: the
        game shows now, and its full log (or the refusal of an edited save) follows (SaveChecked)."""
        from core import saves

        try:
            opened = saves.open_save(path, self.data)
            self.session = opened.resumed()
        except saves.SaveError as exc:
            self.post(GameProblem(str(exc)))
            return False
        except Exception as exc:  # saves.load promises only SaveError; the app stays up regardless
            self.post(GameProblem(f"{path}: cannot be loaded ({type(exc).__name__}: {' '.join(str(exc).split())})"))
            return False
        self.slot = slots.slot_for_loaded(self.save_dir, self.session, path)
        self._check_in_background(opened, self.session)
        self.session.keep_undo = True
        self.walkthrough = None
        self.from_walkthrough = ""
        self.last_events = []
        self.person_at_keyboard = ""
        self._after_change()
        return True

    def _check_in_background(self, opened: OpenedSave, session: Session) -> None:
        self.checking = session

        def check() -> None:
            try:
                verified, problem = opened.verified(), ""
            except Exception as exc:  # a SaveError: any other error is already one
                verified, problem = None, str(exc)
            self.post(SaveChecked(session, verified, problem))

        threading.Thread(target=check, name="save-check", daemon=True).start()

    def save_checked(self, message: SaveChecked) -> bool:
        """The background check ended; False when it refused the game on screen (it is closed)."""
        if message.session is not self.session:
            return True  # another game was started or loaded meanwhile
        self.checking = None
        if message.problem:
            self.session = None
            self.post(GameProblem(message.problem))
            return False
        assert message.verified is not None
        # no choice was taken meanwhile: the replayed game is the same, with its whole log
        message.verified.keep_undo = True
        self.session = message.verified
        self.post(StateChanged())
        return True

    def continue_last(self) -> None:
        """Load the game played most recently (its own slot)."""
        path = slots.last_played(self.save_dir)
        if path is None:
            self.post(GameProblem("no game to continue yet: start one with n"))
            return
        self.load(path)

    def view(self) -> SeatView:
        """What the person at the keyboard may see (GEN-2, GEN-8): their hands, everything public."""
        from core.views import ONLOOKER

        session = self.game
        seat = next((s for s in session.setup.seats if s.name == self.person_at_keyboard), None)
        return session.view(seat or session.seat_to_decide() or ONLOOKER)

    def power_names(self) -> dict[str, str]:
        return {p: self.data.power_name(p) for p in self.data.power_ids}

    def can_undo(self) -> bool:
        return self.session is not None and self.session.can_undo()

    def can_start_table_action(self) -> bool:
        from core.engine import table_entry_allowed

        return self.session is not None and table_entry_allowed(self.session.state)

    def start_walkthrough(self, walkthrough_id: str, steps: int = 0) -> None:
        """Start a walkthrough at its first step, or replay its first ``steps`` (step back, resume)."""
        from core.walkthroughs import WALKTHROUGHS, play_through

        self.session, self.walkthrough = play_through(WALKTHROUGHS[walkthrough_id], self.data, steps)
        self.slot = None
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

    def people(self) -> set[str]:
        assert self.session is not None
        return {seat.name for seat in self.session.setup.seats if seat.is_person}

    def choose(self, choice: Choice) -> None:
        self.choose_as(self.decider, choice)

    def choose_as(self, actor: str, choice: Choice) -> None:
        assert self.session is not None
        if self.checking is self.session:
            self.post(GameProblem("the save is still being checked against its action log: try again in a moment"))
            return
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
        assert self.session is not None
        if not self.can_start_table_action():
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

    # ---- after every change: autosave, hand-off, refresh ------------------------------------------

    def _after_change(self) -> None:
        from core import saves

        assert self.session is not None
        if self.walkthrough is None and not self.from_walkthrough:  # a prepared position is not a replayable game
            if self.slot is None:
                self.slot = slots.fresh_slot(self.save_dir, self.session.setup)
            try:
                saves.write(self.session, self.slot)
            except OSError as exc:
                self.post(GameProblem(f"autosave failed: {exc.strerror}"))
        seat = self.session.seat_to_decide()
        if seat is not None:
            person = seat.name
            if person != self.person_at_keyboard:
                if len(self.people()) <= 1:  # one person plays every power: nothing to hide
                    self.person_at_keyboard = person
                else:
                    self.post(HandoffNeeded(person, self.decider))
                    return
        self.post(StateChanged())

    def handed_off(self, person: str | None) -> None:
        self.person_at_keyboard = person or ""
        self.post(StateChanged())
