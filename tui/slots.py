"""Save slots: every game autosaves into its own file, named after its set-up and start time.

A slot is never overwritten by another game: a new game gets a new name, and a save loaded from
elsewhere whose game's slot has moved on (a longer or different action log) continues in a new slot.
"""

from __future__ import annotations

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
    while path.exists():
        path, number = save_dir / f"{stem}-{number}.json", number + 1
    return path


def slot_for_loaded(save_dir: Path, session: Session, loaded_from: Path) -> Path:
    """Where a loaded game autosaves: its own slot unless that slot holds a different game log."""
    from core import saves

    home = save_dir / f"{slot_stem(session.setup)}.json"
    if loaded_from.resolve() == home.resolve() or not home.exists():
        return home
    try:
        held = saves.parse(home.read_text(encoding="utf-8"), home).actions
    except (OSError, UnicodeDecodeError, saves.SaveError):
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
        save = saves.parse(path.read_text(encoding="utf-8"), path)
    except (OSError, UnicodeDecodeError) as exc:
        return SaveSummary(path, problem=f"cannot be read ({exc})")
    except saves.SaveError as exc:
        return SaveSummary(path, problem=str(exc).removeprefix(f"{path}: "))
    people = tuple(seat.name for seat in save.setup.seats if seat.is_person)
    from core.state import PHASE_TITLES

    return SaveSummary(path, save.state.turn, PHASE_TITLES[save.state.phase], people)


def save_files(save_dir: Path) -> list[Path]:
    """Every save in the folder, the most recently played first."""
    if not save_dir.is_dir():
        return []
    files = [p for p in save_dir.glob("*.json") if p.name not in APP_FILES]
    return sorted(files, key=lambda p: p.stat().st_mtime_ns, reverse=True)


def last_played(save_dir: Path) -> Path | None:
    """The slot of the game played most recently (the title screen's Continue)."""
    slots = [p for p in save_files(save_dir) if p.name.startswith(SLOT_PREFIX)]
    return slots[0] if slots else None
