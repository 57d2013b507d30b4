"""The search player (``search``): it plays each of its best choices out over samples of what its
seat cannot see, and takes the one whose futures are worth most.

For one decision: greedy's look-ahead (``core/bots.py``) ranks the choices and the best
``CANDIDATES`` are searched. Each sample is one determinization: the other powers' hidden cards and
the deck dealt at random from the cards the seat cannot see, the same counts each, and fresh dice
(``core/lookahead.py``); never the real hidden cards, deck order or dice. Every candidate is played
on the same samples (common random numbers: the samples' luck cancels out between candidates), to
the end of the phase it is in (at most ``ROLLOUT_DEPTH`` decisions), every power playing the fast
rollout policy; the position reached is scored by ``core/evaluation.py`` (a finished game by its
VP margin, and ``WIN_BONUS`` for a win). Rounds of successive halving keep the better half of the
candidates for the next samples; greedy's own choice stays to the end, and is left only for a
candidate better on the same samples by more than their noise (``CONFIDENCE`` standard errors), so
the rollouts' noise never makes the search player worse than greedy's reading.

Its think time is a setting (``think``, seconds; default ``THINK_SECONDS``), spent as a number of
engine steps (``STEPS_PER_SECOND`` measured on this machine), never as a clock: given the game's
seed, its seat and the decision number it always chooses the same, so every terminal of a shared
game agrees and a game replays.
"""

from __future__ import annotations

import math
import random
import statistics

from attrs import define, field, frozen

from core import dice, engine, victory
from core.bots import decision_seed, fresh_choices, greedy_ranking, mandatory_first, playable_choices, seat_knowledge
from core.cards import PlayMode
from core.choices import Choice, Decision, Verb
from core.context import Ctx
from core.evaluation import score
from core.gamedata import GameData
from core.lookahead import copy_state, shuffled_sample
from core.registry import RULES
from core.session import Session
from core.setup import Seat
from core.state import GameState, Phase, RngState

THINK_SECONDS = 1.0
# Engine steps a second of thinking plays on this machine (rollout decisions; a leaf's score and a
# sample's copy are counted as the steps they cost). Measured with `python -m core arena --player search`.
STEPS_PER_SECOND = 11_000
SCORE_STEPS = 5  # a leaf's evaluation (``evaluation.score``) costs about this many engine steps
SAMPLE_STEPS = 2  # so does drawing and copying one sample
RANKING_STEPS = 8  # and greedy's look-ahead at one choice (the candidates' ranking)
CANDIDATES = 4  # the choices searched: greedy's best, one decision ahead
MIN_SAMPLES = 4  # samples of each candidate in the first round, whatever the think time
ROLLOUT_DEPTH = 60  # decisions a rollout plays at most before the position is scored
WIN_BONUS = 5.0  # VP: what winning a game in a rollout adds to its margin
CONFIDENCE = 1.0  # standard errors by which a candidate must beat greedy's choice to be taken instead
# The rollout policy: how often (per thousand) a power takes the quiet choice where it may, by the
# verb of that choice, as greedy does (counted over greedy's games: it declines nearly every
# proposal, answers almost no response window, says done a little over half the time and passes in
# half its impulses).
QUIET_PER_THOUSAND = {Verb.NO_RESPONSE: 995, Verb.NO_COMBAT: 995, Verb.DECLINE: 940, Verb.DONE: 550, Verb.PASS: 500}
EVENT_PER_THOUSAND = 200  # a card played in an impulse is played as its event (where it may be)
INFLUENCE_PER_THOUSAND = 850  # CP with no patron to buy go to influence, else to units


def _one_of(rng: RngState, choices: tuple[Choice, ...] | list[Choice]) -> Choice:
    return choices[dice.below(rng, len(choices))]


def _spend(choices: tuple[Choice, ...], rng: RngState) -> Choice:
    """CP: a patron in the biggest box it can pay for (PAT-2), else influence, else units; never lost."""
    patrons = [c for c in choices if c.args[0] == "patronise"]
    if patrons:
        biggest = max(int(c.args[2]) for c in patrons)
        return _one_of(rng, [c for c in patrons if int(c.args[2]) == biggest])
    influence = [c for c in choices if c.args[0] == "influence"]
    others = [c for c in choices if c.args[0] not in ("influence", "done")]
    if influence and (not others or dice.below(rng, 1000) < INFLUENCE_PER_THOUSAND):
        return _one_of(rng, influence)
    return _one_of(rng, others or list(choices))


def rollout_choice(data: GameData, decision: Decision, rng: RngState) -> Choice:
    """The fast rollout policy, for every power: a Mandatory event first (CARD-1); the quiet choice
    as often as greedy takes it; a card in an impulse at random, mostly for its CP; CP spent as
    greedy mostly spends them; anything else at random."""
    choices = mandatory_first(data, playable_choices(decision))
    if len(choices) == 1:
        return choices[0]
    quiet = decision.quiet
    if quiet is not None and any(c is quiet for c in choices):
        if quiet.verb is Verb.CP:
            return _spend(choices, rng)
        if dice.below(rng, 1000) < QUIET_PER_THOUSAND.get(quiet.verb, 500):
            return quiet
        choices = tuple(c for c in choices if c is not quiet)
    cards = [c for c in choices if c.verb is Verb.PLAY]
    if cards:
        number = _one_of(rng, cards).args[0]
        ways = {c.args[1]: c for c in cards if c.args[0] == number}
        event = ways.get(PlayMode.EVENT)
        if event is not None and (PlayMode.CP not in ways or dice.below(rng, 1000) < EVENT_PER_THOUSAND):
            return event
        return ways[PlayMode.CP]
    return _one_of(rng, choices)


