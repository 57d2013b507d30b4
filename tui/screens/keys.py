"""The one set of viewing keys every game screen has (phase screens and reports alike).

Labels are short so that every key fits the footer at 80 columns; the five displays share one label
(their keys are in the README and the help), which leaves room for the keys of the decision.
"""

from __future__ import annotations

from textual.binding import Binding

DISPLAYS = Binding.Group("Displays", compact=True)

VIEW_KEYS: list[Binding] = [
    Binding("question_mark", "app.rule_help", "Rule"),
    Binding("l", "app.full_log", "Log"),
    Binding("m", "app.map", "Map"),
    Binding("w", "app.royals", "Wed", group=DISPLAYS),
    Binding("p", "app.patronage_chart", "Patron", group=DISPLAYS),
    Binding("v", "app.powers", "Powers", group=DISPLAYS),
    Binding("d", "app.discards", "Disc", group=DISPLAYS),
    Binding("g", "app.vp_chart", "VP", group=DISPLAYS),
    # The app's own keys, here too: a report is a modal screen, which hides the app's bindings
    Binding("c", "app.chat", "Chat"),  # shared games only: there "u Undo" is not shown, so it fits
    Binding("k", "app.walkthrough_controls", "Steps"),
    Binding("ctrl+l", "app.lobby", "Lobby", show=False),  # in the help and README: the footer is full
]
