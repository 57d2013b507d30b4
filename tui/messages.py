"""Every custom message of the app, in one place."""

from __future__ import annotations

from textual.message import Message

from typing import TYPE_CHECKING

from core.choices import Choice

if TYPE_CHECKING:
    from core.session import Session


class ChoiceMade(Message):
    """A screen picked one of the legal choices (or a typed one) for the pending decision."""

    def __init__(self, choice: Choice) -> None:
        super().__init__()
        self.choice = choice


class TypedChoice(Message):
    """The player typed a choice as text; the controller checks it."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class StateChanged(Message):
    """The game moved on: screens refresh from the controller's session. ``follow``: a shared game
    moved on, here or on another terminal; the board follows it in place (tui/board.py)."""

    def __init__(self, follow: bool = False) -> None:
        super().__init__()
        self.follow = follow


class HandoffNeeded(Message):
    """The next decision belongs to another person: hide the board first (GEN-2, GEN-8)."""

    def __init__(self, person: str, power: str) -> None:
        super().__init__()
        self.person = person
        self.power = power


class ComputersToMove(Message):
    """A computer player's decision is pending in ``session``: the controller takes the next few
    (a message, so keys and screen updates are handled between the steps)."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session


class GameProblem(Message):
    """A choice, load or save failed: show the one-line reason; nothing was lost."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class SaveChecked(Message):
    """The background replay of a loaded save finished: the replayed game, or why it is refused."""

    def __init__(self, session: Session, verified: Session | None, problem: str) -> None:
        super().__init__()
        self.session = session
        self.verified = verified
        self.problem = problem


class WalkthroughFinished(Message):
    """The last step of a walkthrough was taken: show what it taught."""

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title = title
        self.text = text
