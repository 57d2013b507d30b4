"""Leaving a game while its work is under way: nothing lands on the screen after it (tui/openings.py, tui/board.py)."""
from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from core import saves
from core.setup import Setup
from tests.conftest import new_session, quiet_choice
from tests.tui_helpers import HearsNothing, QueuedIo, app_for, screen_text, settle, show_session
from tui import drivers
from tui.app import VirginQueenApp
from tui.controller import Controller
from tui.messages import Choose, Destination, LeaveGame, StartGame
from tui.screens.chat import ChatScreen
from tui.screens.game import ActionScreen, PhaseScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.menus import LoadScreen
from tui.screens.rules_browser import RulesBrowser
from tui.screens.too_small import TooSmallScreen
from tui.screens.walkthrough_menu import WalkthroughMenu
from tui.terminal import Terminal

SIZE = (80, 24)


async def test_a_choice_and_a_leave_in_one_burst_of_keys_leave_the_app_running(tmp_path, data):
    """Keys '1' then a leave key in one read: Choose is handled (BoardChanged queued after LeaveGame),
    LeaveGame closes the game, then BoardChanged meets driver None -> AssertionError in Board.show."""
    session = new_session(data)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        while app.controller.on_screen().view.decision is None:
            await pilot.press("enter"); await settle(pilot)
        decision = app.controller.on_screen().view.decision
        app.post_message(Choose(quiet_choice(decision)))
        app.post_message(LeaveGame(Destination.TITLE))
        await settle(pilot)
    assert app.return_code in (None, 0), f"app crashed: return_code={app.return_code}"


def test_a_game_opened_after_the_player_left_never_takes_the_screen(tmp_path, data):
    posted: list = []
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path, data, "Ana"), posted.append, io)
    controller.handle(StartGame(Setup(seed=3)))       # the game is made in a worker...
    controller.handle(LeaveGame(Destination.TITLE))   # ...the player goes back meanwhile
    io.run(at_most=1)                                  # the opening comes back
    assert controller.driver is None, "a game opened after the player left replaced the title screen"


# Each screen that can be opened just before Ctrl+Q: on the title (its maker given the app), or in a game.
TITLE_SCREENS = {
    "lobby": lambda app: LobbyScreen(app.terminal),
    "rules": lambda app: RulesBrowser(""),
    "load": lambda app: LoadScreen(app.terminal.save_dir),
    "walkthroughs": lambda app: WalkthroughMenu(app.terminal.save_dir),
    "too small": lambda app: TooSmallScreen(),
    "table talk": lambda app: ChatScreen([]),
}
GAME_SCREENS = {
    "board": lambda app: app.push_screen(ActionScreen(app.controller.on_screen())),
    "map": lambda app: app.board.map(),
    "VP chart": lambda app: app.board.vp_chart(),
    "log": lambda app: app.board.full_log(),
}


@pytest.mark.parametrize("name", [*TITLE_SCREENS, *GAME_SCREENS])
async def test_a_screen_opened_as_the_app_closes_lets_it_end_cleanly(tmp_path, data, name):
    """Ctrl+Q right after a key that opens a screen: Textual mounts none of the screen's widgets once the
    app has been asked to exit, yet sends it Mount, which looked for them (NoMatches, exit status 1:
    random keys in a real terminal). Each screen that can be opened so now has nothing to do then."""
    app = VirginQueenApp(tmp_path, player="Ana", data=data)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if name in GAME_SCREENS:
            app.post_message(StartGame(Setup(seed=1)))
            await settle(pilot)
            GAME_SCREENS[name](app)
        else:
            app.push_screen(TITLE_SCREENS[name](app))
        app.exit()
    assert app.return_code == 0


async def _new_game_on_the_board(app: VirginQueenApp, pilot) -> None:
    """A new game (seed 3), its reports and hand-off read, up to its first board."""
    app.post_message(StartGame(Setup(seed=3)))
    await settle(pilot)
    while not isinstance(app.screen, PhaseScreen):
        await pilot.press("enter")
        await settle(pilot)


