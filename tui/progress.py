"""Walkthrough progress kept between runs (``walkthroughs.json`` in the save folder): the walkthroughs
done, the step reached in the ones left unfinished, and the one played last (the menu starts on it)."""

from __future__ import annotations

import json
import os
import threading
from datetime import datetime
from collections.abc import Callable, Mapping
from pathlib import Path

from attrs import Factory, define

from core import atomic
from core.i18n import _
from tui.settings import PROGRESS_FILE


@define
class Progress:
    done: set[str] = Factory(set)
    step: dict[str, int] = Factory(dict)
    last: str = ""
    damaged: str = ""  # a file that could not be read, and where it was kept: said on the menu

    @classmethod
    def load(cls, save_dir: Path) -> Progress:
        """The saved progress; a missing file is no progress, a damaged one is kept aside (``set_aside``)."""
        path = save_dir / PROGRESS_FILE
        try:
            raw = json.loads(atomic.read_regular_file(path, atomic.APP_FILE_MAX_BYTES, "progress file"))
            done = {str(i) for i in raw.get("done", [])}
            # a step is a whole number of steps taken: a hand-edited 1e999 made int() overflow (play-test)
            step = {str(k): v for k, v in raw.get("step", {}).items() if type(v) is int and v >= 0}
            last = str(raw.get("last", ""))
        except atomic.UnreadableFile as exc:
            return cls(damaged=set_aside(path, str(exc)) if os.path.lexists(path) else "")
        except (ValueError, TypeError, AttributeError, RecursionError):
            return cls(damaged=set_aside(path, _("not the progress of walkthroughs")))
        return cls(done, step, last)

    def within(self, lengths: Mapping[str, int]) -> Progress:
        """This progress with only the steps a walkthrough of ``lengths`` (id -> its number of steps) can
        resume at (play-test: a step 99999 read from the file showed "step 100000 of 10", then failed)."""
        steps = {walkthrough: at for walkthrough, at in self.step.items() if at < lengths.get(walkthrough, 0)}
        return Progress(self.done, steps, self.last)

    def save(self, save_dir: Path) -> str:
        """Write the progress; the reason when it could not be written ("" when it was)."""
        try:
            text = json.dumps({"done": sorted(self.done), "step": dict(sorted(self.step.items())), "last": self.last}, indent=1)
            atomic.write_text(save_dir / PROGRESS_FILE, text, atomic.PRIVATE_FILE_MODE)
        except OSError as exc:
            return _("walkthrough progress not saved: {reason}").format(reason=exc.strerror)
        return ""


def set_aside(path: Path, reason: str) -> str:
    """A progress file that cannot be read is renamed, not written over by the next step taken (hostile-files
    play-test: four walkthroughs' done marks were gone after one step, unsaid); what to tell the player."""
    kept = path.with_name(f"{path.stem}-damaged-{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}{path.suffix}")  # two in a second: two files
    try:
        os.replace(path, kept)
    except OSError as exc:
        return _("{path} could not be read ({reason}) nor kept aside ({problem}): the walkthroughs' progress starts afresh").format(
            path=path, reason=reason, problem=exc.strerror)
    return _("{path} could not be read ({reason}): kept as {kept}; the walkthroughs' progress starts afresh").format(
        path=path, reason=reason, kept=kept.name)


# One change of the file at a time (each reads it, changes it and writes it back): the workers of two steps
# taken in a burst would lose one another's change
_CHANGING = threading.Lock()


def remember_step(save_dir: Path, walkthrough_id: str, step: int) -> str:
    """Keep the step a walkthrough has reached (to resume it later); the problem, if any (a damaged file
    set aside is said too: review)."""
    def reached(progress: Progress) -> None:
        progress.step[walkthrough_id] = step

    return _change(save_dir, walkthrough_id, reached)


def mark_done(save_dir: Path, walkthrough_id: str) -> str:
    def done(progress: Progress) -> None:
        progress.done.add(walkthrough_id)
        progress.step.pop(walkthrough_id, None)

    return _change(save_dir, walkthrough_id, done)


def _change(save_dir: Path, walkthrough_id: str, edit: Callable[[Progress], None]) -> str:
    """The file read, edited, made to name ``walkthrough_id`` the last played, and written back, one change at a
    time; the problem, if any."""
    with _CHANGING:
        progress = Progress.load(save_dir)
        edit(progress)
        progress.last = walkthrough_id
        return progress.save(save_dir) or progress.damaged
