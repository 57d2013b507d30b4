"""GEN-9 gap (settings.toml [undo] hand_off_barrier_when_taken): u on "Pass to Ben" takes back the move that
passed the keyboard while nobody has seen anything, and nothing else: not after Ben looked (a game left and
continued, his Enter while a continued save was checked), not another of the mover's moves (review)."""

from __future__ import annotations

import threading

import pytest

from core import saves
from core.setup import Seat, SeatKind, Setup
from tests.tui_helpers import app_for, post, screen_text, settle, show_session
from tui.messages import StartGame
from tui.screens.game import PhaseScreen
from tui.screens.overlays import HandoffScreen
from tui.screens.reports import ReportScreen
from tui.slots import read_marks

pytestmark = pytest.mark.slow

SIZE = (80, 24)
SEATS = (Seat("Ana", ("england",)), Seat("Ben", ("france",)),
         Seat("random computer", ("ottoman", "spain", "empire", "protestant"), SeatKind.COMPUTER, "random"))


async def _to_a_take_back(app, pilot) -> tuple[str, str]:
    """Quiet choices until a hand-off offers a take-back: who may take it, and whom it waits for."""
    await post(pilot, StartGame(Setup(seed=3, seats=SEATS)))
    for _ in range(200):
        screen = app.screen
        if isinstance(screen, HandoffScreen) and screen.taking_back:
            return screen.taking_back, screen.person
        await pilot.press("enter" if isinstance(screen, (HandoffScreen, ReportScreen)) else "0")
        await settle(pilot)
    raise AssertionError("no hand-off offered a take-back")


async def _to_the_board(app, pilot) -> None:
    while isinstance(app.screen, ReportScreen):
        await pilot.press("enter")
        await settle(pilot)
    assert isinstance(app.screen, PhaseScreen), type(app.screen).__name__


async def _moments(pilot) -> None:
    """Time for the app to answer keys while a worker is held (``settle`` would wait for the worker)."""
    for _ in range(20):
        await pilot.pause()


async def _left_and_continued_unchecked(app, pilot, monkeypatch) -> threading.Event:
    """The game left for the title (Esc t) and continued (c), its save's check held until the event returned is set."""
    await pilot.press("escape", "t")
    await settle(pilot)
    checked = threading.Event()
    verified = saves.OpenedSave.verified
    monkeypatch.setattr(saves.OpenedSave, "verified", lambda opened: (checked.wait(10), verified(opened))[1])
    await pilot.press("c")
    await _moments(pilot)
    return checked


def _text(app) -> str:
    return " ".join(screen_text(app).split())


async def test_u_again_on_the_hand_off_a_take_back_brings_is_refused(tmp_path, data):
    """Review: a second u on "Pass to Ana" undid her earlier move, under a hand-off still naming the move undone."""
    from tests.test_session import _handed_to_ben

    session = _handed_to_ben(data)  # Ana's several quiet moves, the last passing the keyboard to Ben
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        assert isinstance(app.screen, HandoffScreen) and app.screen.taking_back == "Ana"
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen) and app.screen.person == "Ana"
        made = len(session.actions)
        assert session.can_undo(), "Ana's earlier moves could be undone on her board"
        await pilot.press("u")
        await settle(pilot)
        assert len(session.actions) == made and isinstance(app.screen, HandoffScreen) and app.screen.person == "Ana"
        assert "GEN-9: at a hand-off u takes back only the move that made it; Ana undoes their own moves on their board" in _text(app)


async def test_no_take_back_after_the_next_person_looked_left_and_the_game_was_continued(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        mover, next_person = await _to_a_take_back(app, pilot)
        made = len(app.controller.session.actions)
        slot = app.controller.driver.slot
        assert read_marks(slot, (mover, next_person)).handed_to == next_person
        await pilot.press("enter")  # Ben takes the keyboard and sees his board
        await settle(pilot)
        # kept beside the slot at once: an app killed now (no leaving, no autosave) continues with the barrier
        assert read_marks(slot, (mover, next_person)).handed_to == ""
        await _to_the_board(app, pilot)
        await pilot.press("escape", "t")
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen) and app.screen.person == next_person
        assert f"u: {mover} takes back" not in _text(app)
        await pilot.press("u")
        await settle(pilot)
        assert len(app.controller.session.actions) == made and f"{next_person} took the keyboard" in _text(app)


async def test_an_enter_while_a_continued_save_is_checked_takes_the_keyboard_for_the_checked_game(tmp_path, monkeypatch):
    """Review: Ben's Enter went to the session shown while the save was checked; the checked one, put in its place,
    still let u on Ben's own board take Ana's move back."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        _mover, next_person = await _to_a_take_back(app, pilot)
        made = len(app.controller.session.actions)
        checked = await _left_and_continued_unchecked(app, pilot, monkeypatch)
        assert isinstance(app.screen, HandoffScreen) and app.screen.person == next_person
        await pilot.press("enter")  # while the save is checked
        await _moments(pilot)
        checked.set()
        await settle(pilot)
        await _to_the_board(app, pilot)
        await pilot.press("u")
        await settle(pilot)
        assert len(app.controller.session.actions) == made and not app.controller.session.can_undo()


async def test_a_u_refused_while_a_continued_save_is_checked_gives_way_to_the_offer_once_it_is(tmp_path, monkeypatch):
    """Second review: u pressed while the save was checked said "still being checked", and that line stayed over the
    take-back the checked game then allowed."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        mover, _next = await _to_a_take_back(app, pilot)
        checked = await _left_and_continued_unchecked(app, pilot, monkeypatch)
        await pilot.press("u")
        await _moments(pilot)
        assert "still being checked" in _text(app)
        checked.set()
        await settle(pilot)
        assert f"u: {mover} takes back their last move" in _text(app) and "still being checked" not in _text(app)


async def test_keys_behind_a_typed_choice_that_passes_the_keyboard_never_act_for_the_next_person(tmp_path):
    """GEN-8, SSH play-test: keys behind the Enter of a typed choice wait for it (TypedChoice), then go to the
    board of that person only: an Enter and a 1 typed by Ana behind her choice neither pass Ben's hand-off nor
    choose on his board."""
    from textual.events import Key

    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await post(pilot, StartGame(Setup(seed=3, seats=SEATS)))
        for _ in range(200):
            screen = app.screen
            if not isinstance(screen, PhaseScreen):
                await pilot.press("enter")
                await settle(pilot)
                continue
            typed = str(app.controller.session.decision.quiet_or_first())
            await pilot.press("colon", *typed)
            await settle(pilot)
            for key, character in (("enter", "\r"), ("enter", "\r"), ("1", "1")):
                app.post_message(Key(key, character))
            await settle(pilot)
            if isinstance(app.screen, HandoffScreen):
                break
        else:
            raise AssertionError("no typed choice passed the keyboard")
        handed_to, made = app.screen.person, len(app.controller.session.actions)
        await pilot.press("enter")
        await settle(pilot)
        await _to_the_board(app, pilot)
        assert app.controller.session.seat_of(app.controller.session.decision.power).name == handed_to
        assert len(app.controller.session.actions) == made, "a key of the person before chose for the next"
