"""Every use of Textual's private API (and textual-serve's), in one place, each a workaround for a Textual 8.2
(textual-serve 1.1) behaviour and each checked by tests/test_textual_private.py, which fails when an upgrade
breaks it (textual is pinned below 9 and textual-serve below 2 in pyproject.toml)."""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder
from collections.abc import Callable
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any

from textual import events
from textual._compositor import CompositorUpdate
from textual._parser import ParseError
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual._styles_cache import StylesCache
from textual.actions import SkipAction
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.cache import FIFOCache, LRUCache
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.driver import Driver
from textual.geometry import Size
from textual.notifications import Notification
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, OptionList, Select, Static
from textual.widgets._select import SelectCurrent, SelectOverlay

from core.i18n import N_

if TYPE_CHECKING:
    from aiohttp import web
    from textual_serve.server import Server
    from textual.widgets import RichLog  # imports rich.pretty and attrs: not before the title's first frame


def forget_gone_widgets_styles() -> None:
    """Textual 8.2 memoizes ``StylesCache.get_inner_outer`` with ``lru_cache(1024)`` on a method, so
    each entry's key holds a widget's StylesCache, with every line the widget rendered, long after
    the widget is gone (a report, a hand-off, a closed overlay): up to ~9 MB of dead lines over a
    game (``python -m core bench``). An entry of a gone widget can never be hit again; one of a live
    widget is two Styles, made again at its next render."""
    StylesCache.get_inner_outer.cache_clear()


# The caches Textual 8.2's Strip.__init__ makes for every strip, with their sizes.
STRIP_CACHE_SIZES = {
    "_divide_cache": 4, "_crop_cache": 16, "_style_cache": 16, "_filter_cache": 4,
    "_line_length_cache": 4, "_crop_extend_cache": 4, "_offsets_cache": 4,
}
STRIP_SLOTS = {"_segments", "_cell_length", "_render_cache", "_link_ids", "_cell_count", *STRIP_CACHE_SIZES}


class _CacheMadeAtFirstUse:
    """One of a Strip's cache slots, in place of the slot's own descriptor: the FIFOCache is made when
    the strip first looks in it or fills it, then kept in the slot as Textual would have."""

    __slots__ = ("_slot", "_maxsize")

    def __init__(self, slot: Any, maxsize: int) -> None:
        self._slot = slot
        self._maxsize = maxsize

    def __get__(self, strip: Strip | None, owner: type | None = None) -> Any:
        if strip is None:
            return self
        try:
            return self._slot.__get__(strip, owner)
        except AttributeError:
            made: FIFOCache[Any, Any] = FIFOCache(self._maxsize)
            self._slot.__set__(strip, made)
            return made

    def __set__(self, strip: Strip, value: Any) -> None:
        self._slot.__set__(strip, value)


def _strip_init(self: Strip, segments: Any, cell_length: int | None = None) -> None:
    """Textual 8.2's Strip.__init__ without its seven caches (made at first use instead)."""
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def strips_make_caches_at_first_use() -> None:
    """Textual 8.2 gives every Strip (a line a widget rendered, or a piece the compositor cut from one)
    seven empty FIFOCaches as it is made: ~900 of its ~1,100 bytes and 14 of its 17 allocations, though
    most strips never use most of them. The ~4,500 strips alive in a game (boards and overlays) hold
    ~4 MB less with the caches made at first use, and a strip is made in a fifth of the time. A Strip
    with other slots than Textual 8.2's (another version) is left as it is."""
    if isinstance(Strip.__dict__["_crop_cache"], _CacheMadeAtFirstUse) or set(Strip.__slots__) != STRIP_SLOTS:
        return
    for name, maxsize in STRIP_CACHE_SIZES.items():
        setattr(Strip, name, _CacheMadeAtFirstUse(Strip.__dict__[name], maxsize))
    Strip.__init__ = _strip_init  # type: ignore[method-assign]


