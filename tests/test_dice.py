"""The one seeded source of chance (GEN-4): deterministic, forceable, uniform."""

from __future__ import annotations

from collections import Counter

import pytest

from core import dice
from core.dice import ForcedValueError


def test_gen_4_same_seed_same_faces_and_in_range():
    a, b = dice.new_rng(5), dice.new_rng(5)
    faces = [dice.d6(a) for _ in range(600)]
    assert faces == [dice.d6(b) for _ in range(600)]
    counts = Counter(faces)
    assert set(counts) == {1, 2, 3, 4, 5, 6} and min(counts.values()) > 60


def test_forced_faces_come_first_then_per_rule_faces_take_precedence():
    rng = dice.new_rng(1)
    rng.forced_dice.extend([6, 1])
    rng.forced_by_rule["PAT-5"] = [2]
    assert dice.d6(rng, "AGE-1") == 6
    assert dice.d6(rng, "PAT-5") == 2
    assert dice.d6(rng, "PAT-5") == 1  # per-rule faces used up: the general queue
    assert rng.forced_by_rule["PAT-5"] == []


def test_a_bad_forced_face_or_pick_is_refused():
    rng = dice.new_rng(1)
    rng.forced_dice.append(7)
    with pytest.raises(ForcedValueError):
        dice.d6(rng)
    rng.forced_picks.append("nobody")
    with pytest.raises(ForcedValueError):
        dice.pick(rng, ["titian"])


def test_shuffle_is_a_permutation_and_seeded():
    items, again = list(range(40)), list(range(40))
    dice.shuffle(dice.new_rng(3), items)
    dice.shuffle(dice.new_rng(3), again)
    assert items == again and sorted(items) == list(range(40)) and items != list(range(40))
