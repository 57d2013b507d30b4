"""virgin-queen web: the shared games in a browser (textual-serve), one link per player; a link
opens the game only as its own player."""

from __future__ import annotations

import asyncio
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import asyncssh
from aiohttp.test_utils import TestClient, TestServer

from tui.app import PLAYER_ENV
from tui.serve import AUTHORIZED_KEYS_NAME
from tui.web import KEY_COOKIE, base_url, keyed_server, main, player_command, web_command

TIMEOUT = 20.0
KEYS = {"ana-secret-key": "Ana", "ben-secret-key": "Ben"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_web_command_prints_a_link_per_player_and_serves_the_game_page_there(tmp_path):
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "import sys; from tui.app import main; sys.exit(main())",
         "web", "--host", "127.0.0.1", "--port", str(port), "--save-dir", str(tmp_path / "saves"), "--player", "Ana", "--player", "Ben"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline(), server.stdout.readline()]
        links = {}
        for name, line in zip(("Ana", "Ben"), lines, strict=True):
            prefix = f"virgin-queen web: {name}: http://127.0.0.1:{port}/?key="
            assert line.startswith(prefix) and len(line.strip()) > len(prefix) + 16
            links[name] = line.split(": ", 2)[2].strip()
        assert links["Ana"] != links["Ben"]
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                with urllib.request.urlopen(links["Ana"], timeout=2) as response:
                    page = response.read().decode()
                    status = response.status
                break
            except urllib.error.HTTPError:
                raise
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None, "the web server stopped"
                assert time.monotonic() < deadline, "the web server never answered"
                time.sleep(0.1)
        assert status == 200
        assert "The Virgin Queen" in page and f"ws://127.0.0.1:{port}/ws" in page
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
            raise AssertionError("the page was served without its key")
        except urllib.error.HTTPError as refused:
            assert refused.code == 403 and "needs its key" in refused.read().decode()
    finally:
        server.terminate()
        server.wait(timeout=10)
        if server.stdout is not None:
            server.stdout.close()


def test_the_players_come_from_authorized_keys_and_without_any_it_does_not_start(tmp_path, capsys):
    saves = tmp_path / "saves"
    saves.mkdir()
    assert main(["--port", str(_free_port()), "--save-dir", str(saves)]) == 2
    err = capsys.readouterr().err
    assert "no players: name them with --player NAME" in err and err.count("\n") == 1
    for name in ("Ana", "Ben", "Ana"):  # Ana's second key gives her no second link
        key = asyncssh.generate_private_key("ssh-ed25519", comment=name)
        with (saves / AUTHORIZED_KEYS_NAME).open("ab") as handle:
            handle.write(key.export_public_key())
    from tui.serve import read_authorized_keys

    assert read_authorized_keys(saves).names == ["Ana", "Ben"]


async def test_without_a_players_key_the_page_its_files_and_the_game_socket_are_refused(tmp_path):
    server = keyed_server(web_command(tmp_path), "127.0.0.1", 8000, KEYS)
    async with TestClient(TestServer(await server._make_app())) as client:
        for path in ("/", "/?key=a-guess", "/?key=Ana", "/static/css/xterm.css", "/ws"):
            response = await client.get(path)
            assert response.status == 403, path
            assert "this page needs its key" in await response.text()
        assert not client.session.cookie_jar.filter_cookies(client.make_url("/"))


async def test_a_players_key_in_the_address_sets_the_cookie_that_opens_the_rest(tmp_path):
    server = keyed_server(web_command(tmp_path), "127.0.0.1", 8000, KEYS)
    async with TestClient(TestServer(await server._make_app())) as client:
        page = await client.get("/?key=ana-secret-key")
        assert page.status == 200 and "The Virgin Queen" in await page.text()
        cookie = page.cookies[KEY_COOKIE]
        assert cookie.value == "ana-secret-key" and cookie["httponly"] and cookie["samesite"] == "Strict"
        assert (await client.get("/static/css/xterm.css")).status == 200  # with the cookie only
        again = await client.get("/")
        assert again.status == 200


async def _game_started_as(client: TestClient, path: str, told, seen: int) -> str:
    """Open the game's websocket; the player the game process was started as."""
    socket_ = await client.ws_connect(path)
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while len(told.read_text().split()) <= seen if told.exists() else True:
        assert asyncio.get_running_loop().time() < deadline, "the game never started"
        await asyncio.sleep(0.05)
    await socket_.close()
    return told.read_text().split()[seen]


