"""What the core gives a screen, in Spanish and Russian (issue 20): seat views, undo refusals (GEN-9),
log filters, the rules browser's engine notes, and the refusals of a bad set-up, save, data file or
store line; and the data terms (powers, scenarios, cards, bonuses, rule sections) in both catalogs."""

from __future__ import annotations

import json
import re

import pytest
from babel.messages.pofile import read_po

from core import i18n, saves
from core.catalogs import _rules_and_data_terms
from core.events import render
from core.gamedata import DataError, load
from core.i18n import Message
from core.log_query import FILTER_HELP, log_line, parse_filter, where
from core.rule_status import status
from core.saves import SaveError
from core.setup import Seat, SeatKind, Setup, SetupError
from core.store import ChatRefused, chat_text
from core.views import card_rows
from tests.conftest import advance_until, choice_strings, choose, new_session, to_impulse_of

TWO_PEOPLE = {"spain": "Ana", "france": "Ben"}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def _seat(session):
    return session.setup.seats[0]


def _english_names(data):
    return {p: data.power_name(p) for p in data.power_ids}


@pytest.mark.parametrize(
    ("language", "spain", "phase", "turn_word"),
    [("ru", "Испания", "Фаза дипломатии - Сегмент переговоров", "Ход"), ("es", "España", "Fase de Diplomacia - Segmento de Negociación", "Turno")],
)


def test_a_seat_view_reads_in_the_readers_language(data, language, spain, phase, turn_word):
    """GEN-3 phase titles, power names, the status line, card rows and the displays' words."""
    session = new_session(data)
    i18n.use(language)
    view = session.view(_seat(session))
    assert view.phase_title == phase
    assert view.deciding_power == spain
    assert view.status.startswith(f"{turn_word} 1/") and spain in view.status and phase in view.status
    assert [h.name for h in view.hands][1] == spain
    assert {row.name for row in view.vp} == {h.name for h in view.hands}  # one name for a power everywhere
    assert all(row.name == i18n._(data.power_name(row.power)) for row in view.vp + view.deal)
    assert [d.name for d in view.powers][1] == spain and view.powers[1].power == "spain"  # the id stays
    madrid = next(row for row in view.spaces if row.id == "madrid")
    assert madrid.controller == spain and madrid.control == "spain" and madrid.units[0].name == spain
    assert madrid.name == "Madrid"  # places are not translated
    # MAR-7: the opening betrothal, in words of the language; royals keep their names
    philip = next(row for row in view.royals if row.id == "philip-ii")
    assert philip.power == spain and "Elisabeth of Valois" in philip.status and "MAR-7" in philip.status
    assert "betrothed" not in philip.status and "opening" not in philip.status
    # language play-test: the Russian table's family column read H and V, its note Габсбург and Валуа (MAR-3b)
    assert philip.family == {"ru": "Г", "es": "H"}[language] and philip.house == {"ru": "Габсбург", "es": "Habsburgo"}[language]
    text = " ".join(view.markers)
    assert "PAT-8" in text and "SCI-1" in text and "markers left" not in text and "Bonuses" not in text
    # Russian play-test: the Italian pool read "Italy" beside the translated power names
    assert {row.pool for row in view.patrons if data.artists.get(row.id, data.scientists.get(row.id)).pool == "italy"} == {
        {"ru": "Италия", "es": "Italia"}[language]}


@pytest.mark.parametrize("language, shown", [("en", "random computer"), ("es", "jugador automático (aleatorio)"), ("ru", "компьютер (случайный)")])
def test_a_computer_seat_is_named_in_the_readers_language_in_the_power_displays(data, language, shown):
    """Play-test: the power displays (v) said "la juega random computer" in Spanish: a computer seat's
    name is its identity in the game, kept in English, and a player reads the kind of computer."""
    seats = (Seat("Ana", ("spain",)), Seat("random computer", ("ottoman", "england", "france", "empire", "protestant"), SeatKind.COMPUTER, "random"))
    session = new_session(data, seats=seats)
    i18n.use(language)
    view = session.view(seats[0])
    held = {display.power: display.held_by for display in view.powers}
    assert held["spain"] == "Ana" and held["england"] == shown
    assert {hand.power: hand.held_by for hand in view.hands}["england"] == shown
    advance_until(session, lambda s: s.decision is not None and s.decision.power == "england")
    view = session.view(seats[0])  # the computer decides: the status line and the waiting line name it so
    assert view.deciding_person == shown and f"({shown})" in view.status


