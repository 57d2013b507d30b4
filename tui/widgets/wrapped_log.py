"""A RichLog whose lines are wrapped at its own width, and again at a new one."""

from __future__ import annotations

from collections import deque
from typing import Any, Self

from textual import events
from textual.widgets import RichLog


class WrappedLog(RichLog):
    """Text lines added with ``add``. A RichLog wraps a line once, as it is written, and measures it against the
    app's console, 80 columns whatever the terminal: at 120x40 the board's log strip still wrapped at 80
    (hot-seat play-test). These are written at the log's width, and written again at a new one."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._texts: deque[str] = deque(maxlen=options.get("max_lines"))
        self._width = 0  # the width the lines are written at (0: not laid out yet, written once it is)

    def add(self, text: str) -> None:
        self._texts.append(text)
        if self._width:
            self.write(text, width=self._width)

    def clear(self) -> Self:
        self._texts.clear()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width != self._width:
            self._width = width
            super().clear()
            for text in self._texts:
                self.write(text, width=width)
