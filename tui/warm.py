"""Warm starts for ``virgin-queen serve``: a fork server that has loaded Textual, the engine and the
app once forks one game process per connection.

Starting Python, importing Textual and the engine and parsing the styles takes most of a second of
CPU; twenty connections opened at once each paid it. The fork server (``python -m tui.warm``, started
by the SSH server) pays it once: it imports the app and every screen, runs one game app headless to
the lobby in a scratch folder (so the styles, caches and lazily imported widgets are loaded), loads
the save folder's game data (again when its overrides.toml changes), freezes
what it holds out of the garbage collector (so the children's collections leave those pages shared),
and then waits for requests. Each request brings the slave side of a connection's pseudo-terminal
(SCM_RIGHTS over a SOCK_SEQPACKET socket pair) and the game's environment (TERM, the player); the
fork server forks, and the child makes that terminal its own (a new session, the controlling
terminal, stdin/stdout/stderr) and runs the game app on it, as the key's player, on the lobby.

At most ``START_SLOTS`` children draw their first frame at once (the others wait their turn at the
fork server): on two cores, twenty children starting together would each take as long as all of
them; one after the other, half of them are in the lobby before the last has begun.

Every process ends with the server: the fork server with a parent-death signal (SIGKILL) and an
end-of-file on its socket, each game with a parent-death signal (SIGHUP, as a hung-up terminal) on
the fork server. The server learns each game's process id and exit status from the fork server.
"""

from __future__ import annotations

import asyncio
import ctypes
import fcntl
import gc
import importlib
import json
import os
import pkgutil
import random
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import termios
import time
import traceback
from collections import deque
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from core import gamedata, i18n
from core.gamedata import OVERRIDE_FILE_NAME, GameData
from core.i18n import N_, _
from tui.machinery import warm_up_game_machinery

START_SLOTS = max(2, os.cpu_count() or 2)  # games drawing their first frame at once
READY_SECONDS = 3.0  # a game that has not drawn its first frame by then no longer holds a start slot
START_TIMEOUT_SECONDS = 60.0  # the fork server must be ready by then (it loads the whole app)
MESSAGE_SIZE = 65536
_PR_SET_PDEATHSIG = 1


class WarmStartError(RuntimeError):
    """The fork server is not running (it could not start, or it ended): start games cold."""


# Left out of a game's environment: the game draws on its own terminal (the player's, whatever size it is
# and however it is resized), never at the server's size (Textual takes COLUMNS and LINES over the terminal's)
# nor with the server's driver.
NOT_FOR_GAMES = frozenset({"TEXTUAL_DRIVER", "COLUMNS", "LINES"})


def game_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The server's environment as a game gets it (NOT_FOR_GAMES left out)."""
    return {key: value for key, value in environ.items() if key not in NOT_FOR_GAMES}


def die_with_parent(signal_number: int) -> None:
    """Linux: this process gets ``signal_number`` when its parent ends (PR_SET_PDEATHSIG), however
    the parent ended (a kill -9 of a server started under nohup included); if the parent is already
    gone, now. Elsewhere the server's process group and its close() end its games."""
    if not sys.platform.startswith("linux"):
        return
    parent = os.getppid()
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal_number)
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os.kill(os.getpid(), signal_number)


# ---- the server's end -----------------------------------------------------------------------------


