"""Shared games seen from two terminals at once, and a store held by another program: every terminal
gets the reports of the phases passed since its own last look, and keys never wait for the store."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time

import pytest

from core import saves
from core.bots import bots_for, play_computer_turns
from core.choices import Choice, Decision
from core.session import Session
from core.sim import play
from core.setup import Seat, SeatKind, Setup
from core.state import Phase
from core.store import STORE_NAME, SharedGame, SqliteStore, StoreError
from tests.tui_helpers import ANA_AND_COMPUTERS, HearsNothing, QueuedIo, footer_entries, read_reports, screen_text, settle, until
from tui.app import VirginQueenApp
from tui.drivers import Hold
from tui.messages import Choose

from tui.screens.chat import ChatScreen
from tui.widgets.decision import DecisionPanel
from tui.screens.game import PhaseScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.log_search import LogSearchScreen
from tui.screens.reports import CardDrawScreen, EndOfTurnScreen, GameOverScreen, MarriageReport, ReportScreen

SIZE = (80, 24)
SEATS = (
    Seat("Ana", ("spain",)),
    Seat("Ben", ("france",)),
    Seat("random computer", ("ottoman", "england", "empire", "protestant"), SeatKind.COMPUTER, "random"),
)


async def _take_seat(app: VirginQueenApp, pilot, seat_index: int) -> None:
    await settle(pilot)
    listing = app.screen.query_one("#lobby-games")
    listing.highlighted = [o.id for o in listing.options].index(f"seat-1-{seat_index}")
    await pilot.press("enter")
    await settle(pilot)


async def _watch(app: VirginQueenApp, pilot) -> None:
    """From the lobby, sit down to watch the first game as an onlooker."""
    await settle(pilot)
    listing = app.screen.query_one("#lobby-games")
    listing.highlighted = next(i for i in range(listing.option_count) if listing.get_option_at_index(i).id.startswith("watch"))
    await pilot.press("enter")
    await settle(pilot)


async def _to_the_board(app: VirginQueenApp, pilot) -> None:
    """The reports waiting read with Enter, up to the board with this terminal's decision on it."""
    while isinstance(app.screen, ReportScreen):
        await pilot.press("enter")
        await settle(pilot)
    assert isinstance(app.screen, PhaseScreen) and app.controller.on_screen().view.decision is not None


async def _step(app: VirginQueenApp, pilot, reports: list[type]) -> None:
    """One look at this terminal: read a report, or take its own decision (Spain weds Elisabeth)."""
    screen = app.screen
    if isinstance(screen, ReportScreen):
        reports.append(type(screen))
        await pilot.press("enter")
    elif isinstance(screen, PhaseScreen) and (decision := app.controller.on_screen().view.decision) is not None:
        app.post_message(Choose(_person_choice(decision)))
    await settle(pilot)


def _person_choice(decision: Decision) -> Choice:
    """What ``_step`` chooses at a person's decision: Spain weds Elisabeth, else the quiet choice."""
    wed = next((c for c in decision.choices if str(c) == "opening wed"), None)
    return wed if wed is not None else decision.quiet_or_first()


def _before_the_marriage_phase(data) -> Session:
    """Seed 27 played as the terminals play it, up to the last person's decision before the Marriage
    Resolution Phase begins: played until the phase begins, then replayed up to that decision."""
    setup = Setup(seed=27, seats=SEATS)
    session, bots = Session.new(data, setup), bots_for(SEATS)
    play_computer_turns(session, bots)
    while True:
        decision = session.decision
        assert decision is not None, "the game ended before its first Marriage Resolution Phase"
        last_person = len(session.actions)
        events = session.choose(decision.power, _person_choice(decision))
        events += play_computer_turns(session, bots)  # the phase begins after the person's decision, or the computers' after it
        if any(event.phase == Phase.MARRIAGE.value for event in events):
            return Session.replay(data, setup, session.actions[:last_person])


def _ana_and_ben_before_the_marriage_phase(tmp_path, data) -> tuple[int, VirginQueenApp, VirginQueenApp]:
    """The game of ``_before_the_marriage_phase`` in the store of ``tmp_path``, and Ana's and Ben's apps
    on its lobby (neither seated yet)."""
    save = tmp_path / "before-marriage.json"
    saves.write(_before_the_marriage_phase(data), save)
    game_id = SqliteStore.in_folder(tmp_path, data).import_save(save)
    ana = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    ben = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    return game_id, ana, ben


async def _until_shown(app: VirginQueenApp, pilot, line: str, shown: bool = True) -> str:
    """The screen's text once ``line`` is on it (``shown``), or gone from it, reports read with Enter on
    the way; the seats are looked at about once a second."""
    for _ in range(150):
        await asyncio.sleep(0.05)
        await settle(pilot)
        while isinstance(app.screen, ReportScreen):
            await pilot.press("enter")
            await settle(pilot)
        text = screen_text(app)
        if (line in text.replace("\n", " ")) is shown:
            return text
    raise AssertionError(f"{'never' if shown else 'still'} shown: {line}\n{text}")


@pytest.mark.slow
async def test_two_terminals_of_one_shared_game_both_see_the_marriage_report(tmp_path, data):
    """Reports on every terminal: the Marriage Resolution Phase (MAR-4) ran on whichever terminal's
    move ended the Action Phase; both players get its report at their next look. The game is imported
    a few decisions before that move (played there as the terminals play it), so the terminals play
    the end of the Action Phase only."""
    _game_id, ana, ben = _ana_and_ben_before_the_marriage_phase(tmp_path, data)
    seen: dict[str, list[type]] = {"Ana": [], "Ben": []}
    async with ana.run_test(size=SIZE) as ana_pilot, ben.run_test(size=SIZE) as ben_pilot:
        await _take_seat(ana, ana_pilot, 0)
        await _take_seat(ben, ben_pilot, 1)
        for _ in range(600):
            if all(MarriageReport in reports for reports in seen.values()):
                break
            await _step(ana, ana_pilot, seen["Ana"])
            await _step(ben, ben_pilot, seen["Ben"])
            await asyncio.sleep(0.02)  # the other terminal's move reaches this one at its next poll
        assert ana.controller.session.state.turn == ben.controller.session.state.turn
    assert MarriageReport in seen["Ana"] and MarriageReport in seen["Ben"], seen


