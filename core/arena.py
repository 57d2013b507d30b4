"""The strength figure of the computer players: ``python -m core arena --games N --seed S``.

For each power: N games with that power played by ``greedy`` and the others by ``random``, and the
same seeds with every power ``random`` (those games do not depend on the power, so each is played
once). Invariants are checked after every step when asked (the tests do).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from attrs import Factory, define

from core import invariants, victory
from core.bots import GreedyBot, bots_for, play_computer_turns
from core.choices import Choice, Decision
from core.gamedata import GameData
from core.session import Session
from core.setup import Seat, SeatKind, Setup


@define
class SeatRecord:
    power: str
    greedy_wins: int = 0
    greedy_vp: list[int] = Factory(list)
    random_wins: int = 0
    random_vp: list[int] = Factory(list)


@define
class ArenaResult:
    games: int
    seats: list[SeatRecord]
    greedy_decision_seconds: list[float] = Factory(list)


def bot_seats(data: GameData, greedy: tuple[str, ...] = ()) -> tuple[Seat, ...]:
    """One computer seat per power: ``greedy`` for the powers named, ``random`` for the others."""
    return tuple(
        Seat(data.power_name(p), (p,), SeatKind.COMPUTER, "greedy" if p in greedy else "random") for p in data.power_ids
    )


class _TimedGreedy(GreedyBot):
    """Greedy, recording how long each of its decisions takes."""

    def __init__(self, seat: Seat, record: Callable[[float], None]) -> None:
        super().__init__(seat)
        self._record = record

    def choose(self, session: Session, decision: Decision) -> Choice:
        start = time.perf_counter()
        choice = super().choose(session, decision)
        self._record(time.perf_counter() - start)
        return choice


def play_bots_only(
    data: GameData,
    seed: int,
    greedy: tuple[str, ...] = (),
    check_invariants: bool = False,
    timings: list[float] | None = None,
    scenario: str = "campaign",
) -> Session:
    """A whole game of computer players (invariants checked after each step when asked)."""
    session = Session.new(data, Setup(scenario=scenario, seed=seed, seats=bot_seats(data, greedy)), keep_undo=False)
    bots = bots_for(session.setup.seats)
    if timings is not None:
        for seat in session.setup.seats:
            if seat.bot == "greedy":
                bots[seat.name] = _TimedGreedy(seat, timings.append)
    def check(played: Session) -> None:
        invariants.check(data, played.state, played.decision)

    if check_invariants:
        check(session)
    play_computer_turns(session, bots, check if check_invariants else None)
    return session


def run(data: GameData, games: int, seed: int) -> ArenaResult:
    result = ArenaResult(games=games, seats=[SeatRecord(p) for p in data.power_ids])
    seeds = range(seed, seed + games)
    all_random = [play_bots_only(data, s) for s in seeds]
    for record in result.seats:
        for game_seed, baseline in zip(seeds, all_random):
            session = play_bots_only(data, game_seed, (record.power,), timings=result.greedy_decision_seconds)
            record.greedy_wins += session.state.winner == record.power
            record.greedy_vp.append(victory.total_vp(session.state, data, record.power))
            record.random_wins += baseline.state.winner == record.power
            record.random_vp.append(victory.total_vp(baseline.state, data, record.power))
    return result


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "0%"


def report(data: GameData, result: ArenaResult, seed: int) -> list[str]:
    n = result.games
    lines = [
        f"arena: {n} games per power from seed {seed}; greedy in one seat and random in the others,",
        "then the same seeds with random in every seat",
        f"{'power':<12}{'greedy wins':>14}{'avg VP':>8}{'random wins':>14}{'avg VP':>8}",
    ]
    for record in result.seats:
        lines.append(
            f"{data.power_name(record.power):<12}"
            f"{f'{record.greedy_wins}/{n} {_percent(record.greedy_wins, n)}':>14}{statistics.fmean(record.greedy_vp):>8.1f}"
            f"{f'{record.random_wins}/{n} {_percent(record.random_wins, n)}':>14}{statistics.fmean(record.random_vp):>8.1f}"
        )
    times = result.greedy_decision_seconds
    if times:
        lines.append(
            f"greedy per decision: median {statistics.median(times) * 1000:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms over {len(times)} decisions"
        )
    total = n * len(result.seats)
    greedy = sum(r.greedy_wins for r in result.seats)
    random_ = sum(r.random_wins for r in result.seats)
    lines.append(f"greedy wins {_percent(greedy, total)} of its games, random wins {_percent(random_, total)} in the same seats")
    return lines
