"""Seats in the app (GEN-2): computer players in the new-game form, played by the controller, with
the hot-seat hand-off only between people."""

from __future__ import annotations

from textual.widgets import Select

from core.bots import playable_choices
from core.choices import Choice
from core.setup import Seat, SeatKind, Setup
from tests.tui_helpers import QueuedIo, app_for, computers_moving, screen_text, settle
from tui.controller import Controller
from tui.terminal import Terminal
from tui.drivers import Hold, Refused
from tui.messages import BoardChanged, Choose, GameProblem, HandedOff, StartGame, Undo
from tui.screens.game import ActionScreen, PhaseScreen
from tui.screens.new_game import PERSON, NewGameScreen, seats_for
from tui.screens.overlays import HandoffScreen
from tui.screens.reports import GameOverScreen, ReportScreen

SIZE = (80, 24)


def test_the_form_makes_one_seat_per_person_and_per_kind_of_computer():
    seats = seats_for({
        "ottoman": ("random", ""), "spain": ("person", "Ana"), "england": ("greedy", "ignored"),
        "france": ("person", "Ben"), "empire": ("random", "Player 1"), "protestant": ("person", "Ana"),
    })
    assert seats == (
        Seat("Ana", ("spain", "protestant")),
        Seat("Ben", ("france",)),
        Seat("random computer", ("ottoman", "empire"), SeatKind.COMPUTER, "random"),
        Seat("greedy computer", ("england",), SeatKind.COMPUTER, "greedy"),
    )


async def test_the_form_refuses_a_person_named_like_a_computer_player(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        app.screen.query_one("#seat-spain").value = "greedy computer"
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert "'greedy computer' names a computer player" in screen_text(app)


async def _wait_for_a_screen(app, pilot) -> None:
    """Let the computer players' steps run until the board waits for a person (or the game ends)."""
    for _ in range(200):
        await settle(pilot)
        if not computers_moving(app) and not isinstance(app.screen, NewGameScreen):
            await settle(pilot)
            return
    raise AssertionError("the computer players never stopped")


async def test_a_computer_seat_shows_no_persons_name_and_gets_it_back_as_a_person(tmp_path):
    """Play-test: "Player 1" stayed greyed beside "Computer: random" on the new-game form."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        form = app.screen
        form.query_one("#seat-spain").value = "Ben"
        form.query_one("#holder-spain", Select).value = "greedy"
        await settle(pilot)
        assert form.query_one("#seat-spain").disabled and form.query_one("#seat-spain").value == ""
        assert form.query_one("#seat-spain").placeholder == ""
        assert form.holders()["spain"] == ("greedy", "")
        form.query_one("#holder-spain", Select).value = "random"
        await settle(pilot)
        form.query_one("#holder-spain", Select).value = PERSON
        await settle(pilot)
        assert not form.query_one("#seat-spain").disabled and form.query_one("#seat-spain").value == "Ben"
        assert form.query_one("#seat-spain").placeholder == "a person's name"


async def test_the_new_game_form_starts_with_the_last_local_games_seats(tmp_path):
    """Newcomer play-test: every run's form started with "Person / Player 1" for all six powers, and the
    seats were set again each time. The seats of the last local game are kept (settings.json) and the
    next run's form starts with them; an unreadable entry is left out (the default then)."""
    import json

    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        form = app.screen
        for power in ("ottoman", "spain", "france", "empire"):
            form.query_one(f"#holder-{power}", Select).value = "greedy"
        form.query_one("#holder-protestant", Select).value = "search"
        form.query_one("#seat-england").value = "Ana"
        await settle(pilot)
        await pilot.press("ctrl+n")
        await _wait_for_a_screen(app, pilot)
    kept = json.loads((tmp_path / "settings.json").read_text())
    assert kept["seats"]["england"] == ["", "Ana"] and kept["seats"]["spain"] == ["greedy", ""]
    kept["seats"]["france"] = "garbled"
    (tmp_path / "settings.json").write_text(json.dumps(kept))
    again = app_for(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        holders = again.screen.holders()
        assert holders["england"] == (PERSON, "Ana") and holders["spain"] == ("greedy", "") and holders["protestant"] == ("search", "")
        assert holders["france"] == (PERSON, "Player 1")


async def test_one_person_and_five_computers_play_to_the_victory_screen_with_no_hand_off(tmp_path):
    """GEN-2: computer players decide through Session.choose like a person; the person is never
    handed the keyboard (there is no one to hand it from); their moves are in the log (WIN-5 ends it)."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        form = app.screen
        form.query_one("#scenario", Select).value = "tournament"
        form.query_one("#seed").value = "38"  # a short game: France wins in turn 4
        for power in ("ottoman", "spain", "england", "france", "protestant"):
            form.query_one(f"#holder-{power}", Select).value = "random"
        form.query_one("#seat-empire").value = "Ana"
        await settle(pilot)
        assert form.query_one("#seat-spain").disabled
        await pilot.press("ctrl+n")
        await _wait_for_a_screen(app, pilot)
        session = app.controller.session
        assert [s.name for s in session.setup.seats] == ["Ana", "random computer"]
        computer_moves_seen = False
        person_decisions = hands_seen = 0
        while not isinstance(app.screen, GameOverScreen):
            assert not isinstance(app.screen, HandoffScreen), "a hand-off with only one person"
            if isinstance(app.screen, ReportScreen):
                await pilot.press("enter")
            else:
                assert isinstance(app.screen, PhaseScreen)
                decision = session.decision
                assert decision is not None and session.seat_of(decision.power).name == "Ana"
                assert app.controller.on_screen().view.decision == decision
                text = screen_text(app)
                computer_moves_seen |= any(f"{name}:" in text for name in ("Spain", "France", "England"))
                if isinstance(app.screen, ActionScreen):
                    assert "Empire's hand" in text and "Spain's hand" not in text
                    hands_seen += 1
                app.screen.post_message(Choose(playable_choices(decision)[0]))
                person_decisions += 1
            await _wait_for_a_screen(app, pilot)
        assert session.state.winner and person_decisions > 10
        assert computer_moves_seen and hands_seen
        assert sum(1 for a in session.actions if session.seat_of(a.actor).name == "random computer") > 100
        assert "wins" in screen_text(app)


def test_the_hand_off_comes_only_between_people_and_computers_wait_for_no_one(tmp_path, data):
    """GEN-2 / GEN-8: Ana and Ben share the keyboard with four computer players: the board is hidden
    only when the keyboard passes from one person to the other, never for a computer's turn, and
    while the computers move nobody's hand is shown."""
    posted: list = []
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path, data, "Ana"), posted.append, io)
    seats = (
        Seat("Ana", ("spain",)), Seat("Ben", ("england",)),
        Seat("greedy computer", ("ottoman", "france", "empire", "protestant"), SeatKind.COMPUTER, "greedy"),
    )
    controller.handle(StartGame(Setup(seed=3, seats=seats)))
    hand_offs: list[str] = []
    keyboard = ""
    person_decisions = 0
    while person_decisions < 12:
        io.run()
        message = posted.pop(0)
        if isinstance(message, BoardChanged) and controller.handoff_due() is not None:
            person, _power = controller.handoff_due()
            assert person in ("Ana", "Ben") and person != keyboard
            assert all(hand.cards is None for hand in controller.on_screen().view.hands), "a hand shown at the hand-off"
            hand_offs.append(person)
            keyboard = person
            controller.handle(HandedOff(person))
        elif isinstance(message, BoardChanged) and controller.on_screen().hold is Hold.COMPUTERS:
            view = controller.on_screen().view
            assert all(hand.cards is None for hand in view.hands), "a hand shown while the computers move (GEN-8)"
        elif isinstance(message, BoardChanged):
            view = controller.on_screen().view
            assert view.decision is not None and view.seat == keyboard
            controller.handle(Choose(playable_choices(view.decision)[0]))
            person_decisions += 1
    assert hand_offs[:2] == ["Ana", "Ben"]
    assert any(a.actor == "france" for a in controller.session.actions)


