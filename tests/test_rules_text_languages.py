"""The rules reference in Spanish: each rule's text is a message of the core catalog (core/data/rules.md),
translated with its rule ID, source tags and sub-items kept, so the rules browser lists, shows and
searches it in the reader's language."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from core import i18n
from core.rules_text import entries, source_entries

# the tags as the rules text writes them: `[S0]`, `[D]`, `[P]`, `[S0][S1]`
_TAG = re.compile(r"`\[(?:S\d?|D|P)\]`|\[S\d\]")
_RULE_ID = re.compile(r"\b[A-Z]+-\d+[a-z]?\b")
_SUB_ITEM = re.compile(r"^- [a-z]\. ", re.MULTILINE)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def _spanish() -> dict[str, object]:
    i18n.use("es")
    return {e.id: e for e in entries()}


def test_every_rule_text_is_translated_into_spanish_with_its_id_tags_and_sub_items():
    """All 77 rules (GEN-1..TABLE-1): the text differs from the English, starts with its rule ID, keeps
    every source tag (`[S2]`, `[D]`, `[P]`) and rule ID it cites, and as many `- a.` sub-items
    (MAR-3, MAR-6) and table rows (MAR-5, VQ-2, PAT-7, SCI-1, SCI-2) as the English."""
    english = {e.id: e for e in source_entries()}
    spanish = _spanish()
    assert list(spanish) == list(english) and len(spanish) >= 77
    for rule_id, source in english.items():
        text = spanish[rule_id].markdown
        assert text != source.markdown, f"{rule_id} is not translated into Spanish"
        assert text.startswith(f"`{rule_id}` "), rule_id
        assert Counter(_TAG.findall(text)) == Counter(_TAG.findall(source.markdown)), rule_id
        assert spanish[rule_id].tags == source.tags, rule_id
        assert Counter(_RULE_ID.findall(text)) == Counter(_RULE_ID.findall(source.markdown)), rule_id
        assert len(_SUB_ITEM.findall(text)) == len(_SUB_ITEM.findall(source.markdown)), rule_id
        rows = [line.count("|") for line in text.splitlines() if line.startswith("|")]
        assert rows == [line.count("|") for line in source.markdown.splitlines() if line.startswith("|")], rule_id
        assert "{" not in text and "}" not in text, rule_id


def test_spanish_rules_keep_their_lists_and_tables_when_reflowed():
    """The browser reflows a rule's lines: MAR-6's sub-items and MAR-5's rows stay lines of their own,
    in the sources' words (seed 000: «Calificación de Elegibilidad», «prometidos»)."""
    spanish = _spanish()
    assert "\nb. William of Orange solo se retira si el resultado da VP al Protestante;" in spanish["MAR-6"].plain
    assert "\n| 15+ | Fundadores de una Dinastía | cada potencia gana 2 VP |" in spanish["MAR-5"].plain
    assert "Calificación de Elegibilidad" in spanish["MAR-1"].plain
    assert "*prometidos*" in spanish["MAR-2"].markdown
    assert "\n2. Fase de Diplomacia: Segmento de Negociación" in spanish["GEN-3"].plain


def test_the_rules_browser_lists_and_searches_the_spanish_text():
    """The list's titles are the Spanish first sentences; a Spanish word finds its rule, and a rule ID
    prefix still lists its rules first."""
    from tui.screens.rules_browser import matching, short_title

    spanish = _spanish()
    assert short_title(spanish["GEN-3"]) == "Secuencia del turno"
    assert short_title(spanish["MAR-2"]) == "Acuerdos"
    assert "MAR-2" in [e.id for e in matching("prometidos")]  # MAR-2: betrothed pairs
    assert [e.id for e in matching("Suez")][:3] == ["SUEZ-1", "SUEZ-2", "SUEZ-3"]
    found = [e.id for e in matching("Fortificación Costera")]
    assert found == ["SCI-2"]  # the bonus table of SCI-2
    assert "PAT-9" in [e.id for e in matching("ejemplo práctico")]
    # language play-test: a word typed without its accents found nothing; case and accents are set aside
    assert matching("fortificacion costera") == matching("FORTIFICACIÓN Costera") == matching("Fortificación Costera")
    assert matching("prometidos") and all("prometid" in e.plain.lower() for e in matching("prometidos"))
    i18n.use("en")
    assert [e.id for e in matching("prometidos")] == []  # the English text has no Spanish words


def test_a_rules_topic_finds_its_rules_in_russian_whose_texts_do_not_name_it():
    """Russian play-test: «Суэц» found SCI-2, CARD-7 and WIN-6, not SUEZ-1..3, whose Russian texts say only «канал».
    The section's topic (its "###" heading, «Оттоман: Суэцкий канал») is searched, and shown with the section."""
    from tui.screens.rules_browser import matching, rule_markdown
    from core.rule_status import status

    i18n.use("ru")
    try:
        found = [e.id for e in matching("Суэц")]
        suez = next(e for e in entries() if e.id == "SUEZ-1")
        assert {"SUEZ-1", "SUEZ-2", "SUEZ-3"} <= set(found) and "Суэц" not in suez.plain
        assert "## SUEZ-1 (Особые правила держав: Оттоман: Суэцкий канал)" in rule_markdown(suez, status("SUEZ-1"))
    finally:
        i18n.use("en")
    assert next(e for e in entries() if e.id == "GEN-1").where == next(e for e in entries() if e.id == "GEN-1").section  # no topic


def test_rule_texts_in_the_spanish_catalog_are_all_translated():
    """No rule text of core/data/rules.md is left without a Spanish translation (section titles, which
    are messages of their own, are checked by the catalog test)."""
    from babel.messages.pofile import read_po

    path = Path(i18n.catalog_path("es", "core"))
    with path.open("rb") as po:
        catalog = read_po(po)
    rule_texts = [
        m for m in catalog
        if m.id and any(file == "core/data/rules.md" for file, _ in m.locations)
        and not any("a section of the rules" in comment for comment in m.auto_comments)
    ]
    assert len(rule_texts) == len(source_entries())
    assert [m.id for m in rule_texts if not m.string or m.fuzzy] == []
