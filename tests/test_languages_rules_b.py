"""The Catholic League, the Morisco, table actions, diplomacy and the impulse in Spanish and Russian
(issue 20): their log lines are kept as messages and read in the reader's language, their decisions
(prompts, labels, refusals) are made in it; rule IDs and the names of people and places stay."""

from __future__ import annotations

import re

import pytest

from core import catholic_league, diplomacy, engine, i18n, morisco, table
from core.choices import TABLE_ACTOR, Choice, IllegalChoice
from core.events import Event
from core.i18n import Message, msg
from tests.conftest import choose, ctx, force, new_session, playing_event, table_action, to_impulse_of

LEAGUE, REVOLT = 21, 13
RULE_ID = re.compile(r"\b[A-Z]+-\d+[a-z]?\b")
LATIN_WORD = re.compile(r"[A-Za-z]+")
# English words of these rules' messages that are no Spanish words (a Spanish line has none of them)
ENGLISH = set(
    "the and is are to of from with now must more remove removes joins choose moves war peace not may under "
    "already space spaces displaced League Catholic Protestant Spain France England Empire Ottoman influence "
    "marker table action record Unrest besieges besieging siege winter Winter stays through forms enters play "
    "wins beaten status unchanged activated deactivated ally impulse pass passes card cards event Record "
    "what happened Cancel Set Clear Change religion Add units Capture release leader Declare Make Adjust "
    "count region attacks battle field assault Done negotiating spend Stop spending left lost".split()
)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


@pytest.fixture(scope="module")
def names(data) -> set[str]:
    """The words of the names of people and places (never translated), and of card titles (data terms
    translated in the data's own catalog entries, which these tests do not judge). Not the minor powers:
    game terms, translated (Spanish play-test: "Influencia en Scotland")."""
    words: set[str] = set()
    for records in (data.spaces, data.leaders, data.royals, data.scientists, data.artists):
        for record in records.values():
            words |= set(LATIN_WORD.findall(record.name))
    for card in data.cards.values():
        words |= set(LATIN_WORD.findall(card.title))
    return words


def _foreign_words(text: str, language: str, names: set[str]) -> list[str]:
    """The words of ``text`` that should not be there in ``language``: Latin-script words in Russian
    (rule IDs and names aside); in Spanish, English words of these rules and any Russian word (an
    option made in Russian and kept for a Spanish reader)."""
    words = LATIN_WORD.findall(RULE_ID.sub("", text))
    if language == "ru":
        return [w for w in words if w not in names]
    return [w for w in words if w in ENGLISH and w not in names] + re.findall(r"[А-Яа-яЁё]+", text)


def assert_reads_in(language: str, texts: list[str], names: set[str]) -> None:
    assert texts
    for text in texts:
        assert not _foreign_words(text, language, names), f"{language}: {text!r} has {_foreign_words(text, language, names)}"


# the rules of these modules (a decision may also hold other sections' options: units, independence)
OURS = ("CL-", "MOR-", "TABLE-", "DIP-", "CARD-", "GEN-")


def _decision_texts(decision) -> list[str]:
    refused = [o for o in decision.refused if o.refusal.startswith(OURS)]
    return [decision.prompt, *(c.label for c in decision.choices), *(o.choice.label for o in refused), *(o.refusal for o in refused)]


def _our_kinds() -> set[str]:
    return {k.id for k in (*table.TABLE_KINDS, *catholic_league.TABLE_KINDS, *morisco.TABLE_KINDS)}


def _league_formed(data):
    session = playing_event(data, "spain", LEAGUE)
    choose(session, "pick dijon")
    choose(session, "pick amiens")
    for space in ("paris",) * 4 + ("lyon",) * 2 + ("paris",):
        choose(session, f"pick {space}")
    return session


@pytest.mark.parametrize("language", ["ru", "es"])
def test_cl_2_and_cl_3_decisions_are_made_in_the_readers_language(data, names, language):
    """CL-2: Spain's choice of spaces, its refusals with their rule IDs; CL-3: France's removals."""
    session = playing_event(data, "spain", LEAGUE)
    i18n.use(language)
    spaces = engine.decision(data, session.state)
    assert spaces.rule == "CL-2"
    assert_reads_in(language, _decision_texts(spaces), names)
    assert all(o.refusal.startswith("CL-2: ") for o in spaces.refused)
    assert "Reims" in spaces.prompt
    i18n.use("en")
    choose(session, "pick dijon")
    choose(session, "pick amiens")
    i18n.use(language)
    removals = engine.decision(data, session.state)
    assert removals.rule == "CL-3"
    assert_reads_in(language, _decision_texts(removals), names)
    assert any("Paris" in c.label and "(CL-3)" in c.label for c in removals.choices)


