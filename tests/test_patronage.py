"""Patronage of artists and scientists: PAT-1..PAT-10, SCI-1..SCI-3."""

from __future__ import annotations

import pytest

from core import patronage
from core.events import EventKind
from core.choices import Choice, IllegalChoice
from core.patronage import ARTIST_TABLE, SCIENTIST_TABLE, artist_row, scientist_row
from core.setup import new_state
from core.patronage import ScientistRewardFrame
from core.state import LeaderStatus, PatronStatus, Phase
from core.views import ONLOOKER
from tests.conftest import choice_strings, choose, ctx, force, new_session, to_impulse_of


def _ctx(data, turn: int = 1):
    state = new_state(data)
    state.turn = turn
    return ctx(data, state)


def _faces(dice_sum: int) -> tuple[int, int]:
    first = min(6, dice_sum - 1)
    return first, dice_sum - first


def _sponsor(c, patron_id: str, power: str, box: int) -> None:
    patrons = c.state.artists if patron_id in c.state.artists else c.state.scientists
    patrons[patron_id].status = PatronStatus.SPONSORED
    patrons[patron_id].sponsor = power
    patrons[patron_id].box_cp = box


ARTIST_EXPECTED = {2: "Fled the Country", 6: "Fled the Country", 7: "Nothing of Note", 8: "Nothing of Note",
                   9: "Still Working", 10: "Great Acclaim", 12: "Great Acclaim", 13: "Great Work",
                   14: "Great Work", 15: "Masterpiece", 20: "Masterpiece"}
SCIENTIST_EXPECTED = {2: "Arrested by the Inquisition", 6: "Arrested by the Inquisition", 7: "Astrological Distractions",
                      8: "Astrological Distractions", 9: "Still Working", 10: "Innovator", 12: "Innovator",
                      13: "Epiphany", 14: "Epiphany", 15: "Catalyst of a Scientific Revolution"}


@pytest.mark.parametrize(("total", "name"), ARTIST_EXPECTED.items())
def test_pat_7_artist_table_rows(total, name):
    assert artist_row(total).name == name


@pytest.mark.parametrize(("total", "name"), SCIENTIST_EXPECTED.items())
def test_sci_1_scientist_table_rows(total, name):
    assert scientist_row(total).name == name


def test_pat_7_and_sci_1_tables_cover_every_total_once():
    for table in (ARTIST_TABLE, SCIENTIST_TABLE):
        for total in range(-5, 30):
            assert sum(1 for row in table if row.low <= total <= row.high) == 1


def test_pat_9_titian_worked_example(data):
    """PAT-9: Spain, Titian (rating 2), 3 CP (+1): +3; 2d6 = 8 -> 11 -> a 1 VP artist marker."""
    c = _ctx(data)
    _sponsor(c, "titian", "spain", 3)
    force(c.state, 5, 3)
    patronage.evaluate(c, "titian")
    roll = next(e.roll for e in c.events if e.roll)
    assert roll.faces == [5, 3] and [m.value for m in roll.modifiers] == [2, 1] and roll.total == 11
    assert [(e.rule, e.amount) for e in c.state.powers["spain"].vp_entries] == [("PAT-8", 1)]
    assert c.state.markers.artist_one_vp == 5
    assert c.state.artists["titian"].status is PatronStatus.FINISHED


@pytest.mark.parametrize(
    ("total", "rating_1_status", "rating_2_status"),
    [(6, PatronStatus.REMOVED, PatronStatus.REMOVED),
     (7, PatronStatus.REMOVED, PatronStatus.POOL),
     (8, PatronStatus.REMOVED, PatronStatus.POOL),
     (9, PatronStatus.POOL, PatronStatus.POOL)],
)
def test_pat_7_low_results_remove_or_return(data, total, rating_1_status, rating_2_status):
    """PAT-7: Fled the Country removes; Nothing of Note removes rating 1 only; Still Working returns."""
    c = _ctx(data)
    _sponsor(c, "nicholas-hilliard", "england", 2)  # rating 1, +0
    _sponsor(c, "pierre-de-ronsard", "france", 2)  # rating 2, +0
    force(c.state, *_faces(total - 1), *_faces(total - 2))
    patronage.evaluate(c, "nicholas-hilliard")
    patronage.evaluate(c, "pierre-de-ronsard")
    assert [e.roll.total for e in c.events if e.roll] == [total, total]
    assert c.state.artists["nicholas-hilliard"].status is rating_1_status
    assert c.state.artists["pierre-de-ronsard"].status is rating_2_status


