"""Games hold no translated text (issue 20): the log and the state keep messages (an English id and
its parameters), rendered in each reader's language; saves are the same whatever language played."""

from __future__ import annotations

import json

import pytest

from core import i18n, saves
from core.state import FIRST_EDITION, RULES_EDITION
from core.events import Event, render
from core.i18n import Message, msg, msgn
from core.sim import play


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def _played(data, language: str, rules_edition: int = RULES_EDITION):
    i18n.use(language)
    return play(data, 3, check_invariants=False, until=lambda session: session.state.turn > 2, rules_edition=rules_edition)


def test_a_game_played_in_russian_saves_exactly_as_one_played_in_english(data, tmp_path):
    """The save (action log and state, VP reasons and Card markers included) has no language."""
    english = saves.dumps(_played(data, "en"))
    russian = saves.dumps(_played(data, "ru"))
    spanish = saves.dumps(_played(data, "es"))
    assert english == russian == spanish


def test_one_log_reads_in_three_languages(data):
    """The same events, rendered in each reader's language: the message is kept, not its text."""
    session = _played(data, "en")
    shown = {}
    for language in i18n.LANGUAGES:
        i18n.use(language)
        shown[language] = [render(event) for event in session.log]
    assert len(shown["en"]) == len(shown["es"]) == len(shown["ru"]) > 20
    assert shown["en"] != shown["es"] and shown["en"] != shown["ru"]
    assert [line.split("]")[0] for line in shown["en"]] == [line.split("]")[0] for line in shown["ru"]]  # rule IDs stay


def test_a_message_keeps_its_parameters_and_renders_nested_messages_and_plurals():
    reason = msg("ruler card bonus")
    counted = msgn("{count} new card enters play", "{count} new cards enter play", 5, why=reason)
    assert str(counted) == "5 new cards enter play"
    i18n.use("ru")
    assert "5" in str(counted) and "new cards" not in str(counted)
    assert counted.in_language("en") == "5 new cards enter play"  # another language, without switching
    event = Event(rule="CARD-6", message=counted)
    assert event.text == str(counted)


def test_messages_survive_a_save_round_trip(data):
    converter = saves.converter()
    nested = msgn("gains {count} VP ({reason})", "gains {count} VP ({reason})", 2, reason=msg("{royal} on the French card", royal="Elisabeth of Valois"))
    raw = converter.unstructure(nested)
    assert json.loads(json.dumps(raw)) == raw and "Elisabeth of Valois" in json.dumps(raw)
    assert converter.structure(raw, Message) == nested


@pytest.mark.parametrize("bad", [{"id": 3}, {"id": "x", "params": []}, {"id": "x", "params": {"a": True}}, {"id": "x", "extra": 1}, "text"])
def test_a_damaged_message_in_a_save_is_refused_with_what_it_should_be(bad):
    with pytest.raises(Exception, match="expected a message"):
        saves.converter().structure(bad, Message)


def test_an_older_save_whose_texts_are_english_still_loads_and_agrees(data, tmp_path):
    """A version-2 save kept VP reasons, Card markers and card-count steps as English text: it migrates
    (each text a message of itself) and its replay must read exactly that text in English."""
    session = _played(data, "en", FIRST_EDITION)  # as every save of version 5 or older
    raw = saves.to_dict(session)
    raw["version"] = 2
    written = 0
    for power in raw["state"]["powers"].values():
        for key, field in (("vp_entries", "reason"), ("card_markers", "reason"), ("deal", "text")):
            for entry in power[key]:
                entry[field] = saves.converter().structure(entry[field], Message).in_language("en")
                written += 1
    assert written
    path = tmp_path / "old.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert saves.load(path, data).state == session.state
    power = next(p for p in raw["state"]["powers"].values() if p["deal"])
    power["deal"][0]["text"] = "a text it never had"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(saves.SaveError, match="does not match its action log"):
        saves.load(path, data)


def test_a_store_game_waits_with_a_prompt_every_reader_reads_in_their_own_language(data, tmp_path):
    """The store keeps who a game waits for without a language: its row holds the prompt's message,
    so Ana (Russian) and Ben (Spanish) each read it in their own, whoever moved last."""
    from core.setup import Seat, Setup
    from core.store import SqliteStore

    store = SqliteStore(tmp_path / "games.db", data)
    i18n.use("ru")
    game_id = store.create(Setup(seed=5, seats=(Seat("Ana", ("ottoman", "spain", "england")), Seat("Ben", ("france", "empire", "protestant")))))
    waiting = store.waiting()[0]
    decision = store.load(game_id).decision
    assert waiting.shown_prompt() == decision.prompt and any("\u0400" <= ch <= "\u04ff" for ch in decision.prompt)
    i18n.use("es")
    assert waiting.shown_prompt() == store.load(game_id).decision.prompt != decision.prompt
    assert "ru" not in waiting.prompt and decision.prompt not in waiting.prompt  # the row holds the message, not a text
