"""The Textual app: screens per phase, driven through the controller by messages."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from textual import on
from textual.app import App
from textual.events import Resize

from core import views
from core.gamedata import DataError
from core.session import Setup
from core.state import Phase
from tui.controller import Controller
from tui.messages import ChoiceMade, GameProblem, HandoffNeeded, StateChanged, TypedChoice
from tui.screens.game import PHASE_SCREENS, PhaseScreen
from tui.screens.menus import LoadScreen, TitleScreen
from tui.screens.overlays import (
    HandoffScreen,
    LogScreen,
    TextScreen,
    TooSmallScreen,
    help_screen,
    patronage_screen,
    royals_screen,
)
from tui.screens.reports import CardDrawScreen, DiplomaticStatusReport, EndOfTurnScreen, GameOverScreen, ReportScreen

MIN_WIDTH, MIN_HEIGHT = 80, 24
# Phase-start log lines that get a report screen, in the order they can happen.
REPORTS: tuple[tuple[str, type[ReportScreen]], ...] = (
    ("Victory Determination Phase", EndOfTurnScreen),
    ("Card Draw Phase", CardDrawScreen),
    ("Diplomatic Status", DiplomaticStatusReport),
)


class VirginQueenApp(App[None]):
    CSS_PATH = Path(__file__).parent / "styles" / "app.tcss"
    TITLE = "The Virgin Queen"

    def __init__(self, save_dir: Path = Path("saves"), controller: Controller | None = None) -> None:
        super().__init__()
        self.controller = controller or Controller(save_dir, self.post_message)
        self._too_small: TooSmallScreen | None = None

    def get_default_screen(self) -> TitleScreen:
        return TitleScreen()

    def on_mount(self) -> None:
        self._check_size(self.size.width, self.size.height)

    # ---- starting and loading ---------------------------------------------------------------------

    def start_game(self, setup: Setup) -> None:
        self.controller.new_game(setup)

    def load_game(self, path: Path) -> None:
        self.controller.load(path)

    def action_to_title(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    # ---- messages from screens and the controller --------------------------------------------------

    @on(ChoiceMade)
    def _choice(self, message: ChoiceMade) -> None:
        self.controller.choose(message.choice)

    @on(TypedChoice)
    def _typed(self, message: TypedChoice) -> None:
        self.controller.choose_text(message.text)

    @on(GameProblem)
    def _problem(self, message: GameProblem) -> None:
        screen = self.screen
        if isinstance(screen, (PhaseScreen, LoadScreen)):
            screen.show_problem(message.text)
        self.notify(message.text, severity="error", timeout=6)

    @on(StateChanged)
    def _state_changed(self) -> None:
        self._show_board()
        self._push_reports()

    @on(HandoffNeeded)
    def _handoff(self, message: HandoffNeeded) -> None:
        """Hide the board behind the hand-off; the reports (public) come first."""
        power = self.controller.data.power_name(message.power) if message.power in self.controller.data.power_ids else "the table"
        people = {p.controller for p in self.controller.session.state.powers.values()} if self.controller.session else set()
        if len(people) <= 1:
            self.controller.handed_off(message.person)
            return
        self._ensure_board_screen()
        self.push_screen(HandoffScreen(message.person, power), self.controller.handed_off)
        self._push_reports()

    # ---- screens -------------------------------------------------------------------------------------------

    def _game_screen(self) -> PhaseScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, PhaseScreen):
                return screen
        return None

    def _ensure_board_screen(self) -> None:
        """Leave menus and overlays for the board, which sits directly above the title screen."""
        session = self.controller.session
        assert session is not None
        phase = session.state.phase
        while len(self.screen_stack) > 1 and not isinstance(self.screen, (PhaseScreen, TooSmallScreen)):
            self.pop_screen()
        if isinstance(self.screen, TooSmallScreen):
            return
        if phase is Phase.GAME_OVER:
            self.push_screen(GameOverScreen(self.controller, self.controller.last_events))
            return
        wanted = PHASE_SCREENS[phase]
        if isinstance(self.screen, TitleScreen):
            self.push_screen(wanted(self.controller))
        elif type(self.screen) is not wanted:
            self.switch_screen(wanted(self.controller))

    def _show_board(self) -> None:
        self._ensure_board_screen()
        screen = self._game_screen()
        if screen is not None and screen.is_mounted:
            screen.refresh_view()

    def _push_reports(self) -> None:
        passed = self.controller.phases_passed()
        events = self.controller.last_events
        # push the last report first so the earliest is on top
        for marker, report in reversed(REPORTS):
            if any(marker in text for text in passed):
                if report is DiplomaticStatusReport and not any(e.rule == "DIP-2" for e in events):
                    continue
                self.push_screen(report(self.controller, events))
        self.controller.last_events = []

    # ---- actions reachable from any game screen -------------------------------------------------------------

    def action_rule_help(self) -> None:
        self.push_screen(help_screen(self.controller))

    def action_save(self) -> None:
        if self.controller.session is None:
            return
        path = self.controller.save_as()
        if path is not None:
            self.notify(f"Saved to {path}", timeout=4)

    def action_royals(self) -> None:
        if self.controller.session is not None:
            self.push_screen(royals_screen(self.controller))

    def action_patronage_chart(self) -> None:
        if self.controller.session is not None:
            self.push_screen(patronage_screen(self.controller))

    def action_powers(self) -> None:
        session = self.controller.session
        if session is not None:
            text = "\n".join(views.power_display(session.data, session.state))
            self.push_screen(TextScreen("Power displays: VP ledger, Card markers, bonuses (WIN-6)", text))

    def action_discards(self) -> None:
        session = self.controller.session
        if session is not None:
            rows = views.discard_rows(session.data, session.state)
            text = "\n".join([views.pile_line(session.data, session.state), *rows]) if rows else "The discard pile is empty."
            self.push_screen(TextScreen("Discard pile (back into the deck next turn, CARD-6)", text))

    def action_full_log(self) -> None:
        if self.controller.session is not None:
            self.push_screen(LogScreen(self.controller))

    # ---- a terminal that is too small -----------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        if too_small and self._too_small is None:
            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif too_small and self._too_small is not None and self._too_small.is_mounted:
            self._too_small.show_size(width, height)
        elif not too_small and self._too_small is not None:
            if self.screen is self._too_small:
                self.pop_screen()
            self._too_small = None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="virgin-queen", description="The Virgin Queen, in the terminal.")
    parser.add_argument("--save-dir", type=Path, default=Path("saves"), help="where games are saved (default ./saves)")
    args = parser.parse_args(argv)
    try:
        app = VirginQueenApp(args.save_dir)
    except DataError as exc:
        print(f"virgin-queen: bad game data: {exc}", file=sys.stderr)
        return 2
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
