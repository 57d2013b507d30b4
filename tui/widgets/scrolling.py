"""A pane of text that scrolls, with its scroll keys in the footer (Textual's own are hidden)."""

from __future__ import annotations

from textual.binding import Binding

from core.i18n import N_
from tui.textual_private import LaidOutOnceScroll

SCROLL = Binding.Group(N_("Scroll"), compact=True)


class Scrolling(LaidOutOnceScroll):
    """Up, Down, PgUp and PgDn scroll it when it has the focus; the footer names the arrows."""

    BINDINGS = [
        Binding("up", "scroll_up", N_("Up"), key_display="↑", group=SCROLL),
        Binding("down", "scroll_down", N_("Down"), key_display="↓", group=SCROLL),
    ]