def record_frames(app: App[Any], on_frame: Callable[[str], None]) -> None:
    """``on_frame`` gets the terminal output of every frame the app renders, exactly as a terminal
    would receive it, headless too (Textual renders nothing headless: ``App._display`` returns before
    writing). The tests read it with a terminal emulator to check hidden hands frame by frame."""
    display = app._display

    def recording(screen: Any, renderable: Any) -> None:
        if isinstance(renderable, CompositorUpdate) and not app._batch_count:
            on_frame(renderable.render_segments(app.console))
        display(screen, renderable)

    app._display = recording  # type: ignore[method-assign]


def compose_ahead(app: App[Any], screen: Screen[Any]) -> None:
    """Compose and style an installed screen now, before its first open: Textual 8.2 does it when the
    screen is first pushed (``App._get_screen`` registers a screen that is not running, after its CSS is
    loaded), and a screen it finds running already it only lays out and draws."""
    assert app.get_screen(screen) is screen and screen not in app.screen_stack, "an installed screen, not shown"
    if not screen.is_running:
        app._load_screen_css(screen)
        app._register(app, screen)


def withdraw_notification(app: App[Any], notification: Notification) -> None:
    """Take a toast off the screen before its timeout (Textual 8.2 has only ``App.clear_notifications``, for
    all of them; ``App._unnotify`` takes one: nothing when it is gone already)."""
    app._unnotify(notification)


class CoveredScreensApp(App[None]):
    """An app whose screens under an opaque screen are not drawn. Textual 8.2 counts the screen under
    the top one as visible whatever the top screen's background (``App._background_screens``): showing
    an overlay drew the board under it once more and then the overlay again over the board's regions
    (two renders of three when the log or rule help opened), and a screen covered by a board counted as
    current. A top screen with an opaque background leaves none visible under it."""

    @property
    def _background_screens(self) -> list[Screen[Any]]:
        stack = self._screen_stack
        if stack and stack[-1].styles.background.a == 1:
            return []
        return super()._background_screens


class CrashLoggedApp(App[None]):
    """An app that ends on an unexpected error with one line naming its log. Textual 8.2 prints the
    traceback with every frame's locals (``App._fatal_error``): on a hot-seat screen those locals held every
    power's hand (hostile-files play-test: a damaged save's board crashed, 850 KB of it on the screen)."""

    _unexpected: BaseException | None = None

    def end_on_unexpected_error(self, error: BaseException) -> None:
        """Say ``error`` in one line once the terminal is given back, without its traceback or locals; an app
        with a log keeps the traceback there and names it instead (VirginQueenApp)."""
        self._exit_renderables.append(f"unexpected error: {type(error).__name__}: {' '.join(str(error).split())}")

    def _handle_exception(self, error: Exception) -> None:
        if self._unexpected is None:  # the first: what went wrong after it is its consequence (review)
            self._unexpected = error
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        self.bell()
        if self._unexpected is not None:
            self.end_on_unexpected_error(self._unexpected)
        self._close_messages_no_wait()


# The mixin is typed as a Screen, but is a plain class at run time: Textual takes a screen's CSS type
# names from its first DOMNode base, which stays the screen's own.
_ScreenBase = Screen if TYPE_CHECKING else object


AppStyling = tuple[int, frozenset[str], tuple[bool, ...]]


def _app_styling(app: App[Any]) -> AppStyling | None:
    """What every node's styles depend on outside its own screen: the app's CSS and theme (a change
    counted in ``App._css_update_count``), its classes and its pseudo-classes (focus, blur, dark...);
    None if this Textual keeps them elsewhere (then a screen is styled anew at every show, as Textual does)."""
    try:
        return app._css_update_count, frozenset(app.classes), tuple(check(app) for check in App._PSEUDO_CLASSES.values())
    except AttributeError:
        return None


