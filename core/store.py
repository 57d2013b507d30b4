"""The shared game store: live games in an SQLite database in the save folder (``games.sqlite3``).

One row per game (its set-up, seats included, through the save converter) and one row per action,
numbered from 1, with who chose it. A client appends the action it chose with the number it expects
to be next; if another client got there first the append is refused with ``StaleGame`` ("the game
moved on") and the client refreshes. ``BEGIN IMMEDIATE`` takes the write lock before the number is
read and ``PRIMARY KEY (game_id, number)`` backs it up, so two clients choosing at once never both
land. JSON saves (``core/saves.py``) stay the way to export, import and archive a game.

The store keeps its own replay of each game it appends to and checks every action against it before
storing it (``IllegalAction``): a client whose copy of the game went wrong can never write an action
the log does not replay, so an export never finds a damaged log. The same replay gives who decides
next, kept in the game's row with each append (``Waiting``), so the lobby and the title screen learn
whose turn it is in every game without replaying any.

Who sits in a person seat is a claim (``take_seat``), kept alive by the client taking it again every
second or so; a claim not renewed for ``CLAIM_SECONDS`` (a dropped connection) leaves the seat free,
and the player who held it may always take it back at once. Nothing of the game is in the claim.
An action for a person seat's power is stored only from the player holding that seat's claim (checked
in the append's transaction: ``NotSeated``); a computer seat's from any client of the game (each
plays the computer seats it sees deciding, and the store takes the first). Nothing times out: a
game waits for its person seats as long as it takes.

Each game has its table talk (``say``, ``chat``): numbered plain-text lines with their author and
time, one line each of at most ``CHAT_LINE_CHARS`` characters.

``GameStore`` is the interface the app and the SSH server use, so a server database could replace
SQLite; ``SqliteStore`` is the one kept here. One ``SqliteStore`` may be used from several threads:
each call holds the instance's lock (one SQLite connection is never used by two threads at once).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

import cattrs
from attrs import define, field, frozen

from core import atomic, engine, saves
from core.bots import Bot, play_computer_turns
from core.choices import Choice, IllegalChoice
from core.events import Event
from core.gamedata import GameData
from core.i18n import N_, Message, _, msg
from core.session import Action, Session
from core.setup import Setup, SetupError
from core.state import FIRST_EDITION

STORE_NAME = atomic.STORE_NAME
# 2: seat claims; 3: who decides per game, table talk, notices sent; 4: reports read; 5: rules editions; 6: take-backs
# (GEN-9: a version before them would follow a game taken back along the moves taken back: it is refused the store)
SCHEMA_VERSION = 6
BUSY_TIMEOUT_MS = 5000
WAL_PAGES_BEFORE_CHECKPOINT = 1  # SQLite checkpoints when the -wal holds more pages than this after a commit
CLAIM_SECONDS = 5.0  # a seat whose holder has not renewed its claim for this long is free again
CHAT_LINE_CHARS = 300  # the longest line of table talk
REPLAYS_KEPT = 16  # games whose replay a store keeps between appends (the others are replayed again)
_REMOVED = "removed_games"  # the numbers of games removed, never given again
_CHAT_READ = "chat_read"  # how far each player has read each game's table talk

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    setup TEXT NOT NULL,
    data_fingerprint TEXT NOT NULL,
    decided_at INTEGER NOT NULL DEFAULT -1,
    decider_seat TEXT NOT NULL DEFAULT '',
    decider_person INTEGER NOT NULL DEFAULT 0,
    decider_power TEXT NOT NULL DEFAULT '',
    decision TEXT NOT NULL DEFAULT '',
    decision_rule TEXT NOT NULL DEFAULT ''
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
CREATE TABLE IF NOT EXISTS chat (
    game_id INTEGER NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    author TEXT NOT NULL,
    at TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE IF NOT EXISTS notices (
    game_id INTEGER NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    player TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, number, player)
);
CREATE TABLE IF NOT EXISTS takebacks (
    game_id INTEGER NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    player TEXT NOT NULL,
    seat TEXT NOT NULL,
    back_to INTEGER NOT NULL,
    taken INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE IF NOT EXISTS looks (
    game_id INTEGER NOT NULL REFERENCES games(id),
    player TEXT NOT NULL,
    events INTEGER NOT NULL,
    PRIMARY KEY (game_id, player)
);
"""

# The columns of who decides, added to the games of a store made before version 3 (filled lazily:
# decided_at -1 is never the number of actions, so the next look replays the game once).
_WAITING_COLUMNS = {
    "decided_at": "INTEGER NOT NULL DEFAULT -1",
    "decider_seat": "TEXT NOT NULL DEFAULT ''",
    "decider_person": "INTEGER NOT NULL DEFAULT 0",
    "decider_power": "TEXT NOT NULL DEFAULT ''",
    "decision": "TEXT NOT NULL DEFAULT ''",
    "decision_rule": "TEXT NOT NULL DEFAULT ''",
}
_WAITING_SELECT = "g.decided_at, g.decider_seat, g.decider_person, g.decider_power, g.decision, g.decision_rule"
_LATEST_SELECT = "(SELECT COALESCE(MAX(a.number), 0) FROM actions a WHERE a.game_id = g.id)"


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
    """The store cannot do what was asked; the message is one line naming the store and the problem,
    in the language of the reader who asked (paths, names and choices as they are)."""


class StaleGame(StoreError):
    """The action was chosen on a position that is no longer the latest: refresh and choose again."""


