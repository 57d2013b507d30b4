"""virgin-queen serve: the game over SSH, one terminal per player; only listed public keys get in."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pyte
import pytest

import tui.serve
from tui.serve_bench import children
from tui.serve import AUTHORIZED_KEYS_NAME, HOST_KEY_NAME, PLAYER_ENV, PLAYERS_ENV, Hosting, address, read_authorized_keys, start_server
from tui.widgets.decision import CHANGED_UNDER_SECONDS

TIMEOUT = 20.0


class Screen(asyncssh.SSHClientSession[bytes]):
    """What the client's terminal shows, read through a terminal emulator."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.stream.feed(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, text: str) -> str:
        deadline = asyncio.get_running_loop().time() + TIMEOUT
        while text not in self.text():
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen was:\n{self.text()}")
            await asyncio.sleep(0.05)
        return self.text()


async def _past_the_reports(screen: Screen, chan: asyncssh.SSHClientChannel[bytes], text: str, passed: list[str] | None = None) -> str:
    """Enter on each screen shown before ``text`` (a player joining a game reads the reports of this
    turn's phases first: they never looked at it; on a board, with nothing highlighted, Enter plays
    nothing); the top line of each is added to ``passed``."""
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while text not in screen.text():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen.text()}")
        if passed is not None:
            passed.append(screen.screen.display[0].strip())
        chan.write(b"\r")
        await asyncio.sleep(0.3)
    return screen.text()


def _player_key(folder: Path, name: str) -> asyncssh.SSHKey:
    key = asyncssh.generate_private_key("ssh-ed25519", comment=name)
    with (folder / AUTHORIZED_KEYS_NAME).open("a") as handle:
        handle.write(key.export_public_key().decode())
    return key


