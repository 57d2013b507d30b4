"""The language picker (``i`` on the title screen and in the lobby): each language named in its own
words, so that a player finds theirs whatever language is on screen. The one chosen is used at once
(every screen is made again in it) and kept for the next starts (settings.json: tui/settings.py)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core import i18n
from core.i18n import LANGUAGES, N_, _
from tui.messages import ChooseLanguage
from tui.textual_private import SteadyOptionList
from tui.widgets.steady_footer import SteadyFooter

# On the title screen's button, in every language at once
ALL_LANGUAGES = "/".join(LANGUAGES.values())


class LanguageList(SteadyOptionList):
    BINDINGS = [Binding("enter", "select", N_("Use"))]


class LanguageScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"))]

    def compose(self) -> ComposeResult:
        self.codes = list(LANGUAGES)
        yield Static(_("Language: Enter to use it (kept for the next start), Esc to go back"), markup=False)
        languages = LanguageList(*[Option(f"{name} ({code})", id=code) for code, name in LANGUAGES.items()], id="language-list")
        languages.highlighted = self.codes.index(i18n.current())
        yield languages
        yield SteadyFooter()

    @on(OptionList.OptionSelected, "#language-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if self.is_current:  # a second Enter in the same burst arrives after the screen has gone
            self.app.post_message(ChooseLanguage(self.codes[event.option_index]))  # this screen is closing
            self.dismiss()
