"""Walkthroughs of diplomacy: influence and minor powers' status (DIP-1..DIP-7); independent spaces and City
State Rebels (IND-1..IND-3)."""

from __future__ import annotations

from core.i18n import N_
from core.state import Phase
from core.walkthroughs.model import Hands, Position, Reach, Step, Walkthrough
from core.walkthroughs.promises import AllyIs, ControlIs, Logged, Refused, Rolled, UnitsIn, VpChange

SECTION = N_("Diplomacy")

STATUS = Walkthrough(
    id="dip-status",
    section=SECTION,
    title=N_("Diplomatic influence and minor powers' status (DIP-1..DIP-7)"),
    rule="DIP-2",
    intro=N_(
        "Influence on a minor power is bought with CP, one marker at a time (DIP-7). In the next Diplomatic Status "
        "step each minor on which a contending power holds more than its default influence is determined (DIP-1): "
        "each power listed as able to Activate or Deactivate it rolls 1d6 + its influence (DIP-2); the highest "
        "total wins, ties in impulse order (DIP-3, GEN-5). A winner that may Activate makes the minor its ally "
        "(DIP-4); one that may Deactivate frees it (DIP-5). Then the influence moves to Determined This Turn and "
        "returns to default in the Winter Phase (DIP-6). Lists, costs and defaults are provisional data*. "
        "Dice fixed: Venice: Ottoman 3, Spain 2, France 4, Empire 1; Genoa: Spain 2, England 5, France 3."
    ),
    position=Position(
        moves=(Reach(Phase.ACTION), Hands((("spain", (2,)), ("england", (3,))))),
        dice=(("DIP-2", (3, 2, 4, 1, 2, 5, 3)),),
    ),
    steps=(
        Step("play 2 cp", "DIP-7", N_("Spain plays Philip II for 4 CP"), power="spain"),
        Step("cp influence venice", "DIP-7", N_("1 CP: an influence marker on Venice"), (Logged("DIP-7", "Venice (1 now)"),)),
        Step("cp influence venice", "DIP-7", N_("a second one"), (Logged("DIP-7", "Venice (2 now)"),)),
        Step("cp done", "DIP-7", N_("stop (2 CP lost)")),
        Step("play 3 cp", "DIP-7", N_("England plays Elizabeth I for 4 CP"), power="england"),
        Step("cp influence genoa", "DIP-7", N_("England places influence on Genoa, Spain's ally, which England may Deactivate")),
        Step("cp done", "DIP-2",
             N_("stop; the turn runs to the next Diplomatic Status step. Venice: Spain 2 +2 = 4 ties France's 4 and wins "
                "by impulse order, activating Venice as its ally. Genoa: England 5 +1 = 6 beats Spain 2 +1 and France 3, "
                "and deactivates Genoa"),
             (Rolled("DIP-2", 4, (2,)), Rolled("DIP-2", 4, (4,)), Logged("DIP-3", "Spain: wins the diplomatic status roll for Venice with 4"),
              Logged("DIP-4", "Venice is activated as an ally of Spain"), Rolled("DIP-2", 6, (5,)),
              Logged("GEN-5", "impulse order breaks the tie"), Logged("DIP-5", "Genoa is deactivated from Spain"),
              Logged("DIP-6", "Determined This Turn"),
              AllyIs("venice", "spain"), AllyIs("genoa", ""))),
    ),
    summary=N_("France adds 2 for Scotland when all three Scottish home spaces are Catholic, the Protestant when all are Protestant (DIP-2)."),
    recap=("DIP-", "GEN-5"),  # the tie Venice's step names (newcomer play-test: the end showed 4 against 4 and Spain winning)
    autoplay=True,
    finish=Reach(Phase.ACTION, turn=2),
    teaches=("DIP-1", "DIP-3", "DIP-4", "DIP-5", "DIP-6", "GEN-5"),
)

ENGLAND = "england"

CITY_STATE_REBELS = Walkthrough(
    id="ind-city-state-rebels",
    section=SECTION,
    title=N_("Independent spaces and City State Rebels (IND-1..IND-3)"),
    rule="IND-3",
    intro=N_(
        "Metz and Tunis (key spaces) and Florence and Bayonne (fortresses) are independent spaces; in the campaign "
        "Bayonne, Florence and Tunis start independent (IND-1). Any power's units may enter them; their independent "
        "regulars never move and are never rebuilt (IND-2). Once a major power captures one, it stays under some "
        "major power's control, unless the City State Rebels event frees it with its regulars (IND-3). Position: "
        "France holds Metz; England holds City State Rebels and Elizabeth I."
    ),
    position=Position(moves=(Reach(Phase.ACTION), Hands(((ENGLAND, (17, 3)),)))),
    steps=(
        Step("table", "TABLE-1", N_("in its impulse England tries to record Metz turning independent (a table action, TABLE-1)"), power=ENGLAND),
        Step("pick control", "TABLE-1", N_("a change of control")),
        Step("pick metz", "IND-3", N_("of Metz")),
        Step("pick independent", "IND-3", N_("to Independent: refused, a space held by a major power never turns independent by itself (IND-3)"),
             (Refused("IND-3"),)),
        Step("pick cancel", "TABLE-1", N_("cancel the table action")),
        Step("play 17 event", "IND-3", N_("England plays City State Rebels as its event instead"), power=ENGLAND),
        Step("pick florence", "IND-3", N_("try Florence: refused, it is independent already"), (Refused("IND-3"),)),
        Step("pick metz", "IND-3",
             N_("Metz rebels against France: independent, with 2 independent regulars; France loses the key, and with it the "
                "key's VP and a square of its card track (IND-3, WIN-6, CARD-7)"),
             (Logged("IND-3", "Metz rebels against France"), Logged("IND-2", "2 independent regulars are placed in Metz"),
              ControlIs("metz", "independent"), UnitsIn("metz", "independent", 2), VpChange("france", -1))),
        Step("table", "TABLE-1", N_("in England's next impulse, try to rebuild an independent regular in Metz"), power=ENGLAND),
        Step("pick units", "IND-2", N_("units")),
        Step("pick metz", "IND-2", N_("in Metz")),
        Step("pick independent", "IND-2", N_("independent units")),
        Step("pick add-regular", "IND-2", N_("add a regular: refused, independent regulars are never rebuilt (IND-2)"),
             (Refused("IND-2"),)),
        Step("pick remove-regular", "IND-2", N_("a loss is recorded as usual: one independent regular of Metz is lost"),
             (UnitsIn("metz", "independent", 1),)),
    ),
    summary=N_("No power may raise units in an independent space (IND-2, UNIT-1, UNIT-2); its regulars defend it like an inactive minor power's."),
    recap=("IND-",),
    autoplay=True,
    teaches=("IND-1", "IND-2"),
)

WALKTHROUGHS = (STATUS, CITY_STATE_REBELS)
