"""The rules reference (the rules browser) read by rule ID from the shipped rules text."""

from core.rules_text import base_id, entries


def _plain(rule_id: str) -> str:
    return next(e.plain for e in entries() if e.id == rule_id)


def test_rule_text_by_id_reflowed_with_lists_kept():
    text = _plain("MAR-6")
    assert text.startswith("`MAR-6` After resolution")
    assert "\nb. William of Orange is removed only if" in text
    assert "removed from play, except:" in text


def test_a_sub_rule_belongs_to_its_rule():
    assert base_id("MAR-6c") == "MAR-6" and base_id("MAR-6") == "MAR-6"


def test_tables_keep_their_rows():
    assert "\n| 14 | True Love | each power gains 1 VP and 1 extra card |" in _plain("MAR-5")


def test_shipped_rules_text_is_identical_to_the_projects_rules_md(shared_rules_md):
    """core/data/rules.md is a copy of ../shared/rules/RULES.md."""
    from core.rules_text import RULES_FILE

    assert RULES_FILE.read_bytes() == shared_rules_md.read_bytes(), "copy ../shared/rules/RULES.md to core/data/rules.md"


def test_every_rule_entry_keeps_its_markdown_and_source_tags():
    from core.rules_text import entries

    by_id = {e.id: e for e in entries()}
    assert by_id["MAR-5"].section == "Marriage (rulebook section 21)"
    assert "| 15+ | Founders of a Dynasty | each power gains 2 VP |" in by_id["MAR-5"].markdown
    assert "- a. the two powers are at war" in by_id["MAR-3"].markdown
    assert by_id["WIN-4"].tags == ("P",)