@pytest.fixture
def save_dir(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


async def _connect(port: int, key: asyncssh.SSHKey, size=(80, 24), env: dict[str, str] | None = None):
    """A connection with a terminal; ``env``: the environment the client sends (LANG, as OpenSSH's SendEnv)."""
    conn = await asyncssh.connect(
        "127.0.0.1", port, username="anyone", client_keys=[key], known_hosts=None, agent_path=None, preferred_auth="publickey"
    )
    chan, session = await conn.create_session(
        lambda: Screen(*size), term_type="xterm-256color", term_size=size, encoding=None, env=env or {},
    )
    return conn, chan, session


class _Hosted:
    """A server on a free port, and the connections a test makes to it."""

    def __init__(self, server: Hosting) -> None:
        self.server = server
        self.port = server.port
        self.connections: list[asyncssh.SSHClientConnection] = []

    async def connect(self, key: asyncssh.SSHKey, size=(80, 24), env: dict[str, str] | None = None):
        """A connection with a terminal (``_connect``), closed with the server."""
        conn, chan, session = await _connect(self.port, key, size, env)
        self.connections.append(conn)
        return conn, chan, session

    async def login(self, key: asyncssh.SSHKey) -> asyncssh.SSHClientConnection:
        """A connection with no terminal yet; refused keys raise asyncssh.PermissionDenied."""
        conn = await asyncssh.connect("127.0.0.1", self.port, username="x", client_keys=[key], known_hosts=None, agent_path=None)
        self.connections.append(conn)
        return conn


@contextlib.asynccontextmanager
async def _hosting(save_dir: Path, **options) -> AsyncIterator[_Hosted]:
    """``start_server`` on a free port (``options`` as it takes them, quiet unless given ``log``); at the
    end its connections are closed, then the server, each waited for."""
    options.setdefault("log", lambda _: None)
    hosted = _Hosted(await start_server("127.0.0.1", 0, save_dir, **options))
    try:
        yield hosted
    finally:
        for conn in hosted.connections:
            conn.close()
            await conn.wait_closed()
        hosted.server.close()
        await hosted.server.wait_closed()


async def test_a_listed_key_plays_the_game_in_its_own_terminal_named_by_its_comment(save_dir):
    """The game is told its player, and every player the keys name (a new shared game's names are
    checked by them: play-test, a player with a key but no game yet was said to be unknown)."""
    key = _player_key(save_dir, "Ana")
    _player_key(save_dir, "Ben")
    told = f"print('hello', os.environ['{PLAYER_ENV}'], os.environ['{PLAYERS_ENV}'].split(), os.get_terminal_size())"
    shown = f"{sys.executable} -c \"import os, sys, time; {told}; sys.stdout.flush(); time.sleep(30)\""
    async with _hosting(save_dir, command=["/bin/sh", "-c", shown]) as hosted:
        _conn, _chan, session = await hosted.connect(key)
        text = await session.wait_for("hello Ana ['Ana', 'Ben']")
        assert "columns=80, lines=24" in text
    assert (save_dir / HOST_KEY_NAME).stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("warm", [True, False], ids=["forked warm", "started cold"])
async def test_the_real_game_over_ssh_follows_a_resize_whatever_size_the_servers_environment_says(save_dir, monkeypatch, warm):
    """COLUMNS and LINES in the server's environment (a shell may export them; pytest-xdist's workers
    have them) fixed every game at that size: Textual takes them over its terminal's size."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    key = _player_key(save_dir, "Ana")
    async with _hosting(save_dir, warm=warm) as hosted:
        _conn, chan, session = await hosted.connect(key)
        await session.wait_for("Shared games - you are Ana")
        chan.change_terminal_size(70, 20)
        await session.wait_for("Please enlarge the terminal to at least 80 x 24 (now 70 x 20)")
        chan.write(b"q")


async def test_a_server_stopping_gives_each_player_their_terminal_back_and_says_why(save_dir):
    """Shared-game play-test: Ctrl+C on the server left each player's terminal on the frozen board, in the
    alternate screen, reporting every mouse move, with no cursor, until they typed 'reset'."""
    key = _player_key(save_dir, "Ana")
    async with _hosting(save_dir, warm=False) as hosted:
        _conn, _chan, session = await hosted.connect(key)
        await session.wait_for("Shared games - you are Ana")
        assert session.screen.cursor.hidden and (1003 << 5) in session.screen.mode  # pyte keeps private modes shifted
        hosted.server.close()
        await asyncio.wait_for(session.closed.wait(), TIMEOUT)
    assert "The server is stopping: your games are kept in the store" in session.text()
    assert not session.screen.cursor.hidden
    assert not {1000 << 5, 1003 << 5, 1006 << 5, 2004 << 5} & session.screen.mode


async def test_an_unknown_key_and_passwords_are_refused(save_dir):
    _player_key(save_dir, "Ana")
    stranger = asyncssh.generate_private_key("ssh-ed25519", comment="Mallory")
    async with _hosting(save_dir) as hosted:
        with pytest.raises(asyncssh.PermissionDenied):
            await hosted.login(stranger)
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1", hosted.port, username="x", password="secret", client_keys=None, known_hosts=None, agent_path=None
            )


async def test_no_port_forwarding_and_no_file_access(save_dir):
    key = _player_key(save_dir, "Ana")
    async with _hosting(save_dir, command=["/bin/sh", "-c", "sleep 30"]) as hosted:
        conn = await hosted.login(key)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", hosted.port)
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, asyncssh.ProcessError, OSError)):
            async with conn.start_sftp_client() as sftp:
                await sftp.listdir(".")


def test_authorized_keys_problems_are_one_line_each_and_the_other_keys_still_count(save_dir):
    """A line that is no key, a key with no comment and a line that is not UTF-8 are each skipped
    with their line number and why; the listed keys around them keep working."""
    ana, ben = (asyncssh.generate_private_key("ssh-ed25519", comment=name) for name in ("Ana", "Ben"))
    nameless = asyncssh.generate_private_key("ssh-ed25519")
    latin = asyncssh.generate_private_key("ssh-ed25519", comment="Zoe")
    (save_dir / AUTHORIZED_KEYS_NAME).write_bytes(
        b"# players\n" + ana.export_public_key() + b"not a key\n" + nameless.export_public_key()
        + latin.export_public_key().replace(b"Zoe", b"Zo\xe9") + ben.export_public_key()
    )
    keys = read_authorized_keys(save_dir)
    assert keys.players == {ana.public_data: "Ana", ben.public_data: "Ben"} and keys.names == ["Ana", "Ben"]
    assert [p.split(": ", 2)[1] for p in keys.problems] == ["line 3", "line 4", "line 5"]
    assert "not an OpenSSH public key" in keys.problems[0] and "has no comment" in keys.problems[1]
    assert "not UTF-8 text (byte 0xe9 at column" in keys.problems[2]
    assert keys.refused[nameless.public_data].startswith("line 4 of ") and "line 5 of" in keys.refused[latin.public_data]


async def test_refused_logins_are_logged_with_their_reason(save_dir):
    ana = _player_key(save_dir, "Ana")
    nameless = asyncssh.generate_private_key("ssh-ed25519")
    with (save_dir / AUTHORIZED_KEYS_NAME).open("ab") as handle:
        handle.write(nameless.export_public_key())
    stranger = asyncssh.generate_private_key("ssh-ed25519", comment="Mallory")
    logged: list[str] = []
    async with _hosting(save_dir, command=["/bin/sh", "-c", "sleep 30"], log=logged.append) as hosted:
        for key in (nameless, stranger):
            with pytest.raises(asyncssh.PermissionDenied):
                await hosted.login(key)
        await hosted.login(ana)
    assert any("line 2" in line and "has no comment" in line and line.endswith("skipped") for line in logged)
    refusals = [line for line in logged if line.startswith("refused key")]
    assert len(refusals) == 2
    assert f"{nameless.get_fingerprint()} (user 'x', from 127.0.0.1:" in refusals[0] and "line 2 of" in refusals[0] and "no comment" in refusals[0]
    assert stranger.get_fingerprint() in refusals[1] and refusals[1].endswith(f"not in {save_dir / AUTHORIZED_KEYS_NAME}")
    assert any(line.startswith("Ana connected from 127.0.0.1:") for line in logged)


def test_an_ipv6_address_is_written_in_brackets():
    assert address("::1", 2222) == "[::1]:2222" and address("127.0.0.1", 2222) == "127.0.0.1:2222"
    assert address("example.org", 22) == "example.org:22"


def _shared_game_in_the_action_phase(save_dir: Path) -> tuple[int, str]:
    """A store game of Ana (Spain), Ben (France) and random computers, played to Spain's first
    impulse; its id, and the start of the log line Spain's first choice writes."""
    from core import gamedata, saves
    from core.bots import bots_for, play_computer_turns
    from core.events import render
    from core.session import Session
    from core.setup import Seat, SeatKind, Setup
    from core.state import Phase
    from core.store import SqliteStore

    data = gamedata.load(save_dir)
    seats = (
        Seat("Ana", ("spain",)), Seat("Ben", ("france",)),
        Seat("random computer", ("ottoman", "england", "empire", "protestant"), SeatKind.COMPUTER, "random"),
    )
    session = Session.new(data, Setup(seed=12, seats=seats), keep_undo=False)
    bots = bots_for(seats)
    while True:
        play_computer_turns(session, bots)
        decision = session.decision
        if session.state.phase is Phase.ACTION:
            break
        quiet = [c for c in decision.choices if str(c) in ("done", "decline", "opening postpone")]
        session.choose(decision.power, (quiet or list(decision.choices))[0])
    assert session.decision.power == "spain"
    game_id = SqliteStore.in_folder(save_dir, data).import_save(saves.write(session, save_dir.parent / "to-import.json"))
    events = session.choose("spain", session.decision.choices[0])
    names = {p: data.power_name(p) for p in data.power_ids}
    return game_id, render(events[0], names)[:30]


async def test_two_players_over_ssh_share_a_game_each_seeing_the_others_move_and_only_their_own_hand(save_dir):
    """Ana and Ben connect with their keys, take their seats of one game (the other seats are
    computers); Ana's choice shows on Ben's terminal within a second; neither sees the other's hand."""
    ana_key, ben_key = _player_key(save_dir, "Ana"), _player_key(save_dir, "Ben")
    game_id, logged = _shared_game_in_the_action_phase(save_dir)
    async with _hosting(save_dir) as hosted:
        _conn, ana_chan, ana = await hosted.connect(ana_key)
        _conn, ben_chan, ben = await hosted.connect(ben_key)
        await ana.wait_for("Shared games - you are Ana")
        await ben.wait_for("Shared games - you are Ben")
        await ana.wait_for("Spain: seat Ana - free, named for you")  # the lobby reads the store in a worker
        await ben.wait_for("France: seat Ben - free, named for you")
        await _past_the_reports(ana, ana_chan, "Spain's hand")  # the lobby starts on each player's own seat
        passed: list[str] = []
        before = await _past_the_reports(ben, ben_chan, "Waiting for Ana - Spain.", passed)
        assert "Turn 1: Card Draw Phase (CARD-5..CARD-7)" in passed, passed  # joined late: this turn's reports first
        assert "France's hand" in before and "Spain's hand" not in before
        assert "France's hand" not in ana.text()
        assert logged not in before
        await asyncio.sleep(CHANGED_UNDER_SECONDS)  # a shared game's board, just shown, holds its number keys
        ana_chan.write(b"1")  # a card play: asked about, then played at the second press (GEN-9)
        await ana.wait_for("for 4 CP: 1 again")
        ana_chan.write(b"1")
        await ana.wait_for(logged)
        loop = asyncio.get_running_loop()
        seen_by_ana = loop.time()
        deadline = seen_by_ana + 1.0
        while logged not in ben.text():
            assert loop.time() < deadline, f"Ben's screen did not show Ana's move within a second:\n{ben.text()}"
            await asyncio.sleep(0.02)
        assert "Spain's hand" not in ben.text() and "France's hand" not in ana.text()


class Counter(asyncssh.SSHClientSession[bytes]):
    """A client that only counts what it receives."""

    def __init__(self) -> None:
        self.received = 0

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.received += len(data)


FLOOD = "import sys, time\nwhile True:\n    sys.stdout.write('frame ' * 680 + '\\n')\n    sys.stdout.flush()\n    time.sleep(0.001)\n"


async def _until(condition, what: str) -> None:
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, f"{what} never happened"
        await asyncio.sleep(0.01)


def _recorded_player_sessions(monkeypatch) -> list:
    """The server's PlayerSession of each connection, in the order they connect."""
    sessions: list[tui.serve.PlayerSession] = []
    made = tui.serve.PlayerSession.connection_made

    def remember(self, chan):
        sessions.append(self)
        made(self, chan)

    monkeypatch.setattr(tui.serve.PlayerSession, "connection_made", remember)
    return sessions


async def test_a_client_that_stops_reading_costs_bounded_memory_and_the_others_keep_getting_frames(save_dir, monkeypatch):
    """Each game repaints without end; Ana's client stops reading (a stalled ssh): the server stops
    reading her game's terminal once OUTPUT_HIGH_WATER waits in her channel, so that stays bounded
    while Ben's frames keep coming; when Ana reads again her frames flow again."""
    sessions = _recorded_player_sessions(monkeypatch)
    ana_key, ben_key = _player_key(save_dir, "Ana"), _player_key(save_dir, "Ben")
    async with _hosting(save_dir, command=[sys.executable, "-c", FLOOD]) as hosted:
        ana_conn, ben_conn = [await hosted.login(key) for key in (ana_key, ben_key)]
        ana_chan, ana = await ana_conn.create_session(Counter, term_type="xterm", term_size=(80, 24), encoding=None, window=65536)
        ana_chan.pause_reading()  # Ana's ssh stalls: no more window for the server
        ben_chan, ben = await ben_conn.create_session(Counter, term_type="xterm", term_size=(80, 24), encoding=None)
        await _until(lambda: len(sessions) == 2 and sessions[0]._channel is not None, "both sessions")
        ana_on_server = sessions[0]._channel
        await _until(lambda: ana_on_server.get_write_buffer_size() > tui.serve.OUTPUT_HIGH_WATER, "Ana's output backing up")
        ben_before = ben.received
        await _until(lambda: ben.received > ben_before + 1_000_000, "a megabyte more of Ben's frames")
        assert ana_on_server.get_write_buffer_size() <= tui.serve.OUTPUT_HIGH_WATER + tui.serve.READ_SIZE
        ana_before = ana.received
        ana_chan.resume_reading()
        await _until(lambda: ana.received > ana_before + 1_000_000, "Ana's frames flowing again")
        assert ana_on_server.get_write_buffer_size() <= tui.serve.OUTPUT_HIGH_WATER + tui.serve.READ_SIZE


SLOW_READER = """
import os, signal, sys, tty
tty.setraw(0)
signal.signal(signal.SIGUSR1, lambda *_: None)
print('ready', flush=True)
signal.pause()  # busy: reads no key until told
total = 0
while total < PASTE:
    total += len(os.read(0, 65536))
print('got', total, flush=True)
signal.pause()
"""


async def test_a_paste_longer_than_the_game_takes_at_once_waits_and_arrives_whole(save_dir, monkeypatch):
    """The game's terminal holds only so much unread input: the rest waits at the server (the channel
    stops reading meanwhile) instead of the connection being dropped or keys being lost."""
    sessions = _recorded_player_sessions(monkeypatch)
    paste = 1_000_000
    key = _player_key(save_dir, "Ana")
    command = [sys.executable, "-c", SLOW_READER.replace("PASTE", str(paste))]
    async with _hosting(save_dir, command=command) as hosted:
        _conn, chan, session = await hosted.connect(key)
        await session.wait_for("ready")
        chan.write(b"k" * paste)
        await _until(lambda: sessions[0]._input_waiting, "the game's terminal filling up")
        os.kill(sessions[0]._game.pid, signal.SIGUSR1)
        await session.wait_for(f"got {paste}")
        assert not sessions[0]._input_waiting and not session.closed.is_set()


# ---- warm starts, ending with the server, --notify (issue 18) ---------------------------------------


def _parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def _ended(pid: int) -> bool:
    """Gone, or a zombie waiting for a parent to reap it."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


async def test_a_connection_s_game_is_forked_from_the_warm_fork_server(save_dir, monkeypatch):
    sessions = _recorded_player_sessions(monkeypatch)
    key = _player_key(save_dir, "Ana")
    async with _hosting(save_dir) as hosted:
        warm = hosted.server.warm
        assert warm is not None
        _conn, chan, session = await hosted.connect(key)
        await session.wait_for("Shared games - you are Ana")
        game = sessions[0]._game.pid
        assert _parent_of(game) == warm.pid and _parent_of(warm.pid) == os.getpid()
        chan.write(b"q")  # quitting the game ends the connection, with the game's exit status
        await asyncio.wait_for(session.closed.wait(), TIMEOUT)
        assert chan.get_exit_status() == 0
        await _until(lambda: _ended(game), "the game's end")


SERVER = """
import asyncio, sys
from pathlib import Path
from tui.serve import start_server
async def serve():
    command = None if sys.argv[2] == "warm" else [sys.executable, "-c", "import os, time; print('game', os.getpid(), flush=True); time.sleep(300)"]
    hosting = await start_server("127.0.0.1", 0, Path(sys.argv[1]), command=command, log=lambda _: None)
    print(hosting.port, flush=True)
    await hosting.wait_closed()
asyncio.run(serve())
"""


async def _ended_anyway(server: asyncio.subprocess.Process, conn: asyncssh.SSHClientConnection | None) -> None:
    """A server process a test started is killed if it still runs, and the player's connection closed."""
    if server.returncode is None:
        server.kill()
        await server.wait()
    if conn is not None:
        conn.close()


@pytest.mark.parametrize("start", ["warm", "cold"])
async def test_every_game_ends_with_the_server_however_the_server_ends(save_dir, start):
    """A server started under nohup (hang-ups ignored, and every process it starts inherits that) and
    killed with SIGKILL still ends its games: each has a parent-death signal (PR_SET_PDEATHSIG), and a
    game takes hang-ups again (ignored, they left games spinning on a lost terminal)."""
    key = _player_key(save_dir, "Ana")
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-c", SERVER, str(save_dir), start, stdout=asyncio.subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),  # as nohup starts it
    )
    conn = None
    try:
        port = int(await asyncio.wait_for(server.stdout.readline(), TIMEOUT))
        conn, chan, session = await _connect(port, key)
        if start == "warm":
            await session.wait_for("Shared games - you are Ana")
            [fork_server] = children(server.pid)
            games = children(fork_server)
            processes = [fork_server, *games]
        else:
            text = await session.wait_for("game ")
            games = [int(text.split("game ", 1)[1].split()[0])]
            processes = games
        assert len(games) == 1
        server.kill()
        await server.wait()
        await _until(lambda: all(_ended(pid) for pid in processes), "every game process's end")
    finally:
        await _ended_anyway(server, conn)