class StyledAnewOnlyWhenStale(_ScreenBase):
    """A screen shown again and again (kept between opens: tui/screens/kept.py). Textual 8.2 styles every
    node of a screen anew each time it is pushed or switched to (``ScreenResume.refresh_styles``): ~5 ms
    of CPU for an overlay, most of what reopening the log or rule help cost above any key. A node's own
    changes (classes, focus, hover, disabled, widgets mounted) restyle it as they happen, shown or not; a
    hidden screen misses the app's changes (a theme, the terminal's focus), so it is styled anew only
    after one. (A child removed while hidden leaves its siblings' :last-child or :odd styles as they
    were; no style of these screens uses them.)

    The app's state is recorded when the screen is styled for it (at a show), and forgotten if it
    changed by the time the screen is hidden: a change then (a theme chosen as the screen is popped, the
    terminal's focus lost while another screen covered it) may not have reached it. Textual calls the
    ScreenResume and ScreenSuspend handlers of every class of a screen, this one's before Screen's."""

    _styled_for: AppStyling | None = None

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not event.refresh_styles:  # uncovered by a pop: Textual restyles nothing, nor is it styled anew
            return
        styling = _app_styling(self.app)
        if styling is not None and styling == self._styled_for:
            event.refresh_styles = False
        self._styled_for = styling

    def _on_screen_suspend(self) -> None:
        if _app_styling(self.app) != self._styled_for:
            self._styled_for = None


def being_taken_down(screen: Screen[Any]) -> bool:
    """The app is closing, or removing ``screen``. Once the app has been asked to exit, Textual 8.2 mounts
    none of the widgets a screen composes (a screen opened by the key just before Ctrl+Q) yet still sends
    the screen Mount; and as the app closes it removes a screen's widgets while the screen is still on
    the stack, where its timers and its workers' replies still reach it. A handler then found no widgets
    (NoMatches, and the app ended with exit status 1): it has nothing to do. ``is_attached`` turns false
    once the app is asked to exit, ``display`` once the screen is being removed."""
    return not screen.is_attached or not screen.display


def widgets_up(screen: Screen[Any]) -> bool:
    """``screen``'s widgets are there for a late caller (a timer, a worker's reply): it is mounted, and
    not being taken down."""
    return screen.is_mounted and not being_taken_down(screen)


def replace_first_screen(app: App[Any], screen: Screen[Any]) -> None:
    """Put ``screen`` in place of the first screen of the stack (the title, or the lobby over SSH),
    which is then removed. Textual 8.2 gives the first screen no result callback (it is not pushed),
    and ``switch_screen`` pops one from the screen it replaces: IndexError. It gets an empty one first."""
    first = app.screen_stack[0]
    assert first is app.screen, "only the first screen, alone on the stack, is replaced"
    first._push_result_callback(app, None)
    app.switch_screen(screen)



# The mixin is typed as an OptionList, but is a plain class at run time: Textual takes a widget's CSS
# type names and default styles from its first DOMNode base only, which must stay the list's own.
_ListBase = OptionList if TYPE_CHECKING else object


class _PagesWhenLaidOut(_ListBase):
    """Textual 8.2 builds an OptionList's line map only once the list has a size, and ``_move_page``
    reads it unguarded: PageUp or PageDown on a list not laid out yet (a Select's overlay opened in the
    same burst of keys, a screen just pushed) raised KeyError and closed the app (1,000 fast keys in
    tmux: 2 crashes in 3 runs). Page keys wait until the list has lines."""

    def action_page_up(self) -> None:
        if self.scrollable_content_region:
            super().action_page_up()

    def action_page_down(self) -> None:
        if self.scrollable_content_region:
            super().action_page_down()


class _StopsAtTheEnds(OptionList):
    """An OptionList whose arrows stop at its ends (Spanish play-test: Textual's wrap took a Down too many on the last
    of two saves back to the first, and the wrong save was loaded; on the board, an Enter after it would play the first
    choice; re-test: the new-game form's drop-downs wrapped too)."""

    def action_cursor_down(self) -> None:
        if self.highlighted is None or any(not option.disabled for option in self.options[self.highlighted + 1 :]):
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted is None or any(not option.disabled for option in self.options[: self.highlighted]):
            super().action_cursor_up()


