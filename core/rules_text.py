"""The rules reference (core/data/rules.md, a copy of the project's RULES.md) looked up by rule ID."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from attrs import frozen

from core import i18n

RULES_FILE = Path(__file__).parent / "data" / "rules.md"
_RULE_START = re.compile(r"^- `([A-Z]+-\d+[a-z]?)`")
_SOURCE_TAG = re.compile(r"`\[(S\d?|D|P)\]`|\[(S\d)\]")
_SUB_ITEM = re.compile(r"^([a-z])\. ")


@frozen
class RuleEntry:
    """One rule: its ID, the section it is in (and the topic of the section, its "###" heading, if any), its text
    (Markdown) and its source tags (S, D, P)."""

    id: str
    section: str
    markdown: str
    tags: tuple[str, ...]
    # a rule that is a heading alone ("CL-1 When the Catholic League forms:"): the rules after it in its part of the
    # section, which are its steps (walkthrough play-test: its help was the heading, ending in a colon)
    steps: tuple[str, ...] = ()
    # Russian play-test: «Суэц» found no SUEZ rule, whose texts say «канал»; the topic, "Ottoman: the Suez Canal", names it
    topic: str = ""
    # a rule with no source tag of its own: the nearest rule before it in its series ("WIN-1" for WIN-3) that says where
    # it is stated, which RULES.md tags once for the rules after it (Spanish play-test: "Sources: none" read as invented)
    stated_as: str = ""

    @property
    def where(self) -> str:
        """The section, and the topic in it if any: "Power-specific rules: Ottoman: the Suez Canal"."""
        return f"{self.section}: {self.topic}" if self.topic else self.section

    @property
    def plain(self) -> str:
        return _reflow(self.markdown.splitlines())


def _tags(text: str) -> tuple[str, ...]:
    found = {("S" if (m.group(1) or m.group(2)).startswith("S") else m.group(1)) for m in _SOURCE_TAG.finditer(text)}
    return tuple(tag for tag in ("S", "D", "P") if tag in found)


def entries() -> tuple[RuleEntry, ...]:
    """Every rule of the reference, in its order, in the current language (its sections and texts are
    messages of the catalogs; IDs and source tags are the same in every language)."""
    return _entries_in(i18n.current())


@cache
def _entries_in(language: str) -> tuple[RuleEntry, ...]:
    english = source_entries()
    if language == i18n.SOURCE_LANGUAGE:
        return english
    catalog = i18n.translations(language)
    return tuple(RuleEntry(e.id, catalog.gettext(e.section), catalog.gettext(e.markdown), e.tags, e.steps, catalog.gettext(e.topic) if e.topic else "",
                           e.stated_as) for e in english)


@cache
def source_entries() -> tuple[RuleEntry, ...]:
    """Every rule of the reference as written (English), in its order."""
    found: list[tuple[str, str, str, int, list[str]]] = []
    section = topic = ""
    part = 0  # the "###" part of a section a rule is in
    current: list[str] | None = None
    for line in RULES_FILE.read_text(encoding="utf-8").splitlines():
        match = _RULE_START.match(line)
        if line.startswith("## "):
            section, topic = re.sub(r"^\d+\.\s*", "", line[3:]).strip(), ""
        elif line.startswith("### "):
            topic = line[4:].strip()
        if line.startswith("#"):
            part += 1
        if match:
            current = [line[2:]]
            found.append((match.group(1), section, topic, part, current))
        elif current is not None and (line.startswith("  ") or line == ""):
            current.append(line[2:])
        else:
            current = None
    out: list[RuleEntry] = []
    stated: dict[str, str] = {}  # per series ("WIN"), the last rule tagged as stated in the sources
    for index, (rule_id, rule_section, rule_topic, rule_part, lines) in enumerate(found):
        markdown = "\n".join(f"- {ln}" if _SUB_ITEM.match(ln) else ln for ln in lines).strip()
        heading_alone = len(lines) == 1 and markdown.endswith(":")
        steps = tuple(later[0] for later in found[index + 1 :] if later[3] == rule_part) if heading_alone else ()
        tags, series = _tags(markdown), rule_id.split("-")[0]
        out.append(RuleEntry(rule_id, rule_section, markdown, tags, steps, rule_topic, "" if tags else stated.get(series, "")))
        if "S" in tags:
            stated[series] = rule_id
    return tuple(out)


def _reflow(lines: list[str]) -> str:
    """Join a paragraph's hard-wrapped lines; keep table rows, list items and blank lines."""
    out: list[str] = []
    for raw in lines:
        line = raw.strip()
        if line.startswith("- ") and _SUB_ITEM.match(line[2:]):
            line = line[2:]
        starts_block = not line or line.startswith("|") or re.match(r"^([a-z]|\d)\. ", line)
        if out and out[-1] and not out[-1].startswith("|") and not starts_block:
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return "\n".join(out).strip()


def base_id(rule_id: str) -> str:
    """``MAR-6c`` -> ``MAR-6``: the rule a sub-item belongs to."""
    return re.sub(r"[a-z]$", "", rule_id)