@pytest.mark.slow
async def test_a_terminal_waiting_for_the_other_person_gets_the_reports_at_once_and_the_end_says_lobby(tmp_path, data):
    """Play-test: Ben, waiting while Ana's move ended the turn, saw its reports (MAR-4's among them)
    only at his own next decision, a whole Negotiation Segment later. They come while Ana decides. A
    finished game's seat says so in the lobby (it said "waiting for Ben"), and its last screen that Enter
    goes to the lobby (it said "the title screen", "save slot")."""
    _game_id, ana, ben = _ana_and_ben_before_the_marriage_phase(tmp_path, data)
    async with ana.run_test(size=SIZE) as ana_pilot, ben.run_test(size=SIZE) as ben_pilot:
        await _take_seat(ana, ana_pilot, 0)
        await _take_seat(ben, ben_pilot, 1)
        await read_reports(ana, ana_pilot)  # this turn's, never read by either: the game was just imported
        await read_reports(ben, ben_pilot)
        decision = ana.controller.on_screen().view.decision
        assert isinstance(ana.screen, PhaseScreen) and decision is not None and decision.power == "spain"
        ana.post_message(Choose(_person_choice(decision)))  # the Action Phase's last impulse: the turn ends
        await settle(ana_pilot)
        assert ana.controller.on_screen().view.decision is not None  # Ana decides next (the Negotiation Segment)
        seen: list[type] = []
        for _ in range(300):
            if MarriageReport in seen:
                break
            await asyncio.sleep(0.02)  # Ana's move reaches Ben's terminal at its next poll
            await settle(ben_pilot)
            if isinstance(ben.screen, ReportScreen):
                assert ben.controller.on_screen().view.decision is None  # Ben still waits for Ana
                seen.append(type(ben.screen))
                await ben_pilot.press("enter")
        assert MarriageReport in seen, seen
    ended = play(data, 1)
    game = tmp_path / "over.json"
    people = (Seat("Ana", ("ottoman", "spain", "england")), Seat("Ben", ("france", "empire", "protestant")))
    saves.write(Session.replay(data, Setup(seed=1, seats=people), ended.actions), game)
    SqliteStore.in_folder(tmp_path, data).import_save(game)
    ana = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with ana.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(ana)
        assert "Ottoman, Spain, England: seat Ana - the game is over: Enter shows its end" in text
        assert "France, Empire, Protestant: seat Ben - the game is over\n" in text  # Enter takes only one's own seat
        listing = ana.screen.query_one("#lobby-games")
        listing.highlighted = [o.id for o in listing.options].index("seat-2-0")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(ana.screen, GameOverScreen)
        assert "Press Enter for the lobby." in screen_text(ana) and "save slot" not in screen_text(ana)
        assert {entry.key: entry.description for entry in footer_entries(ana.screen)}["enter"] == "Lobby"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(ana.screen, LobbyScreen)


@pytest.mark.slow
async def test_a_player_who_left_reads_the_reports_passed_since_their_own_last_look_when_seated_again(tmp_path, data):
    """Play-test: a player who left (Ctrl+L, a dropped connection) or joined late never saw the reports
    of the phases passed meanwhile (Card Draw, Marriage, Winter: CARD-7, MAR-4, WIN-5). Each player's
    last look is kept in the store: joining first shows this turn's reports; sitting down again, those
    passed since leaving (the Marriage report, MAR-4), and nothing read before; the others' moves that
    named his powers since then come as after a move of his (the "While you waited" report). A report read
    is kept as read though he leaves on the next one (play-test: Ben read Marriage, left on Patronage, and
    came back to Marriage)."""
    game_id, ana, ben = _ana_and_ben_before_the_marriage_phase(tmp_path, data)
    async with ana.run_test(size=SIZE) as ana_pilot, ben.run_test(size=SIZE) as ben_pilot:
        await _take_seat(ana, ana_pilot, 0)
        await _take_seat(ben, ben_pilot, 1)
        assert CardDrawScreen in await read_reports(ben, ben_pilot)  # this turn's, though the game was begun elsewhere
        await read_reports(ana, ana_pilot)
        await ben_pilot.press("ctrl+l")  # Ben leaves before the Marriage Resolution Phase
        await settle(ben_pilot)
        assert isinstance(ben.screen, LobbyScreen)
        looked = SqliteStore.in_folder(tmp_path, data).looked(game_id, "Ben")
        assert looked == len(ana.controller.session.log), "everything Ben read is kept"
        seen: list[type] = []
        for _ in range(300):  # Ana plays on (her terminal moves the computers), past the Marriage phase
            if MarriageReport in seen:
                break
            await _step(ana, ana_pilot, seen)
        assert MarriageReport in seen
        await _take_seat(ben, ben_pilot, 1)
        # what the others did to his powers meanwhile comes before his first decision, as after a move of his
        log = ben.controller.session.log
        assert ben.controller.driver.since_last_move("Ben", told=False) == log[looked:] and looked < len(log)
        assert isinstance(ben.screen, MarriageReport)
        await ben_pilot.press("enter")  # read; Ben leaves on the next report (play-test: the first came again)
        await settle(ben_pilot)
        assert isinstance(ben.screen, EndOfTurnScreen)
        await ben_pilot.press("ctrl+l")
        await settle(ben_pilot)
        await _take_seat(ben, ben_pilot, 1)
        again = await read_reports(ben, ben_pilot)
        assert again[:1] == [EndOfTurnScreen] and CardDrawScreen in again and MarriageReport not in again, again


def test_a_look_longer_than_the_log_is_taken_as_no_look(data):
    """Review: the look is a count of log events; a store written by an engine that logged more for the
    same moves would give nothing at all (a look past the end): it is read as never looked."""
    from tui.drivers import _not_looked_at

    session = _before_the_marriage_phase(data)
    seat = SEATS[0]
    assert _not_looked_at(session, seat, len(session.log) - 3) == session.log[-3:]
    never = _not_looked_at(session, seat, None)
    assert _not_looked_at(session, seat, len(session.log) + 5) == never and never
    assert {event.turn for event in never} == {session.state.turn - 1, session.state.turn} - {0}


async def test_an_onlooker_who_begins_watching_mid_game_reads_this_turns_reports_first(tmp_path, data):
    """Shared-game play-test: Cy, watching from the Action Phase, and Dee, from turn 4, saw no report at all
    (the README promises this turn's and the last one's to a first look, CARD-7). An onlooker's look is not
    kept: each time they sit down to watch is a first look."""
    from tui.drivers import _not_looked_at

    session = _before_the_marriage_phase(data)
    onlooker = Seat("Cy", (), SeatKind.ONLOOKER)
    assert _not_looked_at(session, onlooker, None) == _not_looked_at(session, SEATS[0], None)
    assert _not_looked_at(session, onlooker, 3) == _not_looked_at(session, onlooker, None), "no kept look"
    _game_id, _ana, _ben = _ana_and_ben_before_the_marriage_phase(tmp_path, data)
    cy = VirginQueenApp(tmp_path, player="Cy", lobby=True, player_fixed=True)
    async with cy.run_test(size=SIZE) as pilot:
        await _watch(cy, pilot)
        assert CardDrawScreen in await read_reports(cy, pilot)
        assert isinstance(cy.screen, PhaseScreen) and all(h.cards is None for h in cy.controller.on_screen().view.hands)


