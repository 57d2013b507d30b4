"""The Textual app: title and menus, and the game board driven through the controller by messages."""

from __future__ import annotations

import argparse
import gc
import getpass
import logging
import os
import sys
from functools import cached_property
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from textual import on
from textual.binding import Binding
from textual.driver import Driver
from textual.events import Key, Resize
from textual.message import Message
from textual.notifications import Notification, Notify
from textual.screen import Screen

from core import i18n
from core.atomic import clean_stale_temp_files
from core.i18n import LANGUAGES, N_, UnknownLanguage, _, ngettext
from tui.error_log import log_unexpected
from tui.key_layouts import latin_key
from tui.machinery import load_game_machinery, lobby_screen, warm_up_game_machinery
from tui.messages import (
    BoardChanged,
    ChatSaid,
    ChooseLanguage,
    ChooseTheme,
    Destination,
    GameClosed,
    GameDataRefused,
    GameNotice,
    GameProblem,
    Intent,
    LeaveGame,
    SaveCopy,
    SetPlayerName,
    WalkthroughFinished,
)
from tui.screens.menus import TitleScreen
from tui.screens.too_small import TooSmallScreen
from tui.settings import Settings, language_for, update_settings
from tui.slots import last_played
from tui.terminal import Terminal
from tui.textual_private import (
    CoveredScreensApp, CrashLoggedApp, prompt_input_driver, replace_first_screen, strips_make_caches_at_first_use, withdraw_notification,
)

if TYPE_CHECKING:
    from core.gamedata import GameData
    from tui.board import Board
    from tui.controller import Controller
    from tui.screens.lobby import LobbyScreen

T = TypeVar("T")

MIN_WIDTH, MIN_HEIGHT = 80, 24
# How often a shared game looks for the other terminals' moves (each shows within a second).
POLL_SECONDS = 0.25
# more new lines of table talk at once are counted in one notice; and no more lines than this are on screen at
# once (SSH play-test: six lines said one by one stacked six toasts over most of an 80x24 report): the oldest go
CHAT_TOASTS = 3
CHAT_TOAST_SECONDS = 8
# Ctrl+Q waits for the keys read before it to become a choice (a typed one: the box's key, its Submitted
# message bubbling up to the decision panel, the panel's intent bubbling up to the app), a round of queued
# messages at a time, until nothing is queued (tui/app.py: _quit_after_keys) or at most this many rounds
QUIT_MOST_ROUNDS = 12
QUIT_AT_THE_LATEST_SECONDS = 1.0
PLAYER_ENV = "VIRGIN_QUEEN_PLAYER"  # set by 'virgin-queen serve': the SSH key's name; the app opens the lobby
PLAYERS_ENV = "VIRGIN_QUEEN_PLAYERS"  # set by 'virgin-queen serve': every player its authorized_keys names, one a line


def players_named(environ: Mapping[str, str]) -> tuple[str, ...]:
    """The players the SSH server lets in (its keys' names), as it told this game; none elsewhere."""
    return tuple(name for name in environ.get(PLAYERS_ENV, "").split("\n") if name)


# The new-game form is composed ahead (TitleScreen.compose_ahead) once the title has been drawn (Textual's
# Ready: its first frame) and the game data read, faster than anyone reads it and presses n (~0.15 s of
# CPU, in steps between which keys are handled).
COMPOSE_AHEAD_AFTER_SECONDS = 0.1
# The game machinery (tui/machinery.py) is imported in a worker once the title screen has been on screen
# for a moment, so that the first game, walkthrough or lobby opens without importing it (~0.3 s of CPU
# here); the title screen never waits for it, and its first keys are not shared with it (a game asked for
# sooner imports it then, or waits for the worker to finish).
WARM_UP_AFTER_SECONDS = 0.5


class IoDone(Message):
    """Work run in a worker finished: ``done`` takes its result on the event loop. ``game``: the game it was for
    (tui/drivers.IoRunner's ``of_game``)."""

    def __init__(self, done: Callable[[Any], None], result: Any, game: Callable[[], object]) -> None:
        super().__init__()
        self.done = done
        self.result = result
        self.game = game


