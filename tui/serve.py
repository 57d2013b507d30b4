"""``virgin-queen serve``: each player plays in their own terminal over SSH.

The server lets in only the public keys listed in ``SAVE_DIR/authorized_keys`` (OpenSSH format; a
key's comment is the player's name); no passwords, no shell, no port forwarding, no file access. A
line that cannot be used (not UTF-8, not a key, no comment) is skipped and logged with its number
and why, and the other keys keep working; every refused login is logged with its reason. Each
connection runs the game in its own process on its own pseudo-terminal, opened on the lobby of the
shared games as the key's player (VIRGIN_QUEEN_PLAYER), so terminal size changes are followed and a
dropped connection ends only that process (the game itself lives in the store in the save folder,
with every action, so nothing is lost; the seat is free to take again).

The game processes are forked by a warm fork server (``tui/warm.py``), so a connection reaches the
lobby without starting Python again; if the fork server cannot run, each game starts as a fresh
process (cold). Every game process ends with the server, however the server ends (a parent-death
signal, and the server's close()).

With ``--notify COMMAND`` the server runs COMMAND when a person seat's decision waits and its player
is not connected (``core/notify.py``). The host key is made on first run in the save folder. A
client that stops reading pauses only its own game's output (OUTPUT_HIGH_WATER), so it costs the
server bounded memory and never slows the others.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import fcntl
import ipaddress
import os
import pty
import signal
import socket
import struct
import subprocess
import sys
import termios
import warnings
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path

from attrs import define, field, frozen

from core import i18n
from core.atomic import make_private_folder
from core.i18n import LANGUAGE_ENV, LOCALE_ENVS, N_, _, ngettext
from tui.app import PLAYER_ENV, PLAYERS_ENV, add_language_argument, save_folder_refused, use_language_asked
from tui.settings import Settings, language_for
from tui.warm import WarmStarter, WarmStartError, game_environment

with warnings.catch_warnings():
    # asyncssh 2.24 loads its DSA support, which cryptography 51 deprecates with a warning at import; the
    # server's own key is Ed25519
    warnings.filterwarnings("ignore", message="DSA is deprecated")
    import asyncssh

HOST_KEY_NAME = "ssh_host_ed25519_key"
AUTHORIZED_KEYS_NAME = "authorized_keys"
READ_SIZE = 65536
# A client that reads slower than its game writes (a slow link, a stalled or suspended ssh): once this
# much output waits in the channel beyond the client's SSH window, the game's terminal is no longer
# read until the client has taken it down to the low mark. The game then waits on its own terminal,
# so a stalled client holds at most its window + OUTPUT_HIGH_WATER + READ_SIZE here, and only its game.
OUTPUT_HIGH_WATER = 65536
OUTPUT_LOW_WATER = 16384
HANG_UP_SECONDS = 3.0  # a hung-up game that has not ended by then is killed
NOTIFY_SECONDS = 5.0  # how often --notify looks for decisions waiting for a player who is away
_PR_SET_PDEATHSIG = 1
# Resolved here, in the server, so the child between fork and exec only calls it (no loading).
_prctl = ctypes.CDLL(None, use_errno=True).prctl if sys.platform.startswith("linux") else None
# Said to a connecting player, in the language of their connection
NEEDS_A_TERMINAL = N_("The Virgin Queen needs a terminal: connect with 'ssh -t'.")
SERVER_STOPPING = N_("The server is stopping: your games are kept in the store; connect again once it is back.")
# What Textual's driver turns off as an app ends (textual/drivers/linux_driver.py), sent for a game the server
# ends: a frame's synchronized output cut off midway, mouse reports, bracketed paste, the kitty keyboard flags, the alternate screen; the cursor shown again
# (shared-game play-test: a stopped server left every player's terminal reporting each mouse move, no cursor)
TERMINAL_RESTORED = (
    b"\x1b[?2026l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l\x1b[?2004l\x1b[?2048l\x1b[<u"
    b"\x1b[?1049l\x1b[?25h\x1b[?1004l\x1b[?7h"
)


def connection_language(save_dir: Path, player: str, sent: Mapping[str, str]) -> str:
    """The language of a connection's game (settings.language_for, from what its client sent): VQ_LANG
    (``ssh -o SetEnv=VQ_LANG=ru``), else the player's own choice kept in settings.json (the language key
    in the lobby), else the client's locale (LC_ALL, LC_MESSAGES, LANG: OpenSSH sends LANG and LC_* where
    its ssh_config says SendEnv, as Debian's and Fedora's do), else English. The host's own never counts."""
    environ = {name: sent.get(name, "") for name in (LANGUAGE_ENV, *LOCALE_ENVS)}
    return language_for("", environ, Settings.read(save_dir).language_of(player))


