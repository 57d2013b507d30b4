"""Keeping the catalogs whole (``python -m core i18n extract | check``), with Babel.

``extract`` reads every message marked in the game's source (``_``, ``N_``, ``ngettext`` in core/ and
tui/) into the template ``core/locale/virgin_queen.pot`` and brings each language's ``.po`` file up to
it (new messages empty, gone ones dropped, changed ones fuzzy). ``check`` lists what a player would
read untranslated: a message with no translation, a fuzzy one, or one whose placeholders (``{power}``)
differ from its translation's.
"""

from __future__ import annotations

import re
from pathlib import Path

from attrs import frozen
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from core.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, catalog_path

PROJECT = LOCALE_DIR.parent.parent  # the folder holding core/ and tui/
SOURCE_PACKAGES = ("core", "tui")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
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


def template() -> Catalog:
    """Every marked message of the source, with where it is."""
    catalog = Catalog(domain=DOMAIN, project=PROJECT_NAME, charset="utf-8", fuzzy=False)
    for package in SOURCE_PACKAGES:
        folder = PROJECT / package
        for filename, lineno, message, comments, context in extract_from_dir(
            folder, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
        ):
            catalog.add(message, locations=[(f"{package}/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def _read(path: Path, language: str) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=language, domain=DOMAIN)


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog, width=100, sort_output=False)


def extract() -> list[str]:
    """Write the template and bring every language's catalog up to it; what was done, a line each."""
    source = template()
    _write(TEMPLATE, source)
    done = [f"{TEMPLATE.relative_to(PROJECT)}: {len(source)} messages"]
    for language in LANGUAGES:
        if language == SOURCE_LANGUAGE:
            continue
        path = catalog_path(language)
        catalog = _read(path, language) if path.exists() else Catalog(locale=language, domain=DOMAIN, project=PROJECT_NAME)
        catalog.update(source, update_header_comment=False)
        catalog.fuzzy = False  # the header holds the plural forms: a fuzzy one is left out when compiled
        _write(path, catalog)
        done.append(f"{path.relative_to(PROJECT)}: {len(catalog)} messages")
    return done


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def gaps(languages: tuple[str, ...] = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)) -> list[Gap]:
    """Every message of the source a player would read untranslated, in each language."""
    source = template()
    found: list[Gap] = []
    for language in languages:
        path = catalog_path(language)
        catalog = _read(path, language) if path.exists() else Catalog(locale=language, domain=DOMAIN)
        for message in source:
            if not message.id:
                continue
            key = message.id if isinstance(message.id, str) else message.id[0]
            entry = catalog.get(message.id, context=message.context)
            if entry is None or not entry.string or (isinstance(entry.string, tuple) and not all(entry.string)):
                found.append(Gap(language, key, "not translated"))
                continue
            if entry.fuzzy:
                found.append(Gap(language, key, "fuzzy (changed since it was translated)"))
                continue
            wanted = set().union(*(_placeholders(text) for text in (message.id if isinstance(message.id, tuple) else (message.id,))))
            translations = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if isinstance(entry.string, tuple) and len(translations) != catalog.num_plurals:
                found.append(Gap(language, key, f"{len(translations)} plural forms, the language has {catalog.num_plurals}"))
            for text in translations:
                if _placeholders(text) != wanted:
                    found.append(Gap(language, key, f"placeholders {sorted(_placeholders(text))} in {text!r}, not {sorted(wanted)}"))
    return found
