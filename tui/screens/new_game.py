"""The new-game form: scenario, who holds each power (a person or a computer player), seed, options.

Its own module, loaded once the title is on screen (it reads the game data, which the title does not)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from core.dice import SEED_DIGITS
from core.i18n import N_, _, ngettext
from tui.messages import CreateSharedGame, StartGame
from tui.textual_private import KeysInOrderInput, SteadySelect, StyledAnewOnlyWhenStale
from tui.widgets.key_footer import KeyFooter
from tui.widgets.texts import FittedInput, say_in

if TYPE_CHECKING:
    from core.gamedata import GameData
    from core.setup import Seat


# Who may hold a power in the new-game form: a person (named beside it) or a computer player (core/bots.py).
PERSON = "person"
PERSON_PLACEHOLDER = N_("a person's name")
# hidden-information audit: a six-digit seed shown on the form gave its reader every hand and roll (GEN-8)
SECRET_SEED_PLACEHOLDER = N_("secret, drawn at the start (type one to repeat a game)")
HOLDERS = (
    (N_("Person"), PERSON), (N_("Computer: random"), "random"), (N_("Computer: greedy"), "greedy"), (N_("Computer: search"), "search"),
)
COMPUTER_KINDS = tuple(value for _label, value in HOLDERS if value != PERSON)

# What each way of opening response windows tells the table (GEN-8), one line under its field: a
# newcomer did not know that "ask only holders" shows the others who holds a response card (play-test), nor a combat
# card (SSH play-test: "Waiting for Ben, asked in a window to play a card (CARD-3)")
STRICT_HINTS = {
    "off": N_("Off: asking only holders shows the others who holds a response or combat card"),
    "on": N_("On: every other person is asked at every window, so nothing leaks"),
}


NAME_LENGTH = 20  # a person's name in the form, at most
KNOWN_PLAYERS_NAMED = 6  # a shared game's form names at most these players so far, then how many more


def computer_seat_name(bot: str) -> str:
    """The name of a computer seat, kept in the game: English in every language (a seat's name is its
    identity, as a person's is; the lobby shows the kind of computer translated)."""
    return f"{bot} computer"


def seats_for(holders: dict[str, tuple[str, str]]) -> tuple[Seat, ...]:
    """Power -> (holder, name) as seats: one person seat per name (the same name = one person, GEN-2),
    one computer seat per kind of computer player holding all the powers given to it."""
    from core.setup import Seat, SeatKind

    people: dict[str, list[str]] = {}
    computers: dict[str, list[str]] = {}
    for power, (holder, name) in holders.items():
        if holder == PERSON:
            people.setdefault(name, []).append(power)
        else:
            computers.setdefault(holder, []).append(power)
    return (
        *(Seat(name, tuple(powers)) for name, powers in people.items()),
        *(Seat(computer_seat_name(bot), tuple(powers), SeatKind.COMPUTER, bot) for bot, powers in computers.items()),
    )


class NewGameScreen(StyledAnewOnlyWhenStale, Screen[None]):
    """Scenario, who holds which power (a person by name, the same name = the same person; or a
    computer player), seed, options. ``shared``: the game is created in the shared store (the lobby)."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("ctrl+n", "start", N_("Start")),
        # the form's fields are reached with Tab (play-test: the footer did not say how)
        Binding("tab", "app.focus_next", N_("Next field"), key_display="⇥"),
        Binding("shift+tab", "app.focus_previous", N_("Previous field"), key_display="⇧⇥"),
    ]
    AUTO_FOCUS = "#scenario"

    def __init__(
        self, data: GameData, shared: bool = False, player: str = "", known_players: Sequence[str] = (), key_players: Sequence[str] = (),
        remembered: Mapping[str, tuple[str, str]] | None = None,
    ) -> None:
        """``known_players``: in a shared game, the people of the store's games so far (the lobby's);
        ``key_players``: over SSH, every player the server lets in (its keys' names); ``remembered``: the
        last local game's seats (tui/settings.py), power -> (computer kind or "", person's name)."""
        super().__init__()
        self.data = data
        self.remembered = remembered or {}
        self.shared = shared
        self.player = player
        self.known_players = tuple(dict.fromkeys((player, *key_players, *known_players)))
        self._keyed = bool(key_players)
        self._unknown_confirmed: tuple[str, ...] = ()  # the new names Ctrl+N was pressed on twice
        self._alike_confirmed: tuple[str, ...] = ()  # the names alike but for capitals Ctrl+N was pressed on twice
        self._set_aside: dict[str, str] = {}  # power -> the person's name it had before it went to a computer
        self._problem = ""  # what the line above Start says

    def forget_typed_seed(self) -> None:
        """Opened again for another game: a secret seed again (none typed), and no problem left from the last one."""
        if self.is_mounted:
            if not self.shared:
                self.query_one("#seed", Input).value = ""
            self._say_problem("")
            self.query_one("#scenario").focus()  # the first field again, not the last one used (play-test)

    def _default_holder(self, index: int) -> tuple[str, str]:
        """Locally every power starts as in the last local game (newcomer play-test: the form forgot it,
        and six seats were set again), else with "Player 1" (in the player's language: a name, kept as
        typed); a shared game starts with the player creating it on the first power and random computer
        players on the others."""
        if not self.shared:
            bot, name = self.remembered.get(self.data.powers[index].id, ("", ""))
            if bot in COMPUTER_KINDS:
                return bot, ""
            return PERSON, name[:NAME_LENGTH] if name else _("Player 1")
        return (PERSON, self.player) if index == 0 else ("random", "")

    def compose(self) -> ComposeResult:
        data = self.data
        heading = (
            _("New shared game: person or computer per power; same name = same person (GEN-2)")
            if self.shared
            else _("New game: person or computer per power; same name = same person (GEN-2)")
        )
        holders = [(_(label), value) for label, value in HOLDERS]
        # the box is no Tab stop: a stop that showed no focus, where Enter did nothing (play-test)
        with VerticalScroll(id="new-game", can_focus=False):
            yield Static(heading, markup=False)
            with Horizontal(classes="seat"):
                yield Label(_("Scenario").ljust(12))
                yield SteadySelect([(_(s.name), s.id) for s in data.scenarios.values()], value="campaign", allow_blank=False, id="scenario", compact=True)
            for index, power in enumerate(data.powers):
                holder, name = self._default_holder(index)
                with Horizontal(classes="seat"):
                    yield Label(f"{_(power.name):<12}")
                    yield SteadySelect(holders, value=holder, allow_blank=False, id=f"holder-{power.id}", classes="holder", compact=True)
                    yield FittedInput(value=name, placeholder=_(PERSON_PLACEHOLDER) if holder == PERSON else "", id=f"seat-{power.id}", max_length=NAME_LENGTH, compact=True, classes="person-name", disabled=holder != PERSON)
            if not self.shared:  # a shared game's seed is always secret: typed, it would give its creator every hand
                with Horizontal(classes="seat"):
                    yield Label(_("Seed").ljust(12))
                    yield KeysInOrderInput(placeholder=_(SECRET_SEED_PLACEHOLDER), id="seed", type="integer", compact=True)
            with Horizontal(classes="seat"):
                yield Label(_("Strict response windows (GEN-8)") + " ")
                strict = "on" if data.settings.options.strict_response_windows else "off"
                yield SteadySelect([(_("off: ask only holders"), "off"), (_("on: ask everyone"), "on")], value=strict, allow_blank=False, id="strict", compact=True)
            yield Static(_(STRICT_HINTS[strict]), id="strict-hint", markup=False)
            problem = Static("", id="form-problem", markup=False)
            problem.display = False  # no line until there is a problem: the form fits 80x24 in es and ru
            yield problem
            yield Button(_("Start (Ctrl+N)"), id="start", variant="primary", compact=True)
        yield KeyFooter()

    @on(Select.Changed, "#strict")
    def _strict_changed(self, event: Select.Changed) -> None:
        self.query_one("#strict-hint", Static).update(_(STRICT_HINTS[str(event.value)]))

    @on(Select.Changed, ".holder")
    def _holder_changed(self, event: Select.Changed) -> None:
        """A computer seat shows no person's name (play-test: "Player 1" stayed, greyed, beside
        "Computer: random"); the name comes back when the seat is a person's again."""
        power = (event.select.id or "").removeprefix("holder-")
        name = self.query_one(f"#seat-{power}", Input)
        if event.value == PERSON:
            name.disabled, name.placeholder = False, _(PERSON_PLACEHOLDER)
            name.value = name.value or self._set_aside.pop(power, "")
        elif not name.disabled:
            self._set_aside[power] = name.value
            name.disabled, name.value, name.placeholder = True, "", ""

    @on(Input.Changed, ".person-name")
    def _name_changed(self, event: Input.Changed) -> None:
        """The field takes no letter past the longest name: it says so once a name is that long
        (Russian play-test: a long name was cut with nothing said), and takes the line back below it."""
        at_most = _("A person's name is at most {most} characters: more are not taken.").format(most=NAME_LENGTH)
        if len(event.value) >= NAME_LENGTH:
            self._say_problem(at_most)
        elif self._problem == at_most:
            self._say_problem("")

    def holders(self) -> dict[str, tuple[str, str]]:
        return {
            p: (str(self.query_one(f"#holder-{p}", Select).value), self.query_one(f"#seat-{p}", Input).value.strip())
            for p in self.data.power_ids
        }

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        # Ctrl+N twice in one burst starts one game; 'n' and Ctrl+N in one burst reach the form on top
        # of the stack before its fields are composed (a real terminal's random keys closed the app)
        if not self.is_current or not self.is_mounted:
            return
        data = self.data
        holders = self.holders()
        people = {p: name for p, (holder, name) in holders.items() if holder == PERSON}
        missing = [_(data.power_name(p)) for p, name in people.items() if not name]
        computer_names = {computer_seat_name(bot) for bot in COMPUTER_KINDS}
        taken = sorted({name for name in people.values() if name in computer_names})
        seed_text = "" if self.shared else self.query_one("#seed", Input).value.strip()
        if missing:
            self._say_problem(_("Every power needs a person (GEN-2) or a computer: name one for {powers}.").format(powers=", ".join(missing)))
            return
        if taken:
            self._say_problem(_("{name!r} names a computer player: give the person another name.").format(name=taken[0]))
            return
        if seed_text and not seed_text.lstrip("-").isdigit():
            self._say_problem(_("The seed must be a whole number."))
            return
        if len(seed_text.lstrip("-")) > SEED_DIGITS:  # QA: 5,000 nines ended the app (int() refuses over 4,300 digits)
            self._say_problem(_("The seed must be a whole number of at most {most} digits.").format(most=SEED_DIGITS))
            return
        if self.shared and not self._names_known(people) or not self.shared and not self._alike_names_confirmed(people):
            return
        holders = self.holders()  # with the names written as the players' own
        from core.dice import secret_seed
        from core.setup import Setup
        from tui.slots import started_now

        setup = Setup(
            started=started_now(),
            scenario=str(self.query_one("#scenario", Select).value),
            seed=int(seed_text) if seed_text else secret_seed(),
            seats=seats_for(holders),
            strict_response_windows=self.query_one("#strict", Select).value == "on",
        )
        self.post_message(CreateSharedGame(setup) if self.shared else StartGame(setup))

    def _alike_names_confirmed(self, people: dict[str, str]) -> bool:
        """Names that differ only in capitals are two people (GEN-2: one name, one person), which is seldom meant
        (hostile play-test: 'Ana' and 'ana' played with hand-offs between them, and nothing said so): said once;
        Ctrl+N again starts the game as it is."""
        spellings: dict[str, set[str]] = {}
        for name in people.values():
            spellings.setdefault(name.casefold(), set()).add(name)
        alike = tuple(sorted(name for names in spellings.values() if len(names) > 1 for name in names))
        if not alike or alike == self._alike_confirmed:
            return True
        self._alike_confirmed = alike
        self._say_problem(_("{names} differ only in capitals: two people, with hand-offs between them (GEN-2). One person? "
                            "Write the name the same way. Ctrl+N again starts the game as it is.").format(
            names=", ".join(repr(name) for name in alike)))
        return False

    def _names_known(self, people: dict[str, str]) -> bool:
        """A shared game's seat is taken by the player it is named for, exactly (play-test: "ben" made a
        game nobody could play). A name that is a known player's but for capitals is written as theirs;
        a name no game here has had yet goes ahead at a second Ctrl+N, once the form has said so."""
        by_folded: dict[str, list[str]] = {}
        for known in self.known_players:
            by_folded.setdefault(known.casefold(), []).append(known)
        new: set[str] = set()
        for power, name in people.items():
            spelled = by_folded.get(name.casefold(), [])
            if name in spelled:
                continue
            if len(spelled) == 1:
                self.query_one(f"#seat-{power}", Input).value = spelled[0]
            else:  # nobody's, or two players' but for capitals: which one cannot be told
                new.add(name)
        if not new or tuple(sorted(new)) == self._unknown_confirmed:
            return True
        self._unknown_confirmed = tuple(sorted(new))
        known = list(self.known_players[:KNOWN_PLAYERS_NAMED])
        if len(self.known_players) > KNOWN_PLAYERS_NAMED:
            known.append(_("{count} more").format(count=len(self.known_players) - KNOWN_PLAYERS_NAMED))
        if self._keyed:  # over SSH: only a player with a key can sit down (the host may add one)
            problem = ngettext(
                "{names} has no SSH key here and no seat in any game (players: {known}); a seat is taken by the player "
                "named exactly. Ctrl+N again starts the game as it is.",
                "{names} have no SSH key here and no seat in any game (players: {known}); a seat is taken by the player "
                "named exactly. Ctrl+N again starts the game as it is.",
                len(new),
            )
        else:
            # shared-game play-test: Ben, sitting in the lobby, was taken for a misspelling: a new player is said to be fine
            problem = ngettext(
                "{names} has no seat in any game here yet (players so far: {known}): check the spelling, since a seat "
                "is taken by the player named exactly. A new player? Ctrl+N again starts the game as it is.",
                "{names} have no seat in any game here yet (players so far: {known}): check the spelling, since a seat "
                "is taken by the player named exactly. New players? Ctrl+N again starts the game as it is.",
                len(new),
            )
        self._say_problem(problem.format(names=", ".join(repr(name) for name in self._unknown_confirmed), known=", ".join(known)))
        return False

    def _say_problem(self, text: str) -> None:
        """The line above Start says what stops the game from starting; none takes no room."""
        problem = self.query_one("#form-problem", Static)
        self._problem = text
        say_in(problem, text)
        if text:
            problem.scroll_visible()