class ServeError(RuntimeError):
    """The server cannot start (no usable host key, no authorized_keys, the port is taken)."""


def host_key(save_dir: Path) -> asyncssh.SSHKey:
    """The server's host key, generated on first run and kept in the save folder (owner-only)."""
    path = save_dir / HOST_KEY_NAME
    if path.exists():
        try:
            return asyncssh.read_private_key(str(path))
        except (OSError, asyncssh.KeyImportError) as exc:
            raise ServeError(_("{path}: not a usable host key ({problem})").format(path=path, problem=exc)) from None
    make_private_folder(save_dir)
    key = asyncssh.generate_private_key("ssh-ed25519")
    old_umask = os.umask(0o077)  # owner-only from the moment it exists
    try:
        key.write_private_key(str(path))
    finally:
        os.umask(old_umask)
    return key


def address(host: str, port: int) -> str:
    """``host:port``, an IPv6 address in brackets (``[::1]:2222``), as URLs and ssh's -p users write it."""
    try:
        is_v6 = ipaddress.ip_address(host).version == 6
    except ValueError:
        is_v6 = False
    return f"[{host}]:{port}" if is_v6 else f"{host}:{port}"


@frozen
class AuthorizedKeys:
    """What ``authorized_keys`` says: who each usable key is, and why each other line is not used."""

    players: dict[bytes, str]  # public key -> the player's name (its comment)
    refused: dict[bytes, str]  # a key on a line that cannot be used -> that line's problem
    problems: list[str]  # one line per unusable line (or for the file): "path: line N: why"

    @property
    def names(self) -> list[str]:
        """The players' names, each once, in the file's order."""
        return list(dict.fromkeys(self.players.values()))


def read_authorized_keys(save_dir: Path) -> AuthorizedKeys:
    """The save folder's ``authorized_keys``: each line a key, or a problem with its line number."""
    path = save_dir / AUTHORIZED_KEYS_NAME
    players: dict[bytes, str] = {}
    refused: dict[bytes, str] = {}
    problems: list[str] = []
    try:
        lines = path.read_bytes().splitlines()
    except FileNotFoundError:
        return AuthorizedKeys(players, refused, [
            _("{path}: no such file (list one OpenSSH public key per line; its comment is the player's name)").format(path=path)
        ])
    except OSError as exc:
        return AuthorizedKeys(players, refused, [_("{path}: cannot be read ({reason})").format(path=path, reason=exc.strerror or exc)])
    for number, raw in enumerate(lines, 1):
        problem = ""
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError as exc:
            line = b" ".join(raw.split()[:2]).decode("ascii", errors="replace")  # the key alone, to say why it is refused
            problem = _("not UTF-8 text (byte 0x{byte} at column {column}): the player's name cannot be read").format(
                byte=f"{raw[exc.start]:02x}", column=exc.start + 1,
            )
        if not line or line.startswith("#"):
            continue
        try:
            key = asyncssh.import_public_key(line)
        except (asyncssh.KeyImportError, ValueError) as exc:
            problems.append(_("{path}: line {number}: not an OpenSSH public key ({problem})").format(path=path, number=number, problem=problem or exc))
            continue
        name = (key.get_comment() or "").strip()
        if not problem and not name:
            problem = _("the key has no comment to name its player")
        if problem:
            problems.append(_("{path}: line {number}: {problem}").format(path=path, number=number, problem=problem))
            refused[key.public_data] = _("line {number} of {path}: {problem}").format(number=number, path=path, problem=problem)
            continue
        players[key.public_data] = name
    return AuthorizedKeys(players, refused, problems)


