"""Nothing in a player's files can hurt a game (issue 19): a save or store game whose set-up the
new-game form could not have made is refused (GEN-2), and only regular files are read: named pipes,
devices, sockets, folders, link loops and broken links are refused with one line, without blocking,
and a save folder holding any of them still lists and the app still starts."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from core import atomic, gamedata, saves
from core.__main__ import main as core_main
from core.bots import BOTS
from core.saves import SaveError
from core.setup import MAX_SEAT_NAME, Seat, SeatKind, Setup, SetupError, check_seats
from core.store import STORE_NAME, SqliteStore, StoreError
from core.state import RULES_EDITION
from tests.conftest import new_session
from tui import slots
from tui.settings import SETTINGS_NAME, Settings

# A read that blocks is the fault these tests look for: each runs in a thread that must finish.
HANG_GUARD_SECONDS = 30


def _finishes(work: Callable[[], Any]) -> Any:
    """``work()``'s result or exception; a failed test (not a hung suite) if it never returns."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = work()
        except BaseException as exc:  # handed to the test below, whatever it is
            outcome["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(HANG_GUARD_SECONDS)
    assert not thread.is_alive(), "the read blocked"
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def _refusal(path: Path, data: gamedata.GameData) -> str:
    with pytest.raises(SaveError) as info:
        _finishes(lambda: saves.load(path, data))
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{path}: ")
    return message.removeprefix(f"{path}: ")


# ---- odd files (item 2) -------------------------------------------------------------------------


@pytest.fixture
def odd_folder(tmp_path: Path) -> Iterator[Path]:
    """A save folder holding one of everything that is not a save file, named like one."""
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "loop-a.json").symlink_to(tmp_path / "loop-b.json")
    (tmp_path / "loop-b.json").symlink_to(tmp_path / "loop-a.json")
    (tmp_path / "dangling.json").symlink_to(tmp_path / "missing.json")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(tmp_path / "socket.json"))
    try:
        yield tmp_path
    finally:
        listener.close()


ODD_FILES = {
    "fifo.json": "cannot be read: it is a named pipe, not a file",
    "zero.json": "cannot be read: it is a device, not a file",
    "folder.json": "cannot be read: it is a folder",
    "loop-a.json": "cannot be read: a loop of symbolic links",
    "dangling.json": "cannot be read: a symbolic link to a missing file",
    "socket.json": "cannot be read: it is a socket, not a file",
}


@pytest.mark.parametrize("name", sorted(ODD_FILES))
def test_only_a_regular_file_is_read_as_a_save(data, odd_folder, name):
    assert _refusal(odd_folder / name, data) == ODD_FILES[name]


def test_a_link_to_a_save_loads_like_the_save(data, tmp_path):
    session = new_session(data)
    target = saves.write(session, tmp_path / "kept" / "game.json")
    (tmp_path / "link.json").symlink_to(target)
    assert saves.load(tmp_path / "link.json", data).state == session.state


def test_reads_are_bounded_even_when_the_file_grows_after_it_was_measured(tmp_path):
    path = tmp_path / "growing.json"
    path.write_bytes(b"x" * 10)
    assert atomic.read_regular_file(path, 10, "save") == b"x" * 10
    path.write_bytes(b"x" * 11)
    with pytest.raises(atomic.UnreadableFile, match="11 bytes is far larger than any save"):
        atomic.read_regular_file(path, 10, "save")


@pytest.mark.parametrize("name", ["fifo.json", "zero.json"])
def test_the_replay_command_refuses_a_pipe_or_device_with_one_line(odd_folder, capsys, name):
    path = odd_folder / name
    assert _finishes(lambda: core_main(["replay", str(path)])) == 1
    err = capsys.readouterr().err
    assert err == f"FAIL: {path}: {ODD_FILES[name]}\n"


def test_the_save_folder_lists_every_odd_entry_with_why_it_cannot_be_loaded(data, odd_folder):
    good = saves.write(new_session(data), odd_folder / "good.json")
    listed = _finishes(lambda: slots.save_files(odd_folder))
    assert sorted(p.name for p in listed) == sorted([*ODD_FILES, "loop-b.json", "good.json"])
    summaries = {path.name: _finishes(lambda path=path: slots.summarise(path)) for path in listed}
    assert summaries["good.json"].problem == ""
    for name, problem in ODD_FILES.items():
        assert summaries[name].problem == problem
        assert summaries[name].label() == f"{name}\n  cannot be loaded: {problem}"
    assert slots.last_played(odd_folder) is None  # no game slot among them
    assert good.exists()


