"""The rules of marriage, patronage, cards, Suez, independence and victory read in Spanish and Russian
(issue 20): the same kept events (rolls' why, modifiers and results, log lines, deal lines, the VP
ledger) render in the reader's language with no English left but names of people and places, and the
rule IDs kept; prompts, labels and refusals are translated when shown."""

from __future__ import annotations

import re

import pytest

from core import cards, i18n, marriage, patronage, suez, victory
from core.cards import card_title
from core.i18n import Message
from core.log_query import log_line
from core.setup import new_state
from core.state import CardMarker, PatronStatus
from tests.conftest import ctx, force

LANGUAGES = ("es", "ru")
# Words the Spanish shares with the English on purpose: the glossary keeps VP and CP, "total" is Spanish too.
SHARED_WITH_SPANISH = {"vp", "cp", "total", "canal", "suez", "cultural"}
RULE_ID = re.compile(r"\b[A-Z]+-\d+[a-z]?\b")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def _names(data) -> list[str]:
    """Names of people and places (never translated), longest first so "Henry III (Duke of Anjou)"
    goes before "Henry III"."""
    tables = (data.royals, data.leaders, data.artists, data.scientists, data.spaces, data.minors)
    return sorted({record.name for table in tables for record in table.values()}, key=len, reverse=True)


def _words(text: str, names: list[str]) -> set[str]:
    for name in names:
        text = text.replace(name, " ")
    return set(re.findall(r"[^\W\d_]+", RULE_ID.sub(" ", text).lower()))


def left_over(data, language: str, english_text: str, shown_text: str) -> set[str]:
    """The English words of ``english_text`` still in ``shown_text``, its rendering in ``language``
    (names aside): in Russian any word in Latin letters, in Spanish a word of the English."""
    names = _names(data)
    shown = _words(shown_text, names)
    if language == "ru":
        return {word for word in shown if word.isascii()}
    return (shown & _words(english_text, names)) - SHARED_WITH_SPANISH


def english_left(data, language: str, message: Message) -> set[str]:
    """The English words of a kept ``message`` still in its rendering in ``language``."""
    return left_over(data, language, message.in_language("en"), message.in_language(language))


def live(language: str, show):
    """What ``show()`` (live text, translated when shown) gives in English and in ``language``."""
    i18n.use("en")
    english = show()
    i18n.use(language)
    return english, show()


def _rendered(data, events, language: str) -> list[str]:
    """The log lines as a reader in ``language`` sees them (without the acting power's name)."""
    i18n.use(language)
    nobody = {p: "" for p in data.power_ids}
    return [log_line(event, nobody) for event in events]


def _ctx(data):
    return ctx(data, new_state(data))


@pytest.mark.parametrize("language", LANGUAGES)
def test_mar_4_the_wedding_rolls_read_in_the_readers_language(data, language):
    """MAR-4: each side's roll, its Eligibility and the Wedding Festivities modifier, and what the
    total gave, in Spanish and Russian; the names stay as written."""
    c = _ctx(data)
    betrothal = marriage.betroth(c.state, data, "charles-ix", "anna-of-austria")
    betrothal.festivities = True
    force(c.state, 4, 3)
    marriage.resolve_wedding(c, betrothal)
    rolls = [e for e in c.events if e.roll is not None]
    assert [e.rule for e in rolls] == ["MAR-4", "MAR-4"]
    for event in rolls:
        roll = event.roll
        kept = [roll.why, roll.result, *(m.source for m in roll.modifiers)]
        for message in kept:
            assert isinstance(message, Message)
            assert message.in_language(language) != message.in_language("en")
            assert not english_left(data, language, message), message.in_language(language)
    english = _rendered(data, rolls, "en")
    shown = _rendered(data, rolls, language)
    assert english[0].startswith("[MAR-4] wedding roll for Anna of Austria: 1d6 [4] +")
    assert all(line.startswith("[MAR-4] ") for line in shown)
    assert "Anna of Austria" in shown[0] and "Charles IX" in shown[1]
    assert shown != english


@pytest.mark.parametrize("language", LANGUAGES)
def test_mar_5_the_result_and_what_it_pays_read_in_the_readers_language(data, language):
    """MAR-5: the wedding's total and its row on the Royal Wedding Table (12, Benevolent Rulers), the
    +1 Card marker each power takes for it; MAR-6c: a Valois royal on the French card."""
    c = _ctx(data)
    force(c.state, 3, 4)  # Don Carlos 3 + 2, Anna of Austria 4 + 3 = 12
    row = marriage.resolve_wedding(c, marriage.betroth(c.state, data, "don-carlos", "anna-of-austria"))
    assert row.name == "Benevolent Rulers"
    result = next(e for e in c.events if e.rule == "MAR-5" and e.message.id.startswith("wedding of"))
    assert result.message.in_language("en") == "wedding of Anna of Austria and Don Carlos: total 12, Benevolent Rulers"
    shown = result.message.in_language(language)
    assert "12" in shown and "Anna of Austria" in shown and "Don Carlos" in shown
    assert {"es": "Gobernantes benévolos", "ru": "Благосклонные правители"}[language] in shown
    assert not english_left(data, language, result.message)
    markers = [m for p in ("spain", "empire") for m in c.state.powers[p].card_markers]
    assert len(markers) == 2 and all(m.rule == "MAR-5" for m in markers)
    for marker in markers:
        assert not english_left(data, language, marker.reason)
    logged = [e for e in c.events if e.rule == "MAR-5" and e is not result]
    assert logged and all(not english_left(data, language, e.message) for e in logged)


