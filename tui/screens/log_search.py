"""The game log, searchable: filter by power, phase, turn, rule ID prefix and dice only; Enter on a line
opens the rule it cites. Only the visible lines are rendered, so a long game opens as fast as a short one,
and the screen is kept between opens (``open_log_search``), so an open only shows the log anew."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Input, Static

from core.events import Event
from core.log_query import FILTER_HELP, LogFilter, log_line, parse_filter, where
from core.gamedata import GameData
from core.i18n import N_, _, ngettext
from tui.screens.kept import kept_screen
from tui.textual_private import KeysInOrderInput, StyledAnewOnlyWhenStale, being_taken_down
from tui.widgets.key_footer import KeyFooter
from tui.widgets.texts import set_text, typed_if_focused


class LogLines(ScrollView, can_focus=True):
    """A virtual list of log lines: ``render_line`` renders only the rows on screen."""

    COMPONENT_CLASSES = {"log-lines--cursor"}
    DEFAULT_CSS = """
    LogLines { height: 1fr; overflow-x: hidden; }
    LogLines > .log-lines--cursor { background: $accent 40%; text-style: bold; }
    """
    BINDINGS = [
        Binding("up", "move(-1)", N_("Up"), show=False),
        Binding("down", "move(1)", N_("Down"), show=False),
        Binding("pageup", "page(-1)", N_("Page up"), show=False),
        Binding("pagedown", "page(1)", N_("Page down"), show=False),
        Binding("home", "ends(0)", N_("First"), show=False),
        Binding("end", "ends(1)", N_("Last"), show=False),
        Binding("enter", "open_rule", N_("Rule of this line")),
    ]
    cursor: reactive[int] = reactive(0, always_update=True)

    class Moved(Message):
        def __init__(self, event: Event | None) -> None:
            super().__init__()
            self.event = event

    class Chosen(Message):
        def __init__(self, event: Event) -> None:
            super().__init__()
            self.event = event

    def __init__(self, names: dict[str, str], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.names = names
        self.events: list[Event] = []
        self.rendered = 0  # lines rendered so far (a benchmark of the laziness)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is dimmed with no line listed (play-test: the footer offered a line's rule beside "No log line matches.")."""
        return None if action == "open_rule" and not self.events else True

    def show(self, events: list[Event]) -> None:
        if bool(events) != bool(self.events):
            self.refresh_bindings()
        self.events = events
        self.virtual_size = Size(self.size.width, len(events))
        self.cursor = max(0, len(events) - 1)  # scrolled to at once where the list's size allows it already
        # and again once the new length is laid out: a scroll asked now stops at the old length's end
        # (hot-seat play-test: the log opened again after more moves showed its first lines)
        self.call_after_refresh(self._keep_cursor_visible)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width  # beside the scrollbar, if any (play-test: it hid the "…")
        index = y + self.scroll_offset.y
        if index >= len(self.events):
            return Strip.blank(width)
        self.rendered += 1
        text = log_line(self.events[index], self.names)
        if len(text) > width:  # the whole line is under the list, wrapped, when the cursor is on it
            text = text[: max(width - 1, 0)] + "…"
        style = self.get_component_rich_style("log-lines--cursor") if index == self.cursor else Style()
        return Strip([Segment(text.ljust(width), style)], width)

    def watch_cursor(self, cursor: int) -> None:
        self._keep_cursor_visible()
        self.refresh()  # the lines on screen, the cursor's among them, whether it scrolled or not
        self.post_message(self.Moved(self.events[cursor] if self.events else None))

    def on_resize(self) -> None:
        self.virtual_size = Size(self.size.width, len(self.events))
        self.call_after_refresh(self._keep_cursor_visible)

    def _keep_cursor_visible(self) -> None:
        height = max(1, self.scrollable_content_region.height)
        top = self.scroll_offset.y
        if self.cursor < top:
            self.scroll_to(y=self.cursor, animate=False, immediate=True)
        elif self.cursor >= top + height:
            self.scroll_to(y=self.cursor - height + 1, animate=False, immediate=True)

    def _move_to(self, index: int) -> None:
        if self.events:
            self.cursor = min(max(index, 0), len(self.events) - 1)

    def action_move(self, delta: int) -> None:
        self._move_to(self.cursor + delta)

    def action_page(self, direction: int) -> None:
        self._move_to(self.cursor + direction * max(1, self.size.height - 1))

    def action_ends(self, last: int) -> None:
        self._move_to(len(self.events) - 1 if last else 0)

    def action_open_rule(self) -> None:
        if self.events:
            self.post_message(self.Chosen(self.events[self.cursor]))


