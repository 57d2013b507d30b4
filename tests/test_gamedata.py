"""Static data loading and validation (DATA.md): every bad value names file, record, field."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import shutil
import struct
import subprocess
import sys
import termios
import time
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
        ('[[royal]]\nid = "philip-ii"\neligibility = -1\n', "royal philip-ii: eligibility: must be 1 to 9, got -1"),
        ('[[royal]]\nid = "philip-ii"\ncolour = "red"\n', "royal philip-ii: colour: unknown field"),
        ("[victory]\nstandard = 3\n", r"\[victory\]: standard: unknown setting"),
        ("[[dragon]]\nid = 1\n", "dragon: unknown kind of record"),
    ],
)
def test_bad_override_is_refused_with_its_file_named(tmp_path, text, message):
    (tmp_path / "overrides.toml").write_text(text)
    with pytest.raises(DataError, match=message) as info:
        gamedata.load(tmp_path)
    assert "overrides.toml" in str(info.value)


# ---- ranges and relations of every setting and record, checked at load time (issue 12) -------------


def _override(folder: Path, text: str) -> str:
    (folder / "overrides.toml").write_text(text)
    with pytest.raises(DataError) as info:
        gamedata.load(folder)
    message = str(info.value)
    assert "\n" not in message and "overrides.toml" in message
    return message


def _royal(field: str, value: str) -> str:
    return f'[[royal]]\nid = "philip-ii"\n{field} = {value}\n'


def _card(field: str, value: str) -> str:
    return f"[[card]]\nnumber = 10\n{field} = {value}\n"


def _power(field: str, value: str) -> str:
    return f'[[power]]\nid = "spain"\n{field} = {value}\n'


def _scenario(*lines: str) -> str:
    return '[[scenario]]\nid = "campaign"\n' + "".join(f"{line}\n" for line in lines)


def _setting(section: str, field: str, value: str) -> str:
    return f"[{section}]\n{field} = {value}\n"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        # the examples of issue 12
        (_setting("victory", "protestant_spaces_per_vp", "0"), '[victory]: protestant_spaces_per_vp: must be 1 to 200, got 0'),
        (_scenario("last_turn = 0"), 'scenario campaign: last_turn: must be 1 to 8, got 0'),
        (_scenario("first_turn = 8", "last_turn = 1"), 'scenario campaign: last_turn: 1 is before first_turn 8'),
        (_setting("victory", "standard_vp", "-5"), '[victory]: standard_vp: must be 1 to 100, got -5'),
        (_royal("eligibility", "99999999999999999999"), 'royal philip-ii: eligibility: must be 1 to 9, got 99999999999999999999'),
        # the examples of issue 19: settings that crashed a game or broke its invariants, or were
        # refused without saying where
        (_setting("league", "removal_divisor", "0"), "[league]: removal_divisor: must be 1 to 20, got 0"),
        (_setting("morisco", "max_distance", "-1"), "[morisco]: max_distance: must be 0 to 20, got -1"),
        (_setting("independence", "regulars", "-2"), "[independence]: regulars: must be 0 to 20, got -2"),
        (_setting("suez", "target", "-100"), "[suez]: target: must be 1 to 72, got -100"),
        (_setting("suez", "vp", "-50"), "[suez]: vp: must be 0 to 100, got -50"),
        (_setting("league", "reims_regulars", "-4"), "[league]: reims_regulars: must be 0 to 20, got -4"),
        (_setting("league", "other_spaces", "1000"), "[league]: other_spaces: must be 1 to 200, got 1000"),
        (_setting("costs", "influence", "1000000000"), "[costs]: influence: must be 1 to 6, got 1000000000"),
        (_setting("victory", "standard_vp", str(10**18)), f"[victory]: standard_vp: must be 1 to 100, got {10**18}"),
        (_setting("morisco", "start_space", '"atlantis"'), "[morisco]: start_space: unknown space 'atlantis'"),
        (_power("impulse", "1"), "power spain: impulse: 1 is also Ottoman's impulse (GEN-1: one impulse each)"),
        ("a = " + "9" * 5000, "not valid TOML: a number of more than 4300 digits"),
        # every other setting of those sections, and the relations between them
        (_setting("suez", "box_bonus", "7"), "[suez]: box_bonus: must be 0 to 6, got 7"),
        (_setting("suez", "boxes", "0"), "[suez]: boxes: must be 1 to 10, got 0"),
        (_setting("suez", "excavation_bonus", "-1"), "[suez]: excavation_bonus: must be 0 to 6, got -1"),
        (_setting("suez", "target", "15"), "[suez]: target: 15 can never be rolled (SUEZ-1: at best 6 + boxes x box_bonus + excavation_bonus = 13)"),
        (_setting("morisco", "unrest_spaces", '["granada", "atlantis"]'), "[morisco]: unrest_spaces: unknown space 'atlantis'"),
        (_setting("league", "other_spaces", "0"), "[league]: other_spaces: must be 1 to 200, got 0"),
        (_setting("league", "other_spaces", "20"), "[league]: other_spaces: 20 is more than the 10 French home spaces Spain could choose (CL-2)"),
        (_setting("league", "first_space", '"madrid"'), "[league]: first_space: 'madrid' is not a French home space (CL-2)"),
        (_setting("league", "leader", '"alba"'), "[league]: leader: 'alba' is not an army leader who enters with the League (CL-4)"),
        (_setting("league", "leader", '"nobody"'), "[league]: leader: unknown leader 'nobody'"),
        (_setting("league", "extra_territory", '["atlantis"]'), "[league]: extra_territory: unknown space 'atlantis'"),
        ('[[minor]]\nid = "genoa"\ndefault_influence = { spain = 4 }\n', "minor genoa: default_influence.spain: 4 is above [costs] influence_cap_per_minor 3 (DIP-7)"),
        ('[[space]]\nid = "bayonne"\nindependent = false\n', "space bayonne: independent: must be true for a space under independent control (IND-1)"),
        (_scenario('control = { madrid = "independent" }'), "scenario campaign: control.madrid: madrid is not an independent-type space (IND-1)"),
        (_scenario('control = { madrid = "narnia" }'), "scenario campaign: control.madrid: unknown power 'narnia'"),
        (_power("auto_win_keys", "31"), "power spain: auto_win_keys: 31 is more than the 30 key spaces there are"),
        # scenarios
        (_scenario("first_turn = 0"), 'scenario campaign: first_turn: must be 1 to 8, got 0'),
        (_scenario("last_turn = 9"), 'scenario campaign: last_turn: must be 1 to 8, got 9'),
        (_scenario("in_play_through_turn = -1"), 'scenario campaign: in_play_through_turn: must be 0 to 8, got -1'),
        (_scenario("last_turn = 5", "in_play_through_turn = 6"), 'scenario campaign: in_play_through_turn: 6 is after last_turn 5'),
        (_scenario('control = { atlantis = "spain" }'), "scenario campaign: control: unknown space 'atlantis'"),
        (_scenario('wars = [["spain"]]'), "scenario campaign: wars: ['spain']: must name two"),
        (_scenario('wars = [["spain", "narnia"]]'), "scenario campaign: wars: unknown power 'narnia'"),
        (_scenario('opening_betrothal = ["philip-ii"]'), 'scenario campaign: opening_betrothal: must name two royals, or none'),
        # victory
        (_setting("victory", "domination_lead", "0"), '[victory]: domination_lead: must be 1 to 100, got 0'),
        (_setting("victory", "domination_from_turn", "9"), '[victory]: domination_from_turn: must be 1 to 8, got 9'),
        (_setting("victory", "religious_win_spaces", "0"), '[victory]: religious_win_spaces: must be 1 to 200, got 0'),
        (_setting("victory", "catholic_win_at_or_below", "-1"), '[victory]: catholic_win_at_or_below: must be 0 to 200, got -1'),
        (_setting("victory", "catholic_win_at_or_below", "50"), '[victory]: catholic_win_at_or_below: must be below religious_win_spaces (50), got 50'),
        (_setting("victory", "catholic_win_france_max", "-1"), '[victory]: catholic_win_france_max: must be 0 to 200, got -1'),
        # costs
        (_setting("costs", "influence", "0"), '[costs]: influence: must be 1 to 6, got 0'),
        (_setting("costs", "influence_cap_per_minor", "0"), '[costs]: influence_cap_per_minor: must be 1 to 10, got 0'),
        (_setting("costs", "mercenary", "0"), '[costs]: mercenary: must be 1 to 6, got 0'),
        (_setting("costs", "regular", "-2"), '[costs]: regular: must be 1 to 6, got -2'),
        (_setting("costs", "end_foreign_war", "0"), '[costs]: end_foreign_war: must be 1 to 6, got 0'),
        (_setting("costs", "mandatory_event_cp", "0"), '[costs]: mandatory_event_cp: must be 1 to 6, got 0'),
        # religion
        (_setting("religion", "region_protestant", "{ germany = -1 }"), '[religion]: region_protestant.germany: must be 0 to 200, got -1'),
        (_setting("religion", "france_and_scotland_regions", '["atlantis"]'), "[religion]: france_and_scotland_regions: unknown region 'atlantis'"),
        (_setting("religion", "region_names", '{ atlantis = "Atlantis" }'), "[religion]: region_names: unknown region 'atlantis'"),
        # patronage
        (_setting("patronage", "cp_modifier", "{}"), '[patronage]: cp_modifier: must not be empty'),
        (_setting("patronage", "cp_modifier", "{ two = 0 }"), "[patronage]: cp_modifier: key 'two': must be a whole number"),
        (_setting("patronage", "cp_modifier", "{ 0 = 0, 3 = 1 }"), "[patronage]: cp_modifier: key '0': must be 1 to 6, got 0"),
        (_setting("patronage", "cp_modifier", "{ 2 = 7, 3 = 1 }"), '[patronage]: cp_modifier.2: must be 0 to 6, got 7'),
        (_setting("patronage", "event_box_cp", "5"), '[patronage]: event_box_cp: 5 is not a box of cp_modifier'),
        (_setting("patronage", "prague_power", '"narnia"'), "[patronage]: prague_power: unknown power 'narnia'"),
        (_setting("patronage", "prague_modifier", "-1"), '[patronage]: prague_modifier: must be 0 to 6, got -1'),
        (_setting("patronage", "observatory_modifier", "9"), '[patronage]: observatory_modifier: must be 0 to 6, got 9'),
        (_setting("patronage", "artist_one_vp_markers", "-1"), '[patronage]: artist_one_vp_markers: must be 0 to 20, got -1'),
        (_setting("patronage", "artist_typed_markers", '{ 2 = ["sculptor"] }'), "[patronage]: artist_typed_markers.2: 'sculptor' is not one of 'writer', 'painter', 'architect'"),
        (_setting("patronage", "scientist_markers", "{ 1 = -4 }"), '[patronage]: scientist_markers.1: must be 0 to 20, got -4'),
        # marriage
        (_setting("marriage", "festivities_modifier", "-2"), '[marriage]: festivities_modifier: must be 0 to 6, got -2'),
        (_setting("marriage", "virgin_queen_vp_cap", "-1"), '[marriage]: virgin_queen_vp_cap: must be 0 to 100, got -1'),
        (_setting("marriage", "valois_vp", "-1"), '[marriage]: valois_vp: must be 0 to 100, got -1'),
        (_setting("marriage", "male_aging_keep_at", "7"), '[marriage]: male_aging_keep_at: must be 1 to 6, got 7'),
        (_setting("marriage", "male_aging_keep_at", "0"), '[marriage]: male_aging_keep_at: must be 1 to 6, got 0'),
        (_setting("marriage", "minimum_eligibility", "0"), '[marriage]: minimum_eligibility: must be 1 to 9, got 0'),
        (_setting("marriage", "minimum_eligibility", "4"), 'royal philip-ii: eligibility: 3 is below the minimum ([marriage] minimum_eligibility 4)'),
        # diplomacy
        (_setting("diplomacy", "scotland_religion_bonus", "-1"), '[diplomacy]: scotland_religion_bonus: must be 0 to 6, got -1'),
        # royals
        (_royal("eligibility", "0"), 'royal philip-ii: eligibility: must be 1 to 9, got 0'),
        (_royal("enters", "0"), 'royal philip-ii: enters: must be 1 to 8, got 0'),
        (_royal("marriage_bonus_value", "-1"), 'royal philip-ii: marriage_bonus_value: must be 0 to 6, got -1'),
        (_royal("marriage_bonus_value", "2"), 'royal philip-ii: marriage_bonus_value: must be 0 without a marriage_bonus'),
        (_royal("marriage_bonus", '"patronage"'), 'royal philip-ii: marriage_bonus_value: must be at least 1 with a marriage_bonus'),
        # cards
        (_card("cp", "0"), 'card 10: cp: must be 1 to 6, got 0'),
        (_card("cp", "7"), 'card 10: cp: must be 1 to 6, got 7'),
        (_card("enters", "9"), 'card 10: enters: must be 0 to 8, got 9'),
        # powers
        (_power("impulse", "0"), 'power spain: impulse: must be 1 to 6, got 0'),
        (_power("impulse", "1"), "power spain: impulse: 1 is also Ottoman's impulse (GEN-1: one impulse each)"),
        (_power("cards_by_keys", "[]"), 'power spain: cards_by_keys: must not be empty'),
        (_power("vp_by_keys", "[0, -1]"), 'power spain: vp_by_keys[1]: must be 0 to 100, got -1'),
        (_power("auto_win_keys", "-1"), 'power spain: auto_win_keys: must be 0 to 200, got -1'),
        (_power("ruler_card_bonus", "-1"), 'power spain: ruler_card_bonus: must be 0 to 15, got -1'),
        (_power("capital", '"atlantis"'), "power spain: capital: unknown space 'atlantis'"),
        # patrons
        ('[[artist]]\nid = "titian"\nrating = 4\n', 'artist titian: rating: must be 1 to 3, got 4'),
        ('[[artist]]\nid = "titian"\nenters = 0\n', 'artist titian: enters: must be 1 to 8, got 0'),
        ('[[scientist]]\nid = "le-testu"\nrating = 0\n', 'scientist le-testu: rating: must be 1 to 3, got 0'),
        ('[[scientist]]\nid = "le-testu"\nleader = "nobody"\n', "scientist le-testu: leader: unknown leader 'nobody'"),
        # spaces and minors
        ('[[space]]\nid = "madrid"\nregulars = -1\n', 'space madrid: regulars: must be 0 to 20, got -1'),
        ('[[space]]\nid = "madrid"\nmercenaries = -1\n', 'space madrid: mercenaries: must be 0 to 20, got -1'),
        ('[[space]]\nid = "madrid"\nhome = "narnia"\n', "space madrid: home: unknown power 'narnia'"),
        ('[[minor]]\nid = "genoa"\ndefault_influence = { spain = -1 }\n', 'minor genoa: default_influence.spain: must be 0 to 10, got -1'),
        ('[[minor]]\nid = "genoa"\nally = "narnia"\n', "minor genoa: ally: unknown power 'narnia'"),
        ('[[minor]]\nid = "genoa"\nhome_spaces = ["atlantis"]\n', "minor genoa: home_spaces: unknown space 'atlantis'"),
        # the file's own shape
        ("royal = [1]\n", 'royal #1: expected a [[royal]] record'),
        ("a = " + "[" * 5000, 'not valid TOML: nested too deeply'),
        ("a = " + "9" * 5000, 'not valid TOML: a number of more than 4300 digits'),
    ],
)


def test_an_override_out_of_range_or_out_of_step_is_refused(tmp_path, text, problem):
    assert _override(tmp_path, text) == f"{tmp_path / 'overrides.toml'}: {problem}"


def test_artists_and_scientists_can_both_be_overridden(tmp_path):
    (tmp_path / "overrides.toml").write_text('[[artist]]\nid = "titian"\nrating = 1\n\n[[scientist]]\nid = "le-testu"\nrating = 3\n')
    data = gamedata.load(tmp_path)
    assert data.artists["titian"].rating == 1 and data.scientists["le-testu"].rating == 3


def test_a_non_utf8_override_file_cannot_be_read(tmp_path):
    (tmp_path / "overrides.toml").write_bytes(b"[victory]\nstandard_vp = 30 # \xe9t\xe9\n")
    with pytest.raises(DataError, match=r"overrides.toml: cannot be read: not UTF-8 text \(byte 29\)$"):
        gamedata.load(tmp_path)


def test_sim_prints_one_line_and_exits_2_on_a_bad_override(tmp_path, capsys):
    from core.__main__ import main as core_main

    (tmp_path / "overrides.toml").write_bytes(b"\xff\xfe")
    assert core_main(["sim", "--save-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "overrides.toml: cannot be read: not UTF-8 text" in err


@pytest.mark.parametrize("typed_ahead", ["", "n", "a"])
def test_the_game_in_a_terminal_prints_one_line_and_exits_2_on_a_bad_override(tmp_path, typed_ahead):
    """virgin-queen reads the game data once the title is drawn (tui/app.py): bad data ends it there,
    and the terminal, given back, shows one line saying what is wrong, no traceback; also when a key
    that needs the data (n: the new-game form, a: About) was typed before the app read it."""
    (tmp_path / "overrides.toml").write_bytes(b"\xff\xfe")
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.write(master, typed_ahead.encode())
    game = subprocess.Popen(
        [sys.executable, "-m", "tui.app", "--save-dir", str(tmp_path)],
        stdin=slave, stdout=slave, stderr=slave, cwd=Path(__file__).parent.parent,
        env={**os.environ, "TERM": "xterm-256color", "VQ_LANG": "en"},
    )
    os.close(slave)
    output = b""
    deadline = time.monotonic() + 30
    try:
        while time.monotonic() < deadline:
            if not select.select([master], [], [], deadline - time.monotonic())[0]:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the game closed the terminal
                break
            if not chunk:
                break
            output += chunk
        assert game.wait(timeout=5) == 2, output.decode(errors="replace")[-2000:]
    finally:
        game.kill()
        os.close(master)
    text = output.decode(errors="replace")
    assert text.count("virgin-queen: bad game data:") == 1, text
    assert "overrides.toml: cannot be read: not UTF-8 text" in text and "Traceback" not in text
