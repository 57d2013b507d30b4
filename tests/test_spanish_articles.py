"""Spanish names a power with its article in a sentence: "Impulso del Otomano", "Impulso de España",
"Tunis pasa al Imperio" (a language play-test read "Impulso de Otomano" on every screen). A translation
writes the form a name with "el" takes before the placeholder; core/i18n.py puts in each name's own
article from core/locale/es/articles.toml."""

from __future__ import annotations

import copy
import io
import pickle
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from core import i18n, sim
from core.catalogs import _read
from core.gamedata import GameData
from core.i18n import ARTICLE_FIELD, _Translations, articles, msg, msgn, with_article

# The placeholders whose value is a power's name (or a minor's, the Independent side's, "no one"); {a} and
# {b} name two powers at war or at peace, and two royals in a marriage, so the game's test below covers them
NAME_PLACEHOLDERS = ("power", "owner", "attacker", "defender", "holder", "former", "opponent", "actor",
                     "other", "ally", "side", "winner", "minor")
PREPOSITIONS = ("de", "a", "en", "con", "contra", "para", "por", "entre", "y", "que", "sobre", "ante", "es")
TAKE_EL = ("Otomano", "Imperio", "Protestante", "Papado")
TAKE_NONE = ("España", "Francia", "Inglaterra", "Escocia", "Venecia", "Génova", "Independiente")
# a name that takes "el" put in without it (after a preposition, or as a sentence's subject), "de el" uncontracted,
# or a name that takes none given one
WRONG_ARTICLE = re.compile(
    rf"\b(?:{'|'.join(PREPOSITIONS)}) (?:{'|'.join(TAKE_EL)})\b|\b(?:de|a) el\b|(?:^|[.!?:;] )(?:{'|'.join(TAKE_EL)}) [a-zé]"
    rf"|\b(?:[Dd]el|[Aa]l|[Ee]l) (?:{'|'.join(TAKE_NONE)})\b"
)


@pytest.fixture
def spanish():
    i18n.use("es")
    yield
    i18n.use("en")


@pytest.mark.parametrize(("form", "name", "expected"), [
    ("el", "Otomano", "el Otomano"), ("El", "Otomano", "El Otomano"), ("del", "Otomano", "del Otomano"),
    ("Del", "Otomano", "Del Otomano"), ("al", "Otomano", "al Otomano"), ("Al", "Otomano", "Al Otomano"),
    ("el", "España", "España"), ("El", "España", "España"), ("del", "España", "de España"),
    ("Del", "España", "De España"), ("al", "España", "a España"), ("Al", "España", "A España"),
    ("el", "Liga", "la Liga"), ("del", "Liga", "de la Liga"), ("Al", "Liga", "A la Liga"),
    ("el", "12 de mayo", "el 12 de mayo"), ("al", "ruso", "al ruso"), ("del", "Ana", "del Ana"),
])
def test_each_article_form_before_each_kind_of_name(form, name, expected):
    """A name listed with "el" keeps the form as written; one with none drops the article and keeps the
    preposition; another article is put in whole; a value not listed leaves the words as written."""
    known = {"Otomano": "el", "España": "", "Liga": "la"}
    assert with_article(form, name, known) == expected


@pytest.mark.parametrize(("power", "impulse", "taken", "at_war"), [
    ("Ottoman", "Impulso del Otomano", "Tunis pasa al Otomano", "el Otomano y el Imperio están en guerra"),
    ("Spain", "Impulso de España", "Tunis pasa a España", "España y el Imperio están en guerra"),
    ("Empire", "Impulso del Imperio", "Tunis pasa al Imperio", "el Imperio y el Imperio están en guerra"),
    ("Protestant", "Impulso del Protestante", "Tunis pasa al Protestante", "el Protestante y el Imperio están en guerra"),
    ("France", "Impulso de Francia", "Tunis pasa a Francia", "Francia y el Imperio están en guerra"),
    ("Independent", "Impulso de Independiente", "Tunis pasa a Independiente", "Independiente y el Imperio están en guerra"),
])
def test_spanish_sentences_name_each_power_with_its_article(spanish, power, impulse, taken, at_war):
    """A choice's label starts a sentence ("El Imperio ataca"); a log line follows "Power: " on screen, in lower case."""
    assert msg("{power}'s impulse: play a card or pass", power=msg(power)).render().startswith(impulse + ":")
    assert msg("{space} to {owner}", space="Tunis", owner=msg(power)).render() == taken
    assert msg("{a} and {b} are at war", a=msg(power), b=msg("Empire")).render() == at_war


def test_peace_reads_as_a_sentence_in_the_list_and_after_the_power_in_the_log(spanish):
    """The same words twice: a table action's choice starts a sentence, and the log's line follows "Power: "."""
    label = i18n.pgettext("a choice", "{a} and {b} make peace").format(a="Imperio", b="Francia")
    logged = msg("{a} and {b} make peace", a=msg("Empire"), b=msg("France")).render()
    assert (label, logged) == ("El Imperio y Francia firman la paz", "el Imperio y Francia firman la paz")


