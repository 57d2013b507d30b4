"""The one registry of procedures, card events and table actions; the only module that imports every
rule section. The engine dispatches through it, saves take their frame tags from it, and rule
sections reach each other's declarations through ``ctx.rules``."""

from __future__ import annotations

from types import ModuleType

from attrs import frozen

from core import action_phase, cards, catholic_league, cp_spending, independence, marriage, morisco, negotiation, patronage, responses, suez, table, turn, units, victory
from core.gamedata import GameData
from core.procedures import CardEvent, PhaseStep, Procedure, TableConstraint, TableKind
from core.rules_text import base_id
from core.state import Frame

RULE_SECTIONS: tuple[ModuleType, ...] = (
    action_phase,
    cp_spending,
    responses,
    negotiation,
    cards,
    marriage,
    patronage,
    table,
    units,
    suez,
    catholic_league,
    independence,
    morisco,
    turn,
)


class RegistryError(AssertionError):
    """Two declarations clash (a frame or tag twice, an event twice): a programming error."""


@frozen
class Registry:
    procedures: dict[type[Frame], Procedure]
    card_events: dict[str, CardEvent]
    table_kinds: dict[str, TableKind]
    table_constraints: tuple[TableConstraint, ...]
    phase_steps: tuple[PhaseStep, ...]

    def declared_rules(self) -> frozenset[str]:
        """Every rule ID a declaration applies: procedures, card events, table kinds and their
        constraints, phase steps, and the immediate victory checks that are on (WIN-1..WIN-4)."""
        declared = [
            *(r for p in self.procedures.values() for r in p.rules),
            *(r for e in self.card_events.values() for r in e.rules),
            *(r for k in self.table_kinds.values() for r in k.rules),
            *(r for c in self.table_constraints for r in c.rules),
            *(r for s in self.phase_steps for r in s.rules),
            *(r for c in victory.IMMEDIATE_CHECKS if c.test is not None for r in ("WIN-1", c.rule)),
        ]
        return frozenset(base_id(r) for r in declared)

    def procedure(self, frame: Frame) -> Procedure:
        return self.procedures[type(frame)]

    def event_of(self, data: GameData, number: int) -> CardEvent | None:
        """The event record of a card (None: the card has no event the engine plays)."""
        return self.card_events.get(data.cards[number].event)

    @property
    def frame_tags(self) -> dict[type[Frame], str]:
        return {frame: p.tag for frame, p in self.procedures.items()}


def _unique(items: list, key, what: str) -> dict:
    out: dict = {}
    for item in items:
        k = key(item)
        if k in out:
            raise RegistryError(f"{what} {k!r} is declared twice")
        out[k] = item
    return out


def build(sections: tuple[ModuleType, ...] = RULE_SECTIONS) -> Registry:
    procedures = [p for m in sections for p in getattr(m, "PROCEDURES", ())]
    _unique(procedures, lambda p: p.tag, "save tag")
    for procedure in procedures:
        if procedure.decide is not None and procedure.choose is None:
            raise RegistryError(f"{procedure.tag}: a procedure that decides needs a choose step")
        if procedure.decide is None and procedure.auto is None:
            raise RegistryError(f"{procedure.tag}: a procedure needs a decision or an automatic step")
    return Registry(
        procedures=_unique(procedures, lambda p: p.frame, "frame"),
        card_events=_unique([e for m in sections for e in getattr(m, "CARD_EVENTS", ())], lambda e: e.id, "card event"),
        table_kinds=_unique([k for m in sections for k in getattr(m, "TABLE_KINDS", ())], lambda k: k.id, "table kind"),
        table_constraints=tuple(sorted((c for m in sections for c in getattr(m, "TABLE_CONSTRAINTS", ())), key=lambda c: c.consistency)),
        phase_steps=tuple(s for m in sections for s in getattr(m, "PHASE_STEPS", ())),
    )


RULES = build()
