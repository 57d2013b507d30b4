"""Player settings kept between runs: a small settings.json in the save folder (the theme)."""

from __future__ import annotations

import json
from pathlib import Path

from attrs import define

from core import atomic

SETTINGS_NAME = "settings.json"
PROGRESS_FILE = "walkthroughs.json"  # walkthroughs done and the steps reached
# The app's own files in the save folder: never listed as saves
APP_FILES = frozenset({SETTINGS_NAME, PROGRESS_FILE})


@define
class Settings:
    theme: str = ""

    @classmethod
    def read(cls, save_dir: Path) -> Settings:
        """The saved settings; a missing or unreadable file gives the defaults (settings are a comfort)."""
        try:
            raw = json.loads(atomic.read_regular_file(save_dir / SETTINGS_NAME, atomic.APP_FILE_MAX_BYTES, "settings file"))
        except (atomic.UnreadableFile, ValueError, RecursionError):
            return cls()
        theme = raw.get("theme") if isinstance(raw, dict) else None
        return cls(theme=theme if isinstance(theme, str) else "")

    def write(self, save_dir: Path) -> str | None:
        """Write the settings; the reason when the folder cannot be written."""
        try:
            atomic.write_text(save_dir / SETTINGS_NAME, json.dumps({"theme": self.theme}) + "\n", atomic.PRIVATE_FILE_MODE)
        except OSError as exc:
            return f"could not save the settings in {save_dir}: {exc.strerror}"
        return None
