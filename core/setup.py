"""Scenario set-up: the state before the first Card Draw Phase."""

from __future__ import annotations

from attrs import Factory, frozen

from core import dice
from core.gamedata import GameData
from core.state import (
    CardPiles,
    GameState,
    LeaderState,
    LeaderStatus,
    Markers,
    MinorState,
    PatronState,
    Phase,
    PowerState,
    RoyalState,
    RoyalStatus,
    SpaceState,
    Units,
    VpEntry,
)


@frozen
class Setup:
    """Everything a new game is made from; with the action log it reproduces the game exactly."""

    scenario: str = "campaign"
    seed: int = 1
    controllers: dict[str, str] = Factory(dict)
    strict_response_windows: bool = False
    started: str = ""  # ISO time the game began: names its autosave slot; empty in older saves


class SetupError(ValueError):
    """A new game was asked for with an unknown scenario, power or seat."""


def new_state(
    data: GameData,
    scenario_id: str = "campaign",
    seed: int = 1,
    controllers: dict[str, str] | None = None,
    strict_response_windows: bool | None = None,
) -> GameState:
    if scenario_id not in data.scenarios:
        raise SetupError(f"unknown scenario {scenario_id!r} (known: {', '.join(data.scenarios)})")
    scenario = data.scenarios[scenario_id]
    controllers = dict(controllers or {})
    unknown = sorted(set(controllers) - set(data.power_ids))
    if unknown:
        raise SetupError(f"unknown power {unknown[0]!r} (powers: {', '.join(data.power_ids)})")
    for power_id in data.power_ids:
        controllers.setdefault(power_id, "Player 1")  # GEN-2: every power is controlled by someone
    start_turn = scenario.first_turn
    in_play_through = max(start_turn, scenario.in_play_through_turn)

    spaces: dict[str, SpaceState] = {}
    for space in data.spaces.values():
        control = scenario.control.get(space.id, space.control)
        units = {control: Units(space.regulars, space.mercenaries)} if space.regulars or space.mercenaries else {}
        spaces[space.id] = SpaceState(id=space.id, control=control, religion=space.religion, units=units)

    royals = {
        r.id: RoyalState(
            id=r.id,
            status=RoyalStatus.AVAILABLE if r.enters <= in_play_through else RoyalStatus.NOT_IN_PLAY,
            eligibility=r.eligibility,
        )
        for r in data.royals.values()
    }
    leaders = {
        leader.id: LeaderState(
            id=leader.id, status=LeaderStatus.ON_MAP if leader.enters == "start" else LeaderStatus.OUT_OF_PLAY
        )
        for leader in data.leaders.values()
    }
    patronage = data.settings.patronage
    state = GameState(
        scenario=scenario_id,
        seed=seed,
        data_fingerprint=data.fingerprint,
        turn=start_turn,
        phase=Phase.SETUP,
        rng=dice.new_rng(seed),
        powers={p: PowerState(id=p, controller=controllers[p]) for p in data.power_ids},
        spaces=spaces,
        royals=royals,
        leaders=leaders,
        artists={a: PatronState(id=a) for a in data.artists},
        scientists={s: PatronState(id=s) for s in data.scientists},
        minors={
            m.id: MinorState(id=m.id, ally=m.ally, influence=dict(m.default_influence)) for m in data.minors.values()
        },
        cards=CardPiles(
            home_used=sorted(c.number for c in data.cards.values() if c.kind == "home"),
            not_entered=sorted(c.number for c in data.cards.values() if c.kind != "home"),
        ),
        markers=Markers(
            artist_one_vp=patronage.artist_one_vp_markers,
            artist_typed={value: list(kinds) for value, kinds in patronage.artist_typed_markers.items()},
            scientist=dict(patronage.scientist_markers),
        ),
        region_protestant=dict(data.settings.religion.region_protestant),
        strict_response_windows=(
            data.settings.options.strict_response_windows
            if strict_response_windows is None
            else strict_response_windows
        ),
        wars=[sorted(pair) for pair in scenario.wars],
    )
    if scenario.opening_betrothal:
        from core.marriage import betroth  # the MAR-7 opening betrothal uses the one betrothal routine

        groom, bride = scenario.opening_betrothal
        betroth(state, data, groom, bride, opening=True)
    for pair in scenario.married_at_start:
        for royal_id in pair:
            royal = data.royals[royal_id]
            on_card = royal.family == "V"
            state.royals[royal_id].status = RoyalStatus.ON_FRENCH_CARD if on_card else RoyalStatus.MARRIED
            if on_card:
                state.powers["france"].vp_entries.append(
                    VpEntry("MAR-6c", data.settings.marriage.valois_vp, f"{royal.name} on the French card", 0)
                )
    return state
