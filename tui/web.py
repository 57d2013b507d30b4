"""``virgin-queen web``: the shared games in a browser, through textual-serve, one link per player.

Each player gets their own link, with a key made at each start (``/?key=...``): the names come from
``SAVE_DIR/authorized_keys`` (the same players as ``serve``) or from ``--player NAME`` repeated.
Opening a link sets a cookie holding its key; every request (the page, its files, the websocket that
runs the game) without a player's key in the address or the cookie is refused. The key says who
plays: the game process of that browser tab runs as that player (VIRGIN_QUEEN_PLAYER, as over SSH),
on the lobby of the save folder's store, with the name fixed, so a link cannot act for another
player. The key travels unencrypted, so listening beyond this machine (loopback) needs
``--allow-remote``.

Each tab's game is in its player's language (``request_language``): a link's ``lang`` parameter
(``/?key=...&lang=ru``, kept in a cookie for the game's socket), else the player's own choice kept in
settings.json (the language key in the lobby), else the browser's Accept-Language, else English.
"""

from __future__ import annotations

import argparse
import functools
import hmac
import ipaddress
import re
import secrets
import shlex
import sys
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from core import i18n
from core.atomic import make_private_folder
from core.i18n import LANGUAGE_ENV, LANGUAGES, N_, _
from tui.app import PLAYER_ENV, add_language_argument, save_folder_refused, use_language_asked
from tui.settings import Settings, language_for
from tui.textual_private import served_with_middleware

if TYPE_CHECKING:
    from aiohttp import web
    from textual_serve.server import Server

KEY_PARAMETER = "key"
KEY_COOKIE = "virgin_queen_key"
LANGUAGE_PARAMETER = "lang"
LANGUAGE_COOKIE = "virgin_queen_lang"
REFUSED = N_("The Virgin Queen: this page needs its key. Open your own link, printed by 'virgin-queen web' when it started (it ends in /?key=...).")
_ACCEPTED = re.compile(r"^\s*([A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*\s*(?:;\s*q\s*=\s*([0-9.]{1,5}))?\s*$")


def web_command(save_dir: Path) -> str:
    return shlex.join([sys.executable, "-m", "tui.app", "--save-dir", str(save_dir)])


def player_command(command: str, player: str, language: str = "") -> str:
    """``command`` run as ``player`` (in its environment, never as shell words), in ``language`` if given."""
    language_env = [f"{LANGUAGE_ENV}={language}"] if language in LANGUAGES else []
    return f"{shlex.join(['env', f'{PLAYER_ENV}={player}', *language_env])} {command}"


def accepted_language(header: str) -> str:
    """The language of the game a browser prefers most (its Accept-Language: ``ru-RU,ru;q=0.9,en;q=0.8``),
    or "" when it names none of them."""
    best, best_weight = "", 0.0
    for part in header.split(",")[:32]:
        found = _ACCEPTED.match(part)
        if found is None:
            continue
        code = found.group(1).lower()
        try:
            weight = float(found.group(2)) if found.group(2) else 1.0
        except ValueError:
            continue
        if code in LANGUAGES and weight > best_weight:
            best, best_weight = code, weight
    return best


def request_language(request: web.Request, player: str, save_dir: Path | None) -> str:
    """The language of the game a request opens (settings.language_for): the link's ``lang``
    parameter (or the cookie it set), else ``player``'s choice kept in the save folder, else the
    browser's Accept-Language, else English."""
    asked = request.query.get(LANGUAGE_PARAMETER, "") or request.cookies.get(LANGUAGE_COOKIE, "")
    stored = Settings.read(save_dir).language_of(player) if save_dir is not None else ""
    return language_for("", {LANGUAGE_ENV: asked if asked in LANGUAGES else "", "LANG": accepted_language(request.headers.get("Accept-Language", ""))}, stored)


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
            language = accepted_language(request.headers.get("Accept-Language", "")) or i18n.SOURCE_LANGUAGE
            raise web.HTTPForbidden(text=i18n.translations(language).gettext(REFUSED))
        request[request_player()] = player
        response = await handler(request)
        asked = request.query.get(LANGUAGE_PARAMETER, "")
        if not response.prepared:
            if in_address:
                response.set_cookie(KEY_COOKIE, in_address, httponly=True, samesite="Strict")
            if asked in LANGUAGES:  # the game's socket carries no parameter of the page: the cookie does
                response.set_cookie(LANGUAGE_COOKIE, asked, httponly=True, samesite="Strict")
        return response

    return check_key


