"""Title, new game and load screens."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.content import Content
from textual.widgets.option_list import Option

from core.atomic import STORE_NAME
from core.gamedata import PROVISIONAL_NOTE, GameData
from core.i18n import N_, _, ngettext
from tui.messages import ChooseTheme, ContinueGame, CreateSharedGame, LoadGame, StartGame
from tui.screens.kept import kept_screen
from tui.screens.language import ALL_LANGUAGES, LanguageScreen
from tui.screens.picker import PickerScreen
from tui.textual_private import SteadyOptionList, SteadySelect, compose_ahead
from tui.widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from core.setup import Seat
    from tui.terminal import Terminal


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
        Binding("i", "language", N_("Language"), show=False),  # its button names every language in its own words
        Binding("q", "app.quit", N_("Quit")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(_("THE VIRGIN QUEEN"), id="title", markup=False)
            yield Static(_("1559-1598 - rules-enforced, hot-seat, for 1 to 6 people"), markup=False)
            your_turn = Static("", id="your-turn", markup=False)
            your_turn.display = False  # until a shared game is found waiting for this player
            yield your_turn
            continue_button = Button(_("Continue (c)"), id="continue", variant="primary", compact=True)
            continue_button.display = False  # until a game slot is found (_offer_continue)
            yield continue_button
            yield Button(_("New game (n)"), id="new", compact=True)
            yield Button(_("Load game (l)"), id="load", compact=True)
            yield Button(_("Shared games (s)"), id="shared", compact=True)
            yield Button(_("Walkthroughs (k)"), id="walkthroughs", compact=True)
            yield Button(_("About (a)"), id="about", compact=True)
            yield Button(_("Theme (h)"), id="theme", compact=True)
            language = Button(f"{ALL_LANGUAGES} (i)", id="language", compact=True)
            language.can_focus = False  # reached with i (or a click): Tab goes through the others as before
            yield language
            yield Button(_("Quit (q)"), id="quit", compact=True)
        yield SteadyFooter()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {
            "continue": self.action_continue_game,
            "new": self.action_new_game,
            "load": self.action_load_game,
            "shared": self.action_shared_games,
            "walkthroughs": self.action_walkthroughs,
            "about": self.action_about,
            "theme": self.action_theme,
            "language": self.action_language,
            "quit": self.app.exit,
        }
        actions[event.button.id or "quit"]()

    def __init__(self, terminal: Terminal) -> None:
        super().__init__()
        self.terminal = terminal
        self.can_continue = False

    def on_mount(self) -> None:
        self._offer_continue()

    def on_screen_resume(self) -> None:
        # only once it stays on top: a board taken down for a hand-off uncovers it for no frame
        self.call_after_refresh(lambda: self._offer_continue() if self.is_current else None)

    @work(thread=True, exclusive=True, group="title", exit_on_error=False)
    def _offer_continue(self) -> None:
        """Continue is offered when a game slot is in the save folder, and the shared games waiting for
        this player are counted (both looked up off the event loop). Without a store there are none,
        and the store's module (it imports the engine: a third of a start-up) is not loaded to say so."""
        from tui.slots import last_played

        found = last_played(self.terminal.save_dir) is not None
        waiting = 0
        if (self.terminal.save_dir / STORE_NAME).exists():  # never made just to be asked
            from tui.shared_games import SharedGames

            games = SharedGames(self.terminal.save_dir, self.terminal.data)
            try:
                waiting = games.waiting_for(self.terminal.player)
            except SharedGames.ERRORS:
                pass  # the lobby says what is wrong with the store
            finally:
                games.close()
        self.app.call_from_thread(self._show_continue, found, waiting)

    def _show_continue(self, found: bool, waiting: int) -> None:
        if not self.is_mounted:
            return
        self.can_continue = found
        self.query_one("#continue", Button).display = found
        your_turn = self.query_one("#your-turn", Static)
        your_turn.update(ngettext("Your turn in {count} shared game (s)", "Your turn in {count} shared games (s)", waiting).format(count=waiting))
        your_turn.display = waiting > 0
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_continue if action == "continue_game" else True

    def action_continue_game(self) -> None:
        self.post_message(ContinueGame())

    def action_new_game(self) -> None:
        """The form as it was left, or as composed ahead, with a new seed."""
        form = self._new_game_form()
        form.new_seed()
        self.app.push_screen(form)

    def compose_ahead(self) -> None:
        """The new-game form, the first thing most players open, composed while the title waits for a
        key: building and styling its widgets took ~0.2 s of CPU that n waited for."""
        compose_ahead(self.app, self._new_game_form())

    def _new_game_form(self) -> NewGameScreen:
        return kept_screen(self.app, "new-game", lambda: NewGameScreen(self.terminal.data))

    def action_load_game(self) -> None:
        self.app.push_screen(LoadScreen(self.terminal.save_dir))

    def action_shared_games(self) -> None:
        """The lobby of games shared through the store (other terminals, SSH players, browsers)."""
        from tui.screens.lobby import LobbyScreen

        self.app.push_screen(LobbyScreen(self.terminal))

    def action_walkthroughs(self) -> None:
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
        from tui.screens.overlays import TextScreen  # with the game screens, loaded on demand

        data = self.terminal.data
        tables = (data.royals, data.artists, data.scientists, data.cards, data.spaces)
        text = _(
            "{note}\n\nProvisional records: {provisional} of {records}.\n"
            "Override file in use: {override}\nSave folder: {folder}"
        ).format(
            note=_(PROVISIONAL_NOTE),
            provisional=sum(r.provisional for t in tables for r in t.values()),
            records=sum(len(t) for t in tables),
            override=data.override_file or _("none"),
            folder=self.terminal.save_dir,
        )
        self.app.push_screen(TextScreen(_("About - provisional data"), text))


