"""Per-seat views (GEN-2, GEN-8): a seat sees its own hands, other hands as counts, never the deck
order, the RNG or forced dice; the pending decision's choices only when it decides."""

from __future__ import annotations

import json
import random
import re

from core import saves
from core.session import Session
from core.setup import Seat, SeatKind, Setup
from core.views import ONLOOKER

THREE_PEOPLE = (
    Seat("Ana", ("ottoman", "england")),
    Seat("Ben", ("spain", "empire")),
    Seat("Cy", ("france",)),
    Seat("Bot", ("protestant",), SeatKind.COMPUTER, "random"),
)


def _visible_text(view) -> str:
    raw = saves.converter().unstructure(view)
    raw.pop("log")  # the log is public history: a card revealed once may be back in a hand later
    return json.dumps(raw)


def test_gen_8_no_seat_view_shows_a_card_of_a_hand_it_may_not_see(data):
    """Serialise every seat's view at many points of random games: no card of a hidden hand appears
    (as a card row or as '#N' text), the deck order and the dice never appear."""
    checked = 0
    for seed in (1, 2, 3):
        session = Session.new(data, Setup(seed=seed, seats=THREE_PEOPLE), keep_undo=False)
        chooser = random.Random(seed)
        steps = 0
        while session.decision is not None:
            if steps % 15 == 0:
                for seat in (*session.setup.seats, ONLOOKER):
                    view = session.view(seat)
                    text = _visible_text(view)
                    assert '"rng"' not in text and "forced" not in text and '"deck"' not in text
                    for power, record in session.state.powers.items():
                        hand = view.hand_of(power)
                        assert hand.count == len(record.hand)
                        if power in seat.powers:
                            assert hand.cards is not None and [c.number for c in hand.cards] == sorted(record.hand)
                            continue
                        assert hand.cards is None
                        for number in record.hand:
                            assert not re.search(rf"#{number}\b", text), (seed, steps, seat.name, power, number)
                    if view.decision is not None:
                        assert session.seat_to_decide() == seat
                    checked += 1
            pending = session.decision
            session.choose(pending.power, chooser.choice(pending.choices))
            steps += 1
    assert checked > 100


def test_gen_2_only_the_deciding_seat_sees_the_choices(data):
    session = Session.new(data, Setup(seed=4, seats=THREE_PEOPLE))
    deciding = session.seat_to_decide()
    assert deciding is not None and deciding.name == "Ben"  # Spain decides the opening betrothal first
    assert session.view(deciding).decision == session.decision
    others = [s for s in session.setup.seats if s != deciding]
    assert all(session.view(s).decision is None for s in (*others, ONLOOKER))
    assert all(session.view(s).status.endswith("Spain (Ben) to act") for s in (*others, ONLOOKER))


def test_gen_8_the_deal_is_public_every_seat_sees_each_count_and_its_reasons_never_a_card(data):
    """GEN-8 / CARD-7: hands are hidden, the deal is not: every seat (and an onlooker) sees the same
    count for every power with the steps it came from, and the public log's deal line says how many
    cards each power was dealt, naming none."""
    session = Session.new(data, Setup(seed=4, seats=THREE_PEOPLE))
    views = [session.view(seat) for seat in (*session.setup.seats, ONLOOKER)]
    assert all(view.deal == views[0].deal for view in views)
    dealt = {e.power: e.text for e in session.log if e.rule == "CARD-7" and e.text.startswith("is dealt")}
    for row in views[0].deal:
        assert row.steps and row.total == sum(step.value for step in row.steps)
        assert dealt[row.power] == f"is dealt {row.total} card{'s' if row.total != 1 else ''}"
        assert not re.search(r"#\d", dealt[row.power])


def test_pat_6_the_panel_lists_the_sponsored_patrons_in_the_order_they_are_evaluated(data):
    """Hot-seat play-test: the Patronage panel, headed "(PAT-6 order)", listed John Dee, Le Testu, then
    Pedro Nunes, and the report evaluated Nunes first: artists then scientists, highest printed rating
    first, ties in the sponsors' impulse order (PAT-6, GEN-5). Chosen against the chart's order."""
    from core.state import PatronStatus

    session = Session.new(data, Setup(seed=1))
    state = session.state
    sponsored = {  # chart order: Titian (2), Cervantes (3); John Dee (2, England), Pedro Nunes (2, Spain)
        "titian": "spain", "miguel-de-cervantes": "spain", "john-dee": "england", "pedro-nunes": "spain",
    }
    assert [data.patron(p).rating for p in sponsored] == [2, 3, 2, 2]
    for patron_id, power in sponsored.items():
        patron = state.artists.get(patron_id) or state.scientists[patron_id]
        patron.status, patron.sponsor, patron.box_cp = PatronStatus.SPONSORED, power, 3
    rows = session.view(ONLOOKER).patrons
    assert [row.id for row in rows[:4]] == ["miguel-de-cervantes", "titian", "pedro-nunes", "john-dee"]
    assert all(row.sponsored for row in rows[:4]) and not any(row.sponsored for row in rows[4:])
