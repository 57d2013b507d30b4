"""Walkthrough of table actions: recording what the sources do not describe (TABLE-1, UNIT-1..UNIT-3)."""

from __future__ import annotations

from core.i18n import N_
from core.state import LeaderStatus, Phase
from core.walkthroughs.model import Hands, Position, Reach, Step, Walkthrough
from core.walkthroughs.promises import LeaderIs, Logged

SECTION = N_("Table actions and units")
TABLE = "table"

TABLE_ACTIONS = Walkthrough(
    id="table-1-actions",
    section=SECTION,
    title=N_("Table actions: recording Unrest and losses; raising units (TABLE-1, UNIT-1..UNIT-3)"),
    rule="TABLE-1",
    intro=N_(
        "Movement, battles, sieges and the New World are not in the sources: the players resolve them on the table "
        "and record the outcome, in the acting power's impulse or by the table at any time (t): control, Unrest, "
        "religion, units, leaders, war and peace, battles (TABLE-1). Leaders are on the map, captured or out of "
        "play (UNIT-3). Units are raised with CP: a mercenary for 1 CP in a controlled home space (UNIT-1), a "
        "regular for 2 CP in a fortified one (UNIT-2); costs are provisional data*."
    ),
    position=Position(moves=(Reach(Phase.ACTION), Hands((("france", (4,)),)))),
    steps=(
        Step("table", "TABLE-1", N_("the table records, outside any impulse, that Unrest broke out in Lyon (press t)"), power=TABLE),
        Step("pick unrest", "TABLE-1", N_("set or clear Unrest"), power=TABLE),
        Step("pick lyon", "TABLE-1", N_("in Lyon"), (Logged("TABLE-1", "(by the table) Unrest set in Lyon"),), power=TABLE),
        Step("table", "TABLE-1", N_("in France's impulse: Le Testu's ship was sunk"), power="france"),
        Step("pick leader", "UNIT-3", N_("a leader is captured, released or removed (UNIT-3)")),
        Step("pick le-testu", "UNIT-3", N_("Guillaume Le Testu, sea captain")),
        Step("pick destroy", "SCI-3", N_("destroyed: the scientist Le Testu leaves the game with him (SCI-3)"),
             (Logged("SCI-3", "the scientist Guillaume Le Testu is removed too"), LeaderIs("le-testu", LeaderStatus.DESTROYED))),
        Step("play 4 cp", "UNIT-2", N_("France plays Catherine de Medici for 4 CP"), power="france"),
        Step("cp regular paris", "UNIT-2", N_("2 CP: a regular in Paris, a fortified home space France controls (UNIT-2)"),
             (Logged("UNIT-2", "raises a regular in Paris"),)),
        Step("cp mercenary orleans", "UNIT-1", N_("1 CP: a mercenary in Orleans, an unfortified home space (UNIT-1)"),
             (Logged("UNIT-1", "raises a mercenary in Orleans"),)),
    ),
    summary=N_(
        "Every table action is validated (a removal needs a unit there, MOR-3 and CL-6 limit moves), logged with "
        "who recorded it, and can be undone like any decision (GEN-9). A recorded battle opens the combat window (CARD-3)."
    ),
    recap=("TABLE-1", "UNIT-", "SCI-3"),
    autoplay=True,
    teaches=("UNIT-1", "UNIT-3"),
)

WALKTHROUGHS = (TABLE_ACTIONS,)
