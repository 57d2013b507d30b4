"""This terminal: who plays at it and where its games are kept. It is all the first screens (title,
lobby, menus) need; the game machinery (tui/controller.py) loads with the first game."""

from __future__ import annotations

from pathlib import Path

from attrs import define

from core.gamedata import GameData
from core.i18n import _


@define
class Terminal:
    save_dir: Path
    data: GameData
    player: str  # who sits here in shared games (the SSH key's name, --player, or typed in the lobby)
    player_fixed: bool = False  # over SSH the name is the key's and cannot be changed

    @property
    def names(self) -> dict[str, str]:
        """Power id -> name, in the language read now (powers are game terms, in the core catalogs)."""
        return {power.id: _(power.name) for power in self.data.powers}
