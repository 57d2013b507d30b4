"""Saves: one cattrs converter, atomic writes, strict loads that verify the action log (GEN-9)."""

from __future__ import annotations

import functools
import json
import re
import typing
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import attrs
import cattrs
import cattrs.v
from attrs import define, frozen
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union, include_subclasses

from core import atomic
from core.gamedata import GameData
from core.i18n import N_, Message, ParamValue, _
from core.registry import RULES
from core.choices import IllegalChoice
from core.session import Action, Session
from core.setup import Setup, SetupError, check_seats
from core.state import FIRST_EDITION, Frame, GameState

SAVE_FORMAT = "virgin-queen-save"
# A shared game the store could not open, written as found when the host removed it (core/store.py): no save
DAMAGED_GAME_FORMAT = "virgin-queen-damaged-game"
SAVE_VERSION = 6
FRAME_TAGS: dict[type[Frame], str] = RULES.frame_tags
SAVE_FILE_MODE = atomic.PRIVATE_FILE_MODE  # a save holds every hand and the dice (GEN-8)
ACTION_SEPARATOR = ": "
# Far above any real save (a whole game is well under 1 MB); a larger file is not read into memory.
MAX_SAVE_BYTES = 64 * 1024 * 1024
# Python's default limit on int <-> text conversion: the writer itself cannot write a longer number.
MAX_NUMBER_DIGITS = 4300


class SaveError(ValueError):
    """A save file that cannot be loaded; the message names the file and the problem, in the language
    of the reader who opened it (the path, field names and values as they are)."""


# The saves whose action log this process found does not make their state: path -> the hash of the text refused, the
# fingerprint of the game data it was replayed with, and the refusal (put in words when given: the language may change),
# given again at once while they are the same (review: the app's replay check refuses a save only once it is open, and
# Continue took such a slot again each time)
_REFUSED: dict[Path, tuple[int, str, Callable[[], str]]] = {}


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


def _unstructure_message(message: Message) -> dict[str, Any]:
    """A message as saved: its English id, its parameters (nested messages alike) and its plural."""
    raw: dict[str, Any] = {"id": message.id}
    if message.params:
        raw["params"] = {
            name: _unstructure_message(value) if isinstance(value, Message) else value for name, value in message.params
        }
    if message.plural:
        raw["plural"] = message.plural
    return raw


# Messages reworded since saves kept them: (id, plural) as written then -> as written now. A save loads
# with today's words; an older save's plain English text is compared with its replay in either.
REWORDED: dict[tuple[str, str], tuple[str, str]] = {
    # play-test: the Card Draw report read "-1 2 Unrest cover more squares"
    ("{count} Unrest covers more squares", "{count} Unrest cover more squares"): (
        "Unrest in {count} space covers 1 more square", "Unrest in {count} spaces covers {count} more squares",
    ),
    # Russian play-test: the Suez roll read "+1 1 box on the attempts track" (SUEZ-2)
    ("{count} box on the attempts track", "{count} boxes on the attempts track"): ("attempts marker in box {count}", ""),
}


def _in_todays_words(message_id: str, plural: str) -> tuple[str, str]:
    """A message's id and plural as written now (REWORDED), whatever save kept them."""
    return REWORDED.get((message_id, plural), (message_id, plural))


def _structure_message(raw: Any) -> Message:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or set(raw) - {"id", "params", "plural"}:
        raise TypeError(f"expected a message (id, params, plural), got {_short(raw)}")
    params = raw.get("params", {})
    plural = raw.get("plural", "")
    if not isinstance(params, dict) or not isinstance(plural, str):
        raise TypeError(f"expected a message's params as a table and its plural as text, got {_short(raw)}")
    values: list[tuple[str, ParamValue]] = []
    for name, value in params.items():
        if isinstance(value, dict):
            values.append((name, _structure_message(value)))
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            values.append((name, value))
        else:
            raise TypeError(f"expected a message parameter to be text, a number or a message, got {_short(value)}")
    message_id, plural = _in_todays_words(raw["id"], plural)
    return Message(message_id, tuple(values), plural)


