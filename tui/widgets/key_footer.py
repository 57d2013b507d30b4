"""The footer of every screen: the keys its screen offers now, in the player's language, drawn as one
line of one widget."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby
from typing import NamedTuple

from rich.cells import cell_len
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.style import Style
from textual.widget import Widget

from core.i18n import _

# Parts of a footer line, named after the component class that styles them ("" is the footer's own)
KEY, DESCRIPTION, LABEL, GAP = "key-footer--key", "key-footer--description", "key-footer--label", ""
ITEM, HOVERED = "key-footer--item", "key-footer--hovered"
DIMMED = Style(dim=True)


class FooterEntry(NamedTuple):
    """A key the footer shows, or the label of a group of keys (no ``key``), and the cells it takes on
    the line: ``start`` to ``end``, the end not included. (Not attrs: the title's first frame is drawn
    before attrs is imported.)"""

    key: str  # as App.simulate_key takes it
    key_display: str
    description: str  # in the player's language; "" for a key of a group (its group's label follows)
    action: str
    enabled: bool
    tooltip: str
    start: int
    end: int


# A run of text on the line: its text, the part it is (KEY, DESCRIPTION, LABEL or GAP), and the index of
# its entry (-1 for a gap)
Piece = tuple[str, str, int]
ShownBinding = tuple[Binding, bool, str]  # a binding, whether it is enabled now, its tooltip


def footer_line(bindings: Sequence[ShownBinding], key_display: Callable[[Binding], str],
                compact: bool) -> tuple[tuple[FooterEntry, ...], tuple[Piece, ...]]:
    """The entries and pieces of a footer showing ``bindings``, spaced as Textual's Footer spaces its
    key widgets: one key per action (the first bound), and the consecutive keys of a group of two or
    more drawn together before the group's label. ``compact``: no padding around a key."""
    first_per_action: dict[str, ShownBinding] = {}
    for shown in bindings:
        first_per_action.setdefault(shown[0].action, shown)
    entries: list[FooterEntry] = []
    pieces: list[Piece] = []
    at = 0

    def add(text: str, part: str, entry: int = -1) -> None:
        nonlocal at
        pieces.append((text, part, entry))
        at += cell_len(text)

    def add_entry(parts: list[tuple[str, str]], binding: Binding | None, description: str, enabled: bool, tooltip: str) -> None:
        start = at
        for text, part in parts:
            add(text, part, len(entries))
        entries.append(FooterEntry(binding.key if binding else "", key_display(binding) if binding else "",
                                   description, binding.action if binding else "", enabled, tooltip, start, at))

    for group, members in groupby(first_per_action.values(), lambda shown: shown[0].group):
        run = list(members)
        if group is not None and len(run) > 1:
            add(" ", GAP)
            for number, (binding, enabled, tooltip) in enumerate(run):
                if number and not group.compact:  # the keys' margins of one cell each side meet in one
                    add(" ", GAP)
                add_entry([(key_display(binding), KEY)], binding, "", enabled, _(tooltip or binding.description))
            add(" ", GAP)
            label = _(group.description)
            add_entry([(label, LABEL)], None, label, True, "")
            add(" ", GAP)
            continue
        for binding, enabled, tooltip in run:
            description, shown_key = _(binding.description), key_display(binding)  # shown: it has a description
            if compact:
                parts = [(shown_key, KEY), (f" {description}", DESCRIPTION)]
            else:
                parts = [(f" {shown_key} ", KEY), (f"{description} ", DESCRIPTION)]
            add_entry(parts, binding, description, enabled, _(tooltip) if tooltip else "")
            if compact:
                add(" ", GAP)
    return tuple(entries), tuple(pieces)


class NamesKeysNow:
    """A widget or screen whose keys say what they do now (key 0 names the decision's quiet choice): the
    footer shows the binding it gives, or none if that is not shown. (A base class, not a Protocol: the
    footer asks every node with a key at each look, and a Protocol's isinstance costs ~8 us.)"""

    def binding_shown(self, binding: Binding) -> Binding:
        return binding


