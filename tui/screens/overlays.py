"""Overlays: hot-seat hand-off, rule help, the full log, the royal and patronage displays."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown, Static

from core import views
from core.events import render
from core.gamedata import PROVISIONAL_NOTE
from core.rules_text import rule_text
from tui.controller import Controller
from tui.widgets.lazy_log import LazyLog
from tui.widgets.tables import rows_table


class HandoffScreen(ModalScreen[str]):
    """GEN-2 / GEN-8: blank the board and pass the keyboard; Enter when the right person has it."""

    BINDINGS = [Binding("enter", "ready", "I am ready", priority=True)]

    def __init__(self, person: str, power_name: str) -> None:
        super().__init__()
        self.person = person
        self.power_name = power_name

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            yield Static(f"Pass to {self.person} - {self.power_name}", id="handoff-title", markup=False)
            yield Static("Press Enter when you are ready. (The board is hidden until then.)", markup=False)

    def action_ready(self) -> None:
        self.dismiss(self.person)


class TextScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.body_text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="report"):
            yield Static(self.title_text, classes="report-title", markup=False)
            yield Static(self.body_text, id="text-body", markup=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


KEYS_HELP = """**Keys**

- arrows + Enter, or 1-9: choose; `:` type a choice (Tab completes it)
- `u` undo (GEN-9); `t` table action (TABLE-1); Ctrl+S save a copy; Ctrl+Q quit
- `w` Available to Wed; `p` Patronage chart; `v` power displays; `d` discard pile; `l` full log; `m` map; `g` VP chart
"""


class HelpScreen(ModalScreen[None]):
    """The pending decision's rule, rendered from the rules reference's Markdown."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def __init__(self, title: str, markdown: str) -> None:
        super().__init__()
        self.title_text = title
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="report"):
            yield Static(self.title_text, classes="report-title", markup=False)
            yield Markdown(self.markdown, id="rule-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


def help_screen(controller: Controller) -> HelpScreen:
    session = controller.session
    note = PROVISIONAL_NOTE.replace("*", "\\*")  # the note's star is the mark, not Markdown emphasis
    if session is None or session.decision is None:
        return HelpScreen("Help", f"{KEYS_HELP}\n{note}")
    pending = session.decision
    return HelpScreen(f"Rule {pending.rule} - {pending.prompt}", f"{rule_text(pending.rule)}\n\n{KEYS_HELP}\n{note}")


class LogScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller

    def compose(self) -> ComposeResult:
        session = self.controller.session
        lines: list[str] = []
        if session is not None:
            names = {p: session.data.power_name(p) for p in session.data.power_ids}
            lines = [render(event, names) for event in session.log]
        yield LazyLog(lines, id="full-log")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class TableScreen(ModalScreen[None]):
    """A read-only display as a table (Available to Wed, the Patronage chart)."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def __init__(self, title: str, columns: tuple[str, ...], rows: list[tuple[str, ...]], notes: list[str]) -> None:
        super().__init__()
        self.title_text, self.columns, self.rows, self.notes = title, columns, rows, notes

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="report"):
            yield Static(self.title_text, classes="report-title", markup=False)
            yield rows_table(self.columns, self.rows)
            yield Static("\n".join(self.notes), markup=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


def royals_screen(controller: Controller) -> TableScreen:
    session = controller.game
    rows = views.royal_rows(session.data, session.state)
    columns = ("Royal", "Power", "Sex", "Fam", "Elig", "Status")
    return TableScreen("Available to Wed display (MAR-1)", columns, rows, ["Fam: H Habsburg, V Valois.", PROVISIONAL_NOTE])


def patronage_screen(controller: Controller) -> TableScreen:
    session = controller.game
    rows = views.patronage_rows(session.data, session.state)
    notes = [*views.marker_lines(session.data, session.state), PROVISIONAL_NOTE]
    return TableScreen("Patronage chart (PAT-2, PAT-8, SCI-2)", ("Patron", "Pool", "Type", "Rating", "Where"), rows, notes)
