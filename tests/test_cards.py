"""Cards: CARD-1..CARD-8 and the GEN-6 impulse protocol."""

from __future__ import annotations

import pytest
from attrs import evolve

from core import cards
from core.views import describe_card
from core.choices import Choice, IllegalChoice
from core.ids import CardKind
from core.responses import ResponseWindowFrame
from core.state import CardMarker, MarkerKind, Phase, Units
from core.setup import Seat
from tests.conftest import (
    advance_to_phase,
    choice_strings,
    choose,
    ctx,
    give,
    new_session,
    resettle,
    to_impulse_of,
)

TURN_1_COUNTS = {"ottoman": 5, "spain": 6, "england": 4, "france": 4, "empire": 3, "protestant": 3}


@pytest.mark.parametrize(("power", "expected"), TURN_1_COUNTS.items())
def test_card_7_deal_from_each_power_track_with_ruler_bonus(data, power, expected):
    """CARD-7: the track square for the keys held, +1 ruler bonus (Ottoman, England)."""
    session = new_session(data)
    state = session.state
    assert sum(line.value for line in state.powers[power].deal) == expected
    home = [n for n in state.powers[power].hand if data.cards[n].kind == "home"]
    assert len(state.powers[power].hand) == expected + len(home)  # CARD-5: home card + dealt
    assert len(home) == 1


def test_card_7_unrest_covers_one_more_square_each(data):
    session = new_session(data)
    state = session.state
    for space in ("madrid", "seville", "naples"):
        state.spaces[space].unrest = True
    lines = cards.card_count(ctx(data, state), "spain")
    # 10 keys, 3 Unrest: the square for 7 keys (4 cards) instead of 10 keys (6 cards)
    assert sum(line.value for line in lines) == 4
    assert any("Unrest" in str(line.text) for line in lines)


def test_card_7_floor_of_one_before_ruler_bonus_and_markers(data):
    session = new_session(data)
    state = session.state
    for space in state.spaces.values():
        if space.control == "england":
            space.control = "independent"
    state.powers["england"].card_markers = [CardMarker(-1, "MAR-5", "Forever Feuding")]
    lines = cards.card_count(ctx(data, state), "england")
    # 0 keys: square 1; ruler +1; marker -1 -> 1
    assert [line.value for line in lines] == [1, 1, -1]


def test_card_7_never_below_zero(data):
    session = new_session(data)
    state = session.state
    state.powers["empire"].card_markers = [CardMarker(-1, "MAR-5", "x") for _ in range(6)]
    assert sum(line.value for line in cards.card_count(ctx(data, state), "empire")) == 0


def test_card_7_markers_expire_except_foreign_war_and_suez(data):
    session = new_session(data)
    state = session.state
    state.powers["spain"].card_markers = [
        CardMarker(1, "MAR-5", "True Love"),
        CardMarker(-1, "CARD-8", "Foreign War", MarkerKind.FOREIGN_WAR),
        CardMarker(1, "SUEZ-3", "Suez Canal", MarkerKind.SUEZ),
    ]
    state.cards.deck.extend(state.cards.not_entered)  # a deck large enough for every count
    state.cards.not_entered.clear()
    hand_before = len(state.powers["spain"].hand)
    cards.deal(ctx(data, state))
    assert len(state.powers["spain"].hand) - hand_before == 6 + 1 - 1 + 1
    assert [m.kind for m in state.powers["spain"].card_markers] == [MarkerKind.FOREIGN_WAR, MarkerKind.SUEZ]


def test_card_6_cards_enter_on_their_turn(data):
    session = new_session(data)
    state = session.state
    entering_turn_2 = {n for n, c in data.cards.items() if c.enters == 2}
    assert entering_turn_2 <= set(state.cards.not_entered)
    advance_to_phase(session, Phase.NEGOTIATION, turn=2)
    assert not entering_turn_2 & set(session.state.cards.not_entered)
    assert {20, 25} <= entering_turn_2
    # Russian play-test: turn 1's "40 new cards enter play" read against "none used on turn 1"; rules play-test: "the
    # game starts with 40 cards in play" read as every card (46 with the home cards): the deck's are counted
    entered = [str(e.message) for e in session.log if e.rule == "CARD-6" and ("enter" in str(e.message) or "starts with" in str(e.message))]
    in_deck = sum(c.enters == 1 and c.kind != CardKind.HOME for c in data.cards.values())
    assert entered[0] == f"the deck starts with {in_deck} cards" and entered[1].endswith("new cards enter play")


