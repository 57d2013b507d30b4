"""Walkthroughs of marriage (MAR-1..MAR-9), Elizabeth I (VQ-1, VQ-2) and aging (AGE-1)."""

from __future__ import annotations

from core.i18n import N_
from core.state import Phase, RoyalStatus
from core.walkthroughs.model import Hands, Position, Reach, Step, Walkthrough
from core.walkthroughs.promises import CardMarkers, Dealt, Logged, NotLogged, Refused, RoyalIs, Rolled, VpChange

SECTION = N_("Marriage")
TABLE = "table"

WEDDINGS = Walkthrough(
    id="mar-weddings",
    section=SECTION,
    title=N_("The opening betrothal wed, and a new match (MAR-1..MAR-7)"),
    rule="MAR-4",
    intro=N_(
        "Every power but the Ottoman has royals on the Available to Wed display, each with a sex, an "
        "Eligibility rating and maybe a family mark (MAR-1). The campaign starts with Philip II betrothed "
        "to Elisabeth of Valois (MAR-7). This turn Spain weds them, the Empire offers Archduke Charles to "
        "England's Catherine Grey, and both weddings are rolled in the Marriage Resolution Phase with fixed "
        "dice. Other powers' turns are taken for you (done, pass). Eligibility ratings are provisional data*."
    ),
    position=Position(dice=(("MAR-4", (3, 4, 5, 4)),)),
    steps=(
        Step("opening wed", "MAR-7", N_("Spain decides the opening betrothal each Negotiation Segment: wed this turn, postpone or break it (MAR-7)"),
             (Logged("MAR-7", "will wed Philip II and Elisabeth of Valois this turn"),)),
        Step("propose archduke-charles catherine-grey", "MAR-2",
             N_("on its turn the Empire makes one proposal (GEN-7): Archduke Charles to Catherine Grey; opposite sex, "
                "no shared family mark, not at war (MAR-3)")),
        Step("accept", "MAR-2",
             N_("England answers at once (MAR-2); accepted, the two are betrothed until the Marriage Resolution Phase. "
                "There each side rolls 1d6 + its royal's Eligibility and the totals add up (MAR-4)"),
             (Logged("MAR-2", "Catherine Grey and Archduke Charles are betrothed"),
              Rolled("MAR-4", 5, (3,)), Rolled("MAR-4", 7, (4,)), Logged("MAR-5", "total 12, Benevolent Rulers"),
              Logged("MAR-6c", "Elisabeth of Valois married, on the French card"),
              Rolled("MAR-4", 6, (5,)), Logged("MAR-5", "total 13, Many Heirs"),
              VpChange("empire", 1), Logged("MAR-5", "Spain: takes a +1 Card marker (Benevolent Rulers)"))),
    ),
    summary=N_(
        "Each side rolls 1d6 + its royal's Eligibility; the two totals add up (MAR-4). 12 is Benevolent "
        "Rulers: a +1 Card marker for each power at the next Card Draw; 13 is Many Heirs: 1 VP each "
        "(MAR-5). Elisabeth of Valois goes on the French card for a permanent 1 VP (MAR-6c)."
    ),
    recap=("MAR-4", "MAR-5", "MAR-6"),
    autoplay=True,
    finish=Reach(Phase.PATRONAGE),
    teaches=("MAR-1", "MAR-3", "MAR-5", "MAR-6", "GEN-7"),
)

OPENING_BROKEN = Walkthrough(
    id="mar-7-broken",
    section=SECTION,
    title=N_("The opening betrothal broken: Spain's card loss (MAR-7)"),
    rule="MAR-7",
    intro=N_(
        "Philip II and Elisabeth of Valois start betrothed (MAR-7). Spain alone decides, each Negotiation "
        "Segment, to wed, to postpone, or to break the promise; France has no veto. Breaking it costs Spain "
        "one card at the next Card Draw: a -1 Card marker (CARD-7)."
    ),
    # each power holds its home card alone: the cards they would keep through turn 1 go back into the deck, which
    # then deals every count whole at turn 2 (newcomer play-test: the deck ran out, and Spain got 4, not the 5 promised)
    position=Position(moves=(Hands((("ottoman", (1,)), ("spain", (2,)), ("england", (3,)), ("france", (4,)), ("empire", (5,)), ("protestant", (6,)))),)),
    steps=(
        Step("opening break", "MAR-7", N_("Spain breaks the opening betrothal: both royals are free, Spain takes a -1 Card marker"),
             (Logged("MAR-7", "breaks the opening betrothal"), CardMarkers("spain", -1),
              RoyalIs("philip-ii", RoyalStatus.AVAILABLE), RoyalIs("elisabeth-of-valois", RoyalStatus.AVAILABLE))),
        Step("pass", "CARD-7",
             N_("in the Action Phase Spain passes (GEN-6), and so does everyone; at the next Card Draw Spain's count "
                "is its track square (6 for 10 keys) minus the marker: 5 cards, and the marker is removed (CARD-7)"),
             (Dealt("spain", 5), Logged("CARD-7", "Spain: its Card marker -1 is removed"), CardMarkers("spain", 0)),
             power="spain"),
    ),
    summary=N_("Breaking the opening betrothal: Spain -1 Card at the next Card Draw (MAR-7, CARD-7). Wedding it gives France its Valois VP (MAR-6c)."),
    recap=("MAR-7", "CARD-7"),
    autoplay=True,
    finish=Reach(Phase.NEGOTIATION, turn=2),
)

