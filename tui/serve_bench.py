"""Server benchmark figures: many SSH connections opened at once, the time each takes to reach the
lobby and the unique memory (USS) of each game process, with games forked warm or started cold.

Run by ``python -m core bench`` in a process of its own (core never imports tui); prints one JSON
object. The server runs in a process of its own too (``--serve``), as a host runs it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import asyncssh

from tui.serve import AUTHORIZED_KEYS_NAME, start_server

LOBBY = b"Shared games - you are"  # the lobby's title, as the game writes it to the terminal
TIMEOUT_SECONDS = 120.0


def unique_mb(pid: int) -> float:
    """A process's unique set size (Private_Clean + Private_Dirty of /proc/PID/smaps_rollup)."""
    kib = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith(("Private_Clean:", "Private_Dirty:")):
            kib += int(line.split()[1])
    return kib / 1024


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


class LobbyWatch(asyncssh.SSHClientSession[bytes]):
    """A client that only looks for the lobby's title in what it receives."""

    def __init__(self, reached: asyncio.Future[float]) -> None:
        self._reached = reached
        self._tail = b""

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        seen = self._tail + data
        if LOBBY in seen and not self._reached.done():
            self._reached.set_result(asyncio.get_running_loop().time())
        self._tail = seen[-len(LOBBY) :]


async def _reach_lobby(port: int, key: asyncssh.SSHKey) -> tuple[float, asyncssh.SSHClientConnection]:
    loop = asyncio.get_running_loop()
    start = loop.time()
    reached: asyncio.Future[float] = loop.create_future()
    conn = await asyncssh.connect("127.0.0.1", port, username="bench", client_keys=[key], known_hosts=None, agent_path=None)
    await conn.create_session(lambda: LobbyWatch(reached), term_type="xterm-256color", term_size=(80, 24), encoding=None)
    return await asyncio.wait_for(reached, TIMEOUT_SECONDS) - start, conn


async def measure(connections: int, cold: bool) -> dict[str, Any]:
    """Start a server, open ``connections`` at once, and measure."""
    with tempfile.TemporaryDirectory(prefix="virgin-queen-serve-bench-") as folder:
        save_dir = Path(folder)
        keys = [asyncssh.generate_private_key("ssh-ed25519", comment=f"P{i:02}") for i in range(connections)]
        (save_dir / AUTHORIZED_KEYS_NAME).write_bytes(b"".join(key.export_public_key() for key in keys))
        command = [sys.executable, "-m", "tui.serve_bench", "--serve", str(save_dir), *(["--cold"] if cold else [])]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            port = int(server.stdout.readline())
            reached = await asyncio.gather(*(_reach_lobby(port, key) for key in keys))
            games = children(server.pid)
            if not cold:  # the fork server is the server's one child; the games are its children
                fork_server = games
                games = [pid for parent in fork_server for pid in children(parent)]
            memory = [unique_mb(pid) for pid in games]
            base = [unique_mb(pid) for pid in fork_server] if not cold else []
            for _seconds, conn in reached:
                conn.close()
        finally:
            server.terminate()
            server.wait()
            if server.stdout is not None:
                server.stdout.close()
    times = [seconds for seconds, _conn in reached]
    return {
        "connections": connections,
        "median_s": statistics.median(times),
        "max_s": max(times),
        "games": len(memory),
        "uss_median_mb": statistics.median(memory),
        "uss_max_mb": max(memory),
        "fork_server_uss_mb": sum(base),
    }


async def serve(save_dir: Path, cold: bool) -> None:
    hosting = await start_server("127.0.0.1", 0, save_dir, log=lambda _: None, warm=not cold)
    print(hosting.port, flush=True)
    try:
        await hosting.wait_closed()
    finally:
        hosting.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tui.serve_bench", description=__doc__)
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--cold", action="store_true", help="each game a fresh process (as before warm starts)")
    parser.add_argument("--serve", type=Path, metavar="SAVE_DIR", help="(internal) run the server and print its port")
    args = parser.parse_args(argv)
    if args.serve is not None:
        try:
            asyncio.run(serve(args.serve, args.cold))
        except KeyboardInterrupt:
            pass
        return 0
    print(json.dumps(asyncio.run(measure(args.connections, args.cold))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
