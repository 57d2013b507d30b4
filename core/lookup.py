"""Tables derived once from the game data for the engine's hot paths: every id's readable name, each
power's home spaces, the map's neighbours and distances. The engine asks these on every decision and
every look-ahead of a computer player; scanning the data each time was most of a decision's cost."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar, TypeVarTuple, cast

from attrs import Factory, frozen

from core import i18n
from core.gamedata import GameData
from core.i18n import Message
from core.ids import INDEPENDENT, Power

# Lookups kept for the last few GameData objects (a game, an override set, a test's data).
_KEPT = 8
_NOT_MADE = object()  # what a memo holds before its maker ran (a maker may make None)
T = TypeVar("T")
Ts = TypeVarTuple("Ts")


@frozen
class Lookup:
    power_ids: tuple[str, ...]
    names: Mapping[str, str]
    # each power's name as a message (a game term, translated where shown): one object, shared
    power_terms: Mapping[str, Message]
    # UNIT-1 / UNIT-2 [D]: each power's home spaces (the Protestant's are the Huguenot home spaces)
    home_spaces: Mapping[str, tuple[str, ...]]
    # UNIT-1 / UNIT-2 / IND-2: those a power may raise units in (never an independent space)
    raise_homes: Mapping[str, tuple[str, ...]]
    neighbours: Mapping[str, tuple[str, ...]]
    # DIP-1: minor -> the major powers listed as able to Activate or Deactivate it, in impulse order
    contenders: Mapping[str, tuple[str, ...]]
    # MAR-3d: royal -> the military leader they are (the first the data lists), for royals who are one
    leader_of_royal: Mapping[str, str]
    # distances from a space to every space it reaches, filled as they are first asked for
    _distances: dict[str, dict[str, int]] = Factory(dict)
    # whatever else depends on the data (and the language) only, made once when first asked for
    # (``memo``): language -> key -> what was made
    _made: dict[str, dict[Hashable, Any]] = Factory(dict)

    def memo(self, key: Hashable, make: Callable[[*Ts], T], *args: *Ts) -> T:
        """What ``make(*args)`` returns for this data in the current language, made once per language.
        ``key`` alone names it, so it must name everything ``args`` carry that the result depends on
        (a power, a rule, what a position says); the result must depend on the data, the language and
        the key alone, and nobody may change it. Options made here hold labels in the language they
        were made in: one process may show the same data in several languages (a shared server; the
        title screen's language switch)."""
        language = i18n.current()
        made_in_language = self._made.get(language)
        if made_in_language is None:
            made_in_language = self._made[language] = {}
        made = made_in_language.get(key, _NOT_MADE)
        if made is _NOT_MADE:
            made = made_in_language[key] = make(*args)
        return cast(T, made)

    def distances_from(self, space: str) -> dict[str, int]:
        """The fewest connections from ``space`` to every space a path joins it to (breadth-first)."""
        known = self._distances.get(space)
        if known is None:
            known = {space: 0}
            queue = deque([space])
            while queue:
                here = queue.popleft()
                for there in self.neighbours.get(here, ()):
                    if there not in known:
                        known[there] = known[here] + 1
                        queue.append(there)
            self._distances[space] = known
        return known


def _build(data: GameData) -> Lookup:
    names: dict[str, str] = {p.id: p.name for p in data.powers}
    names[INDEPENDENT] = "Independent"
    for table in (data.bonuses, data.minors, data.spaces, data.scientists, data.artists, data.leaders, data.royals):
        names.update((ident, record.name) for ident, record in table.items())  # the first table named wins, as in name_of
    home = {
        power: tuple(s.id for s in data.spaces.values() if (s.huguenot if power == Power.PROTESTANT else s.home == power))
        for power in data.power_ids
    }
    neighbours: dict[str, list[str]] = {}
    for connection in data.connections:
        neighbours.setdefault(connection.a, []).append(connection.b)
        neighbours.setdefault(connection.b, []).append(connection.a)
    contenders = {
        minor.id: tuple(p for p in data.power_ids if p in minor.can_activate or p in minor.can_deactivate)
        for minor in data.minors.values()
    }
    leader_of_royal: dict[str, str] = {}
    for leader in data.leaders.values():
        if leader.royal:
            leader_of_royal.setdefault(leader.royal, leader.id)
    raise_homes = {power: tuple(s for s in spaces if not data.spaces[s].independent) for power, spaces in home.items()}
    terms = {p.id: Message(p.name) for p in data.powers}
    return Lookup(data.power_ids, names, terms, home, raise_homes, {s: tuple(n) for s, n in neighbours.items()}, contenders, leader_of_royal)


_cache: dict[int, tuple[GameData, Lookup]] = {}


def lookup(data: GameData) -> Lookup:
    """The tables of one GameData, built on first use (kept with the data they came from, so an id
    reused by a later object never answers for it)."""
    entry = _cache.get(id(data))
    if entry is None or entry[0] is not data:
        if len(_cache) >= _KEPT:
            _cache.clear()
        entry = _cache[id(data)] = (data, _build(data))
    return entry[1]
