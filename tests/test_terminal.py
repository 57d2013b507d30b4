"""The app in a real terminal (tmux, 80x24): start, new game, hand-off, board, too-small notice."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
TIMEOUT = 20.0


class Terminal:
    def __init__(self, tmp_path) -> None:
        self.socket = f"vq-test-{os.getpid()}-{tmp_path.name}"  # one server per test: none outlives another
        command = f"cd {tmp_path} && {sys.executable} -m tui.app --save-dir {tmp_path / 'saves'}"
        env = {**os.environ, "PYTHONPATH": os.getcwd()}
        self.tmux("new-session", "-d", "-s", "vq", "-x", "80", "-y", "24", command, env=env)

    def tmux(self, *args: str, env: dict[str, str] | None = None) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, env=env, check=False)
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "vq")

    def wait_for(self, text: str) -> str:
        return self.wait_until(lambda screen: text in screen, f"{text!r} never appeared")

    def wait_until(self, condition: Callable[[str], bool], failure: str) -> str:
        """Poll the screen until ``condition`` holds for it (TIMEOUT only says when to give up)."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            screen = self.screen()
            if condition(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{failure}; the screen was:\n{self.screen()}")

    def pane(self, variable: str) -> str:
        return self.tmux("display-message", "-p", "-t", "vq", f"#{{{variable}}}").strip()

    def keys(self, *keys: str) -> None:
        """Send keys; each caller then waits for what they should show."""
        for key in keys:
            self.tmux("send-keys", "-t", "vq", key)

    def close(self) -> None:
        self.tmux("kill-server")


@pytest.fixture
def terminal(tmp_path):
    term = Terminal(tmp_path)
    yield term
    term.close()


def test_real_terminal_new_game_to_the_board_and_too_small_notice(terminal):
    terminal.wait_for("New game (n)")
    terminal.keys("n")
    terminal.wait_for("Strict response windows")
    terminal.keys("C-n")
    report = terminal.wait_for("Card Draw Phase (CARD-5..CARD-7)")
    assert "track square for 10 key spaces" in report
    terminal.keys("Enter")
    board = terminal.wait_for("Spain: make a proposal or say done")
    assert "Turn 1/8 - Diplomacy Phase - Negotiation Segment" in board
    assert "VP  Ott 6  Spa 10" in board
    footer = board.rstrip("\n").splitlines()[-1]
    for key in (": Type", "u Undo", "t Table", "? Rule", "w Wed", "p Patron", "v Powers", "d Disc", "l Log", "m Map", "g VP"):
        assert key in footer, f"{key!r} is not visible in the footer at 80 columns: {footer!r}"
    terminal.tmux("resize-window", "-t", "vq", "-x", "70", "-y", "20")
    terminal.wait_for("Please enlarge the terminal to at least 80 x 24 (now 70 x 20)")
    terminal.tmux("resize-window", "-t", "vq", "-x", "80", "-y", "24")
    terminal.wait_for("Spain: make a proposal or say done")


TMUX_KEYS = (
    "C-p", "Enter", "Escape", "PPage", "NPage", "Up", "Down", "Left", "Right", "Tab", *"0123456789",
    *"abcefghijkmnorsxyz", "Space", ":", "?", "u", "t", "w", "p", "v", "d", "l", "C-n", "c", "m",
)


def test_real_terminal_survives_random_keys_at_full_speed(terminal):
    """Bursts of random keys (the command palette among them) never stop the app."""
    import random

    terminal.tmux("set-option", "-t", "vq", "remain-on-exit", "on")
    terminal.wait_for("New game (n)")
    rng = random.Random(13)
    for _ in range(10):
        terminal.tmux("send-keys", "-t", "vq", *[rng.choice(TMUX_KEYS) for _ in range(20)])
    # Ctrl+Q comes after every random key: the app has taken them all once it has quit, cleanly
    terminal.keys("C-q")

    def ended(_screen: str) -> bool:  # tmux sees the pane close before it collects the exit status
        return terminal.pane("pane_dead") == "1" and bool(terminal.pane("pane_dead_status") or terminal.pane("pane_dead_signal"))

    screen = terminal.wait_until(ended, "the app did not quit on Ctrl+Q")
    how = {v: terminal.pane(v) for v in ("pane_dead_status", "pane_dead_signal")}
    assert how["pane_dead_status"] == "0" and "Traceback" not in screen, f"{how}\n{screen}"
