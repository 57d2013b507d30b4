"""Atomic file writes, bounded reads of regular files only, and removal of the temporary files an
interrupted write leaves behind.

Kept apart from core.saves (which imports the whole engine) so the app can tidy its save folder
at start-up without paying for those imports.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from core.i18n import N_, _

# The save folder, when we make it, and what we keep in it are the player's only: a save and the
# game store hold every hand (GEN-8). A folder the player made already is left as they made it.
PRIVATE_FOLDER_MODE = 0o700
PRIVATE_FILE_MODE = 0o600
# The store of shared games in the save folder (core/store.py), named here so the title screen can
# look for it without importing the engine the store needs
STORE_NAME = "games.sqlite3"
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


# The app's own files in the save folder (settings, walkthrough progress) are a few hundred bytes.
APP_FILE_MAX_BYTES = 1024 * 1024


class UnreadableFile(Exception):
    """A file the game will not read; the message is the one-line reason, without the path, in the
    reader's language (the system's own words for an error, ``strerror``, as the system gives them)."""


# The kinds of file read_regular_file names in its refusals (its ``what``), marked for the catalogs.
FILE_KINDS = (N_("save file"), N_("data file"), N_("settings file"), N_("progress file"))

# What a path is when it is not a file, by the stat module's test for it.
_NOT_FILES = (
    (stat.S_ISDIR, N_("it is a folder")),
    (stat.S_ISFIFO, N_("it is a named pipe, not a file")),
    (stat.S_ISCHR, N_("it is a device, not a file")),
    (stat.S_ISBLK, N_("it is a device, not a file")),
    (stat.S_ISSOCK, N_("it is a socket, not a file")),
)


def _not_a_file(mode: int) -> str:
    why = next((why for is_kind, why in _NOT_FILES if is_kind(mode)), "" if stat.S_ISREG(mode) else N_("it is not a file"))
    return _(why)


def read_regular_file(path: Path, max_bytes: int, what: str) -> bytes:
    """The bytes of a regular file (a symbolic link to one is followed), refusing without blocking
    anything else: a named pipe would block a plain read forever and a device (``/dev/zero``) would
    never end, so neither is opened for reading; a file larger than ``max_bytes`` is not read
    (``what`` names the kind of file in that refusal, one of FILE_KINDS: "save file", "settings file")."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        raise UnreadableFile(_("a symbolic link to a missing file") if os.path.islink(path) else _("no such file")) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnreadableFile(_("a loop of symbolic links")) from None
        raise UnreadableFile(exc.strerror or str(exc)) from None
    if why := _not_a_file(found.st_mode):
        raise UnreadableFile(why)
    if found.st_size > max_bytes:
        raise UnreadableFile(
            _("{size} bytes is far larger than any {what} (at most {most})").format(size=found.st_size, what=_(what), most=max_bytes)
        )
    try:
        # O_NONBLOCK: should the path become a named pipe after the stat, opening it does not wait
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as exc:
        raise UnreadableFile(exc.strerror or str(exc)) from None
    try:
        if why := _not_a_file(os.fstat(fd).st_mode):
            raise UnreadableFile(why)
        chunks, left = [], max_bytes + 1
        while left and (chunk := os.read(fd, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise UnreadableFile(exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    content = b"".join(chunks)
    if len(content) > max_bytes:
        raise UnreadableFile(_("more than {most} bytes is far larger than any {what}").format(most=max_bytes, what=_(what)))
    return content


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
