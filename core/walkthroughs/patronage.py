"""Walkthroughs of patronage: artists (PAT-1..PAT-9), scientists (SCI-1..SCI-3), events (PAT-10)."""

from __future__ import annotations

from core.i18n import N_
from core.state import LeaderStatus, Phase
from core.walkthroughs.model import ArtistMarkers, Hands, Position, Reach, Step, Walkthrough
from core.walkthroughs.promises import BonusHeld, LeaderIs, Logged, Refused, Rolled, VpChange

SECTION = N_("Patronage")

TITIAN = Walkthrough(
    id="pat-9-titian",
    section=SECTION,
    title=N_("Spain sponsors Titian: the rules' worked example (PAT-9)"),
    rule="PAT-9",
    intro=N_(
        "Spain patronises an artist with 3 CP. The artist is drawn at random from Spain's pool "
        "(here: Titian, rating 2), placed in the 3-CP box (+1), and evaluated in the Patronage "
        "Phase with 2d6 + rating + box (PAT-5). The dice are fixed to 5 and 3, as in the rules' example. "
        "Philip II's 4 CP is provisional data*."
    ),
    position=Position(
        moves=(Reach(Phase.ACTION), Hands((("spain", (2,)),))),
        dice=(("PAT-5", (5, 3)),),
        picks=("titian",),
    ),
    steps=(
        Step("play 2 cp", "GEN-6", N_("play Spain's home card Philip II for its 4 CP; the CP can be split over several actions (GEN-6)")),
        Step("cp patronise artist 3", "PAT-2", N_("spend 3 CP to patronise an artist: 3 CP give +1 on the evaluation roll (PAT-2)"),
             (Logged("PAT-2", "Titian"),)),
        Step("cp done", "PAT-5",
             N_("stop spending: the 1 CP left is lost, and the log says so (GEN-6); the turn moves on to the "
                "Patronage Phase, where Titian is evaluated (PAT-5, PAT-6)"),
             (Logged("GEN-6", "1 CP left unspent is lost"), Rolled("PAT-5", 11, (5, 3)), Logged("PAT-7", "Great Acclaim"),
              Logged("PAT-8", "1 VP artist marker for Titian"), VpChange("spain", 1))),
    ),
    summary=N_(
        "As PAT-9 says: rating 2, 3 CP spent (+1): modifier +3; 2d6 = 8, total 11: Great Acclaim, "
        "so Spain takes a 1 VP artist marker (PAT-7, PAT-8)."
    ),
    recap=("PAT-5", "PAT-7", "PAT-8"),
)

ARTISTS = Walkthrough(
    id="pat-artists-markers",
    section=SECTION,
    title=N_("Artists: results, the evaluation order and running out of markers (PAT-1..PAT-8)"),
    rule="PAT-8",
    intro=N_(
        "Each power may patronise one artist and one scientist per turn (PAT-1), by spending 2, 3 or 4 CP "
        "(+0, +1, +2, PAT-2) on an artist drawn at random from its own pool; Italian artists only come "
        "through events (PAT-3). In the Patronage Phase the artists are evaluated from the highest printed "
        "rating down, ties in impulse order (PAT-6, GEN-5), each with 2d6 + rating + box + other "
        "modifiers (PAT-4, PAT-5). Here the box holds no 1 VP artist marker and no 3 VP painter marker (PAT-8)."
    ),
    position=Position(
        moves=(
            Reach(Phase.ACTION),
            Hands((("spain", (2,)), ("england", (3,)))),
            ArtistMarkers(0, (("2", ("writer", "painter", "architect")), ("3", ("writer", "architect")))),
        ),
        dice=(("PAT-5", (6, 6, 3, 2)),),
        picks=("titian", "nicholas-hilliard"),
    ),
    steps=(
        Step("play 2 cp", "GEN-6", N_("Spain plays Philip II for 4 CP (GEN-6)")),
        Step("cp patronise artist 4", "PAT-2", N_("spend all 4 CP on an artist: the 4-CP box gives +2 (PAT-2); Titian is drawn"),
             (Logged("PAT-2", "Titian"),)),
        Step("play 3 cp", "GEN-6", N_("England plays Elizabeth I for 4 CP"), power="england"),
        Step("cp patronise artist 2", "PAT-2", N_("England patronises with 2 CP (+0): its only artist this turn is Nicholas Hilliard, rating 1 (PAT-3)"),
             (Logged("PAT-2", "Nicholas Hilliard"),)),
        Step("cp patronise artist 2", "PAT-1", N_("try a second artist this turn: refused (PAT-1)"),
             (Refused("PAT-1"),)),
        Step("cp done", "PAT-6",
             N_("stop: the 2 CP left are lost. Titian (rating 2) is evaluated before Hilliard (rating 1) (PAT-6). "
                "Titian rolls 6+6 +2 +2 = 16, a Masterpiece worth a 3 VP painter marker; none is left, so he takes "
                "the best below it, the 2 VP painter marker (PAT-8). Hilliard rolls 3+2 +1 = 6: Fled the Country (PAT-7)"),
             (Rolled("PAT-5", 16), Logged("PAT-7", "Masterpiece"), Logged("PAT-8", "the best left below the 3 VP earned"),
              VpChange("spain", 2), Rolled("PAT-5", 6), Logged("PAT-7", "Fled the Country"))),
    ),
    summary=N_(
        "PAT-7: 6 or less Fled the Country (removed), 7-8 Nothing of Note (removed if rating 1), 9 Still "
        "Working, 10-12 Great Acclaim (1 VP), 13-14 Great Work (2 VP), 15+ Masterpiece (3 VP). PAT-8: the 2 "
        "and 3 VP markers are one per artist type; with none of the earned value left the artist must take "
        "the best one below, and with none at all returns to the pool. Marker counts are provisional data*."
    ),
    recap=("PAT-5", "PAT-7", "PAT-8"),
    autoplay=True,
    teaches=("PAT-1", "PAT-3", "PAT-4", "PAT-5", "PAT-7", "GEN-5"),
)

