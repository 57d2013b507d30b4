"""The VP chart (g): each power's VP by turn (WIN-5) and its VP ledger by source (WIN-6), drawn
with textual-plotext, each with its legend under it (plotext draws a legend over the lines), and the
same figures as a table below."""

from __future__ import annotations

from itertools import cycle

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from core.gamedata import GameData
from core.i18n import N_, _
from core.views import SeatView
from tui.textual_private import being_taken_down
from tui.widgets.scrolling import Scrolling
from tui.widgets.key_footer import KeyFooter
from tui.widgets.tables import rows_table


# One colour per line or bar, the same in the chart and its legend (Okabe-Ito: told apart by all eyes).
PALETTE: tuple[tuple[int, int, int], ...] = (
    (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178), (213, 94, 0), (204, 121, 167), (160, 160, 160),
)


LEGEND_GAP = 3  # spaces between a legend's names


def colours(count: int) -> list[tuple[int, int, int]]:
    return [colour for colour, _ in zip(cycle(PALETTE), range(count))]


def legend(names: list[str], width: int) -> Text:
    """'━━ Ott   ━━ Spa ...', each name in its series' colour, lines broken between names only: Rich breaks a line
    at any space, a no-break space too (Russian play-test: "SCI-1 учёные" began a line, its colour mark left at the
    end of the one before; tmux re-test: "MAR-5 weddings" broke between its words)."""
    text, used = Text(), 0
    for name, (red, green, blue) in zip(names, colours(len(names))):
        wide = cell_len(f"━━ {name}")
        if used and used + LEGEND_GAP + wide > width:
            text.append("\n")
            used = 0
        elif used:
            text.append(" " * LEGEND_GAP)
            used += LEGEND_GAP
        text.append("━━ ", style=f"rgb({red},{green},{blue})")
        text.append(name)
        used += wide
    return text


class Legend(Static):
    """A chart's legend, laid out anew for its width (``legend``)."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(classes="chart-legend")
        self.names = names

    def on_resize(self) -> None:
        self.update(legend(self.names, self.content_size.width))


def ledger_by_source(view: SeatView) -> tuple[list[str], dict[str, dict[str, int]]]:
    """The rule IDs that give VP (WIN-6 ledger) and each power's VP from each."""
    sources: list[str] = []
    amounts: dict[str, dict[str, int]] = {}
    for row in view.vp:
        amounts[row.power] = {}
        for line in row.lines:
            if line.amount:
                amounts[row.power][line.rule] = amounts[row.power].get(line.rule, 0) + line.amount
                if line.rule not in sources:
                    sources.append(line.rule)
    return sources, amounts


# What each VP source of the ledger (WIN-6) is, beside its rule ID in the legend (play-test: a column
# headed "WIN-6" did not say it was the keys); a source not named here shows its ID alone.
SOURCE_NAMES = {
    "WIN-6": N_("keys held (the Protestant: also its spaces)"),
    "MAR-5": N_("weddings"),
    "MAR-6c": N_("Valois royals married"),
    "VQ-1": N_("the Virgin Queen"),
    "PAT-8": N_("artists"),
    "SCI-1": N_("scientists"),
    "SUEZ-3": N_("the Suez Canal"),
}


def source_label(rule: str) -> str:
    """'WIN-6 keys held (...)': a ledger source as its legend names it."""
    return f"{rule} {_(SOURCE_NAMES[rule])}" if rule in SOURCE_NAMES else rule


def whole_ticks(top: int, most: int = 5) -> list[int]:
    """VP marks on a chart's axis: whole numbers from 0 to at least ``top``, at most ``most`` + 1 of them
    (tmux re-test: plotext's own marks read 1.7, 3.3, 6.7 VP)."""
    step = max(1, -(-top // most))
    return list(range(0, top + step, step))


def short_names(data: GameData) -> dict[str, str]:
    """Power id -> the first three letters of its name (in the reader's language), as the charts show it."""
    return {p.id: _(p.name)[:3] for p in data.powers}


class VpChartScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape", "close", N_("Close")), Binding("q", "close", N_("Close"), show=False)]

    def __init__(self, data: GameData, view: SeatView) -> None:
        super().__init__()
        self.data = data
        self.view = view

    def compose(self) -> ComposeResult:
        data = self.data
        sources, amounts = ledger_by_source(self.view)
        short = short_names(data)
        with Scrolling(classes="report"):
            yield Static(_("VP by turn (WIN-5) and by source (WIN-6)"), classes="report-title", markup=False)
            yield PlotextPlot(id="vp-by-turn")
            yield Legend([short[p.id] for p in data.powers])
            yield PlotextPlot(id="vp-by-source")
            yield Legend([source_label(rule) for rule in sources])
            rows = [
                (_(data.power_name(p)), str(sum(amounts[p].values())), *(str(amounts[p].get(s, 0)) for s in sources))
                for p in data.power_ids
            ]
            yield rows_table((_("Power"), _("VP"), *sources), rows, "vp-sources")
            powers = ", ".join(f"{v} = {_(data.power_name(k))}" for k, v in short.items())
            yield Static(_("Powers in the charts: {powers}").format(powers=powers), markup=False)
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        if being_taken_down(self):  # pushed as the app closed: none of its widgets were mounted
            return
        data, history = self.data, self.view.vp_history
        by_turn = self.query_one("#vp-by-turn", PlotextPlot).plt
        by_turn.title(_("VP by turn"))
        turns = list(history.turns)
        for power, colour in zip(data.powers, colours(len(data.powers))):
            by_turn.plot(turns, list(history.of(power.id)), color=colour, marker="braille")
        by_turn.xticks(turns)
        ticks = whole_ticks(max((vp for power in data.powers for vp in history.of(power.id)), default=0))
        by_turn.yticks(ticks)
        by_turn.ylim(ticks[0], max(ticks[-1], 1))  # a long play-test: a mark below the lowest total was drawn under the turns
        by_turn.xlabel(_("turn"))
        sources, amounts = ledger_by_source(self.view)
        by_source = self.query_one("#vp-by-source", PlotextPlot).plt
        by_source.title(_("VP by source"))
        names = list(short_names(data).values())
        if sources:
            by_source.stacked_bar(names, [[amounts[p].get(s, 0) for p in data.power_ids] for s in sources], color=colours(len(sources)))
            by_source.yticks(whole_ticks(max((sum(amounts[p].values()) for p in data.power_ids), default=0)))

    def action_close(self) -> None:
        self.dismiss(None)
