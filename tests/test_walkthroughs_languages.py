"""Walkthroughs in Spanish and Russian: every text they show is translated (rule IDs kept), their promises
hold in any language (log lines are matched in English), and ``python -m core walkthrough --check``
fails a walkthrough whose texts a language lacks."""

from __future__ import annotations

import re

import attrs
import pytest

from core import i18n
from core.__main__ import main
from core.choices import Choice
from core.walkthroughs import TITIAN, WALKTHROUGHS, WalkthroughFailed, check, play_through
from core.walkthroughs.model import RULE_ID
from core.walkthroughs.promises import english_line

LANGUAGES = ("es", "ru")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_check_plays_every_walkthrough_in_the_language_of_vq_lang(language, monkeypatch, capsys):
    """GEN-1..WIN-6 taught in Spanish and Russian: every walkthrough plays to its end, every promise holds."""
    monkeypatch.setenv("VQ_LANG", language)
    assert main(["walkthrough", "--check"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == f"walkthroughs: {len(WALKTHROUGHS)}/{len(WALKTHROUGHS)} complete"  # for scripts, in every language
    ok = {"es": "ok: pat-9-titian (3 pasos)", "ru": "ок: pat-9-titian (3 шага)"}[language]
    assert ok in lines


def test_a_text_without_a_translation_fails_its_walkthrough_in_that_language(data, monkeypatch, capsys):
    step = attrs.evolve(TITIAN.steps[0], explain="a text no catalog has heard of (GEN-6)")
    untranslated = attrs.evolve(TITIAN, steps=(step, *TITIAN.steps[1:]))
    assert check(untranslated, data)  # English is the source language: nothing to translate
    i18n.use("ru")
    with pytest.raises(WalkthroughFailed, match=r"урок pat-9-titian: 1 текст без перевода на язык Русский: 'a text no catalog"):
        check(untranslated, data)
    monkeypatch.setitem(WALKTHROUGHS, TITIAN.id, untranslated)
    monkeypatch.setenv("VQ_LANG", "es")
    assert main(["walkthrough", "--check"]) == 1
    captured = capsys.readouterr()
    assert "tutorial pat-9-titian: 1 texto no tiene traducción al Español: 'a text no catalog has heard of (GEN-6)'" in captured.err
    assert captured.out.strip().splitlines()[-1] == f"walkthroughs: {len(WALKTHROUGHS) - 1}/{len(WALKTHROUGHS)} complete"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_walkthrough_text_is_translated_keeping_its_rule_ids_and_placeholders(language):
    catalog = i18n.translations(language)
    for walkthrough in WALKTHROUGHS.values():
        assert walkthrough.untranslated(language) == [], walkthrough.id
        for text in walkthrough.texts():
            translated = catalog.gettext(text)
            assert sorted(RULE_ID.findall(translated)) == sorted(RULE_ID.findall(text)), (walkthrough.id, text)
            assert set(PLACEHOLDER.findall(translated)) == set(PLACEHOLDER.findall(text)), (walkthrough.id, text)
            assert translated.count("*") == text.count("*"), (walkthrough.id, text)  # provisional data stays marked


def test_what_a_walkthrough_shows_is_in_the_readers_language(data):
    """PAT-9's worked example in Russian: title, heading, instruction, position and conclusion."""
    i18n.use("ru")
    session, run = play_through(TITIAN, data, steps=0)
    assert TITIAN.shown_title() == "Испания спонсирует Titian: пример из правил (PAT-9)"
    assert TITIAN.shown_section() == "Покровительство"
    assert TITIAN.shown_intro().startswith("Испания спонсирует деятеля искусств за 3 КО.")
    assert run.heading() == "Урок PAT-9, шаг 1 из 3"
    assert run.current is not None and run.current.instruction().startswith("сыграйте родную карточку Испании Philip II")
    assert "кубики PAT-5 заданы: 5, 3" in TITIAN.position.describe(data)
    # the choice taught named as the list shows it, in the reader's language (Spanish play-test: "elige 'opening wed'")
    shown = session.decision.label_of("play 2 cp")
    assert (run.refusal(Choice.parse("pass"), "spain", data, session.decision) or "").startswith(f"в этом уроке выберите '{shown}': ")
    assert "КО" in shown and "play 2 cp" not in shown
    session, run = play_through(TITIAN, data)
    assert TITIAN.conclude(session).endswith("поэтому Испания получает маркер деятеля искусств на 1 ПО (PAT-7, PAT-8).")


def test_the_victory_walkthroughs_share_a_translated_preface(data):
    """WIN-1: the six ways to win open each victory walkthrough, in the reader's language."""
    i18n.use("es")
    for walkthrough in (w for w in WALKTHROUGHS.values() if w.id.startswith("win-")):
        assert walkthrough.shown_intro().startswith("Hay seis formas de ganar (WIN-1)")
        assert walkthrough.intro not in walkthrough.shown_intro()


def test_promised_log_lines_are_matched_in_english_whatever_the_language(data):
    """A game keeps no translated text: a Logged promise reads the event's message in English."""
    i18n.use("ru")
    session, _ = play_through(TITIAN, data)
    lines = [english_line(e, data) for e in session.log]
    assert "[PAT-5] Spain: evaluation of Titian: 2d6 [5+3] +2 Titian's rating +1 3-CP box = 11" in lines
    assert "[PAT-8] Spain: gains 1 VP (1 VP artist marker for Titian)" in lines
