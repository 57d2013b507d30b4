"""The game in a terminal: a Textual app over the rules in ``core``."""

import os

# Textual tells a lone Esc from the start of a key's escape sequence by waiting ESCDELAY ms for more
# (its default: 100). 50 here, as Neovim waits, unless ESCDELAY is set where the app starts (for games
# over SSH: where the server starts): a terminal writes a key's sequence at once, so it comes whole over
# SSH too, and every Esc (closing an overlay) answers sooner. Set before Textual is imported, which
# reads it then.
os.environ.setdefault("ESCDELAY", "50")
