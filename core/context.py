"""The working context of one engine step: data, the state being changed, the rules, the events out."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from attrs import Factory, define

from core import dice
from core.events import Event, EventKind, Modifier, Roll
from core.gamedata import GameData
from core.i18n import Message, msgn
from core.lookup import Lookup, lookup
from core.state import Frame, GameState, VpEntry

if TYPE_CHECKING:
    from core.registry import Registry


def _message(text: Message | str) -> Message:
    # A plain text is a message of itself (shown as written where the catalogs lack it).
    return text if isinstance(text, Message) else Message(text)


def _the_registry() -> Registry:
    from core.registry import RULES  # the registry imports every rule section, which import this

    return RULES


@define
class Ctx:
    data: GameData
    state: GameState
    events: list[Event] = Factory(list)
    rules: Registry = Factory(_the_registry)
    # set when control, religion or Unrest changed: the immediate victories are checked (WIN-2, WIN-3)
    map_changed: bool = False
    # the VP the map gave each power (key tracks, Protestant spaces) before its first change in this step (WIN-6)
    map_vp_before: dict[str, list[int]] | None = None
    tables: Lookup = Factory(lambda ctx: lookup(ctx.data), takes_self=True)

    def log(self, rule: str, text: Message | str, power: str = "", kind: EventKind = EventKind.INFO) -> None:
        """Log ``text``: a message without a language, rendered in each reader's (``msg``, ``msgn``)."""
        state = self.state
        self.events.append(Event(rule=rule, message=_message(text), power=power, kind=kind, turn=state.turn, phase=state.phase))

    def roll(
        self, who: str, rule: str, why: Message | str, count: int = 1, modifiers: Iterable[Modifier] = ()
    ) -> Roll:
        """Roll ``count`` d6 from the game's one seeded source and log it with its modifiers (GEN-4)."""
        faces = [dice.d6(self.state.rng, rule) for _ in range(count)]
        result = Roll(who=who, rule=rule, why=_message(why), faces=faces, modifiers=[m for m in modifiers if m.value])
        state = self.state
        self.events.append(
            Event(rule=rule, message=result.why, power=who, kind=EventKind.ROLL, roll=result, turn=state.turn, phase=state.phase)
        )
        return result

    def name(self, ident: str) -> str:
        """A readable name for any power, royal, leader, patron, space or minor id."""
        return self.tables.names.get(ident) or self.data.name_of(ident)

    def power_term(self, power_id: str) -> Message:
        """A power's name as a message: powers are game terms, translated (people and places are not)."""
        term = self.tables.power_terms.get(power_id)
        return term if term is not None else Message(self.data.power_name(power_id))

    def changing_map(self) -> None:
        """Called before control, religion or Unrest change: the immediate victories are checked once
        the step settles (WIN-2, WIN-3), and the VP the change gave or took are logged (WIN-6)."""
        if self.map_vp_before is None:
            from core.victory import map_vp  # victory imports this module

            self.map_vp_before = map_vp(self.state, self.data)
        self.map_changed = True

    def gain_vp(self, power: str, amount: int, rule: str, reason: Message | str) -> None:
        """WIN-6: every permanent VP change is a ledger entry and a logged event."""
        reason = _message(reason)
        self.state.powers[power].vp_entries.append(VpEntry(rule=rule, amount=amount, reason=reason, turn=self.state.turn))
        self.log_vp_change(power, amount, rule, reason)

    def log_vp_change(self, power: str, amount: int, rule: str, reason: Message) -> None:
        """WIN-6: every VP change is a logged event with its rule ID."""
        if amount >= 0:
            self.log(rule, msgn("gains {count} VP ({reason})", "gains {count} VP ({reason})", amount, reason=reason), power, EventKind.VP)
        else:
            self.log(rule, msgn("loses {count} VP ({reason})", "loses {count} VP ({reason})", -amount, reason=reason), power, EventKind.VP)

    def remove_frame(self, frame: Frame) -> None:
        """Take a pending procedure off the stack: this one, by identity (two can be equal)."""
        stack = self.state.stack
        for index in range(len(stack) - 1, -1, -1):
            if stack[index] is frame:
                del stack[index]
                return
        raise ValueError(f"{type(frame).__name__} is not on the stack")

    def at_war(self, a: str, b: str) -> bool:
        return sorted((a, b)) in self.state.wars
