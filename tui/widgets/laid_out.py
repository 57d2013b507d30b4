"""A Rich renderable laid out once per width and kept as text."""

from __future__ import annotations

from io import StringIO

from rich.console import Console, RenderableType
from rich.text import Text
from rich.theme import Theme
from textual.geometry import Size
from textual.widget import Widget


class LaidOut(Widget):
    """Textual lays a Rich renderable out again for every measure and repaint (a table of 40 royals:
    ~17 ms each, four times per open). This lays it out once per width and content."""

    DEFAULT_CSS = "LaidOut { height: auto; }"

    def __init__(self, theme: Theme | None = None, **kwargs: str | None) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._rich_console = Console(file=StringIO(), theme=theme, force_terminal=True, color_system="truecolor", legacy_windows=False)
        self._laid_out: tuple[int, Text, int] | None = None  # width, text, lines

    def renderable(self) -> RenderableType:
        raise NotImplementedError

    def changed(self) -> None:
        """The renderable changed: lay it out again."""
        self._laid_out = None
        self.refresh(layout=True)

    def _lay_out(self, width: int) -> tuple[int, Text, int]:
        if self._laid_out is None or self._laid_out[0] != width:
            options = self._rich_console.options.update(width=max(width, 1))
            lines = self._rich_console.render_lines(self.renderable(), options, pad=False, new_lines=False)
            text = Text("\n").join(Text.assemble(*((s.text, s.style) for s in line if not s.control)) for line in lines)
            self._laid_out = (width, text, len(lines))
        return self._laid_out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._lay_out(width)[2]

    def render(self) -> Text:
        return self._lay_out(self.content_size.width)[1]
