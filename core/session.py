"""A game being played: state, action log, game log, seats and undo (GEN-9). No I/O here.

The state changes only through ``choose`` and ``undo``; code that edits it by hand (tests, prepared
walkthrough positions) calls ``refresh`` afterwards so the pending decision is built again.
"""

from __future__ import annotations

import pickle

from attrs import Factory, define, evolve, field, frozen

from core import engine
from core.choices import Choice, Decision, IllegalChoice, Verb, typed_shown
from core.responses import asked_whatever_the_hand
from core.events import Event, EventKind, render
from core.gamedata import GameData
from core.i18n import N_, Message, _, msg, text_of
from core.setup import Seat, SeatKind, Setup, new_state
from core.state import Frame, GameState
from core.table import CANCEL, TableFrame
from core.views import SeatView, seat_view


CANCEL_CHOICE = str(Choice(Verb.PICK, (CANCEL,)))  # a table action cancelled (TABLE-1)
TABLE_CHOICE = str(Choice(Verb.TABLE, ()))  # a table action begun (TABLE-1)


@frozen
class Action:
    actor: str
    choice: str


@define
class _Undoable:
    """One decision that can be taken back: where the logs stood before it, and who made it (a
    computer's quiet answer is taken back with the person's decision before it, GEN-9)."""

    action: Action
    actions: int
    log: int
    person: str
    by_computer: bool
    # a step of a table action under way (TABLE-1): taken back with the rest of that action, back to its start
    # (play-test: after recording Unrest, u left the board half-way through the action; it took three)
    in_table_action: bool = False


BARRIER_WORDS: dict[EventKind, str] = {
    EventKind.SHUFFLE: N_("the deck was shuffled"),
    EventKind.DRAW: N_("a random draw"),
    EventKind.REVEAL: N_("a card was revealed"),
}
BARRIER_OTHER = N_("a barrier")


def barrier_reason(event: Event, short: bool = False) -> str:
    """What an undo barrier event did, in words for the refusal of undo (GEN-9), in the reader's
    language: computed when the refusal is shown, never kept. ``short``: its kind and rule alone."""
    roll = event.roll if event.kind is EventKind.ROLL else None
    what = _("dice were rolled") if roll is not None else _(BARRIER_WORDS.get(event.kind, BARRIER_OTHER))
    if short:
        return _("{what} [{rule}]").format(what=what, rule=event.rule)
    if roll is not None:
        return _("dice were rolled ({why}) [{rule}]").format(why=text_of(roll.why), rule=event.rule)
    return _("{what} ({line})").format(what=what, line=render(event))


def moves_seen(steps: list[_Undoable], under_way: bool = False) -> int:
    """How many moves a person's ``steps`` (in order) were to the others (GEN-9's notices): a table action finished
    counts once; one backed out of, or still being recorded (``under_way``: the last), not at all (TABLE-1); a quiet
    move once (review: one table action was "8 moves", one backed out of told the others "1 move")."""
    count, index = 0, 0
    while index < len(steps):
        group = [steps[index]]
        index += 1
        while index < len(steps) and steps[index].in_table_action:
            group.append(steps[index])
            index += 1
        if group[0].action.choice != TABLE_CHOICE and not group[0].in_table_action:
            count += 1  # a decision of its own
            continue
        backed_out = group[-1].action.choice == CANCEL_CHOICE
        count += 0 if backed_out or (under_way and index == len(steps)) else 1
    return count


