"""Text shown in a Static only when its words change; a text box whose Enter goes before the keys behind it; one
that takes of a paste what fits."""

from __future__ import annotations

import time

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Input, Static

from tui.textual_private import KeysInOrderInput

# Keys behind an Enter are held for its submit this long at most (it comes at once: a hold never ends otherwise)
KEYS_BEHIND_SECONDS = 1.0


def set_text(widget: Static, text: str) -> None:
    """Show ``text`` in ``widget`` unless it shows it already: Textual lays the whole screen out again
    after every update, the same words included (a reopened overlay, a board refreshed)."""
    if widget.content != text:
        widget.update(text)


def say_in(line: Static, text: str) -> None:
    """A line that says something about the last key or try: shown with ``text``, taking no room without."""
    line.update(text)
    line.display = bool(text)


def typed_if_focused(box: Input, character: str) -> bool:
    """The key of a priority binding that opens ``box`` (':', '/'): typed in the box when the box has the
    keys already, as its own keys type (over the selection, else at the cursor). False: the caller opens
    it, focusing it at once (Widget.focus waits for the keys already read, which then go elsewhere)."""
    if box.screen.focused is not box:
        return False
    if box.selection.is_empty:
        box.insert_text_at_cursor(character)
    else:
        box.replace(character, *box.selection)
    return True


class EnterFirstInput(KeysInOrderInput):
    """A text box whose Enter takes the text typed before it: the keys that come behind an Enter before its
    submit are held out of the box (SSH play-test: Enter and 'l' in one read submitted 'play 23 eventl', and
    'hello' Enter 'x' said 'hellox'; Textual submits only once the Enter has bubbled up to the app, after the
    keys behind it were typed in). Whoever takes the Submitted sends them on (``take_keys_behind``) once it is done
    with it, as if pressed then: into the box again, or wherever the keys go by then."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._behind_enter: tuple[float, list[events.Key]] | None = None  # an Enter on its way up: when, and the keys after it
        self._submitted_behind: list[events.Key] = []  # those behind the Enter submitted last

    def on_key(self, event: events.Key) -> None:
        if self._behind_enter is not None and time.monotonic() - self._behind_enter[0] < KEYS_BEHIND_SECONDS:
            self._behind_enter[1].append(events.Key(event.key, event.character))
            event.prevent_default()  # neither typed in (Input's handler) nor bound on its way up
            event.stop()
            return
        self._behind_enter = (time.monotonic(), []) if event.key == "enter" else None  # never held for good (review: the box went deaf)

    async def action_submit(self) -> None:
        self._submitted_behind, self._behind_enter = self._behind_enter[1] if self._behind_enter else [], None
        await super().action_submit()

    def take_keys_behind(self) -> list[events.Key]:
        keys, self._submitted_behind, self._behind_enter = self._submitted_behind, [], None
        return keys


class FittedInput(KeysInOrderInput):
    """A box with a longest text (``max_length``) that takes of a paste what fits: Textual takes none of one that would
    run past it, and says nothing (SSH play-test: a long line of table talk; a long name pasted was lost whole)."""

    def _on_paste(self, event: events.Paste) -> None:
        line = event.text.splitlines()[0] if event.text else ""
        if not self.max_length or not line:
            return  # the Input's own handler
        event.prevent_default()
        event.stop()
        selection = self.selection
        start, end = sorted((selection.start, selection.end))
        self.replace(line[: max(0, self.max_length - len(self.value) + (end - start))], start, end)


class LineInput(FittedInput):
    """A box of lines said one after another (table talk): its Enter takes the line typed before it and empties the
    box at once, in the order of the keys, so the next line's keys go into the empty box (SSH re-test: eight lines
    sent back to back lost one, merged one into the next and came out of order, as the box was emptied after its
    submit had gone up to the app and the held keys were sent again behind later ones)."""

    class Entered(Message):
        def __init__(self, box: LineInput, text: str) -> None:
            super().__init__()
            self.box = box
            self.text = text

        @property
        def control(self) -> LineInput:
            return self.box

    async def _on_key(self, event: events.Key) -> None:
        if event.key != "enter":
            return  # typed by the Input's own handler (and KeysInOrderInput's), as before
        event.prevent_default()
        event.stop()
        text, self.value = self.value, ""
        self.post_message(self.Entered(self, text))


class HangingText(Static):
    """Lines of text whose wrapped rows keep the line's indent (hot-seat play-test: in the power displays a
    wrapped "...the rest of the game, SUEZ-3)" began at the first column, under the power's name). Its
    content stays the plain text."""

    def render(self) -> Group:
        rows = []
        for line in str(self.content).split("\n"):
            words = line.lstrip(" ")
            rows.append(Padding(Text(words), (0, 0, 0, len(line) - len(words))))
        return Group(*rows)