@pytest.mark.slow
async def test_an_onlooker_sitting_down_in_turn_2_is_offered_to_skip_the_reports_and_s_skips_them(tmp_path, data):
    """Late-join play-test: an onlooker sitting down read the last two turns' reports one by one, with no way past them.
    A first look's reports hold a phase's report twice (two Card Draws): the first says s skips the rest, and s does;
    the board comes, and no report of them again."""
    setup = Setup(seed=11, seats=SEATS)
    session, bots = Session.new(data, setup), bots_for(SEATS)
    play_computer_turns(session, bots)
    while not (session.state.turn == 2 and session.state.phase is Phase.ACTION):
        decision = session.decision
        session.choose(decision.power, _person_choice(decision))
        play_computer_turns(session, bots)
    save = tmp_path / "turn-2.json"
    saves.write(session, save)
    SqliteStore.in_folder(tmp_path, data).import_save(save)
    cy = VirginQueenApp(tmp_path, player="Cy", lobby=True, player_fixed=True)
    async with cy.run_test(size=SIZE) as pilot:
        await _watch(cy, pilot)
        first = cy.screen
        waiting = cy.board.reports_to_read()
        assert isinstance(first, ReportScreen) and first.skip_offer == len(waiting) - 1 >= 3
        assert [type(r) for r in waiting].count(CardDrawScreen) == 2
        said = " ".join(screen_text(cy).split())
        assert f"s skips the {first.skip_offer} reports after this one: every line is in the log (l)." in said
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(cy.screen, PhaseScreen) and not cy.board.reports_to_read()


async def test_the_lobby_starts_on_the_players_own_seat_and_a_waiting_boards_0_says_why_it_takes_nothing(tmp_path, data):
    """Play-test: Ben's lobby started on Ana's seat (Enter there was refused: it is hers); it starts on
    his own. Waiting for Ana, 0 and x (dimmed in the footer) did nothing and said nothing; they say why."""
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=5, seats=SEATS))
    ben = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    async with ben.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert ben.screen.query_one("#lobby-games").highlighted_option.id == "seat-1-1"  # Ben's, not Ana's (seat-1-0)
        await pilot.press("enter")
        await settle(pilot)
        await read_reports(ben, pilot)
        assert isinstance(ben.screen, PhaseScreen) and ben.controller.on_screen().view.decision is None
        for key in ("0", "x", "3"):
            await pilot.press(key)
            await settle(pilot)
            assert "Not now: waiting for Ana - Spain" in screen_text(ben), key


@pytest.mark.slow
async def test_back_from_watching_the_lobby_highlights_the_players_own_seat_again(tmp_path, data):
    """Shared-game play-test: Ben watched as an onlooker, pressed Ctrl+L, then Enter, and watched again: the
    lobby's cursor had stayed on "watch as an onlooker". Back from a game it is on his own seat."""
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=5, seats=SEATS))
    ben = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    async with ben.run_test(size=SIZE) as pilot:
        await _watch(ben, pilot)
        assert not ben.controller.driver.seat.is_person  # watching
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert ben.screen.query_one("#lobby-games").highlighted_option.id == "seat-1-1"


@pytest.mark.slow
async def test_in_a_shared_game_u_says_what_stops_it_gen_9_and_a_table_actions_footer_fits(tmp_path, data):
    """With no move of the player's to take back, the footer leaves u out and names c; u says why (GEN-9). Recording a
    table action (TABLE-1), the footer ran past 80 columns ("c Ch"): the table key, of no use then, and 0 (Esc backs
    out) are left out."""
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=5, seats=SEATS))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _take_seat(app, pilot, 0)
        await _to_the_board(app, pilot)
        keys = {entry.key: entry for entry in footer_entries(app.screen) if entry.key}
        assert "u" not in keys and "c" in keys  # the chat's key, in shared games only
        await pilot.press("u")
        await until(pilot, lambda: "GEN-9: nothing to undo since the game began" in screen_text(app))
        await pilot.press("t")
        await settle(pilot)
        assert app.controller.on_screen().view.decision.rule == "TABLE-1"
        keys = {entry.key: entry for entry in footer_entries(app.screen) if entry.key}
        assert "t" not in keys and "0" not in keys and keys["escape"].description == "Back out"
        assert max(entry.end for entry in footer_entries(app.screen)) <= 80, keys  # the last group's label too


def _ben_to_propose(tmp_path, data) -> int:
    """Seed 5 in the store: Ana (Spain) proposed to Ben (France), who accepted; the computers answered, and Ben makes a
    proposal or says done now (GEN-7)."""
    store = SqliteStore.in_folder(tmp_path, data)
    game_id = store.create(Setup(seed=5, seats=SEATS))
    store.take_seat(game_id, "Ana", "Ana")
    store.take_seat(game_id, "Ben", "Ben")
    ana, ben = SharedGame.open(store, game_id, "Ana"), SharedGame.open(store, game_id, "Ben")
    ana.choose("spain", Choice.parse("propose don-carlos marguerite-de-valois"))
    ben.refresh()
    ben.choose("france", Choice.parse("accept"))
    ben.play_computer_turns(bots_for(SEATS))
    assert ben.session.decision.power == "france" and ben.session.decision.rule == "GEN-7"
    store.leave_seat(game_id, "Ana", "Ana")
    store.leave_seat(game_id, "Ben", "Ben")
    return game_id


@pytest.mark.slow
async def test_gen_9_in_a_shared_game_u_takes_back_the_players_move_and_the_other_terminal_follows_saying_so(tmp_path, data):
    """GEN-9 in shared games (it was refused whole): Ben proposes to the Empire, a computer, whose answers (an accept, a
    proposal to France) come back to Ben with no roll or reveal; u takes them back with his proposal, in the store. Ben is told what went, and decides again; Ana's terminal
    follows the game back, and says what Ben took back; Ana's u there takes back nothing of Ben's."""
    game_id = _ben_to_propose(tmp_path, data)
    ana = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    ben = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    async with ana.run_test(size=SIZE) as ana_pilot, ben.run_test(size=SIZE) as ben_pilot:
        await _take_seat(ana, ana_pilot, 0)
        await _take_seat(ben, ben_pilot, 1)
        await read_reports(ana, ana_pilot)
        await _to_the_board(ben, ben_pilot)
        before = list(ben.controller.session.actions)
        ben.post_message(Choose(Choice.parse("propose charles-ix anna-of-austria")))
        await until(ben_pilot, lambda: len(ben.controller.session.actions) > len(before) + 1
                    and ben.controller.on_screen().view.decision is not None)
        await until(ana_pilot, lambda: ana.controller.session.actions == ben.controller.session.actions)
        keys = {entry.key for entry in footer_entries(ben.screen)}
        assert "u" in keys and "c" not in keys and max(entry.end for entry in footer_entries(ben.screen)) <= 80  # c fits no more
        assert "u" not in {entry.key for entry in footer_entries(ana.screen)}  # Ben's moves: nothing of Ana's to take back
        await ben_pilot.press("u")
        await until(ben_pilot, lambda: ben.controller.session.actions == before)
        notices = [n.message for n in ben._notifications]
        assert any(n.startswith("GEN-9: taken back, decide again: [MAR-2] France: proposes the marriage of Charles IX and Anna of Austria")
                   for n in notices), notices
        assert ben.controller.on_screen().view.decision.rule == "GEN-7"
        assert SqliteStore.in_folder(tmp_path, data).load(game_id).actions == before
        await until(ana_pilot, lambda: ana.controller.session.actions == before)
        said = [n.message for n in ana._notifications]
        assert any(re.match(r"GEN-9: Ben took back 1 move: \[MAR-2\] France: proposes the marriage of Charles IX", n) for n in said), said
        await ana_pilot.press("u")
        await until(ana_pilot, lambda: "undo takes back only your own" in screen_text(ana).replace("\n", " "))
        assert ana.controller.session.actions == before