def test_card_6_league_cards_enter_the_turn_after_the_league_forms(data):
    """CARD-6 / CL-7: "When Catholic League Forms" cards enter at the next Card Draw Phase."""
    session = new_session(data)
    state = session.state
    league_cards = {n for n, c in data.cards.items() if c.enters == 0}
    c = ctx(data, state)
    state.league_formed_turn = 1
    cards.enter_new_cards(c)
    assert league_cards <= set(state.cards.not_entered)  # not in the turn it forms
    state.turn = 2
    cards.enter_new_cards(c)
    assert not league_cards & set(state.cards.not_entered)
    assert league_cards <= set(state.cards.deck)


def test_card_5_home_cards_return_every_turn(data):
    session = new_session(data)
    to_impulse_of(session, "ottoman", [1])
    state = session.state
    choose(session, "play 1 cp")
    assert 1 in state.cards.home_used
    advance_to_phase(session, Phase.NEGOTIATION, turn=2)
    assert 1 in session.state.powers["ottoman"].hand


def test_card_1_mandatory_no_pass_then_event_then_2_cp(data):
    session = new_session(data)
    to_impulse_of(session, "ottoman", [101, 102, 23])  # 23: Foreign War, mandatory
    state = session.state
    decision = session.decision
    assert decision.power == "ottoman" and decision.rule == "CARD-1"
    options = choice_strings(decision)
    assert "pass" not in options and "play 23 cp" not in options
    # play-tests: the card to play came after the others' plays, past the number keys; the prompt did not name it
    assert [str(c) for c in decision.choices][0] == "play 23 event"
    assert str(decision.prompt) == "Ottoman's impulse: play a card - you hold the Mandatory event #23 Foreign War and may not pass (CARD-1)"
    with pytest.raises(IllegalChoice, match="CARD-1"):
        session.choose("ottoman", Choice.parse("pass"))
    choose(session, "play 23 event")
    assert [m.kind for m in state.powers["ottoman"].card_markers] == [MarkerKind.FOREIGN_WAR]
    decision = session.decision
    assert decision.power == "ottoman" and decision.prompt.endswith("spend 2 CP")


def test_card_8_foreign_war_ends_with_4_cp_in_a_later_impulse(data):
    session = new_session(data)
    to_impulse_of(session, "ottoman", [23, 1])  # 1: Grand Vizier, 4 CP
    state = session.state
    choose(session, "play 23 event")
    assert "cp end-foreign-war" not in choice_strings(session.decision)  # 2 CP only
    choose(session, "cp done")
    while session.decision.power != "ottoman" or "play 1 cp" not in choice_strings(session.decision):
        choose(session, "pass" if "pass" in choice_strings(session.decision) else "no-response")
    choose(session, "play 1 cp")
    choose(session, "cp end-foreign-war")
    assert state.powers["ottoman"].card_markers == []


def test_gen_6_card_8_ending_a_foreign_war_comes_before_patronage_and_the_units(data):
    """Review: with every minor open and both patron kinds, "cp end-foreign-war" came at 11, past the number keys.
    It is one choice: it comes right after influence (at most 4), then patronage, then a unit a space."""
    session = new_session(data)
    to_impulse_of(session, "ottoman", [23, 1])  # 1: Grand Vizier, 4 CP
    choose(session, "play 23 event")
    choose(session, "cp done")
    while session.decision.power != "ottoman" or "play 1 cp" not in choice_strings(session.decision):
        choose(session, "pass" if "pass" in choice_strings(session.decision) else "no-response")
    choose(session, "play 1 cp")
    kinds = [choice.split()[1] for choice in choice_strings(session.decision)]
    ended = kinds.index("end-foreign-war")
    assert ended < 5 and set(kinds[:ended]) <= {"influence"}
    assert ended < kinds.index("patronise") < min(kinds.index(kind) for kind in ("mercenary", "regular") if kind in kinds)


