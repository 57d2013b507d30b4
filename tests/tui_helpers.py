"""Helpers for Pilot tests: an app around a prepared session, screen text, snapshots."""

from __future__ import annotations

import os
import re
from pathlib import Path

from core.session import Session
from core.setup import Seat, SeatKind
from textual.worker import WorkerState

from tui.app import VirginQueenApp

SNAPSHOT_DIR = Path(__file__).parent / "snapshots"
# One person (Ana, the Protestant) and random computers in every other seat: nobody else comes to her keyboard
ANA_AND_COMPUTERS = (Seat("Ana", ("protestant",)), Seat("random computer", ("ottoman", "spain", "england", "france", "empire"), SeatKind.COMPUTER, "random"))


class PreparedApp(VirginQueenApp):
    """The app, with a prepared game (a hand-edited position) to put on screen."""

    def __init__(self, save_dir: Path, session: Session | None) -> None:
        super().__init__(save_dir)
        self.prepared = session


def app_for(save_dir: Path, session: Session | None = None) -> PreparedApp:
    return PreparedApp(save_dir, session)


async def settle(pilot, limit: int = 5000) -> None:
    """Let every worker (files, the store, the computer players' thinking) and what follows it finish."""
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        busy = [w for w in app.workers if w.state in (WorkerState.PENDING, WorkerState.RUNNING)]
        if not busy:
            await pilot.pause()
            if not any(w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in app.workers):
                return
            continue
        await app.workers.wait_for_complete(busy)
    raise AssertionError("the app never settled")


async def read_reports(app: VirginQueenApp, pilot) -> list[type]:
    """The reports on screen read with Enter, one by one (not the game's end: Enter leaves it); their kinds."""
    from tui.screens.reports import GameOverScreen, ReportScreen

    read: list[type] = []
    while isinstance(app.screen, ReportScreen) and not isinstance(app.screen, GameOverScreen):
        read.append(type(app.screen))
        await pilot.press("enter")
        await settle(pilot)
    return read


async def show_session(app: PreparedApp, pilot) -> None:
    """Put the prepared session on screen, as after a load (autosaved into a new slot)."""
    from tui.slots import fresh_slot

    assert app.prepared is not None
    app.controller.play_position(app.prepared, fresh_slot(app.terminal.save_dir, app.prepared.setup))
    await settle(pilot)


async def pick(app: VirginQueenApp, pilot, text: str) -> None:
    """Choose the legal choice ``text`` the way the decision panel does (a ChoiceMade message)."""
    from core.choices import Choice
    from tui.messages import Choose

    decision = app.controller.session.decision
    assert decision is not None
    legal = [str(c) for c in decision.choices]
    assert text in legal, f"{text!r} not among {legal}"
    index = legal.index(text)
    if index < 9:
        made = len(app.controller.session.actions)
        await pilot.press(str(index + 1))
        await settle(pilot)
        if len(app.controller.session.actions) == made and app.controller.session.decision is decision:
            await pilot.press(str(index + 1))  # off the screen, or a card play (GEN-9): the first press highlighted it
    else:
        app.screen.post_message(Choose(Choice.parse(text)))
    await settle(pilot)


def screen_text(app: VirginQueenApp) -> str:
    """All text of the active screen's widgets (Static content, option prompts, menu lines)."""
    parts = []
    for widget in app.screen.query("*"):
        content = getattr(widget, "content", None)
        if isinstance(content, str) and content:
            parts.append(content)
    from textual.widgets import OptionList, RichLog

    from tui.widgets.key_menu import KeyMenu
    from tui.widgets.rule_text import RuleText
    from tui.widgets.tables import RowsTable

    for options in app.screen.query(OptionList):
        parts += [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    for menu in app.screen.query(KeyMenu):
        parts += [line for _entry, line in menu.entries]
    for table in app.screen.query(RowsTable):
        parts += [" | ".join(table.columns), *(" | ".join(row) for row in table.rows)]
    for rule in app.screen.query(RuleText):
        parts.append(rule.source)
    for log in app.screen.query(RichLog):
        parts += [line.text for line in log.lines]
    return "\n".join(parts)


def footer_entries(screen) -> list:
    """The keys (and labels of groups of keys) the screen's footer shows, with their cells on the line."""
    from tui.widgets.key_footer import KeyFooter

    return [entry for footer in screen.query(KeyFooter) for entry in footer.entries]


def compare_snapshot(app: VirginQueenApp, name: str) -> None:
    """Compare the screen with tests/snapshots/<name>.svg; UPDATE_SNAPSHOTS=1 writes it."""
    svg = re.sub(r"terminal-\d+-", "terminal-", app.export_screenshot(simplify=True))
    svg = re.sub(r"<title>.*?</title>", "<title></title>", svg)
    path = SNAPSHOT_DIR / f"{name}.svg"
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        SNAPSHOT_DIR.mkdir(exist_ok=True)
        path.write_text(svg)
        return
    assert path.exists(), f"missing snapshot {path.name}: run with UPDATE_SNAPSHOTS=1 and review it"
    assert svg == path.read_text(), f"screen differs from snapshot {path.name}"



class HearsNothing:
    """A driver's listener (tui/drivers.Listener) for tests that read the driver or the store instead."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


class QueuedIo:
    """tui/drivers.IoRunner for controller tests without the app: the work waits until ``run``."""

    def __init__(self) -> None:
        self.jobs: list = []

    def __call__(self, work, done, failed=None, of_game=None) -> None:
        self.jobs.append((work, done, failed))

    def run(self, at_most: int = -1) -> None:
        while self.jobs and at_most != 0:
            work, done, failed = self.jobs.pop(0)
            try:
                result = work()
            except Exception as exc:
                if failed is None:
                    raise
                failed(f"unexpected error ({type(exc).__name__}: {exc})")
            else:
                done(result)
            at_most -= 1


async def until(pilot, holds, seconds: float = 2.0) -> None:
    """Pause until ``holds()`` is true, for at most ``seconds`` (the computers may be held: settle would wait for them)."""
    for _ in range(round(seconds / 0.05)):
        if holds():
            return
        await pilot.pause(0.05)


def computers_moving(app: VirginQueenApp) -> bool:
    from tui.computers import ComputerPlayers

    driver = app.controller.driver
    return driver is not None and ComputerPlayers.to_move(driver)


async def start_walkthrough(pilot, walkthrough_id: str, steps: int = 0) -> None:
    from tui.messages import StartWalkthrough

    pilot.app.post_message(StartWalkthrough(walkthrough_id, steps))
    await settle(pilot)


async def post(pilot, intent) -> None:
    """An intent, as a screen posts it, and all that follows."""
    pilot.app.post_message(intent)
    await settle(pilot)


def count_restyles(monkeypatch) -> list[str]:
    """The names of the screens whose every node is styled anew (Screen.update_node_styles), as it happens."""
    from textual.screen import Screen

    restyled: list[str] = []
    update_node_styles = Screen.update_node_styles

    def counted(screen: Screen, animate: bool = True) -> None:
        restyled.append(type(screen).__name__)
        update_node_styles(screen, animate)

    monkeypatch.setattr(Screen, "update_node_styles", counted)
    return restyled
