"""Static game data: TOML files in core/data loaded once into frozen, validated tables.

Every bad value is reported as ``file: record: field: problem``. An override file of the same shape
(``overrides.toml`` in the save folder) replaces the values it names and is validated the same way.
"""

from __future__ import annotations

import functools
import hashlib
import json
import tomllib
import types
import typing
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

DATA_DIR = Path(__file__).parent / "data"
OVERRIDE_FILE_NAME = "overrides.toml"
PROVISIONAL_NOTE = (
    "* provisional data: a value the rule sources do not give, chosen so the game plays "
    "(correct it in core/data or saves/overrides.toml)"
)


class DataError(ValueError):
    """A data or override file holds a value the engine cannot use."""


# DATA.md "Scenarios": the campaign covers turns 1-8 and no scenario runs longer.
MAX_TURN = 8
# Printed ratings go up to 5; the MAR-5 table reads totals up to 99 (two ratings + 2d6 + modifiers).
MAX_ELIGIBILITY = 9
DIE_FACES = (1, 6)
# A modifier on one die roll: more than a die's faces would decide every roll alone.
MAX_DIE_MODIFIER = 6


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
    impulse: int = attrs.field(metadata=_range(1))
    capital: str
    cards_by_keys: tuple[int, ...] = attrs.field(metadata=_range(0) | NON_EMPTY)
    vp_by_keys: tuple[int, ...] = attrs.field(metadata=_range(0) | NON_EMPTY)
    auto_win_keys: int = attrs.field(metadata=_range(0))  # 0: no military auto-win (WIN-2)
    ruler_card_bonus: int = attrs.field(metadata=_range(0))
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
    number: int = attrs.field(metadata=_range(1))
    title: str
    kind: str = attrs.field(metadata=_choices("home", "mandatory", "response", "combat", "event"))
    cp: int = attrs.field(default=1, metadata=_range(1, 6))
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
    regulars: int = attrs.field(default=0, metadata=_range(0))
    mercenaries: int = attrs.field(default=0, metadata=_range(0))
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
    default_influence: dict[str, int] = attrs.field(metadata=_range(0))
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
    standard_vp: int = attrs.field(metadata=_range(1))
    domination_lead: int = attrs.field(metadata=_range(1))
    domination_from_turn: int = attrs.field(metadata=_range(1, MAX_TURN))
    protestant_spaces_per_vp: int = attrs.field(metadata=_range(1))
    religious_win_spaces: int = attrs.field(metadata=_range(1))
    catholic_win_at_or_below: int = attrs.field(metadata=_range(0))
    catholic_win_france_max: int = attrs.field(metadata=_range(0))
    provisional: bool


@frozen
class CostSettings:
    influence: int = attrs.field(metadata=_range(1))
    influence_cap_per_minor: int = attrs.field(metadata=_range(1))
    mercenary: int = attrs.field(metadata=_range(1))
    regular: int = attrs.field(metadata=_range(1))
    end_foreign_war: int = attrs.field(metadata=_range(1))
    mandatory_event_cp: int = attrs.field(metadata=_range(1))
    provisional: bool


@frozen
class CardSettings:
    deal: str = attrs.field(metadata=_choices("one-at-a-time", "whole-count"))
    provisional: bool = True


@frozen
class ReligionSettings:
    region_protestant: dict[str, int] = attrs.field(metadata=_range(0))
    france_and_scotland_regions: tuple[str, ...]
    provisional: bool


@frozen
class PatronageSettings:
    cp_modifier: dict[str, int] = attrs.field(metadata=_range(0, MAX_DIE_MODIFIER) | _number_keys(1) | NON_EMPTY)
    event_box_cp: int = attrs.field(metadata=_range(1))
    prague_power: str
    prague_modifier: int = attrs.field(metadata=_range(0, MAX_DIE_MODIFIER))
    observatory_modifier: int = attrs.field(metadata=_range(0, MAX_DIE_MODIFIER))
    artist_one_vp_markers: int = attrs.field(metadata=_range(0))
    artist_typed_markers: dict[str, tuple[str, ...]] = attrs.field(metadata=_number_keys(1))
    scientist_markers: dict[str, int] = attrs.field(metadata=_range(0) | _number_keys(1))
    provisional: bool


