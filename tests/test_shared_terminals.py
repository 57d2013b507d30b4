"""Shared games seen from two terminals at once, and a store held by another program: every terminal
gets the reports of the phases passed since its own last look, and keys never wait for the store."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time

import pytest

from core.setup import Seat, SeatKind, Setup
from core.store import STORE_NAME, SqliteStore
from tests.tui_helpers import settle
from tui.app import VirginQueenApp
from tui.messages import Choose
from tui.screens.game import PhaseScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.log_search import LogSearchScreen
from tui.screens.reports import MarriageReport, ReportScreen
from tui.widgets.decision import quiet_index

SIZE = (80, 24)
SEATS = (
    Seat("Ana", ("spain",)),
    Seat("Ben", ("france",)),
    Seat("random computer", ("ottoman", "england", "empire", "protestant"), SeatKind.COMPUTER, "random"),
)


async def _take_seat(app: VirginQueenApp, pilot, seat_index: int) -> None:
    await settle(pilot)
    listing = app.screen.query_one("#lobby-games")
    listing.highlighted = [o.id for o in listing.options].index(f"seat-1-{seat_index}")
    await pilot.press("enter")
    await settle(pilot)


async def _step(app: VirginQueenApp, pilot, reports: list[type]) -> None:
    """One look at this terminal: read a report, or take its own decision (Spain weds Elisabeth)."""
    screen = app.screen
    if isinstance(screen, ReportScreen):
        reports.append(type(screen))
        await pilot.press("enter")
    elif isinstance(screen, PhaseScreen) and (decision := app.controller.on_screen().view.decision) is not None:
        wed = next((c for c in decision.choices if str(c) == "opening wed"), None)
        if wed is not None:
            app.post_message(Choose(wed))
        else:
            quiet = quiet_index(decision)
            app.post_message(Choose(decision.choices[quiet if quiet is not None else 0]))
    await settle(pilot)


@pytest.mark.slow
async def test_two_terminals_of_one_shared_game_both_see_the_marriage_report(tmp_path, data):
    """Reports on every terminal: the Marriage Resolution Phase (MAR-4) ran on whichever terminal's
    move ended the Action Phase; both players get its report at their next look."""
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=4, seats=SEATS))
    ana = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    ben = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    seen: dict[str, list[type]] = {"Ana": [], "Ben": []}
    async with ana.run_test(size=SIZE) as ana_pilot, ben.run_test(size=SIZE) as ben_pilot:
        await _take_seat(ana, ana_pilot, 0)
        await _take_seat(ben, ben_pilot, 1)
        for _ in range(600):
            if all(MarriageReport in reports for reports in seen.values()):
                break
            await _step(ana, ana_pilot, seen["Ana"])
            await _step(ben, ben_pilot, seen["Ben"])
            await asyncio.sleep(0.02)  # the other terminal's move reaches this one at its next poll
        assert ana.controller.session.state.turn == ben.controller.session.state.turn
    assert MarriageReport in seen["Ana"] and MarriageReport in seen["Ben"], seen


HOLD_THE_STORE = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("ROLLBACK")
"""


@pytest.mark.slow
async def test_keys_answer_while_another_program_holds_the_stores_write_lock(tmp_path, data):
    """Work off the event loop: for 5 s another process holds the store's write lock; the board's keys
    (a choice, the log and back, the lobby) are answered meanwhile, and the choice is recorded after."""
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=5, seats=SEATS))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _take_seat(app, pilot, 0)
        while isinstance(app.screen, ReportScreen):
            await pilot.press("enter")
            await settle(pilot)
        decision = app.controller.on_screen().view.decision
        assert isinstance(app.screen, PhaseScreen) and decision is not None
        command = [sys.executable, "-c", HOLD_THE_STORE, str(tmp_path / STORE_NAME), "5"]
        with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as holder:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
            started = time.monotonic()
            answered: list[float] = []
            for key, screen in (("1", PhaseScreen), ("l", LogSearchScreen), ("escape", PhaseScreen)):
                before = time.monotonic()
                await pilot.press(key)
                await pilot.pause()
                answered.append(time.monotonic() - before)
                assert isinstance(app.screen, screen)
            assert "being recorded" in app.controller.on_screen().waiting
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            assert holder.poll() is None, "the keys waited for the store"
            assert time.monotonic() - started < 5 and max(answered) < 1.0, answered
        await settle(pilot)  # the choice, recorded once the store is free
        assert SqliteStore.in_folder(tmp_path, data).actions(1)[0].choice == str(decision.choices[0])
