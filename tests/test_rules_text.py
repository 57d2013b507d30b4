"""The in-app rule help reads the rules reference by rule ID."""

from core.rules_text import rule_text


def test_rule_text_by_id_reflowed_with_lists_kept():
    text = rule_text("MAR-6")
    assert text.startswith("`MAR-6` After resolution")
    assert "\nb. William of Orange is removed only if" in text
    assert "removed from play, except:" in text


def test_sub_rule_falls_back_to_its_rule_and_unknown_says_so():
    assert rule_text("MAR-6c") == rule_text("MAR-6")
    assert "no rule text" in rule_text("ZZZ-9")


def test_tables_keep_their_rows():
    assert "\n| 14 | True Love | each power gains 1 VP and 1 extra card |" in rule_text("MAR-5")
