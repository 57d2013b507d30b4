"""Keyboard-driven walkthroughs, one module per rule section, each a short declarative record.

A walkthrough drives the same engine as a game: each step explains a rule and names the legal choice
to take; any other choice is refused with the step's explanation. Chance is forced per rule, so the
worked examples of the rules come out exactly as written. ``python -m core walkthrough --check``
plays every one headless and asserts what each step promises.
"""

from __future__ import annotations

from core.walkthroughs import cards, diplomacy, marriage, patronage, powers, table, turn, victory
from core.walkthroughs.model import Step, Walkthrough, WalkthroughFailed, WalkthroughRun, check, play_through

SECTION_MODULES = (turn, cards, diplomacy, marriage, patronage, powers, victory, table)

WALKTHROUGHS: dict[str, Walkthrough] = {w.id: w for m in SECTION_MODULES for w in m.WALKTHROUGHS}
SECTIONS: tuple[str, ...] = tuple(m.SECTION for m in SECTION_MODULES)
TITIAN = patronage.TITIAN
WEDDINGS = marriage.WEDDINGS

__all__ = ["SECTIONS", "TITIAN", "WALKTHROUGHS", "WEDDINGS", "Step", "Walkthrough", "WalkthroughFailed", "WalkthroughRun", "check", "play_through"]