def _permission_denied(path, text, mode):
    """atomic.write_text into a save folder made read-only."""
    raise PermissionError(errno.EACCES, "Permission denied", str(path))


async def _a_move_not_saved(app: VirginQueenApp, pilot, monkeypatch, data) -> tuple[Path, int]:
    """A new game on the board, then its save folder refusing writes and one move made: the game's slot and
    the actions saved in it before that move."""
    await _new_game_on_the_board(app, pilot)
    slot = app.controller.driver.slot
    saved = len(saves.load(slot, data).actions)
    monkeypatch.setattr(drivers.atomic, "write_text", _permission_denied)
    await pilot.press("1")
    await settle(pilot)
    return slot, saved


async def test_a_choice_typed_in_the_same_burst_as_ctrl_q_is_kept(tmp_path, data):
    """Saves play-test: '2' and Ctrl+Q sent in one burst quit with the save unchanged; Continue asked the
    same question again (Ctrl+Q, a priority key, was handled before the 2 reached the board)."""
    from textual.events import Key

    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _new_game_on_the_board(app, pilot)
        slot, made = app.controller.driver.slot, len(app.controller.session.actions)
        app.post_message(Key("1", "1"))
        app.post_message(Key("ctrl+q", None))
        await pilot.pause(0.5)
    assert app.return_code in (None, 0)
    assert len(saves.load(slot, data).actions) == made + 1


async def test_a_failed_autosave_is_a_problem_named_with_its_file_not_a_refused_move(tmp_path, data, monkeypatch):
    """Saves play-test: with a read-only save folder every move went through, each saying "Not allowed:
    autosave failed: Permission denied", as if it had been refused, naming no file."""
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _new_game_on_the_board(app, pilot)
        made = len(app.controller.session.actions)
        monkeypatch.setattr(drivers.atomic, "write_text", _permission_denied)
        await pilot.press("1")
        await settle(pilot)
        assert len(app.controller.session.actions) == made + 1  # the move went through
        text = " ".join(screen_text(app).split())
        assert f"Problem: autosave to {app.controller.driver.slot} failed (Permission denied)" in text.replace("\n", "")
        assert "Not allowed" not in text


async def test_moves_a_failed_autosave_would_lose_are_said_once_before_leaving_or_quitting(tmp_path, data, monkeypatch):
    """Hostile-files play-test: with the save folder read-only, Esc t and Ctrl+Q left at once (the menu saying
    the game was kept) and the moves since the last save were gone. Leaving writes the game once more: the
    folder writable again, it leaves with every move saved; still failing, the first leave or quit is refused
    saying what would be lost, and the second goes without them."""
    write_text = drivers.atomic.write_text
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        slot, saved = await _a_move_not_saved(app, pilot, monkeypatch, data)
        for key in ("escape", "t"):
            await pilot.press(key)
            await settle(pilot)
        assert app.playing, "left with a move not saved, unsaid"
        text = " ".join(screen_text(app).split())
        assert "the game's latest moves are kept only while it stays open. Leave again (Esc t, or Ctrl+Q) to go without them" in text
        assert "Problem: autosave" in text and "Not allowed" not in text  # a file failed: nothing was refused (review)
        await pilot.press("1")  # another move, still not saved: leaving says so again (review)
        await settle(pilot)
        for key in ("escape", "t"):
            await pilot.press(key)
            await settle(pilot)
        assert app.playing and "Leave again" in " ".join(screen_text(app).split())
        monkeypatch.setattr(drivers.atomic, "write_text", write_text)  # the folder writable again
        for key in ("escape", "t"):
            await pilot.press(key)
            await settle(pilot)
        assert not app.playing and len(saves.load(slot, data).actions) == saved + 2

    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        slot, saved = await _a_move_not_saved(app, pilot, monkeypatch, data)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert app.is_running and "Leave again (Esc t, or Ctrl+Q)" in " ".join(screen_text(app).split())
        await pilot.press("ctrl+q")
        await pilot.pause(0.5)
    assert not app.is_running and len(saves.load(slot, data).actions) == saved  # the player's choice, said first