@define
class KeyFile:
    """``authorized_keys``, read again when it changes (adding a player needs no restart); its
    problems are logged once per change."""

    save_dir: Path
    log: Callable[[str], None]
    _seen: tuple[int, int, int] | None = field(default=None, init=False)
    _keys: AuthorizedKeys = field(factory=lambda: AuthorizedKeys({}, {}, []), init=False)

    def current(self) -> AuthorizedKeys:
        try:
            found = (self.save_dir / AUTHORIZED_KEYS_NAME).stat()
            seen = (found.st_ino, found.st_mtime_ns, found.st_size)
        except OSError:
            seen = (0, 0, 0)
        if seen != self._seen:
            self._seen = seen
            self._keys = read_authorized_keys(self.save_dir)
            for problem in self._keys.problems:
                self.log(_("{problem}: skipped").format(problem=problem))
        return self._keys


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(height, 1), max(width, 1), 0, 0))


def _start_cold_game() -> None:
    """Between fork and exec of a cold game: the terminal is its own, and it ends with the server."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)  # a server under nohup ignores hang-ups; a game must not
    if _prctl is not None:
        _prctl(_PR_SET_PDEATHSIG, signal.SIGHUP)


def _signal_game(pid: int, signal_number: int) -> None:
    """Signal a game's process group (it leads its own session), or the process before it has one."""
    try:
        os.killpg(pid, signal_number)
    except ProcessLookupError:
        try:
            os.kill(pid, signal_number)
        except ProcessLookupError:
            pass


@define
class GameProcess:
    """A game running on a connection's terminal: its process id and how to learn that it ended."""

    pid: int
    ended: Callable[[], Awaitable[int]]  # its exit status, once it has ended
    _status: asyncio.Future[int] | None = field(default=None, init=False)

    def status(self) -> asyncio.Future[int]:
        if self._status is None:
            self._status = asyncio.ensure_future(self.ended())
        return self._status

    async def hang_up(self) -> int:
        """SIGHUP, as for a dropped terminal; SIGKILL if it has not ended after HANG_UP_SECONDS."""
        status = self.status()
        if not status.done():
            _signal_game(self.pid, signal.SIGHUP)
            try:
                return await asyncio.wait_for(asyncio.shield(status), HANG_UP_SECONDS)
            except TimeoutError:
                _signal_game(self.pid, signal.SIGKILL)
        return await status


def _cold_game(command: list[str], terminal: int, env: dict[str, str]) -> GameProcess:
    child = subprocess.Popen(
        command,
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=game_environment({**os.environ, **env}),
        start_new_session=True,
        preexec_fn=_start_cold_game,
    )
    return GameProcess(child.pid, lambda: asyncio.get_running_loop().run_in_executor(None, child.wait))


@define
class Hosting:
    """A running server: its listening sockets, the connected players, the fork server, --notify."""

    acceptor: asyncssh.SSHAcceptor | None = None
    warm: WarmStarter | None = None
    sessions: set[PlayerSession] = field(factory=set)
    players: Counter[str] = field(factory=Counter)  # player -> open connections
    tasks: list[asyncio.Task[None]] = field(factory=list)
    ending: set[asyncio.Future[int]] = field(factory=set)  # games being hung up

    @property
    def sockets(self) -> Sequence[socket.socket]:
        assert self.acceptor is not None
        return self.acceptor.sockets

    @property
    def port(self) -> int:
        return int(self.sockets[0].getsockname()[1])

    def connected(self) -> set[str]:
        return {player for player, count in self.players.items() if count > 0}

    def close(self) -> None:
        """Stop listening and end every game (their actions are all in the store)."""
        if self.acceptor is not None:
            self.acceptor.close()
        for task in self.tasks:
            task.cancel()
        for session in list(self.sessions):
            session.hang_up(stopping=True)
        if self.warm is not None:
            self.warm.close()

    def end_game(self, game: GameProcess) -> None:
        """Hang a game up, off the event loop's way (wait_closed waits for it)."""
        ending = asyncio.ensure_future(game.hang_up())
        self.ending.add(ending)
        ending.add_done_callback(self.ending.discard)

    async def wait_closed(self) -> None:
        """Until the server is closed, and its games and --notify commands have ended."""
        if self.acceptor is not None:
            await self.acceptor.wait_closed()
        await asyncio.gather(*self.tasks, *self.ending, return_exceptions=True)