FESTIVITIES = Walkthrough(
    id="mar-festivities",
    section=SECTION,
    title=N_("A wedding with Wedding Festivities on the Royal Wedding Table (MAR-4..MAR-6)"),
    rule="MAR-5",
    intro=N_(
        "France offers Charles IX to the Empire's Anna of Austria; France holds Wedding Festivities, a "
        "response card that adds +2 to the French royal's roll of a standing betrothal (MAR-4, CARD-8). "
        "The wedding dice are fixed to 4 for Anna and 3 for Charles IX."
    ),
    position=Position(moves=(Hands((("france", (22,)),)),), dice=(("MAR-4", (4, 3)),)),
    steps=(
        Step("propose charles-ix anna-of-austria", "MAR-2", N_("France proposes Charles IX and Anna of Austria to the Empire (MAR-2)"), power="france"),
        Step("accept", "MAR-2", N_("the Empire accepts: the two are betrothed until the Marriage Resolution Phase"),
             (Logged("MAR-2", "Anna of Austria and Charles IX are betrothed"),)),
        Step("respond 22 anna-of-austria", "CARD-2",
             N_("a response window follows the proposal (CARD-2): France plays Wedding Festivities on this wedding. "
                "In the Marriage Resolution Phase Anna rolls 4 +3 = 7 and Charles IX 3 +3 +2 = 8: total 15, Founders "
                "of a Dynasty, 2 VP each (MAR-5); Charles IX, a Valois, goes on the French card for 1 VP more (MAR-6c)"),
             (Logged("CARD-2", "Wedding Festivities"), Rolled("MAR-4", 7, (4,)), Rolled("MAR-4", 8, (3,)),
              Logged("MAR-5", "total 15, Founders of a Dynasty"), VpChange("france", 3), VpChange("empire", 2),
              RoyalIs("charles-ix", RoyalStatus.ON_FRENCH_CARD), RoyalIs("anna-of-austria", RoyalStatus.MARRIED))),
    ),
    summary=N_(
        "The Royal Wedding Table (MAR-5): 15+ Founders of a Dynasty (2 VP each), 14 True Love (1 VP and a card), "
        "13 Many Heirs (1 VP), 12 Benevolent Rulers (a card), 10-11 No Issue, 9 Last Minute Cancellation (both "
        "return, MAR-6a), 8 Forever Feuding (-1 card), 7 Death in Childbirth, 6 or less Murder Rumours. After the "
        "wedding both royals leave play (MAR-6), except a Valois on the French card (MAR-6c) and William of "
        "Orange when the Protestant gains no VP (MAR-6b, MAR-6d). When both royals are one power's, it rolls 2d6 "
        "and adds only the higher rating (MAR-4)."
    ),
    recap=("CARD-2", "MAR-4", "MAR-5", "MAR-6"),
    autoplay=True,
    finish=Reach(Phase.PATRONAGE),
    teaches=("MAR-4", "MAR-6", "CARD-8"),
)