class VirginQueenApp(CoveredScreensApp, CrashLoggedApp):
    CSS_PATH = Path(__file__).parent / "styles" / "app.tcss"
    TITLE = "The Virgin Queen"
    # Textual's command palette crashes on fast keys (Ctrl+P then Enter x3: ScreenStackError; Ctrl+P
    # then PageUp: KeyError in its option list) and offers a player nothing the screens lack: every
    # action has its own key, and the theme has its own screen (h on the title screen).
    ENABLE_COMMAND_PALETTE = False
    # The keys of a game (k, c, Ctrl+L) are on every game screen: tui/screens/keys.py. Ctrl+S too, here:
    # every screen of a game (the board, reports, the hand-off, overlays) saves a copy, or says why not;
    # a priority binding, as Ctrl+Q is, since a modal screen (a report) hides the app's other keys
    BINDINGS = [Binding("ctrl+s", "save", N_("Save"), show=False, priority=True)]

    def __init__(
        self,
        save_dir: Path = Path("saves"),
        player: str = "",
        lobby: bool = False,
        player_fixed: bool = False,
        data: GameData | None = None,
        key_players: Sequence[str] = (),
    ) -> None:
        """``lobby``: start in the lobby of shared games (``--store``, or over SSH) as ``player``;
        ``player_fixed``: the name cannot be changed (over SSH it is the key's); ``key_players``: every
        player the SSH server lets in (a new shared game's names are checked by them)."""
        super().__init__()
        strips_make_caches_at_first_use()
        clean_stale_temp_files(save_dir)  # left by saves killed mid-write (before the app runs)
        self._game_saved = last_played(save_dir) is not None  # the title's Continue: looked for before the app runs, as above
        self.terminal = Terminal(save_dir, data, player or getpass.getuser(), player_fixed, key_players)  # data None: read after the first frame
        self.starts_in_lobby = lobby
        self._too_small: TooSmallScreen | None = None
        self._kept_screens: set[str] = set()  # installed to be kept between opens (tui/screens/kept.py)
        self.refusal = ""  # why the app ended at once (bad game data, an unexpected error), said once the terminal is given back
        self._chat_toasts: deque[Notification] = deque()  # the table talk's toasts shown, oldest first
        self._notice_toast: Notification | None = None  # the game's latest notice shown as a toast

    def end_on_unexpected_error(self, error: BaseException) -> None:
        self.refusal = log_unexpected(self.terminal.save_dir, N_("running the app"), error)

    def run_in_terminal(self) -> int:
        """Run in this terminal; then, when the app refused to go on, say why in one line (a line
        Textual printed on exit would be wrapped at the terminal's width, path names and all)."""
        self.run()
        if self.refusal:
            print(self.refusal, file=sys.stderr, flush=True)
        return self.return_code or 0

    def get_default_screen(self) -> TitleScreen | LobbyScreen:
        if self.starts_in_lobby:
            return lobby_screen()(self.terminal)
        shown = self.screen_stack[0] if self.screen_stack else None  # a title made anew in another language
        return TitleScreen(self.terminal, shown.can_continue if isinstance(shown, TitleScreen) else self._game_saved)

    def on_mount(self) -> None:
        theme = Settings.read(self.terminal.save_dir).theme
        if theme in self.available_themes:
            self.theme = theme
        self._check_size(self.size.width, self.size.height)
        self.set_interval(POLL_SECONDS, self._tick)
        # a toast is about the screen it came on: it goes with it (play-test: a refusal stayed over
        # the next screens, "Walkthrough done" included)
        self.screen_change_signal.subscribe(self, lambda _screen: self.clear_notifications())

    def on_ready(self) -> None:
        """The first frame is drawn: the game data is read in a worker (importing its classes and reading
        it took ~80 ms that the first frame waited for; bad data ends the app: _data_refused), then what
        the next screens need is made meanwhile. A key that needs the data sooner waits for that read."""
        self.run_io(lambda: self.terminal.read_data(self.post_message), self._game_data_read)

    def _game_data_read(self, data: GameData | None) -> None:
        if data is None:
            return
        self.set_timer(COMPOSE_AHEAD_AFTER_SECONDS, self._compose_ahead)
        self.set_timer(WARM_UP_AFTER_SECONDS, lambda: self.run_io(warm_up_game_machinery, self._warmed_up))

    @on(GameDataRefused)
    def _data_refused(self, message: GameDataRefused) -> None:
        self.refusal = _("virgin-queen: bad game data: {problem}").format(problem=message.problem)
        self.exit(return_code=2)

    def _warmed_up(self, _loaded: None) -> None:
        """The title looks at the last game again, to name it (reading a save needs the engine). The
        modules, the game data, the title and the new-game form live as long as the process: the garbage
        collector stops looking through them (gc.freeze). Its full collections, every few dozen keys of
        a game, looked through ~170,000 objects (~130 ms, the slowest hand-offs' Enter); ~100,000 after.
        In a real terminal only: headless (the tests) the process is not the app's alone."""
        if not self.is_headless:
            gc.freeze()
        title = self._title_on_top()
        if title is not None:
            title.offer_continue()

    def _compose_ahead(self) -> None:
        title = self._title_on_top()
        if title is not None:
            title.compose_ahead()

    def _title_on_top(self) -> TitleScreen | None:
        """The title screen, if nothing covers it (none at all once the app is closing)."""
        top = self.screen_stack[-1] if self.screen_stack else None
        return top if isinstance(top, TitleScreen) else None

    def get_driver_class(self) -> type[Driver]:
        return prompt_input_driver(super().get_driver_class())

    @cached_property
    def controller(self) -> Controller:
        """The game machinery, loaded with the first game (the title screen does not wait for it)."""
        load_game_machinery()
        from tui.controller import Controller

        return Controller(self.terminal, self.post_message, self.run_io)

    @cached_property
    def board(self) -> Board:
        controller = self.controller  # loads the game machinery, the game screens with it
        from tui.board import Board

        return Board(self, controller)

    @property
    def playing(self) -> bool:
        """A game is on screen (the controller was loaded for it)."""
        return self._game_on_screen() is not None

    def _tick(self) -> None:
        """A few times a second: the game's background work (a shared game follows the other terminals)."""
        if self.playing:
            self.controller.driver.tick()

    # ---- work off the event loop ------------------------------------------------------------------

    def run_io(self, work: Callable[[], T], done: Callable[[T], None], failed: Callable[[str], None] | None = None,
               of_game: Callable[[], object] | None = None) -> None:
        """tui/drivers.IoRunner: ``work`` in a thread worker, then ``done`` with its result on the loop;
        an error ``work`` did not expect is logged with its traceback, then ``failed`` gets the line."""
        save_dir, on_screen = self.terminal.save_dir, self._game_on_screen()
        game = of_game or (lambda: on_screen)

        def job() -> None:
            try:
                result = work()
            except Exception as exc:  # the work caught what it expects: this is a bug, kept in the log
                self.post_message(IoDone(failed or self._show_problem, log_unexpected(save_dir, N_("working in the background"), exc), game))
                return
            self.post_message(IoDone(done, result, game))

        self.run_worker(job, thread=True, group="io", exit_on_error=False)

    @on(IoDone)
    def _io_done(self, message: IoDone) -> None:
        try:
            message.done(message.result)
        except Exception as exc:
            doing = N_("following up work done in the background")
            if message.game() is not self._game_on_screen():  # review: another game's (or none's) bug closed the one on screen
                self._show_problem(log_unexpected(self.terminal.save_dir, doing, exc))
                return
            self.controller.crashed(doing, exc)

    def _game_on_screen(self) -> object | None:
        return self.controller.driver if "controller" in self.__dict__ else None

    # ---- intents: every one goes to the controller -------------------------------------------------

    @on(Intent)
    def _intent(self, intent: Intent) -> None:
        if isinstance(intent, ChooseTheme):
            self._choose_theme(intent.theme)
            return
        if isinstance(intent, ChooseLanguage):
            self._choose_language(intent.language)
            return
        if isinstance(intent, SetPlayerName):
            self.terminal.player = intent.name
            return
        if isinstance(intent, LeaveGame) and "controller" not in self.__dict__:  # no game was ever asked for
            self._game_closed(GameClosed(intent.to))
            return
        try:
            self.controller.handle(intent)
        except Exception as exc:  # an engine bug: logged with its traceback, the game kept as it was
            self.controller.crashed(N_("taking what was asked"), exc, type(intent).__name__)

    def _choose_theme(self, theme: str) -> None:
        """Use the theme now and at every later start (settings.json in the save folder)."""
        self.theme = theme
        save_dir = self.terminal.save_dir
        self.run_io(lambda: update_settings(save_dir, theme=theme), self._show_problem)

    def _choose_language(self, language: str) -> None:
        """Read everything in ``language`` from now on, and at the next starts: this terminal's choice
        in settings.json, or the connecting player's own (over SSH or a browser the name is fixed)."""
        if language not in LANGUAGES:
            return
        i18n.use(language)
        save_dir, player = self.terminal.save_dir, self.terminal.player if self.terminal.player_fixed else None
        self.run_io(lambda: update_settings(save_dir, language=language, player=player), self._show_problem)
        self._show_anew()

    def install_screen(self, screen: Screen[Any], name: str) -> None:
        super().install_screen(screen, name)
        self._kept_screens.add(name)

    def _show_anew(self) -> None:
        """Every screen made again, in the language just chosen: the screens kept between opens are
        dropped (made anew at their next open), and the first screens (the title, the lobby) replaced."""
        for name in sorted(self._kept_screens):
            if not self.is_screen_installed(name):
                continue
            kept = self.get_screen(name)
            if kept in self.screen_stack:
                continue
            self.uninstall_screen(name)
            self._kept_screens.discard(name)
            if kept.is_mounted:
                kept.remove()
        if self.playing:  # what a game's screens write when they are shown follows at once
            self.post_message(BoardChanged())
            return
        lobby_above = any(isinstance(screen, lobby_screen()) for screen in self.screen_stack[1:])
        self._too_small = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        replace_first_screen(self, self.get_default_screen())
        self.set_timer(COMPOSE_AHEAD_AFTER_SECONDS, self._compose_ahead)  # the new title's form, in its language
        if lobby_above:
            self.push_screen(lobby_screen()(self.terminal))
        self._check_size(self.size.width, self.size.height)

    def action_lobby(self) -> None:
        self.post_message(LeaveGame(Destination.LOBBY))

    def action_save(self) -> None:
        self.post_message(SaveCopy())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "walkthrough_controls":
            return self.playing and self.controller.on_screen().lesson is not None
        if action in ("lobby", "chat"):
            return self.playing and self.controller.on_screen().shared
        if action in ("save", "game_menu"):
            return self.playing
        return True

    def action_chat(self) -> None:
        from tui.screens.chat import ChatScreen

        if not isinstance(self.screen, ChatScreen):
            self.push_screen(ChatScreen(self.controller.chat()), self.board.show_reports_due)

    def action_walkthrough_controls(self) -> None:
        from tui.screens.walkthrough_menu import WalkthroughControls

        lesson = self.controller.on_screen().lesson
        if lesson is not None:
            self.push_screen(WalkthroughControls(lesson))

    # ---- what the controller says -----------------------------------------------------------------

    @on(BoardChanged)
    def _board_changed(self, message: BoardChanged) -> None:
        # the game may have been left since (a choice and a leave in one burst of keys); and the app, as it
        # shuts down, handles the messages left after it has taken the screens' widgets down (a shared game's
        # poll answered then, and the board found no widgets: NoMatches in CI)
        if self.playing and self.is_running:
            self.board.show()

    @on(GameProblem)
    def _problem(self, message: GameProblem) -> None:
        if message.public:
            self.board.said_in_public(message.text)
        self._show_problem(message.text, message.refused_key, message.failed)

    def _show_problem(self, text: str | None, refused_key: bool = False, failed: bool = False) -> None:
        if not text:
            return
        show = getattr(self.screen, "show_problem", None)
        self.clear_notifications()  # the latest problem only: stacked, they covered the choices (play-test)
        if show is not None:  # said where the choice is made, once: a toast beside it covered the log
            show(text, refused_key, failed)
        else:
            self.notify(text, severity="error", timeout=6, markup=False)  # names and typed text are never markup

    @on(GameNotice)
    def _notice(self, message: GameNotice) -> None:
        show = getattr(self.screen, "show_notice", None)
        if show is not None:  # said in the hand-off's box (80x24: a toast covered its last rows)
            show(message.text)
            return
        # the latest notice alone: it says how things stand now (Spanish play-test: two undos' notices stacked over the log)
        if self._notice_toast is not None:  # once the Notify before it is handled
            self.call_later(withdraw_notification, self, self._notice_toast)
        self._notice_toast = Notification(message.text, "", timeout=6, markup=False)
        self.post_message(Notify(self._notice_toast))

    @on(GameClosed)
    def _game_closed(self, message: GameClosed) -> None:  # not "_closed": a MessagePump's flag of that name hides it
        if "board" in self.__dict__:  # else no game was ever shown (review: forgetting it made the machinery)
            self.board.forget_the_game()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if message.to is Destination.LOBBY and not isinstance(self.screen, lobby_screen()):
            self.push_screen(lobby_screen()(self.terminal))
        elif message.to is Destination.WALKTHROUGHS:
            from tui.screens.walkthrough_menu import WalkthroughMenu

            self.push_screen(WalkthroughMenu(self.terminal.save_dir))
        self._show_problem(message.problem)

    @on(ChatSaid)
    def _chat_said(self, message: ChatSaid) -> None:
        """The table talk on screen follows; otherwise the others' new lines show for a moment."""
        from tui.screens.chat import ChatScreen, chat_line

        if isinstance(self.screen, ChatScreen):
            self.screen.show_lines(self.controller.chat())
            return
        others = [line for line in message.lines if line.author != self.terminal.player]
        if len(others) > CHAT_TOASTS:
            count = len(others)
            toasts = [Notification(ngettext("{count} new line of table talk: c reads them", "{count} new lines of table talk: c reads them",
                                            count).format(count=count), "", timeout=CHAT_TOAST_SECONDS, markup=False)]
        else:
            toasts = [Notification(chat_line(line), _("Table talk (c)"), timeout=CHAT_TOAST_SECONDS, markup=False) for line in others]
        for toast in toasts:
            self.post_message(Notify(toast))
            self._chat_toasts.append(toast)
        while len(self._chat_toasts) > CHAT_TOASTS:
            self.call_later(withdraw_notification, self, self._chat_toasts.popleft())  # once the Notify before it is handled

    @on(WalkthroughFinished)
    def _walkthrough_finished(self, message: WalkthroughFinished) -> None:
        from tui.screens.walkthrough_menu import WalkthroughDone

        self.push_screen(WalkthroughDone(message.title, message.text, message.game_over))

    def on_unmount(self) -> None:
        if self.playing:
            self.controller.driver.close(exiting=True)

    async def action_quit(self) -> None:
        """Ctrl+Q (a priority key, handled as soon as it is read): quit once what the keys read before it
        set going is done (saves play-test: a choice typed in the same burst as Ctrl+Q was lost); moves that
        would be lost are said once first (``may_leave``)."""
        if self.playing:
            from tui.drivers import Refused  # loaded with the game, as the controller is

            try:
                self.controller.driver.may_leave()
            except Refused as exc:
                self._show_problem(str(exc), failed=True)
                return
        self.set_timer(QUIT_AT_THE_LATEST_SECONDS, self.exit)  # review: a round whose callback is never run
        self._quit_after_keys(QUIT_MOST_ROUNDS)

    def _quit_after_keys(self, rounds: int) -> None:
        """Each round, every node of the screen handles what is queued for it, then the app does; the app
        quits after a round that leaves nothing queued."""
        nodes = list(self.screen.walk_children(with_self=True))
        if rounds == 0 or not any(node.message_queue_size for node in (self, *nodes)) and rounds < QUIT_MOST_ROUNDS:
            self.exit()
            return
        left = len(nodes)

        def one_done() -> None:
            nonlocal left
            left -= 1
            if left == 0:
                self.call_later(self._quit_after_keys, rounds - 1)

        for node in nodes:
            if not node.call_later(one_done):  # a node already closed has nothing queued
                one_done()

    # ---- views reachable from any game screen ---------------------------------------------------------------

    def action_rule_help(self) -> None:
        self.board.rule_help()

    def action_royals(self) -> None:
        self.board.royals()

    def action_patronage_chart(self) -> None:
        self.board.patronage_chart()

    def action_powers(self) -> None:
        self.board.powers()

    def action_discards(self) -> None:
        self.board.discards()

    def action_full_log(self) -> None:
        self.board.full_log()

    def action_map(self) -> None:
        self.board.map()

    def action_help_quit(self) -> None:
        """Ctrl+C, which Textual answers in English only with how to quit (hostile play-test, at a game): said in the
        player's language, with what quitting keeps."""
        self.notify(_("Ctrl+Q quits; a game is kept, and Continue goes on with it. Esc in a game opens its menu."),
                    title=_("Do you want to quit?"), markup=False)

    def action_game_menu(self) -> None:
        self.board.menu_key()

    def action_skip_reports(self) -> None:
        self.board.skip_reports()

    def action_vp_chart(self) -> None:
        self.board.vp_chart()

    # ---- a keyboard set to another alphabet ----------------------------------------------------------

    def on_key(self, event: Key) -> None:
        """A letter of another layout that no text box took (they stop the keys they type): the Latin
        letter at its place on the keyboard, pressed instead (tui/key_layouts.py). Handled before the
        app's own bindings, which no such letter matches."""
        latin = latin_key(event.character)
        if latin is not None:
            event.prevent_default()
            self.post_message(Key(latin, latin))

    # ---- a terminal that is too small -----------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        if too_small and self._too_small is None:
            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif too_small and self._too_small is not None and self._too_small.is_mounted:
            self._too_small.show_size(width, height)
        elif not too_small and self._too_small is not None:
            notice, self._too_small = self._too_small, None
            with self.batch_update():  # one frame: the board uncovered is not drawn before a hand-off due takes it down (GEN-8)
                if self.screen is notice:
                    self.pop_screen()
                if self.playing and self.is_running:  # what happened to the game meanwhile (hand-offs included)
                    self.board.show()