class PlayerSession(asyncssh.SSHServerSession[bytes]):
    """One connection's game: a game process on a pseudo-terminal, wired to the SSH channel."""

    def __init__(self, command: list[str], hosting: Hosting, log: Callable[[str], None], save_dir: Path) -> None:
        self._command = command  # what a cold start runs (the game is forked warm when the fork server runs)
        self._hosting = hosting
        self._log = log
        self._save_dir = save_dir
        self._channel: asyncssh.SSHServerChannel[bytes] | None = None
        self._term = "xterm-256color"
        self._size = (80, 24)
        self._has_pty = False
        self._master = -1
        self._game: GameProcess | None = None
        self._starting: asyncio.Task[None] | None = None
        self._output_paused = False
        self._to_game = bytearray()
        self._input_waiting = False

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:  # type: ignore[override]
        self._channel = chan
        chan.set_write_buffer_limits(OUTPUT_HIGH_WATER, OUTPUT_LOW_WATER)
        self._hosting.sessions.add(self)

    def pause_writing(self) -> None:
        """The client is not keeping up: stop reading the game's output until it has caught up."""
        self._output_paused = True
        if self._master >= 0:
            asyncio.get_running_loop().remove_reader(self._master)

    def resume_writing(self) -> None:
        self._output_paused = False
        if self._master >= 0:
            asyncio.get_running_loop().add_reader(self._master, self._from_game)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self._term = term_type or self._term
        self._size = (term_size[0] or 80, term_size[1] or 24)
        self._has_pty = True
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return True  # whatever was asked, a connection can only play

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no sftp or any other subsystem

    def session_started(self) -> None:
        chan = self._channel
        assert chan is not None
        player = chan.get_extra_info("player", "")
        language = connection_language(self._save_dir, player, chan.get_environment())
        if not self._has_pty:
            self._log(_("refused {player}'s session: no terminal asked for (connect with 'ssh -t')").format(player=player))
            chan.write(f"{i18n.translations(language).gettext(NEEDS_A_TERMINAL)}\r\n".encode())
            chan.exit(1)
            return
        master, slave = pty.openpty()
        _set_size(slave, *self._size)
        self._master = master
        os.set_blocking(master, False)
        if not self._output_paused:
            asyncio.get_running_loop().add_reader(master, self._from_game)
        players = "\n".join(chan.get_extra_info("players", []))  # a new shared game's names are checked by them
        env = {"TERM": self._term, PLAYER_ENV: player, PLAYERS_ENV: players, LANGUAGE_ENV: language}  # the game's language, chosen here
        self._starting = asyncio.ensure_future(self._start_game(slave, env))

    async def _start_game(self, terminal: int, env: dict[str, str]) -> None:
        """The game on the terminal's slave side: forked warm, else started cold."""
        try:
            warm = self._hosting.warm
            if warm is not None and not warm.closed:
                try:
                    pid = await warm.start_game(terminal, env)
                    self._game = GameProcess(pid, lambda: warm.ended(pid))
                except WarmStartError as exc:
                    self._log(_("{problem}: games start cold now").format(problem=exc))
            if self._game is None:
                self._game = _cold_game(self._command, terminal, env)
        finally:
            os.close(terminal)  # the game holds it now: its end shows as the end of the terminal
        if self._master < 0:  # the connection went while the game was starting
            self.hang_up()

    def _from_game(self) -> None:
        try:
            data = os.read(self._master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: the game's side of the terminal is closed
            data = b""
        if data and self._channel is not None:
            try:
                self._channel.write(data)
            except BrokenPipeError:  # the client went, its connection_lost not in yet (SSH re-test: a traceback a write)
                self.hang_up()
            return
        self._close_terminal()
        asyncio.ensure_future(self._game_over())

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self._master >= 0:
            self._to_game += data
            self._write_to_game()

    def _write_to_game(self) -> None:
        """Pass the keys on; what the game's terminal cannot take yet (a long paste while the game is
        busy) waits here, and the channel stops reading (the client's SSH window bounds it) until it is in."""
        try:
            written = os.write(self._master, self._to_game)
        except BlockingIOError:
            written = 0
        except OSError:  # the game's side of the terminal is closed
            self._close_terminal()
            asyncio.ensure_future(self._game_over())
            return
        del self._to_game[:written]
        assert self._channel is not None
        loop = asyncio.get_running_loop()
        if self._to_game and not self._input_waiting:
            self._input_waiting = True
            self._channel.pause_reading()
            loop.add_writer(self._master, self._write_to_game)
        elif not self._to_game and self._input_waiting:
            self._input_waiting = False
            loop.remove_writer(self._master)
            self._channel.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self._master >= 0:
            _set_size(self._master, width, height)

    def connection_lost(self, exc: Exception | None) -> None:
        self.hang_up()

    def hang_up(self, stopping: bool = False) -> None:
        """The connection is gone (or the server closes it): hang the game up (its game is in the store).
        ``stopping``: the server closes it; the player's terminal is given back as the game found it, and told why."""
        self._hosting.sessions.discard(self)
        self._close_terminal()
        channel, self._channel = self._channel, None
        if channel is not None:
            if stopping and self._has_pty and not channel.is_closing():
                # the player's language now (review: one chosen with i in the lobby since they connected)
                language = connection_language(self._save_dir, channel.get_extra_info("player", ""), channel.get_environment())
                said = i18n.translations(language).gettext(SERVER_STOPPING)
                with contextlib.suppress(OSError):  # the client went as the server stopped
                    channel.write(TERMINAL_RESTORED + f"\r\n{said}\r\n".encode())
            channel.close()
        game, self._game = self._game, None
        if game is not None:
            self._hosting.end_game(game)

    async def _game_over(self) -> None:
        """The game closed its terminal (it quit): the channel ends with the game's exit status."""
        self._hosting.sessions.discard(self)
        game = self._game
        status = 0
        if game is not None:
            try:
                status = await asyncio.wait_for(asyncio.shield(game.status()), HANG_UP_SECONDS)
            except TimeoutError:
                status = await game.hang_up()
        if self._channel is not None:
            channel, self._channel = self._channel, None
            channel.exit(max(status, 0))

    def _close_terminal(self) -> None:
        if self._master >= 0:
            loop = asyncio.get_running_loop()
            loop.remove_reader(self._master)
            loop.remove_writer(self._master)
            os.close(self._master)
            self._master = -1


class GameServer(asyncssh.SSHServer):
    """Public keys only, named by their comment; nothing but the game session is offered."""

    def __init__(self, keys: KeyFile, command: list[str], hosting: Hosting, log: Callable[[str], None]) -> None:
        self._keys = keys
        self._command = command
        self._hosting = hosting
        self._log = log
        self._conn: asyncssh.SSHServerConnection | None = None
        self._player = ""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn

    def connection_lost(self, exc: Exception | None) -> None:
        if self._player:
            self._hosting.players[self._player] -= 1
            self._log(_("{player} disconnected").format(player=self._player))

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keys = self._keys.current()
        name = keys.players.get(key.public_data)
        if name is None:
            why = keys.refused.get(key.public_data) or _("not in {path}").format(path=self._keys.save_dir / AUTHORIZED_KEYS_NAME)
            self._log(_("refused key {fingerprint} (user {user}, from {peer}): {why}").format(
                fingerprint=key.get_fingerprint(), user=repr(username), peer=self._peer(), why=why,
            ))
            return False
        assert self._conn is not None
        self._conn.set_extra_info(player=name, players=keys.names)
        return True

    def _peer(self) -> str:
        assert self._conn is not None
        peer = self._conn.get_extra_info("peername") or ("?", 0)
        return address(peer[0], peer[1])

    def auth_completed(self) -> None:
        assert self._conn is not None
        self._player = self._conn.get_extra_info("player")
        self._hosting.players[self._player] += 1
        self._log(_("{player} connected from {peer}").format(player=self._player, peer=self._peer()))

    def session_requested(self) -> PlayerSession:
        return PlayerSession(self._command, self._hosting, self._log, self._keys.save_dir)


def game_command(save_dir: Path) -> list[str]:
    """A cold game: a fresh Python running the app (the player comes in its environment)."""
    return [sys.executable, "-m", "tui.app", "--save-dir", str(save_dir)]


async def _notify_forever(hosting: Hosting, save_dir: Path, command: str, seconds: float, log: Callable[[str], None]) -> None:
    """--notify: every ``seconds``, tell the players away whose decision a game waits for."""
    from core import gamedata
    from core.notify import Notifier
    from core.store import SqliteStore, StoreError

    loop = asyncio.get_running_loop()
    data = await loop.run_in_executor(None, gamedata.load, save_dir)
    store = await loop.run_in_executor(None, SqliteStore.in_folder, save_dir, data)
    notifier = Notifier(store, data, command, log)
    try:
        while True:
            try:
                for notice in await loop.run_in_executor(None, notifier.check, hosting.connected()):
                    log(_("--notify: told {player} that game {game} waits for them").format(player=notice.player, game=notice.waiting.game_id))
            except StoreError as exc:
                log(_("--notify: {problem}").format(problem=exc))
            await asyncio.sleep(seconds)
    finally:
        await loop.run_in_executor(None, notifier.wait)
        store.close()


async def start_server(
    host: str,
    port: int,
    save_dir: Path,
    command: list[str] | None = None,
    log: Callable[[str], None] = print,
    warm: bool = True,
    notify: str | None = None,
    notify_seconds: float = NOTIFY_SECONDS,
) -> Hosting:
    """Start listening; ``command`` is what each connection runs (the game by default, forked warm
    unless ``warm`` is False); ``notify``: the command run for a decision waiting for a player away."""
    from core import gamedata

    make_private_folder(save_dir)
    key = host_key(save_dir)
    keys = KeyFile(save_dir, log)
    keys.current()
    if notify is not None:
        try:
            gamedata.load(save_dir)
        except gamedata.DataError as exc:
            raise ServeError(_("--notify needs the game data: {problem}").format(problem=exc)) from None
    hosting = Hosting()
    if command is None and warm:
        try:
            hosting.warm = await WarmStarter.start(save_dir)
        except WarmStartError as exc:
            log(_("{problem}: games start cold").format(problem=exc))
    run = command if command is not None else game_command(save_dir)
    try:
        hosting.acceptor = await asyncssh.create_server(
            lambda: GameServer(keys, run, hosting, log),
            host,
            port,
            server_host_keys=[key],
            encoding=None,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=60,
        )
    except OSError as exc:
        hosting.close()
        raise ServeError(_("cannot listen on {address}: {reason}").format(address=address(host, port), reason=exc.strerror or exc)) from None
    if notify is not None:
        hosting.tasks.append(asyncio.ensure_future(_notify_forever(hosting, save_dir, notify, notify_seconds, log)))
    return hosting


def main(argv: list[str]) -> int:
    if not use_language_asked("virgin-queen serve", argv, lambda save_dir: Settings.read(save_dir).language):
        return 2
    parser = argparse.ArgumentParser(prog="virgin-queen serve", description=_("Serve the game over SSH, one terminal per player."))
    parser.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)"))
    parser.add_argument("--port", type=int, default=2222, help=_("port to listen on (default 2222)"))
    parser.add_argument("--save-dir", type=Path, default=Path("saves"), help=_("games, the host key and authorized_keys (default ./saves)"))
    parser.add_argument(
        "--notify",
        metavar="COMMAND",
        help=_("run COMMAND (with /bin/sh) when a shared game waits for a player who is not connected; "
               "VQ_PLAYER, VQ_GAME, VQ_POWER, VQ_DECISION, VQ_RULE, VQ_ACTION and VQ_MESSAGE say who and what"),
    )
    add_language_argument(parser, _(
        "VQ_LANG, else the locale: of these lines only; each player's game is in the language their ssh sends "
        "(VQ_LANG, else their choice with i in the lobby, else LC_ALL, LC_MESSAGES or LANG)"
    ))
    args = parser.parse_args(argv)
    if save_folder_refused(args.save_dir):
        return 2

    def log(line: str) -> None:  # with the time (shared-game play-test: "Cy disconnected", when?)
        print(f"{datetime.now():%Y-%m-%d %H:%M:%S} virgin-queen serve: {line}", flush=True)

    async def serve() -> None:
        hosting = await start_server(args.host, args.port, args.save_dir, log=log, notify=args.notify)
        try:
            players = KeyFile(args.save_dir, lambda _line: None).current().names
            where = address(args.host, hosting.port)
            how = _("games forked warm") if hosting.warm is not None else _("games started cold")
            log(ngettext(
                "serving on {address} for {count} player ({how}); connect with: ssh -p {port} -i KEY NAME@{host} (KEY: the private key of a public key in authorized_keys)",
                "serving on {address} for {count} players ({how}); connect with: ssh -p {port} -i KEY NAME@{host} (KEY: the private key of a public key in authorized_keys)",
                len(players),
            ).format(address=where, count=len(players), how=how, port=hosting.port, host=args.host))
            await hosting.wait_closed()
        finally:
            hosting.close()
            # Ctrl+C: the players' terminals are given back (TERMINAL_RESTORED) as the games end (review: the
            # loop closed at once, and a slow client's restore could be lost)
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(hosting.wait_closed(), HANG_UP_SECONDS + 1)

    try:
        asyncio.run(serve())
    except ServeError as exc:
        print(f"virgin-queen serve: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    return 0