@pytest.mark.parametrize("language", ["ru", "es"])
def test_the_league_forming_reads_in_the_readers_language_and_in_english_as_it_did(data, names, language):
    """CL-1..CL-7 and DIP-8: the same kept events, rendered for each reader; English unchanged."""
    session = _league_formed(data)
    league = [e for e in session.log if e.rule.startswith("CL-") or e.rule in ("DIP-8", "UNIT-3")]
    english = [e.message.in_language("en") for e in league]
    assert any(line.startswith("Dijon is now under Spanish control") for line in english)
    assert any(line.startswith("adds to Reims ") and "a fortress and" in line for line in english)
    assert "Spain and France are at war" in english
    i18n.use(language)
    shown = [e.text for e in league]
    assert_reads_in(language, shown, names)
    assert shown != english and [e.rule for e in league] == [e.rule for e in session.log if e in league]
    assert {"CL-1", "CL-2", "CL-3", "CL-4", "CL-5", "CL-7", "DIP-8"} <= {e.rule for e in league}


def test_cl_5_and_cl_6_refusals_and_the_guise_table_action_in_russian(data, names):
    session = _league_formed(data)
    table_action(session, "guise", "move")
    i18n.use("ru")
    where = engine.decision(data, session.state)
    refused = [o.refusal for o in where.refused]
    assert any(r.startswith("CL-6: ") for r in refused)
    assert_reads_in("ru", _decision_texts(where), names)
    i18n.use("en")
    choose(session, "pick paris")
    moved = session.log[-1]
    assert moved.rule == "CL-6" and moved.message.in_language("en").endswith("moves to Paris")
    assert moved.message.in_language("ru").endswith("перемещается в Paris")
    assert moved.message.in_language("es").endswith("se mueve a Paris")


@pytest.mark.parametrize("language", ["ru", "es"])
def test_the_morisco_revolt_and_its_table_action_read_in_the_readers_language(data, names, language):
    """MOR-1, MOR-2: the event's log; MOR-2, MOR-3, MOR-4: the table action's refusals and log."""
    session = playing_event(data, "ottoman", REVOLT)
    table_action(session, "morisco")
    i18n.use(language)
    actions = engine.decision(data, session.state)
    assert any(o.refusal.startswith("MOR-2: ") for o in actions.refused)
    assert_reads_in(language, _decision_texts(actions), names)
    i18n.use("en")
    choose(session, "pick move")
    i18n.use(language)
    targets = engine.decision(data, session.state)
    assert {o.refusal.split(":")[0] for o in targets.refused} == {"MOR-3"}
    assert_reads_in(language, _decision_texts(targets), names)
    i18n.use("en")
    choose(session, "pick madrid")
    morisco = [e for e in session.log if e.rule.startswith("MOR-")]
    assert re.fullmatch(r"\(by the table\) the Morisco moves to Madrid \(\d from Granada\)", morisco[-1].message.in_language("en"))
    i18n.use(language)
    assert_reads_in(language, [e.text for e in morisco], names)


def test_table_action_labels_are_made_in_each_language_once_per_language(data, names):
    """TABLE-1: the kinds of table action are made once per game data and language (a shared server,
    the title screen's switch): Russian, then Spanish, then English, each in its own words."""
    session = new_session(data)
    table_action(session)
    shown = {}
    for language in ("ru", "es", "en", "ru"):
        i18n.use(language)
        decision = engine.decision(data, session.state)
        labels = [c.label for c in decision.choices if c.args[0] in {*_our_kinds(), "cancel"}]
        shown.setdefault(language, []).append((decision.prompt, labels))
    assert shown["ru"][0] == shown["ru"][1]  # made again (or kept) in Russian: the same
    (ru_prompt, ru_labels), (es_prompt, es_labels), (en_prompt, en_labels) = shown["ru"][0], shown["es"][0], shown["en"][0]
    assert len({ru_prompt, es_prompt, en_prompt}) == 3
    assert en_prompt == "Record a table action: what happened?"
    assert "Change a space's political control" in en_labels and "Cancel the table action" in en_labels
    assert not set(ru_labels) & set(es_labels) and not set(es_labels) & set(en_labels)
    assert_reads_in("ru", [ru_prompt, *ru_labels], names)
    assert_reads_in("es", [es_prompt, *es_labels], names)


