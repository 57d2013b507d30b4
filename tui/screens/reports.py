"""Report screens for the phases that run without a decision: Card Draw, Diplomatic Status,
Winter and Victory Determination, and the end of the game. Public information only."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

from core.events import Event, EventKind, render
from core.i18n import N_, _, ngettext
from core.state import Phase
from core.victory import is_ledger_line, is_ranking_line
from core.views import SeatView
from tui import display
from tui.key_layouts import stray_key
from tui.messages import Destination, LeaveGame
from tui.screens.keys import VIEW_KEYS
from tui.widgets import decision as decision_panel
from tui.widgets.scrolling import Scrolling
from tui.widgets.key_footer import KeyFooter, NamesKeysNow
from tui.widgets.tables import rows_table
from tui.widgets.texts import say_in


class ReportScreen(ModalScreen[None]):
    """What a phase did; only Enter goes on (Escape is not Continue: it opens the game menu, as on the board),
    the viewing keys all work."""

    BINDINGS = [
        Binding("enter", "dismiss_report", N_("Continue"), priority=True),
        *VIEW_KEYS,
        # hot-seat play-test: Esc on a report did nothing (its line was below the screen), and the game could be
        # left only with Ctrl+Q; a report left unread comes again
        Binding("escape", "app.game_menu", N_("Menu"), show=False),
        # play-test: a choice's number on a report did nothing, and said nothing
        *(Binding(key, f"not_continue({key!r})", show=False) for key in "0123456789"),
        # said above the footer when many wait (Board.skip_offer), which is full
        Binding("s", "app.skip_reports", N_("Skip the reports"), show=False),
    ]
    HEADING = ""  # marked N_, translated when shown
    RULE = ""  # where ? opens the rules browser on this report
    HINT = N_("Press Enter to continue.")
    # What the report shows of the state now (the Card Draw table, the minors, the Patronage markers)
    # is its turn's until a move is made at this point of the game: (turns after the report's, phase).
    # A turn: moves of the phases between change it little (an influence marker, the hands' counts), and
    # a report read at a person's first decision comes after the computers' first moves (shared-game
    # play-test: every Diplomatic Status report hid its minors as "read late").
    STATE_HOLDS_UNTIL: ClassVar[tuple[int, Phase]] = (1, Phase.CARD_DRAW)

    def __init__(self, view: SeatView, names: dict[str, str], events: list[Event], turn: int, of_game: object) -> None:
        super().__init__()
        self.view = view  # public parts only: reports are shown before hand-offs too
        self.names = names
        self.events = events  # the events of the phase(s) this report covers, nothing later
        self.turn = turn  # the turn the phase ran in (the state may already be in the next one)
        self.of_game = of_game  # a report unread when the board is rebuilt is shown again in this game only
        self.opens_at = 0.0  # the row it opens on: a report being read when the board was rebuilt, where it was read to
        self.skip_offer = 0  # the reports waiting after it, said to be skipped with s (a late reader's many: Board)

    def read_late(self, view: SeatView) -> Static | None:
        """Read once a move has been logged at or past STATE_HOLDS_UNTIL (a player sitting down again reads
        what they missed, perhaps turns later): the state now is not the turn's, so the report shows only
        its own log lines, and says so. Read on the way to the next decision, it is not late (play-test:
        turn 1's Patronage report said "Read in turn 2" on its way to turn 2's Negotiation Segment; review:
        the Diplomatic Status report, read at the Action Phase's first decision, hid the minors)."""
        if not self._moved_since(view.log, self.STATE_HOLDS_UNTIL):
            return None
        text = _("Read later, in turn {now}: only what this phase logged in turn {turn} is shown here; the board shows the game now.")
        return Static(text.format(now=view.turn, turn=self.turn), classes="hint", markup=False)

    def _moved_since(self, log: Sequence[Event], until: tuple[int, Phase]) -> bool:
        """A move (not a phase's start) logged at or past ``until`` (turns after the report's, phase), the
        latest first."""
        turns_after, phase = until
        order = tuple(Phase)
        limit = (self.turn + turns_after, order.index(phase))
        for event in reversed(log):
            when = (event.turn, order.index(Phase(event.phase)) if event.phase in order else -1)
            if when < limit:
                return False
            if event.kind is not EventKind.PHASE:
                return True
        return False

    def log_lines(self) -> list[Event]:
        """The log lines this report shows, in log order."""
        return list(self.events)

    def again(self) -> ReportScreen:
        """The same report, made anew to be shown again."""
        return type(self)(self.view, self.names, self.events, self.turn, self.of_game)

    def again_where_read(self) -> ReportScreen:
        """The same report, made anew, opening on the row it was read to (review: in a shared game, a report read
        while the computers thought jumped back to its top when they were done and the board was laid out anew)."""
        made = self.again()
        made.opens_at = self.query_one(Scrolling).scroll_y if self.is_mounted else 0.0
        return made

    def on_mount(self) -> None:
        if self.opens_at:
            self.call_after_refresh(self._open_where_read)
        if self.skip_offer:
            self.say(ngettext("s skips the next report: every line is in the log (l).",
                              "s skips the {count} reports after this one: every line is in the log (l).",
                              self.skip_offer).format(count=self.skip_offer))

    def _open_where_read(self) -> None:
        self.query_one(Scrolling).scroll_to(y=self.opens_at, animate=False, immediate=True)

    def compose(self) -> ComposeResult:
        view = self.view
        with Scrolling(classes="report"):
            yield Static(self.heading(), classes="report-title", markup=False)
            yield from self.body(view)
            yield Static(self.hint(), classes="hint", id="report-hint", markup=False)
        # what a key pressed here did, above the footer: said at the report's end, it was off the screen on most
        # reports at 80x24 (shared-game play-test: 0, u, 1, z on a long report seemed ignored)
        yield Static("", id="report-said", markup=False)
        yield KeyFooter(compact=True)

    def heading(self) -> str:
        return _("Turn {turn}: {heading}").format(turn=self.turn, heading=_(self.HEADING))

    def hint(self) -> str:
        return _(self.HINT)

    def body(self, view: SeatView) -> ComposeResult:
        yield from ()

    def event_lines(self, *rules: str, shown: Callable[[Event], bool] = lambda event: False) -> str:
        """The report's log lines (of ``rules``' sections, when given), less those ``shown`` above them."""
        return "\n".join(
            render(e, self.names) for e in self.events
            if e.kind is not EventKind.PHASE and (not rules or e.rule.split("-")[0] in rules) and not shown(e)
        )

    def vp_standings(self, view: SeatView) -> Static:
        """WIN-6: each power's total and ledger, wrapped rather than cut at 80 columns."""
        lines = [
            _("{power} {total} VP: {ledger}").format(power=power, total=total, ledger=ledger)
            for power, total, ledger in map(display.vp_cells, view.vp)
        ]
        if any(line.provisional for row in view.vp for line in row.lines):
            lines.append(_(display.PROVISIONAL_LEGEND))
        return Static("\n".join(lines), id="standings", markup=False)

    @property
    def rule(self) -> str:
        """Where ? opens the rules browser on this report."""
        return self.RULE

    def action_dismiss_report(self) -> None:
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        """A letter no binding takes says what goes on, as Esc and the numbers do (Russian play-test: z
        said nothing). The bindings are the app's to check after this, so those it has are left to it, and
        a letter of another layout to the Latin key at its place (tui/key_layouts.py)."""
        key = stray_key(event, self.active_bindings)
        if key:
            self.action_not_continue(key)

    def action_not_continue(self, key: str) -> None:
        self.say(_("{key} does nothing here: Enter goes on (the viewing keys in the footer work).").format(key=key))

    def say(self, text: str) -> None:
        say_in(self.query_one("#report-said", Static), text)


# The deck, discard and hands' counts a Card Draw report shows are the deal's until cards are played
PILES_HOLD_UNTIL = (0, Phase.ACTION)


class CardDrawScreen(ReportScreen):
    HEADING = N_("Card Draw Phase (CARD-5..CARD-7)")
    RULE = "CARD-5"

    def body(self, view: SeatView) -> ComposeResult:
        late = self.read_late(view)
        if late is not None:  # the counts and piles now are another turn's
            yield late
        else:
            dealt = self.dealt_short()
            cells = [display.deal_cells(row, dealt.get(row.power)) for row in view.deal]
            yield rows_table((_("Power"), _("Cards"), _("Where the count comes from (CARD-7)")), cells, "deal")
            if not self._moved_since(view.log, PILES_HOLD_UNTIL):  # review: the hands' counts after a whole Action Phase
                yield Static(display.pile_line(view), markup=False)
        yield Static(self.event_lines("CARD", "MAR"), markup=False)

    def dealt_short(self) -> dict[str, int]:
        """The powers dealt fewer cards than their count, the deck having run out (CARD-7), with how
        many they were dealt (hot-seat play-test: "Spain 5" beside "is dealt 1 card ... 4 short")."""
        dealt = {}
        for event in self.events:
            params = dict(event.message.params)
            if event.rule == "CARD-7" and "short" in params and isinstance(params.get("count"), int):
                dealt[event.power] = int(params["count"])
        return dealt


class DiplomaticStatusReport(ReportScreen):
    HEADING = N_("Diplomacy Phase - Diplomatic Status (DIP-1..DIP-6)")
    RULE = "DIP-1"
    STATE_HOLDS_UNTIL: ClassVar[tuple[int, Phase]] = (1, Phase.DIPLOMATIC_STATUS)

    def body(self, view: SeatView) -> ComposeResult:
        yield Static(self.event_lines("DIP", "GEN"), markup=False)  # GEN-5: a tie and how it is broken (play-test)
        late = self.read_late(view)
        if late is not None:
            yield late
            return
        minors = display.minor_lines(view)
        if self._moved_since(view.log, (0, Phase.ACTION)):  # read after moves of the Action Phase (DIP-7 buys influence)
            # rules-savvy play-test: "influence Ottoman 2 (determined this turn)" under the lines that had reset it
            minors = [_("The minor powers now (the Action Phase's moves since may have changed them):"), *minors]
        yield Static("\n".join(minors), markup=False)


class MarriageReport(ReportScreen):
    HEADING = N_("Marriage Resolution Phase (MAR-4..MAR-8, VQ-1, AGE-1)")
    RULE = "MAR-4"

    def body(self, view: SeatView) -> ComposeResult:
        # every line of the phase (hot-seat play-test: a courtship's CP spent on influence and mercenaries, DIP-7
        # and UNIT-1, were only in the log)
        yield Static(self.event_lines(), markup=False)


class PatronageReport(ReportScreen):
    HEADING = N_("Patronage Phase (PAT-5..PAT-8, SCI-1..SCI-3)")
    RULE = "PAT-5"
    STATE_HOLDS_UNTIL: ClassVar[tuple[int, Phase]] = (1, Phase.PATRONAGE)

    def body(self, view: SeatView) -> ComposeResult:
        yield Static(self.event_lines("PAT", "SCI"), markup=False)
        late = self.read_late(view)
        yield late if late is not None else Static("\n".join(view.markers), markup=False)


class MeanwhileReport(ReportScreen):
    """What others' moves did to this person's powers since their last decision, outside the phases with
    reports of their own (core/log_query.naming): a player alone with computers, or in a shared game,
    met only the last lines of the log strip (play-test: a betrothal cancelled by an assassination)."""

    HEADING = N_("While you waited, since your last decision")
    HINT = N_("Press Enter to continue. The log (l) has every line.")

    def __init__(self, view: SeatView, names: dict[str, str], events: list[Event], turn: int, of_game: object, own: Sequence[Event] = ()) -> None:
        super().__init__(view, names, events, turn, of_game)
        self.own = own  # the lines of this person's own last move, its roll pushed off the log strip (GEN-4)
        self._shown_at = 0.0

    def log_lines(self) -> list[Event]:
        return [*self.own, *self.events]

    @property
    def rule(self) -> str:
        lines = self.log_lines()
        return lines[0].rule if lines else ""

    def again(self) -> ReportScreen:
        return MeanwhileReport(self.view, self.names, self.events, self.turn, self.of_game, self.own)

    def on_mount(self) -> None:
        super().on_mount()
        self._shown_at = time.monotonic()

    def body(self, view: SeatView) -> ComposeResult:
        if self.own:
            yield Static(_("Your last move and its roll, which the moves after it pushed off the log strip:"), classes="hint", markup=False)
            yield Static("\n".join(render(e, self.names) for e in self.own), markup=False)
        if self.events:
            yield Static(_("What the others' moves did to your powers or their royals, and what led to it:"), classes="hint", markup=False)
            yield Static(self.event_lines(), markup=False)

    def action_dismiss_report(self) -> None:
        """It comes as the others' moves end, under an Enter perhaps meant for the decision before (review):
        an Enter as it comes takes nothing, and says so, as a decision changed just then does."""
        if time.monotonic() - self._shown_at < decision_panel.REPORT_CAME_UNDER_SECONDS:
            self.say(_("This report came just now: read it, then press Enter (that Enter took nothing)."))
            return
        super().action_dismiss_report()


class EndOfTurnScreen(ReportScreen):
    HEADING = N_("Winter and Victory Determination (WIN-5)")
    RULE = "WIN-5"

    def body(self, view: SeatView) -> ComposeResult:
        """The phases' lines, then the standings (late-game play-test: the Winter lines came under the whole VP
        ledger, below the fold at 80x24)."""
        then = self.standings_then(view)
        # the standings under them are the ones Victory Determination logged: not in the lines too (play-test);
        # the turn's ledgers stay when the standings are not theirs
        already_shown = is_ranking_line if then is not None else (lambda e: is_ledger_line(e) or is_ranking_line(e))
        yield Static(self.event_lines(shown=already_shown), markup=False)
        if then is None:
            yield Static(_("Standings and VP ledger (WIN-6):"), markup=False)
            yield self.vp_standings(view)
        else:
            yield Static(_("Standings at the end of turn {turn} (WIN-6): {standings}. VP have changed since: v shows each power's ledger now.").format(
                turn=self.turn, standings=", ".join(_("{power} {total} VP").format(power=power, total=total) for power, total in then),
            ), id="standings", markup=False)

    def standings_then(self, view: SeatView) -> list[tuple[str, int]] | None:
        """Each power's total at this turn's Victory Determination (WIN-5), most first, when the totals
        have changed since (None: the ledger now is the turn's). Newcomer play-test: a report read
        turns later showed the standings of the game's end beside its own turn's VP line."""
        turns = view.vp_history.turns
        if self.turn not in turns:
            return None
        at = turns.index(self.turn)
        names = {row.power: row.name for row in view.vp}
        then = {power: totals[at] for power, totals in view.vp_history.totals}
        if then == {row.power: row.total for row in view.vp}:
            return None
        return sorted(((names.get(power, power), total) for power, total in then.items()), key=lambda pair: -pair[1])


class GameOverScreen(NamesKeysNow, EndOfTurnScreen):
    """The end of the game, under the last turn's reports; Enter leaves it for where leaving the game
    goes (play-test: over SSH it said "the title screen" and "save slot", and went to the lobby)."""

    HEADING = N_("Game over")
    RULE = "WIN-1"
    HINTS = {
        Destination.TITLE: N_("Press Enter for the title screen (the game stays in its save slot)."),
        Destination.LOBBY: N_("Press Enter for the lobby."),
        Destination.WALKTHROUGHS: N_("Press Enter for the walkthrough menu."),
    }
    HINT_UNSAVED = N_("Press Enter for the title screen (this game is not saved).")
    KEY_WORDS = {Destination.TITLE: N_("Title screen"), Destination.LOBBY: N_("Lobby"), Destination.WALKTHROUGHS: N_("Walkthroughs")}
    BINDINGS = [Binding("enter", "leave", N_("Title screen"), priority=True), *VIEW_KEYS]

    def __init__(self, view: SeatView, names: dict[str, str], events: list[Event], turn: int, of_game: object,
                 to: Destination = Destination.TITLE, kept: bool = True) -> None:
        super().__init__(view, names, events, turn, of_game)
        self.to = to  # where Enter goes (tui/screens/overlays.leaving_goes_to)
        self.kept = kept  # the game stays in its save slot
        # the last turn's reports come above it (tui/board.py): an Enter too many on the last of them does
        # not leave the game unread; its first Enter then says where Enter goes (review)
        self.read_before_leaving = False

    def heading(self) -> str:
        view = self.view
        return _("Game over: {power} wins - {victory}").format(power=view.winner, victory=view.victory)

    def hint(self) -> str:
        return _(self.HINTS[self.to] if self.kept or self.to is not Destination.TITLE else self.HINT_UNSAVED)

    def binding_shown(self, binding: Binding) -> Binding:
        """Enter is named after where it goes (tui/widgets/key_footer.NamesKeysNow)."""
        return replace(binding, description=self.KEY_WORDS[self.to]) if binding.action == "leave" else binding

    def action_leave(self) -> None:
        if self.read_before_leaving:
            self.read_before_leaving = False
            self.notify(_("{hint} (The game is over: this is its end.)").format(hint=self.hint()), timeout=4)
            return
        self.post_message(LeaveGame(self.to))
