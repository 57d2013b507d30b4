"""GEN-9: a card played is shown to everyone and never undone, so the board takes a card play at its second press
(play-tests: a stray number played a card whose line had moved up the list, and Patron of the Arts by mistake)."""
from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from tests.conftest import new_session, to_impulse_of
from tests.tui_helpers import app_for, screen_text, settle, show_session
from tui.widgets.decision import ChoiceList


@asynccontextmanager
async def _france_to_play(tmp_path, data, cards: list[int]) -> AsyncIterator[tuple]:
    """France's impulse with ``cards`` (no other power holds one) on the board: the app, its pilot and the game shown."""
    session = new_session(data)
    to_impulse_of(session, "france", cards)
    app = app_for(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await show_session(app, pilot)
        yield app, pilot, app.controller.session


def _number_of(session, typed: str) -> str:
    return str([str(c) for c in session.decision.choices].index(typed) + 1)


def _played(session) -> list[str]:
    """The log's card plays so far ("plays #101 ...")."""
    return [str(e.message) for e in session.log if "plays #" in str(e.message)]


def _said(app) -> str:
    """The screen's text, its wrapped lines joined."""
    return " ".join(screen_text(app).split())


async def test_gen_9_a_card_play_is_highlighted_at_the_first_press_and_played_at_the_second(tmp_path, data):
    async with _france_to_play(tmp_path, data, [101, 102]) as (app, pilot, session):
        decision, key = session.decision, _number_of(session, "play 101 cp")
        await pilot.press(key)
        await settle(pilot)
        assert session.decision is decision and not any("plays #101" in line for line in _played(session))
        text = _said(app)
        assert f"{key} again or Enter plays it" in text and "no undo goes back past it (GEN-9)" in text
        assert app.screen.query_one(ChoiceList).highlighted == int(key) - 1
        await pilot.press(key)
        await settle(pilot)
        assert any(e.power == "france" and "plays #101" in str(e.message) for e in session.log)


async def test_gen_9_another_card_asked_for_takes_the_question_and_enter_plays_the_one_highlighted(tmp_path, data):
    """The first card asked about is not played by a press on another: that one is asked about, and Enter plays it."""
    async with _france_to_play(tmp_path, data, [101, 102]) as (app, pilot, session):
        await pilot.press(_number_of(session, "play 101 cp"))
        await settle(pilot)
        await pilot.press(_number_of(session, "play 102 cp"))
        await settle(pilot)
        assert not _played(session)
        await pilot.press("enter")
        await settle(pilot)
        played = _played(session)
        assert len(played) == 1 and "plays #102" in played[0], played


async def test_gen_9_a_card_play_off_the_screen_is_brought_into_view_and_asked_about_in_one_press(tmp_path, data):
    """tmux check: 6, on a card play scrolled off the list, brought it into view; Enter then asked about the card, and
    only a second Enter played it. One press brings it into view and asks; its number again plays it."""
    async with _france_to_play(tmp_path, data, list(range(101, 110))) as (app, pilot, session):
        listing = app.screen.query_one(ChoiceList)
        key = _number_of(session, "play 109 cp")
        assert not listing.whole_in_view(int(key) - 1)
        await pilot.press(key)
        await settle(pilot)
        assert listing.highlighted == int(key) - 1 and listing.whole_in_view(int(key) - 1)
        assert f"{key} again or Enter plays it" in _said(app)
        await pilot.press(key)
        await settle(pilot)
        assert any("plays #109" in line for line in _played(session))


async def test_gen_9_a_walkthrough_refuses_another_card_play_at_once_whatever_the_key(tmp_path):
    """Review: in a walkthrough, Enter on a card play the step does not ask for said "Enter again plays it", and the
    second Enter was then refused (a newcomer play-test had met the same with a number): it is refused at once."""
    from tests.tui_helpers import start_walkthrough

    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_walkthrough(pilot, "catholic-league")
        session, listing = app.controller.session, app.screen.query_one(ChoiceList)
        listing.highlighted = [str(c) for c in session.decision.choices].index("play 2 cp")
        await pilot.press("enter")
        await settle(pilot)
        text = _said(app)
        assert "again plays it" not in text and "Not allowed: in this walkthrough, choose 'Play #21 Catholic League" in text, text
        assert not _played(session)


async def test_gen_9_an_arrow_away_or_a_refused_key_drops_the_question_and_the_card_is_asked_about_again(tmp_path, data):
    """Play-test: after Up, the line still named the card asked about and its number played it at once, with another
    highlighted; after a refused u, the question was gone from the screen but the number still played the card."""
    async with _france_to_play(tmp_path, data, [101, 102, 103]) as (app, pilot, session):
        key = _number_of(session, "play 102 cp")
        for away in ("up", "u"):
            await pilot.press(key)
            await settle(pilot)
            assert f"{key} again or Enter plays it" in _said(app)
            await pilot.press(away)
            await settle(pilot)
            assert f"{key} again or Enter plays it" not in _said(app), away
            await pilot.press(key)
            await settle(pilot)
            assert not _played(session), away
            assert f"{key} again or Enter plays it" in _said(app), away
            await pilot.press("x", "x")  # the list shown anew: nothing asked about
            await settle(pilot)
        await pilot.press(key, key)
        await settle(pilot)
        assert any("plays #102" in line for line in _played(session))


async def test_gen_9_a_number_pressed_again_onto_another_card_play_takes_it_at_the_next_press_as_it_says(tmp_path, data, monkeypatch):
    """Review: a number pressed again just after it played a card, on a list where another card has moved to that
    number, is held and said ("1 is ... now: ... no longer offered; 1 again or Enter takes it"); the next press asked
    about the card once more instead of taking it, as the line said."""
    import time

    from core.choices import Choice
    from tui.widgets import decision
    from tui.widgets.decision import DecisionPanel

    monkeypatch.setattr(decision, "NUMBER_AGAIN_SECONDS", 60.0)  # the hold, off in tests (conftest), on here
    async with _france_to_play(tmp_path, data, [101, 102]) as (app, pilot, session):
        key = _number_of(session, "play 101 cp")
        # as if the same number had just played a card no longer in the list (one person's card plays back to back)
        app.screen.query_one(DecisionPanel)._number_taken = (int(key), Choice.parse("play 103 cp"), time.monotonic())
        await pilot.press(key)
        await settle(pilot)
        assert "is no longer offered" in _said(app) and not _played(session)
        await pilot.press(key)
        await settle(pilot)
        assert any("plays #101" in line for line in _played(session))


async def test_gen_9_esc_after_a_card_plays_first_press_keeps_the_card_and_opens_no_menu(tmp_path, data):
    """Play-test: Esc between the two presses opened the game menu over the question, and the question was kept. Esc
    now keeps the card (its next press asks again); a second Esc opens the menu."""
    async with _france_to_play(tmp_path, data, [101, 102]) as (app, pilot, session):
        board, key = app.screen, _number_of(session, "play 101 cp")
        await pilot.press(key)
        await settle(pilot)
        assert "Esc keeps it" in _said(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is board and "not played; the card stays in your hand" in _said(app)
        await pilot.press(key)
        await settle(pilot)
        assert not _played(session) and f"{key} again or Enter plays it" in _said(app)
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert app.screen is not board and not _played(session)


async def test_gen_9_a_question_closed_by_the_typed_box_or_by_x_is_asked_again_at_the_next_press(tmp_path, data):
    """Review: the card's number, then ':' and Esc, dropped the question's line but kept it armed, and the number
    played the card at once; and x redrew the list with the question dropped under "Esc keeps it"."""
    async with _france_to_play(tmp_path, data, [101, 102]) as (app, pilot, session):
        key = _number_of(session, "play 101 cp")
        await pilot.press(key, "colon", "escape")
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert not _played(session) and f"{key} again or Enter plays it" in _said(app)
        await pilot.press("x")
        await settle(pilot)
        assert "Esc keeps it" not in _said(app)
        await pilot.press(key)
        await settle(pilot)
        assert not _played(session) and "Esc keeps it" in _said(app)


async def test_esc_keeps_only_a_card_not_a_choice_held_after_a_number_pressed_again(tmp_path, data, monkeypatch):
    """Review: after 2 2 2 held its third press (DIP-7's cap took Papacy off the list), Esc said the influence
    marker on Venice was "not played; the card stays in your hand", and opened no menu."""
    from tests.conftest import new_session as fresh, to_impulse_of as impulse_of
    from tests.tui_helpers import pick
    from tui.widgets import decision as panel_module

    monkeypatch.setattr(panel_module, "NUMBER_AGAIN_SECONDS", 60.0)
    session = fresh(data)
    impulse_of(session, "spain", [2, 101])
    app = app_for(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await show_session(app, pilot)
        await pick(app, pilot, "play 2 cp")
        board = app.screen
        await pilot.press("2", "2", "2")
        await settle(pilot)
        assert "2 again or Enter takes it" in _said(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is not board and "the card stays in your hand" not in _said(app)
