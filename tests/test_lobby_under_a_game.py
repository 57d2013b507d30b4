"""Over SSH the lobby stays under the game: it reads the store only while it is on screen."""
from __future__ import annotations
import asyncio
from core.setup import Seat, SeatKind, Setup
from core.store import SqliteStore
from tests.tui_helpers import post, settle
from tui.app import VirginQueenApp
from tui.messages import JoinSharedGame
from tui import shared_games

SEATS = (Seat("Ana", ("spain",)), Seat("random computer", ("ottoman", "england", "empire", "protestant", "france"), SeatKind.COMPUTER, "random"))


async def test_the_lobby_under_a_game_does_not_read_the_store(tmp_path, data, monkeypatch):
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=1, seats=SEATS))
    calls = []
    real = shared_games.SharedGames.listing
    monkeypatch.setattr(shared_games.SharedGames, "listing", lambda self: (calls.append(1), real(self))[1])
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await post(pilot, JoinSharedGame(1, "Ana"))
        print([type(s).__name__ for s in app.screen_stack])
        before = len(calls)
        await asyncio.sleep(3.2)
        await settle(pilot)
        print("listings read while playing for 3.2 s:", len(calls) - before)
        assert len(calls) - before == 0
