"""Searching the game log: filters by power, phase, turn, rule ID prefix and "dice only".

The log is public: events never carry a card number from a hidden hand (a card is named only when it is
played, a reveal), so every seat sees the same log and the filter needs no per-seat view.
"""

from __future__ import annotations

from attrs import frozen

from core.events import Event, render
from core.gamedata import GameData
from core.state import Phase

FILTER_HELP = "filter words: a power (spain), a phase (action), t3 (turn 3), a rule prefix (MAR, PAT-5), dice"


class FilterError(ValueError):
    """A filter word that names nothing: the one-line reason."""


@frozen
class LogFilter:
    powers: frozenset[str] = frozenset()
    phases: frozenset[str] = frozenset()
    turns: frozenset[int] = frozenset()
    rule_prefixes: tuple[str, ...] = ()
    dice_only: bool = False

    def matches(self, event: Event) -> bool:
        return (
            (not self.powers or event.power in self.powers)
            and (not self.phases or event.phase in self.phases)
            and (not self.turns or event.turn in self.turns)
            and (not self.rule_prefixes or event.rule.startswith(self.rule_prefixes))
            and (not self.dice_only or event.roll is not None)
        )


def parse_filter(text: str, data: GameData) -> LogFilter:
    """Read the filter words; any word that names nothing raises FilterError."""
    powers: set[str] = set()
    phases: set[str] = set()
    turns: set[int] = set()
    prefixes: list[str] = []
    dice = False
    by_name = {p.name.lower(): p.id for p in data.powers} | {p: p for p in data.power_ids}
    phase_words = {phase.value: phase.value for phase in Phase} | {phase.value.split("-")[0]: phase.value for phase in Phase}
    for word in text.split():
        lower = word.lower()
        if lower in ("dice", "rolls"):
            dice = True
        elif lower in by_name:
            powers.add(by_name[lower])
        elif lower in phase_words:
            phases.add(phase_words[lower])
        elif lower[:1] == "t" and lower[1:].isdigit():
            turns.add(int(lower[1:]))
        elif word.isupper() or (word[:1].isupper() and "-" in word):
            prefixes.append(word.upper())
        else:
            raise FilterError(f"'{word}' is not a filter word ({FILTER_HELP})")
    return LogFilter(frozenset(powers), frozenset(phases), frozenset(turns), tuple(prefixes), dice)


def log_line(event: Event, names: dict[str, str]) -> str:
    """The log line; a roll also shows what its total gave (dice, modifiers, total, result)."""
    line = render(event, names)
    if event.roll is not None and event.roll.result:
        line = f"{line} -> {event.roll.result}"
    return line


def where(event: Event) -> str:
    return f"turn {event.turn}, {event.phase}" if event.turn else ""


