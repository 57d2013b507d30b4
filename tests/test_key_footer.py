"""The footer (tui/widgets/key_footer.py): the screen's keys as one line of one widget, spaced and
styled as Textual's Footer drew them with a widget per key, dimmed when not usable now, pressed by a
click, and in the player's language."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Button

from core import i18n
from tests.tui_helpers import settle
from tui.widgets.key_footer import FooterEntry, KeyFooter, footer_line
from tui.widgets.scrolling import SCROLL

SIZE = (60, 6)
DISPLAYS = Binding.Group("Displays", compact=True)
APART = Binding.Group("Apart")  # a group whose keys are not drawn together
BINDINGS = [
    Binding("0", "done", "Done"),
    Binding("x", "why", "Why"),
    Binding("w", "wed", "Wed", group=DISPLAYS),
    Binding("p", "patron", "Patron", group=DISPLAYS),
    Binding("escape", "close", "Close"),
    Binding("y", "yes", "Yes", group=APART),
    Binding("n", "no", "No", group=APART),
    Binding("z", "alone", "Alone", group=Binding.Group("One")),  # a group of one: drawn as a plain key
    Binding("d", "done_again", "Done twice"),
]


def _line(compact: bool, bindings: list[Binding] = BINDINGS) -> tuple[str, list[tuple[str, str, int, int]]]:
    entries, pieces = footer_line([(binding, True, "") for binding in bindings], lambda b: b.key, compact)
    return "".join(text for text, _part, _index in pieces), [(e.key, e.description, e.start, e.end) for e in entries]


def test_a_compact_footer_puts_a_space_after_each_key_and_draws_a_groups_keys_together_before_its_label():
    text, entries = _line(compact=True)
    assert text == "0 Done x Why  wp Displays escape Close  y n Apart z Alone d Done twice "
    assert entries[:4] == [("0", "Done", 0, 6), ("x", "Why", 7, 12), ("w", "", 14, 15), ("p", "", 15, 16)]
    assert entries[4] == ("", "Displays", 17, 25)  # a group's label is no key
    assert text[entries[-1][2]:entries[-1][3]] == "d Done twice"


def test_a_wide_footer_pads_each_key_and_has_no_space_after_it():
    text, entries = _line(compact=False, bindings=[*BINDINGS[:4], BINDINGS[4]])
    assert text == " 0 Done  x Why  wp Displays  escape Close "
    assert entries[-1] == ("escape", "Close", 28, 42)


def test_one_key_per_action_the_first_bound():
    text, entries = _line(compact=True, bindings=[Binding("s", "save", "Save"), Binding("ctrl+s", "save", "Save too")])
    assert text == "s Save " and [key for key, *_rest in entries] == ["s"]


class Keys(App[None]):
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("up", "noop('up')", "Scroll", group=SCROLL),
        Binding("down", "noop('down')", "Scroll", group=SCROLL),
        Binding("a", "count", "Alpha"),
        Binding("b", "noop('b')", "Beta", tooltip="The second key"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.counted = 0
        self.rang = 0
        self.dim = False

    def compose(self) -> ComposeResult:
        yield KeyFooter(compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "count" and self.dim else True

    def action_count(self) -> None:
        self.counted += 1

    def action_noop(self, _key: str) -> None:
        return None

    def bell(self) -> None:
        self.rang += 1


def _entry(footer: KeyFooter, key: str) -> FooterEntry:
    return next(entry for entry in footer.entries if entry.key == key)


def _cells(app: App[None], footer: KeyFooter, description: str) -> list:
    entry = next(entry for entry in footer.entries if entry.description == description)
    segments = [segment for segment in app.screen._compositor.render_strips()[-1] for _cell in segment.text]
    return segments[entry.start:entry.end]


async def test_the_footer_is_one_widget_with_every_key_shown_at_its_first_frame():
    async with Keys().run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = pilot.app.query_one(KeyFooter)
        assert {pilot.app.screen.get_widget_at(x, SIZE[1] - 1)[0] for x in range(SIZE[0])} == {footer}
        bottom = pilot.app.screen._compositor.render_strips()[-1].text
        assert bottom.startswith(" ↑↓ Scroll a Alpha b Beta ")


def _colours(cells: list) -> list:
    return [segment.style.color for segment in cells]


async def test_a_key_not_usable_now_is_dimmed_and_a_click_on_it_rings_the_bell():
    app = Keys()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = app.query_one(KeyFooter)
        alpha = _entry(footer, "a")
        usable, beta = _colours(_cells(app, footer, "Alpha")), _colours(_cells(app, footer, "Beta"))
        await pilot.click(KeyFooter, offset=(alpha.start, 0))
        await settle(pilot)
        assert app.counted == 1 and app.rang == 0  # a click presses the key
        app.dim = True
        app.screen.refresh_bindings()
        await settle(pilot)
        dimmed = _colours(_cells(app, footer, "Alpha"))  # Textual draws dim text in a colour nearer the background
        assert all(now != before for now, before in zip(dimmed, usable)) and len(dimmed) == len(usable)
        assert _colours(_cells(app, footer, "Beta")) == beta
        await pilot.click(KeyFooter, offset=(alpha.end - 1, 0))
        await settle(pilot)
        assert app.counted == 1 and app.rang == 1


async def test_hovering_a_key_shows_its_tooltip_and_a_groups_key_its_description():
    app = Keys()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = app.query_one(KeyFooter)
        beta = _entry(footer, "b")
        up = _entry(footer, "up")
        await pilot.hover(KeyFooter, offset=(beta.start, 0))
        assert footer.tooltip == "The second key" and footer.styles.pointer == "pointer"
        app.dim = True  # the keys change under the resting mouse: no highlight on whatever key is there now
        app.screen.refresh_bindings()
        await settle(pilot)
        assert footer.tooltip is None and footer.styles.pointer == "default"
        await pilot.hover(KeyFooter, offset=(beta.start, 0))
        await pilot.hover(KeyFooter, offset=(up.start, 0))
        assert footer.tooltip == "Scroll"
        gap = next(x for x in range(SIZE[0]) if footer.entry_at(x) is None)
        await pilot.hover(KeyFooter, offset=(gap, 0))
        assert footer.tooltip is None


class Focusing(Keys):
    def compose(self) -> ComposeResult:
        yield Button("choices")
        yield KeyFooter(compact=True)




async def test_with_the_terminal_unfocused_the_keys_follow_a_widget_given_the_focus():
    """A shared game's turn comes while the terminal is in the background: the board gives its choices the
    focus, and the footer shows the keys that work now (it keeps the old ones only while no widget has
    the focus, as the terminal took it away)."""
    app = Focusing()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = app.query_one(KeyFooter)
        app.dim = True
        app.screen.refresh_bindings()
        await settle(pilot)
        assert not _entry(footer, "a").enabled
        app.post_message(events.AppBlur())
        await settle(pilot)
        assert not app.app_focus and app.screen.focused is None and not _entry(footer, "a").enabled
        app.dim = False
        app.query_one(Button).focus()
        app.screen.refresh_bindings()
        await settle(pilot)
        assert _entry(footer, "a").enabled


class QuitKey(Keys):
    BINDINGS = [Binding("q", "noop('q')", "Quit")]


async def test_the_footer_says_each_key_in_the_players_language():
    i18n.use("es")
    try:
        app = QuitKey()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            descriptions = [entry.description for entry in app.query_one(KeyFooter).entries if entry.description]
            assert descriptions == ["Mover", "Alpha", "Beta", "Salir"]  # the group of the scrolling keys, then the keys
    finally:
        i18n.use("en")
