"""The one seeded source of chance, kept in the game state (GEN-4, GEN-9).

splitmix64 is used because its whole state is one integer, so a game saves and replays exactly.
Tests and walkthroughs queue forced faces (``forced_dice``) or patron picks (``forced_picks``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TypeVar

from core.state import RngState

_RANGE = 1 << 64
_MASK = _RANGE - 1
# A seed's digits, at most, wherever one is typed: the dice keep only its lowest 64 bits, and 20 digits write
# every 64-bit number (a secret seed has at most 19); more would only repeat games (and int() refuses over 4,300)
SEED_DIGITS = 20
T = TypeVar("T")


class ForcedValueError(ValueError):
    """A forced die face or pick does not fit the draw it was used for."""


def secret_seed() -> int:
    """A seed no one can work out (GEN-8: the seed gives every hand and every roll to come; a six-digit
    one was found from a player's own first hand in a minute, by trying them all). Below 2**63: a signed
    64-bit integer, wherever it is kept."""
    return secrets.randbits(63)


def new_rng(seed: int) -> RngState:
    return RngState(state=seed & _MASK)


def _next(rng: RngState) -> int:
    z = rng.state = (rng.state + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(rng: RngState, n: int) -> int:
    """A uniform integer in [0, n), by rejection so no value is favoured."""
    limit = _RANGE - _RANGE % n
    while True:
        value = _next(rng)
        if value < limit:
            return value % n


def d6(rng: RngState, rule: str = "") -> int:
    """One die: a face forced for this rule, else a forced face, else the seeded source."""
    by_rule = rng.forced_by_rule.get(rule)
    if by_rule or rng.forced_dice:
        face = by_rule.pop(0) if by_rule else rng.forced_dice.pop(0)
        if not 1 <= face <= 6:
            raise ForcedValueError(f"forced die face {face} is not 1-6")
        return face
    return below(rng, 6) + 1


def shuffle(rng: RngState, items: list[T]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def pick(rng: RngState, candidates: Sequence[str]) -> str:
    if rng.forced_picks:
        chosen = rng.forced_picks.pop(0)
        if chosen not in candidates:
            raise ForcedValueError(f"forced pick {chosen!r} is not among {list(candidates)}")
        return chosen
    return candidates[below(rng, len(candidates))]