HOLD_THE_STORE = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("ROLLBACK")
"""


@pytest.mark.slow
async def test_keys_answer_while_another_program_holds_the_stores_write_lock(tmp_path, data):
    """Work off the event loop: for 5 s another process holds the store's write lock; the board's keys
    (a choice, the log and back, the lobby) are answered meanwhile, and the choice is recorded after."""
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=5, seats=SEATS))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _take_seat(app, pilot, 0)
        await _to_the_board(app, pilot)
        decision = app.controller.on_screen().view.decision
        command = [sys.executable, "-c", HOLD_THE_STORE, str(tmp_path / STORE_NAME), "5"]
        with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as holder:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
            started = time.monotonic()
            answered: list[float] = []
            for key, screen in (("1", PhaseScreen), ("l", LogSearchScreen), ("escape", PhaseScreen)):
                before = time.monotonic()
                await pilot.press(key)
                await pilot.pause()
                answered.append(time.monotonic() - before)
                assert isinstance(app.screen, screen)
            assert app.controller.on_screen().hold is Hold.RECORDING and "being recorded" in app.controller.on_screen().hold.line()
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            assert holder.poll() is None, "the keys waited for the store"
            assert time.monotonic() - started < 5 and max(answered) < 1.0, answered
        await settle(pilot)  # the choice, recorded once the store is free
        assert SqliteStore.in_folder(tmp_path, data).actions(1)[0].choice == str(decision.choices[0])


def _two_seat_store(tmp_path, data) -> SqliteStore:
    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=4, seats=SEATS))  # game 1: Spain (Ana) decides first
    store.create(Setup(seed=5, seats=(SEATS[1], SEATS[0], SEATS[2])))  # game 2: the same
    return store


async def test_the_lobby_lists_first_the_games_waiting_for_you_and_says_whose_turn_it_is(tmp_path, data):
    """Turns that wait for you: games where a seat of yours decides come first, each saying whose turn it is."""
    store = _two_seat_store(tmp_path, data)
    store.take_seat(1, "Ana", "Ana")
    game = SharedGame.open(store, 1, "Ana")
    game.choose("spain", game.session.decision.choices[-1])  # game 1 now waits for someone else
    game.play_computer_turns(bots_for(SEATS))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        listing = [str(o.prompt) for o in app.screen.query_one("#lobby-games").options if str(o.id).startswith("game-")]
        assert listing[0].startswith("Game 2") and "YOUR TURN (Spain)" in listing[0]
        assert listing[1].startswith("Game 1") and "Ben's turn (France)" in listing[1]


async def test_the_title_screen_says_in_how_many_shared_games_it_is_your_turn(tmp_path, data):
    _two_seat_store(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Ana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Your turn in 2 shared games (s)" in screen_text(app) and app.screen.query_one("#your-turn").display
    lonely = VirginQueenApp(tmp_path / "elsewhere", player="Ana")
    async with lonely.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not lonely.screen.query_one("#your-turn").display and not (tmp_path / "elsewhere" / STORE_NAME).exists()


TITLE_ALONE = """
import sys
import tui.app
tui.app.WARM_UP_AFTER_SECONDS = 3600  # the game machinery's warm-up: not within this run
from tui.app import VirginQueenApp
async def idle_title(pilot):
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    print(sorted(m for m in ("core.session", "core.store", "tui.shared_games") if m in sys.modules))
    pilot.app.exit()