class SeatTaken(StoreError):
    """Another player holds the seat (or it is no person's seat to take)."""


class GameRemoved(StoreError):
    """The host took the game out of the store (``python -m core store remove``): a terminal following it leaves it."""


class NotSeated(StoreError):
    """An action for a power played from a person seat the client does not hold."""


class IllegalAction(StoreError):
    """The store's own replay of the game refuses the action: nothing was recorded (the client's copy
    of the game is not the game; ``SharedGame`` loads it again)."""


class DamagedGame(StoreError):
    """A game the store holds but cannot open: its set-up or its action log is damaged, or it was made with
    other game data. The other games are untouched by it."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.reason = reason  # the one line without the store's path (a listing of the store's games names it)


class TakeBackRefused(StoreError):
    """GEN-9: nothing of the player's own to take back now (a barrier since their last move, or another's moves)."""


class ChatRefused(StoreError):
    """A line of table talk that cannot be kept: empty, too long, or with no author."""


@frozen
class Waiting:
    """Who a store game waits for: the decision after its ``number`` recorded actions."""

    game_id: int
    number: int
    seat: str  # the seat deciding ("" when no one decides: the game is over, or cannot be replayed)
    person: bool  # a person's seat (a computer seat's decision is taken by the next terminal to look)
    power: str
    prompt: str  # the decision's prompt as a message without a language (JSON), or an English text
    rule: str

    def shown_prompt(self) -> str:
        """The prompt in the reader's language (an older row's plain text goes through the catalog)."""
        return _prompt_of(self.prompt).render()

    @property
    def over(self) -> bool:
        return not self.power

    def waits_for(self, player: str) -> bool:
        """Whether it is ``player``'s turn: a person seat of theirs (named for them) decides."""
        return self.person and self.seat == player


@frozen
class GameRow:
    id: int
    created: str
    setup: Setup | None  # None: the game is damaged, and ``damage`` says how
    actions: int
    waiting: Waiting | None = None  # who decides now (given by SqliteStore.list_games, but for a damaged game)
    damage: str = ""  # why the game cannot be opened (DamagedGame.reason), "" when it can


@frozen
class Removed:
    """Where a removed game was kept: a save, or, a damaged game (``damage``: why), the store's text as found."""

    path: Path
    damage: str = ""


@frozen
class StoredAction:
    number: int
    actor: str
    choice: str
    seat: str
    at: str


@frozen
class TakeBack:
    """Moves taken back in a shared game (GEN-9): ``player`` took back the actions after ``back_to``, ``taken`` of
    them (their move and the computers' quiet answers after it), playing ``seat``: ``moves`` moves as the others saw
    them (Session.undone_moves_seen)."""

    number: int
    player: str
    seat: str
    back_to: int
    taken: int
    moves: int
    at: str


@frozen
class ChatLine:
    """One line of a game's table talk, plain text (never markup)."""

    number: int
    author: str
    at: str  # ISO 8601, UTC
    text: str


def chat_text(text: str) -> str:
    """A line of table talk as it is kept: control and formatting characters (a newline, a terminal
    escape, a bidirectional override) become spaces, runs of spaces one; ChatRefused when nothing is
    left or it is longer than CHAT_LINE_CHARS."""
    cleaned = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") else c for c in text)
    line = " ".join(cleaned.split())
    if not line:
        raise ChatRefused(_("an empty line is not said"))
    if len(line) > CHAT_LINE_CHARS:
        raise ChatRefused(
            _("a chat line holds at most {most} characters (this one has {count}): say it in two").format(most=CHAT_LINE_CHARS, count=len(line))
        )
    return line


class GameStore(Protocol):
    """What the app and the server need from a store of live games."""

    def create(self, setup: Setup) -> int: ...

    def list_games(self) -> list[GameRow]: ...

    def actions(self, game_id: int, after: int = 0) -> list[StoredAction]: ...

    def latest_number(self, game_id: int) -> int: ...

    def load(self, game_id: int, undoable: bool = False) -> Session: ...

    def append(self, game_id: int, expected_number: int, actor: str, choice: str, player: str, takebacks_seen: int | None = None) -> None: ...

    def take_back(self, game_id: int, latest: int, player: str, takebacks_seen: int | None = None) -> TakeBack: ...

    def takebacks(self, game_id: int, after: int = 0) -> list[TakeBack]: ...

    def last_takeback(self, game_id: int) -> int: ...

    def export(self, game_id: int, path: Path) -> Path: ...

    def import_save(self, path: Path) -> int: ...

    def remove(self, game_id: int, keep: Path) -> Removed: ...

    def take_seat(self, game_id: int, seat: str, player: str) -> None: ...

    def leave_seat(self, game_id: int, seat: str, player: str) -> None: ...

    def holders(self, game_id: int) -> dict[str, str]: ...

    def waiting(self, player: str | None = None) -> list[Waiting]: ...

    def say(self, game_id: int, author: str, text: str) -> ChatLine: ...

    def chat(self, game_id: int, after: int = 0) -> list[ChatLine]: ...

    def claim_notice(self, game_id: int, number: int, player: str) -> bool: ...

    def looked(self, game_id: int, player: str) -> int | None: ...

    def look(self, game_id: int, player: str, events: int) -> None: ...

    def chat_read(self, game_id: int, player: str) -> int: ...

    def read_chat(self, game_id: int, player: str, line: int) -> None: ...


def _wall_clock() -> float:
    return time.time()


