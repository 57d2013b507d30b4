"""Saves: cattrs snapshots, atomic writes, and strict loads that refuse bad files untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core import saves
from core.saves import SaveError
from core.sim import play
from tests.conftest import choose, new_session


@pytest.fixture(scope="module")
def finished(data):
    return play(data, 3)


def test_round_trip_reproduces_the_state_and_log(data, tmp_path, finished):
    path = saves.write(finished, tmp_path / "game.json")
    loaded = saves.load(path, data)
    assert loaded.state == finished.state
    assert [str(a.choice) for a in loaded.actions] == [a.choice for a in finished.actions]
    assert len(loaded.log) == len(finished.log)
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_save_format_header(data, finished):
    raw = saves.to_dict(finished)
    assert raw["format"] == "virgin-queen-save" and raw["version"] == saves.SAVE_VERSION
    assert raw["setup"]["seed"] == 3 and raw["setup"]["scenario"] == "campaign"
    # scenario, seed and the data fingerprint are stored once
    assert not {"seed", "scenario"} & set(raw) and not {"seed", "scenario", "data_fingerprint"} & set(raw["state"])
    assert {f["type"] for f in raw["state"]["stack"]} <= set(saves.FRAME_TAGS.values())


def test_mid_game_save_round_trips_pending_frames(data, tmp_path):
    session = new_session(data)
    choose(session, "opening postpone")
    loaded = saves.load(saves.write(session, tmp_path / "mid.json"), data)
    assert loaded.decision == session.decision


def _write_raw(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda text: "hello", "not JSON"),
        (lambda text: text[: len(text) // 2], "truncated"),
        (lambda text: json.dumps({"format": "chess", "version": 1}), "not a save file of this game"),
        (lambda text: text.replace(f'"version":{saves.SAVE_VERSION}', '"version":99', 1), "newer version"),
        (lambda text: text.replace('"type":"negotiation"', '"type":"dragon"', 1), "unknown pending-procedure type 'dragon'"),
    ],
)
def test_bad_files_are_refused_with_one_line_and_left_untouched(data, tmp_path, mutate, message):
    session = new_session(data)
    text = saves.dumps(session)
    path = _write_raw(tmp_path, mutate(text))
    before = path.read_bytes()
    with pytest.raises(SaveError, match=message) as info:
        saves.load(path, data)
    assert "\n" not in str(info.value) and str(path) in str(info.value)
    assert path.read_bytes() == before


def test_state_that_does_not_match_its_action_log_is_refused(data, tmp_path):
    session = new_session(data)
    raw = saves.to_dict(session)
    raw["state"]["powers"]["spain"]["vp_entries"].append({"rule": "MAR-5", "amount": 9, "reason": "forged", "turn": 1})
    path = _write_raw(tmp_path, json.dumps(raw))
    with pytest.raises(SaveError, match="does not match its action log"):
        saves.load(path, data)


def test_strict_types_refuse_coercion(data, tmp_path):
    raw = saves.to_dict(new_session(data))
    raw["state"]["turn"] = "1"
    with pytest.raises(SaveError, match=r"damaged: .*expected int @ save.state.turn"):
        saves.load(_write_raw(tmp_path, json.dumps(raw)), data)


def test_missing_file_message(data, tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        saves.load(tmp_path / "nope.json", data)


def test_saves_are_ordinary_readable_files(data, tmp_path):
    path = saves.write(new_session(data), tmp_path / "perm.json")
    assert path.stat().st_mode & 0o777 == saves.SAVE_FILE_MODE


def test_actions_are_saved_as_legible_lines(data):
    session = new_session(data)
    choose(session, "opening postpone")
    assert saves.to_dict(session)["actions"] == ["spain: opening postpone"]


def test_a_malformed_action_line_is_refused(data, tmp_path):
    raw = saves.to_dict(new_session(data))
    raw["actions"] = ["opening postpone"]
    with pytest.raises(SaveError, match="action 1 is not 'power: choice'"):
        saves.load(_write_raw(tmp_path, json.dumps(raw)), data)


@pytest.mark.parametrize("cut", [1, 10, 100, 1000, 5000, -2])
def test_a_save_cut_anywhere_is_reported_as_truncated(data, tmp_path, cut):
    text = saves.dumps(new_session(data))
    with pytest.raises(SaveError, match="truncated"):
        saves.load(_write_raw(tmp_path, text[:cut]), data)


V1_SAVES = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", ["v1-finished.json", "v1-event-kind.json", "v1-event-target.json"])
def test_version_1_saves_still_load_through_the_migration(data, name, tmp_path):
    """Saves written before seats and per-event frames: controllers become seats, the "event" frame
    becomes the event's own frame, and the replayed game agrees with what the old save recorded."""
    source = V1_SAVES / name
    raw = json.loads(source.read_text())
    assert raw["version"] == 1
    session = saves.load(source, data)
    names = {p["controller"] for p in raw["state"]["powers"].values()}
    assert {seat.name for seat in session.setup.seats} == names
    assert session.setup.controllers == {p: v["controller"] for p, v in raw["state"]["powers"].items()}
    if name != "v1-finished.json":
        assert session.decision is not None and session.decision.rule == ("PAT-10" if "kind" in name else "MAR-8")
        again = saves.load(saves.write(session, tmp_path / "v2.json"), data)  # written as v2, read back
        assert again.state == session.state and saves.to_dict(again)["version"] == saves.SAVE_VERSION


def test_a_version_1_save_whose_seed_disagrees_with_its_setup_is_refused(data, tmp_path):
    raw = json.loads((V1_SAVES / "v1-event-kind.json").read_text())
    raw["seed"] += 1
    with pytest.raises(SaveError, match="its seed .* differs from its set-up's"):
        saves.load(_write_raw(tmp_path, json.dumps(raw)), data)