class LogSearchScreen(StyledAnewOnlyWhenStale, ModalScreen[None]):
    DEFAULT_CSS = """
    LogSearchScreen { background: $background 100%; }
    LogSearchScreen #log-filter { height: 1; border: none; margin: 0 1; }
    LogSearchScreen #log-count { height: auto; color: $text-muted; padding: 0 1; }
    LogSearchScreen #log-detail { height: auto; max-height: 6; border-top: solid $primary-darken-2; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "whole_log", N_("Whole log")),  # while the lines a search found are read (else the next)
        Binding("escape", "close", N_("Close")),
        Binding("slash", "filter", N_("Filter"), priority=True),
    ]

    def __init__(self, log: Sequence[Event], data: GameData, names: dict[str, str]) -> None:
        super().__init__()
        self.events = log
        self.data = data
        self.names = dict(names)  # the dict LogLines holds
        self._count = ""  # how many lines the search found

    def show_log(self, log: Sequence[Event]) -> None:
        """Open as new: the whole log as it is now (it may have moved on, or be another game's), no
        filter, the cursor on the last line."""
        self.events = log
        if not self.is_mounted:
            return  # on_mount shows it
        search = self.query_one("#log-filter", Input)
        with search.prevent(Input.Changed):
            search.value = ""
        self._apply(LogFilter())
        self.query_one(LogLines).focus()

    def follow(self, log: Sequence[Event]) -> None:
        """The game moved on under the open log: its new lines are listed, through the search typed;
        the cursor stays on the line being read, or goes on to the newest if it was on the last."""
        lines = self.query_one(LogLines)
        reading = lines.cursor if lines.cursor < len(lines.events) - 1 else None
        self.events = log
        self._apply(parse_filter(self.query_one("#log-filter", Input).value, self.data))
        if reading is not None:
            lines.cursor = reading

    def compose(self) -> ComposeResult:
        yield KeysInOrderInput(placeholder=_("/ search the log: a power, a phase, a turn, a rule, dice or any word"), id="log-filter", compact=True)
        yield Static("", id="log-count", markup=False)
        yield LogLines(self.names, id="log-lines")
        yield Static("", id="log-detail", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        if being_taken_down(self):  # pushed as the app closed: none of its widgets were mounted
            return
        self._apply(LogFilter())
        self.query_one(LogLines).focus()

    def _apply(self, log_filter: LogFilter) -> None:
        log = self.events
        found = [e for e in log if log_filter.matches(e, self.names)]
        self.query_one(LogLines).show(found)
        self._show_detail(found[-1] if found else None)  # now, in this layout: the cursor's Moved comes later
        if log_filter != LogFilter():
            count = ngettext(
                "{found} of {count} log lines: {filters} - Enter: the rule a line cites",
                "{found} of {count} log lines: {filters} - Enter: the rule a line cites",
                len(log),
            )
        else:
            count = ngettext(
                "{found} of {count} log lines - Enter: the rule a line cites",
                "{found} of {count} log lines - Enter: the rule a line cites",
                len(log),
            )
        self._count = count.format(found=len(found), count=len(log), filters=log_filter.describe(self.names))
        self._show_count()
        self.refresh_bindings()

    def _show_count(self) -> None:
        """The count, and the search's examples, wrapped, while it is being typed."""
        hint = "\n" + _("Search: {examples}").format(examples=_(FILTER_HELP)) if self.query_one("#log-filter", Input).has_focus else ""
        set_text(self.query_one("#log-count", Static), self._count + hint)

    @on(Input.Changed, "#log-filter")
    def _filter(self, event: Input.Changed) -> None:
        self._apply(parse_filter(event.value, self.data))

    @on(Input.Submitted, "#log-filter")
    def _filtered(self) -> None:
        self.query_one(LogLines).focus()

    def on_descendant_focus(self) -> None:
        self._show_count()
        self.refresh_bindings()

    def on_descendant_blur(self) -> None:
        self._show_count()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "whole_log":
            boxes = self.query("#log-filter").results(Input)  # none before the screen is composed
            return any(not box.has_focus and parse_filter(box.value, self.data) != LogFilter() for box in boxes)
        return True

    @on(LogLines.Moved)
    def _moved(self, message: LogLines.Moved) -> None:
        self._show_detail(message.event)

    def _show_detail(self, event: Event | None) -> None:
        if event is not None:
            text = f"{log_line(event, self.names)}  ({where(event)})"
        else:  # walkthrough play-test: an empty log said "No log line matches." with no filter typed
            text = _("No log line matches.") if self.events else _("The log is empty: nothing has happened yet.")
        set_text(self.query_one("#log-detail", Static), text)

    @on(LogLines.Chosen)
    def _chosen(self, message: LogLines.Chosen) -> None:
        from tui.screens.rules_browser import open_rules_browser

        open_rules_browser(self.app, message.event.rule)

    def action_filter(self) -> None:
        """A priority key, focusing the box at once: the keys read with '/' are the filter's (as ':' on the board)."""
        box = self.query_one("#log-filter", Input)
        if not typed_if_focused(box, "/"):
            self.set_focus(box)

    def action_whole_log(self) -> None:
        """Esc on the lines a search found: the whole log, at the line being read (SSH play-test: one Esc after a
        search closed the whole log, where the lines around a found one were what was looked for)."""
        lines = self.query_one(LogLines)
        reading = lines.events[lines.cursor] if lines.events else None
        box = self.query_one("#log-filter", Input)
        with box.prevent(Input.Changed):
            box.value = ""
        self._apply(LogFilter())
        if reading is not None:
            lines.cursor = next((index for index, event in enumerate(lines.events) if event is reading), lines.cursor)

    def action_close(self) -> None:
        """Esc: out of the search box to the lines it found (tmux re-test: Esc while typing closed the whole
        log, where the README's Esc closes the typed input), else the log."""
        box = self.query_one("#log-filter", Input)
        if box.has_focus:
            self.query_one(LogLines).focus()
            return
        self.dismiss(None)


def open_log_search(app: App[Any], log: Sequence[Event], data: GameData, names: dict[str, str]) -> None:
    screen = kept_screen(app, "log-search", lambda: LogSearchScreen(log, data, names))
    screen.show_log(log)
    app.push_screen(screen)
