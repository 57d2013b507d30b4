"""virgin-queen web: the app's page served over HTTP on loopback (textual-serve)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

TIMEOUT = 20.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_web_command_serves_the_game_page_on_a_free_loopback_port(tmp_path):
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "import sys; from tui.app import main; sys.exit(main())",
         "web", "--host", "127.0.0.1", "--port", str(port), "--save-dir", str(tmp_path / "saves")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    page = response.read().decode()
                    status = response.status
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None, "the web server stopped"
                assert time.monotonic() < deadline, "the web server never answered"
                time.sleep(0.1)
        assert status == 200
        assert "The Virgin Queen" in page and f"ws://127.0.0.1:{port}/ws" in page
    finally:
        server.terminate()
        server.wait(timeout=10)
