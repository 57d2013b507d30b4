"""Saves, autosave slots, exports and the game store hold every hand (GEN-8): they are made owner-only
from the moment they exist, and so is the save folder when the game makes it. The tests run with
umask 0, so a file that relied on the umask instead of being made private would show up 0666."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from core import saves
from core.arena import bot_seats
from core.bots import playable_choices
from core.setup import Setup
from core.store import STORE_NAME, SharedGame, SqliteStore
from tests.conftest import new_session
from tests.tui_helpers import QueuedIo
from tui.controller import Controller
from tui.terminal import Terminal
from tui.messages import Choose, StartGame
from tui.serve import start_server


@pytest.fixture(autouse=True)
def _no_umask() -> Iterator[None]:
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_save_and_the_folder_made_for_it_are_owner_only(data, tmp_path):
    path = saves.write(new_session(data), tmp_path / "new" / "save.json")
    assert (_mode(path), _mode(path.parent)) == (0o600, 0o700)


def test_a_folder_the_player_made_keeps_its_mode_and_our_files_in_it_are_private(data, tmp_path):
    folder = tmp_path / "theirs"
    folder.mkdir(mode=0o755)
    path = saves.write(new_session(data), folder / "save.json")
    SqliteStore.in_folder(folder, data).create(Setup(seed=1))
    assert _mode(folder) == 0o755
    assert _mode(path) == 0o600 and _mode(folder / STORE_NAME) == 0o600


def test_an_autosave_slot_is_owner_only(data, tmp_path):
    io = QueuedIo()
    controller = Controller(Terminal(tmp_path / "saves", data, "Ana"), lambda message: None, io)
    controller.handle(StartGame(Setup(seed=2)))
    io.run()
    decision = controller.session.decision
    controller.handle(Choose(playable_choices(decision)[0]))
    io.run()
    slot = controller.driver.slot
    assert slot is not None and slot.exists()
    assert _mode(slot) == 0o600 and _mode(tmp_path / "saves") == 0o700


def test_the_store_its_wal_and_shm_and_an_export_are_owner_only(data, tmp_path):
    store = SqliteStore.in_folder(tmp_path / "saves", data)
    game = SharedGame.open(store, store.create(Setup(seed=3, seats=bot_seats(data))), "")
    game.choose(game.session.decision.power, playable_choices(game.session.decision)[0])
    files = [tmp_path / "saves" / name for name in (STORE_NAME, f"{STORE_NAME}-wal", f"{STORE_NAME}-shm")]
    assert [_mode(path) for path in files] == [0o600] * 3
    assert _mode(store.export(game.game_id, tmp_path / "saves" / "export.json")) == 0o600
    assert _mode(tmp_path / "saves") == 0o700


def test_a_store_an_older_version_left_readable_is_made_private(data, tmp_path):
    store = SqliteStore.in_folder(tmp_path, data)
    store.create(Setup(seed=1))
    store.close()
    for name in (STORE_NAME, f"{STORE_NAME}-wal", f"{STORE_NAME}-shm"):
        if (tmp_path / name).exists():
            (tmp_path / name).chmod(0o644)
    assert [g.id for g in SqliteStore.in_folder(tmp_path, data).list_games()] == [1]
    assert _mode(tmp_path / STORE_NAME) == 0o600
    assert all(_mode(path) == 0o600 for path in tmp_path.glob(f"{STORE_NAME}-*"))


async def test_the_ssh_server_makes_its_save_folder_owner_only(tmp_path):
    server = await start_server("127.0.0.1", 0, tmp_path / "served", log=lambda line: None)
    server.close()
    await server.wait_closed()
    assert _mode(tmp_path / "served") == 0o700


def test_settings_and_walkthrough_progress_made_first_keep_the_save_folder_owner_only(tmp_path):
    """The theme or a walkthrough step may be the first thing written to a new save folder: the
    folder is made owner-only then too (it will hold saves, GEN-8), and both files are written whole."""
    from tui.progress import Progress
    from tui.settings import PROGRESS_FILE
    from tui.settings import SETTINGS_NAME, Settings

    themed, taught = tmp_path / "themed", tmp_path / "taught"
    assert Settings(theme="nord").write(themed) is None
    assert Progress({"wed"}, {}).save(taught) == ""
    assert (_mode(themed), _mode(themed / SETTINGS_NAME)) == (0o700, 0o600)
    assert (_mode(taught), _mode(taught / PROGRESS_FILE)) == (0o700, 0o600)
    assert Settings.read(themed).theme == "nord" and Progress.load(taught).done == {"wed"}