def test_gen_6_card_cp_split_and_leftover_lost(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [2])  # Philip II, 4 CP
    state = session.state
    choose(session, "play 2 cp")
    choose(session, "cp mercenary madrid")
    choose(session, "cp influence papacy")
    assert "spend 2 CP" in session.decision.prompt
    events = choose(session, "cp done")
    assert any(e.rule == "GEN-6" and "2 CP left unspent are lost" in e.text for e in events)
    assert state.spaces["madrid"].units["spain"].mercenaries == 2
    assert state.minors["papacy"].influence["spain"] == 2


def test_gen_6_action_phase_ends_when_all_pass_in_a_row(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [101])
    events = choose(session, "pass")
    assert any("Action Phase ends" in e.text for e in events)
    assert session.state.phase is not Phase.ACTION


def test_card_2_response_window_opens_in_another_powers_impulse(data):
    """CARD-2 / GEN-8: a holder of Wedding Festivities is asked after another power's action."""
    session = new_session(data)
    to_impulse_of(session, "spain", [101, 102])
    state = session.state
    give(state, "england", 22)
    choose(session, "play 101 cp")
    choose(session, "cp influence papacy")
    decision = session.decision
    assert decision.power == "england" and decision.rule == "CARD-2"
    # the opening betrothal includes Elisabeth of Valois, a French royal
    events = choose(session, "respond 22 elisabeth-of-valois")
    assert state.betrothals[0].festivities is True
    assert 22 in state.cards.discard
    assert [e.text for e in events if e.rule == "CARD-2"][0] == "plays #22 Wedding Festivities in the response window"


def test_card_2_default_windows_skip_powers_without_responses(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [101])
    state = session.state
    choose(session, "play 101 cp")
    choose(session, "cp influence papacy")
    assert not any(isinstance(f, ResponseWindowFrame) for f in state.stack)


def test_gen_8_strict_windows_ask_every_power(data):
    session = new_session(data, strict_response_windows=True)
    to_impulse_of(session, "spain", [101])
    state = session.state
    choose(session, "play 101 cp")
    choose(session, "cp influence papacy")
    asked = []
    while isinstance(state.stack[-1], ResponseWindowFrame):
        asked.append(session.decision.power)
        assert choice_strings(session.decision) == ["no-response", "no-response until-next-phase"]
        choose(session, "no-response")
    assert asked == list(data.power_ids)


def test_card_3_combat_card_only_in_a_recorded_battle(data):
    session = new_session(data)
    to_impulse_of(session, "spain", [24, 101])  # 24: Veteran Tercios
    state = session.state
    assert choice_strings(session.decision)[:1] == ["play 24 cp"]
    assert "play 24 event" not in choice_strings(session.decision)
    give(state, "ottoman", 25)
    state.spaces["tunis"].units.update(spain=Units(regulars=2), ottoman=Units(regulars=2))  # both sides there (TABLE-1)
    resettle(session)
    choose(session, "table")
    for step in ("battle", "tunis", "spain", "ottoman"):
        choose(session, f"pick {step}")
    # both sides are asked, in impulse order (GEN-5)
    assert session.decision.power == "ottoman" and session.decision.rule == "CARD-3"
    events = choose(session, "combat 25")
    assert any("1 die fewer" in e.text for e in events)
    assert session.decision.power == "spain"
    assert choice_strings(session.decision) == ["combat 24", "no-combat"]
    events = choose(session, "combat 24")
    assert any("+2 dice" in e.text for e in events)
    # the window is named (walkthrough play-test: one text for both, "response" in Spanish)
    assert [e.text for e in events if e.rule == "CARD-3"][0] == "plays #24 Veteran Tercios in the combat window"
    assert {24, 25} <= set(state.cards.discard)


def test_card_4_gouvernante_in_force_until_end_of_turn(data):
    session = new_session(data)
    to_impulse_of(session, "france", [14, 101])
    state = session.state
    events = choose(session, "play 14 event")
    assert 14 in state.cards.in_force
    assert any("in force until the end of the turn" in e.text for e in events)
    advance_to_phase(session, Phase.NEGOTIATION, turn=2)
    assert 14 not in state.cards.in_force and 14 in state.cards.removed


