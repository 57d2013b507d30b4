"""``virgin-queen serve``: each player plays in their own terminal over SSH.

The server lets in only the public keys listed in ``SAVE_DIR/authorized_keys`` (OpenSSH format; a
key's comment is the player's name); no passwords, no shell, no port forwarding, no file access. Each
connection runs the game in its own process on its own pseudo-terminal, opened on the lobby of the
shared games as the key's player (VIRGIN_QUEEN_PLAYER), so terminal size changes are followed and a
dropped connection ends only that process (the game itself lives in the store in the save folder,
with every action, so nothing is lost; the seat is free to take again). The host key is made on
first run in the save folder. A client that stops reading pauses only its own game's output
(OUTPUT_HIGH_WATER), so it costs the server bounded memory and never slows the others.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Callable
from pathlib import Path

import asyncssh

from core.atomic import make_private_folder
from tui.app import PLAYER_ENV

HOST_KEY_NAME = "ssh_host_ed25519_key"
AUTHORIZED_KEYS_NAME = "authorized_keys"
READ_SIZE = 65536
# A client that reads slower than its game writes (a slow link, a stalled or suspended ssh): once this
# much output waits in the channel beyond the client's SSH window, the game's terminal is no longer
# read until the client has taken it down to the low mark. The game then waits on its own terminal,
# so a stalled client holds at most its window + OUTPUT_HIGH_WATER + READ_SIZE here, and only its game.
OUTPUT_HIGH_WATER = 65536
OUTPUT_LOW_WATER = 16384


class ServeError(RuntimeError):
    """The server cannot start (no usable host key, no authorized_keys, the port is taken)."""


def host_key(save_dir: Path) -> asyncssh.SSHKey:
    """The server's host key, generated on first run and kept in the save folder (owner-only)."""
    path = save_dir / HOST_KEY_NAME
    if path.exists():
        try:
            return asyncssh.read_private_key(str(path))
        except (OSError, asyncssh.KeyImportError) as exc:
            raise ServeError(f"{path}: not a usable host key ({exc})") from None
    make_private_folder(save_dir)
    key = asyncssh.generate_private_key("ssh-ed25519")
    old_umask = os.umask(0o077)  # owner-only from the moment it exists
    try:
        key.write_private_key(str(path))
    finally:
        os.umask(old_umask)
    return key


def authorized_players(save_dir: Path) -> tuple[dict[bytes, str], list[str]]:
    """Public key -> player name (the key's comment), and one problem line per unusable line."""
    path = save_dir / AUTHORIZED_KEYS_NAME
    players: dict[bytes, str] = {}
    problems: list[str] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return players, [f"{path}: no such file (list one OpenSSH public key per line; its comment is the player's name)"]
    except (OSError, UnicodeDecodeError) as exc:
        return players, [f"{path}: cannot be read ({exc})"]
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            key = asyncssh.import_public_key(line)
        except (asyncssh.KeyImportError, ValueError) as exc:
            problems.append(f"{path}: line {number}: not an OpenSSH public key ({exc})")
            continue
        name = (key.get_comment() or "").strip()
        if not name:
            problems.append(f"{path}: line {number}: the key has no comment to name its player")
            continue
        players[key.public_data] = name
    return players, problems


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(height, 1), max(width, 1), 0, 0))


def _make_controlling_terminal() -> None:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _reap(child: subprocess.Popen[bytes]) -> None:
    """Wait for a hung-up game to end (it exits at once on SIGHUP), killing it if it does not."""
    try:
        child.wait(timeout=3)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()