def test_a_folder_that_cannot_be_listed_lists_nothing(tmp_path):
    assert slots.save_files(tmp_path / "missing") == []
    (tmp_path / "a-file").write_text("")
    assert slots.save_files(tmp_path / "a-file") == []


def test_a_new_slot_never_takes_the_name_of_a_broken_link(data, tmp_path):
    setup = Setup(started="2026-12-01T21:30:00")
    (tmp_path / "game-campaign-20261201-213000.json").symlink_to(tmp_path / "nowhere.json")
    assert slots.fresh_slot(tmp_path, setup).name == "game-campaign-20261201-213000-2.json"


def test_a_loaded_game_whose_slot_is_a_link_loop_continues_in_a_fresh_slot(data, tmp_path):
    session = new_session(data, started="2026-12-01T21:30:00")
    elsewhere = saves.write(session, tmp_path / "elsewhere" / "copy.json")
    home = tmp_path / "game-campaign-20261201-213000.json"
    home.symlink_to(home)
    assert slots.slot_for_loaded(tmp_path, session, elsewhere).name == "game-campaign-20261201-213000-2.json"


@pytest.mark.parametrize("make", ["fifo", "loop", "deep"])
def test_the_apps_own_files_never_block_or_stop_the_start(tmp_path, make):
    """settings.json is read before the first screen: whatever it is, the defaults are used."""
    path = tmp_path / SETTINGS_NAME
    if make == "fifo":
        os.mkfifo(path)
    elif make == "loop":
        path.symlink_to(path)
    else:
        path.write_text("[" * 100_000)
    assert _finishes(lambda: Settings.read(tmp_path)) == Settings()


def _any_json():
    from hypothesis import strategies as st

    scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8),
                        st.sampled_from(["en", "es", "ru", "gen-turn", "card-draw", "theme"]))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["theme", "language", "players", "seats", "done", "step", "last", "gen-turn", "x"]) | st.text(max_size=6),
        inner, max_size=5), max_leaves=12)


def test_any_json_in_the_apps_own_files_reads_as_settings_and_progress_the_app_can_use(tmp_path):
    """Saves play-test: settings.json holding {"language": ["ru"]} stopped the app before its first
    screen (an unhashable list); walkthroughs.json holding a step of 1e999 crashed the walkthrough menu,
    and a step of 99999 showed "step 100000 of 10". Whatever JSON they hold, they read as usable values."""
    from hypothesis import given, settings
    from core.walkthroughs import WALKTHROUGHS
    from tui.progress import Progress

    lengths = {w.id: len(w.steps) for w in WALKTHROUGHS.values()}

    @settings(max_examples=200, deadline=None)
    @given(_any_json(), _any_json())
    def check(settings_raw, progress_raw):
        (tmp_path / SETTINGS_NAME).write_text(json.dumps(settings_raw))
        (tmp_path / "walkthroughs.json").write_text(json.dumps(progress_raw))
        read = Settings.read(tmp_path)
        assert read.language in ("", "en", "es", "ru") and all(code in ("en", "es", "ru") for code in read.players.values())
        progress = Progress.load(tmp_path).within(lengths)
        assert all(0 <= at < lengths[walkthrough] for walkthrough, at in progress.step.items())

    check()
    (tmp_path / SETTINGS_NAME).write_text('{"language": ["ru"], "players": {"x": {}}}')
    assert Settings.read(tmp_path) == Settings()
    (tmp_path / "walkthroughs.json").write_text('{"step": {"card-draw": 1e999, "gen-turn": 99999, "catholic-league": 1}}')
    assert Progress.load(tmp_path).within(lengths).step == {"catholic-league": 1}


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda path: os.mkfifo(path), "cannot be read: it is a named pipe, not a file"),
        (lambda path: path.symlink_to("/dev/zero"), "cannot be read: it is a device, not a file"),
        (lambda path: path.symlink_to(path.with_name("missing.toml")), "cannot be read: a symbolic link to a missing file"),
    ],
)
def test_an_override_file_that_is_not_a_file_is_refused_with_one_line(tmp_path, make, problem):
    path = tmp_path / gamedata.OVERRIDE_FILE_NAME
    make(path)
    with pytest.raises(gamedata.DataError) as info:
        _finishes(lambda: gamedata.load(tmp_path))
    assert str(info.value) == f"{path}: {problem}"