def test_card_4_louise_of_lorraine_event_only_in_negotiation(data):
    session = new_session(data)
    state = session.state
    give(state, "france", 16)
    decision = session.decision
    while decision.power != "france":
        choose(session, "done" if "done" in choice_strings(decision) else "opening postpone")
        decision = session.decision
    assert "louise 16" in choice_strings(decision)
    choose(session, "louise 16")
    assert 16 in state.cards.removed
    to_impulse_of(session, "france", [16])
    assert "play 16 event" not in choice_strings(session.decision)
    assert "play 16 cp" in choice_strings(session.decision)


LOUISE = 16


@pytest.mark.parametrize("louise_is", ["in Spain's hand", "in the deck", "removed", "rules edition 4"])
def test_gen_8_gen_7_a_power_with_nothing_to_propose_is_asked_while_louise_may_be_in_its_hand(data, louise_is):
    """GEN-8 / GEN-7 / CARD-4: whether a power with nothing to propose is asked in the Negotiation Segment
    depends only on what every power can see: while Louise of Lorraine is in the deck or a hand, the Ottoman
    (no royals) is asked whether it holds it or not (hidden-information audit: asked only in the segments it
    held it, so everyone knew). Seen removed, it is passed over as before; so it is in a game begun under
    rules edition 4, which replays as it was played."""
    edition = {"rules_edition": 4} if louise_is == "rules edition 4" else {}
    session = new_session(data, **edition)
    advance_to_phase(session, Phase.ACTION)
    state = session.state
    give(state, "spain", LOUISE)
    if louise_is == "in the deck":
        state.powers["spain"].hand.remove(LOUISE)
        state.cards.deck.append(LOUISE)
    elif louise_is == "removed":
        state.powers["spain"].hand.remove(LOUISE)
        state.cards.removed.append(LOUISE)
    resettle(session)
    advance_to_phase(session, Phase.NEGOTIATION, turn=2)
    decision = session.decision
    passed_over = [e for e in session.log if e.turn == 2 and e.power == "ottoman" and e.text == "has nothing to propose: done negotiating"]
    if louise_is in ("in Spain's hand", "in the deck"):
        assert (decision.power, decision.rule, choice_strings(decision)) == ("ottoman", "GEN-7", ["done"])
        assert not passed_over
        # re-test: nothing said why a power with nothing to propose was asked; the words are the same held or not
        assert decision.prompt == ("Ottoman: nothing to propose; play a card's Negotiation Segment event if you hold one, "
                                            "or say done (asked either way, so no one can tell, GEN-8)")
    else:
        assert decision.power != "ottoman" and passed_over


def test_cards_conserved_every_card_in_exactly_one_place(data):
    session = new_session(data)
    places = cards.all_locations(session.state)
    assert set(places) == set(data.cards)
    assert all(len(where) == 1 for where in places.values())


def test_card_events_cite_their_rule_in_the_card_text(data):
    text = describe_card(data.cards[23])
    assert "CARD-8" in text and "mandatory" in text
    assert "SUEZ-1" in describe_card(data.cards[1])
    assert describe_card(data.cards[101]) == "#101 Operations 1 CP* - 1 CP: no event, played for its CP only"


def test_card_5_cards_kept_from_last_turn_stay_in_hand(data):
    session = new_session(data)
    kept = [n for n in session.state.powers["spain"].hand if data.cards[n].kind != "home"]
    advance_to_phase(session, Phase.NEGOTIATION, turn=2)  # Spain passed all turn: kept everything
    assert set(kept) <= set(session.state.powers["spain"].hand)


@pytest.mark.parametrize(("edition", "only_events", "removed"), [(2, True, False), (2, False, True), (1, True, True)])
def test_card_8_a_removed_after_play_card_played_for_cp_is_discarded(data, edition, only_events, removed):
    """CARD-8 gap (settings.toml [cards] removed_only_as_event): the sources remove Mandatory events "after
    they occur"; a removed-after-play card played for CP goes to the discard and comes back (rules-savvy
    play-test: Gouvernante de France played for 3 CP left the game). Its text says so. A game begun under
    the first rules edition removes it however it is played (its recorded actions replay as made)."""
    loose = evolve(data, settings=evolve(data.settings, cards=evolve(data.settings.cards, removed_only_as_event=only_events)))
    session = new_session(loose, rules_edition=edition)
    to_impulse_of(session, "france", [14, 101])
    held = next(c.text for c in session.view(session.setup.seats[0]).hand_of("france").cards if c.number == 14)
    assert ("discarded when played for CP" in held) is (edition == 2 and only_events)  # its text, as the game reads it
    choose(session, "play 14 cp")
    assert (14 in session.state.cards.removed, 14 in session.state.cards.discard) == (removed, not removed)
    shown = next((r.text for r in session.view(session.setup.seats[0]).discard if r.number == 14), None)
    assert (shown is None) is removed  # removed: not in the discard


