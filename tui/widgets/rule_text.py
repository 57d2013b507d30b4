"""A rule's Markdown text drawn as one widget: bold, italics, lists and tables, wrapped to the width."""

from __future__ import annotations

from io import StringIO

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text
from rich.theme import Theme
from textual.geometry import Size
from textual.widget import Widget

# No colours: the text takes the theme's, so it reads the same on light and dark themes (Rich's
# defaults put code, which every rule ID is, in cyan on black).
RULE_THEME = Theme(
    {
        "markdown.code": "bold",
        "markdown.code_block": "none",
        "markdown.block_quote": "italic",
        "markdown.list": "none",
        "markdown.item.number": "bold",
        "markdown.h2": "bold underline",
        "markdown.h3": "bold",
        "markdown.h4": "italic",
        "markdown.link": "underline",
        "markdown.link_url": "underline",
        "markdown.table.border": "dim",
        "markdown.table.header": "bold",
        "markdown.kbd": "bold",
    }
)


class RuleText(Widget):
    """Textual's Markdown widget mounts a widget per block and styles each: 50-200 ms of CPU to show
    another rule. This lays the text out with Rich once per rule and width (1-3 ms)."""

    DEFAULT_CSS = "RuleText { height: auto; }"

    def __init__(self, **kwargs: str) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.source = ""
        self._rich_console = Console(file=StringIO(), theme=RULE_THEME, force_terminal=True, color_system="truecolor", legacy_windows=False)
        self._laid_out: tuple[str, int, Text, int] | None = None  # source, width, text, lines

    def show(self, markdown: str) -> None:
        if markdown != self.source:
            self.source = markdown
            self.refresh(layout=True)

    def _lay_out(self, width: int) -> tuple[str, int, Text, int]:
        if self._laid_out is None or self._laid_out[:2] != (self.source, width):
            options = self._rich_console.options.update(width=max(width, 1))
            lines = self._rich_console.render_lines(Markdown(self.source), options, pad=False, new_lines=False)
            text = Text("\n").join(Text.assemble(*((s.text, s.style) for s in line if not s.control)) for line in lines)
            self._laid_out = (self.source, width, text, len(lines))
        return self._laid_out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._lay_out(width)[3]

    def render(self) -> Text:
        return self._lay_out(self.content_size.width)[2]
