"""A read-only log that wraps its lines to the width and draws only the rows on screen.

The full game log (l) grows to thousands of events by turn 8; writing each one into a RichLog
renders every line up front. Here wrapping is plain string work and drawing happens per visible row,
so opening the log costs about the same at turn 8 as at turn 1.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

INDENT = "  "  # continuation rows of a wrapped line


def wrap(line: str, width: int) -> list[str]:
    """Greedy word wrap; a word longer than the width is cut into pieces."""
    if len(line) <= width:
        return [line]
    rows: list[str] = []
    current = ""
    for word in line.split(" "):
        room = width - len(current) - (1 if current else 0)
        if len(word) <= room:
            current = f"{current} {word}" if current else word
            continue
        if current:
            rows.append(current)
        current = INDENT + word if rows or current else word
        while len(current) > width:
            rows.append(current[:width])
            current = INDENT + current[width:]
    if current:
        rows.append(current)
    return rows


class LazyLog(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    LazyLog {
        background: $surface;
        overflow-y: scroll;
        overflow-x: hidden;
    }
    """

    def __init__(self, lines: list[str], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.lines = lines
        self._rows: list[str] = []
        self._wrapped_at = -1

    def on_resize(self) -> None:
        self._rewrap()

    def _rewrap(self) -> None:
        width = max(self.scrollable_content_region.width, 10)
        if width == self._wrapped_at:
            return
        self._wrapped_at = width
        self._rows = [row for line in self.lines for row in wrap(line, width)]
        self.virtual_size = Size(width, len(self._rows))
        self.scroll_end(animate=False)  # the latest events first

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        if not 0 <= index < len(self._rows):
            return Strip.blank(self.size.width, self.rich_style)
        text = self._rows[index]
        return Strip([Segment(text, self.rich_style)]).extend_cell_length(self.size.width, self.rich_style)
