"""Overlays kept between opens: closing one keeps its widgets, so the next open only updates them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from textual.app import App
from textual.screen import Screen

KeptScreen = TypeVar("KeptScreen", bound=Screen[Any])


def kept_screen(app: App[Any], name: str, make: Callable[[], KeptScreen]) -> KeptScreen:
    """The app's one screen called ``name``, made and installed at its first open. Building an
    overlay's widgets and styling them is most of what an open costs (100-200 ms of CPU at 80x24);
    an installed screen is not removed when it closes. If it is on the stack already (the rules
    browser under the log search), a new one is made for this open only."""
    if not app.is_screen_installed(name):
        screen = make()
        app.install_screen(screen, name)
        return screen
    installed = cast(KeptScreen, app.get_screen(name))
    return make() if installed in app.screen_stack else installed
