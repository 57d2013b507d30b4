"""Report screens for the phases that run without a decision: Card Draw, Diplomatic Status,
Winter and Victory Determination, and the end of the game. Public information only."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from core.events import Event, render
from core.views import SeatView
from tui import display
from tui.controller import Controller
from tui.widgets.tables import rows_table


class ReportScreen(ModalScreen[None]):
    BINDINGS = [Binding("enter", "dismiss_report", "Continue", priority=True), Binding("escape", "dismiss_report", "Continue")]
    HEADING = ""

    def __init__(self, controller: Controller, events: list[Event]) -> None:
        super().__init__()
        self.controller = controller
        self.events = events

    def compose(self) -> ComposeResult:
        view = self.controller.view()
        with VerticalScroll(classes="report"):
            yield Static(self.heading(), classes="report-title", markup=False)
            yield from self.body(view)
            yield Static("Press Enter to continue.", classes="hint", markup=False)
        yield Footer()

    def heading(self) -> str:
        return f"Turn {self.controller.view().turn}: {self.HEADING}"

    def body(self, view: SeatView) -> ComposeResult:
        yield from ()

    def event_lines(self, *rules: str) -> str:
        names = self.controller.power_names()
        return "\n".join(render(e, names) for e in self.events if e.rule.split("-")[0] in rules)

    def action_dismiss_report(self) -> None:
        self.dismiss(None)


class CardDrawScreen(ReportScreen):
    HEADING = "Card Draw Phase (CARD-5..CARD-7)"

    def body(self, view: SeatView) -> ComposeResult:
        yield rows_table(("Power", "Cards", "Where the count comes from (CARD-7)"), [display.deal_cells(r) for r in view.deal], "deal")
        yield Static(display.pile_line(view), markup=False)
        yield Static(self.event_lines("CARD", "MAR"), markup=False)


class DiplomaticStatusReport(ReportScreen):
    HEADING = "Diplomacy Phase - Diplomatic Status (DIP-1..DIP-6)"

    def body(self, view: SeatView) -> ComposeResult:
        yield Static(self.event_lines("DIP"), markup=False)
        yield Static("\n".join(display.minor_lines(view)), markup=False)


class MarriageReport(ReportScreen):
    HEADING = "Marriage Resolution Phase (MAR-4..MAR-8, VQ-1, AGE-1)"

    def body(self, view: SeatView) -> ComposeResult:
        yield Static(self.event_lines("MAR", "VQ", "AGE", "CARD"), markup=False)


class PatronageReport(ReportScreen):
    HEADING = "Patronage Phase (PAT-5..PAT-8, SCI-1..SCI-3)"

    def body(self, view: SeatView) -> ComposeResult:
        yield Static(self.event_lines("PAT", "SCI"), markup=False)
        yield Static("\n".join(view.markers), markup=False)


class EndOfTurnScreen(ReportScreen):
    HEADING = "Winter and Victory Determination (WIN-5)"

    def heading(self) -> str:
        return f"End of turn: {self.HEADING}"

    def body(self, view: SeatView) -> ComposeResult:
        yield rows_table(("Power", "VP", "Ledger (WIN-6)"), [display.vp_cells(r) for r in view.vp], "standings")
        yield Static(self.event_lines("DIP", "CARD", "WIN"), markup=False)


class GameOverScreen(EndOfTurnScreen):
    HEADING = "Game over"
    BINDINGS = [Binding("enter", "app.to_title", "Title screen", priority=True), Binding("l", "app.full_log", "Log")]

    def heading(self) -> str:
        view = self.controller.view()
        return f"Game over: {view.winner} wins - {view.victory}"
