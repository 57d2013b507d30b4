"""The decision panel: renders any core Decision as numbered choices; typed choices are checked by core."""

from __future__ import annotations

import time
from dataclasses import replace

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.content import Content
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core.cards import reveals_a_card
from core.choices import Choice, Decision, Verb, typed_shown
from core.choices import Option as ChoiceOption
from core.i18n import N_, _, ngettext
from core.walkthroughs.model import UNDO
from tui.messages import Choose, ChooseTyped
from tui.textual_private import SteadyOptionList, bounded_query_cache
from tui.widgets.key_footer import NamesKeysNow
from tui.widgets.texts import KEYS_BEHIND_SECONDS, EnterFirstInput, say_in


# A window's first choice plays a card for all to see (no undo, GEN-9): its list opens on "No card" instead
# (re-test: a response window right after the player's own decline opened on "Play #22 Wedding Festivities", an
# Enter pressed twice away from playing it)
WINDOW_VERBS = frozenset({Verb.NO_RESPONSE, Verb.NO_COMBAT})
# A Negotiation Segment's decision (proposals, then done) opens with nothing highlighted: a proposal is made with its
# number, or an arrow and Enter (tmux play-test: after England declined Spain's proposal, its own decision opened on
# proposing that very marriage, and a stray Enter proposed it; GEN-7). Opened on "Done" it scrolled the proposals away.
OPENS_ON_NOTHING = frozenset({Verb.DONE})


def _first_highlighted(decision: Decision) -> int | None:
    quiet = decision.quiet
    if quiet is not None and quiet.verb in OPENS_ON_NOTHING:
        return None
    return decision.choices.index(quiet) if quiet is not None and quiet.verb in WINDOW_VERBS else 0


def quiet_index(decision: Decision) -> int | None:
    """The choice that moves on changing least (done, pass, no response, stop spending, cancel):
    key 0 takes it wherever it is in the list."""
    return decision.choices.index(decision.quiet) if decision.quiet is not None else None


# What key 0 takes, named in the footer after the decision's quiet choice: "Done" passed an impulse or
# declined a proposal at once (play-test). Short words: the footer is full at 80 columns in es and ru.
QUIET_KEY_WORDS = {
    Verb.PASS: N_("Pass"),
    Verb.CP: N_("Stop"),
    Verb.DECLINE: N_("Decline"),
    Verb.DONE: N_("Done"),
    Verb.NO_RESPONSE: N_("No card"),
    Verb.NO_COMBAT: N_("No card"),
}
HIDE_REFUSED = N_("Hide")  # x while the refused options are shown


# A decision shown after moves nobody here asked for (the computers', another terminal's) takes no key
# from its list for this long: a key meant for the decision before is not taken by it (shared-game
# play-test: France's 0 for "done", pressed again, declined the proposal a computer made in between).
CHANGED_UNDER_SECONDS = 1.5
# A number pressed again within this long of the choice it took, whose choice of that kind left the list, is held
# once (tui/widgets/decision.py DecisionPanel._moved_from).
NUMBER_AGAIN_SECONDS = 1.5
# How long the keys read with a choice take nothing while the board is not yet shown anew (the choice on its way)
KEYS_WITH_A_CHOICE_SECONDS = 0.5
# A report that comes as the others' moves end takes no Enter for this long: one meant for the decision before
# is not taken by it. Shorter: an Enter there only closes a report (long-game play-test: one read in 1.3 s
# straight after a hand-off's Enter took nothing, and a second Enter was needed)
REPORT_CAME_UNDER_SECONDS = 0.6
# The line said about a typed choice stays this long through the keys read with its Enter, typed into the box kept
# open for a correction (a refusal cleared by them was never read)
LINE_THROUGH_KEYS_BEHIND_SECONDS = 0.5
# An Esc this soon after the typed box closed by itself (its decision gone) was meant for the box: it opens no menu;
# nor does a key typed on act on the board
ESC_AFTER_TYPED_CLOSED_SECONDS = 1.0
TYPED_BOX_CLOSED_BY_ITSELF = N_("The typed choice closed by itself: the decision changed. Esc again opens the game menu.")


class TypedBoxGrace:
    """When a typed box last closed by itself, on whichever board of the game it was: one for the app's boards (review:
    at a phase change the next board's panel knew nothing of the box closed on the board before it)."""

    def __init__(self) -> None:
        self._closed_at: float | None = None

    def closed_now(self) -> None:
        self._closed_at = time.monotonic()

    def holds(self) -> bool:
        return self._closed_at is not None and time.monotonic() - self._closed_at < ESC_AFTER_TYPED_CLOSED_SECONDS

    def taken(self) -> bool:
        """An Esc now was meant for the box: held, once."""
        held, self._closed_at = self.holds(), None
        return held


def _entry(number: int, choice: Choice, quiet: bool = False) -> Content:
    """'3. Label  typed form': the typed form, dim, is what ':' accepts for this choice."""
    typed = str(choice)
    head = f"{number}. " if number <= 9 else "0. " if quiet else "   "
    if not choice.label or choice.label == typed:
        return Content(head + typed)
    return Content.assemble(head + choice.label, ("  " + typed, "dim"))


def how_to_take(decision: Decision | None, suggested: str) -> str:
    """How a walkthrough's step choice is taken with the keys: its number (1-9, or 0 for the quiet choice), else
    Enter, as it is highlighted (newcomer play-test: a choice past 9 has no number, and the step never said how
    to take it). Nothing where it is in no list (a refusal the step teaches is typed with ':')."""
    legal = [str(c) for c in decision.choices] if decision is not None else []
    if suggested not in legal:
        return ""
    index = legal.index(suggested)
    number = index + 1 if index < 9 else 0 if decision is not None and index == quiet_index(decision) else None
    if number is None:
        return _("Press Enter: it is highlighted.")
    return _("Press {number} or Enter: it is highlighted.").format(number=number)


