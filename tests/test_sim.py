"""Random legal playouts (the fuzzer) as property tests, and the headless runner."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import saves
from core.__main__ import main
from core.sim import play


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_legal_playouts_keep_every_invariant_and_end(data, seed):
    """Cards conserved, royals in one place, VP ledger consistent, markers in range, no dead end."""
    session = play(data, seed)
    assert session.decision is None and session.state.winner


def test_tournament_scenario_plays_to_the_end(data):
    session = play(data, 5, scenario="tournament")
    assert session.state.winner and session.state.turn <= 6


def test_random_play_reaches_the_rules_of_every_issue(data):
    counts: Counter[str] = Counter()
    for seed in range(1, 9):
        counts.update(e.rule for e in play(data, seed).log)
    for rule in ("CARD-7", "CARD-1", "CARD-2", "CARD-3", "CARD-4", "CARD-8", "GEN-6", "GEN-7", "DIP-2", "DIP-7",
                 "MAR-2", "MAR-4", "MAR-5", "VQ-1", "AGE-1", "PAT-2", "PAT-5", "PAT-10", "SCI-1", "TABLE-1"):
        assert counts[rule] > 0, rule


def test_sim_command_saves_replay_exactly(data, tmp_path, capsys):
    assert main(["sim", "--games", "2", "--seed", "7", "--save-dir", str(tmp_path), "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["seed"] for line in lines] == [7, 8]
    assert all(line["winner"] and line["events_per_rule"]["CARD-7"] for line in lines)
    for path in sorted(tmp_path.glob("sim-*.json")):
        assert main(["replay", str(path)]) == 0


def test_sim_command_refuses_to_replace_saves_already_there_unless_told_to_overwrite(tmp_path, capsys):
    """Its saves are named by seed: a second run over the same folder replaced the first's without a word."""
    kept = tmp_path / "sim-8.json"
    kept.write_text("precious")
    assert main(["sim", "--games", "2", "--seed", "7", "--save-dir", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"FAIL: {kept} already exists: add --overwrite to replace it\n"
    assert kept.read_text() == "precious" and not (tmp_path / "sim-7.json").exists()  # refused before any game
    assert main(["sim", "--games", "2", "--seed", "7", "--save-dir", str(tmp_path), "--overwrite"]) == 0
    assert main(["replay", str(kept)]) == 0


def test_replay_command_fails_on_a_bad_save(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["replay", str(bad)]) == 1
    assert "truncated" in capsys.readouterr().err


def test_saves_are_stable_from_run_to_run(data):
    assert saves.dumps(play(data, 11)) == saves.dumps(play(data, 11))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_gen_9_undo_fuzz_restores_exact_states_and_redo_reproduces(data, seed):
    """Random legal play that undoes at random: undo gives back the exact earlier state, never
    across a barrier, and choosing the same again reproduces the same state (no re-roll). A table
    action's steps are undone with the rest of it (TABLE-1), back to where it was started; one
    cancelled is undone with the move before it, when there is one to undo."""
    import copy
    import random

    from core.session import CANCEL_CHOICE, Session
    from core.setup import Setup
    from core.table import TableFrame

    two = {p: ("Ana" if i % 2 else "Ben") for i, p in enumerate(data.power_ids)}
    session = Session.new(data, Setup(seed=seed, controllers=two))
    chooser = random.Random(seed)
    undos = 0
    moves = []  # each move's state before it, and its choices (a table action's all)
    for _ in range(400):
        pending = session.decision
        if pending is None:
            break
        choice = chooser.choice(pending.choices)
        if not (session.state.stack and isinstance(session.state.stack[-1], TableFrame)):
            moves.append((copy.deepcopy(session.state), []))
        moves[-1][1].append((pending.power, choice))
        session.choose(pending.power, choice)
        after = copy.deepcopy(session.state)
        if session.can_undo() and chooser.random() < 0.3:
            assert session.undo()
            reached = next(i for i in range(1, len(moves) + 1) if session.state == moves[-i][0])
            # the moves taken back with the last one are table actions cancelled
            assert all(str(choices[-1][1]) == CANCEL_CHOICE for _before, choices in moves[len(moves) - reached + 1 :])
            undos += 1
            for _before, choices in moves[len(moves) - reached :]:
                for power, again in choices:
                    session.choose(power, again)
            assert session.state == after
    assert undos > 0


def test_sim_names_the_seed_and_decision_when_the_engine_breaks(monkeypatch, capsys):
    from core import patronage

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(patronage, "evaluate", broken)
    assert main(["sim", "--games", "1", "--seed", "1"]) == 1
    err = capsys.readouterr().err
    assert "FAIL: seed 1, decision" in err and "boom" in err
