"""Saves: one cattrs converter, atomic writes, strict loads that verify the action log (GEN-9)."""

from __future__ import annotations

import functools
import json
import re
import typing
from functools import partial
from pathlib import Path
from typing import Any

import attrs
import cattrs
import cattrs.v
from attrs import frozen
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union, include_subclasses

from core import atomic
from core.gamedata import GameData
from core.session import Action, Session
from core.setup import Setup
from core.state import FRAME_TAGS, Frame, GameState

SAVE_FORMAT = "virgin-queen-save"
SAVE_VERSION = 1
AUTOSAVE_NAME = "autosave.json"
SAVE_FILE_MODE = 0o644
ACTION_SEPARATOR = ": "
# Far above any real save (a whole game is well under 1 MB); a larger file is not read into memory.
MAX_SAVE_BYTES = 64 * 1024 * 1024
# Python's default limit on int <-> text conversion: the writer itself cannot write a longer number.
MAX_NUMBER_DIGITS = 4300


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
    """Write atomically (a killed write leaves the old save whole, and a stale temporary file)."""
    return atomic.write_text(path, dumps(session), SAVE_FILE_MODE)


def _problem(path: Path, text: str) -> SaveError:
    return SaveError(f"{path}: {text}")


_NUMBER_PREFIX = re.compile(r"-?(?:\d+(?:\.\d*)?(?:[eE][+-]?\d*)?)?")
_NUMBER_TAIL = re.compile(r"[-+.eE0-9]*\Z")
_LITERALS = ("true", "false", "null")


def _is_cut_short(text: str, error: json.JSONDecodeError) -> bool:
    """The text is a valid beginning of a JSON object: the decoder ran out of input, nothing was wrong.

    The decoder stops at the first character that cannot continue the document; when that is the
    end of the text, or the start of a string, number, literal or escape the text ends inside of,
    the file was cut short. Anything else (a flipped byte, say) is damage, not truncation.
    """
    if not text.lstrip().startswith("{"):
        return False
    rest = text[error.pos :]
    if error.msg.startswith("Unterminated string") or not rest.strip():
        return True
    if error.msg.startswith("Invalid \\uXXXX escape"):
        return re.fullmatch(r"u[0-9a-fA-F]{0,3}", rest) is not None
    if any(literal.startswith(rest) for literal in _LITERALS):
        return True
    tail = _NUMBER_TAIL.search(text)
    return tail is not None and tail.start() <= error.pos and _NUMBER_PREFIX.fullmatch(tail.group()) is not None


class _NumberTooLong(ValueError):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _whole_number(digits: str) -> int:
    if len(digits) > MAX_NUMBER_DIGITS:
        raise _NumberTooLong(len(digits))
    return int(digits)


def _decode(text: str, path: Path) -> Any:
    if not text.strip():
        raise _problem(path, "not a save file: the file is empty")
    try:
        return json.loads(text, parse_int=_whole_number)
    except json.JSONDecodeError as exc:
        if _is_cut_short(text, exc):
            raise _problem(path, "the file is truncated (it ends in the middle of the data)") from None
        raise _problem(path, f"not a save file: not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except _NumberTooLong as exc:
        raise _problem(path, f"not a save file: it holds a number of {exc.digits} digits (a save's have at most {MAX_NUMBER_DIGITS})") from None
    except RecursionError:
        raise _problem(path, "not a save file: its data is nested too deeply") from None


def _format_exception(exc: BaseException, expected: type | None) -> str:
    """cattrs' wording, except where it would say 'unknown error' about a value of the wrong shape."""
    if isinstance(exc, (AttributeError, TypeError)) and expected is not None:
        if attrs.has(expected) or expected is Frame:
            return "expected an object"
        if typing.get_origin(expected) is dict:
            return "expected a mapping"
        if typing.get_origin(expected) in (list, tuple):
            return "expected a list"
    return cattrs.v.format_exception(exc, expected)


def parse(text: str, path: Path) -> SaveFile:
    """Raw text to a SaveFile, with one-line problems; the file itself is never touched."""
    raw = _decode(text, path)
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise _problem(path, f"not a save file of this game (format must be {SAVE_FORMAT!r})")
    if "version" not in raw:
        raise _problem(path, "the save has no version number")
    version = raw["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise _problem(path, f"the save's version is not a whole number (it is {_short(version)})")
    if version > SAVE_VERSION:
        raise _problem(path, f"saved by a newer version of the game (save version {version}, this game reads up to {SAVE_VERSION})")
    while version < SAVE_VERSION:
        if version not in MIGRATIONS:
            raise _problem(path, f"save version {version} is too old to migrate")
        raw = MIGRATIONS[version](raw)
        version = raw["version"]
    try:
        save = converter().structure(raw, SaveFile)
    except Exception as exc:  # cattrs raises a ClassValidationError tree
        lines = (
            cattrs.transform_error(exc, path="save", format_exception=_format_exception)
            if isinstance(exc, cattrs.BaseValidationError)
            else [str(exc)]
        )
        raise _problem(path, "the save is damaged: " + "; ".join(_explain_frame_tags(raw, lines[:3]))) from None
    for field in ("scenario", "seed"):
        if getattr(save, field) != getattr(save.setup, field):
            raise _problem(
                path,
                f"its {field} ({getattr(save, field)!r}) does not match the {field} in its set-up "
                f"({getattr(save.setup, field)!r}): edited or corrupted",
            )
    return save


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
    """Load a save and replay its action log from its seed; refuse it if the two disagree.

    Whatever is wrong with the file, the only exception that comes out is a one-line SaveError.
    """
    try:
        return _load(path, data)
    except (SaveError, MemoryError):
        raise
    except Exception as exc:  # a check this module lacks must still not take the caller down
        raise _problem(path, f"cannot be loaded ({type(exc).__name__}: {_one_line(exc)})") from None


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 200 else text[:197] + "..."


def _read(path: Path) -> str:
    try:
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise _problem(path, f"not a save file: {size} bytes is far larger than any save (at most {MAX_SAVE_BYTES})")
        content = path.read_bytes()
    except FileNotFoundError:
        raise _problem(path, "no such file") from None
    except IsADirectoryError:
        raise _problem(path, "cannot be read: it is a folder") from None
    except OSError as exc:
        raise _problem(path, f"cannot be read: {exc.strerror or exc}") from None
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _problem(path, f"cannot be read: not UTF-8 text (byte {exc.start})") from None


def _load(path: Path, data: GameData) -> Session:
    save = parse(_read(path), path)
    if save.data_fingerprint != data.fingerprint:
        raise _problem(path, "the save was made with different game data (data files or overrides changed)")
    actions = []
    for number, text in enumerate(save.actions, 1):
        actor, separator, choice = text.partition(ACTION_SEPARATOR)
        if not separator or not actor or not choice:
            raise _problem(path, f"action {number} is not 'power: choice': {_short(text)}")
        actions.append(Action(actor=actor, choice=choice))
    try:
        session = Session.replay(data, save.setup, actions)
    except Exception as exc:
        raise _problem(path, f"its action log cannot be replayed ({_one_line(exc)})") from None
    if converter().unstructure(session.state) != converter().unstructure(save.state):
        raise _problem(path, "its state does not match its action log (edited or corrupted)")
    return session
