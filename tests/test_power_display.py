"""The power displays (`v`): the Suez track and canal on the Ottoman's (SUEZ-1..SUEZ-3), the Morisco's
space (MOR-2..MOR-4), the Catholic League and the Duke of Guise on Spain's (CL-1..CL-6), and which spaces
are independent (IND-1..IND-3); typed rows from core/views.py, laid out by tui/display.py."""

from __future__ import annotations

import itertools

from textual.geometry import Region

from core.walkthroughs import WALKTHROUGHS, play_through
from tests.tui_helpers import app_for, screen_text, show_session, settle
from tui.display import power_display_lines
from tui.screens.overlays import TextScreen

SIZE = (80, 24)


def _display(session, power):
    view = session.view(session.setup.seats[0])
    return next(d for d in view.powers if d.power == power), view


def test_suez_1_2_the_ottoman_display_shows_the_attempts_track(data):
    session, _ = play_through(WALKTHROUGHS["suez-canal"], data, steps=2)
    display, view = _display(session, "ottoman")
    track = display.suez
    assert (track.attempts, track.boxes, track.next_modifier, track.target, track.built) == (1, 5, 3, 6, False)
    assert track.benefit == ""
    lines = power_display_lines(view)
    assert any("attempts [x][ ][ ][ ][ ] 1/5, next dig 1d6 +3, 6+ builds" in line for line in lines)
    assert all(d.suez is None for d in view.powers if d.power != "ottoman")


def test_suez_3_the_built_canal_and_its_expedition_benefit(data):
    session, _ = play_through(WALKTHROUGHS["suez-canal"], data, steps=4)
    display, view = _display(session, "ottoman")
    assert display.suez.built and "Indian Ocean at full strength" in display.suez.benefit
    assert any(line.startswith("  Suez Canal (SUEZ-3): built") and "colonies" in line for line in power_display_lines(view))


def test_mor_2_3_the_ottoman_display_shows_the_morisco(data):
    session, _ = play_through(WALKTHROUGHS["morisco-revolt"], data, steps=0)
    display, view = _display(session, "ottoman")
    assert display.morisco.space == "" and any("Morisco (MOR-2): not in play" in line for line in power_display_lines(view))
    session, _ = play_through(WALKTHROUGHS["morisco-revolt"], data, steps=7)
    display, view = _display(session, "ottoman")
    assert (display.morisco.space, display.morisco.from_start, display.morisco.limit) == ("Barcelona", 2, 2)
    assert any("Morisco (MOR-3): in Barcelona, 2 of at most 2 spaces from Granada" in line for line in power_display_lines(view))


def test_cl_1_to_6_spains_display_shows_the_league_and_guise(data):
    session, _ = play_through(WALKTHROUGHS["catholic-league"], data, steps=7)
    display, view = _display(session, "spain")
    league = display.league
    assert (league.formed_turn, league.deals_barred, league.guise) == (1, True, "in Reims")
    assert all(d.league is None for d in view.powers if d.power != "spain")
    assert any("formed on turn 1; Duke of Guise (CL-6): in Reims" in line and "CL-5" in line for line in power_display_lines(view))


def test_ind_1_3_the_displays_list_which_spaces_are_independent(data):
    session, _ = play_through(WALKTHROUGHS["ind-city-state-rebels"], data, steps=0)
    view = session.view(session.setup.seats[0])
    assert {r.space: (r.independent, r.held_by) for r in view.independent} == {
        "metz": (False, "France"), "tunis": (True, ""), "florence": (True, ""), "bayonne": (True, ""),
    }
    session, _ = play_through(WALKTHROUGHS["ind-city-state-rebels"], data, steps=8)
    view = session.view(session.setup.seats[0])
    metz = next(r for r in view.independent if r.space == "metz")
    assert (metz.independent, metz.regulars, metz.key) == (True, 2, True)
    assert "  Metz (key): independent, 2 regulars" in power_display_lines(view)


