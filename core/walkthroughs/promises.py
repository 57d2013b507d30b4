"""What a walkthrough step promises, checked after the step (and the quiet play after it): a log line
with a rule ID, a roll total, a VP change, a Card marker, a card count, a royal's, minor's, leader's or
bonus's state, the Suez track, the Morisco, a space's control or units, a war, a winner, or a refusal."""

from __future__ import annotations

from attrs import define, frozen

from core import victory
from core.events import Event, render
from core.session import Session
from core.state import LeaderStatus, RoyalStatus


@define
class Outcome:
    """What a step did: its events (with the quiet play after it) and the VP before it."""

    session: Session
    events: list[Event]
    vp_before: dict[str, int]
    refusal: str = ""

    def lines(self) -> list[str]:
        names = {p: self.session.data.power_name(p) for p in self.session.data.power_ids}
        return [render(e, names) for e in self.events]


@frozen
class Logged:
    """A log line citing ``rule`` whose text contains ``text``."""

    rule: str
    text: str = ""

    def broken(self, outcome: Outcome) -> str:
        names = {p: outcome.session.data.power_name(p) for p in outcome.session.data.power_ids}
        if any(e.rule == self.rule and self.text in render(e, names) for e in outcome.events):
            return ""
        return f"no [{self.rule}] log line with {self.text!r}"


@frozen
class NotLogged:
    """No log line cites ``rule`` (a roll or result that must not happen)."""

    rule: str

    def broken(self, outcome: Outcome) -> str:
        cited = [e.text for e in outcome.events if e.rule == self.rule]
        return f"unexpected [{self.rule}] log lines: {cited}" if cited else ""


@frozen
class Rolled:
    """A roll for ``rule`` with this total (and these faces, when given)."""

    rule: str
    total: int
    faces: tuple[int, ...] = ()

    def broken(self, outcome: Outcome) -> str:
        rolls = [e.roll for e in outcome.events if e.roll is not None and e.rule == self.rule]
        if any(r.total == self.total and (not self.faces or tuple(r.faces) == self.faces) for r in rolls):
            return ""
        return f"no {self.rule} roll totalling {self.total}{f' with {self.faces}' if self.faces else ''}: {[(r.faces, r.total) for r in rolls]}"


@frozen
class VpChange:
    power: str
    delta: int

    def broken(self, outcome: Outcome) -> str:
        state, data = outcome.session.state, outcome.session.data
        delta = victory.total_vp(state, data, self.power) - outcome.vp_before[self.power]
        return "" if delta == self.delta else f"{self.power} VP changed by {delta}, not {self.delta}"


@frozen
class CardMarkers:
    """The sum of a power's +1/-1 Card markers now."""

    power: str
    total: int

    def broken(self, outcome: Outcome) -> str:
        held = sum(m.delta for m in outcome.session.state.powers[self.power].card_markers)
        return "" if held == self.total else f"{self.power} holds Card markers {held:+d}, not {self.total:+d}"


@frozen
class Dealt:
    """CARD-7: the power's card count this turn."""

    power: str
    count: int

    def broken(self, outcome: Outcome) -> str:
        count = sum(line.value for line in outcome.session.state.powers[self.power].deal)
        return "" if count == self.count else f"{self.power} is dealt {count}, not {self.count}"


@frozen
class Holds:
    """The power holds this card now."""

    power: str
    card: int

    def broken(self, outcome: Outcome) -> str:
        return "" if self.card in outcome.session.state.powers[self.power].hand else f"{self.power} does not hold #{self.card}"


@frozen
class RoyalIs:
    royal: str
    status: RoyalStatus
    eligibility: int = 0

    def broken(self, outcome: Outcome) -> str:
        royal = outcome.session.state.royals[self.royal]
        if royal.status is not self.status:
            return f"{self.royal} is {royal.status.value}, not {self.status.value}"
        if self.eligibility and royal.eligibility != self.eligibility:
            return f"{self.royal}'s Eligibility is {royal.eligibility}, not {self.eligibility}"
        return ""


