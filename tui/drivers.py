"""Game drivers: the only code that changes a game, one kind of game each (DESIGN: one door).

The controller asks every driver the same few things — choose, undo, save a copy, who plays at this
keyboard, what happened since the last look — whatever kind of game is on screen: ``LocalGame`` (hot
seat: autosave, the background check of a loaded save), ``SharedGameClient`` (a store game: seat
claims, following the other terminals) or ``WalkthroughGame`` (steps, fixed dice). A driver tells its
``Listener`` when the game moved on. Nothing here imports Textual: files and the store are touched only
inside work handed to an ``IoRunner``, which the app runs in Textual workers (tests may run it at once).
"""

from __future__ import annotations

import contextlib

import hashlib
import re
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from enum import Enum
from itertools import dropwhile
from pathlib import Path
from typing import Protocol, TypeVar

from attrs import evolve, field, frozen

from core import atomic, engine, saves
from core.bots import Bot, bots_for
from core.choices import TABLE_ACTOR, Choice, Decision, IllegalChoice, Verb
from core.events import Event, EventKind, render
from core.i18n import N_, _, ngettext
from core.session import Action, Session
from core.setup import Seat
from core.store import ChatLine, GameRemoved, GameStore, SeatTaken, StaleGame, StoredAction, StoreError, TakeBack, TakeBackRefused
from core.views import ONLOOKER
from core.walkthroughs import WalkthroughRun
from core.walkthroughs.model import StepTaken
from tui.progress import mark_done, remember_step
from tui.slots import PeopleMarks, SlotClaim, free_name, marks_file

T = TypeVar("T")
__all__ = ["Absence", "ChatLine", "GameDriver", "Hold", "IoRunner", "Lesson", "Listener", "LocalGame", "Refused", "SharedGameClient", "UndoRefused",
           "WalkthroughGame"]


class Absence(Enum):
    """Whether the person the game waits for is at it (a shared game's seats)."""

    NONE = "none"  # at it, or nobody is waited for
    AWAY = "away"  # their seat is free: nobody sits in it now
    WATCHING = "watching"  # they watch at this terminal as an onlooker, their seat free


class Hold(Enum):
    """Why choices wait now: what the board branches on (review: it branched on the line it showed); ``line`` says it."""

    NONE = ""  # they do not wait
    SAVE_CHECK = N_("the save is still being checked against its action log: a moment")
    RECORDING = N_("your choice is being recorded in the store: a moment")
    COMPUTERS = N_("The computer players are moving...")  # in a hot seat game the board shows no hand meanwhile (GEN-8)

    def __bool__(self) -> bool:
        return self is not Hold.NONE

    def line(self) -> str:
        return _(self.value) if self.value else ""


# Answers in a card window that played no card (CARD-2, CARD-3): the decision they lead back to is the
# one the move before them led to, so they do not change it under the person who made that move
# (hot-seat play-test: the CP spend after one's own card play took no key for a second)
WINDOW_PASSES = frozenset({Verb.NO_RESPONSE, Verb.NO_COMBAT})

# A shared game's seat claim is renewed this often (the store frees a seat not renewed for CLAIM_SECONDS).
CLAIM_RENEW_POLLS = 4
# How long a shared game leaving the screen waits for the store write of a choice a worker is making (the
# store's own busy timeout is 5 s: a write held up longer is lost with the leaving, as a crash would lose it)
RECORD_WAIT_SECONDS = 5.0
# How long an app quitting a shared game waits for how far its reports are read and for its seat to be given up (the
# claim lapses by itself; the reports then come again at the next sitting down)
LEAVING_AT_EXIT_SECONDS = 1.5


class Refused(Exception):
    """The intent was not taken: one line for the player, and nothing changed."""

    failed = False  # about the decision on screen; a NotSaved is about a file
    public = False  # names nothing hidden (an UndoRefused): it may stay on screen past a hand-off


class UndoRefused(Refused):
    """An undo refused (GEN-9): its reason names only moves the log shows everyone."""

    public = True


class NotSaved(Refused):
    """Leaving was refused once: moves made here could not be written (a file failed, nothing was refused)."""

    failed = True


class IoRunner(Protocol):
    """Runs ``work`` away from the event loop, then ``done`` with its result on the loop. ``work``
    catches the errors it expects; any other is logged with its traceback by the runner, which then
    calls ``failed`` with the line for the player (shown as a problem when there is no ``failed``).
    ``of_game``: the game the work is for (a follow-up that fails closes that game only, when it is on screen);
    without it, the game on screen as the work is asked for."""

    def __call__(self, work: Callable[[], T], done: Callable[[T], None], failed: Callable[[str], None] | None = None,
                 of_game: Callable[[], object] | None = None) -> None: ...


class Listener(Protocol):
    """What a driver tells the controller."""

    def game_changed(self) -> None:
        """The game moved on (a choice here, an undo, another terminal's move)."""

    def game_problem(self, text: str, failed: bool = False, refused_key: bool = False) -> None:
        """One line for the player: a refusal (nothing was lost; ``refused_key``: of a key, about the decision on screen,
        that came back from the store), or ``failed``: a file or the store failed."""

    def game_notice(self, text: str) -> None:
        """Something done as asked (a save written)."""

    def game_closed(self, text: str) -> None:
        """The game cannot go on here (a loaded save refused by its check): back to the first screen."""

    def walkthrough_done(self, title: str, text: str) -> None:
        """The last step of a walkthrough was taken."""

    def chat_said(self, lines: list[ChatLine]) -> None:
        """New lines of the game's table talk (a shared game's chat)."""


@frozen
class Lesson:
    """The walkthrough on screen: where it stands, what to do now, and the choice it highlights."""

    walkthrough_id: str
    title: str
    step: int  # steps taken
    heading: str
    instruction: str
    intro: str
    suggested: str
    position: tuple[str, ...]  # how the position was prepared
    last_step: tuple[Event, ...] = ()  # what the last step's choice did (the quiet play after it moved on)
    so_far: tuple[str, ...] = ()  # the steps of the table action this step goes on recording, whose words it continues
    rule: str = ""  # the rule the step teaches (? opens it: newcomer play-test, it opened the decision's GEN-6 at a PAT-2 step)
    last_undone: tuple[Event, ...] = ()  # what the last step's undo took back (GEN-9)