async def test_ctrl_c_in_the_servers_terminal_ends_it_without_a_traceback(save_dir, tmp_path):
    """SSH play-test: Ctrl+C on the server printed the fork server's KeyboardInterrupt traceback (the terminal
    sends it to its whole foreground process group, the fork server's too); the fork server is in a group of
    its own, and ends with the server (its socket, its parent-death signal)."""
    import re

    key = _player_key(save_dir, "Ana")
    said = tmp_path / "stderr.txt"
    with said.open("wb") as stderr:  # a file, not a pipe: the fork server and the games hold it open until they end
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tui", "serve", "--host", "127.0.0.1", "--port", "0", "--save-dir", str(save_dir),
            stdout=asyncio.subprocess.PIPE, stderr=stderr, start_new_session=True,  # a terminal's group of its own
            # Ctrl+C taken as a terminal's foreground job takes it (CI: a job started in the background ignores it,
            # and so did every process under it, this server too)
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
    conn = None
    try:
        line = (await asyncio.wait_for(server.stdout.readline(), TIMEOUT)).decode()
        port = int(re.search(r"serving on 127\.0\.0\.1:(\d+)", line).group(1))
        conn, _chan, session = await _connect(port, key)
        await session.wait_for("Shared games - you are Ana")
        [fork_server] = children(server.pid)
        assert os.getpgid(fork_server) != os.getpgid(server.pid)
        os.killpg(server.pid, signal.SIGINT)  # what the terminal's Ctrl+C does
        assert await asyncio.wait_for(server.wait(), TIMEOUT) == 0
        await _until(lambda: _ended(fork_server), "the fork server's end")
        assert "Traceback" not in said.read_text(), said.read_text()
    finally:
        await _ended_anyway(server, conn)


