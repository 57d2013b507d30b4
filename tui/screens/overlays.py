"""Overlays: hot-seat hand-off, text reports, the royal and patronage displays."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from attrs import frozen
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

from core.gamedata import PROVISIONAL_NOTE
from core.i18n import N_, _
from core.views import SeatView
from tui import display
from tui.key_layouts import stray_key
from tui.messages import Destination, HandedOff, LeaveGame, SaveCopy, Undo
from tui.screens.kept import kept_screen
from tui.textual_private import StyledAnewOnlyWhenStale
from tui.widgets.scrolling import Scrolling
from tui.widgets.key_footer import KeyFooter
from tui.widgets.key_menu import KeyMenu
from tui.widgets.tables import RowsTable, rows_table
from tui.widgets.texts import HangingText

if TYPE_CHECKING:
    from tui.on_screen import OnScreen


@frozen
class HandoffMoves:
    """The log lines a hand-off shows, and whose last move they start from ("": the keyboard's last look)."""

    since_move_of: str
    lines: tuple[str, ...]


class HandoffScreen(Screen[None]):
    """GEN-2 / GEN-8: the keyboard passes to another person. The board is not under this screen: it
    was taken down before, and the next person's board is composed only after their Enter."""

    BINDINGS = [
        Binding("enter", "ready", N_("I am ready"), priority=True),
        Binding("escape", "app.game_menu", N_("Menu")),
        # hot-seat play-test: u, v and l did nothing here, and said nothing; u takes back the move that passed
        # the keyboard while nobody has seen anything (GEN-9), else says why not
        Binding("u", "undo", show=False),
        # the moves scroll past their rows (tui/styles/app.tcss #handoff-moves)
        Binding("down", "scroll_moves(1)", show=False),
        Binding("up", "scroll_moves(-1)", show=False),
        # rules play-test: Home did not bring the earliest moves (its arrow needed a press a row)
        Binding("pagedown", "scroll_moves_page(1)", show=False),
        Binding("pageup", "scroll_moves_page(-1)", show=False),
        Binding("home", "scroll_moves_to_end(False)", show=False),
        Binding("end", "scroll_moves_to_end(True)", show=False),
    ]

    def __init__(self, person: str, power_name: str, last_moves: HandoffMoves | None = None, taking_back: str = "", said: str = "") -> None:
        """``last_moves``: log lines of what the moves since the next person's last one did (public, as
        the log is): the person handing over sees what their choices did (play-test: a patronage roll was
        only in the next person's log). ``taking_back``: the person who may still take back the move that
        made this hand-off (GEN-9), named under it; ``said``: a first line for the line under it all."""
        super().__init__()
        self.person = person
        self.power_name = power_name
        self.last_moves = last_moves or HandoffMoves("", ())
        self.taking_back = taking_back
        self.said = said
        self.notice = ""  # the latest notice said here (a save, GEN-9's moves undone)
        self._never_in_view = len(self.last_moves.lines)  # how many of the first moves were never in view (none was yet)

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            title = _("Pass to {person} - {power}").format(person=self.person, power=_(self.power_name))
            yield Static(title, id="handoff-title", markup=False)
            moves = self.last_moves
            if moves.lines:
                yield Static(self._moves_heading(), id="handoff-since", classes="hint", markup=False)
                with VerticalScroll(id="handoff-moves-box", can_focus=False), Vertical(id="handoff-moves"):  # Enter stays the screen's
                    for line in moves.lines:  # a widget each: where each begins is known once laid out
                        yield Static(line, classes="handoff-move", markup=False)
            yield Static(_("Press Enter when you are ready. (The board is hidden until then.)"), markup=False)
            yield Static(_("Ctrl+S saves a copy of the game; Esc: the game menu (leave the game, quit)."), classes="hint", markup=False)
            yield Static(self.said or self._taking_back_line(), id="handoff-said", markup=False)

    def _taking_back_line(self) -> str:
        """The line under it all offers it until something else is said there."""
        if not self.taking_back:
            return ""
        return _("u: {person} takes back their last move ({next} has seen nothing yet, GEN-9).").format(person=self.taking_back, next=self.person)

    def offer_take_back(self, person: str) -> None:
        """Who may take back the move now (a game continued: known once its log is checked; what was said before,
        "still being checked", is over: second review)."""
        if person != self.taking_back:
            self.taking_back = person
            self._say(self._taking_back_line())

    def show_moves(self, moves: HandoffMoves) -> None:
        """The lines known only now (a game continued: once its log is checked)."""
        self.last_moves = moves
        self.call_next(self._recompose_moves)

    async def _recompose_moves(self) -> None:
        """Composed again, then looked at once laid out (hot-seat play-test: looked at after the next refresh, the
        new lines were not laid out yet, and a game loaded at a hand-off opened on its oldest moves, unscrolled)."""
        self._never_in_view = len(self.last_moves.lines)
        await self.recompose()
        self.call_after_refresh(self._say_the_moves_scroll)

    def on_mount(self) -> None:
        self.call_after_refresh(self._say_the_moves_scroll)

    def _say_the_moves_scroll(self) -> None:
        """Moves past the box's rows: shown from the latest, and its heading says the arrows scroll them (play-test:
        a line scrolled off read as missing, nothing said the box scrolls; the accept made by mistake was 12 rows
        down, under the oldest moves)."""
        box, heading = self.query("#handoff-moves-box"), self.query("#handoff-since")
        if box and heading and box.first().max_scroll_y > 0:
            moves = box.first()
            self._open_on_a_move(moves)
            moves.call_after_refresh(self._open_at_the_latest, moves)
            heading.first(Static).update(_("{heading} (↑↓ more)").format(heading=self._moves_heading()))
        else:
            self._never_in_view = 0  # every move is in view

    def _open_at_the_latest(self, moves: Widget) -> None:
        moves.scroll_end(animate=False, immediate=True)
        self._scrolled_to(moves.scroll_y)
        self.watch(moves, "scroll_y", self._scrolled_to, init=False)  # by the arrows, or the mouse's wheel

    def _scrolled_to(self, y: float) -> None:
        """Counted by moves, not rows: a wider terminal wraps them into fewer rows (review)."""
        above = sum(1 for line in self.query(".handoff-move") if line.virtual_region.y < y)
        self._never_in_view = min(self._never_in_view, above)

    def moves_never_in_view(self) -> int:
        """How many of the first moves listed were never in view from their first row (scrolled to the latest, the
        earlier are above the box until ↑ brings them): those moves are no more seen than the log's (hot-seat
        play-test: Elizabeth I's assassination was above the box, and no report told Ana of it after the Enter)."""
        return self._never_in_view

    @staticmethod
    def _open_on_a_move(moves: Widget) -> None:
        """Scrolled to the latest, the box would open on the second row of a move that wraps (three play-tests:
        "and Archduke Ernest" alone on its first row): it gives up those rows instead, and opens on a move's first."""
        end = moves.max_scroll_y
        opening = min((line.virtual_region.y for line in moves.query(".handoff-move") if line.virtual_region.y >= end), default=end)
        if opening > end:
            moves.styles.max_height = moves.size.height - (opening - end)

    def _moves_heading(self) -> str:
        person = self.last_moves.since_move_of
        return _("What the moves since {person}'s last one did:").format(person=person) if person else _("What the last moves did:")

    def action_ready(self) -> None:
        if self.is_current:  # a second Enter in one burst lands on the board
            self.post_message(HandedOff(self.person))

    def action_scroll_moves(self, rows: int) -> None:
        moves = self.query("#handoff-moves-box")
        if moves:
            moves.first().scroll_relative(y=rows, animate=False)

    def action_scroll_moves_to_end(self, latest: bool) -> None:
        for moves in self.query("#handoff-moves-box"):
            (moves.scroll_end if latest else moves.scroll_home)(animate=False, immediate=True)

    def action_scroll_moves_page(self, pages: int) -> None:
        moves = self.query("#handoff-moves-box")
        if moves:
            self.action_scroll_moves(pages * max(1, moves.first().scrollable_content_region.height - 1))

    def action_undo(self) -> None:
        self.notice = ""  # the take-back's own notice is the one carried to the hand-off it brings (not a save's)
        self.post_message(Undo())

    def show_problem(self, text: str, refused_key: bool = False, failed: bool = False) -> None:
        """An intent refused here (GEN-9: nothing to take back) is said on the screen's own line."""
        self._say(text)

    def show_notice(self, text: str) -> None:
        """Said on the screen's own line, with the take-back still offered under it (a save's path took it off)."""
        self.notice = text
        self._say("\n".join((text, self._taking_back_line())).strip())

    def on_key(self, event: events.Key) -> None:
        """Every other key says that nothing is shown before Enter (hot-seat play-tests: v and l, then d, ?, t
        and Tab did nothing here, and said nothing)."""
        key = _("Tab") if event.key == "tab" else stray_key(event, self.active_bindings)
        if key:
            self._hidden(key)

    def _hidden(self, key: str) -> None:
        if self.taking_back:  # the offer stays said (play-test: a stray key took it off the screen, u still worked)
            self._say(_("{key}: nothing is shown before Enter (GEN-8); u: {person} takes back their last move.").format(key=key, person=self.taking_back))
            return
        self._say(_("{key}: nothing is shown before Enter (GEN-8): the board, the log and the displays wait for {person}.").format(
            key=key, person=self.person))

    def _say(self, text: str) -> None:
        self.said = text  # composed from it when not composed yet (a notice handled as the screen was pushed)
        for line in self.query("#handoff-said").results(Static):
            line.update(text)


def leaving_goes_to(shown: OnScreen) -> Destination:
    """Where leaving a game goes: a shared game's lobby, a walkthrough's menu (from the walkthrough, or the
    free game played on from its end: newcomer play-test, that went to the title), else the title."""
    if shown.shared:
        return Destination.LOBBY
    return Destination.WALKTHROUGHS if shown.lesson is not None or not shown.kept else Destination.TITLE


# The line of the menu that leaves the game, by where it goes
LEAVE_LINES = {
    Destination.TITLE: N_("Title screen: the game is kept, Continue goes on with it (t)"),
    # true too of a seat also open on another terminal, which keeps it (SSH play-test: "your seat is free" was not)
    Destination.LOBBY: N_("Lobby: the game is kept; sit down again any time (t)"),
    Destination.WALKTHROUGHS: N_("Walkthrough menu (t)"),
}
# An onlooker has no seat to free (SSH play-test: "your seat is free to take again" was said to one)
LEAVE_WATCHING = N_("Lobby: stop watching this game (t)")
# A free game from a walkthrough's position is never saved (it cannot replay from a seed)
LEAVE_UNSAVED = N_("Walkthrough menu: this game is not saved (t)")
# A walkthrough under way keeps its step (tui/progress.py), though its position is no saved game (newcomer
# play-test: "this game is not saved" read as the walkthrough's progress lost)
LEAVE_LESSON = N_("Walkthrough menu: this step is kept to resume; no game is saved (t)")
# Its latest autosave failed: leaving writes it once more, and refuses once if that fails too (hostile-files
# play-test: the menu said "the game is kept" while the moves were not on disk). Only a game autosaved in a slot
# can fail one, and it leaves for the title (Destination.TITLE)
LEAVE_AUTOSAVE_FAILED = N_("Title screen: the autosave failed, leaving tries it again (t)")
QUIT_AUTOSAVE_FAILED = N_("Quit: the autosave failed, quitting tries it again (Ctrl+Q)")


class GameMenu(ModalScreen[None]):
    """Esc on the board or at a hand-off: back to the game, save a copy, leave the game, or quit. A game
    autosaved in its slot or kept in the store loses nothing; a free game from a walkthrough's position
    (never saved) says so."""

    DEFAULT_CSS = """
    GameMenu { align: center middle; }
    GameMenu KeyMenu { border: heavy $accent; border-title-style: bold; padding: 1 2; background: $background; }
    """
    BINDINGS = [
        Binding("escape", "close", N_("Back")),
        Binding("s", "save", N_("Save")),
        Binding("t", "leave", N_("Leave")),
        # shown here, where the menu's line names it (re-test: the footer left it out); the app's own binding,
        # a priority one, takes the key
        Binding("ctrl+q", "quit", N_("Quit")),
        # Ctrl+Q quits everywhere (Textual's own key); q closes an overlay (TextScreen), so here too it
        # closes: never a quit by habit (review)
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(self, shown: OnScreen, unsaved: bool = False) -> None:
        """``unsaved``: the game's latest autosave failed (``GameDriver.unsaved``)."""
        super().__init__()
        self.leaving_to = leaving_goes_to(shown)
        self.saves = shown.kept  # a copy of a local game in its slot (Ctrl+S says why for the others)
        self.kept = shown.kept or shown.shared  # on disk, or in the store
        self.unsaved = unsaved
        self.in_lesson = shown.lesson is not None and bool(shown.lesson.instruction)  # a walkthrough under way
        self.watching = shown.shared and not shown.seated

    def compose(self) -> ComposeResult:
        entries = [("close", _("Back to the game (Esc)"))]
        if self.saves:
            entries.append(("save", _("Save a copy (s)")))
        if self.unsaved:
            entries += [("leave", _(LEAVE_AUTOSAVE_FAILED)), ("quit", _(QUIT_AUTOSAVE_FAILED))]
        else:
            entries += [
                ("leave", _(LEAVE_WATCHING if self.watching else LEAVE_LINES[self.leaving_to] if self.kept
                            else LEAVE_LESSON if self.in_lesson else LEAVE_UNSAVED)),
                ("quit", _("Quit: the game is kept (Ctrl+Q)") if self.kept else _("Quit (Ctrl+Q)")),
            ]
        menu = KeyMenu(entries, id="game-menu")
        menu.border_title = _("Game menu")
        yield menu
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(KeyMenu).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.saves if action == "save" else True

    @on(KeyMenu.Chosen, "#game-menu")
    def _chosen(self, event: KeyMenu.Chosen) -> None:
        {"close": self.action_close, "save": self.action_save, "leave": self.action_leave, "quit": self.action_quit}[event.entry]()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_save(self) -> None:
        self.dismiss(None)
        self.app.post_message(SaveCopy())

    def action_leave(self) -> None:
        self.dismiss(None)  # a refusal (moves that would be lost) is said on the board
        self.app.post_message(LeaveGame(self.leaving_to))

    def action_quit(self) -> None:
        self.dismiss(None)
        self.app.call_later(self.app.run_action, "quit")  # the app's quit says once what a failed autosave would lose


class TextScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", N_("Close")), Binding("q", "close", N_("Close"), show=False)]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.body_text = text

    def compose(self) -> ComposeResult:
        with Scrolling(classes="report"):
            yield Static(self.title_text, classes="report-title", markup=False)
            yield HangingText(self.body_text, id="text-body", markup=False)
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss(None)


class TableScreen(StyledAnewOnlyWhenStale, ModalScreen[None]):
    """A read-only display as a table (Available to Wed, the Patronage chart)."""

    BINDINGS = [Binding("escape", "close", N_("Close")), Binding("q", "close", N_("Close"), show=False)]

    def __init__(self, title: str, columns: tuple[str, ...], rows: list[tuple[str, ...]], notes: list[str]) -> None:
        super().__init__()
        self.title_text, self.columns, self.rows, self.notes = title, columns, rows, notes

    def compose(self) -> ComposeResult:
        with Scrolling(classes="report"):
            yield Static(self.title_text, classes="report-title", markup=False)
            yield rows_table(self.columns, self.rows)
            yield Static("\n".join(self.notes), id="table-notes", markup=False)
        yield KeyFooter()

    def show_table(self, rows: list[tuple[str, ...]], notes: list[str]) -> None:
        """Open as new with the rows and notes of now (the same title and columns)."""
        self.rows, self.notes = rows, notes
        if not self.is_mounted:
            return  # compose shows them
        self.query_one(RowsTable).show_rows(rows)
        self.query_one("#table-notes", Static).update("\n".join(notes))
        self.query_one(Scrolling).scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def _open_table(app: App[Any], name: str, title: str, columns: tuple[str, ...], rows: list[tuple[str, ...]], notes: list[str]) -> None:
    screen = kept_screen(app, name, lambda: TableScreen(title, columns, rows, notes))
    screen.show_table(rows, notes)
    app.push_screen(screen)


def open_royals(app: App[Any], view: SeatView) -> None:
    rows = [
        (display.mark(r.name, r.provisional), r.power, r.sex, r.family, str(r.eligibility), r.status)
        for r in view.royals
    ]
    columns = (_("Royal"), _("Power"), _("Sex"), _("Fam"), _("Elig"), _("Status"))
    notes = [_("Fam: H Habsburg, V Valois."), _(PROVISIONAL_NOTE)]
    _open_table(app, "royals", _("Available to Wed display (MAR-1)"), columns, rows, notes)


def open_patronage(app: App[Any], view: SeatView) -> None:
    rows = [(display.mark(r.name, r.provisional), r.pool, r.kind, str(r.rating), r.where) for r in view.patrons]
    notes = [*view.markers, _(PROVISIONAL_NOTE)]
    # "Name" and "Kind": the footer's "Patron" (the chart) and "Type" (a choice) are other words in Spanish and Russian
    columns = (_("Name"), _("Pool"), _("Kind"), _("Rating"), _("Where"))
    _open_table(app, "patronage", _("Patronage chart (PAT-2, PAT-8, SCI-2)"), columns, rows, notes)
