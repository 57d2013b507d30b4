"""The working context of one engine step: data, the state being changed, and the events out."""

from __future__ import annotations

from collections.abc import Iterable

from attrs import Factory, define

from core import dice
from core.events import Event, EventKind, Modifier, Roll
from core.gamedata import GameData
from core.state import GameState, VpEntry


@define
class Ctx:
    data: GameData
    state: GameState
    events: list[Event] = Factory(list)

    def log(self, rule: str, text: str, power: str = "", kind: EventKind = EventKind.INFO) -> None:
        self.events.append(Event(rule=rule, text=text, power=power, kind=kind))

    def roll(
        self, who: str, rule: str, why: str, count: int = 1, modifiers: Iterable[Modifier] = ()
    ) -> Roll:
        """Roll ``count`` d6 from the game's one seeded source and log it with its modifiers."""
        faces = [dice.d6(self.state.rng, rule) for _ in range(count)]
        result = Roll(who=who, rule=rule, why=why, faces=faces, modifiers=[m for m in modifiers if m.value])
        self.events.append(Event(rule=rule, text=why, power=who, kind=EventKind.ROLL, roll=result))
        return result

    def name(self, ident: str) -> str:
        """A readable name for any power, royal, leader, patron, space or minor id."""
        data = self.data
        for table in (data.royals, data.leaders, data.artists, data.scientists, data.spaces, data.minors, data.bonuses):
            if ident in table:
                return table[ident].name
        if ident == "independent":
            return "Independent"
        return data.power_name(ident)

    def gain_vp(self, power: str, amount: int, rule: str, reason: str) -> None:
        """WIN-6: every permanent VP change is a ledger entry and a logged event."""
        self.state.powers[power].vp_entries.append(VpEntry(rule=rule, amount=amount, reason=reason, turn=self.state.turn))
        sign = "gains" if amount >= 0 else "loses"
        self.log(rule, f"{sign} {abs(amount)} VP ({reason})", power, EventKind.VP)

    def at_war(self, a: str, b: str) -> bool:
        return sorted((a, b)) in self.state.wars