def test_card_6_discards_return_to_the_deck_next_turn_removed_cards_do_not(data):
    session = new_session(data)
    to_impulse_of(session, "france", [101, 14])
    choose(session, "play 101 cp")
    choose(session, "cp done")
    assert 101 in session.state.cards.discard
    choose(session, "play 14 event")  # Gouvernante de France: removed after play (after the turn)
    advance_to_phase(session, Phase.NEGOTIATION, turn=2)
    state = session.state
    places = cards.all_locations(state)
    assert places[101][0] in ("deck",) or places[101][0].endswith("hand")
    assert places[14] == ["removed"]
    assert state.cards.discard == []


def test_card_7_a_short_deck_is_dealt_one_card_at_a_time(data):
    """CARD-7 gap ([cards] deal): a shortage is shared instead of falling on the last powers."""
    session = new_session(data)
    state = session.state
    for power in state.powers.values():
        power.hand.clear()
    everything = state.cards.deck + state.cards.discard
    state.cards.deck, state.cards.discard = everything[:12], []
    state.cards.removed.extend(everything[12:])
    c = ctx(data, state)
    cards.deal(c)
    dealt = {p: len(state.powers[p].hand) for p in data.power_ids}
    assert sum(dealt.values()) == 12 and min(dealt.values()) == 2  # 6 powers x 2, none left at 0
    assert any(e.power == "protestant" and "the deck ran out: 1 short" in e.text for e in c.events)


def test_gen_8_no_responses_until_the_next_phase_or_until_the_answer_changes(data):
    """GEN-8: a holder who says "no responses until the next phase" is not asked again in that
    phase while what it could answer stays the same; a new betrothal to answer asks it again; the
    next phase asks it again. Nothing in the log says it: only its own player is told, under its hand."""
    from core import marriage, responses
    from tests.conftest import resettle

    session = new_session(data)
    to_impulse_of(session, "spain", [2])  # Philip II: 4 CP
    state = session.state
    give(state, "england", 22)
    resettle(session)
    choose(session, "play 2 cp")
    choose(session, "cp influence papacy")
    assert session.decision.power == "england" and "no-response until-next-phase" in choice_strings(session.decision)
    assert "asked again" not in str(session.decision.prompt)
    events = choose(session, "no-response until-next-phase")
    # said to England's player alone: a public line said England held a card it could answer with (play-test)
    assert not [e for e in events if e.power == "england"]
    assert session.view(session.setup.seat_of("england")).hand_of("england").quiet_this_phase
    assert not any(hand.quiet_this_phase for hand in session.view(Seat("Ben", ("spain",))).hands)
    choose(session, "cp influence papacy")
    assert session.decision.power == "spain"  # England is not asked again for the same answer
    marriage.betroth(state, data, "anna-of-austria", "henry-iii")  # Henry III is French: a new answer
    resettle(session)
    choose(session, "cp influence venice")
    assert session.decision.power == "england" and "respond 22 anna-of-austria" in choice_strings(session.decision)
    # SSH play-test: nothing said why a power that went quiet was asked again
    assert "asked again: what could be answered has changed" in str(session.decision.prompt)
    choose(session, "no-response until-next-phase")
    choose(session, "cp influence genoa")  # Spain's last CP
    assert session.decision.rule != "CARD-2"  # quiet again, with both answers
    state.quiet_responses["england"].turn = 0  # as if said in an earlier phase
    responses.open_response_window(ctx(data, state), "after a later action")
    resettle(session)
    assert session.decision.power == "england" and session.decision.rule == "CARD-2"  # a new phase asks again
    # a game begun before edition 8 logs it, as its players read it: the log lines read stay where they were
    session = new_session(data)
    session.state.rules_edition = 7
    to_impulse_of(session, "spain", [2])
    give(session.state, "england", 22)
    resettle(session)
    choose(session, "play 2 cp")
    choose(session, "cp influence papacy")
    assert [e.rule for e in choose(session, "no-response until-next-phase") if e.power == "england"] == ["GEN-8"]