class GameDriver(Protocol):
    session: Session  # read for views; changed only through the driver's methods
    listener: Listener
    bots: Mapping[str, Bot]  # the computer seats this terminal plays (seat name -> player)
    saves_copies: bool  # Ctrl+S writes a copy of this game
    undoes: bool  # undo (GEN-9) exists in this kind of game
    shared: bool  # a store game: Ctrl+L leaves it for the lobby
    changes: int  # how many times the game changed here (a move, an undo): a choice is stamped with it (messages.Choose)

    def people_here(self) -> tuple[Seat, ...]:
        """The people who play at this keyboard (more than one: hot seat, with hand-offs)."""

    def hold(self) -> Hold:
        """Why choices wait now: a save being checked, a choice being recorded (the computers' moves are the controller's)."""

    def away(self) -> Absence:
        """Whether the person the game waits for is at it (a shared game's seat nobody sits in now)."""

    def choose(self, actor: str, choice: Choice, by_computer: bool = False) -> None:
        """Take a choice (Refused: nothing changed); the listener hears when it is applied."""

    def undo(self) -> None: ...

    def handed_off(self) -> None:
        """The person a hand-off named took the keyboard: from now it is an undo barrier (GEN-9)."""

    def may_take_back(self, person: str) -> None:
        """Refused unless u at the hand-off to ``person`` takes back the move that made it (GEN-9)."""

    def save_copy(self, folder: Path) -> None:
        """A copy of the game, named after its turn, phase and the time, in ``folder``."""

    def take_events(self) -> list[Event]:
        """The events since the last look (for the phase reports), once."""

    def after_others(self) -> bool:
        """Moves nobody here asked for (the computers', another terminal's) came since a person here last
        chose or undid: the decision now shown is not the one they answered."""

    def brought_back(self) -> bool:
        """The last change here was an undo (GEN-9): the decision now shown is one already answered."""

    def reports_read(self, held_back: int, news_from: int | None = None) -> None:
        """The reports of the events taken are read, but for the last ``held_back`` events (a phase still
        running): a shared game keeps that for its player, whose next look starts there, or at ``news_from``
        (the log position of news to that player not yet shown them: "While you waited")."""

    def report_read(self, through: int, news_from: int | None = None) -> None:
        """One phase report read with others still to come: the log before position ``through`` is read,
        kept as ``reports_read`` keeps it, ``news_from`` too (shared-game play-test: Ben left on the second of a
        turn's reports, and came back to the first again)."""

    def since_last_move(self, person: str, told: bool = True, from_start: bool = False, set_off: bool = False) -> list[Event]:
        """The events since ``person`` here last moved or was last ``told`` of them; none before their
        first move here (``from_start``: the whole log). ``set_off``: with what their last move set off once its own
        phase was over, when they were told nothing since (a hand-off came at once)."""

    def last_move_lines(self, person: str) -> list[Event]:
        """The lines ``person``'s last move here logged (a roll it made, a wedding it set off), once; none
        when an undo has taken the move back."""

    def unread_at_load(self) -> dict[str, list[Event]]:
        """Once: for each person here, the events since their last move before the game was saved (a game
        continued another evening: the reports of the phases passed since then are theirs to read)."""

    def lesson(self) -> Lesson | None: ...

    def first_look(self) -> str:
        """Once, as the game is first put on screen: what to point out then ("" for nothing)."""

    def tick(self) -> None:
        """A few times a second: background work (following the other terminals)."""

    def chat(self) -> tuple[ChatLine, ...]:
        """The game's table talk so far (none outside shared games)."""

    def say(self, text: str) -> None:
        """A line of table talk from this terminal's player (Refused outside shared games)."""

    def mark_chat_read(self, line: int) -> None:
        """The table talk through ``line`` was shown to this terminal's player (c): not pointed out again."""

    def unsaved(self) -> str:
        """Why this game's latest moves are not on disk ("" when they are, or when nothing here writes them):
        the game menu says it instead of "the game is kept"."""

    def may_leave(self) -> None:
        """Before the game leaves the screen or the app quits: Refused, once, when moves made here would be
        lost (an autosave that failed, failing again now); asked again, it leaves without them."""

    def close(self, exiting: bool = False) -> None:
        """The game leaves the screen; ``exiting``: the app ends too, and its workers may not finish (what
        they had still to write is written now, at the cost of waiting for it)."""


# The log lines a marks file's digest covers (tui/slots.PeopleMarks): an undo and another move change them
LOG_TAIL_LINES = 4
UNDONE_LINES_NAMED = 2  # of the log lines an undo took back, named in its notice (the rest counted)


def log_tail(log: Sequence[Event]) -> str:
    """A digest of the log's last lines, the same for the same lines in any process (their repr: rules,
    messages with their parameters, powers, turns, phases, rolls)."""
    return hashlib.sha256(repr(list(log[-LOG_TAIL_LINES:])).encode()).hexdigest()[:16]


class _Driver:
    """What every driver shares: the session, its listener, the events not yet looked at."""

    saves_copies = False
    undoes = False
    shared = False

    def __init__(self, session: Session, listener: Listener, io: IoRunner, events: list[Event] | None = None) -> None:
        self.session = session
        self.listener = listener
        self.io = io
        self.bots: Mapping[str, Bot] = bots_for(session.setup.seats)
        self._events = list(events or [])
        self._others_moved = 0  # the moves applied here that nobody here asked for
        self._others_seen = 0  # how many of them had come when a person here last asked for a move
        self._brought_back = False  # the last change here was an undo
        self.changes = 0
        self._told: dict[str, int] = {}  # person here -> the log's length after their last move, or when last told
        self._last_move: dict[str, tuple[int, list[Event]]] = {}  # person here -> where their last move's lines start, and them
        self._unread_at_load: dict[str, list[Event]] = {}  # a game continued: per person, what passed since they looked
        self._moved_to: dict[str, int] = {}  # person here -> the log's length after their last move (kept with a save)

    def people_here(self) -> tuple[Seat, ...]:
        return tuple(seat for seat in self.session.setup.seats if seat.is_person)

    def hold(self) -> Hold:
        return Hold.NONE

    def away(self) -> Absence:
        return Absence.NONE

    def handed_off(self) -> None:
        self.session.hand_off_taken()

    def may_take_back(self, person: str) -> None:
        """At a hand-off u takes back only the move that made it, while nobody has seen anything (review: a second
        u on "Pass to Ana", after a take-back, undid her earlier move under a hand-off that still named it)."""
        session = self.session
        if self.hold() or not session.taking_back():  # said in a line or two: the hand-off's box fits 24 rows (play-test)
            raise Refused(self.hold().line() or (_("GEN-9: nothing to take back since {barrier}").format(barrier=session.latest_barrier(short=True))
                                             if not session.can_undo() else _(
                "GEN-9: at a hand-off u takes back only the move that made it; {person} undoes their own moves on their board, "
                "after Enter").format(person=person)))

    def take_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def reports_read(self, held_back: int, news_from: int | None = None) -> None:
        return None

    def report_read(self, through: int, news_from: int | None = None) -> None:
        return None

    def after_others(self) -> bool:
        return self._others_moved > self._others_seen

    def brought_back(self) -> bool:
        return self._brought_back

    def unsaved(self) -> str:
        return ""

    def may_leave(self) -> None:
        return None

    def _moved(self, by_computer: bool, person: str = "", made: Sequence[Event] = (), choice: Choice | None = None) -> None:
        """A move applied here (that ``made`` those lines, taking ``choice``): the computers', or one the
        ``person`` here asked for (a table action too: hot-seat play-test, a battle Ann recorded came back to
        her as news in "While you waited")."""
        self.changes += 1
        self._brought_back = False
        if by_computer:
            if choice is None or choice.verb not in WINDOW_PASSES:
                self._others_moved += 1
            return
        self._others_seen = self._others_moved
        seat = next((seat for seat in self.session.setup.seats if seat.name == person and seat.is_person), None)
        if seat is not None:
            self._told[seat.name] = self._moved_to[seat.name] = len(self.session.log)
            self._last_move[seat.name] = (len(self.session.log) - len(made), list(made))

    def since_last_move(self, person: str, told: bool = True, from_start: bool = False, set_off: bool = False) -> list[Event]:
        log = self.session.log
        start = self._told.get(person, 0 if from_start else None)
        if start is None:
            return []
        if told:
            self._told[person] = len(log)
        return list(log[self._set_off_from(person, start) if set_off else start :])  # an undo since leaves a shorter log: nothing

    def _set_off_from(self, person: str, start: int) -> int:
        """Where what ``person``'s last move set off after its own phase begins (hot-seat play-test: Ana's pass ended
        the turn, and the Ottoman's "done negotiating" logged with it at the next turn's start was on no list of hers),
        when nothing was told them since; else ``start``."""
        at, made = self._last_move.get(person, (0, []))
        turned = next((index for index, event in enumerate(made) if event.kind is EventKind.PHASE), None)
        if turned is None or at + len(made) != start or not self._still_logged(at, made):
            return start
        return at + turned

    def last_move_lines(self, person: str) -> list[Event]:
        start, made = self._last_move.pop(person, (0, []))
        return made if self._still_logged(start, made) else []

    def _still_logged(self, at: int, made: list[Event]) -> bool:
        """A move's lines are in the log where it logged them (an undo since took them out)."""
        logged = self.session.log[at : at + len(made)]
        return len(logged) == len(made) and all(a is b for a, b in zip(logged, made))

    def unread_at_load(self) -> dict[str, list[Event]]:
        unread, self._unread_at_load = self._unread_at_load, {}
        return unread

    def lesson(self) -> Lesson | None:
        return None

    def first_look(self) -> str:
        return ""

    def tick(self) -> None:
        return None

    def chat(self) -> tuple[ChatLine, ...]:
        return ()

    def say(self, text: str) -> None:
        raise Refused(_("table talk is for shared games: here everyone sits at one table"))

    def mark_chat_read(self, line: int) -> None:
        return None

    def close(self, exiting: bool = False) -> None:
        return None

    def save_copy(self, folder: Path) -> None:
        raise Refused(_("this game is not saved"))

    def _broke(self, line: str) -> None:
        """Work of this game failed in a way nobody expected (logged with its traceback): the game
        cannot go on here; it is kept as it was at its last decision (autosaved, or in the store)."""
        self.listener.game_closed(line)

    def _apply(self, actor: str, choice: Choice) -> list[Event]:
        try:
            made = self.session.choose(actor, choice)
        except IllegalChoice as exc:
            raise Refused(str(exc)) from None
        self._events += made
        return made


