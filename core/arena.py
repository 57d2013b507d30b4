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
from core.state import GameState


@define
class Finish:
    """How one power ended one game."""

    won: bool
    vp: int
    place: int  # 1-6: the winner first, then by VP, ties in impulse order (WIN-5, GEN-5)
    margin: int  # its VP minus the best other power's


def finish(data: GameData, state: GameState, power: str) -> Finish:
    ranking = [p for p, _ in victory.standings(state, data)]
    if state.winner in ranking:
        ranking.remove(state.winner)
        ranking.insert(0, state.winner)
    vp = victory.total_vp(state, data, power)
    best_other = max(victory.total_vp(state, data, p) for p in data.power_ids if p != power)
    return Finish(state.winner == power, vp, ranking.index(power) + 1, vp - best_other)


@define
class SeatRecord:
    """One power's games: greedy in its seat, and random in the same seat on the same seeds."""

    power: str
    greedy: list[Finish] = Factory(list)
    random: list[Finish] = Factory(list)


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
            record.greedy.append(finish(data, session.state, record.power))
            record.random.append(finish(data, baseline.state, record.power))
    return result


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "0%"


_GROUP_HEADER = f"{'wins':>12}{'avg VP':>7}{'place':>7}{'margin':>8}"
_GROUP_WIDTH = len(_GROUP_HEADER)
_GAP = 4


def _columns(finishes: list[Finish], games: int) -> str:
    wins = sum(f.won for f in finishes)
    return (
        f"{f'{wins}/{games} {_percent(wins, games)}':>12}"
        f"{statistics.fmean(f.vp for f in finishes):>7.1f}"
        f"{statistics.fmean(f.place for f in finishes):>7.1f}"
        f"{statistics.fmean(f.margin for f in finishes):>+8.1f}"
    )


def report(data: GameData, result: ArenaResult, seed: int) -> list[str]:
    n = result.games
    lines = [
        f"arena: {n} games per power from seed {seed}; greedy in one seat and random in the others,",
        "then the same seeds with random in every seat.",
        "place: average finishing place (1-6, the winner first, ties in impulse order, WIN-5);",
        "margin: average VP minus the best other power's VP",
        f"{'':<12}{' greedy ':-^{_GROUP_WIDTH}}{'':<{_GAP}}{' random in the same seat ':-^{_GROUP_WIDTH}}",
        f"{'power':<12}{_GROUP_HEADER}{'':<{_GAP}}{_GROUP_HEADER}",
    ]
    for record in result.seats:
        lines.append(f"{data.power_name(record.power):<12}{_columns(record.greedy, n)}{'':<{_GAP}}{_columns(record.random, n)}")
    times = result.greedy_decision_seconds
    if times:
        lines.append(
            f"greedy per decision: median {statistics.median(times) * 1000:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms over {len(times)} decisions"
        )
    total = n * len(result.seats)
    greedy = sum(f.won for r in result.seats for f in r.greedy)
    random_ = sum(f.won for r in result.seats for f in r.random)
    lines.append(f"greedy wins {_percent(greedy, total)} of its games, random wins {_percent(random_, total)} in the same seats")
    return lines