def test_a_sentence_read_at_once_and_one_kept_for_later_read_alike(spanish):
    """``_(...).format(...)`` (a label, a refusal) and a kept message (a log line) put in the same article."""
    kept = msg("{minor} is deactivated from {power}", minor=msg("Papacy"), power=msg("Ottoman")).render()
    assert kept == i18n._("{minor} is deactivated from {power}").format(minor="Papado", power="Otomano")
    assert kept == "el Papado se desactiva: deja la alianza con el Otomano"
    assert msg("{minor} (ally of {power})", minor=msg("Venice"), power=msg("no one")).render() == "Venecia (aliado de nadie)"


def test_a_message_with_plural_forms_names_the_power_with_its_article(spanish):
    """ngettext's way: "Impulso de Francia: ..., tienes el evento obligatorio" (review: "del Francia" went unseen)."""
    for power, impulse in (("France", "Impulso de Francia:"), ("Ottoman", "Impulso del Otomano:")):
        said = msgn("{power}'s impulse: play a card - you hold the Mandatory event {cards} and may not pass (CARD-1)",
                    "{power}'s impulse: play a card - you hold the Mandatory events {cards} and may not pass (CARD-1)",
                    1, power=msg(power), cards="#1").render()
        assert said.startswith(impulse), said


def test_every_way_of_asking_a_catalog_gives_a_phrase_that_puts_the_article_in():
    """gettext, ngettext, pgettext and npgettext of a catalog with articles; a name with braces stays whole; a
    phrase copied or pickled keeps its articles."""
    catalog = Catalog(locale="es")
    catalog.add("{power}'s hand", "Mano del {power}")
    catalog.add(("{count} card of {power}", "{count} cards of {power}"), ("{count} carta del {power}",) + ("{count} cartas del {power}",) * 2)
    catalog.add("{owner} holds it", "lo tiene el {owner}", context="held")
    catalog.add(("{count} of {power}", "{count} of {power}s"), ("{count} del {power}",) * 3, context="count")
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    translations = _Translations(compiled, {"Otomano": "el", "España": ""})
    assert translations.gettext("{power}'s hand").format(power="España") == "Mano de España"
    assert translations.ngettext("{count} card of {power}", "{count} cards of {power}", 2).format(count=2, power="España") == "2 cartas de España"
    assert translations.pgettext("held", "{owner} holds it").format(owner="España") == "lo tiene España"
    assert translations.npgettext("count", "{count} of {power}", "{count} of {power}s", 1).format(count=1, power="España") == "1 de España"
    hand = translations.gettext("{power}'s hand")
    assert hand.format(power="Ot{o}mano") == "Mano del Ot{o}mano"
    assert pickle.loads(pickle.dumps(hand)).format(power="Otomano") == copy.deepcopy(hand).format_map({"power": "Otomano"}) == "Mano del Otomano"


def test_english_and_russian_are_left_as_written():
    assert articles("en") == {} and articles("ru") == {}
    for language, expected in (("en", "Ottoman's impulse"), ("ru", "Импульс")):
        assert msg("{power}'s impulse: play a card or pass", power=msg("Ottoman")).in_language(language).startswith(expected)


def test_every_name_a_sentence_puts_after_an_article_is_listed(data: GameData):
    """Each power, minor power, the Independent side and "no one": a name left out of articles.toml
    would keep the form written for "el" ("pasa al Francia")."""
    listed = articles("es")
    names = [power.name for power in data.powers] + [minor.name for minor in data.minors.values()] + ["Independent", "no one"]
    spanish = i18n.translations("es")
    assert {name: spanish.gettext(name) for name in names if spanish.gettext(name) not in listed} == {}
    assert {name for name, article in listed.items() if article == "el"} == set(TAKE_EL)


def test_no_spanish_translation_puts_a_power_after_a_bare_preposition():
    """"de {power}" would read "de Otomano": a translation writes "del {power}" (and "al", "con el")."""
    bare = re.compile(rf"\b(?:{'|'.join(PREPOSITIONS)}) \{{(?:{'|'.join(NAME_PLACEHOLDERS)})\}}")
    found = []
    for domain in i18n.DOMAINS:
        path = Path(i18n.catalog_path("es", domain))
        for message in _read(path, "es", domain):
            texts = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [text for text in texts if message.id and bare.search(text)]
    assert found == []
    assert ARTICLE_FIELD.search("Impulso del {power}: juega") and not ARTICLE_FIELD.search("Impulso de {power}")


def test_a_spanish_game_names_every_power_with_its_article(data: GameData, spanish):
    """Random games read in Spanish: the log, every prompt, choice and refusal."""
    read: list[str] = []

    def look(session) -> bool:
        decision = session.decision
        if decision is not None:
            read.append(decision.prompt)
            read.extend(choice.label for choice in decision.choices)
            read.extend(str(option.refusal) for option in decision.refused)
        return False

    logged: list[str] = []
    for seed in (1, 2, 3):
        session = sim.play(data, seed, check_invariants=False, until=look)
        logged += [event.text for event in session.log]
    read += logged
    assert len(read) > 3000
    # a log line follows "España: " on screen, and starts in lower case as the others do (play-test: "España: El Papado")
    assert sorted({text for text in logged if text.startswith(("El ", "Del ", "Al "))}) == []
    assert sorted({text for text in read if WRONG_ARTICLE.search(text)}) == []
    assert any("del Otomano" in text for text in read) and any("de España" in text for text in read)
