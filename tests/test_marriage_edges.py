"""Edges of the marriage tables and rolls that mutation testing (mutmut over core/marriage.py) found
untested: each roll cites its rule (so dice forced per rule land on it), the Festivities modifier needs
both the card and a French royal, aging logs only a real change, the Virgin Queen cap says so."""

from __future__ import annotations

from core import marriage
from core.events import EventKind
from core.setup import new_state
from tests.conftest import ctx


def _ctx(data):
    return ctx(data, new_state(data))


def _rolls(c):
    return [e.roll for e in c.events if e.roll is not None]


def test_mar_4_each_wedding_roll_cites_mar_4_and_names_its_royal(data):
    c = _ctx(data)
    c.state.rng.forced_by_rule["MAR-4"] = [5, 4]  # forced for MAR-4 only: lands only on rolls citing it
    betrothal = marriage.betroth(c.state, data, "don-carlos", "anna-of-austria")
    row = marriage.resolve_wedding(c, betrothal)
    rolls = _rolls(c)
    assert [(r.rule, str(r.why), r.faces) for r in rolls] == [
        ("MAR-4", "wedding roll for Anna of Austria", [5]), ("MAR-4", "wedding roll for Don Carlos", [4]),
    ]
    assert str(rolls[0].modifiers[0].source) == "Eligibility (Anna of Austria)"
    assert all(str(r.result) == f"wedding total 14: {row.name}" for r in rolls)
    assert any(e.rule == "MAR-5" and "total 14, True Love" in e.text for e in c.events)
    assert c.state.rng.forced_by_rule["MAR-4"] == []


def test_mar_4_same_power_roll_cites_mar_4_and_the_higher_rating(data):
    c = _ctx(data)
    c.state.rng.forced_by_rule["MAR-4"] = [6, 6]
    marriage.resolve_wedding(c, marriage.betroth(c.state, data, "archduke-charles", "elisabeth-of-austria"))
    (roll,) = _rolls(c)
    assert (roll.rule, str(roll.why), roll.who) == ("MAR-4", "same-power wedding roll", "empire")
    assert str(roll.modifiers[0].source) == "higher Eligibility (Archduke Charles)"


def test_mar_4_no_festivities_modifier_without_the_card_even_for_a_french_royal(data):
    c = _ctx(data)
    c.state.rng.forced_by_rule["MAR-4"] = [1, 1]
    marriage.resolve_wedding(c, marriage.betroth(c.state, data, "charles-ix", "anna-of-austria"))
    french = next(r for r in _rolls(c) if r.who == "france")
    assert [str(m.source) for m in french.modifiers] == ["Eligibility (Charles IX)"]


def test_mar_4_festivities_add_nothing_to_the_non_french_royal(data):
    c = _ctx(data)
    c.state.rng.forced_by_rule["MAR-4"] = [1, 1]
    betrothal = marriage.betroth(c.state, data, "charles-ix", "anna-of-austria")
    betrothal.festivities = True
    marriage.resolve_wedding(c, betrothal)
    empire = next(r for r in _rolls(c) if r.who == "empire")
    assert [str(m.source) for m in empire.modifiers] == ["Eligibility (Anna of Austria)"]


def test_age_1_male_rolls_cite_age_1_and_say_what_happened(data):
    c = _ctx(data)
    males = [r for r, s in c.state.royals.items() if data.royals[r].sex == "M" and s.status.value in ("available", "betrothed")]
    c.state.rng.forced_by_rule["AGE-1"] = [6] + [1] * (len(males) - 1)
    marriage.aging(c)
    rolls = _rolls(c)
    assert len(rolls) == len(males) and all(r.rule == "AGE-1" for r in rolls)
    assert str(rolls[0].why) == f"aging of {data.royals[males[0]].name}" and rolls[0].who == marriage.side_power(c.state, data, males[0])
    # with the roll needed (rules-savvy play-test: "1d6 [4] = 4: drops 1" did not say what keeps it)
    assert str(rolls[0].result) == "keeps his rating (5 or more)" and {str(r.result) for r in rolls[1:]} == {"drops 1 (5 or more keeps his rating)"}
    # play-test: the kept rating had no line of its own after its roll (a dropped one has its change)
    kept = data.royals[males[0]].name
    assert f"{kept} keeps Eligibility {c.state.royals[males[0]].eligibility}" in [e.text for e in c.events if e.kind is not EventKind.ROLL]


def test_age_1_logs_a_change_only_when_the_rating_moves(data):
    """A royal at the floor who 'drops' stays at 1: no change is logged, but the line says she or he stays
    there (play-tests: a woman at the floor had no line, and a male's roll is never left without its
    outcome)."""
    c = _ctx(data)
    on_display = [r for r, royal in c.state.royals.items() if royal.status.value in ("available", "betrothed")]
    for royal_id in on_display:
        c.state.royals[royal_id].eligibility = 1
    c.state.royals["don-carlos"].eligibility = 3
    c.state.rng.forced_by_rule["AGE-1"] = [1] * 20
    marriage.aging(c)
    changes = [e.text for e in c.events if e.rule == "AGE-1" and e.kind is not EventKind.ROLL]
    assert [line for line in changes if "->" in line] == ["Don Carlos: Eligibility 3 -> 2"] and len(changes) == len(on_display)
    assert all(line.endswith("stays at Eligibility 1: no rating goes lower") for line in changes if "->" not in line)


def test_vq_1_the_cap_is_logged_under_vq_1_for_england(data):
    c = _ctx(data)
    for _ in range(data.settings.marriage.virgin_queen_vp_cap + 1):
        marriage.virgin_queen(c)
    capped = [e for e in c.events if "cap is reached" in e.text]
    assert [(e.rule, e.power) for e in capped] == [("VQ-1", "england")]
    assert {str(e.reason) for e in c.state.powers["england"].vp_entries if e.rule == "VQ-1"} == {"Virgin Queen"}


def test_mar_9_scotlands_ally_wedding_mary_to_its_own_royal_is_paid_once(data):
    """MAR-9 with mary_ally_paid_once: both sides roll, but one power gains the row once."""
    c = _ctx(data)
    c.state.minors["scotland"].ally = "france"
    c.state.rng.forced_by_rule["MAR-4"] = [6, 6]  # high enough for Founders of a Dynasty
    betrothal = marriage.betroth(c.state, data, "mary-queen-of-scots", "charles-ix")
    row = marriage.resolve_wedding(c, betrothal)
    assert row.name == "Founders of a Dynasty" and len(_rolls(c)) == 2
    assert [e.amount for e in c.state.powers["france"].vp_entries if e.rule == "MAR-5"] == [2]  # not 2 + 2
