"""GEN-1: the ids the rules name (core/ids.py) are the ids of the data files."""

from __future__ import annotations

from core.ids import INDEPENDENT, CardKind, Family, Minor, Power, Religion, Sex
from core.lookup import lookup


def test_gen_1_the_powers_enum_is_the_data_powers_in_impulse_order(data):
    assert tuple(Power) == data.power_ids
    assert all(minor in data.minors for minor in Minor)


def test_the_families_sexes_card_kinds_and_religions_are_those_the_data_uses(data):
    assert {r.family for r in data.royals.values()} <= set(Family) and {Family.VALOIS, Family.HABSBURG} <= {r.family for r in data.royals.values()}
    assert {r.sex for r in data.royals.values()} == set(Sex)
    assert {c.kind for c in data.cards.values()} == set(CardKind)
    assert {s.religion for s in data.spaces.values()} == set(Religion)
    assert INDEPENDENT in {s.control for s in data.spaces.values()} | {c for sc in data.scenarios.values() for c in sc.control.values()}


def test_the_name_table_names_every_id_as_the_data_does(data):
    names = lookup(data).names
    for ident in (*data.power_ids, *data.royals, *data.leaders, *data.artists, *data.scientists, *data.spaces, *data.minors, *data.bonuses, INDEPENDENT):
        assert names[ident] == data.name_of(ident)
