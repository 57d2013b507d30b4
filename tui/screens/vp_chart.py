"""The VP chart (g): each power's VP by turn (WIN-5) and its VP ledger by source (WIN-6), drawn
with textual-plotext, with the same figures as a table below."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from core import victory
from core.gamedata import GameData
from core.state import GameState
from tui.controller import Controller
from tui.widgets.steady_footer import SteadyFooter
from tui.widgets.tables import rows_table


def vp_by_turn(data: GameData, state: GameState) -> tuple[list[int], dict[str, list[int]]]:
    """Turns and each power's total: one point per Victory Determination, then the total now."""
    first = data.scenarios[state.scenario].first_turn
    turns = [first + i for i in range(len(state.vp_history))]
    series = {p: [entry.get(p, 0) for entry in state.vp_history] for p in data.power_ids}
    if not turns or turns[-1] < state.turn:
        turns.append(state.turn)
        for power in data.power_ids:
            series[power].append(victory.total_vp(state, data, power))
    return turns, series


def ledger_by_source(data: GameData, state: GameState) -> tuple[list[str], dict[str, dict[str, int]]]:
    """The rule IDs that give VP (WIN-6 ledger) and each power's VP from each."""
    sources: list[str] = []
    amounts: dict[str, dict[str, int]] = {}
    for power in data.power_ids:
        amounts[power] = {}
        for line in victory.vp_lines(state, data, power):
            if line.amount:
                amounts[power][line.rule] = amounts[power].get(line.rule, 0) + line.amount
                if line.rule not in sources:
                    sources.append(line.rule)
    return sources, amounts


class VpChartScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller

    def compose(self) -> ComposeResult:
        session = self.controller.game
        data, state = session.data, session.state
        sources, amounts = ledger_by_source(data, state)
        short = {p.id: p.name[:3] for p in data.powers}
        with VerticalScroll(classes="report"):
            yield Static("VP by turn (WIN-5) and by source (WIN-6)", classes="report-title", markup=False)
            yield PlotextPlot(id="vp-by-turn")
            yield PlotextPlot(id="vp-by-source")
            rows = [
                (data.power_name(p), str(sum(amounts[p].values())), *(str(amounts[p].get(s, 0)) for s in sources))
                for p in data.power_ids
            ]
            yield rows_table(("Power", "VP", *sources), rows, "vp-sources")
            yield Static(f"Powers in the charts: {', '.join(f'{v} = {data.power_name(k)}' for k, v in short.items())}", markup=False)
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        session = self.controller.game
        data, state = session.data, session.state
        turns, series = vp_by_turn(data, state)
        by_turn = self.query_one("#vp-by-turn", PlotextPlot).plt
        by_turn.title("VP by turn")
        for power in data.powers:
            by_turn.plot(turns, series[power.id], label=power.name[:3], marker="braille")
        by_turn.xticks(turns)
        by_turn.xlabel("turn")
        sources, amounts = ledger_by_source(data, state)
        by_source = self.query_one("#vp-by-source", PlotextPlot).plt
        by_source.title("VP by source")
        names = [p.name[:3] for p in data.powers]
        if sources:
            by_source.stacked_bar(names, [[amounts[p].get(s, 0) for p in data.power_ids] for s in sources], labels=sources)

    def action_close(self) -> None:
        self.dismiss(None)
