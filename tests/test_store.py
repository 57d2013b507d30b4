"""The shared game store: races between clients, a killed client, export/import, damaged files."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from core import saves
from core.__main__ import main
from core.arena import bot_seats
from core.bots import bots_for, playable_choices
from core.choices import TABLE_ACTOR, Choice, IllegalChoice
from core.setup import Seat, Setup
from core.store import CLAIM_SECONDS, STORE_NAME, NotSeated, SeatTaken, SharedGame, SqliteStore, StaleGame, StoreError

REPO = Path(__file__).resolve().parent.parent


def _play(game: SharedGame, count: int) -> None:
    """Take ``count`` decisions as the first playable choice of each (a quick, legal game line)."""
    for _ in range(count):
        decision = game.session.decision
        assert decision is not None
        game.choose(decision.power, playable_choices(decision)[0])


def _seated(tmp_path: Path, data, game_id: int, player: str = "Player 1") -> SharedGame:
    """A client of its own (its own connection) sitting in the person seat named ``player``."""
    store = SqliteStore.in_folder(tmp_path, data)
    store.take_seat(game_id, player, player)
    return SharedGame.open(store, game_id, player)


def test_a_game_is_created_listed_and_loaded_with_its_seats(data, tmp_path):
    store = SqliteStore.in_folder(tmp_path, data)
    setup = Setup(seed=4, seats=bot_seats(data, ("spain",)))
    game_id = store.create(setup)
    [row] = store.list_games()
    assert (row.id, row.actions, row.setup) == (game_id, 0, setup.completed(data))
    assert (tmp_path / STORE_NAME).exists()
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    shared = SharedGame.open(store, game_id, "")  # every seat a computer's: any client plays them
    _play(shared, 12)
    again = store.load(game_id)
    assert again.actions == shared.session.actions
    assert [a.number for a in store.actions(game_id)] == list(range(1, 13))
    assert store.actions(game_id)[0].seat == shared.session.setup.seat_of(again.actions[0].actor).name


def test_a_stale_client_is_refused_and_catches_up_on_refresh(data, tmp_path):
    """Two terminals on one game: the one that chose on an old position gets "the game moved on"."""
    first = _seated(tmp_path, data, SqliteStore.in_folder(tmp_path, data).create(Setup(seed=2)))
    second = _seated(tmp_path, data, first.game_id)
    decision = first.session.decision
    first.choose(decision.power, decision.choices[0])
    with pytest.raises(StaleGame, match="the game moved on"):
        second.choose(decision.power, decision.choices[-1])
    assert len(second.session.actions) == 0  # refused: nothing applied
    assert second.refresh() and second.session.actions == first.session.actions
    assert second.refresh() == []


def test_two_clients_choosing_at_once_never_both_land(data, tmp_path):
    """BEGIN IMMEDIATE + PRIMARY KEY (game_id, number): of two simultaneous appends exactly one lands."""
    game_id = SqliteStore.in_folder(tmp_path, data).create(Setup(seed=8))
    clients = [_seated(tmp_path, data, game_id) for _ in range(2)]
    for _ in range(15):
        barrier = threading.Barrier(2)
        outcomes: list[str] = []

        def choose(client: SharedGame, pick: int) -> None:
            decision = client.session.decision
            assert decision is not None
            choice = decision.choices[pick % len(decision.choices)]
            barrier.wait()
            try:
                client.choose(decision.power, choice)
                outcomes.append("landed")
            except StaleGame:
                outcomes.append("stale")

        threads = [threading.Thread(target=choose, args=(c, i)) for i, c in enumerate(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["landed", "stale"]
        for client in clients:
            client.refresh()
        assert clients[0].session.actions == clients[1].session.actions
    assert SqliteStore.in_folder(tmp_path, data).latest_number(game_id) == 15


def test_an_illegal_choice_is_refused_and_nothing_is_stored(data, tmp_path):
    store = SqliteStore.in_folder(tmp_path, data)
    game = _seated(tmp_path, data, store.create(Setup(seed=1)))
    decision = game.session.decision
    with pytest.raises(IllegalChoice, match="not a legal choice now"):
        game.choose(decision.power, Choice.parse("propose nobody no-one"))
    assert store.latest_number(game.game_id) == 0


CLIENT = """
import sys
from pathlib import Path
from core import gamedata
from core.bots import RandomBot
from core.store import SharedGame, SqliteStore
data = gamedata.load()
store = SqliteStore(Path(sys.argv[1]), data)
game = SharedGame.open(store, int(sys.argv[2]), "")
while game.session.decision is not None:
    decision = game.session.decision
    game.choose(decision.power, RandomBot(game.session.seat_of(decision.power)).choose(game.session, decision))
    print(len(game.session.actions), flush=True)
