"""Table talk of a shared game (c): every line with its author and time, and a line to say. Shown as
an overlay over the board; plain text only (a line is never read as markup)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from core.i18n import N_, _
from tui.messages import ChatRead, Say
from tui.shared_games import CHAT_LINE_CHARS  # the store refuses longer lines: the box stops there
from tui.textual_private import being_taken_down
from tui.widgets.texts import LineInput
from tui.widgets.key_footer import KeyFooter
from tui.widgets.wrapped_log import WrappedLog

if TYPE_CHECKING:
    from tui.drivers import ChatLine

# The months as a line's day shows them ('05 Dec 14:30'), in the reader's language (strftime's %b is the C locale's)
MONTHS = (
    N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"),
)


def when(at: str, now: datetime | None = None) -> str:
    """A line's time in this terminal's time zone: the hour today, else the day and the hour."""
    moment = datetime.fromisoformat(at).astimezone()
    today = (now or datetime.now().astimezone()).date()
    hour = moment.strftime("%H:%M")
    return hour if moment.date() == today else f"{moment.day:02d} {_(MONTHS[moment.month - 1])} {hour}"


def chat_line(line: ChatLine) -> str:
    return f"{when(line.at)} {line.author}: {line.text}"


class ChatScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    ChatScreen { background: $background 100%; }
    ChatScreen #chat-lines { height: 1fr; border: none; }
    ChatScreen #chat-say { dock: bottom; margin-bottom: 1; }
    """
    # the lines scroll from the box being typed in (SSH play-test: PageUp, Up and Home did nothing there, and Tab to the
    # lines, which nothing said, took the letters typed next)
    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        # before the box's own (a one-line box scrolls nothing with them, and the footer named none)
        Binding("pageup", "scroll_lines(-1)", N_("Earlier lines"), key_display="PgUp", priority=True),
        Binding("pagedown", "scroll_lines(1)", N_("Later lines"), key_display="PgDn", priority=True),
        Binding("up", "scroll_lines(-1, 1)", show=False, priority=True),
        Binding("down", "scroll_lines(1, 1)", show=False, priority=True),
        # a modal screen hides the board's keys: the way back to the lobby is here too (play-test: inert while talking)
        Binding("ctrl+l", "app.lobby", N_("Lobby"), show=False),
    ]

    def __init__(self, lines: Sequence[ChatLine]) -> None:
        super().__init__()
        self.lines = lines
        self._written: list[int] = []  # the numbers of the lines on screen, in order
        self._ready = False  # the widgets are mounted
        self._full = False  # the line being typed is as long as a line may be

    def compose(self) -> ComposeResult:
        yield Static(_("Table talk: everyone at this game reads it. Enter says the line, Esc closes."), classes="report-title", markup=False)
        lines = WrappedLog(id="chat-lines", markup=False, wrap=True)
        lines.can_focus = False  # every key is the box's: the lines scroll with the keys above
        yield lines
        yield LineInput(placeholder=_("say something to the table"), id="chat-say", max_length=CHAT_LINE_CHARS)
        yield KeyFooter()

    def on_mount(self) -> None:
        if being_taken_down(self):  # pushed as the app closed: none of its widgets were mounted
            return
        self._ready = True
        self.show_lines(self.lines)
        self.query_one("#chat-say", Input).focus()

    def show_lines(self, lines: Sequence[ChatLine]) -> None:
        """The table talk as it is now (the lines not written yet)."""
        self.lines = lines
        if not self._ready:
            return
        log = self.query_one("#chat-lines", WrappedLog)
        numbers = [line.number for line in lines]
        if numbers[: len(self._written)] != self._written or (not self._written and lines):
            log.clear()  # a line numbered before the last one shown came late: written again in order
            self._written = []
        if not lines:
            log.add(_("No one has said anything yet."))
        for line in lines[len(self._written):]:
            log.add(chat_line(line))
        self._written = numbers
        if numbers:
            self.post_message(ChatRead(max(numbers)))

    @on(Input.Changed, "#chat-say")
    def _at_most(self, event: Input.Changed) -> None:
        """The box takes no letter past the longest line: it says so as the line reaches it (SSH play-test: a pasted
        line of 353 characters was said cut to 300, with nothing said)."""
        if len(event.value) >= CHAT_LINE_CHARS and not self._full:
            self.notify(_("A line of table talk is at most {most} characters: more are not taken.").format(most=CHAT_LINE_CHARS),
                        severity="warning", timeout=6, markup=False)
        self._full = len(event.value) >= CHAT_LINE_CHARS

    @on(LineInput.Entered, "#chat-say")
    def _say(self, event: LineInput.Entered) -> None:
        event.stop()
        if event.text.strip():
            self.post_message(Say(event.text))

    def action_scroll_lines(self, direction: int, rows: int = 0) -> None:
        """``rows`` up or down (``direction``), or a page (0)."""
        log = self.query_one("#chat-lines", WrappedLog)
        log.scroll_relative(y=direction * (rows or max(1, log.scrollable_content_region.height - 1)), animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
