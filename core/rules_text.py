"""The rules reference (core/data/rules.md, a copy of the project's RULES.md) looked up by rule ID."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

RULES_FILE = Path(__file__).parent / "data" / "rules.md"
_RULE_START = re.compile(r"^- `([A-Z]+-\d+[a-z]?)`")


@cache
def _rules() -> dict[str, str]:
    texts: dict[str, list[str]] = {}
    current: str | None = None
    for line in RULES_FILE.read_text(encoding="utf-8").splitlines():
        match = _RULE_START.match(line)
        if match:
            current = match.group(1)
            texts[current] = [line[2:]]
        elif current and (line.startswith("  ") or line == ""):
            texts[current].append(line.strip())
        else:
            current = None
    return {rule: "\n".join(lines).strip() for rule, lines in texts.items()}


def rule_text(rule_id: str) -> str:
    """The text of a rule; ``MAR-6c`` falls back to ``MAR-6``; an unknown ID says so."""
    rules = _rules()
    base = re.sub(r"[a-z]$", "", rule_id)
    return rules.get(rule_id) or rules.get(base) or f"{rule_id}: no rule text with this ID in the rules reference."