async def test_the_game_menu_says_a_failed_autosave_instead_of_the_game_being_kept(tmp_path, data, monkeypatch):
    """Hostile-files play-test: while autosaves failed, the game menu still said "Title screen: the game is kept"
    and "Quit: the game is kept"; it says the autosave failed and that leaving tries it again, and once a
    move is written again, that the game is kept."""
    write_text = drivers.atomic.write_text
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _a_move_not_saved(app, pilot, monkeypatch, data)
        await pilot.press("escape")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "the autosave failed, leaving tries it again (t)" in text and "quitting tries it again" in text
        assert "the game is kept" not in text
        await pilot.press("escape")
        monkeypatch.setattr(drivers.atomic, "write_text", write_text)
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "Title screen: the game is kept" in text and "autosave failed" not in text


async def test_a_game_played_in_one_window_is_refused_in_another_until_it_leaves(tmp_path, data):
    """Saves play-test: two windows on one save folder both continued the same game, and whichever
    moved last overwrote the other's moves. The second is refused, naming the game's file, until the
    first leaves it."""
    from tui.messages import ContinueGame
    from tui.screens.menus import TitleScreen

    first = VirginQueenApp(tmp_path)
    async with first.run_test(size=SIZE) as one:
        first.post_message(StartGame(Setup(seed=3)))
        await settle(one)
        slot = first.controller.driver.slot
        second = VirginQueenApp(tmp_path)
        async with second.run_test(size=SIZE) as other:
            await settle(other)
            second.post_message(ContinueGame())
            await settle(other)
            assert isinstance(second.screen, TitleScreen) and second.controller.driver is None
            assert any(f"this game is being played in another window or terminal ({slot.name})" in str(n.message) for n in second._notifications)
            first.post_message(LeaveGame(Destination.TITLE))
            await settle(one)
            second.post_message(ContinueGame())
            await settle(other)
            assert second.controller.driver is not None and second.controller.driver.slot == slot


async def test_continue_passes_over_a_damaged_newest_save(tmp_path, data):
    """QA: a damaged game-*.json newer than the good one, and c refused it, though a healthy autosave was
    there (saves play-test, before: c only said it was damaged). Continue takes the newest game that loads
    (the title says which file it passes over)."""
    import os

    from tui.messages import ContinueGame

    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(StartGame(Setup(seed=3)))
        await settle(pilot)
        good = app.controller.driver.slot
        app.post_message(LeaveGame(Destination.TITLE))
        await settle(pilot)
        damaged = tmp_path / "game-campaign-seed9.json"
        damaged.write_text('{"format": "virgin-queen-save", "version')
        os.utime(damaged, (2_000_000_000, 2_000_000_000))  # the newest
        app.post_message(ContinueGame())
        await settle(pilot)
        assert app.controller.driver is not None and app.controller.driver.slot == good


async def test_continue_with_no_save_that_loads_names_the_newest_file_whole(tmp_path, data):
    """QA: the refusal named the file with its folder, and the toast broke it mid-name ('…000001.js' / 'on:')."""
    import os

    from tui.messages import ContinueGame

    older = tmp_path / "game-campaign-20260101-000001.json"
    older.write_text("{")
    os.utime(older, (1_000_000_000, 1_000_000_000))
    newest = tmp_path / "game-campaign-20260101-000002.json"
    newest.write_text('{"format": "virgin-queen-save", "version')
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        app.post_message(ContinueGame())
        await settle(pilot)
        assert app.controller.driver is None
        said = [str(n.message) for n in app._notifications]
        assert said == [f"{newest.name}: the file is truncated (it ends in the middle of the data) - l lists the other saved games to load"]
        await pilot.pause(0.1)  # the toast shown
        assert any(newest.name in strip.text for strip in app.screen._compositor.render_strips()), "the name was broken on screen"