REFUSALS = Walkthrough(
    id="mar-3-refusals",
    section=SECTION,
    title=N_("Marriage refusals: war, family marks, a declined offer (MAR-3)"),
    rule="MAR-3",
    intro=N_(
        "A marriage agreement is refused, with its reason, when the two powers are at war (MAR-3a), both "
        "royals carry the same family mark (MAR-3b), Mary Queen of Scots is captured in England (MAR-3c) or a "
        "royal who is also a military leader is captured (MAR-3d). The table first records a war between "
        "Spain and England (DIP-8, TABLE-1). Steps marked 'type it' are tried with ':' and refused."
    ),
    position=Position(),
    steps=(
        Step("table", "TABLE-1", N_("the table records a war (press t): Record a table action"), power=TABLE),
        Step("pick war", "DIP-8", N_("declare war between two powers (DIP-8)"), power=TABLE),
        Step("pick spain", "DIP-8", N_("Spain..."), power=TABLE),
        Step("pick england", "DIP-8", N_("...and England are now at war"), (Logged("DIP-8", "Spain and England are at war"),), power=TABLE),
        Step("propose don-carlos elizabeth-i", "MAR-3", N_("Spain tries to offer Don Carlos to Elizabeth I: refused, the powers are at war (MAR-3a)"),
             (Refused("MAR-3a"),), power="spain"),
        Step("done", "GEN-7", N_("Spain is done negotiating (GEN-7)"), power="spain"),
        Step("propose henry-iii marguerite-de-valois", "MAR-3",
             N_("France tries to wed Henry III to Marguerite de Valois: refused, both are Valois (MAR-3b)"), (Refused("MAR-3b"),), power="france"),
        Step("propose henry-iii elisabeth-of-austria", "MAR-2", N_("France offers Henry III to the Empire's Elisabeth of Austria instead"), power="france"),
        Step("decline", "MAR-2", N_("the Empire may decline: nothing is agreed (MAR-2)"), (Logged("MAR-2", "declines the proposal"),)),
    ),
    summary=N_(
        "MAR-3 also refuses same-sex pairs, and royals not on the Available to Wed display, dead, married or "
        "already betrothed. The wars the engine keeps (DIP-8) come from table actions and events."
    ),
    recap=("DIP-8", "MAR-2"),
    autoplay=True,
    teaches=("DIP-8", "TABLE-1"),
)

MARY = Walkthrough(
    id="mar-9-mary",
    section=SECTION,
    title=N_("Mary Queen of Scots: a wedding resolved at once (MAR-9)"),
    rule="MAR-9",
    intro=N_(
        "Mary Queen of Scots is a Scottish royal: the power allied with Scotland (France at the start) proposes "
        "or accepts for her and rolls her die as its own side. Her wedding is resolved at once, in the "
        "Diplomacy Phase (MAR-9). Dice fixed: 4 for Mary, 3 for Don Carlos."
    ),
    position=Position(dice=(("MAR-4", (4, 3)),)),
    steps=(
        Step("propose mary-queen-of-scots don-carlos", "MAR-9", N_("France, Scotland's ally, offers Mary to Spain's Don Carlos"), power="france"),
        Step("accept", "MAR-9",
             N_("Spain accepts: the wedding is rolled now, as in MAR-4. Mary 4 +4 = 8, Don Carlos 3 +2 = 5: total 13, Many Heirs, "
                "1 VP to France (for Mary's side) and 1 VP to Spain (MAR-5)"),
             (Logged("MAR-9", "resolved at once"), Rolled("MAR-4", 8, (4,)), Rolled("MAR-4", 5, (3,)),
              Logged("MAR-5", "total 13, Many Heirs"), VpChange("france", 1), VpChange("spain", 1),
              RoyalIs("mary-queen-of-scots", RoyalStatus.MARRIED))),
    ),
    summary=N_("While Scotland has no ally, Mary cannot be betrothed; while she is captured in England, she cannot marry (MAR-3c)."),
    recap=("MAR-9", "MAR-4", "MAR-5"),
    autoplay=True,
)

DEATH = Walkthrough(
    id="mar-8-death",
    section=SECTION,
    title=N_("A royal dies before the wedding (MAR-8)"),
    rule="MAR-8",
    intro=N_(
        "Six royals can die between the agreement and the resolution: Charles IX and Leicester through mandatory "
        "events, Elizabeth I, Henry III, Henry of Navarre and William of Orange through Assassination. The "
        "betrothal then ends as a Last Minute Cancellation with no bonuses (MAR-8). France holds the mandatory "
        "event Death of Charles IX (a position edit)."
    ),
    position=Position(moves=(Hands((("france", (18,)),)),)),
    steps=(
        Step("propose charles-ix anna-of-austria", "MAR-2", N_("France offers Charles IX to Anna of Austria (MAR-2)"), power="france"),
        Step("accept", "MAR-2", N_("the Empire accepts: they are betrothed")),
        Step("play 18 event", "CARD-1",
             N_("France's impulse: holding a Mandatory event it may not pass (CARD-1); Charles IX dies, the betrothal ends "
                "as a Last Minute Cancellation and Anna of Austria returns to Available to Wed (MAR-8)"),
             (Logged("MAR-8", "Charles IX dies"), Logged("MAR-8", "Last Minute Cancellation"),
              RoyalIs("charles-ix", RoyalStatus.DEAD), RoyalIs("anna-of-austria", RoyalStatus.AVAILABLE)), power="france"),
        Step("cp done", "CARD-1", N_("after a Mandatory event the power gets 2 CP to spend (CARD-1); leave them unspent (lost, CARD-1)"),
             (NotLogged("MAR-4"),), power="france"),
    ),
    summary=N_("No wedding roll (MAR-4) for a broken betrothal (MAR-8); a dead Valois gives France nothing (MAR-6c)."),
    recap=("MAR-8",),
    autoplay=True,
    finish=Reach(Phase.PATRONAGE),
)

