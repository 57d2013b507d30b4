"""Joining a shared game announces no table talk said before."""
from __future__ import annotations
import asyncio
from core.setup import Seat, SeatKind, Setup
from core.store import SqliteStore
from tests.tui_helpers import post, read_reports, settle, until
from tui.app import VirginQueenApp
from tui.messages import JoinSharedGame
from tui.screens.game import PhaseScreen
from tui.screens.reports import CardDrawScreen, ReportScreen

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


async def test_no_more_than_three_lines_of_table_talk_are_on_screen_at_once_the_newest(tmp_path):
    """SSH play-test: six lines said one by one stacked six 4-row toasts over most of an 80x24 report, for
    seconds; the oldest go as a fourth comes (c has them all), and four or more said at once still count as one."""
    from core.store import ChatLine
    from tui.app import CHAT_TOASTS
    from tui.messages import ChatSaid

    app = VirginQueenApp(tmp_path, player="Ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for number in range(1, 7):
            app.post_message(ChatSaid([ChatLine(number, "Ben", "2026-12-07T03:00:00", f"line {number}")]))
            await settle(pilot)
        shown = [str(n.message) for n in app._notifications]
        assert len(shown) == CHAT_TOASTS and all(f"line {n}" in text for n, text in zip((4, 5, 6), shown)), shown
        app.post_message(ChatSaid([ChatLine(n, "Ben", "2026-12-07T03:00:00", f"line {n}") for n in range(7, 11)]))
        await settle(pilot)
        shown = [str(n.message) for n in app._notifications]
        assert len(shown) == CHAT_TOASTS and "4 new lines of table talk: c reads them" in shown[-1], shown


async def test_sitting_down_again_points_out_the_table_talk_said_since_ones_own_last_line(tmp_path, data):
    """SSH play-test: Ana's lines to Ben while he was away were pointed out nowhere when he sat down again (only c
    had them). Sitting down says how many lines the others said since one's own last, and who said them, in one
    toast over the board once the reports are read (a toast goes with the screen it came on); "so far" for one who
    never spoke (review: "since you last spoke" at a first look); none when one spoke last. The Card Draw report read
    at the first sitting is not shown again at the next: its look is written as the app exits (a worker could be cut
    off by the exit, and was whenever the machine was not busy)."""
    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=1, seats=SEATS))
    store.say(1, "Ben", "welcome")
    expected_by_step = ["Table talk: 1 line from Ben so far; c reads it.",
                        "Table talk: 2 lines from Ben since you last spoke; c reads them.", None]
    for step, expected in enumerate(expected_by_step):
        if step == 1:
            store.say(1, "Ana", "see you tomorrow")
            store.say(1, "Ben", "Ana, you dropped?")
            store.say(1, "Ben", "Ana, when you are back: I propose peace.")
        if step == 2:
            store.say(1, "Ana", "back")
        app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await post(pilot, JoinSharedGame(1, "Ana"))
            await until(pilot, lambda: isinstance(app.screen, (ReportScreen, PhaseScreen)), seconds=10)  # joined (later under load)
            await asyncio.sleep(0.6); await settle(pilot)
            assert await read_reports(app, pilot) == ([CardDrawScreen] if step == 0 else [])
            assert isinstance(app.screen, PhaseScreen)
            toasts = [str(n.message) for n in app._notifications if "Table talk" in str(n.message)]
            assert toasts == ([expected] if expected else []), toasts