class SqliteStore:
    """The store in one SQLite file (WAL mode: readers never wait for the writer). Each instance holds
    its own connection, used by one thread at a time (the instance's lock); ``clock`` gives the time
    of claims, actions and chat lines (seconds since the epoch: tests pass a fake one)."""

    def __init__(self, path: Path, data: GameData, clock: Callable[[], float] = _wall_clock) -> None:
        self.path = path
        self.data = data
        self._clock = clock
        self._lock = threading.RLock()
        # game -> this store's replay of it, as far as it appended, and the game's last take-back then (GEN-9: another
        # connection's take-back makes it a replay of moves taken back; review)
        self._replays: dict[int, tuple[Session, int]] = {}
        try:
            _make_private_store(path)
            self._db = sqlite3.connect(
                path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as exc:
            raise self._problem(_("cannot be opened ({problem})").format(problem=exc)) from None
        with self._guard():
            self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")  # a committed action survives a power cut too
            # every commit is carried into the database file at once, not after 1,000 pages: its -wal held every
            # game while clients were open, lost with it (hostile-files play-test), and a copy of the file alone had none
            self._db.execute(f"PRAGMA wal_autocheckpoint = {WAL_PAGES_BEFORE_CHECKPOINT}")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise self._problem(
                    _("made by a newer version of the game (store version {version}, this game reads up to {newest})").format(
                        version=version, newest=SCHEMA_VERSION
                    )
                )
            if version < SCHEMA_VERSION:
                with self._transaction():
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            self._db.execute(statement)
                    present = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
                    for column, declaration in _WAITING_COLUMNS.items():
                        if column not in present:
                            self._db.execute(f"ALTER TABLE games ADD COLUMN {column} {declaration}")
                    # games begun before editions were kept recorded their actions under the first (saves' v6); a damaged
                    # set-up is left as it is, for its game to be named when opened (review: it stopped the whole store)
                    self._db.execute(f"UPDATE games SET setup = json_set(setup, '$.rules_edition', {FIRST_EDITION}) "
                                     "WHERE json_valid(setup) AND json_type(setup) = 'object' AND json_extract(setup, '$.rules_edition') IS NULL")
                    self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @classmethod
    def in_folder(cls, save_dir: Path, data: GameData, clock: Callable[[], float] = _wall_clock) -> SqliteStore:
        return cls(save_dir / STORE_NAME, data, clock)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ---- the interface --------------------------------------------------------------------------

    def create(self, setup: Setup) -> int:
        """A new game from its set-up (completed: every power held by one seat, GEN-2; SetupError)."""
        setup = setup.completed(self.data)
        session = Session.new(self.data, setup, keep_undo=False)
        with self._guard(), self._transaction():
            game_id = self._insert_game(setup)
            self._write_waiting(game_id, session)
            self._replays[game_id] = (session, 0)
        return game_id

    def _insert_game(self, setup: Setup) -> int:
        """The games row of a set-up, inside the caller's transaction; its new id, never a removed game's (a
        terminal still following that number would take another game's moves for its own)."""
        text = json.dumps(saves.converter().unstructure(setup), separators=(",", ":"))
        highest = f"SELECT MAX(id) FROM (SELECT id FROM games{f' UNION ALL SELECT id FROM {_REMOVED}' if self._has_table(_REMOVED) else ''})"
        cursor = self._db.execute(
            f"INSERT INTO games (id, created, setup, data_fingerprint) VALUES (COALESCE(({highest}), 0) + 1, ?, ?, ?)",
            (self._now(), text, self.data.fingerprint),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def remove(self, game_id: int, keep: Path) -> Removed:
        """The game written to ``keep`` (``_kept``: a damaged game too), then taken out of the store with its moves,
        seats, table talk and notices, in one transaction (no move recorded in between is lost). Refused while a
        player sits in it (SeatTaken). Shared-game play-test: a game made by mistake stayed in every player's
        lobby, with no way to take it out."""
        with self._guard(), self._transaction():
            self._game(game_id)
            seated = self._db.execute(
                "SELECT player FROM seat_claims WHERE game_id = ? AND seen > ? ORDER BY player", (game_id, self._clock() - CLAIM_SECONDS)
            ).fetchall()
            if seated:
                raise SeatTaken(_("game {game} is being played now (by {players}): it can be removed once they have left it").format(
                    game=game_id, players=", ".join(row[0] for row in seated)))
            kept = self._kept(game_id, keep)
            # made here, not with the schema: a store stays readable by the versions before this one
            self._db.execute(f"CREATE TABLE IF NOT EXISTS {_REMOVED} (id INTEGER PRIMARY KEY, at TEXT NOT NULL)")
            self._db.execute(f"INSERT OR REPLACE INTO {_REMOVED} (id, at) VALUES (?, ?)", (game_id, self._now()))
            read_marks = [_CHAT_READ] if self._has_table(_CHAT_READ) else []
            for table in ["actions", "seat_claims", "chat", "notices", "looks", "takebacks", *read_marks]:
                self._db.execute(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
            self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        self._replays.pop(game_id, None)
        return kept

    def _kept(self, game_id: int, path: Path) -> Removed:
        """The game written to ``path`` as a save, or, damaged, as the store holds it (DAMAGED_GAME_FORMAT: its
        set-up's text as found and its action log, which a save's reader refuses as such)."""
        try:
            return Removed(self.export(game_id, path))
        except DamagedGame as exc:
            created, setup_text, fingerprint = self._game(game_id)
            stored = self._db.execute("SELECT actor, choice FROM actions WHERE game_id = ? ORDER BY number", (game_id,)).fetchall()
            kept = {
                "format": saves.DAMAGED_GAME_FORMAT, "game": game_id, "created": created, "data_fingerprint": fingerprint,
                "setup": setup_text, "actions": [f"{actor}{saves.ACTION_SEPARATOR}{choice}" for actor, choice in stored],
            }
            return Removed(atomic.write_text(path, json.dumps(kept, ensure_ascii=False), saves.SAVE_FILE_MODE), exc.reason)

    def list_games(self) -> list[GameRow]:
        """Every game, with who decides in it now; a damaged one with why (QA: one game's damaged set-up
        refused the whole listing, and with it every lobby and the removal of that game)."""
        with self._guard():
            rows = self._db.execute(
                f"SELECT g.id, g.created, g.setup, {_LATEST_SELECT}, {_WAITING_SELECT} FROM games g ORDER BY g.id"
            ).fetchall()
        games = []
        for game_id, created, setup_text, latest, *waiting in rows:
            try:
                setup = self._setup(game_id, setup_text)
            except DamagedGame as exc:
                games.append(GameRow(game_id, created, None, latest, damage=exc.reason))
                continue
            games.append(GameRow(game_id, created, setup, latest, self._waiting_row(game_id, latest, waiting, setup)))
        return games

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

    def load(self, game_id: int, undoable: bool = False) -> Session:
        """The game replayed from its set-up and action log; ``undoable``: with undo's window as play left it, as
        the store takes moves back (GEN-9, ``take_back``: a replay ~3x as long)."""
        with self._guard():
            _created, setup_text, fingerprint = self._game(game_id)
            stored = self._db.execute(
                "SELECT actor, choice FROM actions WHERE game_id = ? ORDER BY number", (game_id,)
            ).fetchall()
        setup = self._setup(game_id, setup_text)
        try:
            return Session.replay(self.data, setup, [Action(actor=actor, choice=choice) for actor, choice in stored],
                                  keep_undo=undoable, hand_off_seen_at_once=undoable)
        except (IllegalChoice, SetupError) as exc:  # the log and the data disagree
            raise self._unreplayable(game_id, fingerprint, exc) from None

    def append(self, game_id: int, expected_number: int, actor: str, choice: str, player: str, takebacks_seen: int | None = None) -> None:
        """Record ``player``'s action as number ``expected_number``: StaleGame if that is not the next
        number, or moves were taken back since the client's copy followed the take-back numbered ``takebacks_seen``
        (GEN-9; None: not asked), NotSeated if the actor's seat is a person seat ``player`` does not hold, IllegalAction
        if the store's own replay of the game does not take it. Who decides next is written with it."""
        applied = False
        try:
            with self._guard(), self._transaction():
                _created, setup_text, fingerprint = self._game(game_id)
                setup = self._setup(game_id, setup_text)
                seat = self._acting_seat(game_id, setup, actor, player)
                latest = self._latest(game_id)
                if expected_number != latest + 1:
                    raise StaleGame(
                        _("the game moved on: game {game} is at action {latest}, this choice was made at action {made_at}").format(
                            game=game_id, latest=latest, made_at=expected_number - 1
                        )
                    )
                self._no_takeback_since(game_id, takebacks_seen)
                replay = self._replay(game_id, setup, fingerprint, latest)
                try:
                    legal = engine.check(self.data, replay.state, actor, Choice.parse(choice), replay.decision)
                except IllegalChoice as exc:
                    raise IllegalAction(
                        _("game {game}: the store's replay refuses {choice} for {actor} as action {number} ({problem}): nothing was recorded").format(
                            game=game_id, choice=repr(choice), actor=_(self.data.power_name(actor)), number=expected_number, problem=exc
                        )
                    ) from None
                applied = True
                replay.choose(actor, legal)
                self._db.execute(
                    "INSERT INTO actions (game_id, number, actor, choice, seat, at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, expected_number, actor, choice, seat, self._now()),
                )
                self._write_waiting(game_id, replay)
        except BaseException:
            if applied:  # the replay took an action the store did not keep
                self._replays.pop(game_id, None)
            raise

    def take_back(self, game_id: int, latest: int, player: str, takebacks_seen: int | None = None) -> TakeBack:
        """GEN-9 in a shared game: ``player``'s last move taken back, with the computers' quiet answers after it, as u
        does in a hot seat; but a hand-off is a barrier as it happens (the next person sees the decision on their own
        screen at once). ``latest`` and ``takebacks_seen``: where the player's copy stands (StaleGame if the game moved on,
        or was taken back, since). TakeBackRefused names the barrier when nothing of theirs is left to take back, or whose
        the moves since it are. The game is replayed outside the write lock (review: 0.3 s at 1,150 actions held every
        other terminal's moves)."""
        with self._guard():
            self._game(game_id)
            replayed_at = self._last_takeback(game_id)
            self._no_move_since(game_id, latest, takebacks_seen)
        session = self.load(game_id, undoable=True)
        if len(session.actions) != latest:  # a move recorded since the look above
            raise _moved_on(game_id, len(session.actions), latest)
        person = session.undoer()
        if not person:
            raise TakeBackRefused(session.undo_refusal(reader=player))  # a person seat is its player's
        with self._guard(), self._transaction():
            self._no_move_since(game_id, latest, replayed_at)  # nothing recorded, or taken back, since the replay
            held = self._db.execute("SELECT 1 FROM seat_claims WHERE game_id = ? AND seat = ? AND player = ?", (game_id, person, player)).fetchone()
            if held is None:
                raise TakeBackRefused(_("GEN-9: the moves since {barrier} are {person}'s, and undo takes back only your own").format(
                    barrier=session.latest_barrier(), person=person))
            session.undo()
            back_to = len(session.actions)
            self._db.execute("DELETE FROM actions WHERE game_id = ? AND number > ?", (game_id, back_to))
            self._db.execute("DELETE FROM notices WHERE game_id = ? AND number > ?", (game_id, back_to))  # their positions are gone
            self._db.execute("UPDATE looks SET events = MIN(events, ?) WHERE game_id = ?", (len(session.log), game_id))
            taken = TakeBack(replayed_at + 1, player, person, back_to, latest - back_to, session.undone_moves_seen, self._now())
            self._db.execute("INSERT INTO takebacks (game_id, number, player, seat, back_to, taken, moves, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             (game_id, taken.number, taken.player, taken.seat, taken.back_to, taken.taken, taken.moves, taken.at))
            self._replays.pop(game_id, None)
            self._write_waiting(game_id, session)
        return taken

    def takebacks(self, game_id: int, after: int = 0) -> list[TakeBack]:
        """The game's take-backs numbered above ``after``, in order (GEN-9): a terminal following the game reads them
        after the actions it fetched, and on any loads the game again (the actions it fetched may be taken back)."""
        with self._guard():
            self._game(game_id)
            rows = self._db.execute(
                "SELECT number, player, seat, back_to, taken, moves, at FROM takebacks WHERE game_id = ? AND number > ? ORDER BY number",
                (game_id, after),
            ).fetchall()
        return [TakeBack(*row) for row in rows]

    def last_takeback(self, game_id: int) -> int:
        """The number of the game's latest take-back (GEN-9; 0 when none): where a copy loaded now starts following them
        (read before the load: one made between them loads the game again, and is never missed)."""
        with self._guard():
            self._game(game_id)
            return self._last_takeback(game_id)

    def _last_takeback(self, game_id: int) -> int:
        return self._db.execute("SELECT COALESCE(MAX(number), 0) FROM takebacks WHERE game_id = ?", (game_id,)).fetchone()[0]

    def _no_move_since(self, game_id: int, latest: int, takebacks_seen: int | None) -> None:
        """StaleGame unless the game stands at action ``latest`` with no take-back after ``takebacks_seen`` (None: any)."""
        now = self._latest(game_id)
        if now != latest:
            raise _moved_on(game_id, now, latest)
        self._no_takeback_since(game_id, takebacks_seen)

    def _no_takeback_since(self, game_id: int, takebacks_seen: int | None) -> None:
        if takebacks_seen is not None and self._last_takeback(game_id) > takebacks_seen:
            raise StaleGame(_("the game moved on: moves were taken back in game {game} since your copy looked (GEN-9)").format(game=game_id))

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
            raise NotSeated(
                _("TABLE-1: a table action in game {game} is recorded from a seat, and {player} sits in none: nothing was recorded").format(
                    game=game_id, player=repr(player)
                )
            )
        if held is None:
            raise NotSeated(
                _(
                    "GEN-2: {actor} is played from seat {seat} in game {game}, which {player} does not hold: nothing was recorded "
                    "(take your seat in the lobby)"
                ).format(actor=_(self.data.power_name(actor)), seat=repr(seat_name), game=game_id, player=repr(player))
            )
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
            at = self._now()
            self._db.executemany(
                "INSERT INTO actions (game_id, number, actor, choice, seat, at) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, number, actor, choice, seat, at) for number, actor, choice, seat in rows],
            )
            self._write_waiting(game_id, replay)
            self._replays[game_id] = (replay, 0)
        return game_id

    # ---- who sits where -------------------------------------------------------------------------

    def take_seat(self, game_id: int, seat: str, player: str) -> None:
        """Sit ``player`` in a person seat, or renew their claim; SeatTaken if another player holds it."""
        with self._guard(), self._transaction():
            setup = self._setup(game_id, self._game(game_id)[1])
            if not any(s.name == seat and s.is_person for s in setup.seats):
                people = ", ".join(s.name for s in setup.seats if s.is_person) or _("none")
                raise SeatTaken(
                    _("game {game} has no person seat {seat} (its person seats: {people})").format(game=game_id, seat=repr(seat), people=people)
                )
            if seat != player:  # a person seat is named for its player (over SSH: the key's comment)
                powers = ", ".join(_(self.data.power_name(p)) for s in setup.seats if s.name == seat for p in s.powers)
                raise SeatTaken(  # shared-game play-test: "'Ben' in game 1 is Ben's seat; you play as Cy" read awkwardly
                    _("game {game}: the seat of {powers} is {person}'s; you, {player}, may watch the game as an onlooker").format(
                        powers=powers, game=game_id, person=seat, player=player
                    )
                )
            now = self._clock()
            row = self._db.execute(
                "SELECT player, seen FROM seat_claims WHERE game_id = ? AND seat = ?", (game_id, seat)
            ).fetchone()
            if row is not None and row[0] != player and now - row[1] < CLAIM_SECONDS:
                raise SeatTaken(_("{seat} in game {game} is held by {player}").format(seat=repr(seat), game=game_id, player=row[0]))
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
                "SELECT seat, player FROM seat_claims WHERE game_id = ? AND seen > ?", (game_id, self._clock() - CLAIM_SECONDS)
            ).fetchall()
        return dict(rows)

    # ---- whose turn it is -----------------------------------------------------------------------

    def waiting(self, player: str | None = None) -> list[Waiting]:
        """The games waiting for a person's decision, by game: those of ``player``'s seats only (a
        person seat is named for its player), or every person's when ``player`` is None. Read from
        the games' rows, written with each action (no game is replayed, but once after an upgrade). A game
        whose set-up is damaged waits for no one, as in ``list_games`` (review: its row still named the seat
        deciding, and the title's count and the notify hook counted a game nobody can open)."""
        query = f"SELECT g.id, g.setup, {_LATEST_SELECT}, {_WAITING_SELECT} FROM games g"
        with self._guard():
            rows = self._db.execute(f"{query} WHERE g.decided_at != {_LATEST_SELECT} OR g.decider_person = 1 ORDER BY g.id").fetchall()
        found = [(self._waiting_row(game_id, latest, waiting), setup_text) for game_id, setup_text, latest, *waiting in rows]
        return [w for w, setup_text in found if w.person and (player is None or w.waits_for(player)) and self._opens(w.game_id, setup_text)]

    def claim_notice(self, game_id: int, number: int, player: str) -> bool:
        """Record that ``player`` has been told game ``game_id`` waits for their decision after action
        ``number``; False if they already were (so each decision is told once, whoever tells it)."""
        with self._guard(), self._transaction():
            self._game(game_id)
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO notices (game_id, number, player, at) VALUES (?, ?, ?, ?)",
                (game_id, number, player, self._now()),
            )
            return cursor.rowcount == 1

    def _waiting_row(self, game_id: int, latest: int, columns: list[object], setup: Setup | None = None) -> Waiting:
        """Who decides, from the game's row; replayed once and written back if the row is behind the log."""
        decided_at, seat, person, power, prompt, rule = columns
        if decided_at == latest:
            return Waiting(game_id, latest, str(seat), bool(person), str(power), str(prompt), str(rule))
        try:
            session = self.load(game_id)
        except StoreError as exc:
            # kept in the game's row, so in no reader's language (as GAME_OVER_PROMPT)
            waiting = Waiting(game_id, latest, "", False, "", _kept(msg("cannot be replayed: {problem}", problem=str(exc))), "")
        else:
            waiting = _waiting_of(game_id, session)
        with self._guard(), self._transaction():
            if self._latest(game_id) == waiting.number:
                self._write_row(waiting)
        return waiting

    def _write_waiting(self, game_id: int, session: Session) -> None:
        self._write_row(_waiting_of(game_id, session))

    def _write_row(self, waiting: Waiting) -> None:
        self._db.execute(
            "UPDATE games SET decided_at = ?, decider_seat = ?, decider_person = ?, decider_power = ?, decision = ?, "
            "decision_rule = ? WHERE id = ?",
            (waiting.number, waiting.seat, int(waiting.person), waiting.power, waiting.prompt, waiting.rule, waiting.game_id),
        )

    # ---- table talk ---------------------------------------------------------------------------------

    def say(self, game_id: int, author: str, text: str) -> ChatLine:
        """Add a line to the game's table talk (``chat_text``: ChatRefused), numbered after the last."""
        line = chat_text(text)
        author = " ".join(author.split())
        if not author:
            raise ChatRefused(_("a chat line needs its author's name"))
        with self._guard(), self._transaction():
            self._game(game_id)
            number = self._db.execute("SELECT COALESCE(MAX(number), 0) + 1 FROM chat WHERE game_id = ?", (game_id,)).fetchone()[0]
            at = self._now()
            self._db.execute(
                "INSERT INTO chat (game_id, number, author, at, text) VALUES (?, ?, ?, ?, ?)", (game_id, number, author, at, line)
            )
        return ChatLine(number, author, at, line)

    def chat(self, game_id: int, after: int = 0) -> list[ChatLine]:
        """The game's table talk after line ``after``, in order (0: all of it)."""
        with self._guard():
            self._game(game_id)
            rows = self._db.execute(
                "SELECT number, author, at, text FROM chat WHERE game_id = ? AND number > ? ORDER BY number", (game_id, after)
            ).fetchall()
        return [ChatLine(*row) for row in rows]

    # ---- what each player has read -----------------------------------------------------------------

    def looked(self, game_id: int, player: str) -> int | None:
        """How many of the game's log events ``player`` has read the phase reports of (None: never
        looked): their terminal shows the reports after those when they sit down again."""
        with self._guard():
            row = self._db.execute("SELECT events FROM looks WHERE game_id = ? AND player = ?", (game_id, player)).fetchone()
        return None if row is None else int(row[0])

    def look(self, game_id: int, player: str, events: int) -> None:
        with self._guard(), self._transaction():
            self._game(game_id)
            self._db.execute(
                "INSERT INTO looks (game_id, player, events) VALUES (?, ?, ?) "
                # never back (a late write of an older look: a closing terminal, the same player on two)
                "ON CONFLICT (game_id, player) DO UPDATE SET events = MAX(events, excluded.events)",
                (game_id, player, events),
            )

    def chat_read(self, game_id: int, player: str) -> int:
        """The number of the last line of the game's table talk ``player`` has read (0: none): the others' lines after
        it, and after their own last, are pointed out when they sit down again."""
        with self._guard():
            if not self._has_table(_CHAT_READ):
                return 0
            row = self._db.execute(f"SELECT line FROM {_CHAT_READ} WHERE game_id = ? AND player = ?", (game_id, player)).fetchone()
        return 0 if row is None else int(row[0])

    def read_chat(self, game_id: int, player: str, line: int) -> None:
        """``player`` has read the table talk through ``line`` (never back: a late write of an older mark)."""
        with self._guard(), self._transaction():
            self._game(game_id)
            # made here, not with the schema: a store stays readable by the versions before this one (they point out
            # the lines since one's own last, as before)
            self._db.execute(f"CREATE TABLE IF NOT EXISTS {_CHAT_READ} (game_id INTEGER NOT NULL REFERENCES games(id), "
                             "player TEXT NOT NULL, line INTEGER NOT NULL, PRIMARY KEY (game_id, player))")
            self._db.execute(
                f"INSERT INTO {_CHAT_READ} (game_id, player, line) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, player) DO UPDATE SET line = MAX(line, excluded.line)",
                (game_id, player, line),
            )

    # ---- inside ----------------------------------------------------------------------------------

    def _now(self) -> str:
        return datetime.fromtimestamp(self._clock(), UTC).isoformat(timespec="milliseconds")

    def _problem(self, text: str) -> StoreError:
        return StoreError(f"{self.path}: {text}")

    def _unreplayable(self, game_id: int, fingerprint: str, exc: Exception) -> DamagedGame:
        if fingerprint != self.data.fingerprint:
            why = _("it was made with different game data")
        else:
            why = _("its action log is damaged")
        return DamagedGame(self.path, _("game {game} cannot be replayed: {why} ({problem})").format(game=game_id, why=why, problem=exc))

    def _replay(self, game_id: int, setup: Setup, fingerprint: str, latest: int) -> Session:
        """This store's replay of the game at action ``latest``, inside the caller's transaction:
        the one kept from the last append, brought up to date with the actions others recorded (none kept
        when moves were taken back since)."""
        taken = self._last_takeback(game_id)
        replay, replayed_at = self._replays.pop(game_id, (None, taken))
        if replay is None or len(replay.actions) > latest or replayed_at != taken:
            try:
                replay = Session.new(self.data, setup, keep_undo=False)
            except SetupError as exc:
                raise self._unreplayable(game_id, fingerprint, exc) from None
        self._replays[game_id] = (replay, taken)  # the most recently used last
        while len(self._replays) > REPLAYS_KEPT:
            del self._replays[next(iter(self._replays))]
        stored = self._db.execute(
            "SELECT actor, choice FROM actions WHERE game_id = ? AND number > ? ORDER BY number", (game_id, len(replay.actions))
        ).fetchall()
        try:
            for actor, choice in stored:
                replay.choose(actor, Choice.parse(choice))
        except IllegalChoice as exc:
            del self._replays[game_id]
            raise self._unreplayable(game_id, fingerprint, exc) from None
        return replay

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """One thread at a time on the connection; SQLite's errors as one-line StoreErrors (a damaged
        file, a lock held too long, a full disk)."""
        with self._lock:
            try:
                yield
            except StoreError:
                raise
            except sqlite3.IntegrityError:
                raise StaleGame(_("the game moved on (another client recorded that action first)")) from None
            except sqlite3.DatabaseError as exc:
                message = str(exc)
                if "not a database" in message or "malformed" in message:
                    raise self._problem(_("the game store is damaged ({problem})").format(problem=message)) from None
                if "locked" in message or "busy" in message:
                    raise self._problem(_("the game store is busy: another program holds it ({problem})").format(problem=message)) from None
                raise self._problem(_("the game store cannot be used ({problem})").format(problem=message)) from None

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE: the write lock is taken before anything is read, so no two writers interleave."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise

    def _game(self, game_id: int) -> tuple[str, str, str]:
        row = self._db.execute("SELECT created, setup, data_fingerprint FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None and self._removed(game_id):
            raise GameRemoved(_("game {game} was taken out of the store by the host").format(game=game_id))
        if row is None:
            raise self._problem(_("no game {game}").format(game=game_id))
        return row

    def _removed(self, game_id: int) -> bool:
        """Whether the host removed the game (its number is kept in a table the first removal makes)."""
        return self._has_table(_REMOVED) and self._db.execute(f"SELECT 1 FROM {_REMOVED} WHERE id = ?", (game_id,)).fetchone() is not None

    def _has_table(self, name: str) -> bool:
        return self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone() is not None

    def _latest(self, game_id: int) -> int:
        return self._db.execute("SELECT COALESCE(MAX(number), 0) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]

    def _opens(self, game_id: int, setup_text: str) -> bool:
        try:
            self._setup(game_id, setup_text)
        except DamagedGame:
            return False
        return True

    def _setup(self, game_id: int, text: str) -> Setup:
        try:
            raw = json.loads(text)
            if not isinstance(raw, dict):  # review: null or a list failed inside cattrs (TypeError), not as damaged
                raise ValueError(_("not a set of fields but {value}").format(value=text.strip()[:40]))
            return saves.converter().structure(raw, Setup).checked(self.data)
        except (ValueError, cattrs.BaseValidationError) as exc:
            raise DamagedGame(self.path, _("game {game}'s set-up is damaged ({problem})").format(game=game_id, problem=exc)) from None


GAME_OVER_PROMPT = N_("the game is over")


def _kept(prompt: Message) -> str:
    """A prompt as a game's row keeps it: a message without a language, as JSON (every reader renders it
    in their own)."""
    return json.dumps(saves.converter().unstructure(prompt), ensure_ascii=False)


def _prompt_of(kept: str) -> Message:
    if kept.startswith("{"):
        try:
            return saves.converter().structure(json.loads(kept), Message)
        except (ValueError, TypeError):
            pass
    return Message(kept)  # a row written before prompts were kept as messages: its English text


def _waiting_of(game_id: int, session: Session) -> Waiting:
    decision = session.decision
    number = len(session.actions)
    if decision is None:
        return Waiting(game_id, number, "", False, "", _kept(Message(GAME_OVER_PROMPT)), "")
    seat = session.seat_of(decision.power)
    prompt = decision.prompt_message or Message(decision.prompt)  # a prompt its procedure composes live: as shown
    return Waiting(game_id, number, seat.name, seat.is_person, decision.power, _kept(prompt), decision.rule)


def _moved_on(game_id: int, now: int, copy_at: int) -> StaleGame:
    return StaleGame(_("the game moved on: game {game} is at action {latest}, your copy at action {made_at}").format(
        game=game_id, latest=now, made_at=copy_at))


class _CopyReloaded(Exception):
    """A shared game's copy was loaded again while the computers played on it (SharedGame.play_computer_turns)."""


@define
class SharedGame:
    """One client's copy of a store game: it chooses through the store and follows the others.

    Safe to use from several threads (a worker following the store while keys choose): each call
    holds the game's lock, so the copy never takes one action twice or two at once."""

    store: GameStore
    game_id: int
    session: Session
    player: str  # who plays at this client: the store records only the actions of their own seat
    takebacks_seen: int = 0  # the number of the store's last take-back (GEN-9) this copy has followed
    _lock: threading.RLock = field(factory=threading.RLock, init=False, repr=False)

    @classmethod
    def open(cls, store: GameStore, game_id: int, player: str) -> SharedGame:
        seen = store.last_takeback(game_id)  # before the load: one made between them loads the game again, never is missed
        return cls(store, game_id, store.load(game_id), player, seen)

    def choose(self, actor: str, choice: Choice) -> list[Event]:
        """Check the choice (IllegalChoice changes nothing), record it (StaleGame if the game moved
        on: call ``refresh`` and choose again; NotSeated if it is not this player's seat; IllegalAction
        if the store's replay refuses it: this copy was wrong and ``session`` is the store's game
        again, a new Session), then apply it."""
        with self._lock:
            session = self.session
            legal = engine.check(session.data, session.state, actor, choice, session.decision)
            try:
                self.store.append(self.game_id, len(session.actions) + 1, actor, str(legal), self.player, self.takebacks_seen)
            except IllegalAction:
                self.reload()
                raise
            return session.choose(actor, legal)

    def choose_or_follow(self, actor: str, choice: Choice) -> list[Event]:
        """A computer seat's decision: every client on the game plays the computer seats, the first to
        record one wins and the others take it from the store (seeded bots choose the same)."""
        with self._lock:
            try:
                return self.choose(actor, choice)
            except StaleGame:
                return self.refresh()

    def play_computer_turns(self, bots: Mapping[str, Bot], until: float | None = None, events: list[Event] | None = None) -> list[Event]:
        """The computer seats' decisions, each recorded through the store (bots.play_computer_turns); on the store's
        game, when this copy is loaded again on the way (moves taken back, GEN-9: soak, a decision of the copy before
        was recorded on the one after)."""
        with self._lock:
            events = [] if events is None else events
            while True:
                session, start = self.session, len(events)

                def record(actor: str, choice: Choice) -> list[Event]:
                    if self.session is not session:
                        raise _CopyReloaded
                    return self.choose_or_follow(actor, choice)

                try:
                    return play_computer_turns(session, bots, record=record, until=until, events=events)
                except _CopyReloaded:
                    del events[start:]  # some of them taken back, perhaps (review)

    def refresh(self) -> list[Event]:
        """Apply the actions other clients recorded since this copy last looked; their events."""
        with self._lock:
            events: list[Event] = []
            actions = self.store.actions(self.game_id, after=len(self.session.actions))
            if self._took_back():  # read after the actions: they may follow moves taken back since
                return []
            try:
                for action in actions:
                    events += self.session.choose(action.actor, Choice.parse(action.choice))
            except IllegalChoice:  # the store's log replays (it checks every action): this copy is wrong
                self.reload()
                return []
            return events

    @contextmanager
    def held(self) -> Iterator[Session]:
        """The copy held still: no other thread's refresh or choice changes it inside (read a view,
        or take several steps, from one thread while another follows the store)."""
        with self._lock:
            yield self.session

    def undo(self) -> TakeBack:
        """GEN-9: this player's last move taken back through the store, with the computers' quiet answers after it
        (TakeBackRefused, StaleGame: refresh first); then this copy is the store's game again (a new ``session``)."""
        with self._lock:
            taken = self.store.take_back(self.game_id, len(self.session.actions), self.player, self.takebacks_seen)
            self._took_back()
            return taken

    def _took_back(self) -> bool:
        """Whether moves were taken back since this copy last looked (GEN-9); if so, it is loaded again."""
        taken = self.store.takebacks(self.game_id, after=self.takebacks_seen)
        if taken:
            self.takebacks_seen = taken[-1].number
            self.reload()
        return bool(taken)

    def reload(self) -> None:
        """This copy replaced by the store's game, replayed from its log (a new ``session``)."""
        with self._lock:
            self.session = self.store.load(self.game_id)

    def say(self, text: str) -> ChatLine:
        """A line of table talk from this client's player (ChatRefused)."""
        return self.store.say(self.game_id, self.player, text)

    def chat(self, after: int = 0) -> list[ChatLine]:
        return self.store.chat(self.game_id, after)
