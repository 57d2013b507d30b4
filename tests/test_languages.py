"""Choosing the language of the game (issue 20): ``--lang``, VQ_LANG, the choice kept from the title
screen (or the lobby), the locale; the choice made on screen redraws the screens at once and is kept
for the next start; each player's own over SSH and in a browser (tests/test_serve.py, test_web.py)."""

from __future__ import annotations

import json

import pytest

from core import i18n
from core.i18n import UnknownLanguage
from tests.tui_helpers import screen_text, settle
from tui.app import VirginQueenApp, main, use_language_asked
from tui.screens.language import LanguageScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.menus import TitleScreen
from tui.serve import connection_language
from tui.settings import SETTINGS_NAME, Settings, language_for, update_settings
from tui.web import accepted_language

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def test_lang_beats_vq_lang_which_beats_the_kept_choice_which_beats_the_locale():
    assert language_for("ru", {"VQ_LANG": "es", "LANG": "es_ES.UTF-8"}, "es") == "ru"
    assert language_for("", {"VQ_LANG": "es", "LANG": "ru_RU.UTF-8"}, "ru") == "es"
    assert language_for("", {"LANG": "ru_RU.UTF-8", "LC_ALL": "ru_RU.UTF-8"}, "es") == "es"  # chosen on screen, not the locale
    assert language_for("", {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "ru_RU.UTF-8"}, "") == "ru"
    assert language_for("", {"LC_ALL": "es_ES.UTF-8", "LANG": "ru_RU.UTF-8"}, "") == "es"
    assert language_for("", {"LANG": "de_DE.UTF-8"}, "") == "en" and language_for("", {}, "") == "en"
    assert language_for("", {}, "fr") == "en"  # a kept choice the game no longer has is no choice
    with pytest.raises(UnknownLanguage):
        language_for("fr", {"VQ_LANG": "ru"}, "es")


def test_the_kept_choice_is_this_terminal_s_or_each_connecting_player_s_own(tmp_path):
    assert update_settings(tmp_path, theme="nord") is None
    assert update_settings(tmp_path, language="es") is None
    assert update_settings(tmp_path, language="ru", player="Ana") is None
    assert update_settings(tmp_path, language="es", player="Ben") is None
    assert update_settings(tmp_path, language="en", player="Ana") is None
    kept = Settings.read(tmp_path)
    assert kept == Settings(theme="nord", language="es", players={"Ben": "es", "Ana": "en"})
    assert kept.language_of(None) == "es" and kept.language_of("Ana") == "en" and kept.language_of("Zoe") == ""
    (tmp_path / SETTINGS_NAME).write_text(json.dumps({"theme": "nord", "language": "fr", "players": {"Ana": "xx", "Ben": "ru", "3": 4}}))
    assert Settings.read(tmp_path) == Settings(theme="nord", players={"Ben": "ru"})


