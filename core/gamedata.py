"""Static game data: TOML files in core/data loaded once into frozen, validated tables.

Every bad value is reported as ``file: record: field: problem``. An override file of the same shape
(``overrides.toml`` in the save folder) replaces the values it names and is validated the same way.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tomllib
import types
import typing
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from core import atomic
from core.i18n import N_, _

DATA_DIR = Path(__file__).parent / "data"
OVERRIDE_FILE_NAME = "overrides.toml"
# shown with _(PROVISIONAL_NOTE)
PROVISIONAL_NOTE = N_(
    "* provisional data: a value the rule sources do not give, chosen so the game plays "
    "(correct it in core/data, or in overrides.toml in the save folder)"
)


class DataError(ValueError):
    """A data or override file holds a value the engine cannot use: ``file: record: field: problem``,
    the problem in the reader's language (file, record and field names and values as they are)."""


def _bad(where: str, problem: str) -> DataError:
    """``where: problem`` (``problem`` translated by the caller, ``_("...").format(...)``)."""
    return DataError(f"{where}: {problem}")


# Every whole number in the data has a range (declared beside its field with _range) and, where it
# must fit with others, a relation check (_check_relations); the tops below are each far above any
# value the game uses but low enough that no count, loop or total can run away.
# DATA.md "Scenarios": the campaign covers turns 1-8 and no scenario runs longer.
MAX_TURN = 8
# Printed ratings go up to 5; the MAR-5 table reads totals up to 99 (two ratings + 2d6 + modifiers).
MAX_ELIGIBILITY = 9
DIE_FACES = (1, 6)
# A modifier on one die roll: more than a die's faces would decide every roll alone.
MAX_DIE_MODIFIER = 6
# GEN-1: six major powers, one impulse each.
POWERS = 6
# The most CP one card gives (cards.toml): no CP cost may be above it.
MAX_CARD_CP = 6
# VP: the standard victory is at 25 and a whole game scores well under this.
MAX_VP = 100
# Units one space starts with or gains at once (the largest garrison in the data is 4).
MAX_UNITS = 20
# Cards one power draws (CARD-7: the largest count in the data is 7; the deck holds 79).
MAX_CARDS_DRAWN = 15
# VP markers of one kind in the box (PAT-8, SCI-1), and the largest VP one marker shows.
MAX_MARKERS = 20
MAX_MARKER_VP = 10
# Influence markers on one minor power (DIP-7).
MAX_INFLUENCE = 10
# Boxes of a track (SUEZ-2's attempts track has 5).
MAX_TRACK_BOXES = 10
# Spaces counted along map.toml's connections (MOR-3); the map is far narrower.
MAX_DISTANCE = 20
# A count of spaces (WIN-3, WIN-6): the map has under 200 spaces, regions included.
MAX_SPACES = 200
# The schematic map's character grid (map.toml, the map screen).
MAP_COLUMNS, MAP_ROWS = 78, 16
# Python's own limit on the digits of a number read from text.
MAX_NUMBER_DIGITS = 4300


def _choices(*values: str) -> dict[str, tuple[str, ...]]:
    return {"choices": values}


def _range(low: int, high: int | None = None) -> dict[str, tuple[int, int | None]]:
    """A whole number (or every whole number in a list or table) from ``low`` to ``high`` (None: no top)."""
    return {"range": (low, high)}


def _number_keys(low: int, high: int | None = None) -> dict[str, tuple[int, int | None]]:
    """A table whose keys are whole numbers from ``low`` to ``high`` (CP boxes, VP values)."""
    return {"number_keys": (low, high)}


NON_EMPTY = {"non_empty": True}


@frozen
class PowerRecord:
    id: str
    name: str
    impulse: int = attrs.field(metadata=_range(1, POWERS))
    capital: str
    cards_by_keys: tuple[int, ...] = attrs.field(metadata=_range(0, MAX_CARDS_DRAWN) | NON_EMPTY)
    vp_by_keys: tuple[int, ...] = attrs.field(metadata=_range(0, MAX_VP) | NON_EMPTY)
    auto_win_keys: int = attrs.field(metadata=_range(0, MAX_SPACES))  # 0: no military auto-win (WIN-2)
    ruler_card_bonus: int = attrs.field(metadata=_range(0, MAX_CARDS_DRAWN))
    provisional: bool


@frozen
class ScenarioRecord:
    id: str
    name: str
    first_turn: int = attrs.field(metadata=_range(1, MAX_TURN))
    last_turn: int = attrs.field(metadata=_range(1, MAX_TURN))
    in_play_through_turn: int = attrs.field(metadata=_range(0, MAX_TURN))
    wars: tuple[tuple[str, ...], ...]
    opening_betrothal: tuple[str, ...]
    married_at_start: tuple[tuple[str, ...], ...]
    control: dict[str, str]
    provisional: bool


@frozen
class RoyalRecord:
    id: str
    name: str
    power: str
    sex: str = attrs.field(metadata=_choices("M", "F"))
    family: str = attrs.field(metadata=_choices("", "V", "H"))
    eligibility: int = attrs.field(default=1, metadata=_range(1, MAX_ELIGIBILITY))
    enters: int = attrs.field(default=1, metadata=_range(1, MAX_TURN))
    marriage_bonus: str = attrs.field(default="", metadata=_choices("", "patronage"))
    marriage_bonus_value: int = attrs.field(default=0, metadata=_range(0, MAX_DIE_MODIFIER))
    provisional: bool = True


