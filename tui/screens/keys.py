"""The one set of viewing keys every game screen has (phase screens and reports alike).

Labels are short so that every key fits the footer at 80 columns.
"""

from __future__ import annotations

from textual.binding import Binding

VIEW_KEYS: list[Binding] = [
    Binding("question_mark", "app.rule_help", "Rule"),
    Binding("w", "app.royals", "Wed"),
    Binding("p", "app.patronage_chart", "Patron"),
    Binding("v", "app.powers", "Powers"),
    Binding("d", "app.discards", "Disc"),
    Binding("l", "app.full_log", "Log"),
    Binding("m", "app.map", "Map"),
    Binding("g", "app.vp_chart", "VP"),
]
