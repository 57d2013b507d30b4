"""Searching the game log: filters by power, phase, turn, rule ID prefix and "dice only"; any other
word is looked for in the line's text (a royal, a card, a space: "leicester", "metz"), in its other forms too.

The log is public: events never carry a card number from a hidden hand (a card is named only when it is
played, a reveal), so every seat sees the same log and the filter needs no per-seat view.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator, Mapping, Sequence

from attrs import frozen

from core import marriage
from core.events import Event, render
from core.gamedata import GameData
from core.i18n import N_, Message, ParamValue, _, folded, text_of
from core.rules_text import entries
from core.state import PHASE_TITLES, GameState, Phase

# Shown with _(FILTER_HELP). The filter words are typed in English or in the reader's language (power names;
# the words of DICE_WORD, TURN_LETTER and PHASE_WORDS: Russian play-test, "кубики" found one line where "dice"
# found 76); rule IDs as written. A word in quotes is always text to find ("draw" in the Action Phase's lines).
FILTER_HELP = N_('a power (spain), a phase (action), t3 (turn 3), a rule (MAR, PAT-5), dice, or any word (leicester; "action" as a word)')
# The word for dice rolls, a turn and each phase, after the colon of a message of its own (review: a plain
# "patronage" was one message with the word shown elsewhere): the English word, and the reader's.
DICE_WORD = N_("the log filter's word for dice rolls: dice")
# Russian play-test: t3 is typed е3 on a Russian keyboard, and «ход 3» found the word alone
TURN_LETTER = N_("the log filter's letter before a turn's number (t3): t")
PHASE_WORDS = {
    Phase.CARD_DRAW: N_("the log filter's word for the Card Draw Phase: draw"),
    Phase.NEGOTIATION: N_("the log filter's word for the Negotiation Segment: negotiation"),
    Phase.DIPLOMATIC_STATUS: N_("the log filter's word for the Diplomatic Status Segment: diplomatic"),
    Phase.ACTION: N_("the log filter's word for the Action Phase: action"),
    Phase.MARRIAGE: N_("the log filter's word for the Marriage Resolution Phase: marriage"),
    Phase.PATRONAGE: N_("the log filter's word for the Patronage Phase: patronage"),
    Phase.WINTER: N_("the log filter's word for the Winter Phase: winter"),
    Phase.VICTORY: N_("the log filter's word for the Victory Determination Phase: victory"),
}


QUOTES = "\"'«»“”"  # around a word that is always text to find (FILTER_HELP)


def _word_of(message: str) -> str:
    """The word a message of DICE_WORD, TURN_LETTER or PHASE_WORDS gives, after its colon."""
    return message.rsplit(":", 1)[-1].strip().lower()


@frozen
class LogFilter:
    powers: frozenset[str] = frozenset()
    phases: frozenset[str] = frozenset()
    turns: frozenset[int] = frozenset()
    rule_prefixes: tuple[str, ...] = ()
    dice_only: bool = False
    words: tuple[str, ...] = ()  # lower case, as typed; each found in the line's text (_word_found), both folded (core.i18n.folded)

    def matches(self, event: Event, names: dict[str, str]) -> bool:
        if not (
            (not self.powers or event.power in self.powers)
            and (not self.phases or event.phase in self.phases)
            and (not self.turns or event.turn in self.turns)
            and (not self.rule_prefixes or event.rule.startswith(self.rule_prefixes))
            and (not self.dice_only or event.roll is not None)
        ):
            return False
        if not self.words:
            return True
        line = folded(log_line(event, names))  # rendered once for all the words
        return all(_word_found(folded(word), line) for word in self.words)

    def describe(self, names: Mapping[str, str]) -> str:
        """Every filter, for the screen to say what it counts: the powers (``names``: as the log names them), the
        phases, turns and rules, die rolls, then the words as typed (late-game play-test: "home card" said "with
        'home'", and not the Card Draw Phase it took "card" for; "t3 suez" left out turn 3)."""
        parts = [name for power, name in names.items() if power in self.powers]  # in the game's order
        parts += [power.capitalize() for power in sorted(self.powers) if power not in names]
        parts += [_(PHASE_TITLES[phase]) for phase in Phase if phase.value in self.phases]
        parts += [_("turn {turn}").format(turn=turn) for turn in sorted(self.turns)]
        parts += self.rule_prefixes
        if self.dice_only:
            parts.append(_("die rolls"))
        parts += [f"'{word}'" for word in self.words]  # the player's own words, as typed
        return ", ".join(parts)


# A word typed is found in another of its forms too: a word of the line that begins as it does, but for its last
# letters (Spanish play-test: "barajar" found nothing, though "se baraja" was logged; "shuffling" finds "shuffled")
FORM_ENDING_LETTERS = 3
SHORTEST_STEM = 5  # review: four letters kept of "assault" found "assassinated", of "granada" "Grand Vizier"


def _word_found(word: str, line: str) -> bool:
    """``word`` anywhere in ``line`` as typed, or another form of it (both folded)."""
    return word in line or _other_forms(word).search(line) is not None


@functools.lru_cache(maxsize=64)
def _other_forms(word: str) -> re.Pattern[str]:
    stem = word[: max(SHORTEST_STEM, len(word) - FORM_ENDING_LETTERS)]
    return re.compile(r"\b" + re.escape(stem)) if stem != word else re.compile(r"(?!)")  # a short word: as typed only


def parse_filter(text: str, data: GameData) -> LogFilter:
    """Read the filter words; a word that is no power, phase, turn, rule or "dice" is text to find."""
    powers: set[str] = set()
    phases: set[str] = set()
    turns: set[int] = set()
    prefixes: list[str] = []
    dice = False
    words: list[str] = []
    by_name = {folded(p.name): p.id for p in data.powers} | {folded(_(p.name)): p.id for p in data.powers} | {p: p for p in data.power_ids}
    # each phase's own value and its word in English and in the reader's language (late-game play-test: "card", the
    # first half of "card-draw", filtered the Card Draw Phase, where it was meant as a word of the lines)
    phase_words = {phase.value: phase.value for phase in Phase}
    phase_words |= {folded(_word_of(wording)): phase.value for phase, message in PHASE_WORDS.items() for wording in (message, _(message))}
    dice_words = {"rolls", *(folded(_word_of(wording)) for wording in (DICE_WORD, _(DICE_WORD)))}  # "rolls": the log's own word
    turn_letters = {folded(_word_of(wording)) for wording in (TURN_LETTER, _(TURN_LETTER))}
    for word in text.split():
        lower = folded(word)
        if len(word) > 2 and word[0] in QUOTES and word[-1] in QUOTES:  # review: "draw" could no longer be found as text
            words.append(word[1:-1].lower())
        elif lower in dice_words:
            dice = True
        elif lower in by_name:
            powers.add(by_name[lower])
        elif lower in phase_words:
            phases.add(phase_words[lower])
        elif lower[:1] in turn_letters and lower[1:].isdigit():
            turns.add(int(lower[1:]))
        elif word.upper().split("-")[0] in _rule_sections() and (word.isupper() or "-" in word):
            if word.upper() not in prefixes:
                prefixes.append(word.upper())
        else:
            words.append(word.lower())
    return LogFilter(frozenset(powers), frozenset(phases), frozenset(turns), tuple(prefixes), dice, tuple(words))


@functools.cache
def _rule_sections() -> frozenset[str]:
    """The rule ID prefixes of the rules text (MAR, PAT, GEN...): other words in capitals are text."""
    return frozenset(entry.id.split("-")[0] for entry in entries())


def log_line(event: Event, names: dict[str, str]) -> str:
    """The log line; a roll also shows what its total gave (dice, modifiers, total, result)."""
    line = render(event, names)
    if event.roll is not None and event.roll.result:
        line = _("{line} -> {result}").format(line=line, result=text_of(event.roll.result))
    return line


def where(event: Event) -> str:
    """When an event happened: 'turn 3, Action Phase' (the phase's title, in the reader's language)."""
    if not event.turn:
        return ""
    phase = _(PHASE_TITLES[Phase(event.phase)]) if event.phase in tuple(Phase) else event.phase
    return _("turn {turn}, {phase}").format(turn=event.turn, phase=phase)


def _words(value: ParamValue) -> Iterator[str]:
    """The names a message's parameter holds: a royal's (a plain name), a power's (a game term: a message
    of its English name), also inside the messages it nests."""
    if isinstance(value, Message):
        if not value.params:
            yield value.id
        for _name, nested in value.params:
            yield from _words(nested)
    elif isinstance(value, str):
        yield value


# How far before a consequence its cause is looked for (a card's event logs a few lines)
CAUSE_LINES_BACK = 3
# A power's own lines logged for it by these rules are its own doing, no news to it (GEN-6: the pass of a
# power with no cards in hand comes in every impulse it has; GEN-7: "has nothing to propose: done negotiating")
OWN_DOING_RULES = frozenset({"GEN-6", "GEN-7"})


def naming(events: Sequence[Event], data: GameData, state: GameState, powers: Collection[str], on_screen: str = "") -> list[Event]:
    """The events of others' moves (``events``: the moves and what they set off) that name one of ``powers``,
    a space they hold or whose home power they are, or a royal they answer for (MAR-9: Mary Queen of Scots
    for Scotland's ally), or that are logged as one
    of ``powers``' (what those moves did to it: its side's wedding roll, the Card marker it takes, MAR-4,
    MAR-5): what a player who waited while others moved must not miss (play-test: England's betrothed
    Henry III was assassinated by an Ottoman event, MAR-8, and only the log said so; hot-seat play-test: a
    wedding France's accept set off showed France's roll but not England's, nor England's Card marker).
    Each comes with the line before it in its phase (unless it is another power's own move: SSH play-test, Empire's
    accept was listed as what led to Spain's postponement) and, where that line is no other power's doing, with
    the nearest one before that is (the cause: "Spain plays #17 City State Rebels" before "France's units
    leave Metz", "Metz rebels"), and the lines between the two. An event naming only royals all in ``on_screen`` (the prompt of the
    decision it led to: "Empire proposes Archduke Charles + Elizabeth I") is no news."""
    power_names = {data.power_name(power) for power in powers}
    royal_names = {royal.name for royal_id, royal in data.royals.items() if marriage.side_power(state, data, royal_id) in powers}
    # their spaces, held or home (Spanish play-test: France's Morisco Revolt put Unrest in Granada and Seville,
    # cost Spain a card, and only the log said so); one parameter may list several ("Granada, Seville")
    their_spaces = re.compile(r"\b(?:{})\b".format("|".join(re.escape(data.spaces[s].name) for s, space in state.spaces.items()
                                                                 if space.control in powers or data.spaces[s].home in powers) or "(?!)"))
    kept: set[int] = set()
    for index, event in enumerate(events):
        words = {word for _name, value in event.message.params for word in _words(value)}
        royals, powers_named = words & royal_names, words & power_names
        spaces_named = any(their_spaces.search(word) for word in words)
        theirs = event.power in powers and event.rule not in OWN_DOING_RULES
        # a power's name is in nearly every prompt: a line naming one is never old news
        old_news = not theirs and not powers_named and not spaces_named and all(name in on_screen for name in royals)
        if not (theirs or powers_named or royals or spaces_named) or old_news:
            continue
        if _by_another(event, powers):  # its doer is in it: the line before is no cause
            kept.add(index)
            continue
        before_in_phase = bool(index) and _same_phase(events[index - 1], event)
        kept |= {index - 1, index} if before_in_phase else {index}
        cause = None if not before_in_phase or _by_another(events[index - 1], powers) else next(
            (before for before in _same_phase_before(events, index - 1) if _by_another(events[before], powers)), None)
        if cause is not None:  # with the lines it set off on the way (play-test: "Henry of Navarre dies" was left out)
            kept |= set(range(cause, index))
    return [events[index] for index in sorted(kept)]


def _same_phase(one: Event, other: Event) -> bool:
    return (one.turn, one.phase) == (other.turn, other.phase)


def _same_phase_before(events: Sequence[Event], index: int) -> Iterator[int]:
    """The indexes of the few lines before ``events[index]`` in its turn and phase, nearest first: a cause is
    near its consequence (review: an unbounded search named "France is done negotiating" as a war's cause)."""
    for before in range(index - 1, max(index - 1 - CAUSE_LINES_BACK, -1), -1):
        if not _same_phase(events[before], events[index]):
            return
        yield before


def _by_another(event: Event, powers: Collection[str]) -> bool:
    return bool(event.power) and event.power not in powers
