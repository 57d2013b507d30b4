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
    return {rule: _reflow(lines) for rule, lines in texts.items()}


def _reflow(lines: list[str]) -> str:
    """Join a paragraph's hard-wrapped lines; keep table rows, list items and blank lines."""
    out: list[str] = []
    for line in lines:
        starts_block = not line or line.startswith("|") or re.match(r"^[a-z]\. ", line)
        if out and out[-1] and not out[-1].startswith("|") and not starts_block:
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return "\n".join(out).strip()


def rule_text(rule_id: str) -> str:
    """The text of a rule; ``MAR-6c`` falls back to ``MAR-6``; an unknown ID says so."""
    rules = _rules()
    base = re.sub(r"[a-z]$", "", rule_id)
    return rules.get(rule_id) or rules.get(base) or f"{rule_id}: no rule text with this ID in the rules reference."
