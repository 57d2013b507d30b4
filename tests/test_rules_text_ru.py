"""The rules reference in Russian: every rule's text (core/data/rules.md, a message of the core catalog)
is translated, keeps its rule ID, its source tags and its Markdown structure, and the rules browser
finds rules by Russian words."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from rich.console import Console
from rich.markdown import Markdown

from core import i18n
from core.rules_text import _tags, entries, source_entries
from tui.screens.rules_browser import list_line, matching

_CODE_SPAN = re.compile(r"`[^`]*`")
_TAG_SPAN = re.compile(r"`\[[A-Z0-9\]\[]+\]`")
_RULE_REF = re.compile(r"\b[A-Z]+-\d+[a-z]?\b")
_SUB_ITEM = re.compile(r"^- [a-z]\. ", re.MULTILINE)
_NUMBERED = re.compile(r"^\d+\. ", re.MULTILINE)
_TABLE_ROW = re.compile(r"^\|.*\|$", re.MULTILINE)
# 80 columns leave the rule text 46 (tui/screens/rules_browser.py, LIST_WIDTH)
RULE_TEXT_WIDTH = 46


@pytest.fixture
def russian():
    i18n.use("ru")
    yield {e.id: e for e in entries()}
    i18n.use("en")


def _english() -> dict[str, str]:
    return {e.id: e.markdown for e in source_entries()}


def test_every_rule_text_is_translated_and_keeps_its_id_and_source_tags(russian):
    english = _english()
    assert len(russian) == len(english) == 77
    for rule_id, entry in russian.items():
        assert entry.markdown != english[rule_id], f"{rule_id} is not translated"
        assert entry.markdown.startswith(f"`{rule_id}` "), rule_id
        assert _tags(entry.markdown) == entry.tags == _tags(english[rule_id]), rule_id
        assert Counter(_TAG_SPAN.findall(entry.markdown)) == Counter(_TAG_SPAN.findall(english[rule_id])), rule_id
        # the rules it cites (MAR-6c, DIP-1..DIP-6) are the English text's
        assert Counter(_RULE_REF.findall(entry.markdown)) == Counter(_RULE_REF.findall(english[rule_id])), rule_id


def test_every_rule_text_keeps_its_sub_items_lists_tables_and_line_breaks(russian):
    english = _english()
    for rule_id, entry in russian.items():
        source = english[rule_id]
        for block in (_SUB_ITEM, _NUMBERED):
            assert [m.group(0) for m in block.finditer(entry.markdown)] == [m.group(0) for m in block.finditer(source)], rule_id
        assert [row.count("|") for row in _TABLE_ROW.findall(entry.markdown)] == [row.count("|") for row in _TABLE_ROW.findall(source)], rule_id
        assert entry.markdown.count("\n") == source.count("\n"), rule_id
        assert entry.markdown.count("**") == source.count("**"), rule_id


def test_sub_items_are_parsed_from_the_russian_text_as_from_the_english(russian):
    """MAR-3 and MAR-6 list their cases a.-d. (the rules browser reads each as its own line)."""
    plain = russian["MAR-6"].plain
    assert plain.startswith("`MAR-6` После определения результата")
    assert "\nb. Вильгельм Оранский удаляется, только если" in plain
    assert [line[:2] for line in russian["MAR-3"].plain.splitlines()[1:5]] == ["a.", "b.", "c.", "d."]
    assert "\n| 14 | Истинная любовь | каждая держава получает 1 ПО и 1 дополнительную карточку |" in russian["MAR-5"].plain


def test_every_rule_text_is_mostly_cyrillic(russian):
    """Names of places (Metz, Reims) and people the seeds leave in English stay; the rest is Russian."""
    for rule_id, entry in russian.items():
        text = _RULE_REF.sub("", _CODE_SPAN.sub("", entry.markdown))
        cyrillic = len(re.findall(r"[а-яёА-ЯЁ]", text))
        latin = len(re.findall(r"[A-Za-z]", text))
        assert cyrillic / (cyrillic + latin) > 0.6, rule_id


def test_the_russian_rules_use_the_seeds_terms(russian):
    """Seeds 001-004: «ПО», «КО», «Фаза акций», the Available to Wed display, «карточка»."""
    assert "Дисплее «Способны вступить в брак»" in russian["VQ-1"].plain
    assert "ПО «Королева-девственница»" in russian["VQ-1"].plain
    assert "4 КО" in russian["PAT-2"].markdown and "Фаза акций" in russian["GEN-3"].markdown
    assert "карточк" in russian["CARD-5"].markdown and "держав" in russian["CARD-5"].markdown
    assert "Metz" in russian["IND-1"].markdown  # a place keeps its name


def test_the_rules_browser_finds_a_rule_by_a_russian_word(russian):
    found = [e.id for e in matching("брак")]
    assert {"MAR-2", "MAR-4", "MAR-9", "VQ-1", "AGE-1"} <= set(found)
    assert [e.id for e in matching("Тестю")] == ["SCI-3"]
    assert [e.id for e in matching("MAR-4")][0] == "MAR-4"  # rule IDs are found as in English
    assert list_line(russian["GEN-3"]).startswith("GEN-3   SD  Последовательно")
    assert list_line(russian["CARD-7"]) == "CARD-7  SDP Раздача"


def test_the_russian_tables_lay_out_in_the_rule_pane_without_cut_words(russian):
    """SCI-2 and PAT-7 are the widest tables: at 80 columns their words stay whole."""
    for rule_id, entry in russian.items():
        console = Console(width=RULE_TEXT_WIDTH, record=True, color_system=None, file=io.StringIO())
        console.print(Markdown(entry.markdown))
        assert "…" not in console.export_text(), rule_id
