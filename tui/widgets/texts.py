"""Text shown in a Static only when its words change."""

from __future__ import annotations

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.widgets import Input, Static


def set_text(widget: Static, text: str) -> None:
    """Show ``text`` in ``widget`` unless it shows it already: Textual lays the whole screen out again
    after every update, the same words included (a reopened overlay, a board refreshed)."""
    if widget.content != text:
        widget.update(text)


def say_in(line: Static, text: str) -> None:
    """A line that says something about the last key or try: shown with ``text``, taking no room without."""
    line.update(text)
    line.display = bool(text)


def typed_if_focused(box: Input, character: str) -> bool:
    """The key of a priority binding that opens ``box`` (':', '/'): typed in the box when the box has the
    keys already, as its own keys type (over the selection, else at the cursor). False: the caller opens
    it, focusing it at once (Widget.focus waits for the keys already read, which then go elsewhere)."""
    if box.screen.focused is not box:
        return False
    if box.selection.is_empty:
        box.insert_text_at_cursor(character)
    else:
        box.replace(character, *box.selection)
    return True


class HangingText(Static):
    """Lines of text whose wrapped rows keep the line's indent (hot-seat play-test: in the power displays a
    wrapped "...the rest of the game, SUEZ-3)" began at the first column, under the power's name). Its
    content stays the plain text."""

    def render(self) -> Group:
        rows = []
        for line in str(self.content).split("\n"):
            words = line.lstrip(" ")
            rows.append(Padding(Text(words), (0, 0, 0, len(line) - len(words))))
        return Group(*rows)
