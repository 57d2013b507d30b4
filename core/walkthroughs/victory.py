"""Walkthroughs of every way to win the engine has (WIN-1..WIN-6)."""

from __future__ import annotations

from core.i18n import N_
from core.ids import INDEPENDENT
from core.state import Phase
from core.walkthroughs.model import Control, EarlierVp, Hands, Placed, Position, ProtestantRegion, Reach, Step, Turn, Unrest, Walkthrough
from core.walkthroughs.promises import Logged, VpIs, Wins

SECTION = N_("Victory")
WAYS = N_(
    "There are six ways to win (WIN-1): military, religious and Catholic-uprising victories are immediate, in the "
    "Action Phase; standard, domination and time-limit victories are checked in the Victory Determination Phase. "
    "The Catholic-uprising condition is not in the sources, so that check stays off (WIN-4)."
)

MILITARY = Walkthrough(
    id="win-2-military",
    section=SECTION,
    title=N_("Military victory: the Auto Win box (WIN-1, WIN-2)"),
    rule="WIN-2",
    preface=WAYS,
    intro=N_(
        "A power whose key spaces, none with Unrest, uncover the Auto Win box of its power card wins at once in "
        "the Action Phase (WIN-2). Position: the Empire controls 7 keys (Vienna, Prague, Innsbruck, Metz, Milan, "
        "Naples, Palermo), Vienna has Unrest; its Auto Win box is at 8 keys (provisional data*). An Empire army "
        "has just defeated the independent regulars of Tunis (their loss recorded)."
    ),
    position=Position(moves=(
        Reach(Phase.ACTION), Hands((("empire", (5,)),)),
        Control("metz", "empire"), Control("milan", "empire"), Control("naples", "empire"), Control("palermo", "empire"), Unrest("vienna"),
        Placed("tunis", INDEPENDENT), Placed("tunis", "empire", 2),
    )),
    steps=(
        Step("table", "TABLE-1", N_("in its impulse the Empire records that it took Tunis (a table action, TABLE-1)"), power="empire"),
        Step("pick control", "TABLE-1", N_("a change of political control")),
        Step("pick tunis", "IND-1", N_("Tunis, an independent key space: its independent regulars never move and defend like an "
                "inactive minor power's, and no one may raise units there (IND-1, IND-2); once captured it stays with a major power...")),
        Step("pick empire", "WIN-2", N_("...to the Empire: 8 keys, but Vienna holds Unrest, so only 7 count: no victory yet"),
             (Logged("TABLE-1", "Tunis is now controlled by Empire"),)),
        Step("table", "TABLE-1", N_("then the Empire records that the Unrest in Vienna is over"), power="empire"),
        Step("pick unrest", "TABLE-1", N_("set or clear Unrest")),
        Step("pick vienna", "WIN-2", N_("clear it in Vienna: 8 keys without Unrest, the Empire wins at once"), (Wins("empire", "WIN-2"),)),
    ),
    summary=N_("Opening the box in the Diplomacy Phase wins only if it is still open when the Action Phase begins (WIN-2)."),
    recap=("WIN-",),
    autoplay=True,
    teaches=("WIN-1", "WIN-4", "IND-2"),
)

RELIGIOUS = Walkthrough(
    id="win-3-religious",
    section=SECTION,
    title=N_("Religious victory: 50 Protestant spaces (WIN-3)"),
    rule="WIN-3",
    preface=WAYS,
    intro=N_(
        "The Protestant wins at once on reaching Protestant religious influence in 50 spaces, none with Unrest; if "
        "the count ever falls to 9, a Catholic power wins instead: France if France and Scotland hold 3 or fewer "
        "Protestant spaces, otherwise Spain (WIN-3). Position: 49 Protestant spaces (33 of them counted in Germany)."
    ),
    position=Position(moves=(Reach(Phase.ACTION), Hands((("protestant", (6,)),)), ProtestantRegion("germany", 33))),
    steps=(
        Step("table", "TABLE-1", N_("in its impulse the Protestant records a successful reformation (a table action, TABLE-1)"), power="protestant"),
        Step("pick religion", "TABLE-1", N_("a change of religion")),
        Step("pick paris", "WIN-3", N_("Paris becomes Protestant: the 50th space, the Protestant wins at once"), (Wins("protestant", "WIN-3"),)),
    ),
    summary=N_("The Protestant count includes the named spaces and the regional counts (WIN-3, WIN-6)."),
    recap=("WIN-", "TABLE-1"),
    autoplay=True,
)

