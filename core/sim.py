"""Random legal play: the fuzzer. One person holds every power and plays it with the random player
of ``core/bots.py`` (seeded by the game's seed and the decision number), leaning towards the rarely
taken choices (events over CP, table actions that change the map) so that random play reaches every
rule; some games lean towards one kind of immediate victory."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from enum import StrEnum
from pathlib import Path

from attrs import frozen

from core import atomic, dice, invariants, saves, victory
from core.action_phase import ImpulseFrame
from core.bots import RandomBot
from core.cards import PlayMode
from core.choices import Choice, Decision, Verb
from core.gamedata import GameData
from core.ids import INDEPENDENT, Religion
from core.session import Session
from core.setup import Setup
from core.state import RULES_EDITION, GameState, RngState
from core.table import BATTLES, TableFrame

MAX_DECISIONS = 50_000


class SimError(RuntimeError):
    """A simulated game broke an invariant or did not end."""


@frozen
class GameSummary:
    seed: int
    turns: int
    winner: str
    victory: str
    decisions: int
    vp: dict[str, int]
    rule_counts: dict[str, int]


# how often (per thousand) the random player takes an offered event, records a table action in its
# impulse, or takes a table action's value that serves its game's tilt
EVENT_PREFERENCE = 600
TABLE_PREFERENCE = 100
TILTED_TABLE_PREFERENCE = 400
TILTED_VALUE_PREFERENCE = 800
# table kinds that change the map or the new rules' state, weighted up
KIND_WEIGHTS = {"control": 4, "religion": 3, "region": 3, "morisco": 4, "guise": 3, "move": 2}
# a military tilt clears the keys it takes of others' units first (TABLE-1 takes a space only once cleared)
MILITARY_KIND_WEIGHTS = {**KIND_WEIGHTS, "control": 8, "units": 8}


class Tilt(StrEnum):
    """What a game's random player leans towards: no victory in particular, or one immediate kind."""

    NONE = "none"
    MILITARY = "military"
    PROTESTANT = "protestant"
    CATHOLIC = "catholic"


def _may_fight(state: GameState, sides: tuple[str, ...]) -> bool:
    """Two of ``sides`` are at war, or one is the independents, who defend against anyone (DIP-8, IND-2)."""
    return any(a == INDEPENDENT or b == INDEPENDENT or sorted((a, b)) in state.wars for i, a in enumerate(sides) for b in sides[i + 1:])


def _one_of(rng: RngState, choices: Sequence[Choice]) -> Choice:
    return choices[dice.below(rng, len(choices))]


def _happens(rng: RngState, per_thousand: int) -> bool:
    return dice.below(rng, 1000) < per_thousand


