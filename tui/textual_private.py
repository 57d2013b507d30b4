"""Every use of Textual's private API, in one place, each a workaround for a Textual 8.2 behaviour and
each checked by tests/test_textual_private.py, which fails when an upgrade breaks it (textual is pinned
below 9 in pyproject.toml)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual._compositor import CompositorUpdate
from textual._styles_cache import StylesCache
from textual.app import App
from textual.dom import DOMNode
from textual.widgets import Footer


def forget_gone_widgets_styles() -> None:
    """Textual 8.2 memoizes ``StylesCache.get_inner_outer`` with ``lru_cache(1024)`` on a method, so
    each entry's key holds a widget's StylesCache, with every line the widget rendered, long after
    the widget is gone (a footer key, a report, a phase screen): up to ~9 MB of dead lines over a
    game (``python -m core bench``). An entry of a gone widget can never be hit again; one of a live
    widget is two Styles, made again at its next render."""
    StylesCache.get_inner_outer.cache_clear()


def footer_has_keys(footer: Footer) -> bool:
    """Textual's Footer composed its keys at least once (``bindings_changed`` is ready to skip)."""
    return bool(footer._bindings_ready)


def drop_closed_watchers(node: DOMNode, reactive_name: str) -> None:
    """A reactive drops the watchers of closed widgets only when its value changes: Textual 8.2's
    Footer binds every FooterKey it composes to its never-changing ``compact``, so each closed key
    stayed alive with its styles and rendered lines. Drop them (where textual.reactive keeps them)."""
    watchers = getattr(node, "__watchers", {}).get(reactive_name)
    if watchers:
        watchers[:] = [(watcher, callback) for watcher, callback in watchers if not watcher._closing]


def watchers_of(node: DOMNode, reactive_name: str) -> list[Any]:
    """The watchers a reactive of ``node`` holds (for the tests of the two workarounds above)."""
    return list(getattr(node, "__watchers", {}).get(reactive_name, []))


def record_frames(app: App[Any], on_frame: Callable[[str], None]) -> None:
    """``on_frame`` gets the terminal output of every frame the app renders, exactly as a terminal
    would receive it, headless too (Textual renders nothing headless: ``App._display`` returns before
    writing). The tests read it with a terminal emulator to check hidden hands frame by frame."""
    display = app._display

    def recording(screen: Any, renderable: Any) -> None:
        if isinstance(renderable, CompositorUpdate) and not app._batch_count:
            on_frame(renderable.render_segments(app.console))
        display(screen, renderable)

    app._display = recording  # type: ignore[method-assign]
