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
            *(rf"CPU per keypress at turn {turn}: {re.escape(label)}: .* ms = .*x a key bound to nothing .*; target <50 ms: (met|NOT met)"
              + ("; target at most 2x: (met|NOT met)" if name in bench.KEY_RATIO_TARGETS else "")
              for name, label in bench.KEY_NAMES.items()),
            rf"CPU per keypress at turn {turn}: choosing \(1\), against Textual alone: .* ms = .*x Textual alone showing a new decision",
        )
    ),
    r"CPU per keypress in a bare Textual app laid out like the board \(stock widgets; no engine, views or save\): a new decision: .* ms = .*x a key bound to nothing",
    r"CPU per keypress in the same bare app: a new list of choices, nothing else changed: .* ms = .*x a key bound to nothing",
    r"memory at the start of a game: .* MB = .*x the title screen",
    r"memory growth over a first game played through the app \(3 keys, .*\): .* MB = .*x its start .*; target <5 MB: (met|NOT met)",
    r"memory growth over a second game in the same app \(3 keys, .*\): .* MB = .*x its start .*; target <5 MB: (met|NOT met)",
    r"peak memory over both games: .* MB = .*x the first game's start",
    r"start-up to the first frame of the title screen \(headless, median, bytecode compiled\): .* ms = .*x a trivial Textual app .*; target at most 1.2x: (met|NOT met)",
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
    assert figure.line() == "load: 30.00 ms = 60.00x json.loads (0.500 ms); target <20 ms: NOT met"


def test_a_figure_with_a_ratio_target_says_whether_it_is_met():
    assert bench.Figure("key", 19.0, "ms", "a key bound to nothing", 10.0, most_times_baseline=2).line() == (
        "key: 19.00 ms = 1.90x a key bound to nothing (10.00 ms); target at most 2x: met"
    )
    assert bench.Figure("decision", 0.0512, "ms", "undo on", 0.16, target="<0.05").line() == (
        "decision: 0.051 ms = 0.32x undo on (0.160 ms); target <0.05 ms: NOT met"
    )
    assert bench.Figure("start", 400.0, "ms", "a trivial app", 300.0, most_times_baseline=1.2).line().endswith(
        "target at most 1.2x: NOT met"
    )
