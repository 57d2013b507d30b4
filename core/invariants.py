"""Invariants the fuzzer checks after every step (cards conserved, royals in one place, ...)."""

from __future__ import annotations

from core import catholic_league, independence, morisco, victory
from core.choices import Decision
from core.gamedata import GameData
from core.state import GameState, LeaderStatus, PatronStatus, RoyalStatus
from core.cards import all_locations


class InvariantBroken(AssertionError):
    """The state broke a rule that must always hold."""


def check(data: GameData, state: GameState, pending: Decision | None) -> None:
    problems = list(_problems(data, state, pending))
    if problems:
        raise InvariantBroken("; ".join(problems))


def _problems(data: GameData, state: GameState, pending: Decision | None):
    if pending is None and state.winner == "":
        yield "dead end: no decision pending and the game has no winner"
    if pending is not None and not pending.choices:
        yield f"dead end: a decision with no choice ({pending.rule}: {pending.prompt})"
    places = all_locations(state)
    for number in data.cards:
        where = places.get(number, [])
        if len(where) != 1:
            yield f"card {number} is in {len(where)} places: {where}"
    unknown = set(places) - set(data.cards)
    if unknown:
        yield f"unknown cards {sorted(unknown)}"
    in_betrothals = [r for b in state.betrothals for r in (b.bride, b.groom)]
    if len(in_betrothals) != len(set(in_betrothals)):
        yield "a royal is in two betrothals"
    for royal_id, royal in state.royals.items():
        betrothed = royal_id in in_betrothals
        if betrothed != (royal.status is RoyalStatus.BETROTHED):
            yield f"{royal_id} is {royal.status.value} but {'is' if betrothed else 'is not'} in a betrothal"
        if royal.eligibility < data.settings.marriage.minimum_eligibility:
            yield f"{royal_id} Eligibility {royal.eligibility} below the minimum"
    for power in data.power_ids:
        lines = victory.vp_lines(state, data, power)
        if sum(line.amount for line in lines) != victory.total_vp(state, data, power):
            yield f"{power} VP ledger does not add up"
        if state.powers[power].virgin_queen_vp > data.settings.marriage.virgin_queen_vp_cap:
            yield "VQ-1 cap exceeded"
    markers = state.markers
    settings = data.settings.patronage
    if not 0 <= markers.artist_one_vp <= settings.artist_one_vp_markers:
        yield f"artist 1 VP markers out of range: {markers.artist_one_vp}"
    for value, count in markers.scientist.items():
        if not 0 <= count <= settings.scientist_markers[value]:
            yield f"scientist {value} VP markers out of range: {count}"
    for kind in ("artists", "scientists"):
        for patron_id, patron in getattr(state, kind).items():
            if (patron.status in (PatronStatus.SPONSORED, PatronStatus.FINISHED)) != bool(patron.sponsor):
                yield f"{patron_id} is {patron.status.value} with sponsor {patron.sponsor!r}"
    cap = data.settings.costs.influence_cap_per_minor
    for minor in state.minors.values():
        if any(not 0 <= n <= cap for n in minor.influence.values()):
            yield f"influence on {minor.id} out of range: {minor.influence}"
    for space in state.spaces.values():
        if any(u.regulars < 0 or u.mercenaries < 0 for u in space.units.values()):
            yield f"negative units in {space.id}"
    if any(n < 0 for n in state.region_protestant.values()):
        yield "negative regional Protestant count"
    yield from morisco.placement_problems(data, state)
    guise = state.leaders[data.settings.league.leader]
    if guise.status is LeaderStatus.ON_MAP and guise.space not in catholic_league.territory(data):
        yield f"the Duke of Guise is in {guise.space!r}, outside French religious-struggle territory (CL-6)"
    yield from independence.consistency_problems(state, [s.id for s in data.spaces.values() if s.independent])
