"""Any key sequence, at full speed, leaves the app running on one of its own screens."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

import pytest
from textual import events

from core.setup import Seat, SeatKind, Setup
from tests.tui_helpers import app_for as _app_for, post, settle
from tui.error_log import LOG_NAME
from tui.messages import Destination, LeaveGame, StartGame, StartWalkthrough

SIZE = (80, 24)
# Every key a player might hit; q and Ctrl+Q are left out only because quitting is their job.
KEYS = (
    "ctrl+p", "enter", "escape", "pageup", "pagedown", "up", "down", "left", "right", "home", "end", "tab",
    *"0123456789", *"abcefghijkmnorsxyz", "space", "colon", "question_mark", "u", "t", "w", "p", "v", "d", "l",
    "ctrl+n", "ctrl+s", "c", "m", "backspace", "shift+tab",
)
CHARACTERS = {"enter": "\r", "escape": "\x1b", "space": " ", "colon": ":", "question_mark": "?", "tab": "\t", "backspace": "\x7f"}
BURST = 25


def key_event(key: str) -> events.Key:
    return events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None))


def random_keys(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return [rng.choice(KEYS) for _ in range(count)]


def app_for(*args):
    """The app, staying open when random keys choose Quit on the title menu (arrows, then Enter):
    quitting is that line's job. A crash still stops it (Textual closes it without exit)."""
    app = _app_for(*args)
    app.exit = lambda *_args, **_kwargs: None
    return app


async def press_in_bursts(app, pilot, keys: list[str]) -> None:
    """Post keys without waiting between them (as a fast typist or a key repeat does)."""
    for start in range(0, len(keys), BURST):
        for key in keys[start : start + BURST]:
            app.post_message(key_event(key))
        await settle(pilot)
        assert app.is_running, f"the app stopped after keys {keys[: start + BURST]}"
        assert type(app.screen).__module__.startswith("tui."), f"unknown screen {app.screen!r}"
        # an error nobody expected is caught, logged and shown as one line (the app runs on): the log says it (review)
        errors = app.terminal.save_dir / LOG_NAME
        assert not errors.exists(), f"an unexpected error after keys {keys[: start + BURST]}:\n{errors.read_text()}"


