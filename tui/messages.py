"""Every custom message of the app, in one place.

Screens post *intents* (what the player asked for); the app hands each one to the controller, the
only way to a game (tui/controller.py). The controller answers with the messages after them, which
the app routes to the board (tui/board.py) and the screens.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from core.choices import Choice
    from core.setup import Setup
    from tui.drivers import ChatLine


class Intent(Message):
    """What a player asked for, posted by a screen; handled in one place (Controller.handle)."""


class StartGame(Intent):
    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self.setup = setup


class LoadGame(Intent):
    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class ContinueGame(Intent):
    """The game played most recently, from its own slot."""


class StartWalkthrough(Intent):
    """A walkthrough at its first step, or with its first ``steps`` replayed (step back, resume)."""

    def __init__(self, walkthrough_id: str, steps: int = 0) -> None:
        super().__init__()
        self.walkthrough_id = walkthrough_id
        self.steps = steps


class PlayOn(Intent):
    """A finished walkthrough's position becomes a free game (never saved: it cannot replay from a seed)."""


class Destination(Enum):
    TITLE = "title"  # the first screen: the title, or the lobby over SSH
    LOBBY = "lobby"
    WALKTHROUGHS = "walkthroughs"


class LeaveGame(Intent):
    """Leave the game on screen (a shared seat is freed, a walkthrough's step kept) for ``to``."""

    def __init__(self, to: Destination = Destination.TITLE) -> None:
        super().__init__()
        self.to = to


class CreateSharedGame(Intent):
    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self.setup = setup


class JoinSharedGame(Intent):
    """Sit in a person seat of a store game (``seat`` None: watch it)."""

    def __init__(self, game_id: int, seat: str | None) -> None:
        super().__init__()
        self.game_id = game_id
        self.seat = seat


class SetPlayerName(Intent):
    """Who plays at this terminal in shared games (typed in the lobby when no SSH key names them)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


class ChooseTheme(Intent):
    def __init__(self, theme: str) -> None:
        super().__init__()
        self.theme = theme


class ChooseLanguage(Intent):
    """Read the game in ``language`` (core/i18n.LANGUAGES) from now on, and at the next starts
    (settings.json: this terminal's choice, or a connecting player's own)."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language


class Choose(Intent):
    """One of the legal choices of the pending decision. ``changes``: how many changes the game had had when the
    decision was shown (``OnScreen.changes``); a choice that reaches a game changed since is refused, not played on
    another decision (review: a key's choice and another terminal's moves could arrive in either order; counted by
    moves, an undo and another move brought the count of the decision before back, with another decision)."""

    def __init__(self, choice: Choice, changes: int | None = None) -> None:
        super().__init__()
        self.choice = choice
        self.changes = changes


class ChooseTyped(Intent):
    """A choice typed as text; core checks it. ``changes``: as a Choose's."""

    def __init__(self, text: str, changes: int | None = None) -> None:
        super().__init__()
        self.text = text
        self.changes = changes


class Undo(Intent):
    """GEN-9: back to the last barrier."""


class RecordTable(Intent):
    """TABLE-1: the table records an outcome."""


class SaveCopy(Intent):
    """Ctrl+S: a copy of the game in the save folder."""


class Say(Intent):
    """A line of table talk in a shared game."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class ChatRead(Intent):
    """The table talk through line ``line`` was shown (c): it is not pointed out again at the next sitting down."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line


class HandedOff(Intent):
    """The person the hand-off named pressed Enter: their board may be shown (GEN-2, GEN-8)."""

    def __init__(self, person: str) -> None:
        super().__init__()
        self.person = person


# ---- from the controller ---------------------------------------------------------------------------


class BoardChanged(Message):
    """The game on screen moved on (or another was started): the board shows it as it is now, or
    first the hand-off when the next decision is another person's at this keyboard (GEN-2, GEN-8)."""


class GameProblem(Message):
    """An intent was refused (``refused_key``: about the decision on screen), or a file or the store
    failed (``failed``: nothing was refused); show the one-line reason. ``public``: it names nothing hidden
    (an undo's refusal, GEN-9), and a hand-off that comes at once says it again."""

    def __init__(self, text: str, refused_key: bool = False, failed: bool = False, public: bool = False) -> None:
        super().__init__()
        self.text = text
        self.refused_key = refused_key
        self.failed = failed
        self.public = public


class GameDataRefused(Message):
    """The game data (DATA.md with the save folder's overrides) cannot be used: the app ends, and says
    ``problem`` in one line once the terminal is given back (tui/app.py)."""

    def __init__(self, problem: str) -> None:
        super().__init__()
        self.problem = problem


class GameNotice(Message):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class GameClosed(Message):
    """No game is on screen any more: go to ``to`` (and show ``problem`` there, if any)."""

    def __init__(self, to: Destination, problem: str = "") -> None:
        super().__init__()
        self.to = to
        self.problem = problem


class ChatSaid(Message):
    """New lines of the table talk."""

    def __init__(self, lines: list[ChatLine]) -> None:
        super().__init__()
        self.lines = lines


class WalkthroughFinished(Message):
    """The last step of a walkthrough was taken: show what it taught (and whether its game is over)."""

    def __init__(self, title: str, text: str, game_over: bool = False) -> None:
        super().__init__()
        self.title = title
        self.text = text
        self.game_over = game_over
