"""Events: every state change players should know about, with its rule ID (the game log)."""

from __future__ import annotations

from enum import StrEnum

from attrs import Factory, define

from core.i18n import Message, N_, _, msg, text_of


class EventKind(StrEnum):
    INFO = "info"
    PHASE = "phase"
    VP = "vp"
    ROLL = "roll"
    SHUFFLE = "shuffle"
    DRAW = "draw"
    REVEAL = "reveal"
    GAME_OVER = "game-over"


# GEN-9: events after which undo stops (randomness and revealed hidden information).
BARRIER_KINDS = frozenset({EventKind.ROLL, EventKind.SHUFFLE, EventKind.DRAW, EventKind.REVEAL})


@define
class Modifier:
    source: Message | str  # a message, or a name (a leader's, a royal's)
    value: int


@define
class Roll:
    """One die roll (GEN-4): who, why, the faces, each modifier with its source, and the total."""

    who: str
    rule: str
    why: Message
    faces: list[int]
    modifiers: list[Modifier] = Factory(list)
    result: Message | None = None  # what the total gave on its table, set by the rule that rolled

    @property
    def total(self) -> int:
        return sum(self.faces) + sum(m.value for m in self.modifiers)


@define
class Event:
    """One line of the game log, with the turn and phase it happened in (for reports and filters).
    Its ``message`` has no language: ``text`` is it in the reader's."""

    rule: str
    message: Message
    power: str = ""
    kind: EventKind = EventKind.INFO
    roll: Roll | None = None
    turn: int = 0
    phase: str = ""

    @property
    def text(self) -> str:
        return self.message.render()

    @property
    def is_barrier(self) -> bool:
        return self.kind in BARRIER_KINDS


def signed(number: int) -> str:
    """'+1', '-2': a change, for a message's parameter (an f-string inside ``msg(...)`` would hide it from
    the catalogs' extraction)."""
    return f"{number:+d}"


def describe_roll(roll: Roll) -> str:
    faces = "+".join(str(f) for f in roll.faces)
    dice = msg(N_("{count}d6"), count=len(roll.faces)).render()
    parts = [f"{dice} [{faces}]"]
    parts += [f"{'+' if m.value >= 0 else '-'}{abs(m.value)} {text_of(m.source)}" for m in roll.modifiers]
    return f"{' '.join(parts)} = {roll.total}"


def render(event: Event, power_name: dict[str, str] | None = None) -> str:
    """The one function that turns an event into a log line: ``[RULE] Power: text``, in the reader's
    language (a power's name is a game term: translated here, whether ``power_name`` gives it in
    English or already translated)."""
    who = _((power_name or {}).get(event.power, event.power.capitalize())) if event.power else ""
    text = event.text
    if event.roll is not None:
        text = f"{text}: {describe_roll(event.roll)}"
    return f"[{event.rule}] {who + ': ' if who else ''}{text}"
