"""Shared helpers: drive the engine to a point, force dice, move cards without breaking conservation."""

from __future__ import annotations

import inspect
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

from core import engine, gamedata
from core.choices import TABLE_ACTOR, Choice, Decision
from core.context import Ctx
from core.gamedata import GameData
from core.session import Session
from core.setup import Setup
from core.state import GameState, Phase

# ---- a suite that fails for a reason (issue 19) ----------------------------------------------------

# Hypothesis draws the same examples on every run and every machine: one seed for the whole run
# (pyproject's --hypothesis-seed, printed in the header and beside a failure; give another on the
# command line to explore), no example database carried between runs, no time limit per example.
hypothesis_settings.register_profile("suite", database=None, deadline=None, print_blob=True)
hypothesis_settings.load_profile("suite")

# The fast tier (`pytest -m "not slow"`) leaves out what takes a second or more: every async test (a
# Pilot test starts the whole app), the modules that start a terminal, a server or a benchmark, and
# the tests below that play many whole games. Marked here so that no test body changes.
SLOW_MODULES = {"test_bench", "test_memory", "test_serve", "test_terminal", "test_web"}
SLOW_TESTS = {
    "test_bots.py::test_arena_command_prints_a_table_per_power_and_the_summary_line",
    "test_bots.py::test_bots_only_game_with_greedy_in_each_seat_keeps_every_invariant_and_ends",
    "test_bots.py::test_bots_only_tournament_of_greedy_players_ends",
    "test_bots.py::test_greedy_finishes_ahead_of_random_in_the_same_seat",
    "test_bots.py::test_greedy_chooses_the_same_whatever_the_hidden_cards_and_dice",
    "test_rule_coverage.py::test_random_play_applies_every_game_event_rule",
    "test_sim.py::test_gen_9_undo_fuzz_restores_exact_states_and_redo_reproduces",
    "test_sim.py::test_random_play_reaches_the_rules_of_every_issue",
    "test_sim.py::test_random_legal_playouts_keep_every_invariant_and_end",
    "test_views.py::test_gen_8_no_seat_view_shows_a_card_of_a_hand_it_may_not_see",
}

# The full suite runs on both cores (`-n 2 -m "not serial"`), then these alone (`-m serial`): a real
# terminal, a server and a store held by another process are read against the clock, and a busy
# second core stalls them (README).
SERIAL_MODULES = {"test_serve", "test_terminal", "test_web"}
SERIAL_TESTS = {
    "test_shared_terminals.py::test_keys_answer_while_another_program_holds_the_stores_write_lock",
    "test_shared_terminals.py::test_two_terminals_of_one_shared_game_both_see_the_marriage_report",
}


@pytest.hookimpl(tryfirst=True)  # before -m reads the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if not isinstance(item, pytest.Function):
            continue
        module = item.path.stem
        if module in SLOW_MODULES or f"{item.path.name}::{item.originalname}" in SLOW_TESTS or inspect.iscoroutinefunction(item.obj):
            item.add_marker(pytest.mark.slow)
        if module in SERIAL_MODULES or f"{item.path.name}::{item.originalname}" in SERIAL_TESTS:
            item.add_marker(pytest.mark.serial)


def _hypothesis_seed(config: pytest.Config) -> str:
    return str(config.getoption("hypothesis_seed"))


def pytest_report_header(config: pytest.Config) -> str:
    return f"hypothesis: seed {_hypothesis_seed(config)} for every test (pytest --hypothesis-seed=N draws other examples)"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> pytest.TestReport:
    report: pytest.TestReport = yield
    notes = getattr(call.excinfo.value, "__notes__", ()) if call.excinfo is not None else ()
    if report.failed and any("reproduce_failure" in note for note in notes):  # Hypothesis' own note (print_blob)
        seed = _hypothesis_seed(item.config)
        report.sections.append(("hypothesis", f"seed {seed}: pytest --hypothesis-seed={seed} '{item.nodeid}' fails the same way"))
    return report


def project_root() -> Path:
    """This checkout, or the main checkout a git worktree of it was made from."""
    checkout = Path(__file__).resolve().parent.parent
    dot_git = checkout / ".git"
    if not dot_git.is_file():
        return checkout
    git_dir = Path(dot_git.read_text(encoding="utf-8").removeprefix("gitdir:").strip())
    return (git_dir / (git_dir / "commondir").read_text(encoding="utf-8").strip()).resolve().parent


def rules_md_beside(root: Path) -> Path:
    """``root``'s ``../shared/rules/RULES.md``; the calling test fails (never skips) without it."""
    path = root.parent / "shared" / "rules" / "RULES.md"
    if not path.is_file():
        pytest.fail(f"{path} is missing: the project's rules belong in ../shared beside the project", pytrace=False)
    return path


