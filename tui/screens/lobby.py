"""The lobby of shared games (the store in the save folder): their seats, who sits where, and
creating, joining or watching one. Over SSH it is the first screen, as the key's player."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.content import Content
from textual.widgets.option_list import Option

from core.i18n import N_, _, ngettext
from core.views import seat_shown
from tui.error_log import errors_logged
from tui.messages import Destination, JoinSharedGame, LeaveGame, SetPlayerName
from tui.textual_private import SteadyOptionList, being_taken_down, widgets_up
from tui.widgets.key_footer import KeyFooter
from tui.widgets.texts import FittedInput, set_text

if TYPE_CHECKING:
    from core.setup import Seat
    from tui.shared_games import GameRow, Listing, SharedGames
    from tui.terminal import Terminal

LOBBY_REFRESH_SECONDS = 1.0


def seat_label(seat: Seat, holder: str, player: str, power_names: dict[str, str], over: bool = False) -> str:
    """A seat's line; ``over``: the game has ended (play-test: its seats still said "waiting for Ben")."""
    powers = ", ".join(_(power_names.get(p, p)) for p in seat.powers)
    if not seat.is_person:
        return "  " + _("{powers}: {bot}").format(powers=powers, bot=seat_shown(seat))
    if over:  # only one's own seat is taken (another's seat is refused): the watch line shows the end too
        state = _("the game is over: Enter shows its end") if seat.name == player else _("the game is over")
    elif holder == player:  # SSH play-test: "Enter to rejoin" read as if the game there had been left
        state = _("yours, open elsewhere: Enter to play here too")
    elif holder:
        state = _("played by {person}").format(person=holder)
    elif seat.name == player:
        state = _("free, named for you: Enter to take it")
    else:  # shared-game play-test: "waiting for Ben" read as Ben's turn
        state = _("empty until {person} sits down").format(person=seat.name)
    return "  " + _("{powers}: seat {seat} - {state}").format(powers=powers, seat=seat.name, state=state)


def your_turn_first(games: Listing, player: str) -> Listing:
    """The games waiting for ``player``'s decision first, then the others; the newest first in each."""
    newest_first = list(reversed(games))
    return sorted(newest_first, key=lambda game: not (game[0].waiting is not None and game[0].waiting.waits_for(player)))


def whose_turn(row: GameRow, player: str, power_names: dict[str, str]) -> str:
    """Whose decision the game waits for (store.Waiting, kept with every action)."""
    waiting = row.waiting
    if waiting is None or waiting.over:
        return _("game over") if waiting is not None else _("no one's turn")
    power = _(power_names.get(waiting.power, waiting.power))
    if waiting.waits_for(player):
        return _("YOUR TURN ({power})").format(power=power)
    if waiting.person:
        return _("{person}'s turn ({power})").format(person=waiting.seat, power=power)
    return _("the computers' turn ({power})").format(power=power)


def damaged_label(game_id: int, damage: str) -> str:
    """A damaged game's one line, with no seat to take and nothing to watch (store.DamagedGame)."""
    return _("Game {game} - damaged, it cannot be played: {problem} - the host can take it out with "
             "'python -m core store remove {game}'").format(game=game_id, problem=damage)


# Enter on a seat, or in the name box, before the player has a name
NAME_FIRST = N_("Type your name first: the other players see it on your seat.")


