"""The shared game store: live games in an SQLite database in the save folder (``games.sqlite3``).

One row per game (its set-up, seats included, through the save converter) and one row per action,
numbered from 1, with who chose it. A client appends the action it chose with the number it expects
to be next; if another client got there first the append is refused with ``StaleGame`` ("the game
moved on") and the client refreshes. ``BEGIN IMMEDIATE`` takes the write lock before the number is
read and ``PRIMARY KEY (game_id, number)`` backs it up, so two clients choosing at once never both
land. JSON saves (``core/saves.py``) stay the way to export, import and archive a game.

Who sits in a person seat is a claim (``take_seat``), kept alive by the client taking it again every
second or so; a claim not renewed for ``CLAIM_SECONDS`` (a dropped connection) leaves the seat free,
and the player who held it may always take it back at once. Nothing of the game is in the claim.
An action for a person seat's power is stored only from the player holding that seat's claim (checked
in the append's transaction: ``NotSeated``); a computer seat's from any client of the game (each
plays the computer seats it sees deciding, and the store takes the first).

``GameStore`` is the interface the app and the SSH server use, so a server database could replace
SQLite; ``SqliteStore`` is the one kept here.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

import cattrs
from attrs import define, frozen

from core import atomic, engine, saves
from core.bots import Bot, play_computer_turns
from core.choices import Choice
from core.events import Event
from core.gamedata import GameData
from core.session import Action, Session
from core.setup import Setup

STORE_NAME = "games.sqlite3"
SCHEMA_VERSION = 2  # 2: seat claims
BUSY_TIMEOUT_MS = 5000
CLAIM_SECONDS = 5.0  # a seat whose holder has not renewed its claim for this long is free again

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    setup TEXT NOT NULL,
    data_fingerprint TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    actor TEXT NOT NULL,
    choice TEXT NOT NULL,
    seat TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE IF NOT EXISTS seat_claims (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat TEXT NOT NULL,
    player TEXT NOT NULL,
    seen REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
"""


def _make_private_store(path: Path) -> None:
    """The store file owner-only from the moment it exists (it holds every hand, GEN-8): SQLite makes
    its -wal and -shm files with the database file's mode. A store made 0644 by an older version is
    tightened, if it is ours."""
    atomic.make_private_folder(path.parent)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, atomic.PRIVATE_FILE_MODE))
    except FileExistsError:
        for part in (path, path.with_name(f"{path.name}-wal"), path.with_name(f"{path.name}-shm")):
            try:
                found = part.stat()
            except FileNotFoundError:
                continue
            if found.st_uid == os.getuid() and found.st_mode & 0o077:
                part.chmod(atomic.PRIVATE_FILE_MODE)


class StoreError(RuntimeError):
    """The store cannot do what was asked; the message is one line naming the store and the problem."""


class StaleGame(StoreError):
    """The action was chosen on a position that is no longer the latest: refresh and choose again."""


class SeatTaken(StoreError):
    """Another player holds the seat (or it is no person's seat to take)."""


class NotSeated(StoreError):
    """An action for a power played from a person seat the client does not hold."""


@frozen
class GameRow:
    id: int
    created: str
    setup: Setup
    actions: int


@frozen
class StoredAction:
    number: int
    actor: str
    choice: str
    seat: str
    at: str


