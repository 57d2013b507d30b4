"""Pilot tests (80x24) of the keys in a walkthrough: how a step's choice is taken, and what a wrong key does
(newcomer play-test of all 26 walkthroughs)."""

from __future__ import annotations

import pytest

from tests.tui_helpers import app_for, footer_entries, screen_text, settle, start_walkthrough
from tui.screens.walkthrough_menu import WalkthroughDone
from tui.widgets.decision import ChoiceList

SIZE = (80, 24)


def _phase_text(app) -> str:
    return str(app.screen.query_one("#phase-info").content)


def _lesson_index(app) -> int:
    """Where the walkthrough's choice is in the list on screen."""
    step = app.controller.driver.run.current
    return [str(c) for c in app.controller.session.decision.choices].index(step.choice)


async def test_a_step_whose_choice_has_no_number_says_press_enter_and_shows_it_table_1(tmp_path):
    """Newcomer play-test: CARD-1 step 4 (Florence, choice 47) highlighted its choice in colour only, and the
    step never said how to take it (TABLE-1). Florence is the one field battle left there now (a battle's space
    is refused where no battle can follow it); IND-3's Metz, choice 45, is taken the same way."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "ind-city-state-rebels", 2)
        assert app.controller.driver.run.current.choice == "pick metz"
        listing = app.screen.query_one(ChoiceList)
        assert _lesson_index(app) >= 9 and listing.highlighted == _lesson_index(app)
        assert "Press Enter: it is highlighted." in _phase_text(app)
        assert listing.whole_in_view(listing.highlighted)


async def test_a_step_names_its_number_key_and_its_choice_is_scrolled_into_view_gen_7(tmp_path):
    """Newcomer play-test: GEN-3 walkthrough step 5's 'Done' (GEN-7), highlighted, was below the lines on screen;
    the step says its key (0, the quiet choice) and the list shows it."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "gen-turn")
        for _ in range(4):
            await pilot.press("enter")
            await settle(pilot)
        assert app.controller.driver.run.step == 4
        listing = app.screen.query_one(ChoiceList)
        assert listing.highlighted == _lesson_index(app)
        assert listing.whole_in_view(listing.highlighted)
        assert "Press 0 or Enter: it is highlighted." in _phase_text(app)
        # the decision's heading took three lines at 80 columns, with its note of the refused options
        assert app.screen.query_one("#prompt").size.height <= 2


async def test_a_step_with_a_numbered_choice_names_its_number_card_1(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "card-play", 1)  # "table" in Spain's list (TABLE-1)
        number = _lesson_index(app) + 1
        assert number <= 9
        assert f"Press {number} or Enter: it is highlighted." in _phase_text(app)


async def test_a_number_key_for_another_choice_is_refused_at_once_win_2(tmp_path):
    """Newcomer play-test (WIN-2 step 7): 3, naming a choice not all on screen, highlighted it and invited a
    second press that the walkthrough then refused; Enter after it was refused too, Vienna no longer
    highlighted. Now 3 is refused at once with the walkthrough's reason and Vienna is highlighted again."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "win-2-military", 6)
        listing = app.screen.query_one(ChoiceList)
        vienna = _lesson_index(app)
        assert not listing.whole_in_view(2)  # choice 3 is not on screen
        await pilot.press("3")
        await settle(pilot)
        text = screen_text(app)
        assert "not all on the screen" not in text
        assert "Not allowed: in this walkthrough, choose 'Clear Unrest in Vienna'" in text
        assert "'Clear Unrest in Vienna' is highlighted again: Enter plays it" in text
        assert listing.highlighted == vienna and listing.whole_in_view(vienna)
        assert app.controller.driver.run.step == 6
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, WalkthroughDone)


async def test_a_typed_choice_refused_in_a_walkthrough_closes_its_box_so_enter_plays_the_highlight_win_2(tmp_path):
    """Newcomer play-test (DIP step 2): ':cp influence genoa' refused said "'cp influence venice' is highlighted
    again: Enter plays it" with the box still open, and Enter sent genoa again."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "win-2-military", 6)
        listing = app.screen.query_one(ChoiceList)
        await pilot.press("colon", *"pick madrid", "enter")
        await settle(pilot)
        assert "'Clear Unrest in Vienna' is highlighted again: Enter plays it" in screen_text(app)
        assert not app.screen.query_one("#typed").display and app.focused is listing
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, WalkthroughDone)