async def test_the_app_starts_and_lists_a_folder_of_odd_files(odd_folder):
    from tests.tui_helpers import app_for, screen_text
    from tui.screens.menus import LoadScreen, TitleScreen

    os.mkfifo(odd_folder / "walkthroughs.json")
    app = app_for(odd_folder)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        text = screen_text(app)
        for name, problem in ODD_FILES.items():
            assert f"{name}\n  cannot be loaded: {problem}" in text


# ---- set-ups (item 1) ---------------------------------------------------------------------------


def _damaged_setup(data, tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> str:
    raw = saves.to_dict(new_session(data, seats=(Seat("Ana", ("spain", "france")),)))
    change(raw["setup"])
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(raw))
    return _refusal(path, data)


def _seat(setup: dict[str, Any], name: str) -> dict[str, Any]:
    return next(seat for seat in setup["seats"] if seat["name"] == name)


def _computer(setup: dict[str, Any], bot: str, name: str) -> None:
    player_1 = _seat(setup, "Player 1")
    player_1.update(kind="computer", bot=bot, name=name)


def _split(setup: dict[str, Any]) -> None:
    """Ana's two powers as two seats of the same name."""
    ana = _seat(setup, "Ana")
    setup["seats"].append({**ana, "powers": ["france"]})
    ana["powers"] = ["spain"]


def _power_twice(setup: dict[str, Any]) -> None:
    _seat(setup, "Ana")["powers"].append("ottoman")


SETUP_DAMAGE = {
    "empty name": (lambda s: _seat(s, "Ana").update(name=""), "seat '': the name is empty"),
    "lone surrogate": (
        lambda s: _seat(s, "Ana").update(name="\ud800"),
        "seat '\\ud800': the name holds a character that cannot be shown (a control or unpaired character)",
    ),
    "10 MB name": (
        lambda s: _seat(s, "Ana").update(name="A" * 10_000_000),
        f"seat {'A' * 30!r}...: the name is 10000000 characters long (at most {MAX_SEAT_NAME})",
    ),
    "line break": (lambda s: _seat(s, "Ana").update(name="An\na"), "seat 'An\\na': the name holds a character that cannot be shown (a control or unpaired character)"),
    "spaces around": (lambda s: _seat(s, "Ana").update(name=" Ana"), "seat ' Ana': the name begins or ends with a space"),
    "person made a computer": (lambda s: _seat(s, "Ana").update(kind="computer"), "seat 'Ana': unknown computer player '' (known: " + ", ".join(BOTS) + ")"),
    "person naming a bot": (lambda s: _seat(s, "Ana").update(bot="random"), "seat 'Ana': a person's seat names a computer player ('random')"),
    "skynet": (lambda s: _computer(s, "skynet", "skynet computer"), "seat 'skynet computer': unknown computer player 'skynet' (known: " + ", ".join(BOTS) + ")"),
    "computer without a name": (lambda s: _computer(s, "random", ""), "seat '': the name is empty"),
    "seat split in two": (_split, "seat 'Ana': two seats have this name"),
    "onlooker holding powers": (lambda s: _seat(s, "Ana").update(kind="onlooker"), "seat 'Ana': an onlooker holds no power and has no seat in the set-up"),
    "seat with no power": (lambda s: s["seats"].append({"name": "Cy", "powers": [], "kind": "person", "bot": ""}), "seat 'Cy': holds no power"),
    "power held twice": (_power_twice, "ottoman is held by two seats (GEN-2)"),
    "power held by none": (lambda s: _seat(s, "Ana")["powers"].remove("france"), "france is held by no seat (GEN-2)"),
    "unknown power": (lambda s: _seat(s, "Ana")["powers"].append("narnia"), "unknown power 'narnia' (powers: ottoman, spain, england, france, empire, protestant)"),
    "rules edition from the future": (lambda s: s.update(rules_edition=99), f"it was begun under rules edition 99; this version of the game knows editions 1 to {RULES_EDITION}"),
    "rules edition 0": (lambda s: s.update(rules_edition=0), f"it was begun under rules edition 0; this version of the game knows editions 1 to {RULES_EDITION}"),
}


@pytest.mark.parametrize("damage", sorted(SETUP_DAMAGE))
def test_gen_2_a_save_whose_set_up_the_form_could_not_make_is_refused_naming_the_file(data, tmp_path, damage):
    change, problem = SETUP_DAMAGE[damage]
    assert _damaged_setup(data, tmp_path, change) == f"its set-up cannot be played: {problem}"


