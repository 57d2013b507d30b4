"""What the engine does with each rule: enforced, recorded as a table action, or not in the sources.
"Enforced" comes from the registry's declarations: the rule IDs each procedure, card event, table
kind and constraint, phase step and immediate victory check says it applies (``Registry.declared_rules``).
The rules that are something else, and those the session rather than the engine applies, are
declared here, as data, with the reason."""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from attrs import frozen

from core.i18n import N_, _
from core.registry import RULES
from core.rules_text import base_id, entries


class Treatment(StrEnum):
    """How the engine treats a rule (its value is marked for the catalogs: shown with ``_(treatment)``)."""

    ENFORCED = N_("enforced")
    TABLE = N_("table action")
    NOT_IN_SOURCES = N_("not in the sources")
    NOT_CITED = N_("not cited by the engine")


@frozen
class Status:
    treatment: Treatment
    note: str = ""  # English, marked for the catalogs: shown with ``_(note)`` (``shown_note``)

    @property
    def shown_treatment(self) -> str:
        """The treatment in the reader's language (the rules browser's "Engine: ...")."""
        return _(self.treatment.value)

    @property
    def shown_note(self) -> str:
        """The note in the reader's language ("" when there is none)."""
        return _(self.note)


DECLARED: dict[str, Status] = {
    "GEN-1": Status(Treatment.ENFORCED, N_("the game follows this impulse order everywhere: impulses, windows, ties (GEN-5)")),
    "GEN-9": Status(Treatment.ENFORCED, N_("undo back to the last die roll, reveal, or hand-off the next person took (their Enter on \"Pass to\")")),
    "CL-6": Status(Treatment.ENFORCED, N_("Guise's moves are table actions, refused outside the territory; his winter return is automatic, as is his leaving a space that rebels (IND-3)")),
    "IND-1": Status(Treatment.ENFORCED, N_("the independent spaces are those of the map and of the scenario played")),
    "MOR-3": Status(Treatment.ENFORCED, N_("the Morisco's moves are table actions, refused beyond 2 spaces of Granada or in Winter")),
    "MOR-4": Status(Treatment.ENFORCED, N_("its sieges are recorded as table actions; the Winter check is automatic")),
    "PAT-9": Status(Treatment.ENFORCED, N_("the worked example is a walkthrough and a test, and comes out exactly")),
    "TABLE-1": Status(Treatment.TABLE, N_("players record outcomes the sources do not describe; each is validated and logged")),
    "UNIT-3": Status(Treatment.TABLE, N_("capture, release and losses of leaders are recorded as table actions")),
    "WIN-4": Status(Treatment.NOT_IN_SOURCES, N_("its condition is not in the sources: the check stays off until it is supplied")),
}


@cache
def _declared_by_the_registry() -> frozenset[str]:
    return RULES.declared_rules()


def status(rule_id: str) -> Status:
    rule = base_id(rule_id)
    if rule in DECLARED:
        return DECLARED[rule]
    if rule in _declared_by_the_registry():
        return Status(Treatment.ENFORCED)
    return Status(Treatment.NOT_CITED)


def all_statuses() -> dict[str, Status]:
    return {entry.id: status(entry.id) for entry in entries()}
