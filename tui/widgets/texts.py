"""Text shown in a Static only when its words change."""

from __future__ import annotations

from textual.widgets import Input, Static


def set_text(widget: Static, text: str) -> None:
    """Show ``text`` in ``widget`` unless it shows it already: Textual lays the whole screen out again
    after every update, the same words included (a reopened overlay, a board refreshed)."""
    if widget.content != text:
        widget.update(text)


def type_into(box: Input, text: str) -> None:
    """``text`` typed into ``box`` as its own keys type it: over the selection, else at the cursor."""
    if box.selection.is_empty:
        box.insert_text_at_cursor(text)
    else:
        box.replace(text, *box.selection)
