"""Letter keys on a keyboard set to another alphabet: the key at the same place on a QWERTY keyboard.

A player with the Russian layout on presses the key marked L and the terminal sends "д": no binding
of the app matches it, so "l Log" did nothing (play-test). A letter no binding takes, and no text box
took, is read as the Latin letter at the same place on the keyboard. A text box (a player's name, a
typed choice, a rules search) takes the letter first, so typing in Russian there is unchanged.
"""

from __future__ import annotations

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