VirginQueenApp(__import__("pathlib").Path(sys.argv[1])).run(headless=True, size=(80, 24), auto_pilot=idle_title)
"""


def test_the_title_looks_for_shared_games_without_loading_the_engine_when_there_is_no_store(tmp_path):
    """Counting the shared games waiting (above) needs the store's module, which imports the engine: a
    third of a start-up, on a thread that slowed the title's first frame by ~0.15 s. Without a store
    there are none to count, and nothing of it is loaded."""
    loaded = subprocess.run([sys.executable, "-c", TITLE_ALONE, str(tmp_path)], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.slow
async def test_two_players_talk_at_the_table_and_a_line_is_never_markup(tmp_path, data):
    """Table talk: Ana says a line from her board (c, shown in the footer of shared games only); Ben's
    terminal shows it for a moment and in his table talk, with its author and time, as plain text."""
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=4, seats=SEATS))
    ana = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    ben = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    async with ana.run_test(size=SIZE) as ana_pilot, ben.run_test(size=SIZE) as ben_pilot:
        await _take_seat(ana, ana_pilot, 0)
        await _take_seat(ben, ben_pilot, 1)
        while isinstance(ana.screen, ReportScreen):
            await ana_pilot.press("enter")
            await settle(ana_pilot)
        footer = {entry.key for entry in footer_entries(ana.screen)}
        assert "c" in footer and "u" not in footer  # only the keys that work in a shared game
        await ana_pilot.press("c")
        await settle(ana_pilot)
        assert isinstance(ana.screen, ChatScreen)
        await ana_pilot.press(*"[b]Hello[/b] Ben", "enter")
        await settle(ana_pilot)
        assert "Ana: [b]Hello[/b] Ben" in screen_text(ana)
        for _ in range(100):
            await settle(ben_pilot)
            if ben.controller.chat():
                break
            await asyncio.sleep(0.05)
        toast = [str(n.message) for n in ben._notifications]
        assert any("Ana: [b]Hello[/b] Ben" in line for line in toast), toast
        while isinstance(ben.screen, ReportScreen):
            await ben_pilot.press("enter")
            await settle(ben_pilot)
        await ben_pilot.press("c")
        await settle(ben_pilot)
        text = screen_text(ben)
        assert re.search(r"\d\d:\d\d Ana: \[b\]Hello\[/b\] Ben", text), text
        await ben_pilot.press("escape")
        await settle(ben_pilot)
        assert not isinstance(ben.screen, ChatScreen)


async def test_ctrl_l_leaves_a_shared_game_for_the_lobby_from_a_report(tmp_path, data):
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=4, seats=SEATS))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _take_seat(app, pilot, 0)
        assert isinstance(app.screen, ReportScreen)  # the Card Draw Phase report comes first
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen) and app.controller.driver is None


@pytest.mark.slow
async def test_a_board_waiting_for_a_player_who_left_their_seat_says_they_are_not_at_the_game(tmp_path, data):
    """Play-test: Ana left the game for the lobby (Ctrl+L) and Ben's board still said only "Waiting for
    Ana - Spain", with nothing to tell him that nothing would happen. It says Ana is not at the game
    once her seat is free, and no more once she sits down again."""
    _game_id, ana, ben = _ana_and_ben_before_the_marriage_phase(tmp_path, data)
    away = "Ana is not at the game now: it goes on when they take their seat again."
    async with ana.run_test(size=SIZE) as ana_pilot, ben.run_test(size=SIZE) as ben_pilot:
        await _take_seat(ana, ana_pilot, 0)
        await _take_seat(ben, ben_pilot, 1)
        assert ana.controller.on_screen().view.decision is not None  # the game waits for Ana
        text = await _until_shown(ben, ben_pilot, away, shown=False)
        assert "Waiting for Ana - Spain." in text
        await ana_pilot.press("ctrl+l")
        await settle(ana_pilot)
        assert isinstance(ana.screen, LobbyScreen)
        await _until_shown(ben, ben_pilot, away)
        await _take_seat(ana, ana_pilot, 0)
        await _until_shown(ben, ben_pilot, away, shown=False)


@pytest.mark.slow
async def test_a_player_watching_as_an_onlooker_is_told_their_seat_waits_for_them_not_to_wait_for_themself(tmp_path, data):
    """Shared-game play-test: Ben, watching his own game as an onlooker, read "Waiting for Ben - England.
    Ben is not at the game now", and 0 said "Not now: Waiting for Ben". His board says it is his turn and
    how to take his seat; the other player's still says he is not at the game."""
    _game_id, ana, ben = _ana_and_ben_before_the_marriage_phase(tmp_path, data)
    watching = "It is your turn, Ana (Spain), but you watch here as an onlooker: Ctrl+L, then Enter on your seat in the lobby, to play."
    away = "Ana is not at the game now: it goes on when they take their seat again."
    async with ana.run_test(size=SIZE) as ana_pilot, ben.run_test(size=SIZE) as ben_pilot:
        await _take_seat(ben, ben_pilot, 1)
        await _watch(ana, ana_pilot)
        assert ana.controller.session.seat_to_decide().name == "Ana"  # the game waits for Ana's seat
        text = (await _until_shown(ana, ana_pilot, watching)).replace("\n", " ")
        assert away not in text and "Waiting for Ana" not in text
        await ana_pilot.press("0")
        await settle(ana_pilot)
        assert "Not now: " + watching[:1].lower() + watching[1:].rstrip(".") in screen_text(ana).replace("\n", " ")
        await _until_shown(ben, ben_pilot, away)


@pytest.mark.slow
async def test_a_number_and_ctrl_q_in_one_burst_record_the_move_in_a_shared_game(tmp_path, data):
    """Shared-game play-test: 0 and Ctrl+Q sent together quit with the move never in the store (its write
    ran in a worker the app's exit did not wait for); the other terminal waited on."""
    from textual.events import Key

    from core.cards import reveals_a_card

    game_id, ana, ben = _ana_and_ben_before_the_marriage_phase(tmp_path, data)
    store = SqliteStore.in_folder(tmp_path, data)
    deciding = store.load(game_id).seat_to_decide().name
    app, seat = (ana, 0) if deciding == "Ana" else (ben, 1)
    before = len(store.actions(game_id))
    async with app.run_test(size=SIZE) as pilot:
        await _take_seat(app, pilot, seat)
        await _to_the_board(app, pilot)
        for _press in range(2 if reveals_a_card(app.controller.session.decision.choices[0]) else 1):  # a card play: asked first (GEN-9)
            app.post_message(Key("1", "1"))
        app.post_message(Key("ctrl+q", None))
        await pilot.pause(0.5)
    assert len(store.actions(game_id)) > before


@pytest.mark.slow
async def test_a_while_you_waited_report_on_screen_when_the_terminal_goes_comes_back_when_the_player_sits_down_again(tmp_path, data):
    """Shared-game play-test: Ben's terminal, waiting, followed Ana's moves one by one (Unrest set in Paris
    among them), then showed them in "While you waited"; its connection dropped, and when he sat down again
    the report was gone (his look had passed those lines while he waited), and the log strip had lost them."""
    from core.choices import TABLE_ACTOR
    from tui.screens.reports import MeanwhileReport

    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=4, seats=SEATS))
    store.take_seat(1, "Ana", "Ana")
    ana = SharedGame.open(store, 1, "Ana")
    unrest_recorded = looked_while_waiting = False
    unrest_at = 0
    ben = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    async with ben.run_test(size=SIZE) as pilot:
        await _take_seat(ben, pilot, 1)
        for _ in range(400):
            await asyncio.sleep(0.02)
            await settle(pilot)
            if isinstance(ben.screen, MeanwhileReport) and "Unrest set in Paris" in screen_text(ben):
                break
            while isinstance(ben.screen, ReportScreen):
                await pilot.press("enter")
                await settle(pilot)
            decision = ben.controller.on_screen().view.decision
            if decision is not None and decision.power == "france":
                ben.post_message(Choose(decision.quiet_or_first()))
                continue
            ana.refresh()
            mine = ana.session.decision
            if mine is None or mine.power != "spain" or len(ben.controller.session.log) < len(ana.session.log):
                continue  # Ben's terminal follows each of Ana's moves before her next
            if ana.session.state.phase is Phase.ACTION and not unrest_recorded:
                ana.choose(TABLE_ACTOR, Choice.parse("table"))
                for step in ("unrest", "paris"):
                    ana.choose(ana.session.decision.power, Choice.parse(f"pick {step}"))
                unrest_recorded = True
                unrest_at = len(ana.session.log) - 1
                continue
            if unrest_recorded and not looked_while_waiting and len(ben.controller.session.log) > unrest_at:
                # CI: a board shown while Ben waited took the log as read past the Unrest, not yet shown him, and
                # the store kept that look: the report on screen as he left never came back
                looked_while_waiting = True
                ben.board._note_if_all_read()
                assert ben.controller.driver._read_through <= unrest_at
                # nor a phase report read meanwhile, its lines after the news (review of the fix)
                shown = ben.controller.on_screen()
                log = ben.controller.session.log
                ben.board._one_read(ReportScreen(shown.view, shown.names, [log[-1]], shown.view.turn, ben.controller.driver))
                assert ben.controller.driver._read_through <= unrest_at
            ana.choose("spain", ana.session.decision.quiet_or_first())
            ana.play_computer_turns(bots_for(SEATS))
        assert isinstance(ben.screen, MeanwhileReport) and "Unrest set in Paris" in screen_text(ben)
    again = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    async with again.run_test(size=SIZE) as pilot:
        await _take_seat(again, pilot, 1)
        seen = []
        while isinstance(again.screen, ReportScreen):
            seen.append(screen_text(again))
            await pilot.press("enter")
            await settle(pilot)
        assert any("Unrest set in Paris" in text for text in seen), seen