def _make_converter() -> cattrs.Converter:
    converter = make_converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, _strict(int, "a whole number"))
    converter.register_structure_hook(bool, _strict(bool, "true or false"))
    converter.register_structure_hook(str, _strict(str, "text"))
    converter.register_unstructure_hook(Message, _unstructure_message)
    converter.register_structure_hook(Message, lambda value, _: _structure_message(value))
    tags: dict[type, str] = {Frame: "frame", **FRAME_TAGS}
    include_subclasses(
        Frame,
        converter,
        # the registry's frames, not Frame.__subclasses__(): attrs leaves the first draft of each slotted
        # class behind until the garbage collector frees it, which it never does once gc.freeze() has
        # kept it (the app freezes after its warm-up): a save then failed, "KeyError: <class ...Frame>"
        subclasses=tuple(FRAME_TAGS),
        union_strategy=partial(configure_tagged_union, tag_name="type", tag_generator=tags.__getitem__),
    )
    return converter


@functools.cache
def converter() -> cattrs.Converter:
    """The one save converter, built on first use (building it costs start-up time)."""
    return _make_converter()


def prepare_converter() -> None:
    """The converter built, with its hooks for a save file both ways, ahead of the first save or load:
    made at first use, they cost ~50 ms (an app's first autosave paid it on its event loop)."""
    made = converter()
    made.get_unstructure_hook(SaveFile)
    made.get_structure_hook(SaveFile)

class MigrationError(ValueError):
    """An older save whose contents cannot be carried to this version."""


_V1_EVENT_FRAMES = {"kind": "sponsor-kind", "target": "assassination-target"}


def _migrate_v1(raw: dict[str, Any]) -> dict[str, Any]:
    """v1 -> v2: seats instead of the controllers dict; scenario and seed kept once (in the set-up);
    per-event frames instead of the string-stepped "event" frame; unread fields dropped."""
    setup, state = raw.get("setup"), raw.get("state")
    if not isinstance(setup, dict) or not isinstance(state, dict) or not isinstance(state.get("powers"), dict):
        raise MigrationError(_("its set-up or state is not a table"))
    for key in ("scenario", "seed"):
        if raw.get(key) != setup.get(key):
            raise MigrationError(
                _("its {field} ({value}) differs from its set-up's ({setup_value})").format(
                    field=key, value=repr(raw.get(key)), setup_value=repr(setup.get(key))
                )
            )
        del raw[key]
    names: dict[str, list[str]] = {}
    for power_id, power in state["powers"].items():
        if not isinstance(power, dict) or not isinstance(power.get("controller"), str):
            raise MigrationError(_("power {power} has no controller").format(power=repr(power_id)))
        names.setdefault(power.pop("controller"), []).append(power_id)
    setup.pop("controllers", None)
    setup["seats"] = [{"name": name, "powers": powers, "kind": "person", "bot": ""} for name, powers in names.items()]
    setup["started"] = ""
    for key in ("seed", "data_fingerprint", "decisions_taken", "suez_built"):
        state.pop(key, None)
    for power in state["powers"].values():
        for line in _list(power.get("deal")):
            if isinstance(line, dict) and line.get("text") == "track square for 1 key spaces":
                line["text"] = "track square for 1 key space"  # v2 wording
    for frame in _list(state.get("stack")):
        if isinstance(frame, dict) and frame.get("type") == "event":
            step = frame.pop("step", "")
            frame["type"] = _V1_EVENT_FRAMES.get(step, "event") if isinstance(step, str) else "event"
    raw["version"] = 2
    return raw


def _list(value: Any) -> list[Any]:
    """A list from a raw save, or none (a part of the wrong shape is refused when the save is structured)."""
    return value if isinstance(value, list) else []


LEGACY_TEXT = "legacy-text"  # marks, in an older save's recorded state, a text now kept as a message


def _legacy(text: str) -> dict[str, Any]:
    return {"id": text, "params": {LEGACY_TEXT: 1}}


def _migrate_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """v2 -> v3: the texts of the state (VP reasons, Card marker reasons, card-count steps, how the game
    was won, what opened a response window) are kept as messages, rendered in the reader's language: an older save's English text becomes a message of that
    text, which its replay's message must read as in English (``_agrees``)."""
    state = raw.get("state")
    powers = state.get("powers") if isinstance(state, dict) else None
    for power in powers.values() if isinstance(powers, dict) else ():
        if not isinstance(power, dict):
            continue
        for key, field_name in (("vp_entries", "reason"), ("card_markers", "reason"), ("deal", "text")):
            for entry in _list(power.get(key)):
                if isinstance(entry, dict) and isinstance(entry.get(field_name), str):
                    entry[field_name] = _legacy(entry[field_name])
    if isinstance(state, dict) and isinstance(state.get("victory"), str):
        state["victory"] = _legacy(state["victory"]) if state["victory"] else None
    for frame in _list(state.get("stack") if isinstance(state, dict) else None):
        if isinstance(frame, dict) and frame.get("type") == "response-window" and isinstance(frame.get("trigger"), str):
            frame["trigger"] = _legacy(frame["trigger"])
    raw["version"] = 3
    return raw


