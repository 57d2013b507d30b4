"""App-side benchmark figures: CPU per keypress and memory over a whole game, headless (Pilot).

Run by ``python -m core bench`` in a process of its own (core never imports tui, and a fresh
process gives honest memory figures); prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.worker import WorkerState

from core.cards import reveals_a_card
from tui.app import VirginQueenApp
from tui.messages import Destination, LeaveGame, LoadGame, StartGame

SIZE = (80, 24)
# Keys measured on a loaded game: choose the first choice, the full log, Available to Wed, rule help;
# F12 is bound to nothing and answered by nothing (a printable key bound to nothing is answered on the
# board), so it measures what any keypress costs (the baseline).
OVERLAY_KEYS = {"log": "l", "wed": "w", "help": "question_mark"}
IDLE_KEY = "f12"


def resident_mb() -> float:
    """Resident memory now (Linux /proc), else the peak so far."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return peak_mb()


def peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux, bytes on macOS
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


async def _settle(pilot: Pilot[None]) -> None:
    """The key's messages handled, and the work they started off the event loop (files, computers) done."""
    await pilot.pause()
    while any(w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in pilot.app.workers):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause()


async def _cpu_ms(pilot: Pilot[None], key: str) -> float:
    start = time.process_time()
    await pilot.press(key)
    await _settle(pilot)
    return (time.process_time() - start) * 1000


async def keypress_cpu(save: Path, repeats: int) -> dict[str, float]:
    """Median ms of CPU per key on the game loaded from ``save``, as the Load screen loads it."""
    times: dict[str, list[float]] = {"choose": [], "ask": [], "idle": [], **{name: [] for name in OVERLAY_KEYS}}
    with tempfile.TemporaryDirectory() as folder:
        app = VirginQueenApp(Path(folder))
        async with app.run_test(size=SIZE) as pilot:
            for repeat in range(repeats):
                # a copy each time: a loaded game goes on in the file it was loaded from, so choosing
                # in the save itself would time the next decision at each repeat
                copy = Path(folder) / f"repeat{repeat}-{save.name}"
                shutil.copyfile(save, copy)
                app.post_message(LoadGame(copy))
                await _settle(pilot)
                if app.controller.driver is None:
                    raise RuntimeError(f"{save} did not load")
                times["idle"].append(await _cpu_ms(pilot, IDLE_KEY))
                for name, key in OVERLAY_KEYS.items():
                    board = app.screen
                    times[name].append(await _cpu_ms(pilot, key))
                    if app.screen is board:
                        raise RuntimeError(f"key {key!r} opened nothing on {type(board).__name__}")
                    await pilot.press("escape")
                    await _settle(pilot)
                if reveals_a_card(app.controller.session.decision.choices[0]):  # asked first, taken at the second press (GEN-9)
                    times["ask"].append(await _cpu_ms(pilot, "1"))
                times["choose"].append(await _cpu_ms(pilot, "1"))
    return {name: statistics.median(values) for name, values in times.items() if values}


# What Textual alone costs for a key that shows a new decision: a bare app laid out like the board (the
# same panes and sizes as tui/styles, Textual's stock widgets: none of the app's own, no engine, views or
# save). The floor under "choosing", whatever the engine, the views and the save cost.
FLOOR_CHOICES = 16  # the decision after choosing at turn 8 ("spend 3 CP") offers 16
FLOOR_PANEL_LINES = 16
FLOOR_CSS = """
#status { height: auto; padding: 0 1; }
#vp { height: 1; padding: 0 1; }
#main { height: 1fr; }
#phase-panel { width: 40%; padding: 0 1; }
#decision { width: 60%; padding: 0 1; }
#prompt { height: auto; }
#choices { height: 1fr; border: none; scrollbar-gutter: stable; }
#log { height: 5; }
"""


