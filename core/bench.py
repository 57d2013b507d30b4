"""Benchmarks (figures, never timed asserts), each beside a baseline measured in the same run.

Engine and saves are measured here; the app (start-up, keys, memory) in processes of its own,
so core never imports tui or textual.
"""

from __future__ import annotations

import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from attrs import frozen

from core import saves
from core.gamedata import GameData
from core.lookahead import copy_state
from core.session import Session
from core.sim import play
from core.state import Phase

# Process start to the first frame (Textual's Ready: the first screen laid out and drawn), headless;
# what the app does after it (the new-game form composed ahead, imports in the background) is not timed
COLD_START_SNIPPET = """
import time, sys
start = float(sys.argv[1])
from tui.app import VirginQueenApp
class FirstFrame(VirginQueenApp):
    def on_ready(self):
        print(f"{time.time() - start:.4f}")
        self.exit()
FirstFrame().run(headless=True, size=(80, 24))
"""

TRIVIAL_APP_SNIPPET = """
import time, sys
start = float(sys.argv[1])
from textual.app import App
from textual.widgets import Footer, Static
class Trivial(App):
    def compose(self):
        yield Static("hello")
        yield Footer()
    def on_ready(self):
        print(f"{time.time() - start:.4f}")
        self.exit()
Trivial().run(headless=True, size=(80, 24))
"""

# The positions measured: the first Action Phase decision of these turns.
BENCH_TURNS = (1, 8)
# issue 23's targets: what a key costs, at most this many times a key bound to nothing
KEY_RATIO_TARGETS = {"choose": 2, "log": 2, "help": 2}
KEY_NAMES = {"choose": "choosing (1)", "ask": "a card play asked about (1, its first press: GEN-9)", "log": "the full log (l)",
             "wed": "Available to Wed (w)", "help": "rule help (?)"}


@frozen
class Figure:
    """One measured figure and the baseline it is read against."""

    name: str
    value: float
    unit: str
    baseline_name: str
    baseline: float
    target: str = ""  # the target, e.g. "< 50"; shown with whether it is met
    most_times_baseline: float = 0  # the target for the ratio, e.g. 2 (at most 2x the baseline); 0: none

    def line(self) -> str:
        ratio = f"{self.value / self.baseline:.2f}x" if self.baseline else "n/a"
        text = f"{self.name}: {_figure(self.value)} {self.unit} = {ratio} {self.baseline_name} ({_figure(self.baseline)} {self.unit})"
        if self.target:
            bound = float(self.target[1:])
            met = self.value < bound if self.target[0] == "<" else self.value > bound
            text += f"; target {self.target} {self.unit}: {'met' if met else 'NOT met'}"
        if self.most_times_baseline and self.baseline:
            met = self.value <= self.most_times_baseline * self.baseline
            text += f"; target at most {self.most_times_baseline:g}x: {'met' if met else 'NOT met'}"
        return text


def _figure(value: float) -> str:
    """Two decimals, or three below 1 (0.049 ms and 0.051 ms both read 0.05 with two)."""
    return f"{value:.2f}" if abs(value) >= 1 else f"{value:.3f}"


