"""Each workaround of tui/textual_private.py still works on the Textual installed: these fail when an
upgrade moves or changes the private API a workaround uses."""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import os
import shlex
import pty
import queue
import re
import subprocess
import sys
import threading
import tracemalloc
import tty

import pyte
from textual import events
from textual.app import App, ComposeResult
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver
from textual.binding import Binding
from textual.screen import Screen
import pytest
from textual.containers import VerticalScroll
from textual.widgets import Input, RichLog, Select, Static
from textual.widgets._select import SelectOverlay
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from tests.tui_helpers import count_restyles
from tui.textual_private import (
    CoveredScreensApp,
    KeysInOrderInput,
    LaidOutOnceScroll,
    LaidOutOnceStatic,
    QUERY_CACHE_SIZE,
    SteadyOptionList,
    SteadySelect,
    compose_ahead,
    forget_gone_widgets_styles,
    prompt_input_driver,
    record_frames,
    replace_first_screen,
    served_with_middleware,
    STRIP_CACHE_SIZES,
    STRIP_SLOTS,
    StyledAnewOnlyWhenStale,
    bounded_line_cache,
    bounded_query_cache,
    strips_make_caches_at_first_use,
    withdraw_notification,
)
from tui.widgets.key_footer import KeyFooter


class Small(App[None]):
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("a", "noop", "Alpha"), Binding("b", "noop", "Beta")]

    def compose(self) -> ComposeResult:
        yield Static("the frame recorder reads this", id="text")
        yield KeyFooter()

    def action_noop(self) -> None:
        return None


async def test_render_caches_are_cleared_by_forget_gone_widgets_styles():
    from textual._styles_cache import StylesCache

    async with Small().run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        assert StylesCache.get_inner_outer.cache_info().currsize > 0, "Textual no longer memoizes get_inner_outer: drop the workaround"
        forget_gone_widgets_styles()
        assert StylesCache.get_inner_outer.cache_info().currsize == 0


async def test_every_frame_is_recorded_as_a_terminal_would_receive_it():
    screen = pyte.Screen(40, 6)
    stream = pyte.Stream(screen)
    frames: list[str] = []

    def on_frame(output: str) -> None:
        stream.feed(output)
        frames.append("\n".join(screen.display))

    app = Small()
    record_frames(app, on_frame)
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        app.query_one("#text", Static).update("a second frame")
        await pilot.pause()
    assert any("the frame recorder reads this" in frame for frame in frames)
    assert "a second frame" in frames[-1]


class TwoSelects(App[None]):
    ENABLE_COMMAND_PALETTE = False
    OPTIONS = [(f"option {n}", str(n)) for n in range(30)]

    def compose(self) -> ComposeResult:
        yield Select(self.OPTIONS, value="0", allow_blank=False, id="plain")
        yield SteadySelect(self.OPTIONS, value="0", allow_blank=False, id="steady")
        yield SteadyOptionList(*[label for label, _ in self.OPTIONS], id="list")


async def test_page_keys_wait_until_a_select_overlay_or_option_list_has_lines():
    async with TwoSelects().run_test(size=(40, 12)) as pilot:
        app = pilot.app
        await pilot.pause()
        plain, steady = app.query_one("#plain", Select), app.query_one("#steady", SteadySelect)
        plain.expanded = steady.expanded = True  # opened: the overlays are not laid out before the next refresh
        with pytest.raises(KeyError):
            plain.query_one(SelectOverlay).action_page_down()  # fails when Textual guards it: drop the workaround
        overlay = steady.query_one(SelectOverlay)
        assert type(overlay).__name__ == "_SteadySelectOverlay", "Select composes its overlay differently now"
        overlay.action_page_down()  # ignored: no lines yet
        assert overlay.highlighted == 0
        await pilot.pause()
        overlay.action_page_down()
        assert overlay.highlighted and overlay.highlighted > 0
        listing = app.query_one("#list", SteadyOptionList)
        listing.display = False
        await pilot.pause()
        listing.highlighted = 0
        listing.action_page_down()
        assert listing.highlighted == 0


