"""The map's connections (map.toml) and the distances MOR-3 will measure with them."""

from __future__ import annotations

import pytest

from core import gamedata
from core.geography import distance, neighbours


def test_the_iberian_connections_of_data_md_are_on_the_map_and_not_provisional(data):
    firm = {frozenset((c.a, c.b)) for c in data.connections if not c.provisional}
    assert firm == {frozenset(p) for p in [("granada", "seville"), ("granada", "madrid"), ("seville", "madrid"),
                                           ("madrid", "valladolid"), ("madrid", "barcelona")]}


def test_neighbours_of_granada_and_madrid(data):
    assert sorted(neighbours(data, "granada")) == ["madrid", "seville"]
    assert {"granada", "seville", "valladolid", "barcelona"} <= set(neighbours(data, "madrid"))


def test_mor_3_distances_from_granada(data):
    """MOR-3 counts spaces from Granada: Seville and Madrid 1, Valladolid and Barcelona 2."""
    assert distance(data, "granada", "granada") == 0
    assert distance(data, "granada", "seville") == 1
    assert distance(data, "granada", "valladolid") == 2
    assert distance(data, "granada", "barcelona") == 2
    assert distance(data, "barcelona", "granada") == 2


def test_every_space_has_a_position_and_a_connection(data):
    assert set(data.positions) == set(data.spaces)
    assert all(neighbours(data, space) for space in data.spaces)
    assert distance(data, "madrid", "london") is None  # the British Isles have no land connection


def test_a_map_naming_an_unknown_space_is_refused(tmp_path):
    import shutil

    from core.gamedata import DATA_DIR

    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    text = (copy / "map.toml").read_text().replace('a = "granada"', 'a = "atlantis"', 1)
    (copy / "map.toml").write_text(text)
    with pytest.raises(gamedata.DataError, match="map.toml: connection atlantis-seville: unknown space 'atlantis'"):
        gamedata.load(data_dir=copy)


def test_a_space_without_a_position_is_refused(tmp_path):
    import shutil

    from core.gamedata import DATA_DIR

    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    text = (copy / "map.toml").read_text().replace('[[position]]\nspace = "cairo"', '[[position]]\nspace = "tunis"', 1)
    (copy / "map.toml").write_text(text)
    with pytest.raises(gamedata.DataError, match="map.toml: space cairo: no position on the map"):
        gamedata.load(data_dir=copy)
