"""The walkthrough menu (grouped by rule section, progress and done marks kept between runs), the
walkthrough controls during one (step back, restart), and its end ("play on from here").

Progress lives in ``walkthroughs.json`` in the save folder (tui/progress.py). "Play on from here" turns
the finished position into a free game that is never saved: a walkthrough's position is prepared by
edits, so it cannot be replayed from a seed as saves are.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.i18n import N_, _, ngettext
from tui.drivers import Lesson
from tui.messages import Destination, LeaveGame, PlayOn, StartWalkthrough
from tui.progress import Progress
from tui.widgets.scrolling import Scrolling
from tui.widgets.key_footer import KeyFooter
from tui.textual_private import SteadyOptionList, being_taken_down


class WalkthroughList(SteadyOptionList):
    BINDINGS = [Binding("enter", "select", N_("Start"))]  # the footer says what Enter does

    def on_resize(self) -> None:
        # Textual 8.2 keeps the scroll offset as the lines rewrap and the list's height changes: the highlighted
        # walkthrough was left out of view after a resize
        self.call_after_refresh(self.scroll_to_highlight)


class WalkthroughMenu(Screen[None]):
    """Every walkthrough, grouped by rule section: Enter starts (or resumes), r restarts (asked twice
    for one under way). It starts on the walkthrough played last (play-test: back at the top, r
    restarted the first one)."""

    DEFAULT_CSS = """
    WalkthroughMenu #walkthrough-list { height: 1fr; border: none; }
    WalkthroughMenu #walkthrough-about { height: 4; border-top: solid $primary-darken-2; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("r", "restart", N_("Restart")),
        # as on the board: the rules browser, here at the highlighted walkthrough's rule (newcomer play-test: ? did nothing)
        Binding("question_mark", "rules", N_("Rule")),
    ]

    def __init__(self, save_dir: Path) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.progress = Progress()
        self.ids: list[str] = []
        self._restart_asked = ""  # the walkthrough under way whose restart r asked about

    def compose(self) -> ComposeResult:
        yield Static(_("Walkthroughs - each teaches rules on the real engine with fixed dice. Enter: start or resume"), markup=False)
        yield WalkthroughList(id="walkthrough-list")
        yield Static("", id="walkthrough-about", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        if being_taken_down(self):  # pushed as the app closed: none of its widgets were mounted
            return
        self.fill()

    def fill(self) -> None:
        from core.walkthroughs import SECTIONS, WALKTHROUGHS

        loaded = Progress.load(self.save_dir)
        if loaded.damaged:
            self.notify(loaded.damaged, severity="warning", timeout=12, markup=False)
        self.progress = progress = loaded.within({w.id: len(w.steps) for w in WALKTHROUGHS.values()})
        options = self.query_one("#walkthrough-list", OptionList)
        options.clear_options()
        self.ids = []
        for section in SECTIONS:
            options.add_option(Option(f"-- {_(section)} --", disabled=True))
            self.ids.append("")
            for walkthrough in (w for w in WALKTHROUGHS.values() if w.section == section):
                total = len(walkthrough.steps)
                steps = ngettext("{count} step", "{count} steps", total).format(count=total)
                if walkthrough.id in progress.done and walkthrough.id in progress.step:  # done, and played again
                    # (walkthrough play-test: "16 steps, done" where Enter resumed it at step 2)
                    mark, where = "[x]", _("done; again at step {step} of {count}").format(step=progress.step[walkthrough.id] + 1, count=total)
                elif walkthrough.id in progress.done:
                    mark, where = "[x]", _("{steps}, done").format(steps=steps)
                elif walkthrough.id in progress.step:
                    mark, where = "[ ]", _("step {step} of {count}").format(step=progress.step[walkthrough.id] + 1, count=total)
                else:
                    mark, where = "[ ]", steps
                options.add_option(Option(Text(f"{mark} {walkthrough.shown_title()} ({where})"), id=walkthrough.id))  # "[x]" is no markup
                self.ids.append(walkthrough.id)
        options.highlighted = self.ids.index(progress.last) if progress.last and progress.last in self.ids else 1
        options.focus()

    def action_rules(self) -> None:
        from core.walkthroughs import WALKTHROUGHS
        from tui.screens.rules_browser import open_rules_browser

        walkthrough = WALKTHROUGHS.get(self.highlighted_id)
        if self.is_current:
            open_rules_browser(self.app, walkthrough.rule if walkthrough else "")

    @property
    def highlighted_id(self) -> str:
        index = self.query_one("#walkthrough-list", OptionList).highlighted
        return self.ids[index] if index is not None else ""

    @on(OptionList.OptionHighlighted, "#walkthrough-list")
    def _about(self, event: OptionList.OptionHighlighted) -> None:
        from core.walkthroughs import WALKTHROUGHS

        self._restart_asked = ""
        walkthrough = WALKTHROUGHS.get(self.ids[event.option_index])
        about = _("Teaches {rules}").format(rules=", ".join(sorted(walkthrough.taught()))) if walkthrough else ""
        self.query_one("#walkthrough-about", Static).update(about)

    @on(OptionList.OptionSelected, "#walkthrough-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        walkthrough_id = self.ids[event.option_index]
        if self.is_current:  # a second Enter in one burst arrives after the walkthrough is on screen
            self.post_message(StartWalkthrough(walkthrough_id, self.progress.step.get(walkthrough_id, 0)))

    def action_restart(self) -> None:
        walkthrough_id = self.highlighted_id
        if not walkthrough_id or not self.is_current:
            return
        step = self.progress.step.get(walkthrough_id)
        if step is not None and self._restart_asked != walkthrough_id:  # its step would be lost
            self._restart_asked = walkthrough_id
            self.query_one("#walkthrough-about", Static).update(
                _("r again restarts it from its first step (it is at step {step}); Enter resumes it").format(step=step + 1)
            )
            return
        self.post_message(StartWalkthrough(walkthrough_id))


class WalkthroughControls(ModalScreen[None]):
    """During a walkthrough (k): where it started from, and step back, restart, or leave for the menu."""

    DEFAULT_CSS = "WalkthroughControls { background: $background 100%; padding: 0 1; }"
    BINDINGS = [
        Binding("escape", "close", N_("Continue")),
        Binding("b", "step_back", N_("Step back")),
        Binding("r", "restart", N_("Restart")),
        Binding("m", "menu", N_("Walkthrough menu")),
    ]

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson

    def compose(self) -> ComposeResult:
        lesson = self.lesson
        position = "\n".join(f"  {line}" for line in lesson.position)
        with Scrolling():
            yield Static(lesson.title, classes="report-title", markup=False)
            # newcomer play-test: the step to take now was not among what k showed
            now = [_("Now: {instruction}").format(instruction=lesson.instruction)] if lesson.instruction else []
            yield Static("\n\n".join([lesson.heading, *now, lesson.intro, _("Position:") + "\n" + position]), markup=False)
            yield Static(_("b: step back (replays the steps before)  r: restart  m: menu  Esc: continue"), classes="hint", markup=False)
        yield KeyFooter()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_step_back(self) -> None:
        if self.lesson.step == 0:
            self.notify(_("This is the first step."), timeout=3)
            return
        self.app.post_message(StartWalkthrough(self.lesson.walkthrough_id, self.lesson.step - 1))

    def action_restart(self) -> None:
        self.app.post_message(StartWalkthrough(self.lesson.walkthrough_id))

    def action_menu(self) -> None:
        self.app.post_message(LeaveGame(Destination.WALKTHROUGHS))


class WalkthroughDone(ModalScreen[None]):
    """The end of a walkthrough: what it showed; play on from here (unless its game is over: walkthrough
    play-test, p was offered after a military victory), or back to the menu."""

    DEFAULT_CSS = "WalkthroughDone { background: $background 100%; padding: 0 1; }"
    BINDINGS = [
        Binding("p", "play_on", N_("Play on from here")),
        Binding("escape", "menu", N_("Walkthrough menu")),
        Binding("m", "menu", N_("Walkthrough menu"), show=False),
    ]

    def __init__(self, title: str, text: str, game_over: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body_text = text
        self.game_over = game_over

    def compose(self) -> ComposeResult:
        with Scrolling(classes="report"):
            yield Static(_("Walkthrough done: {title}").format(title=self.title_text), classes="report-title", markup=False)
            yield Static(self.body_text, id="text-body", markup=False)
            yield Static(
                _("The game is over here (WIN-1): there is nothing to play on. Esc: the walkthrough menu.") if self.game_over
                else _("p: play on from here as a free game (not saved: a walkthrough position cannot replay from a seed)"),
                classes="hint",
                markup=False,
            )
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "play_on" and self.game_over)

    def action_play_on(self) -> None:
        self.app.post_message(PlayOn())
        self.dismiss(None)

    def action_menu(self) -> None:
        self.app.post_message(LeaveGame(Destination.WALKTHROUGHS))