class TwoLineOptions(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def compose(self) -> ComposeResult:
        yield SteadyOptionList(*[f"option {n}\nits second line" for n in range(10)], id="list")


async def test_an_option_half_on_screen_is_not_whole_in_view():
    async with TwoLineOptions().run_test(size=(40, 7)) as pilot:
        await pilot.pause()
        listing = pilot.app.query_one("#list", SteadyOptionList)
        assert listing.scrollable_content_region.height == 5  # inside its border: options 0-1, and 2's first line
        assert listing.whole_in_view(1) and not listing.whole_in_view(2)


async def test_an_option_list_scrolled_to_its_highlight_never_opens_on_an_options_second_line():
    """Walkthrough play-test: scrolled just far enough to show the highlighted option, the list's top row was the
    second line of the option above it. In 5 rows of two-line options, option 3 highlighted would show option 1's
    second line first: the list scrolls on past it (Textual 8.2's ``_index_to_line`` and ``_heights``)."""
    async with TwoLineOptions().run_test(size=(40, 7)) as pilot:
        await pilot.pause()
        listing = pilot.app.query_one("#list", SteadyOptionList)
        listing.highlighted = 3
        await pilot.pause()
        assert listing.scroll_offset.y % 2 == 0 and listing.whole_in_view(3)
        listing.highlighted = 0  # up: the top row is the highlighted option's first
        await pilot.pause()
        assert listing.scroll_offset.y == 0


async def test_an_option_list_says_whether_an_option_is_whole_on_screen():
    async with TwoSelects().run_test(size=(40, 12)) as pilot:
        app = pilot.app
        await pilot.pause()
        listing = app.query_one("#list", SteadyOptionList)
        height = listing.scrollable_content_region.height
        assert 0 < height < len(TwoSelects.OPTIONS)
        assert listing.whole_in_view(0) and listing.whole_in_view(height - 1)
        assert not listing.whole_in_view(height) and not listing.whole_in_view(len(TwoSelects.OPTIONS) - 1)
        listing.highlighted = len(TwoSelects.OPTIONS) - 1  # scrolled to the end
        await pilot.pause()
        assert listing.whole_in_view(len(TwoSelects.OPTIONS) - 1) and not listing.whole_in_view(0)
        assert not listing.whole_in_view(len(TwoSelects.OPTIONS))  # no such option


async def test_an_option_lists_arrows_stop_at_its_ends():
    """Spanish play-test: Textual's wrap took a Down too many on the last of two saves back to the first, and the
    wrong save was loaded. The arrows stop at the last option that can be highlighted, and at the first."""
    from textual.widgets.option_list import Option

    async with TwoLineOptions().run_test(size=(40, 7)) as pilot:
        listing = pilot.app.query_one("#list", SteadyOptionList)
        listing.set_options([Option("first"), Option("second"), Option("greyed", disabled=True)])
        listing.focus()
        await pilot.press("down")
        assert listing.highlighted == 0
        await pilot.press("up")
        assert listing.highlighted == 0
        await pilot.press("down", "down", "down")
        assert listing.highlighted == 1
        listing.highlighted = None
        await pilot.press("up")  # from nothing highlighted: the last that can be
        assert listing.highlighted == 1



async def test_a_select_overlays_arrows_stop_at_its_ends():
    """Re-test: the new-game form's drop-downs wrapped from "Computer: search", the last, to "Person", the first."""
    async with TwoSelects().run_test(size=(40, 12)) as pilot:
        steady = pilot.app.query_one("#steady", SteadySelect)
        steady.expanded = True
        await pilot.pause()
        overlay = steady.query_one(SelectOverlay)
        overlay.highlighted = len(TwoSelects.OPTIONS) - 1
        overlay.action_cursor_down()
        assert overlay.highlighted == len(TwoSelects.OPTIONS) - 1
        overlay.highlighted = 0
        overlay.action_cursor_up()
        assert overlay.highlighted == 0


class Named(Screen[None]):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="named")