def test_a_save_whose_state_and_set_up_name_two_rules_editions_is_refused(data, tmp_path):
    """Review: a state of edition 2 under a set-up of edition 1 went on under the state's until its check."""
    raw = saves.to_dict(new_session(data))
    raw["state"]["rules_edition"] = 1
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match=rf"its state's rules edition \(1\) is not its set-up's \({RULES_EDITION}\): edited or corrupted"):
        saves.open_save(path, data)


def test_a_save_of_an_unknown_scenario_is_refused_before_it_names_a_slot(data, tmp_path):
    """The scenario names the autosave slot: '../x' must never get that far."""
    raw = saves.to_dict(new_session(data))
    raw["setup"]["scenario"] = "../../x"
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(raw))
    assert _refusal(path, data).startswith("its set-up cannot be played: unknown scenario '../../x' (known: ")


def test_the_load_list_marks_a_damaged_set_up_too(data, tmp_path):
    raw = saves.to_dict(new_session(data))
    raw["setup"]["seats"][0]["kind"] = "computer"
    (tmp_path / "damaged.json").write_text(json.dumps(raw))
    assert slots.summarise(tmp_path / "damaged.json").problem.startswith("its set-up cannot be played: seat 'Player 1': unknown computer player ''")


def test_gen_2_a_store_game_whose_set_up_is_damaged_is_refused_with_one_line(data, tmp_path):
    store = SqliteStore.in_folder(tmp_path, data)
    game_id = store.create(Setup(seed=2, seats=(Seat("Ana", tuple(data.power_ids)),)))
    with sqlite3.connect(tmp_path / STORE_NAME) as db:
        db.execute("UPDATE games SET setup = replace(setup, '\"person\"', '\"computer\"') WHERE id = ?", (game_id,))
    with pytest.raises(StoreError) as info:
        store.load(game_id)
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{tmp_path / STORE_NAME}: game {game_id}'s set-up is damaged (seat 'Ana': unknown computer player ''")
    [listed] = store.list_games()  # the listing names the game damaged, without the store's path
    assert listed.setup is None and listed.damage == message.removeprefix(f"{tmp_path / STORE_NAME}: ")


def test_every_set_up_the_new_game_form_makes_is_accepted(data):
    """The form's names (up to its 20 characters, any printable ones) and every known computer player."""
    seats = [Seat("Ana Maria de la Cruz", ("spain",)), Seat("[/x] ☃ Ünal", ("france",))]
    seats += [Seat(f"{bot} computer", (power,), SeatKind.COMPUTER, bot) for bot, power in zip(BOTS, ("ottoman", "england"))]
    seats.append(Seat("x" * MAX_SEAT_NAME, ("empire", "protestant")))
    check_seats(seats, data.power_ids)
    assert Setup(seats=seats).checked(data).seats == tuple(seats)


def test_a_new_game_is_checked_the_same_way(data):
    with pytest.raises(SetupError, match="seat 'HAL': unknown computer player 'clever'"):
        new_session(data, seats=(Seat("HAL", ("spain",), SeatKind.COMPUTER, "clever"),))


STATE_DAMAGE: dict[str, Callable[[dict[str, Any]], None]] = {
    "a space deleted": lambda state: state["spaces"].pop("dijon"),
    "a betrothal naming nobody": lambda state: state["betrothals"][0].update(groom="nobody"),
    "a card nobody knows": lambda state: state["cards"]["deck"].append(9999),
    "a royal deleted": lambda state: state["royals"].pop("don-carlos"),
}


@pytest.mark.parametrize("damage", sorted(STATE_DAMAGE))
def test_a_save_whose_state_cannot_be_shown_is_refused_before_a_screen_reads_it(data, tmp_path, damage):
    """Hostile-files play-test: a hand-edited state still valid JSON (Dijon deleted, a betrothal naming
    'nobody') loaded without its replay, then crashed the board built from it, the traceback printing every
    hand. What the screens show of it is made as it loads: a state they cannot show is checked against its
    action log, and refused as edited; what they do not show (a card in the deck) the replay refuses before
    any choice is taken."""
    raw = saves.to_dict(new_session(data))
    STATE_DAMAGE[damage](raw["state"])
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(raw))
    opened = saves.open_save(path, data)
    with pytest.raises(SaveError, match=r"its state does not match its action log \(edited or corrupted\)"):
        opened.resumed()
        opened.verified()


