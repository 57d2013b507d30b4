"""The schematic map (m): nodes at their map.toml positions, arrow keys, detail, table actions."""

from __future__ import annotations

from core.views import ONLOOKER
from tests.conftest import new_session
from tests.tui_helpers import app_for, compare_snapshot, screen_text, show_session, settle
from tui.screens.game import NegotiationScreen
from tui.screens.map import MapScreen, nearest_in_direction, node_label, space_codes, space_summary
from tui.screens.overlays import TextScreen

SIZE = (80, 24)


def test_codes_are_unique_and_labels_mark_key_spaces_units_and_unrest(data):
    session = new_session(data)
    codes = space_codes(data)
    assert len(set(codes.values())) == len(codes)
    spaces = {row.id: row for row in session.view(ONLOOKER).spaces}
    assert node_label(spaces["madrid"], codes["madrid"]) == "MAD5"  # key space, 4 regulars + 1 merc
    session.state.spaces["granada"].unrest = True
    spaces = {row.id: row for row in session.view(ONLOOKER).spaces}
    assert node_label(spaces["granada"], codes["granada"]).endswith("!")


def test_mor_1_the_morisco_unit_is_on_the_map_where_it_stands(data):
    """A long play-test: after the Morisco Revolt the map showed Granada 'Units: none', 'v' the Morisco in it."""
    session = new_session(data)
    codes = space_codes(data)
    spaces = {row.id: row for row in session.view(ONLOOKER).spaces}
    assert not spaces["granada"].morisco and "Units: none" in space_summary(data, spaces["granada"])
    session.state.morisco_space = "granada"
    spaces = {row.id: row for row in session.view(ONLOOKER).spaces}
    assert spaces["granada"].morisco and node_label(spaces["granada"], codes["granada"])[-1] == "1"
    assert "Units: the Morisco (Ottoman, MOR-3)." in space_summary(data, spaces["granada"])


def test_every_space_can_be_reached_with_the_arrows(data):
    seen, frontier = {"madrid"}, ["madrid"]
    while frontier:
        here = frontier.pop()
        for arrow in ("left", "right", "up", "down"):
            there = nearest_in_direction(data, here, arrow)
            if there not in seen:
                seen.add(there)
                frontier.append(there)
    assert seen == set(data.spaces)


def test_arrows_move_to_the_nearest_space_that_way(data):
    assert nearest_in_direction(data, "madrid", "left") in ("valladolid", "seville")
    assert nearest_in_direction(data, "madrid", "right") == "granada"
    assert nearest_in_direction(data, "stirling", "right") == "edinburgh"
    assert nearest_in_direction(data, "seville", "down") == "seville"  # nothing further south-west


async def test_map_screen_keys_detail_and_table_action(tmp_path, data):
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("m")
        assert isinstance(app.screen, MapScreen)
        compare_snapshot(app, "map")
        start = app.screen.selected
        await pilot.press("right")
        assert app.screen.selected == nearest_in_direction(data, start, "right") != start
        await pilot.press("enter")
        assert isinstance(app.screen, TextScreen) and "Connects to:" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, NegotiationScreen)
        assert app.controller.session.decision.rule == "TABLE-1"
