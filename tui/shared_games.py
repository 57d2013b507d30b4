"""The store of shared games in the save folder (``core/store.py``) as the lobby uses it: the listing,
creating a game, taking a seat. Every call blocks on the store (run it in a worker) and holds the one
connection alone; a game joined gets a connection of its own (``SharedGameClient``)."""

from __future__ import annotations

import threading
from pathlib import Path

from attrs import frozen

from core.gamedata import GameData
from core.i18n import _
from core.session import Session
from core.setup import Seat, Setup, SetupError
from core.store import CHAT_LINE_CHARS, ChatLine, GameRow, SqliteStore, StoreError
from core.views import ONLOOKER


Listing = list[tuple[GameRow, dict[str, str]]]  # every store game, with who sits in which person seat now


@frozen
class Joined:
    """A store game opened for one seat (the onlooker's when watching)."""

    store: SqliteStore
    game_id: int
    session: Session
    seat: Seat
    chat: list[ChatLine]  # the table talk said before (not news at this terminal)
    looked: int | None = None  # the log events whose reports the player read at their last look (None: never)
    takebacks_seen: int = 0  # the store's last take-back (GEN-9) when the game was loaded
    chat_read: int = 0  # the last line of the table talk the player read (c), when they last sat here


__all__ = ["CHAT_LINE_CHARS", "GameRow", "Joined", "Listing", "SharedGames"]  # what the lobby and the table talk show


class SharedGames:
    ERRORS: tuple[type[Exception], ...] = (StoreError, SetupError)  # what its calls may refuse with

    def __init__(self, save_dir: Path, data: GameData) -> None:
        self.save_dir = save_dir
        self.data = data
        self._store: SqliteStore | None = None
        self._lock = threading.Lock()
        self._closed = False

    def _opened(self) -> SqliteStore:
        if self._closed:  # a lobby's listing under way as it was left: it opens no connection nobody would close (review)
            raise StoreError(_("the shared games were closed here"))
        if self._store is None:
            self._store = SqliteStore.in_folder(self.save_dir, self.data)
        return self._store

    def listing(self) -> Listing:
        """Every store game with who sits in which person seat now (StoreError)."""
        with self._lock:
            store = self._opened()
            return [(row, store.holders(row.id)) for row in store.list_games()]

    def close(self) -> None:
        """For good: the connection is closed, and none is opened again."""
        with self._lock:
            self._closed = True
            if self._store is not None:
                self._store.close()
                self._store = None

    def waiting_for(self, player: str) -> int:
        """How many shared games wait for ``player``'s decision (StoreError)."""
        with self._lock:
            return len(self._opened().waiting(player))

    def create(self, setup: Setup) -> int:
        with self._lock:
            return self._opened().create(setup)

    def join(self, game_id: int, seat_name: str | None, player: str) -> Joined:
        """Take a person seat (None: watch) and replay the game, on a connection of its own (StoreError)."""
        store = SqliteStore.in_folder(self.save_dir, self.data)
        try:
            if seat_name is not None:
                store.take_seat(game_id, seat_name, player)
            seen = store.last_takeback(game_id)  # before the load (core.store.SharedGame.open)
            session = store.load(game_id, undoable=True)  # u is named while the player has a move to take back (GEN-9)
            chat = store.chat(game_id)
            looked = store.looked(game_id, player) if seat_name is not None else None
            chat_read = store.chat_read(game_id, player)
        except BaseException:
            store.close()
            raise
        seat = next((s for s in session.setup.seats if s.name == seat_name), ONLOOKER)
        return Joined(store, game_id, session, seat, chat, looked, seen, chat_read)
