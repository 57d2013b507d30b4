"""The one set of viewing keys every game screen has (phase screens and reports alike), and the
footer that shows them.

Labels are short so that every key fits the footer at 80 columns.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Footer

VIEW_KEYS: list[Binding] = [
    Binding("question_mark", "app.rule_help", "Rule"),
    Binding("w", "app.royals", "Wed"),
    Binding("p", "app.patronage_chart", "Patron"),
    Binding("v", "app.powers", "Powers"),
    Binding("d", "app.discards", "Disc"),
    Binding("l", "app.full_log", "Log"),
    Binding("m", "app.map", "Map"),
    Binding("g", "app.vp_chart", "VP"),
]


class GameFooter(Footer):
    """A compact Footer that lets go of the keys it no longer shows.

    Textual 8.2's Footer binds every FooterKey it composes to its ``compact`` reactive, and a
    reactive drops the watchers of closed widgets only when its value changes, which ``compact``
    never does. The footer recomposes whenever the screen's bindings change (about every decision
    on the board), so each closed key stayed alive with its styles and rendered lines: ~290 keys
    on the board of one Action phase."""

    def __init__(self) -> None:
        super().__init__(compact=True)

    async def recompose(self) -> None:
        await super().recompose()
        watchers = getattr(self, "__watchers", {}).get("compact")  # where textual.reactive keeps them
        if watchers:
            watchers[:] = [(node, callback) for node, callback in watchers if not node._closing]
