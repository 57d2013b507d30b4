"""Choices and decisions: every player decision is one of the legal choices core lists."""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen


TABLE_ACTOR = "table"  # who decides a table action recorded "by the table at any time" (TABLE-1)


class Verb(StrEnum):
    PASS = "pass"
    PLAY = "play"
    CP = "cp"
    TABLE = "table"
    PICK = "pick"
    RESPOND = "respond"
    NO_RESPONSE = "no-response"
    COMBAT = "combat"
    NO_COMBAT = "no-combat"
    PROPOSE = "propose"
    OPENING = "opening"
    LOUISE = "louise"
    DONE = "done"
    ACCEPT = "accept"
    DECLINE = "decline"
    WEDDING = "wedding"
    COURTSHIP = "courtship"
    REWARD = "reward"


@frozen
class Choice:
    """A legal answer to a decision, with a stable string form (``play 21 event``) for logs,
    saves and test scripts, and a readable label for the screen."""

    verb: Verb
    args: tuple[str, ...] = ()
    label: str = field(default="", eq=False)

    def __str__(self) -> str:
        return " ".join((self.verb.value, *self.args))

    @classmethod
    def parse(cls, text: str) -> Choice:
        words = text.split()
        if not words:
            raise IllegalChoice("empty choice")
        try:
            verb = Verb(words[0])
        except ValueError:
            raise IllegalChoice(f"unknown action {words[0]!r}") from None
        return cls(verb, tuple(words[1:]))


@frozen
class Option:
    """A choice a procedure knows of, with why it is not legal now ("" when it is)."""

    choice: Choice
    refusal: str = ""


@frozen
class Decision:
    """What one power must decide: the legal choices, and the known ones refused now with why."""

    power: str
    prompt: str
    rule: str
    choices: tuple[Choice, ...]
    refused: tuple[Option, ...] = ()

    @classmethod
    def of(cls, power: str, prompt: str, rule: str, options: list[Option]) -> Decision:
        """Split one list of options into the legal choices and the refused ones."""
        return cls(
            power,
            prompt,
            rule,
            tuple(o.choice for o in options if not o.refusal),
            tuple(o for o in options if o.refusal),
        )

    def find(self, choice: Choice) -> Choice | None:
        return next((c for c in self.choices if c == choice), None)

    def refusal_of(self, choice: Choice) -> str | None:
        """Why a known option is refused now (None when it is not one of the refused options)."""
        return next((o.refusal for o in self.refused if o.choice == choice), None)


class IllegalChoice(ValueError):
    """A choice that is not legal now; the state is unchanged."""
