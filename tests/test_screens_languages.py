"""The screens in Spanish and Russian at 80x24 (issue 20): their headings, texts and footers are
translated, none of the English of tui/screens, tui/widgets or tui/display.py is left on them, and
every footer key stays visible (Russian runs ~30% longer than English). Names of people and places,
rule IDs (GEN-2, MAR-4) and key names (esc, Ctrl+N) stay as they are; what core says (prompts,
log lines, rule texts) is core's to translate and is not looked at here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from textual.widgets import Button, Input

from core import i18n
from core.catalogs import PLACEHOLDER, template_path
from tests.conftest import give, new_session, to_impulse_of
from tests.tui_helpers import app_for, footer_entries, post, screen_text, settle, show_session
from tui.messages import Destination, LeaveGame
from tui.screens.game import ActionScreen, NegotiationScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.log_search import LogSearchScreen
from tui.screens.map import MapScreen
from tui.screens.menus import LoadScreen, ThemeScreen, TitleScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.overlays import HandoffScreen, TableScreen, TextScreen
from tui.screens.reports import CardDrawScreen
from tui.screens.rules_browser import RulesBrowser
from tui.screens.vp_chart import VpChartScreen
from tui.screens.walkthrough_menu import WalkthroughControls, WalkthroughMenu
from tui.widgets.key_footer import KeyFooter

SIZE = (80, 24)
TWO = {"ottoman": "Ben", "spain": "Ana", "england": "Ana", "france": "Ben", "empire": "Ana", "protestant": "Ben"}
LANGUAGES = ("es", "ru")
# Headings and texts each screen shows, in each language (the catalogs' words, not looked up from them)
SHOWN = {
    "title": {"es": ["LA REINA VIRGEN", "Nueva partida (n)", "Salir"], "ru": ["КОРОЛЕВА-ДЕВСТВЕННИЦА", "Новая партия (n)", "Выход"]},
    "about": {"es": ["Acerca del juego - datos provisionales", "Registros provisionales:"], "ru": ["Об игре - предварительные данные", "Предварительных записей:"]},
    "theme": {"es": ["Tema: Enter para usarlo", "Usar"], "ru": ["Тема: Enter - выбрать", "Выбрать"]},
    # an empty folder: Enter loads nothing, so the footer shows only Back
    "load": {"es": ["Aún no hay partidas guardadas.", "Volver"], "ru": ["Сохранённых партий пока нет.", "Назад"]},
    "walkthroughs": {"es": ["Tutoriales guiados - cada uno", "pasos", "Reiniciar"], "ru": ["Пошаговое обучение - правила", "шагов", "Заново"]},
    "rules": {"es": ["de 77 reglas - [S] fuentes", "Motor: aplicada", "Buscar"], "ru": ["из 77 правил - [S] источники", "Движок: применяется", "Поиск"]},
    "new-game": {"es": ["Nueva partida: persona o jugador automático", "Semilla", "Jugador 1"], "ru": ["Новая партия: человек или компьютер", "Зерно", "Игрок 1"]},
    "lobby": {"es": ["Partidas compartidas - eres", "Aún no hay partidas compartidas", "Actualizar"], "ru": ["Совместные партии - вы", "Совместных партий пока нет", "Обновить"]},
    "card-draw": {"es": ["Turno 1: Fase de Robar Carta (CARD-5..CARD-7)", "Pulsa Enter para continuar.", "Mazo 15"], "ru": ["Ход 1: Фаза набора карточек (CARD-5..CARD-7)", "Нажмите Enter, чтобы продолжить.", "Колода 15"]},
    "negotiation": {"es": ["Compromisos (MAR-2):", "Disponibles para Casarse (MAR-1)", "no permitidas ahora", "Anular"], "ru": ["Обручения (MAR-2):", "Способны вступить в брак (MAR-1)", "сейчас нельзя", "Откат"]},
    "map": {"es": ["Flechas: mover", "Unidades:", "Acción de mesa"], "ru": ["Стрелки: выбор", "Части:", "Действие за столом"]},
    "vp-chart": {"es": ["VP por turno (WIN-5) y por origen (WIN-6)", "Potencias en los gráficos:"], "ru": ["ПО по ходам (WIN-5) и по источникам (WIN-6)", "Державы на графиках:"]},
    "royals": {"es": ["Disponibles para Casarse (MAR-1)", "Fam.: H Habsburgo, V Valois.", "Sexo"], "ru": ["Способны вступить в брак (MAR-1)", "Род: Г — Габсбург, В — Валуа.", "Пол"]},
    "patronage": {"es": ["Tabla de Mecenazgo (PAT-2, PAT-8, SCI-2)", "Reserva"], "ru": ["Таблица покровительства (PAT-2, PAT-8, SCI-2)", "Рейтинг"]},
    "log": {"es": ["líneas del registro - Enter: la regla que cita la línea", "Filtrar"], "ru": ["строк журнала - Enter: правило", "Фильтр"]},
    "handoff": {"es": ["Pasa a Ana - ", "Pulsa Enter cuando estés listo."], "ru": ["Передайте: Ana - ", "Нажмите Enter, когда будете готовы."]},
    "action": {"es": ["Mano de ", "(2 cartas) - solo la ve quien la juega", "Mazo ", "Guerras:"], "ru": ["Набор: ", "(2 карточки) - виден только игроку этой державы", "Колода ", "Войны:"]},
    "walkthrough-board": {"es": ["Pasos"], "ru": ["Шаги"]},
    "walkthrough-controls": {"es": ["Posición:", "b: paso atrás", "Menú de tutoriales"], "ru": ["Позиция:", "b: шаг назад", "Меню обучения"]},
}


@pytest.fixture(params=LANGUAGES)
def language(request):
    i18n.use(request.param)
    yield request.param
    i18n.use("en")


def _english_pieces(language: str) -> dict[str, str]:
    """Every piece of English text of the tui messages (between placeholders, 16 characters or more: shorter ones are also words of the English that core and the walkthroughs still show)
    that its translation into ``language`` does not keep: piece -> message. The phase screens'
    titles are not shown (no header), and say what core's status line says."""
    with template_path("tui").open("rb") as pot:
        template = read_po(pot)
    catalog = i18n.translations(language)
    pieces: dict[str, str] = {}
    for message in template:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        translated = (catalog.ngettext(ids[0], ids[1], 1) + catalog.ngettext(ids[0], ids[1], 5)) if len(ids) > 1 else catalog.gettext(ids[0])
        for text in ids:
            for piece in PLACEHOLDER.split(text):
                piece = piece.strip(" ,;:-")
                if len(piece) >= 16 and piece not in translated:
                    pieces[piece] = ids[0]
    for title in ("Diplomacy Phase - Negotiation Segment", "Marriage Resolution Phase"):  # class TITLEs, not shown
        pieces.pop(title, None)
    return pieces