def test_the_commands_say_a_file_they_cannot_write_in_one_line(data, tmp_path, capsys):
    """Hostile-files play-test: 'store export' to a folder, and 'sim --save-dir' naming a file, printed
    tracebacks; an export to a folder that does not exist made it, quietly."""
    store = SqliteStore.in_folder(tmp_path, data)
    game = store.create(Setup(seed=2))
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert core_main(["store", "--save-dir", str(tmp_path), "export", str(game), str(folder)]) == 1
    assert capsys.readouterr().err == f"FAIL: {folder} is a folder: name the file to export to\n"  # not a temporary file's name
    missing = tmp_path / "no-such" / "x.json"
    assert core_main(["store", "--save-dir", str(tmp_path), "export", str(game), str(missing)]) == 1
    assert capsys.readouterr().err == f"FAIL: {missing}: no such folder as {missing.parent}\n"
    assert not missing.parent.exists()
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    assert core_main(["sim", "--games", "1", "--seed", "1", "--save-dir", str(a_file)]) == 1
    assert capsys.readouterr().err == f"FAIL: {a_file}: not a folder\n"


@pytest.mark.parametrize("typed", ["pick " + "x" * 3000, "x" * 3000, "propose " + "a " * 1500])
def test_a_very_long_typed_choice_is_quoted_back_cut_short(data, typed):
    """Hostile-files play-test: 3,008 characters typed were quoted back twice, a refusal of 6,208 characters
    that pushed its reason and the legal choices off the screen."""
    from core.choices import TYPED_SHOWN_CHARS, Choice, IllegalChoice

    session = new_session(data)
    with pytest.raises(IllegalChoice) as refused:
        session.choose(session.decision.power, Choice.parse(typed))
    said = str(refused.value)
    assert len(said) < 400 and ("…'" in said or "…;" in said)
    assert all(len(run) <= TYPED_SHOWN_CHARS for run in said.replace("'", " ").split(" "))


def test_a_save_folder_that_is_a_file_is_refused_before_the_app_starts(tmp_path, capsys):
    """Hostile-files play-test: --save-dir naming a file gave a title with no Continue, "No saved games yet"
    on Load, then an autosave failing with "File exists"."""
    from tui.app import main

    a_file = tmp_path / "saves"
    a_file.write_text("")
    assert main(["--save-dir", str(a_file)]) == 2
    assert capsys.readouterr().err == f"virgin-queen: the save folder {a_file} is not a folder: choose another with --save-dir\n"


@pytest.mark.parametrize("command", [[], ["serve"], ["web", "--player", "Ana"]])
def test_a_save_folder_name_too_long_is_refused_in_one_line(tmp_path, capsys, command):
    """QA: a --save-dir of 300 characters printed a traceback ending in 'OSError: [Errno 36] File name too long';
    review: serve and web still did."""
    from tui.app import main

    too_long = tmp_path / ("d" * 300)
    assert main([*command, "--save-dir", str(too_long)]) == 2
    said = capsys.readouterr().err
    assert said == f"virgin-queen: the save folder {too_long} cannot be used (File name too long): choose another with --save-dir\n"


def test_sim_refuses_a_save_folder_name_too_long_in_one_line(tmp_path, capsys):
    """QA: 'python -m core sim --save-dir' with a name over 255 characters ended in a traceback."""
    from core.__main__ import main as core_main

    too_long = tmp_path / ("d" * 300)
    assert core_main(["sim", "--games", "1", "--seed", "1", "--save-dir", str(too_long)]) == 1
    assert capsys.readouterr().err == f"FAIL: {too_long}: File name too long\n"


@pytest.mark.parametrize("command", [["sim"], ["arena"], ["ladder"], ["balance"], ["store", "soak"]])
def test_the_runners_refuse_a_seed_too_long_without_echoing_it(capsys, command):
    """QA: a 5,000-digit --seed was echoed back whole in argparse's "invalid int value"."""
    from core.__main__ import main as core_main

    with pytest.raises(SystemExit) as ended:
        core_main([*command, "--seed", "9" * 5000])
    assert ended.value.code == 2
    said = capsys.readouterr().err.splitlines()[-1]
    assert said.endswith("argument --seed: a seed is a whole number of at most 20 digits") and len(said) < 120


def test_continue_takes_the_newest_save_file_not_a_folder_named_like_one(data, tmp_path):
    """Hostile-files play-test: a folder 'game-x.json' newer than the last game took Continue over (then
    refused as a folder)."""
    game = saves.write(new_session(data), slots.fresh_slot(tmp_path, Setup(seed=1)))
    (tmp_path / "game-z.json").mkdir()
    os.utime(game, (1, 1))
    assert slots.last_played(tmp_path) == game
