"""The full log (l), Available to Wed (w) and the rules browser (?) are kept between opens (issue 12:
every keypress under 50 ms of CPU). These Pilot tests (80x24) check that a reopened overlay shows the
game as it is now, not as it was at the last open, and opens as new (no old filter or search)."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from core import marriage
from core.rules_text import entries
from core.state import Phase
from tests.conftest import advance_to_phase, ctx, new_session
from tests.tui_helpers import app_for, count_restyles, footer_entries, screen_text, show_session, settle
from tui.widgets.key_footer import KeyFooter
from tui.screens.game import PhaseScreen
from tui.screens.log_search import LogLines, LogSearchScreen
from tui.screens.overlays import TableScreen
from tui.screens.rules_browser import LIST_TEXT_WIDTH, RulesBrowser, list_line
from tui.widgets.rule_text import RuleText
from tui.widgets.tables import RowsTable

SIZE = (80, 24)


def footer_keys(screen: object) -> list[str]:
    return [entry.description for entry in footer_entries(screen)]


async def test_log_reopened_after_moves_shows_the_whole_new_log_without_the_old_filter(tmp_path, data):
    session = new_session(data)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("l", "slash", *"dice")
        await settle(pilot)
        first = app.screen
        assert isinstance(first, LogSearchScreen)
        before = len(session.log)
        await pilot.press("escape")
        advance_to_phase(session, Phase.ACTION, 2)
        await show_session(app, pilot)
        assert len(session.log) > before
        await pilot.press("l")
        await settle(pilot)
        assert app.screen is first  # kept, not built again
        lines = first.query_one(LogLines)
        assert lines.events == list(session.log) and lines.cursor == len(session.log) - 1
        assert first.query_one("#log-filter", Input).value == ""
        assert f"{len(session.log)} of {len(session.log)} log lines" in screen_text(app)
        assert session.log[-1].text in first.query_one("#log-detail").content  # the last line, under the cursor
        assert lines.has_focus
        assert_cursor_line_in_view(lines)


def assert_cursor_line_in_view(lines: LogLines) -> None:
    """Play-test: the log opened with the cursor's line (the newest) out of view, under a horizontal
    scrollbar or far below the top of a list that had not scrolled."""
    top, height = lines.scroll_offset.y, lines.scrollable_content_region.height
    assert not lines.show_horizontal_scrollbar
    assert top <= lines.cursor < top + height, (top, lines.cursor, height)


async def test_log_opened_the_first_time_shows_the_newest_line(tmp_path, data):
    session = new_session(data)
    advance_to_phase(session, Phase.ACTION, 2)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("l")
        await settle(pilot)
        assert_cursor_line_in_view(app.screen.query_one(LogLines))


async def test_log_reopened_on_another_game_shows_that_games_log(tmp_path, data):
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("l", "escape")
        other = new_session(data, seed=2)
        advance_to_phase(other, Phase.ACTION, 1)
        app.prepared = other
        await show_session(app, pilot)
        await pilot.press("l")
        await settle(pilot)
        assert app.screen.query_one(LogLines).events == list(other.log)


async def test_available_to_wed_reopened_after_a_betrothal_shows_it(tmp_path, data):
    session = new_session(data)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("w")
        await settle(pilot)
        first = app.screen
        assert isinstance(first, TableScreen)
        assert "betrothed to Archduke Charles" not in screen_text(app)
        await pilot.press("escape")
        marriage.end_betrothal(ctx(data, session.state), marriage.opening_betrothal(session.state))
        marriage.betroth(session.state, data, "elizabeth-i", "archduke-charles")
        app.controller.game_changed()  # as after a choice: the view is built anew
        await pilot.press("w")
        await settle(pilot)
        assert app.screen is first
        rows = {row[0].rstrip("*"): row for row in first.query_one(RowsTable).rows}
        assert rows["Elizabeth I"][-1].startswith("betrothed to Archduke Charles")
        await pilot.press("escape")
        await pilot.press("p")  # the Patronage chart is a table screen of its own
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen is not first
        assert "Patronage chart" in screen_text(app)


async def test_rule_help_reopened_at_a_new_decision_shows_its_rule_and_no_old_search(tmp_path, data):
    session = new_session(data)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("question_mark", "slash", *"Valois")
        await settle(pilot)
        first = app.screen
        assert isinstance(first, RulesBrowser) and first.query_one(OptionList).option_count < len(entries())
        await pilot.press("escape")
        advance_to_phase(session, Phase.ACTION, 1)
        await show_session(app, pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert app.screen is first and first.current_rule == session.decision.rule == "GEN-6"
        assert first.query_one("#rules-search", Input).value == ""
        assert first.query_one(OptionList).option_count == len(entries())
        assert first.query_one(RuleText).source.startswith("## GEN-6 (Game frame)")
        assert first.query_one(OptionList).has_focus


async def test_a_log_line_opens_the_kept_browser_and_rule_help_finds_it_at_the_decision(tmp_path, data):
    session = new_session(data)
    advance_to_phase(session, Phase.ACTION, 2)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("l", "slash", *"AGE", "enter", "enter")
        await settle(pilot)
        browser = app.screen
        assert isinstance(browser, RulesBrowser) and browser.current_rule == "AGE-1"
        await pilot.press("escape", "escape", "escape")  # the browser, the search (the whole log), the log
        await settle(pilot)
        assert isinstance(app.screen, PhaseScreen)
        await pilot.press("question_mark")
        await settle(pilot)
        assert app.screen is browser and browser.current_rule == "GEN-6"


async def test_the_footer_is_kept_on_reopen_and_follows_the_focus(tmp_path, data):
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("l")
        await settle(pilot)
        footer = app.screen.query_one(KeyFooter)
        keys = footer.entries
        assert "Rule of this line" in footer_keys(app.screen)
        await pilot.press("escape", "l")
        await settle(pilot)
        assert app.screen.query_one(KeyFooter) is footer and footer.entries is keys  # not laid out again
        await pilot.press("slash")  # the filter has the focus: Enter no longer opens a line's rule
        await settle(pilot)
        assert "Rule of this line" not in footer_keys(app.screen) and "Close" in footer_keys(app.screen)


def test_rule_text_keeps_bold_ids_and_tables_within_the_width():
    rule = RuleText()
    rule.show(next(e.markdown for e in entries() if e.id == "SCI-1"))
    text = rule._lay_out(48)[1]
    lines = text.plain.split("\n")
    assert lines[0].startswith("SCI-1 Scientist results") and max(len(line) for line in lines) <= 48
    assert any("Arrested by" in line and "6 or less" in line for line in lines)  # a table row, in columns
    assert rule.get_content_height(None, None, 48) == len(lines)  # type: ignore[arg-type]
    bold = [text.plain[span.start : span.end] for span in text.spans if "bold" in str(span.style)]
    assert "SCI-1" in bold


async def test_the_rules_list_shows_each_id_with_a_short_title_on_one_line(tmp_path):
    assert list_line(next(e for e in entries() if e.id == "GEN-3")) == "GEN-3   SD  Turn sequence"
    assert list_line(next(e for e in entries() if e.id == "TABLE-1")).startswith("TABLE-1     (table) Table")
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await settle(pilot)
        options = app.screen.query_one(OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert prompts[0] == "GEN-1   SD  Six major power…"
        assert max(len(p) for p in prompts) <= LIST_TEXT_WIDTH <= options.scrollable_content_region.width
        assert options.virtual_size.height == len(entries())  # no title wraps onto a second line
        assert app.screen.query_one(RuleText).content_size.width >= 46  # the widest table keeps its words


async def test_rule_help_reopened_scrolls_the_list_as_a_new_browser_would(tmp_path, data):
    session = new_session(data)
    advance_to_phase(session, Phase.ACTION, 1)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        await pilot.press("question_mark", "end")  # the list scrolled to its last rule
        await settle(pilot)
        options = app.screen.query_one(OptionList)
        assert options.scroll_offset.y > 0
        await pilot.press("escape", "question_mark")
        await settle(pilot)
        assert options.scroll_offset.y == 0 and app.screen.current_rule == "GEN-6"  # GEN-6 is in the first page


async def reopen(pilot, key: str, counted: list[str]) -> None:
    """Open the overlay of ``key`` and close it, then open it again with ``counted`` emptied first."""
    await pilot.press(key)
    await settle(pilot)
    await pilot.press("escape")
    await settle(pilot)
    counted.clear()
    await pilot.press(key)
    await settle(pilot)


async def test_an_overlay_reopened_on_an_unchanged_game_is_not_laid_out_again(tmp_path, data, monkeypatch):
    """Reopening the log (l) or rule help (?) with nothing changed only draws it: a text updated to the
    words it had, or a detail line set through a later message, laid the whole screen out once or twice
    more (issue 23: a key at most 2x one bound to nothing)."""
    from textual.screen import Screen

    layouts: list[str] = []
    refresh_layout = Screen._refresh_layout

    def counted(screen: Screen, *args: object, **kwargs: object) -> None:
        layouts.append(type(screen).__name__)
        refresh_layout(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    session = new_session(data)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        for key, kind in (("l", LogSearchScreen), ("question_mark", RulesBrowser)):
            await reopen(pilot, key, layouts)
            assert isinstance(app.screen, kind) and kind.__name__ not in layouts, layouts
            await pilot.press("escape")
            await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        lines = app.screen.query_one(LogLines)
        assert session.log[-1].text in app.screen.query_one("#log-detail").content
        assert_cursor_line_in_view(lines)


async def test_an_overlay_reopened_is_styled_anew_only_after_a_theme_change(tmp_path, data, monkeypatch):
    """Reopening the log (l) or rule help (?) restyles none of its widgets (Textual restyled them all at
    every open, ~5 ms: issue 23, a key at most 2x one bound to nothing); after a theme chosen while it
    was closed it is styled anew, in the new theme's colours."""
    restyled = count_restyles(monkeypatch)
    app = app_for(tmp_path, new_session(data))
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        for key, kind in (("l", LogSearchScreen), ("question_mark", RulesBrowser)):
            await reopen(pilot, key, restyled)
            assert isinstance(app.screen, kind) and kind.__name__ not in restyled, restyled
            box = app.screen.query_one(Input)
            background = box.styles.background
            await pilot.press("escape")
            await settle(pilot)
            app.theme = "textual-light" if app.theme != "textual-light" else "nord"
            await settle(pilot)
            restyled.clear()
            await pilot.press(key)
            await settle(pilot)
            assert kind.__name__ in restyled and app.screen.query_one(Input).styles.background != background
            await pilot.press("escape")
            await settle(pilot)