def _migrate_v3(raw: dict[str, Any]) -> dict[str, Any]:
    """v3 -> v4: a Negotiation Segment's frame keeps who said done (GEN-7); a v3 save in the segment
    records none of it, and its replay fills it in (new fields are not compared)."""
    raw["version"] = 4
    return raw


def _migrate_v4(raw: dict[str, Any]) -> dict[str, Any]:
    """v4 -> v5: the Negotiation Segment's frame no longer keeps who last proposed, and its powers that
    said done now count those that passed with nothing to propose (GEN-7): both are left to the replay."""
    state = raw.get("state")
    for frame in _list(state.get("stack") if isinstance(state, dict) else None):
        if isinstance(frame, dict) and frame.get("type") == "negotiation":
            frame.pop("last_proposer", None)
            frame.pop("said_done", None)
    raw["version"] = 5
    return raw


def _migrate_v5(raw: dict[str, Any]) -> dict[str, Any]:
    """v5 -> v6: games keep the rules edition they were begun under (state.RULES_EDITION). A game begun before
    recorded its actions under the first (table actions unchecked, TABLE-1): it replays, and goes on, so."""
    for part in ("setup", "state"):
        if isinstance(raw.get(part), dict):
            raw[part]["rules_edition"] = FIRST_EDITION
    raw["version"] = 6
    return raw


# Migrations: raw dict of version N -> raw dict of version N+1, applied before structuring.
MIGRATIONS: dict[int, Any] = {1: _migrate_v1, 2: _migrate_v2, 3: _migrate_v3, 4: _migrate_v4, 5: _migrate_v5}


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
    """Write atomically (a killed write leaves the old save whole, and a stale temporary file)."""
    return atomic.write_text(path, dumps(session), SAVE_FILE_MODE)


def _problem(path: Path, text: str) -> SaveError:
    """A one-line refusal naming the file (a key or value quoted from the file may hold line breaks)."""
    one_line = f"{path}: {text}".replace("\r", "\\r").replace("\n", "\\n")
    return SaveError(one_line)


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
        raise _problem(path, _("not a save file: the file is empty"))
    try:
        return json.loads(text, parse_int=_whole_number)
    except json.JSONDecodeError as exc:
        if _is_cut_short(text, exc):
            raise _problem(path, _("the file is truncated (it ends in the middle of the data)")) from None
        raise _problem(
            path, _("not a save file: not JSON ({error} at line {line} column {column})").format(error=exc.msg, line=exc.lineno, column=exc.colno)
        ) from None
    except _NumberTooLong as exc:
        raise _problem(
            path, _("not a save file: it holds a number of {digits} digits (a save's have at most {most})").format(digits=exc.digits, most=MAX_NUMBER_DIGITS)
        ) from None
    except RecursionError:
        raise _problem(path, _("not a save file: its data is nested too deeply")) from None


REQUIRED_FIELD_MISSING = N_("required field missing")  # cattrs says it so; shown translated
# A plain value's type as a player reads it (hostile play-test: "expected str @ save.actions[5]")
VALUE_KINDS = {str: N_("text"), int: N_("a whole number"), bool: N_("true or false"), float: N_("a number")}


def _format_exception(exc: BaseException, expected: type | None) -> str:
    """cattrs' wording in the reader's language, except where it would say 'unknown error' about a value
    of the wrong shape (the field path after it, ``@ save.state.turn``, is not translated)."""
    if isinstance(exc, (AttributeError, TypeError)) and expected is not None:
        if attrs.has(expected) or expected is Frame:
            return _("expected an object")
        if typing.get_origin(expected) is dict:
            return _("expected a mapping")
        if typing.get_origin(expected) in (list, tuple):
            return _("expected a list")
    if isinstance(exc, KeyError):
        return _(REQUIRED_FIELD_MISSING)
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        return _("extra fields found ({fields})").format(fields=", ".join(sorted(exc.extra_fields)))
    if isinstance(exc, (ValueError, TypeError)) and expected is not None:
        kind = VALUE_KINDS.get(expected)  # type: ignore[call-overload]
        type_name = _(kind) if kind else expected.__name__ if hasattr(expected, "__name__") else repr(expected)
        return _("invalid value for type, expected {type}").format(type=type_name)
    return cattrs.v.format_exception(exc, expected)


