"""How each kind of game is opened for the controller: a new game, a save (loaded, or the last one
played), a walkthrough, a walkthrough's position played on, a shared game created or joined. Files and
the store are read in a worker; a refusal there (a damaged save, a busy store) is the player's one line.
Each driver is given a ``Forwarder`` as its listener, so a driver no longer on screen is never heard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from core import saves
from core.i18n import _
from core.session import Session
from core.store import ChatLine
from core.walkthroughs import WALKTHROUGHS, WalkthroughRun, play_through
from tui import messages as m
from tui import slots
from tui.drivers import GameDriver, IoRunner, LocalGame, Refused, SharedGameClient, WalkthroughGame, named_by_file
from tui.settings import update_settings
from tui.shared_games import Joined, SharedGames

if TYPE_CHECKING:
    from tui.controller import Controller

T = TypeVar("T")
# A save read to be played on: the file read, its game, the slot it goes on in (claimed), who read what
ReadSave = tuple[saves.OpenedSave, Session, Path, slots.PeopleMarks, slots.SlotClaim]


class Forwarder:
    """A driver's listener (tui/drivers.Listener): what it says reaches the controller only while it is
    the game on screen (a save check or a store write finishing after its game was left is dropped)."""

    def __init__(self, controller: Controller, io: IoRunner) -> None:
        self.controller = controller
        self.driver: GameDriver | None = None
        self._io = io

    def io(self, work: Callable[[], T], done: Callable[[T], None], failed: Callable[[str], None] | None = None,
           of_game: Callable[[], object] | None = None) -> None:
        """The driver's IoRunner: its work is its own game's, though asked for before it is on screen (review: a
        loaded save's check was taken for the game on screen then, and its failure left the new game open)."""
        self._io(work, done, failed, of_game=of_game or (lambda: self.driver))

    def _current(self) -> bool:
        return self.driver is not None and self.driver is self.controller.driver

    def game_changed(self) -> None:
        if self._current():
            self.controller.game_changed()

    def game_problem(self, text: str, failed: bool = False, refused_key: bool = False) -> None:
        if self._current():
            self.controller.problem(text, failed, refused_key)

    def game_notice(self, text: str) -> None:
        if self._current():
            self.controller.tell(m.GameNotice(text))

    def game_closed(self, text: str) -> None:
        if self._current():  # a shared game removed by the host: back to the lobby, with the others there
            self.controller.close(m.Destination.LOBBY if self.driver.shared else m.Destination.TITLE, text)

    def walkthrough_done(self, title: str, text: str) -> None:
        if self._current():
            self.controller.walkthrough_done(title, text)

    def chat_said(self, lines: list[ChatLine]) -> None:
        if self._current():
            self.controller.tell(m.ChatSaid(lines))


def _claimed(slot: Path) -> slots.SlotClaim:
    """``slot`` claimed for this app (saves play-test: two windows on one game overwrote each other)."""
    claim = slots.claim_slot(slot)
    if claim is None:
        raise Refused(_("this game is being played in another window or terminal ({slot}): go on with it there, or quit it there first").format(slot=slot.name))
    return claim


def _let_go(result: object) -> None:
    """An opening nobody wants any more gives up what it holds: a shared seat's store, a slot's claim."""
    if isinstance(result, Joined):
        result.store.close()  # its seat claim lapses by itself
    for part in result if isinstance(result, tuple) else ():
        if isinstance(part, slots.SlotClaim):
            part.release()


class Openings:
    def __init__(self, controller: Controller, io: IoRunner) -> None:
        self.controller = controller
        self.io = io
        self.shared_games = SharedGames(controller.terminal.save_dir, controller.terminal.data)
        self._wanted: object | None = None  # the opening under way (one left is dropped when it is done)

    def handle(self, intent: m.Intent) -> None:
        getattr(self, f"_on_{type(intent).__name__}")(intent)

    def cancel(self) -> None:
        """The player left: an opening still under way is not shown when it is done."""
        self._wanted = None

    def _open(self, work: Callable[[], T], then: Callable[[T], GameDriver]) -> None:
        """``work`` off the event loop, then the game ``then`` makes of it on screen. A game asked for while
        one is being opened is not (review: a double Enter opened one game twice, and the second claim of
        its slot refused the first, so that no game opened)."""
        if self._wanted is not None:
            return
        wanted = self._wanted = object()

        def guarded() -> T | Refused:
            try:
                return work()
            except (Refused, saves.SaveError, OSError, *SharedGames.ERRORS) as exc:
                return Refused(str(exc))

        def opened(result: T | Refused) -> None:
            if wanted is not self._wanted:  # left, or another game asked for since
                _let_go(result)
                return
            self._wanted = None
            if isinstance(result, Refused):
                self.controller.problem(str(result))
                return
            try:
                driver = then(result)
            except BaseException:  # review: a claim held by an opening that failed here was never let go
                _let_go(result)
                raise
            self.controller.show(driver)

        def broke(line: str) -> None:  # review: an opening that failed unexpectedly left every later one ignored
            if wanted is self._wanted:
                self._wanted = None
            self.controller.problem(line)

        self.io(guarded, opened, broke)

    def _listening(self, make: Callable[[Forwarder], Any]) -> Any:
        forwarder = Forwarder(self.controller, self.io)
        driver = forwarder.driver = make(forwarder)
        return driver

    def local(self, session: Session, slot: Path | None, events: list[Any] | None = None, claim: slots.SlotClaim | None = None) -> LocalGame:
        driver: LocalGame = self._listening(lambda listener: LocalGame(session, listener, listener.io, slot, events, claim=claim))
        driver.autosave()
        return driver

    # ---- the intents that open a game ---------------------------------------------------------------

    def _on_StartGame(self, intent: m.StartGame) -> None:
        setup, data, save_dir = intent.setup, self.controller.terminal.data, self.controller.terminal.save_dir

        def work() -> tuple[Session, Path, slots.SlotClaim]:
            update_settings(save_dir, seats=setup.seats)  # the next form starts with them (a comfort: a failure is no problem)
            session, slot = Session.new(data, setup), slots.fresh_slot(save_dir, setup)
            return session, slot, _claimed(slot)

        self._open(work, lambda made: self.local(made[0], made[1], list(made[0].log), made[2]))

    def _on_ContinueGame(self, intent: m.ContinueGame) -> None:
        """The newest game slot that can be read (tui/slots.py): the damaged ones newer than it are passed
        over, as the title says; when none can, the newest one's refusal."""

        def work() -> ReadSave:
            found = slots.game_slots(self.controller.terminal.save_dir)
            if not found:
                raise Refused(_("no game to continue yet: start one with n"))
            problems: list[str] = []
            for path in found:
                try:
                    return self._read_save(path)
                except saves.SaveError as exc:
                    problems.append(named_by_file(path, exc))
                except OSError as exc:
                    raise Refused(_("{problem} - l lists the other saved games to load").format(problem=exc)) from exc
            raise Refused(_("{problem} - l lists the other saved games to load").format(problem=problems[0]))

        self._open(work, self._loaded)

    def _on_LoadGame(self, intent: m.LoadGame) -> None:
        self._open(lambda: self._read_save(intent.path), self._loaded)

    def _read_save(self, path: Path) -> ReadSave:
        """The save read, and the slot it goes on in claimed. A slot is claimed before it is read (review:
        read first, another window could write its last moves and let go before the claim, and they were
        played over)."""
        save_dir = self.controller.terminal.save_dir
        first = _claimed(path) if path.name.startswith(slots.SLOT_PREFIX) and path.parent == save_dir else None
        try:
            opened = saves.open_save(path, self.controller.terminal.data)
            session = opened.resumed()
            people = [seat.name for seat in session.setup.seats if seat.is_person]
            slot = slots.slot_for_loaded(save_dir, session, path)
            claim = first if first is not None and slot == path else _claimed(slot)
        except BaseException:
            if first is not None:
                first.release()
            raise
        if first is not None and claim is not first:
            first.release()
        return opened, session, slot, slots.read_marks(path, people), claim

    def _loaded(self, read: ReadSave) -> LocalGame:
        """The game at once; its action log replayed and compared in the background (choices wait)."""
        opened, session, slot, marks, claim = read
        on_disk = slot == opened.path  # a game continued in its own slot; a copy's new slot is written at its first move
        driver: LocalGame = self._listening(lambda listener: LocalGame(session, listener, listener.io, slot, marks=marks, claim=claim, slot_written=on_disk))
        driver.check(opened)
        return driver

    def _on_StartWalkthrough(self, intent: m.StartWalkthrough) -> None:
        data, data_dir = self.controller.terminal.data, self.controller.terminal.save_dir

        def started(ran: tuple[Session, WalkthroughRun]) -> WalkthroughGame:
            return self._listening(lambda listener: WalkthroughGame(ran[0], ran[1], listener, listener.io, data_dir))

        self._open(lambda: play_through(WALKTHROUGHS[intent.walkthrough_id], data, intent.steps), started)

    def _on_PlayOn(self, intent: m.PlayOn) -> None:
        session = self.controller.session
        if session is None or session.decision is None:
            self.controller.close(m.Destination.WALKTHROUGHS, _("The game is over: there is nothing to play on."))
            return
        self.controller.play_position(session)
        self.controller.tell(m.GameNotice(_("A free game from the walkthrough's position: it is not saved.")))

    def _on_CreateSharedGame(self, intent: m.CreateSharedGame) -> None:
        setup, player = intent.setup, self.controller.terminal.player

        def work() -> Joined:
            game_id = self.shared_games.create(setup)
            mine = next((s.name for s in setup.seats if s.is_person and s.name == player), None)
            return self.shared_games.join(game_id, mine, player)

        self._open(work, self._joined)

    def _on_JoinSharedGame(self, intent: m.JoinSharedGame) -> None:
        player = self.controller.terminal.player
        self._open(lambda: self.shared_games.join(intent.game_id, intent.seat, player), self._joined)

    def _joined(self, joined: Joined) -> SharedGameClient:
        player = self.controller.terminal.player
        return self._listening(lambda listener: SharedGameClient(
            joined.store, joined.game_id, joined.session, joined.seat, player, listener, listener.io, joined.chat, joined.looked,
            joined.takebacks_seen, joined.chat_read,
        ))
