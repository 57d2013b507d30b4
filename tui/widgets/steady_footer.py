"""A Footer that rebuilds its keys only when the keys it shows change, and lets go of the old ones, and
shows each key's description in the player's language."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Label

from core.i18n import _
from tui.textual_private import drop_closed_watchers, enable_footer_keys, footer_has_keys

KeyRow = tuple[str, str, str, bool, str]


class SteadyFooter(Footer):
    """Textual's Footer recomposes (a widget per key, each styled anew) on every focus change and
    every time its screen is shown again: 10-20 ms of CPU each time an overlay opens or closes. The
    keys are nearly always the same, so this footer skips the rebuild when nothing changed.

    When it does rebuild, it lets go of the keys it no longer shows: Textual 8.2's Footer binds every
    FooterKey it composes to its ``compact`` reactive, and a reactive drops the watchers of closed
    widgets only when its value changes, which ``compact`` never does, so each closed key stayed
    alive with its styles and rendered lines (~290 keys on the board of one Action phase).

    BINDINGS are class attributes, made at import, before the language is chosen: their descriptions
    (and the names of binding groups) are English messages marked ``N_``, translated here as the keys
    are made."""

    def __init__(self, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self._shown: tuple[KeyRow, ...] | None = None
        self._looking = False  # a look at the keys is due after the next refresh

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The keys may have changed: looked at once the screen has settled, so that the changes of one
        key press or of a board being laid out (focus, typed box, decision) rebuild the keys once, not
        once each (five times when a hand-off's Enter composed a board)."""
        if not footer_has_keys(self):  # its first keys: at once, with the screen's first frame
            self._look(screen)
        elif not self._looking:
            self._looking = True
            self.call_after_refresh(self._look, screen)

    def _look(self, screen: Screen[object]) -> None:
        self._looking = False
        shown = tuple(
            (binding.key, binding.action, _(binding.description), enabled, tooltip)
            for _node, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        )
        if footer_has_keys(self) and shown == self._shown:
            return
        if footer_has_keys(self) and self._shown is not None and _without_enabled(shown) == _without_enabled(self._shown):
            enable_footer_keys(self, {(key, action): enabled for key, action, _description, enabled, _tooltip in shown})
            self._shown = shown
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:  # a rebuild was asked for
            self._shown = shown

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield translated_key(widget)

    async def recompose(self) -> None:
        await super().recompose()
        drop_closed_watchers(self, "compact")


def _without_enabled(rows: tuple[KeyRow, ...]) -> tuple[tuple[str, str, str, str], ...]:
    return tuple((key, action, description, tooltip) for key, action, description, _enabled, tooltip in rows)


def translated_key(widget: Widget) -> Widget:
    """A widget Textual's Footer composed, with its English text in the player's language: a key
    (FooterKey: its ``description``, and its ``tooltip``, which is the description of a key in a group)
    or the name of a group of keys (FooterLabel, a Label made with the group's description)."""
    description = getattr(widget, "description", None)
    if isinstance(description, str):  # a FooterKey: its description is read when it is drawn
        setattr(widget, "description", _(description))
        if isinstance(widget.tooltip, str):
            widget.tooltip = _(widget.tooltip)
        return widget
    if isinstance(widget, Label) and isinstance(widget.content, str):  # a FooterLabel: made anew with its text
        return type(widget)(_(widget.content))
    return widget