def keyed_server(
    command: str, host: str, port: int, keys: Mapping[str, str], public_url: str | None = None, save_dir: Path | None = None,
) -> Server:
    """A textual-serve Server whose every request needs a player's key (see ``key_checker``) and
    whose games run as the key's player, in their language (``request_language``; the choices kept in
    ``save_dir``'s settings.json)."""
    def games_command(request: web.Request) -> str:
        player = request[request_player()]
        return player_command(command, player, request_language(request, player, save_dir))

    return served_with_middleware(command, host, port, "The Virgin Queen", public_url or base_url(host, port), key_checker(keys), games_command)


def main(argv: list[str]) -> int:
    from tui.serve import read_authorized_keys

    if not use_language_asked("virgin-queen web", argv, lambda save_dir: Settings.read(save_dir).language):
        return 2
    parser = argparse.ArgumentParser(prog="virgin-queen web", description=_("Serve the shared games to web browsers, one link per player."))
    parser.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)"))
    parser.add_argument("--port", type=int, default=8000, help=_("port to listen on (default 8000)"))
    parser.add_argument("--save-dir", type=Path, default=Path("saves"), help=_("games and the shared store (default ./saves)"))
    parser.add_argument(
        "--player", action="append", default=[], metavar="NAME",
        help=_("a player to make a link for (repeat it; default: the names in SAVE_DIR/authorized_keys)"),
    )
    parser.add_argument("--public-url", help=_("the address players open, as http://NAME:PORT (default http://HOST:PORT; needed with --host 0.0.0.0)"))
    parser.add_argument("--allow-remote", action="store_true", help=_("listen on an address other machines can reach (the page and its keys travel unencrypted)"))
    add_language_argument(parser, _(
        "VQ_LANG, else the locale: of these lines only; each player's game is in the language of their link "
        "(&lang=es), else their choice with i in the lobby, else their browser's"
    ))
    args = parser.parse_args(argv)
    if save_folder_refused(args.save_dir):
        return 2
    if not is_loopback(args.host) and not args.allow_remote:
        print(
            _("virgin-queen web: {host} can be reached from other machines, and the page and its keys travel "
              "unencrypted; use 'virgin-queen serve' (SSH keys) for players elsewhere, or pass --allow-remote to serve it there anyway").format(host=args.host),
            file=sys.stderr,
        )
        return 2
    names = list(dict.fromkeys(" ".join(name.split()) for name in args.player if name.strip())) or read_authorized_keys(args.save_dir).names
    if not names:
        print(
            _("virgin-queen web: no players: name them with --player NAME (repeated), or list their keys in {path}").format(path=args.save_dir / "authorized_keys"),
            file=sys.stderr,
        )
        return 2
    make_private_folder(args.save_dir)
    keys = player_keys(names)
    save_dir = args.save_dir.resolve()
    server = keyed_server(web_command(save_dir), args.host, args.port, keys, args.public_url and args.public_url.rstrip("/"), save_dir)
    for key, name in keys.items():
        print(f"virgin-queen web: {name}: {server.public_url}/?{KEY_PARAMETER}={key}", flush=True)
    try:
        server.serve()
    except OSError as exc:
        print(_("virgin-queen web: cannot listen on {address}: {reason}").format(address=base_url(args.host, args.port), reason=exc.strerror or exc), file=sys.stderr)
        return 2
    return 0
