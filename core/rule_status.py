"""What the engine does with each rule: enforced, recorded as a table action, or not in the sources.
"Enforced" is derived from the rule IDs the engine cites (in its decisions, log lines
and registry records); the rules that are something else are declared here, as data, with the reason."""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cache
from pathlib import Path

from attrs import frozen

from core.registry import RULES
from core.rules_text import base_id, entries


class Treatment(StrEnum):
    ENFORCED = "enforced"
    TABLE = "table action"
    NOT_IN_SOURCES = "not in the sources"
    NOT_CITED = "not cited by the engine"


@frozen
class Status:
    treatment: Treatment
    note: str = ""


DECLARED: dict[str, Status] = {
    "GEN-1": Status(Treatment.ENFORCED, "the impulse order is the order of the powers in core/data/powers.toml"),
    "CL-6": Status(Treatment.ENFORCED, "Guise's moves are table actions, refused outside the territory; his winter return is automatic"),
    "IND-1": Status(Treatment.ENFORCED, "the independent spaces are data (core/data/spaces.toml, scenarios)"),
    "MOR-3": Status(Treatment.ENFORCED, "the Morisco's moves are table actions, refused beyond 2 spaces of Granada or in Winter"),
    "MOR-4": Status(Treatment.ENFORCED, "its sieges are recorded as table actions; the Winter check is automatic"),
    "PAT-9": Status(Treatment.ENFORCED, "the worked example is a walkthrough and a test, and comes out exactly"),
    "TABLE-1": Status(Treatment.TABLE, "players record outcomes the sources do not describe; each is validated and logged"),
    "UNIT-3": Status(Treatment.TABLE, "capture, release and losses of leaders are recorded as table actions"),
    "WIN-4": Status(Treatment.NOT_IN_SOURCES, "its condition is not in the sources: the check stays off until it is supplied"),
}

_ENGINE_DIR = Path(__file__).parent
_NOT_ENGINE = {"rules_text.py", "rule_status.py"}
_CITED = re.compile(r"\b([A-Z]+-\d+)[a-z]?\b")


@cache
def cited_by_engine() -> frozenset[str]:
    """Rule IDs the engine cites: in its rule modules' decisions and log lines, and in the registry."""
    cited = {
        match.group(1)
        for path in _ENGINE_DIR.glob("*.py")
        if path.name not in _NOT_ENGINE
        for match in _CITED.finditer(path.read_text(encoding="utf-8"))
    }
    for event in RULES.card_events.values():
        cited.update(base_id(r) for r in event.rules)
    for kind in RULES.table_kinds.values():
        cited.update(base_id(r) for r in kind.rules)
    return frozenset(cited)


def status(rule_id: str) -> Status:
    rule = base_id(rule_id)
    if rule in DECLARED:
        return DECLARED[rule]
    if rule in cited_by_engine():
        return Status(Treatment.ENFORCED)
    return Status(Treatment.NOT_CITED)


def all_statuses() -> dict[str, Status]:
    return {entry.id: status(entry.id) for entry in entries()}
