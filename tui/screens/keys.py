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
    # The app's own keys, here too: a report is a modal screen, which hides the app's bindings
    Binding("c", "app.chat", "Chat"),  # shared games only: there "u Undo" is not shown, so it fits
    Binding("k", "app.walkthrough_controls", "Steps"),
    Binding("ctrl+l", "app.lobby", "Lobby", show=False),  # in the help and README: the footer is full
]
