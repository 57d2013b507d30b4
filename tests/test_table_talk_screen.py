"""The table talk on screen (tui/screens/chat.py): every line once, in order, and open while the game moves."""
from __future__ import annotations

from core.setup import Seat, SeatKind, Setup
from core.store import SharedGame, SqliteStore
from tests.conftest import quiet_choice
from tests.tui_helpers import footer_entries, post, settle
from tui import app as app_module
from tui.app import VirginQueenApp
from tui.messages import JoinSharedGame
from tui.screens.chat import ChatScreen
from textual.widgets import RichLog

SIZE = (80, 24)
SEATS = (Seat("Ben", ("spain",)), Seat("Ana", ("france",)),
         Seat("random computer", ("ottoman", "england", "empire", "protestant"), SeatKind.COMPUTER, "random"))


async def _ana_in_game(tmp_path, data, pilot, app):
    await settle(pilot)
    await post(pilot, JoinSharedGame(1, "Ana"))
    for _ in range(10):
        if isinstance(app.screen, ChatScreen):
            break
        await pilot.press("c")
        await settle(pilot)
    assert isinstance(app.screen, ChatScreen)


async def test_a_line_said_here_before_an_earlier_line_is_heard_shows_each_line_once_in_order(tmp_path, data, monkeypatch):
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600)  # the test polls by hand
    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=1, seats=SEATS))
    store.say(1, "Ben", "one")
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _ana_in_game(tmp_path, data, pilot, app)
        app.controller.driver.tick(); await settle(pilot)      # Ana hears line 1
        store.say(1, "Ben", "two")                               # Ben says line 2...
        await pilot.press(*"three", "enter"); await settle(pilot)  # ...Ana says line 3 before her next poll
        app.controller.driver.tick(); await settle(pilot)      # then hears line 2
        shown = [line.text for line in app.screen.query_one("#chat-lines", RichLog).lines]
        print(shown)
        assert [l.text for l in app.controller.chat()] == ["one", "two", "three"]
        assert sum("Ben: two" in s for s in shown) == 1 and sum("Ana: three" in s for s in shown) == 1, shown


async def test_another_terminals_move_leaves_the_table_talk_being_typed_open(tmp_path, data, monkeypatch):
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600)
    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=1, seats=SEATS))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _ana_in_game(tmp_path, data, pilot, app)
        await pilot.press(*"I offer you Calais if")
        await settle(pilot)
        store.take_seat(1, "Ben", "Ben")
        ben = SharedGame.open(store, 1, "Ben")
        ben.choose("spain", quiet_choice(ben.session.decision))   # Ben moves on his terminal
        app.controller.driver.tick(); await settle(pilot)
        assert isinstance(app.screen, ChatScreen), f"table talk closed under the typing: now {type(app.screen).__name__}"


async def test_the_table_talk_scrolls_from_the_box_being_typed_in(tmp_path, data):
    """SSH play-test: PageUp, Up and Home did nothing while typing, and Tab to the lines, which nothing said, took
    the letters typed next. PageUp/PageDown and the arrows scroll the lines (the footer names the page keys), and
    every letter goes to the box."""
    from textual.widgets import Input

    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=1, seats=SEATS))
    for number in range(60):
        store.say(1, "Ben", f"line {number}")
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _ana_in_game(tmp_path, data, pilot, app)
        lines = app.screen.query_one("#chat-lines", RichLog)
        await settle(pilot)
        bottom = lines.scroll_y
        assert bottom > 0
        await pilot.press("pageup")
        await settle(pilot)
        assert lines.scroll_y < bottom - 5
        paged = lines.scroll_y
        await pilot.press("down")
        await settle(pilot)
        assert lines.scroll_y == paged + 1
        await pilot.press("tab", *"hi")
        await settle(pilot)
        assert app.screen.query_one("#chat-say", Input).value == "hi"
        assert {entry.key for entry in footer_entries(app.screen)} >= {"escape", "pageup", "pagedown"}


async def test_a_line_of_table_talk_past_the_longest_says_so(tmp_path, data):
    """SSH play-test: a pasted line of 353 characters was said cut to 300, with nothing said. The box says the longest
    line once it is reached, once, and the line said is the 300 characters taken."""
    from textual import events
    from textual.widgets import Input

    from tui.shared_games import CHAT_LINE_CHARS

    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=1, seats=SEATS))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _ana_in_game(tmp_path, data, pilot, app)
        box = app.screen.query_one("#chat-say", Input)
        box.post_message(events.Paste("x" + "word " * 70 + "end"))  # 354 characters
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        said = [str(n.message) for n in app._notifications if "at most" in str(n.message)]
        assert said == [f"A line of table talk is at most {CHAT_LINE_CHARS} characters: more are not taken."]
        await pilot.press("enter")
        await settle(pilot)
        assert [len(line.text) for line in app.controller.chat()] == [CHAT_LINE_CHARS]


async def test_ctrl_l_goes_back_to_the_lobby_from_the_table_talk(tmp_path, data):
    """Play-test: Ctrl+L did nothing while the table talk was open (a modal screen hides the board's keys)."""
    from tui.screens.lobby import LobbyScreen

    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=1, seats=SEATS))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _ana_in_game(tmp_path, data, pilot, app)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen), type(app.screen).__name__
        assert app.controller.driver is None