@pytest.mark.parametrize("language", LANGUAGES)
def test_pat_4_pat_5_pat_7_an_evaluation_reads_in_the_readers_language(data, language):
    """PAT-4 modifiers (rating, CP box, Prague Cultural Center), the PAT-5 roll and its PAT-7 result,
    the PAT-8 VP reason: in Spanish and Russian, the patron's name as written."""
    c = ctx(data, new_state(data))
    titian = c.state.artists["titian"]
    titian.status, titian.sponsor, titian.box_cp = PatronStatus.SPONSORED, "empire", 4
    force(c.state, 6, 6)
    patronage.evaluate(c, "titian")
    rules = [e.rule for e in c.events]
    assert rules[:3] == ["PAT-4", "PAT-5", "PAT-7"]
    modifiers, roll, result = c.events[:3]
    assert "Prague Cultural Center" in modifiers.message.in_language("en")
    for event in (modifiers, roll, result):
        assert not english_left(data, language, event.message), event.message.in_language(language)
    assert not english_left(data, language, roll.roll.result)
    for modifier in roll.roll.modifiers:
        assert not english_left(data, language, modifier.source)
    entry = c.state.powers["empire"].vp_entries[-1]
    assert entry.rule == "PAT-8" and not english_left(data, language, entry.reason)
    i18n.use(language)
    assert "Titian" in str(modifiers.message) and str(result.message).startswith("Titian: ")
    assert {"es": "Obra Maestra", "ru": "Шедевр"}[language] in str(result.message)


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_7_the_deal_count_reads_in_the_readers_language(data, language):
    """CARD-7: each step of the count (track square, Unrest, the floor, the ruler bonus, a Card marker
    and its MAR-5 reason) is kept as a message and shown in the reader's language."""
    c = _ctx(data)
    for space in ("madrid", "seville", "barcelona"):
        c.state.spaces[space].unrest = True
    c.state.powers["spain"].card_markers.append(CardMarker(1, "MAR-5", Message("Benevolent Rulers")))
    lines = cards.card_count(c, "spain")
    assert {line.rule for line in lines} == {"CARD-7", "MAR-5"}
    assert any("Unrest" in line.text.in_language("en") for line in lines)
    for line in lines:
        assert isinstance(line.text, Message)
        shown = line.text.in_language(language)
        assert shown != line.text.in_language("en") and not english_left(data, language, line.text), shown
    i18n.use(language)
    marker = next(line for line in lines if line.rule == "MAR-5")
    assert {"es": "Gobernantes benévolos", "ru": "Благосклонные правители"}[language] in str(marker.text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_7_dealt_counts_decline_in_russian_and_spanish(data, language):
    """CARD-7 "is dealt N cards": plural forms by the count (Russian has three)."""
    c = _ctx(data)
    cards.deal(c)
    dealt = [e for e in c.events if e.rule == "CARD-7" and e.message.id.startswith("is dealt")]
    assert len(dealt) == len(data.power_ids)
    forms = {"es": {1: "1 carta", 3: "3 cartas", 5: "5 cartas"}, "ru": {1: "1 карточку", 3: "3 карточки", 5: "5 карточек"}}[language]
    for count, form in forms.items():
        message = cards.msgn("is dealt {count} card", "is dealt {count} cards", count)
        assert form in message.in_language(language)
    for event in dealt:
        assert not english_left(data, language, event.message)


@pytest.mark.parametrize("language", LANGUAGES)
def test_win_6_the_vp_ledger_reads_in_the_readers_language(data, language):
    """WIN-6: the ledger logged in the Victory Determination Phase ("+2 Founders of a Dynasty: ...,
    +1 Virgin Queen") is built of nested messages: no English frozen in, in Spanish or Russian."""
    c = _ctx(data)
    marriage.virgin_queen(c)  # VQ-1
    force(c.state, 6, 6)  # 6+2 and 6+3: Founders of a Dynasty
    marriage.resolve_wedding(c, marriage.betroth(c.state, data, "don-carlos", "anna-of-austria"))
    c.events.clear()
    victory.victory_determination(c)
    ledger = next(e for e in c.events if e.rule == "WIN-6" and e.power == "spain")
    english = ledger.message.in_language("en")
    assert "+2 for Founders of a Dynasty: Anna of Austria and Don Carlos" in english
    assert english.startswith("VP ") and "key spaces on the power card track" in english
    shown = ledger.message.in_language(language)
    assert "Anna of Austria" in shown and "+2" in shown
    assert not english_left(data, language, ledger.message), shown
    england = next(e for e in c.events if e.rule == "WIN-6" and e.power == "england")
    assert "+1 for Virgin Queen" in england.message.in_language("en")
    assert {"es": "+1 por Reina Virgen", "ru": "+1: Королева-девственница"}[language] in england.message.in_language(language)
    for line in victory.vp_lines(c.state, data, "spain"):
        assert not english_left(data, language, line.reason)
    assert all(line.startswith("[WIN-") or line.startswith("[GEN-") for line in _rendered(data, c.events, language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_mar_3_mar_8_refusals_and_prompts_are_shown_in_the_readers_language(data, language):
    """MAR-3 refusals, the MAR-8 target decision and the VQ-2 choice are live text: translated where
    they are shown, rule IDs kept at the front."""
    c = _ctx(data)
    english, refused = live(language, lambda: str(marriage.refusal(c, "spain", "don-carlos", "archduke-charles")))
    assert english == "MAR-3: the two royals must be of opposite sex"
    assert refused.startswith("MAR-3: ") and not left_over(data, language, english, refused)
    frame = marriage.AssassinationFrame(power="spain", card=next(n for n, card in data.cards.items() if card.event == "assassination"))
    english, decision = live(language, lambda: marriage._target_decision(c, frame))
    assert decision.rule == "MAR-8" and decision.prompt != english.prompt
    title = data.cards[frame.card].title  # a data term: translated by its own catalog entry
    assert not left_over(data, language, english.prompt.replace(title, ""), decision.prompt.replace(title, ""))
    for before, after in zip(english.choices + tuple(o.choice for o in english.refused), decision.choices + tuple(o.choice for o in decision.refused)):
        assert after.label.endswith("(MAR-8)") and not left_over(data, language, before.label, after.label)
    for before, after in zip(english.refused, decision.refused):
        assert after.refusal.startswith("MAR-8: ") and not left_over(data, language, before.refusal, after.refusal)
    marriage.betroth(c.state, data, marriage.ELIZABETH, "don-carlos")
    english, decision = live(language, lambda: marriage._courtship_decision(c, marriage.CourtshipChoiceFrame(bride=marriage.ELIZABETH)))
    assert decision.rule == "VQ-2" and not left_over(data, language, english.prompt, decision.prompt)
    assert all(not left_over(data, language, a.label, b.label) for a, b in zip(english.choices, decision.choices))


def test_mar_2_proposal_labels_follow_the_language_in_one_process(data):
    """MAR-2: proposal options are made once per game data and language; a terminal that switches
    language (a test, a shared game's viewer) reads its own."""
    c = _ctx(data)
    english = {o.choice.label for o in marriage.proposal_options(c, "spain")}
    i18n.use("ru")
    russian = {o.choice.label for o in marriage.proposal_options(c, "spain")}
    assert english and russian and not english & russian
    assert all(label.startswith("Брак: ") for label in russian)


@pytest.mark.parametrize("language", LANGUAGES)
def test_suez_1_suez_2_the_dig_and_its_decision_read_in_the_readers_language(data, language):
    """SUEZ-1 roll and its modifiers, the SUEZ-2 failure, the Grand Vizier's options: translated."""
    c = _ctx(data)
    c.state.suez_attempts = 2
    force(c.state, 1)
    assert not suez.attempt(c, "ottoman")
    for event in c.events:
        assert event.rule in ("SUEZ-1", "SUEZ-2")
        assert not english_left(data, language, event.message), event.message.in_language(language)
    roll = next(e.roll for e in c.events if e.roll is not None)
    assert all(not english_left(data, language, m.source) for m in roll.modifiers)
    number = next(n for n, card in data.cards.items() if card.event == "grand-vizier")
    english, decision = live(language, lambda: suez._decide(c, suez.GrandVizierFrame(power="ottoman", card=number)))
    assert decision.rule == "SUEZ-1"
    assert all(not left_over(data, language, a.label, b.label) for a, b in zip(english.choices, decision.choices))


def test_a_card_title_is_a_message_of_a_data_term(data):
    """A card's title is a game term (translated when its catalog has it), its number kept."""
    c = _ctx(data)
    title = card_title(c, 21)
    assert isinstance(title, Message)
    assert str(title) == f"#21 {data.cards[21].title}"
    assert dict(title.params)["title"] == Message(data.cards[21].title)
