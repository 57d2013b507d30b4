"""Every table row and threshold at its edges (so a one-off change to any of them fails a test):
AGE-1, CARD-7, MAR-5, VQ-2, PAT-7, SCI-1, PAT-2, SUEZ-1, UNIT-3."""

from __future__ import annotations

import pytest

from core import cards, marriage, patronage
from core.setup import new_state
from core.state import CardMarker, LeaderStatus, RoyalStatus
from tests.conftest import ctx, force, new_session


@pytest.mark.parametrize(("face", "keeps"), [(4, False), (5, True), (6, True), (1, False)])
def test_age_1_male_keeps_on_5_and_6_but_not_4(data, face, keeps):
    state = new_state(data)
    for royal_id, royal in state.royals.items():
        if royal_id != "don-carlos":
            royal.status = RoyalStatus.DEAD
    force(state, face)
    marriage.aging(ctx(data, state))
    assert state.royals["don-carlos"].eligibility == (2 if keeps else 1)


def test_age_1_female_drops_one_but_never_below_one(data):
    state = new_state(data)
    c = ctx(data, state)
    for royal_id, royal in state.royals.items():
        if data.royals[royal_id].sex == "M":
            royal.status = RoyalStatus.DEAD
    state.royals["anna-of-austria"].eligibility = 2
    state.royals["catherine-grey"].eligibility = 1
    marriage.aging(c)
    assert state.royals["anna-of-austria"].eligibility == 1
    assert state.royals["catherine-grey"].eligibility == 1


@pytest.mark.parametrize(
    ("total", "name"),
    [(99, "Founders of a Dynasty"), (15, "Founders of a Dynasty"), (14, "True Love"), (13, "Many Heirs"),
     (12, "Benevolent Rulers"), (11, "No Issue"), (10, "No Issue"), (9, "Last Minute Cancellation"),
     (8, "Forever Feuding"), (7, "Death in Childbirth"), (6, "Murder Rumours"), (2, "Murder Rumours")],
)
def test_mar_5_each_wedding_row_at_its_edges(total, name):
    assert marriage.wedding_row(total).name == name


def test_mar_5_row_effects():
    assert (marriage.wedding_row(15).vp, marriage.wedding_row(14).vp, marriage.wedding_row(14).cards) == (2, 1, 1)
    assert (marriage.wedding_row(13).vp, marriage.wedding_row(12).cards, marriage.wedding_row(8).cards) == (1, 1, -1)
    assert marriage.wedding_row(9).cancelled and marriage.wedding_row(7).wife_dies and marriage.wedding_row(6).husband_dies
    assert not marriage.wedding_row(10).vp and not marriage.wedding_row(11).cards


@pytest.mark.parametrize(("roll", "cards_gained", "cp"), [(6, 2, 0), (5, 1, 0), (4, 0, 4), (3, 0, 3), (2, 0, 2), (1, 0, 0)])
def test_vq_2_each_suitors_row(roll, cards_gained, cp):
    row = marriage.courtship_row(roll)
    assert (row.cards, row.cp) == (cards_gained, cp)


@pytest.mark.parametrize(
    ("total", "name", "marker"),
    [(6, "Fled the Country", 0), (7, "Nothing of Note", 0), (8, "Nothing of Note", 0), (9, "Still Working", 0),
     (10, "Great Acclaim", 1), (12, "Great Acclaim", 1), (13, "Great Work", 2), (14, "Great Work", 2),
     (15, "Masterpiece", 3), (2, "Fled the Country", 0)],
)
def test_pat_7_each_artist_row_at_its_edges(total, name, marker):
    row = patronage.artist_row(total)
    assert (row.name, row.marker) == (name, marker)


@pytest.mark.parametrize(
    ("total", "name", "awards"),
    [(6, "Arrested by the Inquisition", ()), (7, "Astrological Distractions", ()), (8, "Astrological Distractions", ()),
     (9, "Still Working", ()), (10, "Innovator", ((1, 0), (0, 1))), (12, "Innovator", ((1, 0), (0, 1))),
     (13, "Epiphany", ((2, 0), (1, 1))), (14, "Epiphany", ((2, 0), (1, 1))), (15, "Catalyst of a Scientific Revolution", ((2, 1),))],
)
def test_sci_1_each_scientist_row_at_its_edges(total, name, awards):
    row = patronage.scientist_row(total)
    assert (row.name, row.awards) == (name, awards)


def test_pat_7_and_sci_1_removal_flags():
    assert patronage.artist_row(6).removed and patronage.artist_row(8).removed_if_rating_1
    assert not patronage.artist_row(9).removed_if_rating_1 and not patronage.artist_row(9).removed
    assert patronage.scientist_row(6).removed and patronage.scientist_row(7).removed_if_rating_1


def test_pat_2_cp_boxes_give_zero_one_two(data):
    assert dict(data.settings.patronage.cp_modifier) == {"2": 0, "3": 1, "4": 2}


def _england_without_keys(data):
    state = new_state(data)
    for space in state.spaces.values():
        if space.control == "england":
            space.control = "independent"
    return state


@pytest.mark.parametrize(("unrest", "expected"), [(0, 1 + 1), (1, 1 + 1), (2, 1 + 1)])
def test_card_7_floor_of_one_with_every_square_covered(data, unrest, expected):
    """0 keys: track square 1; Unrest can cover the first square too, the floor keeps 1 (+1 ruler)."""
    state = _england_without_keys(data)
    for space_id in ["york", "plymouth"][:unrest]:
        state.spaces[space_id].control = "england"
        state.spaces[space_id].unrest = True
    lines = cards.card_count(ctx(data, state), "england")
    assert sum(line.value for line in lines) == expected