def one_person_here(driver: GameDriver) -> bool:
    """At most one person plays at this keyboard (a shared game's terminal, a hot seat of one): no hand-off comes to it."""
    return len(driver.people_here()) <= 1


class LocalGame(_Driver):
    """A game on this terminal: every decision autosaved into its slot; a loaded save is checked
    against its action log in the background, and choices wait until it is (they could not replay)."""

    undoes = True

    def __init__(
        self, session: Session, listener: Listener, io: IoRunner, slot: Path | None, events: list[Event] | None = None,
        marks: PeopleMarks | None = None, claim: SlotClaim | None = None, slot_written: bool = False,
    ) -> None:
        super().__init__(session, listener, io, events)
        # the slot holds the game on disk (the marks beside it are written only then: beside no game, they stayed when
        # the players left a copy loaded without a move, hot-seat play-test); set by the first autosave written
        self._slot_written = slot_written
        self._claim = claim  # this app's hold on the slot (tui/slots.py), let go on close
        self._copies: set[Path] = set()  # the copies saved with Ctrl+S (written, or about to be)
        self._saved_marks = marks or PeopleMarks()  # a game continued: taken up once its log is checked
        self._read_to: dict[str, int] = {}  # person here -> how far they have read the phase reports (kept with a save)
        self._marks_queued = 0
        self._marks_written = 0
        self._marks_problem_said = False
        self._marks_kept = True  # the marks as they are now are written, or queued to be
        self._taken_in_check = False  # a hand-off taken while a loaded save was checked (by the session it replaces)
        self.slot = slot  # None: a free game from a walkthrough's position, never saved
        self.saves_copies = slot is not None
        self._checking = False
        self._write_lock = threading.Lock()
        self._queued = 0  # autosaves handed to the IoRunner; each carries its number
        self._written = 0  # the newest one on disk: an older one finishing late never overwrites it
        self._unsaved = ""  # why the newest autosave written failed ("" once one as new is on disk)
        self._unsaved_at = 0  # that autosave's number
        self._unsaved_said = False  # leaving was refused once for it

    def check(self, opened: saves.OpenedSave) -> None:
        """Replay the loaded save in the background; a refused save closes the game."""
        self._checking = True

        def work() -> Session | str:
            try:
                return opened.verified()
            except saves.SaveError as exc:  # tmux check: the toast broke the path mid-name, as Continue's did
                return named_by_file(opened.path, exc)

        self.io(work, self._checked, self._broke)

    def _checked(self, result: Session | str) -> None:
        self._checking = False
        if isinstance(result, str):
            self.listener.game_closed(result)
            return
        self.session = result
        marks, log = self._saved_marks, result.log
        people = {seat.name for seat in result.setup.seats if seat.is_person}
        kept = (marks.log, marks.tail) == (len(log), log_tail(log))
        # GEN-9: a hand-off the replay holds is a barrier unless the marks say it was still waiting (review: after Ben
        # looked, left and Continue, and after his Enter while the save was checked, Ana could take her move back)
        if self._taken_in_check or not kept or marks.handed_to != result.handed_to:
            result.hand_off_taken()
        if not kept:  # another log's (an older autosave's, another game's) or none
            # (a saved copy): no recap, now or when the marks written from here are read (hot-seat play-test: a copy loaded
            # listed its whole log at each person's first hand-off, as if they had never moved)
            self._told = {person: len(log) for person in people}
            self._moved_to = dict(self._told)
        else:
            self._told.update(marks.moved_to)
            self._moved_to.update(marks.moved_to)
            self._read_to.update(marks.read_to)
            # every person of the game, one who has neither moved nor read from the log's start (saves play-test:
            # a Ctrl+Q on a new game's first report, and Continue went on without it);
            # from how far they read: a move of theirs can run whole phases (the end of a turn) they then read
            self._unread_at_load = {person: list(log[marks.read_to.get(person, marks.moved_to.get(person, 0)) :]) for person in people}
        self.listener.game_changed()

    def hold(self) -> Hold:
        return Hold.SAVE_CHECK if self._checking else Hold.NONE

    def choose(self, actor: str, choice: Choice, by_computer: bool = False) -> None:
        if self._checking:
            raise Refused(self.hold().line())
        person = self.session.seat_of(actor).name  # before the move: the table's actions are the keyboard's (TABLE-1)
        self._moved(by_computer, person, self._apply(actor, choice), choice)
        self.autosave()
        self.listener.game_changed()

    def handed_off(self) -> None:
        super().handed_off()
        self._taken_in_check = self._taken_in_check or self._checking
        # written at once: a game continued later, even after the app was killed, knows it was taken (second review)
        if self.slot is not None and not self._checking and self._slot_written:
            self._keep_marks(self.slot)
        else:  # written with the first autosave (the hand-off taken is in the marks it writes)
            self._marks_kept = False

    def undo(self) -> None:
        if self._checking:
            raise Refused(self.hold().line())
        actions, logged = list(self.session.actions), list(self.session.log)
        if not self.session.undo():
            raise UndoRefused(self.session.undo_refusal())
        self.listener.game_notice(_undo_notice(self.session, actions[len(self.session.actions) :], logged[len(self.session.log) :],
                                               self.session.undone_moves))
        self._moved(by_computer=False)
        self._brought_back = True
        self._events = []
        length = len(self.session.log)  # a quit now recaps from the log as undone
        self._moved_to = {person: min(at, length) for person, at in self._moved_to.items()}
        self._read_to = {person: min(at, length) for person, at in self._read_to.items()}
        self.autosave()
        self.listener.game_changed()

    def save_copy(self, folder: Path) -> None:
        if self.slot is None:
            raise Refused(_("a game from a walkthrough's position is not saved: it cannot replay from a seed"))
        state = self.session.state
        # saves play-test: two copies in one second had one name, and the second was written over the first
        path = free_name(folder, f"save-turn{state.turn}-{state.phase.value}-{datetime.now().strftime('%Y%m%d-%H%M%S')}", self._copies)
        self._copies.add(path)
        text, marks = saves.dumps(self.session), self._marks_text()

        def work() -> str:
            try:
                atomic.write_text(path, text, saves.SAVE_FILE_MODE)
            except OSError as exc:
                return _("could not save to {path}: {reason}").format(path=path, reason=exc.strerror)
            # who moved and read what, and a hand-off not yet taken: a copy loaded recaps as the game would have (hot-seat
            # play-test: a copy saved at "Pass to Ana" came back without what Cy had done, and u said Ana had taken over)
            with contextlib.suppress(OSError):  # the copy is whole without them: it is loaded without a recap
                atomic.write_text(marks_file(path), marks, saves.SAVE_FILE_MODE)
            return ""

        self.io(work, lambda problem: self.listener.game_problem(problem, failed=True) if problem else self.listener.game_notice(
            # the name whole on a line of its own words: a toast broke the path mid-name (hot-seat play-test)
            _("Saved to {file} in {folder}").format(file=path.name, folder=path.parent)))

    def autosave(self) -> None:
        """The game as it is now, written off the event loop; the newest always wins on disk."""
        slot = self.slot
        if slot is None:
            return
        self._unsaved_said = False  # moves made since a refused leave are said again (review)
        self.io(self._writer(slot), self._autosaved)

    def _autosaved(self, problem: str) -> None:
        with self._write_lock:
            first = not self._slot_written and self._written > 0
        if first:
            self._slot_written = True
            if not self._marks_kept and self.slot is not None:  # a hand-off taken while the first autosave was written
                self._keep_marks(self.slot)
        self._said(problem)

    def _keep_marks(self, slot: Path) -> None:
        """The marks as they are now, written beside ``slot`` off the event loop."""
        marks = self._marks_now()
        self.io(lambda: self._write_marks(slot, *marks), self._said)

    def _writer(self, slot: Path) -> Callable[[], str]:
        """The game as it is now, to be written to ``slot`` by the work returned, unless a newer one was."""
        self._queued += 1
        number, text = self._queued, saves.dumps(self.session)
        marks = self._marks_now()

        def work() -> str:
            with self._write_lock:
                if number < self._written:
                    return ""
                if self._claim is not None and not self._claim.holds():
                    self._unsaved, self._unsaved_at = _("this game is being played in another window or terminal now ({file}): this "
                                                        "window's moves are not written over it; Ctrl+S saves them as a copy").format(file=slot.name), number
                    return self._unsaved
                try:
                    atomic.write_text(slot, text, saves.SAVE_FILE_MODE)
                except OSError as exc:
                    self._unsaved, self._unsaved_at = _("autosave to {path} failed ({reason}): the game's latest moves are kept only while "
                                                        "it stays open").format(path=slot, reason=exc.strerror), number
                    return self._unsaved
                if self._claim is not None:
                    self._claim.wrote()
                self._written = number
                if number >= self._unsaved_at:  # review: an older save finishing late is not the failed one written
                    self._unsaved = ""
            return self._write_marks(slot, *marks)

        return work

    def reports_read(self, held_back: int, news_from: int | None = None) -> None:
        """For the person deciding now (the one at the keyboard, their reports read above their board); kept
        beside the slot with the next autosave, or as the game leaves the screen (``close``): a write here
        came at every decision."""
        reader = self._reader()
        read_to = len(self.session.log) - len(self._events) - held_back
        if reader and self._read_to.get(reader) != read_to:
            self._read_to[reader] = read_to
            self._marks_kept = False

    def report_read(self, through: int, news_from: int | None = None) -> None:
        reader = self._reader()
        if reader and through > self._read_to.get(reader, self._moved_to.get(reader, 0)):
            self._read_to[reader] = through
            self._marks_kept = False

    def _reader(self) -> str:
        """The person deciding now, who reads the reports above their board ("" for a computer's decision,
        and before the check: review, the log is empty then); the one person here, who reads them while the
        computers think too (review: read then, they came again after Continue)."""
        people = self.people_here()
        seat = people[0] if len(people) == 1 else self.session.seat_to_decide()
        return seat.name if seat is not None and seat.is_person and not self._checking else ""

    def unsaved(self) -> str:
        return self._unsaved

    def may_leave(self) -> None:
        """Hostile-files play-test: with the save folder made read-only, Esc t and Ctrl+Q left at once, the
        menu saying the game was kept, and the moves since the last save were gone. The game is written once
        more now (the folder may be writable again); failing, leaving is refused once, saying what is lost."""
        with self._write_lock:
            pending = self._written < self._queued  # review: a move then Esc t at once, its autosave not yet run
        if self.slot is None or not (self._unsaved or pending):
            return
        self._writer(self.slot)()
        if self._unsaved and not self._unsaved_said:
            self._unsaved_said = True
            raise NotSaved(_("{problem}. Leave again (Esc t, or Ctrl+Q) to go without them").format(problem=self._unsaved.rstrip(".")))

    def close(self, exiting: bool = False) -> None:
        """What was read since the last autosave is written now (review: the reports came again after
        Continue); ``exiting``, where a worker might not finish, the newest game not yet on disk too (saves
        play-test: a choice and Ctrl+Q in one burst of keys quit before its autosave's worker ran)."""
        if self.slot is not None and not self._checking:
            with self._write_lock:
                unwritten = exiting and self._written < self._queued
            if unwritten:
                self._writer(self.slot)()  # a failure is not said: the app is gone
            elif not self._marks_kept and self._slot_written:
                self._write_marks(self.slot, *self._marks_now())
        if self._claim is not None:
            with self._write_lock:  # an autosave's worker writing now finishes under the claim (review)
                self._claim.release()

    def _marks_now(self) -> tuple[int, str]:
        self._marks_queued += 1
        self._marks_kept = True
        return self._marks_queued, self._marks_text()

    def _marks_text(self) -> str:
        log = self.session.log
        return PeopleMarks(len(log), dict(self._moved_to), dict(self._read_to), log_tail(log), self.session.handed_to).text()

    def _write_marks(self, slot: Path, number: int, text: str) -> str:
        """The people's marks beside the slot (tui/slots.py), off the event loop, the newest winning. A
        failure loses only the recap of a game continued later: said once, never as a failed autosave."""
        with self._write_lock:
            if number < self._marks_written or self._claim is not None and not self._claim.holds():
                return ""
            try:
                atomic.write_text(marks_file(slot), text, saves.SAVE_FILE_MODE)
            except OSError as exc:
                if self._marks_problem_said:
                    return ""
                self._marks_problem_said = True
                return _("could not keep beside the save who moved and read what last ({reason}): a game continued later will not recap it").format(reason=exc.strerror)
            self._marks_written = number
        return ""

    def _said(self, problem: str) -> None:
        if problem:
            self.listener.game_problem(problem, failed=True)