def _median_seconds(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def cold_start_seconds(snippets: tuple[str, ...], runs: int, bytecode_dir: Path) -> list[list[float]]:
    """Process start to the first frame, headless (our title screen, or the trivial app), ``runs`` times
    each, taking turns (a machine busy for a moment weighs on both alike), as an installed game starts:
    with its modules' bytecode compiled, as pip does on install (on a machine with
    PYTHONDONTWRITEBYTECODE set, as this one is, every start would compile our sources while Textual's
    came compiled). One unmeasured start of each writes the bytecode into ``bytecode_dir``."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(bytecode_dir)
    results: list[list[float]] = [[] for _ in snippets]
    for _ in range(runs + 1):
        for times, snippet in zip(results, snippets):
            out = subprocess.run(
                [sys.executable, "-c", snippet, repr(time.time())],
                capture_output=True, text=True, check=True, env=env,
            )
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return [times[1:] for times in results]


def start_up_figures(runs: int) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="vq-bytecode-") as bytecode_dir:
        starts, floor = cold_start_seconds((COLD_START_SNIPPET, TRIVIAL_APP_SNIPPET), runs, Path(bytecode_dir))
    return [
        Figure("start-up to the first frame of the title screen (headless, median, bytecode compiled)", statistics.median(starts) * 1000, "ms",
               "a trivial Textual app", statistics.median(floor) * 1000, most_times_baseline=1.2)
    ]


def decision_figures(data: GameData, games: int) -> list[Figure]:
    """The same random games with and without undo snapshots (the app keeps them; replays do not)."""
    seconds = {True: 0.0, False: 0.0}
    decisions = {True: 0, False: 0}
    game_ms: dict[bool, list[float]] = {True: [], False: []}
    for seed in range(1, games + 1):
        for keep_undo in (False, True):
            start = time.perf_counter()
            session = play(data, seed, check_invariants=False, keep_undo=keep_undo)
            elapsed = time.perf_counter() - start
            seconds[keep_undo] += elapsed
            decisions[keep_undo] += len(session.actions)
            game_ms[keep_undo].append(elapsed * 1000)
            del session  # its teardown here, not inside the next game's time
    per_decision = {undo: seconds[undo] * 1000 / decisions[undo] for undo in seconds}
    return [
        Figure(f"decision with undo on ({decisions[True]} decisions, {games} games)", per_decision[True], "ms",
               "undo off", per_decision[False], target="<0.3"),
        Figure(f"decision with undo off ({decisions[False]} decisions, {games} games)", per_decision[False], "ms",
               "undo on", per_decision[True], target="<0.05"),
        Figure("full game with undo on (median)", statistics.median(game_ms[True]), "ms",
               "undo off", statistics.median(game_ms[False])),
    ]


def lookahead_figures(data: GameData, sessions: dict[int, Session], runs: int = 200) -> list[Figure]:
    """The computer players' look-ahead: a copy of a position for a rollout (``copy_state``), against
    pickling it there and back (what the copy was before)."""
    figures = []
    for turn, session in sessions.items():
        state = session.state
        figures.append(
            Figure(f"position copy for a rollout at turn {turn}", _median_seconds(lambda: copy_state(state), runs) * 1000, "ms",
                   "a pickle round trip", _median_seconds(lambda: pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL)), runs) * 1000,
                   target="<0.2")
        )
    return figures


def session_at_turn(data: GameData, turn: int, first_seed: int = 1, seeds: int = 50) -> Session:
    """A random game at the first Action Phase decision of ``turn`` (the first seed that gets there)."""

    def reached(session: Session) -> bool:
        state = session.state
        return state.turn >= turn and state.phase is Phase.ACTION and session.decision is not None

    for seed in range(first_seed, first_seed + seeds):
        session = play(data, seed, check_invariants=False, until=reached)
        if reached(session) and session.state.turn == turn:
            return session
    raise RuntimeError(f"no random game of seeds {first_seed}..{first_seed + seeds - 1} reached turn {turn}")


def save_figures(data: GameData, sessions: dict[int, Session], folder: Path, runs: int = 20) -> list[Figure]:
    """Size, write and load of a save at each turn; baselines: turn 1's size, a plain write, json.loads."""
    figures = []
    first_size = 0
    for turn, session in sessions.items():
        path = folder / f"turn{turn}.json"
        saves.write(session, path)  # warms the converter's generated hooks
        text = path.read_text()
        size = len(text.encode())
        first_size = first_size or size
        plain = folder / f"plain{turn}.json"
        where = f"at turn {turn} ({len(session.actions)} decisions)"
        figures += [
            Figure(f"save size {where}", size / 1024, "KiB", f"turn {BENCH_TURNS[0]}", first_size / 1024),
            Figure(f"save write {where}, atomic with fsync", _median_seconds(lambda: saves.write(session, path), runs) * 1000,
                   "ms", "writing the same text plainly", _median_seconds(lambda: plain.write_text(text), runs) * 1000),
            Figure(f"save open for play {where} (the app: replay check in the background)",
                   _median_seconds(lambda: saves.open_save(path, data).resumed(), runs) * 1000,
                   "ms", "json.loads of the same text", _median_seconds(lambda: json.loads(text), runs) * 1000,
                   target="<20" if turn == BENCH_TURNS[-1] else ""),
            Figure(f"save load {where}, with the replay check", _median_seconds(lambda: saves.load(path, data), runs) * 1000,
                   "ms", "json.loads of the same text", _median_seconds(lambda: json.loads(text), runs) * 1000),
        ]
    return figures


def app_measurements(saves_by_turn: dict[int, Path], repeats: int, presses: int) -> dict[str, Any]:
    """Keys and memory through the app, measured by tui.bench in a fresh process."""
    command = [sys.executable, "-m", "tui.bench", "--repeats", str(repeats), "--presses", str(presses)]
    for turn, path in saves_by_turn.items():
        command += ["--save", f"{turn}={path}"]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def app_figures(measured: dict[str, Any]) -> list[Figure]:
    figures = []
    floor = measured["floor"]
    for turn, keys in measured["keys"].items():
        for name, label in KEY_NAMES.items():
            if name not in keys:  # "ask": only where the first choice is a card play
                continue
            figures.append(Figure(f"CPU per keypress at turn {turn}: {label}", keys[name], "ms",
                                  "a key bound to nothing", keys["idle"], target="<50",
                                  most_times_baseline=KEY_RATIO_TARGETS.get(name, 0)))
        figures.append(Figure(f"CPU per keypress at turn {turn}: {KEY_NAMES['choose']}, against Textual alone", keys["choose"], "ms",
                              "Textual alone showing a new decision", floor["decision"]))
    # the floor under choosing: Textual's own layout, render and messages for a new decision
    figures.append(Figure("CPU per keypress in a bare Textual app laid out like the board (stock widgets; no engine, "
                          "views or save): a new decision", floor["decision"], "ms", "a key bound to nothing", floor["idle"]))
    figures.append(Figure("CPU per keypress in the same bare app: a new list of choices, nothing else changed",
                          floor["choices"], "ms", "a key bound to nothing", floor["idle"]))
    game = measured["game"]
    first, second = game["first"], game["second"]
    figures += [
        Figure("memory at the start of a game", first["start_mb"], "MB", "the title screen", game["title_mb"]),
        Figure(f"memory growth over a first game played through the app ({_played(first)}; Textual's caches "
               "and the boards kept between phases are made then)", first["end_mb"] - first["start_mb"], "MB",
               "its start", first["start_mb"], target="<5"),
        Figure(f"memory growth over a second game in the same app ({_played(second)})", second["end_mb"] - second["start_mb"], "MB",
               "its start", second["start_mb"], target="<5"),
        Figure("peak memory over both games", game["peak_mb"], "MB", "the first game's start", first["start_mb"]),
    ]
    return figures


def _played(game: dict[str, Any]) -> str:
    return f"{game['presses']} keys, {game['decisions']} decisions, turn {game['turn']}{', game over' if game['finished'] else ''}"


def server_measurements(connections: int, cold: bool) -> dict[str, Any]:
    """SSH connections opened at once to a server in a process of its own, measured by tui.serve_bench."""
    command = [sys.executable, "-m", "tui.serve_bench", "--connections", str(connections), *(["--cold"] if cold else [])]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def server_figures(warm: dict[str, Any], cold: dict[str, Any]) -> list[Figure]:
    """Games forked warm (the server as it runs) beside a cold start per connection (as before)."""
    at_once = f"SSH: {warm['connections']} connections opened at once"
    return [
        Figure(f"{at_once}, median time to the lobby (games forked warm)", warm["median_s"], "s",
               "a cold start per connection", cold["median_s"], target="<1"),
        Figure(f"{at_once}, longest time to the lobby (games forked warm)", warm["max_s"], "s",
               "a cold start per connection", cold["max_s"], target="<3"),
        Figure("unique memory (USS) of a game process in the lobby, median (forked warm)", warm["uss_median_mb"], "MB",
               "a cold start", cold["uss_median_mb"], target="<20"),
        Figure("unique memory (USS) of the fork server, once per server", warm["fork_server_uss_mb"], "MB",
               "one cold game process", cold["uss_median_mb"]),
    ]


def server_lines(connections: int) -> Iterator[str]:
    try:
        figures = server_figures(server_measurements(connections, cold=False), server_measurements(connections, cold=True))
    except (subprocess.CalledProcessError, ValueError, IndexError, KeyError) as exc:
        yield f"SSH server: could not be measured ({_why(exc)})"
    else:
        for figure in figures:
            yield figure.line()


def run_bench(
    data: GameData, games: int, repeats: int = 5, presses: int = 3000, start_runs: int = 10, connections: int = 20
) -> Iterator[str]:
    """Every figure, one line each as soon as it is measured; a part that cannot be measured says why."""
    for figure in decision_figures(data, games):
        yield figure.line()
    sessions = {turn: session_at_turn(data, turn) for turn in BENCH_TURNS}
    for figure in lookahead_figures(data, sessions):
        yield figure.line()
    with tempfile.TemporaryDirectory() as folder:
        for figure in save_figures(data, sessions, Path(folder), runs=repeats):
            yield figure.line()
        try:
            measured = app_measurements({t: Path(folder) / f"turn{t}.json" for t in BENCH_TURNS}, repeats, presses)
        except (subprocess.CalledProcessError, ValueError, IndexError) as exc:
            yield f"app keys and memory: could not be measured ({_why(exc)})"
        else:
            for figure in app_figures(measured):
                yield figure.line()
    try:
        figures = start_up_figures(start_runs)
    except (subprocess.CalledProcessError, ValueError, IndexError) as exc:
        yield f"start-up: could not be measured ({_why(exc)})"
    else:
        for figure in figures:
            yield figure.line()
    yield from server_lines(connections)


def _why(exc: Exception) -> str:
    if isinstance(exc, subprocess.CalledProcessError) and exc.stderr:
        return exc.stderr.strip().splitlines()[-1]
    return str(exc)
