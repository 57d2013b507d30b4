"""The Textual app: title and menus, and the game board driven through the controller by messages."""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on
from textual.app import App
from textual.binding import Binding
from textual.events import Resize
from textual.timer import Timer

from core.gamedata import DataError
from tui.controller import Controller
from tui.messages import ChoiceMade, ComputersToMove, GameProblem, HandoffNeeded, SaveChecked, StateChanged, TypedChoice, WalkthroughFinished
from tui.screens.lobby import LobbyScreen
from tui.screens.menus import TitleScreen
from tui.screens.too_small import TooSmallScreen
from tui.settings import Settings

if TYPE_CHECKING:
    from core.setup import Setup
    from tui.board import Board

MIN_WIDTH, MIN_HEIGHT = 80, 24
# How often a shared game looks for the other terminals' moves (each shows within a second).
POLL_SECONDS = 0.25
PLAYER_ENV = "VIRGIN_QUEEN_PLAYER"  # set by 'virgin-queen serve': the SSH key's name; the app opens the lobby


class VirginQueenApp(App[None]):
    CSS_PATH = Path(__file__).parent / "styles" / "app.tcss"
    TITLE = "The Virgin Queen"
    # Textual's command palette crashes on fast keys (Ctrl+P then Enter x3: ScreenStackError; Ctrl+P
    # then PageUp: KeyError in its option list) and offers a player nothing the screens lack: every
    # action has its own key, and the theme has its own screen (h on the title screen).
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("k", "walkthrough_controls", "Steps"),
        Binding("ctrl+l", "lobby", "Lobby", show=False),  # in the help and README: the footer is full
    ]

    def __init__(
        self,
        save_dir: Path = Path("saves"),
        controller: Controller | None = None,
        player: str = "",
        lobby: bool = False,
        player_fixed: bool = False,
    ) -> None:
        """``lobby``: start in the lobby of shared games (``--store``, or over SSH) as ``player``;
        ``player_fixed``: the name cannot be changed (over SSH it is the key's)."""
        super().__init__()
        self.player_fixed = player_fixed
        self.controller = controller or Controller(save_dir, self.post_message)
        self.controller.player = player or self.controller.player or getpass.getuser()
        self.starts_in_lobby = lobby
        self._too_small: TooSmallScreen | None = None
        self._poll_timer: Timer | None = None

    def get_default_screen(self) -> TitleScreen | LobbyScreen:
        return LobbyScreen(self.controller) if self.starts_in_lobby else TitleScreen()

    def on_mount(self) -> None:
        theme = Settings.read(self.controller.save_dir).theme
        if theme in self.available_themes:
            self.theme = theme
        self._check_size(self.size.width, self.size.height)

    def choose_theme(self, theme: str) -> None:
        """Use the theme now and at every later start (settings.json in the save folder)."""
        self.theme = theme
        problem = Settings(theme=theme).write(self.controller.save_dir)
        if problem is not None:
            self.notify(problem, severity="error", timeout=6)

    @cached_property
    def board(self) -> Board:
        from tui.board import Board  # the game screens and the engine load with the first game

        return Board(self)

    # ---- starting and loading ---------------------------------------------------------------------

    def start_game(self, setup: Setup) -> None:
        self.controller.new_game(setup)

    def load_game(self, path: Path) -> None:
        self.controller.load(path)

    def create_shared_game(self, setup: Setup) -> None:
        if self.controller.create_shared(setup):
            self._follow_shared_game()

    def join_shared_game(self, game_id: int, seat: str | None) -> None:
        """Take a seat of a store game (None: watch it)."""
        if self.controller.join_shared(game_id, seat):
            self._follow_shared_game()

    def _follow_shared_game(self) -> None:
        if self._poll_timer is None:
            self._poll_timer = self.set_interval(POLL_SECONDS, self.controller.poll)

    def action_lobby(self) -> None:
        """Leave the shared game on screen for the lobby (the seat is free to take again)."""
        self.action_to_title()
        if not isinstance(self.screen, LobbyScreen):
            self.push_screen(LobbyScreen(self.controller))

    def on_unmount(self) -> None:
        self.controller.leave_shared()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "walkthrough_controls":
            return self.controller.walkthrough is not None
        if action == "lobby":
            return self.controller.shared is not None
        return True

    def action_walkthrough_controls(self) -> None:
        from tui.screens.walkthrough_menu import WalkthroughControls

        self.push_screen(WalkthroughControls(self.controller))

    def action_to_title(self) -> None:
        """Back to the first screen: the title, or the lobby of shared games."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.controller.leave_shared()

    # ---- messages from screens and the controller --------------------------------------------------

    @on(ChoiceMade)
    def _choice(self, message: ChoiceMade) -> None:
        self.controller.choose(message.choice)

    @on(TypedChoice)
    def _typed(self, message: TypedChoice) -> None:
        self.controller.choose_text(message.text)

    @on(GameProblem)
    def _problem(self, message: GameProblem) -> None:
        show = getattr(self.screen, "show_problem", None)
        if show is not None:
            show(message.text)
        self.clear_notifications()  # the latest problem only: stacked, they covered the choices (play-test)
        self.notify(message.text, severity="error", timeout=6)

    @on(StateChanged)
    def _state_changed(self, message: StateChanged) -> None:
        if message.follow:
            self.board.follow()
        else:
            self.board.show()

    @on(ComputersToMove)
    def _computers_move(self, message: ComputersToMove) -> None:
        self.board.computers_moving()
        self.controller.computers_move(message)

    @on(SaveChecked)
    def _save_checked(self, message: SaveChecked) -> None:
        if not self.controller.save_checked(message):
            self.action_to_title()  # the refusal is shown by GameProblem

    @on(WalkthroughFinished)
    def _walkthrough_finished(self, message: WalkthroughFinished) -> None:
        from tui.screens.walkthrough_menu import WalkthroughDone

        self.push_screen(WalkthroughDone(self.controller, message.title, message.text))

    @on(HandoffNeeded)
    def _handoff(self, message: HandoffNeeded) -> None:
        self.board.handoff(message.person, message.power)

    # ---- actions reachable from any game screen -------------------------------------------------------------

    def action_save(self) -> None:
        if self.controller.session is not None:
            path = self.controller.save_as()
            if path is not None:
                self.notify(f"Saved to {path}", timeout=4)

    def action_rule_help(self) -> None:
        self.board.rule_help()

    def action_royals(self) -> None:
        self.board.royals()

    def action_patronage_chart(self) -> None:
        self.board.patronage_chart()

    def action_powers(self) -> None:
        self.board.powers()

    def action_discards(self) -> None:
        self.board.discards()

    def action_full_log(self) -> None:
        self.board.full_log()

    def action_map(self) -> None:
        self.board.map()

    def action_vp_chart(self) -> None:
        self.board.vp_chart()

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
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:
        from tui.serve import main as serve

        return serve(argv[1:])
    if argv[:1] == ["web"]:
        from tui.web import main as web

        return web(argv[1:])
    parser = argparse.ArgumentParser(
        prog="virgin-queen",
        description="The Virgin Queen, in the terminal.",
        epilog="'virgin-queen serve --help': host games over SSH, one terminal per player; "
        "'virgin-queen web --help': the game in a browser.",
    )
    parser.add_argument("--save-dir", type=Path, default=Path("saves"), help="where games are saved (default ./saves)")
    parser.add_argument("--store", action="store_true", help="start in the lobby of shared games (SAVE_DIR/games.sqlite3)")
    parser.add_argument("--player", default="", help="your name in shared games (default: your login name)")
    args = parser.parse_args(argv)
    over_ssh = os.environ.get(PLAYER_ENV, "")  # the SSH key's name: only the lobby, as that player
    try:
        app = VirginQueenApp(args.save_dir, player=over_ssh or args.player, lobby=bool(over_ssh) or args.store, player_fixed=bool(over_ssh))
    except DataError as exc:
        print(f"virgin-queen: bad game data: {exc}", file=sys.stderr)
        return 2
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
