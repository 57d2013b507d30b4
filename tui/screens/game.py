"""One screen per phase: status, VP, the state the phase is about, the decision, the log."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from core import views
from core.choices import TABLE_ACTOR
from core.engine import table_entry_allowed
from core.events import render
from core.gamedata import GameData
from core.state import GameState, Phase
from tui.controller import Controller
from tui.widgets.decision import DecisionPanel

LOG_LINES_SHOWN = 40


class PhaseScreen(Screen[None]):
    """The board for one phase; subclasses say what state the phase is about."""

    TITLE = "Game"
    BINDINGS = [
        Binding("question_mark", "app.rule_help", "Rule help"),
        Binding("ctrl+s", "app.save", "Save"),
        Binding("u", "undo", "Undo"),
        Binding("t", "table", "Table action"),
        Binding("w", "app.royals", "Royals"),
        Binding("p", "app.patronage_chart", "Patronage"),
        Binding("v", "app.powers", "Powers"),
        Binding("d", "app.discards", "Discards", show=False),
        Binding("l", "app.full_log", "Log"),
        Binding("colon", "type_choice", "Type", show=False),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller

    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        yield Static("", id="vp", markup=False)
        with Horizontal(id="main"):
            with VerticalScroll(id="phase-panel"):
                yield Static("", id="phase-info", markup=False)
            yield DecisionPanel(id="decision")
        yield RichLog(id="log", markup=False, wrap=True, max_lines=LOG_LINES_SHOWN)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        session = self.controller.game
        data, state = session.data, session.state
        pending = session.decision
        power = pending.power if pending else ""
        person = self.controller.person_for(power) if power else ""
        self.query_one("#status", Static).update(views.status_line(data, state, power, person))
        self.query_one("#vp", Static).update(views.vp_line(data, state))
        info = self.phase_info(data, state)
        run = self.controller.walkthrough
        suggested = ""
        if run is not None and run.current is not None:
            intro = f"\n{run.walkthrough.intro}" if run.step == 0 else ""
            info = f"{run.heading()}\n> {run.current.explain}.{intro}\n\n{info}"
            suggested = run.current.choice
        self.query_one("#phase-info", Static).update(info)
        self.query_one(DecisionPanel).show(pending, "The game is over." if state.winner else "", suggested)
        log = self.query_one("#log", RichLog)
        log.clear()
        names = {p: data.power_name(p) for p in data.power_ids}
        for event in session.log[-LOG_LINES_SHOWN:]:
            log.write(render(event, names))
        self.refresh_bindings()

    def phase_info(self, data: GameData, state: GameState) -> str:
        return ""

    def show_problem(self, text: str) -> None:
        self.query_one(DecisionPanel).show_problem(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        session = self.controller.session
        if session is None:
            return False
        if action == "undo" and self.controller.walkthrough is not None:
            return False
        if action == "undo":
            return session.can_undo()
        if action == "table":
            return table_entry_allowed(session.state)
        return True

    def action_undo(self) -> None:
        self.controller.undo()

    def action_table(self) -> None:
        self.controller.table_action()

    def action_type_choice(self) -> None:
        self.query_one(DecisionPanel).action_type_choice()

    # ---- shared pieces of phase information ----------------------------------------------------

    def _hand_text(self) -> str:
        session = self.controller.game
        pending = session.decision
        if pending is None or pending.power == TABLE_ACTOR or pending.power not in session.state.powers:
            return "(no hand shown: the table is recording an action)"
        rows = views.hand_rows(session.data, session.state, pending.power)
        title = f"{session.data.power_name(pending.power)}'s hand ({len(rows)} cards) - only its player sees this"
        return "\n".join([title, *[f"  {row}" for row in rows]]) if rows else f"{title}\n  (empty)"


class NegotiationScreen(PhaseScreen):
    TITLE = "Diplomacy Phase - Negotiation Segment"

    def phase_info(self, data: GameData, state: GameState) -> str:
        betrothed = [
            f"  {data.royals[b.bride].name} + {data.royals[b.groom].name}"
            + (" (opening, MAR-7)" if b.opening else "") + (" +Festivities" if b.festivities else "")
            for b in state.betrothals
        ]
        available = [
            f"  {row[0]} ({row[1]}, {row[2]}, {row[3]}) Elig {row[4]}"
            for row in views.royal_rows(data, state) if row[5] == "available"
        ]
        return "\n".join([
            "Betrothals (MAR-2):", *(betrothed or ["  none"]),
            "Available to Wed (MAR-1) - w for the full display:", *available,
            views.war_line(data, state), *views.minor_lines(data, state),
        ])


class ActionScreen(PhaseScreen):
    TITLE = "Action Phase"

    def phase_info(self, data: GameData, state: GameState) -> str:
        in_force = views.in_force_rows(data, state)
        return "\n".join([
            self._hand_text(),
            views.pile_line(data, state),
            *(["In force:", *in_force] if in_force else []),
            views.war_line(data, state),
        ])


class MarriageScreen(PhaseScreen):
    TITLE = "Marriage Resolution Phase"

    def phase_info(self, data: GameData, state: GameState) -> str:
        rows = [f"  {r[0]} ({r[1]}) Elig {r[4]}: {r[5]}" for r in views.royal_rows(data, state) if r[5] not in ("not yet in play",)]
        vq = state.powers["england"].virgin_queen_vp
        return "\n".join([f"Virgin Queen VP so far: {vq} of {data.settings.marriage.virgin_queen_vp_cap} (VQ-1)", *rows])


class PatronageScreen(PhaseScreen):
    TITLE = "Patronage Phase"

    def phase_info(self, data: GameData, state: GameState) -> str:
        rows = [f"  {r[0]} ({r[2]}, rating {r[3]}): {r[4]}" for r in views.patronage_rows(data, state) if r[4].endswith("box")]
        return "\n".join(["On the Patronage chart (PAT-6 order):", *(rows or ["  none"]), *views.marker_lines(data, state)])


# The phases that can wait for a decision; the others are reported (tui/screens/reports.py).
PHASE_SCREENS: dict[Phase, type[PhaseScreen]] = {
    Phase.NEGOTIATION: NegotiationScreen,
    Phase.ACTION: ActionScreen,
    Phase.MARRIAGE: MarriageScreen,
    Phase.PATRONAGE: PatronageScreen,
}