def test_card_rows_give_the_title_and_help_translated(data):
    """CARD-1..CARD-5: a card's help line names its kind and CP in the reader's words."""
    session = new_session(data)
    i18n.use("ru")
    hand = session.view(Seat("Player 1", ("spain",))).hand_of("spain")
    assert hand.cards is not None
    philip = next(c for c in hand.cards if c.number == 2)
    assert philip.title == "Philip II"  # a card named for a person keeps the name
    assert philip.text.startswith("#2 Philip II") and "КО, родная" in philip.text and " CP" not in philip.text
    i18n.use("es")
    papal = card_rows(data, session.state, [10])[0]
    assert papal.title == "Bula Papal" and papal.text.startswith("#10 Bula Papal") and "CP, evento" in papal.text


def test_undo_refusals_are_put_in_words_when_asked_not_when_stored(data):
    """GEN-9: the barrier is kept as what happened; the refusal is in the language of who asks."""
    session = new_session(data)
    i18n.use("ru")
    assert session.undo_refusal().startswith("GEN-9: отменять нечего с тех пор, как партия началась")
    i18n.use("es")
    assert "desde que empezó la partida" in session.undo_refusal()
    i18n.use("en")
    to_impulse_of(session, "spain", [2, 101])
    choose(session, "play 2 cp")  # reveals the card, in English
    assert "a card was revealed" in session.undo_refusal()
    i18n.use("ru")
    refusal = session.undo_refusal()
    assert refusal.startswith("GEN-9: отменять нечего с тех пор, как карточка была открыта ([GEN-6] Испания: ")
    assert "revealed" not in refusal and "die roll" not in refusal  # the logged line, rendered now
    i18n.use("es")
    assert "se reveló una carta" in session.undo_refusal() and "España:" in session.undo_refusal()


def test_the_hand_off_refusal_names_the_person_in_russian(data):
    """GEN-9: a hand-off to another person is a barrier; the person's name is never translated, nor declined: it follows
    «игрок» (Russian play-test: «к Борис», «к Аня»)."""
    controllers = {p: TWO_PEOPLE.get(p, "Ana") for p in data.power_ids}
    handed = new_session(data, controllers=controllers)
    while handed.person_for(handed.decision.power) == "Ana":
        choose(handed, "done" if "done" in choice_strings(handed.decision) else "opening postpone")
    handed.hand_off_taken()  # Ben's Enter on "Pass to"
    i18n.use("ru")
    assert "клавиатура перешла к игроку Ben" in handed.undo_refusal()


def test_log_lines_and_filters_read_in_russian(data):
    """The log's power prefix is translated (whatever names the screen passes), its when too; a power
    may be filtered by its Russian name."""
    session = new_session(data)
    to_impulse_of(session, "spain", [2, 101])
    choose(session, "play 2 cp")
    i18n.use("ru")
    spain_lines = [e for e in session.log if e.power == "spain"]
    assert spain_lines
    line = render(spain_lines[-1], _english_names(data))
    assert "] Испания: " in line and "Spain" not in line
    assert log_line(spain_lines[-1], {}) == line  # no roll: the log line is the rendered event
    assert where(spain_lines[-1]).startswith("ход ") and "Фаза акций" in where(spain_lines[-1])
    assert parse_filter("испания", data).powers == frozenset({"spain"})
    assert parse_filter("spain", data).powers == frozenset({"spain"})  # the typed English forms still work
    # language play-test: "espana" and "negociacion" found nothing; case and accents are set aside (ё is е)
    assert parse_filter("ИСПАНИЯ", data).powers == frozenset({"spain"})
    assert i18n.folded("ЕЩЁ") == i18n.folded("еще") and i18n.folded("мой") != i18n.folded("мои")  # review: й is a letter of its own
    assert parse_filter("Ещё", data).describe({}) == "'ещё'"  # the words as typed (review: said folded)
    word = line.split("Испания: ", 1)[1].split()[0]
    assert parse_filter(word.upper(), data).matches(spain_lines[-1], {}) and parse_filter(word.capitalize(), data).matches(spain_lines[-1], {})
    i18n.use("es")
    assert parse_filter("espana", data).powers == parse_filter("España", data).powers == frozenset({"spain"})
    assert parse_filter("negociacion", data) == parse_filter("Negociación", data) != parse_filter("", data)
    accented = [(event, word) for event in session.log for word in re.findall(r"\w*[áéíóúñ]\w*", log_line(event, {}))
                if parse_filter(word, data).words]
    event, word = accented[0]
    assert parse_filter(i18n.folded(word), data).matches(event, {}) and parse_filter(word.upper(), data).matches(event, {})
    i18n.use("ru")
    assert i18n._(FILTER_HELP).startswith("держава (испания), фаза (акции), х3 (ход 3)")
    assert parse_filter("кубики акции", data) == parse_filter("dice action", data)  # as the hint names them
    # Russian play-test: t3 is е3 on a Russian keyboard; the hint's х3 is a turn, and t3 still is
    assert parse_filter("х3", data).turns == parse_filter("t3", data).turns == frozenset({3})