STANDARD = Walkthrough(
    id="win-5-standard",
    section=SECTION,
    title=N_("Standard victory, and where VP come from (WIN-5, WIN-6)"),
    rule="WIN-6",
    preface=WAYS,
    intro=N_(
        "VP come from key spaces held (the power card track), for the Protestant also its spaces, marriage VP, "
        "Virgin Queen VP, patronage markers, the Suez Canal and events; every change is logged with its rule "
        "(WIN-6). In the Victory Determination Phase a power with 25 VP wins a standard victory (WIN-5, "
        "provisional threshold*). Position: set up by hand on turn 1, it gives England 18 VP besides its 6 for 3 keys."
    ),
    position=Position(moves=(Reach(Phase.ACTION), Hands((("england", (3,)),)), EarlierVp("england", 18, "PAT-8", N_("artist markers")))),
    steps=(
        Step("pass", "WIN-5",
             N_("England passes; the Action Phase ends. In the Marriage Resolution Phase Elizabeth's Virgin Queen VP (VQ-1) "
                "makes 25, and the Victory Determination Phase declares a standard victory"),
             (Logged("VQ-1", "Virgin Queen"), VpIs("england", 25), Wins("england", "WIN-5")), power="england"),
    ),
    summary=N_("The Victory Determination Phase checks standard, then domination, then time limit (WIN-5)."),
    recap=("WIN-", "VQ-1"),
)

DOMINATION = Walkthrough(
    id="win-5-domination",
    section=SECTION,
    title=N_("Domination victory: a lead of 5 from turn 4 (WIN-5)"),
    rule="WIN-5",
    preface=WAYS,
    intro=N_(
        "From turn 4 on, a power that leads every other by 5 VP or more in the Victory Determination Phase wins "
        "a domination victory (WIN-5, provisional thresholds*). Position: turn 4; Spain has 10 VP for its keys and "
        "2 from earlier weddings; England will have 7."
    ),
    position=Position(moves=(Reach(Phase.ACTION), Turn(4), Hands((("spain", (2,)),)), EarlierVp("spain", 2, "MAR-5", N_("earlier weddings")))),
    steps=(
        Step("pass", "WIN-5", N_("Spain passes; at the Victory Determination Phase Spain's 12 VP leads England's 7 by 5"),
             (VpIs("spain", 12), VpIs("england", 7), Logged("WIN-5", "domination victory (leads by 5 VP)"), Wins("spain", "WIN-5")), power="spain"),
    ),
    summary=N_("Ties in the VP ranking go to the earlier power in impulse order (GEN-5)."),
    recap=("WIN-",),
)

TIME_LIMIT = Walkthrough(
    id="win-5-time-limit",
    section=SECTION,
    title=N_("Time-limit victory: the last turn (WIN-5)"),
    rule="WIN-5",
    preface=WAYS,
    intro=N_(
        "If no one has won after the last turn (8 in the campaign), the power with the most VP wins, ties in "
        "impulse order (WIN-5). Position: turn 8."
    ),
    position=Position(moves=(Reach(Phase.ACTION), Turn(8), Hands((("spain", (2,)),)))),
    steps=(
        Step("pass", "WIN-5", N_("Spain passes; after the last turn's Victory Determination Spain, with the most VP, wins"),
             (Logged("WIN-5", "time-limit victory"), Wins("spain", "WIN-5")), power="spain"),
    ),
    summary=N_("Each victory ends the game on the spot; the final screen shows every power's VP ledger (WIN-6)."),
    recap=("WIN-",),
)

WALKTHROUGHS = (MILITARY, RELIGIOUS, STANDARD, DOMINATION, TIME_LIMIT)
