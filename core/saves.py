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
from core.registry import RULES
from core.session import Action, Session
from core.setup import Setup
from core.state import Frame, GameState

SAVE_FORMAT = "virgin-queen-save"
SAVE_VERSION = 2
FRAME_TAGS: dict[type[Frame], str] = RULES.frame_tags
AUTOSAVE_NAME = "autosave.json"
SAVE_FILE_MODE = 0o644
ACTION_SEPARATOR = ": "


class SaveError(ValueError):
    """A save file that cannot be loaded; the message names the file and the problem."""


@frozen
class SaveFile:
    """The scenario and seed are in ``setup`` only; the state is saved without its scenario."""

    format: str
    version: int
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
    tags: dict[type, str] = {Frame: "frame", **FRAME_TAGS}
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

class MigrationError(ValueError):
    """An older save whose contents cannot be carried to this version."""


_V1_EVENT_FRAMES = {"kind": "sponsor-kind", "target": "assassination-target"}


def _migrate_v1(raw: dict[str, Any]) -> dict[str, Any]:
    """v1 -> v2: seats instead of the controllers dict; scenario and seed kept once (in the set-up);
    per-event frames instead of the string-stepped "event" frame; unread fields dropped."""
    setup, state = raw.get("setup"), raw.get("state")
    if not isinstance(setup, dict) or not isinstance(state, dict) or not isinstance(state.get("powers"), dict):
        raise MigrationError("its set-up or state is not a table")
    for key in ("scenario", "seed"):
        if raw.get(key) != setup.get(key):
            raise MigrationError(f"its {key} ({raw.get(key)!r}) differs from its set-up's ({setup.get(key)!r})")
        del raw[key]
    names: dict[str, list[str]] = {}
    for power_id, power in state["powers"].items():
        if not isinstance(power, dict) or not isinstance(power.get("controller"), str):
            raise MigrationError(f"power {power_id!r} has no controller")
        names.setdefault(power.pop("controller"), []).append(power_id)
    setup.pop("controllers", None)
    setup["seats"] = [{"name": name, "powers": powers, "kind": "person", "bot": ""} for name, powers in names.items()]
    setup["started"] = ""
    for key in ("seed", "data_fingerprint", "decisions_taken", "suez_built"):
        state.pop(key, None)
    for power in state["powers"].values():
        for line in power.get("deal", []):
            if isinstance(line, dict) and line.get("text") == "track square for 1 key spaces":
                line["text"] = "track square for 1 key space"  # v2 wording
    for frame in state.get("stack", []):
        if isinstance(frame, dict) and frame.get("type") == "event":
            frame["type"] = _V1_EVENT_FRAMES.get(frame.pop("step", ""), "event")
    raw["version"] = 2
    return raw


# Migrations: raw dict of version N -> raw dict of version N+1, applied before structuring.
MIGRATIONS: dict[int, Any] = {1: _migrate_v1}


def to_dict(session: Session) -> dict[str, Any]:
    save = SaveFile(
        format=SAVE_FORMAT,
        version=SAVE_VERSION,
        data_fingerprint=session.data.fingerprint,
        setup=session.setup,
        actions=[f"{a.actor}{ACTION_SEPARATOR}{a.choice}" for a in session.actions],
        state=session.state,
    )
    raw = converter().unstructure(save)
    del raw["state"]["scenario"]  # stored once, in the set-up
    return raw


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
    return _read(text, path)[0]


def _read(text: str, path: Path) -> tuple[SaveFile, dict[str, Any] | None]:
    """The SaveFile, and for a save of an older version its migrated raw state (what it recorded)."""
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
    migrated = version < SAVE_VERSION
    while version < SAVE_VERSION:
        if version not in MIGRATIONS:
            raise _problem(path, f"save version {version} is too old to migrate")
        try:
            raw = MIGRATIONS[version](raw)
        except MigrationError as exc:
            raise _problem(path, f"cannot be carried over from save version {version}: {exc}") from None
        version = raw["version"]
    if isinstance(raw.get("state"), dict) and isinstance(raw.get("setup"), dict) and "scenario" not in raw["state"]:
        raw["state"]["scenario"] = raw["setup"].get("scenario")
    try:
        return converter().structure(raw, SaveFile), raw["state"] if migrated else None
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
    save, migrated_state = _read(text, path)
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
    replayed = converter().unstructure(session.state)
    if migrated_state is None:
        same = replayed == converter().unstructure(save.state)
    else:  # an older save records less: compare what it recorded
        same = _agrees(migrated_state, replayed)
    if not same:
        other_data = save.data_fingerprint != data.fingerprint
        why = "it was made with different game data (data files or overrides changed)" if other_data else "edited or corrupted"
        raise _problem(path, f"its state does not match its action log ({why})")
    return session


def _agrees(recorded: Any, replayed: Any) -> bool:
    """Every value an older save recorded equals the replayed one (new fields are not compared)."""
    if isinstance(recorded, dict):
        return isinstance(replayed, dict) and all(k in replayed and _agrees(v, replayed[k]) for k, v in recorded.items())
    if isinstance(recorded, list):
        return isinstance(replayed, list) and len(recorded) == len(replayed) and all(map(_agrees, recorded, replayed))
    return recorded == replayed
