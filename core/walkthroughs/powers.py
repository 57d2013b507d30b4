"""Walkthroughs of the power-specific rules: the Suez Canal (SUEZ-1..SUEZ-3), the Morisco revolt
(MOR-1..MOR-4) and the Catholic League (CL-1..CL-7)."""

from __future__ import annotations

from core.i18n import N_
from core.state import LeaderStatus, Phase
from core.walkthroughs.model import Bonus, Forces, Hands, Position, Reach, Step, Walkthrough
from core.walkthroughs.promises import AtWar, CardMarkers, ControlIs, LeaderIs, Logged, MoriscoIs, Refused, Rolled, SuezIs, UnitsIn, VpChange

SECTION = N_("Power-specific rules")
OTTOMAN = "ottoman"
SPAIN = "spain"

SUEZ = Walkthrough(
    id="suez-canal",
    section=SECTION,
    title=N_("The Suez Canal: a failed dig, then the canal (SUEZ-1..SUEZ-3)"),
    rule="SUEZ-1",
    intro=N_(
        "One option of the Ottoman home card Grand Vizier is an attempt to dig the Suez Canal: 1d6, 6 or more "
        "builds it (SUEZ-1). Each failure moves the attempts marker one box right, and each box adds +1 to later "
        "attempts; the Excavation bonus adds +2 (SUEZ-2). Position: the Ottoman holds Excavation from an earlier "
        "scientist (SCI-2) and Grand Vizier. Dice fixed: the first dig rolls 1, the second 3. The track's boxes and "
        "the VP are provisional data*."
    ),
    position=Position(
        moves=(Reach(Phase.ACTION), Hands(((OTTOMAN, (1,)),)), Bonus("excavation", OTTOMAN)),
        dice=(("SUEZ-1", (1, 3)),),
    ),
    steps=(
        Step("play 1 event", "SUEZ-1", N_("the Ottoman plays Grand Vizier as its event"), power=OTTOMAN),
        Step("pick dig-suez", "SUEZ-2",
             N_("choose the dig: 1 +2 Excavation = 3, short of 6; the attempts marker moves to box 1 (SUEZ-2)"),
             (Rolled("SUEZ-1", 3, (1,)), Logged("SUEZ-2", "moves to box 1"), SuezIs(1))),
        Step("play 1 event", "SUEZ-1",
             N_("the turn runs on; at the next Card Draw the home card comes back (CARD-5) and the Ottoman plays it again"),
             power=OTTOMAN),
        Step("pick dig-suez", "SUEZ-3",
             N_("dig again: 3 +1 for the box +2 Excavation = 6: the canal is built. The Ottoman gains 2 VP and a +1 Card "
                "marker for the rest of the game; its expeditions now reach the Indian Ocean at full strength and may "
                "include colonies (SUEZ-3)"),
             (Rolled("SUEZ-1", 6, (3,)), Logged("SUEZ-1", "builds the Suez Canal"), VpChange(OTTOMAN, 2),
              SuezIs(1, built=True), CardMarkers(OTTOMAN, 1), Logged("SUEZ-3", "Indian Ocean"))),
        Step("play 1 event", "SUEZ-3",
             N_("the turn runs on to the next Card Draw: the canal's +1 Card marker counts and stays, as CARD-7 never "
                "removes it (SUEZ-3); Grand Vizier is back, and the Ottoman plays it once more"),
             (CardMarkers(OTTOMAN, 1),), power=OTTOMAN),
        Step("pick dig-suez", "SUEZ-3", N_("try to dig again: refused, the canal is built (SUEZ-3)"), (Refused("SUEZ-3"),)),
        Step("pick no-effect", "SUEZ-1", N_("so Grand Vizier's event has no effect this time"), (Logged("SUEZ-1", "no event effect"),)),
    ),
    summary=N_("The Grand Vizier's dig can no longer be chosen once the canal is built (SUEZ-3); the power display shows the track."),
    recap=("SUEZ-",),
    autoplay=True,
    teaches=("SUEZ-2", "SCI-2"),
)