async def test_v_shows_the_suez_track_morisco_league_and_independent_spaces(tmp_path, data):
    session, _ = play_through(WALKTHROUGHS["catholic-league"], data, steps=7)
    session.state.suez_attempts = 2
    session.state.morisco_space = "madrid"
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, TextScreen)
        text = screen_text(app)
        assert "Suez Canal (SUEZ-1, SUEZ-2): not built; attempts [x][x][ ][ ][ ] 2/5" in text
        assert "Morisco (MOR-3): in Madrid, 1 of at most 2 spaces from Granada" in text
        assert "Catholic League (CL-1): formed on turn 1; Duke of Guise (CL-6): in Reims" in text
        assert "Independent spaces (IND-1..IND-3):" in text and "Tunis (key): independent, 2 regulars" in text
        # hot-seat play-test: a wrapped row began at the first column, under the power's name; it keeps its line's indent
        body = app.screen.query_one("#text-body")
        rows = iter(strip.text.rstrip() for strip in body.render_lines(Region(0, 0, body.size.width, body.size.height)))
        wrapped = 0
        for line in body.content.split("\n"):
            indent, remaining = " " * (len(line) - len(line.lstrip())), line.strip()
            for count in itertools.count():
                row = next(rows)
                assert row.startswith(indent) and remaining.startswith(row.strip()), (line, row)
                remaining = remaining[len(row.strip()):].lstrip()
                wrapped += count > 0 and bool(indent)
                if not remaining:
                    break
        assert wrapped, "no indented line long enough to wrap at 80 columns"


def test_win_6_the_ledger_adds_up_entries_of_the_same_reason_and_rule():
    """Newcomer play-test: England's ledger read "+1 VP for Virgin Queen (VQ-1); +1 VP for Virgin Queen
    (VQ-1)", which looked like a mistake; the same reason and rule read once with their sum."""
    from core.i18n import msg, msgn
    from core.victory import VpLine
    from core.views import VpRow
    from tui import display

    queen = VpLine("VQ-1", 1, msg("Virgin Queen"))
    keys = VpLine("WIN-6", 6, msgn("{count} key space on the power card track", "{count} key spaces on the power card track", 3))
    row = VpRow("england", "England", 9, (keys, queen, VpLine("MAR-6", 1, msg("Virgin Queen")), queen))
    assert display.vp_cells(row)[2] == ("+6 VP for 3 key spaces on the power card track (WIN-6); "
                                        "+2 VP for Virgin Queen (VQ-1); +1 VP for Virgin Queen (MAR-6)")


def test_win_6_a_key_track_of_provisional_data_is_marked_and_explained(data):
    """Russian play-test: England's "+6 VP for 3 key spaces" beside 1 VP a key for others read as a bug;
    the power cards' tracks are provisional data ([P]): the ledger marks the line and says what * means."""
    from core.views import ONLOOKER
    from tests.conftest import new_session
    from tui import display

    view = new_session(data).view(ONLOOKER)
    england = next(row for row in view.vp if row.power == "england")
    assert england.lines[0].provisional and data.power("england").provisional  # DATA.md: the tracks are [P]
    assert "+6 VP for 3 key spaces on the power card track* (WIN-6)" in display.vp_cells(england)[2]
    assert display.power_display_lines(view)[-1] == "* provisional: a value not from the printed game"


def test_card_7_each_step_of_a_card_count_reads_its_cards_then_why():
    """Hot-seat play-test: "6 (track square for 10 key spaces), -1 Unrest in 2 spaces covers 2 more squares" read as a
    contradiction (two squares, one card); each step reads as the first does, its cards then why, but a Card marker's
    line, which begins with its own number."""
    from core.views import DealRow, DealStep
    from tui import display

    steps = (DealStep("CARD-7", "track square for 10 key spaces", 6), DealStep("CARD-7", "Unrest in 2 spaces covers 2 more squares", -1),
             DealStep("CARD-7", "ruler card bonus", 1), DealStep("MAR-5", "+1 Card marker: True Love", 1))
    assert display.deal_cells(DealRow("spain", "Spain", 7, steps)) == ("Spain", "7", (
        "6 (track square for 10 key spaces), -1 (Unrest in 2 spaces covers 2 more squares), +1 (ruler card bonus), "
        "+1 Card marker: True Love"))
