"""Any key sequence, at full speed, leaves the app running on one of its own screens."""

from __future__ import annotations

import random

from textual import events

from tests.tui_helpers import app_for, settle

SIZE = (80, 24)
# Every key a player might hit; q and Ctrl+Q are left out only because quitting is their job.
KEYS = (
    "ctrl+p", "enter", "escape", "pageup", "pagedown", "up", "down", "left", "right", "home", "end", "tab",
    *"0123456789", *"abcefghijkmnorsxyz", "space", "colon", "question_mark", "u", "t", "w", "p", "v", "d", "l",
    "ctrl+n", "ctrl+s", "c", "m", "backspace",
)
CHARACTERS = {"enter": "\r", "escape": "\x1b", "space": " ", "colon": ":", "question_mark": "?", "tab": "\t", "backspace": "\x7f"}
BURST = 25


def key_event(key: str) -> events.Key:
    return events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None))


def random_keys(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return [rng.choice(KEYS) for _ in range(count)]


async def press_in_bursts(app, pilot, keys: list[str]) -> None:
    """Post keys without waiting between them (as a fast typist or a key repeat does)."""
    for start in range(0, len(keys), BURST):
        for key in keys[start : start + BURST]:
            app.post_message(key_event(key))
        await settle(pilot)
        assert app.is_running, f"the app stopped after keys {keys[: start + BURST]}"
        assert type(app.screen).__module__.startswith("tui."), f"unknown screen {app.screen!r}"


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