def test_the_language_is_chosen_before_the_arguments_are_read(tmp_path, monkeypatch, capsys):
    for name in ("VQ_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    update_settings(tmp_path, language="ru")
    kept = lambda save_dir: Settings.read(save_dir).language  # noqa: E731
    assert use_language_asked("virgin-queen", ["--save-dir", str(tmp_path)], kept) and i18n.current() == "ru"
    assert use_language_asked("virgin-queen", [f"--save-dir={tmp_path}", "--lang", "es"], kept) and i18n.current() == "es"
    monkeypatch.setenv("VQ_LANG", "en")
    assert use_language_asked("virgin-queen", ["--save-dir", str(tmp_path)], kept) and i18n.current() == "en"
    assert Settings.read(tmp_path).language == "ru"  # --lang and VQ_LANG are for this run only
    assert main(["--lang", "fr", "--save-dir", str(tmp_path)]) == 2
    refused = capsys.readouterr().err
    assert "virgin-queen: no language 'fr': choose one of en (English), es (Español), ru (Русский)" in refused


def test_virgin_queen_help_is_in_the_language_asked(tmp_path, capsys):
    with pytest.raises(SystemExit) as leaving:
        main(["--help", "--lang", "es", "--save-dir", str(tmp_path)])
    assert leaving.value.code == 0
    spanish = " ".join(capsys.readouterr().out.split())
    assert spanish.startswith("uso: virgin-queen") and "opciones:" in spanish and "muestra esta ayuda y termina" in spanish
    assert "el idioma de la partida: en (English), es (Español), ru (Русский)" in spanish
    with pytest.raises(SystemExit):
        main(["--lang=ru", "--save-dir", str(tmp_path), "--no-such-option"])
    assert "virgin-queen: ошибка: нераспознанные аргументы: --no-such-option" in capsys.readouterr().err


def test_python_m_tui_starts_the_same_game_as_virgin_queen(tmp_path):
    """Play-test: a newcomer's ``python -m tui`` failed with "No module named tui.__main__"."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "tui", "--help", "--lang", "en", "--save-dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("usage: virgin-queen"), done.stderr


def test_an_ssh_connection_reads_what_its_client_sends_never_the_host_s_locale(tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.setenv("VQ_LANG", "es")
    assert connection_language(tmp_path, "Ana", {}) == "en"
    assert connection_language(tmp_path, "Ana", {"LANG": "ru_RU.UTF-8"}) == "ru"
    update_settings(tmp_path, language="es", player="Ana")
    update_settings(tmp_path, language="ru")  # the host's own choice
    assert connection_language(tmp_path, "Ana", {"LANG": "ru_RU.UTF-8"}) == "es"
    assert connection_language(tmp_path, "Ana", {"LANG": "ru_RU.UTF-8", "VQ_LANG": "en"}) == "en"
    assert connection_language(tmp_path, "Ben", {}) == "en"


def test_a_browser_s_accept_language_names_the_language_it_prefers_most():
    assert accepted_language("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7") == "ru"
    assert accepted_language("de-DE,de;q=0.9,es;q=0.8,ru;q=0.5") == "es"
    assert accepted_language("de, fr;q=0.5") == "" and accepted_language("") == "" and accepted_language("es;q=x,;;") == ""
    assert accepted_language("en;q=0.2, ES") == "es"


async def test_the_title_screen_choice_redraws_the_screens_and_is_kept_for_the_next_start(tmp_path):
    app = VirginQueenApp(tmp_path, player="Ana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        title = app.screen
        await pilot.press("n")
        await settle(pilot)
        form = app.screen
        await pilot.press("escape", "i")
        await settle(pilot)
        assert isinstance(app.screen, LanguageScreen) and "Language: Enter to use it" in screen_text(app)
        await pilot.press("down", "enter")  # Español
        await settle(pilot)
        assert i18n.current() == "es" and isinstance(app.screen, TitleScreen) and app.screen is not title
        assert len(app.screen_stack) == 1
        await pilot.press("n")  # the new-game form kept between opens is made again, in Spanish
        await settle(pilot)
        assert isinstance(app.screen, type(form)) and app.screen is not form and not form.is_attached
        await pilot.press("escape", "i")
        await settle(pilot)
        assert "Idioma: Enter para usarlo" in screen_text(app)
        await pilot.press("escape", "s")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("down", "enter")  # Русский, from the lobby opened on the title screen
        await settle(pilot)
        assert i18n.current() == "ru" and isinstance(app.screen, LobbyScreen)
        assert [type(screen) for screen in app.screen_stack] == [TitleScreen, LobbyScreen]
    assert Settings.read(tmp_path) == Settings(language="ru")
    i18n.use("en")
    assert use_language_asked("virgin-queen", ["--save-dir", str(tmp_path)], lambda d: Settings.read(d).language)
    assert i18n.current() == "ru"  # the next start (unless the locale's VQ_LANG or --lang says otherwise)


async def test_a_connecting_player_s_choice_is_their_own(tmp_path):
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        assert i18n.current() == "ru" and [type(screen) for screen in app.screen_stack] == [LobbyScreen]
    assert Settings.read(tmp_path) == Settings(players={"Ana": "ru"})


async def test_after_a_language_is_chosen_the_new_game_form_is_composed_ahead_in_it(tmp_path, monkeypatch):
    """The title made anew in the language chosen composes its new-game form ahead too: n stays quick."""
    monkeypatch.setattr("tui.app.COMPOSE_AHEAD_AFTER_SECONDS", 0.01)
    app = VirginQueenApp(tmp_path, player="Ana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = app.get_screen("new-game")
        await pilot.press("i")
        await settle(pilot)
        await pilot.press("down", "enter")  # Español
        await pilot.pause(0.05)
        await settle(pilot)
        form = app.get_screen("new-game")
        assert i18n.current() == "es" and form is not first and form.is_running
        assert "Escenario" in str(form.query_one(".seat Label").content)
    i18n.use("en")
