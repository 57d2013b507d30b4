"""The rules browser: every rule ID with its text, source tags and what the engine does with it."""

from __future__ import annotations

import functools
import re
from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core.i18n import N_, _, folded, ngettext
from core.rule_status import Status, Treatment, status
from core.rules_text import RuleEntry, base_id, entries
from tui.screens.kept import kept_screen
from tui.widgets.rule_text import RuleText
from tui.widgets.scrolling import Scrolling
from tui.widgets.key_footer import KeyFooter
from tui.widgets.texts import set_text, typed_if_focused
from tui.textual_private import KeysInOrderInput, SteadyOptionList, StyledAnewOnlyWhenStale, being_taken_down

# Nearly every rule is enforced: the list marks the others, and gives the room to each rule's title.
TREATMENT_MARK = {
    Treatment.ENFORCED: "",
    Treatment.TABLE: N_("(table)"),
    Treatment.NOT_IN_SOURCES: N_("(no source)"),
    Treatment.NOT_CITED: N_("(not cited)"),
}
# What the engine does with a rule, as the rule's text says it (the Treatment's value, in words)
TREATMENT_NAME = {
    Treatment.ENFORCED: N_("enforced"),
    Treatment.TABLE: N_("table action"),
    Treatment.NOT_IN_SOURCES: N_("not in the sources"),
    Treatment.NOT_CITED: N_("not cited by the engine"),
}
# 80 columns leave the rule text 46, the least that lays out the widest table (SCI-2) without cut words.
LIST_WIDTH = 32
# The list's room for text: its width less the border, the option padding and the scrollbar.
LIST_TEXT_WIDTH = LIST_WIDTH - 4
_SOURCE_TAG = re.compile(r"`?\[(?:S\d?|D|P)\]`?")
_SENTENCE_END = re.compile(r"[.:;](?=\s|$)|\n")


def matching(query: str) -> list[RuleEntry]:
    """Rules whose ID starts with the query (MAR, MAR-4, SUEZ), then the rules whose text has every
    word of it ('Suez' finds SUEZ-1..SUEZ-3, then the rules that mention the canal)."""
    words = query.split()
    if not words:
        return list(entries())
    first = query.strip().upper()
    by_id = [e for e in entries() if e.id.startswith(first) or e.id == base_id(query.strip())]
    # a query that names rule IDs finds the rules mentioning it as a word ('MAR' cites MAR-4, not "marker")
    patterns = [re.compile(rf"\b{re.escape(folded(w))}\b" if by_id else re.escape(folded(w))) for w in words]
    by_text = [e for e in entries() if e not in by_id and all(p.search(_searched_text(e)) for p in patterns)]
    return by_id + by_text


@functools.cache  # each language's entries once (a search runs at each key typed)
def _searched_text(entry: RuleEntry) -> str:
    """A rule's ID, section (and topic) and text as a search reads them: case and accents set aside (core.i18n.folded)."""
    return folded(f"{entry.id} {entry.where} {entry.plain}")


def rule_markdown(entry: RuleEntry, engine: Status) -> str:
    tags = "".join(f"[{t}]" for t in entry.tags)
    if not tags:
        tags = _("[S] (tagged on {rule}, for the rules after it)").format(rule=entry.stated_as) if entry.stated_as else _("none")
    note = f" - {_(engine.note)}" if engine.note else ""  # the engine's notes are core's messages
    about = _("Sources: {tags}. Engine: {treatment}{note}.").format(tags=tags, treatment=_(TREATMENT_NAME[engine.treatment]), note=note)
    steps = "".join(f"\n\n{rule.markdown}" for rule in entries() if rule.id in entry.steps)
    return f"## {entry.id} ({entry.where})\n\n*{about}*\n\n{entry.markdown}{steps}"


def short_title(entry: RuleEntry) -> str:
    """The first words of a rule's text, to the end of its first sentence: 'Turn sequence'."""
    text = _SOURCE_TAG.sub("", entry.markdown).replace("`", "").removeprefix(entry.id).strip()
    first = _SENTENCE_END.split(text, maxsplit=1)[0]
    return re.sub(r"\s+", " ", first).replace(" ,", ",").strip()


def list_line(entry: RuleEntry) -> str:
    """'GEN-3   SD  Turn sequence', cut to the list's width (an ellipsis ends a cut title)."""
    mark = TREATMENT_MARK[status(entry.id).treatment]
    line = f"{entry.id:<8}{''.join(entry.tags):<4}{_(mark) + ' ' if mark else ''}{short_title(entry)}"
    return line if len(line) <= LIST_TEXT_WIDTH else line[: LIST_TEXT_WIDTH - 1].rstrip() + "…"