@frozen
class AllyIs:
    minor: str
    ally: str

    def broken(self, outcome: Outcome) -> str:
        ally = outcome.session.state.minors[self.minor].ally
        return "" if ally == self.ally else f"{self.minor}'s ally is {ally or 'none'}, not {self.ally or 'none'}"


@frozen
class LeaderIs:
    leader: str
    status: LeaderStatus

    def broken(self, outcome: Outcome) -> str:
        status = outcome.session.state.leaders[self.leader].status
        return "" if status is self.status else f"{self.leader} is {status.value}, not {self.status.value}"


@frozen
class BonusHeld:
    bonus: str
    power: str

    def broken(self, outcome: Outcome) -> str:
        holder = outcome.session.state.markers.bonus_holders.get(self.bonus, "")
        return "" if holder == self.power else f"{self.bonus} is held by {holder or 'no one'}, not {self.power}"


@frozen
class Wins:
    """The game is over: ``power`` wins, by the victory of ``rule``."""

    power: str
    rule: str

    def broken(self, outcome: Outcome) -> str:
        state = outcome.session.state
        if state.winner != self.power:
            return f"the winner is {state.winner or 'no one'}, not {self.power}"
        return Logged(self.rule, "wins").broken(outcome)


@frozen
class SuezIs:
    """SUEZ-2 / SUEZ-3: the attempts marker's box and whether the canal is built."""

    attempts: int
    built: bool = False

    def broken(self, outcome: Outcome) -> str:
        state = outcome.session.state
        if (state.suez_attempts, state.suez_built) == (self.attempts, self.built):
            return ""
        return f"the Suez attempts marker is in box {state.suez_attempts} (built: {state.suez_built}), not {self.attempts} (built: {self.built})"


@frozen
class MoriscoIs:
    """MOR-2..MOR-4: the Morisco unit's space ("" when not in play) and the space it besieges."""

    space: str
    besieging: str = ""

    def broken(self, outcome: Outcome) -> str:
        state = outcome.session.state
        if (state.morisco_space, state.morisco_besieging) == (self.space, self.besieging):
            return ""
        return f"the Morisco is in {state.morisco_space or 'no space'} besieging {state.morisco_besieging or 'nothing'}, not {self.space or 'no space'} / {self.besieging or 'nothing'}"


@frozen
class ControlIs:
    space: str
    power: str

    def broken(self, outcome: Outcome) -> str:
        control = outcome.session.state.spaces[self.space].control
        return "" if control == self.power else f"{self.space} is under {control} control, not {self.power}"


@frozen
class UnitsIn:
    """A power's regulars and mercenaries in a space."""

    space: str
    power: str
    regulars: int
    mercenaries: int = 0

    def broken(self, outcome: Outcome) -> str:
        held = outcome.session.state.spaces[self.space].units.get(self.power)
        have = (held.regulars, held.mercenaries) if held else (0, 0)
        return "" if have == (self.regulars, self.mercenaries) else f"{self.power} has {have} in {self.space}, not {(self.regulars, self.mercenaries)}"


@frozen
class AtWar:
    a: str
    b: str

    def broken(self, outcome: Outcome) -> str:
        return "" if sorted((self.a, self.b)) in outcome.session.state.wars else f"{self.a} and {self.b} are not at war"


@frozen
class Refused:
    """The step's choice is refused by the engine, citing ``rule``."""

    rule: str

    def broken(self, outcome: Outcome) -> str:
        return "" if self.rule in outcome.refusal else f"not refused with {self.rule} ({outcome.refusal or 'it was allowed'})"


Promise = (
    Logged | NotLogged | Rolled | VpChange | CardMarkers | Dealt | Holds | RoyalIs | AllyIs | LeaderIs | BonusHeld | Wins
    | SuezIs | MoriscoIs | ControlIs | UnitsIn | AtWar | Refused
)
