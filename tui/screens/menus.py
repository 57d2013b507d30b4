"""Title, new game and load screens."""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from core.gamedata import PROVISIONAL_NOTE
from tui.controller import Controller


class TitleScreen(Screen[None]):
    BINDINGS = [
        Binding("c", "continue_game", "Continue"),
        Binding("n", "new_game", "New game"),
        Binding("l", "load_game", "Load game"),
        Binding("k", "walkthroughs", "Walkthroughs"),
        Binding("r", "rules", "Rules"),
        Binding("a", "about", "About"),
        Binding("h", "theme", "Theme"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static("THE VIRGIN QUEEN", id="title", markup=False)
            yield Static("1559-1598 - rules-enforced, hot-seat, for 1 to 6 people", markup=False)
            yield Button("Continue (c)", id="continue", variant="primary", compact=True)
            yield Button("New game (n)", id="new", compact=True)
            yield Button("Load game (l)", id="load", compact=True)
            yield Button("Walkthroughs (k)", id="walkthroughs", compact=True)
            yield Button("About (a)", id="about", compact=True)
            yield Button("Theme (h)", id="theme", compact=True)
            yield Button("Quit (q)", id="quit", compact=True)
        yield Footer()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {
            "continue": self.action_continue_game,
            "new": self.action_new_game,
            "load": self.action_load_game,
            "walkthroughs": self.action_walkthroughs,
            "about": self.action_about,
            "theme": self.action_theme,
            "quit": self.app.exit,
        }
        actions[event.button.id or "quit"]()

    def on_mount(self) -> None:
        self._offer_continue()

    def on_screen_resume(self) -> None:
        self._offer_continue()

    def _offer_continue(self) -> None:
        from tui.slots import last_played

        controller: Controller = self.app.controller  # type: ignore[attr-defined]
        self.can_continue = last_played(controller.save_dir) is not None
        self.query_one("#continue", Button).display = self.can_continue
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return getattr(self, "can_continue", False) if action == "continue_game" else True

    def action_continue_game(self) -> None:
        self.app.controller.continue_last()  # type: ignore[attr-defined]

    def action_new_game(self) -> None:
        self.app.push_screen(NewGameScreen(self.app.controller))  # type: ignore[attr-defined]

    def action_load_game(self) -> None:
        self.app.push_screen(LoadScreen(self.app.controller))  # type: ignore[attr-defined]

    def action_walkthroughs(self) -> None:
        from tui.screens.walkthrough_menu import WalkthroughMenu

        self.app.push_screen(WalkthroughMenu(self.app.controller))  # type: ignore[attr-defined]

    def action_rules(self) -> None:
        from tui.screens.rules_browser import RulesBrowser

        self.app.push_screen(RulesBrowser())

    def action_theme(self) -> None:
        self.app.push_screen(ThemeScreen())

    def action_about(self) -> None:
        from tui.screens.overlays import TextScreen  # with the game screens, loaded on demand

        controller: Controller = self.app.controller  # type: ignore[attr-defined]
        data = controller.data
        override = data.override_file or "none"
        text = (
            f"{PROVISIONAL_NOTE}\n\nProvisional records: "
            f"{sum(r.provisional for t in (data.royals, data.artists, data.scientists, data.cards, data.spaces) for r in t.values())}"
            f" of {sum(len(t) for t in (data.royals, data.artists, data.scientists, data.cards, data.spaces))}.\n"
            f"Override file in use: {override}\nSave folder: {controller.save_dir}"
        )
        self.app.push_screen(TextScreen("About - provisional data", text))


class NewGameScreen(Screen[None]):
    """Scenario, who controls which power (same name = same person), seed, options."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("ctrl+n", "start", "Start")]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller

    def compose(self) -> ComposeResult:
        data = self.controller.data
        with VerticalScroll(id="new-game"):
            yield Static("New game - type the same name for powers one person controls (GEN-2)", markup=False)
            with Horizontal(classes="seat"):
                yield Label("Scenario    ")
                yield Select([(s.name, s.id) for s in data.scenarios.values()], value="campaign", allow_blank=False, id="scenario", compact=True)
            for power in data.powers:
                with Horizontal(classes="seat"):
                    yield Label(f"{power.name:<12}")
                    yield Input(value="Player 1", id=f"seat-{power.id}", max_length=20, compact=True)
            with Horizontal(classes="seat"):
                yield Label("Seed        ")
                yield Input(value=str(random.randrange(1, 10**6)), id="seed", type="integer", compact=True)
            with Horizontal(classes="seat"):
                yield Label("Strict response windows (GEN-8) ")
                strict = "on" if data.settings.options.strict_response_windows else "off"
                yield Select([("off: ask only holders", "off"), ("on: ask everyone", "on")], value=strict, allow_blank=False, id="strict", compact=True)
            yield Static("", id="form-problem", markup=False)
            yield Button("Start (Ctrl+N)", id="start", variant="primary", compact=True)
        yield Footer()

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        if not self.is_current:  # Ctrl+N twice in one burst starts one game
            return
        data = self.controller.data
        names = {p: self.query_one(f"#seat-{p}", Input).value.strip() for p in data.power_ids}
        missing = [data.power_name(p) for p, name in names.items() if not name]
        seed_text = self.query_one("#seed", Input).value.strip()
        problem = self.query_one("#form-problem", Static)
        if missing:
            problem.update(f"Every power needs a person (GEN-2): name one for {', '.join(missing)}.")
            return
        if not seed_text.lstrip("-").isdigit():
            problem.update("The seed must be a whole number.")
            return
        from core.setup import Setup
        from tui.slots import started_now

        setup = Setup(
            started=started_now(),
            scenario=str(self.query_one("#scenario", Select).value),
            seed=int(seed_text),
            controllers=names,
            strict_response_windows=self.query_one("#strict", Select).value == "on",
        )
        self.app.start_game(setup)  # type: ignore[attr-defined]


class LoadScreen(Screen[None]):
    """Every save, the most recently played first, with its turn, phase and the people playing."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, controller: Controller) -> None:
        from tui.slots import save_files

        super().__init__()
        self.controller = controller
        self.files = save_files(controller.save_dir)

    def compose(self) -> ComposeResult:
        from tui.slots import summarise

        yield Static(f"Load a game from {self.controller.save_dir} (each game autosaves in its own file)", markup=False)
        options = [Option(summarise(path).label(), id=str(i)) for i, path in enumerate(self.files)]
        yield OptionList(*options, id="saves")
        yield Static("" if self.files else "No saved games yet.", id="load-problem", markup=False)
        yield Footer()

    @on(OptionList.OptionSelected, "#saves")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if self.is_current:  # a second Enter in the same burst arrives after the game is on screen
            self.app.load_game(self.files[event.option_index])  # type: ignore[attr-defined]

    def show_problem(self, text: str) -> None:
        self.query_one("#load-problem", Static).update(text)


class ThemeScreen(Screen[None]):
    """The colour themes; the one chosen is kept for later runs (settings.json)."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        self.themes = sorted(self.app.available_themes)
        yield Static("Theme: Enter to use it (kept for the next start), Esc to go back", markup=False)
        themes = OptionList(*[Option(name, id=name) for name in self.themes], id="theme-list")
        if self.app.theme in self.themes:
            themes.highlighted = self.themes.index(self.app.theme)
        yield themes
        yield Footer()

    @on(OptionList.OptionSelected, "#theme-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if self.is_current:  # a second Enter in the same burst arrives after the screen has gone
            self.app.choose_theme(self.themes[event.option_index])  # type: ignore[attr-defined]
            self.dismiss()
