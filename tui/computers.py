"""The computer seats of whatever game is on screen (GEN-2), played one decision at a time through the
game's driver, as a person's choice is. Each decision is thought out in a worker on a copy of the game,
so a slow player (greedy, search) never holds the keys; a decision thought out for a position the game
has since left (another terminal moved first, the game was left) is dropped."""

from __future__ import annotations

from core.bots import computer_to_decide
from core.choices import Choice
from core.i18n import N_
from tui.drivers import GameDriver, IoRunner, Refused

# What the board says while they move (in a hot seat game it shows no hand meanwhile, GEN-8).
COMPUTERS_MOVING = N_("The computer players are moving...")


class ComputerPlayers:
    def __init__(self, think: IoRunner) -> None:
        self._think = think
        self._thinking: GameDriver | None = None

    @staticmethod
    def to_move(driver: GameDriver) -> bool:
        """A computer seat's decision is pending in this game."""
        return computer_to_decide(driver.session, driver.bots) is not None

    def play(self, driver: GameDriver) -> None:
        """Think out the pending computer decision, if there is one and none is being thought out."""
        if self._thinking is not None or driver.waiting():
            return
        pending = computer_to_decide(driver.session, driver.bots)
        if pending is None:
            return
        bot, decision = pending
        position, taken_at = driver.session.detached(), len(driver.session.actions)
        self._thinking = driver

        def decided(choice: Choice) -> None:
            if self._thinking is not driver:  # forgotten: the game left the screen
                return
            self._thinking = None
            if len(driver.session.actions) != taken_at:  # the game moved on meanwhile: think again
                driver.listener.game_changed()
                return
            try:
                driver.choose(decision.power, choice, by_computer=True)
            except Refused as exc:
                driver.listener.game_problem(str(exc))

        def failed(line: str) -> None:  # a bug in a computer player: logged; the game cannot go on
            if self._thinking is driver:
                self._thinking = None
                driver.listener.game_closed(line)

        self._think(lambda: bot.choose(position, decision), decided, failed)

    def undo(self, driver: GameDriver) -> None:
        """The person's undo (GEN-9), also while the computers move: their thinking is dropped first, so undo takes
        back their quiet answers with the person's move (hot-seat play-test: "undo at your next decision" was
        said, and that decision came after the other person's turn, past a hand-off); refused (one of them
        rolled, or a game without undo), they move on."""
        moving = self.to_move(driver)
        self.forget()
        try:
            driver.undo()
        except Refused:
            if moving:
                self.play(driver)
            raise

    def forget(self) -> None:
        """The game left the screen: a decision still being thought out is dropped when it comes."""
        self._thinking = None
