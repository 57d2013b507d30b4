"""A game being played: state, action log, game log, seats and undo (GEN-9). No I/O here.

The state changes only through ``choose`` and ``undo``; code that edits it by hand (tests, prepared
walkthrough positions) calls ``refresh`` afterwards so the pending decision is built again.
"""

from __future__ import annotations

import pickle

from attrs import Factory, define, frozen

from core import engine
from core.choices import Choice, Decision
from core.events import Event
from core.gamedata import GameData
from core.setup import Seat, Setup, new_state
from core.state import Frame, GameState
from core.views import SeatView, seat_view


@frozen
class Action:
    actor: str
    choice: str


@define
class _Undoable:
    """One decision that can be taken back: where the logs stood before it, and who made it."""

    action: Action
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
    # GEN-9 undo window: the state (pickled) before the first undoable decision since the last
    # barrier, and those decisions; undo replays all but the last from it (exact: no chance inside).
    _window_base: bytes = b""
    _window: list[_Undoable] = Factory(list)
    _last_person: str = ""
    _pending: Decision | None = None
    _pending_for: Frame | None = None  # the frame the pending decision was built for

    def _build_pending(self) -> None:
        self._pending = engine.decision(self.data, self.state)
        self._pending_for = self._top_frame()

    def _top_frame(self) -> Frame | None:
        return self.state.stack[-1] if self.state.stack else None

    @classmethod
    def new(cls, data: GameData, setup: Setup, keep_undo: bool = True) -> Session:
        """A new game; ``keep_undo=False`` (replays, the fuzzer) keeps no undo window."""
        setup = setup.completed(data)
        state = new_state(data, setup.scenario, setup.seed, setup.strict_response_windows)
        session = cls(data=data, setup=setup, state=state, keep_undo=keep_undo)
        session.log.extend(engine.start(data, state))
        session.refresh()
        return session

    @classmethod
    def resume(cls, data: GameData, setup: Setup, state: GameState, actions: list[Action]) -> Session:
        """A game from a saved state and its action log, not replayed (saves.OpenedSave checks it)."""
        session = cls(data=data, setup=setup.completed(data), state=state, actions=list(actions))
        session.refresh()
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
        if self._top_frame() is not self._pending_for:
            self._build_pending()  # the stack was changed by hand without refresh()
        return self._pending

    def refresh(self) -> None:
        """Build the pending decision again after the state was edited by hand; the edited state is
        the new starting point of undo (GEN-9)."""
        self._build_pending()
        self._window.clear()
        self._window_base = b""

    # ---- who decides (GEN-2) --------------------------------------------------------------------

    def seat_of(self, power: str) -> Seat:
        """The seat holding a power; the table's actions are the seat of whoever holds the keyboard."""
        if power in self.state.powers:
            return self.setup.seat_of(power)
        pending = self._pending
        if pending is not None and pending.power in self.state.powers:
            return self.setup.seat_of(pending.power)
        name = self._last_person or self.setup.seats[0].name
        return next(seat for seat in self.setup.seats if seat.name == name)

    def person_for(self, power: str) -> str:
        """The name of who decides for a power (or for the table, TABLE-1)."""
        return self.seat_of(power).name

    def seat_to_decide(self) -> Seat | None:
        """The seat whose decision is pending (None when the game is over)."""
        return self.seat_of(self._pending.power) if self._pending is not None else None

    def view(self, seat: Seat) -> SeatView:
        """What one seat may see now (other hands as counts; never the deck order or the dice)."""
        return seat_view(self.data, self.state, self.setup, seat, self._pending, self.seat_to_decide(), self.log)

    # ---- playing ----------------------------------------------------------------------------------

    def choose(self, actor: str, choice: Choice) -> list[Event]:
        """Apply one choice (IllegalChoice leaves everything unchanged); record it; manage undo."""
        if self._top_frame() is not self._pending_for:
            self._build_pending()  # the state was edited by hand without refresh(): never check a stale decision
        person = self.person_for(actor)
        base = pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL) if self.keep_undo and not self._window else b""
        events, self._pending = engine.advance(self.data, self.state, actor, choice, self._pending)
        self._pending_for = self._top_frame()
        action = Action(actor=actor, choice=str(choice))
        undoable = _Undoable(action, len(self.actions), len(self.log), person)
        self.actions.append(action)
        self.log.extend(events)
        self._last_person = person
        if not self.keep_undo:
            return events
        handed_off = self._pending is not None and self.person_for(self._pending.power) != person
        if handed_off or any(e.is_barrier for e in events):
            self._window.clear()  # GEN-9: no undo across chance, a reveal or a hand-off
            self._window_base = b""
        else:
            if not self._window:
                self._window_base = base
            self._window.append(undoable)
        return events

    def can_undo(self) -> bool:
        return bool(self._window)

    def undo(self) -> bool:
        """Take back the last decision of the person at the keyboard, back to the last barrier."""
        if not self._window:
            return False
        last = self._window.pop()
        state: GameState = pickle.loads(self._window_base)
        for undoable in self._window:
            engine.step(self.data, state, undoable.action.actor, Choice.parse(undoable.action.choice))
        self.state = state
        self._last_person = last.person
        del self.actions[last.actions :]
        del self.log[last.log :]
        if not self._window:
            self._window_base = b""
        self._build_pending()
        return True