@frozen
class MarriageSettings:
    festivities_modifier: int = attrs.field(metadata=_range(0, MAX_DIE_MODIFIER))
    virgin_queen_vp_cap: int = attrs.field(metadata=_range(0))
    courtship_beneficiary: str
    mary_ally_paid_once: bool
    valois_vp: int = attrs.field(metadata=_range(0))
    male_aging_keep_at: int = attrs.field(metadata=_range(*DIE_FACES))  # AGE-1: a 1d6 face
    minimum_eligibility: int = attrs.field(metadata=_range(1, MAX_ELIGIBILITY))
    provisional: bool


@frozen
class DiplomacySettings:
    determine: str = attrs.field(metadata=_choices("bought-influence", "every-minor"))
    scotland_religion_bonus: int = attrs.field(default=2, metadata=_range(0, MAX_DIE_MODIFIER))
    provisional: bool = True


@frozen
class SuezSettings:
    """SUEZ-1 / SUEZ-2 / SUEZ-3."""

    target: int
    box_bonus: int
    boxes: int
    excavation_bonus: int
    vp: int
    provisional: bool


@frozen
class MoriscoSettings:
    """MOR-1 / MOR-3."""

    start_space: str
    unrest_spaces: tuple[str, ...]
    max_distance: int
    provisional: bool


@frozen
class LeagueSettings:
    """CL-2..CL-6."""

    first_space: str
    other_spaces: int
    removal_divisor: int
    reims_regulars: int
    leader: str
    extra_territory: tuple[str, ...]
    provisional: bool
    # CL-2 [D]: where units displaced from a fortified Reims go (rulebook 12.5 is not in the sources)
    displaced_to: str = attrs.field(default="nearest-fortified", metadata=_choices("nearest-fortified", "capital"))


@frozen
class IndependenceSettings:
    """IND-2 / IND-3: regulars an independent space holds when City State Rebels frees it."""

    regulars: int
    provisional: bool


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


@frozen
class PositionRecord:
    """Where a space's node sits on the schematic map (a character grid)."""

    space: str
    x: int
    y: int
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


