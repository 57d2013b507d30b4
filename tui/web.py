"""``virgin-queen web``: the same app in a browser, through textual-serve.

Each browser tab that opens the page gets its own game process (local games and the lobby of shared
games, as on the title screen); the shared games are those of the save folder's store, so browser
players, SSH players and local terminals can sit at one game.

The page has no accounts, so it has a key: a secret made at each start and printed in the address
to open (``/?key=...``). Opening that address sets a cookie holding the key; every request (the
page, its files, the websocket that runs the game) without the key or the cookie is refused, so
other users of the machine or the network cannot open games or read saves through it. The key
travels unencrypted, so listening beyond this machine (loopback) needs ``--allow-remote``.
"""

from __future__ import annotations

import argparse
import hmac
import ipaddress
import secrets
import shlex
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from core.atomic import make_private_folder

if TYPE_CHECKING:
    from aiohttp import web
    from textual_serve.server import Server

KEY_PARAMETER = "key"
KEY_COOKIE = "virgin_queen_key"
REFUSED = "The Virgin Queen: this page needs its key. Open the address 'virgin-queen web' printed when it started (it ends in /?key=...)."


def web_command(save_dir: Path) -> str:
    return shlex.join([sys.executable, "-m", "tui.app", "--save-dir", str(save_dir)])


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host`` ("localhost" or a loopback address)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name: it may resolve to any address


def key_checker(key: str) -> Callable[[web.Request, Callable[[web.Request], Awaitable[web.StreamResponse]]], Awaitable[web.StreamResponse]]:
    """An aiohttp middleware letting through only requests carrying ``key``, in the address (which
    then sets the cookie) or in the cookie."""
    from aiohttp import web

    @web.middleware
    async def check_key(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        in_address = hmac.compare_digest(request.query.get(KEY_PARAMETER, ""), key)
        if not in_address and not hmac.compare_digest(request.cookies.get(KEY_COOKIE, ""), key):
            raise web.HTTPForbidden(text=REFUSED)
        response = await handler(request)
        if in_address and not response.prepared:
            response.set_cookie(KEY_COOKIE, key, httponly=True, samesite="Strict")
        return response

    return check_key


def keyed_server(command: str, host: str, port: int, key: str, public_url: str | None = None) -> Server:
    """A textual-serve Server whose every request needs ``key`` (see ``key_checker``)."""
    from aiohttp import web
    from textual_serve.server import Server  # aiohttp and jinja load only for this command

    class KeyedServer(Server):
        async def _make_app(self) -> web.Application:  # textual-serve 1.1 builds its aiohttp app here
            app = await super()._make_app()
            app.middlewares.append(key_checker(key))
            return app

    return KeyedServer(command, host=host, port=port, title="The Virgin Queen", public_url=public_url)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="virgin-queen web", description="Serve the game to a web browser.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--save-dir", type=Path, default=Path("saves"), help="games and the shared store (default ./saves)")
    parser.add_argument("--public-url", help="the address players open, as http://NAME:PORT (default http://HOST:PORT; needed with --host 0.0.0.0)")
    parser.add_argument("--allow-remote", action="store_true", help="listen on an address other machines can reach (the page and its key travel unencrypted)")
    args = parser.parse_args(argv)
    if not is_loopback(args.host) and not args.allow_remote:
        print(
            f"virgin-queen web: {args.host} can be reached from other machines, and the page and its key travel "
            "unencrypted; use 'virgin-queen serve' (SSH keys) for players elsewhere, or pass --allow-remote to serve it there anyway",
            file=sys.stderr,
        )
        return 2
    make_private_folder(args.save_dir)
    key = secrets.token_urlsafe(18)
    server = keyed_server(web_command(args.save_dir.resolve()), args.host, args.port, key, args.public_url and args.public_url.rstrip("/"))
    print(f"virgin-queen web: open {server.public_url}/?{KEY_PARAMETER}={key}", flush=True)
    try:
        server.serve()
    except OSError as exc:
        print(f"virgin-queen web: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
