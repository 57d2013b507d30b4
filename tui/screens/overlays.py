"""Overlays: hot-seat hand-off, text reports, the royal and patronage displays."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from core.gamedata import PROVISIONAL_NOTE
from core.i18n import N_, _
from core.views import SeatView
from tui import display
from tui.messages import HandedOff
from tui.screens.kept import kept_screen
from tui.textual_private import StyledAnewOnlyWhenStale
from tui.widgets.scrolling import Scrolling
from tui.widgets.key_footer import KeyFooter
from tui.widgets.tables import RowsTable, rows_table


class HandoffScreen(Screen[None]):
    """GEN-2 / GEN-8: the keyboard passes to another person. The board is not under this screen: it
    was taken down before, and the next person's board is composed only after their Enter."""

    BINDINGS = [Binding("enter", "ready", N_("I am ready"), priority=True)]

    def __init__(self, person: str, power_name: str) -> None:
        super().__init__()
        self.person = person
        self.power_name = power_name

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            title = _("Pass to {person} - {power}").format(person=self.person, power=_(self.power_name))
            yield Static(title, id="handoff-title", markup=False)
            yield Static(_("Press Enter when you are ready. (The board is hidden until then.)"), markup=False)
            yield Static(_("Ctrl+S saves a copy of the game; Ctrl+Q quits."), classes="hint", markup=False)

    def action_ready(self) -> None:
        if self.is_current:  # a second Enter in one burst lands on the board
            self.post_message(HandedOff(self.person))


class TextScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", N_("Close")), Binding("q", "close", N_("Close"), show=False)]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.body_text = text

    def compose(self) -> ComposeResult:
        with Scrolling(classes="report"):
            yield Static(self.title_text, classes="report-title", markup=False)
            yield Static(self.body_text, id="text-body", markup=False)
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss(None)


class TableScreen(StyledAnewOnlyWhenStale, ModalScreen[None]):
    """A read-only display as a table (Available to Wed, the Patronage chart)."""

    BINDINGS = [Binding("escape", "close", N_("Close")), Binding("q", "close", N_("Close"), show=False)]

    def __init__(self, title: str, columns: tuple[str, ...], rows: list[tuple[str, ...]], notes: list[str]) -> None:
        super().__init__()
        self.title_text, self.columns, self.rows, self.notes = title, columns, rows, notes

    def compose(self) -> ComposeResult:
        with Scrolling(classes="report"):
            yield Static(self.title_text, classes="report-title", markup=False)
            yield rows_table(self.columns, self.rows)
            yield Static("\n".join(self.notes), id="table-notes", markup=False)
        yield KeyFooter()

    def show_table(self, rows: list[tuple[str, ...]], notes: list[str]) -> None:
        """Open as new with the rows and notes of now (the same title and columns)."""
        self.rows, self.notes = rows, notes
        if not self.is_mounted:
            return  # compose shows them
        self.query_one(RowsTable).show_rows(rows)
        self.query_one("#table-notes", Static).update("\n".join(notes))
        self.query_one(Scrolling).scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def _open_table(app: App[Any], name: str, title: str, columns: tuple[str, ...], rows: list[tuple[str, ...]], notes: list[str]) -> None:
    screen = kept_screen(app, name, lambda: TableScreen(title, columns, rows, notes))
    screen.show_table(rows, notes)
    app.push_screen(screen)


def open_royals(app: App[Any], view: SeatView) -> None:
    rows = [
        (display.mark(r.name, r.provisional), r.power, r.sex, r.family, str(r.eligibility), r.status)
        for r in view.royals
    ]
    columns = (_("Royal"), _("Power"), _("Sex"), _("Fam"), _("Elig"), _("Status"))
    notes = [_("Fam: H Habsburg, V Valois."), _(PROVISIONAL_NOTE)]
    _open_table(app, "royals", _("Available to Wed display (MAR-1)"), columns, rows, notes)


def open_patronage(app: App[Any], view: SeatView) -> None:
    rows = [(display.mark(r.name, r.provisional), r.pool, r.kind, str(r.rating), r.where) for r in view.patrons]
    notes = [*view.markers, _(PROVISIONAL_NOTE)]
    # "Name" and "Kind": the footer's "Patron" (the chart) and "Type" (a choice) are other words in Spanish and Russian
    columns = (_("Name"), _("Pool"), _("Kind"), _("Rating"), _("Where"))
    _open_table(app, "patronage", _("Patronage chart (PAT-2, PAT-8, SCI-2)"), columns, rows, notes)