def named_by_file(path: Path, exc: saves.SaveError) -> str:
    """A save's refusal naming its file without the folder (QA: a toast broke the path mid-name)."""
    return f"{path.name}: {str(exc).removeprefix(f'{path}: ')}"


def _labelled(decision: Decision | None, choice: str) -> str:
    """The label of ``choice`` when it is its decision's quiet choice (a pass, No response, Done), open again,
    without the note after its rule; "" for any other: the notice may show on a hand-off, and another choice
    that logs nothing could name a card of the hand (GEN-8, review); those that log are named by their lines."""
    quiet = decision.quiet if decision is not None else None
    if quiet is None or str(quiet) != choice:
        return ""
    return re.sub(r" \([A-Z]+-\d+[a-z]?\).*", "", quiet.label) if quiet.label else choice


def _undo_notice(session: Session, undone: Sequence[Action], taken: list[Event], moves: int, labelled: bool = True) -> str:
    """What an undo of ``undone`` (their log lines ``taken``; ``moves`` of the person's, Session.undone_moves) took back,
    said to its person (GEN-9); ``labelled``: the session's decision is the one the person's move was taken at, whose
    list names it."""
    by_computers = sum(not session.seat_of(action.actor).is_person for action in undone)
    first_yours = labelled and by_computers and session.seat_of(undone[0].actor).is_person
    return _undone(moves, by_computers, taken, _labelled(session.decision, undone[0].choice) if first_yours else "")


