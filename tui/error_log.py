"""Errors nobody expected keep their cause: written with the traceback to ``SAVE_DIR/virgin-queen.log``
(stdlib logging, rotating, owner-only), and shown to the player as one line that names the log."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from textual.message_pump import MessagePump

from core import atomic
from core.i18n import _
from tui.messages import GameProblem

LOG_NAME = "virgin-queen.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3

_opening = threading.Lock()  # two workers failing at once open the log once


def log_unexpected(save_dir: Path, doing: str, exc: BaseException, detail: str = "") -> str:
    """Write ``exc`` with its traceback to the log in ``save_dir``; the line to show the player.
    ``doing`` is an English message (marked ``N_`` where written), kept in English in the log (with
    ``detail``, such as the request's name) and shown in the player's language."""
    path = save_dir / LOG_NAME
    error = f"{type(exc).__name__}: {' '.join(str(exc).split())[:120]}"
    try:
        with _opening:
            logger = _logger_for(path)
        logger.error("unexpected error while %s%s", doing, f" ({detail})" if detail else "", exc_info=exc)
        return _("unexpected error while {doing} ({error}); the details are in {log}").format(doing=_(doing), error=error, log=path)
    except OSError as log_error:
        return _("unexpected error while {doing} ({error}); and the log {log} could not be written ({reason})").format(
            doing=_(doing), error=error, log=path, reason=log_error.strerror,
        )


@contextmanager
def errors_logged(screen: MessagePump, save_dir: Path, doing: str) -> Iterator[None]:
    """A screen's own work in a thread worker (``doing``: an English message marked ``N_``): an error it did not
    expect is logged with its traceback and its line said on the screen, as the app's other background work does
    (review: Textual 8.2 gives a failed worker's error only to its devtools log, and the screen waited on). A screen
    taken down meanwhile (left, or the app ended) fails to reach the app: nothing is wrong then (review)."""
    app = screen.app
    try:
        yield
    except Exception as exc:
        if screen.is_attached and app.is_running:
            screen.post_message(GameProblem(log_unexpected(save_dir, doing, exc), failed=True))


def _logger_for(path: Path) -> logging.Logger:
    """The logger writing to ``path`` alone (one per save folder: tests open many in one process)."""
    import logging.handlers  # socket, pickle and more: loaded by the first error, not at start-up

    logger = logging.getLogger(f"virgin_queen:{path.resolve()}")
    if not logger.handlers:
        atomic.make_private_folder(path.parent)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, atomic.PRIVATE_FILE_MODE))
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return logger