class GameStore(Protocol):
    """What the app and the server need from a store of live games."""

    def create(self, setup: Setup) -> int: ...

    def list_games(self) -> list[GameRow]: ...

    def actions(self, game_id: int, after: int = 0) -> list[StoredAction]: ...

    def latest_number(self, game_id: int) -> int: ...

    def load(self, game_id: int) -> Session: ...

    def append(self, game_id: int, expected_number: int, actor: str, choice: str, player: str) -> None: ...

    def export(self, game_id: int, path: Path) -> Path: ...

    def import_save(self, path: Path) -> int: ...

    def take_seat(self, game_id: int, seat: str, player: str) -> None: ...

    def leave_seat(self, game_id: int, seat: str, player: str) -> None: ...

    def holders(self, game_id: int) -> dict[str, str]: ...


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class SqliteStore:
    """The store in one SQLite file (WAL mode: readers never wait for the writer). Each instance holds
    its own connection: give each client its own, used by one thread at a time."""

    def __init__(self, path: Path, data: GameData) -> None:
        self.path = path
        self.data = data
        try:
            _make_private_store(path)
            self._db = sqlite3.connect(
                path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as exc:
            raise self._problem(f"cannot be opened ({exc})") from None
        with self._guard():
            self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")  # a committed action survives a power cut too
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise self._problem(f"made by a newer version of the game (store version {version}, this game reads up to {SCHEMA_VERSION})")
            if version < SCHEMA_VERSION:
                with self._transaction():
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            self._db.execute(statement)
                    self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @classmethod
    def in_folder(cls, save_dir: Path, data: GameData) -> SqliteStore:
        return cls(save_dir / STORE_NAME, data)

    def close(self) -> None:
        self._db.close()

    # ---- the interface --------------------------------------------------------------------------

    def create(self, setup: Setup) -> int:
        """A new game from its set-up (completed: every power held by one seat, GEN-2)."""
        with self._guard(), self._transaction():
            return self._insert_game(setup.completed(self.data))

    def _insert_game(self, setup: Setup) -> int:
        """The games row of a set-up, inside the caller's transaction; its new id."""
        text = json.dumps(saves.converter().unstructure(setup), separators=(",", ":"))
        cursor = self._db.execute(
            "INSERT INTO games (created, setup, data_fingerprint) VALUES (?, ?, ?)",
            (_now(), text, self.data.fingerprint),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def list_games(self) -> list[GameRow]:
        with self._guard():
            rows = self._db.execute(
                "SELECT g.id, g.created, g.setup, (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) "
                "FROM games g ORDER BY g.id"
            ).fetchall()
        return [GameRow(game_id, created, self._setup(game_id, setup), count) for game_id, created, setup, count in rows]

    def actions(self, game_id: int, after: int = 0) -> list[StoredAction]:
        """The game's actions numbered above ``after``, in order."""
        with self._guard():
            self._game(game_id)
            rows = self._db.execute(
                "SELECT number, actor, choice, seat, at FROM actions WHERE game_id = ? AND number > ? ORDER BY number",
                (game_id, after),
            ).fetchall()
        return [StoredAction(*row) for row in rows]

    def latest_number(self, game_id: int) -> int:
        """The number of the game's last action (0 before the first): cheap enough to poll."""
        with self._guard():
            self._game(game_id)
            return self._latest(game_id)

    def load(self, game_id: int) -> Session:
        """The game replayed from its set-up and action log."""
        with self._guard():
            created, setup_text, fingerprint = self._game(game_id)
        setup = self._setup(game_id, setup_text)
        actions = [Action(actor=a.actor, choice=a.choice) for a in self.actions(game_id)]
        try:
            return Session.replay(self.data, setup, actions)
        except Exception as exc:  # an action the engine refuses: the log and the data disagree
            why = "it was made with different game data" if fingerprint != self.data.fingerprint else "its action log is damaged"
            raise self._problem(f"game {game_id} cannot be replayed: {why} ({exc})") from None

    def append(self, game_id: int, expected_number: int, actor: str, choice: str, player: str) -> None:
        """Record ``player``'s action as number ``expected_number``: StaleGame if that is not the next
        number, NotSeated if the actor's seat is a person seat ``player`` does not hold."""
        with self._guard(), self._transaction():
            seat = self._acting_seat(game_id, self._setup(game_id, self._game(game_id)[1]), actor, player)
            latest = self._latest(game_id)
            if expected_number != latest + 1:
                raise StaleGame(f"the game moved on: game {game_id} is at action {latest}, this choice was made at action {expected_number - 1}")
            self._db.execute(
                "INSERT INTO actions (game_id, number, actor, choice, seat, at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, expected_number, actor, choice, seat, _now()),
            )

    def _acting_seat(self, game_id: int, setup: Setup, actor: str, player: str) -> str:
        """The seat an action is taken from, inside the append's transaction; NotSeated unless it is a
        computer seat or a person seat whose claim ``player`` holds. The table (TABLE-1, an actor that
        is no power) acts from the player's own seat."""
        seat = next((s for s in setup.seats if actor in s.powers), None)
        if seat is not None and not seat.is_person:
            return seat.name
        seat_name = seat.name if seat is not None else player
        held = self._db.execute(
            "SELECT 1 FROM seat_claims WHERE game_id = ? AND seat = ? AND player = ?", (game_id, seat_name, player)
        ).fetchone()
        if held is None and seat is None:
            raise NotSeated(f"TABLE-1: a table action in game {game_id} is recorded from a seat, and {player!r} sits in none: nothing was recorded")
        if held is None:
            raise NotSeated(f"GEN-2: {actor} is played from seat {seat_name!r} in game {game_id}, which {player!r} does not hold: nothing was recorded (take your seat in the lobby)")
        return seat_name

    def export(self, game_id: int, path: Path) -> Path:
        """The game as a JSON save (the archive format)."""
        return saves.write(self.load(game_id), path)

    def import_save(self, path: Path) -> int:
        """A JSON save as a new store game (the save is checked and replayed first: saves.SaveError)."""
        session = saves.load(path, self.data)
        replay = Session.new(self.data, session.setup, keep_undo=False)
        rows = []
        for number, action in enumerate(session.actions, 1):
            rows.append((number, action.actor, action.choice, replay.person_for(action.actor)))
            replay.choose(action.actor, Choice.parse(action.choice))
        with self._guard(), self._transaction():
            game_id = self._insert_game(session.setup)
            at = _now()
            self._db.executemany(
                "INSERT INTO actions (game_id, number, actor, choice, seat, at) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, number, actor, choice, seat, at) for number, actor, choice, seat in rows],
            )
        return game_id

    # ---- who sits where -------------------------------------------------------------------------

    def take_seat(self, game_id: int, seat: str, player: str) -> None:
        """Sit ``player`` in a person seat, or renew their claim; SeatTaken if another player holds it."""
        with self._guard(), self._transaction():
            setup = self._setup(game_id, self._game(game_id)[1])
            if not any(s.name == seat and s.is_person for s in setup.seats):
                people = ", ".join(s.name for s in setup.seats if s.is_person) or "none"
                raise SeatTaken(f"game {game_id} has no person seat {seat!r} (its person seats: {people})")
            if seat != player:  # a person seat is named for its player (over SSH: the key's comment)
                raise SeatTaken(f"{seat!r} in game {game_id} is {seat}'s seat; you play as {player}")
            now = time.time()
            row = self._db.execute(
                "SELECT player, seen FROM seat_claims WHERE game_id = ? AND seat = ?", (game_id, seat)
            ).fetchone()
            if row is not None and row[0] != player and now - row[1] < CLAIM_SECONDS:
                raise SeatTaken(f"{seat!r} in game {game_id} is held by {row[0]}")
            self._db.execute(
                "INSERT INTO seat_claims (game_id, seat, player, seen) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, seat) DO UPDATE SET player = excluded.player, seen = excluded.seen",
                (game_id, seat, player, now),
            )

    def leave_seat(self, game_id: int, seat: str, player: str) -> None:
        """Give the seat up (only the player holding it can)."""
        with self._guard(), self._transaction():
            self._db.execute(
                "DELETE FROM seat_claims WHERE game_id = ? AND seat = ? AND player = ?", (game_id, seat, player)
            )

    def holders(self, game_id: int) -> dict[str, str]:
        """Seat -> the player sitting in it now (claims renewed within CLAIM_SECONDS)."""
        with self._guard():
            rows = self._db.execute(
                "SELECT seat, player FROM seat_claims WHERE game_id = ? AND seen > ?", (game_id, time.time() - CLAIM_SECONDS)
            ).fetchall()
        return dict(rows)

    # ---- inside ----------------------------------------------------------------------------------

    def _problem(self, text: str) -> StoreError:
        return StoreError(f"{self.path}: {text}")

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """SQLite's errors as one-line StoreErrors (a damaged file, a lock held too long, a full disk)."""
        try:
            yield
        except StoreError:
            raise
        except sqlite3.IntegrityError:
            raise StaleGame("the game moved on (another client recorded that action first)") from None
        except sqlite3.DatabaseError as exc:
            message = str(exc)
            if "not a database" in message or "malformed" in message:
                raise self._problem(f"the game store is damaged ({message})") from None
            if "locked" in message or "busy" in message:
                raise self._problem(f"the game store is busy: another program holds it ({message})") from None
            raise self._problem(f"the game store cannot be used ({message})") from None

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE: the write lock is taken before anything is read, so no two writers interleave."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _game(self, game_id: int) -> tuple[str, str, str]:
        row = self._db.execute("SELECT created, setup, data_fingerprint FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise self._problem(f"no game {game_id}")
        return row

    def _latest(self, game_id: int) -> int:
        return self._db.execute("SELECT COALESCE(MAX(number), 0) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]

    def _setup(self, game_id: int, text: str) -> Setup:
        try:
            return saves.converter().structure(json.loads(text), Setup).checked(self.data)
        except (ValueError, cattrs.BaseValidationError) as exc:
            raise self._problem(f"game {game_id}'s set-up is damaged ({exc})") from None


@define
class SharedGame:
    """One client's copy of a store game: it chooses through the store and follows the others."""

    store: GameStore
    game_id: int
    session: Session
    player: str  # who plays at this client: the store records only the actions of their own seat

    @classmethod
    def open(cls, store: GameStore, game_id: int, player: str) -> SharedGame:
        return cls(store, game_id, store.load(game_id), player)

    def choose(self, actor: str, choice: Choice) -> list[Event]:
        """Check the choice (IllegalChoice changes nothing), record it (StaleGame if the game moved
        on: call ``refresh`` and choose again; NotSeated if it is not this player's seat), then apply it."""
        session = self.session
        legal = engine.check(session.data, session.state, actor, choice, session.decision)
        self.store.append(self.game_id, len(session.actions) + 1, actor, str(legal), self.player)
        return session.choose(actor, legal)

    def choose_or_follow(self, actor: str, choice: Choice) -> list[Event]:
        """A computer seat's decision: every client on the game plays the computer seats, the first to
        record one wins and the others take it from the store (seeded bots choose the same)."""
        try:
            return self.choose(actor, choice)
        except StaleGame:
            return self.refresh()

    def play_computer_turns(self, bots: Mapping[str, Bot], until: float | None = None, events: list[Event] | None = None) -> list[Event]:
        """The computer seats' decisions, each recorded through the store (bots.play_computer_turns)."""
        return play_computer_turns(self.session, bots, record=self.choose_or_follow, until=until, events=events)

    def refresh(self) -> list[Event]:
        """Apply the actions other clients recorded since this copy last looked; their events."""
        events: list[Event] = []
        for action in self.store.actions(self.game_id, after=len(self.session.actions)):
            events += self.session.choose(action.actor, Choice.parse(action.choice))
        return events