"""


def test_a_client_killed_mid_action_loses_nothing_committed(data, tmp_path):
    """SIGKILL while appending in a loop: every action it reported committed is there and replays."""
    path = tmp_path / STORE_NAME
    game_id = SqliteStore(path, data).create(Setup(seed=5, seats=bot_seats(data)))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    client = subprocess.Popen([sys.executable, "-c", CLIENT, str(path), str(game_id)], stdout=subprocess.PIPE, text=True, env=env)
    assert client.stdout is not None
    committed = 0
    deadline = time.monotonic() + 60
    while committed < 40 and time.monotonic() < deadline:
        line = client.stdout.readline()
        if not line:
            break
        committed = int(line)
    os.kill(client.pid, signal.SIGKILL)
    client.wait()
    client.stdout.close()
    assert committed >= 40
    store = SqliteStore(path, data)
    assert store.latest_number(game_id) >= committed
    session = store.load(game_id)
    assert len(session.actions) == store.latest_number(game_id)
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    SharedGame(store, game_id, session, "").refresh()  # and the game goes on from there
    _play(SharedGame(store, game_id, session, ""), 3)


def test_export_and_import_round_trip_through_a_json_save(data, tmp_path):
    store = SqliteStore.in_folder(tmp_path, data)
    game = SharedGame.open(store, store.create(Setup(seed=6, seats=bot_seats(data, ("france",)))), "")
    _play(game, 25)
    path = store.export(game.game_id, tmp_path / "archive.json")
    assert saves.load(path, data).actions == game.session.actions
    copy_id = store.import_save(path)
    assert copy_id != game.game_id
    assert [(a.actor, a.choice, a.seat) for a in store.actions(copy_id)] == [(a.actor, a.choice, a.seat) for a in store.actions(game.game_id)]
    assert saves.converter().unstructure(store.load(copy_id).state) == saves.converter().unstructure(game.session.state)
    assert store.list_games()[1].setup == game.session.setup


def test_import_of_a_damaged_save_adds_nothing(data, tmp_path):
    store = SqliteStore.in_folder(tmp_path, data)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "virgin-queen-save", "version": 2, "setup": ')
    with pytest.raises(saves.SaveError, match="truncated"):
        store.import_save(bad)
    assert store.list_games() == []


def test_a_damaged_store_gives_one_line_and_no_traceback(data, tmp_path, capsys):
    (tmp_path / STORE_NAME).write_bytes(b"this is no database, just some bytes " * 200)
    with pytest.raises(StoreError) as refused:
        SqliteStore.in_folder(tmp_path, data).list_games()
    assert "the game store is damaged" in str(refused.value) and "\n" not in str(refused.value)
    assert main(["store", "--save-dir", str(tmp_path), "list"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("FAIL: ") and err.count("\n") == 1 and "Traceback" not in err


def test_a_store_from_a_newer_version_and_an_unknown_game_are_refused(data, tmp_path):
    store = SqliteStore.in_folder(tmp_path, data)
    with pytest.raises(StoreError, match="no game 7"):
        store.load(7)
    store._db.execute("PRAGMA user_version = 99")
    with pytest.raises(StoreError, match="newer version of the game"):
        SqliteStore.in_folder(tmp_path, data)


def test_store_command_lists_exports_and_imports(data, tmp_path, capsys):
    store = SqliteStore.in_folder(tmp_path, data)
    game = SharedGame.open(store, store.create(Setup(seed=3, seats=bot_seats(data, ("england",)))), "")
    _play(game, 5)
    assert main(["store", "--save-dir", str(tmp_path), "export", str(game.game_id), str(tmp_path / "g.json")]) == 0
    assert main(["store", "--save-dir", str(tmp_path), "import", str(tmp_path / "g.json")]) == 0
    assert main(["store", "--save-dir", str(tmp_path), "list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("OK: game 1 exported") and out[1] == f"OK: {tmp_path / 'g.json'} imported as game 2"
    assert out[2].startswith("game 1: campaign, seed 3, 5 actions") and "England (greedy)" in out[2]
    assert main(["store", "--save-dir", str(tmp_path), "export", "9", str(tmp_path / "h.json")]) == 1


def test_computer_seats_play_through_the_store_until_a_person_decides(data, tmp_path):
    """One person and five computer players in a store game: every computer decision is stored."""
    seats = [Seat("Ann", ("france",)), *(s for s in bot_seats(data, ("spain",)) if "france" not in s.powers)]
    store = SqliteStore.in_folder(tmp_path, data)
    game = _seated(tmp_path, data, store.create(Setup(seed=3, seats=seats)), "Ann")
    bots = bots_for(game.session.setup.seats)
    for _ in range(10):
        game.play_computer_turns(bots)
        decision = game.session.decision
        assert decision is not None and game.session.seat_of(decision.power).name == "Ann"
        game.choose(decision.power, playable_choices(decision)[-1])
    assert store.load(game.game_id).actions == game.session.actions
    assert {a.seat for a in store.actions(game.game_id)} > {"Ann", "Spain"}


def test_a_person_seat_is_held_by_one_player_at_a_time_and_free_again_when_left_or_dropped(data, tmp_path, monkeypatch):
    """A seat claim: another player is refused while it is renewed; leaving, or a dropped client
    not renewing it for CLAIM_SECONDS, frees it; its holder may always take it back at once."""
    import core.store

    store = SqliteStore.in_folder(tmp_path, data)
    seats = (Seat("Ana", ("spain",)), Seat("Ben", ("england",)), *bot_seats(data)[3:])
    game_id = store.create(Setup(seed=3, seats=(Seat("Cy", ("ottoman",)), *seats)))
    store.take_seat(game_id, "Ana", "Ana")
    with pytest.raises(SeatTaken, match="'Ben' in game 1 is Ben's seat; you play as Ana"):
        store.take_seat(game_id, "Ben", "Ana")  # a person seat is its named player's only
    with pytest.raises(SeatTaken, match="no person seat 'Empire'"):
        store.take_seat(game_id, "Empire", "Ben")
    store.take_seat(game_id, "Ben", "Ben")
    assert store.holders(game_id) == {"Ana": "Ana", "Ben": "Ben"}
    store.leave_seat(game_id, "Ben", "Ana")  # not Ana's claim: nothing changes
    assert store.holders(game_id) == {"Ana": "Ana", "Ben": "Ben"}
    store.leave_seat(game_id, "Ben", "Ben")
    assert store.holders(game_id) == {"Ana": "Ana"}
    later = time.time() + CLAIM_SECONDS + 1
    monkeypatch.setattr(core.store.time, "time", lambda: later)
    assert store.holders(game_id) == {}  # a dropped client's claim lapses
    store.take_seat(game_id, "Ana", "Ana")
    assert store.holders(game_id) == {"Ana": "Ana"}


def test_a_store_of_the_first_version_gets_seat_claims_and_keeps_its_games(data, tmp_path):
    store = SqliteStore.in_folder(tmp_path, data)
    game_id = store.create(Setup(seed=1))
    store._db.execute("DROP TABLE seat_claims")
    store._db.execute("PRAGMA user_version = 1")
    store.close()
    again = SqliteStore.in_folder(tmp_path, data)
    again.take_seat(game_id, "Player 1", "Player 1")
    assert again.holders(game_id) == {"Player 1": "Player 1"} and [g.id for g in again.list_games()] == [game_id]


def test_an_action_for_a_seat_the_client_does_not_hold_is_refused_and_nothing_is_stored(data, tmp_path):
    """The store checks the seat claim in the append's transaction (GEN-2): Ana cannot act for Ben's
    power, nor for her own once she has left her seat; the computer seats stay any client's to play."""
    seats = (Seat("Ana", ("spain",)), Seat("Ben", ("france",)), *(s for s in bot_seats(data) if s.powers[0] not in ("spain", "france")))
    game_id = SqliteStore.in_folder(tmp_path, data).create(Setup(seed=5, seats=seats))
    ana, ben = _seated(tmp_path, data, game_id, "Ana"), _seated(tmp_path, data, game_id, "Ben")
    spain = ana.session.decision
    assert spain is not None and spain.power == "spain"
    with pytest.raises(NotSeated, match="GEN-2: spain is played from seat 'Ana' in game 1, which 'Ben' does not hold: nothing was recorded"):
        ben.choose("spain", playable_choices(spain)[0])
    assert ben.store.latest_number(game_id) == 0 and ben.session.actions == []
    ana.store.leave_seat(game_id, "Ana", "Ana")
    with pytest.raises(NotSeated, match="which 'Ana' does not hold"):
        ana.choose("spain", playable_choices(spain)[0])
    assert ana.store.latest_number(game_id) == 0 and ana.session.actions == []
    with pytest.raises(NotSeated, match="TABLE-1: a table action in game 1 is recorded from a seat, and 'Ana' sits in none"):
        ana.choose(TABLE_ACTOR, Choice.parse("table"))
    ana.store.take_seat(game_id, "Ana", "Ana")  # back in her seat, she plays on
    ana.choose("spain", playable_choices(spain)[0])
    ben.refresh()
    ben.choose("france", playable_choices(ben.session.decision)[0])
    ben.play_computer_turns(bots_for(ben.session.setup.seats))
    stored = ben.store.actions(game_id)
    assert [a.seat for a in stored[:2]] == ["Ana", "Ben"] and {a.seat for a in stored[2:]} - {"Ana", "Ben"}