@frozen
class FuzzLeaning:
    """The fuzzer's leaning of the random player: events and table actions first; ``tilt`` and
    ``favourite`` steer the table actions towards one kind of immediate victory."""

    tilt: str
    favourite: str

    @classmethod
    def for_seed(cls, data: GameData, seed: int) -> FuzzLeaning:
        tilt = (Tilt.MILITARY, Tilt.PROTESTANT, Tilt.CATHOLIC, Tilt.NONE, Tilt.NONE)[seed % 5]
        favourite = random.Random(seed).choice([p.id for p in data.powers if p.auto_win_keys])
        return cls(tilt, favourite)

    def choose(self, session: Session, decision: Decision, rng: RngState) -> Choice:
        state = session.state
        choices = decision.choices
        frame = state.stack[-1] if state.stack else None
        if isinstance(frame, TableFrame):
            return self._table_step(session.data, state, frame, decision, rng)
        if not isinstance(frame, ImpulseFrame):  # events and table actions are offered in an impulse alone
            return _one_of(rng, choices)
        # the enum members read once, not once per choice (each read is a slow lookup on Python 3.11)
        play, as_event, table_action = Verb.PLAY, PlayMode.EVENT, Verb.TABLE
        events = [c for c in choices if c.verb is play and c.args[1] == as_event]
        if events and _happens(rng, EVENT_PREFERENCE):
            return _one_of(rng, events)
        table = [c for c in choices if c.verb is table_action]
        chance = TABLE_PREFERENCE if self.tilt == Tilt.NONE else TILTED_TABLE_PREFERENCE
        if table and _happens(rng, chance):
            return table[0]
        return _one_of(rng, choices)

    def _table_step(self, data: GameData, state: GameState, frame: TableFrame, decision: Decision, rng: RngState) -> Choice:
        cancel, choices = decision.cancel, decision.choices
        # every choice but the cancel (a table action offers it last)
        usable = (choices[:-1] if choices[-1] is cancel else tuple(c for c in choices if c is not cancel)) or choices
        if not frame.kind:
            kind_weights = MILITARY_KIND_WEIGHTS if self.tilt == Tilt.MILITARY else KIND_WEIGHTS
            weights = [kind_weights.get(c.args[0], 1) for c in usable]
            draw = dice.below(rng, sum(weights))
            for choice, weight in zip(usable, weights):
                if draw < weight:
                    return choice
                draw -= weight
        leans_to = self._leaning(data, state, frame)
        preferred = [c for c in usable if leans_to(c.args[0])] if leans_to is not None else []
        if preferred and _happens(rng, TILTED_VALUE_PREFERENCE):
            return _one_of(rng, preferred)
        return _one_of(rng, usable)

    def _leaning(self, data: GameData, state: GameState, frame: TableFrame) -> Callable[[str], bool] | None:
        """Which values of the table action's next parameter serve the tilt (None: no leaning here)."""
        step = len(frame.args)
        if frame.kind in ("control", "units") and self.tilt == Tilt.MILITARY and step == 0:
            # the keys the favourite does not hold, and how many other sides' units each holds (TABLE-1 gives a
            # space to the favourite only once they are gone)
            others = {s: sum(u.regulars + u.mercenaries for p, u in space.units.items() if p != self.favourite)
                      for s, space in state.spaces.items() if data.spaces[s].key and space.control != self.favourite}
            if frame.kind == "control":
                return lambda value: others.get(value) == 0
            fewest = min((n for n in others.values() if n), default=None)  # the nearest to cleared first: one key at a time
            return None if fewest is None else lambda value: others.get(value) == fewest
        if frame.kind == "control" and self.tilt == Tilt.MILITARY:
            return lambda value: value == self.favourite
        if frame.kind == "units" and self.tilt == Tilt.MILITARY:  # another's units lost in a key the favourite wants
            if step == 1:
                return lambda value: value in state.spaces[frame.args[0]].units and value != self.favourite
            return lambda value: value.startswith("remove")
        if frame.kind in BATTLES and step == 0:  # where two sides that may fight have units (TABLE-1 refuses elsewhere)
            contested = {s for s, space in state.spaces.items() if _may_fight(state, tuple(space.units))}
            return (lambda value: value in contested) if contested else None
        if frame.kind == "religion" and self.tilt in (Tilt.PROTESTANT, Tilt.CATHOLIC):
            to_protestant, catholic = self.tilt == Tilt.PROTESTANT, Religion.CATHOLIC
            return lambda value: (state.spaces[value].religion == catholic) is to_protestant
        if frame.kind == "region" and step == 1 and self.tilt != Tilt.NONE:
            wanted = "+1" if self.tilt == Tilt.PROTESTANT else "-1"
            return lambda value: value == wanted
        if frame.kind == "unrest" and self.tilt != Tilt.NONE:
            return lambda value: state.spaces[value].unrest
        if frame.kind == "morisco" and step == 0:
            return lambda value: value == "besiege"
        return None


def play(
    data: GameData,
    seed: int,
    check_invariants: bool = True,
    scenario: str = "campaign",
    keep_undo: bool = False,
    until: Callable[[Session], bool] | None = None,
    rules_edition: int = RULES_EDITION,
) -> Session:
    """A random game to its end, or to the first position where ``until`` holds; ``rules_edition``: begun
    under older rules (what an older save recorded, core/state.py)."""
    session = Session.new(data, Setup(scenario=scenario, seed=seed, rules_edition=rules_edition), keep_undo=keep_undo)
    player = RandomBot(session.setup.seats[0], FuzzLeaning.for_seed(data, seed))
    while True:
        pending = session.decision
        if until is not None and until(session):
            return session
        if check_invariants:
            try:
                invariants.check(data, session.state, pending)
            except invariants.InvariantBroken as exc:
                raise SimError(f"seed {seed}, after {len(session.actions)} decisions: {exc}") from None
        if pending is None:
            return session
        if len(session.actions) >= MAX_DECISIONS:
            raise SimError(f"seed {seed}: the game did not end in {MAX_DECISIONS} decisions")
        choice = player.choose(session, pending)
        try:
            session.choose(pending.power, choice)
        except Exception as exc:  # the fuzzer reports which game and decision broke
            raise SimError(f"seed {seed}, decision {len(session.actions) + 1} ({pending.power}: {choice}): {exc!r}") from exc


def summarise(session: Session) -> GameSummary:
    state, data = session.state, session.data
    return GameSummary(
        seed=session.setup.seed,
        turns=state.turn,
        winner=state.winner,
        victory=state.victory.in_language("en") if state.victory is not None else "",
        decisions=len(session.actions),
        vp={p: victory.total_vp(state, data, p) for p in data.power_ids},
        rule_counts=dict(sorted(Counter(e.rule for e in session.log).items())),
    )


def save_path(save_dir: Path, seed: int) -> Path:
    """Where ``run`` saves the game of ``seed``."""
    return save_dir / f"sim-{seed}.json"


def run(data: GameData, games: int, seed: int, save_dir: Path | None = None) -> list[GameSummary]:
    summaries = []
    if save_dir is not None:
        atomic.clean_stale_temp_files(save_dir)  # left by saves killed mid-write
    for offset in range(games):
        session = play(data, seed + offset)
        if save_dir is not None:
            saves.write(session, save_path(save_dir, seed + offset))
        summaries.append(summarise(session))
    return summaries
