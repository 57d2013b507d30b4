"""``virgin-queen web``: the same app in a browser, through textual-serve.

Each browser tab that opens the page gets its own game process (local games and the lobby of shared
games, as on the title screen); the shared games are those of the save folder's store, so browser
players, SSH players and local terminals can sit at one game.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from core.atomic import make_private_folder


def web_command(save_dir: Path) -> str:
    return shlex.join([sys.executable, "-m", "tui.app", "--save-dir", str(save_dir)])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="virgin-queen web", description="Serve the game to a web browser.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--save-dir", type=Path, default=Path("saves"), help="games and the shared store (default ./saves)")
    args = parser.parse_args(argv)
    from textual_serve.server import Server  # aiohttp and jinja load only for this command

    make_private_folder(args.save_dir)
    server = Server(web_command(args.save_dir.resolve()), host=args.host, port=args.port, title="The Virgin Queen")
    try:
        server.serve()
    except OSError as exc:
        print(f"virgin-queen web: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
