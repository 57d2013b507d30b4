"""Memory over a game played through the app: what a game leaves behind stays bounded (issue 12).

Structural facts only (the figures themselves are in ``python -m core bench``): gone footer keys,
phase screens and widgets' render caches are let go; the controller and the log strip keep no more
than they show.
"""

from __future__ import annotations

import gc
import random
import weakref

from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import RichLog
from textual.widgets._footer import FooterKey

from core.setup import Setup
from tests.tui_helpers import app_for, post, settle
from tui.messages import StartGame
from tui.textual_private import watchers_of
from tui.app import VirginQueenApp
from tui.screens.game import LOG_LINES_SHOWN, PHASE_SCREENS, PhaseScreen
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.decision import quiet_index

SIZE = (80, 24)


class _FooterApp(App[None]):
    ENABLE_COMMAND_PALETTE = False  # its key is not bound to the footer's compact (as in the game)
    BINDINGS = [Binding("a", "bell", "Bell"), Binding("b", "quit", "Quit")]

    bell_hidden = False  # flipped to hide the key, so the steady footer rebuilds

    def compose(self) -> ComposeResult:
        yield SteadyFooter(compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return False if action == "bell" and self.bell_hidden else True  # hidden: the keys shown change


def _watchers_of_compact(footer: SteadyFooter) -> list[object]:
    return watchers_of(footer, "compact")


async def test_the_game_footer_lets_go_of_the_keys_it_recomposed_away():
    app = _FooterApp()
    async with app.run_test(size=SIZE) as pilot:
        footer = app.query_one(SteadyFooter)
        await settle(pilot)
        first_keys = [weakref.ref(key) for key in footer.query(FooterKey)]
        assert first_keys
        for _ in range(20):
            app.bell_hidden = not app.bell_hidden
            app.screen.refresh_bindings()  # the keys shown change: the footer recomposes
            await settle(pilot)
        gc.collect()
        shown = list(footer.query(FooterKey))
        assert len(_watchers_of_compact(footer)) == len(shown)
        assert all(key() is None for key in first_keys)


async def _play(app: VirginQueenApp, pilot, presses: int, phases: set[tuple[int, object]]) -> list[weakref.ref[PhaseScreen]]:
    """Play a random game much as the bench does (number keys on the board, Enter on reports), but
    mostly key 0 (done, pass) so that it goes through phases fast; every phase screen that was on
    top, as weak references, and the phases passed (turn, phase)."""
    chooser = random.Random(1)
    boards: list[weakref.ref[PhaseScreen]] = []
    for _ in range(presses):
        decision = app.controller.session.decision
        assert decision is not None, "the game ended: play fewer keys"
        if isinstance(app.screen, PhaseScreen):
            if not any(board() is app.screen for board in boards):
                boards.append(weakref.ref(app.screen))
            phases.add((app.controller.session.state.turn, app.controller.session.state.phase))
            quiet = quiet_index(decision)
            if quiet is not None and chooser.random() < 0.8:
                key = "0"
            else:
                key = str(chooser.randrange(min(len(decision.choices), 9)) + 1)
        else:
            key = "enter"
        await pilot.press(key)
        await settle(pilot)
    while not isinstance(app.screen, PhaseScreen):  # the board, with no report above it
        await pilot.press("enter")
        await settle(pilot)
    await settle(pilot)
    gc.collect()
    return boards


async def test_a_game_played_through_phases_and_reports_keeps_a_bounded_set_of_screens_and_widgets(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await post(pilot, StartGame(Setup(seed=1)))
        phases: set[tuple[int, object]] = set()
        boards = await _play(app, pilot, 110, phases)
        session = app.controller.session
        assert session.state.turn >= 2 and len(phases) >= 6, "the play should pass several phases and turns"

        # one board per kind of phase, kept and shown anew (composing one was most of a hand-off's
        # Enter): no more boards than kinds, whatever the phases passed
        alive = [board() for board in boards if board() is not None]
        assert app.screen in alive and len(boards) <= len(PHASE_SCREENS)
        assert len(app.screen_stack) == 2  # the title screen under the board

        # footers hold only the keys they show
        footer = app.screen.query_one(SteadyFooter)
        assert len(_watchers_of_compact(footer)) == len(footer.query(FooterKey))

        # no widget's render cache outlives the widget by more than the last decision
        objects = gc.get_objects()
        live_caches = {id(node._styles_cache) for node in objects if isinstance(node, Widget)}
        gone = [cache for cache in objects if isinstance(cache, StylesCache) and id(cache) not in live_caches]
        assert len(gone) < 100, f"{len(gone)} render caches of gone widgets are kept"

        # the game's driver and the log strip keep only what is shown
        assert app.controller.take_events() == []
        assert len(app.screen.query_one("#log", RichLog).lines) <= LOG_LINES_SHOWN