async def test_a_save_loaded_that_cannot_be_is_named_by_its_file_whole(tmp_path, data):
    """tmux check: Load's refusal of an edited save named it with its folder, and the toast broke it mid-name, as
    Continue's did."""
    from tui.messages import LoadGame

    session = new_session(data)
    path = saves.write(session, tmp_path / "save-turn1-action-20261207010030.json")
    raw = json.loads(path.read_text())
    raw["state"]["turn"] += 1
    path.write_text(json.dumps(raw))
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        app.post_message(LoadGame(path))
        await settle(pilot)
        assert app.controller.driver is None
        assert [str(n.message) for n in app._notifications] == [f"{path.name}: its state does not match its action log (edited or corrupted)"]
        await pilot.pause(0.1)  # the toast shown
        assert any(path.name in strip.text for strip in app.screen._compositor.render_strips()), "the name was broken on screen"


async def test_a_typed_choice_entered_in_the_same_burst_as_ctrl_q_is_kept(tmp_path, data):
    """tmux re-test: ':', a choice typed, then Enter and Ctrl+Q in one burst quit with the save unchanged
    (the typed box's Enter goes up through more widgets than a number's key before it is a choice)."""
    from textual.events import Key

    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _new_game_on_the_board(app, pilot)
        slot, made = app.controller.driver.slot, len(app.controller.session.actions)
        typed = str(app.controller.session.decision.choices[-1])
        await pilot.press("colon", *typed)
        await settle(pilot)
        app.post_message(Key("enter", "\r"))
        app.post_message(Key("ctrl+q", None))
        await pilot.pause(0.5)
    assert app.return_code in (None, 0)
    assert [a.choice for a in saves.load(slot, data).actions][made:] == [typed]


def test_a_game_asked_for_twice_before_it_opens_opens_once(tmp_path, data):
    """Review: two c (or a double Enter) in one burst opened the game twice; with both works done in their
    threads before either was shown, the second's claim of the slot was refused by the first's, in the
    same app, and no game opened."""
    from tui.messages import ContinueGame, GameProblem

    from tui import slots

    session = new_session(data)
    slot = saves.write(session, tmp_path / f"{slots.slot_stem(session.setup)}.json")
    posted: list = []
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path, data, "Ana"), posted.append, io)
    controller.handle(ContinueGame())
    controller.handle(ContinueGame())
    ran = [(work(), done) for work, done, _failed in io.jobs]  # worker threads: both works before any is shown
    io.jobs.clear()
    for result, done in ran:
        done(result)
    io.run()
    assert controller.driver is not None and controller.driver.slot == slot
    assert not [p.text for p in posted if isinstance(p, GameProblem)]
    controller.driver.close()


def test_a_slot_claim_is_one_apps_whatever_sits_at_the_locks_name(tmp_path):
    """Review: a lock file left read-only, a link or a folder at the lock's name turned the lock off or
    failed; a read-only file still locks, anything else is played unclaimed (as where no locks exist)."""
    import os

    from tui import slots

    slot = tmp_path / "game-a.json"
    lock = slots.claim_file(slot)
    lock.touch(mode=0o400)
    held = slots.claim_slot(slot)
    assert held is not None and slots.claim_slot(slot) is None  # another open file: refused, as another app's
    held.release()
    again = slots.claim_slot(slot)
    assert again is not None
    again.release()
    lock.unlink(missing_ok=True)  # let go of a slot never written, the claim takes its lock file away
    for hostile in ("link", "folder"):
        if hostile == "link":
            os.symlink(tmp_path / "elsewhere", lock)
        else:
            lock.mkdir()
        first, second = slots.claim_slot(slot), slots.claim_slot(slot)
        assert first is not None and second is not None  # unclaimed, never refused, never an error
        first.release()
        second.release()
        lock.unlink() if hostile == "link" else lock.rmdir()