@pytest.mark.parametrize("edition", [5, 4])
def test_gen_8_strict_windows_ask_a_quiet_power_again_by_what_any_hidden_card_would_answer(data, edition):
    """GEN-8 strict windows ("so nothing leaks"): a power that said "no responses until the next phase" is
    asked again when what any card still hidden (deck or hands) would let it answer changes, holding one or not
    (hidden-information audit: when a French betrothal formed, only Wedding Festivities' holder was asked
    again, before every power's eyes). A game of rules edition 4 replays as it was played: by its hand."""
    from core import marriage

    session = new_session(data, strict_response_windows=True, rules_edition=edition)
    to_impulse_of(session, "spain", [2])  # Philip II: 4 CP
    state = session.state
    give(state, "france", 22)  # hidden in France's hand; England holds no response card
    resettle(session)
    choose(session, "play 2 cp")
    choose(session, "cp influence papacy")
    while session.decision.rule == "CARD-2":
        choose(session, "no-response until-next-phase")
    choose(session, "cp influence papacy")
    assert session.decision.power == "spain"  # nothing new to answer: no one is asked again
    marriage.betroth(state, data, "anna-of-austria", "henry-iii")  # Henry III is French: Wedding Festivities could answer it
    resettle(session)
    choose(session, "cp influence venice")
    asked = []
    while session.decision.rule == "CARD-2":
        asked.append(session.decision.power)
        choose(session, "no-response until-next-phase")
    assert asked == (list(data.power_ids) if edition == 5 else ["france"])


WEDDING_FESTIVITIES = 22
GOUVERNANTE = 14


def _england_holds_festivities(session) -> None:
    """England holds Wedding Festivities: it can answer on the opening betrothal (Elisabeth of Valois is French)."""
    from tests.conftest import resettle

    give(session.state, "england", WEDDING_FESTIVITIES)
    resettle(session)


def test_card_2_a_window_opens_after_a_marriage_proposal_once_it_is_answered(data):
    """CARD-2 / GEN-7: a marriage proposal is an action: after it (and its answer, MAR-2) every power
    that could respond is asked, in impulse order."""
    session = new_session(data)
    _england_holds_festivities(session)
    choose(session, "propose don-carlos marguerite-de-valois")
    assert (session.decision.power, session.decision.rule) == ("france", "MAR-2")
    choose(session, "decline")
    decision = session.decision
    assert (decision.power, decision.rule) == ("england", "CARD-2")
    assert "after the marriage proposal" in decision.prompt
    assert f"respond {WEDDING_FESTIVITIES} elisabeth-of-valois" in choice_strings(decision)


def test_card_2_a_window_opens_after_an_event_before_the_next_impulse(data):
    """CARD-2: after a card played as its event, every power that could respond is asked before the
    next impulse."""
    session = new_session(data)
    to_impulse_of(session, "france", [GOUVERNANTE, 101])
    give(session.state, "england", WEDDING_FESTIVITIES)
    session.refresh()
    choose(session, f"play {GOUVERNANTE} event")
    decision = session.decision
    assert (decision.power, decision.rule) == ("england", "CARD-2")
    assert f"after #{GOUVERNANTE}" in decision.prompt
    choose(session, "no-response")
    assert session.decision.rule == "GEN-6" and session.decision.power != "france"


def test_card_2_gen_8_quiet_said_in_the_negotiation_segment_ends_with_that_phase(data):
    """GEN-8: "no responses until the next phase" said in the Negotiation Segment keeps England quiet
    there; in the Action Phase of the same turn it is asked again (CARD-2)."""
    session = new_session(data)
    _england_holds_festivities(session)
    choose(session, "propose don-carlos marguerite-de-valois")
    choose(session, "decline")
    assert session.decision.power == "england"
    choose(session, "no-response until-next-phase")
    assert session.decision.power == "england"  # its turn to negotiate: another proposal, another window
    choose(session, next(c for c in choice_strings(session.decision) if c.startswith("propose")))
    if session.decision.rule == "MAR-2":
        choose(session, "decline")
    assert (session.decision.power, session.decision.rule) != ("england", "CARD-2")  # quiet for the rest of the segment
    advance_to_phase(session, Phase.ACTION, turn=1)
    impulse = session.decision
    choose(session, next(c for c in choice_strings(impulse) if c.startswith("play") and c.endswith(" cp")))
    choose(session, next(c for c in choice_strings(session.decision) if c.startswith("cp influence")))
    decision = session.decision
    assert (decision.power, decision.rule, session.state.turn) == ("england", "CARD-2", 1)


