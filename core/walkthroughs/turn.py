"""Walkthrough of the game frame: the turn sequence, negotiation and impulses (GEN-1..GEN-9)."""

from __future__ import annotations

from core.i18n import N_
from core.state import Phase
from core.walkthroughs.model import UNDO, Hands, Position, Reach, Step, Walkthrough
from core.walkthroughs.promises import Logged, Refused, UnitsIn

SECTION = N_("Game frame")

TURN = Walkthrough(
    id="gen-turn",
    section=SECTION,
    title=N_("A turn, phase by phase: negotiation and impulses (GEN-1..GEN-9)"),
    rule="GEN-3",
    intro=N_(
        "Six powers act in impulse order: Ottoman, Spain, England, France, Empire, Protestant (GEN-1). Here one "
        "person, you, plays all six; with several people each power's decisions pass to its player and the "
        "board is hidden at each hand-off (GEN-2). A turn runs Card Draw, Diplomacy (Negotiation, then "
        "Diplomatic Status), Action, Marriage Resolution, Patronage, Winter and Victory Determination (GEN-3). "
        "Every roll is six-sided and logged with its rule and modifiers (GEN-4); impulse order breaks ties (GEN-5). "
        "In a game, u undoes your own decisions back to the last roll, reveal or hand-off (GEN-9)."
    ),
    position=Position(),
    steps=(
        Step("done", "GEN-7",
             N_("the Negotiation Segment: in impulse order each power makes one proposal or says done (GEN-7; the Ottoman has no "
                "royals, so it is skipped). Spain says done, leaving the opening betrothal postponed (MAR-7)"), power="spain"),
        Step("done", "GEN-7", N_("England is done: it proposes nothing this time (a proposal would reopen the segment for everyone, GEN-7)"), power="england"),
        Step("done", "GEN-7", N_("France is done too"), power="france"),
        Step("done", "GEN-7", N_("the Empire is done too"), power="empire"),
        Step("done", "GEN-7",
             N_("the Protestant is done: every power has said done in a row, the segment ends; no minor's status is "
                "determined (DIP-1: only a minor on which a power bought influence above its default is), and the Action "
                "Phase begins"),
             (Logged("GEN-7", "the Negotiation Segment ends"), Logged("GEN-3", "Turn 1: Action Phase")), power="protestant"),
        Step("play 1 cp", "GEN-6", N_("the Ottoman's impulse: play one card, as its event or for its CP, or pass (GEN-6). Play Grand Vizier for 4 CP"), power="ottoman"),
        Step("cp mercenary istanbul", "GEN-6", N_("the CP may be split over several CP actions: 1 CP for a mercenary in Istanbul (UNIT-1)...")),
        Step("cp influence venice", "GEN-6", N_("...1 CP for influence on Venice (DIP-7)...")),
        Step("cp done", "GEN-6", N_("...and stop: the 2 CP left are lost, and the log says so"),
             (Logged("GEN-6", "2 CP left unspent are lost"),)),
        Step("pass", "GEN-6",
             N_("Spain passes; a power that passed may act again in a later round. When every power has passed in a row "
                "the Action Phase ends and the turn runs through Marriage Resolution, Patronage, Winter, Victory "
                "Determination, and the next Card Draw (GEN-3)"),
             (Logged("GEN-6", "every power has passed in a row"), Logged("GEN-3", "Turn 1: Winter Phase"),
              Logged("GEN-3", "Turn 1: Victory Determination Phase"), Logged("GEN-3", "Turn 2: Card Draw Phase")), power="spain"),
    ),
    summary=N_(
        "That was one turn. Response windows (GEN-8) open after every action and event; by default only a power "
        "that holds a playable response card is asked, a game option asks everyone so nothing leaks. Undo (GEN-9) has a "
        "walkthrough of its own, \"Undo and its barriers\"; or play on from here with p: u takes your decisions back to the "
        "last roll, reveal or hand-off, and says which stops it."
    ),
    # with what changed the VP (walkthrough play-test: England's 7 VP after it, where 6 were before, said nowhere); the
    # royals' aging (AGE-1, some 30 lines) has a walkthrough of its own
    recap=("GEN-3", "GEN-6", "GEN-7", "VQ-1", "WIN-5"),
    autoplay=True,
    finish=Reach(Phase.NEGOTIATION, turn=2),
    teaches=("GEN-1", "GEN-2", "GEN-4", "GEN-5", "GEN-8", "GEN-9"),
)

# Walkthrough play-test: undo and its barriers were taught in words only (u is refused in the other walkthroughs)
UNDO_BARRIERS = Walkthrough(
    id="gen-9-undo",
    section=SECTION,
    title=N_("Undo and its barriers: taking a decision back (GEN-9)"),
    rule="GEN-9",
    intro=N_(
        "A person may undo their own decisions with u, back to the last barrier: a die roll or a random draw (undo "
        "never rolls again), a reveal of hidden cards (a card played is shown to every player), or a hand-off to "
        "another person (GEN-9). Position: England holds only its home card, Elizabeth I (4 CP); every other hand "
        "is empty, so England's impulse comes first."
    ),
    position=Position(moves=(Reach(Phase.ACTION), Hands((("england", (3,)),)))),
    steps=(
        Step("play 3 cp", "GEN-9",
             N_("England plays Elizabeth I for its 4 CP. The card is now shown to every player: a reveal, and undo never "
                "goes back across one (GEN-9)"), power="england"),
        Step("cp mercenary london", "UNIT-1", N_("spend 1 CP on a mercenary in London (UNIT-1)"),
             (Logged("UNIT-1", "raises a mercenary in London"), UnitsIn("london", "england", 4, 2))),
        Step(UNDO, "GEN-9",
             N_("you meant to place influence on Scotland instead: undo takes back your last decision, the mercenary is gone, "
                "its CP are England's again and the same decision asks again (GEN-9)"),
             (UnitsIn("london", "england", 4, 1),)),
        Step(UNDO, "GEN-9",
             N_("undo once more: refused, and the refusal names the barrier, the card played just before (GEN-9)"),
             (Refused("GEN-9"),)),
        Step("cp influence scotland", "DIP-7", N_("place the influence on Scotland after all (DIP-7)"), power="england"),
    ),
    summary=N_(
        "Undo takes back only your own decisions. A computer's quiet answers after yours that rolled nothing and revealed "
        "nothing (a pass, \"no response\") are taken back with yours, and it decides again. In a hot-seat game, u at a "
        "hand-off takes back the move that made it; once the next person has pressed Enter, the hand-off is a barrier "
        "(GEN-9)."
    ),
    recap=("GEN-9", "UNIT-1", "DIP-7"),
    teaches=("GEN-9",),
)

WALKTHROUGHS = (TURN, UNDO_BARRIERS)
