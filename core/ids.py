"""The ids the rules name: powers, royal families, card kinds, religions and controllers.

The data files (core/data/*.toml) hold the same strings; these StrEnums compare and hash equal to
them, so ``state.spaces[s].control == Power.SPAIN`` reads the data as it is. A test checks that the
data and these enums agree.
"""

from __future__ import annotations

from enum import StrEnum

from core.i18n import N_, NP_


class Power(StrEnum):
    """The six major powers (GEN-1), in the impulse order of core/data/powers.toml."""

    OTTOMAN = "ottoman"
    SPAIN = "spain"
    ENGLAND = "england"
    FRANCE = "france"
    EMPIRE = "empire"
    PROTESTANT = "protestant"


class Minor(StrEnum):
    """The minor powers a rule names (DIP-2's Scotland, MAR-9's Mary Queen of Scots)."""

    SCOTLAND = "scotland"


INDEPENDENT = "independent"  # the controller of an independent space (IND-1)


class Family(StrEnum):
    """A royal's family mark (MAR-3b: never two of one family; MAR-6c: a Valois goes on the French card)."""

    NONE = ""
    VALOIS = "V"
    HABSBURG = "H"

    @property
    def house(self) -> str:
        """The family's name in English, marked for the catalogs ("" for none): the Negotiation board shows it
        translated (``_``), where a letter would read as another (Spanish H: hombre, Habsburg)."""
        return {Family.VALOIS: N_("Valois"), Family.HABSBURG: N_("Habsburg")}.get(self, "")

    @property
    def letter(self) -> tuple[str, str]:
        """The family's letter in the Available to Wed table, marked for the catalogs in its context, shown with
        ``pgettext`` (language play-test: Russian read H and V beside Габсбург and Валуа)."""
        return {Family.VALOIS: NP_("family letter", "V"), Family.HABSBURG: NP_("family letter", "H")}.get(self, ("family letter", "-"))


class Sex(StrEnum):
    MALE = "M"
    FEMALE = "F"


class CardKind(StrEnum):
    HOME = "home"  # CARD-5: returns to its power every turn
    MANDATORY = "mandatory"  # CARD-1: must be played as its event
    RESPONSE = "response"  # CARD-2
    COMBAT = "combat"  # CARD-3
    EVENT = "event"


class Religion(StrEnum):
    CATHOLIC = "catholic"
    PROTESTANT = "protestant"
