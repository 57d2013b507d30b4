"""Title, load and theme screens (the new-game form: tui/screens/new_game.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.content import Content
from textual.widgets.option_list import Option

from core.atomic import STORE_NAME
from core.i18n import N_, _, ngettext, pgettext
from tui.error_log import errors_logged
from tui.key_layouts import stray_key
from tui.machinery import load_game_machinery, lobby_screen, machinery_loaded
from tui.messages import ChooseTheme, ContinueGame, LoadGame
from tui.screens.kept import kept_screen
from tui.screens.language import ALL_LANGUAGES, LanguageScreen
from tui.screens.picker import PickerScreen
from tui.settings import Settings
from tui.slots import game_slots
from tui.textual_private import SteadyOptionList, being_taken_down, compose_ahead, widgets_up
from tui.widgets.key_menu import KeyMenu, MenuEntry
from tui.widgets.key_footer import KeyFooter
from tui.widgets.texts import say_in, set_text

if TYPE_CHECKING:
    from core.gamedata import GameData
    from tui.screens.new_game import NewGameScreen
    from tui.terminal import Terminal


# The title's menu after Continue (offered once a game is found) and before the languages and Quit.
TITLE_MENU = (
    ("new", N_("New game (n)")),
    ("load", N_("Load game (l)")),
    ("shared", N_("Shared games (s)")),
    ("walkthroughs", N_("Walkthroughs (k)")),
    ("rules", N_("Rules (r)")),
    ("about", N_("About (a)")),
    ("theme", N_("Theme (h)")),
    ("quit", N_("Quit (q)")),
)


LAST_GAME_UNREAD = "\n"  # the two lines of a game's name, before it is read


def _describe_last_game(slots: list[Path], data: GameData) -> str:
    """The game Continue goes on with, the first of ``slots`` that opens as Continue opens it (tui/openings.py):
    its scenario, start, people, turn and phase (play-test: Continue did not say which game), and the newer
    slots passed over; "" when none can be read (Continue then says why). Reading a save needs the engine:
    only once the game machinery is loaded."""
    from core import saves
    from tui.slots import summary_of

    for passed, slot in enumerate(slots):
        try:  # review: read only for its summary, a slot whose action log was damaged was named, then passed over
            opened = saves.open_save(slot, data)
        except (saves.SaveError, OSError):
            continue
        summary = summary_of(slot, opened.save)
        named = _("Last played: {game}\nturn {turn}, {phase}").format(game=summary.heading(), turn=summary.turn, phase=_(summary.phase))
        return "\n".join((named, _passed_over(slots[:passed]))) if passed else named
    return ""


def _passed_over(damaged: list[Path]) -> str:
    """The newer slots Continue passes over: the newest named whole, the others counted (a line each would
    push the menu off the screen). QA: Continue refused a damaged newest slot, and the healthy game before
    it was not offered."""
    newest, more = damaged[0].name, len(damaged) - 1
    if not more:
        return _("Passed over {file}, which cannot be loaded").format(file=newest)
    return ngettext("Passed over {file} and {count} more: none can be loaded", "Passed over {file} and {count} more: none can be loaded", more).format(
        file=newest, count=more,
    )


class TitleScreen(Screen[None]):
    BINDINGS = [
        # short labels: every key fits the footer at 80 columns
        Binding("c", "continue_game", N_("Continue")),
        Binding("n", "new_game", N_("New")),
        Binding("l", "load_game", N_("Load")),
        Binding("s", "shared_games", N_("Shared")),
        Binding("k", "walkthroughs", N_("Learn")),
        Binding("r", "rules", N_("Rules")),
        Binding("a", "about", N_("About")),
        Binding("h", "theme", N_("Theme")),
        Binding("i", "language", N_("Language"), show=False),  # its menu line names every language in its own words
        Binding("q", "app.quit", N_("Quit")),
        Binding("question_mark", "rules", N_("Rules"), show=False),  # as ? on the board (play-test: it did nothing here)
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(_("THE VIRGIN QUEEN"), id="title", markup=False)
            yield Static(_("1559-1598 - rules-enforced, hot-seat, for 1 to 6 people"), markup=False)
            # the game Continue goes on with, named once read; its two lines are kept from the first frame
            # when a game was saved, so that the menu does not move under a returning player's Enter
            last_game = Static(LAST_GAME_UNREAD, id="last-game", markup=False)
            last_game.display = self.can_continue
            yield last_game
            your_turn = Static("", id="your-turn", markup=False)
            your_turn.display = False  # until a shared game is found waiting for this player
            yield your_turn
            with Center():
                yield KeyMenu(self._menu(), id="title-menu")
            said = Static("", id="title-said", markup=False)
            said.display = False  # until a key needs an answer
            yield said
        yield KeyFooter()

    def on_key(self, event: events.Key) -> None:
        """A printable key bound to nothing says so, as on the board (play-test: z did nothing here, and said nothing)."""
        key = stray_key(event, self.active_bindings)
        if key:
            say_in(self.query_one("#title-said", Static), _("{key}: no such key here: each line of the menu names its key").format(key=key))
        elif event.key == "escape":  # language play-test: Esc did nothing here, and said nothing
            say_in(self.query_one("#title-said", Static), _("Esc: this is the title screen, nothing to go back to; q quits"))

    def _menu(self) -> list[MenuEntry]:
        """The menu, Continue first once a game slot is found; each line names its key. One text, not
        a button per line: nine buttons and their styles were a third of the title's first frame."""
        entries = [("continue", _("Continue (c)"))] if self.can_continue else []
        entries += [(entry, _(label)) for entry, label in TITLE_MENU]
        entries.insert(len(entries) - 1, ("language", f"{ALL_LANGUAGES} (i)"))  # every language in its own words
        return entries

    @on(KeyMenu.Chosen, "#title-menu")
    def _chosen(self, event: KeyMenu.Chosen) -> None:
        actions = {
            "continue": self.action_continue_game,
            "new": self.action_new_game,
            "load": self.action_load_game,
            "shared": self.action_shared_games,
            "walkthroughs": self.action_walkthroughs,
            "rules": self.action_rules,
            "about": self.action_about,
            "theme": self.action_theme,
            "language": self.action_language,
            "quit": self.app.exit,
        }
        actions[event.entry]()

    def __init__(self, terminal: Terminal, game_saved: bool) -> None:
        """``game_saved``: a game slot is in the save folder, as the app found it before it ran (or as
        the title this one replaces found it): Continue leads the menu from the first frame, and Enter at
        once continues the last game, as a returning player expects."""
        super().__init__()
        self.terminal = terminal
        self.can_continue = game_saved

    def on_screen_resume(self) -> None:
        for said in self.query("#title-said").results(Static):  # the answer to a key pressed before a screen was opened is over
            say_in(said, "")
        # after a frame (the first one too: the worker's imports would share its CPU), and only once it
        # stays on top: a board taken down for a hand-off uncovers it for no frame
        self.call_after_refresh(lambda: self.offer_continue() if self.is_current else None)

    @work(thread=True, exclusive=True, group="title", exit_on_error=False)
    def offer_continue(self) -> None:
        """Each time the title is shown, and once the warm-up has loaded the engine: Continue is offered
        when a game slot is in the save folder, with the game it goes on with named, and the shared
        games waiting for this player are counted (all looked up off the event loop). Without a store
        there are none, and the store's module (it imports the engine: a third of a start-up) is not
        loaded to say so."""
        with errors_logged(self, self.terminal.save_dir, N_("looking for a game to continue")):
            slots = game_slots(self.terminal.save_dir)
            # the first look comes before the warm-up has loaded the engine: the app looks again after it
            last_game = _describe_last_game(slots, self.terminal.data) if machinery_loaded() else None
            waiting = 0
            if (self.terminal.save_dir / STORE_NAME).exists():  # never made just to be asked
                load_game_machinery()  # the store's module imports the engine
                from tui.shared_games import SharedGames

                games = SharedGames(self.terminal.save_dir, self.terminal.data)
                try:
                    waiting = games.waiting_for(self.terminal.player)
                except SharedGames.ERRORS:
                    pass  # the lobby says what is wrong with the store
                finally:
                    games.close()
            self.app.call_from_thread(self._show_continue, bool(slots), waiting, last_game)

    def _show_continue(self, found: bool, waiting: int, last_game: str | None) -> None:
        """``last_game``: the line naming it ("" for none), None when not read yet (the engine not loaded)."""
        if not widgets_up(self):  # not shown yet, or taken down (the app closing)
            return
        shown = self.query_one("#last-game", Static)
        if last_game is not None:
            set_text(shown, last_game)
        shown.display = found and (last_game is None or bool(last_game))
        if found != self.can_continue:
            self.can_continue = found
            self.query_one("#title-menu", KeyMenu).set_entries(self._menu())
        your_turn = self.query_one("#your-turn", Static)
        your_turn.update(ngettext("Your turn in {count} shared game (s)", "Your turn in {count} shared games (s)", waiting).format(count=waiting))
        your_turn.display = waiting > 0
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_continue if action == "continue_game" else True

    def action_continue_game(self) -> None:
        self.post_message(ContinueGame())

    def action_new_game(self) -> None:
        """The form as it was left, or as composed ahead, with its seed secret again (none typed)."""
        if self.terminal.read_data(self.post_message) is None:  # typed before the app read bad data
            return
        form = self._new_game_form()
        form.forget_typed_seed()
        self.app.push_screen(form)

    def compose_ahead(self) -> None:
        """The new-game form, the first thing most players open, composed while the title waits for a
        key: building and styling its widgets took ~0.2 s of CPU that n waited for."""
        compose_ahead(self.app, self._new_game_form())

    def _new_game_form(self) -> NewGameScreen:
        from tui.screens.new_game import NewGameScreen  # with the game data, after the title's first frame

        return kept_screen(self.app, "new-game", lambda: NewGameScreen(self.terminal.data, remembered=Settings.read(self.terminal.save_dir).seats))

    def action_load_game(self) -> None:
        self.app.push_screen(LoadScreen(self.terminal.save_dir))

    def action_shared_games(self) -> None:
        """The lobby of games shared through the store (other terminals, SSH players, browsers)."""
        self.app.push_screen(lobby_screen()(self.terminal))

    def action_walkthroughs(self) -> None:
        load_game_machinery()
        from tui.screens.walkthrough_menu import WalkthroughMenu

        self.app.push_screen(WalkthroughMenu(self.terminal.save_dir))

    def action_rules(self) -> None:
        from tui.screens.rules_browser import RulesBrowser

        self.app.push_screen(RulesBrowser())

    def action_theme(self) -> None:
        self.app.push_screen(ThemeScreen())

    def action_language(self) -> None:
        self.app.push_screen(LanguageScreen())

    def action_about(self) -> None:
        from core.gamedata import PROVISIONAL_NOTE
        from tui.screens.overlays import TextScreen  # with the game screens, loaded on demand

        data = self.terminal.read_data(self.post_message)
        if data is None:  # typed before the app read bad data: it ends, saying why
            return
        tables = (data.royals, data.artists, data.scientists, data.cards, data.spaces)
        text = _(
            "{note}\n\nProvisional records: {provisional} of {records}.\n"
            "Override file in use: {override}\nSave folder: {folder}"
        ).format(
            note=_(PROVISIONAL_NOTE),
            provisional=sum(r.provisional for t in tables for r in t.values()),
            records=sum(len(t) for t in tables),
            override=data.override_file or pgettext("no override file", "none"),
            folder=self.terminal.save_dir,
        )
        self.app.push_screen(TextScreen(_("About - provisional data"), text))


