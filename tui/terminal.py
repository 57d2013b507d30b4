"""This terminal: who plays at it and where its games are kept. It is all the first screens (title,
lobby, menus) need; the game machinery (tui/controller.py) loads with the first game."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from core.i18n import _
from tui.messages import GameDataRefused

if TYPE_CHECKING:
    from core.gamedata import DataError, GameData


class Terminal:
    """Who plays at this terminal and where its games are kept, with the game data read for them.
    A plain class (the title screen makes it): attrs is not imported until a game needs it."""

    def __init__(
        self, save_dir: Path, data: GameData | None, player: str, player_fixed: bool = False, key_players: Sequence[str] = (),
    ) -> None:
        """``data`` None: read from the save folder when first asked for."""
        self.save_dir = save_dir
        self.player = player  # who sits here in shared games (the SSH key's name, --player, or typed in the lobby)
        self.player_fixed = player_fixed  # over SSH the name is the key's and cannot be changed
        self.key_players = tuple(key_players)  # over SSH: every player the server's keys name
        self._data = data
        self._data_problem: DataError | None = None
        self._reading_data = threading.Lock()

    @property
    def data(self) -> GameData:
        """The game data (DATA.md, with the save folder's overrides), read and checked the first time
        it is asked for: the app asks once its first frame is drawn (tui/app.py), and a worker that asks
        sooner waits for the same reading. Bad data raises core.gamedata.DataError, every time asked."""
        with self._reading_data:
            if self._data is None:
                if self._data_problem is not None:
                    raise self._data_problem.with_traceback(None)
                # imported here: its 27 classes and the reading (~70 ms) come after the title is drawn
                from core.gamedata import DataError, load

                try:
                    self._data = load(self.save_dir)
                except DataError as problem:
                    self._data_problem = problem
                    raise
            return self._data

    def read_data(self, refuse: Callable[[GameDataRefused], object]) -> GameData | None:
        """The game data for whoever asks first (the app's worker once the title is drawn, or a key typed
        sooner, which waits for that reading), or None when it is bad: ``refuse`` (a post_message, safe
        from a worker) then tells the app, which ends."""
        from core.gamedata import DataError

        try:
            return self.data
        except DataError as problem:
            refuse(GameDataRefused(str(problem)))
            return None

    @property
    def names(self) -> dict[str, str]:
        """Power id -> name, in the language read now (powers are game terms, in the core catalogs)."""
        return {power.id: _(power.name) for power in self.data.powers}
