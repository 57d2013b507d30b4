"""One screen per phase: status, VP, the state the phase is about, the decision, the log."""

from __future__ import annotations

from dataclasses import replace

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

from core.choices import Decision, Verb
from core.events import Event, render
from core.i18n import N_, _, ngettext
from core.state import Phase
from core.views import SeatView
from tui import display
from tui.key_layouts import stray_key
from tui.on_screen import OnScreen
from tui.messages import RecordTable, Undo
from tui.screens.keys import VIEW_KEYS
from tui.textual_private import (
    LaidOutOnceStatic,
    StyledAnewOnlyWhenStale,
    being_taken_down,
    bounded_line_cache,
    bounded_query_cache,
)
from tui.widgets.decision import DecisionPanel, TypedBoxGrace, how_to_take
from tui.widgets.scrolling import Scrolling
from tui.widgets.key_footer import KeyFooter, NamesKeysNow
from tui.widgets.texts import set_text
from tui.widgets.wrapped_log import WrappedLog

# The strip shows the last four; the whole log is under l. Each line written is laid out again when
# the strip gets its size: forty of them were a fifth of composing a board.
LOG_LINES_SHOWN = 12
STATUS_PADDING = 2  # #status in tui/styles/app.tcss: padding 0 1


class PhaseScreen(NamesKeysNow, StyledAnewOnlyWhenStale, Screen[None]):
    """The board for one phase; subclasses say what state the phase is about."""

    TITLE = N_("Game")
    BINDINGS = [
        # before the keys read with it go to the choices (see DecisionPanel.action_type_choice)
        Binding("colon", "type_choice", N_("Type"), priority=True),
        Binding("u", "undo", N_("Undo")),
        Binding("t", "table", N_("Table")),
        *VIEW_KEYS,
        # the phase panel (and a walkthrough's text) scrolls once it has the keys
        Binding("tab", "info", N_("Info"), key_display="⇥"),
        Binding("tab", "choices", N_("Back"), key_display="⇥"),
        # after the decision panel's own Esc (close the typed choice, back out of a table action)
        Binding("escape", "app.game_menu", N_("Menu"), show=False),
        # the decision's keys where its panel does not have them (the phase panel has the keys, or the
        # choices are waiting): they say why they take nothing (play-test: 0 and x said nothing while waiting)
        *[Binding(str(n), f"decision_key({n})", show=False) for n in range(10)],
        Binding("x", "decision_key(-1)", show=False),
    ]

    def __init__(self, shown: OnScreen, typed_grace: TypedBoxGrace | None = None) -> None:
        super().__init__()
        bounded_query_cache(self)
        self._typed_grace = typed_grace  # the boards' one (tui/board.py)
        self.shown = shown  # what the board shows now: composed from it, refreshed with the next
        self._ready = False  # the widgets are mounted
        self._log_shown = 0  # how many events of the game log the strip has written
        self._changes_shown = 0  # how many changes the game had had at the last layout
        self._log_last: Event | None = None
        self._keys: tuple[bool, bool, bool] | None = None  # undo exists, a table action can start, one is recorded
        self._recording_table = False
        self._hand_shown = ""  # the power whose hand the board showed last
        self._shows: tuple[tuple[str, int] | None, Decision | None] | None = None  # the walkthrough step and decision the phase panel shows
        # shown after screens read with Enter (a report, a hand-off, the title's Continue): the first Enter
        # on it takes no choice (tui/board.py sets it)
        self.no_highlight_when_shown = False
        self.game_shown = 0  # which of the games laid out it last showed (tui/board.py): another's line is not said on it

    def compose(self) -> ComposeResult:
        # a choice changes every pane: each takes its new size in the choice's one layout
        yield LaidOutOnceStatic("", id="status", markup=False)
        yield LaidOutOnceStatic("", id="vp", markup=False)
        with Horizontal(id="main"):
            with Scrolling(id="phase-panel"):
                yield LaidOutOnceStatic("", id="phase-info", markup=False)
            yield DecisionPanel(self._typed_grace, id="decision")
        log = WrappedLog(id="log", markup=False, wrap=True, max_lines=LOG_LINES_SHOWN)
        bounded_line_cache(log)
        yield log
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        if being_taken_down(self):  # pushed as the app closed: none of its widgets were mounted
            return
        self._ready = True
        if self in self.app.screen_stack:  # not left already (a game closed as its board was pushed)
            self._lay_out(self.shown)
            if self.is_current:
                self._await_a_move()

    def on_screen_resume(self) -> None:
        # a resume handled once a report is pushed over the board again (the board laid out anew under a report:
        # the report is taken off and put back) leaves the Enter still to come its hold (re-test: in a shared game
        # a number pressed just after a report's Enter was taken)
        if self._ready and self.is_current:
            self._await_a_move()
            self.query_one(DecisionPanel).forget_transient()
            # a resize while another screen covered the board reached only that screen (hot-seat play-test)
            self._show_status(self.shown.view, self.app.size.width)

    def _await_a_move(self) -> None:
        if self.no_highlight_when_shown:
            self.no_highlight_when_shown = False
            self.query_one(DecisionPanel).await_a_move(settle_first=self.shown.shared)

    def _show_status(self, view: SeatView, width: int) -> None:
        """The first of the status line's forms that fits one row: two rows took one from the board (es, 80 columns)."""
        statuses = (view.status, view.status_line(short=True), view.status_line(short=True, person=False))
        set_text(self.query_one("#status", Static), next((line for line in statuses if cell_len(line) <= width - STATUS_PADDING), statuses[-1]))

    def on_resize(self, event: events.Resize) -> None:
        """The status line fits the new width (re-test: shrunk and grown back, it kept its short form until the next
        hand-off)."""
        if self._ready:
            self._show_status(self.shown.view, event.size.width)

    def refresh_view(self, shown: OnScreen) -> None:
        """Show ``shown`` now, or once the screen's widgets are mounted."""
        self.shown = shown
        if self._ready:
            self._lay_out(shown)

    def _lay_out(self, shown: OnScreen) -> None:
        view = shown.view
        self._show_status(view, self.app.size.width)
        set_text(self.query_one("#vp", Static), display.vp_line(view))
        info = self.phase_info(view)
        lesson = shown.lesson
        suggested = ""
        if lesson is not None and lesson.instruction:
            intro = f"\n{lesson.intro}" if lesson.step == 0 else ""
            done = "".join(f"\n  {render(event, shown.names)}" for event in lesson.last_step)
            undone = "".join(f"\n  {render(event, shown.names)}" for event in lesson.last_undone)
            last = "\n" + _("The last step did:") + done if done else "\n" + _("The last step took back (GEN-9):") + undone if undone else ""
            suggested = lesson.suggested
            how = how_to_take(None if shown.hold else view.decision, suggested)
            so_far = "".join(f"\n  {text}" for text in lesson.so_far)  # the steps whose words this one continues
            # the step on top, what it goes on from under it (re-test at 80x24: a long trail above it pushed the step
            # below the panel)
            going_on = "\n" + _("It goes on from the table action's steps so far:") + so_far if so_far else ""
            going_on_from = "…" if so_far and not lesson.instruction.startswith(("...", "…")) else ""  # "…..." (newcomer play-test)
            step = f"> {going_on_from}{lesson.instruction}{' ' + how if how else ''}"
            info = f"{lesson.heading}\n{step}{going_on}{last}{intro}\n\n{info}"
        set_text(self.query_one("#phase-info", Static), info)
        # a new walkthrough, step or decision is read from its top (walkthrough play-test: the next
        # walkthrough, at the same step and decision as the last, opened where that text was scrolled to)
        shows = (lesson.walkthrough_id, lesson.step) if lesson is not None else None, view.decision
        if shows != self._shows:
            self._shows = shows
            self.query_one("#phase-panel", Scrolling).scroll_home(animate=False)
        decision = None if shown.hold else view.decision  # a choice now would be refused: say why instead
        others_moved = shown.shared and decision is None and shown.changes != self._changes_shown  # another terminal's move
        self._changes_shown = shown.changes
        # no table action can be started while one is being recorded (TABLE-1): Esc backs out of it
        self._recording_table = decision is not None and not shown.table_key
        self.query_one(DecisionPanel).offer(
            decision, shown.hold.line() or display.waiting_line(view, shown.away, not shown.seated), suggested, self._recording_table, shown.after_others,
            lesson=lesson is not None and bool(lesson.instruction), brought_back=shown.brought_back, changes=shown.changes,
        )
        if others_moved:
            self.query_one(DecisionPanel).others_moved()
        self._show_log(view.log, shown.names)
        keys = (shown.undo_key, shown.table_key, self._recording_table)
        if keys != self._keys:  # the footer rebuilds its keys on every refresh: only when they change
            self._keys = keys
            self.refresh_bindings()

    def _show_log(self, events: tuple[Event, ...], names: dict[str, str]) -> None:
        """Write only the events that are new since the last refresh (rewriting 40 lines on every
        key was most of a keypress); after an undo or a reload the strip is written again."""
        log = self.query_one("#log", WrappedLog)
        shown = self._log_shown
        continues = 0 < shown <= len(events) and events[shown - 1] is self._log_last
        if not continues:
            log.clear()
            shown = 0
        for event in events[max(shown, len(events) - LOG_LINES_SHOWN):]:
            log.add(render(event, names))
        self._log_shown = len(events)
        self._log_last = events[-1] if events else None

    def phase_info(self, view: SeatView) -> str:
        return ""

    def another_game(self) -> None:
        """Another game on this kept board (tmux re-test): the line said about the last one's keys goes (an
        undo refused stayed above the walkthrough opened next), and the keys go back to the choices (Tab
        left them on the last walkthrough's text, and Enter scrolled the next one's)."""
        if self._ready:
            panel = self.query_one(DecisionPanel)
            panel.say("")
            panel.hide_refused()
            self.set_focus(self.query_one("#choices"))

    def show_problem(self, text: str, refused_key: bool = False, failed: bool = False) -> None:
        self.query_one(DecisionPanel).show_problem(text, refused_key, failed)

    def key_c(self) -> None:
        """c outside a shared game, where the app's table talk key is off (play-test: it did nothing, silently)."""
        if not self.shown.shared:
            self.query_one(DecisionPanel).say("c: " + _("table talk is for shared games: here everyone sits at one table"))

    def on_key(self, event: events.Key) -> None:
        """A printable key bound to nothing on the board says so (play-tests: z, j, Space did nothing, and an
        earlier line, "q: Ctrl+Q quits", stayed as if it answered them). The keys bound here, and those answered
        by a method of their own (q, c), are left to them (``stray_key``: a letter of another layout too)."""
        if event.character and event.is_printable and self.query_one(DecisionPanel).key_meant_for_the_typed_box(event.character):
            event.prevent_default()
            event.stop()
            return
        key = stray_key(event, self.active_bindings)
        if key and not hasattr(self, f"key_{event.key}"):
            self.query_one(DecisionPanel).say(_("{key}: no such key here: the footer lists the board's keys (? rule help, Esc the menu)")
                                              .format(key=key), transient=True)

    def key_q(self) -> None:
        """q quits on the title screen and closes an overlay: on the board it says how to leave (a long play-test:
        it did nothing, and said nothing)."""
        self.query_one(DecisionPanel).say("q: " + _("Ctrl+Q quits (the game is kept); Esc opens the game menu"))

    def key_i(self) -> None:
        """i chooses the language on the title screen and in the lobby: on the board it says so (language play-test:
        "i: no such key here", and nothing said where the language is chosen)."""
        self.query_one(DecisionPanel).say("i: " + _("the language is chosen with i on the title screen or in the lobby (Esc opens the game menu to leave for them; the game is kept)"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        in_info = self.focused is not None and self.focused.id == "phase-panel"
        if action == "info":
            return not in_info
        if action == "choices":
            return in_info
        if action == "table":
            return self.shown.table_key or None  # dimmed where none can be started
        return True

    def binding_shown(self, binding: Binding) -> Binding:
        """Undo is not shown where the game has none (a walkthrough), or a shared game has no move of the player's to take
        back now, though u says why (play-test: it did nothing at all); beside it, a shared game's c is not shown (the
        footer ran past 80 columns, 89 in Spanish; each line said names c); nor is the table key while a table action is
        recorded (the footer ran past 80 columns), nor ':' while a choice is typed (the box's own keys are named then); nor either at a walkthrough's step
        taken with u, which needs neither (tmux check: the footer ran past 80 columns). The footer asks
        (tui/widgets/key_footer.NamesKeysNow)."""
        undo_step = self.shown.lesson is not None and self.shown.undo_key  # a walkthrough has undo at such steps alone
        hidden = ((binding.action == "undo" and not self.shown.undo_key) or (binding.action == "table" and (self._recording_table or undo_step))
                  or (binding.action == "app.chat" and self.shown.undo_key)  # a shared game's u, while it has a move to take back
                  or (binding.action == "type_choice" and (undo_step or any(panel.typing for panel in self.query(DecisionPanel)))))  # ':' again starts anew
        return replace(binding, show=False) if hidden else binding

    def action_undo(self) -> None:
        """The intents of the board's keys go to the app at once, each as its key is taken, so they keep the keys' order
        (re-test: 0 and u in one read; the choice, bubbling up from the panel, came after the undo, which took back the
        decision before it)."""
        self.query_one(DecisionPanel).say("")
        self.app.post_message(Undo())

    def action_table(self) -> None:
        self.query_one(DecisionPanel).say("")
        self.app.post_message(RecordTable())

    def action_type_choice(self) -> None:
        self.query_one(DecisionPanel).action_type_choice()

    def action_decision_key(self, number: int) -> None:
        """A number, 0 or x where the choices do not have the keys: never a move played from the phase
        panel, read with Tab (review: in a shared game, where it had no undo); from elsewhere (the log strip, clicked)
        the choices take it."""
        panel = self.query_one(DecisionPanel)
        if not panel.deciding:
            panel.not_now()
        elif self.focused is not None and self.focused.id == "phase-panel":
            panel.say(_("{key}: the phase panel has the keys now: Tab goes back to the choices").format(key="x" if number < 0 else number), transient=True)
        else:
            self.set_focus(self.query_one("#choices"))
            if number < 0:
                panel.action_toggle_refused()
            elif number == 0:
                panel.action_pick_quiet()
            else:
                panel.action_pick(number)

    # Focused at once (Widget.focus waits for the keys already read): a number read with the Tab goes
    # where the Tab put the keys, never to the choices it left
    def action_info(self) -> None:
        self.set_focus(self.query_one("#phase-panel", Scrolling))

    def action_choices(self) -> None:
        self.set_focus(self.query_one("#choices"))

    # ---- shared pieces of phase information ----------------------------------------------------

    def _hand_text(self, view: SeatView) -> str:
        pending = view.decision
        hand = next((h for h in view.hands if pending is not None and h.power == pending.power), None)
        if hand is None:  # another seat decides, or the table records an action (TABLE-1): one's own hand,
            # the one shown last if it is still this seat's (the power whose impulse the table action is in)
            own = [h for h in view.hands if h.cards is not None]
            hand = next((h for h in own if h.power == self._hand_shown), own[0] if own else None)
        if hand is not None and hand.cards is not None:
            self._hand_shown = hand.power
        if hand is None or hand.cards is None:
            return _("(no hand shown here: a hand is shown only to the person playing it, GEN-8)")
        title = ngettext(
            "{power}'s hand ({count} card) - only its player sees this",
            "{power}'s hand ({count} cards) - only its player sees this",
            hand.count,
        ).format(power=hand.name, count=hand.count)
        if hand.quiet_this_phase:  # said to this player alone: nothing in the log says it (GEN-8)
            title += "\n  " + _("(you play no response until the next phase, or until something you could answer changes: GEN-8)")
        if not hand.cards:
            return title + "\n  " + _("(empty)")
        # walkthrough play-test: the * after a card's name read as "removed after play"; only w and p said
        marked = [_(display.PROVISIONAL_LEGEND)] if any(card.provisional for card in hand.cards) else []
        return "\n".join([title, *[f"  {card.text}" for card in hand.cards], *marked])


class NegotiationScreen(PhaseScreen):
    TITLE = N_("Diplomacy Phase - Negotiation Segment")

    def phase_info(self, view: SeatView) -> str:
        # the house by name (Spanish play-test: "(España, H, fam. H)", H both hombre and Habsburg)
        available = [
            "  " + (_("{royal} ({power}, {sex}, {house}) Elig {eligibility}") if r.house
                    else _("{royal} ({power}, {sex}) Elig {eligibility}")).format(
                royal=display.mark(r.name, r.provisional), power=r.power, sex=r.sex, house=r.house, eligibility=r.eligibility,
            )
            for r in view.royals if r.available
        ]
        table = [
            _("Betrothals (MAR-2):"), *([f"  {b}" for b in view.betrothals] or ["  " + _("none")]),
            _("Available to Wed (MAR-1) - w for the full display:"), *available,
            display.war_line(view), *display.minor_lines(view),
        ]
        # the hand, first when a response card may be played from it (CARD-2, CARD-3): newcomer play-test,
        # "Play #22 Wedding Festivities on ..." was offered with the card's text nowhere on the board
        hand = self._hand_text(view)
        responding = view.decision is not None and view.decision.rule in display.RESPONSE_RULES
        return "\n".join([hand, "", *table] if responding else [*table, "", hand])


class ActionScreen(PhaseScreen):
    TITLE = N_("Action Phase")

    def phase_info(self, view: SeatView) -> str:
        in_force = [_("#{number} {title} (Turn Track marker, CARD-4)").format(number=c.number, title=c.title) for c in view.in_force]
        lines = [
            self._hand_text(view),
            *display.cp_refusal_lines(view),
            *view.event_picks,
            display.pile_line(view),
            *([_("In force:"), *in_force] if in_force else []),
            display.war_line(view),
        ]
        # the minors first while CP may buy influence on them (DIP-7): newcomer play-test, the diplomacy
        # walkthrough bought influence with the minors' lines nowhere on the board
        buys_influence = view.decision is not None and any(c.verb is Verb.CP and c.args[:1] == ("influence",) for c in view.decision.choices)
        return "\n".join([*display.minor_lines(view), "", *lines] if buys_influence else lines)


class MarriageScreen(PhaseScreen):
    TITLE = N_("Marriage Resolution Phase")

    def phase_info(self, view: SeatView) -> str:
        rows = [
            "  " + _("{royal} ({power}) Elig {eligibility}: {status}").format(
                royal=display.mark(r.name, r.provisional), power=r.power, eligibility=r.eligibility, status=r.status,
            )
            for r in view.royals if r.in_play
        ]
        so_far = _("Virgin Queen VP so far: {vp} of {cap} (VQ-1)").format(vp=view.virgin_queen_vp, cap=view.virgin_queen_cap)
        return "\n".join([so_far, *rows])


class PatronageScreen(PhaseScreen):
    TITLE = N_("Patronage Phase")

    def phase_info(self, view: SeatView) -> str:
        rows = [
            "  " + _("{patron} ({kind}, rating {rating}): {where}").format(
                patron=display.mark(r.name, r.provisional), kind=r.kind, rating=r.rating, where=r.where,
            )
            for r in view.patrons if r.sponsored
        ]
        return "\n".join([_("On the Patronage chart (PAT-6 order):"), *(rows or ["  " + _("none")]), *view.markers])


# The phases that can wait for a decision; the others are reported (tui/screens/reports.py).
PHASE_SCREENS: dict[Phase, type[PhaseScreen]] = {
    Phase.NEGOTIATION: NegotiationScreen,
    Phase.ACTION: ActionScreen,
    Phase.MARRIAGE: MarriageScreen,
    Phase.PATRONAGE: PatronageScreen,
}
