"""A read-only table of rows that core/views.py built, wrapped to the screen width (never cut)."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table

from tui.widgets.laid_out import LaidOut

SHORT_CELL = 12


class RowsTable(LaidOut):
    """Every column stays visible at 80 columns: long cells wrap inside their column."""

    def __init__(self, columns: Sequence[str], rows: Sequence[Sequence[str]], id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.columns = tuple(columns)
        self.rows = [tuple(row) for row in rows]

    def renderable(self) -> Table:
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
        for index, column in enumerate(self.columns):
            widest = max((len(row[index]) for row in self.rows), default=0)
            table.add_column(column, no_wrap=widest <= SHORT_CELL, overflow="fold")  # short columns never wrap
        for row in self.rows:
            table.add_row(*row)
        return table

    def show_rows(self, rows: Sequence[Sequence[str]]) -> None:
        """The same columns with these rows; unchanged rows keep the table as it is laid out."""
        fresh = [tuple(row) for row in rows]
        if fresh != self.rows:
            self.rows = fresh
            self.changed()

    @property
    def row_count(self) -> int:
        return len(self.rows)


def rows_table(columns: Sequence[str], rows: Sequence[Sequence[str]], widget_id: str | None = None) -> RowsTable:
    return RowsTable(columns, rows, id=widget_id, classes="rows-table")