class _FloorApp(App[None]):
    """Each key bound to "next" shows a new decision: prompt, choices, panel text and a log line; or,
    ``choices_only``, a new list of choices and nothing else (the least a new decision changes)."""

    CSS = FLOOR_CSS
    BINDINGS = [Binding("1", "next", "Next")]

    def __init__(self, choices_only: bool = False) -> None:
        super().__init__()
        self.shown = 0
        self.choices_only = choices_only

    def compose(self) -> ComposeResult:
        yield Static("status", id="status")
        yield Static("vp", id="vp")
        with Horizontal(id="main"):
            with VerticalScroll(id="phase-panel"):
                yield Static(id="phase-info")
            with Vertical(id="decision"):
                yield Static(id="prompt")
                yield OptionList(id="choices")
        yield RichLog(id="log", max_lines=12, wrap=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.action_next()

    def action_next(self) -> None:
        self.shown += 1
        n = self.shown
        choices = self.query_one("#choices", OptionList)
        choices.set_options([Content.assemble(f"{i}. Build a unit in space {n}-{i}", (f"  cp build {n}-{i}", "dim"))
                             for i in range(1, FLOOR_CHOICES + 1)])
        choices.highlighted = 0
        choices.focus()
        if self.choices_only:
            return
        self.query_one("#phase-info", Static).update("\n".join(f"  #{n}{line} A card in the hand, {line} CP" for line in range(FLOOR_PANEL_LINES)))
        self.query_one("#prompt", Static).update(f"Decision {n}: spend 3 CP [ACT-{n}]")
        self.query_one("#log", RichLog).write(f"Turn {n}: a power played a card and spent its CP (ACT-{n})")


async def textual_floor(repeats: int) -> dict[str, float]:
    """Median ms of CPU per key in the bare app: a new decision, a new list of choices alone, and a key
    bound to nothing (in the app of the whole decision)."""
    times: dict[str, list[float]] = {"decision": [], "choices": [], "idle": []}
    for name, choices_only in (("decision", False), ("choices", True)):
        async with _FloorApp(choices_only).run_test(size=SIZE) as pilot:
            await _settle(pilot)
            for _ in range(repeats):
                if not choices_only:
                    times["idle"].append(await _cpu_ms(pilot, IDLE_KEY))
                times[name].append(await _cpu_ms(pilot, "1"))
    return {name: statistics.median(values) for name, values in times.items()}


async def _play_random_game(app: VirginQueenApp, pilot: Pilot[None], seed: int, presses: int) -> dict[str, Any]:
    """A random game through the app (number keys on the board, Enter on reports and hand-offs) to its
    end, or for at most ``presses`` keys; the memory at its start and end, then back to the title."""
    from core.setup import Setup
    from tui.screens.game import PhaseScreen

    chooser = random.Random(seed)
    app.post_message(StartGame(Setup(seed=seed)))
    await _settle(pilot)
    gc.collect()
    start = resident_mb()
    made = 0
    while made < presses:
        decision = app.controller.session.decision
        if decision is None:
            break
        if isinstance(app.screen, PhaseScreen):
            index = chooser.randrange(min(len(decision.choices), 9))
            key = str(index + 1)
            if reveals_a_card(decision.choices[index]):  # asked first, taken at the second press (GEN-9)
                await pilot.press(key)
                await pilot.pause()
                made += 1
        else:
            key = "enter"  # a report or a hand-off
        await pilot.press(key)
        await pilot.pause()
        made += 1
    gc.collect()
    end = resident_mb()
    session = app.controller.session
    played = {
        "start_mb": start,
        "end_mb": end,
        "presses": made,
        "decisions": len(session.actions),
        "turn": session.state.turn,
        "finished": session.decision is None,
    }
    app.post_message(LeaveGame(Destination.TITLE))
    await _settle(pilot)
    return played


async def full_game_memory(seed: int, presses: int) -> dict[str, Any]:
    """Two random games played one after the other in one app: the first warms Textual's caches and
    makes the boards kept between phases; the second shows what a whole game adds after that."""
    with tempfile.TemporaryDirectory() as folder:
        app = VirginQueenApp(Path(folder))
        async with app.run_test(size=SIZE) as pilot:
            await _settle(pilot)
            title = resident_mb()
            first = await _play_random_game(app, pilot, seed, presses)
            second = await _play_random_game(app, pilot, seed + 1, presses)
            peak = max(peak_mb(), first["end_mb"], second["end_mb"])  # read differently; the peak is never below either end
            return {"title_mb": title, "peak_mb": peak, "first": first, "second": second}


async def _measure(saves: dict[str, Path], repeats: int, presses: int, seed: int) -> dict[str, Any]:
    result: dict[str, Any] = {"game": await full_game_memory(seed, presses), "keys": {}}  # memory first: a fresh process
    for label, save in saves.items():
        result["keys"][label] = await keypress_cpu(save, repeats)
    result["floor"] = await textual_floor(max(repeats, 5))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tui.bench", description=__doc__)
    parser.add_argument("--save", action="append", default=[], metavar="LABEL=FILE", help="a game to time keys on")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--presses", type=int, default=3000, help="most keys to press in the game (seed 1 ends after ~600)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    saves = {label: Path(file) for label, _, file in (item.partition("=") for item in args.save)}
    print(json.dumps(asyncio.run(_measure(saves, args.repeats, args.presses, args.seed))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
