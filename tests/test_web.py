"""virgin-queen web: the app's page served over HTTP (textual-serve), only to whoever has its key."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

from aiohttp.test_utils import TestClient, TestServer

from tui.web import KEY_COOKIE, keyed_server, main, web_command

TIMEOUT = 20.0
KEY = "the-secret-key"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_web_command_prints_the_address_with_its_key_and_serves_the_game_page_there(tmp_path):
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "import sys; from tui.app import main; sys.exit(main())",
         "web", "--host", "127.0.0.1", "--port", str(port), "--save-dir", str(tmp_path / "saves")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        prefix = f"virgin-queen web: open http://127.0.0.1:{port}/?key="
        assert line.startswith(prefix) and len(line.strip()) > len(prefix) + 16
        address = line.removeprefix("virgin-queen web: open ").strip()
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                with urllib.request.urlopen(address, timeout=2) as response:
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


async def test_without_the_key_the_page_its_files_and_the_game_socket_are_refused(tmp_path):
    server = keyed_server(web_command(tmp_path), "127.0.0.1", 8000, KEY)
    async with TestClient(TestServer(await server._make_app())) as client:
        for path in ("/", "/?key=a-guess", "/static/css/xterm.css", "/ws"):
            response = await client.get(path)
            assert response.status == 403, path
            assert "this page needs its key" in await response.text()
        assert not client.session.cookie_jar.filter_cookies(client.make_url("/"))


async def test_the_key_in_the_address_sets_the_cookie_that_opens_the_rest(tmp_path):
    server = keyed_server(web_command(tmp_path), "127.0.0.1", 8000, KEY)
    async with TestClient(TestServer(await server._make_app())) as client:
        page = await client.get(f"/?key={KEY}")
        assert page.status == 200 and "The Virgin Queen" in await page.text()
        cookie = page.cookies[KEY_COOKIE]
        assert cookie.value == KEY and cookie["httponly"] and cookie["samesite"] == "Strict"
        assert (await client.get("/static/css/xterm.css")).status == 200  # with the cookie only
        again = await client.get("/")
        assert again.status == 200


def test_an_address_other_machines_reach_is_refused_without_allow_remote(tmp_path, capsys):
    assert main(["--host", "0.0.0.0", "--port", str(_free_port()), "--save-dir", str(tmp_path / "saves")]) == 2
    err = capsys.readouterr().err
    assert "0.0.0.0 can be reached from other machines" in err and "--allow-remote" in err and err.count("\n") == 1
    assert not (tmp_path / "saves").exists()


async def test_behind_a_public_url_the_page_connects_to_that_address(tmp_path):
    server = keyed_server(web_command(tmp_path), "0.0.0.0", 8000, KEY, "http://table.example:8000")
    async with TestClient(TestServer(await server._make_app())) as client:
        page = await client.get(f"/?key={KEY}")
        assert "ws://table.example:8000/ws" in await page.text()