class SaveList(SteadyOptionList):
    BINDINGS = [Binding("enter", "select", N_("Load"))]  # the footer says what Enter does


class LoadScreen(Screen[None]):
    """Every save, by game (the game played most recently first: its autosave, then its saved copies),
    each with its turn, phase and when it was written, under the game's scenario, start and people
    (read off the event loop: a folder of many saves fills the list as soon as it is read)."""

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"))]

    def __init__(self, save_dir: Path) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.files: list[Path] = []

    def compose(self) -> ComposeResult:
        yield Static(_("Load a game from {folder} (each game autosaves in its own file)").format(folder=self.save_dir), markup=False)
        yield SaveList(id="saves")
        yield Static(_("Reading the save folder..."), id="load-problem", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        if being_taken_down(self):  # pushed as the app closed: none of its widgets were mounted
            return
        self._read_folder()

    @work(thread=True, exclusive=True, group="load-screen", exit_on_error=False)
    def _read_folder(self) -> None:
        from tui.slots import by_game, save_files, summarise

        with errors_logged(self, self.save_dir, N_("reading the save folder")):
            groups = by_game([summarise(path) for path in save_files(self.save_dir)])
            rows = [(group[0].heading() if not group[0].problem else _("Cannot be loaded"), [(s.path, s.label()) for s in group]) for group in groups]
            self.app.call_from_thread(self._list, rows)

    def _list(self, groups: list[tuple[str, list[tuple[Path, str]]]]) -> None:
        if not widgets_up(self):  # left (its widgets taken down) while the folder was read
            return
        # a save's people and file names are text, never markup ("[/x]" in a name must not break the list)
        options: list[Option] = []
        for heading, saves in groups:
            options.append(Option(Content.styled(heading, "bold"), disabled=True))
            for path, label in saves:
                options.append(Option(Content(label), id=str(len(self.files))))
                self.files.append(path)
        listing = self.query_one("#saves", OptionList)
        listing.add_options(options)
        listing.display = bool(options)  # an empty folder: the line below says so, with no empty box above it
        if self.files:
            listing.highlighted = 1
            listing.focus()
        self.show_problem("" if self.files else _("No saved games yet."))

    @on(OptionList.OptionSelected, "#saves")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if self.is_current and event.option_id is not None:  # a second Enter in the same burst arrives after the game is on screen
            self.post_message(LoadGame(self.files[int(event.option_id)]))

    def show_problem(self, text: str, refused_key: bool = False, failed: bool = False) -> None:
        if self.is_mounted:
            self.query_one("#load-problem", Static).update(text)


class ThemeScreen(PickerScreen):
    """The colour themes; the one chosen is kept for later runs (settings.json)."""

    HEADING = N_("Theme: Enter to use it (kept for the next start), Esc to go back")
    LIST_ID = "theme-list"

    def entries(self) -> list[tuple[str, str]]:
        return [(name, name) for name in sorted(self.app.available_themes)]

    def in_use(self) -> str:
        return self.app.theme

    def chosen(self, value: str) -> ChooseTheme:
        return ChooseTheme(value)