def _english_descriptions(language: str) -> set[str]:
    """The English key descriptions whose translation differs (a footer showing one is untranslated)."""
    with template_path("tui").open("rb") as pot:
        template = read_po(pot)
    catalog = i18n.translations(language)
    return {m.id for m in template if isinstance(m.id, str) and m.id and len(m.id) < 20 and catalog.gettext(m.id) != m.id}


def _texts(app) -> str:
    """What the screen's widgets say, whole (not wrapped), with the boxes' placeholders and the footer."""
    parts = [screen_text(app)]
    parts += [f"{box.placeholder}\n{box.value}" for box in app.screen.query(Input)]
    parts += [str(button.label) for button in app.screen.query(Button)]
    parts += [entry.description for entry in footer_entries(app.screen)]
    return "\n".join(parts)


def _rendered(app) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def check_screen(app, language: str, name: str, *, footer: bool = True) -> None:
    """``name``'s texts appear in ``language``, no English piece of the tui's is left, and the footer's
    last key is on screen, whole."""
    texts = _texts(app)
    for wanted in SHOWN.get(name, {}).get(language, []):
        assert wanted in texts, f"{name} ({language}): {wanted!r} not on screen:\n{texts}"
    left = {piece: message for piece, message in _english_pieces(language).items() if piece in texts}
    assert not left, f"{name} ({language}): English left: {left}"
    english = _english_descriptions(language)
    shown = [entry.description for entry in footer_entries(app.screen) if entry.description]
    assert not [d for d in shown if d in english], f"{name} ({language}): untranslated footer keys in {shown}"
    if not footer:
        return
    bar = app.screen.query_one(KeyFooter)
    assert bar.entries, f"{name}: no footer keys"
    last = bar.entries[-1]
    assert bar.region.x + last.end <= SIZE[0], f"{name} ({language}): the footer is cut: {_rendered(app)[-1]!r}"
    words = last.description or last.key_display
    assert words in _rendered(app)[-1], f"{name} ({language}): {words!r} is not in the footer {_rendered(app)[-1]!r}"


