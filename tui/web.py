"""``virgin-queen web``: the shared games in a browser, through textual-serve, one link per player.

Each player gets their own link, with a key made at each start (``/?key=...``): the names come from
``SAVE_DIR/authorized_keys`` (the same players as ``serve``) or from ``--player NAME`` repeated.
Opening a link sets a cookie holding its key; every request (the page, its files, the websocket that
runs the game) without a player's key in the address or the cookie is refused. The key says who
plays: the game process of that browser tab runs as that player (VIRGIN_QUEEN_PLAYER, as over SSH),
on the lobby of the save folder's store, with the name fixed, so a link cannot act for another
player. The key travels unencrypted, so listening beyond this machine (loopback) needs
``--allow-remote``.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import hmac
import ipaddress
import secrets
import shlex
import sys
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from core.atomic import make_private_folder
from tui.app import PLAYER_ENV

if TYPE_CHECKING:
    from aiohttp import web
    from textual_serve.server import Server

KEY_PARAMETER = "key"
KEY_COOKIE = "virgin_queen_key"
REFUSED = "The Virgin Queen: this page needs its key. Open your own link, printed by 'virgin-queen web' when it started (it ends in /?key=...)."


def web_command(save_dir: Path) -> str:
    return shlex.join([sys.executable, "-m", "tui.app", "--save-dir", str(save_dir)])


def player_command(command: str, player: str) -> str:
    """``command`` run as ``player`` (in its environment, never as shell words)."""
    return f"{shlex.join(['env', f'{PLAYER_ENV}={player}'])} {command}"


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host`` ("localhost" or a loopback address)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name: it may resolve to any address


def base_url(host: str, port: int) -> str:
    """``http://host:port``, an IPv6 address in brackets (``http://[::1]:8000``)."""
    from tui.serve import address

    return f"http://{address(host, port)}"


@functools.cache
def request_player() -> web.RequestKey[str]:
    """Where the key check leaves the request's player."""
    from aiohttp import web

    return web.RequestKey("virgin_queen_player", str)


def player_keys(names: list[str]) -> dict[str, str]:
    """A fresh secret key per player: key -> name."""
    return {secrets.token_urlsafe(18): name for name in names}


def _player_of(keys: Mapping[str, str], given: str) -> str | None:
    """The player whose key ``given`` is (compared in constant time), or None."""
    found = None
    for key, name in keys.items():
        if hmac.compare_digest(given, key):
            found = name
    return found


def key_checker(keys: Mapping[str, str]) -> Callable[[web.Request, Callable[[web.Request], Awaitable[web.StreamResponse]]], Awaitable[web.StreamResponse]]:
    """An aiohttp middleware letting through only requests carrying a player's key, in the address
    (which then sets the cookie) or in the cookie; the request is that player's (``request[request_player()]``)."""
    from aiohttp import web

    @web.middleware
    async def check_key(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        in_address = request.query.get(KEY_PARAMETER, "")
        player = _player_of(keys, in_address)
        if player is None:
            player = _player_of(keys, request.cookies.get(KEY_COOKIE, ""))
            in_address = ""
        if player is None:
            raise web.HTTPForbidden(text=REFUSED)
        request[request_player()] = player
        response = await handler(request)
        if in_address and not response.prepared:
            response.set_cookie(KEY_COOKIE, in_address, httponly=True, samesite="Strict")
        return response

    return check_key


def keyed_server(command: str, host: str, port: int, keys: Mapping[str, str], public_url: str | None = None) -> Server:
    """A textual-serve Server whose every request needs a player's key (see ``key_checker``) and
    whose games run as the key's player."""
    from aiohttp import web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server, to_int  # aiohttp and jinja load only for this command

    class KeyedServer(Server):
        async def _make_app(self) -> web.Application:  # textual-serve 1.1 builds its aiohttp app here
            app = await super()._make_app()
            app.middlewares.append(key_checker(keys))
            return app

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """textual-serve 1.1's handler, with the game run as the request's player."""
            websocket = web.WebSocketResponse(heartbeat=15)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            app_service: AppService | None = None
            try:
                await websocket.prepare(request)
                app_service = AppService(
                    player_command(self.command, request[request_player()]),
                    write_bytes=websocket.send_bytes,
                    write_str=websocket.send_str,
                    close=websocket.close,
                    download_manager=self.download_manager,
                    debug=self.debug,
                )
                await app_service.start(width, height)
                await self._process_messages(websocket, app_service)
            except asyncio.CancelledError:
                await websocket.close()
            finally:
                if app_service is not None:
                    await app_service.stop()
            return websocket

    return KeyedServer(command, host=host, port=port, title="The Virgin Queen", public_url=public_url or base_url(host, port))


def main(argv: list[str]) -> int:
    from tui.serve import read_authorized_keys

    parser = argparse.ArgumentParser(prog="virgin-queen web", description="Serve the shared games to web browsers, one link per player.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--save-dir", type=Path, default=Path("saves"), help="games and the shared store (default ./saves)")
    parser.add_argument(
        "--player", action="append", default=[], metavar="NAME",
        help="a player to make a link for (repeat it; default: the names in SAVE_DIR/authorized_keys)",
    )
    parser.add_argument("--public-url", help="the address players open, as http://NAME:PORT (default http://HOST:PORT; needed with --host 0.0.0.0)")
    parser.add_argument("--allow-remote", action="store_true", help="listen on an address other machines can reach (the page and its keys travel unencrypted)")
    args = parser.parse_args(argv)
    if not is_loopback(args.host) and not args.allow_remote:
        print(
            f"virgin-queen web: {args.host} can be reached from other machines, and the page and its keys travel "
            "unencrypted; use 'virgin-queen serve' (SSH keys) for players elsewhere, or pass --allow-remote to serve it there anyway",
            file=sys.stderr,
        )
        return 2
    names = list(dict.fromkeys(" ".join(name.split()) for name in args.player if name.strip())) or read_authorized_keys(args.save_dir).names
    if not names:
        print(
            f"virgin-queen web: no players: name them with --player NAME (repeated), or list their keys in {args.save_dir / 'authorized_keys'}",
            file=sys.stderr,
        )
        return 2
    make_private_folder(args.save_dir)
    keys = player_keys(names)
    server = keyed_server(web_command(args.save_dir.resolve()), args.host, args.port, keys, args.public_url and args.public_url.rstrip("/"))
    for key, name in keys.items():
        print(f"virgin-queen web: {name}: {server.public_url}/?{KEY_PARAMETER}={key}", flush=True)
    try:
        server.serve()
    except OSError as exc:
        print(f"virgin-queen web: cannot listen on {base_url(args.host, args.port)}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