def test_a_claim_on_a_slot_never_written_leaves_no_lock_file_and_a_written_slots_lock_stays(tmp_path):
    """QA: every game opened and left before its slot was written (a save loaded from outside the slots,
    a new game whose folder refused its first write) left a hidden lock file beside nothing, for good."""
    from tui import slots

    slot = tmp_path / "game-a.json"
    claim = slots.claim_slot(slot)
    assert claim is not None and slots.claim_file(slot).is_file()
    claim.release()
    assert not slots.claim_file(slot).exists()
    again = slots.claim_slot(slot)
    assert again is not None
    slot.write_text("{}")
    again.release()
    assert slots.claim_file(slot).is_file()  # a written slot's lock file stays: removing it would race
    last = slots.claim_slot(slot)
    assert last is not None
    last.release()


async def test_an_opening_that_fails_after_its_claim_lets_the_slot_go(tmp_path, data, monkeypatch):
    """Review: a game whose opening failed once its slot was claimed kept the claim, and this very window
    then refused its own game until restarted."""
    from tui import slots

    def broken(self, opened):
        raise RuntimeError("a fault of the program")

    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(StartGame(Setup(seed=3)))
        await settle(pilot)
        slot = app.controller.driver.slot
        app.post_message(LeaveGame(Destination.TITLE))
        await settle(pilot)
        monkeypatch.setattr(drivers.LocalGame, "check", broken)
        from tui.messages import ContinueGame

        app.post_message(ContinueGame())
        await settle(pilot)
        assert app.controller.driver is None
        claim = slots.claim_slot(slot)
        assert claim is not None
        claim.release()


def test_a_slot_is_claimed_before_it_is_read(tmp_path, data, monkeypatch):
    """Review: read first and claimed after, another window could write its last moves and let go in
    between, and they were played over."""
    from tui import openings, slots
    from tui.messages import ContinueGame

    session = new_session(data)
    slot = saves.write(session, tmp_path / f"{slots.slot_stem(session.setup)}.json")
    held_while_read: list[bool] = []
    open_save = saves.open_save

    def reading(path, game_data):
        other = slots.claim_slot(path)
        held_while_read.append(other is None)
        if other is not None:
            other.release()
        return open_save(path, game_data)

    monkeypatch.setattr(openings.saves, "open_save", reading)
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path, data, "Ana"), lambda message: None, io)
    controller.handle(ContinueGame())
    io.run()
    assert held_while_read == [True] and controller.driver is not None and controller.driver.slot == slot
    controller.driver.close()


@pytest.mark.parametrize("another_window", [True, False])
def test_a_slot_that_could_not_be_claimed_at_its_opening_is_claimed_at_its_next_autosave(tmp_path, data, monkeypatch, another_window):
    """Saves play-test: a game opened while its folder was read-only never took its slot's lock; made writable,
    a second window opened the same game and the two wrote over each other's moves. The next autosave takes
    the lock; where another window holds it by then, this window's move is not written over its game."""
    from tui import slots
    from tui.messages import ContinueGame, GameProblem

    session = new_session(data)
    slot = saves.write(session, tmp_path / f"{slots.slot_stem(session.setup)}.json")
    lock = slots._lock
    monkeypatch.setattr(slots, "_lock", lambda path: -1)  # the folder refuses the lock file now
    posted: list = []
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path, data, "Ana"), posted.append, io)
    controller.handle(ContinueGame())
    io.run()
    monkeypatch.setattr(slots, "_lock", lock)  # writable again
    other = slots.claim_slot(slot) if another_window else None
    decision = controller.driver.session.decision
    controller.handle(Choose(quiet_choice(decision)))
    io.run()
    problems = [p.text for p in posted if isinstance(p, GameProblem)]
    if another_window:
        assert other is not None and len(saves.load(slot, data).actions) == len(session.actions)
        assert problems == [f"this game is being played in another window or terminal now ({slot.name}): this window's moves "
                            "are not written over it; Ctrl+S saves them as a copy"]
        other.release()  # review: once the other window had quit, the next autosave wrote over its moves
        controller.handle(Choose(quiet_choice(controller.driver.session.decision)))
        io.run()
        assert len(saves.load(slot, data).actions) == len(session.actions)
    else:
        assert not problems and len(saves.load(slot, data).actions) == len(session.actions) + 1
        assert slots.claim_slot(slot) is None  # this window's now
    controller.driver.close()
    after = slots.claim_slot(slot)
    assert after is not None
    after.release()


