"""Game state: plain attrs data only (no closures or generators), so it saves and replays exactly."""

from __future__ import annotations

from enum import StrEnum

from attrs import Factory, define, frozen

from core.i18n import N_, Message


class Phase(StrEnum):
    """GEN-3 sequence of play (Diplomacy split into its two segments)."""

    SETUP = "setup"
    CARD_DRAW = "card-draw"
    NEGOTIATION = "negotiation"
    DIPLOMATIC_STATUS = "diplomatic-status"
    ACTION = "action"
    MARRIAGE = "marriage-resolution"
    PATRONAGE = "patronage"
    WINTER = "winter"
    VICTORY = "victory-determination"
    GAME_OVER = "game-over"


# Marked for the catalogs; shown with _(PHASE_TITLES[phase]) (turn.py's log keeps them as messages).
PHASE_TITLES: dict[Phase, str] = {
    Phase.SETUP: N_("Setup"),
    Phase.CARD_DRAW: N_("Card Draw Phase"),
    Phase.NEGOTIATION: N_("Diplomacy Phase - Negotiation Segment"),
    Phase.DIPLOMATIC_STATUS: N_("Diplomacy Phase - Diplomatic Status"),
    Phase.ACTION: N_("Action Phase"),
    Phase.MARRIAGE: N_("Marriage Resolution Phase"),
    Phase.PATRONAGE: N_("Patronage Phase"),
    Phase.WINTER: N_("Winter Phase"),
    Phase.VICTORY: N_("Victory Determination Phase"),
    Phase.GAME_OVER: N_("Game over"),
}
# The status line's shorter titles, where the whole one leaves it no room at 80 columns
PHASE_SHORT_TITLES: dict[Phase, str] = {
    Phase.NEGOTIATION: N_("Negotiation Segment"),
    Phase.DIPLOMATIC_STATUS: N_("Diplomatic Status"),
    Phase.VICTORY: N_("Victory Determination"),
}


class RoyalStatus(StrEnum):
    NOT_IN_PLAY = N_("not yet in play")
    AVAILABLE = N_("available")
    BETROTHED = N_("betrothed")
    MARRIED = N_("married")
    ON_FRENCH_CARD = N_("married (on the French card)")
    DEAD = N_("dead")


class LeaderStatus(StrEnum):
    OUT_OF_PLAY = N_("out of play")
    ON_MAP = N_("on the map")
    CAPTURED = N_("captured")
    DESTROYED = N_("destroyed")


class PatronStatus(StrEnum):
    POOL = N_("in pool")
    SPONSORED = N_("on the Patronage chart")
    FINISHED = N_("finished")
    REMOVED = N_("removed")


class MarkerKind(StrEnum):
    """Why a +1/-1 Card marker exists; CARD-7 keeps the last two kinds after the deal."""

    ORDINARY = "ordinary"
    FOREIGN_WAR = "foreign-war"
    SUEZ = "suez"


@frozen
class CardMarker:
    delta: int
    rule: str
    reason: Message
    kind: MarkerKind = MarkerKind.ORDINARY


@frozen
class VpEntry:
    rule: str
    amount: int
    reason: Message
    turn: int


@frozen
class DealLine:
    """One step of the CARD-7 count, for the Card Draw screen."""

    rule: str
    text: Message
    value: int


@define
class PowerState:
    id: str
    hand: list[int] = Factory(list)
    card_markers: list[CardMarker] = Factory(list)
    vp_entries: list[VpEntry] = Factory(list)
    sponsored_artist_turn: int = 0
    sponsored_scientist_turn: int = 0
    royal_bonuses: list[str] = Factory(list)
    virgin_queen_vp: int = 0
    deal: list[DealLine] = Factory(list)


@define
class Units:
    regulars: int = 0
    mercenaries: int = 0


@define
class SpaceState:
    id: str
    control: str
    religion: str
    unrest: bool = False
    units: dict[str, Units] = Factory(dict)


@define
class RoyalState:
    id: str
    status: RoyalStatus
    eligibility: int
    captured: bool = False


@define
class Betrothal:
    bride: str
    groom: str
    festivities: bool = False
    opening: bool = False
    resolve_this_turn: bool = True


@define
class LeaderState:
    id: str
    status: LeaderStatus
    # where the leader stands when on the map ("" when the engine does not track it; CL-6 tracks Guise)
    space: str = ""


@define
class PatronState:
    id: str
    status: PatronStatus = PatronStatus.POOL
    sponsor: str = ""
    box_cp: int = 0


@define
class MinorState:
    id: str
    ally: str
    influence: dict[str, int] = Factory(dict)
    determined: bool = False


@define
class RngState:
    """splitmix64 state plus forced values that tests and walkthroughs queue (GEN-4)."""

    state: int
    forced_dice: list[int] = Factory(list)
    forced_picks: list[str] = Factory(list)
    # faces for the rolls of one rule only (walkthroughs: "PAT-5" -> [5, 3]), used before forced_dice
    forced_by_rule: dict[str, list[int]] = Factory(dict)