# Who may hold a power in the new-game form: a person (named beside it) or a computer player (core/bots.py).
PERSON = "person"
PERSON_PLACEHOLDER = N_("a person's name")
HOLDERS = (
    (N_("Person"), PERSON), (N_("Computer: random"), "random"), (N_("Computer: greedy"), "greedy"), (N_("Computer: search"), "search"),
)


def computer_seat_name(bot: str) -> str:
    """The name of a computer seat, kept in the game: English in every language (a seat's name is its
    identity, as a person's is; the lobby shows the kind of computer translated)."""
    return f"{bot} computer"


def seats_for(holders: dict[str, tuple[str, str]]) -> tuple[Seat, ...]:
    """Power -> (holder, name) as seats: one person seat per name (the same name = one person, GEN-2),
    one computer seat per kind of computer player holding all the powers given to it."""
    from core.setup import Seat, SeatKind

    people: dict[str, list[str]] = {}
    computers: dict[str, list[str]] = {}
    for power, (holder, name) in holders.items():
        if holder == PERSON:
            people.setdefault(name, []).append(power)
        else:
            computers.setdefault(holder, []).append(power)
    return (
        *(Seat(name, tuple(powers)) for name, powers in people.items()),
        *(Seat(computer_seat_name(bot), tuple(powers), SeatKind.COMPUTER, bot) for bot, powers in computers.items()),
    )


