"""The schematic map (m): a node per space at its map.toml position, connections as dotted lines,
the controller's colour, key/fortress marks, Unrest and unit counts. Arrows move, Enter details."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

from core.gamedata import PROVISIONAL_NOTE, GameData
from core.geography import neighbours
from core.i18n import N_, _
from core.views import SpaceRow
from tui.messages import RecordTable
from tui.textual_private import being_taken_down
from tui.widgets.key_footer import KeyFooter

MAP_WIDTH, MAP_HEIGHT = 78, 16
CONTROLLER_COLOURS = {
    "ottoman": "green",
    "spain": "yellow",
    "england": "red",
    "france": "bright_blue",
    "empire": "white",
    "protestant": "magenta",
}
MINOR_COLOUR, INDEPENDENT_COLOUR = "cyan", "grey50"
# Arrow -> (unit vector on the grid); rows are about twice as tall as columns, so dy counts double.
DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def space_codes(data: GameData) -> dict[str, str]:
    """Three letters per space, unique: the name's first three, else its first two and last."""
    codes: dict[str, str] = {}
    for space in data.spaces.values():
        letters = "".join(ch for ch in space.name if ch.isalpha())
        code = letters[:3]
        if code in codes.values():
            code = letters[:2] + letters[-1]
        codes[space.id] = code
    return codes


def node_label(space: SpaceRow, code: str) -> str:
    """MAD5!: upper case = key space, the digit = units there, ! = Unrest."""
    units = space.unit_count
    label = code.upper() if space.key else code
    return label + (str(units) if units else "") + ("!" if space.unrest else "")


def colour_of(data: GameData, control: str) -> str:
    if control in CONTROLLER_COLOURS:
        return CONTROLLER_COLOURS[control]
    return MINOR_COLOUR if control in data.minors else INDEPENDENT_COLOUR


def _line_cells(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """Bresenham's line between two grid cells."""
    cells = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    error = dx + dy
    while True:
        cells.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return cells
        doubled = 2 * error
        if doubled >= dy:
            error += dy
            x0 += sx
        if doubled <= dx:
            error += dx
            y0 += sy


def render_map(data: GameData, spaces: dict[str, SpaceRow], selected: str) -> Text:
    codes = space_codes(data)
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * MAP_WIDTH for _ in range(MAP_HEIGHT)]
    for connection in data.connections:
        a, b = data.positions[connection.a], data.positions[connection.b]
        style = "dim" if connection.provisional else ""
        for x, y in _line_cells(a.x + 1, a.y, b.x + 1, b.y):
            if 0 <= x < MAP_WIDTH and 0 <= y < MAP_HEIGHT:
                grid[y][x] = ("·", style)
    for space_id, position in data.positions.items():
        space = spaces[space_id]
        label = node_label(space, codes[space_id])
        style = colour_of(data, space.control)
        if space.fortified:
            style += " underline"
        if space_id == selected:
            style += " reverse bold"
        for offset, char in enumerate(label):
            if position.x + offset < MAP_WIDTH:
                grid[position.y][position.x + offset] = (char, style)
    text = Text(no_wrap=True, overflow="crop")
    for row_index, row in enumerate(grid):
        for char, style in row:
            text.append(char, style or None)
        if row_index < MAP_HEIGHT - 1:
            text.append("\n")
    return text


def space_summary(data: GameData, space: SpaceRow) -> str:
    marks = [_(m) for m, on in ((N_("key"), space.key), (N_("fortress"), space.fortified), (N_("Unrest"), space.unrest)) if on]
    units = ", ".join([
        *(_("{power} {regulars} reg {mercenaries} merc").format(power=u.name, regulars=u.regulars, mercenaries=u.mercenaries)
          for u in space.units),
        *([_("the Morisco (Ottoman, MOR-3)")] if space.morisco else []),
    ])
    joined = ", ".join(data.spaces[n].name for n in neighbours(data, space.id))
    return (
        f"{space.name}{'*' if space.provisional else ''} - {space.controller} - {space.religion}"
        f"{' - ' + ', '.join(marks) if marks else ''}\n"
        + _("Units: {units}.  Connects to: {spaces}.").format(units=units or _("none"), spaces=joined or _("nothing"))
    )


def nearest_in_direction(data: GameData, space_id: str, direction: str) -> str:
    """The closest space whose node lies that way (the space itself when none does)."""
    here = data.positions[space_id]
    ux, uy = DIRECTIONS[direction]
    best, best_score = space_id, float("inf")
    for other_id, there in data.positions.items():
        dx, dy = there.x - here.x, (there.y - here.y) * 2
        along = dx * ux + dy * uy
        across = abs(dx * uy) + abs(dy * ux)
        if other_id == space_id or along <= 0 or across > along:  # within 45 degrees of the arrow
            continue
        score = along + 2 * across
        if score < best_score:
            best, best_score = other_id, score
    return best


class MapScreen(ModalScreen[None]):
    BINDINGS = [
        *[Binding(arrow, f"move('{arrow}')", show=False, priority=True) for arrow in DIRECTIONS],
        Binding("enter", "detail", N_("Detail"), priority=True),
        Binding("t", "table", N_("Table action")),
        Binding("escape", "close", N_("Close")),
        Binding("q", "close", N_("Close"), show=False),
    ]

    def __init__(self, data: GameData, spaces: tuple[SpaceRow, ...]) -> None:
        super().__init__()
        self.data = data
        self.spaces = {space.id: space for space in spaces}  # the seat view's map rows
        self.selected = next(iter(data.positions))

    def compose(self) -> ComposeResult:
        yield Static(
            _("Arrows move, Enter details. UPPER key, underline fortress, 5 units, ! Unrest"),
            classes="map-legend",
            markup=False,
        )
        yield Static("", id="map-canvas")
        yield Static("", id="map-detail", markup=False)
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        if being_taken_down(self):  # pushed as the app closed: none of its widgets were mounted
            return
        self.refresh_map()

    def refresh_map(self) -> None:
        self.query_one("#map-canvas", Static).update(render_map(self.data, self.spaces, self.selected))
        self.query_one("#map-detail", Static).update(space_summary(self.data, self.spaces[self.selected]))

    def action_move(self, direction: str) -> None:
        self.selected = nearest_in_direction(self.data, self.selected, direction)
        self.refresh_map()

    def action_detail(self) -> None:
        from tui.screens.overlays import TextScreen

        space = self.spaces[self.selected]
        text = "\n\n".join([
            space_summary(self.data, space),
            _(
                "Control, Unrest, religion and units change through table actions: press t on the map "
                "(TABLE-1).\nPositions and most connections are schematic."
            )
            + "\n"
            + _(PROVISIONAL_NOTE),
        ])
        self.app.push_screen(TextScreen(_("Space: {space}").format(space=space.name), text))

    def action_table(self) -> None:
        self.app.post_message(RecordTable())  # to the app directly: this screen is closing
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
