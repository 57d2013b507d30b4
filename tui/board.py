"""The game in progress on screen: the phase screens, reports, hand-offs and game overlays.

Imported when the first game starts, so the title screen does not pay for the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen
from textual._styles_cache import StylesCache

from core.events import Event, EventKind
from core.state import Phase
from tui import display
from tui.screens.game import PHASE_SCREENS, PhaseScreen
from tui.screens.log_search import open_log_search
from tui.screens.overlays import HandoffScreen, TextScreen, open_patronage, open_royals
from tui.screens.rules_browser import open_rules_browser
from tui.screens.reports import (
    CardDrawScreen,
    DiplomaticStatusReport,
    EndOfTurnScreen,
    GameOverScreen,
    MarriageReport,
    PatronageReport,
    ReportScreen,
)
from tui.screens.too_small import TooSmallScreen

if TYPE_CHECKING:
    from tui.app import VirginQueenApp

# The phases that get a report screen, in the order they run, and the rule whose events must be
# present for the report to be worth showing ("" = always). Winter and Victory Determination share one.
REPORTS: tuple[tuple[tuple[Phase, ...], type[ReportScreen], str], ...] = (
    ((Phase.MARRIAGE,), MarriageReport, "MAR-4"),
    ((Phase.PATRONAGE,), PatronageReport, "PAT-5"),
    ((Phase.WINTER, Phase.VICTORY), EndOfTurnScreen, ""),
    ((Phase.CARD_DRAW,), CardDrawScreen, ""),
    ((Phase.DIPLOMATIC_STATUS,), DiplomaticStatusReport, "DIP-2"),
)


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


def forget_gone_widgets_styles() -> None:
    """Textual 8.2 memoizes ``StylesCache.get_inner_outer`` with ``lru_cache(1024)`` on a method, so
    each entry's key holds a widget's StylesCache, with every line the widget rendered, long after
    the widget is gone (a footer key, a report, a phase screen): up to ~9 MB of dead lines over a
    game (``python -m core bench``). An entry of a gone widget can never be hit again; one of a live
    widget is two Styles, made again at its next render."""
    StylesCache.get_inner_outer.cache_clear()


class Board:
    def __init__(self, app: VirginQueenApp) -> None:
        self.app = app
        self.controller = app.controller

    def show(self) -> None:
        """StateChanged: the board for the current phase, then the reports of phases passed."""
        forget_gone_widgets_styles()
        unread = self._ensure_board_screen()
        screen = self._game_screen()
        if screen is not None and screen.is_mounted:
            screen.refresh_view()
        self._push_reports(unread)

    def follow(self) -> None:
        """A shared game moved on, here or on another terminal: the board follows in place while
        another seat decides; the reports of the phases passed wait for this seat's own decision (or
        the game's end), so what the player is reading is not swept away by the others' moves."""
        forget_gone_widgets_styles()
        view = self.controller.view()
        screen = self._game_screen()
        if view.decision is not None or view.winner or screen is None or type(screen) is not PHASE_SCREENS.get(view.phase):
            if view.decision is not None or view.winner:
                self.show()
            else:
                self._push_reports(self._ensure_board_screen(), new=False)
            return
        if screen.is_mounted:
            screen.refresh_view()

    def handoff(self, person: str, power: str) -> None:
        """Hide the board behind the hand-off; the reports (public) come first."""
        data = self.controller.data
        power_name = data.power_name(power) if power in data.power_ids else "the table"
        self.app.clear_notifications()  # a refusal may name a card of the hand being hidden (GEN-8)
        unread = self._ensure_board_screen()
        self.app.push_screen(HandoffScreen(person, power_name), self.controller.handed_off)
        self._push_reports(unread)

    def computers_moving(self) -> None:
        """While computer players move, the board on top says so instead of offering stale choices."""
        screen = self.app.screen
        if isinstance(screen, PhaseScreen) and screen.is_mounted:
            screen.waiting("The computer players are moving...")

    def _game_screen(self) -> PhaseScreen | None:
        return next((s for s in reversed(self.app.screen_stack) if isinstance(s, PhaseScreen)), None)

    def _ensure_board_screen(self) -> list[ReportScreen]:
        """Leave menus and overlays for the board, which sits directly above the title screen; the
        reports not read yet, made anew to be shown again (play-test: a table action started from the
        map over a report swept the turn's other reports away)."""
        app = self.app
        phase = self.controller.phase
        unread: list[ReportScreen] = []
        while len(app.screen_stack) > 1 and not isinstance(app.screen, (PhaseScreen, TooSmallScreen)):
            top = app.screen
            if isinstance(top, ReportScreen) and not isinstance(top, GameOverScreen) and top.of_game is self.controller.session:
                unread.append(type(top)(top.controller, top.events, top.turn))
            app.pop_screen()
        if isinstance(app.screen, TooSmallScreen):
            return unread
        if phase is Phase.GAME_OVER:
            app.push_screen(GameOverScreen(self.controller, self.controller.last_events, self.controller.view().turn))
            return unread
        wanted = PHASE_SCREENS[phase]
        if not isinstance(app.screen, PhaseScreen):
            app.push_screen(wanted(self.controller))
        elif type(app.screen) is not wanted:
            app.switch_screen(wanted(self.controller))
        return unread

    def _push_reports(self, unread: list[ReportScreen], new: bool = True) -> None:
        """The reports not read yet, then one report per phase that ran since the last decision (when
        ``new``), each with its own events and turn, the earliest on top. While computer players are
        still moving their events are kept, so a phase their steps cut in two is reported whole."""
        shown = self._new_reports() if new and not self.controller.computers_moving() else []
        for screen in reversed([*unread, *shown]):
            self.app.push_screen(screen)

    def _new_reports(self) -> list[ReportScreen]:
        groups: list[tuple[type[ReportScreen], str, int, list[Event]]] = []
        for run in phase_runs(self.controller.last_events):
            for phases, report, needs in REPORTS:
                if run.phase not in phases:
                    continue
                if groups and groups[-1][0] is report and groups[-1][2] == run.turn:
                    groups[-1][3].extend(run.events)  # Winter, then Victory Determination: one report
                else:
                    groups.append((report, needs, run.turn, list(run.events)))
        self.controller.last_events = []
        return [report(self.controller, events, turn) for report, needs, turn, events in groups
                if not needs or any(e.rule == needs for e in events)]

    # ---- overlays reachable from any game screen --------------------------------------------------

    def rule_help(self) -> None:
        """The rules browser at the report's phase, or at the pending decision's rule."""
        screen = self.app.screen
        pending = self.controller.game.decision
        rule = screen.RULE if isinstance(screen, ReportScreen) else pending.rule if pending is not None else ""
        open_rules_browser(self.app, rule)

    def royals(self) -> None:
        open_royals(self.app, self.controller)

    def patronage_chart(self) -> None:
        open_patronage(self.app, self.controller)

    def full_log(self) -> None:
        open_log_search(self.app, self.controller.game)

    def map(self) -> None:
        from tui.screens.map import MapScreen

        self.app.push_screen(MapScreen(self.controller))

    def vp_chart(self) -> None:
        from tui.screens.vp_chart import VpChartScreen  # plotext loads only when the chart is opened

        self.app.push_screen(VpChartScreen(self.controller))

    def powers(self) -> None:
        text = "\n".join(display.power_display_lines(self.controller.view()))
        self.app.push_screen(TextScreen("Power displays: VP ledger, Card markers, bonuses, Suez, Morisco, League, independent spaces", text))

    def discards(self) -> None:
        view = self.controller.view()
        rows = [card.text for card in view.discard]
        text = "\n".join([display.pile_line(view), *rows]) if rows else "The discard pile is empty."
        self.app.push_screen(TextScreen("Discard pile (back into the deck next turn, CARD-6)", text))
