"""The computer seats of whatever game is on screen (GEN-2), played one decision at a time through the
game's driver, as a person's choice is. Each decision is thought out in a worker on a copy of the game,
so a slow player (greedy, search) never holds the keys; a decision thought out for a position the game
has since left (another terminal moved first, the game was left) is dropped."""

from __future__ import annotations

import time

from core.bots import Bot, computer_to_decide
from core.choices import Choice, Decision
from core.session import Session
from tui.drivers import GameDriver, IoRunner, Refused

# The decisions a power is asked whether its hand holds a card for them or not (GEN-7: Louise of Lorraine may be in
# it; CARD-3 in strict windows): one holding a card weighs it, one without has nothing to weigh, so each takes the
# time its player thinks either way, or the wait would tell the others (review: GEN-8)
ASKED_WHATEVER_THE_HAND = frozenset({"GEN-7", "CARD-3"})


def _thought_out(bot: Bot, position: Session, decision: Decision) -> Choice:
    started = time.monotonic()
    choice = bot.choose(position, decision)
    if decision.rule in ASKED_WHATEVER_THE_HAND:
        time.sleep(max(0.0, getattr(bot, "think", 0.0) - (time.monotonic() - started)))
    return choice


class ComputerChoiceRefused(Exception):
    """A computer player chose what core refused (a bug of theirs): the one line shown names nothing of it, the
    log has the choice and core's reason (its cause)."""


class ComputerPlayers:
    def __init__(self, think: IoRunner) -> None:
        self._think = think
        self._thinking: tuple[GameDriver, Decision] | None = None  # the game and the decision being thought out

    @staticmethod
    def to_move(driver: GameDriver) -> bool:
        """A computer seat's decision is pending in this game."""
        return computer_to_decide(driver.session, driver.bots) is not None

    def play(self, driver: GameDriver) -> None:
        """Think out the pending computer decision, if there is one and none is being thought out."""
        if self._thinking is not None or driver.hold():
            return
        pending = computer_to_decide(driver.session, driver.bots)
        if pending is None:
            return
        bot, decision = pending
        position = driver.session.detached()
        thinking = self._thinking = (driver, decision)

        def decided(choice: Choice) -> None:
            # forgotten (the game left the screen, or an undo) and perhaps another one begun since, at as many
            # actions (review: an answer thought out before an undo was played on the proposal made after it)
            if self._thinking is not thinking:
                return
            self._thinking = None
            if driver.session.decision is not decision:  # the game moved on meanwhile: think again
                driver.listener.game_changed()
                return
            try:
                driver.choose(decision.power, choice, by_computer=True)
            except Refused as exc:
                if driver.hold():  # a person's move being recorded meanwhile (a shared game): thought out again after it
                    return
                # a bug in the computer player: logged with core's reason (the game closes, as at any bug of theirs), which
                # is not shown, as it may name a card of the computer's hand (GEN-8; review)
                raise ComputerChoiceRefused("a computer player's choice was refused") from Refused(f"{decision.power} chose '{choice}': {exc}")

        def failed(line: str) -> None:  # a bug in a computer player: logged; the game cannot go on
            if self._thinking is thinking:
                self._thinking = None
                driver.listener.game_closed(line)

        self._think(lambda: _thought_out(bot, position, decision), decided, failed)

    def undo(self, driver: GameDriver) -> None:
        """The person's undo (GEN-9), also while the computers move: their thinking is dropped first, so undo takes
        back their quiet answers with the person's move (hot-seat play-test: "undo at your next decision" was
        said, and that decision came after the other person's turn, past a hand-off); refused (one of them
        rolled, or a game without undo), they move on."""
        self.forget()
        try:
            driver.undo()
        except Refused:
            self.play(driver)  # thinks again only at a computer's decision
            raise

    def forget(self) -> None:
        """The game left the screen: a decision still being thought out is dropped when it comes."""
        self._thinking = None
