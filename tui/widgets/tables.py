"""A read-only table of rows that core/views.py built."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import DataTable


def rows_table(columns: Sequence[str], rows: Sequence[Sequence[str]], widget_id: str | None = None) -> DataTable[str]:
    table: DataTable[str] = DataTable(id=widget_id, cursor_type="none", zebra_stripes=True)
    table.add_columns(*columns)
    table.add_rows(rows)
    return table