async def test_enter_on_another_choice_puts_the_highlight_back_on_the_walkthroughs_win_2(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "win-2-military", 6)
        listing = app.screen.query_one(ChoiceList)
        vienna = _lesson_index(app)
        await pilot.press("up", "up", "enter")
        await settle(pilot)
        assert "'Clear Unrest in Vienna' is highlighted again: Enter plays it" in screen_text(app)
        assert listing.highlighted == vienna
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, WalkthroughDone)


async def test_a_step_continuing_a_table_action_shows_the_words_it_continues_ind_2(tmp_path):
    """Newcomer play-test: IND-3 step 11 read "> in Metz." alone (TABLE-1); re-test: the steps it goes on from,
    above it, pushed it below the panel at 80x24: the step comes first, they come under it."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "ind-city-state-rebels", 10)
        text = _phase_text(app)
        assert "\n> …in Metz." in text and "It goes on from the table action's steps so far:" in text
        assert text.index("> …in Metz.") < text.index("regular in Metz\n  units")


async def test_a_step_whose_words_begin_with_an_ellipsis_gets_no_second_one_win_2(tmp_path):
    """Newcomer play-test (WIN-2 step 4): "> …...to the Empire: 8 keys"."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "win-2-military", 3)
        text = _phase_text(app)
        assert "\n> ...to the Empire: 8 keys" in text and "…..." not in text


async def test_key_0_for_a_quiet_choice_the_step_does_not_teach_is_refused_at_once_gen_6(tmp_path):
    """As a number key: 0 on 'stop spending' (not the step's) asked first whether to throw the CP away, then the
    walkthrough refused the second press (GEN-6)."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "gen-turn", 6)  # 1 CP for a mercenary in Istanbul, not stop
        await pilot.press("0")
        await settle(pilot)
        text = screen_text(app)
        assert "again stops spending" not in text
        assert "Not allowed: in this walkthrough, choose 'Raise a mercenary in Istanbul: 1 CP (UNIT-1)'" in text
        assert app.controller.driver.run.step == 6


async def test_a_refused_choice_typed_in_a_walkthrough_says_its_rule_card_1(tmp_path):
    """Review: the card-play walkthrough asks France to type ':pass' while it holds a Mandatory event; the typed
    box answered that 'pass' begins none of the decision's choices, and the step never came (CARD-1)."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "card-play", 9)
        assert app.controller.driver.run.current.choice == "pass"
        await pilot.press("colon", *"pass", "enter")
        await settle(pilot)
        assert app.controller.driver.run.step == 10
        assert "CARD-1" in " ".join(screen_text(app).split())


