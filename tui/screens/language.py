"""The language picker (``i`` on the title screen and in the lobby): each language named in its own
words, so that a player finds theirs whatever language is on screen. The one chosen is used at once
(every screen is made again in it) and kept for the next starts (settings.json: tui/settings.py)."""

from __future__ import annotations

from core import i18n
from core.i18n import LANGUAGES, N_
from tui.messages import ChooseLanguage
from tui.screens.picker import PickerScreen

# On the title screen's menu, in every language at once
ALL_LANGUAGES = "/".join(LANGUAGES.values())


class LanguageScreen(PickerScreen):
    HEADING = N_("Language: Enter to use it (kept for the next start), Esc to go back")
    LIST_ID = "language-list"

    def entries(self) -> list[tuple[str, str]]:
        return [(code, f"{name} ({code})") for code, name in LANGUAGES.items()]

    def in_use(self) -> str:
        return i18n.current()

    def chosen(self, value: str) -> ChooseLanguage:
        return ChooseLanguage(value)