def test_pat_8_typed_marker_falls_back_to_best_lower_then_pool(data):
    c = _ctx(data)
    markers = c.state.markers
    markers.artist_typed["3"].remove("painter")  # the 3 VP painter marker is gone
    _sponsor(c, "pieter-bruegel-the-elder", "protestant", 4)  # rating 3 +2
    force(c.state, 6, 6)  # 17: Masterpiece (3) -> settles for the 2 VP painter marker
    patronage.evaluate(c, "pieter-bruegel-the-elder")
    assert c.state.powers["protestant"].vp_entries[-1].amount == 2
    assert "painter" not in markers.artist_typed["2"]
    markers.artist_one_vp = 0
    _sponsor(c, "titian", "spain", 4)
    force(c.state, 6, 6)  # Masterpiece again: no painter 3, no painter 2, no 1 VP -> back to pool
    patronage.evaluate(c, "titian")
    assert c.state.artists["titian"].status is PatronStatus.POOL
    assert c.events[-1].rule == "PAT-8"


def test_pat_8_writer_cannot_take_a_painter_marker(data):
    c = _ctx(data)
    c.state.markers.artist_typed = {"2": ["painter"], "3": ["painter"]}
    _sponsor(c, "pierre-de-ronsard", "france", 4)  # writer, rating 2, +2
    force(c.state, 6, 6)
    patronage.evaluate(c, "pierre-de-ronsard")
    assert c.state.powers["france"].vp_entries[-1].amount == 1  # only the any-type 1 VP marker fits


def test_pat_6_order_artists_then_scientists_by_rating_ties_in_impulse_order(data):
    c = _ctx(data)
    _sponsor(c, "titian", "spain", 2)  # rating 2, Spain (impulse 2)
    _sponsor(c, "giuseppe-arcimboldo", "empire", 2)  # rating 2, Empire (impulse 5)
    _sponsor(c, "mimar-sinan", "ottoman", 2)  # rating 3
    _sponsor(c, "baki", "ottoman", 2)  # rating 2, Ottoman (impulse 1)
    _sponsor(c, "john-dee", "england", 2)  # scientist rating 2
    _sponsor(c, "le-testu", "france", 2)  # scientist rating 1
    assert patronage.evaluation_order(c) == [
        "mimar-sinan", "baki", "titian", "giuseppe-arcimboldo", "john-dee", "le-testu",
    ]


def test_pat_4_modifiers_prague_isabella_observatory(data):
    c = _ctx(data)
    _sponsor(c, "johannes-kepler", "empire", 4)
    c.state.powers["empire"].royal_bonuses.append("isabella-clara-eugenia")
    c.state.markers.bonus_holders["observatory"] = "empire"
    sources = {str(m.source): m.value for m in patronage.modifiers(c, "johannes-kepler")}
    assert sources == {"Johannes Kepler's rating": 3, "4-CP box": 2, "Prague Cultural Center": 1,
                       "married to Isabella Clara Eugenia": 1, "Observatory": 2}


def test_pat_2_patronise_by_cp_draws_at_random_into_the_box(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [2, 101])
    state = session.state
    choose(session, "play 2 cp")
    options = choice_strings(session.decision)
    assert {"cp patronise artist 2", "cp patronise artist 3", "cp patronise artist 4"} <= set(options)
    state.rng.forced_picks.append("juan-de-herrera")
    events = choose(session, "cp patronise artist 3")
    assert state.artists["juan-de-herrera"].status is PatronStatus.SPONSORED
    assert state.artists["juan-de-herrera"].box_cp == 3
    assert any(e.kind == "draw" for e in events)
    assert not session.can_undo()  # GEN-9: a random draw is an undo barrier
    assert not [o for o in choice_strings(session.decision) if o.startswith("cp patronise artist")]  # PAT-1


def test_pat_3_no_italian_patron_by_cp_and_none_when_pool_empty(data):
    c = _ctx(data)
    assert all(data.artists[a].pool != "italy" for a in patronage.pool(c, "spain", "artist"))
    for patron_id in patronage.pool(c, "empire", "artist"):
        c.state.artists[patron_id].status = PatronStatus.REMOVED
    assert "PAT-3" in str(patronage.cp_refusal(c, "empire", "artist"))
    artist_options = [o for o in patronage.cp_options(c, "empire", 4) if o.choice.args[1] == "artist"]
    assert artist_options and all(o.refusal.startswith("PAT-3") for o in artist_options)


