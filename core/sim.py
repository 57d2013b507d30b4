"""Random legal play: the fuzzer. Every power picks uniformly among the legal choices (seeded)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from attrs import frozen

from core import atomic, invariants, saves, victory
from core.gamedata import GameData
from core.session import Session
from core.setup import Setup

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


def play(
    data: GameData,
    seed: int,
    check_invariants: bool = True,
    scenario: str = "campaign",
    keep_undo: bool = False,
    until: Callable[[Session], bool] | None = None,
) -> Session:
    """A random game to its end, or to the first position where ``until`` holds."""
    session = Session.new(data, Setup(scenario=scenario, seed=seed), keep_undo=keep_undo)
    chooser = random.Random(seed)
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
        choice = chooser.choice(pending.choices)
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
        victory=state.victory,
        decisions=len(session.actions),
        vp={p: victory.total_vp(state, data, p) for p in data.power_ids},
        rule_counts=dict(sorted(Counter(e.rule for e in session.log).items())),
    )


def run(data: GameData, games: int, seed: int, save_dir: Path | None = None) -> list[GameSummary]:
    summaries = []
    if save_dir is not None:
        atomic.clean_stale_temp_files(save_dir)  # left by saves killed mid-write
    for offset in range(games):
        session = play(data, seed + offset)
        if save_dir is not None:
            saves.write(session, save_dir / f"sim-{seed + offset}.json")
        summaries.append(summarise(session))
    return summaries
