"""Map geography from the connection data: neighbours and distance in spaces (MOR-3)."""

from __future__ import annotations

from collections import deque

from core.gamedata import GameData


def neighbours(data: GameData, space: str) -> list[str]:
    """The spaces connected to ``space``, in data order."""
    out = []
    for connection in data.connections:
        if connection.a == space:
            out.append(connection.b)
        elif connection.b == space:
            out.append(connection.a)
    return out


def distance(data: GameData, a: str, b: str) -> int | None:
    """The fewest connections from ``a`` to ``b`` (None when no path is known)."""
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
