"""Walkthroughs of cards: the Card Draw (CARD-5..CARD-7) and playing cards (CARD-1..CARD-4, CARD-8)."""

from __future__ import annotations

from core.i18n import N_
from core.state import Phase
from core.walkthroughs.model import Hands, Marker, Placed, Position, Reach, Step, Unrest, Walkthrough
from core.walkthroughs.promises import Dealt, Holds, Logged, Refused

SECTION = N_("Cards")

CARD_DRAW = Walkthrough(
    id="card-draw",
    section=SECTION,
    title=N_("The Card Draw: how many cards, and the deck (CARD-5..CARD-7)"),
    rule="CARD-7",
    intro=N_(
        "A hand is the power's home card(s), the cards dealt from the common deck, and the cards it kept (CARD-5). "
        "At each Card Draw the cards of that turn enter play and the deck, with the discards, is shuffled "
        "(CARD-6). Each power's count is the last uncovered square of its Cards per Key track: each key it "
        "controls uncovers one, each Unrest in its spaces covers one more, at least 1; then its ruler's card "
        "bonus and its +1/-1 Card markers (CARD-7). Position: Unrest in Madrid; Spain holds a +1 Card marker "
        "from a wedding. Tracks and bonuses are provisional data*."
    ),
    position=Position(moves=(
        Reach(Phase.ACTION), Hands((("spain", (2,)),)), Unrest("madrid"), Marker("spain", 1, "MAR-5", N_("Benevolent Rulers")),
    )),
    steps=(
        Step("play 2 cp", "CARD-5", N_("Spain plays its home card Philip II for CP; a home card comes back to its power every turn (CARD-5)")),
        Step("cp done", "CARD-7",
             N_("stop spending; the turn runs to the next Card Draw. Spain: 10 keys uncover the square 6, Unrest in "
                "Madrid covers one (5), the +1 Card marker makes 6. England: 3 keys give 3, +1 ruler bonus: 4"),
             (Logged("CARD-6", "new cards enter play"), Logged("CARD-6", "the deck is shuffled"), Dealt("spain", 6),
              Dealt("england", 4), Logged("CARD-7", "Spain: its Card marker +1 is removed"), Holds("spain", 2))),
    ),
    summary=N_(
        "After the count every +1/-1 Card marker is removed, except those of a foreign war still going on and of "
        "the Suez Canal. If the deck runs out, the cards left are dealt one at a time around the table (CARD-7)."
    ),
    recap=("CARD-6", "CARD-7"),
    finish=Reach(Phase.NEGOTIATION, turn=2),
)

PLAYING = Walkthrough(
    id="card-play",
    section=SECTION,
    title=N_("Playing cards: events, CP, mandatory events, response and combat windows (CARD-1..CARD-4)"),
    rule="CARD-1",
    intro=N_(
        "Each card has a record: number, title, CP, kind, entry turn, removed after play or not (CARD-8). An "
        "event card is played in its holder's impulse as its event or for its CP (CARD-4). A combat card is an "
        "event only just before a battle its holder fights (CARD-3); a response card only in a response window, "
        "which opens after every action and event (CARD-2, GEN-8). A Mandatory event must be played as its event "
        "the turn it is drawn; its holder may not pass; after it the power gets 2 CP (CARD-1). Position: Spain "
        "holds Veteran Tercios and Wedding Festivities, France Death of Charles IX and Gouvernante de France; two "
        "Spanish regulars have marched into independent Florence (their move recorded)."
    ),
    position=Position(moves=(Reach(Phase.ACTION), Hands((("spain", (24, 22)), ("france", (18, 14)))), Placed("florence", "spain", 2))),
    steps=(
        Step("play 22 event", "CARD-2", N_("Spain tries to play the response card Wedding Festivities as its impulse's card: refused; its event waits for a "
                "response window, which opens after an action, Spain's own included (CARD-2)"),
             (Refused("CARD-2"),), power="spain"),
        Step("table", "TABLE-1", N_("record a battle instead (a table action in Spain's impulse, TABLE-1)"), power="spain"),
        Step("pick battle", "CARD-3", N_("a field battle between two powers in a space (an assault or a naval battle opens the same windows)")),
        Step("pick florence", "CARD-3", N_("at Florence, where both sides have units: a recorded battle agrees with the map (TABLE-1)")),
        Step("pick spain", "CARD-3", N_("Spain attacks...")),
        Step("pick independent", "IND-2",
             N_("...Florence's independent regulars, who defend against any attacker (IND-2): first the combat window "
                "opens for the sides, in impulse order; then the response window for every power (CARD-2)")),
        Step("combat 24", "CARD-3", N_("Spain plays Veteran Tercios in the battle (CARD-3)"), (Logged("CARD-3", "Veteran Tercios"),)),
        Step("no-response", "CARD-2",
             N_("the response window after the battle: Spain holds Wedding Festivities, so Spain is asked (GEN-8); keep it for "
                "now. The battle itself is fought on the table, with its dice: its outcome (losses, retreats, control) is "
                "recorded as further table actions (TABLE-1)"),
             power="spain"),
        Step("pass", "GEN-8", N_("Spain passes; England has no cards"), power="spain"),
        Step("pass", "CARD-1", N_("France tries to pass while holding a Mandatory event: refused (CARD-1)"), (Refused("CARD-1"),), power="france"),
        Step("play 18 event", "CARD-1", N_("France plays Death of Charles IX: the event first (MAR-8)..."),
             (Logged("CARD-1", "plays #18 Death of Charles IX as its event"), Logged("MAR-8", "Charles IX dies")), power="france"),
        Step("respond 22 elisabeth-of-valois", "CARD-2",
             N_("...then a response window: only Spain holds a response it can play, so only Spain is asked (GEN-8). It "
                "plays Wedding Festivities on the opening betrothal of Philip II and Elisabeth of Valois"),
             (Logged("CARD-2", "responds with #22 Wedding Festivities"),), power="spain"),
        Step("cp done", "CARD-1", N_("then France's 2 CP after the Mandatory event (CARD-1): leave them unspent (they are lost)"), power="france"),
        Step("play 14 event", "CARD-4",
             N_("in its next impulse France plays Gouvernante de France: in force to the end of the turn, a marker on the Turn Track (CARD-4)"),
             (Logged("CARD-4", "in force until the end of the turn"),), power="france"),
    ),
    summary=N_(
        "Louise of Lorraine's special event is played only in the Negotiation Segment (CARD-4). After play a card "
        "goes to the discard pile, back to its power (home cards), or out of the game, as its record says (CARD-8)."
    ),
    recap=("CARD-",),
    autoplay=True,
    teaches=("CARD-8", "GEN-8"),
)

WALKTHROUGHS = (CARD_DRAW, PLAYING)