def throws_cp_away(choice: Choice) -> bool:
    """Stop spending: core offers it only while CP are left, and they are lost (its label says how many)."""
    return choice.verb is Verb.CP and choice.args == ("done",)


def completions(decision: Decision | None, typed: str) -> list[str]:
    """The typed forms of the legal choices (core produces them) that begin with what is typed, else
    those that contain it ('patronise artist 3' finds 'cp patronise artist 3'). None once it is a
    whole choice, so Enter applies exactly what was typed, and none that merely share letters: a
    completion never turns into another move."""
    if decision is None:
        return []
    typed = typed.strip()
    forms = [str(choice) for choice in decision.choices]
    if not typed or typed in forms:
        return []
    return [form for form in forms if form.startswith(typed)] or [form for form in forms if typed in form]


def shown_as(decision: Decision | None) -> object:
    """A decision as the panel shows it: equal decisions (a choice's label is not part of its equality) may
    read differently (tmux play-test: turn 3's VQ-2 choice, on the Marriage board kept from turn 2, named
    turn 2's suitor)."""
    if decision is None:
        return None
    return decision, tuple(choice.label for choice in decision.choices), tuple((o.choice.label, o.refusal) for o in decision.refused)


class TypedChoice(EnterFirstInput):
    """The box a choice is typed in (':'); the footer shows what its keys do. The keys behind its Enter wait for
    the choice (EnterFirstInput): the panel sends them on once it is taken or refused."""

    BINDINGS = [Binding("enter", "submit", N_("Apply"))]

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """':' is not typed in: no choice has one, and the board's ':' starts a new choice (DecisionPanel.action_type_choice)."""
        return character != ":" and super().check_consume_key(key, character)


def _refused_entry(option: ChoiceOption) -> Content:
    """A known option not legal now, greyed, with why (the rule ID and words core gave)."""
    return Content.assemble(("   " + (option.choice.label or str(option.choice)), "dim"), (f"  - {option.refusal}", "dim italic"))


def _an_enter_too_many_dropped(keys: list[events.Key]) -> list[events.Key]:
    """The keys behind a typed choice's Enter but an Enter right after another (it would take the next decision's
    highlighted choice, as the list never lets a second Enter do: review); one after typed words applies them."""
    return [key for before, key in zip([None, *keys], keys) if not (key.key == "enter" and (before is None or before.key == "enter"))]


class ChoiceList(SteadyOptionList):
    """The decision's choices. Enter with none highlighted plays nothing, and says how to pick one."""

    class NothingHighlighted(Message):
        pass

    def action_select(self) -> None:
        if self.highlighted is None and self.option_count:
            self.post_message(self.NothingHighlighted())
            return
        super().action_select()


