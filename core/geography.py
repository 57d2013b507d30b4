"""Which spaces are connected (core/data/map.toml): neighbours and distances by breadth-first search."""

from __future__ import annotations

from collections import deque

from core.gamedata import GameData


def neighbours(data: GameData, space: str) -> list[str]:
    """The spaces one connection away, in the order map.toml lists them."""
    out: list[str] = []
    for connection in data.connections:
        if connection.a == space:
            out.append(connection.b)
        elif connection.b == space:
            out.append(connection.a)
    return out


def distance(data: GameData, a: str, b: str) -> int | None:
    """The fewest connections from a to b (0 for the same space); None when no path joins them."""
    seen = {a: 0}
    queue = deque([a])
    while queue:
        here = queue.popleft()
        if here == b:
            return seen[here]
        for there in neighbours(data, here):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return None
