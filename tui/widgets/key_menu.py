"""A short menu whose every line names its key (the title screen's): one text, not a list widget."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

# (entry id, the line shown, e.g. "New game (n)")
MenuEntry = tuple[str, str]


class KeyMenu(Widget, can_focus=True):
    """Lines each naming the key that chooses it (the screen binds those keys); ↑, ↓, Home and End move
    the highlight (it stops at the ends: Up once too often must not land on Quit), Enter or a click
    chooses a line. It is as wide as its longest line, its highlight drawn as the other lists' cursor.
    One text, not a list widget: Textual's OptionList (a scrolling list, its scrollbars and its
    styles) was a quarter of the title screen's first frame (~11 ms)."""

    DEFAULT_CSS = """
    KeyMenu { width: auto; height: auto; }
    KeyMenu > .key-menu--highlight {
        color: $block-cursor-blurred-foreground;
        background: $block-cursor-blurred-background;
        text-style: $block-cursor-blurred-text-style;
    }
    KeyMenu:focus > .key-menu--highlight {
        color: $block-cursor-foreground;
        background: $block-cursor-background;
        text-style: $block-cursor-text-style;
    }
    """
    COMPONENT_CLASSES = {"key-menu--highlight"}  # the highlighted line, styled as a list's cursor
    BINDINGS = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("home", "move_to(0)", show=False),
        Binding("end", "move_to(-1)", show=False),
        Binding("enter", "choose", show=False),
    ]
    highlighted: reactive[int] = reactive(0)

    class Chosen(Message):
        """A line was chosen (Enter or a click)."""

        def __init__(self, menu: KeyMenu, entry: str) -> None:
            super().__init__()
            self.menu = menu
            self.entry = entry

        @property
        def control(self) -> KeyMenu:
            return self.menu

    def __init__(self, entries: list[MenuEntry], id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries = entries
        self._moved = False  # the player moved the highlight

    @property
    def ids(self) -> list[str]:
        return [entry for entry, _line in self.entries]

    def set_entries(self, entries: list[MenuEntry]) -> None:
        """Other lines: the highlight stays on the entry the player moved it to, if it is still there;
        else it is on the first line (Continue, when the title finds a game)."""
        current = self.entries[self.highlighted][0] if self.entries and self._moved else ""
        self.entries = entries
        ids = self.ids
        self.highlighted = ids.index(current) if current in ids else 0
        self.refresh(layout=True)  # its width is its longest line's

    def render(self) -> Content:
        """Drawn anew at each refresh: the highlight's colours follow the theme and the focus."""
        highlight = self.get_visual_style("key-menu--highlight")
        width = max((cell_len(line) for _entry, line in self.entries), default=0)
        lines = []
        for index, (_entry, line) in enumerate(self.entries):
            text = f"{line}{' ' * (width - cell_len(line))} "  # the highlight spans the menu
            # a mark as well as the colours: read without them (NO_COLOR, a screen reader) too
            lines.append(Content.styled(f"›{text}", highlight) if index == self.highlighted else Content(f" {text}"))
        return Content("\n").join(lines)

    def action_move(self, step: int) -> None:
        if self.entries:
            self._moved = True
            self.highlighted = min(max(self.highlighted + step, 0), len(self.entries) - 1)

    def action_move_to(self, index: int) -> None:
        if self.entries:
            self._moved = True
            self.highlighted = index % len(self.entries)

    def action_choose(self) -> None:
        if self.entries:
            self.post_message(self.Chosen(self, self.entries[self.highlighted][0]))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)  # None: on the border or padding
        if offset is not None and offset.y < len(self.entries):
            self.highlighted = offset.y
            self.action_choose()
