"""A game being played: state, action log, game log and undo (GEN-9). No I/O here."""

from __future__ import annotations

import copy

from attrs import Factory, define, frozen

from core import engine
from core.choices import Choice, Decision
from core.events import Event
from core.gamedata import GameData
from core.setup import Setup, new_state
from core.state import GameState


@frozen
class Action:
    actor: str
    choice: str


@define
class _Snapshot:
    state: GameState
    actions: int
    log: int
    person: str


@define
class Session:
    data: GameData
    setup: Setup
    state: GameState
    actions: list[Action] = Factory(list)
    log: list[Event] = Factory(list)
    keep_undo: bool = True
    _undo: list[_Snapshot] = Factory(list)
    _last_person: str = ""

    @classmethod
    def new(cls, data: GameData, setup: Setup, keep_undo: bool = True) -> Session:
        """A new game; ``keep_undo=False`` (replays, the fuzzer) skips the undo snapshots."""
        state = new_state(data, setup.scenario, setup.seed, setup.controllers, setup.strict_response_windows)
        session = cls(data=data, setup=setup, state=state, keep_undo=keep_undo)
        session.log.extend(engine.start(data, state))
        return session

    @classmethod
    def replay(cls, data: GameData, setup: Setup, actions: list[Action], keep_undo: bool = False) -> Session:
        session = cls.new(data, setup, keep_undo=False)
        for action in actions:
            session.choose(action.actor, Choice.parse(action.choice))
        session.keep_undo = keep_undo
        return session

    @property
    def decision(self) -> Decision | None:
        return engine.decision(self.data, self.state)

    def person_for(self, power: str) -> str:
        """Who decides for a power; the table's actions fall to the person at the keyboard."""
        if power in self.state.powers:
            return self.state.powers[power].controller
        pending = self.decision
        if pending is not None and pending.power in self.state.powers:
            return self.state.powers[pending.power].controller
        return self._last_person or next(iter(self.state.powers.values())).controller

    def choose(self, actor: str, choice: Choice) -> list[Event]:
        """Apply one choice (IllegalChoice leaves everything unchanged); record it; manage undo."""
        person = self.person_for(actor)
        before = copy.deepcopy(self.state) if self.keep_undo else None
        events = engine.step(self.data, self.state, actor, choice)
        self.actions.append(Action(actor=actor, choice=str(choice)))
        log_length = len(self.log)
        self.log.extend(events)
        self._last_person = person
        if before is None:
            return events
        next_decision = self.decision
        handed_off = next_decision is not None and self.person_for(next_decision.power) != person
        if handed_off or any(e.is_barrier for e in events):
            self._undo.clear()  # GEN-9: no undo across chance, a reveal or a hand-off
        else:
            self._undo.append(_Snapshot(before, len(self.actions) - 1, log_length, person))
        return events

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> bool:
        """Take back the last decision of the person at the keyboard, back to the last barrier."""
        if not self._undo:
            return False
        snapshot = self._undo.pop()
        self.state = snapshot.state
        self._last_person = snapshot.person
        del self.actions[snapshot.actions :]
        del self.log[snapshot.log :]
        return True
