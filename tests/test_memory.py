"""Memory over a game played through the app: what a game leaves behind stays bounded (issue 12).

Structural facts only (the figures themselves are in ``python -m core bench``): gone phase screens
and widgets' render caches are let go; the controller and the log strip keep no more
than they show.
"""

from __future__ import annotations

import gc
import random
import weakref

from textual._styles_cache import StylesCache
from textual.widget import Widget
from textual.widgets import RichLog

from core.setup import Setup
from tests.tui_helpers import app_for, post, settle
from tui.messages import StartGame
from tui.app import VirginQueenApp
from tui.screens.game import LOG_LINES_SHOWN, PHASE_SCREENS, PhaseScreen
from tui.textual_private import QUERY_CACHE_SIZE
from tui.widgets.key_footer import KeyFooter
from tui.widgets.decision import DecisionPanel, quiet_index

SIZE = (80, 24)


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

        # the footer is one widget, whatever keys it showed
        assert {app.screen.get_widget_at(x, SIZE[1] - 1)[0] for x in range(SIZE[0])} == {app.screen.query_one(KeyFooter)}

        # no widget's render cache outlives the widget by more than the last decision
        objects = gc.get_objects()
        live_caches = {id(node._styles_cache) for node in objects if isinstance(node, Widget)}
        gone = [cache for cache in objects if isinstance(cache, StylesCache) and id(cache) not in live_caches]
        assert len(gone) < 100, f"{len(gone)} render caches of gone widgets are kept"

        # the game's driver and the log strip keep only what is shown
        assert app.controller.take_events() == []
        log = app.screen.query_one("#log", RichLog)
        assert len(log.lines) <= LOG_LINES_SHOWN
        assert len(log._line_cache) <= 4 * LOG_LINES_SHOWN  # not the rendered lines of the lines dropped

        # the board's query caches keep one moment's queries, not every count of changes under them
        for node in (app.screen, app.screen.query_one(DecisionPanel)):
            assert len(node._query_one_cache) <= QUERY_CACHE_SIZE