# argparse's own words (the "usage:" line, the options heading, its refusals) in the player's language:
# argparse reads them through its module's gettext functions, which ``arguments_in_language`` replaces;
# marked here for the tui catalogs (Python 3.11's wording: a newer Python's changed one shows in English)
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("the following arguments are required: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def _given(argv: list[str], option: str) -> str | None:
    """The value of ``option`` in ``argv`` (``--lang ru`` or ``--lang=ru``), read before the parser is
    made: the language of the help and of the parser's refusals comes first."""
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == option and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith(f"{option}="):
            return arg.split("=", 1)[1]
    return None


def known_languages() -> str:
    """``en (English), es (Español), ru (Русский)``: each language with its name in its own words."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def use_language_asked(program: str, argv: list[str], stored: Callable[[Path], str], default_save_dir: Path = Path("saves")) -> bool:
    """Choose this process's language (``language_for``: ``--lang``, VQ_LANG, the choice kept in the
    save folder by ``stored``, the locale) and have argparse speak it too; False (after saying why)
    when ``--lang`` names a language the game does not have."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    asked = _given(argv, "--lang") or ""
    save_dir = Path(_given(argv, "--save-dir") or default_save_dir)
    try:
        i18n.use(language_for(asked, os.environ, stored(save_dir)))
    except UnknownLanguage:
        i18n.use(language_for("", os.environ, stored(save_dir)))
        print(_("{program}: no language {language!r}: choose one of {known}").format(program=program, language=asked, known=known_languages()), file=sys.stderr)
        return False
    return True


