"""Hand-off and messaging between the screens and the game on screen. Every intent of the screens comes here
(``handle``); the game's driver (tui/drivers.py) alone changes a game, and what differs between kinds of game is
the driver's, never a mode test here. What the screens show after a change is built once (``on_screen``): the view
of the seat at this keyboard, nobody's in a hot seat while the computers move and until the next Enter (GEN-8)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from textual.message import Message

from core.choices import TABLE_ACTOR, Choice, IllegalChoice
from core.engine import table_entry_allowed
from core.events import Event
from core.i18n import _
from core.session import Session
from tui import messages as m
from tui.computers import ComputerPlayers
from tui.drivers import ChatLine, GameDriver, IoRunner, Refused, one_person_here
from tui.error_log import log_unexpected
from tui.on_screen import OnScreen, built_for
from tui.openings import Openings
from tui.progress import remember_step
from tui.terminal import Terminal


class Controller:
    def __init__(self, terminal: Terminal, post: Callable[[Message], object], io: IoRunner) -> None:
        self.terminal = terminal
        self._post = post
        self._io = io
        self.openings = Openings(self, io)
        self.driver: GameDriver | None = None
        self._keyboard = ""  # the person who took the keyboard at the last hand-off
        self._shown: OnScreen | None = None
        self._computers = ComputerPlayers(io)
        self._moving_shown: tuple[object, ...] | None = None  # the board says the computers are moving (at this stage)

    @property
    def session(self) -> Session | None:
        return self.driver.session if self.driver is not None else None

    def on_screen(self) -> OnScreen:
        if self._shown is None:
            assert self.driver is not None, "no game on screen"
            moving = self._computers.to_move(self.driver)
            self._shown = built_for(self.driver, self._keyboard, moving, self.terminal.names)
        return self._shown

    def handoff_due(self) -> tuple[str, str] | None:
        """The person and power whose decision comes next at this keyboard, when it is not the person
        who has it now (GEN-2): the board waits for their Enter on the hand-off."""
        driver = self.driver
        if driver is None or self._moving_shown is not None:
            return None
        deciding, people = driver.session.seat_to_decide(), driver.people_here()
        if len(people) < 2 or deciding is None or deciding not in people or deciding.name == self._keyboard:
            return None
        return deciding.name, self.terminal.names.get(getattr(driver.session.decision, "power", ""), _("the table"))

    def take_events(self) -> list[Event]:
        return self.driver.take_events() if self.driver is not None else []

    def reports_read(self, held_back: int, news_from: int | None = None) -> None:
        if self.driver is not None:
            self.driver.reports_read(held_back, news_from)

    # ---- intents ---------------------------------------------------------------------------------

    def handle(self, intent: m.Intent) -> None:
        """Every intent of the screens; a refusal is one line for the player and changes nothing."""
        try:
            getattr(self, f"_on_{type(intent).__name__}", self.openings.handle)(intent)
        except Refused as exc:
            self._post(m.GameProblem(str(exc), refused_key=not exc.failed, failed=exc.failed, public=exc.public))

    def _on_LeaveGame(self, intent: m.LeaveGame) -> None:
        """Moves that would be lost are said once (``may_leave``); a walkthrough left unfinished keeps its step first."""
        if self.driver is not None:
            self.driver.may_leave()
        lesson = self.driver.lesson() if self.driver is not None else None
        if lesson is None or not lesson.instruction:
            self.close(intent.to)
            return
        then = partial(self.close, intent.to)  # with the problem, if the step could not be kept
        self._io(lambda: remember_step(self.terminal.save_dir, lesson.walkthrough_id, lesson.step), then, then)

    def _on_Choose(self, intent: m.Choose) -> None:
        driver, shown = self._game(), self.on_screen()
        if shown.view.decision is None or intent.changes not in (None, shown.changes):
            raise Refused(shown.refusal_of_a_choice())
        driver.choose(shown.view.decision.power, intent.choice)

    def _on_ChooseTyped(self, intent: m.ChooseTyped) -> None:
        try:  # typed forms are lower case: 'PICK SPAIN' is read as 'pick spain'
            choice = Choice.parse(intent.text.lower())
        except IllegalChoice as exc:
            raise Refused(str(exc)) from None
        self._on_Choose(m.Choose(choice, intent.changes))

    def _on_Undo(self, intent: m.Undo) -> None:
        driver, handoff = self._game(), self.handoff_due()
        if handoff is not None:  # a move taken back at its hand-off: its person's board after their own Enter (GEN-8)
            driver.may_take_back(handoff[0])
            self._keyboard, self._shown = "", None
        self._computers.undo(driver)

    def _on_RecordTable(self, intent: m.RecordTable) -> None:
        driver = self._game()
        if not table_entry_allowed(driver.session.state):
            raise Refused(_("TABLE-1: a table action is already being recorded"))
        if hold := self.on_screen().hold:  # a move being recorded (a shared game's) comes first
            waiting = hold.line().rstrip(".").lower()
            raise Refused(_("{rule}: {waiting}: {then}").format(rule="TABLE-1", waiting=waiting, then=_("record it at your next decision")))
        driver.choose(TABLE_ACTOR, Choice.parse("table"))

    def _on_SaveCopy(self, intent: m.SaveCopy) -> None:
        self._game().save_copy(self.terminal.save_dir)

    def _on_Say(self, intent: m.Say) -> None:
        self._game().say(intent.text)

    def _on_ChatRead(self, intent: m.ChatRead) -> None:
        if self.driver is not None:  # a game left as its table talk was shown: nothing to refuse (review)
            self.driver.mark_chat_read(intent.line)

    def chat(self) -> tuple[ChatLine, ...]:
        return self.driver.chat() if self.driver is not None else ()

    def _on_HandedOff(self, intent: m.HandedOff) -> None:
        if self.driver is not None:  # not closed meanwhile
            self._keyboard, self._shown = intent.person, None
            self.driver.handed_off()
            self._post(m.BoardChanged())

    def _game(self) -> GameDriver:
        if self.driver is None:
            raise Refused(_("no game is on screen"))
        return self.driver

    # ---- the game on screen -----------------------------------------------------------------------

    def show(self, driver: GameDriver) -> None:
        """``driver``'s game replaces the one on screen (tui/openings.py opens them)."""
        self._let_go()
        self.driver, self._keyboard, self._moving_shown = driver, "", None
        self.game_changed()

    def play_position(self, session: Session, slot: Path | None = None) -> None:
        """A game already in memory: a walkthrough's position played on (never saved), or a prepared
        position (the tests, the bench), autosaved into ``slot`` if one is given."""
        self.show(self.openings.local(session, slot))

    def close(self, to: m.Destination, problem: str = "") -> None:
        self._let_go()
        self.driver, self._shown = None, None
        self._post(m.GameClosed(to, problem))

    def _let_go(self) -> None:
        """The game on screen leaves it (a shared seat freed; a computer's thinking, a game being opened dropped)."""
        if self.driver is not None:
            self.driver.close()
        self._computers.forget()
        self.openings.cancel()

    # ---- what the driver says (tui/drivers.Listener, through openings.Forwarder) -----------------------

    def game_changed(self) -> None:
        """Show the game as it is now: the computers move, or the board (first the hand-off, if due)."""
        self._shown = None
        driver = self._game()
        moving = self._computers.to_move(driver)
        if moving:
            self._computers.play(driver)
        stage = (driver.session.state.turn, driver.session.state.phase) if one_person_here(driver) else ()
        if moving and self._moving_shown == stage:  # once: no hand shows in a hot seat; alone, a phase's reports (review)
            return
        self._moving_shown = stage if moving else None
        self._post(m.BoardChanged())

    def tell(self, news: m.GameNotice | m.ChatSaid) -> None:
        self._post(news)

    def walkthrough_done(self, title: str, text: str) -> None:
        self._shown = None
        self._post(m.WalkthroughFinished(title, text, self.session is not None and self.session.decision is None))

    def problem(self, text: str, failed: bool = False, refused_key: bool = False) -> None:
        if text:
            self._post(m.GameProblem(text, refused_key=refused_key, failed=failed))

    def crashed(self, doing: str, exc: Exception, detail: str = "") -> None:
        """An error nobody expected (``doing``: an English message marked ``N_``): logged with its traceback, the
        game closed, kept as it was at its last decision (autosaved, or in the store)."""
        self.close(m.Destination.TITLE, log_unexpected(self.terminal.save_dir, doing, exc, detail))