async def test_palette_burst_that_used_to_crash(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await press_in_bursts(app, pilot, ["ctrl+p", "enter", "enter", "enter", "ctrl+p", "pageup", "escape"])


async def test_a_thousand_random_keys_never_crash_the_app(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await press_in_bursts(app, pilot, random_keys(seed=13, count=1000))


async def test_a_selection_from_the_previous_list_of_choices_is_ignored(tmp_path):
    """End, Enter, Enter in one burst: the second Enter selects from the list that has just gone."""
    from textual.widgets import OptionList

    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await press_in_bursts(app, pilot, ["n", "ctrl+n"])
        await press_in_bursts(app, pilot, ["enter"])
        panel_list = app.screen.query_one("#choices", OptionList)
        stale = panel_list.get_option_at_index(panel_list.option_count - 1)
        await press_in_bursts(app, pilot, ["end", "enter"])
        decision = app.controller.session.decision
        panel_list.post_message(OptionList.OptionSelected(panel_list, stale, panel_list.option_count + 5))
        await settle(pilot)
        assert app.is_running and app.controller.session.decision == decision


# ---- every screen, each mashed on its own (issue 21: PageDown on the new-game form's open Select) ----

PAGING = ("tab", "shift+tab", "enter", "space", "pagedown", "pageup", "down", "up", "home", "end", "escape")


async def test_page_keys_on_the_new_game_forms_selects_opened_in_the_same_burst_never_crash(tmp_path):
    """Textual 8.2 read an unbuilt line map on PageDown in a Select opened by the same burst of keys."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await press_in_bursts(app, pilot, ["n"])
        rng = random.Random(2)
        for _ in range(12):
            await press_in_bursts(app, pilot, ["tab", "enter", "pagedown", "pageup", *(rng.choice(PAGING) for _ in range(21))])
            if type(app.screen).__name__ != "NewGameScreen":
                await press_in_bursts(app, pilot, ["escape", "n"])


async def _to_title(app, pilot) -> None:
    if app.playing:
        await post(pilot, LeaveGame(Destination.TITLE))
    while len(app.screen_stack) > 1:
        app.pop_screen()
        await settle(pilot)


def _from_title(key: str) -> Callable[..., Awaitable[None]]:
    async def reach(app, pilot) -> None:
        await _to_title(app, pilot)
        await press_in_bursts(app, pilot, [key])

    return reach


def _in_game(key: str = "") -> Callable[..., Awaitable[None]]:
    """A hot seat game of two people and four computers, on its board (or hand-off, or a report), then ``key``."""

    async def reach(app, pilot) -> None:
        if not app.playing:
            await _to_title(app, pilot)
            people = (Seat("Ana", ("england",)), Seat("Ben", ("france",)))
            computers = Seat("random computer", ("ottoman", "spain", "empire", "protestant"), SeatKind.COMPUTER, "random")
            await post(pilot, StartGame(Setup(seed=5, seats=(*people, computers))))
        app.board.show()
        await settle(pilot)
        if key:
            await press_in_bursts(app, pilot, [key])

    return reach


async def _in_walkthrough(app, pilot) -> None:
    await _to_title(app, pilot)
    await post(pilot, StartWalkthrough("suez-canal"))
    assert app.playing


SCREENS = {
    "title": _to_title,
    "new game": _from_title("n"),
    "load": _from_title("l"),
    "theme": _from_title("h"),
    "walkthrough menu": _from_title("k"),
    "rules browser": _from_title("r"),
    "game": _in_game(),
    "log": _in_game("l"),
    "map": _in_game("m"),
    "vp chart": _in_game("g"),
    "available to wed": _in_game("w"),
    "walkthrough": _in_walkthrough,
}


@pytest.mark.parametrize("screen", SCREENS)
async def test_random_keys_at_full_speed_on_every_screen_never_crash_the_app(tmp_path, screen):
    reach = SCREENS[screen]
    (tmp_path / "saves").mkdir()
    app = app_for(tmp_path / "saves")
    rng = random.Random(screen)
    keys = KEYS
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(6):
            await reach(app, pilot)
            await press_in_bursts(app, pilot, [rng.choice(keys) for _ in range(BURST)])



async def test_ctrl_n_before_the_new_game_form_is_composed_never_crashes(tmp_path):
    """A real terminal's random keys: Ctrl+N ('n' then Ctrl+N in one burst) reached the new-game form
    on top of the stack before its fields were composed (NoMatches '#holder-ottoman' closed the app).
    It is not taken then; once the form is there, Ctrl+N starts the game."""
    from tui.screens.new_game import NewGameScreen

    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        form = NewGameScreen(app.terminal.data)
        mounted = app.push_screen(form)
        assert app.screen is form and not form.is_mounted
        form.action_start()  # as the key binding runs it, before the form is composed
        await mounted
        await settle(pilot)
        assert app.controller.driver is None and app.screen is form
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.controller.session is not None, "Ctrl+N on the form, once it is there, starts the game"


async def test_keys_typed_at_once_after_colon_are_the_typed_choices_not_the_boards_keys(tmp_path, data):
    """Play-test (over SSH): ':' then "cp regular london" arrived in one read; the typed box took the focus
    only after them, so c opened the table talk and the rest was lost. The box has the focus before the
    next key is read; so do the log's and the rules browser's search boxes ('/')."""
    from textual.widgets import Input

    from tests.conftest import new_session
    from tests.tui_helpers import show_session
    from tui.screens.log_search import LogSearchScreen
    from tui.screens.rules_browser import RulesBrowser

    app = _app_for(tmp_path, new_session(data))

    async def typed_at_once(keys: list[str], box: str) -> str:
        for key in keys:
            app.post_message(key_event(key))
        await settle(pilot)
        return app.screen.query_one(box, Input).value

    async with app.run_test(size=(80, 24)) as pilot:
        await show_session(app, pilot)
        while not hasattr(app.screen, "shown"):  # the reports of the phases passed before the board
            await pilot.press("enter")
            await settle(pilot)
        board = app.screen
        assert await typed_at_once(["colon", *"cp"], "#typed") == "cp" and app.screen is board
        # in the open box ':' starts a new choice, as no choice has a ':' (walkthrough play-test: "pick florance:pick florence")
        assert await typed_at_once(["colon", *"x"], "#typed") == "x"
        await pilot.press("escape", "l")
        await settle(pilot)
        assert await typed_at_once(["slash", *"card"], "#log-filter") == "card" and isinstance(app.screen, LogSearchScreen)
        await pilot.press("escape", "escape", "escape", "question_mark")  # out of the box, to the whole log, out of the log
        await settle(pilot)
        assert await typed_at_once(["slash", *"mar"], "#rules-search") == "mar" and isinstance(app.screen, RulesBrowser)


async def test_a_number_pressed_on_the_phase_panel_plays_nothing_and_says_where_the_keys_are(tmp_path, data):
    """Review: the phase screen's fallback for the decision's keys (there for the waiting board) played a
    choice while the phase panel, read with Tab, had the keys; a shared game cannot undo it."""
    from tests.conftest import new_session
    from tests.tui_helpers import screen_text, show_session

    app = _app_for(tmp_path, new_session(data))
    async with app.run_test(size=(80, 24)) as pilot:
        await show_session(app, pilot)
        while not hasattr(app.screen, "shown"):
            await pilot.press("enter")
            await settle(pilot)
        made = len(app.controller.session.actions)
        await pilot.press("tab", "1", "0")
        await settle(pilot)
        assert app.screen.focused.id == "phase-panel" and len(app.controller.session.actions) == made
        assert "0: the phase panel has the keys now: Tab goes back to the choices" in screen_text(app)
        # keys in one read (a paste, keys batched by a link) go where the Tab put them: back on the
        # choices, 1 plays; from the choices to the phase panel, it plays nothing
        for keys, focused, played in ((("tab", "1"), "choices", 1), (("tab", "1"), "phase-panel", 1)):
            for key in keys:
                app.post_message(key_event(key))
            await settle(pilot)
            assert app.screen.focused.id == focused and len(app.controller.session.actions) == made + played