MORISCO = Walkthrough(
    id="morisco-revolt",
    section=SECTION,
    title=N_("The Morisco revolt: Unrest, the Morisco unit and its limits (MOR-1..MOR-4)"),
    rule="MOR-1",
    intro=N_(
        "The Morisco Revolt event places Unrest in Spanish home spaces (Granada and Seville, provisional data*) and "
        "adds the special Ottoman unit Morisco in Granada (MOR-1). It enters play only through that event, never "
        "for CP (MOR-2); it may never be more than 2 spaces from Granada and never moves in the Winter Phase "
        "(MOR-3); at the start of Winter it is destroyed if it is besieging an enemy fortified space (MOR-4). Its "
        "moves and sieges are table actions (TABLE-1), which these rules limit. Position: the Ottoman holds the "
        "Morisco Revolt and Grand Vizier; the Ottoman and Spain are at war."
    ),
    position=Position(moves=(Reach(Phase.ACTION), Hands(((OTTOMAN, (13, 1)),)))),
    steps=(
        Step("play 13 event", "MOR-1", N_("the Ottoman plays the Morisco Revolt as its event"),
             (Logged("MOR-1", "Unrest in Granada, Seville"), Logged("MOR-2", "enters play in Granada"), MoriscoIs("granada")),
             power=OTTOMAN),
        Step("table", "TABLE-1", N_("in its next impulse the Ottoman records what the Morisco does on the map (a table action, TABLE-1)"), power=OTTOMAN),
        Step("pick morisco", "TABLE-1", N_("the Morisco")),
        Step("pick place", "MOR-2", N_("try to place a second Morisco unit: refused (MOR-2)"), (Refused("MOR-2"),)),
        Step("pick move", "MOR-3", N_("a move")),
        Step("pick toulouse", "MOR-3", N_("try Toulouse, 3 spaces from Granada: refused (MOR-3)"), (Refused("MOR-3"),)),
        Step("pick barcelona", "MOR-3", N_("Barcelona is 2 spaces away: allowed"),
             (Logged("MOR-3", "moves to Barcelona (2 from Granada)"), MoriscoIs("barcelona"))),
        # Spanish play-test: "marches back and lays siege" read as two steps, and the siege's list offered Seville with the
        # Morisco still in Barcelona
        Step("table", "TABLE-1", N_("then it records a siege of Seville: one table action, which also moves the Morisco there from Barcelona"),
             power=OTTOMAN),
        Step("pick morisco", "TABLE-1", N_("the Morisco")),
        Step("pick besiege", "MOR-4", N_("a siege")),
        Step("pick seville", "MOR-4",
             N_("of Seville, a Spanish fortified space, 1 space from Granada. The Ottoman passes and the turn runs to the Winter Phase: the "
                "Morisco still besieges an enemy fortified space, so it is destroyed (MOR-4)"),
             (Logged("TABLE-1", "the Morisco besieges Seville"), Logged("MOR-4", "is destroyed"), MoriscoIs(""))),
    ),
    summary=N_("A Morisco that is not besieging an enemy fortress at the start of Winter stays where it is (MOR-3)."),
    recap=("MOR-",),
    autoplay=True,
    finish=Reach(Phase.VICTORY),
    teaches=("MOR-2", "MOR-3", "MOR-4"),
)

