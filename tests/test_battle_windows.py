"""After a recorded field battle, assault or naval battle: the combat-card window (CARD-3), then the
response window (CARD-2), each in impulse order, asking whom GEN-8 says (TABLE-1 records the battle)."""

from __future__ import annotations

import pytest

from core.choices import IllegalChoice
from core.log_query import naming
from core.responses import CombatWindowFrame, ResponseWindowFrame
from core.state import Units
from core.table import BATTLES
from tests.conftest import choice_strings, choose, give, new_session, resettle, to_impulse_of

VETERAN_TERCIOS = 24  # combat
FOG_OF_WAR = 25  # combat
WEDDING_FESTIVITIES = 22  # response (a standing betrothal with a French royal: the opening one)
ELIZABETH_I = 3  # England's home card


def _hands(session, holdings):
    for power, numbers in holdings.items():
        for number in numbers:
            give(session.state, power, number)
    resettle(session)


def _record_battle(session, kind, space, attacker, defender):
    """Both sides' units are in the space first, as a recorded move would put them (TABLE-1 checks it)."""
    for side in (attacker, defender):
        session.state.spaces[space].units.setdefault(side, Units(regulars=2))
    resettle(session)
    choose(session, "table")
    for value in (kind, space, attacker, defender):
        choose(session, f"pick {value}")


def _windows_until_back_to(session, power):
    """Answer every window quietly; the (power, rule, choices) of each decision asked, in order."""
    asked = []
    while not (session.decision.rule in ("GEN-6", "CARD-1") and session.decision.power == power):
        decision = session.decision
        asked.append((decision.power, decision.rule, choice_strings(decision)))
        choose(session, "no-combat" if decision.rule == "CARD-3" else "no-response")
    return asked


@pytest.mark.parametrize("kind", ["battle", "assault", "naval-battle"])
def test_card_3_then_card_2_after_each_kind_of_battle(data, kind):
    """The combat window (both sides, impulse order) comes first, then the response window."""
    session = new_session(data)
    to_impulse_of(session, "spain", [VETERAN_TERCIOS, 101])
    _hands(session, {"ottoman": [FOG_OF_WAR], "england": [WEDDING_FESTIVITIES]})
    _record_battle(session, kind, "tunis", "spain", "ottoman")  # Tunis is fortified
    assert isinstance(session.state.stack[-1], CombatWindowFrame)
    assert isinstance(session.state.stack[-2], ResponseWindowFrame)
    asked = _windows_until_back_to(session, "spain")
    assert [(p, r) for p, r, _ in asked] == [("ottoman", "CARD-3"), ("spain", "CARD-3"), ("england", "CARD-2")]
    assert asked[0][2] == [f"combat {FOG_OF_WAR}", "no-combat"]
    assert asked[2][2] == [f"respond {WEDDING_FESTIVITIES} elisabeth-of-valois", "no-response", "no-response until-next-phase"]
    assert any(e.rule == "TABLE-1" and f"{BATTLES[kind]} at Tunis: Spain against Ottoman" in e.text for e in session.log)


@pytest.mark.parametrize("edition", [5, 4])
def test_card_3_a_combat_card_names_the_other_side_and_is_news_to_it(data, edition):
    """The log line of a combat card names the power it is played against, so "While you waited" shows it
    to that side's player (play-test: "plays Fog of War in the battle at Tunis" named neither); against the
    Independent side there is no one to name. A game begun under rules edition 4 keeps its lines as they were."""
    session = new_session(data, rules_edition=edition)
    to_impulse_of(session, "spain", [101])
    _hands(session, {"ottoman": [FOG_OF_WAR]})
    _record_battle(session, "battle", "tunis", "spain", "ottoman")
    events = choose(session, f"combat {FOG_OF_WAR}")
    [played] = [e for e in events if e.rule == "CARD-3" and e.power == "ottoman" and "battle at Tunis" in e.text]
    if edition == 4:
        assert played.text.endswith("in the battle at Tunis: the opponent rolls 1 die fewer")
        return
    assert played.text.endswith("in the battle at Tunis against Spain: the opponent rolls 1 die fewer")
    assert naming([played], data, session.state, ("spain",)) == [played]

    session = new_session(data)
    to_impulse_of(session, "spain", [FOG_OF_WAR, 101])
    _record_battle(session, "battle", "tunis", "spain", "independent")
    events = choose(session, f"combat {FOG_OF_WAR}")
    assert any(e.rule == "CARD-3" and e.text.endswith("in the battle at Tunis: the opponent rolls 1 die fewer") for e in events)