class SteadyOptionList(_PagesWhenLaidOut, _StopsAtTheEnds):
    """An OptionList whose page keys wait until it has lines, whose arrows stop at its ends, that says whether
    an option is all on screen, and that opens on an option's first row where it can."""

    def scroll_to_highlight(self, top: bool = False) -> None:
        """Textual 8.2 scrolls the highlighted option just into view, so that the top row may be the second row of
        an option above it (walkthrough play-test: "Catherine de Bourbon (to Protestant)" alone at the top, read as a
        choice of its own): the list scrolls on past that option, where it can (not at its end). The highlighted one
        moves up, still all in view."""
        super().scroll_to_highlight(top)
        if top or self.highlighted is None or not self.scrollable_content_region:
            return
        y = self.scroll_offset.y
        cut = next((line + self._heights.get(index, 1) for index, line in self._index_to_line.items()
                    if index != self.highlighted and line < y < line + self._heights.get(index, 1)), None)
        if cut is not None:
            self.scroll_to(y=cut, animate=False, immediate=True)

    def whole_in_view(self, index: int) -> bool:
        """Every line of option ``index`` is in the part of the list on screen (or the list is not laid out
        yet: nothing to tell). Textual 8.2 keeps where each option starts and how many lines it takes in
        ``_index_to_line`` and ``_heights``, made by ``_update_lines`` once the list has a size, and has no
        public way to ask."""
        region = self.scrollable_content_region
        if not region:
            return True
        self._update_lines()
        line, height = self._index_to_line.get(index), self._heights.get(index, 1)
        return line is not None and self.scroll_offset.y <= line and line + height <= self.scroll_offset.y + region.height


class _SteadySelectOverlay(_PagesWhenLaidOut, SelectOverlay, _StopsAtTheEnds):
    """Select's pop-up list, whose page keys wait until it has lines and whose arrows stop at its ends; its Esc is Textual's, named here as a
    message of the catalogs, which the footer translates (its "Dismiss menu" stayed English in a Russian footer)."""

    BINDINGS = [Binding("escape", "dismiss", N_("Dismiss menu"))]


class SteadySelect(Select[str]):
    """A Select whose pop-up list's page keys wait until it has lines (Textual composes its own
    ``SelectOverlay``, from a private module, exactly as below)."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield _SteadySelectOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)


_WidgetBase = Widget if TYPE_CHECKING else object

# Entries a query cache keeps (Textual 8.2: 1,024 per node); a screen's queries of one moment take a few
QUERY_CACHE_SIZE = 32


def bounded_query_cache(node: DOMNode) -> None:
    """Textual 8.2 caches ``query_one`` by id per node in an LRUCache of 1,024 entries whose key holds
    a count of the changes under the node: every widget shown or hidden below it starts a new count,
    so the entries of old counts, never hit again, pile up to the cap (~200 KB each on the Action
    board and its decision panel over a game). Keep as many as one moment's queries need."""
    node._query_one_cache = LRUCache(QUERY_CACHE_SIZE)


def bounded_line_cache(log: RichLog) -> None:
    """A RichLog of at most ``max_lines`` lines keeps the rendered lines of those lines only. Textual
    8.2 caches up to 1,024 rendered lines keyed by each line's number since the log began, so the
    lines dropped from the top stay cached, never hit again (~1.2 MB on the Action board's log of 12
    lines over a game). The cache here holds each kept line at a few widths and scroll offsets."""
    if log.max_lines is None:
        raise ValueError("a log without max_lines keeps all its lines: its line cache is bounded already (1,024)")
    log._line_cache = LRUCache(4 * log.max_lines)


