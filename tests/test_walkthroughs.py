"""Walkthroughs: PAT-9's worked example, played on the real engine with forced chance."""

from __future__ import annotations

from core.choices import Choice
from core.walkthroughs import TITIAN, WALKTHROUGHS, WEDDINGS, WalkthroughRun
from tests.tui_helpers import app_for, screen_text
from tui.screens.game import ActionScreen
from tui.screens.menus import TitleScreen, WalkthroughsScreen
from tui.screens.overlays import TextScreen


def test_pat_9_titian_walkthrough_in_the_engine(data):
    session = TITIAN.prepare(data)
    run = WalkthroughRun(TITIAN)
    assert session.decision.power == "spain"
    assert run.refusal(Choice.parse("play 2 event")) is not None
    for step in TITIAN.steps:
        assert run.refusal(Choice.parse(step.choice)) is None
        session.choose(session.decision.power, Choice.parse(step.choice))
        run.advance()
    assert run.finished
    text = TITIAN.conclude(session)
    assert "2d6 [5+3] +2 Titian's rating +1 3-CP box = 11" in text
    assert "gains 1 VP (1 VP artist marker for Titian)" in text
    assert [(e.rule, e.amount) for e in session.state.powers["spain"].vp_entries] == [("PAT-8", 1)]


def test_every_walkthrough_can_be_played_through(data):
    for walkthrough in WALKTHROUGHS.values():
        session = walkthrough.prepare(data)
        run = WalkthroughRun(walkthrough)
        run.autoplay(session)
        for step in walkthrough.steps:
            legal = [str(c) for c in session.decision.choices]
            assert step.choice in legal, (walkthrough.id, step.choice, legal)
            session.choose(session.decision.power, Choice.parse(step.choice))
            run.advance()
            run.autoplay(session)
        assert run.finished and walkthrough.conclude(session)


def test_mar_4_mar_5_mar_6c_weddings_walkthrough_results(data):
    session = WEDDINGS.prepare(data)
    run = WalkthroughRun(WEDDINGS)
    run.autoplay(session)
    for step in WEDDINGS.steps:
        session.choose(session.decision.power, Choice.parse(step.choice))
        run.advance()
        run.autoplay(session)
    text = WEDDINGS.conclude(session)
    assert "total 12, Benevolent Rulers" in text and "total 13, Many Heirs" in text
    state = session.state
    assert any(e.rule == "MAR-6c" for e in state.powers["france"].vp_entries)
    assert [(e.rule, e.amount) for e in state.powers["england"].vp_entries if e.rule == "MAR-5"] == [("MAR-5", 1)]
    assert [(e.rule, e.amount) for e in state.powers["empire"].vp_entries if e.rule == "MAR-5"] == [("MAR-5", 1)]


async def test_pat_9_walkthrough_with_the_keyboard(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k")
        assert isinstance(app.screen, WalkthroughsScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionScreen)
        assert "Walkthrough PAT-9, step 1 of 3" in screen_text(app)
        app.controller.choose(Choice.parse("pass"))  # a wrong choice is refused with the lesson
        await pilot.pause()
        assert "in this walkthrough, choose 'play 2 cp'" in screen_text(app)
        await pilot.press("enter")  # the expected choice is highlighted
        await pilot.pause()
        assert "step 2 of 3" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        assert "= 11" in screen_text(app) and "1 VP artist marker" in screen_text(app)
        assert not list(tmp_path.glob("*.json"))  # a walkthrough is never autosaved
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
