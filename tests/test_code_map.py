"""The map of the code stays true, and the screens keep to the one door (issue: one door between the
screens and the game)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_names_every_module_of_core_and_tui():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    modules = sorted(
        path.relative_to(ROOT).as_posix()
        for package in ("core", "tui")
        for path in (ROOT / package).rglob("*.py")
        if path.name != "__init__.py"
    )
    missing = [module for module in modules if f"`{module}`" not in readme]
    assert not missing, f"README.md's 'How the code is organised' does not name: {missing}"


def _screen_sources() -> dict[str, str]:
    folders = (ROOT / "tui" / "screens", ROOT / "tui" / "widgets")
    return {path.name: path.read_text(encoding="utf-8") for folder in folders for path in folder.glob("*.py")}


def test_screens_reach_the_game_only_through_intents_and_views():
    """No screen assigns a field of the controller or the app, reaches the app through a type-ignore,
    reads the raw game state or imports a part of core that changes a game."""
    forbidden = {
        "a type-ignored app attribute": re.compile(r"type: ignore\[attr-defined\]"),
        "an assignment to the controller": re.compile(r"controller\.\w+\s*=[^=]"),
        "an assignment to the app": re.compile(r"self\.app\.\w+\s*=[^=]"),
        "the raw game state": re.compile(r"(?<!core)\.state\b|GameState|core\.session|core\.engine|core\.store"),
    }
    found = [
        f"{name}: {what}: {match.group(0)!r}"
        for name, source in _screen_sources().items()
        for what, pattern in forbidden.items()
        for match in pattern.finditer(source)
    ]
    assert not found, found


def test_every_intent_has_its_handler():
    """Intents are handled by their class's name (``Controller.handle``, ``Openings.handle``): a new or renamed intent
    with no handler would be met as an error nobody expected, and close the game (review). The app takes the few
    that are no game's before the controller."""
    from tui import messages
    from tui.controller import Controller
    from tui.openings import Openings

    taken_by_the_app = {"ChooseTheme", "ChooseLanguage", "SetPlayerName"}
    intents = {cls.__name__ for cls in vars(messages).values() if isinstance(cls, type) and issubclass(cls, messages.Intent)} - {"Intent"}
    unhandled = sorted(name for name in intents - taken_by_the_app
                       if not hasattr(Controller, f"_on_{name}") and not hasattr(Openings, f"_on_{name}"))
    assert not unhandled, f"intents with no handler: {unhandled}"
    app_source = (ROOT / "tui" / "app.py").read_text(encoding="utf-8")
    assert all(f"isinstance(intent, {name})" in app_source for name in taken_by_the_app)
