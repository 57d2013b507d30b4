"""Errors nobody expected keep their cause: written with the traceback to ``SAVE_DIR/virgin-queen.log``
(stdlib logging, rotating, owner-only), and shown to the player as one line that names the log."""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

from core import atomic

LOG_NAME = "virgin-queen.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3

logger = logging.getLogger("virgin_queen")


def _handler_for(path: Path) -> logging.Handler | None:
    for handler in logger.handlers:
        if isinstance(handler, logging.FileHandler) and Path(handler.baseFilename) == path.resolve():
            return handler
    return None


def log_unexpected(save_dir: Path, doing: str, exc: BaseException) -> str:
    """Write ``exc`` with its traceback to the log in ``save_dir``; the line to show the player."""
    path = save_dir / LOG_NAME
    try:
        if _handler_for(path) is None:
            atomic.make_private_folder(save_dir)
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, atomic.PRIVATE_FILE_MODE))
            handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
            logger.addHandler(handler)
            logger.setLevel(logging.INFO)
            logger.propagate = False
        logger.error("unexpected error while %s", doing, exc_info=exc)
        where = f"the details are in {path}"
    except OSError as log_error:
        where = f"and the log {path} could not be written ({log_error.strerror})"
    return f"unexpected error while {doing} ({type(exc).__name__}: {' '.join(str(exc).split())[:120]}); {where}"
