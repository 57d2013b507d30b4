"""Issue 20: a whole turn played in hot seat in Russian and in Spanish shows no English on any frame
(names of people and places aside), read frame by frame as a terminal shows it (pyte)."""

from __future__ import annotations

import random
import re
from functools import cache

import pyte
import pytest

from core import i18n
from core.catalogs import template
from core.choices import Verb
from core.gamedata import load
from core.i18n import translations
from core.rules_text import source_entries
from core.setup import Seat, SeatKind, Setup
from tests.tui_helpers import post, settle
from tui.app import VirginQueenApp
from tui.messages import StartGame
from tui.screens.game import PhaseScreen
from tui.screens.overlays import HandoffScreen
from tui.screens.reports import ReportScreen
from tui.textual_private import record_frames

pytestmark = pytest.mark.slow

SIZE = (80, 24)
PEOPLE = {"england": "Ana", "france": "Ben"}
WORD = re.compile(r"[A-Za-z][A-Za-z']+")
# What stays as it is in every language: keys, abbreviations the Spanish edition keeps, dice, rule tags.
KEPT_WORDS = {"wpvdg", "esc", "enter", "ctrl", "tab", "shift", "space", "home", "end", "pgup", "pgdn", "up", "down", "left", "right",
              "vp", "cp", "d6", "ssh", "ok", "ana", "ben", "hal"}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


@cache
def names_and_forms() -> frozenset[str]:
    """Words that are names of people and places (the data's), ids, typed choices and rule IDs."""
    data = load()
    words = set(KEPT_WORDS) | {verb.value for verb in Verb}
    for table in (data.royals, data.leaders, data.artists, data.scientists, data.spaces, data.minors):
        for ident, record in table.items():
            words.update(w.lower() for w in WORD.findall(f"{ident} {record.name}"))
    words.update(entry.id.split("-")[0].lower() for entry in source_entries())
    words.update(p.id for p in data.powers)
    for language in i18n.LANGUAGES:  # names of people the translators kept in card titles ("Catherine de Medici")
        catalog = translations(language)
        words.update(w.lower() for card in data.cards.values() for w in WORD.findall(catalog.gettext(card.title)) if language != "en")
    words.update(w.lower() for name in i18n.LANGUAGES.values() for w in WORD.findall(name))  # each in its own words
    return frozenset(words)


@cache
def english_words(language: str) -> frozenset[str]:
    """The words of the English messages that the language's own translations never use."""
    catalog = translations(language)
    english, translated = set(), set()
    for domain in i18n.DOMAINS:
        for message in template(domain):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            for text in ids:
                english.update(w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", "", text)))
                translated.update(w.lower() for w in WORD.findall(catalog.gettext(text)))
    return frozenset(english - translated - names_and_forms())


def _part_of_a_name(word: str) -> bool:
    """A name, or its start where a narrow column wraps it ("Anna of Aust-" / "ria")."""
    return word in names_and_forms() or any(name.startswith(word) for name in names_and_forms())


def english_left(language: str, frame: str) -> set[str]:
    words = {w.lower() for w in WORD.findall(frame)}
    if language == "ru":  # Russian is Cyrillic: any Latin word but names and forms is English left
        return {w for w in words if len(w) > 2 and not _part_of_a_name(w)}
    return words & english_words(language)


def _has_quiet(decision) -> bool:
    from tui.widgets.decision import quiet_index

    return quiet_index(decision) is not None


@pytest.mark.parametrize("language", ["ru", "es"])
async def test_a_whole_turn_in_hot_seat_leaves_no_english_on_any_frame(tmp_path, language):
    i18n.use(language)
    app = VirginQueenApp(tmp_path)
    screen = pyte.Screen(*SIZE)
    stream = pyte.Stream(screen)
    found: dict[str, str] = {}
    typed: set[str] = set()  # the command forms of the choices offered (``pick control``): never translated

    def feed(output: str) -> None:
        stream.feed(output)
        frame = "\n".join(screen.display)
        for word in english_left(language, frame):
            found.setdefault(word, next(line for line in screen.display if word in line.lower()))

    record_frames(app, feed)
    chooser = random.Random(20)
    computers = ("ottoman", "spain", "empire", "protestant")
    seats = (*(Seat(name, (power,)) for power, name in PEOPLE.items()), Seat("HAL", computers, SeatKind.COMPUTER, "random"))
    async with app.run_test(size=SIZE) as pilot:
        await post(pilot, StartGame(Setup(seed=11, seats=seats)))
        for _ in range(400):
            session = app.controller.session
            if session.state.turn > 1:
                break
            shown = app.screen
            if isinstance(shown, (HandoffScreen, ReportScreen)):
                await pilot.press("enter")
            else:
                assert isinstance(shown, PhaseScreen), f"unexpected {type(shown).__name__}"
                decision = app.controller.on_screen().view.decision
                typed.update(w.lower() for choice in decision.choices for w in WORD.findall(str(choice)))
                count = min(len(decision.choices), 9)
                await pilot.press("0" if chooser.random() < 0.7 and _has_quiet(decision) else str(chooser.randrange(count) + 1))
            await settle(pilot)
        assert app.controller.session.state.turn > 1, "the turn never ended"
    left = {word: line for word, line in found.items() if word not in typed}
    assert not left, "\n".join(f"{word!r} in: {line.strip()}" for word, line in sorted(left.items()))
