"""Scenario set-up: the state before the first Card Draw Phase."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from enum import StrEnum

from attrs import frozen

from core import dice
from core.gamedata import GameData
from core.i18n import _, msg
from core.ids import Power
from core.state import (
    FIRST_EDITION,
    RULES_EDITION,
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


DEFAULT_PERSON = "Player 1"
# A seat's name: printable characters without spaces around them, at most this many (the new-game
# form's field takes 20; a player's name over SSH is their key's comment, which may be longer).
MAX_SEAT_NAME = 40


class SeatKind(StrEnum):
    PERSON = "person"
    COMPUTER = "computer"
    ONLOOKER = "onlooker"  # watches a game, holds no power


@frozen
class Seat:
    """Who holds some powers (GEN-2): a person (by name) or a computer player (``bot`` names which)."""

    name: str
    powers: tuple[str, ...]
    kind: SeatKind = SeatKind.PERSON
    bot: str = ""

    @property
    def is_person(self) -> bool:
        return self.kind is SeatKind.PERSON


def seats_from_names(controllers: Mapping[str, str]) -> tuple[Seat, ...]:
    """One person seat per name, holding the powers given that name (the same name = one person)."""
    by_name: dict[str, list[str]] = {}
    for power, name in controllers.items():
        by_name.setdefault(name, []).append(power)
    return tuple(Seat(name, tuple(powers)) for name, powers in by_name.items())


@frozen(init=False)
class Setup:
    """Everything a new game is made from; with the action log it reproduces the game exactly.

    ``controllers`` (power -> person's name) is the older way to give the seats; both work."""

    scenario: str = "campaign"
    seed: int = 1
    seats: tuple[Seat, ...] = ()
    strict_response_windows: bool = False
    started: str = ""
    rules_edition: int = RULES_EDITION  # the rules it was begun under (core/state.py)

    def __init__(
        self,
        scenario: str = "campaign",
        seed: int = 1,
        seats: Iterable[Seat] = (),
        strict_response_windows: bool = False,
        started: str = "",
        controllers: Mapping[str, str] | None = None,
        rules_edition: int = RULES_EDITION,
    ) -> None:
        seats = tuple(seats)
        if controllers:
            seats = seats + seats_from_names(controllers)
        self.__attrs_init__(scenario, seed, seats, strict_response_windows, started, rules_edition)

    @property
    def controllers(self) -> dict[str, str]:
        """Power -> the name of who holds it."""
        return {power: seat.name for seat in self.seats for power in seat.powers}

    def seat_of(self, power: str) -> Seat:
        return next(seat for seat in self.seats if power in seat.powers)

    def completed(self, data: GameData) -> Setup:
        """Every power held by exactly one seat (GEN-2: unnamed powers go to "Player 1"), the whole
        set-up checked (``checked``)."""
        held = {p for seat in self.seats for p in seat.powers}
        free = tuple(p for p in data.power_ids if p not in held)
        if not free:
            return self.checked(data)
        seats = list(self.seats)
        default = next((i for i, s in enumerate(seats) if s.name == DEFAULT_PERSON and s.is_person), None)
        if default is None:
            seats.append(Seat(DEFAULT_PERSON, free))
        else:
            seats[default] = Seat(DEFAULT_PERSON, seats[default].powers + free)
        return Setup(self.scenario, self.seed, seats, self.strict_response_windows, self.started, rules_edition=self.rules_edition).checked(data)

    def checked(self, data: GameData) -> Setup:
        """This set-up, if the new-game form could have made it: a known scenario and ``check_seats``;
        SetupError (one line) otherwise. Saves and store games are checked this way before they open."""
        if self.scenario not in data.scenarios:
            raise SetupError(_unknown_scenario(_quoted(self.scenario), data))
        if not FIRST_EDITION <= self.rules_edition <= RULES_EDITION:
            raise SetupError(_("it was begun under rules edition {edition}; this version of the game knows editions {first} to {newest}").format(
                edition=self.rules_edition, first=FIRST_EDITION, newest=RULES_EDITION))
        check_seats(self.seats, data.power_ids)
        return self


def check_seats(seats: Iterable[Seat], power_ids: Collection[str]) -> None:
    """GEN-2: each seat named as the new-game form takes a name, a person's or a known computer
    player's (core.bots.BOTS), holding some powers; no two seats named alike (a computer seat plays
    by its name); every power held by exactly one seat. SetupError (one line) otherwise."""
    from core.bots import BOTS  # core.bots builds on this module

    names: set[str] = set()
    held: list[str] = []
    for seat in seats:
        seat_name = _quoted(seat.name)
        if problem := seat_name_problem(seat.name):
            raise SetupError(_("seat {seat}: {problem}").format(seat=seat_name, problem=problem))
        if seat.name in names:
            raise SetupError(_("seat {seat}: two seats have this name").format(seat=seat_name))
        names.add(seat.name)
        if seat.kind is SeatKind.PERSON and seat.bot:
            raise SetupError(_("seat {seat}: a person's seat names a computer player ({bot})").format(seat=seat_name, bot=_quoted(seat.bot)))
        if seat.kind is SeatKind.COMPUTER and seat.bot not in BOTS:
            raise SetupError(
                _("seat {seat}: unknown computer player {bot} (known: {known})").format(seat=seat_name, bot=_quoted(seat.bot), known=", ".join(BOTS))
            )
        if seat.kind is SeatKind.ONLOOKER:
            raise SetupError(_("seat {seat}: an onlooker holds no power and has no seat in the set-up").format(seat=seat_name))
        if not seat.powers:
            raise SetupError(_("seat {seat}: holds no power").format(seat=seat_name))
        held += seat.powers
    unknown = sorted(set(held) - set(power_ids))
    if unknown:
        raise SetupError(_("unknown power {power} (powers: {known})").format(power=_quoted(unknown[0]), known=", ".join(power_ids)))
    twice = sorted({p for p in held if held.count(p) > 1})
    if twice:
        raise SetupError(_("{power} is held by two seats (GEN-2)").format(power=twice[0]))
    free = [p for p in power_ids if p not in held]
    if free:
        raise SetupError(_("{power} is held by no seat (GEN-2)").format(power=free[0]))


def seat_name_problem(name: str) -> str:
    """Why ``name`` cannot name a seat ("" when it can), in the reader's language."""
    if not name.strip():
        return _("the name is empty")
    if len(name) > MAX_SEAT_NAME:
        return _("the name is {length} characters long (at most {most})").format(length=len(name), most=MAX_SEAT_NAME)
    if not name.isprintable():
        return _("the name holds a character that cannot be shown (a control or unpaired character)")
    if name != name.strip():
        return _("the name begins or ends with a space")
    return ""


def _unknown_scenario(quoted: str, data: GameData) -> str:
    return _("unknown scenario {scenario} (known: {known})").format(scenario=quoted, known=", ".join(data.scenarios))


def _quoted(text: str, longest: int = 30) -> str:
    """``text`` quoted on one line, cut short when long (a damaged file may hold megabytes of it)."""
    shown = repr(text[:longest])
    return shown if len(text) <= longest else f"{shown}..."


class SetupError(ValueError):
    """A new game was asked for with an unknown scenario, power or seat."""


def new_state(
    data: GameData,
    scenario_id: str = "campaign",
    seed: int = 1,
    strict_response_windows: bool | None = None,
    rules_edition: int = RULES_EDITION,
) -> GameState:
    if scenario_id not in data.scenarios:
        raise SetupError(_unknown_scenario(repr(scenario_id), data))
    scenario = data.scenarios[scenario_id]
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
        turn=start_turn,
        phase=Phase.SETUP,
        rng=dice.new_rng(seed),
        powers={p: PowerState(id=p) for p in data.power_ids},
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
        rules_edition=rules_edition,
        wars=[sorted(pair) for pair in scenario.wars],
    )
    if scenario.opening_betrothal:
        from core.marriage import betroth  # the MAR-7 opening betrothal uses the one betrothal routine

        groom, bride = scenario.opening_betrothal
        betroth(state, data, groom, bride, opening=True)
    from core.marriage import place_married  # MAR-6c: the one placement of a married royal

    for pair in scenario.married_at_start:
        for royal_id in pair:
            valois_vp = place_married(state, data, royal_id)
            if valois_vp:
                state.powers[Power.FRANCE].vp_entries.append(
                    VpEntry("MAR-6c", valois_vp, msg("{royal} on the French card", royal=data.royals[royal_id].name), 0)
                )
    return state
