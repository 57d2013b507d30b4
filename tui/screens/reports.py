"""Report screens for the phases that run without a decision: Card Draw, Diplomatic Status,
Winter and Victory Determination, and the end of the game. Public information only."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from core import views
from core.events import Event, EventKind, render
from core.gamedata import GameData
from core.state import GameState
from tui.controller import Controller
from tui.screens.keys import VIEW_KEYS
from tui.widgets.tables import rows_table


class ReportScreen(ModalScreen[None]):
    """What a phase did; only Enter goes on (Escape is not Continue), the viewing keys all work."""

    BINDINGS = [Binding("enter", "dismiss_report", "Continue", priority=True), *VIEW_KEYS]
    HEADING = ""
    HINT = "Press Enter to continue."

    def __init__(self, controller: Controller, events: list[Event], turn: int) -> None:
        super().__init__()
        self.controller = controller
        self.events = events  # the events of the phase(s) this report covers, nothing later
        self.turn = turn  # the turn the phase ran in (the state may already be in the next one)

    def compose(self) -> ComposeResult:
        session = self.controller.game
        with VerticalScroll(classes="report"):
            yield Static(self.heading(), classes="report-title", markup=False)
            yield from self.body(session.data, session.state)
            yield Static(self.HINT, classes="hint", markup=False)
        yield Footer(compact=True)

    def heading(self) -> str:
        return f"Turn {self.turn}: {self.HEADING}"

    def body(self, data: GameData, state: GameState) -> ComposeResult:
        yield from ()

    def event_lines(self, *rules: str) -> str:
        data = self.controller.game.data
        names = {p: data.power_name(p) for p in data.power_ids}
        return "\n".join(
            render(e, names) for e in self.events if e.kind is not EventKind.PHASE and (not rules or e.rule.split("-")[0] in rules)
        )

    def vp_standings(self, data: GameData, state: GameState) -> Static:
        """WIN-6: each power's total and ledger, wrapped rather than cut at 80 columns."""
        lines = [f"{power} {total} VP: {ledger}" for power, total, ledger in views.vp_rows(data, state)]
        return Static("\n".join(lines), id="standings", markup=False)

    def action_dismiss_report(self) -> None:
        self.dismiss(None)


class CardDrawScreen(ReportScreen):
    HEADING = "Card Draw Phase (CARD-5..CARD-7)"

    def body(self, data: GameData, state: GameState) -> ComposeResult:
        yield rows_table(("Power", "Cards", "Where the count comes from (CARD-7)"), views.deal_rows(data, state), "deal")
        yield Static(views.pile_line(data, state), markup=False)
        yield Static(self.event_lines("CARD", "MAR"), markup=False)


class DiplomaticStatusReport(ReportScreen):
    HEADING = "Diplomacy Phase - Diplomatic Status (DIP-1..DIP-6)"

    def body(self, data: GameData, state: GameState) -> ComposeResult:
        yield Static(self.event_lines("DIP"), markup=False)
        yield Static("\n".join(views.minor_lines(data, state)), markup=False)


class MarriageReport(ReportScreen):
    HEADING = "Marriage Resolution Phase (MAR-4..MAR-8, VQ-1, AGE-1)"

    def body(self, data: GameData, state: GameState) -> ComposeResult:
        yield Static(self.event_lines("MAR", "VQ", "AGE", "CARD"), markup=False)


class PatronageReport(ReportScreen):
    HEADING = "Patronage Phase (PAT-5..PAT-8, SCI-1..SCI-3)"

    def body(self, data: GameData, state: GameState) -> ComposeResult:
        yield Static(self.event_lines("PAT", "SCI"), markup=False)
        yield Static("\n".join(views.marker_lines(data, state)), markup=False)


class EndOfTurnScreen(ReportScreen):
    HEADING = "Winter and Victory Determination (WIN-5)"

    def body(self, data: GameData, state: GameState) -> ComposeResult:
        yield Static("Standings and VP ledger (WIN-6):", markup=False)
        yield self.vp_standings(data, state)
        yield Static(self.event_lines(), markup=False)


class GameOverScreen(EndOfTurnScreen):
    HEADING = "Game over"
    HINT = "Press Enter for the title screen (the game stays in its save slot)."
    BINDINGS = [Binding("enter", "app.to_title", "Title screen", priority=True), *VIEW_KEYS]

    def heading(self) -> str:
        session = self.controller.game
        return f"Game over: {session.data.power_name(session.state.winner)} wins - {session.state.victory}"
