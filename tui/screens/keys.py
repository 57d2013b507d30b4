"""The one set of viewing keys every game screen has (phase screens and reports alike).

Labels are short so that every key fits the footer at 80 columns; the five displays share one label
(their keys are in the README and the help), which leaves room for the keys of the decision. The
descriptions are marked here and translated by the footer (tui/widgets/key_footer.py).
"""

from __future__ import annotations

from textual.binding import Binding

from core.i18n import N_

DISPLAYS = Binding.Group(N_("Displays"), compact=True)

VIEW_KEYS: list[Binding] = [
    Binding("question_mark", "app.rule_help", N_("Rule")),
    Binding("l", "app.full_log", N_("Log")),
    Binding("m", "app.map", N_("Map")),
    Binding("w", "app.royals", N_("Wed"), group=DISPLAYS),
    Binding("p", "app.patronage_chart", N_("Patron"), group=DISPLAYS),
    Binding("v", "app.powers", N_("Powers"), group=DISPLAYS),
    Binding("d", "app.discards", N_("Disc"), group=DISPLAYS),
    Binding("g", "app.vp_chart", N_("VP"), group=DISPLAYS),
    # The app's own keys, here too: a report is a modal screen, which hides the app's bindings
    Binding("c", "app.chat", N_("Chat")),  # shared games only, and not beside "u Undo" (tui/screens/game.py): it fits
    Binding("k", "app.walkthrough_controls", N_("Steps")),
    Binding("ctrl+l", "app.lobby", N_("Lobby"), show=False),  # in the help and README: the footer is full
]
