"""Shared games in the app: the lobby, a seat played through the store, following the other
terminals, "the game moved on", watching, leaving (issue 11)."""

from __future__ import annotations

import asyncio

from core.bots import playable_choices
from core.setup import Seat, SeatKind, Setup
from core.store import SharedGame, SqliteStore
from tests.tui_helpers import footer_entries, screen_text, settle
from tui.app import VirginQueenApp
from tui.messages import Choose
from tui.screens.game import PhaseScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.reports import ReportScreen

SIZE = (80, 24)
SEATS = (
    Seat("Ana", ("spain",)),
    Seat("Ben", ("france",)),
    Seat("random computer", ("ottoman", "england", "empire", "protestant"), SeatKind.COMPUTER, "random"),
)


def _store_with_a_game(tmp_path, data) -> tuple[SqliteStore, int]:
    store = SqliteStore.in_folder(tmp_path, data)
    return store, store.create(Setup(seed=5, seats=SEATS))


async def _until(pilot, condition, seconds: float = 3.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, "it never happened"
        await pilot.pause(0.05)


async def _to_the_board(app, pilot) -> None:
    await _until(pilot, lambda: isinstance(app.screen, (PhaseScreen, ReportScreen)))
    while isinstance(app.screen, ReportScreen):
        await pilot.press("enter")
    assert isinstance(app.screen, PhaseScreen)


async def test_the_lobby_lists_seats_and_a_seat_is_played_through_the_store_following_the_others(tmp_path, data):
    """Ana takes her seat; her choice and the computer players' are recorded in the store (the
    computers by her terminal, seeded); Ben's choice on another terminal shows on hers within a second."""
    store, game_id = _store_with_a_game(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # the lobby reads the store in a worker
        assert isinstance(app.screen, LobbyScreen)
        text = screen_text(app)
        assert "Spain: seat Ana - free, named for you: Enter to take it" in text
        assert "France: seat Ben - empty until Ben sits down" in text  # play-test: "waiting for Ben" read as his turn
        assert "Ottoman, England, Empire, Protestant: random computer" in text and "watch as an onlooker" in text
        await pilot.press("enter")
        await _to_the_board(app, pilot)
        assert store.holders(game_id) == {"Ana": "Ana"}
        decision = app.controller.session.decision
        assert app.controller.on_screen().view.decision == decision and decision.power == "spain"
        app.screen.post_message(Choose(playable_choices(decision)[0]))
        await _until(pilot, lambda: app.controller.session.decision.power == "france")
        assert "Waiting for Ben - France." in screen_text(app)
        assert [a.seat for a in store.actions(game_id)] == ["Ana"]

        ben_store = SqliteStore.in_folder(tmp_path, data)
        ben_store.take_seat(game_id, "Ben", "Ben")
        ben = SharedGame.open(ben_store, game_id, "Ben")
        france = ben.session.decision
        ben.choose("france", playable_choices(france)[0])
        shown = len(ben.session.log)
        await _until(pilot, lambda: len(app.controller.session.log) >= shown, seconds=1.0)
        assert app.controller.session.actions[: len(ben.session.actions)] == ben.session.actions
        # then the computer players move, played by Ana's terminal (Ben's here is no app)
        await _until(pilot, lambda: any(a.seat == "random computer" for a in store.actions(game_id)))
        assert all(h.cards is None for h in app.controller.on_screen().view.hands if h.power != "spain")


async def test_a_choice_made_on_a_position_another_terminal_moved_on_from_is_refused_and_refreshed(tmp_path, data):
    store, game_id = _store_with_a_game(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # the lobby reads the store in a worker
        await pilot.press("enter")
        await _to_the_board(app, pilot)
        decision = app.controller.session.decision
        app.controller.driver.tick = lambda: None  # this terminal does not look before it chooses
        elsewhere = SharedGame.open(SqliteStore.in_folder(tmp_path, data), game_id, "Ana")  # Ana on a second terminal
        elsewhere.choose("spain", playable_choices(decision)[0])
        app.post_message(Choose(playable_choices(decision)[-1]))  # before this terminal's next look
        await settle(pilot)
        assert "the game moved on" in screen_text(app)
        assert app.controller.session.actions[0] == elsewhere.session.actions[0]
        assert store.actions(game_id)[0].choice == str(playable_choices(decision)[0])


async def test_an_onlooker_sees_no_hand_and_cannot_choose_and_leaving_frees_the_seat_gen_8(tmp_path, data):
    store, game_id = _store_with_a_game(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Cy", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # the lobby reads the store in a worker
        listing = app.screen.query_one("#lobby-games")
        listing.highlighted = [o.id for o in listing.options].index(f"watch-{game_id}")
        await pilot.press("enter")
        await _to_the_board(app, pilot)
        # the store's first word on who sits where is in: the waiting line it changes ("Ana is not at the game
        # now") takes a key's refusal with it (CI, a loaded machine: it came after the refusal, which was gone)
        await _until(pilot, lambda: "is not at the game now" in screen_text(app).replace("\n", " "))
        view = app.controller.on_screen().view
        assert view.decision is None and all(h.cards is None for h in view.hands)
        app.post_message(Choose(playable_choices(app.controller.session.decision)[0]))
        await settle(pilot)
        assert "you watch as an onlooker: onlookers make no moves" in " ".join(screen_text(app).split())
        assert store.latest_number(game_id) == 0
        await pilot.press("1")  # shared-game play-test: it said only "Not now: Waiting for Ben - Spain"
        await settle(pilot)
        assert "You watch as an onlooker: onlookers make no moves" in screen_text(app).replace("\n", " ")
        await pilot.press("t")  # SSH play-test: "recorded at a decision of your own", though an onlooker has none
        await settle(pilot)
        assert "TABLE-1: a table action is recorded by a player at their own decision; an onlooker records none" in screen_text(app).replace("\n", " ")
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen) and app.controller.driver is None
        listing = app.screen.query_one("#lobby-games")
        await settle(pilot)
        listing.highlighted = [o.id for o in listing.options].index(f"seat-{game_id}-1")
        await pilot.press("enter")  # Ben's seat: Cy may watch but not sit in it
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen) and "game 1: the seat of France is Ben's; you, Cy, may watch the game as an onlooker" in screen_text(app).replace("\n", " ")
        assert store.holders(game_id) == {}


async def test_a_new_game_with_a_seat_of_the_players_takes_the_cursor_when_it_is_listed(tmp_path, data):
    """Shared-game play-test: Ana created a game while Ben looked at the lobby, his cursor on his seat of a game
    over; the new game was listed first, the cursor stayed, and Enter opened the game over. The new game's seat
    of his takes the cursor; a new game without a seat of his leaves it where it is."""
    store, first = _store_with_a_game(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        listing = app.screen.query_one("#lobby-games")
        assert listing.highlighted_option.id == f"seat-{first}-1"
        others = (Seat("Ana", ("spain",)), Seat("random computer", tuple(p for p in data.power_ids if p != "spain"), SeatKind.COMPUTER, "random"))
        store.create(Setup(seed=6, seats=others))  # no seat of Ben's
        await _until(pilot, lambda: len([o for o in listing.options if o.id and o.id.startswith("game-")]) == 2)
        assert listing.highlighted_option.id == f"seat-{first}-1"
        third = store.create(Setup(seed=7, seats=SEATS))
        await _until(pilot, lambda: any(o.id == f"seat-{third}-1" for o in listing.options))
        assert listing.highlighted_option.id == f"seat-{third}-1"


async def test_in_a_shared_game_the_board_shown_after_reports_takes_no_number_key_for_a_moment_gen_7(tmp_path, data, monkeypatch):
    """Shared-game play-test: Ben pressed Enter on a report (or on his seat in the lobby) and 0 at once, and it
    declined a proposal that had come meanwhile (a shared game had no undo then). A board shown after screens
    taken with Enter takes no key from its list for a moment, and says so; a moment later it does."""
    from tui.widgets import decision as panel_module

    monkeypatch.setattr(panel_module, "CHANGED_UNDER_SECONDS", 60.0)
    store, game_id = _store_with_a_game(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await _to_the_board(app, pilot)
        await settle(pilot)
        made = len(app.controller.session.actions)
        await pilot.press("1")
        await settle(pilot)
        assert len(app.controller.session.actions) == made
        assert "The board is shown just now: read its decision, then choose (1 took nothing)" in screen_text(app)
        monkeypatch.setattr(panel_module, "CHANGED_UNDER_SECONDS", 0.0)  # a moment later
        await pilot.press("1")
        await _until(pilot, lambda: len(app.controller.session.actions) > made)


async def test_a_decision_that_came_under_a_report_is_held_after_the_reports_enter_in_a_shared_game(tmp_path, data, monkeypatch):
    """Re-test: Ben read the Card Draw report while Ana moved; her move laid his board out anew under the report
    (the report taken off and put back), the board's resume came after the report was back, and the hold it set
    was spent before Ben's Enter: his 3, pressed just after, made a proposal."""
    from core.bots import bots_for
    from tui.widgets import decision as panel_module

    monkeypatch.setattr(panel_module, "CHANGED_UNDER_SECONDS", 60.0)
    seats = (Seat("Ana", ("spain",)), Seat("Ben", ("england",)),
             Seat("random computer", ("ottoman", "france", "empire", "protestant"), SeatKind.COMPUTER, "random"))
    store = SqliteStore.in_folder(tmp_path, data)
    game_id = store.create(Setup(seed=5, seats=seats))
    app = VirginQueenApp(tmp_path, player="Ben", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, ReportScreen))
        store.take_seat(game_id, "Ana", "Ana")
        ana = SharedGame.open(store, game_id, "Ana")
        ana.choose("spain", ana.session.decision.quiet_or_first())
        ana.play_computer_turns(bots_for(seats))
        await _until(pilot, lambda: app.controller.on_screen().view.decision is not None)
        await settle(pilot)
        assert isinstance(app.screen, ReportScreen)
        # the board's hold waits for the Enter that shows it (its resume under the report put back took it)
        assert app.board._game_screen().no_highlight_when_shown
        await pilot.press("enter")
        await settle(pilot)
        made = len(app.controller.session.actions)
        await pilot.press("1")
        await settle(pilot)
        assert len(app.controller.session.actions) == made, "the 1 was taken"
        assert "The board is shown just now" in screen_text(app)


async def test_a_game_created_in_the_lobby_gives_its_creator_their_seat(tmp_path, data):
    store = SqliteStore.in_folder(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # the lobby reads the store in a worker
        assert "No shared games yet" in screen_text(app)
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.holders()["ottoman"] == ("person", "Ana")
        assert app.screen.holders()["spain"] == ("random", "")
        await pilot.press("ctrl+n")
        await _to_the_board(app, pilot)
        [row] = store.list_games()
        assert store.holders(row.id) == {"Ana": "Ana"}
        assert [s.name for s in row.setup.seats] == ["Ana", "random computer"]


async def test_gen_8_a_shared_game_s_seed_is_secret_and_the_form_has_no_seed_to_type(tmp_path, data):
    """Hidden-information audit: the form showed a six-digit seed, and anyone could try every seed against
    their own first hand (a minute), then knew every hand and roll to come (GEN-8). A shared game's seed is
    drawn in secret (63 bits) and cannot be typed: its creator would know the others' hands."""
    store = SqliteStore.in_folder(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        assert not app.screen.query("#seed") and "Seed" not in screen_text(app)
        await pilot.press("ctrl+n")
        await _to_the_board(app, pilot)
        await pilot.press("escape", "t")
        await settle(pilot)
        await pilot.press("n")
        await pilot.press("ctrl+n")
        await _to_the_board(app, pilot)
    seeds = [row.setup.seed for row in store.list_games()]
    assert len(set(seeds)) == 2 and all(2**20 < seed < 2**63 for seed in seeds)  # 2**20: one chance in 2**43 of a false failure


async def _start_shared_game_with(app: VirginQueenApp, pilot, spain: str, france: str) -> NewGameScreen:
    """From the lobby: a new shared game with people typed for Spain and France, and Ctrl+N pressed once."""
    from textual.widgets import Select

    await settle(pilot)
    await pilot.press("n")
    form = app.screen
    assert isinstance(form, NewGameScreen)
    form.query_one("#holder-spain", Select).value = "person"
    form.query_one("#holder-france", Select).value = "person"
    await settle(pilot)
    form.query_one("#seat-spain").value = spain
    form.query_one("#seat-france").value = france
    await pilot.press("ctrl+n")
    await settle(pilot)
    return form


async def test_a_new_shared_games_names_are_the_players_own_or_confirmed_new(tmp_path, data):
    """Play-test: "ben" typed for Ben made a game nobody could play (a seat is taken by the player named
    exactly). A known player's name typed with other capitals is written as theirs; a name no game here
    has had yet is said so, and a second Ctrl+N starts the game with it."""
    store, _game = _store_with_a_game(tmp_path, data)  # Ana and Ben have seats
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True)
    async with app.run_test(size=SIZE) as pilot:
        form = await _start_shared_game_with(app, pilot, spain="ben", france="Cleo")
        assert form.query_one("#seat-spain").value == "Ben"
        assert "'Cleo' has no seat in any game here yet (players so far: Ana, Ben): check the spelling" in screen_text(app)
        assert "A new player? Ctrl+N again starts the game as it is." in screen_text(app).replace("\n", " ")
        assert len(store.list_games()) == 1 and app.screen is form
        await pilot.press("ctrl+n")
        await _to_the_board(app, pilot)
        row = max(store.list_games(), key=lambda game: game.id)
        assert [s.name for s in row.setup.seats if s.is_person] == ["Ana", "Ben", "Cleo"]


async def test_over_ssh_a_new_shared_games_names_are_checked_by_the_servers_keys(tmp_path, data):
    """Play-test: a player with an SSH key but no seat in any game yet was said to be unknown, the first
    shared game of every group. Over SSH the names the keys give are players; another is said to have no key."""
    store, _game = _store_with_a_game(tmp_path, data)  # Ana and Ben have seats
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True, key_players=("Ana", "Ben", "Cleo"))
    async with app.run_test(size=SIZE) as pilot:
        form = await _start_shared_game_with(app, pilot, spain="cleo", france="Dora")
        assert form.query_one("#seat-spain").value == "Cleo"
        assert "'Dora' has no SSH key here and no seat in any game (players: Ana, Ben, Cleo)" in screen_text(app)
        form.query_one("#seat-france").value = "Ben"
        await pilot.press("ctrl+n")
        await _to_the_board(app, pilot)
        row = max(store.list_games(), key=lambda game: game.id)
        assert [s.name for s in row.setup.seats if s.is_person] == ["Ana", "Cleo", "Ben"]


async def test_a_name_that_looks_like_markup_is_shown_as_text(tmp_path, data):
    """A seat named '[/x]' (any text a player may type) is listed as text, not parsed as markup."""
    store = SqliteStore.in_folder(tmp_path, data)
    others = tuple(p for p in data.power_ids if p != "spain")
    store.create(Setup(seed=2, seats=(Seat("[/x]", ("spain",)), Seat("random computer", others, SeatKind.COMPUTER, "random"))))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # the lobby reads the store in a worker
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen) and "seat [/x] - empty until [/x] sits down" in screen_text(app)


async def test_esc_in_the_lobby_opened_from_the_title_before_any_game_goes_back_to_the_title(tmp_path):
    """No game was ever opened: the app closes the lobby itself (its handler had been hidden by a flag
    of Textual's of the same name, and Esc stopped the app with a TypeError)."""
    from tui.screens.menus import TitleScreen

    app = VirginQueenApp(tmp_path, player="Ana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        assert "Back" in [entry.description for entry in footer_entries(app.screen)]
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, TitleScreen) and len(app.screen_stack) == 1


async def test_the_lobby_as_the_first_screen_offers_no_esc_back(tmp_path, data):
    """Shared-game play-test: over SSH the footer offered 'esc Back', which did nothing (nothing is under it)."""
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        assert "Back" not in [entry.description for entry in footer_entries(app.screen)]


async def test_enter_in_the_lobbys_name_box_goes_back_to_the_games_or_asks_for_a_name(tmp_path, data):
    """Play-test: Tab reached the name box, where Enter said nothing. With a name, Enter gives the games the
    keys again (the next Enter takes a seat); with none, it asks for one."""
    _store_with_a_game(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "player-name"
        await pilot.press("enter")
        assert app.focused is not None and app.focused.id == "lobby-games"
        await pilot.press("tab", "ctrl+a", "ctrl+k", "enter")
        await settle(pilot)
        assert app.focused.id == "player-name" and "Type your name first" in screen_text(app)


async def test_a_lobby_taken_down_as_the_app_closes_ignores_its_timer_and_the_stores_reply(tmp_path, data):
    """As the app closes, Textual removes each screen's widgets while the screen is still on the stack, and
    the lobby's refresh timer or the store's reply can come then (random keys then Ctrl+Q in a real
    terminal: NoMatches, exit status 1). Each is let go."""
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, data=data)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await lobby.remove()  # as App._close_all prunes every screen of the stack
        assert app.screen is lobby and lobby.is_current
        lobby.action_refresh()
        lobby._list([])
        lobby.show_problem("the store is busy")


async def test_a_refused_join_is_said_through_the_listings_read_every_second(tmp_path, data):
    """Hostile-files play-test: a join refused in the lobby was said for under a second, the next listing
    (read every second) clearing it, and Enter seemed to do nothing. The reason stays until the player asks
    something else."""
    store, game_id = _store_with_a_game(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down")  # from Ana's own seat to Ben's
        await pilot.press("enter")
        await settle(pilot)
        refusal = f"game {game_id}: the seat of France is Ben's; you, Ana, may watch the game as an onlooker"
        assert refusal in " ".join(screen_text(app).split())
        listed = app.screen._shown
        store.take_seat(game_id, "Ben", "Ben")  # the listing changes: Ben sits down on his terminal
        for _ in range(2):
            app.screen.action_refresh()
            await settle(pilot)
        assert app.screen._shown != listed, "the listing was not read again"
        assert refusal in " ".join(screen_text(app).split())
        await pilot.press("up")
        await pilot.press("enter")  # Ana asks for her own seat: the reason goes
        await _to_the_board(app, pilot)
        assert refusal not in " ".join(screen_text(app).split())


async def test_a_damaged_game_is_listed_as_damaged_and_the_others_stay_playable(tmp_path, data):
    """QA: one game's set-up set to '{broken' emptied the lobby, which said only that game's damage. The damaged
    game is listed with its reason and nothing to enter; the healthy one is listed and played."""
    store, game_id = _store_with_a_game(tmp_path, data)
    damaged = store.create(Setup(seed=6, seats=SEATS))  # the newest: listed first
    store._db.execute("UPDATE games SET setup = '{broken' WHERE id = ?", (damaged,))
    app = VirginQueenApp(tmp_path, player="Ana", lobby=True, player_fixed=True)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)  # the lobby reads the store in a worker
        text = " ".join(screen_text(app).split())
        assert (f"Game {damaged} - damaged, it cannot be played: game {damaged}'s set-up is damaged (Expecting property name enclosed "
                f"in double quotes: line 1 column 2 (char 1)) - the host can take it out with 'python -m core store remove {damaged}'") in text
        assert "Spain: seat Ana - free, named for you: Enter to take it" in text and "is damaged" not in app.screen.query_one("#lobby-problem").content
        listing = app.screen.query_one("#lobby-games")
        ids = [o.id for o in listing.options]
        assert listing.get_option(f"game-{damaged}").disabled and f"watch-{damaged}" not in ids and f"seat-{damaged}-0" not in ids
        await pilot.press("enter")
        await _to_the_board(app, pilot)
        assert store.holders(game_id) == {"Ana": "Ana"}


async def test_a_lobby_left_closes_its_connection_to_the_store(tmp_path, data):
    """Review: every lobby shown (one after each game left from the title) kept its connection to the store open for
    good."""
    _store_with_a_game(tmp_path, data)
    app = VirginQueenApp(tmp_path, player="Ana")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await settle(pilot)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen) and lobby._games is not None and lobby._games._store is not None
        await pilot.press("escape")
        await settle(pilot)
        for _ in range(40):
            if lobby._games._store is None:
                break
            await asyncio.sleep(0.05)
        assert lobby._games._store is None


def test_a_seat_the_player_holds_on_another_terminal_says_so():
    """SSH play-test: Ben's second terminal's lobby said "yours: Enter to rejoin" while he played France on his first."""
    from tui.screens.lobby import seat_label

    line = seat_label(Seat("Ben", ("france",)), "Ben", "Ben", {"france": "France"})
    assert line == "  France: seat Ben - yours, open elsewhere: Enter to play here too"
