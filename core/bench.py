"""Benchmarks (figures, never timed asserts): whole games, save and load, cold start of the app."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from core import saves
from core.gamedata import GameData
from core.session import Session
from core.sim import play

COLD_START_SNIPPET = """
import time, sys
start = float(sys.argv[1])
from tui.app import VirginQueenApp
async def first_frame(pilot):
    await pilot.pause()
    print(f"{time.time() - start:.4f}")
    pilot.app.exit()
VirginQueenApp().run(headless=True, size=(80, 24), auto_pilot=first_frame)
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
async def first_frame(pilot):
    await pilot.pause()
    print(f"{time.time() - start:.4f}")
    pilot.app.exit()
Trivial().run(headless=True, size=(80, 24), auto_pilot=first_frame)
"""


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def cold_start_seconds(snippet: str = COLD_START_SNIPPET, runs: int = 5) -> list[float]:
    """Process start to the first frame, headless (our title screen, or the trivial app)."""
    results = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", snippet, repr(time.time())],
            capture_output=True, text=True, check=True,
        )
        results.append(float(out.stdout.strip().splitlines()[-1]))
    return results


def run_bench(data: GameData, games: int) -> list[str]:
    lines = []
    game_times, decisions = [], []
    late: Session | None = None
    for seed in range(1, games + 1):
        start = time.perf_counter()
        session = play(data, seed, check_invariants=False)
        game_times.append(time.perf_counter() - start)
        decisions.append(len(session.actions))
        if late is None or len(session.actions) > len(late.actions):
            late = session
    assert late is not None
    lines.append(
        f"full game, headless, random play: median {_ms(statistics.median(game_times))}, "
        f"max {_ms(max(game_times))} over {games} games (median {statistics.median(decisions):.0f} decisions)"
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "late.json"
        saves.write(late, path)  # warm the converter's generated hooks once
        save_times, parse_times, load_times = [], [], []
        for _ in range(20):
            start = time.perf_counter()
            saves.write(late, path)
            save_times.append(time.perf_counter() - start)
            text = path.read_text()
            start = time.perf_counter()
            saves.parse(text, path)
            parse_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            saves.load(path, data)
            load_times.append(time.perf_counter() - start)
        size = path.stat().st_size
    lines.append(
        f"save of a late-game state ({len(late.actions)} decisions, turn {late.state.turn}): {size} bytes; "
        f"write (atomic, fsync) median {_ms(statistics.median(save_times))}; "
        f"parse+structure median {_ms(statistics.median(parse_times))}; "
        f"full load with replay check median {_ms(statistics.median(load_times))}"
    )
    try:
        starts = cold_start_seconds()
        floor = cold_start_seconds(TRIVIAL_APP_SNIPPET)
        lines.append(
            f"cold start to the title screen (headless): median {_ms(statistics.median(starts))} over {len(starts)} runs; "
            f"a trivial Textual app here: median {_ms(statistics.median(floor))}"
        )
    except (subprocess.CalledProcessError, ValueError, IndexError) as exc:
        lines.append(f"cold start: could not be measured ({exc})")
    return lines