class PlayerSession(asyncssh.SSHServerSession[bytes]):
    """One connection's game: a child process on a pseudo-terminal, wired to the SSH channel."""

    def __init__(self, command: list[str], save_dir: Path) -> None:
        self._command = command
        self._save_dir = save_dir
        self._channel: asyncssh.SSHServerChannel[bytes] | None = None
        self._term = "xterm-256color"
        self._size = (80, 24)
        self._has_pty = False
        self._master = -1
        self._child: subprocess.Popen[bytes] | None = None
        self._output_paused = False
        self._to_game = bytearray()
        self._input_waiting = False

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:  # type: ignore[override]
        self._channel = chan
        chan.set_write_buffer_limits(OUTPUT_HIGH_WATER, OUTPUT_LOW_WATER)

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
        if not self._has_pty:
            chan.write(b"The Virgin Queen needs a terminal: connect with 'ssh -t'.\r\n")
            chan.exit(1)
            return
        player = chan.get_extra_info("player", "")
        master, slave = pty.openpty()
        _set_size(slave, *self._size)
        env = {**os.environ, "TERM": self._term, PLAYER_ENV: player}
        env.pop("TEXTUAL_DRIVER", None)
        try:
            self._child = subprocess.Popen(
                self._command,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,
                preexec_fn=_make_controlling_terminal,
            )
        finally:
            os.close(slave)
        self._master = master
        os.set_blocking(master, False)
        if not self._output_paused:
            asyncio.get_running_loop().add_reader(master, self._from_game)

    def _from_game(self) -> None:
        try:
            data = os.read(self._master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: the game's side of the terminal is closed
            data = b""
        if data and self._channel is not None:
            self._channel.write(data)
            return
        self._finish()

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
            self._finish()
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
        self._finish()

    def _finish(self) -> None:
        """Stop the game's process (its game is saved after every decision) and close the channel."""
        if self._master >= 0:
            asyncio.get_running_loop().remove_reader(self._master)
            asyncio.get_running_loop().remove_writer(self._master)
            os.close(self._master)
            self._master = -1
        status = 0
        if self._child is not None:
            child, self._child = self._child, None
            if child.poll() is None:  # the connection went first: hang up, reap off the event loop
                os.killpg(child.pid, signal.SIGHUP)
                asyncio.get_running_loop().run_in_executor(None, _reap, child)
            else:
                status = child.returncode
        if self._channel is not None:
            channel, self._channel = self._channel, None
            channel.exit(max(status, 0))


class GameServer(asyncssh.SSHServer):
    """Public keys only, named by their comment; nothing but the game session is offered."""

    def __init__(self, save_dir: Path, command: list[str], log: Callable[[str], None]) -> None:
        self._save_dir = save_dir
        self._command = command
        self._log = log
        self._conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        players, _problems = authorized_players(self._save_dir)  # read each time: new keys need no restart
        name = players.get(key.public_data)
        if name is None:
            self._log(f"refused a key that is not in {self._save_dir / AUTHORIZED_KEYS_NAME} (user {username!r})")
            return False
        assert self._conn is not None
        self._conn.set_extra_info(player=name)
        return True

    def auth_completed(self) -> None:
        assert self._conn is not None
        self._log(f"{self._conn.get_extra_info('player')} connected")

    def session_requested(self) -> PlayerSession:
        return PlayerSession(self._command, self._save_dir)


def game_command(save_dir: Path) -> list[str]:
    return [sys.executable, "-m", "tui.app", "--save-dir", str(save_dir)]


async def start_server(
    host: str, port: int, save_dir: Path, command: list[str] | None = None, log: Callable[[str], None] = print
) -> asyncssh.SSHAcceptor:
    """Start listening; ``command`` is what each connection runs (the game by default)."""
    make_private_folder(save_dir)
    key = host_key(save_dir)
    players, problems = authorized_players(save_dir)
    for problem in problems:
        log(problem)
    run = command or game_command(save_dir)
    try:
        return await asyncssh.create_server(
            lambda: GameServer(save_dir, run, log),
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
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="virgin-queen serve", description="Serve the game over SSH, one terminal per player.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=2222, help="port to listen on (default 2222)")
    parser.add_argument("--save-dir", type=Path, default=Path("saves"), help="games, the host key and authorized_keys (default ./saves)")
    args = parser.parse_args(argv)

    async def serve() -> None:
        server = await start_server(args.host, args.port, args.save_dir)
        players, _ = authorized_players(args.save_dir)
        print(f"virgin-queen: serving on {args.host}:{args.port} for {len(players)} players; connect with: ssh -p {args.port} NAME@{args.host}")
        await server.wait_closed()

    try:
        asyncio.run(serve())
    except ServeError as exc:
        print(f"virgin-queen serve: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    return 0
