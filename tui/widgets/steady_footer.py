"""A Footer that rebuilds its keys only when the keys it shows change."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

KeyRow = tuple[str, str, str, bool, str]


class SteadyFooter(Footer):
    """Textual's Footer recomposes (a widget per key, each styled anew) on every focus change and
    every time its screen is shown again: 10-20 ms of CPU each time an overlay opens or closes. The
    keys are nearly always the same, so this footer skips the rebuild when nothing changed."""

    def __init__(self, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self._shown: tuple[KeyRow, ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = tuple(
            (binding.key, binding.action, binding.description, enabled, tooltip)
            for _, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show
        )
        if self._bindings_ready and shown == self._shown:
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:  # a rebuild was asked for
            self._shown = shown