@frozen
class LeaderRecord:
    id: str
    name: str
    power: str
    kind: str = attrs.field(metadata=_choices("army", "sea-captain"))
    enters: str = attrs.field(metadata=_choices("start", "league"))
    royal: str = ""
    scientist: str = ""
    provisional: bool = True


ARTIST_TYPES = ("writer", "painter", "architect")


@frozen
class ArtistRecord:
    id: str
    name: str
    pool: str
    type: str = attrs.field(metadata=_choices(*ARTIST_TYPES))
    rating: int = attrs.field(default=1, metadata=_range(1, 3))
    enters: int = attrs.field(default=1, metadata=_range(1, MAX_TURN))
    provisional: bool = True


@frozen
class ScientistRecord:
    id: str
    name: str
    pool: str
    rating: int = attrs.field(metadata=_range(1, 3))
    enters: int = attrs.field(metadata=_range(1, MAX_TURN))
    leader: str = ""
    provisional: bool = True


@frozen
class CardRecord:
    number: int = attrs.field(metadata=_range(1, 999))
    title: str
    kind: str = attrs.field(metadata=_choices("home", "mandatory", "response", "combat", "event"))
    cp: int = attrs.field(default=1, metadata=_range(1, MAX_CARD_CP))
    enters: int = attrs.field(default=1, metadata=_range(0, MAX_TURN))  # 0: with the Catholic League (CL-7)
    removed_after_play: bool = False
    event: str = ""
    power: str = ""
    provisional: bool = True

    @property
    def id(self) -> str:
        return str(self.number)


@frozen
class SpaceRecord:
    id: str
    name: str
    home: str
    key: bool
    fortified: bool
    huguenot: bool
    religion: str = attrs.field(metadata=_choices("catholic", "protestant"))
    control: str = ""
    regulars: int = attrs.field(default=0, metadata=_range(0, MAX_UNITS))
    mercenaries: int = attrs.field(default=0, metadata=_range(0, MAX_UNITS))
    region: str = ""
    # IND-1: one of the independent-type spaces (Metz, Tunis, Florence, Bayonne)
    independent: bool = False
    provisional: bool = True


@frozen
class MinorRecord:
    id: str
    name: str
    ally: str
    can_activate: tuple[str, ...]
    can_deactivate: tuple[str, ...]
    default_influence: dict[str, int] = attrs.field(metadata=_range(0, MAX_INFLUENCE))
    home_spaces: tuple[str, ...]
    provisional: bool


@frozen
class BonusRecord:
    id: str
    name: str
    effect: str
    eligible: tuple[str, ...]
    provisional: bool


@frozen
class VictorySettings:
    standard_vp: int = attrs.field(metadata=_range(1, MAX_VP))
    domination_lead: int = attrs.field(metadata=_range(1, MAX_VP))
    domination_from_turn: int = attrs.field(metadata=_range(1, MAX_TURN))
    protestant_spaces_per_vp: int = attrs.field(metadata=_range(1, MAX_SPACES))
    religious_win_spaces: int = attrs.field(metadata=_range(1, MAX_SPACES))
    catholic_win_at_or_below: int = attrs.field(metadata=_range(0, MAX_SPACES))
    catholic_win_france_max: int = attrs.field(metadata=_range(0, MAX_SPACES))
    provisional: bool


@frozen
class CostSettings:
    influence: int = attrs.field(metadata=_range(1, MAX_CARD_CP))
    influence_cap_per_minor: int = attrs.field(metadata=_range(1, MAX_INFLUENCE))
    mercenary: int = attrs.field(metadata=_range(1, MAX_CARD_CP))
    regular: int = attrs.field(metadata=_range(1, MAX_CARD_CP))
    end_foreign_war: int = attrs.field(metadata=_range(1, MAX_CARD_CP))
    mandatory_event_cp: int = attrs.field(metadata=_range(1, MAX_CARD_CP))
    provisional: bool


@frozen
class CardSettings:
    deal: str = attrs.field(metadata=_choices("one-at-a-time", "whole-count"))
    provisional: bool = True
    # CARD-8 gap: a card "removed after play" leaves the game only when played as its event (played for CP it
    # is discarded); false: however it is played
    removed_only_as_event: bool = True


@frozen
class ReligionSettings:
    region_protestant: dict[str, int] = attrs.field(metadata=_range(0, MAX_SPACES))
    france_and_scotland_regions: tuple[str, ...]
    provisional: bool
    # a region's name as players read it (Spanish play-test: the table action listed "france-other"); its id without one
    region_names: dict[str, str] = attrs.Factory(dict)


