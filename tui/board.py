"""The game in progress on screen: the phase screens, reports, hand-offs and game overlays.

Imported when the first game starts, so the title screen does not pay for the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core import views
from core.state import Phase
from tui.screens.game import PHASE_SCREENS, PhaseScreen
from tui.screens.log_search import LogSearchScreen
from tui.screens.overlays import HandoffScreen, TextScreen, patronage_screen, royals_screen
from tui.screens.rules_browser import RulesBrowser
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

# Phase-start log lines that get a report screen, in the order they can happen, and the rule
# whose events must be present for the report to be worth showing ("" = always).
REPORTS: tuple[tuple[str, type[ReportScreen], str], ...] = (
    ("Marriage Resolution Phase", MarriageReport, "MAR-4"),
    ("Patronage Phase", PatronageReport, "PAT-5"),
    ("Victory Determination Phase", EndOfTurnScreen, ""),
    ("Card Draw Phase", CardDrawScreen, ""),
    ("Diplomatic Status", DiplomaticStatusReport, "DIP-2"),
)


class Board:
    def __init__(self, app: VirginQueenApp) -> None:
        self.app = app
        self.controller = app.controller

    def show(self) -> None:
        """StateChanged: the board for the current phase, then the reports of phases passed."""
        self._ensure_board_screen()
        screen = self._game_screen()
        if screen is not None and screen.is_mounted:
            screen.refresh_view()
        self._push_reports()

    def handoff(self, person: str, power: str) -> None:
        """Hide the board behind the hand-off; the reports (public) come first."""
        data = self.controller.data
        power_name = data.power_name(power) if power in data.power_ids else "the table"
        self._ensure_board_screen()
        self.app.push_screen(HandoffScreen(person, power_name), self.controller.handed_off)
        self._push_reports()

    def _game_screen(self) -> PhaseScreen | None:
        return next((s for s in reversed(self.app.screen_stack) if isinstance(s, PhaseScreen)), None)

    def _ensure_board_screen(self) -> None:
        """Leave menus and overlays for the board, which sits directly above the title screen."""
        app = self.app
        session = self.controller.game
        while len(app.screen_stack) > 1 and not isinstance(app.screen, (PhaseScreen, TooSmallScreen)):
            app.pop_screen()
        if isinstance(app.screen, TooSmallScreen):
            return
        if session.state.phase is Phase.GAME_OVER:
            app.push_screen(GameOverScreen(self.controller, self.controller.last_events))
            return
        wanted = PHASE_SCREENS[session.state.phase]
        if not isinstance(app.screen, PhaseScreen):
            app.push_screen(wanted(self.controller))
        elif type(app.screen) is not wanted:
            app.switch_screen(wanted(self.controller))

    def _push_reports(self) -> None:
        passed = self.controller.phases_passed()
        events = self.controller.last_events
        for marker, report, needs in reversed(REPORTS):  # the last first, so the earliest is on top
            if any(marker in text for text in passed) and (not needs or any(e.rule == needs for e in events)):
                self.app.push_screen(report(self.controller, events))
        self.controller.last_events = []

    # ---- overlays reachable from any game screen --------------------------------------------------

    def rule_help(self) -> None:
        pending = self.controller.game.decision
        self.app.push_screen(RulesBrowser(pending.rule if pending is not None else ""))

    def royals(self) -> None:
        self.app.push_screen(royals_screen(self.controller))

    def patronage_chart(self) -> None:
        self.app.push_screen(patronage_screen(self.controller))

    def full_log(self) -> None:
        self.app.push_screen(LogSearchScreen(self.controller.game))

    def powers(self) -> None:
        session = self.controller.game
        text = "\n".join(views.power_display(session.data, session.state, session.setup))
        self.app.push_screen(TextScreen("Power displays: VP ledger, Card markers, bonuses (WIN-6)", text))

    def discards(self) -> None:
        session = self.controller.game
        rows = views.discard_rows(session.data, session.state)
        text = "\n".join([views.pile_line(session.data, session.state), *rows]) if rows else "The discard pile is empty."
        self.app.push_screen(TextScreen("Discard pile (back into the deck next turn, CARD-6)", text))