class LobbyScreen(Screen[None]):
    """Every shared game with its seats; Enter on a free seat takes it, on "watch" follows the game."""

    BINDINGS = [
        Binding("n", "new_game", N_("New shared game")),
        Binding("r", "refresh", N_("Refresh")),
        Binding("i", "language", N_("Language")),
        Binding("escape", "back", N_("Back")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self, terminal: Terminal) -> None:
        super().__init__()
        self.terminal = terminal
        self.player_fixed = terminal.player_fixed  # over SSH the name is the key's
        self.player = terminal.player
        self._games: SharedGames | None = None  # the store, opened by the first listing
        self._left = False  # the screen is taken down: its store is closed
        self._targets: dict[str, tuple[int, str | None]] = {}  # option id -> (game, seat or None: watch)
        self._players: list[str] = []  # the people of the games listed: the new-game form checks names by them
        self._shown: list[str] | None = None  # the listing on screen (None: not yet shown)
        # why the last thing asked here was refused: it stays through the listings read every second (hostile-files
        # play-test: a refused join's reason was gone in under a second) until the player asks something else
        self._refusal = ""
        self._joined = False  # a game was asked for here: back from it, the cursor goes to the player's own seat
        self._to_own_seat = False  # the next listing does that
        self._games_listed: set[int] | None = None  # the games of the last listing (None: none yet)

    def compose(self) -> ComposeResult:
        yield Static("", id="lobby-title", markup=False)
        if not self.player_fixed:
            with Horizontal(classes="seat"):
                yield Label(_("Your name").ljust(12))
                yield FittedInput(value=self.player, id="player-name", max_length=20, compact=True)
        yield SteadyOptionList(id="lobby-games")
        yield Static("", id="lobby-problem", markup=False)
        yield KeyFooter()

    def on_unmount(self) -> None:
        """The store's connection goes with the screen (review: every lobby shown kept one open for good); closed in a
        thread, as closing waits for a listing under way, which a store locked by another program holds. A first
        listing still opening it closes it itself (``_left``)."""
        self._left = True
        if self._games is not None:
            threading.Thread(target=self._games.close, daemon=True).start()

    def on_mount(self) -> None:
        if self not in self.app.screen_stack or being_taken_down(self):  # opened and left in one burst of keys
            return
        # the first listing comes with the ScreenResume that follows the mount (not mounted yet here)
        self.set_interval(LOBBY_REFRESH_SECONDS, self.action_refresh)
        self.query_one("#lobby-games", OptionList).focus()

    def on_screen_resume(self) -> None:
        # back from the game joined here (not uncovered for no frame as a game's screens change): listed anew,
        # the cursor on the player's own seat
        if self._joined and self.is_current:
            self._joined, self._shown, self._to_own_seat = False, None, True
        self.action_refresh()

    @on(Input.Changed, "#player-name")
    def _renamed(self, event: Input.Changed) -> None:
        self.player = event.value.strip()
        self._refusal = ""
        self.post_message(SetPlayerName(self.player))
        self.action_refresh()

    @on(Input.Submitted, "#player-name")
    def _name_entered(self) -> None:
        """Enter in the name box (reached with Tab) goes back to the games (a play-test: it said nothing)."""
        if not self.player:
            self.show_problem(_(NAME_FIRST))
            return
        self.query_one("#lobby-games", OptionList).focus()

    def action_refresh(self) -> None:
        """The list again from the store (every second: seats taken and left on other terminals), read
        in a worker: a store held by another program never holds the keys."""
        if not self.is_current or not widgets_up(self):  # a game is on screen above (over SSH the lobby stays under it)
            return
        title = _("Shared games - you are {person} - Enter takes a seat or watches").format(person=self.player or _("(no name yet)"))
        set_text(self.query_one("#lobby-title", Static), title)
        self._read_store()

    @work(thread=True, exclusive=True, group="lobby", exit_on_error=False)
    def _read_store(self) -> None:
        from tui.shared_games import SharedGames

        with errors_logged(self, self.terminal.save_dir, N_("reading the shared games")):
            if self._games is None:
                self._games = SharedGames(self.terminal.save_dir, self.terminal.data)
            try:
                games = self._games.listing()
            except SharedGames.ERRORS as exc:
                self.app.call_from_thread(self._say, str(exc))
                return
            finally:
                if self._left:  # left while this first listing opened the store
                    self._games.close()
            self.app.call_from_thread(self._list, games)

    def _list(self, games: Listing) -> None:
        if not widgets_up(self):  # taken down while the store was read
            return
        options = self._options(games)
        labels = [f"{option.id}|{option.prompt}" for option in options]
        if labels == self._shown:
            return
        self._shown = labels
        listing = self.query_one("#lobby-games", OptionList)
        highlighted = listing.highlighted_option.id if listing.highlighted_option is not None else None
        listing.clear_options()
        listing.add_options(options)
        ids = [option.id for option in options]
        # first the player's own seat (play-test: the first seat, another player's, was highlighted, and
        # Enter on it was refused), in the game waiting for them first
        own = [i for i, option in enumerate(options) if not option.disabled and self._targets.get(option.id or "", (0, None))[1] == self.player]
        selectable = [i for i, option in enumerate(options) if not option.disabled]
        listed_before, self._games_listed = self._games_listed, {row.id for row, _holders in games}
        # a new game with a seat of the player's goes under the cursor (shared-game play-test: created by another
        # player, it was listed first, the cursor stayed on the seat of a game over, and Enter opened that game)
        new_own = [i for i in own if listed_before is not None and self._targets[ids[i] or ""][0] not in listed_before]
        if new_own:
            listing.highlighted = new_own[0]
        elif highlighted in ids and not (self._to_own_seat and own):
            listing.highlighted = ids.index(highlighted)
        elif own or selectable:
            listing.highlighted = (own or selectable)[0]
        self._to_own_seat = False
        self._say("" if games else _("No shared games yet: n creates one."))

    def _options(self, games: Listing) -> list[Option]:
        names = self.terminal.names
        scenarios = self.terminal.data.scenarios
        player = self.player
        options: list[Option] = []
        self._targets = {}
        self._players = [seat.name for row, _holders in games if row.setup is not None for seat in row.setup.seats if seat.is_person]
        for row, holders in your_turn_first(games, player):
            setup = row.setup
            if setup is None:  # QA: one game's damaged set-up emptied the lobby; the others are listed and played
                options.append(Option(Content(damaged_label(row.id, row.damage)), id=f"game-{row.id}", disabled=True))
                continue
            scenario = _(scenarios[setup.scenario].name) if setup.scenario in scenarios else setup.scenario
            options.append(Option(
                # "moves played" (SSH play-test: "1 action" meant nothing to a player)
                Content(ngettext("Game {game} - {scenario} - {turn} - {actions} move played - created {created}",
                                 "Game {game} - {scenario} - {turn} - {actions} moves played - created {created}", row.actions).format(
                    game=row.id, scenario=scenario, turn=whose_turn(row, player, names), actions=row.actions,
                    created=row.created[:16].replace("T", " "),
                )),
                id=f"game-{row.id}", disabled=True,
            ))
            for index, seat in enumerate(setup.seats):
                option_id = f"seat-{row.id}-{index}"
                over = row.waiting is not None and row.waiting.over
                label = Content(seat_label(seat, holders.get(seat.name, ""), player, names, over))  # names are text, not markup
                options.append(Option(label, id=option_id, disabled=not seat.is_person))
                self._targets[option_id] = (row.id, seat.name)
            watch_id = f"watch-{row.id}"
            options.append(Option("  " + _("watch as an onlooker"), id=watch_id))
            self._targets[watch_id] = (row.id, None)
        return options

    @on(OptionList.OptionSelected, "#lobby-games")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        target = self._targets.get(event.option_id or "")
        if target is None or not self.is_current:  # a second Enter in a burst, after the game is shown
            return
        self._refusal = ""
        if not self.player:
            self.show_problem(_(NAME_FIRST))
            return
        game_id, seat = target
        # back from that game, the cursor goes to the player's own seat again (shared-game play-test: it stayed
        # on "watch as an onlooker", and the next Enter watched again instead of taking the seat); not after the
        # language screen or the new-game form (review)
        self._joined = True
        self.post_message(JoinSharedGame(game_id, seat))

    def action_new_game(self) -> None:
        from tui.screens.new_game import NewGameScreen

        self._refusal = ""
        if not self.player:
            self.show_problem(_("Type your name first: the new game gives you a seat by it."))
            return
        data = self.terminal.read_data(self.post_message)
        if data is not None:
            self.app.push_screen(NewGameScreen(
                data, shared=True, player=self.player, known_players=self._players, key_players=self.terminal.key_players,
            ))

    def action_language(self) -> None:
        from tui.screens.language import LanguageScreen

        self.app.push_screen(LanguageScreen())

    @property
    def _opened_from_the_title(self) -> bool:
        """Over SSH, and with --store, the lobby is the first screen: nothing is under it to go back to."""
        return len(self.app.screen_stack) > 1

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc (back to the title) only where the lobby was opened from it (shared-game play-test: over SSH the
        footer offered 'esc Back', which did nothing)."""
        return self._opened_from_the_title if action == "back" else True

    def action_back(self) -> None:
        """Back to the title (opened from it): a seat asked for and not yet taken is not taken then."""
        if self._opened_from_the_title:
            self.post_message(LeaveGame(Destination.TITLE))

    def show_problem(self, text: str, refused_key: bool = False, failed: bool = False) -> None:
        """What the player asked was refused, or failed: said until they ask something else."""
        self._refusal = text
        self._joined = False  # a join refused: no game to come back from
        self._say(text)

    def _say(self, text: str) -> None:
        """The line under the games: a refusal of what was asked here first, else what the listing says."""
        if widgets_up(self):
            self.query_one("#lobby-problem", Static).update(self._refusal or text)