def test_card_2_the_others_read_that_a_power_is_asked_in_a_window_not_that_its_turn_came(data):
    """Shared-game play-test: Ana, waiting for Ben's answer in the middle of her CP, read "Waiting for Ben -
    England" as if England's turn had come. Her board says England is asked in a window (CARD-2)."""
    from core.setup import Seat
    from tui.display import waiting_line

    seats = (Seat("Ana", tuple(p for p in data.power_ids if p != "england")), Seat("Ben", ("england",)))
    session = new_session(data, seats=seats)
    to_impulse_of(session, "spain", [101, 102])
    give(session.state, "england", 22)
    choose(session, "play 101 cp")
    assert waiting_line(session.view(seats[1])) == "Waiting for Ana - Spain."
    choose(session, "cp influence papacy")
    assert session.decision.power == "england" and session.decision.rule == "CARD-2"
    assert waiting_line(session.view(seats[0])) == (
        "Waiting for Ben - England, asked in a window to play a card (CARD-2); what was under way goes on after it.")


def test_gen_6_an_impulse_lists_the_cards_in_the_order_the_hand_is_shown(data):
    """Hot-seat play-test: the hand was shown by number (#3, #102, #106...) and the choices came in the order dealt
    (1. #106, ... 3. #3), so a card's number key matched nothing on the screen; a Mandatory event still comes first."""
    session = new_session(data)
    to_impulse_of(session, "england", [121, 106, 102, 101])
    played = [c.args[0] for c in session.decision.choices if c.verb.value == "play"]
    assert played == sorted(played, key=int) and played[0] == "101"
    numbers = list(dict.fromkeys(played))
    assert numbers == ["101", "102", "106", "121"]
    session = new_session(data)
    to_impulse_of(session, "england", [121, 19, 102, 18])  # review: the Mandatory events first, by number too (CARD-1)
    assert list(dict.fromkeys(c.args[0] for c in session.decision.choices if c.verb.value == "play")) == ["18", "19", "102", "121"]


def test_card_4_a_generic_operations_card_has_no_event_and_its_refusal_says_which_rule(data):
    """CARD-4 (DATA.md: generic operations cards have no event): the event play is refused with the rule cited, and
    the card is played for CP (review: the refusal was the only one of the impulse without a rule ID)."""
    session = new_session(data)
    to_impulse_of(session, "france", [101])
    no_event = next(o for o in session.decision.refused if o.choice.args == ("101", "event"))
    assert no_event.refusal.startswith("CARD-4: #101 ") and "play it for CP" in no_event.refusal
    assert "play 101 cp" in choice_strings(session.decision)


def test_gen_9_a_choice_reveals_a_card_exactly_when_it_plays_one_from_hand(data):
    """GEN-9: the board asks twice for a choice that reveals a card (``cards.reveals_a_card``); over random games,
    every choice that logs a reveal is one, and no other is: an impulse's, a window's, a combat card and Louise's use."""
    from core.events import EventKind
    from core.session import Session
    from core.setup import Setup
    from core.sim import FuzzLeaning, RandomBot

    verbs_seen = set()
    for seed in (3, 6):
        session = Session.new(data, Setup(seed=seed))
        player = RandomBot(session.setup.seats[0], FuzzLeaning.for_seed(data, seed))
        while (pending := session.decision) is not None:
            choice = player.choose(session, pending)
            events = session.choose(pending.power, choice)
            revealed = any(e.kind is EventKind.REVEAL and e.power == pending.power for e in events)
            assert revealed == cards.reveals_a_card(choice), (choice, [str(e.message) for e in events])
            verbs_seen.add(choice.verb)
    assert verbs_seen >= cards.CARD_PLAYS