def test_pat_1_once_per_turn_refused_with_reason(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [2, 101])
    choose(session, "play 2 cp")
    choose(session, "cp patronise artist 2")
    with pytest.raises(IllegalChoice, match="PAT-1"):
        choose(session, "cp patronise artist 2")


def test_pat_10_patron_of_the_arts_may_draw_an_italian(data):
    session = new_session(data)
    to_impulse_of(session, "england", [11, 101])
    state = session.state
    state.rng.forced_picks.append("tintoretto")
    choose(session, "play 11 event")
    assert state.artists["tintoretto"].sponsor == "england" and state.artists["tintoretto"].box_cp == 3
    assert state.powers["england"].sponsored_artist_turn == 1


def test_pat_10_papal_bull_kind_choice_then_commissioned_from_italy_italian_only(data):
    session = new_session(data)
    to_impulse_of(session, "france", [10, 12, 101])
    choose(session, "play 10 event")
    assert choice_strings(session.decision) == ["pick artist", "pick scientist"]
    choose(session, "pick scientist")
    assert session.state.scientists["le-testu"].sponsor == "france"
    assert "play 10 event" not in choice_strings(session.decision)  # a scientist is no longer possible...
    choose(session, "play 12 event")  # ...but an Italian artist is (no Italian scientist before turn 4)
    sponsored = [a for a, p in session.state.artists.items() if p.sponsor == "france"]
    assert len(sponsored) == 1 and data.artists[sponsored[0]].pool == "italy"
    assert session.state.artists[sponsored[0]].box_cp == 3


def test_pat_10_an_event_refused_says_why_for_each_kind_pat_1(data):
    """Walkthrough play-test: Patron of the Arts, refused after its player had sponsored an artist, said
    only "no patron can be sponsored (already sponsored this turn, or none to draw)"."""
    session = new_session(data)
    to_impulse_of(session, "france", [10, 11, 12, 101])
    choose(session, "play 12 event")  # an Italian artist (no Italian scientist before turn 4)
    assert session.decision.refusal_of(Choice.parse("play 11 event")) == "PAT-1: France has already sponsored an artist this turn"
    choose(session, "play 10 event")  # Papal Bull: the scientist, the artist no longer asked about
    assert session.decision.refusal_of(Choice.parse("play 11 event")) == "PAT-1: France has already sponsored an artist this turn"
    session.state.powers["france"].hand.append(12)
    session.refresh()
    assert session.decision.refusal_of(Choice.parse("play 12 event")) == (
        "PAT-1: France has already sponsored an artist this turn; PAT-1: France has already sponsored a scientist this turn")


def test_sci_1_player_chooses_split_and_sci_2_eligibility(data):
    c = _ctx(data)
    frame = ScientistRewardFrame(scientist="pedro-nunes", power="spain", total=13)
    options = [str(ch) for ch in patronage.reward_choices(c, frame)]
    assert "reward 2 none" in options
    assert "reward 1 coastal-fortification" in options
    assert not any("map-projection" in o for o in options)  # never Spain
    assert not any("excavation" in o for o in options)  # Ottoman only
    ottoman = [str(ch) for ch in patronage.reward_choices(c, ScientistRewardFrame("taqi-ad-din", "ottoman", 11))]
    assert "reward 0 excavation" in ottoman and "reward 1 none" in ottoman


def test_sci_2_the_bonuses_a_power_cannot_take_are_refused_with_why(data):
    """Walkthrough play-test: the scientists walkthrough teaches that each bonus exists once and only an
    eligible power may take it (SCI-2), but x said nothing was refused and a typed Excavation was refused
    only by the lesson."""
    c = _ctx(data)
    c.state.markers.bonus_holders["telescope"] = "england"
    decision = patronage._reward_decision(c, ScientistRewardFrame("pedro-nunes", "spain", 13))
    refused = {str(o.choice): o.refusal for o in decision.refused}
    # with the marker the row gives a bonus with, as typed (13: a 1-VP marker and a bonus; 11: a bonus alone)
    assert refused["reward 1 excavation"].startswith("SCI-2: Excavation is only for Ottoman")
    innovator = patronage._reward_decision(c, ScientistRewardFrame("pedro-nunes", "spain", 11))
    assert innovator.refusal_of(Choice.parse("reward 0 excavation")).startswith("SCI-2: Excavation is only for Ottoman")
    assert refused["reward 1 telescope"].startswith("SCI-2: ") and "England's already" in refused["reward 1 telescope"]
    assert {str(c) for c in decision.choices} >= {"reward 2 none", "reward 1 ravelin"} and not set(refused) & {str(c) for c in decision.choices}
    labels = {str(o.choice): o.choice.label for o in decision.refused}
    # each bonus with its effect (SCI-2's table; Spanish play-test: offered with nothing to say what it does)
    assert labels["reward 1 excavation"] == "1 VP scientist marker and Excavation: +2 to Suez Canal dig rolls (SUEZ-2) (SCI-1, SCI-2)"