async def test_notify_runs_the_command_for_a_player_away_and_not_for_one_connected(save_dir, tmp_path, data):
    """Ana's decision waits and she is not connected: the command is run once with her name, the
    game and the decision; Ben, connected over SSH when his turn comes, is told only once he leaves."""
    from core.bots import bots_for, playable_choices
    from core.setup import Seat, SeatKind, Setup
    from core.store import SharedGame, SqliteStore
    from tests.test_notify import recorder

    _player_key(save_dir, "Ana")
    ben_key = _player_key(save_dir, "Ben")
    store = SqliteStore.in_folder(save_dir, data)
    others = tuple(p for p in data.power_ids if p not in ("spain", "france"))
    game_id = store.create(Setup(seed=5, seats=(Seat("Ana", ("spain",)), Seat("Ben", ("france",)), Seat("computer", others, SeatKind.COMPUTER, "random"))))
    command, calls = recorder(tmp_path)
    logged: list[str] = []
    async with _hosting(save_dir, command=["/bin/sh", "-c", "sleep 30"], log=logged.append, notify=command, notify_seconds=0.05) as hosted:
        await _until(lambda: calls.exists() and calls.read_text().count("\n") == 1, "Ana's notice")
        assert calls.read_text().startswith(f"Ana|{game_id}|Spain|1|GEN-7|Spain: make a proposal or say done")
        ben, _chan, _session = await hosted.connect(ben_key)
        await _until(lambda: hosted.server.connected() == {"Ben"}, "Ben connected")
        store.take_seat(game_id, "Ana", "Ana")
        ana = SharedGame.open(store, game_id, "Ana")
        ana.choose("spain", playable_choices(ana.session.decision)[-1])
        ana.play_computer_turns(bots_for(ana.session.setup.seats))
        [waiting] = store.waiting()
        assert waiting.seat == "Ben"
        checks = len([line for line in logged if "--notify" in line])
        ben.close()
        await ben.wait_closed()
        await _until(lambda: calls.read_text().count("\n") == 2, "Ben's notice once he left")
        assert calls.read_text().splitlines()[1] == f"Ben|{game_id}|France|{waiting.number + 1}|{waiting.rule}|{waiting.shown_prompt()}"
        assert checks == 1 and f"--notify: told Ana that game {game_id} waits for them" in logged


