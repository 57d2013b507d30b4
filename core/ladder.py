"""The computer players' ladder: ``python -m core ladder --games N``.

The players sit at the same tables in turn: in game g, power i is played by player (i + g) mod k
(k players), so over k games every player takes every seat. Every game gives a comparison for each
two powers held by different players: the one that finished ahead (the winner first, then by VP,
ties in impulse order: WIN-5, GEN-5) beat the other. A Bradley-Terry model fitted to those
comparisons gives each player a rating on the Elo scale (400 points: ten times the odds of finishing
ahead), the first player at 0; the uncertainty is the spread of the ratings refitted on the games
resampled (a bootstrap, seeded).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence

from attrs import Factory, define, frozen

from core.arena import finish, finishing_order, play_seats, seats_of, timing_line
from core.bots import BOTS
from core.gamedata import GameData
from core.search import THINK_SECONDS

PLAYERS = tuple(BOTS)
BOOTSTRAP_SAMPLES = 200
PRIOR_GAMES = 0.5  # each two players are given this many comparisons won each way (no rating runs off to infinity)
ELO_SCALE = 400 / math.log(10)


@frozen
class Table:
    """One ladder game: the player at each power, and the powers from first to last place."""

    players: dict[str, str]
    order: tuple[str, ...]
    margins: dict[str, int]
    winner: str


@define
class LadderResult:
    games: int
    players: tuple[str, ...]
    tables: list[Table] = Factory(list)
    search_seconds: list[float] = Factory(list)  # how long each of the search player's decisions took


def seating(data: GameData, players: Sequence[str], game: int) -> dict[str, str]:
    """Power -> the player holding it in game ``game`` (the seats rotate by one player a game)."""
    return {power: players[(i + game) % len(players)] for i, power in enumerate(data.power_ids)}


def run(data: GameData, games: int, seed: int, players: Sequence[str] = PLAYERS, think: float = THINK_SECONDS) -> LadderResult:
    result = LadderResult(games=games, players=tuple(players))
    for game in range(games):
        held = seating(data, players, game)
        session = play_seats(data, seed + game, seats_of(data, held), think, timed="search", timings=result.search_seconds)
        state = session.state
        margins = {p: finish(data, state, p).margin for p in data.power_ids}
        result.tables.append(Table(held, tuple(finishing_order(data, state)), margins, state.winner))
    return result


def comparisons(tables: Sequence[Table]) -> dict[tuple[str, str], float]:
    """(a, b) -> how many times a player a's power finished ahead of a player b's power."""
    wins: dict[tuple[str, str], float] = {}
    for table in tables:
        for ahead_index, ahead in enumerate(table.order):
            for behind in table.order[ahead_index + 1 :]:
                a, b = table.players[ahead], table.players[behind]
                if a != b:
                    wins[a, b] = wins.get((a, b), 0.0) + 1
    return wins


def bradley_terry(players: Sequence[str], wins: dict[tuple[str, str], float]) -> dict[str, float]:
    """Each player's rating on the Elo scale, the first player at 0 (minorisation-maximisation fit)."""
    won = {p: PRIOR_GAMES * (len(players) - 1) + sum(w for (a, _), w in wins.items() if a == p) for p in players}
    met = {(a, b): wins.get((a, b), 0.0) + wins.get((b, a), 0.0) + 2 * PRIOR_GAMES for a in players for b in players if a != b}
    strength = dict.fromkeys(players, 1.0)
    for _ in range(500):
        updated = {
            p: won[p] / sum(met[p, q] / (strength[p] + strength[q]) for q in players if q != p) for p in players
        }
        scale = updated[players[0]]
        updated = {p: s / scale for p, s in updated.items()}
        settled = max(abs(updated[p] - strength[p]) for p in players) < 1e-10
        strength = updated
        if settled:
            break
    return {p: ELO_SCALE * math.log(strength[p]) for p in players}


@frozen
class Rating:
    player: str
    elo: float
    spread: float  # the bootstrap's standard deviation
    seats: int
    wins: int
    place: float
    margin: float


def ratings(result: LadderResult, seed: int) -> list[Rating]:
    players = result.players
    elo = bradley_terry(players, comparisons(result.tables))
    resampler = random.Random(seed)
    resampled = [
        bradley_terry(players, comparisons(resampler.choices(result.tables, k=len(result.tables))))
        for _ in range(BOOTSTRAP_SAMPLES)
    ]
    out = []
    for player in players:
        held = [(table, power) for table in result.tables for power, p in table.players.items() if p == player]
        out.append(
            Rating(
                player,
                elo[player],
                statistics.pstdev(r[player] for r in resampled),
                len(held),
                sum(1 for table, power in held if table.winner == power),
                statistics.fmean(table.order.index(power) + 1 for table, power in held),
                statistics.fmean(table.margins[power] for table, power in held),
            )
        )
    return sorted(out, key=lambda r: r.elo, reverse=True)


def report(data: GameData, result: LadderResult, seed: int, think: float) -> list[str]:
    lines = [
        f"ladder: {result.games} games from seed {seed}, the seats rotating one player a game "
        f"({', '.join(result.players)}; search thinks {think:g} s a decision).",
        "rating: Bradley-Terry on who finished ahead of whom, Elo scale (+400: ten times the odds),",
        f"{result.players[0]} at 0; +/-: the bootstrap's standard deviation over the games.",
        f"{'player':<8}{'rating':>8}{'+/-':>6}{'seats':>7}{'wins':>6}{'place':>7}{'margin':>8}",
    ]
    for r in ratings(result, seed):
        lines.append(f"{r.player:<8}{r.elo:>+8.0f}{r.spread:>6.0f}{r.seats:>7}{r.wins:>6}{r.place:>7.1f}{r.margin:>+8.1f}")
    if result.search_seconds:
        lines.append(timing_line("search", result.search_seconds))
    return lines
