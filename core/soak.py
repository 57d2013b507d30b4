"""``python -m core store soak``: several client processes play shared games on one store at once.

The parent makes ``games`` store games (three person seats, ``soak-1`` to ``soak-3``, or one per
client when there are fewer, and computer seats, the powers turning from game to game), starts
``clients`` processes, each the person of one seat in every game, and waits for them to play every game to its end. A client plays as a terminal
does: the computer seats it sees deciding (the store takes the first client's), random choices for
its own seat (now and then a table action, TABLE-1, begun and cancelled; now and then a move taken back, GEN-9),
and a second thread that
follows the store all the while (as the app's worker does). Then every game is exported, the export
is replayed, and its state compared with each client's copy: a refused export, a save that does not
replay, or a copy that differs is a divergence. The last line: ``N games, K actions, D divergences``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from attrs import frozen

from core import gamedata, saves
from core.bots import bots_for, playable_choices
from core.choices import TABLE_ACTOR, Choice
from core.gamedata import GameData
from core.session import Session
from core.setup import Seat, SeatKind, Setup
from core.store import STORE_NAME, IllegalAction, SharedGame, SqliteStore, StaleGame, StoreError, TakeBackRefused

PERSONS = 3
TABLE_ACTION_CHANCE = 0.03  # a person's decision begins a table action (and cancels it) this often
TAKE_BACK_CHANCE = 0.05  # a person's move is taken back (GEN-9) this often, the others' copies following it back
COMPUTER_STEP_SECONDS = 0.05  # a client plays a game's computer seats this long before looking at the next game
IDLE_WAIT_SECONDS = 0.005  # nothing to do in any game: the others are choosing
STALL_SECONDS = 120.0  # no game moved for this long: a client gives up (a soak must end)
FOLLOW_SECONDS = 0.01  # the follower thread looks at every game this often


class SoakError(RuntimeError):
    """A client process failed (its last words are the message)."""


def player_name(index: int) -> str:
    return f"soak-{index + 1}"


def soak_setup(data: GameData, index: int, seed: int, persons: int) -> Setup:
    """Game ``index``: the persons hold one power each, turning with the index; the other powers are
    two computer seats (greedy in every other game)."""
    shift = index % len(data.power_ids)
    powers = data.power_ids[shift:] + data.power_ids[:shift]
    people = tuple(Seat(player_name(i), (powers[i],)) for i in range(persons))
    rest = powers[persons:]
    computers = (
        Seat("computer A", tuple(rest[: len(rest) // 2]), SeatKind.COMPUTER, "greedy" if index % 2 else "random"),
        Seat("computer B", tuple(rest[len(rest) // 2 :]), SeatKind.COMPUTER, "random"),
    )
    return Setup(seed=seed + index, seats=people + computers)


def digest(session: Session) -> str:
    """The game as one short hash: its state and its action log."""
    state = saves.converter().unstructure(session.state)
    actions = [(a.actor, a.choice) for a in session.actions]
    return hashlib.sha256(json.dumps([state, actions], sort_keys=True).encode()).hexdigest()[:16]


@frozen
class SoakResult:
    games: int
    actions: int
    divergences: int
    refused: int  # actions the store's replay refused (a client's copy gone wrong, caught in time)

    def line(self) -> str:
        return f"{self.games} games, {self.actions} actions, {self.divergences} divergences"


def run(data: GameData, clients: int, games: int, seed: int, folder: Path) -> Iterator[str]:
    """Play the soak in ``folder``; progress lines, then the summary line (SoakResult.line)."""
    store = SqliteStore.in_folder(folder, data)
    persons = min(clients, PERSONS)
    game_ids = [store.create(soak_setup(data, i, seed, persons)) for i in range(games)]
    yield f"{games} games created in {folder / STORE_NAME}; {clients} clients playing them"
    started = time.monotonic()
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "core.soak", str(folder), player_name(i % persons), str(seed), *map(str, game_ids)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(clients)
    ]
    copies: list[dict[int, str]] = []
    refused = taken_back = 0
    for process in processes:
        out, err = process.communicate()
        if process.returncode != 0:
            for other in processes:
                other.kill()
            raise SoakError(f"a client failed ({(err.strip().splitlines() or ['no message'])[-1]})")
        report = json.loads(out.strip().splitlines()[-1])
        copies.append({int(game): value for game, value in report["digests"].items()})
        refused += report["refused"]
        taken_back += report["taken_back"]
    yield (f"the clients played every game to its end in {time.monotonic() - started:.0f} s ({refused} actions refused by the store, "
           f"{taken_back} taken back, GEN-9)")
    divergences = 0
    actions = 0
    for game_id in game_ids:
        problem = ""
        try:
            path = store.export(game_id, folder / f"game-{game_id}.json")
            session = saves.load(path, data)
        except (StoreError, saves.SaveError) as exc:
            problem = str(exc)
        else:
            actions += len(session.actions)
            differing = [player_name(i % persons) for i, copy in enumerate(copies) if copy.get(game_id) != digest(session)]
            if differing:
                problem = f"the copies of {', '.join(differing)} differ from the export"
            elif session.decision is not None:
                problem = "the export is not at the game's end"
        if problem:
            divergences += 1
            yield f"game {game_id}: DIVERGED: {problem}"
    yield SoakResult(games, actions, divergences, refused).line()


def run_in_temporary_folder(data: GameData, clients: int, games: int, seed: int) -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="virgin-queen-soak-") as folder:
        yield from run(data, clients, games, seed, Path(folder))


# ---- one client process --------------------------------------------------------------------------


def _follow(games: list[SharedGame], done: threading.Event) -> None:
    """What the app's worker does: look for the other clients' actions, all the while."""
    while not done.wait(FOLLOW_SECONDS):
        for game in games:
            game.refresh()


def _own_choice(game: SharedGame, seed: int) -> tuple[str, Choice]:
    """A random legal choice of this client's seat (seeded by the game and its length)."""
    session = game.session
    decision = session.decision
    assert decision is not None
    chooser = _chooser(game, seed)
    if decision.power in session.state.powers and chooser.random() < TABLE_ACTION_CHANCE:
        return TABLE_ACTOR, Choice.parse("table")
    return decision.power, chooser.choice(playable_choices(decision, of_a_person=True))


