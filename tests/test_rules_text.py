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


def test_cl_1_a_rule_that_is_a_heading_alone_shows_its_steps_in_the_rules_browser():
    """Walkthrough play-test: ? at the Catholic League showed only "CL-1 When the Catholic League forms [S2]:", ending
    in a colon; its steps are the rules after it in its part of the section, CL-2..CL-7, and the browser shows them
    under it. A rule with lines of its own (MAR-3's list) has none."""
    from core.rule_status import status
    from tui.screens.rules_browser import rule_markdown

    by_id = {e.id: e for e in entries()}
    assert by_id["CL-1"].steps == ("CL-2", "CL-3", "CL-4", "CL-5", "CL-6", "CL-7")
    assert by_id["MAR-3"].steps == () and by_id["CL-7"].steps == ()
    shown = rule_markdown(by_id["CL-1"], status("CL-1"))
    assert "When the Catholic League forms" in shown and "`CL-2` Spain chooses Reims" in shown and "`CL-7`" in shown


def test_a_rule_without_a_source_tag_shows_the_one_its_series_was_tagged_with():
    """Spanish play-test: WIN-3 and CL-6 showed "Sources: none", read as invented; RULES.md tags a series once (WIN-1
    [S3] for the ways to win). An untagged rule shows [S] and the rule that carries the tag; a [D] or [P] is never
    carried over (DIP-4's decision is not DIP-5's), and a rule no earlier one of its series states still shows none."""
    from core.rule_status import status
    from tui.screens.rules_browser import rule_markdown

    by_id = {e.id: e for e in entries()}
    assert (by_id["WIN-3"].stated_as, by_id["CL-6"].stated_as, by_id["DIP-5"].stated_as) == ("WIN-1", "CL-4", "DIP-1")
    assert by_id["WIN-1"].stated_as == "" and by_id["TABLE-1"].stated_as == ""
    assert "*Sources: [S] (tagged on WIN-1, for the rules after it)." in rule_markdown(by_id["WIN-3"], status("WIN-3"))
    assert "*Sources: none." in rule_markdown(by_id["TABLE-1"], status("TABLE-1"))
