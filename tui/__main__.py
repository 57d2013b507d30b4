"""``python -m tui``: the game, as the ``virgin-queen`` command starts it (play-test: a newcomer tried it first)."""

import sys

from tui.app import main

sys.exit(main())