def _chooser(game: SharedGame, seed: int, why: str = "choice") -> random.Random:
    """Seeded by the game, its length and its take-backs (a position taken back to is chosen at anew), and ``why``."""
    return random.Random(f"{seed}/{game.player}/{game.game_id}/{len(game.session.actions)}/{game.takebacks_seen}/{why}")


def _takes_back(game: SharedGame, seed: int, when: str) -> int:
    """Now and then (TAKE_BACK_CHANCE) this player's last move taken back (GEN-9): how many actions went."""
    if _chooser(game, seed, when).random() >= TAKE_BACK_CHANCE:
        return 0
    try:
        return game.undo().taken
    except TakeBackRefused:  # a roll, a reveal or a hand-off since: the move stays
        return 0


def play_client(folder: Path, player: str, seed: int, game_ids: list[int]) -> dict[str, object]:
    """Play ``player``'s seat in every game, and the computer seats seen deciding, to every game's end."""
    data = gamedata.load(folder)
    store = SqliteStore.in_folder(folder, data)
    games = []
    for game_id in game_ids:
        store.take_seat(game_id, player, player)
        games.append(SharedGame.open(store, game_id, player))
    bots = {game.game_id: bots_for(game.session.setup.seats) for game in games}
    done = threading.Event()
    follower = threading.Thread(target=_follow, args=(games, done), name="follow", daemon=True)
    follower.start()
    refused = taken_back = 0
    playing = list(games)
    last_move = time.monotonic()
    while playing:
        moved = False
        for game in list(playing):
            try:
                with game.held():  # this client's turn on the copy; the follower waits
                    before = len(game.session.actions)
                    game.refresh()
                    game.play_computer_turns(bots[game.game_id], until=time.perf_counter() + COMPUTER_STEP_SECONDS)
                    decision = game.session.decision
                    if decision is None:
                        playing.remove(game)
                        continue
                    if game.session.seat_of(decision.power).name == player:
                        # at the player's decision, after the computers' answers to their last move (review: the soak took a
                        # move back only before any answer), or just after the move
                        taken = _takes_back(game, seed, "before")
                        if not taken:
                            game.choose(*_own_choice(game, seed))
                            taken = _takes_back(game, seed, "after")
                        taken_back += taken
                    moved = moved or len(game.session.actions) != before
            except StaleGame:
                game.refresh()
            except IllegalAction:
                refused += 1
        if moved:
            last_move = time.monotonic()
        elif time.monotonic() - last_move > STALL_SECONDS:
            waiting = ", ".join(f"game {g.game_id} at action {len(g.session.actions)}" for g in playing)
            raise SoakError(f"{player}: no game moved for {STALL_SECONDS:.0f} s ({waiting})")
        else:
            time.sleep(IDLE_WAIT_SECONDS)
    done.set()
    follower.join()
    return {"player": player, "refused": refused, "taken_back": taken_back, "digests": {game.game_id: digest(game.session) for game in games}}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.soak", description="One client process of 'python -m core store soak'.")
    parser.add_argument("folder", type=Path)
    parser.add_argument("player")
    parser.add_argument("seed", type=int)
    parser.add_argument("games", type=int, nargs="+")
    args = parser.parse_args(argv)
    try:
        report = play_client(args.folder, args.player, args.seed, args.games)
    except (SoakError, StoreError) as exc:
        print(exc, file=sys.stderr)
        return 1
    print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
