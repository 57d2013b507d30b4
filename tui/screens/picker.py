"""A setting chosen from a list (the colour theme, the language): Enter uses it at once and keeps it for
the next start (settings.json), Esc goes back. Each picker says what it lists, which entry is in use and
the intent its choice posts."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.i18n import N_, _
from tui.textual_private import SteadyOptionList
from tui.widgets.key_footer import KeyFooter


class PickerList(SteadyOptionList):
    BINDINGS = [Binding("enter", "select", N_("Use"))]


class PickerScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"))]
    HEADING = ""  # N_-marked: what the list is, and its keys
    LIST_ID = ""

    def entries(self) -> list[tuple[str, str]]:
        """Each entry's value and label, in the order shown."""
        raise NotImplementedError

    def in_use(self) -> str:
        raise NotImplementedError

    def chosen(self, value: str) -> Message:
        """The intent that puts ``value`` in use."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        entries = self.entries()
        self.values = [value for value, _label in entries]
        yield Static(_(self.HEADING), markup=False)
        listed = PickerList(*[Option(label, id=value) for value, label in entries], id=self.LIST_ID)
        if self.in_use() in self.values:
            listed.highlighted = self.values.index(self.in_use())
        yield listed
        yield KeyFooter()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        if self.is_current:  # a second Enter in the same burst arrives after the screen has gone
            self.app.post_message(self.chosen(self.values[event.option_index]))  # this screen is closing
            self.dismiss()
