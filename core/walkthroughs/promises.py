"""What a walkthrough step promises, checked after the step (and the quiet play after it): a log line
with a rule ID, a roll total, a VP change, a Card marker, a card count, a royal's, minor's, leader's or
bonus's state, the Suez track, the Morisco, a space's control or units, a war, a winner, or a refusal.

Promises hold whatever the reader's language: a log line is matched in English (its message and the
power's name as written, a game holding no translated text), a refusal by its rule ID; what a broken
promise says is in the reader's language (``python -m core walkthrough --check`` prints it)."""

from __future__ import annotations

from attrs import define, frozen

from core import victory
from core.events import Event, Roll
from core.gamedata import GameData
from core.i18n import Message, _
from core.session import Session
from core.state import LeaderStatus, RoyalStatus

ENGLISH = "en"


def english_roll(roll: Roll) -> str:
    """A roll as the English log writes it: ``2d6 [5+3] +2 Titian's rating = 10``."""
    parts = [f"{len(roll.faces)}d6 [{'+'.join(str(f) for f in roll.faces)}]"]
    for modifier in roll.modifiers:
        source = modifier.source.in_language(ENGLISH) if isinstance(modifier.source, Message) else modifier.source
        parts.append(f"{'+' if modifier.value >= 0 else '-'}{abs(modifier.value)} {source}")
    return f"{' '.join(parts)} = {roll.total}"


def _named(outcome: Outcome, power: str) -> str:
    """A power (or the Independent side) as a broken promise names it: in the reader's language, as every
    message names a power (Spanish puts its article before it: "El Otomano tiene 3 VP, no 5"); "no one" for none."""
    return _(outcome.session.data.power_name(power)) if power else _("no one")


def english_line(event: Event, data: GameData) -> str:
    """The log line of ``event`` in English, whatever the reader's language: ``[RULE] Power: text``."""
    names = {power.id: power.name for power in data.powers}  # the data's names: English, as written
    who = names.get(event.power, event.power.capitalize()) if event.power else ""
    text = event.message.in_language(ENGLISH)
    if event.roll is not None:
        text = f"{text}: {english_roll(event.roll)}"
    return f"[{event.rule}] {who + ': ' if who else ''}{text}"


@define
class Outcome:
    """What a step did: its events (with the quiet play after it) and the VP before it."""

    session: Session
    events: list[Event]
    vp_before: dict[str, int]
    refusal: str = ""

    def lines(self) -> list[str]:
        """The step's log lines in English (what ``Logged`` promises are matched against)."""
        return [english_line(e, self.session.data) for e in self.events]


@frozen
class Logged:
    """A log line citing ``rule`` whose text contains ``text``."""

    rule: str
    text: str = ""

    def broken(self, outcome: Outcome) -> str:
        data = outcome.session.data
        if any(e.rule == self.rule and self.text in english_line(e, data) for e in outcome.events):
            return ""
        return _("no [{rule}] log line with '{text}'").format(rule=self.rule, text=self.text)


@frozen
class NotLogged:
    """No log line cites ``rule`` (a roll or result that must not happen)."""

    rule: str

    def broken(self, outcome: Outcome) -> str:
        cited = [e.text for e in outcome.events if e.rule == self.rule]
        return _("unexpected [{rule}] log lines: {lines}").format(rule=self.rule, lines=cited) if cited else ""


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
        seen = [(r.faces, r.total) for r in rolls]
        if self.faces:
            return _("no {rule} roll totalling {total} with {faces}: {rolls}").format(rule=self.rule, total=self.total, faces=self.faces, rolls=seen)
        return _("no {rule} roll totalling {total}: {rolls}").format(rule=self.rule, total=self.total, rolls=seen)


@frozen
class VpChange:
    power: str
    delta: int

    def broken(self, outcome: Outcome) -> str:
        state, data = outcome.session.state, outcome.session.data
        delta = victory.total_vp(state, data, self.power) - outcome.vp_before[self.power]
        return "" if delta == self.delta else _("{power} VP changed by {delta}, not {expected}").format(power=_named(outcome, self.power), delta=delta, expected=self.delta)


@frozen
class VpIs:
    """``power``'s VP total after the step is ``total`` (the figures a step's text gives: WIN-5, WIN-6)."""

    power: str
    total: int

    def broken(self, outcome: Outcome) -> str:
        total = victory.total_vp(outcome.session.state, outcome.session.data, self.power)
        return "" if total == self.total else _("{power} has {total} VP, not {expected}").format(power=_named(outcome, self.power), total=total, expected=self.total)


@frozen
class CardMarkers:
    """The sum of a power's +1/-1 Card markers now."""

    power: str
    total: int

    def broken(self, outcome: Outcome) -> str:
        held = sum(m.delta for m in outcome.session.state.powers[self.power].card_markers)
        return "" if held == self.total else _("{power} holds Card markers {held}, not {expected}").format(
            power=_named(outcome, self.power), held=f"{held:+d}", expected=f"{self.total:+d}")


