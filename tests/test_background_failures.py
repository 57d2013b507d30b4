"""Work in the background that fails in a way nobody expected: logged, and the game closed with one line naming the log (never a game stuck waiting)."""
from __future__ import annotations

import asyncio

from core import saves
from core.bots import RandomBot
from core.setup import Seat, SeatKind, Setup
from tests.tui_helpers import app_for, settle
from tui.screens.menus import TitleScreen
from tui.error_log import LOG_NAME
from tests.conftest import quiet_choice
from tui.messages import Choose, LoadGame, StartGame

SIZE = (80, 24)
SEATS = (Seat("Ana", ("spain",)), Seat("random computer", ("ottoman", "england", "empire", "protestant", "france"), SeatKind.COMPUTER, "random"))


async def _line_when_the_computers_third_choice_closes_the_game(tmp_path, monkeypatch, third) -> str:
    """Ana plays her decisions and the computers theirs, until their third choice, which ``third()`` makes: the game
    closes then, for the title; the one line said."""
    real = RandomBot.choose
    calls = {"n": 0}

    def choose(self, session, decision):
        calls["n"] += 1
        return third() if calls["n"] == 3 else real(self, session, decision)

    monkeypatch.setattr(RandomBot, "choose", choose)
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(StartGame(Setup(seed=1, seats=SEATS)))
        await settle(pilot)
        for _ in range(40):
            if calls["n"] >= 3 or app.controller.driver is None:
                break
            shown = app.controller.on_screen()
            if shown.view.decision is not None:
                app.post_message(Choose(quiet_choice(shown.view.decision)))
            else:
                await pilot.press("enter")
            await settle(pilot)
        assert calls["n"] >= 3
        await settle(pilot)
        assert app.controller.driver is None and isinstance(app.screen, TitleScreen)
        return next(str(n.message) for n in app._notifications)


async def test_a_computer_player_that_fails_closes_the_game_with_the_line_naming_the_log(tmp_path, monkeypatch):
    def failing():
        raise RuntimeError("a bug in the bot, once")

    line = await _line_when_the_computers_third_choice_closes_the_game(tmp_path, monkeypatch, failing)
    assert "RuntimeError: a bug in the bot, once" in line and LOG_NAME in line
    assert "a bug in the bot, once" in (tmp_path / LOG_NAME).read_text()


async def test_a_save_check_that_fails_unexpectedly_closes_the_game_with_the_line_naming_the_log(tmp_path, data, monkeypatch):
    from tests.conftest import new_session
    path = saves.write(new_session(data, seats=(Seat("Ana", tuple(data.power_ids)),)), tmp_path / "mine.json")
    monkeypatch.setattr(saves.OpenedSave, "verified", lambda self: (_ for _ in ()).throw(RuntimeError("replay bug")))
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(LoadGame(path))
        await settle(pilot)
        await asyncio.sleep(0.5); await settle(pilot)
        assert app.controller.driver is None and isinstance(app.screen, TitleScreen)  # never "still being checked" for ever
        assert "RuntimeError: replay bug" in (tmp_path / LOG_NAME).read_text()


async def test_an_opening_that_fails_unexpectedly_leaves_the_next_one_free_to_open(tmp_path, data, monkeypatch):
    """Review: an opening that failed in a way nobody expected kept its place, and every later New,
    Continue or Load was ignored, silently, until the app was restarted."""
    from tests.conftest import new_session
    path = saves.write(new_session(data, seats=(Seat("Ana", tuple(data.power_ids)),)), tmp_path / "mine.json")
    real = saves.OpenedSave.resumed
    monkeypatch.setattr(saves.OpenedSave, "resumed", lambda self: (_ for _ in ()).throw(RuntimeError("an opening bug")))
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(LoadGame(path))
        await settle(pilot)
        assert app.controller.driver is None and "RuntimeError: an opening bug" in (tmp_path / LOG_NAME).read_text()
        monkeypatch.setattr(saves.OpenedSave, "resumed", real)
        app.post_message(LoadGame(path))
        await settle(pilot)
        assert app.controller.driver is not None