async def test_a_browser_link_cannot_act_for_another_player(tmp_path):
    """The game a browser tab runs is its key's player's, whatever else the request says: Ana's
    cookie with Ben's name in the address plays as Ana; only Ben's key plays as Ben. (The game started as a player opens the lobby with that name fixed, as over SSH: the
    store then records actions only from that player's seat, GEN-2.)"""
    told = tmp_path / "players"
    script = 'echo "$' + PLAYER_ENV + f'" >> {told}'
    game = f"sh -c {shlex.quote(script)}"
    server = keyed_server(game, "127.0.0.1", 8000, KEYS)
    async with TestClient(TestServer(await server._make_app())) as client:
        assert (await client.get("/?key=ana-secret-key")).status == 200
        assert await _game_started_as(client, f"/ws?{PLAYER_ENV}=Ben&player=Ben", told, 0) == "Ana"
        assert await _game_started_as(client, "/ws?key=ben-secret-key", told, 1) == "Ben"
        assert await _game_started_as(client, "/ws", told, 2) == "Ana"  # the cookie is still Ana's
        assert (await client.get("/?key=ben-secret-key")).status == 200  # Ben's link in this browser
        assert await _game_started_as(client, "/ws", told, 3) == "Ben"
    assert player_command("python -m tui.app", "Ana; rm -rf /") == f"env '{PLAYER_ENV}=Ana; rm -rf /' python -m tui.app"


def test_an_address_other_machines_reach_is_refused_without_allow_remote(tmp_path, capsys):
    assert main(["--host", "0.0.0.0", "--port", str(_free_port()), "--save-dir", str(tmp_path / "saves")]) == 2
    err = capsys.readouterr().err
    assert "0.0.0.0 can be reached from other machines" in err and "--allow-remote" in err and err.count("\n") == 1
    assert not (tmp_path / "saves").exists()


async def test_behind_a_public_url_the_page_connects_to_that_address(tmp_path):
    server = keyed_server(web_command(tmp_path), "0.0.0.0", 8000, KEYS, "http://table.example:8000")
    async with TestClient(TestServer(await server._make_app())) as client:
        page = await client.get("/?key=ana-secret-key")
        assert "ws://table.example:8000/ws" in await page.text()


async def test_an_ipv6_host_is_written_in_brackets(tmp_path):
    assert base_url("::1", 8078) == "http://[::1]:8078"
    server = keyed_server(web_command(tmp_path), "::1", 8078, KEYS)
    assert server.public_url == "http://[::1]:8078"
    async with TestClient(TestServer(await server._make_app())) as client:
        page = await client.get("/?key=ben-secret-key")
        assert "ws://[::1]:8078/ws" in await page.text()


async def test_each_browser_tab_s_game_is_in_its_player_s_language(tmp_path):
    """The game a tab runs reads the link's lang (kept in a cookie for the game's socket), else the
    player's own choice kept in settings.json, else the browser's Accept-Language, else English; the
    refusal of a page without its key is in the browser's language."""
    from core.i18n import LANGUAGE_ENV
    from tui.settings import update_settings
    from tui.web import LANGUAGE_COOKIE

    told = tmp_path / "languages"
    script = 'echo "${' + LANGUAGE_ENV + ':-none}" >> ' + str(told)
    server = keyed_server(f"sh -c {shlex.quote(script)}", "127.0.0.1", 8000, KEYS, save_dir=tmp_path)
    async with TestClient(TestServer(await server._make_app())) as client:
        assert (await client.get("/?key=ana-secret-key")).status == 200
        assert await _game_started_as(client, "/ws", told, 0) == "en"
        russian = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}
        socket_ = await client.ws_connect("/ws", headers=russian)
        await _until_lines(told, 2)
        await socket_.close()
        page = await client.get("/?key=ana-secret-key&lang=es", headers=russian)
        assert page.status == 200 and page.cookies[LANGUAGE_COOKIE].value == "es"
        assert await _game_started_as(client, "/ws", told, 2) == "es"  # the link's, through its cookie
        await _games_stopped()
    async with TestClient(TestServer(await server._make_app())) as client:
        update_settings(tmp_path, language="es", player="Ben")
        assert (await client.get("/?key=ben-secret-key")).status == 200
        socket_ = await client.ws_connect("/ws", headers={"Accept-Language": "ru"})
        await _until_lines(told, 4)
        await socket_.close()
        await _games_stopped()
    assert told.read_text().split() == ["en", "ru", "es", "es"]  # Ben's own choice beats his browser's


async def _games_stopped() -> None:
    """Time for the server to stop the games of the sockets just closed (textual-serve waits for each
    process to end), before the test server goes: a game process left to the garbage collector warns."""
    await asyncio.sleep(1.0)


async def _until_lines(path, count: int) -> None:
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while not path.exists() or len(path.read_text().split()) < count:
        assert asyncio.get_running_loop().time() < deadline, "the game never started"
        await asyncio.sleep(0.05)


async def test_a_page_without_its_key_is_refused_in_the_browser_s_language(tmp_path):
    server = keyed_server(web_command(tmp_path), "127.0.0.1", 8000, KEYS)
    async with TestClient(TestServer(await server._make_app())) as client:
        spanish = await client.get("/", headers={"Accept-Language": "es-ES,es;q=0.9"})
        assert spanish.status == 403 and "esta página necesita su clave" in await spanish.text()
        english = await client.get("/", headers={"Accept-Language": "de"})
        assert "this page needs its key" in await english.text()