async def test_a_forked_game_uses_the_save_folder_s_overrides_as_they_are_when_it_connects(save_dir):
    """The fork server keeps the game data loaded, and loads it again when overrides.toml changes:
    a bad value written between two connections is reported to the second one, in one line."""
    ana, ben = _player_key(save_dir, "Ana"), _player_key(save_dir, "Ben")
    async with _hosting(save_dir) as hosted:
        _conn, _chan, session = await hosted.connect(ana)
        await session.wait_for("Shared games - you are Ana")
        (save_dir / "overrides.toml").write_text('[victory]\nstandard_vp = "many"\n')
        _conn, _chan, session = await hosted.connect(ben)
        text = await session.wait_for("virgin-queen: bad game data:")
        assert "standard_vp" in text and "Traceback" not in text


async def test_two_players_over_ssh_read_one_shared_game_each_in_the_language_their_client_sends(save_dir, monkeypatch):
    """Ana's ssh sends LANG=ru_RU.UTF-8, Ben's LANG=es_ES.UTF-8: each forked game reads the same game
    in its player's language (the log line of Ana's move, the refusal of Ctrl+S, GEN-8), whatever the
    host's own locale; the fork server keeps none of them: Ana connecting again with no LANG reads
    English, then her choice in the lobby (i) is kept for her next connections (settings.json)."""
    from core import i18n
    from tui.settings import Settings

    monkeypatch.setenv("LANG", "es_ES.UTF-8")  # the host's: never a connecting player's
    ana_key, ben_key = _player_key(save_dir, "Ana"), _player_key(save_dir, "Ben")
    game_id, _english = _shared_game_in_the_action_phase(save_dir)
    logged = {language: _first_move_line(save_dir, language) for language in ("ru", "es")}
    try:
        async with _hosting(save_dir) as hosted:
            assert hosted.server.warm is not None
            _conn, ana_chan, ana = await hosted.connect(ana_key, env={"LANG": "ru_RU.UTF-8"})
            _conn, ben_chan, ben = await hosted.connect(ben_key, env={"LANG": "es_ES.UTF-8"})
            await ana.wait_for("Испания: место Ana - свободно, на ваше имя")  # the lobby too, in each one's language
            await ben.wait_for("Francia: asiento Ben - libre, a tu nombre")
            await _past_the_reports(ana, ana_chan, "Набор: Испания")
            await _past_the_reports(ben, ben_chan, "Mano de Francia")
            ana_chan.write(b"\x13")  # Ctrl+S: refused in a shared game (GEN-8)
            ben_chan.write(b"\x13")
            await ana.wait_for("совместная партия не сохраняется")
            await ben.wait_for("una partida compartida no se")
            await asyncio.sleep(CHANGED_UNDER_SECONDS)  # a shared game's board, just shown, holds its number keys
            ana_chan.write(b"1")  # a card play: asked about, then played at the second press (GEN-9)
            await ana.wait_for("за 4 КО: 1 ещё раз")
            ana_chan.write(b"1")
            await ana.wait_for(logged["ru"])
            await ben.wait_for(logged["es"])
            _conn, again_chan, again_screen = await hosted.connect(ana_key)  # no LANG: not the last one forked
            await again_screen.wait_for("Shared games - you are Ana")
            again_chan.write(b"i")
            await again_screen.wait_for("Language: Enter to use it")
            for key in (b"\x1b[B", b"\x1b[B", b"\r"):  # down to Русский
                await asyncio.sleep(0.2)
                again_chan.write(key)
            await _until(lambda: Settings.read(save_dir).players == {"Ana": "ru"}, "Ana's choice kept")
            assert Settings.read(save_dir).language == ""  # the host's own choice is not hers
            _conn, later_chan, later_screen = await hosted.connect(ana_key)
            await later_screen.wait_for("Совместные партии - вы Ana")  # her choice, kept for her
            later_chan.write(b"i")
            await later_screen.wait_for("Язык: Enter")
    finally:
        i18n.use("en")