def test_a_slot_another_window_wrote_while_this_one_held_no_lock_is_not_written_over(tmp_path, data, monkeypatch):
    """Review: a window that could not lock its slot took the lock late, after a second window had opened the game,
    moved and quit, and wrote its older game over that move."""
    from tui import slots
    from tui.messages import ContinueGame, GameProblem

    session = new_session(data)
    slot = saves.write(session, tmp_path / f"{slots.slot_stem(session.setup)}.json")
    lock = slots._lock
    monkeypatch.setattr(slots, "_lock", lambda path: -1)
    posted: list = []
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path, data, "Ana"), posted.append, io)
    controller.handle(ContinueGame())
    io.run()
    monkeypatch.setattr(slots, "_lock", lock)
    elsewhere = saves.load(slot, data)  # the second window: opens, moves, writes, quits
    elsewhere.choose(elsewhere.decision.power, quiet_choice(elsewhere.decision))
    saves.write(elsewhere, slot)
    controller.handle(Choose(quiet_choice(controller.driver.session.decision)))
    io.run()
    assert saves.load(slot, data).actions == elsewhere.actions
    assert any("being played in another window" in p.text for p in posted if isinstance(p, GameProblem))
    controller.driver.close()


def test_a_lock_file_taken_away_between_its_opening_and_its_lock_is_locked_anew(tmp_path, monkeypatch):
    """Review: window B opened the lock file of a slot never written; window A, letting the slot go, took the
    file away; B then locked the file no longer there, and window C made it anew and locked it too: two
    windows played one slot. B now locks the file at the lock's name, and C is refused."""
    import fcntl

    from tui import slots

    slot = tmp_path / "game-a.json"
    first = slots.claim_slot(slot)
    assert first is not None
    lock = fcntl.flock

    def let_go_before_the_lock(descriptor, operation):
        if first is not None and slots.claim_file(slot).exists():
            first.release()  # the file taken away after B opened it
        return lock(descriptor, operation)

    monkeypatch.setattr(slots.fcntl, "flock", let_go_before_the_lock)
    second = slots.claim_slot(slot)
    monkeypatch.setattr(slots.fcntl, "flock", lock)
    assert second is not None and slots.claim_file(slot).is_file()
    assert slots.claim_slot(slot) is None  # C: refused, B holds the lock at its name
    second.release()


async def test_a_game_left_for_the_title_is_not_kept_in_memory_by_the_board(tmp_path, data):
    """Memory census: after a game was left, the board still held its driver (and so its session, its log and its
    reports) until the next game was shown."""
    import gc
    import weakref

    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        while app.controller.on_screen().view.decision is None:
            await pilot.press("enter"); await settle(pilot)
        left = weakref.ref(app.controller.driver)
        app.post_message(LeaveGame(Destination.TITLE))
        await settle(pilot)
        for _ in range(40):  # a worker done (its autosave) holds its work until Textual lets it go, a moment later
            gc.collect()
            if left() is None:
                break
            await pilot.pause(0.05)
        assert left() is None