SCIENTISTS = Walkthrough(
    id="sci-le-testu",
    section=SECTION,
    title=N_("Scientists: choosing a bonus, and Le Testu the sea captain (SCI-1..SCI-3)"),
    rule="SCI-1",
    intro=N_(
        "France patronises a scientist; its only one on turn 1 is Guillaume Le Testu, who is also a sea "
        "captain. Scientists roll like artists (PAT-5) on their own table (SCI-1): 10-12 Innovator gives a "
        "1 VP marker or one scientific bonus, at the player's choice; each bonus exists once and only an "
        "eligible power may take it (SCI-2). Any result but Still Working also removes Le Testu's sea "
        "captain marker (SCI-3). The dice are fixed to 5 and 5."
    ),
    position=Position(
        moves=(Reach(Phase.ACTION), Hands((("france", (4,)),))),
        dice=(("PAT-5", (5, 5)),),
    ),
    steps=(
        Step("play 4 cp", "GEN-6", N_("France plays Catherine de Medici for 4 CP (GEN-6)")),
        Step("cp patronise scientist 4", "PAT-2",
             N_("patronise a scientist with all 4 CP (+2, PAT-2): Le Testu is drawn; the turn runs on to the "
                "Patronage Phase, where he rolls 5+5 +1 +2 = 13, an Epiphany (SCI-1), and loses his sea captain marker (SCI-3)"),
             (Logged("PAT-2", "Guillaume Le Testu"), Rolled("PAT-5", 13), Logged("SCI-1", "Epiphany"),
              Logged("SCI-3", "sea captain marker is removed"), LeaderIs("le-testu", LeaderStatus.DESTROYED))),
        Step("reward 1 ravelin", "SCI-2",
             N_("Epiphany is a 2 VP marker, or a 1 VP marker and a bonus (SCI-1): take the 1 VP marker with Ravelin, "
                "1 extra die defending an assault (SCI-2)"),
             (VpChange("france", 1), BonusHeld("ravelin", "france"), Logged("SCI-2", "Ravelin")), power="france"),
    ),
    summary=N_(
        "SCI-1: 6 or less Arrested by the Inquisition, 7-8 Astrological Distractions, 9 Still Working, "
        "10-12 Innovator (1 VP or a bonus), 13-14 Epiphany (2 VP, or 1 VP and a bonus), 15+ Catalyst (2 VP "
        "and a bonus). The Observatory adds +2 to later science rolls (PAT-4) and sends its scientist back "
        "to the pool. If Le Testu the sea captain is destroyed on the map, the scientist goes too (SCI-3)."
    ),
    recap=("PAT-5", "SCI-"),
)

EVENTS = Walkthrough(
    id="pat-10-events",
    section=SECTION,
    title=N_("Sponsoring by event: Papal Bull and Patron of the Arts (PAT-10)"),
    rule="PAT-10",
    intro=N_(
        "Three events sponsor a patron instead of CP (PAT-10): Patron of the Arts an artist, Papal Bull an "
        "artist or a scientist, Commissioned from Italy an Italian one. The patron is drawn from the "
        "power's own pool plus the Italian pool and goes in the 3-CP box (+1). It counts as the power's "
        "one artist (scientist) for the turn (PAT-3): a second is refused (PAT-1)."
    ),
    position=Position(
        moves=(Reach(Phase.ACTION), Hands((("spain", (10, 11)),))),
        dice=(("PAT-5", (4, 4)),),
        picks=("andrea-palladio",),
    ),
    steps=(
        Step("play 10 event", "PAT-10", N_("Spain plays Papal Bull as its event")),
        Step("pick artist", "PAT-10", N_("choose an artist: Andrea Palladio (Italian, rating 3) is drawn and placed in the 3-CP box"),
             (Logged("PAT-10", "Andrea Palladio"),)),
        Step("play 11 event", "PAT-3", N_("try Patron of the Arts for a second artist: it is refused, one artist a turn (PAT-1; "
                                          "an event's counts as the turn's one, PAT-3)"),
             (Refused("PAT-1"),)),
        Step("play 11 cp", "PAT-5", N_("play it for its 2 CP instead; the turn runs to the Patronage Phase: Palladio rolls 4+4 +3 +1 = 12"),
             (Rolled("PAT-5", 12), Logged("PAT-7", "Great Acclaim"), VpChange("spain", 1))),
    ),
    summary=N_("Event sponsorship follows PAT-10; the evaluation is the usual PAT-5 roll and PAT-7 table."),
    recap=("PAT-10", "PAT-5", "PAT-7", "PAT-8"),
    autoplay=True,
    finish=Reach(Phase.WINTER),
)

WALKTHROUGHS = (TITIAN, ARTISTS, SCIENTISTS, EVENTS)
