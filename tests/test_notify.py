"""virgin-queen serve --notify: the host's command, once per decision waiting for a player away."""

from __future__ import annotations

import stat

from core.bots import bots_for, playable_choices
from core.notify import Notifier
from core.setup import Seat, SeatKind, Setup
from core.store import SharedGame, SqliteStore

RECORDER = """#!/bin/sh
printf '%s|%s|%s|%s|%s|%s\\n' "$VQ_PLAYER" "$VQ_GAME" "$VQ_POWER" "$VQ_ACTION" "$VQ_RULE" "$VQ_DECISION" >> "$1"
printf '%s\\n' "$VQ_MESSAGE" >> "$1.messages"
"""


def recorder(folder) -> tuple[str, object]:
    """A notify command that records each call (its environment) in a file; the command and the file."""
    script = folder / "record.sh"
    script.write_text(RECORDER)
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    calls = folder / "calls"
    return f"{script} {calls}", calls


def _game(store, data) -> int:
    others = tuple(p for p in data.power_ids if p not in ("spain", "france"))
    seats = (Seat("Ana", ("spain",)), Seat("Ben", ("france",)), Seat("computer", others, SeatKind.COMPUTER, "random"))
    return store.create(Setup(seed=5, seats=seats))


def test_a_player_away_is_told_once_per_decision_and_one_who_is_there_is_not(data, tmp_path):
    store = SqliteStore.in_folder(tmp_path, data)
    game_id = _game(store, data)
    command, calls = recorder(tmp_path)
    log: list[str] = []
    notifier = Notifier(store, data, command, log.append)
    assert notifier.check(connected={"Ana"}) == []  # connected to the server: she sees the lobby
    [told] = notifier.check(connected=set())
    assert told.player == "Ana" and notifier.check(connected=set()) == []  # told once
    notifier.wait()
    prompt = store.load(game_id).decision.prompt
    assert calls.read_text().splitlines() == [f"Ana|{game_id}|Spain|1|GEN-7|{prompt}"]
    # GEN-8: the one line for a shared channel says nothing of the decision (hidden-information audit: its
    # prompt may say the player holds a Mandatory event, CARD-1); VQ_DECISION and VQ_RULE are the player's own
    assert (tmp_path / "calls.messages").read_text() == f"The Virgin Queen: game {game_id} waits for Ana (Spain)\n"

    store.take_seat(game_id, "Ana", "Ana")
    ana = SharedGame.open(store, game_id, "Ana")
    ana.choose("spain", playable_choices(ana.session.decision)[-1])  # done
    ana.play_computer_turns(bots_for(ana.session.setup.seats))
    [waiting] = store.waiting()
    assert (waiting.seat, waiting.power, waiting.number) == ("Ben", "france", len(ana.session.actions))
    store.take_seat(game_id, "Ben", "Ben")
    assert notifier.check(connected=set()) == []  # Ben sits at a terminal in the game: not away
    store.leave_seat(game_id, "Ben", "Ben")
    [told] = notifier.check(connected=set())
    notifier.wait()
    decision = waiting.number + 1  # the decision after the actions recorded
    assert told.player == "Ben" and calls.read_text().splitlines()[1] == f"Ben|{game_id}|France|{decision}|{waiting.rule}|{waiting.shown_prompt()}"
    assert log == []


def test_a_command_that_fails_is_reported_and_a_name_is_never_shell_words(data, tmp_path, monkeypatch):
    store = SqliteStore.in_folder(tmp_path, data)
    others = tuple(p for p in data.power_ids if p != "spain")
    store.create(Setup(seed=5, seats=(Seat("$(touch pwned); Ana", ("spain",)), Seat("computer", others, SeatKind.COMPUTER, "random"))))
    log: list[str] = []
    notifier = Notifier(store, data, 'printf "%s" "$VQ_PLAYER" > told; exit 3', log.append)
    monkeypatch.chdir(tmp_path)
    [told] = notifier.check(connected=set())
    notifier.wait()
    assert (tmp_path / "told").read_text() == "$(touch pwned); Ana" and not (tmp_path / "pwned").exists()
    assert log == ["""--notify: 'printf "%s" "$VQ_PLAYER" > told; exit 3' for $(touch pwned); Ana (game 1) ended with exit status 3"""]