async def test_a_table_action_recorded_at_a_shared_games_seat_is_that_players_own_move_table_1(tmp_path, data):
    """Review: the hot-seat fix (a table action's actor is the table, not the player's power) had no test in a
    shared game, where a terminal's own moves come back from the store: Ana's recorded war is her own move."""
    from tui.messages import RecordTable

    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=4, seats=SEATS))  # Spain (Ana) decides first
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await _take_seat(app, pilot, 0)
        await _to_the_board(app, pilot)
        app.post_message(RecordTable())
        await settle(pilot)
        for step in ("war", "spain", "england"):
            app.post_message(Choose(Choice.parse(f"pick {step}")))
            await settle(pilot)
            for _ in range(50):  # recorded in the store, then applied here
                if app.controller.on_screen().view.decision is not None:
                    break
                await asyncio.sleep(0.02)
                await settle(pilot)
        session = app.controller.session
        assert ["england", "spain"] in session.state.wars
        assert app.controller.driver._moved_to["Ana"] == len(session.log)  # where her own last move's lines end


async def test_a_game_the_host_removes_sends_its_onlookers_to_the_lobby_saying_so(tmp_path, data):
    """Review: a terminal watching a game the host removed (python -m core store remove) said "no game 1" four
    times a second, on a board that never moved; it goes back to the lobby and says why."""
    store = SqliteStore.in_folder(tmp_path, data)
    game_id = store.create(Setup(seed=5, seats=SEATS))
    ben = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    async with ben.run_test(size=SIZE) as pilot:
        await _watch(ben, pilot)
        assert ben.controller.driver is not None and not ben.controller.driver.seat.is_person  # watching
        store.remove(game_id, tmp_path / "kept.json")
        text = await _until_shown(ben, pilot, f"game {game_id} was taken out of the store by the host")
        assert isinstance(ben.screen, LobbyScreen) and ben.controller.driver is None, text
    assert store.create(Setup(seed=6, seats=SEATS)) == game_id + 1


async def test_a_shared_games_reports_show_while_the_computers_here_think(tmp_path, data, monkeypatch):
    """SSH play-test: with search computers (seconds a decision) the Card Draw report of turn 1 came only after
    the whole Negotiation Segment, at the player's first decision. At one's own terminal nobody else takes the
    keyboard: the reports of the phases passed show at once, while the computers think on."""
    import threading

    from tui import computers

    released = threading.Event()
    thought_out = computers._thought_out
    monkeypatch.setattr(computers, "_thought_out", lambda *args: (released.wait(10), thought_out(*args))[1])
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=4, seats=ANA_AND_COMPUTERS))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            listing = app.screen.query_one("#lobby-games")
            listing.highlighted = [o.id for o in listing.options].index("seat-1-0")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, ReportScreen))
            assert isinstance(app.screen, ReportScreen) and "Card Draw" in screen_text(app), screen_text(app)
            assert app.controller.session.state.phase is not Phase.CARD_DRAW and not released.is_set()
            released.set()
            await settle(pilot)
    finally:
        released.set()


async def test_a_report_being_read_when_the_board_is_laid_out_anew_opens_where_it_was_read_to(tmp_path, data):
    """Review: in a shared game a report read while the computers thought was made anew, on its top, when they
    were done and the board was laid out for the next phase: it opens on the row it was read to."""
    from tui.screens.reports import MeanwhileReport
    from tui.widgets.scrolling import Scrolling

    session = play(data, 3, check_invariants=False, until=lambda s: len(s.log) > 200)
    app = VirginQueenApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        view = session.view(session.setup.seats[0])
        report = MeanwhileReport(view, {}, list(session.log)[:150], view.turn, None)
        app.push_screen(report)
        await settle(pilot)
        box = report.query_one(Scrolling)
        box.scroll_to(y=box.max_scroll_y // 2, animate=False, immediate=True)
        await settle(pilot)
        read_to = box.scroll_y
        assert read_to > 0
        again = report.again_where_read()
        app.pop_screen()
        app.push_screen(again)
        await settle(pilot)
        assert again.query_one(Scrolling).scroll_y == read_to


def _ana_in_a_new_game(tmp_path, data) -> VirginQueenApp:
    """A new store game (Spain, Ana's seat, decides first) and Ana's app on the lobby."""
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=4, seats=SEATS))
    return VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)


async def _at_the_table_talk(app: VirginQueenApp, pilot) -> None:
    """Ana seated in the lobby's first game, its reports read, and the table talk open."""
    await _take_seat(app, pilot, 0)
    await read_reports(app, pilot)
    await pilot.press("c")
    await settle(pilot)
    assert isinstance(app.screen, ChatScreen)


def _keys_of(lines: list[str]) -> list:
    """The keys a terminal sends for ``lines`` typed each with its Enter."""
    from textual.events import Key

    return [Key("enter", "\r") if character == "\r" else Key("space" if character == " " else character, character)
            for character in "\r".join(lines) + "\r"]


async def test_lines_of_table_talk_typed_in_one_burst_are_said_one_by_one(tmp_path, data, monkeypatch):
    """SSH play-test: 'hello' Enter 'x' in one read said "hellox", and five lines each with its Enter said one
    line of all five, five times: each Enter takes the line typed before it, and the keys after it go to the next
    (LineInput). And in the order said, whatever the store's writes take (a worker each, 'burst a' was stored
    before 'x' once in CI)."""

    def slow_on_x(store, game_id, player, text, say=SqliteStore.say):
        if text == "x":
            time.sleep(0.3)
        return say(store, game_id, player, text)

    monkeypatch.setattr(SqliteStore, "say", slow_on_x)
    app = _ana_in_a_new_game(tmp_path, data)
    async with app.run_test(size=SIZE) as pilot:
        await _at_the_table_talk(app, pilot)
        # and thirty lines sent back to back, as a paste or a lagging link does (SSH re-test: of eight, one was lost,
        # one merged into the next, and they came out of order)
        lines = ["hello", "x", "burst a", "burst b", *(f"line {n}" for n in range(30))]
        for number, key in enumerate(_keys_of(lines)):
            app.post_message(key)
            if number % 7 == 6:  # read a few at a time, as a terminal's keys come, while the lines before are taken
                await asyncio.sleep(0.002)
        for _ in range(100):
            await settle(pilot)
            if len(app.controller.chat()) >= len(lines):
                break
            await asyncio.sleep(0.05)
        assert [line.text for line in app.controller.chat()] == lines