class _LaidOutOnce(_WidgetBase):
    """Textual 8.2 lays the whole screen out a second time whenever a layout changed a widget's size
    or scrollable size (``_size_updated`` sets the ``virtual_size`` reactive, which asks for layout),
    though that layout placed everything from the sizes it had just measured: a board's phase text
    growing by a line cost a choice a second layout and render (~10 ms of ~40). These widgets take
    their new sizes without asking; a scrollbar that appears or goes still asks for its own layout."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


class LaidOutOnceStatic(_LaidOutOnce, Static):
    """A Static whose new size after a text change costs its screen one layout, not two."""


class LaidOutOnceScroll(_LaidOutOnce, VerticalScroll):
    """A VerticalScroll whose content growing or shrinking costs its screen one layout, not two, and whose
    scroll keys each scroll, however fast they come. Textual 8.2 puts a key's scroll off until after the
    next refresh and measures it from the scroll's target (a page from where it stands): the keys of one
    burst (an SSH link merging keys, key repeat, a paste) all measured from the same place, and ten Downs
    scrolled one line (play-test: the hand in the phase panel, the rules text). Here each scrolls at once,
    without animation, from where the key before left it."""

    def action_scroll_up(self) -> None:
        self._scroll_by_key(-1)

    def action_scroll_down(self) -> None:
        self._scroll_by_key(1)

    def action_page_up(self) -> None:
        self._scroll_by_key(-self.scrollable_content_region.height)

    def action_page_down(self) -> None:
        self._scroll_by_key(self.scrollable_content_region.height)

    def action_scroll_home(self) -> None:
        self._scroll_by_key(-self.scroll_target_y)

    def action_scroll_end(self) -> None:
        self._scroll_by_key(self.max_scroll_y - self.scroll_target_y)

    def _scroll_by_key(self, rows: float) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()  # the key goes on to whoever binds it next, as with Textual's own
        self.scroll_to(y=self.scroll_target_y + rows, animate=False, immediate=True)


class KeysInOrderInput(Input):
    """An Input whose editing keys (Backspace, Delete, the arrows, Home, End: the Input's own bindings but
    Enter) act in order with the letters typed in the same burst. Textual 8.2 inserts a letter in the Input's
    own handler but runs a binding only once the key has bubbled up to the app (``App._on_key``), after the
    keys behind it: Backspace then "4" sent at once (fast typing, an SSH link merging keys) inserted the 4
    and deleted it (play-test: "cp patronise artist 9", Backspace 4 still read "... 9"). Those are run here,
    at once. Enter and the keys bound above the Input (Tab, Esc) go the app's way as before, as they act on
    what the text's changes did on their way up (the typed choice's matches): run at once, Tab cycled the
    matches of the text before the burst, and Enter submitted the partial text (review). A subclass binds
    Enter alone (any other key it bound would run at once); a keymap (none here) is not read."""

    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if binding.action != "submit" and not binding.priority and await self.app.run_action(binding.action, self):
                event.prevent_default()  # Input's own handler after this one: nothing more
                event.stop()  # not bound again on its way up
                return


def prompt_input_driver(driver_class: type[Driver]) -> type[Driver]:
    """Textual's Linux terminal driver, with an input thread that answers at once (``PromptLinuxDriver``);
    any other driver (the browser's, Windows', a test's) as it is."""
    try:
        from textual.drivers.linux_driver import LinuxDriver
    except ImportError:  # no termios: not a Linux or macOS terminal
        return driver_class
    return _prompt_linux_driver() if driver_class is LinuxDriver else driver_class


@cache
def _prompt_linux_driver() -> type[Driver]:
    from textual.drivers.linux_driver import LinuxDriver

    class PromptLinuxDriver(LinuxDriver):
        """Textual 8.2's Linux driver reads the terminal in a thread that waits 0.1 s at a time and only
        then looks at the clock: a lone Esc (told from a key's escape sequence after ESCDELAY) came
        through up to 0.1 s after its deadline, and closing the input for Ctrl+Q waited out a wait and a
        0.1 s sleep (play-test: Esc 235 ms, Ctrl+Q 267 ms at their slowest). This thread waits until the
        parser's own deadline when it has one, wakes at once when the input is closed, and then reads
        what the terminal still sends for a moment (mouse reports sent before it read "mouse off"), which
        would otherwise reach the shell once the input is flushed.

        A copy of Textual's ``LinuxDriver.run_input_thread``, with those waits: tests/test_textual_private.py
        fails when an upgrade changes the original, to be read again."""

        idle_wait_seconds = 0.1  # with nothing pending (Textual's wait); a closed input wakes it at once
        last_read_seconds = 0.05  # once the input is closed: what the terminal still sends is read

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._wake: tuple[int, int] | None = os.pipe()

        @property
        def _wake_read(self) -> int:
            assert self._wake is not None, "the driver is closed"
            return self._wake[0]

        def disable_input(self) -> None:
            alive = self._key_thread is not None and self._key_thread.is_alive()
            if alive and self._wake is not None and not self.exit_event.is_set():
                os.write(self._wake[1], b"\0")  # the thread waits for the exit event Textual sets next
            super().disable_input()

        def close(self) -> None:
            super().close()
            if self._wake is not None:
                for fd in self._wake:
                    os.close(fd)
                self._wake = None

        def run_input_thread(self) -> None:
            """Textual's loop (LinuxDriver.run_input_thread), waiting as the class says."""
            selector = selectors.SelectSelector()
            selector.register(self.fileno, selectors.EVENT_READ)
            selector.register(self._wake_read, selectors.EVENT_READ)
            parser = XTermParser(self._debug)
            decode = getincrementaldecoder("utf-8")().decode

            def process(ready: list[tuple[selectors.SelectorKey, int]]) -> bool:
                """Read what is ready; False at the end of a piped stdin."""
                more = True
                for key, _mask in ready:
                    if key.fd == self._wake_read:
                        os.read(self._wake_read, 64)
                        self.exit_event.wait(1.0)
                        continue
                    data = decode(os.read(self.fileno, 1024 * 4))
                    if not data:
                        more = False
                        break
                    for event in parser.feed(data):
                        self.process_message(event)
                for event in parser.tick():
                    self.process_message(event)
                return more

            def wait() -> float:
                deadline = parser._timeout_time
                return self.idle_wait_seconds if deadline is None else max(0.0, deadline - get_time())

            try:
                while not self.exit_event.is_set():
                    process(selector.select(wait()))
                selector.unregister(self._wake_read)
                until = get_time() + self.last_read_seconds
                while (left := until - get_time()) > 0 and process(selector.select(left)):
                    pass
            finally:
                selector.close()
                try:
                    for _event in parser.feed(""):
                        pass
                except (EOFError, ParseError):
                    pass

    return PromptLinuxDriver


def served_with_middleware(
    command: str, host: str, port: int, title: str, public_url: str, middleware: Any, command_for: Callable[[web.Request], str],
) -> Server:
    """textual-serve 1.1's Server with ``middleware`` on every request, each game socket running ``command_for(its
    request)`` in place of ``command``; textual-serve has a hook for neither. It builds its aiohttp app in the private
    ``_make_app``, and its socket handler starts ``self.command``: here the request's own, set in the handler's task
    (aiohttp and textual-serve are imported only when a server is made, as for the browser command alone)."""
    from textual_serve.server import Server

    requests_command: ContextVar[str] = ContextVar("requests_command")

    class ServerWithMiddleware(Server):
        @property  # type: ignore[override]
        def command(self) -> str:
            return requests_command.get(self.default_command)

        @command.setter
        def command(self, command: str) -> None:
            self.default_command = command

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.middlewares.append(middleware)
            return app

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            requests_command.set(command_for(request))
            return await super().handle_websocket(request)

    return ServerWithMiddleware(command, host=host, port=port, title=title, public_url=public_url)
