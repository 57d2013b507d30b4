"""Joining a shared game announces no table talk said before."""
from __future__ import annotations
import asyncio
from core.setup import Seat, SeatKind, Setup
from core.store import SqliteStore
from tests.tui_helpers import post, settle
from tui.app import VirginQueenApp
from tui.messages import JoinSharedGame

SEATS = (Seat("Ben", ("spain",)), Seat("Ana", ("france",)),
         Seat("random computer", ("ottoman", "england", "empire", "protestant"), SeatKind.COMPUTER, "random"))


async def test_joining_a_game_announces_no_old_line_of_table_talk(tmp_path, data):
    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=1, seats=SEATS))
    for i in range(30):
        store.say(1, "Ben", f"old line {i}")
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await post(pilot, JoinSharedGame(1, "Ana"))
        await asyncio.sleep(0.6); await settle(pilot)
        toasts = [str(n.message) for n in app._notifications]
        print(len(toasts), toasts[:2])
        assert len(toasts) <= 1, f"{len(toasts)} toasts of old table talk on joining"