async def test_a_keys_refusal_goes_when_another_terminal_moves_while_this_one_waits(tmp_path, data):
    """SSH play-test: "Not allowed: GEN-9: ...", said of Ana's u while Ben decided, stayed under "Waiting for Ben" for
    minutes, through his proposal, acceptance and decline. It goes with his next move (the refusal comes from the store
    now, which takes a shared game's moves back, GEN-9)."""
    from core.choices import TABLE_ACTOR

    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=4, seats=SEATS))  # Spain (Ana) decides first
    ben = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    async with ben.run_test(size=SIZE) as pilot:
        await _take_seat(ben, pilot, 1)
        await read_reports(ben, pilot)
        assert ben.controller.on_screen().view.decision is None  # waiting for Ana
        await pilot.press("u")
        await until(pilot, lambda: "Not allowed: GEN-9: nothing to undo since the game began" in screen_text(ben))
        store.take_seat(1, "Ana", "Ana")
        ana = SharedGame.open(store, 1, "Ana")
        ana.choose(TABLE_ACTOR, Choice.parse("table"))  # Ana starts recording a table action: still hers to decide
        await until(pilot, lambda: len(ben.controller.session.actions) == 1, seconds=5)
        # Ana's seat looked at (every few polls; under load later than her move): the line no longer says she is away
        await until(pilot, lambda: "not at the game now" not in ben.screen.query_one(DecisionPanel)._waiting, seconds=5)
        await settle(pilot)
        waiting = ben.screen.query_one(DecisionPanel)._waiting
        await pilot.press("u")
        await until(pilot, lambda: "are Ana's, and undo takes back only your own" in screen_text(ben).replace("\n", " "))
        ana.choose(TABLE_ACTOR, ana.session.decision.choices[0])  # her next step: the board waits as it did
        await until(pilot, lambda: len(ben.controller.session.actions) == 2, seconds=5)
        await settle(pilot)
        assert ben.controller.on_screen().view.decision is None and ben.screen.query_one(DecisionPanel)._waiting == waiting
        assert "Not allowed" not in screen_text(ben)


async def test_table_talk_said_goes_on_after_a_fault_and_is_written_when_the_game_is_left_at_once(tmp_path, data, monkeypatch):
    """Review: lines are written by one worker at a time, and a fault of this program writing one (logged) left
    every later line waiting for good; a line said just before leaving the game was never written. The fault is
    said, the lines after it are written, and leaving writes what is left before the seat is given up."""

    def faulty(store, game_id, player, text, say=SqliteStore.say):
        if text == "boom":
            raise ValueError("a fault of this program")
        return say(store, game_id, player, text)

    monkeypatch.setattr(SqliteStore, "say", faulty)
    app = _ana_in_a_new_game(tmp_path, data)
    async with app.run_test(size=SIZE) as pilot:
        await _at_the_table_talk(app, pilot)
        for key in _keys_of(["boom", "after"]):
            app.post_message(key)
        await until(pilot, lambda: len(app.controller.chat()) == 1, seconds=5)
        assert [line.text for line in app.controller.chat()] == ["after"]
        assert "virgin-queen.log" in screen_text(app) or any("virgin-queen.log" in str(n.message) for n in app._notifications)
        await pilot.press("escape")
        await settle(pilot)
        # a line said as the worker that wrote the one before finished its loop, and is on its way back to the loop
        driver = app.controller.driver
        driver._to_say.append("last")
        driver._saying = True
        await pilot.press("ctrl+l")  # left for the lobby before it comes back
        await settle(pilot)
        await app.workers.wait_for_complete()
    assert [line.text for line in SqliteStore.in_folder(tmp_path, data).chat(1)] == ["after", "last"]


def test_a_players_move_from_their_other_terminal_is_no_news_on_this_one(tmp_path, data):
    """SSH play-test: Ana, seated on two terminals, saw in "While you waited" on one the move she had just made on the
    other. A move from her own seat is hers from either terminal: what passed before it is not news after it; the
    computers' moves after it are."""
    from tui.drivers import SharedGameClient
    from tui.shared_games import SharedGames

    games = SharedGames(tmp_path, data)
    game_id = games.create(Setup(seed=4, seats=ANA_AND_COMPUTERS))
    host = SqliteStore.in_folder(tmp_path, data)
    table, bots = host.load(game_id), bots_for(ANA_AND_COMPUTERS)
    terminals = [(client, io) for client, _heard, io in (_terminal(games, game_id, "Ana") for _ in range(2))]

    def computers_move() -> None:
        while not (seat := table.seat_to_decide()).is_person:
            decision = table.decision
            choice = bots[seat.name].choose(table.detached(), decision)
            host.append(game_id, len(table.actions) + 1, decision.power, str(choice), seat.name)
            table.choose(decision.power, choice)
        for client, io in terminals:
            client.tick()
            io.run()

    def ana_moves_on(client: SharedGameClient, io: QueuedIo) -> None:
        decision = client.session.decision
        client.choose(decision.power, _person_choice(decision))
        io.run()
        table.choose(decision.power, _person_choice(decision))
        for other, other_io in terminals:
            other.tick()
            other_io.run()

    (here, here_io), (there, there_io) = terminals
    computers_move()
    ana_moves_on(here, here_io)
    computers_move()
    assert here.since_last_move("Ana", told=False), "the computers' moves since her move here are news"
    ana_moves_on(there, there_io)
    assert len(here.session.actions) == len(there.session.actions) == len(table.actions)
    assert here.since_last_move("Ana", told=False) == there.since_last_move("Ana", told=False) == []
    after_her_move = len(here.session.log)
    computers_move()
    assert here.since_last_move("Ana", told=False) == list(here.session.log[after_her_move:])
    for client, _io in terminals:
        client.close()
    host.close()


async def test_an_onlookers_u_says_onlookers_make_no_moves_gen_9_and_the_menu_names_no_seat_of_theirs(tmp_path, data):
    """SSH play-test: an onlooker's u was told "a shared game cannot be undone: every action is already recorded for
    the other players", as if they had moves of their own; their game menu offered "Lobby: your seat is free to take again"."""
    SqliteStore.in_folder(tmp_path, data).create(Setup(seed=5, seats=SEATS))
    cy = VirginQueenApp(tmp_path, player="Cy", lobby=True, player_fixed=True)
    async with cy.run_test(size=SIZE) as pilot:
        await _watch(cy, pilot)
        await read_reports(cy, pilot)
        assert isinstance(cy.screen, PhaseScreen)
        await pilot.press("u")
        await settle(pilot)
        said = " ".join(screen_text(cy).split())
        assert "GEN-9: an onlooker has no moves to undo" in said and "cannot be undone" not in said
        await pilot.press("colon", *"done", "enter")  # SSH re-test: a typed choice was "not your decision: ..."
        await settle(pilot)
        assert "Not allowed: you watch as an onlooker: onlookers make no moves" in " ".join(screen_text(cy).split())
        await pilot.press("escape")  # the typed box
        await settle(pilot)
        await pilot.press("escape")  # the game menu: an onlooker has no seat to free (SSH play-test)
        await settle(pilot)
        said = " ".join(screen_text(cy).split())
        assert "Lobby: stop watching this game (t)" in said and "your seat" not in said