@pytest.fixture(scope="session")
def shared_rules_md() -> Path:
    """The project's rules: the one way a test finds RULES.md."""
    return rules_md_beside(project_root())


@pytest.fixture(autouse=True)
def _no_save_refused_before() -> Iterator[None]:
    """The saves the replay check refused are remembered for the process (core/saves.py): each test begins with none."""
    from core import saves

    yield
    saves._REFUSED.clear()


@pytest.fixture(autouse=True)
def _stable_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture(autouse=True)
def _keys_as_fast_as_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot presses a key the moment a decision shows, which no person reading it can: a decision shown
    after the computers' moves would hold its keys (tui/widgets/decision.py CHANGED_UNDER_SECONDS), as would a
    number pressed again whose choice left the list (NUMBER_AGAIN_SECONDS). The tests of those holds set them back."""
    from tui.widgets import decision

    monkeypatch.setattr(decision, "CHANGED_UNDER_SECONDS", 0.0)
    monkeypatch.setattr(decision, "REPORT_CAME_UNDER_SECONDS", 0.0)
    monkeypatch.setattr(decision, "NUMBER_AGAIN_SECONDS", 0.0)


@pytest.fixture(scope="session")
def data() -> GameData:
    return gamedata.load()


def new_session(data: GameData, seed: int = 1, scenario: str = "campaign", **setup: object) -> Session:
    return Session.new(data, Setup(scenario=scenario, seed=seed, **setup))  # type: ignore[arg-type]


def quiet_choice(decision: Decision) -> Choice:
    """The choice that changes least (core marks it: ``Decision.quiet``), else the first."""
    return decision.quiet_or_first()


def advance_until(session: Session, predicate, limit: int = 5000) -> Decision | None:
    """Take quiet choices until ``predicate(session)`` holds; return the pending decision."""
    for _ in range(limit):
        if predicate(session):
            return session.decision
        pending = session.decision
        if pending is None:
            raise AssertionError("the game ended before the point was reached")
        session.choose(pending.power, quiet_choice(pending))
    raise AssertionError("the point was not reached")


def advance_to_phase(session: Session, phase: Phase, turn: int | None = None) -> Decision | None:
    return advance_until(session, lambda s: s.state.phase is phase and (turn is None or s.state.turn == turn))


def choose(session: Session, text: str) -> list:
    pending = session.decision
    assert pending is not None
    return session.choose(pending.power, Choice.parse(text))


def give(state: GameState, power: str, number: int) -> None:
    """Move a card into a power's hand from wherever it is (keeps every card in one place)."""
    piles = state.cards
    for pile in (piles.deck, piles.discard, piles.removed, piles.in_force, piles.home_used, piles.not_entered):
        if number in pile:
            pile.remove(number)
    for other in state.powers.values():
        if number in other.hand:
            other.hand.remove(number)
    state.powers[power].hand.append(number)


def empty_hand(state: GameState, power: str) -> None:
    for number in list(state.powers[power].hand):
        state.powers[power].hand.remove(number)
        state.cards.discard.append(number)


def resettle(session: Session) -> None:
    """After a test edits the state by hand, run the engine's automatic steps again."""
    session.log.extend(engine.start(session.data, session.state))
    session.refresh()


def to_impulse_of(session: Session, power: str, hand: list[int]) -> None:
    """Reach the Action Phase with only ``power`` holding cards (``hand``); its impulse is next."""
    advance_to_phase(session, Phase.ACTION)
    for other in session.state.powers:
        empty_hand(session.state, other)
    for number in hand:
        give(session.state, power, number)
    resettle(session)
    assert session.decision is not None and session.decision.power == power


def playing_event(data: GameData, power: str, number: int) -> Session:
    """A new game in ``power``'s impulse holding ``number`` (and an operations card), played as its event."""
    session = new_session(data)
    to_impulse_of(session, power, [number, 101])
    choose(session, f"play {number} event")
    return session


def table_action(session: Session, *steps: str) -> None:
    """Record a table action by the table (TABLE-1), one listed parameter per step."""
    session.choose(TABLE_ACTOR, Choice.parse("table"))
    for step in steps:
        choose(session, f"pick {step}")


def refusals(session: Session) -> dict[str, str]:
    """The refused options of the pending decision, by their first word, with why (rule ID)."""
    assert session.decision is not None
    return {o.choice.args[0]: o.refusal for o in session.decision.refused}


def force(state: GameState, *faces: int) -> None:
    state.rng.forced_dice.extend(faces)


def ctx(data: GameData, state: GameState) -> Ctx:
    return Ctx(data, state)


def choice_strings(decision: Decision | None) -> list[str]:
    assert decision is not None
    return [str(c) for c in decision.choices]


os.environ.pop("TEXTUAL_THEME", None)
