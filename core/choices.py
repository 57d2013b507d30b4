"""Choices and decisions: every player decision is one of the legal choices core lists."""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from core.i18n import N_, Message, _, current


TABLE_ACTOR = "table"  # who decides a table action recorded "by the table at any time" (TABLE-1)
TABLE_ENTRY = N_("Record a table action (TABLE-1)")  # an impulse's choice to record one (TABLE-1)


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



# What a player typed is said back at most this long (hostile-files play-test: 3,008 characters typed were said
# back twice in 6,208, the reason and the legal choices off the screen)
TYPED_SHOWN_CHARS = 40


def typed_shown(text: str) -> str:
    """Typed text as a refusal quotes it: cut at TYPED_SHOWN_CHARS, with an ellipsis."""
    return text if len(text) <= TYPED_SHOWN_CHARS else text[: TYPED_SHOWN_CHARS - 1] + "…"

@frozen
class Choice:
    """A legal answer to a decision, with a stable string form (``play 21 event``) for logs,
    saves and test scripts, and a readable label for the screen."""

    verb: Verb
    args: tuple[str, ...] = ()
    label: str = field(default="", eq=False)

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))  # a StrEnum is its value

    @classmethod
    def parse(cls, text: str) -> Choice:
        words = text.split()
        if not words:
            raise IllegalChoice(_("empty choice"))
        try:
            verb = Verb(words[0])
        except ValueError:
            # shared-game play-test: "unknown action 'blorp'" said nothing of what is known
            known = ", ".join(verb.value for verb in Verb)
            raise IllegalChoice(_("unknown action {word!r} (a choice begins with one of: {known})").format(word=typed_shown(words[0]), known=known)) from None
        return cls(verb, tuple(words[1:]))


class Quiet(StrEnum):
    """How an option is the one that changes least: key 0 in the app, the walkthroughs' and tests'
    quiet play, a computer player inside a table action."""

    MOVES_ON = "moves on"  # done, pass, no response, no combat card, decline, stop spending
    CANCELS = "cancels"  # backs out of a table action being recorded (Esc in the app)


# Why an option is not legal now: a message (put in words only when someone reads it: most refusals
# of a decision never are), or a text already in words; "" when the option is legal.
Refusal = Message | str


def _in_language(text: Refusal, language: str) -> str:
    return text if isinstance(text, str) else text.in_language(language)


@frozen
class Option:
    """A choice a procedure knows of, with why it is not legal now (``refusal``: "" when it is), and
    whether it is the quiet one of its decision. A refusal given as a message reads in the language
    of the process that listed the option, as a text made then would."""

    choice: Choice
    _refusal: Refusal = ""
    quiet: Quiet | None = None
    _language: str = field(factory=current, eq=False, repr=False, kw_only=True)

    @property
    def legal(self) -> bool:
        return not self._refusal

    @property
    def refusal(self) -> str:
        return _in_language(self._refusal, self._language)

    def with_refusal(self, refusal: Refusal) -> Option:
        """This option, refused now with why (itself when ``refusal`` is ""): options that depend on
        the data alone, labels and all, are made once per game data and refused as the position says."""
        return Option(self.choice, refusal, self.quiet) if refusal else self


@frozen
class Decision:
    """What one power must decide: the legal choices, and the known ones refused now with why.

    ``quiet`` is the legal choice that changes least, marked by the procedure that offers it (None
    when it offers none); ``cancel`` is the quiet choice when it backs out of a table action.
    ``prompt`` is in the language of the process that asked (a message is put in words only when it
    is read); ``prompt_message`` is the same prompt without a language (what the store keeps for
    other players), when its procedure gives one."""

    power: str
    _prompt: Message | str
    rule: str
    choices: tuple[Choice, ...]
    refused: tuple[Option, ...] = ()
    quiet: Choice | None = None
    quiet_cancels: bool = False
    # a prompt kept without a language beside a prompt given in words (outside callers' way to make one)
    _given_message: Message | None = field(default=None, alias="prompt_message", eq=False, repr=False)
    _language: str = field(factory=current, eq=False, repr=False, kw_only=True)

    @classmethod
    def asking(cls, power: str, prompt: Message, rule: str, choices: tuple[Choice, ...]) -> Decision:
        """A decision whose prompt is a message: shown in this process's language, kept without one."""
        return cls(power, prompt, rule, choices)

    @property
    def prompt(self) -> str:
        return _in_language(self._prompt, self._language)

    @property
    def prompt_message(self) -> Message | None:
        if self._given_message is not None:
            return self._given_message
        return self._prompt if isinstance(self._prompt, Message) else None

    @property
    def cancel(self) -> Choice | None:
        return self.quiet if self.quiet_cancels else None

    def quiet_or_first(self) -> Choice:
        """The quiet choice, else the first: what quiet play takes (walkthroughs, tests)."""
        return self.quiet or self.choices[0]

    @classmethod
    def of(cls, power: str, prompt: Message | str, rule: str, options: list[Option]) -> Decision:
        """Split one list of options into the legal choices and the refused ones."""
        choices: list[Choice] = []
        refused: list[Option] = []
        quiet: Option | None = None
        for option in options:
            if option._refusal:  # Option.legal, read without a call: every option of every decision passes here
                refused.append(option)
            else:
                choices.append(option.choice)
                if quiet is None and option.quiet is not None:
                    quiet = option
        if quiet is None:
            return cls(power, prompt, rule, tuple(choices), tuple(refused))
        return cls(power, prompt, rule, tuple(choices), tuple(refused), quiet.choice, quiet.quiet is Quiet.CANCELS)

    def find(self, choice: Choice) -> Choice | None:
        """The legal choice equal to ``choice`` (a computer player's is one of these very objects:
        looked for by identity first, as comparing each choice before it costs a call each)."""
        for legal in self.choices:
            if legal is choice:
                return legal
        try:
            return self.choices[self.choices.index(choice)]
        except ValueError:
            return None

    def label_of(self, typed: str) -> str:
        """A legal choice as the list shows it (its label, in the reader's language), from its typed form; the typed
        form itself when no legal choice has it, or it has no label."""
        return next((c.label for c in self.choices if str(c) == typed and c.label), typed)

    def refusal_of(self, choice: Choice) -> str | None:
        """Why a known option is refused now (None when it is not one of the refused options)."""
        return next((o.refusal for o in self.refused if o.choice == choice), None)


class IllegalChoice(ValueError):
    """A choice that is not legal now; the state is unchanged."""
