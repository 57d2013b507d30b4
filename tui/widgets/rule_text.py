"""A rule's Markdown text drawn as one widget: bold, italics, lists and tables, wrapped to the width."""

from __future__ import annotations

from rich.markdown import Markdown
from rich.theme import Theme

from tui.widgets.laid_out import LaidOut

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


class RuleText(LaidOut):
    """Textual's Markdown widget mounts a widget per block and styles each: 50-200 ms of CPU to show
    another rule. This lays the text out with Rich once per rule and width (1-3 ms)."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(theme=RULE_THEME, id=id)
        self.source = ""

    def show(self, markdown: str) -> None:
        if markdown != self.source:
            self.source = markdown
            self.changed()

    def renderable(self) -> Markdown:
        return Markdown(self.source)