@frozen
class PatronageSettings:
    cp_modifier: dict[str, int] = attrs.field(metadata=_range(0, MAX_DIE_MODIFIER) | _number_keys(1, MAX_CARD_CP) | NON_EMPTY)
    event_box_cp: int = attrs.field(metadata=_range(1, MAX_CARD_CP))
    prague_power: str
    prague_modifier: int = attrs.field(metadata=_range(0, MAX_DIE_MODIFIER))
    observatory_modifier: int = attrs.field(metadata=_range(0, MAX_DIE_MODIFIER))
    artist_one_vp_markers: int = attrs.field(metadata=_range(0, MAX_MARKERS))
    artist_typed_markers: dict[str, tuple[str, ...]] = attrs.field(metadata=_number_keys(1, MAX_MARKER_VP))
    scientist_markers: dict[str, int] = attrs.field(metadata=_range(0, MAX_MARKERS) | _number_keys(1, MAX_MARKER_VP))
    provisional: bool


@frozen
class MarriageSettings:
    festivities_modifier: int = attrs.field(metadata=_range(0, MAX_DIE_MODIFIER))
    virgin_queen_vp_cap: int = attrs.field(metadata=_range(0, MAX_VP))
    courtship_beneficiary: str
    mary_ally_paid_once: bool
    valois_vp: int = attrs.field(metadata=_range(0, MAX_VP))
    male_aging_keep_at: int = attrs.field(metadata=_range(*DIE_FACES))  # AGE-1: a 1d6 face
    minimum_eligibility: int = attrs.field(metadata=_range(1, MAX_ELIGIBILITY))
    provisional: bool
    married_assassinated_only_leading_an_army: bool = True  # MAR-8 gap: a married royal is out of play (MAR-6)


@frozen
class DiplomacySettings:
    determine: str = attrs.field(metadata=_choices("bought-influence", "every-minor"))
    scotland_religion_bonus: int = attrs.field(default=2, metadata=_range(0, MAX_DIE_MODIFIER))
    provisional: bool = True


@frozen
class SuezSettings:
    """SUEZ-1 / SUEZ-2 / SUEZ-3; the target must be within reach of the best roll (_check_relations)."""

    target: int = attrs.field(metadata=_range(1, DIE_FACES[1] + MAX_DIE_MODIFIER * (MAX_TRACK_BOXES + 1)))
    box_bonus: int = attrs.field(metadata=_range(0, MAX_DIE_MODIFIER))
    boxes: int = attrs.field(metadata=_range(1, MAX_TRACK_BOXES))
    excavation_bonus: int = attrs.field(metadata=_range(0, MAX_DIE_MODIFIER))
    vp: int = attrs.field(metadata=_range(0, MAX_VP))
    provisional: bool


@frozen
class MoriscoSettings:
    """MOR-1 / MOR-3."""

    start_space: str
    unrest_spaces: tuple[str, ...]
    max_distance: int = attrs.field(metadata=_range(0, MAX_DISTANCE))
    provisional: bool


@frozen
class LeagueSettings:
    """CL-2..CL-6."""

    first_space: str
    # at least 1: the choice ends with the last space chosen; at most the spaces there are (_check_relations)
    other_spaces: int = attrs.field(metadata=_range(1, MAX_SPACES))
    removal_divisor: int = attrs.field(metadata=_range(1, MAX_UNITS))
    reims_regulars: int = attrs.field(metadata=_range(0, MAX_UNITS))
    leader: str
    extra_territory: tuple[str, ...]
    provisional: bool
    # CL-2 [D]: where units displaced from a fortified Reims go (rulebook 12.5 is not in the sources)
    displaced_to: str = attrs.field(default="nearest-fortified", metadata=_choices("nearest-fortified", "capital"))


@frozen
class IndependenceSettings:
    """IND-2 / IND-3: regulars an independent space holds when City State Rebels frees it."""

    regulars: int = attrs.field(metadata=_range(0, MAX_UNITS))
    provisional: bool


@frozen
class TableSettings:
    """TABLE-1 "validated for consistency" where the rulebook's movement and combat are not in the sources:
    what a recorded battle or change of control must agree with on the map and the war track."""

    battles_need_units: bool = True  # a field battle: both sides' units in the space; an assault: the attacker's, and the defender holds it
    battles_need_war: bool = True  # a battle between two powers: at war (DIP-8); independents defend against anyone (IND-2)
    control_needs_space_cleared: bool = True  # no other side's units in a space that changes hands
    provisional: bool = True


@frozen
class UndoSettings:
    """GEN-9 gap: "any hand-off to another person" is a barrier, but not from when. True: from when the next
    person takes the keyboard (Enter on "Pass to", or their first choice): until then the person who handed it
    over may take their move back, as nothing was shown to anyone. False: as soon as the decision passes."""

    hand_off_barrier_when_taken: bool = True
    provisional: bool = False


@frozen
class OptionSettings:
    strict_response_windows: bool
    provisional: bool


@frozen
class Settings:
    victory: VictorySettings
    costs: CostSettings
    cards: CardSettings
    religion: ReligionSettings
    patronage: PatronageSettings
    marriage: MarriageSettings
    diplomacy: DiplomacySettings
    suez: SuezSettings
    morisco: MoriscoSettings
    league: LeagueSettings
    independence: IndependenceSettings
    options: OptionSettings
    table: TableSettings = TableSettings()
    undo: UndoSettings = UndoSettings()


