"""Helpers for Pilot tests: an app around a prepared session, screen text, snapshots."""

from __future__ import annotations

import os
import re
from pathlib import Path

from core.session import Session
from tui.app import VirginQueenApp

SNAPSHOT_DIR = Path(__file__).parent / "snapshots"


def app_for(save_dir: Path, session: Session | None = None) -> VirginQueenApp:
    app = VirginQueenApp(save_dir)
    if session is not None:
        app.controller.session = session
    return app


async def show_session(app: VirginQueenApp, pilot) -> None:
    """Put the prepared session on screen, as after a load."""
    app.controller.person_at_keyboard = ""
    app.controller._after_change()
    await pilot.pause()
    await pilot.pause()


async def pick(app: VirginQueenApp, pilot, text: str) -> None:
    """Choose the legal choice ``text`` the way the decision panel does (a ChoiceMade message)."""
    from core.choices import Choice
    from tui.messages import ChoiceMade

    decision = app.controller.session.decision
    assert decision is not None
    legal = [str(c) for c in decision.choices]
    assert text in legal, f"{text!r} not among {legal}"
    index = legal.index(text)
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        app.screen.post_message(ChoiceMade(Choice.parse(text)))
    await pilot.pause()
    await pilot.pause()


def screen_text(app: VirginQueenApp) -> str:
    """All text of the active screen's widgets (Static content, option prompts)."""
    parts = []
    for widget in app.screen.query("*"):
        content = getattr(widget, "content", None)
        if isinstance(content, str) and content:
            parts.append(content)
    from textual.widgets import OptionList, RichLog

    from tui.widgets.rule_text import RuleText
    from tui.widgets.tables import RowsTable

    for options in app.screen.query(OptionList):
        parts += [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    for table in app.screen.query(RowsTable):
        parts += [" | ".join(table.columns), *(" | ".join(row) for row in table.rows)]
    for rule in app.screen.query(RuleText):
        parts.append(rule.source)
    for log in app.screen.query(RichLog):
        parts += [line.text for line in log.lines]
    return "\n".join(parts)


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

