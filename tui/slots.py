"""Save slots: every game autosaves into its own file, named after its set-up and start time.

A slot is never overwritten by another game: a new game gets a new name, and a save loaded from
elsewhere whose game's slot has moved on (a longer or different action log) continues in a new slot.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from tui.settings import APP_FILES

if TYPE_CHECKING:
    from core.session import Session
    from core.setup import Setup

SLOT_PREFIX = "game-"


def started_now() -> str:
    return datetime.now().isoformat(timespec="seconds")


def slot_stem(setup: Setup) -> str:
    """game-<scenario>-<YYYYmmdd-HHMMSS>; a game from before slots is named after its seed."""
    try:
        when = datetime.fromisoformat(setup.started).strftime("%Y%m%d-%H%M%S")
    except ValueError:
        when = f"seed{setup.seed}"
    return f"{SLOT_PREFIX}{setup.scenario}-{when}"


def fresh_slot(save_dir: Path, setup: Setup) -> Path:
    """The game's slot name, or the first free numbered variant of it: no file is ever reused."""
    stem = slot_stem(setup)
    path, number = save_dir / f"{stem}.json", 2
    while os.path.lexists(path):  # a broken link or a named pipe takes its name too
        path, number = save_dir / f"{stem}-{number}.json", number + 1
    return path


def slot_for_loaded(save_dir: Path, session: Session, loaded_from: Path) -> Path:
    """Where a loaded game autosaves: its own slot unless that slot holds a different game log."""
    from core import saves

    home = save_dir / f"{slot_stem(session.setup)}.json"
    if not os.path.lexists(home):
        return home
    try:
        if loaded_from.resolve() == home.resolve():
            return home
        held = saves.parse(saves.read_text(home), home).actions
    except (OSError, RuntimeError, saves.SaveError):  # resolve(): a link loop is OSError or RuntimeError
        return fresh_slot(save_dir, session.setup)  # an unreadable slot is left as it is
    mine = [f"{a.actor}{saves.ACTION_SEPARATOR}{a.choice}" for a in session.actions]
    return home if held == mine else fresh_slot(save_dir, session.setup)


@frozen
class SaveSummary:
    path: Path
    turn: int = 0
    phase: str = ""
    people: tuple[str, ...] = ()
    problem: str = ""

    def label(self) -> str:
        if self.problem:
            return f"{self.path.name}\n  cannot be loaded: {self.problem}"
        return f"{self.path.name}\n  Turn {self.turn}, {self.phase} - {', '.join(self.people)}"


def summarise(path: Path) -> SaveSummary:
    from core import saves

    try:
        save = saves.parse(saves.read_text(path), path)
    except saves.SaveError as exc:
        return SaveSummary(path, problem=str(exc).removeprefix(f"{path}: "))
    people = tuple(seat.name for seat in save.setup.seats if seat.is_person)
    from core.state import PHASE_TITLES

    return SaveSummary(path, save.state.turn, PHASE_TITLES[save.state.phase], people)


def save_files(save_dir: Path) -> list[Path]:
    """Every save in the folder, the most recently played first. Whatever else is named ``*.json``
    (a folder, a named pipe, a broken link) is listed too, for ``summarise`` to say why it cannot
    be loaded; a folder that cannot be read lists nothing."""
    try:
        entries = [e for e in os.scandir(save_dir) if e.name.endswith(".json") and e.name not in APP_FILES]
    except OSError:
        return []
    return [Path(e.path) for e in sorted(entries, key=_last_change, reverse=True)]


def _last_change(entry: os.DirEntry[str]) -> int:
    """When the file was last written (a broken link or a link loop: when the link was made)."""
    for follow_symlinks in (True, False):
        try:
            return entry.stat(follow_symlinks=follow_symlinks).st_mtime_ns
        except OSError:
            continue
    return 0  # gone since the folder was listed


def last_played(save_dir: Path) -> Path | None:
    """The slot of the game played most recently (the title screen's Continue)."""
    slots = [p for p in save_files(save_dir) if p.name.startswith(SLOT_PREFIX)]
    return slots[0] if slots else None