def _until_ana_decides(controller: Controller, io: QueuedIo) -> None:
    while controller.driver is None or controller.on_screen().view.decision is None:
        io.run(at_most=1)


def test_gen_9_undo_while_the_computers_move_takes_back_the_move_with_their_quiet_answers(tmp_path, data, monkeypatch):
    """Hot-seat play-test: u while the computers moved said "undo at your next decision", and that decision
    came after the other person's turn, past a hand-off (refused then). Their thinking is dropped and undo
    takes back the person's move with the computers' quiet answers so far (GEN-9); a late thought is dropped.
    Undo refused (a computer rolled, say), they move on."""
    posted: list = []
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path, data, "Ana"), posted.append, io)
    others = tuple(p for p in data.power_ids if p != "spain")
    controller.handle(StartGame(Setup(seed=3, seats=(Seat("Ana", ("spain",)), Seat("random computer", others, SeatKind.COMPUTER, "random")))))
    _until_ana_decides(controller, io)
    session = controller.session
    before = len(session.actions)
    controller.handle(Choose(Choice.parse("done")))
    while len(session.actions) < before + 2:  # until one computer has answered; the next is thinking
        io.run(at_most=1)
    assert controller.on_screen().hold is Hold.COMPUTERS and io.jobs
    controller.handle(Undo())
    assert len(session.actions) == before and session.decision.power == "spain"
    notices = [getattr(message, "text", "") for message in posted]
    assert any(n.startswith("GEN-9: taken back, decide again: your 'Done negotiating' and the computers' moves after it: [") for n in notices), notices
    io.run()  # the thought still coming is dropped
    assert len(session.actions) == before and controller.on_screen().view.decision is not None

    controller.handle(Choose(Choice.parse("done")))
    moved = len(session.actions)
    monkeypatch.setattr(type(controller.driver), "undo", lambda self: (_ for _ in ()).throw(Refused("GEN-9: nothing to undo since a die was rolled")))
    posted.clear()
    controller.handle(Undo())
    assert [message.text for message in posted if isinstance(message, GameProblem)] == ["GEN-9: nothing to undo since a die was rolled"]
    io.run()
    assert len(session.actions) > moved  # the computers moved on


