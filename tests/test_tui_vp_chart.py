"""The VP chart (g): VP by turn from the WIN-5 history and the WIN-6 ledger by source."""

from __future__ import annotations

import re
from pathlib import Path

from core import victory
from core.state import Phase
from tests.conftest import advance_to_phase, new_session
from tests.tui_helpers import app_for, screen_text, show_session, settle
from core.views import ONLOOKER
from tui.screens.vp_chart import SOURCE_NAMES, VpChartScreen, ledger_by_source, source_label

SIZE = (80, 24)


def test_win_5_records_each_powers_total_at_every_victory_determination(data):
    session = new_session(data, seed=3)
    advance_to_phase(session, Phase.NEGOTIATION, turn=3)
    history = session.state.vp_history
    assert len(history) == 2 and set(history[0]) == set(data.power_ids)
    assert history[-1] == {p: victory.total_vp(session.state, data, p) for p in data.power_ids}


def test_vp_by_turn_adds_the_current_turn_and_the_ledger_sums_to_the_totals(data):
    """WIN-5 / WIN-6 in the seat view the chart reads: one point per Victory Determination, then now."""
    session = new_session(data, seed=3)
    advance_to_phase(session, Phase.NEGOTIATION, turn=3)
    view = session.view(ONLOOKER)
    history = view.vp_history
    assert history.turns == (1, 2, 3) and all(len(totals) == 3 for _power, totals in history.totals)
    sources, amounts = ledger_by_source(view)
    assert "WIN-6" in sources
    for power in data.power_ids:
        assert sum(amounts[power].values()) == victory.total_vp(session.state, data, power)


async def test_g_opens_the_vp_chart_from_a_phase_screen(tmp_path, data):
    session = new_session(data, seed=3)
    advance_to_phase(session, Phase.NEGOTIATION, turn=2)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, VpChartScreen)
        text = screen_text(app)
        assert "VP by turn (WIN-5) and by source (WIN-6)" in text and "Power | VP | WIN-6" in text
        assert any("WIN-6 keys held" in str(legend.render()) for legend in app.screen.query(".chart-legend"))
        # a long play-test: the marks below the lowest total were drawn on the turns' row, a stray "2" under the axis
        by_turn = app.screen.query_one("#vp-by-turn")
        rows = [row.text for row in by_turn.render_lines(by_turn.region.reset_offset)]
        turns_row = rows[next(i for i, row in enumerate(rows) if "└" in row) + 1]
        assert turns_row.split() == ["1", "2"], turns_row
        await pilot.press("escape")
        assert not isinstance(app.screen, VpChartScreen)


def test_win_6_every_vp_source_the_engine_gives_is_named_in_the_legend():
    """WIN-6: each rule the engine gains VP by (a gain_vp call in core) has a name beside its ID in the
    chart's legend (play-test: a column headed "WIN-6" did not say it was the keys)."""
    core = Path(__file__).parent.parent / "core"
    rules = {rule for path in core.glob("*.py") for rule in re.findall(r'gain_vp\([^)]*?"([A-Z]+-[0-9]+[a-z]?)"', path.read_text())}
    assert rules and rules | {"WIN-6"} == set(SOURCE_NAMES)
    assert source_label("WIN-6") == "WIN-6 keys held (the Protestant: also its spaces)"


def test_the_charts_mark_whole_vp_only():
    """tmux re-test: the VP-by-source axis read 1.7, 3.3, 6.7 and 8.3 VP."""
    from tui.screens.vp_chart import whole_ticks

    for top in range(0, 60):
        ticks = whole_ticks(top)
        assert ticks[0] == 0 and ticks[-1] >= top and len(ticks) <= 6 and all(isinstance(t, int) for t in ticks)
    assert whole_ticks(10) == [0, 2, 4, 6, 8, 10] and whole_ticks(3) == [0, 1, 2, 3]


def test_a_legend_breaks_its_lines_between_names_only_each_beside_its_colour_mark():
    """Russian play-test at 80x24: "SCI-1 учёные" began a line, its colour mark left at the end of the line
    before (Rich breaks at any space, a no-break one too). Every line begins with a mark, holds whole names and
    fits the width, whatever the width."""
    from tui.screens.vp_chart import legend

    names = ["WIN-6 ключевые области (у Протестанта — также его области)", "SCI-1 учёные", "MAR-5 свадьбы", "PAT-8 покровительство", "Осм"]
    for width in range(64, 121):  # the longest name with its mark: 61 columns
        lines = legend(names, width).plain.split("\n")
        assert all(line.startswith("━━ ") and len(line) <= width for line in lines), (width, lines)
        assert [name for line in lines for name in line[3:].split("   ━━ ")] == names
