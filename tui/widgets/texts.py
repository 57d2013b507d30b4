"""Text shown in a Static only when its words change."""

from __future__ import annotations

from textual.widgets import Static


def set_text(widget: Static, text: str) -> None:
    """Show ``text`` in ``widget`` unless it shows it already: Textual lays the whole screen out again
    after every update, the same words included (a reopened overlay, a board refreshed)."""
    if widget.content != text:
        widget.update(text)
