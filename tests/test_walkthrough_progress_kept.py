"""Leaving a walkthrough for the menu keeps its step before the menu reads it."""
from __future__ import annotations
import time
from core.walkthroughs import TITIAN
from tests.tui_helpers import HearsNothing, app_for, screen_text, settle, start_walkthrough
from tui import controller as controller_module
from tui import drivers as drivers_module
from tui import progress
from tui.screens.walkthrough_menu import WalkthroughMenu


async def test_the_walkthrough_menu_shows_the_step_kept_when_leaving(tmp_path, monkeypatch):
    def slow_remember(save_dir, walkthrough_id, step):
        time.sleep(0.3)  # a slow disk (fsync)
        return progress.remember_step(save_dir, walkthrough_id, step)

    monkeypatch.setattr(controller_module, "remember_step", slow_remember)
    monkeypatch.setattr(drivers_module, "remember_step", lambda *args: "")  # the step's own write: only leaving's counts here
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_walkthrough(pilot, TITIAN.id)
        await pilot.press("enter"); await settle(pilot)
        await pilot.press("k", "m"); await settle(pilot)
        assert isinstance(app.screen, WalkthroughMenu)
        assert progress.Progress.load(tmp_path).step == {TITIAN.id: 1}  # on disk by now
        assert "(step 2 of 3)" in screen_text(app), "the menu shows the progress from before the step was kept"


async def test_each_step_taken_is_kept_at_once_not_only_when_leaving(tmp_path):
    """Newcomer play-test: a step taken, then Ctrl+Q (or a closed terminal, a dropped SSH link): the menu showed
    the walkthrough as never started, though the game menu says its step is kept to resume."""
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_walkthrough(pilot, TITIAN.id)
        await pilot.press("enter"); await settle(pilot)
        progress_kept = progress.Progress.load(tmp_path)
        assert progress_kept.step == {TITIAN.id: 1} and progress_kept.last == TITIAN.id  # on disk, nothing left


def test_progress_written_late_changes_nothing_after_a_later_write(tmp_path, data):
    """Review: each step's write runs in a worker of its own; one landing after the walkthrough's done mark put
    its step back (and two at once lost one another's change). They land in the order asked."""
    from core.choices import Choice
    from core.walkthroughs import play_through
    from tui.drivers import WalkthroughGame

    session, run = play_through(TITIAN, data, 0)
    jobs = []
    driver = WalkthroughGame(session, run, HearsNothing(), lambda work, done, failed=None: jobs.append(work), tmp_path)
    while not run.finished:
        driver.choose(session.decision.power, Choice.parse(run.current.choice))
    assert len(jobs) == len(TITIAN.steps)  # a step kept for each step but the last, then the walkthrough done
    for work in reversed(jobs):  # the workers finish in the opposite order
        work()
    kept = progress.Progress.load(tmp_path)
    assert kept.done == {TITIAN.id} and kept.step == {}


def test_progress_that_cannot_be_written_is_said_once_a_walkthrough(tmp_path, data, monkeypatch):
    """Review: on a full or read-only disk each step said "walkthrough progress not saved", over what the step taught."""
    from core.choices import Choice
    from core.walkthroughs import play_through
    from tui.drivers import WalkthroughGame

    problems = []

    class Listening(HearsNothing):
        def game_problem(self, text, failed=False, refused_key=False):
            problems.append(text)

    session, run = play_through(TITIAN, data, 0)
    monkeypatch.setattr(progress.Progress, "save", lambda self, save_dir: "walkthrough progress not saved: No space left on device")
    driver = WalkthroughGame(session, run, Listening(), lambda work, done, failed=None: done(work()), tmp_path)
    while not run.finished:
        driver.choose(session.decision.power, Choice.parse(run.current.choice))
    assert problems == ["walkthrough progress not saved: No space left on device"]  # three writes, one line
