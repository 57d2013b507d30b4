"""Joining a shared game announces no table talk said before."""
from __future__ import annotations
import asyncio
from core.setup import Seat, SeatKind, Setup
from core.store import SqliteStore
from tests.tui_helpers import post, read_reports, settle, until
from tui.app import VirginQueenApp
from tui.messages import JoinSharedGame
from tui.screens.chat import ChatScreen
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


async def test_table_talk_read_with_c_is_not_pointed_out_again_at_the_next_sitting_down(tmp_path, data):
    """SSH play-test: "1 line from Ana since you last spoke" came again at every sitting down, for lines read with c.
    The store keeps the last line each player read; sitting down points out only the others' lines after it (and
    after one's own last), and says since when."""
    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=1, seats=SEATS))
    store.say(1, "Ben", "welcome")
    store.say(1, "Ben", "I open with Spain")

    async def sit_down(read_with_c: bool) -> list[str]:
        app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await post(pilot, JoinSharedGame(1, "Ana"))
            await until(pilot, lambda: isinstance(app.screen, (ReportScreen, PhaseScreen)), seconds=10)
            await asyncio.sleep(0.6); await settle(pilot)
            await read_reports(app, pilot)
            toasts = [str(n.message) for n in app._notifications if "Table talk" in str(n.message)]
            if read_with_c:
                await pilot.press("c")
                await until(pilot, lambda: isinstance(app.screen, ChatScreen), seconds=5)
                await settle(pilot)
                await pilot.press("escape")
                await settle(pilot)
        return toasts

    assert await sit_down(read_with_c=False) == ["Table talk: 2 lines from Ben so far; c reads them."]
    assert await sit_down(read_with_c=True) == ["Table talk: 2 lines from Ben so far; c reads them."]
    assert store.chat_read(1, "Ana") == 2
    assert await sit_down(read_with_c=False) == []
    store.say(1, "Ben", "your move, Ana")
    assert await sit_down(read_with_c=False) == ["Table talk: 1 line from Ben since you last read it; c reads it."]
    store.say(1, "Ana", "thinking")
    store.say(1, "Ben", "take your time")
    assert await sit_down(read_with_c=False) == ["Table talk: 1 line from Ben since you last spoke; c reads it."]


def test_a_read_mark_of_table_talk_never_goes_back_and_goes_with_its_game(tmp_path, data):
    """The last line read is kept per game and player, never lowered by a late write; a store that never kept one
    (made by an earlier version) has none; removing the game removes its marks."""
    store = SqliteStore.in_folder(tmp_path, data)
    game = store.create(Setup(seed=1, seats=SEATS))
    assert store.chat_read(game, "Ana") == 0
    store.read_chat(game, "Ana", 3)
    store.read_chat(game, "Ana", 2)
    store.read_chat(game, "Ben", 1)
    assert (store.chat_read(game, "Ana"), store.chat_read(game, "Ben"), store.chat_read(game, "Cleo")) == (3, 1, 0)
    store.remove(game, tmp_path / "kept.json")
    assert (store.chat_read(game, "Ana"), store.chat_read(game, "Ben")) == (0, 0)