@frozen
class PositionRecord:
    """Where a space's node sits on the schematic map (a character grid)."""

    space: str
    x: int = attrs.field(metadata=_range(0, MAP_COLUMNS - 1))
    y: int = attrs.field(metadata=_range(0, MAP_ROWS - 1))
    provisional: bool


@frozen
class ConnectionRecord:
    """Two spaces joined on the map (core/geography.py walks these)."""

    a: str
    b: str
    provisional: bool


# file name -> (top-level array key, record class)
RECORD_FILES: dict[str, tuple[str, type]] = {
    "powers.toml": ("power", PowerRecord),
    "scenarios.toml": ("scenario", ScenarioRecord),
    "royals.toml": ("royal", RoyalRecord),
    "leaders.toml": ("leader", LeaderRecord),
    "patrons.toml": ("artist", ArtistRecord),
    "cards.toml": ("card", CardRecord),
    "spaces.toml": ("space", SpaceRecord),
    "minors.toml": ("minor", MinorRecord),
    "bonuses.toml": ("bonus", BonusRecord),
    "map.toml": ("position", PositionRecord),
}
SECOND_ARRAYS: dict[str, tuple[str, type]] = {
    "patrons.toml": ("scientist", ScientistRecord),
    "map.toml": ("connection", ConnectionRecord),
}
SETTINGS_FILE = "settings.toml"


def _cut(text: str, longest: int = 40) -> str:
    return text if len(text) <= longest else text[: longest - 3] + "..."


def _shown(value: Any) -> str:
    """A value quoted from a file, on one line and cut short."""
    return _cut(repr(value))


# What an unknown id names, in "unknown power 'spian'" (shown with _unknown).
UNKNOWN_KINDS = {
    "power": N_("unknown power {value}"),
    "royal": N_("unknown royal {value}"),
    "leader": N_("unknown leader {value}"),
    "scientist": N_("unknown scientist {value}"),
    "pool": N_("unknown pool {value}"),
    "space": N_("unknown space {value}"),
    "region": N_("unknown region {value}"),
}


def _unknown(kind: str, value: Any) -> str:
    """"unknown power 'spian'": an id a record names that is no record of its kind."""
    return _(UNKNOWN_KINDS[kind]).format(value=_shown(value))


