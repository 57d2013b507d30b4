"""The game in the languages of its sources: English, Spanish and Russian.

Every string a player reads goes through this module: ``_`` (a message), ``ngettext`` (a message with
plural forms: Russian has three) and ``N_`` (marks a message where it is declared, translated where it
is shown). The catalogs are the ``.po`` files in ``core/locale/<language>/LC_MESSAGES``, kept in the
repository and compiled in memory with Babel the first time a language is used, so an editable and a
plain install both carry them. English is the source language: its messages are the msgids.

Games hold no translated text: saves, the store and the action log keep message ids and typed choices
(``cp patronise artist 3``, never translated), and what a player reads is translated where it is shown,
in the language of that terminal (``use``): one shared game can be watched in three languages at once.
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import re
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Union


LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "ru": "Русский"}  # each in its own words
SOURCE_LANGUAGE = "en"
DOMAINS = ("core", "tui")  # one catalog per package, from its own source: compiled as one
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGE_ENV = "VQ_LANG"  # the language of this terminal's game, before the locale's
LOCALE_ENVS = ("LC_ALL", "LC_MESSAGES", "LANG")  # as gettext reads them (an SSH client may send LANG)


class UnknownLanguage(ValueError):
    """A language this game has no catalog for."""


def catalog_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalogs of ``language``, compiled from its .po files once (English: the messages as written)."""
    if language not in LANGUAGES:
        raise UnknownLanguage(f"no catalog for language {language!r} (known: {', '.join(LANGUAGES)})")
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo  # Babel is loaded when a translation is first used
    from babel.messages.pofile import read_po

    catalogs = []
    for domain in DOMAINS:
        with catalog_path(language, domain).open("rb") as po:
            catalogs.append(read_po(po, locale=language, domain=domain))
    merged = catalogs[0]
    for catalog in catalogs[1:]:
        for message in catalog:
            if not (message.id and message.string):
                continue
            kept = merged.get(message.id, message.context)  # in its context (language play-test: one was lost beside the same words without)
            if kept is None:
                merged[message.id] = message
            elif not kept.string or kept.fuzzy:
                kept.string = message.string  # a message of both packages: the one translated (setting it would merge
                kept.flags.discard("fuzzy")  # the two and keep the first's words: review)
    compiled = io.BytesIO()
    write_mo(compiled, merged, use_fuzzy=False)
    compiled.seek(0)
    return _Translations(compiled, articles(language))


# A name with its article: a Spanish translation writes the form a name with "el" takes ("Impulso del
# {power}", "{space} pasa al {owner}", "El {attacker} ataca"), and a name that takes none is put in without
# it ("Impulso de España"; a language play-test read "Impulso de Otomano" on every screen). The names,
# each with its article ("" for none), are listed per language in core/locale/<language>/articles.toml;
# a value not listed there (a number, a person's name) leaves the words as written. Labels, headings and
# lists show names alone. The forms are Spanish's (the one language here with articles).
ARTICLE_FORMS = {"el": "", "del": "de", "al": "a"}  # each form, and the preposition it holds
ARTICLES = ("", "el", "la", "los", "las")
ARTICLE_FIELD = re.compile(r"(?<!\w)((?i:el|del|al)) \{([a-z_][a-z0-9_]*)\}")


@functools.cache
def articles(language: str) -> Mapping[str, str]:
    """Each name's article in a sentence of ``language`` (none for a language with no articles file)."""
    path = LOCALE_DIR / language / "articles.toml"
    if not path.exists():
        return MappingProxyType({})
    with path.open("rb") as file:
        listed = dict(tomllib.load(file)["articles"])
    wrong = {name: article for name, article in listed.items() if article not in ARTICLES}
    if wrong:
        raise ValueError(f"{path}: articles not one of {ARTICLES}: {wrong}")
    return MappingProxyType(listed)


def with_article(form: str, name: str, known: Mapping[str, str]) -> str:
    """``form`` (written for a name with "el": "del", "El") put before ``name`` with the name's own article:
    "del Otomano", "de España"; as written for a name not in ``known``."""
    if name not in known:
        return f"{form} {name}"
    preposition, article = ARTICLE_FORMS[form.lower()], known[name]
    if preposition and article == "el":  # Spanish contracts "de el" and "a el"
        words = [preposition + "l", name]
    else:
        words = [word for word in (preposition, article, name) if word]
    text = " ".join(words)
    return text[:1].upper() + text[1:] if form[:1].isupper() else text


class Phrase(str):
    """A translation naming a value after an article's form, put in by its own ``format`` (the rest by
    ``str.format``)."""

    known: Mapping[str, str]

    def __new__(cls, text: str, known: Mapping[str, str]) -> Phrase:
        phrase = super().__new__(cls, text)
        phrase.known = known
        return phrase

    def __reduce__(self) -> tuple[type[Phrase], tuple[str, dict[str, str]]]:  # copied and pickled whole
        return Phrase, (str(self), dict(self.known))

    def format(self, *args: object, **values: object) -> str:
        def named(field: re.Match[str]) -> str:
            return with_article(field[1], str(values[field[2]]), self.known).replace("{", "{{").replace("}", "}}")

        return ARTICLE_FIELD.sub(named, str(self)).format(*args, **values)

    def format_map(self, values: Mapping[str, object]) -> str:
        return self.format(**values)