class _Notices(HearsNothing):
    """A driver's listener that keeps the notices it is given."""

    def __init__(self) -> None:
        self.notices: list[str] = []

    def game_notice(self, text: str) -> None:
        self.notices.append(text)


def _terminal(games, game_id: int, person: str) -> tuple:
    """A terminal of ``person``'s seat, without the app: its driver (SharedGameClient), what it was told, its queued work."""
    from tui.drivers import SharedGameClient

    joined = games.join(game_id, person, person)
    heard, io = _Notices(), QueuedIo()
    client = SharedGameClient(joined.store, game_id, joined.session, joined.seat, person, heard, io, joined.chat, joined.looked,
                              joined.takebacks_seen)
    return client, heard, io


def test_gen_9_a_poll_under_way_when_u_is_pressed_brings_no_second_take_back_nor_takes_a_later_move(tmp_path, data):
    """Review: a poll asked for before u, answered after it, loaded the game again: a second notice ("0 choices of yours
    undone"), or, after a new move, "taken back, decide again" of a move that stood in the store. A reload of a take-back
    followed already, and actions fetched before one, are left to the next poll."""
    from tui.shared_games import SharedGames

    game_id = _ben_to_propose(tmp_path, data)
    games = SharedGames(tmp_path, data)
    ben, heard, io = _terminal(games, game_id, "Ben")
    ben.choose("france", Choice.parse("propose charles-ix anna-of-austria"))
    io.run()
    host = SqliteStore.in_folder(tmp_path, data)
    table, bots = host.load(game_id), bots_for(SEATS)
    while not (seat := table.seat_to_decide()).is_person:  # the computers' answers, from another terminal
        choice = bots[seat.name].choose(table.detached(), table.decision)
        host.append(game_id, len(table.actions) + 1, table.decision.power, str(choice), seat.name)
        table.choose(table.decision.power, choice)
    before_answers = len(ben.session.actions)
    ben.tick()
    io.run()
    assert len(ben.session.actions) > before_answers and ben.undoes  # u is named: his proposal may be taken back
    ben.tick()  # a poll asked for now, answered after the undo and a new move
    slow_poll = io.jobs.pop()
    ben.undo()
    io.run()
    [notice] = heard.notices
    assert notice.startswith("GEN-9: taken back, decide again") and ben.session.actions == host.load(game_id).actions
    ben.choose("france", Choice.parse("propose charles-ix catherine-grey"))
    io.run()
    moved = list(ben.session.actions)
    work, done, _failed = slow_poll
    done(work())
    assert heard.notices == [notice] and ben.session.actions == moved == host.load(game_id).actions
    host.close()
    games.close()
    ben.close()


def test_gen_9_u_pressed_while_the_move_is_being_recorded_takes_it_back_once_it_is(tmp_path, data, monkeypatch):
    """Shared-game play-test: "3 u" said "your choice is being recorded in the store: a moment" and dropped the u. It
    waits for the move's write, then takes the move back; a u meant for a move the store refused takes nothing."""
    from tui.shared_games import SharedGames

    game_id = _ben_to_propose(tmp_path, data)
    games = SharedGames(tmp_path, data)
    ben, heard, io = _terminal(games, game_id, "Ben")
    before = list(ben.session.actions)
    ben.choose("france", Choice.parse("propose charles-ix anna-of-austria"))
    ben.undo()  # no refusal: it waits
    io.run()
    assert ben.session.actions == before == SqliteStore.in_folder(tmp_path, data).load(game_id).actions
    assert [n.split(":")[0] for n in heard.notices] == ["GEN-9"] and ben.session.decision.rule == "GEN-7"
    monkeypatch.setattr(ben.store, "append", lambda *args: (_ for _ in ()).throw(StoreError("the store is busy")))
    ben.choose("france", Choice.parse("propose charles-ix anna-of-austria"))
    ben.undo()
    io.run()
    assert ben.session.actions == before and len(heard.notices) == 1 and not io.jobs  # nothing of Ben's taken back
    ben.close()
    games.close()


def test_gen_9_a_u_on_a_second_terminal_of_the_same_player_after_a_take_back_takes_back_nothing_more(tmp_path, data):
    """Review: a take-back refused as stale was asked again of the store's game, so Ben's u on his second terminal,
    stale after his first terminal's take-back, could take back a second move of his. It is asked again only when no
    take-back of the player's and no person's move came since; else the game moved on, and nothing more goes."""
    from tui.shared_games import SharedGames

    game_id = _ben_to_propose(tmp_path, data)
    games = SharedGames(tmp_path, data)
    (here, _, here_io), (there, _, there_io) = _terminal(games, game_id, "Ben"), _terminal(games, game_id, "Ben")
    here.choose("france", Choice.parse("propose charles-ix anna-of-austria"))
    here_io.run()
    there.tick()
    there_io.run()
    assert there.session.actions == here.session.actions
    accept_stays = len(here.session.actions) - 1
    here.undo()
    here_io.run()
    problems: list[str] = []
    there.listener.game_problem = lambda text, failed=False, refused_key=False: problems.append(text)
    there.undo()
    there_io.run()
    store = SqliteStore.in_folder(tmp_path, data)
    assert store.latest_number(game_id) == accept_stays and [t.player for t in store.takebacks(game_id)] == ["Ben"]
    assert problems and problems[0].startswith("GEN-9: the game moved on before your undo reached it")
    assert there.session.actions == here.session.actions
    for client in (here, there):
        client.close()
    games.close()
    store.close()


def test_gen_9_a_u_overtaken_by_a_computers_answer_is_asked_again_and_takes_the_move_back(tmp_path, data):
    """A computer's answer recorded by another terminal between u and the store: the take-back, refused as stale, is
    asked again of the game with that answer (no person's move came since), and takes the move back with it."""
    from tui.shared_games import SharedGames

    game_id = _ben_to_propose(tmp_path, data)
    games = SharedGames(tmp_path, data)
    ben, heard, io = _terminal(games, game_id, "Ben")
    before = list(ben.session.actions)
    ben.choose("france", Choice.parse("propose charles-ix anna-of-austria"))
    io.run()
    ben.undo()  # asked at the proposal; the Empire's answer lands first
    host = SqliteStore.in_folder(tmp_path, data)
    table = host.load(game_id)
    seat = table.seat_to_decide()
    assert not seat.is_person
    choice = bots_for(SEATS)[seat.name].choose(table.detached(), table.decision)
    host.append(game_id, len(table.actions) + 1, table.decision.power, str(choice), seat.name)
    io.run()
    assert host.load(game_id).actions == ben.session.actions == before and heard.notices[0].startswith("GEN-9: taken back")
    host.close()
    games.close()
    ben.close()