@define
class Candidate:
    """A choice searched, with its value on each sample it was played on (sample index -> value)."""

    choice: Choice
    values: dict[int, float] = field(factory=dict)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.values.values()) if self.values else -math.inf

    def better_than(self, other: Candidate) -> bool:
        """Worth more than ``other`` on the samples both were played on, by more than ``CONFIDENCE``
        standard errors of the paired differences (the same samples: their luck cancels out)."""
        shared = [i for i in self.values if i in other.values]
        if len(shared) < 2:
            return False
        differences = [self.values[i] - other.values[i] for i in shared]
        spread = statistics.stdev(differences) / math.sqrt(len(differences))
        return statistics.fmean(differences) > CONFIDENCE * spread


@frozen
class Sample:
    """One determinization of the position, its pending decision, and the seeds of its future: the
    dice, and the rollout policy's choices (the same for every candidate played on it)."""

    state: GameState
    pending: Decision
    dice_seed: int
    policy_seed: int


@define
class Search:
    """One decision's search: the samples drawn so far (shared by every candidate) and the work done."""

    data: GameData
    state: GameState
    seat: Seat
    power: str
    chooser: random.Random
    budget: int
    spent: int = 0
    samples: list[Sample] = field(factory=list)

    def sample(self, index: int) -> Sample:
        while len(self.samples) <= index:
            known = shuffled_sample(self.data, self.state, self.seat, self.chooser)
            pending = engine.decision(self.data, known)
            assert pending is not None
            self.samples.append(Sample(known, pending, self.chooser.getrandbits(64), self.chooser.getrandbits(64)))
            self.spent += SAMPLE_STEPS
        return self.samples[index]

    def rollout(self, index: int, choice: Choice) -> float:
        """Play ``choice`` on sample ``index`` to the end of its phase (or ``ROLLOUT_DEPTH``) and score it."""
        sample = self.sample(index)
        pending = sample.pending
        state = copy_state(sample.state)
        state.rng = RngState(sample.dice_seed)
        rng = dice.new_rng(sample.policy_seed)
        phase, turn = state.phase, state.turn
        _, next_pending = engine.advance(self.data, state, self.power, choice, pending)
        steps = 1
        while next_pending is not None and state.phase is phase and state.turn == turn and steps < ROLLOUT_DEPTH:
            _, next_pending = engine.advance(self.data, state, next_pending.power, rollout_choice(self.data, next_pending, rng), next_pending)
            steps += 1
        self.spent += steps + SCORE_STEPS
        return leaf_value(self.data, state, self.power)

    def best(self, candidates: list[Candidate]) -> Candidate:
        """Successive halving: each round plays the candidates left on new samples with an equal share
        of the work left, then keeps the better half. The first candidate (greedy's choice) stays to
        the end, and is left only for a candidate confidently better on the same samples."""
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        first = candidates[0]
        alive = list(candidates)
        index = 0
        for round_number in range(rounds):
            share = (self.budget - self.spent) / (rounds - round_number)
            start, played = self.spent, 0
            while played < (MIN_SAMPLES if round_number == 0 else 1) or self.spent - start < share:
                for candidate in alive:
                    candidate.values[index] = self.rollout(index, candidate.choice)
                index += 1
                played += 1
            kept = sorted(alive, key=lambda c: c.mean, reverse=True)[: math.ceil(len(alive) / 2)]
            if not any(c is first for c in kept):
                kept = [*kept[:-1], first] if len(kept) > 1 else [*kept, first]
            alive = kept
        best = max(alive, key=lambda c: c.mean)
        return best if best is first or best.better_than(first) else first


def leaf_value(data: GameData, state: GameState, power: str) -> float:
    """What the end of a rollout is worth to ``power``: its score against its rivals (evaluation), or
    when the game ended, its VP margin over the best other power and a bonus for the win."""
    if state.phase is Phase.GAME_OVER:
        vp = victory.total_vp(state, data, power)
        best_other = max(victory.total_vp(state, data, p) for p in data.power_ids if p != power)
        return vp - best_other + (WIN_BONUS if state.winner == power else 0.0)
    return score(Ctx(data, state, rules=RULES), power)


class SearchBot:
    """The choice whose sampled futures are worth most (see the module's docstring)."""

    name = "search"

    def __init__(self, seat: Seat, think: float = THINK_SECONDS) -> None:
        self.seat = seat
        self.think = think

    def choose(self, session: Session, decision: Decision) -> Choice:
        choices = mandatory_first(session.data, fresh_choices(session, decision))
        if len(choices) == 1:
            return choices[0]
        return self.weigh(session, decision, choices)[0].choice

    def weigh(self, session: Session, decision: Decision, choices: tuple[Choice, ...]) -> tuple[Candidate, list[Candidate]]:
        """The candidate chosen, and every candidate searched with its value on each sample."""
        data = session.data
        known = seat_knowledge(data, session.state, self.seat)
        candidates = [Candidate(c) for _, c in greedy_ranking(data, known, decision.power, choices)][:CANDIDATES]
        chooser = random.Random(decision_seed(session, self.seat))
        search = Search(data, session.state, self.seat, decision.power, chooser, int(self.think * STEPS_PER_SECOND), RANKING_STEPS * len(choices))
        return search.best(candidates), candidates
