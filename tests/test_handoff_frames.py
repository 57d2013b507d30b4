"""GEN-8 frame by frame: across 20 hot-seat hand-offs, with computer players moving between them, no
frame the app renders shows a card of a person's hand from their last decision before a hand-off until
that person takes the keyboard again; nor, from a move taken back at its hand-off (GEN-9) until the next
Enter, a card of anyone's. Every frame is read as a terminal would show it (pyte)."""

from __future__ import annotations

import random

import pyte
import pytest
from attrs import define, field

from core.setup import Seat, SeatKind, Setup
from tests.tui_helpers import post, settle
from tui.app import VirginQueenApp
from tui.messages import StartGame
from tui.screens.game import PhaseScreen
from tui.screens.overlays import HandoffScreen
from tui.screens.reports import ReportScreen
from tui.textual_private import record_frames

SIZE = (80, 24)
PEOPLE = {"england": "Ana", "france": "Ben"}
HAND_OFFS = 20

pytestmark = pytest.mark.slow


@define
class Frames:
    """Every frame as the terminal shows it after it, with how many actions the game had applied."""

    app: VirginQueenApp
    screen: pyte.Screen = field(factory=lambda: pyte.Screen(*SIZE))
    shown: list[tuple[int, str]] = field(factory=list)
    stream: pyte.Stream = field(init=False)

    def __attrs_post_init__(self) -> None:
        self.stream = pyte.Stream(self.screen)

    def feed(self, output: str) -> None:
        self.stream.feed(output)
        session = self.app.controller.session
        self.shown.append((len(session.actions) if session is not None else 0, "\n".join(self.screen.display)))


@define
class Decision:
    person: str
    applied_at: int  # the number of actions once it was applied
    hand: set[str]  # the cards left in their hands then
    frame: int  # frames rendered before its key


def hand_of(app: VirginQueenApp, person: str) -> set[str]:
    """How the board writes each card of ``person``'s hands ('#12 Title')."""
    session = app.controller.session
    powers = next(seat.powers for seat in session.setup.seats if seat.name == person)
    return {f"#{n} {session.data.cards[n].title}" for p in powers for n in session.state.powers[p].hand}


def leaks(frames: Frames, decisions: list[Decision], takes: list[tuple[str, int]]) -> list[str]:
    """For each hand-off from X to Y: no frame from X's last decision before it (once applied) until X
    takes the keyboard again shows a card X held then."""
    found = []
    for index, (person, frame) in enumerate(takes[1:], 1):
        previous = takes[index - 1][0]
        if previous == person:
            continue
        last = [d for d in decisions if d.person == previous and d.frame < frame][-1]
        back = next((f for p, f in takes[index:] if p == previous), len(frames.shown))
        for number, (applied, text) in enumerate(frames.shown[last.frame:back], last.frame):
            if applied >= last.applied_at:
                found += [f"frame {number}: {previous}'s {card} after the hand-off to {person}" for card in last.hand if card in text]
    return found


async def test_gen_8_no_frame_shows_the_previous_persons_hand_across_20_hand_offs(tmp_path):
    app = VirginQueenApp(tmp_path)
    frames = Frames(app)
    record_frames(app, frames.feed)
    chooser = random.Random(8)
    computers = ("ottoman", "spain", "empire", "protestant")
    seats = (*(Seat(name, (power,)) for power, name in PEOPLE.items()), Seat("random computer", computers, SeatKind.COMPUTER, "random"))
    decisions: list[Decision] = []
    takes: list[tuple[str, int]] = []  # who took the keyboard at a hand-off, and the frames before it
    taken_back: list[tuple[int, set[str]]] = []  # u at a hand-off: the frames before it, every person's cards
    async with app.run_test(size=SIZE) as pilot:
        await post(pilot, StartGame(Setup(seed=11, seats=seats)))
        while len(takes) < HAND_OFFS:
            screen = app.screen
            if isinstance(screen, HandoffScreen) and screen.taking_back and chooser.random() < 0.4:
                taken_back.append((len(frames.shown), hand_of(app, "Ana") | hand_of(app, "Ben")))
                await pilot.press("u")  # whoever presses it: the next frames show nobody's hand
            elif isinstance(screen, HandoffScreen):
                takes.append((screen.person, len(frames.shown)))
                await pilot.press("enter")
            elif isinstance(screen, ReportScreen):
                await pilot.press("enter")
            else:
                assert isinstance(screen, PhaseScreen), f"unexpected {type(screen).__name__}"
                decision = app.controller.on_screen().view.decision
                person = takes[-1][0]
                assert decision is not None and app.controller.session.seat_of(decision.power).name == person
                before, applied_at = len(frames.shown), len(app.controller.session.actions) + 1
                count = min(len(decision.choices), 9)
                await pilot.press("0" if chooser.random() < 0.7 and _has_quiet(decision) else str(chooser.randrange(count) + 1))
                decisions.append(Decision(person, applied_at, hand_of(app, person), before))
            await settle(pilot)
    assert len(frames.shown) > 100 and len({person for person, _ in takes}) == 2
    found = leaks(frames, decisions, takes)
    assert not found, found[:5]
    assert len(taken_back) >= 3
    for start, cards in taken_back:
        end = next(frame for _, frame in takes if frame > start)
        shown = [f"frame {n}: {card} after a move taken back" for n, (_, text) in enumerate(frames.shown[start:end], start) for card in cards if card in text]
        assert not shown, shown[:5]


def _has_quiet(decision) -> bool:
    from tui.widgets.decision import quiet_index

    return quiet_index(decision) is not None