def _lines_named(taken: Sequence[Event]) -> str:
    """The first log lines of what was taken back, and how many more (GEN-9)."""
    lines = "; ".join(render(event) for event in taken[:UNDONE_LINES_NAMED])
    if len(taken) > UNDONE_LINES_NAMED:
        more = len(taken) - UNDONE_LINES_NAMED
        lines = ngettext("{lines}; and {count} more line", "{lines}; and {count} more lines", more).format(lines=lines, count=more)
    return lines


def _undone(moves: int, by_computers: int, taken: list[Event], yours: str = "") -> str:
    """What an undo took back (GEN-9), by its log lines (play-test: "1 move undone" left a player to find
    what; a long play-test before: after u the board could look just as before). ``yours``: the person's move
    undone with computers' after it, named first (hot-seat play-test: a "No response", which logs nothing,
    went unnamed before a computer's proposal, and "decide again" read as about the proposal)."""
    if not taken and not by_computers:  # review: a table action under way, its steps said to be the computers' too
        return ngettext("GEN-9: {count} choice of yours undone: decide again", "GEN-9: {count} choices of yours undone: decide again",
                        moves).format(count=moves)
    if not taken:  # uncounted: how many quiet answers came after it would tell who was asked (GEN-8)
        return _("GEN-9: your move undone, and the computers' quiet answers after it: decide again")
    lines = _lines_named(taken)
    if yours:
        return _("GEN-9: taken back, decide again: your '{move}' and the computers' moves after it: {lines}").format(move=yours, lines=lines)
    return _("GEN-9: taken back, decide again: {lines}").format(lines=lines)


class WalkthroughGame(_Driver):
    """A walkthrough on the real engine with fixed dice: each step's choice, or the refusal it teaches."""

    def __init__(self, session: Session, run: WalkthroughRun, listener: Listener, io: IoRunner, save_dir: Path) -> None:
        super().__init__(session, listener, io)
        self.run = run
        self.save_dir = save_dir  # where the walkthroughs done are kept (tui/progress.py)
        self.bots = {}  # the walkthrough takes the quiet choices between its steps itself
        self._progress_asked = self._progress_kept = 0  # the numbers of the latest progress writes asked for and done
        self._progress_lock = threading.Lock()
        self._progress_problem_said = False  # once a walkthrough (review: said at each step, it replaced what the step taught)

    def people_here(self) -> tuple[Seat, ...]:
        return self.session.setup.seats[:1]  # one person plays every power

    @property
    def undoes(self) -> bool:  # type: ignore[override]
        """u is offered at the steps that ask for it (GEN-9; review: the footer hid it where a step said "press u")."""
        step = self.run.current
        return step is not None and step.undoes

    def choose(self, actor: str, choice: Choice, by_computer: bool = False) -> None:
        self._step_taken(self.run.step, self.run.take(self.session, actor, choice))

    def undo(self) -> None:
        """A step that teaches undo (GEN-9) takes it, or the refusal it teaches; any other refuses it."""
        step_before, made = self.run.step, len(self.session.actions)
        taken = self.run.take_undo(self.session)
        undone = taken.advanced and not taken.problem
        if undone:
            self.listener.game_notice(_undone(made - len(self.session.actions), 0, self.run.step_undone))
        self._step_taken(step_before, taken, brought_back=undone)

    def _step_taken(self, step_before: int, taken: StepTaken, brought_back: bool = False) -> None:
        if not taken.advanced:
            raise Refused(taken.problem)
        self._moved(by_computer=False)  # the quiet play between steps is the walkthrough's, not others'
        self._brought_back = brought_back  # an undo brings back a decision already answered (GEN-9)
        if taken.problem:  # the refusal this step teaches
            self.listener.game_problem(taken.problem)
        self._events += taken.events
        if self.run.finished:
            walkthrough = self.run.walkthrough
            self._keep_progress(lambda: mark_done(self.save_dir, walkthrough.id))
            self.listener.walkthrough_done(walkthrough.shown_title(), walkthrough.conclude(self.session, self.run.taken, self.run.note))
            return
        # kept at each step, not only as the walkthrough is left (newcomer play-test: Ctrl+Q, a closed terminal
        # or a dropped SSH link lost the step the menu says is kept to resume)
        walkthrough_id, step = self.run.walkthrough.id, self.run.step
        if step != step_before:
            self._keep_progress(lambda: remember_step(self.save_dir, walkthrough_id, step))
        self.listener.game_changed()

    def _keep_progress(self, change: Callable[[], str]) -> None:
        """``change`` (a step reached, the walkthrough done) off the event loop, in the order asked: one finishing
        after a later one changes nothing (a step's write landing after the walkthrough's done mark)."""
        self._progress_asked += 1
        number = self._progress_asked

        def work() -> str:
            with self._progress_lock:
                if number < self._progress_kept:
                    return ""
                self._progress_kept = number
                return change()

        self.io(work, self._progress_problem)

    def _progress_problem(self, problem: str) -> None:
        if problem and not self._progress_problem_said:
            self._progress_problem_said = True
            self.listener.game_problem(problem, failed=True)

    def lesson(self) -> Lesson:
        run = self.run
        walkthrough = run.walkthrough
        step = run.current
        return Lesson(
            walkthrough.id, walkthrough.shown_title(), run.step, run.heading(), step.instruction() if step else "",
            walkthrough.shown_intro(), step.highlighted if step else "", tuple(walkthrough.position.describe(self.session.data)),
            tuple(run.step_events), tuple(run.recording_so_far()), step.rule if step else walkthrough.rule, tuple(run.step_undone),
        )


@frozen
class _Recorded:
    """What a store write or look came back with: the actions to apply here, the table talk not seen
    yet, and a problem to show."""

    actions: list[StoredAction]
    problem: str = ""
    seat_lost: str = ""
    said: list[ChatLine] = field(factory=list)
    held: frozenset[str] | None = None  # the seats someone sits in now, when they were looked at
    removed: bool = False  # the host took the game out of the store: the problem says so, and the game closes
    looked: int | None = None  # the look written to the store, kept on the event loop (review: written from the worker)
    chat_read: int | None = None  # the last line of table talk read, as written to the store then
    refused: str = ""  # a refusal to show (nothing failed: an undo with nothing of the player's to take back)
    # the take-back the copy had followed when the actions were fetched (GEN-9): after a later one, they may be of moves
    # taken back, and are left for the next poll (review: a poll under way as u was pressed)
    takebacks_seen: int = 0
    # moves taken back in the store (GEN-9): the game loaded again, and how many of its log's first events are this
    # copy's own (kept as they were: the board knows events by themselves)
    taken_back: list[TakeBack] = field(factory=list)
    reloaded: Session | None = None
    kept: int = 0


@frozen
class _CopyAt:
    """Where a shared game's copy stood when a worker was asked to follow the store from it."""

    actions: int
    takebacks_seen: int
    log: list[Event]  # the copy's log itself: the worker reads its first ``logged`` events, which never change
    logged: int


def _not_looked_at(session: Session, seat: Seat, looked: int | None) -> list[Event]:
    """The events whose phase reports a player sitting down has not read: those since their last look
    (play-test: who left, or lost their connection, missed a whole turn's reports). A player who never
    looked gets a new game's whole log, or this turn's and the last one's events (not the reports of a
    whole game taken over late; a game over, its end only). An onlooker's look is not kept: each time they
    sit down to watch is a first look (shared-game play-test: one who began watching mid-game saw no report
    at all, where the README promises this turn's and the last one's)."""
    log = session.log
    if looked is not None and seat.is_person and looked <= len(log):  # a longer look: another engine's log
        return list(log[looked:])
    if not session.actions:
        return list(log)
    if session.decision is None:
        return []
    since = session.state.turn - 1
    return list(dropwhile(lambda event: event.turn < since, log))