class FirstScreen(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def get_default_screen(self) -> Screen[None]:
        return Named("first")


async def test_the_first_screen_is_replaced_and_removed():
    app = FirstScreen()
    async with app.run_test() as pilot:
        first = app.screen
        replace_first_screen(app, Named("second"))
        await pilot.pause()
        assert app.screen_stack == [app.screen] and app.screen is not first and not first.is_attached
        assert str(app.screen.query_one("#named", Static).content) == "second"
        app.push_screen(Named("above"))
        await pilot.pause()
        app.pop_screen()  # the screen that replaced the first takes screens above it as the first did
        await pilot.pause()
        replace_first_screen(app, Named("third"))  # and is replaced in its turn
        await pilot.pause()
        assert str(app.screen.query_one("#named", Static).content) == "third" and len(app.screen_stack) == 1


class CountedCompose(Named):
    composed = 0

    def compose(self) -> ComposeResult:
        CountedCompose.composed += 1
        yield from super().compose()


async def test_a_screen_composed_ahead_is_composed_once_and_shown_when_pushed():
    """An installed screen composed ahead has its widgets styled before it is ever shown, and its first
    push only shows them (this fails when an upgrade composes a running screen again, or no longer
    starts one that is registered: then compose it at its push, as before)."""
    app = FirstScreen()
    async with app.run_test() as pilot:
        ahead = CountedCompose("ahead")
        app.install_screen(ahead, "ahead")
        compose_ahead(app, ahead)
        await pilot.pause()
        label = ahead.query_one("#named", Static)
        assert CountedCompose.composed == 1 and label.is_mounted and label.styles.height is not None
        assert app.screen is not ahead and "ahead" not in app.export_screenshot()
        app.push_screen("ahead")
        await pilot.pause()
        assert app.screen is ahead and ahead.query_one("#named", Static) is label and CountedCompose.composed == 1
        assert "ahead" in app.export_screenshot()


class Overlay(Named):
    DEFAULT_CSS = "Overlay { background: $background 100%; }"


class SeeThrough(Named):
    DEFAULT_CSS = "SeeThrough { background: $background 50%; }"


@pytest.mark.parametrize("covering", [True, False])
async def test_a_screen_under_an_opaque_one_is_not_drawn(covering, monkeypatch):
    """Textual draws the screen under the top one whatever covers it (this fails when an upgrade stops
    doing so: drop the workaround); under CoveredScreensApp an opaque overlay leaves it undrawn and not
    current, and a see-through one shows it as before."""

    class Base(CoveredScreensApp if covering else App[None]):  # type: ignore[misc]
        ENABLE_COMMAND_PALETTE = False

        def get_default_screen(self) -> Screen[None]:
            return Named("board")

    drawn: list[str] = []
    compositor_refresh = Screen._compositor_refresh

    def counted(screen: Screen) -> None:
        drawn.append(str(screen.query_one("#named", Static).content))
        compositor_refresh(screen)

    monkeypatch.setattr(Screen, "_compositor_refresh", counted)
    app = Base()
    async with app.run_test() as pilot:
        board = app.screen
        await pilot.pause()
        drawn.clear()
        app.push_screen(Overlay("log"))
        await pilot.pause()
        await pilot.pause()
        assert ("board" in drawn) is not covering and board.is_current is not covering
        app.pop_screen()
        await pilot.pause()
        assert "board" in app.export_screenshot()
        app.push_screen(SeeThrough("note"))
        await pilot.pause()
        assert board.is_current and board in app._background_screens


class ThemedOverlay(Named):
    DEFAULT_CSS = "ThemedOverlay { background: $background 100%; } ThemedOverlay Static { color: $text-primary; }"


class KeptOverlay(StyledAnewOnlyWhenStale, ThemedOverlay):
    pass


@pytest.mark.parametrize("kept_styles", [True, False])
async def test_a_kept_screen_is_styled_anew_when_shown_only_after_the_app_changed(kept_styles, monkeypatch):
    """Textual restyles every node of a screen each time it is pushed (this fails when an upgrade stops
    doing so, or stops calling each class's ScreenResume handler: drop or mend the workaround). A
    StyledAnewOnlyWhenStale screen is restyled only after a theme change or a change of the terminal's
    focus while it was hidden, and then shows the new theme."""
    restyled = count_restyles(monkeypatch)
    overlay = KeptOverlay("log") if kept_styles else ThemedOverlay("log")
    app = Small()
    async with app.run_test() as pilot:
        app.install_screen(overlay, "kept")
        for change in ("nothing", "theme", "focus", "nothing"):
            app.push_screen("kept")
            await pilot.pause()
            text_colour = overlay.query_one("#named", Static).styles.color
            app.pop_screen()
            await pilot.pause()
            if change == "theme":
                app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
            elif change == "focus":
                app.app_focus = False
            await pilot.pause()
            restyled.clear()
            app.push_screen("kept")
            await pilot.pause()
            assert (type(overlay).__name__ in restyled) is (change != "nothing" or not kept_styles), (change, restyled)
            assert (overlay.query_one("#named", Static).styles.color != text_colour) is (change == "theme")
            app.pop_screen()
            await pilot.pause()
            app.app_focus = True
            await pilot.pause()


class BlurredApp(Small):
    CSS = "App:blur #named { color: green; }"


@pytest.mark.parametrize("change", ["theme chosen as it is popped", "focus lost while it is covered"])
async def test_a_kept_screen_missing_an_app_change_while_hidden_is_styled_anew_at_its_next_show(change):
    """A change may not reach a screen as it is hidden (a theme chosen as it is popped: Textual restyles
    the stack, which it has left; the terminal's focus lost while another screen covers it: Textual
    restyles the top screen only). Its next show styles it as a fresh screen would be."""
    overlay = KeptOverlay("log")
    app = BlurredApp()
    async with app.run_test() as pilot:
        app.install_screen(overlay, "kept")
        app.push_screen("kept")
        await pilot.pause()
        if change == "theme chosen as it is popped":
            app.pop_screen()
            app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        else:
            app.push_screen(Named("cover"))
            await pilot.pause()
            app.app_focus = False
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
            app.pop_screen()
        await pilot.pause()
        app.push_screen("kept")
        await pilot.pause()
        shown = overlay.query_one("#named", Static).styles.color
        overlay.update_node_styles(animate=False)
        assert shown == overlay.query_one("#named", Static).styles.color


class GrowingText(App[None]):
    """A pane of text in a scrolling box, as the board's phase panel is."""

    def __init__(self, once: bool) -> None:
        super().__init__()
        self.once = once

    def compose(self) -> ComposeResult:
        scroll, static = (LaidOutOnceScroll, LaidOutOnceStatic) if self.once else (VerticalScroll, Static)
        with scroll(id="pane"):
            yield static("one line", id="text")


async def _layouts_when_the_text_becomes(pilot, lines: int) -> int:
    screen = pilot.app.screen
    refresh_layout = screen._refresh_layout
    layouts = 0

    def counted(*args, **kwargs):
        nonlocal layouts
        layouts += 1
        return refresh_layout(*args, **kwargs)

    screen._refresh_layout = counted
    pilot.app.query_one("#text", Static).update("\n".join(f"line {n}" for n in range(1, lines + 1)))
    await pilot.pause()
    await pilot.pause()
    screen._refresh_layout = refresh_layout
    return layouts


@pytest.mark.parametrize("once", [False, True])
async def test_text_that_grows_costs_one_layout(once):
    """Textual lays the screen out twice when a text grows by a few lines (this fails when an upgrade
    stops doing so: drop the workaround); the laid-out-once widgets lay it out once."""
    async with GrowingText(once).run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        assert await _layouts_when_the_text_becomes(pilot, 3) == (1 if once else 2)


async def test_text_laid_out_once_still_gets_its_scrollbar_and_scrolls_to_its_last_line():
    async with GrowingText(once=True).run_test(size=(40, 8)) as pilot:
        await pilot.pause()
        await _layouts_when_the_text_becomes(pilot, 30)
        pane = pilot.app.query_one("#pane")
        assert pane.show_vertical_scrollbar and pane.max_scroll_y == 30 - pane.scrollable_content_region.height
        pane.scroll_end(animate=False)
        await pilot.pause()
        assert "line&#160;30" in pilot.app.export_screenshot()
        await _layouts_when_the_text_becomes(pilot, 2)  # and shrinks back: no scrollbar, the text whole
        assert not pane.show_vertical_scrollbar and pane.max_scroll_y == 0
        assert "line&#160;2<" in pilot.app.export_screenshot()


async def test_the_terminal_input_answers_a_lone_esc_and_closes_at_once(monkeypatch):
    """Textual's Linux driver reads keys in a thread that waits 0.1 s at a time: a lone Esc (told from
    an escape sequence after ESCDELAY) came up to 0.2 s late, and closing the input for Ctrl+Q waited
    out two waits. Here the thread's idle wait is an hour: the Esc still comes at the parser's deadline,
    and closing wakes the thread (with Textual's loop neither happens within the 10 s allowed)."""
    received: queue.Queue[object] = queue.Queue()

    class Recording(prompt_input_driver(LinuxDriver)):  # type: ignore[misc]
        idle_wait_seconds = 3600.0

        def process_message(self, message: object) -> None:
            received.put(message)

    master, slave = pty.openpty()
    tty.setraw(slave)  # as the driver sets a terminal when the app starts
    monkeypatch.setattr("signal.signal", lambda *_: None)  # no handlers left in this process; closed from a thread
    driver = Recording(App(), mouse=False)
    driver.fileno = slave
    driver._key_thread = threading.Thread(target=driver._run_input_thread, daemon=True)
    driver._key_thread.start()
    try:
        os.write(master, b"\x1b")
        key = received.get(timeout=10)
        assert isinstance(key, events.Key) and key.key == "escape"
        closing = threading.Thread(target=driver.disable_input, daemon=True)
        closing.start()
        closing.join(10)
        assert not closing.is_alive() and not driver._key_thread.is_alive()
    finally:
        driver.close()
        driver.close()  # twice: nothing closed again
        os.close(master)
        os.close(slave)


def test_the_prompt_driver_copies_textuals_input_loop_as_it_is_in_this_version():
    """PromptLinuxDriver.run_input_thread is Textual 8.2's loop with other waits: when an upgrade
    changes the original, read it again and carry its changes over (then update the digest)."""
    source = inspect.getsource(LinuxDriver.run_input_thread)
    assert hashlib.sha256(source.encode()).hexdigest()[:16] == "d796af6d69db337d"


def test_without_termios_every_driver_is_textuals_own(monkeypatch):
    monkeypatch.setitem(sys.modules, "textual.drivers.linux_driver", None)  # as on Windows: ImportError
    assert prompt_input_driver(Driver) is Driver


def test_the_app_reads_a_terminal_with_the_prompt_driver():
    from tui.app import VirginQueenApp

    linux = prompt_input_driver(LinuxDriver)
    assert issubclass(linux, LinuxDriver) and linux.__name__ == "PromptLinuxDriver"
    assert VirginQueenApp().get_driver_class() is linux


@pytest.mark.parametrize(("given", "waited"), [(None, "0.05"), ("120", "0.12")])
def test_a_lone_esc_is_told_from_a_key_sequence_after_50_ms_unless_the_player_says(given, waited):
    """Textual waits ESCDELAY ms (its default 100) after an Esc for the rest of a key's sequence: the
    app waits 50, as Neovim does; a player's own ESCDELAY stands."""
    env = {key: value for key, value in os.environ.items() if key != "ESCDELAY"}
    if given is not None:
        env["ESCDELAY"] = given
    said = subprocess.run(
        [sys.executable, "-c", "import tui.app, textual.constants; print(textual.constants.ESCAPE_DELAY)"],
        capture_output=True, text=True, check=True, env=env,
    )
    assert said.stdout.strip() == waited


def test_strips_are_made_as_textual_makes_them_but_for_the_caches_made_at_first_use():
    """strips_make_caches_at_first_use copies Textual 8.2's Strip.__init__ without its caches: when an
    upgrade changes the original or the strip's slots, carry the change over (then update the digest)."""
    source = inspect.getsource(Strip)
    init = source[source.index("    def __init__("):source.index("    def __rich_repr__")]
    assert hashlib.sha256(init.encode()).hexdigest()[:16] == "90a00c3a7ae5ca87"
    assert set(Strip.__slots__) == STRIP_SLOTS
    made = dict(re.findall(r"self\.(_\w+_cache)\b.*?= FIFOCache\((\d+)\)", init, re.DOTALL))
    assert {name: int(size) for name, size in made.items()} == STRIP_CACHE_SIZES


def test_a_strips_caches_are_made_at_first_use_and_keep_what_they_are_given():
    strips_make_caches_at_first_use()
    strips_make_caches_at_first_use()  # twice: the slots are wrapped once
    strip = Strip([Segment("hello "), Segment("world", Style(bold=True))])
    assert strip.cell_length == 11 and strip.text == "hello world"
    assert all(type(Strip.__dict__[name]).__name__ == "_CacheMadeAtFirstUse" for name in STRIP_CACHE_SIZES)
    assert all(_slot_empty(strip, name) for name in STRIP_CACHE_SIZES)
    assert strip.crop(0, 5) is strip.crop(0, 5)  # the crop cache, made at the first crop, keeps it
    assert strip.divide([3, 8, 11]) is strip.divide([3, 8, 11])
    style = Style(italic=True)
    assert strip.apply_style(style) is strip.apply_style(style)
    assert strip.crop(0, 5).text == "hello" and [piece.text for piece in strip.divide([3, 8, 11])] == ["hel", "lo wo", "rld"]
    cache = type(strip).__dict__["_crop_cache"].__get__(strip, Strip)
    assert cache._maxsize == STRIP_CACHE_SIZES["_crop_cache"] and len(cache) == 1


def _slot_empty(strip: Strip, name: str) -> bool:
    try:
        type(strip).__dict__[name]._slot.__get__(strip, Strip)
    except AttributeError:
        return True
    return False


def test_a_strip_made_without_its_caches_is_a_fifth_of_the_size():
    strips_make_caches_at_first_use()
    segments = [Segment("a line of the board")]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [Strip(segments, 19) for _ in range(1000)]
        per_strip = (tracemalloc.get_traced_memory()[0] - before) / len(kept)
    finally:
        tracemalloc.stop()
    assert per_strip < 250  # ~1,100 bytes with Textual's seven empty caches


def test_the_app_makes_strip_caches_at_first_use(tmp_path):
    """In a process of its own: another test here may have made them so already."""
    made = subprocess.run(
        [sys.executable, "-c", "from pathlib import Path; import sys; from textual.strip import Strip; from tui.app import VirginQueenApp; "
         "before = type(Strip.__dict__['_crop_cache']).__name__; VirginQueenApp(Path(sys.argv[1])); "
         "print(before, type(Strip.__dict__['_crop_cache']).__name__)", str(tmp_path)],
        capture_output=True, text=True, check=True,
    )
    assert made.stdout.split() == ["member_descriptor", "_CacheMadeAtFirstUse"]


class TwoLogs(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def compose(self) -> ComposeResult:
        yield RichLog(id="plain", max_lines=12)
        strip = RichLog(id="strip", max_lines=12)
        bounded_line_cache(strip)
        yield strip


async def test_a_log_with_a_bounded_line_cache_keeps_the_rendered_lines_of_the_lines_it_holds_only():
    async with TwoLogs().run_test(size=(40, 30)) as pilot:
        plain, strip = pilot.app.query_one("#plain", RichLog), pilot.app.query_one("#strip", RichLog)
        for line in range(120):
            plain.write(f"line {line}")
            strip.write(f"line {line}")
            if line % 4 == 3:
                await pilot.pause()
        await pilot.pause()
        assert len(plain._line_cache) > 48, "RichLog lets go of the lines it dropped now: drop the workaround"
        assert len(strip._line_cache) <= 48
        assert [line.text.strip() for line in strip.lines][-1] == "line 119"
        assert any("line 119" in row.text for row in pilot.app.screen._compositor.render_strips()[15:])


class Shown(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def compose(self) -> ComposeResult:
        yield Static("plain", id="plain")
        with VerticalScroll(id="bounded"):
            yield Static("one", id="one")
            yield Static("two", id="two")

    def on_mount(self) -> None:
        bounded_query_cache(self.query_one("#bounded"))


async def test_a_bounded_query_cache_keeps_a_moments_queries_only():
    async with Shown().run_test(size=(40, 6)) as pilot:
        app = pilot.app
        bounded = app.query_one("#bounded", VerticalScroll)
        for _ in range(60):
            bounded.query_one("#one").display = not bounded.query_one("#one").display  # a new count of changes
            assert bounded.query_one("#two", Static).content == "two"
            app.screen.query_one("#plain")
        assert len(app.screen._query_one_cache) > QUERY_CACHE_SIZE, "Textual's query cache no longer piles up: drop the workaround"
        assert len(bounded._query_one_cache) <= QUERY_CACHE_SIZE


def test_textual_ends_on_an_unexpected_error_as_crash_logged_app_expects_in_this_version():
    """CrashLoggedApp takes the place of App._fatal_error, which _handle_exception calls: when an upgrade
    changes either, read them again (then update the digests)."""
    digests = {name: hashlib.sha256(inspect.getsource(getattr(App, name)).encode()).hexdigest()[:16]
               for name in ("_handle_exception", "_fatal_error")}
    assert digests == {"_handle_exception": HANDLE_EXCEPTION_DIGEST, "_fatal_error": FATAL_ERROR_DIGEST}


HANDLE_EXCEPTION_DIGEST = "baea2e7f88e7ac52"
FATAL_ERROR_DIGEST = "2474616cec7fa94d"


async def _printed_as_it_fails(app, message: str) -> str:
    """What the app printed on its terminal as an error nobody expected ended it: ``message`` raised from a
    function holding a local a Textual traceback would have shown (a hand's cards)."""
    from io import StringIO

    from rich.console import Console

    printed = StringIO()
    app.error_console = Console(file=printed, markup=False, highlight=False)

    def fail() -> None:
        hand = "Gouvernante de France"
        raise RuntimeError(f"{message} holding {len(hand)} letters")

    with pytest.raises(RuntimeError, match=message):
        async with app.run_test() as pilot:
            app.call_later(fail)
            await pilot.pause()
            await pilot.pause()
    return printed.getvalue()


@pytest.mark.slow
async def test_an_unexpected_error_ends_the_app_with_one_line_naming_its_log_and_no_locals(tmp_path):
    """Hostile-files play-test: a board that crashed ended the app with Textual's traceback, every frame's
    locals in it (every power's hand, on a hot-seat screen). The traceback goes to the log alone; the
    terminal is left one line naming it."""
    from tui.app import VirginQueenApp
    from tui.error_log import LOG_NAME

    app = VirginQueenApp(tmp_path)
    assert await _printed_as_it_fails(app, "the engine broke") == ""
    log = (tmp_path / LOG_NAME).read_text()
    assert "unexpected error while running the app" in log and "RuntimeError: the engine broke" in log and "Traceback" in log
    assert "Gouvernante" not in log  # a traceback without locals
    assert app.refusal.startswith("unexpected error while running the app (RuntimeError: the engine broke")
    assert app.refusal.endswith(f"the details are in {tmp_path / LOG_NAME}")


@pytest.mark.slow
async def test_an_app_without_a_log_ends_on_an_unexpected_error_with_one_line_and_no_locals():
    """CrashLoggedApp on its own (no log to name): the error in one line, no traceback, no frame's locals."""
    from tui.textual_private import CrashLoggedApp

    assert await _printed_as_it_fails(CrashLoggedApp(), "broke") == "unexpected error: RuntimeError: broke holding 21 letters\n"


class _Typing(App[None]):
    def compose(self) -> ComposeResult:
        yield KeysInOrderInput("abc", id="in-order", select_on_focus=False)
        yield Input("abc", id="stock", select_on_focus=False)


@pytest.mark.parametrize(("typed_in", "reads"), [("in-order", "ab4!"), ("stock", "abc4")])
async def test_an_inputs_own_keys_act_in_order_with_the_letters_of_one_burst(typed_in, reads):
    """Play-test: Backspace then 4 sent at once inserted the 4 and deleted it. Textual's Input (the stock
    row) runs its Backspace once the key came back up to the app, after the letters behind it; the stock
    row fails when an upgrade orders them, and KeysInOrderInput can go."""
    app = _Typing()
    async with app.run_test() as pilot:
        field = app.query_one(f"#{typed_in}", Input)
        field.focus()
        await pilot.pause()
        for key, character in (("backspace", "\x7f"), ("4", "4"), ("left", None), ("right", None), ("exclamation_mark", "!")):
            app.post_message(events.Key(key, character))  # one burst: none handled before the next is sent
        for _ in range(5):
            await pilot.pause()
        assert field.value == reads


class _Scrolled(App[None]):
    def compose(self) -> ComposeResult:
        for scroll_id, kind in (("in-full", LaidOutOnceScroll), ("stock", VerticalScroll)):
            with kind(id=scroll_id):
                yield Static("\n".join(f"line {n}" for n in range(200)))


@pytest.mark.parametrize(("scrolled", "moved"), [("in-full", True), ("stock", False)])
async def test_every_scroll_key_of_one_burst_scrolls(scrolled, moved):
    """Play-test: ten Downs sent at once (an SSH link, key repeat) scrolled the hand in the phase panel one
    line, twenty in the rules text one. Textual's VerticalScroll (the stock row) measures each from where the
    scroll stood before the burst; the stock row fails when an upgrade scrolls them all, and the override can go."""
    app = _Scrolled()
    async with app.run_test(size=(40, 20)) as pilot:
        pane = app.query_one(f"#{scrolled}", VerticalScroll)
        pane.focus()
        await pilot.pause()
        height = pane.scrollable_content_region.height
        bursts = (
            (["down"] * 10, 10), (["pagedown"] * 3, 10 + 3 * height), (["up"] * 4, 6 + 3 * height),
            (["home", "down", "down"], 2), (["end", "up"], pane.max_scroll_y - 1),
        )
        for keys, row in bursts:
            for key in keys:
                app.post_message(events.Key(key, None))  # one burst: none handled before the next is sent
            for _ in range(5):
                await pilot.pause()
            assert (pane.scroll_y == row) is moved, (keys, pane.scroll_y)


async def test_one_toast_is_withdrawn_before_its_timeout_and_withdrawing_it_again_is_nothing():
    """withdraw_notification: Textual 8.2 has App._unnotify for one toast (App.clear_notifications takes all)."""
    from textual.notifications import Notification, Notify

    app = Small()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        first, second = Notification("first", "", timeout=30), Notification("second", "", timeout=30)
        for toast in (first, second):
            app.post_message(Notify(toast))
        await pilot.pause()
        withdraw_notification(app, first)
        withdraw_notification(app, first)
        await pilot.pause(0.2)
        assert [str(n.message) for n in app._notifications] == ["second"]
        shown = app.export_screenshot()
        assert "second" in shown and "first" not in shown


async def test_a_server_with_middleware_passes_every_request_through_it_and_each_socket_runs_its_requests_command(tmp_path):
    """textual-serve 1.1 builds its aiohttp app in _make_app and starts a socket's game as self.command (web.py's
    keys and per-player games)."""
    from aiohttp import web
    from aiohttp.test_utils import TestClient, TestServer

    seen: list[str] = []

    @web.middleware
    async def noting(request, handler):
        seen.append(request.path)
        return await handler(request)

    told = tmp_path / "told"

    def command(who: str) -> str:
        return f"sh -c {shlex.quote(f'echo {who} >> {told}')}"

    server = served_with_middleware(command("everyone"), "127.0.0.1", 8000, "Test", "http://127.0.0.1:8000", noting,
                                    lambda request: command(request.query["who"]))
    async with TestClient(TestServer(await server._make_app())) as client:
        assert (await client.get("/")).status == 200
        for who in ("ana", "ben"):
            socket_ = await client.ws_connect(f"/ws?who={who}")
            for _ in range(200):
                if told.exists() and who in told.read_text():
                    break
                await asyncio.sleep(0.05)
            await socket_.close()
        await asyncio.sleep(1.0)  # textual-serve stops each game before the test server goes
    assert told.read_text().split() == ["ana", "ben"] and seen == ["/", "/ws", "/ws"] and server.command == command("everyone")
