"""Saves: one cattrs converter, atomic writes, strict loads that verify the action log (GEN-9)."""

from __future__ import annotations

import json
import os
import tempfile
import functools
from functools import partial
from pathlib import Path
from typing import Any

import cattrs
from attrs import frozen
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union, include_subclasses

from core.gamedata import GameData
from core.session import Action, Session
from core.setup import Setup
from core.state import FRAME_TAGS, Frame, GameState

SAVE_FORMAT = "virgin-queen-save"
SAVE_VERSION = 1
AUTOSAVE_NAME = "autosave.json"
SAVE_FILE_MODE = 0o644
ACTION_SEPARATOR = ": "


class SaveError(ValueError):
    """A save file that cannot be loaded; the message names the file and the problem."""


@frozen
class SaveFile:
    format: str
    version: int
    scenario: str
    seed: int
    data_fingerprint: str
    setup: Setup
    # "actor: choice", e.g. "spain: play 21 cp": legible, and cheap to load
    actions: list[str]
    state: GameState


def _strict(kind: type, what: str) -> Any:
    def structure(value: Any, cls: type) -> Any:
        if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
            raise TypeError(f"expected {what}, got {value!r}")
        return value if cls is kind else cls(value)  # StrEnums arrive here too

    return structure


def _make_converter() -> cattrs.Converter:
    converter = make_converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, _strict(int, "a whole number"))
    converter.register_structure_hook(bool, _strict(bool, "true or false"))
    converter.register_structure_hook(str, _strict(str, "text"))
    tags = {Frame: "frame", **FRAME_TAGS}
    include_subclasses(
        Frame,
        converter,
        union_strategy=partial(configure_tagged_union, tag_name="type", tag_generator=tags.__getitem__),
    )
    return converter


@functools.cache
def converter() -> cattrs.Converter:
    """The one save converter, built on first use (building it costs start-up time)."""
    return _make_converter()

# Migrations: raw dict of version N -> raw dict of version N+1, applied before structuring.
MIGRATIONS: dict[int, Any] = {}


def to_dict(session: Session) -> dict[str, Any]:
    save = SaveFile(
        format=SAVE_FORMAT,
        version=SAVE_VERSION,
        scenario=session.setup.scenario,
        seed=session.setup.seed,
        data_fingerprint=session.data.fingerprint,
        setup=session.setup,
        actions=[f"{a.actor}{ACTION_SEPARATOR}{a.choice}" for a in session.actions],
        state=session.state,
    )
    return converter().unstructure(save)


def dumps(session: Session) -> str:
    return json.dumps(to_dict(session), separators=(",", ":"))


def write(session: Session, path: Path) -> Path:
    """Write atomically: a temporary file in the same folder, fsync, then rename over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = dumps(session)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, SAVE_FILE_MODE)  # mkstemp makes 0600; a save is an ordinary file
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


def _problem(path: Path, text: str) -> SaveError:
    return SaveError(f"{path}: {text}")


def _ends_inside_the_data(text: str) -> bool:
    """A JSON object cut short: it ends inside a string or with brackets still open."""
    if not text.lstrip().startswith("{"):
        return False
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
    return in_string or depth > 0


def parse(text: str, path: Path) -> SaveFile:
    """Raw text to a SaveFile, with one-line problems; the file itself is never touched."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        if _ends_inside_the_data(text):
            raise _problem(path, "the file is truncated (it ends in the middle of the data)") from None
        raise _problem(path, f"not a save file: not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise _problem(path, f"not a save file of this game (format must be {SAVE_FORMAT!r})")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise _problem(path, "the save has no version number")
    if version > SAVE_VERSION:
        raise _problem(path, f"saved by a newer version of the game (save version {version}, this game reads up to {SAVE_VERSION})")
    while version < SAVE_VERSION:
        if version not in MIGRATIONS:
            raise _problem(path, f"save version {version} is too old to migrate")
        raw = MIGRATIONS[version](raw)
        version = raw["version"]
    try:
        return converter().structure(raw, SaveFile)
    except Exception as exc:  # cattrs raises a ClassValidationError tree
        lines = cattrs.transform_error(exc, path="save") if isinstance(exc, cattrs.BaseValidationError) else [str(exc)]
        raise _problem(path, "the save is damaged: " + "; ".join(_explain_frame_tags(raw, lines[:3]))) from None


def _explain_frame_tags(raw: dict[str, Any], lines: list[str]) -> list[str]:
    """cattrs reports an unknown union tag as a missing field; say what it really is."""
    known = set(FRAME_TAGS.values())
    stack = raw.get("state", {}).get("stack", []) if isinstance(raw.get("state"), dict) else []
    out = []
    for line in lines:
        where = line.rsplit(" @ ", 1)[-1]
        prefix = "save.state.stack["
        if line.startswith("required field missing") and where.startswith(prefix) and where.endswith("]"):
            index = where[len(prefix) : -1]
            if index.isdigit() and int(index) < len(stack) and isinstance(stack[int(index)], dict):
                tag = stack[int(index)].get("type")
                if tag not in known:
                    line = f"unknown pending-procedure type {tag!r} @ {where}"
        out.append(line)
    return out


def load(path: Path, data: GameData) -> Session:
    """Load a save and replay its action log from its seed; refuse it if the two disagree."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _problem(path, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise _problem(path, f"cannot be read ({exc})") from None
    save = parse(text, path)
    if save.data_fingerprint != data.fingerprint:
        raise _problem(path, "the save was made with different game data (data files or overrides changed)")
    actions = []
    for number, text in enumerate(save.actions, 1):
        actor, separator, choice = text.partition(ACTION_SEPARATOR)
        if not separator or not actor or not choice:
            raise _problem(path, f"action {number} is not 'power: choice': {text!r}")
        actions.append(Action(actor=actor, choice=choice))
    try:
        session = Session.replay(data, save.setup, actions)
    except Exception as exc:
        raise _problem(path, f"its action log cannot be replayed ({exc})") from None
    if converter().unstructure(session.state) != converter().unstructure(save.state):
        raise _problem(path, "its state does not match its action log (edited or corrupted)")
    return session
