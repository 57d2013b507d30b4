"""The Suez Canal (SUEZ-1..SUEZ-3): one option of the Ottoman home card Grand Vizier is a dig."""

from __future__ import annotations

from attrs import define

from core.cards import add_card_marker, card_title
from core.choices import Choice, Decision
from core.context import Ctx
from core.events import Modifier
from core.i18n import N_, Message, _, msg
from core.procedures import CardEvent, Procedure, pick
from core.state import Frame, MarkerKind

DIG = "dig-suez"
NO_EFFECT = "no-effect"
EXCAVATION = "excavation"


@define
class GrandVizierFrame(Frame):
    """The Grand Vizier's event: the Ottoman chooses the dig or no event effect (SUEZ-1)."""

    power: str
    card: int


def dig_modifiers(ctx: Ctx, power: str, attempts: int | None = None) -> list[Modifier]:
    """SUEZ-2: +1 per box of the attempts marker (where it is now, or ``attempts``); +2 for the
    Excavation bonus (SCI-2)."""
    settings = ctx.data.settings.suez
    state = ctx.state
    boxes = state.suez_attempts if attempts is None else attempts
    # the box as the marker's place, not a count ahead of a count (Russian play-test: "+1 1 box on the attempts track")
    mods = [Modifier(msg("attempts marker in box {count}", count=boxes), boxes * settings.box_bonus)]
    if state.markers.bonus_holders.get(EXCAVATION) == power:
        mods.append(Modifier(Message(ctx.data.bonuses[EXCAVATION].name), settings.excavation_bonus))
    return mods


def builds(ctx: Ctx, total: int) -> bool:
    """SUEZ-1: a dig of this total builds the canal."""
    return total >= ctx.data.settings.suez.target


def attempts_after_failure(ctx: Ctx, attempts: int) -> int:
    """SUEZ-2: a failed dig moves the attempts marker one box, up to the last box."""
    return min(attempts + 1, ctx.data.settings.suez.boxes)


def attempt(ctx: Ctx, power: str) -> bool:
    """SUEZ-1: roll 1d6 + modifiers; the target or more builds the canal (True)."""
    settings = ctx.data.settings.suez
    state = ctx.state
    roll = ctx.roll(power, "SUEZ-1", msg("attempt to build the Suez Canal"), 1, dig_modifiers(ctx, power))
    if builds(ctx, roll.total):
        state.suez_built = True
        ctx.log("SUEZ-1", msg("builds the Suez Canal ({total}, {target} needed)", total=roll.total, target=settings.target), power)
        ctx.gain_vp(power, settings.vp, "SUEZ-3", msg("the Suez Canal"))
        add_card_marker(ctx, power, 1, "SUEZ-3", msg("the Suez Canal, for the rest of the game"), MarkerKind.SUEZ)
        ctx.log("SUEZ-3", msg("Ottoman expeditions are now placed in the Indian Ocean at full strength and may include colonies"), power)
        return True
    if state.suez_attempts < settings.boxes:
        state.suez_attempts = attempts_after_failure(ctx, state.suez_attempts)
        text = msg(
            "the dig fails ({total}, {target} needed): the attempts marker moves to box {box}",
            total=roll.total, target=settings.target, box=state.suez_attempts,
        )
    else:
        text = msg("the dig fails ({total}, {target} needed): the attempts marker is already in the last box", total=roll.total, target=settings.target)
    ctx.log("SUEZ-2", text, power)
    return False


def _options(ctx: Ctx, frame: GrandVizierFrame):
    built = _("SUEZ-3: the Suez Canal is already built") if ctx.state.suez_built else ""
    return [
        pick(DIG, _("Attempt to build the Suez Canal (SUEZ-1)"), built),
        pick(NO_EFFECT, _("No event effect")),
    ]


def _decide(ctx: Ctx, frame: GrandVizierFrame) -> Decision:
    prompt = msg("{card}: choose the event's option", card=card_title(ctx, frame.card))
    return Decision.of(frame.power, prompt, "SUEZ-1", _options(ctx, frame))


def _choose(ctx: Ctx, frame: GrandVizierFrame, choice: Choice) -> None:
    ctx.remove_frame(frame)
    if choice.args[0] == DIG:
        attempt(ctx, frame.power)
    else:
        ctx.log("SUEZ-1", msg("uses {card} with no event effect", card=card_title(ctx, frame.card)), frame.power)


def _grand_vizier(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
    ctx.state.stack.append(GrandVizierFrame(power=power, card=number))


PROCEDURES = (Procedure(GrandVizierFrame, "grand-vizier", _decide, _choose, rules=("SUEZ-1", "SUEZ-2", "SUEZ-3")),)

CARD_EVENTS = (
    CardEvent(
        "grand-vizier",
        ("SUEZ-1", "SUEZ-2", "SUEZ-3"),
        N_("one option: attempt to build the Suez Canal, 1d6 + attempts boxes (+2 Excavation), 6+ builds (SUEZ-1)"),
        _grand_vizier,
    ),
)
