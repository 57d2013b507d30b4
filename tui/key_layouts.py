"""Letter keys on a keyboard set to another alphabet: the key at the same place on a QWERTY keyboard.

A player with the Russian layout on presses the key marked L and the terminal sends "д": no binding
of the app matches it, so "l Log" did nothing (play-test). A letter no binding takes, and no text box
took, is read as the Latin letter at the same place on the keyboard. A text box (a player's name, a
typed choice, a rules search) takes the letter first, so typing in Russian there is unchanged.
"""

from __future__ import annotations

from collections.abc import Container

from textual.events import Key

from core.i18n import _

# The Russian layout (ЙЦУКЕН) by the keys of the US layout (QWERTY): letters only, as every letter key
# the app binds is a Latin letter; the punctuation of the two layouts is left as the terminal sends it.
RUSSIAN_ROWS = ("йцукенгшщз", "фывапролд", "ячсмитьб")
QWERTY_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm,")

LATIN_AT_THE_SAME_PLACE: dict[str, str] = {
    cyrillic: latin
    for cyrillic_row, latin_row in zip(RUSSIAN_ROWS, QWERTY_ROWS)
    for cyrillic, latin in zip(cyrillic_row, latin_row)
    if latin.isalpha()
}


def latin_key(character: str | None) -> str | None:
    """The Latin letter at the place of ``character`` on the keyboard (lower or upper case kept), or None
    when it is not a letter of another layout."""
    if not character:
        return None
    latin = LATIN_AT_THE_SAME_PLACE.get(character.lower())
    if latin is None:
        return None
    return latin.upper() if character.isupper() else latin


def stray_key(event: Key, bound: Container[str]) -> str:
    """How to name a printable key that no binding in ``bound`` takes, to say it does nothing ("" for any other
    key). A letter of another layout is left to the Latin key at its place, which the app presses instead and
    is answered in turn; an upper-case letter whose lower case is bound asks after Caps Lock (review: "L: no
    such key" beside "l Log" in the footer); Space is named."""
    if not event.is_printable or event.key in bound or latin_key(event.character) is not None:
        return ""
    if event.key == "space":
        return _("Space")
    character = event.character or event.key
    if character.lower() != character and character.lower() in bound:
        return _("{key} (Caps Lock?)").format(key=character)
    return character