@pytest.mark.parametrize("language", ["ru", "es"])
def test_space_picks_are_labelled_in_the_language_they_are_shown_in(data, names, language):
    """TABLE-1: a control change's spaces and owners, the Independent side among them."""
    session = new_session(data)
    session.state.spaces["metz"].units.clear()  # France's regulars' loss recorded (TABLE-1 checks it)
    table_action(session, "control")
    i18n.use(language)
    spaces = engine.decision(data, session.state)
    assert_reads_in(language, _decision_texts(spaces), names)
    i18n.use("en")
    assert engine.decision(data, session.state).choices[0].label.startswith("Control of ")
    choose(session, "pick metz")
    i18n.use(language)
    owners = engine.decision(data, session.state)
    assert_reads_in(language, _decision_texts(owners), names)
    i18n.use("en")
    independent = next(o.choice for o in owners.refused if o.choice.args == ("independent",))  # IND-3 refuses it here
    assert independent.label == {"ru": "Metz переходит под контроль: Независимые", "es": "Metz pasa a Independiente"}[language]
    choose(session, "pick england")
    recorded = next(e for e in reversed(session.log) if e.rule == "TABLE-1")  # the VP lines it gave follow it (WIN-6)
    assert recorded.message.in_language("en") == "(by the table) Metz is now controlled by England"
    i18n.use(language)
    assert_reads_in(language, [recorded.text], names)


@pytest.mark.parametrize("language", ["ru", "es"])
def test_dip_2_to_dip_6_status_rolls_read_in_the_readers_language(data, names, language):
    """DIP-2's roll (why, modifiers, result), DIP-3's winner, DIP-4 and DIP-6: kept as messages."""
    c = ctx(data, new_session(data).state)
    force(c.state, 1, 6, 1, 1)
    diplomacy.determine_status(c, "scotland")
    rolls = [e.roll for e in c.events if e.roll is not None]
    assert rolls and all(isinstance(r.result, Message) for r in rolls)
    assert {str(r.result) for r in rolls} >= {"wins (DIP-3)"}
    i18n.use(language)
    texts = [e.text for e in c.events] + [str(r.result) for r in rolls] + [str(m.source) for r in rolls for m in r.modifiers]
    assert_reads_in(language, texts, names)
    assert {e.rule for e in c.events} >= {"DIP-2", "DIP-3", "DIP-4", "DIP-6"}


@pytest.mark.parametrize("language", ["ru", "es"])
def test_the_impulse_and_cp_spending_are_decided_in_the_readers_language(data, names, language):
    """GEN-6 / CARD-1: the impulse's options and refusals; spending CP (DIP-7, GEN-6)."""
    session = new_session(data)
    to_impulse_of(session, "france", [LEAGUE, 101])
    i18n.use(language)
    impulse = engine.decision(data, session.state)
    assert_reads_in(language, _decision_texts(impulse), names)
    no_event = next(o for o in impulse.refused if o.choice.args == ("101", "event"))
    assert no_event.refusal.startswith("CARD-4: #101 ") and ("КО" if language == "ru" else "CP") in no_event.refusal
    i18n.use("en")
    choose(session, "play 101 cp")
    i18n.use(language)
    spend = engine.decision(data, session.state)
    ours = [c.label for c in spend.choices if c.args[0] in ("influence", "done")]  # DIP-7, GEN-6 (units, patronage: theirs)
    assert len(ours) > 1
    assert_reads_in(language, [spend.prompt, *ours], names)
    assert any({"es": "Escocia", "ru": "Шотландия"}[language] in label for label in ours)
    i18n.use("en")
    events = choose(session, "cp influence scotland")
    i18n.use(language)
    placed = next(e.text for e in events if e.rule == "DIP-7")
    assert {"es": "Escocia", "ru": "Шотландия"}[language] in placed, placed  # the log line too, not only the label


def test_a_typed_choice_is_refused_in_the_readers_language(data, names):
    """What a player who types a choice reads: an empty or unknown action, someone else's decision."""
    session = new_session(data)
    to_impulse_of(session, "france", [101])
    i18n.use("ru")
    for typed in ("", "fly away"):
        with pytest.raises(IllegalChoice) as refused:
            Choice.parse(typed)
        # the typed forms it lists are the same in every language, as what was typed
        assert_reads_in("ru", [re.sub(r": [a-z, -]+\)$", ")", str(refused.value).replace("'fly'", ""))], names)
    with pytest.raises(IllegalChoice, match="Франция") as refused:
        engine.check(data, session.state, "spain", Choice.parse("pass"))
    with pytest.raises(IllegalChoice, match="GEN-6") as refused:
        engine.check(data, session.state, "france", Choice.parse("play 7 event"))
    i18n.use("es")
    with pytest.raises(IllegalChoice, match="acción desconocida 'fly'"):
        Choice.parse("fly")
    assert engine.check(data, session.state, TABLE_ACTOR, Choice.parse("table")).label == "Registrar una acción de mesa (por la mesa)"


def test_kept_texts_compare_as_english_and_never_hold_a_language(data):
    """DIP-8: an event keeps its message, rendered in the current language each time it is read."""
    event = Event(rule="DIP-8", message=msg("{a} and {b} are at war", a=Message("Spain"), b=Message("France")))
    assert event.text == "Spain and France are at war"
    i18n.use("ru")
    assert event.text == "Испания и Франция в состоянии войны"
    i18n.use("es")
    assert event.text == "España y Francia están en guerra"