LEAGUE = Walkthrough(
    id="catholic-league",
    section=SECTION,
    title=N_("The Catholic League: Spain's spaces, France's removals, Reims, the wars, Guise (CL-1..CL-7)"),
    rule="CL-1",
    intro=N_(
        "When the Catholic League forms (CL-1), Spain chooses Reims and 2 other unfortified French home spaces that "
        "are not Huguenot home spaces; they come under Spanish control and become Catholic (CL-2). France removes a "
        "third of its regulars on the map, rounded up, then a third of its mercenaries, choosing which (CL-3); Spain "
        "adds as many to Reims, a fortress and the Duke of Guise, topped up to 4 regulars (CL-4). Spain is at war "
        "with France and the Protestant, and no deal between them may be announced in the next Diplomacy Segment "
        "(CL-5). Guise may never leave French religious-struggle territory, Metz included (CL-6). Position: Spain "
        "holds the Catholic League and Philip II; France has 4 regulars in Paris and 1 regular and 1 mercenary in Lyon."
    ),
    position=Position(moves=(
        Reach(Phase.ACTION), Hands(((SPAIN, (21, 2)),)), Forces("france", (("paris", 4, 0), ("lyon", 1, 1))),
    )),
    steps=(
        Step("play 21 event", "CL-1", N_("Spain plays the Catholic League as its event"), (Logged("CL-1", "the Catholic League forms"),), power=SPAIN),
        Step("pick orleans", "CL-2", N_("try Orleans: refused, a Huguenot home space (CL-2)"), (Refused("CL-2"),)),
        Step("pick dijon", "CL-2", N_("Dijon, unfortified and not Huguenot, joins Reims")),
        Step("pick amiens", "CL-3",
             N_("and Amiens: the three spaces are Spanish and Catholic now. France has 5 regulars (5 / 3, rounded up: 2 to "
                "remove) and 1 mercenary (1 to remove) (CL-3)"),
             (ControlIs("reims", SPAIN), ControlIs("dijon", SPAIN), ControlIs("amiens", SPAIN),
              Logged("CL-3", "France: must remove 2 regulars, then 1 mercenary"))),
        Step("pick paris", "CL-3", N_("France chooses: a regular from Paris..."), power="france"),
        Step("pick lyon", "CL-3", N_("...a regular from Lyon..."), power="france"),
        Step("pick lyon", "CL-4",
             N_("...and the mercenary from Lyon. Spain gets 2 regulars and 1 mercenary in Reims, 2 more regulars to make "
                "4, a fortress and the Duke of Guise (CL-4); the wars begin (CL-5); the League's cards enter at the next "
                "Card Draw (CL-7)"),
             (Logged("CL-4", "2 more regulars to make 4"), UnitsIn("reims", SPAIN, 4, 1), UnitsIn("paris", "france", 3),
              AtWar(SPAIN, "france"), AtWar(SPAIN, "protestant"), Logged("CL-5", "at war with France and the Protestant"),
              Logged("CL-7", "enter at the next Card Draw"), LeaderIs("guise", LeaderStatus.ON_MAP)),
             power="france"),
        Step("table", "TABLE-1", N_("in its next impulse Spain records a move of the Duke of Guise (a table action, TABLE-1)"), power=SPAIN),
        Step("pick guise", "CL-6", N_("the Duke of Guise")),
        Step("pick move", "CL-6", N_("moves")),
        Step("pick madrid", "CL-6", N_("try Madrid: refused, outside French religious-struggle territory (CL-6)"), (Refused("CL-6"),)),
        Step("pick metz", "CL-6", N_("Metz counts as French territory for this rule: allowed"), (Logged("CL-6", "moves to Metz"),)),
        Step("table", "TABLE-1", N_("then Spain records that it made peace with France"), power=SPAIN),
        Step("pick peace", "TABLE-1", N_("peace")),
        Step("pick france:spain", "CL-6",
             N_("between France and Spain. Spain passes; in the Winter Phase Guise returns to Reims, a Spanish fortress "
                "inside the territory (he would be removed if none were left, CL-6); at the next Card Draw the League's "
                "cards enter (CL-7, CARD-6)"),
             (Logged("CL-6", "returns for the winter to Reims"), Logged("CARD-6", "new cards enter play"))),
        Step("propose don-carlos marguerite-de-valois", "CL-5",
             N_("in the Negotiation Segment Spain offers Don Carlos to Marguerite de Valois: refused even at "
                "peace, no deal between Spain and France this segment (CL-5)"),
             (Refused("CL-5"),), power=SPAIN),
    ),
    summary=N_("After that one Diplomacy Segment Spain may make deals with France and the Protestant again (CL-5)."),
    recap=("CL-",),
    autoplay=True,
    teaches=("CL-2", "CL-3", "CL-4", "CL-5", "CL-6", "CL-7"),
)

WALKTHROUGHS = (SUEZ, MORISCO, LEAGUE)