def _a_computers_answer_being_thought_out(io: QueuedIo):
    return next(job for job in io.jobs if job[1].__name__ == "decided")


def test_gen_9_an_answer_thought_out_before_an_undo_is_never_played_after_it(tmp_path, data):
    """Review: after an undo, a computer's answer still being thought out came once Ana had proposed again, at as
    many actions, and was played on her new proposal (France's accept of Claude of Valois, on Marguerite's)."""
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path, data, "Ana"), lambda message: None, io)
    others = tuple(p for p in data.power_ids if p != "spain")
    controller.handle(StartGame(Setup(seed=3, seats=(Seat("Ana", ("spain",)), Seat("random computer", others, SeatKind.COMPUTER, "random")))))
    _until_ana_decides(controller, io)
    session = controller.session
    controller.handle(Choose(Choice.parse("propose don-carlos claude-of-valois")))
    while session.decision.power == "spain" or not any(job[1].__name__ == "decided" for job in io.jobs):
        io.run(at_most=1)
    asked = session.decision
    assert asked.power == "france" and "accept" in [str(c) for c in asked.choices]
    stale = _a_computers_answer_being_thought_out(io)
    io.jobs.remove(stale)
    controller.handle(Undo())
    controller.handle(Choose(Choice.parse("propose don-carlos marguerite-de-valois")))
    while not any(job[1].__name__ == "decided" for job in io.jobs):
        io.run(at_most=1)
    assert session.decision.power == "france" and len(session.actions) == 1
    work, decided, _failed = stale
    decided(work())  # the answer to Claude's proposal comes at last
    assert len(session.actions) == 1  # not played: France answers Marguerite's proposal when it has thought it out
    io.run()
    assert [a.choice for a in session.actions[:1]] == ["propose don-carlos marguerite-de-valois"]


def test_gen_8_a_computer_asked_whatever_its_hand_takes_its_thinking_time_either_way(data, monkeypatch):
    """Review: under rules edition 5 a power with nothing to propose is asked while Louise of Lorraine may be in
    its hand (GEN-7); a search computer holding her weighed her for a second, one without answered at once, and
    the wait told the others. Such an answer takes the player's thinking time; other decisions are not held."""
    import tui.computers as computers
    from core.choices import Decision, Option

    slept: list[float] = []
    monkeypatch.setattr(computers.time, "sleep", slept.append)

    class Quick:
        think = 1.0

        def choose(self, session, decision):
            return decision.choices[0]

    done = Decision.of("ottoman", "make a proposal or say done", "GEN-7", [Option(Choice.parse("done"))])
    impulse = Decision.of("ottoman", "play a card or pass", "GEN-6", [Option(Choice.parse("pass"))])
    assert computers._thought_out(Quick(), None, done) == Choice.parse("done") and len(slept) == 1 and 0.9 < slept[0] <= 1.0
    computers._thought_out(Quick(), None, impulse)
    assert len(slept) == 1


def test_before_their_first_decision_the_one_person_sees_their_own_hand(tmp_path, data):
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path, data, "Ana"), lambda message: None, io)
    seats = (Seat("Ana", ("protestant",)), Seat("random computer", tuple(data.power_ids[:-1]), SeatKind.COMPUTER, "random"))
    controller.handle(StartGame(Setup(seed=1, seats=seats)))
    io.run(at_most=1)  # the game made, not yet the computers' first decision
    assert controller.on_screen().hold is Hold.COMPUTERS
    view = controller.on_screen().view
    assert view.seat == "Ana" and view.decision is None
    assert [h.power for h in view.hands if h.cards is not None] == ["protestant"]


def test_gen_9_an_undo_that_took_back_only_quiet_answers_after_the_move_counts_none_of_them_gen_8():
    """Review: how many of the computers' quiet answers came after a move (a "no response" is asked only of a hand
    holding a card there, GEN-8) told who holds a response card; an undo with no log lines counts only one's own."""
    from tui.drivers import _undone

    said = _undone(3, 2, [])
    assert said == "GEN-9: your move undone, and the computers' quiet answers after it: decide again" and not any(c.isdigit() for c in said[5:])
    assert _undone(2, 0, []) == "GEN-9: 2 choices of yours undone: decide again"