class _Translations(gettext.GNUTranslations):
    """A language's compiled catalogs whose translations naming a value after an article format themselves."""

    def __init__(self, compiled: io.BytesIO, known: Mapping[str, str]) -> None:
        super().__init__(compiled)
        self.known = known
        self._phrases: dict[str, str] = {}  # each translation looked at, as given (the regex once per text)

    def _phrased(self, text: str) -> str:
        phrase = self._phrases.get(text)
        if phrase is None:
            phrase = self._phrases[text] = Phrase(text, self.known) if self.known and ARTICLE_FIELD.search(text) else text
        return phrase

    def gettext(self, message: str) -> str:
        return self._phrased(super().gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._phrased(super().ngettext(msgid1, msgid2, n))

    def pgettext(self, context: str, message: str) -> str:
        return self._phrased(super().pgettext(context, message))

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._phrased(super().npgettext(context, msgid1, msgid2, n))


_language = SOURCE_LANGUAGE
_catalog: gettext.NullTranslations = gettext.NullTranslations()


def use(language: str) -> None:
    """Read everything in ``language`` from now on (this terminal's process: one player's language)."""
    global _language, _catalog
    _catalog = translations(language)
    _language = language


def current() -> str:
    return _language


def _(message: str) -> str:
    """``message`` in the current language ("" stays "": gettext gives "" the catalog's header)."""
    return _catalog.gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the current language (1 карта, 2 карты, 5 карт)."""
    return _catalog.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` as it is worded in ``context`` in the current language (Spanish "casada" of a princess)."""
    return _catalog.pgettext(context, message)


def NP_(context: str, message: str) -> tuple[str, str]:
    """Marks ``message`` in ``context`` for the catalogs where it is declared; shown with ``pgettext``."""
    return context, message


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is declared; it is translated where it is shown."""
    return message


def folded(text: str) -> str:
    """``text`` as searches compare it: case and accents set aside (language play-test: the log search found
    nothing for "negociacion" or "espana", though "negociación" four lines; Russian ё is е, as typed), but for
    Russian й, a letter of its own (review: "мой" found "мои")."""
    kept = text.casefold().replace("й", _SHORT_I)
    return "".join(c for c in unicodedata.normalize("NFKD", kept) if not unicodedata.combining(c)).replace(_SHORT_I, "й")


_SHORT_I = "\ue000"  # й while a text is folded: a private-use character, in no message


def chosen(explicit: str = "", environ: Mapping[str, str] = os.environ) -> str:
    """The language asked for: ``--lang``, else VQ_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG, as
    gettext reads them: ``ru_RU.UTF-8`` is Russian); English when none names a language of the game.
    An explicit language the game does not have is refused (UnknownLanguage)."""
    if explicit:
        if explicit not in LANGUAGES:
            raise UnknownLanguage(f"no catalog for language {explicit!r} (known: {', '.join(LANGUAGES)})")
        return explicit
    for name in (LANGUAGE_ENV, *LOCALE_ENVS):
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGUAGES else SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


ParamValue = Union[int, str, "Message"]


@dataclass(frozen=True, slots=True)
class Message:
    """Text kept without a language, for the log and the state: its English message (the msgid, with
    ``{placeholders}``) and their values, rendered in the reader's language when shown. A value is a
    number, a name (of a person or place: never translated) or a message of its own. ``plural`` is the
    English plural of a message counted by its ``count`` parameter. A message whose id has no
    translation shows as written: older saves' plain texts load as such messages.

    A dataclass, not attrs as elsewhere in core: this module is the title screen's, and importing attrs
    took 13 ms of a 300 ms start (saves write it through their own hooks: core/saves.py)."""

    id: str
    params: tuple[tuple[str, ParamValue], ...] = ()
    plural: str = ""

    def render(self, catalog: gettext.NullTranslations | None = None) -> str:
        """This message in the language of ``catalog`` (the current language when None)."""
        catalog = _catalog if catalog is None else catalog
        values = {name: value.render(catalog) if isinstance(value, Message) else value for name, value in self.params}
        if self.plural:
            text = catalog.ngettext(self.id, self.plural, int(values["count"]))
        else:
            text = catalog.gettext(self.id) if self.id else ""
        return text.format(**values) if values else text

    def in_language(self, language: str) -> str:
        return self.render(translations(language))

    def __str__(self) -> str:
        return self.render()


def msg(message_id: str, /, **params: ParamValue) -> Message:
    """A message to render later in the reader's language (marked for the catalogs like ``_``)."""
    return Message(message_id, tuple(params.items()))


def msgn(singular: str, plural: str, count: int, /, **params: ParamValue) -> Message:
    """A message with plural forms, chosen by ``count`` (its ``{count}`` placeholder) when rendered."""
    return Message(singular, (("count", count), *params.items()), plural)


def listed(items: list[ParamValue]) -> ParamValue:
    """Items as one comma-separated parameter ("a, b, c"), each rendered in the reader's language when
    shown (a name stays as written, a message is translated): a kept text that embeds a list freezes
    no English."""
    if not items:
        return ""
    result = items[0]
    for item in items[1:]:
        result = msg("{items}, {item}", items=result, item=item)
    return result


def text_of(value: Message | str) -> str:
    """What a player reads of a message, or of a plain text (a name, an older save's line)."""
    return value.render() if isinstance(value, Message) else value