def _check_value(value: Any, expected: Any, where: str) -> Any:
    """Check one TOML value against a field type; return it converted to the frozen form."""
    origin = typing.get_origin(expected)
    if expected is bool:
        if not isinstance(value, bool):
            raise DataError(f"{where}: expected true or false, got {value!r}")
        return value
    if expected is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DataError(f"{where}: expected a whole number, got {value!r}")
        return value
    if expected is str:
        if not isinstance(value, str):
            raise DataError(f"{where}: expected text, got {value!r}")
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise DataError(f"{where}: expected a list, got {value!r}")
        (item_type, _ellipsis) = typing.get_args(expected)
        return tuple(_check_value(v, item_type, f"{where}[{i}]") for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            raise DataError(f"{where}: expected a table, got {value!r}")
        (_key_type, item_type) = typing.get_args(expected)
        return types.MappingProxyType(
            {str(k): _check_value(v, item_type, f"{where}.{k}") for k, v in value.items()}
        )
    raise DataError(f"{where}: unsupported field type {expected!r}")  # pragma: no cover


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def build_record(cls: type, raw: dict[str, Any], where: str) -> Any:
    """Validate one raw TOML table as a record of ``cls``; ``where`` is ``file: record``."""
    hints = _hints(cls)
    known = {f.name for f in attrs.fields(cls)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise DataError(f"{where}: {unknown[0]}: unknown field")
    values: dict[str, Any] = {}
    for field in attrs.fields(cls):
        if field.name not in raw:
            if field.default is attrs.NOTHING:
                raise DataError(f"{where}: {field.name}: missing")
            continue
        value = _check_value(raw[field.name], hints[field.name], f"{where}: {field.name}")
        allowed = field.metadata.get("choices")
        if allowed is not None and value not in allowed:
            raise DataError(f"{where}: {field.name}: {value!r} is not one of {', '.join(map(repr, allowed))}")
        _check_metadata(value, field.metadata, f"{where}: {field.name}")
        values[field.name] = value
    return cls(**values)


def _bounds(low: int, high: int | None) -> str:
    return f"at least {low}" if high is None else f"{low} to {high}"


def _check_range(value: Any, low: int, high: int | None, where: str) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if value < low or (high is not None and value > high):
            raise DataError(f"{where}: must be {_bounds(low, high)}, got {value}")
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            _check_range(item, low, high, f"{where}[{index}]")
    elif isinstance(value, types.MappingProxyType):
        for key, item in value.items():
            _check_range(item, low, high, f"{where}.{key}")


def _check_metadata(value: Any, metadata: Any, where: str) -> None:
    """The declared ranges of one checked value: see _range, _number_keys and NON_EMPTY."""
    if metadata.get("non_empty") and not value:
        raise DataError(f"{where}: must not be empty")
    if "range" in metadata:
        _check_range(value, *metadata["range"], where)
    if "number_keys" in metadata:
        low, high = metadata["number_keys"]
        for key in value:
            if not (key.isascii() and key.isdigit()):
                raise DataError(f"{where}: key {key!r}: must be a whole number")
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
            return "Independent"
        return self.power_name(ident)

    def patron(self, patron_id: str) -> ArtistRecord | ScientistRecord:
        return self.artists.get(patron_id) or self.scientists[patron_id]


def _read_toml(path: Path, label: str) -> dict[str, Any]:
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{label}: cannot be read: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise DataError(f"{label}: cannot be read: {exc.strerror or exc}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{label}: not valid TOML: {exc}") from None
    except RecursionError:
        raise DataError(f"{label}: not valid TOML: nested too deeply") from None
    except ValueError as exc:  # tomllib lets int()'s digit limit through
        raise DataError(f"{label}: not valid TOML: {exc}") from None


def _apply_overrides(raw_files: dict[str, dict[str, Any]], overrides: dict[str, Any], label: str) -> None:
    """Merge an override file into the raw tables, record by id (or number) and field by field."""
    # patrons.toml holds two arrays: a dict union of the two tables would drop [[artist]]
    arrays = {key: name for table in (RECORD_FILES, SECOND_ARRAYS) for name, (key, _cls) in table.items()}
    settings = raw_files[SETTINGS_FILE]
    for key, value in overrides.items():
        if key in settings:
            if not isinstance(value, dict):
                raise DataError(f"{label}: {key}: expected a table of settings")
            for field, field_value in value.items():
                if field not in settings[key]:
                    raise DataError(f"{label}: {key}: {field}: unknown setting")
                settings[key][field] = field_value
            continue
        if key not in arrays:
            raise DataError(f"{label}: {key}: unknown kind of record")
        if not isinstance(value, list):
            raise DataError(f"{label}: {key}: expected [[{key}]] records")
        records = raw_files[arrays[key]][key]
        for index, override in enumerate(value):
            if not isinstance(override, dict):
                raise DataError(f"{label}: {key} #{index + 1}: expected a [[{key}]] record")
            ident = override.get("id", override.get("number"))
            target = next((r for r in records if r.get("id", r.get("number")) == ident), None)
            if target is None:
                raise DataError(f"{label}: {key} {ident if ident is not None else f'#{index + 1}'}: no such record")
            target.update(override)


def load(override_dir: Path | None = None, data_dir: Path = DATA_DIR) -> GameData:
    """Load and validate all game data, applying ``override_dir/overrides.toml`` when it exists."""
    raw_files = {name: _read_toml(data_dir / name, name) for name in (*RECORD_FILES, SETTINGS_FILE)}
    override_label = ""
    if override_dir is not None and (override_dir / OVERRIDE_FILE_NAME).exists():
        override_path = override_dir / OVERRIDE_FILE_NAME
        override_label = str(override_path)
        _apply_overrides(raw_files, _read_toml(override_path, override_label), override_label)

    def table(file_name: str, key: str, cls: type) -> list[Any]:
        rows = raw_files[file_name].get(key, [])
        label = f"{file_name}{' (with ' + override_label + ')' if override_label else ''}"
        if not isinstance(rows, list) or not rows:
            raise DataError(f"{label}: {key}: no records")
        return [build_record(cls, row, f"{label}: {key} {_record_label(row, i)}") for i, row in enumerate(rows)]

    built = {name: table(name, key, cls) for name, (key, cls) in RECORD_FILES.items()}
    scientists = table("patrons.toml", *SECOND_ARRAYS["patrons.toml"])
    connections = table("map.toml", *SECOND_ARRAYS["map.toml"])
    raw_settings = raw_files[SETTINGS_FILE]
    section_types = _hints(Settings)
    sections = {}
    settings_label = f"{SETTINGS_FILE}{' (with ' + override_label + ')' if override_label else ''}"
    for name, cls in section_types.items():
        if name not in raw_settings:
            raise DataError(f"{SETTINGS_FILE}: [{name}]: missing section")
        sections[name] = build_record(cls, raw_settings[name], f"{settings_label}: [{name}]")
    unknown_sections = sorted(set(raw_settings) - set(section_types))
    if unknown_sections:
        raise DataError(f"{SETTINGS_FILE}: [{unknown_sections[0]}]: unknown section")

    def by_id(records: list[Any], file_name: str) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for record in records:
            key = record.number if isinstance(record, CardRecord) else record.id
            if key in out:
                raise DataError(f"{file_name}: {key}: duplicate id")
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
        override_file=override_label,
    )
    try:
        _check_references(data)
        _check_relations(data)
    except DataError as exc:
        if override_label:
            raise DataError(f"{exc} (with {override_label})") from None
        raise
    return data


def _check_references(data: GameData) -> None:
    powers = set(data.power_ids)
    owners = powers | set(data.minors)
    for royal in data.royals.values():
        if royal.power not in owners:
            raise DataError(f"royals.toml: royal {royal.id}: power: unknown power {royal.power!r}")
        if royal.eligibility < data.settings.marriage.minimum_eligibility:
            raise DataError(f"royals.toml: royal {royal.id}: eligibility: below the minimum")
    for leader in data.leaders.values():
        if leader.power not in powers:
            raise DataError(f"leaders.toml: leader {leader.id}: power: unknown power {leader.power!r}")
        if leader.royal and leader.royal not in data.royals:
            raise DataError(f"leaders.toml: leader {leader.id}: royal: unknown royal {leader.royal!r}")
        if leader.scientist and leader.scientist not in data.scientists:
            raise DataError(f"leaders.toml: leader {leader.id}: scientist: unknown scientist {leader.scientist!r}")
    patrons: list[ArtistRecord | ScientistRecord] = [*data.artists.values(), *data.scientists.values()]
    for patron in patrons:
        file_kind = "artist" if patron.id in data.artists else "scientist"
        if patron.pool not in powers | {"italy"}:
            raise DataError(f"patrons.toml: {file_kind} {patron.id}: pool: unknown pool {patron.pool!r}")
    for card in data.cards.values():
        if card.kind == "home" and card.power not in powers:
            raise DataError(f"cards.toml: card {card.number}: power: a home card needs its power")
    for space in data.spaces.values():
        if space.control not in owners | {"independent"}:
            raise DataError(f"spaces.toml: space {space.id}: control: unknown power {space.control!r}")
    for minor in data.minors.values():
        for who in (*minor.can_activate, *minor.can_deactivate, *minor.default_influence):
            if who not in powers:
                raise DataError(f"minors.toml: minor {minor.id}: unknown power {who!r}")
    for bonus in data.bonuses.values():
        for who in bonus.eligible:
            if who not in powers:
                raise DataError(f"bonuses.toml: bonus {bonus.id}: eligible: unknown power {who!r}")
    for scenario in data.scenarios.values():
        for royal_id in (*scenario.opening_betrothal, *(r for pair in scenario.married_at_start for r in pair)):
            if royal_id not in data.royals:
                raise DataError(f"scenarios.toml: scenario {scenario.id}: unknown royal {royal_id!r}")
    for space_id in (data.settings.morisco.start_space, *data.settings.morisco.unrest_spaces, data.settings.league.first_space, *data.settings.league.extra_territory):
        if space_id not in data.spaces:
            raise DataError(f"settings.toml: unknown space {space_id!r}")
    if data.settings.league.leader not in data.leaders:
        raise DataError("settings.toml: [league]: leader: unknown leader")
    if data.settings.marriage.courtship_beneficiary not in powers:
        raise DataError("settings.toml: [marriage]: courtship_beneficiary: unknown power")
    _check_map(data)


def _check_map(data: GameData) -> None:
    """Every map name is a real space, and every space has a position."""
    for position in data.positions.values():
        if position.space not in data.spaces:
            raise DataError(f"map.toml: position {position.space}: unknown space")
    for connection in data.connections:
        for name in (connection.a, connection.b):
            if name not in data.spaces:
                raise DataError(f"map.toml: connection {connection.a}-{connection.b}: unknown space {name!r}")
    missing = sorted(set(data.spaces) - set(data.positions))
    if missing:
        raise DataError(f"map.toml: space {missing[0]}: no position on the map")



def _check_relations(data: GameData) -> None:
    """Values that are each in range but do not fit together."""
    powers = set(data.power_ids)
    impulses = sorted(p.impulse for p in data.powers)
    repeated = next((n for n, m in zip(impulses, impulses[1:]) if n == m), None)
    if repeated is not None:
        raise DataError(f"powers.toml: impulse: two powers share impulse {repeated}")
    for power in data.powers:
        if power.capital and power.capital not in data.spaces:
            raise DataError(f"powers.toml: power {power.id}: capital: unknown space {power.capital!r}")
    for scenario in data.scenarios.values():
        where = f"scenarios.toml: scenario {scenario.id}"
        if scenario.last_turn < scenario.first_turn:
            raise DataError(f"{where}: last_turn: {scenario.last_turn} is before first_turn {scenario.first_turn}")
        if scenario.in_play_through_turn > scenario.last_turn:
            raise DataError(f"{where}: in_play_through_turn: {scenario.in_play_through_turn} is after last_turn {scenario.last_turn}")
        for space_id in scenario.control:
            if space_id not in data.spaces:
                raise DataError(f"{where}: control: unknown space {space_id!r}")
        for pair in (*scenario.wars, *scenario.married_at_start):
            if len(pair) != 2:
                raise DataError(f"{where}: {list(pair)!r}: must name two")
        if len(scenario.opening_betrothal) not in (0, 2):
            raise DataError(f"{where}: opening_betrothal: must name two royals, or none")
        for war in scenario.wars:
            for who in war:
                if who not in powers:
                    raise DataError(f"{where}: wars: unknown power {who!r}")
    for royal in data.royals.values():
        if royal.marriage_bonus and not royal.marriage_bonus_value:
            raise DataError(f"royals.toml: royal {royal.id}: marriage_bonus_value: must be at least 1 with a marriage_bonus")
        if royal.marriage_bonus_value and not royal.marriage_bonus:
            raise DataError(f"royals.toml: royal {royal.id}: marriage_bonus_value: must be 0 without a marriage_bonus")
    for scientist in data.scientists.values():
        if scientist.leader and scientist.leader not in data.leaders:
            raise DataError(f"patrons.toml: scientist {scientist.id}: leader: unknown leader {scientist.leader!r}")
    for space in data.spaces.values():
        if space.home and space.home not in powers | set(data.minors):
            raise DataError(f"spaces.toml: space {space.id}: home: unknown power {space.home!r}")
    for minor in data.minors.values():
        if minor.ally and minor.ally not in powers:
            raise DataError(f"minors.toml: minor {minor.id}: ally: unknown power {minor.ally!r}")
        for space_id in minor.home_spaces:
            if space_id not in data.spaces:
                raise DataError(f"minors.toml: minor {minor.id}: home_spaces: unknown space {space_id!r}")
    settings = data.settings
    victory = settings.victory
    if victory.catholic_win_at_or_below >= victory.religious_win_spaces:
        raise DataError(
            "settings.toml: [victory]: catholic_win_at_or_below: must be below religious_win_spaces "
            f"({victory.religious_win_spaces}), got {victory.catholic_win_at_or_below}"
        )
    regions = set(settings.religion.region_protestant) | {s.region for s in data.spaces.values() if s.region}
    for region in settings.religion.france_and_scotland_regions:
        if region not in regions:
            raise DataError(f"settings.toml: [religion]: france_and_scotland_regions: unknown region {region!r}")
    patronage = settings.patronage
    if str(patronage.event_box_cp) not in patronage.cp_modifier:
        raise DataError(f"settings.toml: [patronage]: event_box_cp: {patronage.event_box_cp} is not a box of cp_modifier")
    if patronage.prague_power not in powers:
        raise DataError(f"settings.toml: [patronage]: prague_power: unknown power {patronage.prague_power!r}")
    for vp, artist_types in patronage.artist_typed_markers.items():
        for artist_type in artist_types:
            if artist_type not in ARTIST_TYPES:
                raise DataError(f"settings.toml: [patronage]: artist_typed_markers.{vp}: {artist_type!r} is not one of {', '.join(map(repr, ARTIST_TYPES))}")
