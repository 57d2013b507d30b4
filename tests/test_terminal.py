"""The app in a real terminal (tmux, 80x24): start, new game, hand-off, board, too-small notice."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from tui.widgets.decision import CHANGED_UNDER_SECONDS, REPORT_CAME_UNDER_SECONDS  # the app's own, in the terminal (the fixture that sets it to 0 is for Pilot)

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
TIMEOUT = 20.0


class Terminal:
    def __init__(self, tmp_path) -> None:
        self.socket = f"vq-test-{os.getpid()}-{tmp_path.name}"  # one server per test: none outlives another
        self.status = tmp_path / "exit-status"  # tmux may see the pane close and never learn the status
        command = f"cd {tmp_path} && {sys.executable} -m tui.app --save-dir {tmp_path / 'saves'}; echo $? > {self.status}"
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
    for key in ("0 Done", "x Why", "⇥ Info", ": Type", "u Undo", "t Table", "? Rule", "l Log", "m Map", "wpvdg Displays"):
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

    def ended(_screen: str) -> bool:  # the shell writes the app's exit status once it has quit
        return terminal.status.exists() and terminal.status.read_text().strip() != ""

    screen = terminal.wait_until(ended, "the app did not quit on Ctrl+Q")
    status = terminal.status.read_text().strip()
    assert status == "0" and "Traceback" not in screen, f"exit status {status}\n{screen}"


HAND_LINE = re.compile(r"^\s+(#\d+) ")  # a card as the board's hand lists it, left of the decision panel


def _first_line(screen: str) -> str:
    return next(iter(screen.strip().splitlines()), "")


def _hand_cards(screen: str) -> set[str]:
    """The cards of a hand on screen (the hand's rows, not the log's or the choices')."""
    return {match.group(1) for line in screen.splitlines() if (match := HAND_LINE.match(line.split("│")[0]))}


@pytest.mark.slow
def test_real_terminal_hand_offs_never_show_the_previous_persons_hand(tmp_path):
    """GEN-8 in a real terminal at 80x24: England (Ana) and France (Ben) with four computer players.
    The computers (greedy) think for a while between; the screen is read every few milliseconds; from a person's decision until they take the keyboard
    again at a hand-off, no card of the hand they held is on screen."""
    from core import gamedata, saves
    from core.session import Session
    from core.setup import Seat, SeatKind, Setup

    data = gamedata.load(tmp_path)
    computers = ("ottoman", "spain", "empire", "protestant")
    seats = (Seat("Ana", ("england",)), Seat("Ben", ("france",)), Seat("greedy computer", computers, SeatKind.COMPUTER, "greedy"))
    (tmp_path / "saves").mkdir()
    saves.write(Session.new(data, Setup(started="2026-12-02T10:00:00", seed=11, seats=seats)), tmp_path / "saves" / "game-campaign-20261202-100000.json")
    terminal = Terminal(tmp_path)
    try:
        terminal.wait_for("Continue (c)")
        terminal.keys("c")
        hand_offs, holder, held, leaks = 0, "", {"Ana": set(), "Ben": set()}, []
        hidden: dict[str, set[str]] = {}  # person -> the cards no screen may show until they hold the keyboard
        exposed_since: dict[tuple[str, str], float] = {}  # (person, card) -> when it was first read on screen, in a row
        deadline = time.monotonic() + 120
        while (hand_offs < 8 or not all(held.values())) and time.monotonic() < deadline:
            screen = terminal.screen()
            shown = _hand_cards(screen)
            exposed = {  # their own decision on screen again is theirs to see
                (person, card) for person, cards in hidden.items() if person != holder or f"({person}) to act" not in screen
                for card in cards & shown
            }
            # tmux may be read while a frame is half written (rows are redrawn top to bottom, and a busy
            # machine can stall the app between rows): a card counts as seen once every read for 50 ms has
            # shown it, what a person sees for 50 ms they have seen
            now = time.monotonic()
            exposed_since = {seen: exposed_since.get(seen, now) for seen in exposed}
            leaks += [f"{person}'s {card} on a screen of someone else's turn:\n{screen}" for (person, card), since in exposed_since.items() if now - since >= 0.05]
            handing = re.search(r"Pass to (\w+)", screen)
            if handing:
                hand_offs += bool(holder and held[holder] and handing.group(1) != holder)  # a hand to hide
                holder = handing.group(1)
                hidden.pop(holder, None)
                terminal.keys("Enter")
                terminal.wait_until(lambda s: "Pass to" not in s or holder not in s, "the hand-off stayed")
            elif "⏎ Continue" in screen:
                # gone when its title is: the same report drawn again (a half-written frame read, then the
                # whole one) is no new report, and a second Enter would pass the hand-off under it unread
                title = _first_line(screen)
                def gone(s: str, title: str = title) -> bool:
                    return "⏎ Continue" not in s or _first_line(s) != title

                terminal.keys("Enter")
                if not gone(terminal.wait_until(lambda s: gone(s) or "that Enter took" in s, "the report stayed")):
                    time.sleep(REPORT_CAME_UNDER_SECONDS)  # it came as the Enter did, which took nothing (README)
                    terminal.keys("Enter")
                    terminal.wait_until(gone, "the report stayed")
            elif holder and f"({holder}) to act" in screen and " 1. " in screen:
                held[holder] = shown
                if "The decision changed just now" in screen:  # shown after the computers' moves: read first
                    time.sleep(CHANGED_UNDER_SECONDS)
                terminal.keys("1" if "this decision has none" in screen else "0")  # done, pass, no response
                hidden[holder] = set(held[holder])
                terminal.wait_until(lambda s, before=screen: s != before, "the decision was not taken")
            time.sleep(0.01)
        assert hand_offs >= 8, f"only {hand_offs} hand-offs; the screen was:\n{terminal.screen()}"
        assert held["Ana"] and held["Ben"], "no hand was ever read on screen"
        assert not leaks, leaks[:5]
    finally:
        terminal.close()
