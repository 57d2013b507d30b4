"""The arena, the ladder and the balance figures of the computer players (GEN-2 computer seats),
ranked by finishing place (WIN-5, ties in impulse order: GEN-5)."""

from __future__ import annotations

import re

import pytest

from core import balance
from core.__main__ import main
from core.ladder import Table, bradley_terry, comparisons, seating
from core.setup import new_state
from core.state import VpEntry


def test_gen_2_the_ladder_seats_every_player_in_every_seat_over_as_many_games_as_players(data):
    players = ("random", "greedy", "search")
    held = [seating(data, players, game) for game in range(3)]
    for power in data.power_ids:
        assert sorted(h[power] for h in held) == sorted(players)
    assert all(sorted(h.values()).count("search") == 2 for h in held)


def test_win_5_a_table_gives_one_comparison_per_two_powers_of_different_players(data):
    table = Table(
        {"ottoman": "a", "spain": "b", "england": "a", "france": "b", "empire": "a", "protestant": "b"},
        ("spain", "ottoman", "france", "england", "empire", "protestant"), {}, "spain",
    )
    assert comparisons([table]) == {("b", "a"): 5, ("a", "b"): 4}  # 9 pairs of powers of different players


def test_bradley_terry_ratings_read_as_elo_odds():
    even = bradley_terry(("a", "b"), {("a", "b"): 10, ("b", "a"): 10})
    assert even["a"] == 0 and even["b"] == pytest.approx(0, abs=1e-6)
    lopsided = bradley_terry(("a", "b"), {("a", "b"): 2.5, ("b", "a"): 8.5})  # with the prior: 3 to 9
    assert lopsided["b"] == pytest.approx(400 * 0.47712125472, rel=1e-6)  # 3 times the odds: 400 log10(3)
    assert bradley_terry(("a", "b"), {("b", "a"): 5})["b"] < float("inf")  # the prior keeps it finite


def test_ladder_command_prints_a_rating_with_its_spread_per_player(capsys):
    assert main(["ladder", "--games", "2", "--seed", "3", "--players", "random,greedy"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line for line in lines if re.match(r"(random|greedy)\s+[+-]\d+\s+\d+\s+6\s+\d+", line)]
    assert len(rows) == 2 and any(re.match(r"random\s+\+0\s", line) for line in rows)  # the first player is the zero


def test_ladder_and_arena_refuse_what_they_cannot_play(capsys):
    assert main(["ladder", "--players", "greedy"]) == 2
    assert main(["arena", "--player", "greedy", "--against", "greedy"]) == 2
    assert main(["arena", "--player", "search", "--think", "0"]) == 2
    err = capsys.readouterr().err
    assert "FAIL: --players names two or more" in err and "both greedy" in err and "--think must be more than 0" in err


def test_win_6_balance_figures_are_each_powers_wins_vp_and_vp_by_source(data):
    """WIN-6: the balance of ended games: wins, average VP and VP by the rule ID of each ledger line."""
    first, second = new_state(data), new_state(data)
    first.winner, second.winner = "france", "spain"
    second.powers["england"].vp_entries.append(VpEntry("VQ-1", 2, "Virgin Queen", 1))
    figures = balance.balance_figures(data, [first, second], "greedy")
    by_power = {row.power: row for row in figures.powers}
    assert figures.games == 2 and by_power["france"].wins == 1 and by_power["spain"].wins == 1
    assert by_power["england"].by_source["VQ-1"] == 1.0
    assert figures.sources == ("WIN-6", "VQ-1")  # the key-space track first, then as met
    assert by_power["france"].vp == sum(by_power["france"].by_source.values())


def test_balance_command_prints_each_powers_wins_and_vp_by_source(capsys):
    assert main(["balance", "--games", "1", "--seed", "2", "--player", "random"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "balance: 1 games from seed 2, random in every seat."
    assert re.match(r"power\s+wins\s+VP\s+WIN-6", lines[2])
    assert [line.split()[0] for line in lines[3:]] == ["Ottoman", "Spain", "England", "France", "Empire", "Protestant"]

