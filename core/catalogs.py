"""Keeping the catalogs whole (``python -m core i18n extract | check``), with Babel.

``extract`` reads every message marked in a package's source (``_``, ``N_``, ``ngettext``) into its
template (``core/locale/core.pot`` from core/, ``tui.pot`` from tui/) and brings each language's
``.po`` file of that package up to it (new messages empty, gone ones dropped, changed ones fuzzy).
``check`` lists what a player would read untranslated: a message with no translation, a fuzzy one, or
one whose placeholders (``{power}``) differ from its translation's.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from attrs import frozen
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from core.i18n import DOMAINS, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, catalog_path

PROJECT = LOCALE_DIR.parent.parent  # the folder holding core/ and tui/ (a domain's source is its package)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "msg": None, "msgn": (1, 2), "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2)}
PROJECT_NAME = "The Virgin Queen"
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)(?:[!:][^}]*)?\}")


@frozen
class Gap:
    """A message a player would read untranslated."""

    language: str
    message: str
    problem: str

    def line(self) -> str:
        return f"{self.language}: {self.message!r}: {self.problem}"


def template_path(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def template(domain: str) -> Catalog:
    """Every marked message of the package ``domain``, with where it is."""
    catalog = Catalog(domain=domain, project=PROJECT_NAME, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        PROJECT / domain, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
    ):
        catalog.add(message, locations=[(f"{domain}/{filename}", lineno)], auto_comments=comments, context=context)
    if domain == "core":
        for text, location, comment in _rules_and_data_terms():
            catalog.add(text, locations=[location], auto_comments=[comment] if comment else [])
    return catalog


def _rules_and_data_terms() -> list[tuple[str, tuple[str, int], str]]:
    """The messages that are not in the source: each rule's text and section (the rules browser) and
    the game terms of the data files that are not names of people or places (powers, scenarios,
    cards, bonuses). Each is (message, where, a note for translators)."""
    from core.gamedata import load  # the data, as shipped: the terms every game shows
    from core.rules_text import source_entries

    found: list[tuple[str, tuple[str, int], str]] = []
    for index, entry in enumerate(source_entries()):
        found.append((entry.section, ("core/data/rules.md", index), "a section of the rules"))
        if entry.topic:
            found.append((entry.topic, ("core/data/rules.md", index), "a topic of a section of the rules (its ### heading)"))
        found.append((entry.markdown, ("core/data/rules.md", index), f"rule {entry.id} (Markdown; keep the rule IDs and `[S]`-style tags)"))
    data = load()
    found += [(p.name, ("core/data/powers.toml", i), "a power") for i, p in enumerate(data.powers)]
    found += [(m.name, ("core/data/minors.toml", i), "a minor power") for i, m in enumerate(data.minors.values())]
    found += [(s.name, ("core/data/scenarios.toml", i), "a scenario") for i, s in enumerate(data.scenarios.values())]
    found += [(c.title, ("core/data/cards.toml", n), "a card title") for n, c in data.cards.items()]
    for i, bonus in enumerate(data.bonuses.values()):
        found += [(bonus.name, ("core/data/bonuses.toml", i), "a bonus"), (bonus.effect, ("core/data/bonuses.toml", i), "a bonus's effect")]
    return found


def _read(path: Path, language: str | None, domain: str) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=language, domain=domain)


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog, width=100, sort_output=False)


def revive_returned(catalog: Catalog) -> None:
    """A message back in the source after it was dropped gets its kept translation back, and loses its obsolete
    twin: msgfmt refuses a catalog holding both (GEN-8's quiet line, dropped and then kept for older games)."""
    for key, old in list(catalog.obsolete.items()):
        current = catalog.get(old.id, old.context)
        if current is None:
            continue
        del catalog.obsolete[key]
        translated = any(current.string) if isinstance(current.string, tuple) else bool(current.string)
        same_form = isinstance(current.string, tuple) == isinstance(old.string, tuple)  # a plural's forms, or one string
        if same_form and (not translated or current.fuzzy):  # a fuzzy guess is left out when compiled: the kept one is exact
            current.string = old.string
            current.flags.discard("fuzzy")


def extract() -> list[str]:
    """Write each package's template and bring every language's catalogs up to them; a line per file."""
    done = []
    for domain in DOMAINS:
        source = template(domain)
        _write(template_path(domain), source)
        done.append(f"{template_path(domain).relative_to(PROJECT)}: {len(source)} messages")
        for language in LANGUAGES:
            if language == SOURCE_LANGUAGE:
                continue
            path = catalog_path(language, domain)
            catalog = _read(path, language, domain) if path.exists() else Catalog(locale=language, domain=domain, project=PROJECT_NAME)
            catalog.update(source, update_header_comment=False)
            revive_returned(catalog)
            catalog.fuzzy = False  # the header holds the plural forms: a fuzzy one is left out when compiled
            _write(path, catalog)
            done.append(f"{path.relative_to(PROJECT)}: {len(catalog)} messages")
    return done


def merge(others: list[Path]) -> list[str]:
    """Fill each language's messages that have no translation with the ones ``others`` (.po files, of
    any domain) give for the same message and language: how translations made apart come together."""
    given: dict[str, dict[Any, Message]] = {}
    for path in others:
        with path.open("rb") as po:
            other = read_po(po)
        language = str(other.locale) if other.locale else ""
        for message in other:
            if message.id and message.string and not message.fuzzy and (not isinstance(message.string, tuple) or all(message.string)):
                given.setdefault(language, {})[message.id] = message
    done = []
    for domain in DOMAINS:
        for language in LANGUAGES:
            path = catalog_path(language, domain)
            if language == SOURCE_LANGUAGE or not path.exists():
                continue
            catalog = _read(path, language, domain)
            filled = 0
            for message in catalog:
                source = given.get(language, {}).get(message.id)
                empty = not message.string or (isinstance(message.string, tuple) and not all(message.string))
                if message.id and source is not None and (empty or message.fuzzy):
                    message.string = source.string
                    message.flags.discard("fuzzy")
                    filled += 1
            _write(path, catalog)
            done.append(f"{path.relative_to(PROJECT)}: {filled} translations merged")
    return done


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def gaps(languages: tuple[str, ...] = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)) -> list[Gap]:
    """Every message of the source a player would read untranslated, in each language."""
    found: list[Gap] = []
    for domain in DOMAINS:
        source = template(domain)
        for language in languages:
            path = catalog_path(language, domain)
            catalog = _read(path, language, domain) if path.exists() else Catalog(locale=language, domain=domain)
            found += [gap for message in source if message.id for gap in _gaps_of(message, catalog, language)]
    return found


def _gaps_of(message: Message, catalog: Catalog, language: str) -> list[Gap]:
    key = message.id if isinstance(message.id, str) else message.id[0]
    entry = catalog.get(message.id, context=message.context)
    if entry is None or not entry.string or (isinstance(entry.string, tuple) and not all(entry.string)):
        return [Gap(language, key, "not translated")]
    if entry.fuzzy:
        return [Gap(language, key, "fuzzy (changed since it was translated)")]
    sources = message.id if isinstance(message.id, tuple) else (message.id,)
    wanted = set().union(*(_placeholders(text) for text in sources))
    translations = entry.string if isinstance(entry.string, tuple) else (entry.string,)
    found = []
    if isinstance(entry.string, tuple) and len(translations) != catalog.num_plurals:
        found.append(Gap(language, key, f"{len(translations)} plural forms, the language has {catalog.num_plurals}"))
    for text in translations:
        if _placeholders(text) != wanted:
            found.append(Gap(language, key, f"placeholders {sorted(_placeholders(text))} in {text!r}, not {sorted(wanted)}"))
    return found
