"""The decision panel: renders any core Decision as numbered choices; typed choices are checked by core."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from textual.content import Content
from textual_autocomplete import AutoComplete, DropdownItem, TargetState

from core.choices import Choice, Decision, Verb
from core.choices import Option as ChoiceOption
from tui.messages import Choose, ChooseTyped
from tui.textual_private import SteadyOptionList


QUIET_VERBS = (Verb.DONE, Verb.PASS, Verb.NO_RESPONSE, Verb.NO_COMBAT, Verb.DECLINE)


def quiet_index(decision: Decision) -> int | None:
    """The choice that moves on changing least (done, pass, no response, stop spending, cancel):
    key 0 takes it wherever it is in the list."""
    for index, choice in enumerate(decision.choices):
        if (choice.verb in QUIET_VERBS and not choice.args) or str(choice) in ("cp done", "pick cancel"):
            return index
    return None


def _entry(number: int, choice: Choice, quiet: bool = False) -> Content:
    """'3. Label  typed form': the typed form, dim, is what ':' accepts for this choice."""
    typed = str(choice)
    head = f"{number}. " if number <= 9 else "0. " if quiet else "   "
    if not choice.label or choice.label == typed:
        return Content(head + typed)
    return Content.assemble(head + choice.label, ("  " + typed, "dim"))


def _refused_entry(option: ChoiceOption) -> Content:
    """A known option not legal now, greyed, with why (the rule ID and words core gave)."""
    return Content.assemble(("   " + (option.choice.label or str(option.choice)), "dim"), (f"  - {option.refusal}", "dim italic"))


class DecisionPanel(Vertical):
    BINDINGS = [
        *[Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)],
        Binding("0", "pick_quiet", "Done/pass", show=False),
        Binding("x", "toggle_refused", "Why not", show=False),  # named in the prompt: the footer is full
    ]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._decision: Decision | None = None
        self._suggested = ""
        self._waiting = ""
        self._show_refused = False  # the options core refused now, greyed with their reasons
        self._shown = 0  # which list of choices is on screen: a selection from an older one is stale

    def compose(self) -> ComposeResult:
        yield Static("", id="prompt", markup=False)
        yield SteadyOptionList(id="choices")
        yield Static("", id="problem", markup=False)
        yield Input(placeholder="type a choice (Tab completes, Enter applies, Esc closes)", id="typed")
        yield AutoComplete("#typed", candidates=self._completions)

    def _completions(self, state: TargetState) -> list[DropdownItem]:
        """The typed forms of the pending decision's legal choices (core produces them): those that
        begin with what is typed, else those that contain it ('patronise artist 3' finds 'cp
        patronise artist 3'). None once it is a whole choice, so Enter applies exactly what was
        typed, and none that merely share letters: a completion never turns into another move."""
        if self._decision is None:
            return []
        typed = state.text.strip()
        forms = [str(choice) for choice in self._decision.choices]
        if typed in forms:
            return []
        starting = [form for form in forms if form.startswith(typed)]
        return [DropdownItem(form) for form in starting or [form for form in forms if typed in form]]

    def on_mount(self) -> None:
        self.query_one("#typed", Input).display = False

    def offer(self, decision: Decision | None, waiting_text: str = "", suggested: str = "") -> None:
        """The board's decision after a change: the same one again keeps its list as it is (rebuilding
        it lays the screen out again)."""
        if not self._shown or decision is None or (decision, waiting_text, suggested) != (self._decision, self._waiting, self._suggested):
            self.show(decision, waiting_text, suggested)

    def show(self, decision: Decision | None, waiting_text: str = "", suggested: str = "") -> None:
        """Show a decision; ``suggested`` (a choice string) starts highlighted (walkthroughs)."""
        self._decision = decision
        self._suggested = suggested
        self._waiting = waiting_text
        self._shown += 1
        typed = self.query_one("#typed", Input)
        typed.value, typed.display = "", False  # a typed choice kept open (refused) is done with now
        prompt = self.query_one("#prompt", Static)
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        self.query_one("#problem", Static).update("")
        if decision is None:
            prompt.update(waiting_text)
            return
        tag = "" if decision.rule in decision.prompt else f"  [{decision.rule}]"  # core may name it already
        refused = f"  ({len(decision.refused)} not allowed now: x shows why)" if decision.refused and not self._show_refused else ""
        prompt.update(f"{decision.prompt}{tag}{refused}")
        quiet = quiet_index(decision)
        options.add_options(
            [Option(_entry(i, choice, i - 1 == quiet), id=f"{self._shown}-{i}") for i, choice in enumerate(decision.choices, 1)]
        )
        if self._show_refused:  # reachable with the arrows (play-test): Enter on one says why again
            options.add_options([Option(_refused_entry(o), id=f"{self._shown}-r{i}") for i, o in enumerate(decision.refused)])
        legal = [str(c) for c in decision.choices]
        options.highlighted = legal.index(suggested) if suggested in legal else 0
        options.focus()

    def action_pick_quiet(self) -> None:
        if self._decision is None:
            return
        quiet = quiet_index(self._decision)
        if quiet is None:
            note = "0 takes done, pass, no response, stop spending or cancel: this decision has none; choose from the list"
            self.query_one("#problem", Static).update(note)
            return
        self.post_message(Choose(self._decision.choices[quiet]))

    def action_toggle_refused(self) -> None:
        self._show_refused = not self._show_refused
        self.show(self._decision, self._waiting, self._suggested)
        if self._show_refused and self._decision is not None and self._decision.refused:
            self.query_one("#choices", OptionList).highlighted = len(self._decision.choices)  # brought into view

    def show_problem(self, text: str) -> None:
        self.query_one("#problem", Static).update(f"Not allowed: {text}")

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        # Enter pressed twice in a burst: the second selection arrives after the next decision is shown
        if self._decision is None or event.option_id is None or not event.option_id.startswith(f"{self._shown}-"):
            return
        if event.option_index >= len(self._decision.choices):  # a refused option, shown on x
            refused = self._decision.refused[event.option_index - len(self._decision.choices)]
            self.show_problem(refused.refusal)
            return
        self.post_message(Choose(self._decision.choices[event.option_index]))

    def action_pick(self, number: int) -> None:
        if self._decision is not None and number <= len(self._decision.choices):
            self.post_message(Choose(self._decision.choices[number - 1]))

    def action_type_choice(self) -> None:
        typed = self.query_one("#typed", Input)
        typed.display = True
        typed.focus()

    @on(Input.Submitted, "#typed")
    def _typed(self, event: Input.Submitted) -> None:
        """A typed choice: the box stays open with it until it is taken (the panel then shows the next
        decision and closes it); a refused one can be corrected, and the next keys do not fall on the
        board (play-test: a refused 'propose ...' left 'p' to open the Patronage chart)."""
        event.stop()
        text = event.value.strip()
        if text:
            self.post_message(ChooseTyped(text))
            return
        event.input.display = False
        self.query_one("#choices", OptionList).focus()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """Tab with nothing left to complete moved the focus out of the open typed input, leaving it
        open and deaf to Esc (play-test): the focus stays in it until Enter or Esc closes it."""
        typed = self.query_one("#typed", Input)
        if event.widget is typed and typed.display and self.screen.is_current:
            self.call_after_refresh(typed.focus)

    def key_escape(self) -> None:
        """Esc closes the typed input; else it backs out of a table action being recorded (TABLE-1)."""
        typed = self.query_one("#typed", Input)
        if typed.display:
            typed.display = False
            self.query_one("#choices", OptionList).focus()
            return
        cancel = next((c for c in self._decision.choices if str(c) == "pick cancel"), None) if self._decision else None
        if cancel is not None:
            self.post_message(Choose(cancel))
