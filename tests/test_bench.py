"""python -m core bench prints every figure of issue 12, each beside its baseline (no timing asserts)."""

from __future__ import annotations

import re

from core import bench
from core.__main__ import main

EVERY_FIGURE = [
    r"decision with undo on \(\d+ decisions, 1 games\): .* undo off",
    r"decision with undo off \(\d+ decisions, 1 games\): .* ms = .*x undo on .*; target <0.05 ms: (met|NOT met)",
    r"full game with undo on \(median\): .* undo off",
    *(rf"position copy for a rollout at turn {turn}: .* ms = .*x a pickle round trip .*; target <0.2 ms: (met|NOT met)"
      for turn in bench.BENCH_TURNS),
    *(
        pattern
        for turn in bench.BENCH_TURNS
        for pattern in (
            rf"save size at turn {turn} .* KiB = .*x turn 1",
            rf"save write at turn {turn} .* ms = .*x writing the same text plainly",
            rf"save open for play at turn {turn} .* ms = .*x json.loads of the same text",
            rf"save load at turn {turn} .* ms = .*x json.loads of the same text",
            *(rf"CPU per keypress at turn {turn}: {re.escape(label)}: .* ms = .*x a key bound to nothing"
              for label in bench.KEY_NAMES.values()),
        )
    ),
    r"memory at the start of a game: .* MB = .*x the title screen",
    r"memory after 3 keys of a game played through the app \(.*\): .* MB = .*x its start",
    r"memory growth over that game \(its end less its start\): .* MB = .*x its start .*; target <10 MB: (met|NOT met)",
    r"peak memory over that game: .* MB = .*x its start",
    r"start-up to the title screen \(headless, median\): .* ms = .*x a trivial Textual app",
    r"SSH: 2 connections opened at once, median time to the lobby \(games forked warm\): .* s = .*x a cold start per connection .*; target <1 s: (met|NOT met)",
    r"SSH: 2 connections opened at once, longest time to the lobby \(games forked warm\): .* s = .*x a cold start per connection .*; target <3 s: (met|NOT met)",
    r"unique memory \(USS\) of a game process in the lobby, median \(forked warm\): .* MB = .*x a cold start .*; target <20 MB: (met|NOT met)",
    r"unique memory \(USS\) of the fork server, once per server: .* MB = .*x one cold game process",
]


def test_bench_prints_every_figure_with_its_ratio(capsys):
    assert main(["bench", "--games", "1", "--repeats", "1", "--presses", "3", "--starts", "1", "--connections", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for pattern in EVERY_FIGURE:
        assert sum(bool(re.fullmatch(pattern + ".*", line)) for line in lines) == 1, f"no line for {pattern}: {lines}"
    assert len(lines) == len(EVERY_FIGURE)


def test_a_figure_reads_as_value_ratio_baseline_and_target():
    figure = bench.Figure("load", 30.0, "ms", "json.loads", 0.5, target="<20")
    assert figure.line() == "load: 30.00 ms = 60.00x json.loads (0.50 ms); target <20 ms: NOT met"