def check_boxes_fit(app, name: str) -> None:
    """A one-line search box shows its whole placeholder."""
    for box in app.screen.query(Input):
        if box.display and box.styles.height is not None and box.region.height == 1:
            assert len(str(box.placeholder)) <= box.content_size.width, f"{name}: {box.placeholder!r} is cut at {box.content_size.width}"


async def _press(pilot, *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


async def test_title_menus_forms_and_the_rules_browser_in_spanish_and_russian(tmp_path, language):
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        check_screen(app, language, "title")
        await _press(pilot, "a")
        assert isinstance(app.screen, TextScreen)
        check_screen(app, language, "about")
        await _press(pilot, "escape", "h")
        assert isinstance(app.screen, ThemeScreen)
        check_screen(app, language, "theme")
        await _press(pilot, "escape", "l")
        assert isinstance(app.screen, LoadScreen)
        check_screen(app, language, "load")
        await _press(pilot, "escape", "k")
        assert isinstance(app.screen, WalkthroughMenu)
        check_screen(app, language, "walkthroughs")
        await _press(pilot, "escape", "r")
        assert isinstance(app.screen, RulesBrowser)
        check_screen(app, language, "rules")
        check_boxes_fit(app, "rules")
        await _press(pilot, "slash", *"zzzz")
        assert "zzzz" == app.screen.query_one("#rules-search", Input).value
        no_rule = {"es": "Ninguna regla coincide", "ru": "Ни одно правило не подходит"}[language]
        assert no_rule in app.screen.query_one("#rules-text").source
        await _press(pilot, "escape")
        if not isinstance(app.screen, TitleScreen):
            await _press(pilot, "escape")
        await _press(pilot, "n")
        assert isinstance(app.screen, NewGameScreen)
        check_screen(app, language, "new-game")
        app.screen.query_one("#seed", Input).value = "x"
        await _press(pilot, "ctrl+n")
        seed = {"es": "La semilla debe ser un número entero.", "ru": "Зерно должно быть целым числом."}[language]
        assert seed in screen_text(app)
        await _press(pilot, "escape", "s")
        assert isinstance(app.screen, LobbyScreen)
        check_screen(app, language, "lobby")


async def test_a_game_its_reports_board_and_displays_in_spanish_and_russian(tmp_path, language):
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _press(pilot, "n")
        app.screen.query_one("#seed", Input).value = "42"
        await _press(pilot, "ctrl+n")
        assert isinstance(app.screen, CardDrawScreen)
        check_screen(app, language, "card-draw")
        await _press(pilot, "enter")
        assert isinstance(app.screen, NegotiationScreen)
        check_screen(app, language, "negotiation")
        await _press(pilot, "tab")  # the phase panel has the keys: the footer changes
        check_screen(app, language, "negotiation")
        await _press(pilot, "tab", "colon", *"opening")
        matches = {"es": "3 coincidencias: Tab, Shift+Tab", "ru": "3 совпадения: Tab, Shift+Tab"}[language]
        assert app.screen.query_one("#matches").border_title == matches
        check_screen(app, language, "typed")
        await _press(pilot, "escape")
        for key, name, screen in (
            ("m", "map", MapScreen), ("g", "vp-chart", VpChartScreen), ("w", "royals", TableScreen),
            ("p", "patronage", TableScreen), ("v", "powers", TextScreen), ("l", "log", LogSearchScreen),
            ("question_mark", "rules", RulesBrowser),
        ):
            await _press(pilot, key)
            assert isinstance(app.screen, screen), name
            check_screen(app, language, name)
            if name == "log":
                check_boxes_fit(app, name)
            await _press(pilot, "escape")
        assert isinstance(app.screen, NegotiationScreen)
        await post(pilot, LeaveGame(Destination.TITLE))
        assert isinstance(app.screen, TitleScreen) and app.screen.can_continue
        check_screen(app, language, "title")  # with Continue: nine keys, every one on screen


async def test_the_hand_off_and_an_action_board_in_spanish_and_russian(tmp_path, data, language):
    """GEN-2 / GEN-8: the hand-off names the person and the power; the board shows only their hand."""
    session = new_session(data, controllers=TWO)
    to_impulse_of(session, "spain", [2, 101])
    give(session.state, "france", 102)
    app = app_for(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await show_session(app, pilot)
        assert isinstance(app.screen, HandoffScreen)
        check_screen(app, language, "handoff", footer=False)
        await _press(pilot, "enter")
        assert isinstance(app.screen, ActionScreen)
        check_screen(app, language, "action")
        await _press(pilot, "x")
        check_screen(app, language, "action")


async def test_the_walkthroughs_in_spanish_and_russian(tmp_path, language):
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _press(pilot, "k", "enter")
        assert isinstance(app.screen, NegotiationScreen) and app.controller.driver.run is not None
        check_screen(app, language, "walkthrough-board")
        await _press(pilot, "k")
        assert isinstance(app.screen, WalkthroughControls)
        check_screen(app, language, "walkthrough-controls")


def test_the_footer_shows_each_key_in_the_players_language(language):
    """BINDINGS are made at import, in English: the footer translates each description as it makes the key."""
    assert i18n._("") == ""  # not the catalog's header
    assert i18n._("Quit") == {"es": "Salir", "ru": "Выход"}[language]
    assert i18n._("Displays") == {"es": "Ver", "ru": "Вид"}[language]


def test_every_tui_message_has_both_translations_with_the_same_placeholders():
    from core.catalogs import gaps

    with template_path("tui").open("rb") as pot:
        ours = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(pot) if m.id}
    with (Path(i18n.LOCALE_DIR) / "core.pot").open("rb") as pot:
        core_messages = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(pot) if m.id}
    left = [gap.line() for gap in gaps() if gap.message in ours and gap.message not in core_messages]
    assert not left, "\n".join(left)
    assert re.search(r"\{count\}", i18n.translations("ru").ngettext("{count} step", "{count} steps", 5))


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
async def test_the_status_line_keeps_one_row_at_80_columns_with_the_phases_shorter_title(tmp_path, data, lang):
    """Newcomer play-test: in Spanish the board's status line ("Turno 1/10 - Fase de Diplomacia - Segmento
    de Negociación - actúa España (Player 1)") wrapped to two rows and took one from the board. Where the
    whole phase title leaves no room, the line uses its shorter one; where it fits, it stays whole."""
    i18n.use(lang)
    try:
        app = app_for(tmp_path, new_session(data))
        async with app.run_test(size=SIZE) as pilot:
            await show_session(app, pilot)
            while not isinstance(app.screen, NegotiationScreen):
                await _press(pilot, "enter")
            status = app.screen.query_one("#status")
            whole = app.controller.on_screen().view.status
            assert status.region.height == 1
            assert (str(status.content) == whole) is (len(whole) <= SIZE[0] - 2), (whole, status.content)
    finally:
        i18n.use("en")


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
async def test_the_status_line_leaves_out_who_plays_the_power_where_nothing_else_fits_80_columns(tmp_path, data, lang):
    """Spanish play-test: "... - actúa Protestante (jugador automático (codicioso))" took two rows even with the
    phase's shorter title. Where that does not fit either, the line names the power acting without who plays it."""
    i18n.use(lang)
    try:
        long_name = "Bartholomew Montgomery-Smythe, Younger"
        app = app_for(tmp_path, new_session(data, controllers={p: long_name for p in data.power_ids}))
        async with app.run_test(size=SIZE) as pilot:
            await show_session(app, pilot)
            while not isinstance(app.screen, NegotiationScreen):
                await _press(pilot, "enter")
            status = app.screen.query_one("#status")
            assert status.region.height == 1
            assert long_name not in str(status.content) and app.controller.on_screen().view.deciding_power in str(status.content)
    finally:
        i18n.use("en")