class DecisionPanel(NamesKeysNow, Vertical):
    BINDINGS = [
        *[Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)],
        Binding("0", "pick_quiet", N_("Done")),
        Binding("x", "toggle_refused", N_("Why")),
        # while a choice is typed: Tab and Shift+Tab (or the arrows) go through the choices that match it
        Binding("tab", "cycle(1)", N_("Next match")),
        Binding("shift+tab", "cycle(-1)", N_("Previous")),
        Binding("down", "cycle(1)", N_("Next match"), show=False),
        Binding("up", "cycle(-1)", N_("Previous"), show=False),
        Binding("escape", "close_typed", N_("Close")),
        # Esc closes what x opened before it opens the game menu (SSH play-test: the menu came over the greyed list);
        # Esc drops a card play's question (GEN-9) first (play-test: the menu came over the question, kept)
        Binding("escape", "keep_card", show=False),
        Binding("escape", "hide_refused", HIDE_REFUSED, show=False),
        Binding("escape", "back_out", N_("Back out")),
    ]

    def __init__(self, grace: TypedBoxGrace | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        bounded_query_cache(self)
        self._grace = grace or TypedBoxGrace()  # the board's (tui/board.py); a panel of its own alone (tests)
        self._decision: Decision | None = None
        self._transient = False  # the line said is about a key that took nothing for a moment
        self._refused_key = False  # the line said refuses a key pressed at the decision on screen
        self._suggested = ""
        self._lesson = False  # a walkthrough's step is on screen: only its choice is taken (core/walkthroughs)
        self._typed_sent = False  # the box's choice was sent (it closes as it is taken, not by itself)
        self._waiting = ""
        self._show_refused = False  # the options core refused now, greyed with their reasons
        self._shown = 0  # which list of choices is on screen: a selection from an older one is stale
        self._matches: list[str] = []  # the typed forms that match what was typed, listed under the box
        self._match = -1  # the one Tab put in the box (-1: what is in the box was typed)
        self._backs_out = False  # Esc backs out of what is being recorded (a table action, TABLE-1)
        self._confirmed = 0  # the list of choices (``_shown``) in which losing CP was confirmed
        self._play_asked: Choice | None = None  # the card play asked about once, on the list on screen (GEN-9): dropped as a list is shown
        self._asked = False  # the line said is one of those questions, about the list on screen
        self._await_next = False  # the next decision shown has no choice highlighted (await_a_move)
        self._changed_under_at: float | None = None  # when a decision came after others' moves
        self._just_shown = False  # ... or was shown after screens taken with Enter, in a shared game
        self._number_taken: tuple[int, Choice, float] | None = None  # the last number key's choice, and when
        # when a choice of the decision on screen was sent: the keys read with it take nothing until the board is
        # shown anew (play-test: 2 and Enter in one read declined a proposal, and the Enter then tried the old list's
        # highlighted Accept on the response window that followed), for a moment at most (review: a walkthrough's
        # refusal said over the log opened in the same read never reached the board, which stayed deaf)
        self._answered_at: float | None = None
        # the keys behind a typed choice's Enter, the list of choices it was typed at, and when (TypedChoice)
        self._keys_behind: tuple[list[events.Key], int, float] = ([], 0, 0.0)
        self._keys_behind_sent_at = 0.0
        self._changes: int | None = None  # how many changes the game had had when the decision on screen was offered

    def compose(self) -> ComposeResult:
        yield Static("", id="prompt", markup=False)
        yield TypedChoice(placeholder=_("type a choice: Tab completes, Enter applies"), id="typed", compact=True)
        matches = SteadyOptionList(id="matches")
        matches.can_focus = False
        yield matches
        yield Static("", id="problem", markup=False)
        yield ChoiceList(id="choices")

    def on_mount(self) -> None:
        for hidden in ("#typed", "#matches", "#problem"):
            self.query_one(hidden).display = False

    @property
    def typing(self) -> bool:
        """A choice is being typed (the box open); none before the panel is composed."""
        return any(box.display for box in self.query("#typed"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cycle":
            return self.typing
        if action == "close_typed":
            return self.typing or self._grace.holds()
        if action == "hide_refused":
            return not self.typing and self._show_refused
        if action == "keep_card":
            return not self.typing and self._asking_about_a_card()
        if action == "back_out":
            return not self.typing and self._backs_out
        if action in ("pick_quiet", "toggle_refused"):  # dimmed, not gone, while another decides (a steady footer)
            return False if self.typing else True if self._decision is not None else None
        return True

    def binding_shown(self, binding: Binding) -> Binding:
        """Key 0 is named after what it takes now (the footer asks, tui/widgets/key_footer.py). It is not
        shown where it takes nothing (pressed, it says so), nor where it backs out of a table action: Esc
        beside it says so, and the line has no room."""
        decision = self._decision
        if binding.action == "toggle_refused" and self._show_refused:
            # hot-seat play-test: shown once, the refused options stayed for the next decisions, and x hid them
            # where it was pressed to show them, with nothing saying they were on
            return replace(binding, description=HIDE_REFUSED)
        if binding.action != "pick_quiet" or decision is None:
            return binding
        if decision.quiet is None or decision.quiet_cancels:
            return replace(binding, show=False)
        return replace(binding, description=QUIET_KEY_WORDS.get(decision.quiet.verb, binding.description))

    def offer(
        self, decision: Decision | None, waiting_text: str = "", suggested: str = "", backs_out: bool = False, after_others: bool = False,
        lesson: bool = False, brought_back: bool = False, changes: int | None = None,
    ) -> None:
        """The board's decision after a change: the same one again keeps its list as it is (rebuilding
        it lays the screen out again). ``backs_out``: Esc backs out of a table action being recorded.
        ``after_others``: moves nobody here asked for came since a person here last chose. ``lesson``: a
        walkthrough's step, whose choice is ``suggested`` (none where the table records it with t). ``brought_back``:
        by an undo (GEN-9). ``changes``: how many changes the game had had (a choice sent says it: tui/messages.Choose)."""
        self._changes = changes
        self._lesson = lesson
        self._answered_at = None
        # a walkthrough's step takes its own choice alone: Esc backs out only where the step asks for that, and is
        # otherwise the game menu's, as everywhere (walkthrough play-test: "esc Back out" was refused at a step)
        backs_out = backs_out and (not lesson or decision is None or str(decision.cancel) == suggested)
        if backs_out != self._backs_out:
            self._backs_out = backs_out
            self.refresh_bindings()
        new = shown_as(decision) != shown_as(self._decision)
        if not self._shown or decision is None or new or (waiting_text, suggested) != (self._waiting, self._suggested):
            if new:  # the same again (x, a new waiting line) keeps its moment
                self._changed_under_at = time.monotonic() if after_others and decision is not None else None
                self._just_shown = False
                # nothing highlighted either (hot-seat play-test: a computer's proposal came with Accept highlighted,
                # and an Enter after the moment accepted a marriage meant to be declined); nor one an undo brought back
                # (hot-seat play-test: "1. Accept" of a proposal came back highlighted, and one Enter would have
                # accepted the marriage just declined)
                self._await_next = self._await_next or self._changed_under_at is not None or brought_back
            if new and after_others and decision is not None and self._refused_key and not suggested:
                # shared-game play-test: "Not allowed: GEN-9 ..." of a u pressed while another player answered
                # stayed above the next decision, as if about it (a walkthrough's taught refusal stays)
                self.say("")
            self.show(decision, waiting_text, suggested)

    def others_moved(self) -> None:
        """Another terminal's move came while this one waits: a key's refusal said meanwhile is over (SSH play-test:
        "Not allowed: GEN-9: a shared game cannot be undone" stayed under "Waiting for Ben" through three of his moves)."""
        if self._refused_key:
            self.say("")

    def show(self, decision: Decision | None, waiting_text: str = "", suggested: str = "") -> None:
        """Show a decision; ``suggested`` (a choice string) starts highlighted (walkthroughs)."""
        shown_again = decision is not None and shown_as(decision) == shown_as(self._decision)
        waits_anew = decision is None and waiting_text != self._waiting
        another_decision = decision is not None and not shown_again
        if (self._transient or self._refused_key) and waits_anew or self._transient and another_decision or self._asked and not shown_again:
            # "Not now: the computer players are moving" is over (play-test: it stayed on the decision; and
            # "Not now: Waiting for Ben ... in a window" stayed once Ben's window had closed; a refused u, after
            # the other player's move; SSH play-test: "(2 CP left are lost)" after 1 CP was spent from another terminal)
            self.say("")
        self._drop_card_question()  # the list is drawn anew (review: "Esc keeps it" stayed)
        self._decision = decision
        self._suggested = suggested
        self._waiting = waiting_text
        self._shown += 1
        self.close_typed_under_the_player()  # a typed choice kept open (refused) is done with now
        prompt = self.query_one("#prompt", Static)
        options = self.query_one("#choices", OptionList)
        if decision is None:
            options.clear_options()
            prompt.update(waiting_text)
            self.refresh_bindings()
            self._send_keys_behind()
            return
        tag = "" if decision.rule in decision.prompt else f"  [{decision.rule}]"  # core may name it already
        refused = ""
        if decision.refused and not self._show_refused:
            count = len(decision.refused)
            # short: at 80 columns the heading of GEN-7's decision took three lines and pushed "0. Done" off the pane
            # (newcomer play-test, GEN-3 walkthrough step 5)
            refused = "  " + ngettext("(x: {count} more, not allowed now)", "(x: {count} more, not allowed now)", count).format(count=count)
        prompt.update(f"{decision.prompt}{tag}{refused}")
        quiet = quiet_index(decision)
        entries = [Option(_entry(i, choice, i - 1 == quiet), id=f"{self._shown}-{i}") for i, choice in enumerate(decision.choices, 1)]
        if self._show_refused:  # reachable with the arrows (play-test): Enter on one says why again
            entries += [Option(_refused_entry(o), id=f"{self._shown}-r{i}") for i, o in enumerate(decision.refused)]
        legal = [str(c) for c in decision.choices]
        # the same decision shown again (x) keeps nothing highlighted, or nothing once the refused option
        # highlighted is hidden (Enter on it only says why): an Enter too many plays nothing (review)
        was = options.highlighted
        unhighlighted = self._await_next or (shown_again and (was is None or was >= len(decision.choices)))
        options.set_options(entries)  # at once: emptied first, the list's scrollbar went and came back (a layout each)
        if suggested:  # a walkthrough's: one its step teaches to refuse is in no list, and nothing is highlighted
            options.highlighted = legal.index(suggested) if suggested in legal else None
            # brought into view once the new list is laid out (newcomer play-test: CARD-1 step 4's Florence
            # was highlighted below the lines on screen)
            self.call_after_refresh(options.scroll_to_highlight)
        else:
            options.highlighted = None if unhighlighted else _first_highlighted(decision)
            if options.highlighted:  # a window's "No response" in view once laid out (none: a Negotiation Segment's)
                self.call_after_refresh(options.scroll_to_highlight)
        self._await_next = False
        options.focus()
        self.refresh_bindings()
        self._send_keys_behind()

    def await_a_move(self, settle_first: bool = False) -> None:
        """After screens taken with Enter (reports, a hand-off, the menu that put the game on screen): no
        choice is highlighted until an arrow or a number picks one, so an Enter too many plays nothing
        (play-test: it played a card in a shared game: a reveal, no move to undo, GEN-9), and the line about a
        key pressed before them is gone (it stayed through four reports into the next impulse). A
        walkthrough's suggested choice, and the refusal its step teaches, stay. ``settle_first`` (a shared
        game, where others' moves come under it): the decision takes no key from its list for a moment either, as one changed under
        the player's eyes (shared-game play-test: Enter on a report, or on a seat in the lobby, then 0 at
        once declined a proposal that had come meanwhile, for good)."""
        # shown anew after those screens, not changed under the player's eyes: but where others' moves come under it,
        # a key pressed at once was meant for a decision not yet read
        self._changed_under_at = time.monotonic() if settle_first else None
        self._just_shown = settle_first
        self.hide_refused()
        if self._suggested:
            return
        self.say("")
        if self._decision is not None:
            self.query_one("#choices", OptionList).highlighted = None
        else:  # choices wait (a loaded save being checked, the computers): for the decision shown next
            self._await_next = True

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlight_moved(self, event: OptionList.OptionHighlighted) -> None:
        """A card play asked about is taken at the next press only while it is highlighted: an arrow away drops the
        question (play-test: after Up, the line still named the card below, and its number played it at once)."""
        if self._play_asked is None or self._decision is None:
            return
        choices = self._decision.choices
        if event.option_index >= len(choices) or choices[event.option_index] != self._play_asked:
            self._drop_card_question()

    @on(ChoiceList.NothingHighlighted)
    def _nothing_highlighted(self, event: ChoiceList.NothingHighlighted) -> None:
        event.stop()
        self.say(self._typed_step() or _("Nothing is highlighted, so an Enter too many plays nothing: an arrow highlights a choice "
                                         "(Enter plays it); its number plays it at once. A card play is asked about first, and "
                                         "played at the second press"))

    def _typed_step(self) -> str:
        """A walkthrough's step whose choice is in no list is typed (a refusal it teaches), or taken with u (an undo, GEN-9):
        said for a key that takes nothing (walkthrough play-test: 0 and Enter said to choose from the list, the step
        asked to type 'pass'; review: Enter at an undo step said an arrow highlights a choice)."""
        if not self._lesson or not self._suggested or self._decision is None or self._suggested in map(str, self._decision.choices):
            return ""
        if self._suggested == UNDO:
            return _("This step is taken with u: undo (GEN-9) takes back your last decision.")
        return _("This step's choice is in no list: press : and type {choice}, then Enter (or x, then Enter on it).").format(choice=self._suggested)

    def action_pick_quiet(self) -> None:
        self.say("")
        if self._decision is None:
            self.not_now()
            return
        quiet = quiet_index(self._decision)
        if quiet is None:
            self.say(self._typed_step() or _("0 takes done, pass, no response, stop spending or cancel: this decision has none; choose from the list"))
            return
        choice = self._decision.choices[quiet]
        if self._lesson and str(choice) != self._suggested:  # refused at once, as another number is (walkthrough)
            self._send(choice, "0")
            return
        self._choose(choice, "0")

    def hide_refused(self) -> None:
        """The options x showed, hidden: asked for by whoever pressed x, not by the next person or game (hostile play-test;
        review: a walkthrough's stayed on its Action Phase board into the next game)."""
        if self._show_refused:
            self._show_refused = False
            if self._decision is not None:
                self.show(self._decision, self._waiting, self._suggested)

    def action_hide_refused(self) -> None:
        self.say("")
        self.hide_refused()

    def action_toggle_refused(self) -> None:
        self.say("")
        if self._decision is None:
            self.not_now()
            return
        if not self._decision.refused:
            self.say(_("x: nothing is refused now: every option this decision knows is in the list"))
            return
        self._show_refused = not self._show_refused
        self.show(self._decision, self._waiting, self._suggested)
        if self._show_refused and self._decision is not None and self._decision.refused:
            self.query_one("#choices", OptionList).highlighted = len(self._decision.choices)  # brought into view

    def show_problem(self, text: str, refused_key: bool = False, failed: bool = False) -> None:
        """``refused_key``: a key's refusal, about the decision on screen (gone when others' moves bring
        another); else a problem met meanwhile (a walkthrough's taught refusal; ``failed``: a save's, the
        store's, which refused nothing: saves play-test, "Not allowed: autosave failed" read as a refused move)."""
        self._play_asked = None  # a card play asked about is asked again: its question is gone (play-test: after a refused u)
        said = _("Problem: {problem}").format(problem=text) if failed else _("Not allowed: {refusal}").format(refusal=text)
        if refused_key and self._highlight_the_lesson():
            # newcomer play-test (WIN-2 step 7): after a refusal the highlight stayed where the wrong key had put
            # it, and nothing said how to reach the walkthrough's choice
            shown = self._decision.label_of(self._suggested) if self._decision is not None else self._suggested  # as listed (Spanish play-test)
            said += "\n" + _("'{choice}' is highlighted again: Enter plays it").format(choice=shown)
            if self.query_one("#typed", Input).display:  # newcomer play-test: the box stayed open, and Enter sent the refused text again
                self._close_typed()
                self.screen.set_focus(self.query_one("#choices", OptionList))  # at once: an Enter of the same burst plays it
        self.say(said)
        self._refused_key = refused_key
        self._answered_at = None if refused_key else self._answered_at
        if refused_key:  # the typed choice refused; a problem that refused nothing waits for the decision (review)
            self._typed_sent = False  # kept open to be corrected: closing under it now is closing by itself (review)
            self._send_keys_behind()

    def _highlight_the_lesson(self) -> bool:
        """Put the highlight back on the walkthrough's choice (brought into view when the line is said);
        False where it is in no list (a refusal the step teaches, a table action recorded with t)."""
        if not self._lesson or self._decision is None:
            return False
        legal = [str(c) for c in self._decision.choices]
        if self._suggested not in legal:
            return False
        self.query_one("#choices", ChoiceList).highlighted = legal.index(self._suggested)
        return True

    def say(self, text: str, transient: bool = False) -> None:
        """The panel's one line about the last key (a refusal, a note), kept until the player's next
        key (a step that teaches a refusal goes on to the next step with it); none takes no room.
        ``transient``: about a key that took nothing for a moment (a wait, the keys elsewhere), gone
        when the next decision shows (an autosave's problem, said meanwhile, stays: review)."""
        self._transient = transient and bool(text)
        self._refused_key = self._asked = False
        problem = self.query_one("#problem", Static)
        if not text and not problem.display:  # nothing to clear: an update would lay the screen out again
            return
        say_in(problem, text)
        if text:  # the line takes rows from the list: the highlighted choice stays in view (walkthrough play-test)
            self.call_after_refresh(self.query_one("#choices", ChoiceList).scroll_to_highlight)

    def forget_transient(self) -> None:
        """The line about a key that took nothing goes once another key did something (re-test: "z: no such key"
        was still there after the log was opened and closed, as if it answered that key)."""
        if self._transient:
            self.say("")

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.say("")
        # Enter pressed twice in a burst: the second selection arrives after the next decision is shown
        if self._decision is None or event.option_id is None or not event.option_id.startswith(f"{self._shown}-"):
            return
        if event.option_index >= len(self._decision.choices):  # a refused option, shown on x
            refused = self._decision.refused[event.option_index - len(self._decision.choices)]
            if self._lesson and str(refused.choice) == self._suggested:  # the refusal a walkthrough's step teaches, taken as
                self._send(refused.choice, "Enter")  # typed (walkthrough play-test: shown with x, it could not be picked)
                return
            self.show_problem(refused.refusal, refused_key=True)
            return
        self._choose(self._decision.choices[event.option_index], "Enter")

    @property
    def deciding(self) -> bool:
        """A decision is shown (not another's being waited for)."""
        return self._decision is not None

    def not_now(self) -> None:
        """A key of the decision while there is none here: why (play-test: 0 and x did nothing, silently)."""
        waiting = self._waiting.rstrip(".")  # one sentence (play-test: "Not now: The computer players...")
        self.say(_("Not now: {waiting}").format(waiting=waiting[:1].lower() + waiting[1:]) if waiting else "", transient=True)

    def action_pick(self, number: int) -> None:
        self.say("")
        if self._decision is None:
            self.not_now()
            return
        count = len(self._decision.choices)
        options = self.query_one("#choices", ChoiceList)
        if self._lesson and number <= count and str(self._decision.choices[number - 1]) != self._suggested:
            # a walkthrough takes only its step's choice: another is refused at once with its reason, even one not all
            # on screen (newcomer play-test: highlighted first, it invited a second press that was then refused)
            self._send(self._decision.choices[number - 1], str(number))
            return
        if number <= count and options.highlighted != number - 1 and not options.whole_in_view(number - 1):
            choice = self._decision.choices[number - 1]
            if self._asks_first(choice):  # one question, not two (tmux check: 6, Enter, Enter)
                self._ask_before_playing(choice, str(number))
                return
            # play-test: 9 with choices 1-5 on screen made a proposal nobody had read, and it was accepted at once
            options.highlighted = number - 1  # brought into view
            self.say(_("{number}: that choice is not all on the screen; it is highlighted now: {number} again or Enter plays it").format(number=number))
            return
        # a walkthrough's step takes its own choice alone: a number again is the next step's (walkthrough play-test: 1 for
        # "pick spain", then 1 for the next step 1.4 s later, was held as a repeat)
        if number <= count and not self._lesson and self._moved_from(number):
            options.highlighted = number - 1
            return
        if number <= count:
            if self._choose(self._decision.choices[number - 1], str(number)):
                self._number_taken = (number, self._decision.choices[number - 1], time.monotonic())
            return
        # play-test: 9 with two choices on screen did nothing, and said nothing
        self.say(ngettext("{number}: this decision has {count} choice", "{number}: this decision has {count} choices", count).format(number=number, count=count))

    def _moved_from(self, number: int) -> bool:
        """A number pressed again just after it took a choice of the same kind that is no longer offered: held once,
        and said (shared-game play-test: 2 2 2 placed influence on Papacy until its cap took it off the list, and
        the third 2 went to Venice, when a shared game had no undo)."""
        taken, self._number_taken = self._number_taken, None
        assert self._decision is not None
        now = self._decision.choices[number - 1]
        if taken is None or taken[0] != number or time.monotonic() - taken[2] >= NUMBER_AGAIN_SECONDS:
            return False
        before = taken[1]
        if before.verb != now.verb or before == now or before in self._decision.choices:
            return False
        self.say(_("{number} is {choice} now: {before} is no longer offered; {number} again or Enter takes it").format(
            number=number, choice=now.label or str(now), before=f"'{typed_shown(str(before))}'"))  # its label was of then (re-test: "0 -> 1")
        self._play_asked = now  # a card play too is taken at the next press, as said (review: it asked again)
        return True

    def _choose(self, choice: Choice, key: str) -> bool:
        """Post the choice; one that throws CP away is asked about once first (a UI confirmation: the
        choice, when made, is core's as offered). A typed one is taken as typed, and so is the one a
        walkthrough's step asks for (the step says what is lost). Whether it was sent."""
        if self._changed_under_at is not None and time.monotonic() - self._changed_under_at < CHANGED_UNDER_SECONDS:
            if self._just_shown:
                self.say(_("The board is shown just now: read its decision, then choose ({key} took nothing)").format(key=key))
            else:
                self.say(_("The decision changed just now: read it, then choose ({key} took nothing)").format(key=key))
            return False
        if throws_cp_away(choice) and self._confirmed != self._shown and str(choice) != self._suggested:
            self._confirmed = self._shown
            self.say(_("{choice}: {key} again stops spending; otherwise choose a way to spend what is left").format(choice=choice.label, key=key))
            self._asked = True
            return False
        if self._asks_first(choice) and self._play_asked != choice:
            self._ask_before_playing(choice, key)
            return False
        return self._send(choice, key)

    def _asks_first(self, choice: Choice) -> bool:
        """A card play is asked about before it is played (GEN-9), but in a walkthrough, which takes its step's choice
        alone and refuses another at once (review: asked, then refused)."""
        return reveals_a_card(choice) and not self._lesson

    def _ask_before_playing(self, choice: Choice, key: str) -> None:
        """A card play is taken at its second press, highlighted meanwhile (GEN-9: a card played is revealed, and no
        undo goes back past it; play-tests: a stray number played a card whose line had moved up the list, and Patron
        of the Arts by mistake, their events lost for good)."""
        assert self._decision is not None
        self._play_asked = choice
        self.query_one("#choices", ChoiceList).highlighted = self._decision.choices.index(choice)
        if key == "Enter":
            said = _("{choice}: Enter (or a click) again plays it, Esc keeps it. A card played is shown to everyone, and no undo "
                     "goes back past it (GEN-9).")
        else:
            said = _("{choice}: {key} again or Enter plays it, Esc keeps it. A card played is shown to everyone, and no undo goes "
                     "back past it (GEN-9).")
        self.say(said.format(choice=choice.label or str(choice), key=key))
        self._asked = True

    def _asking_about_a_card(self) -> bool:
        """A card play on the list shown is asked about (GEN-9); not a choice held after a number pressed again
        (``_moved_from``: review, Esc said an influence marker was "not played")."""
        return self._play_asked is not None and self._asks_first(self._play_asked)

    def _drop_card_question(self) -> None:
        """The card play asked about is asked again at its next press, and the question's line goes with it."""
        if self._play_asked is not None:
            self._play_asked = None
            if self._asked:
                self.say("")

    def action_keep_card(self) -> None:
        """Esc after a card play's first press: the card is not played (GEN-9), and its next press asks again."""
        assert self._play_asked is not None
        choice = self._play_asked
        self._play_asked = None
        self.say(_("{choice}: not played; the card stays in your hand").format(choice=choice.label or str(choice)))

    def _send(self, choice: Choice, key: str) -> bool:
        if self._answered_at is not None and time.monotonic() - self._answered_at < KEYS_WITH_A_CHOICE_SECONDS:
            self.say(_("{key}: read together with the choice before it, it took nothing").format(key=key), transient=True)
            return False
        self._answered_at = time.monotonic()
        self.app.post_message(Choose(choice, self._changes))  # to the app at once: in the order of the keys (see PhaseScreen.action_undo)
        return True

    def action_type_choice(self) -> None:
        typed = self.query_one("#typed", Input)
        if self.screen.focused is typed:  # ':' is the board's key first (priority)
            # in the open box, ':' starts a new choice: none has a ':' (walkthrough play-test: a newcomer, told to type
            # with ':', pressed it again after a refused typo and read "pick florance:pick florence" refused in turn)
            typed.value = ""
            return
        self.say("")
        self._play_asked = None  # its line is gone: a number after the box closes asks again (review: it played at once)
        typed.display = True
        # Play-test: ':' then "cp regular london" came in one read, and c opened the table talk: the box
        # took the focus after the other keys had gone to the choices. ':' is a priority key, taken before
        # the next key goes anywhere, and the box is focused at once (Widget.focus waits for the keys read).
        self.screen.set_focus(typed)
        self.refresh_bindings()

    def _close_typed(self) -> None:
        typed = self.query_one("#typed", TypedChoice)
        with typed.prevent(Input.Changed):
            typed.value = ""
        typed.display = False
        typed.take_keys_behind()  # none of its Enters is on its way any more
        if typed.has_focus:  # re-test: closed while the choices wait, it kept the keys, hidden (a shared game's box went deaf)
            self.screen.set_focus(self.query_one("#choices", OptionList))
        self._list_matches([])
        self.refresh_bindings()

    @on(Input.Changed, "#typed")
    def _typing(self, event: Input.Changed) -> None:
        """What is typed changed: the choices that match it are listed under the box, and the line said
        about the last try goes (it is the player's next key)."""
        event.stop()
        self._typed_sent = False
        if time.monotonic() - self._keys_behind_sent_at >= LINE_THROUGH_KEYS_BEHIND_SECONDS:
            self.say("")
        self._list_matches(completions(self._decision, event.value))

    def _list_matches(self, matches: list[str]) -> None:
        self._matches, self._match = matches, -1
        listing = self.query_one("#matches", OptionList)
        listing.clear_options()
        listing.display = bool(matches)
        if matches:
            listing.add_options([Option(Content(form)) for form in matches])
            listing.border_title = ngettext("{count} match: Tab, Shift+Tab", "{count} matches: Tab, Shift+Tab", len(matches)).format(count=len(matches))
            listing.highlighted = None

    def action_cycle(self, step: int) -> None:
        """Tab (Shift+Tab) puts the next (previous) matching choice in the box, round the list; what
        is typed next starts a new list from the box."""
        if not self._matches:  # play-test: Tab on a move the walkthrough has one try (and be refused) did nothing
            typed = self.query_one("#typed", Input).value.strip()
            if typed:
                self.say(_("No legal choice matches '{typed}': Enter tries it as typed, and says why it is refused").format(typed=typed))
            else:
                self.say(_("Type the start of a choice (or words in it): Tab then goes through the choices that match"))
            return
        self._match = (self._match + step) % len(self._matches) if self._match >= 0 else (0 if step > 0 else len(self._matches) - 1)
        typed = self.query_one("#typed", Input)
        with typed.prevent(Input.Changed):
            typed.value = self._matches[self._match]
            typed.cursor_position = len(typed.value)
        self.query_one("#matches", OptionList).highlighted = self._match

    @on(Input.Submitted, "#typed")
    def _typed(self, event: Input.Submitted) -> None:
        """A typed choice: the box stays open with it until it is taken (the panel then shows the next
        decision and closes it); a refused one can be corrected, and the next keys do not fall on the
        board (play-test: a refused 'propose ...' left 'p' to open the Patronage chart)."""
        event.stop()
        self._keys_behind = (_an_enter_too_many_dropped(self.query_one("#typed", TypedChoice).take_keys_behind()), self._shown, time.monotonic())
        self.say("")
        text = event.value.strip()
        if text and self._matches and text not in self._matches:  # part of legal choices: never applied as another
            self._part_of_choices(text)
        elif text.isdigit():  # a long play-test: ':5' listed every action of the game, not what 5 is
            self.say(self._typed_number(int(text)))
        elif text and self._decision is not None and (refusal := self._verb_refusal(text.split()[0].lower())):
            self.say(refusal)
        elif text:
            self._typed_sent = True
            self.app.post_message(ChooseTyped(text, self._changes))
            return  # the keys behind it wait for the next decision, or core's refusal
        else:
            self._close_typed()
            self.query_one("#choices", OptionList).focus()
        self._send_keys_behind()

    def _send_keys_behind(self) -> None:
        """The keys behind a typed choice's Enter, sent on as if pressed now that it is taken (the next decision
        shown, or the wait for it) or refused: to this board only, while it is on screen, and only at once
        (KEYS_BEHIND_SECONDS), never to a board shown after a hand-off (GEN-8: they were typed by the person
        before). The box closed, they go to the list of choices, which ``_close_typed`` gave the focus at once
        (review: while the choices waited, the hidden box kept it, and they were typed into it)."""
        keys, shown, entered = self._keys_behind
        self._keys_behind = ([], 0, 0.0)
        if not keys or not self.screen.is_current or self._shown > shown + 1 or time.monotonic() - entered >= KEYS_BEHIND_SECONDS:
            return
        self._keys_behind_sent_at = time.monotonic()
        for key in keys:
            self.app.post_message(key)

    def _verb_refusal(self, word: str) -> str:
        """Why a typed first word begins none of this decision's choices, naming the words that do ("" when
        one does). Play-test: ':abc' listed every action of the game, "propose" and "louise" at an impulse."""
        assert self._decision is not None
        verbs = list(dict.fromkeys(str(choice.verb) for choice in self._decision.choices))
        # a refused one goes on to say its rule (review: ':pass' at a CARD-1 impulse, which the card-play walkthrough asks for)
        if word in verbs or any(str(option.choice.verb) == word for option in self._decision.refused):
            return ""
        return _("'{word}' begins none of this decision's choices; they begin with: {verbs}").format(
            word=typed_shown(word), verbs=", ".join(verbs))

    def _typed_number(self, number: int) -> str:
        """What a number typed after ':' is (play-test: ':99' with two choices said "99 is a key")."""
        count = len(self._decision.choices) if self._decision is not None else 0
        if 1 <= number <= min(count, 9) or number == 0 and self._decision is not None and self._decision.quiet is not None:
            return _("{number} is a key: press it without ':' to take choice {number}; ':' takes a choice's words, "
                     "the dim ones after it").format(number=number)
        return ngettext("no choice {number}: keys 1-9 take the first choices listed, ':' a choice's words, the dim ones "
                        "after it (this decision has {count} choice)", "no choice {number}: keys 1-9 take the first "
                        "choices listed, ':' a choice's words, the dim ones after it (this decision has {count} choices)",
                        count).format(number=number, count=count)

    def _part_of_choices(self, typed: str) -> None:
        """Enter on part of legal choices (play-test: "do" then Enter said "unknown action 'do'" beside its
        one match, "done"): the one match it begins is put in the box for the next Enter; else Tab does it.
        Never a stop to spending (review: "done" typed while spending CP put "cp done" in the box, and the
        next Enter threw the CP away unasked)."""
        match = self._matches[0]
        if len(self._matches) > 1 or not match.startswith(typed) or throws_cp_away(Choice.parse(match)):
            count = len(self._matches)
            self.say(ngettext("'{typed}' matches {count} choice: Tab puts each in the box, Enter then applies it",
                              "'{typed}' matches {count} choices: Tab puts each in the box, Enter then applies it", count).format(typed=typed, count=count))
            return
        self.action_cycle(1)
        self.say(_("'{typed}' matches one choice: the box has it now, Enter applies it").format(typed=typed))

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """The focus stays in the open typed input until Enter or Esc closes it (play-test: left open
        but unfocused, it was deaf to Esc)."""
        typed = self.query_one("#typed", Input)
        if event.widget is typed and typed.display and self.screen.is_current:
            self.call_after_refresh(self._focus_the_open_box)

    def _focus_the_open_box(self) -> None:
        """Still open by then (re-test: a box closed meanwhile was focused, hidden, and kept every key: deaf)."""
        typed = self.query_one("#typed", Input)
        if typed.display:
            typed.focus()

    def close_typed_under_the_player(self) -> None:
        """The decision this box was typed at is gone (another's move, the computers', the board left for the next
        phase's): the box closes by itself, and for a moment the keys typed on are taken for it (``TypedBoxGrace``).
        A box whose choice was sent closes as it is taken, not by itself."""
        if self.typing and not self._typed_sent:
            self._grace.closed_now()
            self.set_timer(ESC_AFTER_TYPED_CLOSED_SECONDS, self.refresh_bindings)  # Esc opens the game menu again
        self._typed_sent = False
        self._close_typed()

    def key_meant_for_the_typed_box(self, key: str) -> bool:
        """A key typed on, a moment after the box closed by itself, was meant for it: it takes nothing and says so
        (SSH play-test: "y 24 cp" typed on opened the table talk with c, and p went into it)."""
        if not self._grace.holds():
            return False
        self.say(_("{key}: the typed choice closed by itself (the decision changed), so it took nothing").format(key=key), transient=True)
        return True

    def action_close_typed(self) -> None:
        if not self.typing:  # SSH play-test: an Esc meant for the box, as it closed by itself, opened the game menu
            self._grace.taken()
            self.refresh_bindings()
            self.say(_(TYPED_BOX_CLOSED_BY_ITSELF), transient=True)
            return
        self.action_back_out()

    def action_back_out(self) -> None:
        """Esc closes the typed input; else it backs out of a table action being recorded (TABLE-1)."""
        typed = self.query_one("#typed", Input)
        if typed.display:
            self._close_typed()
            self.say("")  # what was said about the typed choice goes with it
            self.query_one("#choices", OptionList).focus()
            return
        cancel = self._decision.cancel if self._decision else None
        if cancel is not None:
            self.say("")  # a refusal said before stayed into the next step (newcomer play-test)
            self.app.post_message(Choose(cancel, self._changes))
