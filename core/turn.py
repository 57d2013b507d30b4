"""Sequence of play (GEN-3): each phase's automatic steps and the frames it pushes."""

from __future__ import annotations

from core import cards, catholic_league, diplomacy, independence, marriage, morisco, patronage, victory
from core.action_phase import ActionPhaseFrame
from core.context import Ctx
from core.events import EventKind
from core.i18n import Message, listed, msg
from core.marriage import MarriagePhaseFrame
from core.negotiation import NegotiationFrame
from core.patronage import PatronagePhaseFrame
from core.procedures import PhaseStep
from core.state import PHASE_TITLES, Phase

NEXT_PHASE = {
    Phase.SETUP: Phase.CARD_DRAW,
    Phase.CARD_DRAW: Phase.NEGOTIATION,
    Phase.NEGOTIATION: Phase.DIPLOMATIC_STATUS,
    Phase.DIPLOMATIC_STATUS: Phase.ACTION,
    Phase.ACTION: Phase.MARRIAGE,
    Phase.MARRIAGE: Phase.PATRONAGE,
    Phase.PATRONAGE: Phase.WINTER,
    Phase.WINTER: Phase.VICTORY,
    Phase.VICTORY: Phase.CARD_DRAW,
}


def begin_next_phase(ctx: Ctx) -> None:
    """Called when the current phase has nothing left pending: start the next one."""
    state = ctx.state
    following = NEXT_PHASE[state.phase]
    if state.phase is Phase.SETUP:
        BEGIN[Phase.SETUP](ctx)
    if state.phase is Phase.VICTORY:
        state.turn += 1
    state.phase = following
    ctx.log("GEN-3", msg("Turn {turn}: {phase}", turn=state.turn, phase=Message(PHASE_TITLES[following])), kind=EventKind.PHASE)
    BEGIN[following](ctx)


def _game_start(ctx: Ctx) -> None:
    powers = listed([ctx.power_term(p) for p in ctx.data.power_ids])
    ctx.log("GEN-2", msg("every power is controlled by someone: {powers}", powers=powers))
    ctx.log("GEN-4", msg("dice are six-sided, from the game's one seeded source; every roll is logged with its rule and modifiers"))
    independence.describe_start(ctx)


def _card_draw(ctx: Ctx) -> None:
    marriage.royals_entering(ctx)
    cards.enter_new_cards(ctx)
    cards.return_home_cards(ctx)
    cards.deal(ctx)


def _negotiation(ctx: Ctx) -> None:
    ctx.state.stack.append(NegotiationFrame())


def _diplomatic_status(ctx: Ctx) -> None:
    catholic_league.end_of_barred_segment(ctx)
    diplomacy.diplomatic_status_segment(ctx)


def _action(ctx: Ctx) -> None:
    if not victory.check_immediate(ctx):  # WIN-2: a box opened in Diplomacy wins if still open now
        ctx.state.stack.append(ActionPhaseFrame())


def _marriage(ctx: Ctx) -> None:
    ctx.state.stack.append(MarriagePhaseFrame(queue=marriage.resolution_queue(ctx.state)))


def _patronage(ctx: Ctx) -> None:
    order = patronage.evaluation_order(ctx)
    if order:
        names = ", ".join(ctx.name(p) for p in order)
        ctx.log("PAT-6", msg("evaluation order (artists, then scientists; highest printed rating first): {patrons}", patrons=names))
    if patronage.order_has_ties(ctx, order):
        ctx.log("GEN-5", msg("patrons of equal printed rating are evaluated in the impulse order of their sponsors (PAT-6)"))
    ctx.state.stack.append(PatronagePhaseFrame(order=order))


def _winter(ctx: Ctx) -> None:
    morisco.winter(ctx)
    catholic_league.winter_return(ctx)
    diplomacy.winter_reset(ctx)
    cards.end_of_turn(ctx)


def _victory(ctx: Ctx) -> None:
    victory.victory_determination(ctx)


PHASE_STEPS = (
    PhaseStep(Phase.SETUP, _game_start, ("GEN-2", "GEN-4", "IND-1")),
    PhaseStep(Phase.CARD_DRAW, _card_draw, ("GEN-3", "MAR-1", "CARD-5", "CARD-6", "CARD-7", "CL-7")),
    PhaseStep(Phase.NEGOTIATION, _negotiation, ("GEN-3", "GEN-7")),
    PhaseStep(Phase.DIPLOMATIC_STATUS, _diplomatic_status, ("GEN-3", "CL-5", "DIP-1", "DIP-2", "DIP-3", "DIP-4", "DIP-5", "DIP-6", "GEN-5")),
    PhaseStep(Phase.ACTION, _action, ("GEN-3", "WIN-2", "GEN-6")),
    PhaseStep(Phase.MARRIAGE, _marriage, ("GEN-3", "MAR-4")),
    PhaseStep(Phase.PATRONAGE, _patronage, ("GEN-3", "PAT-6", "GEN-5")),
    PhaseStep(Phase.WINTER, _winter, ("GEN-3", "MOR-3", "MOR-4", "CL-6", "DIP-6", "CARD-4")),
    PhaseStep(Phase.VICTORY, _victory, ("GEN-3", "WIN-1", "WIN-5", "WIN-6", "GEN-5")),
)
BEGIN = {step.phase: step.run for step in PHASE_STEPS}
