"""Atomic file writes, and removal of the temporary files an interrupted write leaves behind.

Kept apart from core.saves (which imports the whole engine) so the app can tidy its save folder
at start-up without paying for those imports.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

# The save folder, when we make it, and what we keep in it are the player's only: a save and the
# game store hold every hand (GEN-8). A folder the player made already is left as they made it.
PRIVATE_FOLDER_MODE = 0o700
PRIVATE_FILE_MODE = 0o600
# A write in progress takes milliseconds; a temporary file older than this was left by a killed write.
STALE_TEMP_SECONDS = 10.0
# How write_text names them: mkstemp with prefix ".<target name>.", 8 characters of
# "abcdefghijklmnopqrstuvwxyz0123456789_", and suffix ".tmp"
_TEMP_NAME = re.compile(r"\.[^/]+\.[a-z0-9_]{8}\.tmp")


def make_private_folder(folder: Path) -> None:
    """Make the folder (owner-only) unless it exists; an existing one keeps its mode."""
    folder.mkdir(mode=PRIVATE_FOLDER_MODE, parents=True, exist_ok=True)


def write_text(path: Path, text: str, mode: int) -> Path:
    """Write atomically: a temporary file in the same folder, fsync, then rename over the target."""
    make_private_folder(path.parent)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)  # mkstemp makes 0600: never more open than ``mode`` at any moment
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
    return path


def is_temp_file(name: str) -> bool:
    """Whether ``name`` is how write_text names its temporary files."""
    return _TEMP_NAME.fullmatch(name) is not None


def clean_stale_temp_files(folder: Path, now: float | None = None) -> list[Path]:
    """Remove write_text's temporary files in ``folder`` that no write is still using.

    Only regular files named exactly as write_text names them and older than STALE_TEMP_SECONDS
    are removed; anything else in the folder is left alone. A missing folder has nothing to clean.
    """
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not is_temp_file(entry.name):
            continue
        try:
            if not entry.is_file(follow_symlinks=False) or now - entry.stat(follow_symlinks=False).st_mtime < STALE_TEMP_SECONDS:
                continue
            os.unlink(entry.path)
        except OSError:
            continue  # gone already, or not ours to remove: the folder still opens
        removed.append(Path(entry.path))
    return removed