def parse(text: str, path: Path) -> SaveFile:
    """Raw text to a SaveFile, with one-line problems; the file itself is never touched."""
    _refused_before(text, path)
    return _parse_recorded(text, path)[0]


def _refused_before(text: str, path: Path, data: GameData | None = None) -> None:
    """The replay check refused this text of ``path`` in this process (with ``data``, if given): again, at once."""
    refused = _REFUSED.get(path)
    if refused is not None and refused[0] == hash(text) and (data is None or refused[1] == data.fingerprint):
        raise _problem(path, refused[2]())


def _parse_recorded(text: str, path: Path) -> tuple[SaveFile, dict[str, Any] | None]:
    """The SaveFile, and for a save of an older version its migrated raw state (what it recorded)."""
    raw = _decode(text, path)
    if isinstance(raw, dict) and raw.get("format") == DAMAGED_GAME_FORMAT:
        raise _problem(path, _("a shared game the store could not open, kept as it was found when it was removed: "
                               "it cannot be loaded or imported (its set-up and moves are in the file as text)"))
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise _problem(path, _("not a save file of this game (format must be {format})").format(format=repr(SAVE_FORMAT)))
    if "version" not in raw:
        raise _problem(path, _("the save has no version number"))
    version = raw["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise _problem(path, _("the save's version is not a whole number (it is {value})").format(value=_short(version)))
    if version > SAVE_VERSION:
        raise _problem(
            path, _("saved by a newer version of the game (save version {version}, this game reads up to {newest})").format(version=version, newest=SAVE_VERSION)
        )
    migrated = version < SAVE_VERSION
    while version < SAVE_VERSION:
        if version not in MIGRATIONS:
            raise _problem(path, _("save version {version} is too old to migrate").format(version=version))
        try:
            raw = MIGRATIONS[version](raw)
        except MigrationError as exc:
            raise _problem(path, _("cannot be carried over from save version {version}: {problem}").format(version=version, problem=exc)) from None
        version = raw["version"]
    if isinstance(raw.get("state"), dict) and isinstance(raw.get("setup"), dict) and "scenario" not in raw["state"]:
        raw["state"]["scenario"] = raw["setup"].get("scenario")
    try:
        save = converter().structure(raw, SaveFile)
    except cattrs.BaseValidationError as exc:
        lines = cattrs.transform_error(exc, path="save", format_exception=_format_exception)
        raise _problem(path, _("the save is damaged: {problems}").format(problems="; ".join(_explain_frame_tags(raw, lines[:3])))) from None
    try:
        check_seats(save.setup.seats, tuple(save.state.powers))
    except SetupError as exc:
        raise _problem(path, _("its set-up cannot be played: {problem}").format(problem=exc)) from None
    return save, raw["state"] if migrated else None


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
        if line.startswith(_(REQUIRED_FIELD_MISSING)) and where.startswith(prefix) and where.endswith("]"):
            index = where[len(prefix) : -1]
            if index.isdigit() and int(index) < len(stack) and isinstance(stack[int(index)], dict):
                tag = stack[int(index)].get("type")
                if tag not in known:
                    line = _("unknown pending-procedure type {type} @ {where}").format(type=repr(tag), where=where)
        out.append(line)
    return out


def load(path: Path, data: GameData) -> Session:
    """Load a save and replay its action log from its seed; refuse it if the two disagree.

    Whatever is wrong with the file, it is refused with a one-line SaveError; any other exception is
    a fault of this program, not of the file, and is left to the caller to report.
    """
    return open_save(path, data).verified()


@define
class OpenedSave:
    """A save read and checked for shape, playable at once; ``verified()`` replays its action log
    from the seed and compares (the exact check of ``load``), for callers that run it later."""

    path: Path
    data: GameData
    save: SaveFile
    actions: list[Action]
    recorded_state: dict[str, Any] | None
    text_hash: int

    def resumed(self) -> Session:
        """The game as saved, without replaying it: its log holds only what happens from now on.
        (An older save records less than its state holds now, so it is replayed.)"""
        if self.recorded_state is not None:
            return self.verified()
        try:
            session = Session.resume(self.data, self.save.setup, self.save.state, self.actions)
            # what the screens show of it, made now (hostile-files play-test: a valid JSON state missing a space
            # the data has crashed the board built from it, its traceback showing the hands); what they do not
            # show is checked by the replay in the background before any choice is taken
            for seat in session.setup.seats:
                session.view(seat)
            return session
        except Exception:
            # The saved state cannot even be shown. If it is not the state its action log makes,
            # the file is damaged and verified() refuses it (SaveError); if it is, the fault is this
            # program's, and goes on up as it is.
            self.verified()
            raise

    def verified(self) -> Session:
        try:
            session = Session.replay(self.data, self.save.setup, self.actions, keep_undo=True)
        except IllegalChoice as exc:
            error = exc  # kept: the refusal is put in words again when given, after this block has unbound exc
            raise self._refused(lambda: _("its action log cannot be replayed ({why}): {problem}").format(
                why=self._why_not_as_saved(), problem=_one_line(error))) from None
        replayed = converter().unstructure(session.state)
        if self.recorded_state is None:
            same = replayed == converter().unstructure(self.save.state)
        else:  # an older save records less: compare what it recorded
            same = _agrees(self.recorded_state, replayed)
        if not same:
            raise self._refused(lambda: _("its state does not match its action log ({why})").format(why=self._why_not_as_saved()))
        return session

    def _refused(self, why: Callable[[], str]) -> SaveError:
        _REFUSED[self.path] = (self.text_hash, self.data.fingerprint, why)
        return _problem(self.path, why())

    def _why_not_as_saved(self) -> str:
        """Why a save does not replay as it was saved: other game data than it was made with, else the file changed."""
        if self.save.data_fingerprint != self.data.fingerprint:
            return _("it was made with different game data (data files or overrides changed)")
        return _("edited or corrupted")


def open_save(path: Path, data: GameData) -> OpenedSave:
    """Read a save and check its shape (one-line SaveError otherwise); nothing is replayed yet."""
    content = read_text(path)
    _refused_before(content, path, data)
    save, recorded_state = _parse_recorded(content, path)
    try:
        save.setup.checked(data)
    except SetupError as exc:
        raise _problem(path, _("its set-up cannot be played: {problem}").format(problem=exc)) from None
    if save.state.rules_edition != save.setup.rules_edition:  # review: the game shown at once went on under the state's
        raise _problem(path, _("its state's rules edition ({state}) is not its set-up's ({setup}): edited or corrupted").format(
            state=save.state.rules_edition, setup=save.setup.rules_edition))
    actions = []
    for number, text in enumerate(save.actions, 1):
        actor, separator, choice = text.partition(ACTION_SEPARATOR)
        if not separator or not actor or not choice:
            raise _problem(path, _("action {number} is not 'power: choice': {text}").format(number=number, text=_short(text)))
        actions.append(Action(actor=actor, choice=choice))
    return OpenedSave(path, data, save, actions, recorded_state, hash(content))


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 200 else text[:197] + "..."


def read_text(path: Path) -> str:
    """A save's text: only a regular file (no named pipe, device, folder or broken link), at most
    MAX_SAVE_BYTES, in UTF-8; a one-line SaveError otherwise."""
    try:
        content = atomic.read_regular_file(path, MAX_SAVE_BYTES, "save file")
    except atomic.UnreadableFile as exc:
        raise _problem(path, _("cannot be read: {problem}").format(problem=exc)) from None
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _problem(path, _("cannot be read: not UTF-8 text (byte {byte})").format(byte=exc.start)) from None


def _english_wordings(message: Message) -> set[str]:
    """The message in English as it reads now and as it read before it was reworded (REWORDED)."""
    earlier = [Message(old_id, message.params, old_plural) for (old_id, old_plural), now in REWORDED.items() if now == (message.id, message.plural)]
    return {wording.in_language("en") for wording in (message, *earlier)}


def _agrees(recorded: Any, replayed: Any) -> bool:
    """Every value an older save recorded equals the replayed one (new fields are not compared)."""
    if isinstance(recorded, dict) and recorded.get("params") == {LEGACY_TEXT: 1}:
        return isinstance(replayed, dict) and recorded["id"] in _english_wordings(_structure_message(replayed))
    if isinstance(recorded, dict) and isinstance(recorded.get("id"), str) and isinstance(recorded.get("plural", ""), str):
        message_id, plural = _in_todays_words(recorded["id"], recorded.get("plural", ""))
        if message_id != recorded["id"]:  # a message in the words of its day (review)
            recorded = {**recorded, "id": message_id, "plural": plural}
    if isinstance(recorded, dict):
        return isinstance(replayed, dict) and all(k in replayed and _agrees(v, replayed[k]) for k, v in recorded.items())
    if isinstance(recorded, list):
        return isinstance(replayed, list) and len(recorded) == len(replayed) and all(map(_agrees, recorded, replayed))
    return recorded == replayed
