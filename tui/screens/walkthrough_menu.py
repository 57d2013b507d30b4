"""The walkthrough menu (grouped by rule section, progress and done marks kept between runs), the
walkthrough controls during one (step back, restart), and its end ("play on from here").

Progress lives in ``walkthroughs.json`` in the save folder. "Play on from here" turns the finished
position into a free game that is never saved: a walkthrough's position is prepared by edits, so it
cannot be replayed from a seed as saves are.
"""

from __future__ import annotations

import json
from pathlib import Path

from attrs import Factory, define
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core import atomic
from tui.controller import Controller
from tui.settings import PROGRESS_FILE
from tui.widgets.steady_footer import SteadyFooter


@define
class Progress:
    """Walkthroughs done, and the step reached in the ones left unfinished."""

    done: set[str] = Factory(set)
    step: dict[str, int] = Factory(dict)

    @classmethod
    def load(cls, save_dir: Path) -> Progress:
        """The saved progress; a missing or damaged file is no progress (it is rewritten on the next change)."""
        try:
            raw = json.loads(atomic.read_regular_file(save_dir / PROGRESS_FILE, atomic.APP_FILE_MAX_BYTES, "progress file"))
            done = {str(i) for i in raw.get("done", [])}
            step = {str(k): int(v) for k, v in raw.get("step", {}).items()}
        except (atomic.UnreadableFile, ValueError, TypeError, AttributeError, RecursionError):
            return cls()
        return cls(done, step)

    def save(self, save_dir: Path) -> str:
        """Write the progress; the reason when it could not be written ("" when it was)."""
        try:
            text = json.dumps({"done": sorted(self.done), "step": dict(sorted(self.step.items()))}, indent=1)
            atomic.write_text(save_dir / PROGRESS_FILE, text, atomic.PRIVATE_FILE_MODE)
        except OSError as exc:
            return f"walkthrough progress not saved: {exc.strerror}"
        return ""


def _record(controller: Controller, update) -> str:  # type: ignore[no-untyped-def]
    progress = Progress.load(controller.save_dir)
    update(progress)
    return progress.save(controller.save_dir)


def remember_step(controller: Controller) -> str:
    """Keep the step the current walkthrough has reached (to resume it later)."""
    run = controller.walkthrough
    if run is None:
        return ""

    def update(progress: Progress) -> None:
        progress.step[run.walkthrough.id] = run.step

    return _record(controller, update)


def mark_done(controller: Controller, walkthrough_id: str) -> str:
    def update(progress: Progress) -> None:
        progress.done.add(walkthrough_id)
        progress.step.pop(walkthrough_id, None)

    return _record(controller, update)