def test_sci_2_bonus_exists_once(data):
    c = _ctx(data)
    c.state.markers.bonus_holders["telescope"] = "england"
    options = [str(ch) for ch in patronage.reward_choices(c, ScientistRewardFrame("pedro-nunes", "spain", 11))]
    assert "reward 0 telescope" not in options


def test_sci_1_no_marker_left_forces_a_bonus_and_nothing_returns_to_pool(data):
    c = _ctx(data)
    c.state.markers.scientist = {"1": 0, "2": 0}
    options = [str(ch) for ch in patronage.reward_choices(c, ScientistRewardFrame("john-dee", "england", 13))]
    assert options and all(o.startswith("reward 0 ") for o in options)
    for bonus in data.bonuses:
        c.state.markers.bonus_holders[bonus] = "protestant"
    _sponsor(c, "john-dee", "england", 4)
    force(c.state, 6, 5)
    patronage.evaluate(c, "john-dee")
    assert c.state.scientists["john-dee"].status is PatronStatus.POOL


def test_sci_2_observatory_returns_scientist_and_adds_2_later(data):
    c = _ctx(data)
    frame = ScientistRewardFrame(scientist="john-dee", power="england", total=11)
    _sponsor(c, "john-dee", "england", 2)
    choice = next(ch for ch in patronage.reward_choices(c, frame) if ch.args[1] == "observatory")
    patronage.apply_reward(c, frame, choice)
    assert c.state.markers.bonus_holders["observatory"] == "england"
    assert c.state.scientists["john-dee"].status is PatronStatus.POOL
    _sponsor(c, "william-gilbert", "england", 2)
    assert ("Observatory", 2) in [(str(m.source), m.value) for m in patronage.modifiers(c, "william-gilbert")]


def test_sci_3_le_testu_result_removes_sea_captain(data):
    c = _ctx(data)
    _sponsor(c, "le-testu", "france", 2)
    force(c.state, 3, 4)  # 7+1 = 8, Astrological Distractions, rating 1 -> removed
    patronage.evaluate(c, "le-testu")
    assert c.state.leaders["le-testu"].status is LeaderStatus.DESTROYED
    assert c.state.scientists["le-testu"].status is PatronStatus.REMOVED


def test_sci_3_still_working_keeps_the_sea_captain(data):
    c = _ctx(data)
    _sponsor(c, "le-testu", "france", 2)
    force(c.state, 4, 4)  # 8+1 = 9
    patronage.evaluate(c, "le-testu")
    assert c.state.leaders["le-testu"].status is LeaderStatus.ON_MAP


def test_sci_3_destroyed_sea_captain_removes_the_scientist(data):
    session = new_session(data)
    to_impulse_of(session, "france", [101, 102])
    choose(session, "table")
    for step in ("leader", "le-testu", "destroy"):
        choose(session, f"pick {step}")
    assert session.state.scientists["le-testu"].status is PatronStatus.REMOVED


def test_patronage_phase_evaluates_sponsored_patrons(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [2])
    state = session.state
    choose(session, "play 2 cp")
    state.rng.forced_picks.append("titian")
    choose(session, "cp patronise artist 3")
    events = choose(session, "cp done")
    assert state.phase is not Phase.ACTION
    evaluation = next(e.roll for e in events if e.rule == "PAT-5")
    assert [m.value for m in evaluation.modifiers] == [2, 1] and evaluation.total == sum(evaluation.faces) + 3
    assert state.artists["titian"].status is not PatronStatus.SPONSORED


