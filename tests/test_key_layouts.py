"""Letter keys on a Russian keyboard layout work as the key at the same place on QWERTY (tui/key_layouts.py),
except in a text box, where the letter typed is kept (play-test: "l Log" did nothing with the Russian layout on)."""

from __future__ import annotations

from textual.widgets import Input

from tests.conftest import new_session
from tests.tui_helpers import app_for, settle, show_session
from tui.app import VirginQueenApp
from tui.key_layouts import LATIN_AT_THE_SAME_PLACE, latin_key
from tui.screens.log_search import LogSearchScreen
from tui.screens.new_game import NewGameScreen

SIZE = (80, 24)


def test_each_latin_letter_has_one_russian_letter_at_its_place():
    assert sorted(LATIN_AT_THE_SAME_PLACE.values()) == sorted("abcdefghijklmnopqrstuvwxyz")
    assert (latin_key("д"), latin_key("ф"), latin_key("я"), latin_key("ь")) == ("l", "a", "z", "m")


def test_case_is_kept_and_what_is_not_a_letter_of_another_layout_is_none():
    assert latin_key("Д") == "L"
    assert [latin_key(c) for c in ("l", "1", ":", "б", "ю", "", None)] == [None] * 7


async def test_the_russian_letter_at_the_place_of_l_opens_the_full_log_on_the_board(tmp_path, data):
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("д")  # the key marked L, with the Russian layout on
        await settle(pilot)
        assert isinstance(app.screen, LogSearchScreen)


async def test_a_typed_choice_keeps_the_russian_letters_typed_in_it(tmp_path, data):
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        board = app.screen
        await pilot.press("colon", "д", "а")
        await settle(pilot)
        assert app.screen is board, "a letter typed in the box was read as a key of the board"
        assert board.query_one("#typed", Input).value == "да"


async def test_on_the_title_the_russian_letter_at_the_place_of_n_opens_the_new_game_form_where_names_stay_russian(tmp_path):
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("т")  # the key marked N
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        name = app.screen.query(".person-name").first(Input)
        name.focus()
        name.value = ""
        await pilot.press("А", "н", "я")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen) and name.value == "Аня"