@define
class Session:
    data: GameData
    setup: Setup
    state: GameState
    actions: list[Action] = Factory(list)
    log: list[Event] = Factory(list)
    keep_undo: bool = True
    # GEN-9 in a shared game: the person a decision passes to sees it on their own screen at once, so the hand-off
    # is a barrier as it happens (``hand_off_barrier_when_taken`` is the hot seat's, where a "Pass to" screen comes first)
    hand_off_seen_at_once: bool = False
    # GEN-9 undo window: the state (pickled) before the first undoable decision since the last
    # barrier, and those decisions (one person's, with the computers' quiet answers after them); undo
    # replays all but the last person's decision and the answers after it (exact: no chance inside).
    _window_base: bytes = b""
    _window: list[_Undoable] = Factory(list)
    # why the window is empty (GEN-9): a message, or the barrier event, put in words when undo is refused
    _barrier: Message | Event = Message(N_("the game began"))
    _barrier_actions: int = 0  # the actions the barrier came after: those since are not behind it
    _barrier_log: int = 0  # the log's length then
    _barrier_to: str = ""  # the person the barrier handed the decision to, when it was a hand-off
    _last_person: str = ""
    # GEN-9 (``hand_off_barrier_when_taken``): the person a decision passed to who has not taken the keyboard
    # yet; the window stays open for its person to take the move back until they do
    _handed_to: str = ""
    _pending: Decision | None = None
    _pending_for: Frame | None = None  # the frame the pending decision was built for
    # each power's seat, read from the set-up it holds (asked on every decision)
    _seated: tuple[Setup, dict[str, Seat]] | None = None
    # the moves the last undo took back (``moves_seen``; GEN-9's notices): as their person made them, and as the others
    # saw them (a table action still being recorded is none of theirs)
    undone_moves: int = field(default=0, init=False)
    undone_moves_seen: int = field(default=0, init=False)

    def _build_pending(self) -> None:
        self._pending = engine.decision(self.data, self.state)
        self._pending_for = self._top_frame()

    def _top_frame(self) -> Frame | None:
        return self.state.stack[-1] if self.state.stack else None

    @classmethod
    def new(cls, data: GameData, setup: Setup, keep_undo: bool = True) -> Session:
        """A new game; ``keep_undo=False`` (replays, the fuzzer) keeps no undo window."""
        setup = setup.completed(data)
        state = new_state(data, setup.scenario, setup.seed, setup.strict_response_windows, setup.rules_edition)
        session = cls(data=data, setup=setup, state=state, keep_undo=keep_undo)
        session.log.extend(engine.start(data, state))
        session.refresh(N_("the game began"))
        return session

    @classmethod
    def resume(cls, data: GameData, setup: Setup, state: GameState, actions: list[Action]) -> Session:
        """A game from a saved state and its action log, not replayed (saves.OpenedSave checks it)."""
        session = cls(data=data, setup=setup.completed(data), state=state, actions=list(actions))
        session.refresh(N_("the game was loaded"))
        session._last_person = session._decider_under_table()
        return session

    @classmethod
    def replay(cls, data: GameData, setup: Setup, actions: list[Action], keep_undo: bool = False, hand_off_seen_at_once: bool = False) -> Session:
        """The game its action log makes; ``keep_undo``: with undo's window as play left it (GEN-9: a
        load is no barrier; saves play-test, "nothing to undo since the game was loaded" after Continue),
        at the cost of a copy of the state at each window's start (a replay ~3x as long); ``hand_off_seen_at_once``:
        a shared game's (the field's)."""
        session = cls.new(data, setup, keep_undo=keep_undo)
        session.hand_off_seen_at_once = hand_off_seen_at_once
        for number, action in enumerate(actions, 1):
            try:
                session.choose(action.actor, Choice.parse(action.choice))
            except IllegalChoice as exc:  # hostile-files play-test: an edited log's refusal named no action
                raise IllegalChoice(_("action {number} ({actor}: {choice}): {problem}").format(
                    number=number, actor=action.actor, choice=typed_shown(action.choice), problem=exc)) from None
        return session

    def detached(self) -> Session:
        """A copy of the game to think on (computer players): its own state and logs, no undo."""
        copy = Session(self.data, self.setup, pickle.loads(pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL)),
                       list(self.actions), list(self.log), keep_undo=False)
        copy.refresh()
        return copy

    def _decider_under_table(self) -> str:
        """Who started the table action (TABLE-1) under way in a state read from a save: the person whose
        decision it was started at, as a replay would know ("" when none is under way)."""
        stack = self.state.stack
        depth = len(stack)
        while depth and isinstance(stack[depth - 1], TableFrame):
            depth -= 1
        if depth in (0, len(stack)):
            return ""
        beneath = engine.decision(self.data, evolve(self.state, stack=stack[:depth]))
        return self.setup.seat_of(beneath.power).name if beneath is not None and beneath.power in self.state.powers else ""

    @property
    def decision(self) -> Decision | None:
        if self._top_frame() is not self._pending_for:
            self._build_pending()  # the stack was changed by hand without refresh()
        return self._pending

    def refresh(self, reason: Message | str = N_("the position was set up")) -> None:
        """Build the pending decision again after the state was edited by hand; the edited state is
        the new starting point of undo (GEN-9), ``reason`` says why when undo is refused (a message,
        or an English text marked for the catalogs: shown in the reader's language)."""
        self._build_pending()
        self._close_window(reason if isinstance(reason, Message) else Message(reason))

    def _close_window(self, reason: Message | Event, to: str = "") -> None:
        self._window.clear()
        self._window_base = b""
        self._barrier, self._barrier_to = reason, to
        self._barrier_actions = len(self.actions)
        self._barrier_log = len(self.log)
        self._handed_to = ""

    # ---- who decides (GEN-2) --------------------------------------------------------------------

    def seat_of(self, power: str) -> Seat:
        """The seat holding a power; the table's actions are the seat of whoever holds the keyboard."""
        if power in self.state.powers:
            if self._seated is None or self._seated[0] is not self.setup:
                self._seated = (self.setup, {p: self.setup.seat_of(p) for p in self.state.powers})
            return self._seated[1][power]
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
        seat = self.seat_of(actor)
        by_computer = seat.kind is SeatKind.COMPUTER
        taking = not by_computer and bool(self._handed_to)  # whoever it passed to has the keyboard now
        # a computer's answer is undoable only with the person's decision it follows (GEN-9)
        opens_window = self.keep_undo and not by_computer and (taking or not self._window)
        in_table_action = isinstance(self._pending_for, TableFrame)
        base = pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL) if opens_window else b""
        events, self._pending = engine.advance(self.data, self.state, actor, choice, self._pending)
        if taking:  # once the choice is legal: a refused one leaves the take-back as it was
            self.hand_off_taken()
        self._pending_for = self._top_frame()
        action = Action(actor=actor, choice=str(choice))
        undoable = _Undoable(action, len(self.actions), len(self.log), seat.name, by_computer, in_table_action) if self.keep_undo else None
        self.actions.append(action)
        self.log.extend(events)
        self._last_person = seat.name
        if undoable is None:
            return events
        # the latest barrier named (hot-seat play-test: a choice that ran the end of a turn named its first wedding roll,
        # not the shuffles and rolls after it)
        barrier = next((e for e in reversed(events) if e.is_barrier), None)
        if barrier is not None:  # GEN-9: no undo across chance or a reveal
            self._close_window(barrier)
            return events
        if opens_window:
            self._window_base = base
        if opens_window or self._window:
            self._window.append(undoable)
            self._close_window_on_hand_off(self._window[0].person)
        return events

    def _close_window_on_hand_off(self, person: str) -> None:
        """GEN-9: a hand-off to another person is a barrier; a computer player is no person."""
        seat = self.seat_to_decide()
        if seat is None or seat.kind is not SeatKind.PERSON or seat.name == person:
            return
        assert self._pending is not None
        # a decision asked only for what its power's hand holds (a default response window) is a barrier at once: that
        # it passed tells the person handing over something of that hand, and taken back on seeing it, it would be used
        # (review); said so, in words that say no more of that hand than the hand-off did (second review; rules
        # play-test: "since the decision passed to Ana" alone read as wrong, where other hand-offs could be taken back)
        if self.hand_off_seen_at_once or not self.data.settings.undo.hand_off_barrier_when_taken:
            self._close_window(msg("the decision passed to {person}", person=seat.name), seat.name)
        elif asked_whatever_the_hand(self.state, self._pending):
            self._handed_to = seat.name  # the barrier falls when they take the keyboard (``hand_off_taken``)
        else:
            self._close_window(msg("the decision passed to {person}, asked because of what that hand holds (GEN-8)", person=seat.name), seat.name)

    def hand_off_taken(self) -> None:
        """GEN-9: the person the decision passed to took the keyboard (a hot seat's Enter on "Pass to", or their
        first choice): the hand-off is a barrier from now."""
        if self._handed_to:
            self._close_window(msg("{person} took the keyboard", person=self._handed_to), self._handed_to)

    @property
    def handed_to(self) -> str:
        """The person a held hand-off waits for, before they take the keyboard ("" when none is held, GEN-9)."""
        return self._handed_to

    def taking_back(self) -> str:
        """GEN-9: the person who may still take back the move that passed the decision to another, before that
        other takes the keyboard ("" when there is none)."""
        return self._window[0].person if self._handed_to and self.can_undo() else ""

    def can_undo(self) -> bool:
        """Whether undo has a person's move to take back: a table action backed out of changed nothing, and is none
        (shared-game play-test: t, a kind, Esc, then u took back three steps nobody could see, and told the others)."""
        return moves_seen([undoable for undoable in self._window if not undoable.by_computer]) > 0

    def undoer(self) -> str:
        """The person whose moves undo would take back now ("" when none: GEN-9's window holds one person's moves)."""
        return self._window[0].person if self.can_undo() else ""

    def undo_refusal(self, reader: str = "") -> str:
        """Why there is nothing to undo now (GEN-9), naming the barrier, in the reader's language; to ``reader``, the
        person a hand-off gave the decision to, in their words (shared-game play-test: "since the decision passed to
        Ben", said to Ben)."""
        came_to_reader = bool(reader) and reader == self._barrier_to
        if any(not undoable.by_computer and (not reader or undoable.person == reader) for undoable in self._window):
            barrier = _("the decision came to you") if came_to_reader else self.latest_barrier()
            return _("GEN-9: nothing to undo since {barrier}: the table action you backed out of changed nothing (TABLE-1)").format(barrier=barrier)
        if came_to_reader:
            return _("GEN-9: nothing of yours to undo: the decision came to you after the others' moves, and undo takes back only your own")
        # moves since that the log shows, none a person's here to take back; the computers' quiet answers alone, which it does
        # not, go unsaid (hot-seat play-tests: "the computer players'" beside a log with none; then "the only moves since
        # are the computer players' quiet answers" after the player's own random draw baffled, and told that a hand had
        # been asked: GEN-8)
        if len(self.actions) > self._barrier_actions and len(self.log) > self._barrier_log:
            # (Spanish hot-seat play-test: after Ana's two moves were undone, "nothing to undo since the game began" read
            # as if nothing had been played, though Spain's proposal had)
            return _("GEN-9: none of your moves to undo since {barrier}: the moves since are the computer players', "
                     "and undo takes back only your own").format(barrier=self.latest_barrier())
        return _(
            "GEN-9: nothing to undo since {barrier}: undo never goes back across a die roll, a random "
            "draw, a reveal of hidden cards or a hand-off to another person"
        ).format(barrier=self.latest_barrier())

    def latest_barrier(self, short: bool = False) -> str:
        """What the latest undo barrier was (GEN-9), in the reader's language; ``short``: a roll, draw or reveal by its
        kind and rule alone, not its whole log line."""
        barrier = self._barrier
        return barrier_reason(barrier, short) if isinstance(barrier, Event) else barrier.render()

    def undo(self) -> bool:
        """Take back the last decision of the person at the keyboard, with the computers' quiet answers
        after it (they decide again), back to the last barrier (GEN-9); a table action, recorded or
        under way, is taken back whole (TABLE-1)."""
        if not self.can_undo():
            return False
        window, under_way = list(self._window), isinstance(self._pending_for, TableFrame)
        last, cancelled = self._take_back_move()
        while cancelled and self.can_undo():  # a table action cancelled changed nothing: the move before it goes too
            last, cancelled = self._take_back_move()
        state: GameState = pickle.loads(self._window_base)
        for undoable in self._window:
            engine.step(self.data, state, undoable.action.actor, Choice.parse(undoable.action.choice))
        self.state = state
        self._last_person = last.person
        self._handed_to = ""
        del self.actions[last.actions :]
        del self.log[last.log :]
        if not self._window:
            self._window_base = b""
        self._build_pending()
        steps = [undoable for undoable in window[len(self._window) :] if not undoable.by_computer]
        self.undone_moves, self.undone_moves_seen = moves_seen(steps), moves_seen(steps, under_way)
        return True

    def _take_back_move(self) -> tuple[_Undoable, bool]:
        """The person's last move off the undo window: a decision, or a table action whole; and whether it was a
        table action cancelled (re-test: after backing out of a battle, u said "4 moves undone" and nothing on the
        screen changed)."""
        latest = last = self._take_back_one()
        while last.in_table_action and self._window:
            last = self._take_back_one()
        return last, latest.in_table_action and latest.action.choice == CANCEL_CHOICE

    def _take_back_one(self) -> _Undoable:
        """The person's last decision off the undo window, with the computers' answers after it."""
        while self._window[-1].by_computer:
            self._window.pop()
        return self._window.pop()
