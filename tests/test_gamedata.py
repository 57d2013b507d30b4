"""Static data loading and validation (DATA.md): every bad value names file, record, field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from core import gamedata
from core.gamedata import DataError


def test_shipped_data_loads_with_card_counts_of_card_6(data):
    """CARD-6 / DATA.md: 40 deck cards on turn 1, 39 entering later, 4 of them with the League."""
    deck_cards = [c for c in data.cards.values() if c.kind != "home"]
    assert len([c for c in deck_cards if c.enters == 1]) == 40
    assert len([c for c in deck_cards if c.enters != 1]) == 39
    assert len([c for c in deck_cards if c.enters == 0]) == 4
    assert [p.id for p in data.powers] == ["ottoman", "spain", "england", "france", "empire", "protestant"]


def test_provisional_flags_are_kept(data):
    assert data.artists["titian"].provisional is False
    assert data.royals["philip-ii"].provisional is True
    assert data.settings.victory.provisional is True


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(gamedata.DATA_DIR, target)
    return target


def test_bad_value_is_reported_as_file_record_field_problem(tmp_path):
    folder = _copy_data(tmp_path)
    text = (folder / "royals.toml").read_text().replace("eligibility = 5", 'eligibility = "high"')
    (folder / "royals.toml").write_text(text)
    with pytest.raises(DataError, match=r"royals.toml: royal elizabeth-i: eligibility: expected a whole number"):
        gamedata.load(data_dir=folder)


def test_unknown_field_and_bad_choice_are_refused(tmp_path):
    folder = _copy_data(tmp_path)
    (folder / "royals.toml").write_text((folder / "royals.toml").read_text().replace('sex = "F"', 'sex = "X"', 1))
    with pytest.raises(DataError, match=r"royal isabella-clara-eugenia: sex: 'X' is not one of"):
        gamedata.load(data_dir=folder)


def test_broken_toml_names_the_file(tmp_path):
    folder = _copy_data(tmp_path)
    (folder / "cards.toml").write_text("[[card]\n")
    with pytest.raises(DataError, match=r"^cards.toml: not valid TOML"):
        gamedata.load(data_dir=folder)


def test_unknown_power_reference_is_refused(tmp_path):
    folder = _copy_data(tmp_path)
    (folder / "leaders.toml").write_text((folder / "leaders.toml").read_text().replace('power = "spain"', 'power = "narnia"', 1))
    with pytest.raises(DataError, match=r"leaders.toml: leader alba: power: unknown power 'narnia'"):
        gamedata.load(data_dir=folder)


def test_override_file_replaces_only_named_values(tmp_path):
    (tmp_path / "overrides.toml").write_text(
        '[[royal]]\nid = "philip-ii"\neligibility = 2\n\n[victory]\nstandard_vp = 30\n'
    )
    data = gamedata.load(tmp_path)
    assert data.royals["philip-ii"].eligibility == 2
    assert data.royals["philip-ii"].name == "Philip II"
    assert data.settings.victory.standard_vp == 30
    assert data.fingerprint != gamedata.load().fingerprint


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[royal]]\nid = "nobody"\neligibility = 2\n', "royal nobody: no such record"),
        ('[[royal]]\nid = "philip-ii"\neligibility = -1\n', "royal philip-ii: eligibility: below the minimum"),
        ('[[royal]]\nid = "philip-ii"\ncolour = "red"\n', "royal philip-ii: colour: unknown field"),
        ("[victory]\nstandard = 3\n", "victory: standard: unknown setting"),
        ("[[dragon]]\nid = 1\n", "dragon: unknown kind of record"),
    ],
)
def test_bad_override_is_refused_with_its_file_named(tmp_path, text, message):
    (tmp_path / "overrides.toml").write_text(text)
    with pytest.raises(DataError, match=message) as info:
        gamedata.load(tmp_path)
    assert "overrides.toml" in str(info.value)
