"""Save slots: every game autosaves into its own file, named after its set-up and start time.

A slot is never overwritten by another game: a new game gets a new name, and a save loaded from
elsewhere whose game's slot has moved on (a longer or different action log) continues in a new slot.
A game loaded from one of its own slots (numbered or not) goes on in that slot: Continue never copies.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import threading
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from core.i18n import N_, _
from tui.settings import APP_FILES

if TYPE_CHECKING:
    from core.saves import SaveFile
    from core.session import Session
    from core.setup import Setup

try:
    import fcntl

    _LOCKS_EXIST = True
except ImportError:  # not on this system: games are played unclaimed
    _LOCKS_EXIST = False

SLOT_PREFIX = "game-"
# Beside a slot (not a save: never listed): a game's people's marks in its log
MARKS_SUFFIX = ".marks"
MARKS_MOST_BYTES = 64 * 1024


@dataclass(frozen=True)
class PeopleMarks:
    """How long a slot's log was, where it stood after each person's last move, and how far each person
    has read the phase reports: kept with each autosave, so that a game continued another evening tells
    each person what passed since (hot-seat play-test: after a restart the hand-off showed one line, and
    the reports passed since were never shown). A dataclass: the title screen imports this module."""

    log: int = 0
    moved_to: Mapping[str, int] = field(default_factory=dict)
    read_to: Mapping[str, int] = field(default_factory=dict)
    tail: str = ""  # a digest of the log's last lines: a log as long after an undo and another move differs
    handed_to: str = ""  # the person a hand-off waited for who had not taken the keyboard (GEN-9: a move may be taken back)

    def text(self) -> str:
        return json.dumps({"log": self.log, "moved_to": dict(self.moved_to), "read_to": dict(self.read_to), "tail": self.tail,
                           "handed_to": self.handed_to})


class SlotClaim:
    """One app's hold on a slot while it plays the game in it: an exclusive lock on a hidden file beside
    the slot, let go when the game leaves the screen or the process ends (saves play-test: two windows
    on one game overwrote each other's moves, whichever moved last winning). Where the system has no
    such locks (no fcntl, a folder that refuses them) a game is played unclaimed, as before."""

    def __init__(self, slot: Path | None, descriptor: int | None) -> None:
        self._slot = slot  # None: nothing to take again (a system without locks)
        self._descriptor = descriptor
        self._seen = _written_as(slot) if slot is not None and descriptor is None else None
        self._lost = False  # another app played the slot meanwhile, or this claim was let go
        self._guard = threading.Lock()  # taken again by an autosave's worker, let go on the event loop

    def holds(self) -> bool:
        """No other app plays the slot now, nor wrote it since this one last did: a lock that could not be taken
        when the game was opened (a folder read-only then) is taken now (saves play-test: it never was, and a
        second window opened the game since, the two overwriting each other's moves). Once lost, for good
        (review: taken once the other window had quit, its moves were written over)."""
        with self._guard:
            if self._lost:
                return False
            if self._descriptor is not None or self._slot is None:
                return True
            taken = _lock(self._slot)
            if taken is not None and _written_as(self._slot) == self._seen:
                self._descriptor = taken if taken >= 0 else None
                return True
            if taken is not None and taken >= 0:
                os.close(taken)
            self._lost = True
            return False

    def wrote(self) -> None:
        """This app wrote the slot, unclaimed: what a lock taken later compares it with."""
        with self._guard:
            if self._descriptor is None and self._slot is not None:
                self._seen = _written_as(self._slot)

    def release(self) -> None:
        with self._guard:
            self._lost = True  # a write after the game left the screen is no longer this app's
            if self._descriptor is not None:
                if self._slot is not None and not os.path.lexists(self._slot):
                    # a slot never written leaves no lock file beside nothing (QA); removed while still held, so
                    # an app that opened it meanwhile was refused and one opening it now makes its own
                    with contextlib.suppress(OSError):
                        os.unlink(claim_file(self._slot))
                os.close(self._descriptor)  # the lock goes with it; a written slot's file stays (removing it would race)
                self._descriptor = None


def _written_as(slot: Path) -> tuple[int, int] | None:
    """The slot's last change and size, None when it is not there."""
    try:
        found = os.stat(slot)
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size


LOCK_ATTEMPTS = 5  # a slot's lock taken again after its file was taken away under it, at most this often


def claim_file(slot: Path) -> Path:
    return slot.with_name(f".{slot.name}.lock")


def claim_slot(slot: Path) -> SlotClaim | None:
    """The slot claimed for this app, or None when another app (a window, a terminal) plays it now."""
    taken = _lock(slot)
    if taken is None:
        return None
    return SlotClaim(slot, taken) if taken >= 0 else SlotClaim(slot if _LOCKS_EXIST else None, None)


def _lock(slot: Path) -> int | None:
    """The descriptor holding ``slot``'s lock; None when another app holds it; -1 when it cannot be held
    here (no locks on this system, a folder refusing the file or the lock: played unclaimed)."""
    if not _LOCKS_EXIST:
        return -1
    # read-only is enough to lock (review: a lock file left read-only turned the lock off); never through a
    # link, never blocking on a pipe, and only a regular file counts
    flags = os.O_RDONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    for _attempt in range(LOCK_ATTEMPTS):
        try:
            descriptor = os.open(claim_file(slot), flags, 0o600)
        except OSError:
            return -1  # a folder that cannot hold the file cannot hold the save either: said then
        try:
            opened = os.fstat(descriptor)
            if stat.S_ISREG(opened.st_mode):
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                if _still_named(slot, opened):
                    return descriptor
                os.close(descriptor)  # locked as its holder took it away (a slot never written): the file there now
                continue
        except BlockingIOError:
            os.close(descriptor)
            return None
        except OSError:
            pass
        os.close(descriptor)
        return -1  # something else at the lock's name, or a folder refusing locks
    return None  # taken away under every attempt: another app is at it


def _still_named(slot: Path, opened: os.stat_result) -> bool:
    """The lock file opened is the one at the lock's name still (review: one taken away by the app letting go of
    a slot never written, after another opened it and before that one locked it, was locked by both that app and
    a third that made the file anew, and two windows played one slot)."""
    try:
        named = os.lstat(claim_file(slot))
    except OSError:
        return False
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def marks_file(slot: Path) -> Path:
    return slot.with_name(slot.name + MARKS_SUFFIX)


def read_marks(saved: Path, people: Collection[str]) -> PeopleMarks:
    """The marks kept beside ``saved``, for the people of its game; a file missing, unreadable or not of a
    log this long (another game's, an older autosave's) is taken up as none when the log is checked: nothing
    is recapped, and nothing else is lost."""
    if not marks_file(saved).is_file():  # review: a named pipe there blocked the opening for good
        return PeopleMarks()
    try:
        with marks_file(saved).open("rb") as kept:
            raw = json.loads(kept.read(MARKS_MOST_BYTES))
    except (OSError, ValueError, RecursionError):
        return PeopleMarks()
    if not isinstance(raw, dict) or type(raw.get("log")) is not int:
        return PeopleMarks()
    length = raw["log"]

    def positions(key: str) -> dict[str, int]:
        found = raw.get(key)
        if not isinstance(found, dict):
            return {}
        return {person: at for person, at in found.items() if person in people and type(at) is int and 0 <= at <= length}

    tail, handed_to = raw.get("tail"), raw.get("handed_to")
    return PeopleMarks(length, positions("moved_to"), positions("read_to"), tail if isinstance(tail, str) else "",
                       handed_to if isinstance(handed_to, str) and handed_to in people else "")


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
    return free_name(save_dir, slot_stem(setup))


def free_name(folder: Path, stem: str, taken: Collection[Path] = ()) -> Path:
    """``stem``.json in ``folder``, or its first numbered variant no file has and ``taken`` (names about to
    be written) holds not."""
    path, number = folder / f"{stem}.json", 2
    while path in taken or os.path.lexists(path):  # a broken link or a named pipe takes its name too
        path, number = folder / f"{stem}-{number}.json", number + 1
    return path


def is_slot_of(save_dir: Path, setup: Setup, path: Path) -> bool:
    """``path`` is one of the game's slots in the save folder: its home slot or a numbered one."""
    stem = slot_stem(setup)
    if not re.fullmatch(rf"{re.escape(stem)}(-\d+)?\.json", path.name):
        return False
    try:
        return path.parent.resolve() == save_dir.resolve()
    except (OSError, RuntimeError):
        return False


def slot_for_loaded(save_dir: Path, session: Session, loaded_from: Path) -> Path:
    """Where a loaded game autosaves: the slot it was loaded from, if it is one of the game's (play-test:
    each Continue of a game from a numbered slot copied it into the next number); else its home slot,
    unless that holds a different game log."""
    from core import saves

    if is_slot_of(save_dir, session.setup, loaded_from):
        return loaded_from
    home = save_dir / f"{slot_stem(session.setup)}.json"
    if not os.path.lexists(home):
        return home
    try:
        held = saves.parse(saves.read_text(home), home).actions
    except (OSError, RuntimeError, saves.SaveError):  # a link loop is OSError or RuntimeError
        return fresh_slot(save_dir, session.setup)  # an unreadable slot is left as it is
    mine = [f"{a.actor}{saves.ACTION_SEPARATOR}{a.choice}" for a in session.actions]
    return home if held == mine else fresh_slot(save_dir, session.setup)


TIME_SHOWN = "%Y-%m-%d %H:%M"


@dataclass(frozen=True)
class SaveSummary:
    """One save as the Load screen lists it. A dataclass, not attrs: the title screen imports this
    module for Continue, before attrs is loaded (13 ms of a 300 ms start)."""

    path: Path
    turn: int = 0
    phase: str = ""
    people: tuple[str, ...] = ()
    problem: str = ""
    game: str = ""  # the game's slot name: a game's autosave and its saved copies are listed together
    game_title: str = ""  # "Campaign, started 2026-12-01 21:30"
    saved: str = ""  # when the file was written

    @property
    def autosave(self) -> bool:
        return self.path.name.startswith(SLOT_PREFIX)

    def label(self) -> str:
        if self.problem:
            return _("{file}\n  cannot be loaded: {problem}").format(file=self.path.name, problem=self.problem)
        if self.autosave and self.path.stem != self.game:  # a numbered slot: a save loaded and played on (fresh_slot)
            # play-test: it looked like the same game as the slot it branched from
            return _("Turn {turn}, {phase}\n  autosave of a line played on from a loaded save, {saved} - {file}").format(
                turn=self.turn, phase=_(self.phase), saved=self.saved, file=self.path.name,
            )
        if self.autosave:
            return _("Turn {turn}, {phase}\n  autosave, {saved} - {file}").format(turn=self.turn, phase=_(self.phase), saved=self.saved, file=self.path.name)
        return _("Turn {turn}, {phase}\n  saved copy, {saved} - {file}").format(turn=self.turn, phase=_(self.phase), saved=self.saved, file=self.path.name)

    def heading(self) -> str:
        return f"{self.game_title} - {', '.join(self.people)}"


def _written(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).strftime(TIME_SHOWN)
    except OSError:
        return "?"


# The scenarios of the shipped data, as a save's heading names them (another id is shown as written)
SCENARIO_WORDS = {"campaign": N_("Campaign"), "tournament": N_("Tournament")}


def game_title(setup: Setup) -> str:
    """The heading of a game's saves, in the language read now ("Campaign, started 2026-12-01 21:30")."""
    scenario = _(SCENARIO_WORDS.get(setup.scenario, setup.scenario.replace("-", " ").capitalize()))
    try:
        return _("{scenario}, started {when}").format(scenario=scenario, when=datetime.fromisoformat(setup.started).strftime(TIME_SHOWN))
    except ValueError:
        return _("{scenario}, seed {seed}").format(scenario=scenario, seed=setup.seed)


def summarise(path: Path) -> SaveSummary:
    from core import saves

    try:
        save = saves.parse(saves.read_text(path), path)
    except saves.SaveError as exc:
        return SaveSummary(path, problem=str(exc).removeprefix(f"{path}: "))
    return summary_of(path, save)


def summary_of(path: Path, save: SaveFile) -> SaveSummary:
    """The summary of ``save``, read from ``path``."""
    people = tuple(seat.name for seat in save.setup.seats if seat.is_person)
    from core.state import PHASE_TITLES

    return SaveSummary(
        path, save.state.turn, PHASE_TITLES[save.state.phase], people,
        game=slot_stem(save.setup), game_title=game_title(save.setup), saved=_written(path),
    )


def by_game(summaries: list[SaveSummary]) -> list[list[SaveSummary]]:
    """The saves of each game together, the game played most recently first (``summaries`` come most
    recent first): its autosave slots, then its saved copies; the files that cannot be loaded last."""
    games: dict[str, list[SaveSummary]] = {}
    for summary in summaries:
        if not summary.problem:
            games.setdefault(summary.game, []).append(summary)
    groups = [sorted(saves, key=lambda s: not s.autosave) for saves in games.values()]  # stable: newest first within
    unreadable = [s for s in summaries if s.problem]
    return [*groups, *([unreadable] if unreadable else [])]


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
    slots = game_slots(save_dir)
    return slots[0] if slots else None


def game_slots(save_dir: Path) -> list[Path]:
    """Every game slot, the most recently played first: files, never a folder or a link loop named like one
    (hostile-files play-test: a newer folder 'game-x.json' took Continue over). Continue goes on with the first
    that can be read (QA: a damaged newest slot left Continue refusing it, though a healthy autosave was there)."""
    return [path for path in save_files(save_dir) if path.name.startswith(SLOT_PREFIX) and path.is_file()]