async def test_0_and_enter_on_a_walkthrough_step_that_is_typed_say_how_to_type_it_card_1(tmp_path):
    """Walkthrough play-test: at the card walkthrough's step asking France to type ':pass' (CARD-1), 0 said "this
    decision has none; choose from the list" and Enter "Nothing is highlighted", neither naming ':'."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "card-play", 9)
        assert app.controller.driver.run.current.choice == "pass"
        typed = "This step's choice is in no list: press : and type pass, then Enter (or x, then Enter on it)."
        for key in ("0", "enter"):
            await pilot.press(key)
            await settle(pilot)
            assert typed in " ".join(screen_text(app).split()), key
            assert app.controller.driver.run.step == 9


async def test_u_in_a_walkthrough_says_how_to_step_back_and_where_undo_is_tried_gen_9(tmp_path):
    """Walkthrough play-test: "GEN-9: a walkthrough steps back with k, not with undo" read as if GEN-9 said so, and
    nothing said where undo could be tried (playing on from a walkthrough's end)."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "card-play", 3)
        await pilot.press("u")
        await settle(pilot)
        said = " ".join(screen_text(app).split())
        assert "undo (GEN-9) is off in a walkthrough: k, then b, steps back; at its end, p plays on, and u takes moves back there" in said
        assert app.controller.driver.run.step == 3


async def test_the_undo_walkthrough_takes_a_decision_back_with_u_and_shows_its_barrier_gen_9(tmp_path):
    """Walkthrough play-test: undo and its barriers were taught in words only, and u was refused in every walkthrough.
    In gen-9-undo, u takes back the mercenary England raised (the same decision asks again, and says what was undone),
    then u again is refused, naming the card played just before as the barrier (GEN-9); a choice where u is asked for
    is refused with the step's words."""
    from tests.tui_helpers import pick
    from tui.screens.walkthrough_menu import WalkthroughDone

    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "gen-9-undo")
        session = app.controller.session
        assert "u" not in [e.key for e in footer_entries(app.screen)], "u only where a step asks for it"
        await pilot.press("u")  # review: "undo is off in a walkthrough" was said in the walkthrough teaching it
        await settle(pilot)
        assert "in this walkthrough, choose 'Play #3 Elizabeth I for 4 CP':" in " ".join(screen_text(app).split())
        await pick(app, pilot, "play 3 cp")
        await pick(app, pilot, "cp mercenary london")
        assert session.state.spaces["london"].units["england"].mercenaries == 2 and app.controller.driver.run.step == 2
        footer = footer_entries(app.screen)
        assert "u" in [e.key for e in footer], "review: the footer hid u where the step said press u"
        assert not {"t", ":"} & {e.key_display or e.key for e in footer} and max(e.end for e in footer) <= SIZE[0], "tmux check: it ran past 80 columns"
        await pilot.press("1")  # a choice where the step asks for u
        await settle(pilot)
        said = " ".join(screen_text(app).split())
        assert "in this walkthrough, press u:" in said and app.controller.driver.run.step == 2
        await pilot.press("enter")  # nothing highlighted: the step is taken with u
        await settle(pilot)
        assert "This step is taken with u: undo (GEN-9) takes back your last decision." in " ".join(screen_text(app).split())
        await pilot.press("u")
        await settle(pilot)
        said = " ".join(screen_text(app).split())
        assert session.state.spaces["london"].units["england"].mercenaries == 1 and app.controller.driver.run.step == 3
        assert "undo once more" in said
        assert "The last step took back (GEN-9): [UNIT-1] England: raises a mercenary in London" in said  # tmux play-test: a passing notice only
        assert [n.message for n in app._notifications] == ["GEN-9: taken back, decide again: [UNIT-1] England: raises a mercenary in London"]
        await pilot.press("u")
        await settle(pilot)
        said = " ".join(screen_text(app).split())
        assert app.controller.driver.run.step == 4 and "GEN-9: nothing to undo since" in said and "Elizabeth I" in said
        await pick(app, pilot, "cp influence scotland")
        assert isinstance(app.screen, WalkthroughDone)


async def test_the_undo_walkthrough_resumed_after_an_undo_says_what_it_took_back_gen_9(tmp_path):
    """Review: resumed at the step after an undo (or stepped back to it), the walkthrough says what that undo took back."""
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "gen-9-undo", 3)
        said = " ".join(screen_text(app).split())
        assert "The last step took back (GEN-9): [UNIT-1] England: raises a mercenary in London" in said


async def test_the_refusal_a_walkthrough_step_teaches_can_be_picked_among_those_x_shows_card_1(tmp_path):
    """Walkthrough play-test: the options x showed could not be picked to see their refusal; at the step teaching that
    France may not pass while holding a Mandatory event, Enter on 'pass' among them takes the step, as typing it does."""
    from textual.widgets import OptionList

    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start_walkthrough(pilot, "card-play", 9)
        decision = app.controller.session.decision
        refused = [str(o.choice) for o in decision.refused]
        assert app.controller.driver.run.current.choice == "pass" and "pass" in refused
        await pilot.press("x")
        await settle(pilot)
        app.screen.query_one("#choices", OptionList).highlighted = len(decision.choices) + refused.index("pass")
        await pilot.press("enter")
        await settle(pilot)
        assert app.controller.driver.run.step == 10
        assert "CARD-1" in " ".join(screen_text(app).split())


@pytest.mark.parametrize("language", ["en", "es", "ru"])
async def test_the_footer_of_a_walkthrough_step_taken_with_u_fits_80_columns(tmp_path, language):
    """tmux check: with u shown at the undo walkthrough's u steps, the footer ran past 80 columns ("k S"); ':' and t,
    which such a step needs neither of, are left out."""
    from core import i18n

    i18n.use(language)
    try:
        app = app_for(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await start_walkthrough(pilot, "gen-9-undo", 2)
            footer = footer_entries(app.screen)
            assert "u" in [e.key for e in footer] and max(e.end for e in footer) <= SIZE[0], [(e.key, e.description, e.end) for e in footer]
    finally:
        i18n.use("en")
