"""The only code that calls core: owns the session, applies choices, autosaves, posts messages.

The engine and saves are imported on first use, so the title screen starts fast.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import define
from textual.message import Message

from core import gamedata
from core.atomic import clean_stale_temp_files
from core.choices import TABLE_ACTOR, Choice, IllegalChoice
from core.events import Event
from core.gamedata import GameData
from tui import slots
from tui.messages import ComputersToMove, GameProblem, HandoffNeeded, SaveChecked, StateChanged, WalkthroughFinished

if TYPE_CHECKING:
    from core.saves import OpenedSave
    from core.session import Session
    from core.store import GameRow, SharedGame, SqliteStore
    from core.views import SeatView
    from core.setup import Seat, Setup
    from core.state import Phase
    from core.walkthroughs import WalkthroughRun

# How long one step of computer play may hold the event loop before keys are handled again (each
# decision takes well under this with random, up to ~0.2 s with greedy: `python -m core bench`).
COMPUTER_STEP_SECONDS = 0.05
# A shared game's seat claim is renewed this often (the store frees a seat not renewed for CLAIM_SECONDS).
CLAIM_RENEW_SECONDS = 1.0


@define
class SharedSeat:
    """This terminal's place in a store game: the game (following the other terminals) and the seat
    played from here (the onlooker's when watching)."""

    game: SharedGame
    seat: Seat
    player: str
    renewed: float  # time.monotonic() of the last claim renewal


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
        self.player = ""  # who sits at this terminal in shared games (the SSH key's name, or --player)
        self.shared: SharedSeat | None = None  # a store game is on screen (shared mode)
        self._store: SqliteStore | None = None
        self._computers_queued = False  # a ComputersToMove message is on its way

    # ---- lifecycle --------------------------------------------------------------------------------

    def new_game(self, setup: Setup) -> None:
        from core.session import Session

        self.leave_shared()

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

        self.leave_shared()
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
        if self.computers_moving():
            self._queue_computers()
        else:  # a hand-off still waiting for its person is shown again, never swept away (GEN-8)
            self._show_to_the_decider()
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
        if self.shared is not None:
            return session.view(self.shared.seat)
        seats = session.setup.seats
        seat = next((s for s in seats if s.name == self.person_at_keyboard), None)
        people = [s for s in seats if s.is_person]
        if seat is None and len(people) == 1:  # one person: theirs are the only hands to show
            seat = people[0]
        # several people and none has taken the keyboard yet (a hand-off is waiting): no hand at all (GEN-8)
        return session.view(seat or ONLOOKER)

    @property
    def phase(self) -> Phase:
        """The phase the game is in (public), without building a whole seat view."""
        return self.game.state.phase

    def power_names(self) -> dict[str, str]:
        return {p: self.data.power_name(p) for p in self.data.power_ids}

    def can_undo(self) -> bool:
        return self.session is not None and self.shared is None and self.session.can_undo()

    def can_start_table_action(self) -> bool:
        from core.engine import table_entry_allowed

        return self.session is not None and table_entry_allowed(self.session.state)

    def start_walkthrough(self, walkthrough_id: str, steps: int = 0) -> None:
        """Start a walkthrough at its first step, or replay its first ``steps`` (step back, resume)."""
        from core.walkthroughs import WALKTHROUGHS, play_through

        self.leave_shared()

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

    def computers_moving(self) -> bool:
        """A computer player's decision is pending (its moves are being taken)."""
        from core.setup import SeatKind

        seat = self.session.seat_to_decide() if self.session is not None else None
        return seat is not None and seat.kind is SeatKind.COMPUTER and self.walkthrough is None

    def choose(self, choice: Choice) -> None:
        if self.shared is not None and self.view().decision is None:
            self.post(GameProblem(f"not your decision: {self.view().status}"))
            return
        if self.computers_moving():  # a key pressed for the last decision shown, before the board caught up
            self.post(GameProblem("the computer players are moving: your decision follows in a moment"))
            return
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
        if self.shared is not None:
            self._choose_shared(actor, choice)
            return
        try:
            self.last_events = self.session.choose(actor, choice)
        except IllegalChoice as exc:
            self.post(GameProblem(str(exc)))
            return
        self._after_change()

    def _choose_shared(self, actor: str, choice: Choice) -> None:
        """Through the store: refused with "the game moved on" if another terminal got there first."""
        from core.store import StaleGame, StoreError

        assert self.shared is not None
        game = self.shared.game
        try:
            self.last_events += game.choose(actor, choice)
        except IllegalChoice as exc:
            self.post(GameProblem(str(exc)))
            return
        except StaleGame:
            try:
                self.last_events += game.refresh()
            except StoreError as exc:
                self.post(GameProblem(str(exc)))
                return
            self._after_change()  # the board as it is now, then why the choice was not taken
            self.post(GameProblem("the game moved on: another terminal chose first; the board now shows the game as it is"))
            return
        except StoreError as exc:
            self.post(GameProblem(str(exc)))
            return
        self._after_change()

    def choose_text(self, text: str) -> None:
        """A typed choice; typed forms are lower case, so 'PICK SPAIN' is read as 'pick spain'."""
        try:
            choice = Choice.parse(text.lower())
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
        if self.computers_moving():
            self.post(GameProblem("TABLE-1: the computer players are moving: record it at your next decision"))
            return
        if self.shared is not None:  # through the store like any choice, at this seat's own decision
            if self.view().decision is None:
                self.post(GameProblem(f"TABLE-1: record it at your own decision ({self.view().status})"))
                return
            self._choose_shared(TABLE_ACTOR, Choice.parse("table"))
            return
        if self.walkthrough is not None:  # a walkthrough step, or refused with the lesson
            self.choose_as(TABLE_ACTOR, Choice.parse("table"))
            return
        self.last_events = self.session.choose(TABLE_ACTOR, Choice.parse("table"))
        self._after_change()

    def undo(self) -> None:
        assert self.session is not None
        if self.shared is not None:
            self.post(GameProblem("GEN-9: a shared game cannot be undone: every action is already recorded for the other players"))
            return
        if self.computers_moving():
            self.post(GameProblem("GEN-9: the computer players are moving: undo at your next decision"))
            return
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
        if self.shared is not None:  # a save holds every hand and the dice: not for one seat's terminal
            self.post(GameProblem("a shared game is not saved from a seat (GEN-8: it would hold every hand); the host exports it with 'python -m core store export'"))
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
        if self.shared is not None:  # the store holds every action; each player has their own terminal
            if self.computers_moving():
                self._queue_computers()
            self.post(StateChanged(follow=True))
            return
        if self.walkthrough is None and not self.from_walkthrough:  # a prepared position is not a replayable game
            if self.slot is None:
                self.slot = slots.fresh_slot(self.save_dir, self.session.setup)
            try:
                saves.write(self.session, self.slot)
            except OSError as exc:
                self.post(GameProblem(f"autosave failed: {exc.strerror}"))
        if self.computers_moving():
            if self.checking is self.session:  # they move once the save is checked (save_checked)
                self.post(StateChanged())
            else:
                self._queue_computers()
            return
        self._show_to_the_decider()

    def _show_to_the_decider(self) -> None:
        """The board, or first the hand-off when the decision belongs to another person (GEN-2)."""
        assert self.session is not None
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

    def computers_move(self, message: ComputersToMove) -> None:
        """Take computer players' decisions for up to COMPUTER_STEP_SECONDS, then either go on in
        the next step or show the board (their moves are in the log, their reports follow)."""
        from core.bots import bots_for, play_computer_turns
        from core.store import StoreError

        session = self.session
        self._computers_queued = False
        if message.session is not session or session is None:
            return  # another game was started or loaded meanwhile
        bots = bots_for(session.setup.seats)
        deadline = time.perf_counter() + COMPUTER_STEP_SECONDS
        if self.shared is None:
            play_computer_turns(session, bots, until=deadline, events=self.last_events)
        else:
            try:
                self.shared.game.play_computer_turns(bots, until=deadline, events=self.last_events)
            except StoreError as exc:  # a busy or damaged store
                self.post(GameProblem(str(exc)))
                return  # tried again at the next poll
        self._after_change()

    def _queue_computers(self) -> None:
        assert self.session is not None
        if not self._computers_queued:
            self._computers_queued = True
            self.post(ComputersToMove(self.session))

    # ---- shared games: the store, the lobby, following the other terminals ---------------------------

    @property
    def store(self) -> SqliteStore:
        """The store of shared games in the save folder, opened on first use (StoreError)."""
        from core.store import SqliteStore

        if self._store is None:
            self._store = SqliteStore.in_folder(self.save_dir, self.data)
        return self._store

    def shared_games(self) -> list[tuple[GameRow, dict[str, str]]]:
        """Every store game with who sits in which person seat now (StoreError)."""
        return [(row, self.store.holders(row.id)) for row in self.store.list_games()]

    def create_shared(self, setup: Setup) -> bool:
        """A new store game; the player sits in the seat with their name, or watches if none has it."""
        from core.setup import SetupError
        from core.store import StoreError

        try:
            game_id = self.store.create(setup)
        except (StoreError, SetupError) as exc:
            self.post(GameProblem(str(exc)))
            return False
        mine = next((s.name for s in setup.seats if s.is_person and s.name == self.player), None)
        return self.join_shared(game_id, mine)

    def join_shared(self, game_id: int, seat_name: str | None) -> bool:
        """Sit in a person seat of a store game (None: watch as an onlooker) and show it."""
        from core.store import SharedGame, StoreError
        from core.views import ONLOOKER

        self.leave_shared()
        try:
            if seat_name is not None:
                self.store.take_seat(game_id, seat_name, self.player)
            game = SharedGame.open(self.store, game_id, self.player)
        except StoreError as exc:
            self.post(GameProblem(str(exc)))
            return False
        seat = next((s for s in game.session.setup.seats if s.name == seat_name), ONLOOKER)
        self.shared = SharedSeat(game, seat, self.player, time.monotonic())
        self.session = game.session
        self.slot = None
        self.checking = None
        self.walkthrough = None
        self.from_walkthrough = ""
        self.last_events = [] if game.session.actions else list(game.session.log)
        self.person_at_keyboard = seat.name
        if self.computers_moving():
            self._queue_computers()
        self.post(StateChanged())  # the board, with the reports of a game just begun
        return True

    def leave_shared(self) -> None:
        """Give up this terminal's seat (the game stays in the store, the seat free to take)."""
        from core.store import StoreError

        shared, self.shared = self.shared, None
        if shared is None:
            return
        self.session = None
        if shared.seat.is_person:
            try:
                self.store.leave_seat(shared.game.game_id, shared.seat.name, shared.player)
            except StoreError:
                pass  # the claim lapses by itself after CLAIM_SECONDS

    def poll(self) -> None:
        """Shared games, several times a second: renew this seat's claim and follow the moves the other
        terminals recorded (their computer players' too)."""
        from core.store import SeatTaken, StoreError
        from core.views import ONLOOKER

        shared = self.shared
        if shared is None:
            return
        game = shared.game
        try:
            now = time.monotonic()
            if shared.seat.is_person and now - shared.renewed >= CLAIM_RENEW_SECONDS:
                shared.renewed = now
                self.store.take_seat(game.game_id, shared.seat.name, shared.player)
            if self.store.latest_number(game.game_id) > len(game.session.actions):
                self.last_events += game.refresh()
                self._after_change()
            elif self.computers_moving():
                self._queue_computers()
        except SeatTaken as exc:
            shared.seat = ONLOOKER
            self.person_at_keyboard = ONLOOKER.name
            self.post(GameProblem(f"{exc}: you are watching the game now"))
            self.post(StateChanged(follow=True))
        except (StoreError, IllegalChoice) as exc:  # a store this engine cannot follow (other game data)
            self.post(GameProblem(str(exc)))

    def handed_off(self, person: str | None) -> None:
        self.person_at_keyboard = person or ""
        self.post(StateChanged())