def test_the_rules_browser_engine_notes_are_translated():
    """GEN-9 and TABLE-1 are declared with notes; their treatment and note read in Spanish."""
    i18n.use("es")
    assert status("TABLE-1").shown_treatment == "acción de mesa"
    assert status("GEN-9").shown_note.startswith("deshacer hasta la última tirada")
    assert status("MAR-4").shown_treatment == "aplicada" and status("MAR-4").shown_note == ""


def test_a_damaged_save_is_refused_in_russian_naming_its_path(data, tmp_path):
    session = new_session(data)
    raw = saves.to_dict(session)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(raw)[:-40])
    i18n.use("ru")
    with pytest.raises(SaveError) as cut:
        saves.load(path, data)
    assert str(cut.value) == f"{path}: файл обрезан (он обрывается посреди данных)"
    raw["state"]["turn"] = "one"
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError) as damaged:
        saves.load(path, data)
    message = str(damaged.value)
    assert message.startswith(f"{path}: сохранение повреждено: ") and "@ save.state.turn" in message
    with pytest.raises(SaveError) as missing:
        saves.load(tmp_path / "nowhere.json", data)
    assert str(missing.value) == f"{tmp_path / 'nowhere.json'}: не читается: нет такого файла"


def test_set_up_data_and_chat_refusals_are_translated(data, tmp_path):
    """GEN-2 set-up refusals, a bad override file (its file, record and field named as they are) and
    a refused line of table talk, in Russian."""
    i18n.use("ru")
    with pytest.raises(SetupError, match="неизвестный сценарий 'nowhere'"):
        Setup(scenario="nowhere").completed(data)
    with pytest.raises(SetupError, match=r"spain: управляется с двух мест \(GEN-2\)"):
        Setup(seats=(Seat("Ana", ("spain",)), Seat("Ben", ("spain",)))).completed(data)
    (tmp_path / "overrides.toml").write_text('[[royal]]\nid = "elizabeth-i"\neligibility = "high"\n')
    with pytest.raises(DataError) as bad:
        load(tmp_path)
    assert str(bad.value) == f"{tmp_path / 'overrides.toml'}: royal elizabeth-i: eligibility: ожидалось целое число, получено 'high'"
    with pytest.raises(ChatRefused, match="пустую строку"):
        chat_text("   ")


def _catalog(language: str):
    with i18n.catalog_path(language, "core").open("rb") as po:
        return read_po(po, locale=language, domain="core")


@pytest.mark.parametrize("language", ["es", "ru"])
def test_every_data_term_and_rule_section_title_is_translated(data, language):
    """Power names, scenarios, card titles, bonuses and the rules' section titles are in the catalog."""
    catalog = _catalog(language)
    terms = [(text, comment) for text, _where, comment in _rules_and_data_terms() if not comment.startswith("rule ")]
    assert len(terms) > 100
    untranslated = [text for text, _comment in terms if not (catalog.get(text) and catalog.get(text).string)]
    assert untranslated == []
    i18n.use(language)
    names = [i18n._(p.name) for p in data.powers]
    assert all(name != p.name for name, p in zip(names, data.powers))  # every power has its own word
    assert len(set(names)) == 6