ELIZABETH = Walkthrough(
    id="vq-elizabeth",
    section=SECTION,
    title=N_("Elizabeth's suitors and the Virgin Queen VP (VQ-1, VQ-2)"),
    rule="VQ-2",
    intro=N_(
        "When Elizabeth I is betrothed to a foreign suitor, England chooses at the resolution between a real "
        "wedding (MAR-4) and a courtship on the suitors table (VQ-2): 1d6, 6 two extra cards, 5 one, 4-2 that "
        "many CP on diplomatic influence (DIP-7) and mercenaries (UNIT-1), 1 nothing. She stays on Available to "
        "Wed, so England also gains its Virgin Queen VP (VQ-1, at most 5 a game). The courtship die is fixed to 3."
    ),
    position=Position(moves=(Hands(()),), dice=(("VQ-2", (3,)),)),
    steps=(
        Step("propose archduke-charles elizabeth-i", "MAR-2", N_("the Empire offers Archduke Charles to Elizabeth I (MAR-2)"), power="empire"),
        Step("accept", "MAR-2", N_("England accepts the betrothal")),
        Step("courtship", "VQ-2", N_("in the Marriage Resolution Phase England chooses a courtship: the suitor roll is 3, spend 3 CP"),
             (Rolled("VQ-2", 3), Logged("VQ-2", "spend 3 CP"))),
        Step("cp mercenary london", "UNIT-1", N_("raise a mercenary in London for 1 CP (UNIT-1)"), (Logged("UNIT-1", "raises a mercenary in London"),)),
        Step("cp influence scotland", "DIP-7", N_("place an influence marker on Scotland for 1 CP (DIP-7)"), (Logged("DIP-7", "Scotland"),)),
        Step("cp done", "VQ-1",
             N_("stop: 1 CP is lost. Elizabeth is unmarried and on the display: England gains 1 Virgin Queen VP (VQ-1)"),
             (Logged("VQ-1", "Virgin Queen"), VpChange("england", 1), RoyalIs("elizabeth-i", RoyalStatus.AVAILABLE))),
    ),
    summary=N_("The courtship's gains go to England and the suitor returns to Available to Wed (VQ-2); the Virgin Queen VP is checked each Marriage Resolution Phase (VQ-1)."),
    recap=("VQ-",),
    autoplay=True,
    teaches=("UNIT-1", "DIP-7"),
)

AGING = Walkthrough(
    id="age-1-aging",
    section=SECTION,
    title=N_("Aging: the royals left on the display (AGE-1)"),
    rule="AGE-1",
    intro=N_(
        "After all weddings of the Marriage Resolution Phase every unmarried female royal on Available to Wed "
        "drops 1 Eligibility; every unmarried male rolls 1d6 and keeps his rating on 5-6, otherwise drops 1. "
        "No rating goes below 1. The aging dice are fixed: Philip II 6, Don Carlos 2, Don John 5, Charles IX 1, "
        "then 3 for every other man."
    ),
    position=Position(moves=(Reach(Phase.ACTION), Hands((("spain", (2,)),))), dice=(("AGE-1", (6, 2, 5, 1, 3, 3, 3, 3, 3, 3, 3)),)),
    steps=(
        Step("pass", "GEN-6", N_("Spain passes; every power passes in a row, so the Action Phase ends (GEN-6) and the turn reaches aging"),
             (Rolled("AGE-1", 6), RoyalIs("philip-ii", RoyalStatus.BETROTHED, 3), RoyalIs("don-carlos", RoyalStatus.AVAILABLE, 1),
              RoyalIs("don-john", RoyalStatus.AVAILABLE, 2), RoyalIs("charles-ix", RoyalStatus.AVAILABLE, 2),
              RoyalIs("elizabeth-i", RoyalStatus.AVAILABLE, 4), RoyalIs("claude-of-valois", RoyalStatus.AVAILABLE, 1),
              Logged("AGE-1", "Don Carlos: Eligibility 2 -> 1"))),
    ),
    summary=N_("Philip II kept his 3 on a 6; Claude of Valois stays at 1, the floor. Aging is why waiting to wed is a gamble (MAR-7)."),
    recap=("AGE-1",),
    finish=Reach(Phase.PATRONAGE),
)

WALKTHROUGHS = (WEDDINGS, OPENING_BROKEN, FESTIVITIES, REFUSALS, MARY, DEATH, ELIZABETH, AGING)
