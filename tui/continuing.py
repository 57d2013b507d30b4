"""Which game Continue goes on with: the game slot played most recently that can be read. A damaged newer
one is passed over (QA: a damaged newest slot left Continue refusing it, though a healthy autosave was there),
and the player is told which (tui/openings.py)."""

from __future__ import annotations

from pathlib import Path

from tui.slots import SLOT_PREFIX, save_files


def game_slots(save_dir: Path) -> list[Path]:
    """Every game slot, the most recently played first: files, never a folder or a link loop named like one
    (as ``slots.last_played`` takes the newest)."""
    return [path for path in save_files(save_dir) if path.name.startswith(SLOT_PREFIX) and path.is_file()]