def _first_move_line(save_dir: Path, language: str) -> str:
    """The start of the log line Spain's first choice writes in the game of
    ``_shared_game_in_the_action_phase``, as a terminal reading ``language`` shows it."""
    from core import gamedata, i18n
    from core.events import render
    from core.store import SqliteStore

    data = gamedata.load(save_dir)
    session = SqliteStore.in_folder(save_dir, data).load(1)
    events = session.choose("spain", session.decision.choices[0])
    i18n.use(language)
    try:
        return render(events[0], {p: i18n._(data.power_name(p)) for p in data.power_ids})[:30]
    finally:
        i18n.use("en")


async def test_a_game_started_cold_reads_the_language_its_client_sends_too(save_dir, monkeypatch):
    monkeypatch.setenv("VQ_LANG", "es")  # the host's: never a connecting player's
    key = _player_key(save_dir, "Ana")
    async with _hosting(save_dir, warm=False) as hosted:
        _conn, chan, session = await hosted.connect(key, env={"LC_ALL": "ru_RU.UTF-8"})
        await session.wait_for("Совместные партии - вы Ana")
        chan.write(b"i")
        await session.wait_for("Язык: Enter")


async def test_a_session_without_a_terminal_is_told_why_in_its_client_s_language(save_dir):
    key = _player_key(save_dir, "Ana")
    async with _hosting(save_dir, command=["/bin/sh", "-c", "sleep 30"]) as hosted:
        for sent, told in (({}, "The Virgin Queen needs a terminal: connect with 'ssh -t'."),
                           ({"LANG": "es_ES.UTF-8"}, "The Virgin Queen necesita un terminal: conéctese con 'ssh -t'.")):
            conn = await hosted.login(key)
            result = await conn.run(env=sent, term_type=None, timeout=TIMEOUT)
            assert result.exit_status == 1 and result.stdout.strip() == told


async def test_a_client_gone_before_its_connection_is_closed_hangs_its_game_up_without_a_traceback(tmp_path):
    """SSH re-test: a client killed mid-game left tracebacks in the server's log, one per write of the game's screen
    ("BrokenPipeError: Channel not open for sending"), until its connection_lost came. The first such write hangs up."""
    from tui.serve import PlayerSession

    class GoneChannel:
        closed = False

        def write(self, data: bytes) -> None:
            raise BrokenPipeError("Channel not open for sending")

        def is_closing(self) -> bool:
            return True

        def close(self) -> None:
            self.closed = True

    hosting = Hosting()
    session = PlayerSession(["true"], hosting, lambda line: None, tmp_path)
    channel = GoneChannel()
    session._channel = channel
    hosting.sessions.add(session)
    read_end, write_end = os.pipe()
    os.write(write_end, b"the game's screen")
    session._master = read_end
    asyncio.get_running_loop().add_reader(read_end, session._from_game)
    session._from_game()
    os.close(write_end)
    assert session._master == -1 and session not in hosting.sessions and channel.closed
