"""The notice shown while the terminal is smaller than 80 x 24 (nothing is lost meanwhile)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from core.i18n import _
from tui.textual_private import being_taken_down


class TooSmallScreen(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static("", id="too-small", markup=False)

    def on_mount(self) -> None:
        if being_taken_down(self):  # pushed as the app closed: none of its widgets were mounted
            return
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small", Static).update(
            _("Please enlarge the terminal to at least 80 x 24 (now {width} x {height}). Nothing is lost.").format(width=width, height=height)
        )