def add_language_argument(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument(
        "--lang", metavar="|".join(LANGUAGES), default="",
        help=_("the language of the game: {known}; by default {default}").format(known=known_languages(), default=default),
    )


def save_folder_refused(save_dir: Path) -> bool:
    """The games cannot be kept in ``save_dir`` (said in one line on stderr): the app, serve and web end at once
    with exit status 2 (review: a name too long for the system still ended the servers in a traceback)."""
    refusal = _save_folder_refusal(save_dir)
    if refusal:
        print(refusal, file=sys.stderr)
    return bool(refusal)


def _save_folder_refusal(save_dir: Path) -> str:
    """Why the games cannot be kept in ``save_dir``, in one line ("" when they can, or it can be made)."""
    try:
        if save_dir.exists() and not save_dir.is_dir():  # hostile-files play-test: Load said "No saved games yet"
            return _("virgin-queen: the save folder {folder} is not a folder: choose another with --save-dir").format(folder=save_dir)
    except OSError as exc:  # QA: a name too long for the system gave a traceback
        return _("virgin-queen: the save folder {folder} cannot be used ({problem}): choose another with --save-dir").format(
            folder=save_dir, problem=exc.strerror or exc,
        )
    return ""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:
        from tui.serve import main as serve

        return serve(argv[1:])
    if argv[:1] == ["web"]:
        from tui.web import main as web

        return web(argv[1:])
    over_ssh = os.environ.get(PLAYER_ENV, "")  # the SSH key's name: only the lobby, as that player
    if not use_language_asked("virgin-queen", argv, lambda save_dir: Settings.read(save_dir).language_of(over_ssh or None)):
        return 2
    parser = argparse.ArgumentParser(
        prog="virgin-queen",
        description=_("The Virgin Queen, in the terminal."),
        epilog=_("'virgin-queen serve --help': host games over SSH, one terminal per player; "
                 "'virgin-queen web --help': the game in a browser."),
    )
    parser.add_argument("--save-dir", type=Path, default=Path("saves"), help=_("where games are saved (default ./saves)"))
    parser.add_argument("--store", action="store_true", help=_("start in the lobby of shared games (SAVE_DIR/games.sqlite3)"))
    parser.add_argument("--player", default="", help=_("your name in shared games (default: your login name)"))
    add_language_argument(parser, _(
        "VQ_LANG, else the language chosen on the title screen (i, kept in SAVE_DIR/settings.json), "
        "else the locale (LC_ALL, LC_MESSAGES, LANG), else English; --lang and VQ_LANG leave the kept choice as it is"
    ))
    args = parser.parse_args(argv)
    if save_folder_refused(args.save_dir):
        return 2
    app = VirginQueenApp(
        args.save_dir, player=over_ssh or args.player, lobby=bool(over_ssh) or args.store, player_fixed=bool(over_ssh),
        key_players=players_named(os.environ),
    )
    leave_at_once(app.run_in_terminal())


def leave_at_once(code: int) -> NoReturn:
    """The app has closed, restored the terminal and written its autosaves (``asyncio.run`` waits for
    the workers' threads before ``run`` returns): end the process without tearing the game's objects
    down one by one, which the system does at once (play-test: Ctrl+Q took up to 1.8 s after a game)."""
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
