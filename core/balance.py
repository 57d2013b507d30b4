"""The game's balance as the computer players find it: ``python -m core balance --games N --player P``.

The same computer player holds every seat; for each power: how many games it won, its average VP
and its average VP by source (the rule IDs of its WIN-6 ledger). No rule changes here: the figures
inform later rules decisions. ``balance_figures`` is the pure function the VP chart draws from.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from attrs import frozen

from core import victory
from core.arena import bot_seats, play_seats
from core.gamedata import GameData
from core.search import THINK_SECONDS
from core.state import GameState


@frozen
class PowerBalance:
    """One power over the games: wins, average VP, average VP by source (rule ID -> VP)."""

    power: str
    wins: int
    vp: float
    by_source: dict[str, float]


@frozen
class BalanceFigures:
    player: str
    games: int
    sources: tuple[str, ...]  # every rule ID that gave VP in any game, in the order first met
    powers: tuple[PowerBalance, ...]  # in impulse order


def balance_figures(data: GameData, ended: Sequence[GameState], player: str) -> BalanceFigures:
    """The balance figures of ended games (a pure function of their final states)."""
    sources: list[str] = []
    powers = []
    for power in data.power_ids:
        totals: dict[str, int] = {}
        for state in ended:
            for source, amount in victory.vp_by_source(state, data, power).items():
                totals[source] = totals.get(source, 0) + amount
                if source not in sources:
                    sources.append(source)
        games = len(ended) or 1
        powers.append(
            PowerBalance(
                power,
                sum(1 for state in ended if state.winner == power),
                statistics.fmean(victory.total_vp(state, data, power) for state in ended) if ended else 0.0,
                {source: amount / games for source, amount in totals.items()},
            )
        )
    return BalanceFigures(player, len(ended), tuple(sources), tuple(powers))


def run(data: GameData, games: int, seed: int, player: str, think: float = THINK_SECONDS) -> BalanceFigures:
    """``games`` games from ``seed`` with ``player`` in every seat."""
    seats = bot_seats(data, data.power_ids, player)
    ended = [play_seats(data, game_seed, seats, think).state for game_seed in range(seed, seed + games)]
    return balance_figures(data, ended, player)


def report(data: GameData, figures: BalanceFigures, seed: int) -> list[str]:
    sources = figures.sources
    lines = [
        f"balance: {figures.games} games from seed {seed}, {figures.player} in every seat.",
        "wins, average VP, and average VP by source (the rule ID of each WIN-6 ledger line)",
        f"{'power':<12}{'wins':>10}{'VP':>7}" + "".join(f"{source:>8}" for source in sources),
    ]
    for row in figures.powers:
        share = f"{row.wins}/{figures.games}"
        lines.append(
            f"{data.power_name(row.power):<12}{share:>10}{row.vp:>7.1f}"
            + "".join(f"{row.by_source.get(source, 0.0):>8.1f}" for source in sources)
        )
    return lines