@pytest.mark.parametrize("total", [13, 15])  # Epiphany (2 VP, or 1 VP and a bonus); Catalyst (2 VP and a bonus)
def test_sci_1_with_every_2_vp_marker_taken_epiphany_and_catalyst_still_give_the_1_vp_marker(data, total):
    """SCI-1: the award is the best scientist marker left not above it: with the 2 VP markers all
    taken, a 2 VP award takes a 1 VP marker (and a Catalyst its bonus as well)."""
    c = _ctx(data)
    c.state.markers.scientist["2"] = 0
    frame = ScientistRewardFrame(scientist="pedro-nunes", power="spain", total=total)
    options = [str(ch) for ch in patronage.reward_choices(c, frame)]
    assert options and all(o.startswith("reward 1 ") for o in options)
    assert ("reward 1 none" in options) is (total == 13)
    _sponsor(c, "pedro-nunes", "spain", 2)
    patronage.apply_reward(c, frame, patronage.reward_choices(c, frame)[0])
    assert c.state.markers.scientist == {"1": 3, "2": 0}
    assert [(e.rule, e.amount) for e in c.state.powers["spain"].vp_entries] == [("SCI-1", 1)]


def test_sci_1_a_marker_taken_is_used_up_for_the_next_scientist(data):
    """SCI-1: scientist VP markers are limited: each one taken leaves the box, and the last 2 VP
    marker taken turns the next 2 VP award into a 1 VP one."""
    c = _ctx(data)
    c.state.markers.scientist["2"] = 1
    first = ScientistRewardFrame(scientist="pedro-nunes", power="spain", total=13)
    _sponsor(c, "pedro-nunes", "spain", 2)
    patronage.apply_reward(c, first, next(ch for ch in patronage.reward_choices(c, first) if str(ch) == "reward 2 none"))
    assert c.state.markers.scientist["2"] == 0
    second = ScientistRewardFrame(scientist="john-dee", power="england", total=13)
    assert "reward 2 none" not in [str(ch) for ch in patronage.reward_choices(c, second)]
    assert "reward 1 none" in [str(ch) for ch in patronage.reward_choices(c, second)]


def test_pat_3_the_seat_sees_before_playing_a_card_for_cp_that_no_scientist_is_left(data):
    """GEN-6, PAT-3: a card played is revealed for good (GEN-9), so the impulse's view says what its CP
    could not buy, the scientist with PAT-3's reason, before any card is chosen."""
    session = new_session(data)
    to_impulse_of(session, "england", [101, 102])
    assert session.view(session.setup.seat_of("england")).cp_refusals == ()
    for scientist_id in patronage.pool(ctx(data, session.state), "england", "scientist"):
        session.state.scientists[scientist_id].status = PatronStatus.REMOVED
    session.refresh()
    [refusal] = session.view(session.setup.seat_of("england")).cp_refusals
    assert refusal.startswith("PAT-3") and "scientist" in refusal
    assert session.view(ONLOOKER).cp_refusals == ()  # only the seat deciding is told of its own purchases
    choose(session, "play 101 cp")
    assert session.view(session.setup.seat_of("england")).cp_refusals == ()  # spending: the decision says it
    homeless = new_session(data)
    to_impulse_of(homeless, "england", [101, 102])
    for space_id in ctx(data, homeless.state).tables.raise_homes["england"]:
        homeless.state.spaces[space_id].control = "spain"
    homeless.refresh()
    rules = [why.split(":")[0] for why in homeless.view(homeless.setup.seat_of("england")).cp_refusals]
    assert rules == ["UNIT-1", "UNIT-2"]  # GEN-6: no home space to raise a unit in, said before a card is played
    tables = ctx(data, homeless.state).tables
    for minor_id, contenders in tables.contenders.items():
        if "england" in contenders:
            homeless.state.minors[minor_id].influence["england"] = data.settings.costs.influence_cap_per_minor
    homeless.refresh()
    capped = homeless.view(homeless.setup.seat_of("england")).cp_refusals[0]
    assert capped == "DIP-7: England holds the most influence markers allowed on every minor open to it"  # not one minor's cap