class KeyFooter(Widget):
    """The keys the screen offers now, each with what it does; a key not usable now is dimmed. A click
    on a key presses it. One line of one widget: Textual's Footer is a widget per key (a quarter of the
    widgets of a game's screens, ~4 MB over a first game) and composes them all again whenever the
    screen's keys may have changed."""

    ALLOW_SELECT = False  # a double click on a key presses it twice; it selects no text

    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        text-wrap: nowrap;
        text-overflow: clip;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeyFooter > .key-footer--item { background: $footer-item-background; }
    KeyFooter > .key-footer--hovered { color: $footer-key-foreground; background: $block-hover-background; }
    KeyFooter > .key-footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyFooter > .key-footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeyFooter > .key-footer--label {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    """
    COMPONENT_CLASSES = {ITEM, HOVERED, KEY, DESCRIPTION, LABEL}

    def __init__(self, compact: bool = False) -> None:
        super().__init__()
        self.compact = compact
        self.entries: tuple[FooterEntry, ...] = ()
        self._pieces: tuple[Piece, ...] = ()
        self._shown: tuple[ShownBinding, ...] | None = None
        self._hovered = -1
        self._looking = False  # a look at the keys is due after the next refresh

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self._look(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The keys may have changed: looked at once the messages already queued are handled, so that the
        changes of one key press or of a board being laid out (focus, typed box, decision) are one look,
        not several, and before the next frame: looked at after that frame (Textual's call_after_refresh),
        a board's first frame showed the keys of the widget focused before its decision's (no 0 Done)."""
        if not self._looking:
            self._looking = True
            self.call_later(self._look, screen)

    def _look(self, screen: Screen[object]) -> None:
        self._looking = False
        if not screen.app.app_focus and screen.focused is None and self._shown is not None:
            return  # the terminal lost its focus and took the widget's: its keys stay shown until it is back
        named = (
            (node.binding_shown(binding) if isinstance(node, NamesKeysNow) else binding, enabled, tooltip)
            for node, binding, enabled, tooltip in screen.active_bindings.values()
        )
        shown = tuple(binding for binding in named if binding[0].show)
        if shown == self._shown:
            return
        self._shown = shown
        self.entries, self._pieces = footer_line(shown, self.app.get_key_display, self.compact)
        self._hover(-1)  # the mouse is over another key now, if any: it shows when the mouse moves
        self.refresh()

    def render(self) -> Content:
        """Drawn anew at each refresh: the colours follow the theme."""
        styles: dict[tuple[str, int], Style] = {}

        def style_of(part: str, index: int) -> Style | None:
            if part == GAP:
                return None
            if part == LABEL:
                return self.get_visual_style(LABEL)
            look = (part, index)
            if look not in styles:
                style = self.get_visual_style(HOVERED if index == self._hovered else ITEM, part)
                styles[look] = style + DIMMED if not self.entries[index].enabled else style
            return styles[look]

        return Content.assemble(*((text, style_of(part, index) or "") for text, part, index in self._pieces))

    def entry_at(self, x: int) -> FooterEntry | None:
        """The key drawn at column ``x`` of the footer (None: a gap or a label)."""
        return next((entry for entry in self.entries if entry.key and entry.start <= x < entry.end), None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        entry = self.entry_at(event.x)
        if entry is None:
            return
        if entry.enabled:
            self.app.simulate_key(entry.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        entry = self.entry_at(event.x)
        self._hover(self.entries.index(entry) if entry is not None else -1)

    def on_leave(self, _event: events.Leave) -> None:
        self._hover(-1)

    def _hover(self, index: int) -> None:
        if index != self._hovered:
            self._hovered = index
            self.tooltip = self.entries[index].tooltip or None if index >= 0 else None
            self.styles.pointer = "pointer" if index >= 0 else "default"  # a hand over a key, where terminals draw one
            self.refresh()
