"""Telling a player that a shared game waits for them (``virgin-queen serve --notify COMMAND``).

A game of The Virgin Queen runs for hours and nothing times out: a person seat's decision waits for
its player. When it does and that player is not there (no connection to the server, and no terminal
seated in the game), the host's COMMAND is run once for that decision, through ``/bin/sh`` so it may
be a pipeline (a mail or a chat hook), with what to say in its environment:

- ``VQ_PLAYER``: the player's name (their key's comment); ``VQ_GAME``: the game's number;
- ``VQ_POWER``: the power deciding; ``VQ_ACTION``: the number the decision will have in the game's action log;
- ``VQ_MESSAGE``: who is waited for in which game, as one line: only what every player may know, for a
  channel they share (a chat hook);
- ``VQ_DECISION``: the decision's prompt; ``VQ_RULE``: its rule ID. These are the player's own (GEN-8: "you
  hold the Mandatory event #23 Foreign War and may not pass", CARD-1, names a card of their hand): for a message to them alone.

The player's name reaches the command only in the environment, never in the command line, so a name
cannot inject shell words. Each decision is told once (the store keeps who was told what, so a
restarted server does not tell it again); a command that fails is reported in the server's log.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Collection

from attrs import define, field, frozen

from core.gamedata import GameData
from core.i18n import _
from core.store import GameStore, Waiting


@frozen
class Notice:
    """One decision told to its player."""

    waiting: Waiting
    power_name: str  # in the server's language (its locale or VQ_LANG), as the message

    @property
    def player(self) -> str:
        return self.waiting.seat

    def message(self) -> str:
        """What every player may know (hidden-information audit: it held the prompt, which may say the player
        holds a Mandatory event, and the README's example posts it to a chat all the players read)."""
        w = self.waiting
        return _("The Virgin Queen: game {game} waits for {player} ({power})").format(game=w.game_id, player=w.seat, power=self.power_name)

    def environment(self) -> dict[str, str]:
        w = self.waiting
        return {
            "VQ_PLAYER": w.seat,
            "VQ_GAME": str(w.game_id),
            "VQ_POWER": self.power_name,
            "VQ_DECISION": w.shown_prompt(),
            "VQ_RULE": w.rule,
            "VQ_ACTION": str(w.number + 1),
            "VQ_MESSAGE": self.message(),
        }


@define
class Notifier:
    """Runs ``command`` for each person's decision waiting while its player is away."""

    store: GameStore
    data: GameData
    command: str
    log: Callable[[str], None]
    _running: list[tuple[Notice, subprocess.Popen[bytes]]] = field(factory=list, init=False)

    def due(self, connected: Collection[str]) -> list[Notice]:
        """The decisions waiting for a player who is not ``connected`` and not seated at a terminal
        in the game, not told before (each is recorded as told: StoreError if the store fails)."""
        notices = []
        for waiting in self.store.waiting():
            if waiting.seat in connected or self.store.holders(waiting.game_id).get(waiting.seat) == waiting.seat:
                continue
            if self.store.claim_notice(waiting.game_id, waiting.number, waiting.seat):
                name = _(self.data.power_name(waiting.power)) if waiting.power in self.data.power_ids else waiting.power
                notices.append(Notice(waiting, name))
        return notices

    def check(self, connected: Collection[str]) -> list[Notice]:
        """Run the command for every due notice (not waiting for it); report the commands that ended
        badly since the last check. The notices told now."""
        self._report_ended()
        notices = self.due(connected)
        for notice in notices:
            try:
                process = subprocess.Popen(
                    ["/bin/sh", "-c", self.command], env={**os.environ, **notice.environment()}, stdin=subprocess.DEVNULL
                )
            except OSError as exc:
                self.log(f"--notify: cannot run {self.command!r} for {notice.player} (game {notice.waiting.game_id}): {exc}")
                continue
            self._running.append((notice, process))
        return notices

    def _report_ended(self) -> None:
        still = []
        for notice, process in self._running:
            status = process.poll()
            if status is None:
                still.append((notice, process))
            elif status != 0:
                self.log(f"--notify: {self.command!r} for {notice.player} (game {notice.waiting.game_id}) ended with exit status {status}")
        self._running = still

    def wait(self) -> None:
        """Wait for the commands still running (at the server's end, and in tests)."""
        for _notice, process in self._running:
            process.wait()
        self._report_ended()
