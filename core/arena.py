"""The strength figure of the computer players: ``python -m core arena --player A --against B``.

For each power: N games with that power played by A and the others by B, and the same seeds with
every power played by B (those games do not depend on the power, so each is played once). A and B
are any two of the computer players (``core/bots.py``: random, greedy, search). Invariants are
checked after every step when asked (the tests do).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping

from attrs import Factory, define

from core import invariants, victory
from core.bots import Bot, bots_for, play_computer_turns
from core.choices import Choice, Decision
from core.gamedata import GameData
from core.search import THINK_SECONDS, SearchBot
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


def finishing_order(data: GameData, state: GameState) -> list[str]:
    """The powers from first to last place: the winner first, then by VP, ties in impulse order."""
    ranking = [p for p, _ in victory.standings(state, data)]
    if state.winner in ranking:
        ranking.remove(state.winner)
        ranking.insert(0, state.winner)
    return ranking


def finish(data: GameData, state: GameState, power: str) -> Finish:
    vp = victory.total_vp(state, data, power)
    best_other = max(victory.total_vp(state, data, p) for p in data.power_ids if p != power)
    return Finish(state.winner == power, vp, finishing_order(data, state).index(power) + 1, vp - best_other)


def bot_seats(data: GameData, chosen: tuple[str, ...] = (), player: str = "greedy", others: str = "random") -> tuple[Seat, ...]:
    """One computer seat per power: ``player`` for the powers ``chosen``, ``others`` for the rest."""
    return tuple(
        Seat(data.power_name(p), (p,), SeatKind.COMPUTER, player if p in chosen else others) for p in data.power_ids
    )


def seats_of(data: GameData, players: Mapping[str, str]) -> tuple[Seat, ...]:
    """One computer seat per power, each played by the computer player named for it."""
    return tuple(Seat(data.power_name(p), (p,), SeatKind.COMPUTER, players[p]) for p in data.power_ids)


class _Timed:
    """A computer player, recording how long each of its decisions takes."""

    def __init__(self, bot: Bot, record: Callable[[float], None]) -> None:
        self.bot = bot
        self.name = bot.name
        self._record = record

    def choose(self, session: Session, decision: Decision) -> Choice:
        start = time.perf_counter()
        choice = self.bot.choose(session, decision)
        self._record(time.perf_counter() - start)
        return choice


def arena_bots(seats: tuple[Seat, ...], think: float = THINK_SECONDS, timed: str = "", timings: list[float] | None = None) -> dict[str, Bot]:
    """The computer players of ``seats``: ``search`` with ``think`` seconds a decision; the decisions
    of the player named ``timed`` are timed into ``timings``."""
    bots = bots_for(seats)
    for seat in seats:
        if seat.bot == "search":
            bots[seat.name] = SearchBot(seat, think)
        if timings is not None and seat.bot == timed:
            bots[seat.name] = _Timed(bots[seat.name], timings.append)
    return bots


def play_seats(
    data: GameData,
    seed: int,
    seats: tuple[Seat, ...],
    think: float = THINK_SECONDS,
    check_invariants: bool = False,
    timed: str = "",
    timings: list[float] | None = None,
    scenario: str = "campaign",
) -> Session:
    """A whole game of computer players (invariants checked after each step when asked)."""
    session = Session.new(data, Setup(scenario=scenario, seed=seed, seats=seats), keep_undo=False)
    bots = arena_bots(session.setup.seats, think, timed, timings)

    def check(played: Session) -> None:
        invariants.check(data, played.state, played.decision)

    if check_invariants:
        check(session)
    play_computer_turns(session, bots, check if check_invariants else None)
    return session


def play_bots_only(
    data: GameData,
    seed: int,
    chosen: tuple[str, ...] = (),
    check_invariants: bool = False,
    timings: list[float] | None = None,
    scenario: str = "campaign",
    player: str = "greedy",
    others: str = "random",
    think: float = THINK_SECONDS,
) -> Session:
    """A whole game with ``player`` in the ``chosen`` powers' seats and ``others`` in the rest."""
    seats = bot_seats(data, chosen, player, others)
    return play_seats(data, seed, seats, think, check_invariants, player, timings, scenario)


@define
class SeatRecord:
    """One power's games: the player in its seat, and the other player in the same seat on the same seeds."""

    power: str
    player: list[Finish] = Factory(list)
    against: list[Finish] = Factory(list)


@define
class ArenaResult:
    games: int
    player: str
    against: str
    seats: list[SeatRecord]
    decision_seconds: list[float] = Factory(list)


def run(data: GameData, games: int, seed: int, player: str = "greedy", against: str = "random", think: float = THINK_SECONDS) -> ArenaResult:
    result = ArenaResult(games=games, player=player, against=against, seats=[SeatRecord(p) for p in data.power_ids])
    seeds = range(seed, seed + games)
    baseline = [play_bots_only(data, s, player=against, others=against, think=think) for s in seeds]
    for record in result.seats:
        for game_seed, same_seat in zip(seeds, baseline):
            session = play_bots_only(data, game_seed, (record.power,), timings=result.decision_seconds, player=player, others=against, think=think)
            record.player.append(finish(data, session.state, record.power))
            record.against.append(finish(data, same_seat.state, record.power))
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


def timing_line(name: str, seconds: list[float]) -> str:
    return (
        f"{name} per decision: median {statistics.median(seconds) * 1000:.1f} ms, "
        f"max {max(seconds) * 1000:.1f} ms over {len(seconds)} decisions"
    )


def report(data: GameData, result: ArenaResult, seed: int) -> list[str]:
    n, a, b = result.games, result.player, result.against
    lines = [
        f"arena: {n} games per power from seed {seed}; {a} in one seat and {b} in the others,",
        f"then the same seeds with {b} in every seat.",
        "place: average finishing place (1-6, the winner first, ties in impulse order, WIN-5);",
        "margin: average VP minus the best other power's VP",
        f"{'':<12}{f' {a} ':-^{_GROUP_WIDTH}}{'':<{_GAP}}{f' {b} in the same seat ':-^{_GROUP_WIDTH}}",
        f"{'power':<12}{_GROUP_HEADER}{'':<{_GAP}}{_GROUP_HEADER}",
    ]
    for record in result.seats:
        lines.append(f"{data.power_name(record.power):<12}{_columns(record.player, n)}{'':<{_GAP}}{_columns(record.against, n)}")
    if result.decision_seconds:
        lines.append(timing_line(a, result.decision_seconds))
    total = n * len(result.seats)
    won = sum(f.won for r in result.seats for f in r.player)
    baseline = sum(f.won for r in result.seats for f in r.against)
    lines.append(f"{a} wins {_percent(won, total)} of its games, {b} wins {_percent(baseline, total)} in the same seats")
    return lines