def _short_of(read: int, news_from: int | None) -> int:
    """How far a player has read, never past the news not yet shown them (``news_from``, a log position)."""
    return read if news_from is None else min(read, news_from)


class SharedGameClient(_Driver):
    """A store game seen from one seat (or watched): choices are recorded through the store, off the
    event loop, and applied here once stored; the other terminals' moves are followed a few times a
    second. Each terminal plays the computer seats it sees deciding; the store takes the first."""

    shared = True

    def __init__(
        self, store: GameStore, game_id: int, session: Session, seat: Seat, player: str, listener: Listener, io: IoRunner,
        chat: list[ChatLine] | None = None, looked: int | None = None, takebacks_seen: int = 0, chat_read: int = 0,
    ) -> None:
        super().__init__(session, listener, io, _not_looked_at(session, seat, looked))
        self.store = store
        self.game_id = game_id
        self._takebacks_seen = takebacks_seen  # the store's last take-back (GEN-9) this copy followed
        self.seat = seat
        self.player = player
        self._recording = False
        self._undos_waiting = 0  # u pressed while a move or an undo was being recorded (GEN-9): taken after it
        # the store write of the choice being recorded, until a worker or close() takes it; set when none
        # is under way (close() waits for one a worker has taken: the app's exit does not wait for workers)
        self._record_lock = threading.Lock()
        self._to_record: Callable[[], _Recorded] | None = None
        self._recorded_now = threading.Event()
        self._recorded_now.set()
        self._polling = False
        self._polls = 0
        self._chat: list[ChatLine] = list(chat or [])  # what was said before this terminal sat down is no news
        self._to_say: deque[str] = deque()  # lines of table talk said here, not yet in the store
        self._saying = False  # a worker is writing them
        self._say_lock = threading.Lock()  # held by whoever writes them: the say worker, or close() for those left
        self._closed = False
        # ... but what the others said since one's own last, and since the last line read with c (SSH play-test: the same
        # lines were pointed out at every sitting down, read or not), is
        own_last = max((line.number for line in self._chat if line.author == player), default=0)  # lines are numbered from 1
        self._unread_talk = [line for line in self._chat if line.number > max(own_last, chat_read) and line.author != player]
        self._spoke, self._read_talk_last = own_last > 0, chat_read > own_last
        self._chat_read = self._stored_chat_read = chat_read  # the last line of table talk read here, and as the store has it
        self._held: frozenset[str] | None = None  # the person seats someone sits in (None: not looked at yet)
        self._own = (0, "")  # the number and choice of this terminal's person's last move asked for
        # the log events whose reports this player has read: here, and as the store last heard it
        self._read_through = self._stored_look = len(session.log) - len(self._events)
        if seat.is_person and looked is not None and looked <= len(session.log) and self._events:  # sitting down again: since their last look,
            self._told[seat.name] = self._read_through  # as since a move of theirs (nothing for a first look)

    def people_here(self) -> tuple[Seat, ...]:
        return (self.seat,) if self.seat.is_person else ()

    @property
    def undoes(self) -> bool:  # type: ignore[override]
        """Whether u has a move of this player's to take back now (GEN-9), as far as this copy saw the game played (the
        store decides; u says why not where it is not shown)."""
        return self.seat.is_person and self.session.undoer() == self.seat.name

    def first_look(self) -> str:
        """The others' lines of table talk since one's own last and since the last read (SSH play-test: lines said to Ben
        while he was away were pointed out nowhere when he sat down again; only c had them)."""
        unread, self._unread_talk = self._unread_talk, []
        if not unread:
            return ""
        authors = ", ".join(dict.fromkeys(line.author for line in unread))
        if self._read_talk_last:
            return ngettext("Table talk: {count} line from {authors} since you last read it; c reads it.",
                            "Table talk: {count} lines from {authors} since you last read it; c reads them.",
                            len(unread)).format(count=len(unread), authors=authors)
        if not self._spoke:  # sitting down for the first time, or never having said a word (review)
            return ngettext("Table talk: {count} line from {authors} so far; c reads it.",
                            "Table talk: {count} lines from {authors} so far; c reads them.",
                            len(unread)).format(count=len(unread), authors=authors)
        return ngettext("Table talk: {count} line from {authors} since you last spoke; c reads it.",
                        "Table talk: {count} lines from {authors} since you last spoke; c reads them.",
                        len(unread)).format(count=len(unread), authors=authors)

    def hold(self) -> Hold:
        return Hold.RECORDING if self._recording else Hold.NONE

    def away(self) -> Absence:
        """Play-test: a board waiting for a player who had left their seat said only "Waiting for Ana"; and
        Ben, watching as an onlooker, was told to wait for Ben."""
        deciding = self.session.seat_to_decide()
        if deciding is None or not deciding.is_person or deciding.name == self.seat.name or self._held is None:
            return Absence.NONE
        if deciding.name in self._held:
            return Absence.NONE
        return Absence.WATCHING if deciding.name == self.player and not self.seat.is_person else Absence.AWAY

    def choose(self, actor: str, choice: Choice, by_computer: bool = False) -> None:
        if self._recording:
            raise Refused(self.hold().line())
        session = self.session
        pending = session.seat_to_decide()
        if not by_computer and (pending is None or pending.name != self.seat.name):
            status = session.view(self.seat).status
            if actor == TABLE_ACTOR and not self.seat.is_person:  # SSH play-test: an onlooker has no decision of their own
                raise Refused(_("TABLE-1: a table action is recorded by a player at their own decision; an onlooker records none ({status})").format(status=status))
            if actor == TABLE_ACTOR:
                # shared-game play-test: "record it at your own decision" read as a contradiction to an onlooker
                raise Refused(_("TABLE-1: a table action is recorded at a decision of your own, and this one is another's ({status})").format(status=status))
            raise Refused(_("not your decision ({status})").format(status=status))
        try:
            legal = engine.check(session.data, session.state, actor, choice, session.decision)
        except IllegalChoice as exc:
            raise Refused(str(exc)) from None
        number = len(session.actions) + 1
        if not by_computer:
            self._own = (number, str(legal))  # applied when the store has it, with the others' moves around it
        self._recording = True
        self.listener.game_changed()  # the board says the choice is being recorded
        where = self._where()

        def work() -> _Recorded:
            try:
                self.store.append(self.game_id, number, actor, str(legal), self.player, where.takebacks_seen)
            except StaleGame:
                moved = "" if by_computer else _("the game moved on: another terminal chose first; the board now shows the game as it is")
                return evolve(self._caught_up(where), problem=moved)
            except StoreError as exc:
                return _Recorded([], str(exc))
            return _Recorded([StoredAction(number, actor, str(legal), self.seat.name, "")], takebacks_seen=where.takebacks_seen)

        with self._record_lock:
            self._to_record = work
            self._recorded_now.clear()
        self.io(self._record, self._recorded, self._broke)

    def _record(self) -> _Recorded:
        """A worker's: the store write asked for, unless close() took it first (nothing is left to do)."""
        recorded = self._record_taken()
        return recorded if recorded is not None else _Recorded([], "")

    def _record_before_closing(self) -> None:
        if self._record_taken() is None:  # its problem, if any, is not said: the game is leaving the screen
            self._recorded_now.wait(RECORD_WAIT_SECONDS)  # one a worker is writing now

    def _record_taken(self) -> _Recorded | None:
        """The store write asked for, made in this thread, unless another took it first (None)."""
        with self._record_lock:
            work, self._to_record = self._to_record, None
        if work is None:
            return None
        try:
            return work()
        finally:
            self._recorded_now.set()

    def _recorded(self, result: _Recorded) -> None:
        """Whatever the store said, the board is shown anew: no longer "being recorded", and a computer
        whose choice could not be written decides again. An undo pressed meanwhile is taken now, unless the store
        refused the move with a problem to say (the undo was meant for it): a computer's answer refused as stale says
        none, and the undo goes on (it takes back the player's move with the answers after it)."""
        self._recording = False
        self._follow(result, changed=True)
        waiting, self._undos_waiting = self._undos_waiting, 0
        if waiting and not (result.problem or result.refused or self._closed):
            self._undos_waiting = waiting - 1
            try:
                self.undo()
            except Refused as exc:  # the seat lost meanwhile, say
                self._undos_waiting = 0
                self.listener.game_problem(str(exc), refused_key=True)

    def _where(self) -> _CopyAt:
        """Where this copy stands now, for a worker to follow the store from."""
        return _CopyAt(len(self.session.actions), self._takebacks_seen, self.session.log, len(self.session.log))

    def _followed(self, where: _CopyAt) -> _Recorded:
        """A worker's: the actions recorded since ``where``; or, moves taken back since (GEN-9), the game loaded again,
        its log's first events those of this copy's log that it shares (the board knows events by themselves). The
        take-backs are read after the actions, which may follow moves taken back (StoreError)."""
        actions = self.store.actions(self.game_id, after=where.actions) if self.store.latest_number(self.game_id) > where.actions else []
        taken = self.store.takebacks(self.game_id, after=where.takebacks_seen)
        if not taken:
            return _Recorded(actions, takebacks_seen=where.takebacks_seen)
        session = self.store.load(self.game_id, undoable=True)
        kept = 0
        while kept < min(where.logged, len(session.log)) and session.log[kept] == where.log[kept]:
            kept += 1
        session.log[:kept] = where.log[:kept]
        return _Recorded([], taken_back=taken, reloaded=session, kept=kept)

    def _caught_up(self, where: _CopyAt) -> _Recorded:
        """``_followed`` after the store refused a write for a game that moved on; a store failing now is followed at
        the next poll."""
        try:
            return self._followed(where)
        except StoreError:
            return _Recorded([])

    def tick(self) -> None:
        """Renew this seat's claim now and then, and look at who sits in the others; fetch the actions
        other terminals recorded."""
        if self._polling or self._recording or self._closed:  # review: a poll after leaving claimed the seat again
            return
        self._polling = True
        self._polls += 1
        look_at_seats = self._polls % CLAIM_RENEW_POLLS == 1
        renew = self.seat.is_person and look_at_seats
        where = self._where()
        heard = self._heard_through()
        look = self._look_to_store() if renew else None
        chat_read = self._chat_read if look_at_seats and self._chat_read != self._stored_chat_read else None

        def work() -> _Recorded:
            held, looked = None, None
            try:
                if renew:
                    self.store.take_seat(self.game_id, self.seat.name, self.player)
                if look is not None:
                    self.store.look(self.game_id, self.player, look)
                    looked = look
                if chat_read is not None:
                    self.store.read_chat(self.game_id, self.player, chat_read)
                if look_at_seats:
                    held = frozenset(self.store.holders(self.game_id))
                said = self.store.chat(self.game_id, after=heard)
                followed = self._followed(where)
            except SeatTaken as exc:
                return _Recorded([], seat_lost=str(exc), held=held, looked=looked)
            except GameRemoved as exc:
                return _Recorded([], str(exc), removed=True)
            except StoreError as exc:
                return _Recorded([], str(exc))
            return evolve(followed, said=said, held=held, looked=looked, chat_read=chat_read)

        self.io(work, self._polled, self._broke)

    def _polled(self, result: _Recorded) -> None:
        self._polling = False
        if result.looked is not None:
            self._stored_look = result.looked
        if result.chat_read is not None:
            self._stored_chat_read = result.chat_read
        if result.removed:  # review: its terminals said "no game 1" four times a second, on a board that never moved
            self.listener.game_closed(result.problem)
            return
        if result.seat_lost:
            self.seat = ONLOOKER
            result = _Recorded(result.actions, _("{problem}: you are watching the game now").format(problem=result.seat_lost), result.seat_lost)
        away = self.away()
        if result.held is not None:
            self._held = result.held
        self._follow(result, changed=self.away() != away)

    def _follow(self, result: _Recorded, changed: bool = False) -> None:
        """Apply the stored actions this copy has not applied yet, in order (a gap waits for the next poll);
        keep the table talk not heard yet."""
        heard = {line.number for line in self._chat}
        said = [line for line in result.said if line.number not in heard]
        if said:
            self._chat = sorted([*self._chat, *said], key=lambda line: line.number)
            self.listener.chat_said(said)
        reloaded = result.reloaded is not None and result.taken_back[-1].number > self._takebacks_seen  # not followed already
        if reloaded:
            assert result.reloaded is not None
            self._taken_back(result.reloaded, result.kept, result.taken_back)
        applied = False
        for action in result.actions if result.takebacks_seen >= self._takebacks_seen else []:
            if action.number != len(self.session.actions) + 1:
                continue
            try:
                choice = Choice.parse(action.choice)
                made = self.session.choose(action.actor, choice)
                self._events += made
                asked_here = (action.number, action.choice) == self._own
                self._moved(not asked_here, self.seat.name, made, choice)
                if not asked_here and self.seat.is_person and action.seat == self.seat.name:
                    # the player's own move from their other terminal: what passed before it is no news here (SSH
                    # play-test: "While you waited" listed the move just made there); it still changed the decision
                    # under this screen, as the others' moves do (after_others)
                    self._told[self.seat.name] = len(self.session.log)
            except IllegalChoice as exc:  # a store this engine cannot follow (other game data)
                self.listener.game_problem(
                    _("game {game}: action {number} cannot be followed here ({problem})").format(game=self.game_id, number=action.number, problem=exc),
                    failed=True,
                )
                break
            applied = True
        if applied or changed or result.seat_lost or reloaded:
            self.listener.game_changed()
        if result.problem:  # after the board caught up, so that it stays on screen
            self.listener.game_problem(result.problem, failed=True)
        if result.refused:
            self.listener.game_problem(result.refused, refused_key=True)

    def _taken_back(self, session: Session, kept: int, taken: list[TakeBack]) -> None:
        """The game as the store has it after moves were taken back (GEN-9), said in one line: by this player (decide
        again), or by another (what of theirs went)."""
        before = self.session
        back_to = min(take.back_to for take in taken)
        gone_lines, gone_actions = before.log[kept:], before.actions[back_to:]
        kept_here = {id(event) for event in session.log[:kept]}
        self.session = session
        self._takebacks_seen = taken[-1].number
        self._events = [event for event in self._events if id(event) in kept_here] + session.log[kept:]
        self._told = {person: min(at, kept) for person, at in self._told.items()}
        self._moved_to = {person: min(at, kept) for person, at in self._moved_to.items()}
        self._last_move = {person: move for person, move in self._last_move.items() if move[0] + len(move[1]) <= kept}
        self._read_through, self._stored_look = min(self._read_through, kept), min(self._stored_look, len(session.log))
        self._own = (0, "")
        mine = any(take.player == self.player for take in taken)
        self._moved(by_computer=not mine)
        self._brought_back = mine
        # the moves as the others saw them (Session.moves_seen): not the computers' quiet answers, whose number would tell
        # who was asked (review, GEN-8), a table action once (play-test: "8 moves"), one backed out of or still being
        # recorded not at all (review)
        count = sum(take.moves for take in taken)
        if mine:
            self.listener.game_notice(_undo_notice(session, gone_actions, gone_lines, max(count, 1), labelled=len(session.actions) == back_to))
            return
        if not gone_actions or not count:  # none of them had come here, or none was a move seen: nothing changed here
            return
        players, lines = ", ".join(dict.fromkeys(take.player for take in taken)), _lines_named(gone_lines)
        self.listener.game_notice(ngettext("GEN-9: {players} took back {count} move: {lines}", "GEN-9: {players} took back {count} moves: {lines}",
                                           count).format(players=players, count=count, lines=lines) if lines else
                                  ngettext("GEN-9: {players} took back {count} move", "GEN-9: {players} took back {count} moves",
                                           count).format(players=players, count=count))

    def chat(self) -> tuple[ChatLine, ...]:
        return tuple(self._chat)

    def mark_chat_read(self, line: int) -> None:
        """Kept in the store at the next poll that looks at the seats (a person's claim renewal), and when the game is left."""
        self._chat_read = max(self._chat_read, line)

    def reports_read(self, held_back: int, news_from: int | None = None) -> None:
        """Kept in the store with the next claim renewal (and when the game is left): a player who left,
        or whose connection dropped, is shown the reports they missed when they sit down again, and the news
        not yet shown them (CI: Ben's look passed Ana's Unrest in Paris while he waited, and the "While you
        waited" on screen as he left never came back). The store's look never goes back."""
        if self.seat.is_person:
            self._read_through = max(self._stored_look, _short_of(len(self.session.log) - len(self._events) - held_back, news_from))

    def report_read(self, through: int, news_from: int | None = None) -> None:
        through = _short_of(through, news_from)
        if self.seat.is_person and through > self._read_through:
            self._read_through = through

    def _look_to_store(self) -> int | None:
        """How far this player has read, when the store has not heard it yet."""
        return self._read_through if self._read_through != self._stored_look else None

    def _heard_through(self) -> int:
        """The last line number up to which every line was heard here (a line said here comes back
        before the others' lines numbered below it)."""
        through = 0
        for line in self._chat:
            if line.number != through + 1:
                break
            through = line.number
        return through

    def say(self, text: str) -> None:
        """Recorded in the store (ChatRefused: the one line why), then heard here like the others' lines; in the
        order said, by one worker at a time (a worker each, 'burst a' was stored before the 'x' typed before it)."""
        self._to_say.append(text)
        self._write_what_is_said()

    def _write_what_is_said(self) -> None:
        if self._to_say and not self._saying and not self._closed:
            self._saying = True
            self.io(self._say_queued, self._said, self._say_failed)

    def _say_queued(self) -> _Recorded:
        """The lines said here not yet in the store, in order; by one thread at a time (the say worker, or close())."""
        said, problems = [], []
        with self._say_lock:
            while self._to_say:
                text = self._to_say.popleft()
                try:
                    said.append(self.store.say(self.game_id, self.player, text))
                except StoreError as exc:
                    problems.append(str(exc))
        return _Recorded([], "; ".join(dict.fromkeys(problems)), said=said)

    def _said(self, recorded: _Recorded) -> None:
        self._saying = False
        self._follow(recorded)
        self._write_what_is_said()  # lines said while the worker wrote the last of those before

    def _say_failed(self, line: str) -> None:
        """A fault of this program writing a line (logged): said, and the lines after it are written still (review: the
        queue waited for good on a worker that never came back)."""
        self._saying = False
        self.listener.game_problem(line, failed=True)
        self._write_what_is_said()

    def undo(self) -> None:
        """GEN-9: the player's last move taken back in the store, with the computers' quiet answers after it, off the
        event loop (the store decides, from the whole game: a roll, a reveal or a hand-off since is a barrier)."""
        if not self.seat.is_person:  # SSH play-test: an onlooker's u was told why a shared game's moves stay
            raise Refused(_("GEN-9: an onlooker has no moves to undo"))  # the board says onlookers make no moves
        if self._recording:  # taken once the move being recorded is (shared-game play-test: "3 u" dropped the u)
            self._undos_waiting += 1
            return
        where = self._where()
        self._recording = True
        self.listener.game_changed()

        def work() -> _Recorded:
            try:
                try:
                    self.store.take_back(self.game_id, where.actions, self.player, where.takebacks_seen)
                except StaleGame:
                    again = self._where_to_ask_again(where)
                    if again is None:
                        raise
                    latest, seen = again
                    self.store.take_back(self.game_id, latest, self.player, seen)
            except StaleGame:
                return evolve(self._caught_up(where), refused=_(
                    "GEN-9: the game moved on before your undo reached it: read the board, then u again if the move is still yours"))
            except TakeBackRefused as exc:
                return evolve(self._caught_up(where), refused=str(exc))
            except StoreError as exc:
                return _Recorded([], str(exc))
            return self._caught_up(where)

        self.io(work, self._recorded, self._broke)

    def _where_to_ask_again(self, where: _CopyAt) -> tuple[int, int] | None:
        """A worker's, after the store refused a take-back as stale: the action and the take-back to ask it again at,
        the game as it is (two players' u at once: the loser got "u again" for nothing of theirs); None where a person's
        move came since (a hand-off: the game moved on), or a take-back of the player's own from another terminal
        (review: it would take back a second move of theirs)."""
        newer = self.store.takebacks(self.game_id, after=where.takebacks_seen)
        if newer:
            return None if any(take.player == self.player for take in newer) else (self.store.latest_number(self.game_id), newer[-1].number)
        computers = {seat.name for seat in self.session.setup.seats if not seat.is_person}
        since = self.store.actions(self.game_id, after=where.actions)
        return None if any(action.seat not in computers for action in since) else (where.actions + len(since), where.takebacks_seen)

    def save_copy(self, folder: Path) -> None:
        raise Refused(_("a shared game is not saved from a seat (GEN-8: it would hold every hand); the host exports it with 'python -m core store export'"))

    def close(self, exiting: bool = False) -> None:
        """Record a choice still to be recorded and the table talk said just before, write how far the reports are
        read, give up the seat (the game stays in the store; the claim lapses by itself if this fails) and close the
        game's own connection to it. Leaving for the lobby, a worker does it (the keys never wait for the store),
        the choice first (review: run before the choice's own worker, it closed the store under that write, and the
        move was lost). ``exiting``, where a worker might not finish, the choice and the table talk are written now
        (shared-game play-test: 0 and Ctrl+Q in one burst, and the move was never in the store), and the rest is
        waited for a moment (the reports read before a Ctrl+Q were shown again at the next sitting down; review:
        waited for whole, a store held by another process held the exit for its busy timeout)."""
        self._closed = True
        seat, player, store = self.seat, self.player, self.store
        look = self._look_to_store()
        chat_read = self._chat_read if self._chat_read != self._stored_chat_read else None

        def leave() -> None:
            try:
                if seat.is_person:
                    if look is not None:
                        store.look(self.game_id, player, look)
                    store.leave_seat(self.game_id, seat.name, player)
            except StoreError:
                pass
            try:  # last, on its own: the least of the three (review: first, a busy store spent the exit's moment on it)
                if chat_read is not None:
                    store.read_chat(self.game_id, player, chat_read)
            except StoreError:
                pass
            finally:
                store.close()

        def work() -> None:
            self._record_before_closing()
            self._say_queued()  # the table talk said just before leaving, before the connection closes (review)
            if exiting:
                leaving = threading.Thread(target=leave, name="leaving the store", daemon=True)
                leaving.start()
                leaving.join(LEAVING_AT_EXIT_SECONDS)
            else:
                leave()

        if exiting:
            work()
        else:
            self.io(work, lambda _done: None)