def _ana_ben_and_computers(tmp_path, data):
    """A shared game of Ana (Spain), Ben (France) and a computer (the rest) in the store of ``tmp_path``; its id."""
    from core.setup import Seat, SeatKind
    from tui.shared_games import SharedGames

    seats = (Seat("Ana", ("spain",)), Seat("Ben", ("france",)),
             Seat("random computer", ("ottoman", "england", "empire", "protestant"), SeatKind.COMPUTER, "random"))
    games = SharedGames(tmp_path, data)
    return games, games.create(Setup(seed=4, seats=seats))


@pytest.mark.parametrize("close_first", [True, False])
def test_a_shared_move_made_just_before_leaving_for_the_lobby_is_in_the_store(tmp_path, data, close_first):
    """Review: a move, then Ctrl+L at once; the seat's leaving (a worker that closes the game's store connection) ran
    before the move's write, which then met a closed store, and the move was lost with nothing said: the other
    terminals waited on. Leaving writes the move first, whichever worker runs first."""
    from core.bots import bots_for
    from core.store import SqliteStore
    from tui.drivers import SharedGameClient

    games, game_id = _ana_ben_and_computers(tmp_path, data)
    host = SqliteStore.in_folder(tmp_path, data)
    session = host.load(game_id)
    bots = bots_for(session.setup.seats)
    while not (seat := session.seat_to_decide()).is_person:
        decision = session.decision
        choice = bots[seat.name].choose(session.detached(), decision)
        host.append(game_id, len(session.actions) + 1, decision.power, str(choice), seat.name)
        session.choose(decision.power, choice)
    person = seat.name
    joined = games.join(game_id, person, person)
    io = QueuedIo()
    client = SharedGameClient(joined.store, game_id, joined.session, joined.seat, person, HearsNothing(), io, joined.chat, joined.looked)
    decision = client.session.decision
    client.choose(decision.power, decision.choices[0])
    client.close()
    if close_first:
        io.jobs.reverse()
    io.run()
    assert len(host.actions(game_id)) == len(session.actions) + 1
    host.close()


def test_quitting_a_shared_game_waits_a_moment_at_most_for_the_store_to_take_its_look(tmp_path, data, monkeypatch):
    """Review: how far the reports are read and the seat given up were written on the event loop as the app quit, each
    waiting for a store held by another process up to its busy timeout (the screen frozen, nothing said). The move and
    the table talk are written whatever the wait, as before; the rest is waited for a moment at most."""
    import threading
    import time

    from core.store import SqliteStore
    from tui.drivers import SharedGameClient

    games, game_id = _ana_ben_and_computers(tmp_path, data)
    joined = games.join(game_id, "Ana", "Ana")
    held = threading.Event()
    monkeypatch.setattr(SqliteStore, "leave_seat", lambda *args: held.wait(30))  # the store, held by another process
    monkeypatch.setattr(drivers, "LEAVING_AT_EXIT_SECONDS", 0.2)
    client = SharedGameClient(joined.store, game_id, joined.session, joined.seat, "Ana", HearsNothing(), QueuedIo(), joined.chat, joined.looked)
    client.say("back tomorrow")
    started = time.monotonic()
    client.close(exiting=True)
    waited = time.monotonic() - started
    held.set()
    assert waited < 10, waited  # not the 30 s the store was held for
    host = SqliteStore.in_folder(tmp_path, data)
    assert [line.text for line in host.chat(game_id)] == ["back tomorrow"]
    host.close()


def test_table_talk_shown_as_its_game_is_left_marks_nothing_and_refuses_nothing(tmp_path, data):
    """Review: the table talk screen's read mark (ChatRead) arriving after its game was left said "Not allowed: no game
    is on screen" in the lobby, over the line that said why the game closed. With no game, it is dropped."""
    from tui.messages import ChatRead, GameProblem

    posted: list = []
    controller = Controller(Terminal(tmp_path, data, "Ana"), posted.append, QueuedIo())
    controller.handle(ChatRead(3))
    assert not [p for p in posted if isinstance(p, GameProblem)]