class WarmStarter:
    """The SSH server's handle on its fork server: start a game on a terminal, learn when it ends."""

    def __init__(self, process: subprocess.Popen[bytes], control: socket.socket) -> None:
        self._process = process
        self._control = control
        self._next_request = 0
        self._started: dict[int, asyncio.Future[int]] = {}  # request -> the game's process id
        self._ended: dict[int, asyncio.Future[int]] = {}  # process id -> its exit status
        self._reader: asyncio.Task[None] | None = None
        self.closed = False

    @classmethod
    async def start(cls, save_dir: Path) -> WarmStarter:
        """Start the fork server (from the event loop's thread: the parent-death signal follows the
        thread that started it) and wait until it is ready (WarmStartError)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = game_environment(os.environ)
        try:
            process = subprocess.Popen(
                [sys.executable, "-m", "tui.warm", str(save_dir), str(theirs.fileno())],
                pass_fds=[theirs.fileno()],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                env=env,
                # a group of its own: the Ctrl+C of the server's terminal goes to the server alone, which ends it
                # (SSH play-test: it raised KeyboardInterrupt here too, a traceback under the server's last lines)
                process_group=0,
            )
        except OSError as exc:
            ours.close()
            raise WarmStartError(_("the fork server cannot be started ({problem})").format(problem=exc)) from None
        finally:
            theirs.close()
        ours.setblocking(False)
        starter = cls(process, ours)
        loop = asyncio.get_running_loop()
        try:
            first = await asyncio.wait_for(loop.sock_recv(ours, MESSAGE_SIZE), START_TIMEOUT_SECONDS)
        except (TimeoutError, OSError) as exc:
            first = str(exc).encode()
        if first != b'{"ready": true}':
            starter.close()
            raise WarmStartError(_("the fork server did not start ({problem})").format(problem=first.decode(errors="replace") or _("it ended")))
        starter._reader = asyncio.ensure_future(starter._read())
        return starter

    @property
    def pid(self) -> int:
        return self._process.pid

    async def start_game(self, terminal: int, env: dict[str, str]) -> int:
        """Fork a game onto ``terminal`` (the slave side of a pseudo-terminal: the caller may close its
        copy once this returns) with ``env`` added to its environment; its process id."""
        if self.closed:
            raise WarmStartError(_("the fork server has ended"))
        loop = asyncio.get_running_loop()
        self._next_request += 1
        request = self._next_request
        started: asyncio.Future[int] = loop.create_future()
        self._started[request] = started
        message = json.dumps({"request": request, "env": env}).encode()
        while True:
            try:
                socket.send_fds(self._control, [message], [terminal])
                break
            except BlockingIOError:
                writable: asyncio.Future[None] = loop.create_future()
                loop.add_writer(self._control, writable.set_result, None)
                try:
                    await writable
                finally:
                    loop.remove_writer(self._control)
            except OSError as exc:
                self._started.pop(request, None)
                raise WarmStartError(_("the fork server cannot be reached ({problem})").format(problem=exc)) from None
        return await started

    async def ended(self, pid: int) -> int:
        """The exit status of the game ``pid`` once it has ended (negative: the signal that ended it)."""
        return await self._ended_future(pid)

    def _ended_future(self, pid: int) -> asyncio.Future[int]:
        if pid not in self._ended:
            self._ended[pid] = asyncio.get_running_loop().create_future()
            if self.closed:  # its games ended with the fork server (parent-death signal)
                self._ended[pid].set_result(-signal.SIGHUP)
        return self._ended[pid]

    async def _read(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                data = await loop.sock_recv(self._control, MESSAGE_SIZE)
            except OSError:
                data = b""
            if not data:
                break
            message = json.loads(data)
            if "ended" in message:
                ended = self._ended_future(message["ended"])
                if not ended.done():
                    ended.set_result(message["status"])
            else:
                started = self._started.pop(message["request"], None)
                if started is not None and not started.done():
                    if "pid" in message:
                        started.set_result(message["pid"])
                    else:
                        started.set_exception(WarmStartError(_(message["error"])))  # marked N_ where the fork server says it
        self._fail_waiting()

    def _fail_waiting(self) -> None:
        self.closed = True
        for started in self._started.values():
            if not started.done():
                started.set_exception(WarmStartError(_("the fork server has ended")))
        for ended in self._ended.values():
            if not ended.done():
                ended.set_result(-signal.SIGHUP)  # its games ended with it (parent-death signal)
        self._started.clear()

    def close(self) -> None:
        """End the fork server; its games end with it (a hang-up, as for a dropped connection)."""
        if self._reader is not None:
            self._reader.cancel()
        self._control.close()
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()
        self._fail_waiting()


# ---- the fork server ------------------------------------------------------------------------------


def _game_app_class() -> type:
    """The game app, telling the fork server when its first frame is drawn (Textual's Ready)."""
    from tui.app import VirginQueenApp

    class ForkedGameApp(VirginQueenApp):
        first_frame: Callable[[], None] | None = None

        def on_ready(self) -> None:
            if self.first_frame is not None:
                self.first_frame()

    return ForkedGameApp


def _warm_up(app_class: type) -> None:
    """Load what a game's start loads, once: every screen's module, the terminal driver, and one app
    run to the lobby."""
    import tui.screens

    for module in pkgutil.iter_modules(tui.screens.__path__, "tui.screens."):
        importlib.import_module(module.name)
    importlib.import_module("textual.drivers.linux_driver")  # a terminal's driver (the run below is headless)
    warm_up_game_machinery()  # as the app warms up: the engine, and the save converter every game uses
    with tempfile.TemporaryDirectory(prefix="virgin-queen-warm-") as folder:
        app = app_class(Path(folder), player="warm-up", lobby=True, player_fixed=True)

        async def first_frame(pilot: Any) -> None:  # a textual Pilot (textual loads above, not at import)
            pilot.app.exit()

        app.run(headless=True, size=(80, 24), auto_pilot=first_frame)
        del app
        gc.collect()  # the scratch store's connection is closed before the folder goes


class _GameData:
    """The save folder's game data, loaded in the fork server (a third of a game's start) and again
    whenever its overrides.toml changes; None when it does not load (the game then says why)."""

    def __init__(self, save_dir: Path) -> None:
        self._path = save_dir / OVERRIDE_FILE_NAME
        self._seen: tuple[int, int, int] | None = None
        self._data: GameData | None = None

    def current(self) -> GameData | None:
        try:
            found = self._path.stat()
            seen = (found.st_ino, found.st_mtime_ns, found.st_size)
        except OSError:
            seen = (0, 0, 0)
        if seen != self._seen:
            self._seen = seen
            try:
                self._data = gamedata.load(self._path.parent)
            except gamedata.DataError:
                self._data = None
        return self._data


def _game_app(app_class: type, save_dir: Path, env: dict[str, str], data: GameData | None) -> Any:
    """The player's game app on the lobby, with the game data the fork server loaded (None: its own)."""
    from tui.app import PLAYER_ENV, players_named

    return app_class(save_dir, player=env[PLAYER_ENV], lobby=True, player_fixed=True, data=data, key_players=players_named(env))


def _run_game(
    app_class: type, save_dir: Path, data: GameData | None, terminal: int, env: dict[str, str], tell_ready: Callable[[], None]
) -> int:
    """In the forked child: take the terminal as this process's own and play the game on it, in the
    language of this connection (VQ_LANG, chosen by the server: never the fork server's)."""
    from tui.app import PLAYER_ENV
    from tui.settings import Settings, language_for

    os.setsid()
    fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(terminal, fd)
    os.close(terminal)
    os.environ.update(env)
    random.seed()  # not the fork server's sequence, shared by every child
    i18n.use(language_for("", os.environ, Settings.read(save_dir).language_of(env[PLAYER_ENV])))
    app = _game_app(app_class, save_dir, env, data)  # data None: it reads its own, and says what is wrong
    app.first_frame = tell_ready
    return app.run_in_terminal()


def serve_forks(control: socket.socket, save_dir: Path) -> None:
    """The fork server's loop: fork a game per request, at most START_SLOTS starting at once; report
    each game's process id and exit status. Ends when the SSH server closes its end."""
    die_with_parent(signal.SIGKILL)
    app_class = _game_app_class()
    _warm_up(app_class)
    for language in i18n.LANGUAGES:  # every catalog compiled once here, shared by the games forked
        i18n.translations(language)
    i18n.use(i18n.SOURCE_LANGUAGE)  # each game chooses its own (_run_game); nothing of this one's stays
    game_data = _GameData(save_dir)
    game_data.current()
    gc.collect()
    gc.freeze()
    control.setblocking(True)
    ready_read, ready_write = os.pipe()  # a child writes its pid here once its first frame is drawn
    wake_read, wake_write = os.pipe()  # SIGCHLD wakes the loop
    os.set_blocking(wake_write, False)
    os.set_blocking(ready_read, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    selector = selectors.DefaultSelector()
    for source in (control, ready_read, wake_read):
        selector.register(source, selectors.EVENT_READ)
    queued: deque[tuple[dict[str, object], int]] = deque()
    starting: dict[int, float] = {}  # pid -> when it no longer holds a start slot
    me = os.getpid()

    def send(message: dict[str, object]) -> None:
        control.send(json.dumps(message).encode())

    def fork_game(request: dict[str, object], terminal: int) -> None:
        data = game_data.current()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                signal.set_wakeup_fd(-1)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                selector.close()
                control.close()
                for fd in (ready_read, wake_read, wake_write, *(other for _, other in queued)):
                    os.close(fd)
                signal.signal(signal.SIGHUP, signal.SIG_DFL)  # a server under nohup ignores hang-ups; a game must not
                die_with_parent(signal.SIGHUP)
                if os.getppid() != me:
                    os._exit(1)

                def tell_ready() -> None:
                    os.write(ready_write, f"{os.getpid()}\n".encode())

                env = request["env"]
                assert isinstance(env, dict)
                code = _run_game(app_class, save_dir, data, terminal, env, tell_ready)
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(code)
        os.close(terminal)
        starting[pid] = time.monotonic() + READY_SECONDS
        send({"request": request["request"], "pid": pid})

    send({"ready": True})
    while True:
        timeout = max(0.0, min(starting.values()) - time.monotonic()) if starting else None
        for key, _events in selector.select(timeout):
            if key.fileobj is control:
                try:
                    message, fds, _flags, _address = socket.recv_fds(control, MESSAGE_SIZE, 1)
                except OSError:
                    message, fds = b"", []
                if not message:
                    return  # the SSH server has gone: the games go with this process
                request = json.loads(message)
                if fds:
                    queued.append((request, fds[0]))
                else:
                    send({"request": request["request"], "error": N_("no terminal came with the request")})
            elif key.fileobj == ready_read:
                for line in os.read(ready_read, MESSAGE_SIZE).split():
                    starting.pop(int(line), None)
            else:
                os.read(wake_read, MESSAGE_SIZE)
                while True:
                    try:
                        pid, status = os.waitpid(-1, os.WNOHANG)
                    except ChildProcessError:
                        break
                    if pid == 0:
                        break
                    starting.pop(pid, None)
                    send({"ended": pid, "status": os.waitstatus_to_exitcode(status)})
        now = time.monotonic()
        for pid in [pid for pid, deadline in starting.items() if deadline <= now]:
            del starting[pid]
        while queued and len(starting) < START_SLOTS:
            fork_game(*queued.popleft())


def main(argv: list[str]) -> int:
    save_dir, control_fd = Path(argv[0]), int(argv[1])
    control = socket.socket(fileno=control_fd)
    serve_forks(control, save_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
