"""The game machinery (the engine and its registry of rule sections, the controller, the game screens)
is imported after the title's first frame, in a worker (tui/app.py's warm-up). Nothing else may import
it at the same time: when two threads import modules of one import cycle at once (the rule sections and
their registry form one), Python hands one of them the other's half-imported module, and a registry
built from a half-imported rule section lacks its procedures for the life of the process (seen in a
real terminal: a new game started during the warm-up could not be saved, "KeyError:
PatronagePhaseFrame"). Every first import of the machinery goes through ``load_game_machinery``."""

from __future__ import annotations

import importlib
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.screens.lobby import LobbyScreen

# Imported in this order; core.registry and core.bots are imported by the engine inside functions,
# so a game made in a worker would import them there
GAME_MACHINERY = (
    "core.registry", "core.bots", "tui.controller", "tui.board", "core.walkthroughs",
    "tui.screens.walkthrough_menu", "tui.screens.lobby", "tui.screens.map", "tui.screens.vp_chart",
)
_IMPORTING = threading.Lock()
_LOADED = threading.Event()


def load_game_machinery() -> None:
    """The machinery imported, by this thread or (waited for) by the one importing it now. Cheap once
    it is loaded: every module is found in sys.modules."""
    with _IMPORTING:
        for module in GAME_MACHINERY:
            importlib.import_module(module)
    _LOADED.set()


def warm_up_game_machinery() -> None:
    """The machinery loaded and the save converter built, ahead of a first game: its first autosave
    built the converter on the event loop (~50 ms more for a new game's first frame)."""
    load_game_machinery()
    from core import saves

    saves.prepare_converter()


def machinery_loaded() -> bool:
    """The machinery is imported: what needs it costs no import now (the title's look at the last game)."""
    return _LOADED.is_set()


def lobby_screen() -> type[LobbyScreen]:
    """The lobby's screen, loaded when first shown (its store imports the engine): it (and its name box)
    is no part of the title's start."""
    load_game_machinery()
    from tui.screens.lobby import LobbyScreen

    return LobbyScreen
