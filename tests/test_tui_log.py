"""The full log (l) wraps lines to the width and draws only the rows on screen."""

from __future__ import annotations

from core.state import Phase
from tests.conftest import advance_to_phase, new_session
from tests.tui_helpers import app_for, show_session
from tui.screens.overlays import LogScreen
from tui.widgets.lazy_log import INDENT, LazyLog, wrap

SIZE = (80, 24)


def test_wrap_keeps_every_word_and_indents_continuations():
    line = "[MAR-4] France: wedding roll for Elisabeth of Valois and Philip II: 1d6 [3] +2 = 5"
    rows = wrap(line, 30)
    assert all(len(row) <= 30 for row in rows) and rows[1].startswith(INDENT)
    assert " ".join(row.strip() for row in rows) == line
    assert wrap("x" * 70, 30) == ["x" * 30, INDENT + "x" * 28, INDENT + "x" * 12]


async def test_full_log_at_a_late_turn_opens_at_the_latest_event_and_draws_only_its_rows(tmp_path, data):
    session = new_session(data, seed=3)
    advance_to_phase(session, Phase.NEGOTIATION, turn=4)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        while not hasattr(app.screen, "refresh_view"):
            await pilot.press("enter")
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        log = app.screen.query_one(LazyLog)
        assert len(log.lines) == len(session.log) > 100
        assert log.virtual_size.height >= len(log.lines) > log.size.height
        assert log.scroll_offset.y == log.max_scroll_y  # the latest events are in view
        last_row = log.render_line(log.size.height - 1)
        assert last_row.text.strip() and last_row.text.strip() in " ".join(log.lines[-3:])
