"""The catalogs and the choice of language (core/i18n.py, core/catalogs.py)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from core import catalogs, i18n
from core.i18n import LANGUAGES, UnknownLanguage, chosen


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def test_the_language_is_the_one_asked_for_then_vq_lang_then_the_locale():
    assert chosen("ru", {"VQ_LANG": "es", "LANG": "en_US.UTF-8"}) == "ru"
    assert chosen("", {"VQ_LANG": "es", "LANG": "ru_RU.UTF-8"}) == "es"
    assert chosen("", {"LC_ALL": "", "LANG": "ru_RU.UTF-8"}) == "ru"
    assert chosen("", {"LC_MESSAGES": "es_ES", "LANG": "ru_RU.UTF-8"}) == "es"
    assert chosen("", {"LANG": "de_DE.UTF-8"}) == "en" and chosen("", {"LANG": "C"}) == "en" and chosen("", {}) == "en"
    with pytest.raises(UnknownLanguage, match="known: en, es, ru"):
        chosen("fr", {})


def test_every_language_has_a_catalog_that_compiles_and_its_plural_forms():
    for language in LANGUAGES:
        i18n.use(language)
        assert i18n.current() == language
    i18n.use("ru")
    russian = i18n.translations("ru")
    assert [russian.plural(n) for n in (1, 2, 5, 11, 21, 22, 25)] == [0, 1, 2, 2, 0, 1, 2]  # 1 карта, 2 карты, 5 карт


def test_no_message_a_player_reads_is_left_untranslated():
    """Every marked message has a Spanish and a Russian translation, none fuzzy, with the same placeholders."""
    gaps = catalogs.gaps()
    assert not gaps, "\n".join(gap.line() for gap in gaps[:20]) + f"\n... {len(gaps)} in all: python -m core i18n extract, then translate"


def test_the_catalogs_are_up_to_date_with_the_source():
    """Each template holds exactly the messages marked in its package (python -m core i18n extract writes it)."""
    for domain in i18n.DOMAINS:
        with catalogs.template_path(domain).open("rb") as pot:
            kept = {m.id for m in catalogs.read_po(pot) if m.id}
        assert kept == {m.id for m in catalogs.template(domain) if m.id}, f"{domain}: python -m core i18n extract"


def test_a_message_back_in_the_source_gets_its_translation_back_and_no_obsolete_twin():
    """A message dropped, then put back, came back untranslated beside its obsolete twin, and msgfmt refused the
    catalog (a duplicate message definition)."""
    from babel.messages.catalog import Catalog, Message

    source = Catalog(locale="es")
    source.add("plays no response")
    catalog = Catalog(locale="es")
    catalog.obsolete["plays no response"] = Message("plays no response", "no responde")
    catalog.update(source, update_header_comment=False)
    catalogs.revive_returned(catalog)
    assert catalog.get("plays no response").string == "no responde" and not catalog.obsolete
    # a fuzzy guess Babel gave it (left out when compiled) gives way to the exact translation kept (review)
    catalog.obsolete["plays no response"] = Message("plays no response", "no responde")
    catalog.get("plays no response").string, catalog.get("plays no response").flags = "no juega", {"fuzzy"}
    catalogs.revive_returned(catalog)
    returned = catalog.get("plays no response")
    assert returned.string == "no responde" and not returned.fuzzy and not catalog.obsolete


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_msgfmt_finds_every_catalog_valid_and_whole():
    for language in LANGUAGES:
        for domain in i18n.DOMAINS if language != i18n.SOURCE_LANGUAGE else ():
            checked = subprocess.run(
                ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(i18n.catalog_path(language, domain))],
                capture_output=True, text=True, check=False,
            )
            assert checked.returncode == 0, checked.stderr
            assert "untranslated" not in checked.stderr and "fuzzy" not in checked.stderr, checked.stderr


def test_spanish_words_a_royal_for_either_sex_without_a_slashed_ending():
    """Spanish play-test: a MAR-3 refusal said Marguerite de Valois was "casado/a", a MAR-6c VP line
    "{royal} casado/a". Where one message serves both sexes, Spanish words it for either ("en matrimonio",
    "boda de {royal}"); a message of one sex has its context (a man's status, a woman's status)."""
    import re

    slashed = re.compile(r"\b\w+o/a\b")
    for domain in i18n.DOMAINS:
        with i18n.catalog_path("es", domain).open("rb") as po:
            worded = [(m.id, m.string) for m in catalogs.read_po(po) if m.id]
        found = [(mid, text) for mid, text in worded for form in (text if isinstance(text, tuple) else (text,)) if slashed.search(form or "")]
        assert not found, found


def test_a_translation_names_a_power_or_minor_power_as_its_own_catalog_does():
    """Spanish and Russian play-test: walkthrough texts said "influencia sobre Venice" and "маркер влияния
    на Scotland" beside choices reading "Venecia" and "Шотландия". A name the data gives a translation of
    (core/data/*.toml) is never left in English inside another translation; a name within a longer name kept
    as written (the card "Gouvernante de France") does not count."""
    import re

    for language in ("es", "ru"):
        messages = []
        for domain in i18n.DOMAINS:
            with i18n.catalog_path(language, domain).open("rb") as po:
                messages += [m for m in catalogs.read_po(po) if m.id]
        named = {m.id: m.string for m in messages if isinstance(m.id, str) and any(file.endswith(".toml") for file, _ in m.locations)}
        renamed = {name: text for name, text in named.items() if text and text != name and "{" not in name}
        found = []
        for message in messages:
            if isinstance(message.id, str) and message.id in named:
                continue
            for text in message.string if isinstance(message.string, tuple) else (message.string,):
                for name in renamed:
                    kept_within = [longer for longer in named if name in longer and longer != name and named[longer] == longer]
                    cleaned = text or ""
                    for longer in kept_within:
                        cleaned = cleaned.replace(longer, "")
                    if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", cleaned):
                        found.append((language, name, cleaned[:80]))
        assert not found, found


def test_every_message_of_both_catalogs_shows_as_its_catalog_translates_it():
    """Language play-test: the About screen said "Archivo de correcciones en uso: none" (Russian too), though
    tui.po translates that "none": merging the two catalogs dropped a message in context (pgettext) whose words
    core.po has without one. Every translated message of either catalog, in its context and each plural form,
    shows as its catalog words it (a message both translate: as either does)."""
    for language in ("es", "ru"):
        shown = i18n.translations(language)
        worded: dict[tuple[str | None, str | tuple[str, str]], list[object]] = {}
        for domain in i18n.DOMAINS:
            with i18n.catalog_path(language, domain).open("rb") as po:
                for message in catalogs.read_po(po):
                    if message.id and message.string and not message.fuzzy:
                        msgid = tuple(message.id) if isinstance(message.id, (tuple, list)) else message.id
                        worded.setdefault((message.context, msgid), []).append(message.string)
        wrong = []
        for (context, msgid), strings in worded.items():
            if isinstance(msgid, tuple):
                forms = tuple(shown.npgettext(context, msgid[0], msgid[1], n) if context else shown.ngettext(msgid[0], msgid[1], n)
                              for n in (1, 2, 5))
                expected = [tuple(s[shown.plural(n)] for n in (1, 2, 5)) for s in strings]
                got: object = forms
            else:
                got = shown.pgettext(context, msgid) if context else shown.gettext(msgid)
                expected = strings
            if got not in expected:
                wrong.append((language, context, msgid, got))
        assert not wrong, wrong[:5]
