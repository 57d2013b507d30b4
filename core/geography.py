"""Which spaces are connected (core/data/map.toml): neighbours and distances by breadth-first search."""

from __future__ import annotations

from core.gamedata import GameData
from core.lookup import lookup


def neighbours(data: GameData, space: str) -> list[str]:
    """The spaces one connection away, in the order map.toml lists them."""
    return list(lookup(data).neighbours.get(space, ()))


def distance(data: GameData, a: str, b: str) -> int | None:
    """The fewest connections from a to b (0 for the same space); None when no path joins them."""
    return lookup(data).distances_from(a).get(b)