def test_pat_8_patronising_an_artist_says_when_no_artist_vp_marker_is_left(data):
    """A long play-test: with every artist VP marker taken, a Great Work's CP were spent for nothing,
    unwarned. The artist's options stay legal (PAT-8 sends such an artist back to the pool) and say so."""
    session = new_session(data)
    to_impulse_of(session, "spain", [2])
    choose(session, "play 2 cp")
    labels = {str(c): c.label for c in session.decision.choices}
    assert "no artist VP marker" not in labels["cp patronise artist 2"]
    markers = session.state.markers
    markers.artist_one_vp = 0
    markers.artist_typed = {value: [] for value in markers.artist_typed}
    session.refresh()
    labels = {str(c): c.label for c in session.decision.choices}
    assert labels["cp patronise artist 2"].endswith(" - no artist VP marker its artists could take is left: it can earn no VP (PAT-8)")
    assert "no artist VP marker" not in labels["cp patronise scientist 2"]


def test_pat_8_patronising_an_artist_says_so_when_only_markers_of_other_types_are_left(data):
    """Long-game play-test: by turn 8 only markers of types no artist of the power's pool has were left, and CP
    patronage was offered unwarned. The warning holds when no artist the CP could draw can earn a marker."""
    from core import patronage

    session = new_session(data)
    to_impulse_of(session, "spain", [2])
    choose(session, "play 2 cp")
    state = session.state
    own_types = {data.artists[pid].type for pid in patronage.pool(ctx(data, state), "spain", "artist")}
    other_types = sorted({artist.type for artist in data.artists.values()} - own_types)
    assert own_types and other_types
    markers = state.markers
    markers.artist_one_vp = 0
    markers.artist_typed = {value: list(other_types) for value in markers.artist_typed}
    session.refresh()
    labels = {str(c): c.label for c in session.decision.choices}
    assert labels["cp patronise artist 2"].endswith("it can earn no VP (PAT-8)")
    markers.artist_typed["2"].append(sorted(own_types)[0])  # one marker an artist of its pool could earn
    session.refresh()
    labels = {str(c): c.label for c in session.decision.choices}
    assert "no artist VP marker" not in labels["cp patronise artist 2"]


def test_pat_8_the_markers_left_name_the_1_vp_markers_only_while_some_are_left(data):
    """SSH play-test: "Artist markers left: 1 VP x0" read as a marker worth nothing."""
    from core.views import marker_lines

    state = new_state(data)
    assert marker_lines(data, state)[0].startswith(f"Artist markers left: 1 VP x{state.markers.artist_one_vp}; ")
    state.markers.artist_one_vp = 0
    assert "1 VP x" not in marker_lines(data, state)[0]
    assert " / " in marker_lines(data, state)[0]  # a narrow panel breaks between the kinds, not inside one
    state.markers.artist_typed.clear()
    assert marker_lines(data, state)[0] == "Artist markers left: none (PAT-8)"


def test_pat_10_an_event_of_either_kind_that_can_draw_only_one_says_why_in_its_draw(data):
    """Hot-seat play-test: Commissioned from Italy ("an Italian artist or scientist") drew an artist with no question
    asked, and neither the screen nor the log said why. The draw's line says which kind, and why not the other."""
    session = new_session(data)
    to_impulse_of(session, "france", [10, 12, 101])
    made = choose(session, "play 12 event")  # no Italian scientist before turn 4
    drawn = [str(e.message) for e in made if e.kind is EventKind.DRAW]
    assert len(drawn) == 1 and drawn[0].endswith("in the 3-CP box (an artist, since PAT-10: no Italian scientist can be drawn now)"), drawn
    made = choose(session, "play 10 event")  # Papal Bull: the artist sponsored this turn, a scientist then
    drawn = [str(e.message) for e in made if e.kind is EventKind.DRAW]
    assert drawn[0].endswith("(a scientist, since PAT-1: France has already sponsored an artist this turn)"), drawn


def test_gen_6_patronage_is_listed_before_the_units_within_the_number_keys(data):
    """Late-game play-test: a unit a space came first, and "Patronise artist" was past key 9 (reached only with End
    or typed). The spending decision lists influence, patronage and ending a foreign war, then the units."""
    from tests.conftest import new_session, to_impulse_of

    session = new_session(data)
    to_impulse_of(session, "spain", [125])  # 3 CP
    session.choose("spain", Choice.parse("play 125 cp"))
    kinds = [str(choice).split()[1] for choice in session.decision.choices]
    first_unit = min(kinds.index(kind) for kind in ("mercenary", "regular") if kind in kinds)
    assert "patronise" in kinds and max(i for i, kind in enumerate(kinds) if kind == "patronise") < first_unit
    assert kinds.index("patronise") < 9