async def test_reading_the_save_folder_that_fails_unexpectedly_says_so_on_the_load_screen_and_logs_it(tmp_path, monkeypatch):
    """Review: the screens' own workers (the Load screen's, the title's, the lobby's) left an error nobody expected to
    Textual's devtools log: the Load screen said "Reading the save folder..." for ever, and nothing was logged."""
    from tui import slots
    from tui.screens.menus import LoadScreen

    app = app_for(tmp_path)
    monkeypatch.setattr(slots, "save_files", lambda folder: (_ for _ in ()).throw(RuntimeError("a listing bug")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadScreen)
        said = str(app.screen.query_one("#load-problem").render())
        assert "unexpected error while reading the save folder (RuntimeError: a listing bug)" in said and LOG_NAME in said
        assert "a listing bug" in (tmp_path / LOG_NAME).read_text()


async def test_the_titles_look_for_a_game_to_continue_and_the_lobbys_listing_log_what_fails_unexpectedly(tmp_path, monkeypatch):
    from tui.screens import lobby, menus
    from tui.shared_games import SharedGames

    monkeypatch.setattr(menus, "game_slots", lambda folder: (_ for _ in ()).throw(RuntimeError("a slots bug")))
    monkeypatch.setattr(SharedGames, "listing", lambda self: (_ for _ in ()).throw(RuntimeError("a listing bug")))
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "RuntimeError: a slots bug" in (tmp_path / LOG_NAME).read_text()
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, lobby.LobbyScreen)
        assert "RuntimeError: a listing bug" in (tmp_path / LOG_NAME).read_text()


async def test_gen_8_a_computer_players_refused_choice_closes_the_game_and_names_no_card_on_screen(tmp_path, monkeypatch):
    """Review: a computer's choice refused (a bug in it) was said to the person at the keyboard with core's reason,
    which may name a card of the computer's hand; and the game then waited for a computer that never chose again.
    It is a bug like any other: logged with the refusal, the game closed with one line that names no card."""
    from core.choices import Choice

    line = await _line_when_the_computers_third_choice_closes_the_game(tmp_path, monkeypatch, lambda: Choice.parse("play 999 event"))
    assert "a computer player's choice was refused" in line and LOG_NAME in line and "999" not in line
    assert "play 999 event" in (tmp_path / LOG_NAME).read_text()


async def test_a_screens_work_that_outlives_the_screen_or_the_app_logs_nothing(tmp_path, monkeypatch):
    """Review: the app closed while the title looked for a game to continue (a slow disk); the look's answer, reaching
    for an app no longer there, was logged as an unexpected error."""
    import time

    from tui.screens import menus

    real = menus.game_slots

    def slow(folder):
        time.sleep(0.5)
        return real(folder)

    monkeypatch.setattr(menus, "game_slots", slow)
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
    await asyncio.sleep(1.0)
    assert not (tmp_path / LOG_NAME).exists()


async def test_a_follow_up_that_fails_closes_its_own_game_never_the_next_one_on_screen(tmp_path):
    """Review: a done-callback's failure closed whatever game was on screen. One for the game on screen closes it
    (logged, one line); one for a game gone since is logged and said, the game on screen played on."""
    import threading

    def failing_follow_up(_result) -> None:
        raise RuntimeError("a follow-up bug")

    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(StartGame(Setup(seed=1, seats=SEATS)))
        await settle(pilot)
        release = threading.Event()
        app.run_io(lambda: release.wait(10), failing_follow_up)  # asked for by the first game
        app.post_message(StartGame(Setup(seed=2, seats=SEATS)))
        for _ in range(200):
            await pilot.pause(0.01)
            if app.controller.driver is not None and app.controller.driver.session.setup.seed == 2:
                break
        second = app.controller.driver
        assert second is not None and second.session.setup.seed == 2
        release.set()
        await settle(pilot)
        assert app.controller.driver is second and not isinstance(app.screen, TitleScreen)
        assert "RuntimeError: a follow-up bug" in (tmp_path / LOG_NAME).read_text()
        said = [str(n.message) for n in app._notifications]  # a toast over the report on screen
        assert any("RuntimeError: a follow-up bug" in line and LOG_NAME in line for line in said), said
        app.run_io(lambda: None, failing_follow_up)  # the game on screen's own: it closes
        await settle(pilot)
        assert app.controller.driver is None and isinstance(app.screen, TitleScreen)


async def test_a_loaded_saves_check_whose_follow_up_fails_closes_that_game(tmp_path, data, monkeypatch):
    """Review: the check of a loaded save is asked for before its game is on screen, and was taken for the game on
    screen then (none, at the title): its follow-up's failure was said in a toast and the loaded game stayed open,
    half set up. Work a game's driver asks for is that game's."""
    from tests.conftest import new_session
    from tui.drivers import LocalGame

    path = saves.write(new_session(data, seats=(Seat("Ana", tuple(data.power_ids)),)), tmp_path / "mine.json")

    def failing(self, result) -> None:
        raise RuntimeError("a check follow-up bug")

    monkeypatch.setattr(LocalGame, "_checked", failing)
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(LoadGame(path))
        await settle(pilot)
        await asyncio.sleep(0.3); await settle(pilot)
        assert app.controller.driver is None and isinstance(app.screen, TitleScreen)
        assert "RuntimeError: a check follow-up bug" in (tmp_path / LOG_NAME).read_text()