def _check_value(value: Any, expected: Any, where: str) -> Any:
    """Check one TOML value against a field type; return it converted to the frozen form."""
    origin = typing.get_origin(expected)
    if expected is bool:
        if not isinstance(value, bool):
            raise _bad(where, _("expected true or false, got {value}").format(value=_shown(value)))
        return value
    if expected is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(where, _("expected a whole number, got {value}").format(value=_shown(value)))
        return value
    if expected is str:
        if not isinstance(value, str):
            raise _bad(where, _("expected text, got {value}").format(value=_shown(value)))
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise _bad(where, _("expected a list, got {value}").format(value=_shown(value)))
        (item_type, _ellipsis) = typing.get_args(expected)
        return tuple(_check_value(v, item_type, f"{where}[{i}]") for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            raise _bad(where, _("expected a table, got {value}").format(value=_shown(value)))
        (_key_type, item_type) = typing.get_args(expected)
        return types.MappingProxyType(
            {str(k): _check_value(v, item_type, f"{where}.{k}") for k, v in value.items()}
        )
    raise DataError(f"{where}: unsupported field type {expected!r}")  # pragma: no cover


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


# array key -> the data file holding its records ("royal" -> "royals.toml")
ARRAY_FILES = {key: name for table in (RECORD_FILES, SECOND_ARRAYS) for name, (key, _cls) in table.items()}
# (record kind or settings section, record id or "" for a setting, field)
Place = tuple[str, str, str]


@frozen
class Sources:
    """Which file holds each value, for problem lines: the override file for the values it sets,
    the data file for the others."""

    override: str = ""  # the override file's path; "" without one
    touched: frozenset[Place] = frozenset()

    def where(self, kind: str, record: str = "", field: str = "", also: tuple[Place, ...] = ()) -> str:
        """``FILE: KIND RECORD: FIELD`` (a record's field) or ``FILE: [SECTION]: FIELD`` (a setting);
        FILE is the override file when it sets this value or any of ``also`` (the others a relation
        between values reads)."""
        places = ((kind, record, field), *also)
        by_override = any(place in self.touched for place in places)
        file = self.override if by_override else ARRAY_FILES.get(kind, SETTINGS_FILE)
        thing = f"{kind} {record}" if record else f"[{kind}]"
        return f"{file}: {thing}: {field}" if field else f"{file}: {thing}"


def build_record(cls: type, raw: dict[str, Any], kind: str, record: str, sources: Sources) -> Any:
    """Validate one raw TOML table as a record of ``cls`` (or a settings section, with no ``record``)."""
    hints = _hints(cls)
    known = {f.name for f in attrs.fields(cls)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise _bad(sources.where(kind, record, unknown[0]), _("unknown field"))
    values: dict[str, Any] = {}
    for field in attrs.fields(cls):
        where = sources.where(kind, record, field.name)
        if field.name not in raw:
            if field.default is attrs.NOTHING:
                raise _bad(where, _("missing"))
            continue
        value = _check_value(raw[field.name], hints[field.name], where)
        allowed = field.metadata.get("choices")
        if allowed is not None and value not in allowed:
            raise _bad(where, _("{value} is not one of {allowed}").format(value=_shown(value), allowed=", ".join(map(repr, allowed))))
        _check_metadata(value, field.metadata, where)
        values[field.name] = value
    return cls(**values)


def declared_range(cls: type, field: str) -> tuple[int, int | None] | None:
    """The range declared for a whole-number field (or its items), None if it has none."""
    return attrs.fields_dict(cls)[field].metadata.get("range")


def _bounds(low: int, high: int | None) -> str:
    return _("at least {low}").format(low=low) if high is None else _("{low} to {high}").format(low=low, high=high)


def _check_range(value: Any, low: int, high: int | None, where: str) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if value < low or (high is not None and value > high):
            raise _bad(where, _("must be {bounds}, got {value}").format(bounds=_bounds(low, high), value=value))
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            _check_range(item, low, high, f"{where}[{index}]")
    elif isinstance(value, types.MappingProxyType):
        for key, item in value.items():
            _check_range(item, low, high, f"{where}.{key}")


def _check_metadata(value: Any, metadata: Any, where: str) -> None:
    """The declared ranges of one checked value: see _range, _number_keys and NON_EMPTY."""
    if metadata.get("non_empty") and not value:
        raise _bad(where, _("must not be empty"))
    if "range" in metadata:
        _check_range(value, *metadata["range"], where)
    if "number_keys" in metadata:
        low, high = metadata["number_keys"]
        for key in value:
            if not (key.isascii() and key.isdigit()):
                raise _bad(f"{where}: key {key!r}", _("must be a whole number"))
            _check_range(int(key), low, high, f"{where}: key {key!r}")


def _record_label(raw: dict[str, Any], index: int) -> str:
    return str(raw.get("id", raw.get("number", f"#{index + 1}")))


@frozen
class GameData:
    powers: tuple[PowerRecord, ...]
    scenarios: dict[str, ScenarioRecord]
    royals: dict[str, RoyalRecord]
    leaders: dict[str, LeaderRecord]
    artists: dict[str, ArtistRecord]
    scientists: dict[str, ScientistRecord]
    cards: dict[int, CardRecord]
    spaces: dict[str, SpaceRecord]
    minors: dict[str, MinorRecord]
    bonuses: dict[str, BonusRecord]
    settings: Settings
    fingerprint: str
    positions: dict[str, PositionRecord]
    connections: tuple[ConnectionRecord, ...]
    override_file: str = ""

    @property
    def power_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.powers)

    def power(self, power_id: str) -> PowerRecord:
        return next(p for p in self.powers if p.id == power_id)

    def impulse_index(self, power_id: str) -> int:
        return self.power_ids.index(power_id)

    def power_name(self, power_id: str) -> str:
        for p in self.powers:
            if p.id == power_id:
                return p.name
        return power_id.capitalize()

    def name_of(self, ident: str) -> str:
        """A readable name for any power, royal, leader, patron, space, minor or bonus id."""
        for table in (self.royals, self.leaders, self.artists, self.scientists, self.spaces, self.minors, self.bonuses):
            record = table.get(ident)
            if record is not None:
                return record.name
        if ident == "independent":
            return N_("Independent")  # a term: shown translated by the views
        if ident in self.settings.religion.region_protestant:  # its id where the data names it not (review)
            return self.settings.religion.region_names.get(ident, ident)
        return self.power_name(ident)

    def patron(self, patron_id: str) -> ArtistRecord | ScientistRecord:
        return self.artists.get(patron_id) or self.scientists[patron_id]


# Far above any data file (cards.toml, the largest, is under 30 KB).
MAX_DATA_BYTES = 4 * 1024 * 1024


def _read_toml(path: Path, label: str) -> dict[str, Any]:
    try:
        text = atomic.read_regular_file(path, MAX_DATA_BYTES, "data file").decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _bad(label, _("cannot be read: not UTF-8 text (byte {byte})").format(byte=exc.start)) from None
    except atomic.UnreadableFile as exc:
        raise _bad(label, _("cannot be read: {problem}").format(problem=exc)) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _bad(label, _("not valid TOML: {problem}").format(problem=exc)) from None
    except RecursionError:
        raise _bad(label, _("not valid TOML: nested too deeply")) from None
    except ValueError:  # tomllib lets int()'s digit limit through, with a hint meant for programmers
        raise _bad(label, _("not valid TOML: a number of more than {most} digits").format(most=MAX_NUMBER_DIGITS)) from None


def _apply_overrides(raw_files: dict[str, dict[str, Any]], overrides: dict[str, Any], label: str) -> frozenset[Place]:
    """Merge an override file into the raw tables, record by id (or number) and field by field; the
    places it sets."""
    settings = raw_files[SETTINGS_FILE]
    touched: set[Place] = set()
    for key, value in overrides.items():
        if key in settings:
            if not isinstance(value, dict):
                raise _bad(f"{label}: [{key}]", _("expected a table of settings"))
            for field, field_value in value.items():
                if field not in settings[key]:
                    raise _bad(f"{label}: [{key}]: {field}", _("unknown setting"))
                settings[key][field] = field_value
                touched.add((key, "", field))
            continue
        if key not in ARRAY_FILES:
            raise _bad(f"{label}: {key}", _("unknown kind of record"))
        if not isinstance(value, list):
            raise _bad(f"{label}: {key}", _("expected [[{key}]] records").format(key=key))
        records = raw_files[ARRAY_FILES[key]][key]
        for index, override in enumerate(value):
            if not isinstance(override, dict):
                raise _bad(f"{label}: {key} #{index + 1}", _("expected a [[{key}]] record").format(key=key))
            ident = override.get("id", override.get("number"))
            target = next((r for r in records if r.get("id", r.get("number")) == ident), None)
            if target is None:
                raise _bad(f"{label}: {key} {_cut(str(ident)) if ident is not None else f'#{index + 1}'}", _("no such record"))
            target.update(override)
            touched.update((key, str(ident), field) for field in override)
    return frozenset(touched)


def load(override_dir: Path | None = None, data_dir: Path = DATA_DIR) -> GameData:
    """Load and validate all game data, applying ``override_dir/overrides.toml`` when it exists
    (a link or a named pipe of that name counts, and is refused: only a regular file is read)."""
    raw_files = {name: _read_toml(data_dir / name, name) for name in (*RECORD_FILES, SETTINGS_FILE)}
    sources = Sources()
    if override_dir is not None and os.path.lexists(override_dir / OVERRIDE_FILE_NAME):
        override_path = str(override_dir / OVERRIDE_FILE_NAME)
        touched = _apply_overrides(raw_files, _read_toml(Path(override_path), override_path), override_path)
        sources = Sources(override_path, touched)

    def table(file_name: str, key: str, cls: type) -> list[Any]:
        rows = raw_files[file_name].get(key, [])
        if not isinstance(rows, list) or not rows:
            raise _bad(f"{file_name}: {key}", _("no records"))
        return [build_record(cls, row, key, _record_label(row, i), sources) for i, row in enumerate(rows)]

    built = {name: table(name, key, cls) for name, (key, cls) in RECORD_FILES.items()}
    scientists = table("patrons.toml", *SECOND_ARRAYS["patrons.toml"])
    connections = table("map.toml", *SECOND_ARRAYS["map.toml"])
    raw_settings = raw_files[SETTINGS_FILE]
    section_types = _hints(Settings)
    sections = {}
    for name, cls in section_types.items():
        if name not in raw_settings:
            raise _bad(f"{SETTINGS_FILE}: [{name}]", _("missing section"))
        sections[name] = build_record(cls, raw_settings[name], name, "", sources)
    unknown_sections = sorted(set(raw_settings) - set(section_types))
    if unknown_sections:
        raise _bad(f"{SETTINGS_FILE}: [{unknown_sections[0]}]", _("unknown section"))

    def by_id(records: list[Any], file_name: str) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for record in records:
            key = record.number if isinstance(record, CardRecord) else record.id
            if key in out:
                raise _bad(f"{file_name}: {key}", _("duplicate id"))
            out[key] = record
        return out

    fingerprint = hashlib.sha256(json.dumps(raw_files, sort_keys=True).encode()).hexdigest()[:16]
    data = GameData(
        powers=tuple(sorted(built["powers.toml"], key=lambda p: p.impulse)),
        scenarios=by_id(built["scenarios.toml"], "scenarios.toml"),
        royals=by_id(built["royals.toml"], "royals.toml"),
        leaders=by_id(built["leaders.toml"], "leaders.toml"),
        artists=by_id(built["patrons.toml"], "patrons.toml"),
        scientists=by_id(scientists, "patrons.toml"),
        cards=by_id(built["cards.toml"], "cards.toml"),
        spaces=by_id(built["spaces.toml"], "spaces.toml"),
        minors=by_id(built["minors.toml"], "minors.toml"),
        bonuses=by_id(built["bonuses.toml"], "bonuses.toml"),
        settings=Settings(**sections),
        fingerprint=fingerprint,
        positions={position.space: position for position in built["map.toml"]},
        connections=tuple(connections),
        override_file=sources.override,
    )
    _check_references(data, sources)
    _check_relations(data, sources)
    return data


def _check_references(data: GameData, sources: Sources) -> None:
    """Every id a record or setting names is a record of the right kind."""
    where = sources.where
    powers = set(data.power_ids)
    owners = powers | set(data.minors)
    minimum = data.settings.marriage.minimum_eligibility
    for royal in data.royals.values():
        if royal.power not in owners:
            raise _bad(where("royal", royal.id, "power"), _unknown("power", royal.power))
        if royal.eligibility < minimum:
            raise _bad(
                where("royal", royal.id, "eligibility", also=(("marriage", "", "minimum_eligibility"),)),
                _("{value} is below the minimum ([marriage] minimum_eligibility {minimum})").format(value=royal.eligibility, minimum=minimum),
            )
    for leader in data.leaders.values():
        if leader.power not in powers:
            raise _bad(where("leader", leader.id, "power"), _unknown("power", leader.power))
        if leader.royal and leader.royal not in data.royals:
            raise _bad(where("leader", leader.id, "royal"), _unknown("royal", leader.royal))
        if leader.scientist and leader.scientist not in data.scientists:
            raise _bad(where("leader", leader.id, "scientist"), _unknown("scientist", leader.scientist))
    for kind, patrons in (("artist", data.artists), ("scientist", data.scientists)):
        for patron in patrons.values():
            if patron.pool not in powers | {"italy"}:
                raise _bad(where(kind, patron.id, "pool"), _unknown("pool", patron.pool))
    for card in data.cards.values():
        if card.kind == "home" and card.power not in powers:
            raise _bad(where("card", card.id, "power", also=(("card", card.id, "kind"),)), _("a home card needs its power"))
    for space in data.spaces.values():
        if space.control not in owners | {"independent"}:
            raise _bad(where("space", space.id, "control"), _unknown("power", space.control))
    for minor in data.minors.values():
        for field in ("can_activate", "can_deactivate", "default_influence"):
            for who in getattr(minor, field):
                if who not in powers:
                    raise _bad(where("minor", minor.id, field), _unknown("power", who))
    for bonus in data.bonuses.values():
        for who in bonus.eligible:
            if who not in powers:
                raise _bad(where("bonus", bonus.id, "eligible"), _unknown("power", who))
    for scenario in data.scenarios.values():
        for field in ("opening_betrothal", "married_at_start"):
            named = getattr(scenario, field)
            for royal_id in named if field == "opening_betrothal" else (r for pair in named for r in pair):
                if royal_id not in data.royals:
                    raise _bad(where("scenario", scenario.id, field), _unknown("royal", royal_id))
    settings = data.settings
    for section, field in (("morisco", "start_space"), ("morisco", "unrest_spaces"), ("league", "first_space"), ("league", "extra_territory")):
        value = getattr(getattr(settings, section), field)
        for space_id in (value,) if isinstance(value, str) else value:
            if space_id not in data.spaces:
                raise _bad(where(section, "", field), _unknown("space", space_id))
    if settings.league.leader not in data.leaders:
        raise _bad(where("league", "", "leader"), _unknown("leader", settings.league.leader))
    if settings.marriage.courtship_beneficiary not in powers:
        raise _bad(where("marriage", "", "courtship_beneficiary"), _unknown("power", settings.marriage.courtship_beneficiary))
    _check_map(data, sources)


def _check_map(data: GameData, sources: Sources) -> None:
    """Every map name is a real space, and every space has a position."""
    for position in data.positions.values():
        if position.space not in data.spaces:
            raise _bad(sources.where("position", position.space, "space"), _("unknown space"))
    for connection in data.connections:
        for name in (connection.a, connection.b):
            if name not in data.spaces:
                raise _bad(f"map.toml: connection {connection.a}-{connection.b}", _("unknown space {value}").format(value=repr(name)))
    missing = sorted(set(data.spaces) - set(data.positions))
    if missing:
        raise _bad(f"map.toml: space {missing[0]}", _("no position on the map"))


def _check_relations(data: GameData, sources: Sources) -> None:
    """Values that are each in range but do not fit together."""
    where = sources.where
    powers = set(data.power_ids)
    by_impulse: dict[int, str] = {}
    for power in data.powers:
        if power.impulse in by_impulse:
            other = by_impulse[power.impulse]
            raise _bad(
                where("power", power.id, "impulse", also=(("power", other, "impulse"),)),
                _("{impulse} is also {other}'s impulse (GEN-1: one impulse each)").format(impulse=power.impulse, other=_(data.power_name(other))),
            )
        by_impulse[power.impulse] = power.id
    key_spaces = sum(1 for space in data.spaces.values() if space.key)
    for power in data.powers:
        if power.capital and power.capital not in data.spaces:
            raise _bad(where("power", power.id, "capital"), _unknown("space", power.capital))
        if power.auto_win_keys > key_spaces:
            raise _bad(
                where("power", power.id, "auto_win_keys"),
                _("{value} is more than the {count} key spaces there are").format(value=power.auto_win_keys, count=key_spaces),
            )
    for scenario in data.scenarios.values():
        def at(field: str, *others: str) -> str:
            return where("scenario", scenario.id, field, also=tuple(("scenario", scenario.id, o) for o in others))

        if scenario.last_turn < scenario.first_turn:
            raise _bad(
                at("last_turn", "first_turn"), _("{value} is before first_turn {first}").format(value=scenario.last_turn, first=scenario.first_turn)
            )
        if scenario.in_play_through_turn > scenario.last_turn:
            raise _bad(
                at("in_play_through_turn", "last_turn"),
                _("{value} is after last_turn {last}").format(value=scenario.in_play_through_turn, last=scenario.last_turn),
            )
        for space_id, controller in scenario.control.items():
            if space_id not in data.spaces:
                raise _bad(at("control"), _unknown("space", space_id))
            if controller not in powers | set(data.minors) | {"independent"}:
                raise _bad(f"{at('control')}.{space_id}", _unknown("power", controller))
            if controller == "independent" and not data.spaces[space_id].independent:
                raise _bad(f"{at('control')}.{space_id}", _("{space} is not an independent-type space (IND-1)").format(space=space_id))
        for field in ("wars", "married_at_start"):
            for pair in getattr(scenario, field):
                if len(pair) != 2:
                    raise _bad(f"{at(field)}: {list(pair)!r}", _("must name two"))
        if len(scenario.opening_betrothal) not in (0, 2):
            raise _bad(at("opening_betrothal"), _("must name two royals, or none"))
        for war in scenario.wars:
            for who in war:
                if who not in powers:
                    raise _bad(at("wars"), _unknown("power", who))
    for royal in data.royals.values():
        bonus_at = where("royal", royal.id, "marriage_bonus_value", also=(("royal", royal.id, "marriage_bonus"),))
        if royal.marriage_bonus and not royal.marriage_bonus_value:
            raise _bad(bonus_at, _("must be at least 1 with a marriage_bonus"))
        if royal.marriage_bonus_value and not royal.marriage_bonus:
            raise _bad(bonus_at, _("must be 0 without a marriage_bonus"))
    for scientist in data.scientists.values():
        if scientist.leader and scientist.leader not in data.leaders:
            raise _bad(where("scientist", scientist.id, "leader"), _unknown("leader", scientist.leader))
    for space in data.spaces.values():
        if space.home and space.home not in powers | set(data.minors):
            raise _bad(where("space", space.id, "home"), _unknown("power", space.home))
        if space.control == "independent" and not space.independent:
            at = where("space", space.id, "independent", also=(("space", space.id, "control"),))
            raise _bad(at, _("must be true for a space under independent control (IND-1)"))
    cap = data.settings.costs.influence_cap_per_minor
    for minor in data.minors.values():
        if minor.ally and minor.ally not in powers:
            raise _bad(where("minor", minor.id, "ally"), _unknown("power", minor.ally))
        for space_id in minor.home_spaces:
            if space_id not in data.spaces:
                raise _bad(where("minor", minor.id, "home_spaces"), _unknown("space", space_id))
        for who, count in minor.default_influence.items():
            if count > cap:
                at = where("minor", minor.id, "default_influence", also=(("costs", "", "influence_cap_per_minor"),))
                raise _bad(f"{at}.{who}", _("{value} is above [costs] influence_cap_per_minor {cap} (DIP-7)").format(value=count, cap=cap))
    _check_setting_relations(data, sources)


def _check_setting_relations(data: GameData, sources: Sources) -> None:
    where = sources.where
    powers = set(data.power_ids)
    settings = data.settings
    victory = settings.victory
    if victory.catholic_win_at_or_below >= victory.religious_win_spaces:
        raise _bad(
            where("victory", "", "catholic_win_at_or_below", also=(("victory", "", "religious_win_spaces"),)),
            _("must be below religious_win_spaces ({limit}), got {value}").format(
                limit=victory.religious_win_spaces, value=victory.catholic_win_at_or_below
            ),
        )
    regions = set(settings.religion.region_protestant) | {s.region for s in data.spaces.values() if s.region}
    for region in settings.religion.france_and_scotland_regions:
        if region not in regions:
            raise _bad(where("religion", "", "france_and_scotland_regions"), _unknown("region", region))
    for region in settings.religion.region_names:
        if region not in regions:
            raise _bad(where("religion", "", "region_names"), _unknown("region", region))
    patronage = settings.patronage
    if str(patronage.event_box_cp) not in patronage.cp_modifier:
        raise _bad(
            where("patronage", "", "event_box_cp", also=(("patronage", "", "cp_modifier"),)),
            _("{value} is not a box of cp_modifier").format(value=patronage.event_box_cp),
        )
    if patronage.prague_power not in powers:
        raise _bad(where("patronage", "", "prague_power"), _unknown("power", patronage.prague_power))
    for vp, artist_types in patronage.artist_typed_markers.items():
        for artist_type in artist_types:
            if artist_type not in ARTIST_TYPES:
                raise _bad(
                    f"{where('patronage', '', 'artist_typed_markers')}.{vp}",
                    _("{value} is not one of {allowed}").format(value=_shown(artist_type), allowed=", ".join(map(repr, ARTIST_TYPES))),
                )
    suez = settings.suez
    best_roll = DIE_FACES[1] + suez.boxes * suez.box_bonus + suez.excavation_bonus
    if suez.target > best_roll:
        at = where("suez", "", "target", also=tuple(("suez", "", f) for f in ("boxes", "box_bonus", "excavation_bonus")))
        raise _bad(
            at,
            _("{value} can never be rolled (SUEZ-1: at best 6 + boxes x box_bonus + excavation_bonus = {best})").format(value=suez.target, best=best_roll),
        )
    league = settings.league
    if data.spaces[league.first_space].home != "france":
        raise _bad(where("league", "", "first_space"), _("{value} is not a French home space (CL-2)").format(value=_shown(league.first_space)))
    choosable = [s.id for s in data.spaces.values() if s.home == "france" and not s.huguenot and s.id != league.first_space]
    if league.other_spaces > len(choosable):
        at = where("league", "", "other_spaces", also=(("league", "", "first_space"),))
        raise _bad(
            at,
            _("{value} is more than the {count} French home spaces Spain could choose (CL-2)").format(value=league.other_spaces, count=len(choosable)),
        )
    leader = data.leaders[league.leader]
    if leader.kind != "army" or leader.enters != "league":
        raise _bad(where("league", "", "leader"), _("{value} is not an army leader who enters with the League (CL-4)").format(value=_shown(league.leader)))