class RulesBrowser(StyledAnewOnlyWhenStale, ModalScreen[None]):
    """Search by rule ID or words; the list shows each rule's title, source tags and (when it is not
    enforced) its engine treatment."""

    DEFAULT_CSS = f"""
    RulesBrowser {{ background: $background 100%; }}
    RulesBrowser #rules-search {{ height: 1; border: none; margin: 0 1; }}
    RulesBrowser #rules-found {{ height: 1; color: $text-muted; padding: 0 1; }}
    /* 100%, not 1fr: 1fr leaves out the search box's side margins, 2 columns the rule text needs. */
    RulesBrowser #rules-panes {{ width: 100%; height: 1fr; }}
    RulesBrowser #rules-list {{ width: {LIST_WIDTH}; height: 1fr; border: none; border-right: solid $primary-darken-2; scrollbar-size-vertical: 1; }}
    RulesBrowser #rules-text-box {{ width: 1fr; height: 1fr; padding: 0 0 0 1; scrollbar-size-vertical: 1; }}
    """
    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("slash", "search", N_("Search"), priority=True),
        Binding("down", "list", N_("List"), show=False),
        # a long rule scrolls once its text has the keys
        Binding("tab", "text", N_("Rule text"), key_display="⇥"),
        Binding("tab", "back_to_list", N_("List"), key_display="⇥"),
    ]

    def __init__(self, rule: str = "") -> None:
        super().__init__()
        self.start_rule = base_id(rule) if rule else ""
        self.shown: list[RuleEntry] = []

    def show_rule(self, rule: str) -> None:
        """Open as new: every rule listed, ``rule`` (if any) highlighted and shown."""
        self.start_rule = base_id(rule) if rule else ""
        if not self.is_mounted:
            return  # on_mount shows it
        search = self.query_one("#rules-search", Input)
        with search.prevent(Input.Changed):
            search.value = ""
        self._fill(list(entries()), self.start_rule)
        options = self.query_one("#rules-list", OptionList)
        options.scroll_home(animate=False, immediate=True)  # where a new list would be scrolled
        options.scroll_to_highlight()
        options.focus()

    def compose(self) -> ComposeResult:
        yield KeysInOrderInput(placeholder=_("/ search: a rule ID (MAR-4, PAT) or words (Valois), Enter to list"), id="rules-search", compact=True)
        yield Static("", id="rules-found", markup=False)
        with Horizontal(id="rules-panes"):
            yield SteadyOptionList(id="rules-list")
            with Scrolling(id="rules-text-box"):
                yield RuleText(id="rules-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        if being_taken_down(self):  # pushed as the app closed: none of its widgets were mounted
            return
        self._fill(list(entries()), self.start_rule)
        self.query_one("#rules-list", OptionList).focus()

    def _fill(self, found: list[RuleEntry], select: str = "") -> None:
        options = self.query_one("#rules-list", OptionList)
        if found != self.shown:  # a list of 77 costs ~30 ms to build and lay out again
            self.shown = found
            options.clear_options()
            options.add_options([Option(list_line(e), id=e.id) for e in found])
        total = len(entries())
        count = ngettext(
            "{found} of {count} rule - [S] sources [D] decision [P] provisional",
            "{found} of {count} rules - [S] sources [D] decision [P] provisional",
            total,
        ).format(found=len(found), count=total)
        set_text(self.query_one("#rules-found", Static), count)
        if found:
            ids = [e.id for e in found]
            options.highlighted = ids.index(select) if select in ids else 0
            self._show(found[options.highlighted or 0])
        else:
            self._show_text(_("No rule matches this search."))

    def _show(self, entry: RuleEntry) -> None:
        self._show_text(rule_markdown(entry, status(entry.id)))

    def _show_text(self, markdown: str) -> None:
        self.query_one(RuleText).show(markdown)
        self.query_one("#rules-text-box", Scrolling).scroll_home(animate=False)

    @property
    def current_rule(self) -> str:
        options = self.query_one("#rules-list", OptionList)
        index = options.highlighted
        return self.shown[index].id if index is not None and self.shown else ""

    @on(OptionList.OptionHighlighted, "#rules-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if 0 <= event.option_index < len(self.shown):
            self._show(self.shown[event.option_index])

    @on(Input.Changed, "#rules-search")
    def _search(self, event: Input.Changed) -> None:
        self._fill(matching(event.value))

    @on(Input.Submitted, "#rules-search")
    def _searched(self, event: Input.Submitted) -> None:
        self.query_one("#rules-list", OptionList).focus()

    def action_search(self) -> None:
        """A priority key, focusing the box at once: the keys read with '/' are the search's (as ':' on the board)."""
        box = self.query_one("#rules-search", Input)
        if not typed_if_focused(box, "/"):
            self.set_focus(box)

    def action_list(self) -> None:
        self.query_one("#rules-list", OptionList).focus()

    def action_back_to_list(self) -> None:
        self.action_list()

    def action_text(self) -> None:
        self.query_one("#rules-text-box", Scrolling).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        in_text = self.focused is not None and self.focused.id == "rules-text-box"
        if action == "text":
            return not in_text
        if action == "back_to_list":
            return in_text
        return True

    def action_close(self) -> None:
        self.dismiss(None)


def open_rules_browser(app: App[Any], rule: str = "") -> None:
    """The browser at ``rule`` (a rule ID cited by a decision or a log line), or at the first rule."""
    screen = kept_screen(app, "rules-browser", lambda: RulesBrowser(rule))
    screen.show_rule(rule)
    app.push_screen(screen)