class WalkthroughMenu(Screen[None]):
    """Every walkthrough, grouped by rule section: Enter starts (or resumes), r restarts."""

    DEFAULT_CSS = """
    WalkthroughMenu #walkthrough-list { height: 1fr; border: none; }
    WalkthroughMenu #walkthrough-about { height: 4; border-top: solid $primary-darken-2; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("r", "restart", "Restart"),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller
        self.ids: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("Walkthroughs - each teaches rules on the real engine with fixed dice. Enter: start or resume", markup=False)
        yield OptionList(id="walkthrough-list")
        yield Static("", id="walkthrough-about", markup=False)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        from core.walkthroughs import SECTIONS, WALKTHROUGHS

        progress = Progress.load(self.controller.save_dir)
        options = self.query_one("#walkthrough-list", OptionList)
        options.clear_options()
        self.ids = []
        for section in SECTIONS:
            options.add_option(Option(f"-- {section} --", disabled=True))
            self.ids.append("")
            for walkthrough in (w for w in WALKTHROUGHS.values() if w.section == section):
                total = len(walkthrough.steps)
                steps = f"{total} step{'' if total == 1 else 's'}"
                if walkthrough.id in progress.done:
                    mark, where = "[x]", f"{steps}, done"
                elif walkthrough.id in progress.step:
                    mark, where = "[ ]", f"step {progress.step[walkthrough.id] + 1} of {total}"
                else:
                    mark, where = "[ ]", steps
                options.add_option(Option(Text(f"{mark} {walkthrough.title} ({where})"), id=walkthrough.id))  # "[x]" is no markup
                self.ids.append(walkthrough.id)
        options.highlighted = 1
        options.focus()

    @property
    def highlighted_id(self) -> str:
        index = self.query_one("#walkthrough-list", OptionList).highlighted
        return self.ids[index] if index is not None else ""

    @on(OptionList.OptionHighlighted, "#walkthrough-list")
    def _about(self, event: OptionList.OptionHighlighted) -> None:
        from core.walkthroughs import WALKTHROUGHS

        walkthrough = WALKTHROUGHS.get(self.ids[event.option_index])
        about = f"Teaches {', '.join(sorted(walkthrough.taught()))}" if walkthrough else ""
        self.query_one("#walkthrough-about", Static).update(about)

    @on(OptionList.OptionSelected, "#walkthrough-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        walkthrough_id = self.ids[event.option_index]
        self.controller.start_walkthrough(walkthrough_id, Progress.load(self.controller.save_dir).step.get(walkthrough_id, 0))

    def action_restart(self) -> None:
        if self.highlighted_id:
            self.controller.start_walkthrough(self.highlighted_id)


class WalkthroughControls(ModalScreen[None]):
    """During a walkthrough (k): where it started from, and step back, restart, or leave for the menu."""

    DEFAULT_CSS = "WalkthroughControls { background: $background 100%; padding: 0 1; }"
    BINDINGS = [
        Binding("escape", "close", "Continue"),
        Binding("b", "step_back", "Step back"),
        Binding("r", "restart", "Restart"),
        Binding("m", "menu", "Walkthrough menu"),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller

    def compose(self) -> ComposeResult:
        run = self.controller.walkthrough
        assert run is not None
        walkthrough = run.walkthrough
        position = "\n".join(f"  {line}" for line in walkthrough.position.describe(self.controller.data))
        with VerticalScroll():
            yield Static(walkthrough.title, classes="report-title", markup=False)
            yield Static(f"{run.heading()}\n\n{walkthrough.intro}\n\nPosition:\n{position}", markup=False)
            yield Static("b: step back (replays the steps before)  r: restart  m: menu  Esc: continue", classes="hint", markup=False)
        yield SteadyFooter()

    def action_close(self) -> None:
        self.dismiss(None)

    def _replay(self, steps: int) -> None:
        run = self.controller.walkthrough
        assert run is not None
        self.controller.start_walkthrough(run.walkthrough.id, steps)

    def action_step_back(self) -> None:
        run = self.controller.walkthrough
        assert run is not None
        if run.step == 0:
            self.notify("This is the first step.", timeout=3)
            return
        self._replay(run.step - 1)

    def action_restart(self) -> None:
        self._replay(0)

    def action_menu(self) -> None:
        problem = remember_step(self.controller)
        if problem:
            self.notify(problem, severity="error")
        self.controller.walkthrough = None
        self.app.action_to_title()  # type: ignore[attr-defined]
        self.app.push_screen(WalkthroughMenu(self.controller))


class WalkthroughDone(ModalScreen[None]):
    """The end of a walkthrough: what it showed; play on from here, or back to the menu."""

    DEFAULT_CSS = "WalkthroughDone { background: $background 100%; padding: 0 1; }"
    BINDINGS = [
        Binding("p", "play_on", "Play on from here"),
        Binding("escape", "menu", "Walkthrough menu"),
        Binding("m", "menu", "Walkthrough menu", show=False),
    ]

    def __init__(self, controller: Controller, title: str, text: str) -> None:
        super().__init__()
        self.controller = controller
        self.title_text = title
        self.body_text = text
        run = controller.walkthrough
        self.problem = mark_done(controller, run.walkthrough.id) if run is not None else ""

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="report"):
            yield Static(f"Walkthrough done: {self.title_text}", classes="report-title", markup=False)
            yield Static(self.body_text, id="text-body", markup=False)
            yield Static(
                "p: play on from here as a free game (not saved: a walkthrough position cannot replay from a seed)"
                + (f"\n{self.problem}" if self.problem else ""),
                classes="hint",
                markup=False,
            )
        yield SteadyFooter()

    def action_play_on(self) -> None:
        finished = self.controller.session is not None and self.controller.session.decision is None
        self.dismiss(None)
        if finished:
            self.notify("The game is over: there is nothing to play on.", timeout=4)
            self.action_menu_after_close()
            return
        self.controller.play_on()
        self.notify(f"Free game from the walkthrough '{self.title_text}': it is not saved.", timeout=6)

    def action_menu(self) -> None:
        self.dismiss(None)
        self.action_menu_after_close()

    def action_menu_after_close(self) -> None:
        self.controller.walkthrough = None
        self.app.action_to_title()  # type: ignore[attr-defined]
        self.app.push_screen(WalkthroughMenu(self.controller))