def test_power_names_match_the_glossary():
    expected = {
        "es": ["Otomano", "España", "Inglaterra", "Francia", "Imperio", "Protestante"],
        "ru": ["Оттоман", "Испания", "Англия", "Франция", "Империя", "Протестант"],
    }
    for language, names in expected.items():
        i18n.use(language)
        assert [i18n._(n) for n in ("Ottoman", "Spain", "England", "France", "Empire", "Protestant")] == names


def test_card_titles_match_the_glossary_where_it_names_them(data):
    """Spanish and Russian play-test: the card Louise of Lorraine kept its English title, where the rules text and
    the glossary say «Luisa de Lorena», «Луиза Лотарингская». Every card title the glossary names reads as it says."""
    import tomllib
    from pathlib import Path

    glossary = tomllib.loads((Path(i18n.__file__).parent / "locale" / "glossary.toml").read_text(encoding="utf-8"))["term"]
    royals = {royal.name for royal in data.royals.values()}  # a royal's name is data, English in every language
    titles = {card.title for card in data.cards.values()} - royals
    named = [term for term in glossary if term["en"] in titles]
    assert any(term["en"] == "Louise of Lorraine" for term in named)
    for language in ("es", "ru"):
        i18n.use(language)
        assert {t["en"]: i18n._(t["en"]) for t in named} == {t["en"]: t[language] for t in named}, language


def test_the_victory_reads_in_the_readers_language(data):
    """WIN-5: the state keeps how the game was won as a message; the view renders it."""
    session = new_session(data)
    session.state.winner = "spain"
    session.state.victory = Message("Victory Determination Phase")  # any message of the catalog stands for the reason
    i18n.use("ru")
    view = session.view(_seat(session))
    assert view.victory == "Фаза определения победы" and view.winner == "Испания"
    assert view.status.endswith("Испания побеждает: Фаза определения победы")




def test_mar_1_a_royals_status_agrees_with_the_royal_in_each_language(data):
    """Spanish play-test: Marguerite de Valois was "casado/a"; Russian: Don Carlos was "свободна". The
    Available to Wed display words each status for the royal's sex (message contexts)."""
    from core.state import RoyalStatus
    from core.views import royal_rows

    session = new_session(data)
    session.state.royals["marguerite-de-valois"].status = RoyalStatus.MARRIED
    session.state.royals["don-carlos"].status = RoyalStatus.MARRIED
    expected = {"es": ("casada", "casado"), "ru": ("в браке", "в браке"), "en": ("married", "married")}
    for language, (hers, his) in expected.items():
        i18n.use(language)
        rows = {row.id: row.status for row in royal_rows(data, session.state)}
        assert (rows["marguerite-de-valois"], rows["don-carlos"]) == (hers, his), language
    i18n.use("en")


def test_mar_3b_a_royals_house_is_named_in_each_language_not_only_its_letter(data):
    """Spanish play-test: the Negotiation board read "Don Carlos (España, H, fam. H)", H both hombre and
    Habsburg. Each royal row names its house (MAR-3b) in the reader's language; a royal of no house has none."""
    from core.views import royal_rows

    session = new_session(data)
    houses = {"es": ("Habsburgo", "Valois"), "ru": ("Габсбург", "Валуа"), "en": ("Habsburg", "Valois")}
    for language, (habsburg, valois) in houses.items():
        i18n.use(language)
        rows = {row.id: row for row in royal_rows(data, session.state)}
        assert (rows["don-carlos"].house, rows["marguerite-de-valois"].house) == (habsburg, valois), language
        assert rows["mary-queen-of-scots"].house == "" and rows["mary-queen-of-scots"].family == "-"
    # the Available to Wed table's columns read "Sexo Fam." "H H" (Spanish play-test): the sex is spelled out
    i18n.use("es")
    rows = {row.id: row for row in royal_rows(data, session.state)}
    assert (rows["don-carlos"].sex, rows["elizabeth-i"].sex, rows["don-carlos"].family) == ("varón", "mujer", "H")
    i18n.use("en")
