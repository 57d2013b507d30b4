"""The suite fails for a reason (issue 19): one way to the project's rules, failing where they are
missing; the README's test commands are CI's; slow tests are marked so the fast tier stays fast."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import project_root, rules_md_beside

CHECKOUT = Path(__file__).resolve().parent.parent


def test_the_projects_rules_are_found_beside_the_project_root(shared_rules_md):
    assert shared_rules_md == project_root().parent / "shared" / "rules" / "RULES.md"
    assert shared_rules_md.read_text(encoding="utf-8").count("\n- `") >= 77


def test_a_missing_rules_file_fails_the_test_instead_of_skipping_it(tmp_path):
    with pytest.raises(pytest.fail.Exception, match=r"shared/rules/RULES.md is missing"):
        rules_md_beside(tmp_path / "project")


def test_ci_runs_the_readmes_full_test_command_and_the_readme_gives_the_fast_one():
    readme = (CHECKOUT / "README.md").read_text(encoding="utf-8")
    commands = re.search(r"```\n(.*?)```", readme, re.DOTALL).group(1).splitlines()
    full = next(line for line in commands if "pytest" in line and "not slow" not in line).split("'.[test]' && ")[-1].strip()
    assert full == '.venv/bin/python -m pytest -q -n 2 -m "not serial" && .venv/bin/python -m pytest -q -m serial'
    assert '.venv/bin/python -m pytest -q -m "not slow"' in commands
    ci = (CHECKOUT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    # each part on a line of its own: under set -e a failure inside an && list does not stop the script
    assert all(part.strip() in ci for part in full.split("&&"))
    assert "set -euo pipefail" in ci


@pytest.mark.slow  # collects the whole suite in a second process
def test_the_fast_tier_leaves_out_the_app_the_servers_and_the_long_games():
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "not slow", "-p", "no:cacheprovider"],
        cwd=CHECKOUT, capture_output=True, text=True, check=True,
    ).stdout
    assert "tests/test_serve.py" not in listed and "tests/test_terminal.py" not in listed
    assert "tests/test_tui.py::test_load_screen_survives_any_failure_to_load" not in listed  # a Pilot test
    assert "tests/test_override_property.py::test_any_override" not in listed
    assert "tests/test_hostile_files.py::test_only_a_regular_file_is_read_as_a_save" in listed


@pytest.mark.slow  # collects the whole suite in a second process
def test_the_serial_part_holds_the_terminals_servers_and_the_held_store():
    """What reads the clock runs alone after the parallel part: a busy second core stalled a real
    terminal's frames, an SSH resize and a shared game's polls (the README's full command)."""
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "serial", "-p", "no:cacheprovider"],
        cwd=CHECKOUT, capture_output=True, text=True, check=True,
    ).stdout
    files = {line.split("::")[0] for line in listed.splitlines() if "::" in line}
    assert files == {"tests/test_serve.py", "tests/test_terminal.py", "tests/test_web.py", "tests/test_shared_terminals.py"}
    assert "tests/test_shared_terminals.py::test_keys_answer_while_another_program_holds_the_stores_write_lock" in listed
