"""The game in progress on screen: the phase screens, reports, hand-offs and game overlays.

Imported when the first game starts, so the title screen does not pay for the engine.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from attrs import frozen

from core.events import Event, EventKind, render
from core.i18n import Message, _, listed, msg, ngettext
from core.log_query import naming
from core.state import PHASE_TITLES, Phase
from tui import display
from tui.on_screen import OnScreen, public_view
from tui.screens.game import PHASE_SCREENS, PhaseScreen
from tui.screens.chat import ChatScreen
from tui.screens.kept import kept_screen
from tui.screens.log_search import LogSearchScreen, open_log_search
from tui.screens.overlays import GameMenu, HandoffMoves, HandoffScreen, TextScreen, leaving_goes_to, open_patronage, open_royals
from tui.screens.rules_browser import open_rules_browser
from tui.screens.reports import (
    CardDrawScreen,
    DiplomaticStatusReport,
    EndOfTurnScreen,
    GameOverScreen,
    MarriageReport,
    MeanwhileReport,
    PatronageReport,
    ReportScreen,
)
from tui.screens.too_small import TooSmallScreen
from tui.textual_private import forget_gone_widgets_styles
from tui.widgets.decision import TYPED_BOX_CLOSED_BY_ITSELF, DecisionPanel, TypedBoxGrace

if TYPE_CHECKING:
    from textual.app import App

    from core.views import SeatView
    from tui.controller import Controller
    from tui.drivers import GameDriver

# The log lines a hand-off shows of the moves since the next person's own last one (else since the last
# look): the person handing over had no other sight of what their choices did (play-test); as many as fill its
# box and more (Spanish play-test: "3 more lines in the log" with half the box empty, and a wedding's rolls among 22
# lines cut from the middle): the box scrolls, shown at its end, the latest moves (tui/screens/overlays.py)
HANDOFF_LAST_MOVES = 24  # at least 3: the first two and the last
# A move's line on a hand-off is cut to four rows of its box, which scrolls (a Winter ledger line runs to 700
# characters; play-test: cut to two, Wedding Festivities' response lost the royal it was played for)
HANDOFF_LINE_CHARACTERS = 252
# A line said in public (an undo's refusal) this long before a hand-off is said again on it: the hand-off covered it
SAID_AGAIN_AT_A_HAND_OFF_SECONDS = 2.0
# The last log lines the board's strip shows at 80x24 whatever their length (a line wraps to two rows at most)
LOG_STRIP_SURELY_SHOWS = 2

# The phases that get a report screen, in the order they run, and the rules one of whose events must be
# present for the report to be worth showing (none: always). Winter and Victory Determination share one.
# A Marriage phase without weddings still gains England its Virgin Queen VP and ages the royals every
# turn (play-test: no report, and England's VP went up with nothing on screen to say why).
REPORTS: tuple[tuple[tuple[Phase, ...], type[ReportScreen], tuple[str, ...]], ...] = (
    ((Phase.MARRIAGE,), MarriageReport, ()),
    ((Phase.PATRONAGE,), PatronageReport, ("PAT-5",)),
    ((Phase.WINTER, Phase.VICTORY), EndOfTurnScreen, ()),
    ((Phase.CARD_DRAW,), CardDrawScreen, ()),
    ((Phase.DIPLOMATIC_STATUS,), DiplomaticStatusReport, ("DIP-2",)),
)
REPORTED_PHASES = frozenset(phase for phases, _report, _needs in REPORTS for phase in phases)
PHASE_REPORTS = tuple(report for _phases, report, _needs in REPORTS)


def _unreported(events: list[Event]) -> list[Event]:
    """The lines no phase report shows (a phase's start is no move)."""
    return [e for e in events if e.kind is not EventKind.PHASE and e.phase not in REPORTED_PHASES]


def report_groups(events: list[Event]) -> list[tuple[type[ReportScreen], int, list[Event]]]:
    """The phase reports ``events`` make: each report's kind, turn and lines."""
    groups: list[tuple[type[ReportScreen], tuple[str, ...], int, list[Event]]] = []
    for run in phase_runs(events):
        for phases, report, needs in REPORTS:
            if run.phase not in phases:
                continue
            if groups and groups[-1][0] is report and groups[-1][2] == run.turn:
                groups[-1][3].extend(run.events)  # Winter, then Victory Determination: one report
            else:
                groups.append((report, needs, run.turn, list(run.events)))
    return [(report, turn, ran) for report, needs, turn, ran in groups if not needs or any(e.rule in needs for e in ran)]


def _reports_named(events: list[Event], reports: Sequence[ReportScreen], reported: list[Event], running: Sequence[Event] = ()) -> list[Event]:
    """``_unreported(events)``, with one line a turn naming the phases whose reports, to come after the hand-off's
    Enter (``reports`` kept unread, those ``reported`` makes), show the lines between (hot-seat play-test: the end
    of a turn went by without a word, and the list read as if nothing had happened between two moves). The lines
    of the reported phase still ``running`` (its report comes once it is over, after the next person's decision in
    it) are listed as moves (hot-seat play-test: the opening wedding's roll before Elizabeth's VQ-2 choice was
    nowhere on her hand-off, whose u then said "nothing to take back since dice were rolled [MAR-4]")."""
    kept_lines = [line for report in reports if isinstance(report, PHASE_REPORTS) for line in report.log_lines()]
    coming = {id(line) for line in kept_lines} | {id(line) for _report, _turn, ran in report_groups(reported) for line in ran}
    moves = {id(event) for event in events}
    listed_now = {id(event) for event in running if event.kind is not EventKind.PHASE}
    # reports of phases before these moves (missed at an earlier turn at the keyboard) first
    named: set[tuple[int, Phase]] = set()  # a report partly before these moves is named once (review)
    kept = _phases_named([line for line in kept_lines if id(line) not in moves], named)
    run: list[Event] = []
    for event in events:
        if id(event) in coming:
            run.append(event)
        elif event.kind is not EventKind.PHASE and event.phase not in REPORTED_PHASES or id(event) in listed_now:
            kept += _phases_named(run, named)
            run = []
            kept.append(event)
    return kept + _phases_named(run, named)


def _phases_named(events: list[Event], named: set[tuple[int, Phase]]) -> list[Event]:
    """A line a turn naming the phases of ``events`` not ``named`` yet (then named)."""
    by_turn: dict[int, list[Phase]] = {}
    for event in events:
        if event.kind is EventKind.PHASE or (event.turn, Phase(event.phase)) in named:  # a start is logged as the phase before
            continue
        named.add((event.turn, Phase(event.phase)))
        by_turn.setdefault(event.turn, []).append(Phase(event.phase))
    return [Event("GEN-3", msg("Turn {turn}: {phases}: in the reports after Enter", turn=turn,
                               phases=listed([Message(PHASE_TITLES[phase]) for phase in phases])))
            for turn, phases in sorted(by_turn.items())]


def handoff_lines(events: list[Event], kept: Collection[int] = frozenset()) -> list[Event | int]:
    """What a hand-off shows of ``events``: the first lines (the choices of the person handing over begin
    them) and the last (the moves the next person meets), the number of the others between (never one
    line alone), but for those ``kept`` (by id: a line naming the reports to come). The set-up's notes are no
    moves (a first hand-off lists the game so far)."""
    lines = [event for event in events if event.kind is not EventKind.PHASE and event.phase != Phase.SETUP]
    if len(lines) <= HANDOFF_LAST_MOVES + 1:
        return list(lines)
    first = 2
    last = HANDOFF_LAST_MOVES - first
    shown: list[Event | int] = list(lines[:first])
    hidden: list[Event] = []
    for line in [*lines[first : len(lines) - last], None]:
        if line is not None and id(line) not in kept:
            hidden.append(line)
            continue
        shown += hidden if len(hidden) == 1 else [len(hidden)] if hidden else []
        hidden = []
        if line is not None:
            shown.append(line)
    return [*shown, *lines[len(lines) - last :]]


def last_moves(events: list[Event], names: dict[str, str]) -> list[str]:
    """The hand-off's lines of ``events`` (``handoff_lines``), each cut to four rows."""
    return [_handoff_text(line, names) for line in handoff_lines(events)]


def _handoff_text(line: Event | int, names: dict[str, str]) -> str:
    if isinstance(line, Event):
        return _cut(render(line, names))
    return ngettext("... {count} more line in the log (l on the board) ...", "... {count} more lines in the log (l on the board) ...", line).format(count=line)


def _cut(line: str) -> str:
    return line if len(line) <= HANDOFF_LINE_CHARACTERS else line[: HANDOFF_LINE_CHARACTERS - 1] + "…"


@frozen
class PhaseRun:
    """The events from one phase-start (GEN-3) log line to the next, and the turn it ran in."""

    phase: Phase
    turn: int
    events: list[Event]


def phase_runs(events: list[Event]) -> list[PhaseRun]:
    """The events grouped by the phase they ran in. A phase whose start was logged before a person's
    decision inside it goes on after that decision without a start line of its own: its events still
    form a run (play-test: the weddings after Elizabeth's VQ-2 choice had no Marriage report)."""
    runs: list[PhaseRun] = []
    for event in events:
        if event.kind is EventKind.PHASE or (event.phase and (not runs or (runs[-1].phase, runs[-1].turn) != (event.phase, event.turn))):
            runs.append(PhaseRun(Phase(event.phase), event.turn, [event]))
        elif runs:
            runs[-1].events.append(event)
    return runs


def _skippable(report: ReportScreen) -> bool:
    """A phase's report, which s on a report passes over; not "While you waited" nor the game's end."""
    return not isinstance(report, (MeanwhileReport, GameOverScreen))


def _log_position(log: Sequence[Event], event: Event) -> int | None:
    """Where ``event`` itself stands in ``log`` (the latest lines are looked at first)."""
    for at in range(len(log) - 1, -1, -1):
        if log[at] is event:
            return at
    return None


def still_running(events: list[Event], view: SeatView) -> list[Event]:
    """The events of the reported phase ``view`` is in, when ``events`` end inside it (its report waits for
    its end); none when it is over or has no report."""
    runs = phase_runs(events)
    running = bool(runs) and (runs[-1].phase, runs[-1].turn) == (view.phase, view.turn) and view.phase in REPORTED_PHASES
    return runs[-1].events if running else []


class Board:
    """The game on screen: the phase screen, the reports of the phases passed, the hand-offs and the
    overlays, all laid out from what the controller built for this change (``Controller.on_screen``)."""

    def __init__(self, app: App[None], controller: Controller) -> None:
        self.app = app
        self.controller = controller
        self._laid_out_for: object = None  # the game the board was last laid out for
        self._games_laid_out = 0  # how many games it was laid out for: the phase boards kept say for which they last showed
        self._typed_grace = TypedBoxGrace()  # when a board's typed box last closed by itself (every board's panel shares it)
        # the reports after the one on screen, each made (composed) only when the one before is read:
        # composing the four reports of a turn's end at once held the keys for a quarter of a second
        self._next_reports: list[ReportScreen] = []
        # the events of a reported phase still running (a person decides in it), the game they are of and
        # the length of its log when they were held: the report waits for the phase's end
        self._running: tuple[GameDriver | None, list[Event], int] = (None, [], 0)
        # the person a hand-off waits for, and the lines of the moves since their last one that it lists (a count: unlisted)
        self._listed_at_handoff: tuple[str, list[Event | int]] = ("", [])
        # hot seat: the reports each person here has not read, shown at their next turn at the keyboard
        self._missed: dict[str, list[ReportScreen]] = {}
        # at a hand-off, the game, the reports not read and the events taken: they wait for its Enter (or for a
        # move taken back at it, GEN-9: then for its person, but for what the undo took out)
        self._at_handoff: tuple[GameDriver | None, list[ReportScreen], list[Event]] = (None, [], [])
        # the last line said that names nothing hidden (an undo's refusal, GEN-9), and when: a hand-off that comes at
        # once says it again (hostile play-test: u read with the move, refused as the computers had played a card,
        # was said for 45 ms before the hand-off covered it)
        self._said_in_public: tuple[str, float] = ("", 0.0)

    def said_in_public(self, text: str) -> None:
        self._said_in_public = (text, time.monotonic())

    def forget_the_game(self) -> None:
        """The game left the screen: nothing of it is kept (its session, reports and hand-off waits would stay in
        memory until the next game was shown)."""
        self._laid_out_for = None
        self._next_reports, self._missed = [], {}
        self._running, self._listed_at_handoff, self._at_handoff = (None, [], 0), ("", []), (None, [], [])
        self._said_in_public = ("", 0.0)

    def show(self) -> None:
        """BoardChanged: the hand-off if one is due, else the board for the current phase; then the
        reports of phases passed."""
        if isinstance(self.app.screen, TooSmallScreen):
            return  # shown when the terminal is large enough again (the app asks then)
        forget_gone_widgets_styles()
        self._catch_up()
        handoff = self.controller.handoff_due()
        if handoff is not None:
            self._handoff(*handoff)
            return
        shown = self.controller.on_screen()
        due = self._reports_due(shown)
        held, handed = self._handed_over() if due else ([], [])
        taken = [*handed, *self.controller.take_events()] if due else []
        reader = shown.view.seat if due and shown.view.decision is not None else ""
        events = self._reported_now(taken, shown)
        meanwhile = self._meanwhile(shown)
        board = self._game_screen()
        same_game = self.controller.driver is self._laid_out_for
        if same_game and board is not None and board is not self.app.screen and type(board) is PHASE_SCREENS.get(shown.view.phase):
            top = self.app.screen
            if not isinstance(top, (ReportScreen, HandoffScreen)):  # the table talk, the map, the log...
                # stays open within the phase (play-test: the log opened while the computers moved closed
                # by itself when they were done): the board under it follows (the computers' moves, another
                # terminal's), as does an open log; the reports of phases passed come above it
                waited = board.shown.view.decision is None or bool(board.shown.hold)
                board.refresh_view(shown)
                if isinstance(top, LogSearchScreen) and top.is_mounted:
                    top.follow(shown.view.log)
                # the computers are done, or another terminal: it is this keyboard's turn (review: judged by lines
                # logged meanwhile, it missed moves that log none, such as a computer's quiet answers)
                if waited and shown.view.decision is not None and not shown.hold:
                    self.app.notify(_("Your decision is waiting: Esc to the board."), timeout=6)
                self._push_reports(held, events, meanwhile, reader)
                return
        self._laid_out_for = self.controller.driver
        self._games_laid_out += not same_game
        menu_open = same_game and any(isinstance(s, GameMenu) for s in self.app.screen_stack)
        with self.app.batch_update():  # one frame for the whole change
            unread = [*held, *self._leave_for_the_board(shown, events)]
            screen = self._game_screen()
            if screen is not None:
                screen.refresh_view(shown)
                if not same_game:  # a game put on screen (new, continued, loaded, joined) after a menu's Enter
                    screen.no_highlight_when_shown = True
                if screen.game_shown != self._games_laid_out:  # this game's first look at the board kept (tmux play-test: a
                    screen.game_shown = self._games_laid_out  # walkthrough's taught refusal came up on the next game's Action Phase)
                    screen.another_game()
            self._push_reports(unread, events, meanwhile, reader)
            if menu_open:  # the game menu stays above it all (review: its t, closed under it, started a table action)
                self.game_menu()

    def _handoff(self, person: str, power: str) -> None:
        """GEN-2 / GEN-8: the board is taken down before the hand-off shows (nothing of the previous
        person's stays under it). The reports of the phases passed (public) wait for its Enter and come
        above the next person's board: shown above the hand-off, an Enter too many on the last one passed
        it, and the next person's hand came up before whoever was reading (review)."""
        handoffs = [s for s in self.app.screen_stack if isinstance(s, HandoffScreen)]
        waiting = next((s for s in handoffs if s.person == person), None)
        if waiting is not None:  # already waiting for them; a game continued lists its moves once its log is checked
            driver = self.controller.driver
            shown = self.controller.on_screen()
            since, first = self._since_for_handoff(person) if driver is not None and not waiting.last_moves.lines else ([], False)
            if since:  # their first hand-off too (re-test: continued at it, it had lost the moves it listed)
                waiting.show_moves(self._handoff_moves(person, since, self._at_handoff[2], shown, first, [*self._at_handoff[1], *self._missed.get(person, [])]))
            waiting.offer_take_back(shown.taking_back)
            return
        self.app.clear_notifications()  # a refusal may name a card of the hand being hidden
        board = self._game_screen()
        held, handed = self._handed_over()
        unread = [*held, *self._leave(for_board=False)]
        shown = self.controller.on_screen()
        if board is not None:  # kept for the next person, with nobody's view in it until their Enter
            board.refresh_view(shown)
            board.no_highlight_when_shown = True
        events = [*handed, *self.controller.take_events()]
        self._at_handoff = (self.controller.driver, unread, events)
        since, first = self._since_for_handoff(person) if self.controller.driver is not None else ([], False)
        # a hand-off for someone else that offered to take its move back was on screen: it was (GEN-9)
        taken_back = handoffs and handoffs[-1].taking_back
        # with how many moves the undo took (its notice, said on the hand-off it took back from); an undo refused just
        # before, unless u now takes back a move since (rules play-test: said in place of that offer, it read as said of it)
        carried = self._just_said_in_public()
        said = "\n".join((_("GEN-9: the move was taken back before {person} took the keyboard.").format(person=handoffs[-1].person),
                          handoffs[-1].notice)).strip() if taken_back else "" if shown.taking_back else carried
        self.app.push_screen(HandoffScreen(person, power, self._handoff_moves(person, since, events, shown, first, [*unread, *self._missed.get(person, [])]),
                                           shown.taking_back, said))

    def _just_said_in_public(self) -> str:
        """The line said in public a moment ago, once, as its own hand-off's first line."""
        (text, at), self._said_in_public = self._said_in_public, ("", 0.0)
        return _("Not allowed: {refusal}").format(refusal=text) if text and time.monotonic() - at < SAID_AGAIN_AT_A_HAND_OFF_SECONDS else ""

    def _handed_over(self) -> tuple[list[ReportScreen], list[Event]]:
        """The reports and events a hand-off held for its Enter, once; of what an undo at it took out, nothing."""
        driver, unread, events = self._at_handoff
        self._at_handoff = (None, [], [])
        if driver is None or driver is not self.controller.driver:
            return [], []
        logged = {id(event) for event in driver.session.log}
        return ([report for report in unread if all(id(line) in logged for line in report.log_lines())],
                [event for event in events if id(event) in logged])

    def _since_for_handoff(self, person: str) -> tuple[list[Event], bool]:
        """What passed since the next person's own last move (hot-seat play-test: only the previous person's
        last choice was shown, not the three before it), or, at their first turn at the keyboard, what passed
        so far (play-test: Dan's first hand-off listed only the last move, not Spain's proposal and Cleo's
        answer before it); and whether it is their first. The report of what named their powers comes above
        their board, but for the lines listed here (tmux play-test: the same two)."""
        driver = self.controller.driver
        assert driver is not None
        since = driver.since_last_move(person, told=False, set_off=True)
        if since:
            return since, False
        return driver.since_last_move(person, told=False, from_start=True), True

    def _handoff_moves(self, person: str, since: list[Event], events: list[Event], shown: OnScreen, first: bool = False,
                       reports: Sequence[ReportScreen] = ()) -> HandoffMoves:
        """The lines a hand-off lists: of the moves ``since`` the next person's last one (``first``: since the
        game began), but for the phases whose reports come after its Enter (play-test: the Card Draw report
        repeated the lines the hand-off had just shown), named instead (``reports``: those kept unread and those the
        next person missed; and those ``events`` make), else of ``events``."""
        pending = [*self._still_held(), *events]  # a phase a person decides in reports once it is over
        running = still_running(pending, shown.view)
        reported = pending[: len(pending) - len(running)]
        moves = _reports_named(since, reports, reported, running) if since else events
        named = {id(line) for line in moves} - {id(line) for line in since}
        lines = handoff_lines(moves, named)
        self._listed_at_handoff = (person, lines if since else [])
        return HandoffMoves(person if since and not first else "", tuple(_handoff_text(line, shown.names) for line in lines))

    def _seen_at_handoff(self, handoff: HandoffScreen) -> None:
        """Of the lines ``handoff`` lists, those brought into view are kept as listed, once: as its Enter shows the
        board, or as it goes (the earlier come in "While you waited", ``_meanwhile``)."""
        person, lines = self._listed_at_handoff
        if person and person == handoff.person:
            self._listed_at_handoff = (person, lines[handoff.moves_never_in_view() :])

    def _reported_now(self, events: list[Event], shown: OnScreen) -> list[Event]:
        """``events``, after those held back before, but for the events of a reported phase still running,
        held back in turn: its report is shown once the phase is over (play-test: a Marriage report with
        nothing in it came before the wedding choice that ran the phase, and a Patronage report lacked the
        reward chosen after it). Nothing new taken, nothing ends: the held events stay held (review: let go
        while the computers moved, they made an empty report, and the rest of the phase a second one)."""
        if not events:
            return []
        driver = self.controller.driver
        events = [*self._still_held(), *events]
        held = still_running(events, shown.view)
        self._running = (driver, held, len(driver.session.log)) if held and driver is not None else (None, [], 0)
        return events[: len(events) - len(held)]

    def _still_held(self) -> list[Event]:
        """The events held back for this game's report that are still in its log: an undo takes its part
        out (review: the report of the phase undone came up above the board)."""
        driver, held, log_length = self._running
        if driver is not self.controller.driver or driver is None:
            return []
        log, start = driver.session.log, log_length - len(held)
        kept = 0
        while kept < len(held) and start + kept < len(log) and log[start + kept] is held[kept]:
            kept += 1
        return held[:kept]

    @staticmethod
    def _reports_due(shown: OnScreen) -> bool:
        """New reports show once the computers here are still: at this keyboard's decision, at the end of
        the game, and while this terminal waits for another person (play-test: a shared game's player
        waiting for the other saw a turn's reports only at their own next decision, a phase later). Where
        one person plays at this keyboard (a shared game's terminal, a hot seat of one), while they think
        too: nobody else comes to it, so no hand-off waits to name them (SSH play-test: with search
        computers, turn 1's Card Draw report came after the whole Negotiation Segment; and so in a hot
        seat of one)."""
        view = shown.view
        return view.decision is not None or bool(view.winner) or not shown.hold or shown.alone

    def _game_screen(self) -> PhaseScreen | None:
        return next((s for s in reversed(self.app.screen_stack) if isinstance(s, PhaseScreen)), None)

    def _leave(self, for_board: bool) -> list[ReportScreen]:
        """Leave menus, overlays and reports (and the board too, unless ``for_board``) for the first
        screen; the reports not read yet, made anew to be shown again (play-test: a table action started
        from the map over a report swept the turn's other reports away)."""
        app = self.app
        unread: list[ReportScreen] = []
        queued, self._next_reports = self._next_reports, []
        while len(app.screen_stack) > 1:
            top = app.screen
            if for_board and isinstance(top, PhaseScreen):
                break
            if isinstance(top, ReportScreen) and not isinstance(top, GameOverScreen) and top.of_game is self.controller.driver:
                unread.append(top.again_where_read())
            if isinstance(top, HandoffScreen):
                self._seen_at_handoff(top)
            app.pop_screen()
        return [*unread, *(report for report in queued if report.of_game is self.controller.driver)]

    def _leave_for_the_board(self, shown: OnScreen, events: list[Event]) -> list[ReportScreen]:
        """The board of the phase, directly above the first screen, composed from ``shown``."""
        app = self.app
        unread = self._leave(for_board=True)
        view = shown.view
        if view.phase is Phase.GAME_OVER:
            app.push_screen(GameOverScreen(view, shown.names, events, view.turn, self.controller.driver, leaving_goes_to(shown), shown.kept))
            return unread
        wanted = PHASE_SCREENS[view.phase]
        if isinstance(app.screen, PhaseScreen) and type(app.screen) is not wanted and app.screen.is_mounted:
            app.screen.query_one(DecisionPanel).close_typed_under_the_player()  # review: open under the next board
        if not isinstance(app.screen, PhaseScreen):
            app.push_screen(self._board(wanted, shown))
        elif type(app.screen) is not wanted:
            app.switch_screen(self._board(wanted, shown))
        return unread

    def _board(self, kind: type[PhaseScreen], shown: OnScreen) -> PhaseScreen:
        """The board of this kind of phase, kept between hand-offs, phases and games and shown anew from
        ``shown`` (composing and styling a board was most of a hand-off's Enter: ~0.15 s of CPU)."""
        return kept_screen(self.app, f"board-{kind.__name__}", lambda: kind(shown, self._typed_grace))

    def _push_reports(self, unread: list[ReportScreen], events: list[Event], meanwhile: list[ReportScreen] | None = None, reader: str = "") -> None:
        """The reports not read yet (those the person at the keyboard, ``reader``, missed first), then one
        report per phase that ran in ``events``, each with its own events and turn, the earliest first,
        then ``meanwhile``: it is shown, the others once it is read."""
        made = self._new_reports(events)
        missed = self._missed.pop(reader, []) if reader else []
        self._keep_for_the_others(made, reader)
        driver = self.controller.driver
        self._next_reports += [*unread, *(report for report in missed if report.of_game is driver), *made, *(meanwhile or [])]
        self.show_reports_due()

    def _catch_up(self) -> None:
        """A game continued another evening: each person reads, at their next turn at the keyboard, the
        reports of the phases passed since their last move or look before it was saved (hot-seat play-test:
        a Ctrl+Q at a hand-off, or on a report, and the turn's reports never came after Continue). A phase
        still running is held, with its lines from before the save, for its report when it ends."""
        driver = self.controller.driver
        unread = driver.unread_at_load() if driver is not None else {}
        if driver is None or not unread:
            return
        self._forget_missed_of_games_gone()
        log = driver.session.log
        running = still_running(list(log), self.controller.on_screen().view)
        if running:
            self._running = (driver, list(running), len(log))
        for person, events in unread.items():
            self._missed[person] = self._new_reports([e for e in events if not any(e is held for held in running)])

    def _keep_for_the_others(self, made: list[ReportScreen], reader: str) -> None:
        """Hot seat: the other people here read ``made`` at their own next turn at the keyboard (play-test:
        the end of a turn's reports reached only the person whose turn came first; the others never
        learned of their royal's wedding or their patron removed). Reports are public (GEN-8)."""
        driver = self.controller.driver
        people = driver.people_here() if driver is not None and reader else ()
        if len(people) < 2 or not made:
            return
        self._forget_missed_of_games_gone()
        for seat in people:
            if seat.name != reader:
                self._missed.setdefault(seat.name, []).extend(report.again() for report in made)

    def _forget_missed_of_games_gone(self) -> None:
        driver = self.controller.driver
        self._missed = {person: [r for r in kept if r.of_game is driver] for person, kept in self._missed.items()}

    def _meanwhile(self, shown: OnScreen) -> list[ReportScreen]:
        """For the person whose decision is shown: what the others' moves since their last one did to their
        powers, and their own last move when it rolled and those moves pushed it off the log strip (GEN-4,
        shared-game play-test: Ana's Accept set off Mary Queen of Scots' wedding roll, gone from the strip
        before she could read it); outside the phases with reports of their own. None when nothing is news."""
        driver = self.controller.driver
        view = shown.view
        if driver is None or view.decision is None or shown.lesson is not None:
            return []
        seat = next((seat for seat in driver.people_here() if seat.name == view.seat), None)
        if seat is None:
            return []
        since = driver.since_last_move(seat.name)
        own = _unreported(driver.last_move_lines(seat.name))
        handoff = next((s for s in self.app.screen_stack if isinstance(s, HandoffScreen)), None)
        if handoff is not None:
            self._seen_at_handoff(handoff)
        person, lines = self._listed_at_handoff
        self._listed_at_handoff = ("", [])
        listed = [line for line in lines if isinstance(line, Event)] if person == seat.name else []
        events = [e for e in _unreported(since) if not any(e is line for line in listed)]
        named = naming(events, self.controller.terminal.data, driver.session.state, seat.powers, view.decision.prompt)
        strip = [*own, *since][-LOG_STRIP_SURELY_SHOWS:]  # what the log strip surely shows
        own = own if since and any(e.kind is EventKind.ROLL for e in own) and not all(e in strip for e in own) else []
        own = [e for e in own if not any(e is line for line in listed)]  # but what the hand-off listed of it (review)
        if not own and (not named or all(event in strip for event in named)):
            return []  # the log strip shows them: a proposal's answer is no news to report
        return [MeanwhileReport(view, shown.names, named, view.turn, driver, own)]

    def show_reports_due(self, _closed: object = None) -> None:
        """The first report waiting, unless the screen on top keeps them waiting; also when the table talk
        closes (its callback), for those that came while it was open."""
        top = self.app.screen
        if not self._next_reports:
            self._note_if_all_read()
            return
        if isinstance(top, ChatScreen):  # their keys would take what is being typed (review)
            self.app.notify(_("New reports: they show when the table talk is closed (Esc)."), timeout=6)
            return
        # the last turn's reports come above the game's end, read before it (play-test: never shown);
        # at a hand-off they wait for its Enter (``_leave`` takes them up for the next board); behind a report still
        # to read under the screen on top (SSH play-test: with the game menu open above the Marriage report, the next
        # phases' reports came above the menu, and the Marriage report was read last)
        if not self._report_or_handoff_open():
            self._show_next_report()

    def _report_or_handoff_open(self) -> bool:
        """A report still to read, or a hand-off, anywhere on the screen stack (the game's end is read after its reports)."""
        return any(isinstance(s, (ReportScreen, HandoffScreen)) and not isinstance(s, GameOverScreen) for s in self.app.screen_stack)

    def _note_if_all_read(self) -> None:
        """Every report taken is read: the driver keeps how far (a shared game's next look starts there)."""
        if self._next_reports or self._report_or_handoff_open():
            return  # at a hand-off, the next person's reports wait for its Enter: nobody has read them
        self.controller.reports_read(len(self._still_held()), self._unshown_news_from())
        news = self.controller.driver.first_look() if self.controller.driver is not None else ""
        if news:  # at the board, once the reports are read: a toast goes with the screen it came on
            self.app.notify(news, timeout=8, markup=False)

    def _unshown_news_from(self) -> int | None:
        """In a shared game, where the news for this terminal's player begins that "While you waited" has not
        shown them yet (it comes at their next decision): the look kept for them stops there."""
        driver = self.controller.driver
        seat = next(iter(driver.people_here()), None) if driver is not None and driver.shared else None
        if driver is None or seat is None:
            return None
        since = _unreported(driver.since_last_move(seat.name, told=False))
        named = naming(since, self.controller.terminal.data, driver.session.state, seat.powers)
        return _log_position(driver.session.log, named[0]) if named else None

    def reports_to_read(self) -> list[ReportScreen]:
        """The report on screen (and any under it), then the ones waiting for it to be read."""
        return [*(s for s in reversed(self.app.screen_stack) if isinstance(s, ReportScreen)), *self._next_reports]

    def _show_next_report(self) -> None:
        if not self._next_reports or self._next_reports[0].of_game is not self.controller.driver:
            self._next_reports = []  # another game is on screen now
            self._note_if_all_read()
            return
        board = self._game_screen()
        if board is not None:
            board.no_highlight_when_shown = True
        if isinstance(self.app.screen, GameOverScreen):
            self.app.screen.read_before_leaving = True
        report = self._next_reports.pop(0)
        waiting = [r for r in self._next_reports if _skippable(r)]
        kinds = [type(r) for r in (report, *waiting) if _skippable(r)]
        if len(set(kinds)) < len(kinds):  # a phase's report twice: more than a turn's end, a late reader's (review)
            report.skip_offer = len(waiting)
        self.app.push_screen(report, lambda _read: self._one_read(report))

    def skip_reports(self) -> None:
        """s on a report: the phase reports waiting are passed over, and read as they would have been once the one on
        screen goes (late-join play-test: an onlooker sitting down read two turns' reports one by one, with no way past
        them). Every line is in the log. "While you waited" and the game's end are not skipped (review: the news of the
        others' moves, once shown, is not shown again)."""
        top = self.app.screen
        if not isinstance(top, ReportScreen):
            return
        if isinstance(top, GameOverScreen):
            top.say(_("s skips phase reports; the game's end is read, not skipped."))
            return
        if not any(_skippable(r) for r in self._next_reports):
            top.say(_("s: no phase report waits; Enter goes on."))
            return
        self._next_reports = [r for r in self._next_reports if not _skippable(r)]
        top.dismiss(None)

    def _one_read(self, report: ReportScreen) -> None:
        """A phase report read, others perhaps still to come: the driver keeps that the log is read through
        its last line, unless a report still to read (waiting, or under another screen) has a line before
        it: a quit or a leave now does not bring it back, and loses none (review: a shared game's "While you
        waited" lines start from that mark when the player sits down again)."""
        driver = self.controller.driver
        if driver is not None and report.of_game is driver and report.events and not isinstance(report, MeanwhileReport):
            log = driver.session.log
            at = _log_position(log, report.events[-1])
            unread = [r for r in self.reports_to_read() if r is not report and r.of_game is driver]
            firsts = [_log_position(log, lines[0]) for r in unread if (lines := r.log_lines())]
            if at is not None and all(first is not None and first > at for first in firsts):
                driver.report_read(at + 1, self._unshown_news_from())
        self._show_next_report()

    def _new_reports(self, events: list[Event]) -> list[ReportScreen]:
        """Made of the public view alone: a report is shown to the other people here too (review: made of the reader's
        view, it held their hand and decision, which no report shows yet, and nothing else kept it so)."""
        groups = report_groups(events)
        driver = self.controller.driver
        if not groups or driver is None:
            return []
        view, names = public_view(driver), self.controller.on_screen().names
        return [report(view, names, ran, turn, driver) for report, turn, ran in groups]

    # ---- overlays reachable from any game screen --------------------------------------------------

    def rule_help(self) -> None:
        """The rules browser at the report's phase, the walkthrough step's rule, or the pending decision's."""
        screen, shown = self.app.screen, self.controller.on_screen()
        pending, lesson = shown.view.decision, shown.lesson
        taught = lesson.rule if lesson is not None and lesson.instruction else ""
        rule = screen.rule if isinstance(screen, ReportScreen) else taught or (pending.rule if pending is not None else "")
        open_rules_browser(self.app, rule)

    def menu_key(self) -> None:
        """Esc over a report or a hand-off: the game menu, unless it was meant for the typed box that closed by itself as
        that screen came (SSH re-test: it opened the menu over the Diplomatic Status report)."""
        if self._typed_grace.taken():
            self.app.notify(_(TYPED_BOX_CLOSED_BY_ITSELF), timeout=4, markup=False)
            return
        self.game_menu()

    def game_menu(self) -> None:
        if not isinstance(self.app.screen, GameMenu):
            driver = self.controller.driver
            self.app.push_screen(GameMenu(self.controller.on_screen(), unsaved=driver is not None and bool(driver.unsaved())))

    def royals(self) -> None:
        open_royals(self.app, self.controller.on_screen().view)

    def patronage_chart(self) -> None:
        open_patronage(self.app, self.controller.on_screen().view)

    def full_log(self) -> None:
        shown = self.controller.on_screen()
        open_log_search(self.app, shown.view.log, self.controller.terminal.data, shown.names)

    def map(self) -> None:
        from tui.screens.map import MapScreen

        self.app.push_screen(MapScreen(self.controller.terminal.data, self.controller.on_screen().view.spaces))

    def vp_chart(self) -> None:
        from tui.screens.vp_chart import VpChartScreen  # plotext loads only when the chart is opened

        self.app.push_screen(VpChartScreen(self.controller.terminal.data, self.controller.on_screen().view))

    def powers(self) -> None:
        text = "\n".join(display.power_display_lines(self.controller.on_screen().view))
        self.app.push_screen(TextScreen(_("Power displays: VP ledger, Card markers, bonuses, Suez, Morisco, League, independent spaces"), text))

    def discards(self) -> None:
        view = self.controller.on_screen().view
        rows = [card.text for card in view.discard]
        text = "\n".join([display.pile_line(view), *rows]) if rows else _("The discard pile is empty.")
        self.app.push_screen(TextScreen(_("Discard pile (back into the deck next turn, CARD-6)"), text))