def test_card_2_a_response_can_be_played_after_the_combat_cards(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [VETERAN_TERCIOS, WEDDING_FESTIVITIES, 101])
    _record_battle(session, "battle", "tunis", "spain", "ottoman")
    assert session.decision.rule == "CARD-3"
    choose(session, f"combat {VETERAN_TERCIOS}")
    assert (session.decision.power, session.decision.rule) == ("spain", "CARD-2")
    events = choose(session, f"respond {WEDDING_FESTIVITIES} elisabeth-of-valois")
    assert any(e.rule == "CARD-2" for e in events)
    assert session.state.betrothals[0].festivities
    assert (session.decision.power, session.decision.rule) == ("spain", "GEN-6")


def test_gen_8_default_only_holders_who_could_play_are_asked(data):
    """A power not in the battle holding a combat card is not asked; no one without a playable card is."""
    session = new_session(data)
    to_impulse_of(session, "spain", [101])
    _hands(session, {"england": [FOG_OF_WAR, ELIZABETH_I]})
    _record_battle(session, "battle", "tunis", "spain", "ottoman")
    assert (session.decision.power, session.decision.rule) == ("spain", "GEN-6")
    assert not any(isinstance(f, (CombatWindowFrame, ResponseWindowFrame)) for f in session.state.stack)


def test_gen_8_strict_windows_ask_both_sides_then_every_power(data):
    session = new_session(data, strict_response_windows=True)
    to_impulse_of(session, "spain", [101])
    _record_battle(session, "battle", "tunis", "spain", "ottoman")
    asked = _windows_until_back_to(session, "spain")
    assert [(p, r) for p, r, _ in asked] == [
        ("ottoman", "CARD-3"), ("spain", "CARD-3"), *((p, "CARD-2") for p in data.power_ids),
    ]
    assert all(choices in (["no-combat"], ["no-response", "no-response until-next-phase"]) for _, _, choices in asked)


def test_table_1_an_assault_needs_a_fortified_space(data):
    """Where no assault can be fought anywhere, the kind itself is refused (rules edition 9); a space with no side at
    war with its holder is refused in the assault's own words (Spanish play-test: "Ottoman neither holds Madrid nor has
    units in it to defend" named a power nobody had picked)."""
    session = new_session(data)
    to_impulse_of(session, "spain", [101])
    choose(session, "table")
    refused = {o.choice.args[0]: str(o.refusal) for o in session.decision.refused}
    assert refused["assault"] == "TABLE-1: no space holds units of a side that does not hold it: no assault can be recorded now"
    choose(session, "pick cancel")
    for step in ("table", "pick war", "pick spain", "pick france"):
        choose(session, step)
    session.state.spaces["paris"].units["spain"] = Units(regulars=2)  # as a recorded move would
    resettle(session)
    choose(session, "table")
    choose(session, "pick assault")
    refusals = {o.choice.args[0]: str(o.refusal) for o in session.decision.refused}
    assert refusals["orleans"].startswith("TABLE-1") and "fortified" in refusals["orleans"]
    assert refusals["madrid"] == "TABLE-1: no power with units in Madrid is at war with the side that holds it: nothing can follow this choice"
    assert "pick paris" in choice_strings(session.decision)
    with pytest.raises(IllegalChoice, match="TABLE-1: an assault"):
        choose(session, "pick orleans")