@define
class CardPiles:
    deck: list[int] = Factory(list)
    discard: list[int] = Factory(list)
    removed: list[int] = Factory(list)
    in_force: list[int] = Factory(list)
    home_used: list[int] = Factory(list)
    not_entered: list[int] = Factory(list)


@define
class Markers:
    """PAT-8 / SCI-1 VP markers still in the box, and SCI-2 bonus holders."""

    artist_one_vp: int
    artist_typed: dict[str, list[str]]
    scientist: dict[str, int]
    bonus_holders: dict[str, str] = Factory(dict)


@define
class QuietResponses:
    """GEN-8: a power asked not to be offered responses for the rest of this phase; ``answerable``
    is what it could have played then (asked again as soon as that changes)."""

    turn: int
    phase: Phase
    answerable: list[str] = Factory(list)


# ---- the procedure stack (frames) --------------------------------------------------------------


@define
class Frame:
    """Base of every pending procedure. Each subclass is declared, with its save tag, by the rule
    section that owns it (``PROCEDURES`` in that module; ``core/registry.py`` collects them)."""


# The rules a game was begun under: its recorded actions replay under the rules they were made with, and it
# goes on under them. 1: games begun before editions were kept (saves of version 5, stores of version 4).
# 2: TABLE-1 checks a record against the map and the war track; CARD-8 removes only cards played as events.
# 3: MAR-8 assassinates a married royal only while it leads an army.
# 4: MAR-3 is checked again when a proposal is accepted; CL-5 refuses a recorded peace between Spain and France
# or the Protestant in the barred segment; a pair of Mary and her ally's royal is offered once (MAR-9);
# the Duke of Guise leaves a space that rebels (IND-3).
# 5: who is asked depends only on what every power can see (GEN-8): a power with nothing to propose is asked in
# the Negotiation Segment while a card with a Negotiation Segment event may be in its hand (GEN-7, CARD-4), and
# in strict response windows a power that went quiet is asked again when what any hidden card would let it
# answer changes; influence markers lost to the cap as they return in Winter are logged (DIP-6, DIP-7).
# 6: a space the Morisco stands in changes hands only to the Ottoman (TABLE-1: it is an Ottoman unit, MOR-1).
# 7: a battle's space or attacker is refused where it is picked when no battle can follow it (TABLE-1): a game
# begun before had them picked and then cancelled.
# 8: "no responses until the next phase" is told only to its power's player, not logged (GEN-8: the line said the
# power held a response card); a game begun before logs it, so the log lines its players have read stay where they were.
# 9: a table action's unit owner is refused where no unit change can follow (independent units where none stand, IND-2);
# Mary Queen of Scots is neither captured nor released once she has left play (MAR-6); a kind of table action with
# nothing to record now is refused in the list of kinds (a field battle or an assault where no space could hold one,
# the Duke of Guise or the Morisco out of play); a game begun before had them picked, then cancelled or recorded.
FIRST_EDITION = 1
SECOND_EDITION = 2
THIRD_EDITION = 3
FOURTH_EDITION = 4
FIFTH_EDITION = 5
SIXTH_EDITION = 6
SEVENTH_EDITION = 7
EIGHTH_EDITION = 8
NINTH_EDITION = 9
RULES_EDITION = NINTH_EDITION


@define
class GameState:
    scenario: str
    turn: int
    phase: Phase
    rng: RngState
    powers: dict[str, PowerState]
    spaces: dict[str, SpaceState]
    royals: dict[str, RoyalState]
    leaders: dict[str, LeaderState]
    artists: dict[str, PatronState]
    scientists: dict[str, PatronState]
    minors: dict[str, MinorState]
    cards: CardPiles
    markers: Markers
    region_protestant: dict[str, int]
    strict_response_windows: bool = False
    rules_edition: int = RULES_EDITION  # the rules the game was begun under (RULES_EDITION)
    betrothals: list[Betrothal] = Factory(list)
    wars: list[list[str]] = Factory(list)
    stack: list[Frame] = Factory(list)
    league_formed_turn: int = 0
    # CL-5: the next Negotiation Segment refuses deals between Spain and France or the Protestant
    league_deals_barred: bool = False
    # SUEZ-2: boxes the attempts marker has moved; SUEZ-3: the canal is built
    suez_attempts: int = 0
    suez_built: bool = False
    # MOR-1..MOR-4: where the Morisco unit is ("" when not in play) and the space it besieges ("" none)
    morisco_space: str = ""
    morisco_besieging: str = ""
    # fortresses built during play (CL-4 in Reims); printed fortresses are in the space data
    fortresses: list[str] = Factory(list)
    winner: str = ""
    victory: Message | None = None  # how the game was won (WIN-1..WIN-5)
    quiet_responses: dict[str, QuietResponses] = Factory(dict)
    vp_history: list[dict[str, int]] = Factory(list)  # {power: total} at each Victory Determination (WIN-5)