@frozen
class Dealt:
    """CARD-7: the power's card count this turn, and the cards it was dealt (a newcomer play-test: the step
    promised Spain 5 cards, the count said 5, and the deck, run out, dealt 4)."""

    power: str
    count: int

    def broken(self, outcome: Outcome) -> str:
        count = sum(line.value for line in outcome.session.state.powers[self.power].deal)
        dealt = [dict(e.message.params).get("count") for e in outcome.events
                 if e.rule == "CARD-7" and e.power == self.power and e.message.id.startswith("is dealt")]
        if not dealt:  # a reworded deal line fails here, never passes unchecked
            return _("{power} is dealt no cards in the log (CARD-7)").format(power=_named(outcome, self.power))
        for got in (count, *dealt):
            if got != self.count:
                return _("{power} is dealt {count}, not {expected}").format(power=_named(outcome, self.power), count=got, expected=self.count)
        return ""


@frozen
class Holds:
    """The power holds this card now."""

    power: str
    card: int

    def broken(self, outcome: Outcome) -> str:
        return "" if self.card in outcome.session.state.powers[self.power].hand else _("{power} does not hold #{card}").format(power=_named(outcome, self.power), card=self.card)


@frozen
class RoyalIs:
    royal: str
    status: RoyalStatus
    eligibility: int = 0

    def broken(self, outcome: Outcome) -> str:
        royal = outcome.session.state.royals[self.royal]
        if royal.status is not self.status:
            return _("{royal} is {status}, not {expected}").format(royal=self.royal, status=royal.status.value, expected=self.status.value)
        if self.eligibility and royal.eligibility != self.eligibility:
            return _("{royal}: Eligibility {eligibility}, not {expected}").format(
                royal=self.royal, eligibility=royal.eligibility, expected=self.eligibility)
        return ""


@frozen
class AllyIs:
    minor: str
    ally: str

    def broken(self, outcome: Outcome) -> str:
        ally = outcome.session.state.minors[self.minor].ally
        return "" if ally == self.ally else _("{minor}'s ally is {ally}, not {expected}").format(
            minor=self.minor, ally=_named(outcome, ally), expected=_named(outcome, self.ally))


@frozen
class LeaderIs:
    leader: str
    status: LeaderStatus

    def broken(self, outcome: Outcome) -> str:
        status = outcome.session.state.leaders[self.leader].status
        return "" if status is self.status else _("{leader} is {status}, not {expected}").format(leader=self.leader, status=status.value, expected=self.status.value)


@frozen
class BonusHeld:
    bonus: str
    power: str

    def broken(self, outcome: Outcome) -> str:
        holder = outcome.session.state.markers.bonus_holders.get(self.bonus, "")
        return "" if holder == self.power else _("{bonus} is held by {holder}, not {expected}").format(bonus=self.bonus, holder=_named(outcome, holder), expected=_named(outcome, self.power))


@frozen
class Wins:
    """The game is over: ``power`` wins, by the victory of ``rule``."""

    power: str
    rule: str

    def broken(self, outcome: Outcome) -> str:
        state = outcome.session.state
        if state.winner != self.power:
            return _("the winner is {winner}, not {expected}").format(winner=_named(outcome, state.winner or ""), expected=_named(outcome, self.power))
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
        return _("the Suez attempts marker is in box {box} (built: {built}), not {expected} (built: {expected_built})").format(
            box=state.suez_attempts, built=state.suez_built, expected=self.attempts, expected_built=self.built)


@frozen
class MoriscoIs:
    """MOR-2..MOR-4: the Morisco unit's space ("" when not in play) and the space it besieges."""

    space: str
    besieging: str = ""

    def broken(self, outcome: Outcome) -> str:
        state = outcome.session.state
        if (state.morisco_space, state.morisco_besieging) == (self.space, self.besieging):
            return ""
        nowhere, nothing = _("no space"), _("nothing")
        return _("the Morisco is in {space} besieging {besieging}, not {expected} / {expected_besieging}").format(
            space=state.morisco_space or nowhere, besieging=state.morisco_besieging or nothing,
            expected=self.space or nowhere, expected_besieging=self.besieging or nothing)


@frozen
class ControlIs:
    space: str
    power: str

    def broken(self, outcome: Outcome) -> str:
        control = outcome.session.state.spaces[self.space].control
        return "" if control == self.power else _("{space} is controlled by {power}, not {expected}").format(space=self.space, power=_named(outcome, control), expected=_named(outcome, self.power))


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
        expected = (self.regulars, self.mercenaries)
        return "" if have == expected else _("{power} has {units} in {space}, not {expected}").format(power=_named(outcome, self.power), units=have, space=self.space, expected=expected)


@frozen
class AtWar:
    a: str
    b: str

    def broken(self, outcome: Outcome) -> str:
        return "" if sorted((self.a, self.b)) in outcome.session.state.wars else _("{a} and {b} are not at war").format(a=_named(outcome, self.a), b=_named(outcome, self.b))


@frozen
class Refused:
    """The step's choice is refused by the engine, citing ``rule``."""

    rule: str

    def broken(self, outcome: Outcome) -> str:
        return "" if self.rule in outcome.refusal else _("not refused with {rule} ({refusal})").format(rule=self.rule, refusal=outcome.refusal or _("it was allowed"))


Promise = (
    Logged | NotLogged | Rolled | VpChange | VpIs | CardMarkers | Dealt | Holds | RoyalIs | AllyIs | LeaderIs | BonusHeld | Wins
    | SuezIs | MoriscoIs | ControlIs | UnitsIn | AtWar | Refused
)
