"""Every setting in range (issue 19): any overrides.toml the loader accepts, made of values within the
ranges the data declares (core/gamedata.py), plays random games to their end with every invariant of
the fuzzer (core/sim.py) holding after every step."""

from __future__ import annotations

import json
import typing
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from core import gamedata, sim
from core.gamedata import DataError

pytestmark = pytest.mark.slow

GAMES_PER_OVERRIDE = 20  # issue 19: twenty random games for any override the loader accepts
OVERRIDES_TRIED = 6
# Fields an override may change at once: a few, so that most drawn overrides fit together and load.
MOST_FIELDS = 4


def _values(cls: type, field: attrs.Attribute) -> st.SearchStrategy[Any] | None:
    """Any value within the field's declared range or choices; None for a field with neither."""
    hint = typing.get_type_hints(cls)[field.name]
    low, high = field.metadata.get("range", (None, None))
    if "choices" in field.metadata:
        return st.sampled_from(field.metadata["choices"])
    if hint is bool:
        return st.booleans()
    if low is None:
        return None
    number = st.integers(low, high)
    if hint is int:
        return number
    if typing.get_origin(hint) is tuple:
        return st.lists(number, min_size=1, max_size=15)
    key_low, key_high = field.metadata.get("number_keys", (None, None))
    if key_low is None:
        return None  # a table keyed by names (powers, regions): its keys are not drawn
    keys = st.integers(key_low, key_high).map(str)
    return st.dictionaries(keys, number, min_size=1 if field.metadata.get("non_empty") else 0, max_size=6)


def _changes(cls: type) -> st.SearchStrategy[dict[str, Any]]:
    fields = {f.name: s for f in attrs.fields(cls) if f.name != "number" and (s := _values(cls, f)) is not None}
    names = st.lists(st.sampled_from(sorted(fields)), min_size=1, max_size=MOST_FIELDS, unique=True)
    return names.flatmap(lambda chosen: st.fixed_dictionaries({name: fields[name] for name in chosen}))


def _record_kinds() -> dict[str, tuple[type, list[str]]]:
    """Kinds of record an override can name (by id or number), with their ids in the shipped data."""
    data = gamedata.load()
    tables = {
        "power": [p.id for p in data.powers], "scenario": list(data.scenarios), "royal": list(data.royals),
        "leader": list(data.leaders), "artist": list(data.artists), "scientist": list(data.scientists),
        "card": [str(n) for n in data.cards], "space": list(data.spaces), "minor": list(data.minors),
    }
    classes = {key: cls for table in (gamedata.RECORD_FILES, gamedata.SECOND_ARRAYS) for key, cls in table.values()}
    return {kind: (classes[kind], ids) for kind, ids in tables.items()}


RECORD_KINDS = _record_kinds()


@st.composite
def overrides(draw: st.DrawFn) -> dict[str, Any]:
    """An override file as a dict: some settings sections and some records, each with a few fields."""
    out: dict[str, Any] = {}
    sections = typing.get_type_hints(gamedata.Settings)
    for section in draw(st.lists(st.sampled_from(sorted(sections)), max_size=3, unique=True)):
        out[section] = draw(_changes(sections[section]))
    for kind in draw(st.lists(st.sampled_from(sorted(RECORD_KINDS)), max_size=2, unique=True)):
        cls, ids = RECORD_KINDS[kind]
        ident = draw(st.sampled_from(ids))
        key = {"number": int(ident)} if kind == "card" else {"id": ident}
        out[kind] = [key | draw(_changes(cls))]
    assume(out)
    return out


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(map(_toml_value, value)) + "]"
    return json.dumps(value)  # a whole number, or text (TOML's basic strings are JSON's)


def to_toml(override: dict[str, Any]) -> str:
    lines = []
    for key, value in override.items():
        tables = value if isinstance(value, list) else [value]
        for table in tables:
            lines.append(f"[[{key}]]" if isinstance(value, list) else f"[{key}]")
            lines += [f"{field} = {_toml_value(item)}" for field, item in table.items()]
    return "\n".join(lines) + "\n"


def test_the_toml_written_here_reads_back_as_the_override(data, tmp_path):
    override = {"league": {"other_spaces": 3}, "patronage": {"cp_modifier": {"2": 0, "3": 2}}, "power": [{"id": "spain", "vp_by_keys": [0, 2]}]}
    (tmp_path / gamedata.OVERRIDE_FILE_NAME).write_text(to_toml(override))
    loaded = gamedata.load(tmp_path)
    assert loaded.settings.league.other_spaces == 3 and dict(loaded.settings.patronage.cp_modifier) == {"2": 0, "3": 2}
    assert loaded.power("spain").vp_by_keys == (0, 2)


def test_any_override_the_loader_accepts_plays_random_games_keeping_every_invariant(tmp_path_factory):
    """Drawn within the declared ranges; refused overrides (a relation between values) are skipped,
    accepted ones play GAMES_PER_OVERRIDE random games with sim's invariant checks (SimError on a
    broken invariant, an exception or a game that does not end)."""

    @settings(max_examples=OVERRIDES_TRIED, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
    @given(override=overrides(), first_seed=st.integers(1, 10_000))
    def check(override: dict[str, Any], first_seed: int) -> None:
        folder = tmp_path_factory.mktemp("override")
        (folder / gamedata.OVERRIDE_FILE_NAME).write_text(to_toml(override))
        try:
            changed = gamedata.load(folder)
        except DataError:
            assume(False)
            return
        for seed in range(first_seed, first_seed + GAMES_PER_OVERRIDE):
            sim.play(changed, seed)

    check()