class NewGameScreen(Screen[None]):
    """Scenario, who holds which power (a person by name, the same name = the same person; or a
    computer player), seed, options. ``shared``: the game is created in the shared store (the lobby)."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("ctrl+n", "start", N_("Start")),
        # the form's fields are reached with Tab (play-test: the footer did not say how)
        Binding("tab", "app.focus_next", N_("Next field"), key_display="⇥"),
        Binding("shift+tab", "app.focus_previous", N_("Previous field"), key_display="⇧⇥"),
    ]
    AUTO_FOCUS = "#scenario"

    def __init__(self, data: GameData, shared: bool = False, player: str = "") -> None:
        super().__init__()
        self.data = data
        self.shared = shared
        self.player = player
        self._set_aside: dict[str, str] = {}  # power -> the person's name it had before it went to a computer
        self._seed = str(random.randrange(1, 10**6))

    def new_seed(self) -> None:
        """Opened again for another game: a new seed, and no problem left from the last one."""
        self._seed = str(random.randrange(1, 10**6))
        if self.is_mounted:
            self.query_one("#seed", Input).value = self._seed
            self.query_one("#form-problem", Static).update("")

    def _default_holder(self, index: int) -> tuple[str, str]:
        """Locally every power starts with "Player 1" (in the player's language: a name, kept as
        typed); a shared game starts with the player creating it on the first power and random
        computer players on the others."""
        if not self.shared:
            return PERSON, _("Player 1")
        return (PERSON, self.player) if index == 0 else ("random", "")

    def compose(self) -> ComposeResult:
        data = self.data
        heading = (
            _("New shared game: person or computer per power; same name = same person (GEN-2)")
            if self.shared
            else _("New game: person or computer per power; same name = same person (GEN-2)")
        )
        holders = [(_(label), value) for label, value in HOLDERS]
        with VerticalScroll(id="new-game"):
            yield Static(heading, markup=False)
            with Horizontal(classes="seat"):
                yield Label(_("Scenario").ljust(12))
                yield SteadySelect([(_(s.name), s.id) for s in data.scenarios.values()], value="campaign", allow_blank=False, id="scenario", compact=True)
            for index, power in enumerate(data.powers):
                holder, name = self._default_holder(index)
                with Horizontal(classes="seat"):
                    yield Label(f"{_(power.name):<12}")
                    yield SteadySelect(holders, value=holder, allow_blank=False, id=f"holder-{power.id}", classes="holder", compact=True)
                    yield Input(value=name, placeholder=_(PERSON_PLACEHOLDER) if holder == PERSON else "", id=f"seat-{power.id}", max_length=20, compact=True, classes="person-name", disabled=holder != PERSON)
            with Horizontal(classes="seat"):
                yield Label(_("Seed").ljust(12))
                yield Input(value=self._seed, id="seed", type="integer", compact=True)
            with Horizontal(classes="seat"):
                yield Label(_("Strict response windows (GEN-8)") + " ")
                strict = "on" if data.settings.options.strict_response_windows else "off"
                yield SteadySelect([(_("off: ask only holders"), "off"), (_("on: ask everyone"), "on")], value=strict, allow_blank=False, id="strict", compact=True)
            yield Static("", id="form-problem", markup=False)
            yield Button(_("Start (Ctrl+N)"), id="start", variant="primary", compact=True)
        yield SteadyFooter()

    @on(Select.Changed, ".holder")
    def _holder_changed(self, event: Select.Changed) -> None:
        """A computer seat shows no person's name (play-test: "Player 1" stayed, greyed, beside
        "Computer: random"); the name comes back when the seat is a person's again."""
        power = (event.select.id or "").removeprefix("holder-")
        name = self.query_one(f"#seat-{power}", Input)
        if event.value == PERSON:
            name.disabled, name.placeholder = False, _(PERSON_PLACEHOLDER)
            name.value = name.value or self._set_aside.pop(power, "")
        elif not name.disabled:
            self._set_aside[power] = name.value
            name.disabled, name.value, name.placeholder = True, "", ""

    def holders(self) -> dict[str, tuple[str, str]]:
        return {
            p: (str(self.query_one(f"#holder-{p}", Select).value), self.query_one(f"#seat-{p}", Input).value.strip())
            for p in self.data.power_ids
        }

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        # Ctrl+N twice in one burst starts one game; 'n' and Ctrl+N in one burst reach the form on top
        # of the stack before its fields are composed (a real terminal's random keys closed the app)
        if not self.is_current or not self.is_mounted:
            return
        data = self.data
        holders = self.holders()
        people = {p: name for p, (holder, name) in holders.items() if holder == PERSON}
        missing = [_(data.power_name(p)) for p, name in people.items() if not name]
        computer_names = {computer_seat_name(bot) for _label, bot in HOLDERS if bot != PERSON}
        taken = sorted({name for name in people.values() if name in computer_names})
        seed_text = self.query_one("#seed", Input).value.strip()
        problem = self.query_one("#form-problem", Static)
        if missing:
            problem.update(_("Every power needs a person (GEN-2) or a computer: name one for {powers}.").format(powers=", ".join(missing)))
            return
        if taken:
            problem.update(_("{name!r} names a computer player: give the person another name.").format(name=taken[0]))
            return
        if not seed_text.lstrip("-").isdigit():
            problem.update(_("The seed must be a whole number."))
            return
        from core.setup import Setup
        from tui.slots import started_now

        setup = Setup(
            started=started_now(),
            scenario=str(self.query_one("#scenario", Select).value),
            seed=int(seed_text),
            seats=seats_for(holders),
            strict_response_windows=self.query_one("#strict", Select).value == "on",
        )
        self.post_message(CreateSharedGame(setup) if self.shared else StartGame(setup))


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
        yield SteadyFooter()

    def on_mount(self) -> None:
        self._read_folder()

    @work(thread=True, exclusive=True, group="load-screen", exit_on_error=False)
    def _read_folder(self) -> None:
        from tui.slots import by_game, save_files, summarise

        groups = by_game([summarise(path) for path in save_files(self.save_dir)])
        rows = [(group[0].heading() if not group[0].problem else _("Cannot be loaded"), [(s.path, s.label()) for s in group]) for group in groups]
        self.app.call_from_thread(self._list, rows)

    def _list(self, groups: list[tuple[str, list[tuple[Path, str]]]]) -> None:
        if not self.is_mounted:  # left while the folder was read
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

    def show_problem(self, text: str) -> None:
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
