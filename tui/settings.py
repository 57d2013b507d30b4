"""Player settings kept between runs: a small settings.json in the save folder (the theme, the language,
the last local game's seats for the next new-game form).

The language a game is read in (``language_for``): ``--lang``, else VQ_LANG, else the language chosen
on the title screen (kept here), else the locale (LC_ALL, LC_MESSAGES, LANG), else English. A choice
made on a screen is an explicit one: it beats the locale, which nobody chose for this game; the flag and
VQ_LANG are explicit too, and for this run only, so they beat the kept choice without changing it.
Players who connect over SSH or in a browser each keep their own choice (``players``): the host's
title-screen choice is the host's, never theirs.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from core import atomic
from core.i18n import LANGUAGE_ENV, LANGUAGES, LOCALE_ENVS, _, chosen

if TYPE_CHECKING:
    from core.setup import Seat

SETTINGS_NAME = "settings.json"
PROGRESS_FILE = "walkthroughs.json"  # walkthroughs done and the steps reached
# The app's own files in the save folder: never listed as saves
APP_FILES = frozenset({SETTINGS_NAME, PROGRESS_FILE})
MAX_PLAYERS_KEPT = 1000  # players' language choices kept at most (the file stays small)
_updating = threading.Lock()  # a theme and a language chosen in one burst: both kept


def _is_language(value: object) -> bool:
    """A language code the game has (a hand-edited file may hold a list there: unhashable, play-test)."""
    return isinstance(value, str) and value in LANGUAGES


@dataclass(slots=True)
class Settings:
    """What this terminal keeps between runs (settings.json). A dataclass: the title screen reads it, and
    attrs is not imported until a game needs it (13 ms of a 300 ms start)."""

    theme: str = ""
    language: str = ""  # chosen on this terminal's title screen ("" = none chosen: the locale's)
    players: dict[str, str] = field(default_factory=dict)  # a connecting player (SSH key, web link) -> their language
    # the last local game's seats, for the next new-game form: power -> (computer kind, "" for a person; person's name)
    seats: dict[str, tuple[str, str]] = field(default_factory=dict)

    @classmethod
    def read(cls, save_dir: Path) -> Settings:
        """The saved settings; a missing or unreadable file gives the defaults (settings are a comfort)."""
        try:
            raw = json.loads(atomic.read_regular_file(save_dir / SETTINGS_NAME, atomic.APP_FILE_MAX_BYTES, "settings file"))
        except (atomic.UnreadableFile, ValueError, RecursionError):
            return cls()
        if not isinstance(raw, dict):
            return cls()
        theme, language, players, seats = raw.get("theme"), raw.get("language"), raw.get("players"), raw.get("seats")
        return cls(
            theme=theme if isinstance(theme, str) else "",
            language=language if _is_language(language) else "",
            players={
                name: code for name, code in (players.items() if isinstance(players, dict) else ())
                if isinstance(name, str) and _is_language(code)
            },
            seats={
                power: (held[0], held[1]) for power, held in (seats.items() if isinstance(seats, dict) else ())
                if isinstance(power, str) and isinstance(held, list) and len(held) == 2 and all(isinstance(part, str) for part in held)
            },
        )

    def write(self, save_dir: Path) -> str | None:
        """Write the settings; the reason when the folder cannot be written."""
        kept: dict[str, object] = {"theme": self.theme}
        if self.language:
            kept["language"] = self.language
        if self.players:
            kept["players"] = dict(list(self.players.items())[-MAX_PLAYERS_KEPT:])
        if self.seats:
            kept["seats"] = {power: list(held) for power, held in self.seats.items()}
        try:
            atomic.write_text(save_dir / SETTINGS_NAME, json.dumps(kept, ensure_ascii=False) + "\n", atomic.PRIVATE_FILE_MODE)
        except OSError as exc:
            return _("could not save the settings in {folder}: {reason}").format(folder=save_dir, reason=exc.strerror)
        return None

    def language_of(self, player: str | None) -> str:
        """The language kept for ``player`` (a connecting player), or this terminal's (None): "" if none."""
        return self.language if player is None else self.players.get(player, "")

    def with_language(self, language: str, player: str | None) -> Settings:
        """These settings with ``language`` chosen by ``player`` (None: this terminal's own choice)."""
        if player is None:
            return replace(self, language=language)
        players = {name: code for name, code in self.players.items() if name != player}
        return replace(self, players={**players, player: language})


def update_settings(
    save_dir: Path, theme: str | None = None, language: str | None = None, player: str | None = None, seats: Iterable[Seat] | None = None,
) -> str | None:
    """Keep a new theme, language (``player``'s, or this terminal's when None) or the seats of the game
    just started, leaving the other settings as they are in the file; the reason when it cannot be written."""
    with _updating:
        settings = Settings.read(save_dir)
        if theme is not None:
            settings = replace(settings, theme=theme)
        if seats is not None:
            settings = replace(settings, seats={power: (seat.bot, "" if seat.bot else seat.name) for seat in seats for power in seat.powers})
        if language is not None:
            settings = settings.with_language(language, player)
        return settings.write(save_dir)


def language_for(explicit: str, environ: Mapping[str, str], stored: str) -> str:
    """The language to read the game in: ``explicit`` (``--lang``; UnknownLanguage when the game has no
    such language), else VQ_LANG, else ``stored`` (chosen on the title screen), else the locale
    (LC_ALL, LC_MESSAGES, LANG: what an SSH client or a desktop sends), else English."""
    if explicit:
        return chosen(explicit, {})
    if environ.get(LANGUAGE_ENV, ""):
        return chosen("", {LANGUAGE_ENV: environ[LANGUAGE_ENV]})
    if stored in LANGUAGES:
        return stored
    return chosen("", {name: environ.get(name, "") for name in LOCALE_ENVS})