def test_card_7_floor_then_a_minus_one_marker_makes_zero(data):
    state = _england_without_keys(data)
    state.powers["england"].card_markers = [CardMarker(-1, "MAR-5", "Forever Feuding"), CardMarker(-1, "MAR-7", "x")]
    lines = cards.card_count(ctx(data, state), "england")
    assert sum(line.value for line in lines) == 0  # 1 (floor) + 1 ruler - 2


def test_card_7_one_unrest_short_of_the_floor(data):
    state = new_state(data)
    state.spaces["london"].unrest = True  # England 3 keys: track 3 -> Unrest covers one: square for 2 keys = 2
    assert sum(line.value for line in cards.card_count(ctx(data, state), "england")) == 2 + 1


def test_unit_3_guise_enters_the_map_only_with_the_league(data):
    session = new_session(data)
    assert session.state.leaders["guise"].status is LeaderStatus.OUT_OF_PLAY
    assert all(ls.status is LeaderStatus.ON_MAP for lid, ls in session.state.leaders.items() if lid != "guise")


# ---- edges found by mutation testing (mutmut over core/cards.py and core/victory.py) -------------


def _deal_lines(data, state, power="england"):
    lines = cards.card_count(ctx(data, state), power)
    assert {line.rule for line in lines} <= {"CARD-7", *(m.rule for m in state.powers[power].card_markers)}
    assert all(line.rule == "CARD-7" for line in lines if "Card marker" not in str(line.text))
    return [(str(line.text), line.value) for line in lines]


def test_card_7_lines_when_unrest_covers_more_squares_than_keys_uncover(data):
    """0 keys and 1 Unrest: the Unrest takes the first square away, then the floor gives it back."""
    state = _england_without_keys(data)
    state.spaces["york"].control = "england"
    state.spaces["york"].unrest = True
    assert _deal_lines(data, state) == [
        ("track square for 0 key spaces", 1), ("Unrest in 1 space covers 1 more square", -1),
        ("every square covered: at least 1 card", 1), ("ruler card bonus", 1),
    ]


def test_card_7_lines_when_unrest_exactly_cancels_the_keys(data):
    """1 key and 1 Unrest: the square for 0 keys is uncovered (no floor line needed)."""
    state = _england_without_keys(data)
    state.spaces["london"].control = "england"
    state.spaces["london"].unrest = True
    track = data.power("england").cards_by_keys
    assert _deal_lines(data, state) == [
        ("track square for 1 key space", track[1]), ("Unrest in 1 space covers 1 more square", track[0] - track[1]), ("ruler card bonus", 1),
    ]


def test_card_7_two_unrest_cover_two_squares(data):
    state = new_state(data)
    state.spaces["london"].unrest = True
    state.spaces["york"].unrest = True
    assert ("Unrest in 2 spaces covers 2 more squares", -1) in _deal_lines(data, state)  # the squares for 3 keys (3) and 1 key (2)


def test_card_7_never_below_0_only_when_the_markers_go_below(data):
    state = _england_without_keys(data)
    state.powers["england"].card_markers = [CardMarker(-1, "MAR-5", "Forever Feuding"), CardMarker(-1, "MAR-7", "broken")]
    assert "never below 0" not in [text for text, _ in _deal_lines(data, state)]  # exactly 0: no correction
    state.powers["england"].card_markers.append(CardMarker(-1, "MAR-5", "again"))
    assert _deal_lines(data, state)[-1] == ("never below 0", 1)


def test_card_7_marker_lines_say_plus_or_minus(data):
    state = new_state(data)
    state.powers["england"].card_markers = [CardMarker(1, "MAR-5", "True Love"), CardMarker(-1, "MAR-5", "Forever Feuding")]
    texts = [text for text, _ in _deal_lines(data, state)]
    assert texts[-2:] == ["+1 Card marker: True Love", "-1 Card marker: Forever Feuding"]


def test_win_6_track_value_clamps_at_both_ends():
    from core.victory import track_value

    assert [track_value((1, 2, 3), i) for i in (-1, 0, 2, 3, 9)] == [1, 1, 3, 3, 3]


@pytest.mark.parametrize(
    ("named_french", "france_other", "winner"),
    [(0, 3, "france"), (1, 2, "france"), (0, 4, "spain"), (1, 3, "spain"), (2, 2, "spain")],
)
def test_win_3_catholic_victory_france_at_most_3_in_france_and_scotland(data, named_french, france_other, winner):
    """At 9 Protestant spaces: France wins with 3 or fewer in France and Scotland, Spain with 4."""
    from core import victory

    state = new_state(data)
    for space in state.spaces.values():
        space.religion = "catholic"
    for space_id in ("paris", "edinburgh")[:named_french]:  # a French and a Scottish home space
        state.spaces[space_id].religion = "protestant"
    state.spaces["madrid"].religion = "protestant"  # outside France and Scotland: never counted there
    state.region_protestant = {"france-other": france_other, "germany": 9 - 1 - named_french - france_other, "low-countries-other": 0}
    assert victory.protestant_spaces(state) == 9
    found = victory._catholic_religious(state, data)
    assert found is not None and found[0] == winner
    held = named_french + france_other
    assert f"({held} in France and Scotland, {'at most' if winner == 'france' else 'more than'} 3)" in str(found[1])
