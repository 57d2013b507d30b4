"""Victory (WIN-1..WIN-6): VP totals per power and the victory checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from attrs import frozen

from core.context import Ctx
from core.events import Event, EventKind, signed
from core.gamedata import GameData
from core.i18n import N_, Message, _, listed, msg, msgn
from core.ids import Minor, Power, Religion
from core.state import GameState, Phase


# The lines Victory Determination logs for the standings: each power's ledger (WIN-6), then the ranking
# (WIN-5). A report that shows the standings itself leaves them out of its log lines.
LEDGER_LINE = N_("VP {total}: {ledger}")
RANKING_LINE = N_("VP: {standings}")


def is_ledger_line(event: Event) -> bool:
    return event.rule == "WIN-6" and event.message.id == LEDGER_LINE


def is_ranking_line(event: Event) -> bool:
    return event.rule == "WIN-5" and event.message.id == RANKING_LINE


@frozen
class VpLine:
    rule: str
    amount: int
    reason: Message
    provisional: bool = False  # the value comes from provisional data (a power card's key track, [P])
def keys_controlled(state: GameState, data: GameData, power: str) -> int:
    return sum(1 for s in state.spaces.values() if s.control == power and data.spaces[s.id].key)


def unrest_spaces(state: GameState, power: str) -> int:
    return sum(1 for s in state.spaces.values() if s.control == power and s.unrest)


def track_value(track: tuple[int, ...], index: int) -> int:
    """CARD-7 / WIN-6: past the end of a track, its last value."""
    return track[min(max(index, 0), len(track) - 1)]


def protestant_spaces(state: GameState) -> int:
    """Named Protestant spaces plus the regional counts (WIN-3, WIN-6)."""
    protestant = Religion.PROTESTANT  # read once, not per space
    return sum(1 for s in state.spaces.values() if s.religion == protestant) + sum(state.region_protestant.values())


def map_lines(state: GameState, data: GameData, power: str) -> list[VpLine]:
    """The VP the map gives one power: its key-track line and, the Protestant's, its religion line (WIN-6).
    They follow control and religion: no ledger entry records them."""
    record = data.power(power)
    keys = keys_controlled(state, data, power)
    # Russian play-test: England's "+6 VP for 3 keys" beside 1 VP a key elsewhere read as a bug; its track is [P]
    lines = [VpLine("WIN-6", track_value(record.vp_by_keys, keys),
                    msgn("{count} key space on the power card track", "{count} key spaces on the power card track", keys), record.provisional)]
    if power == Power.PROTESTANT:
        per = data.settings.victory.protestant_spaces_per_vp
        count = protestant_spaces(state)
        lines.append(VpLine("WIN-6", count // per, msgn("{count} Protestant space, 1 VP per {per}", "{count} Protestant spaces, 1 VP per {per}", count, per=per)))
    return lines


def vp_lines(state: GameState, data: GameData, power: str) -> list[VpLine]:
    """The VP ledger of one power: the map's VP (key track, religion), then every permanent entry (WIN-6)."""
    return map_lines(state, data, power) + [VpLine(e.rule, e.amount, e.reason) for e in state.powers[power].vp_entries]


def map_vp(state: GameState, data: GameData) -> dict[str, list[int]]:
    """Each power's VP from the map, line by line (``map_lines``): what a change of the map is compared with."""
    return {power: [line.amount for line in map_lines(state, data, power)] for power in data.power_ids}


def log_map_vp_changes(ctx: Ctx) -> None:
    """WIN-6: every VP change is logged, those of key spaces changing hands and of religion too (a
    rules-savvy review: France lost Metz's VP to City State Rebels with no line saying so)."""
    before, ctx.map_vp_before = ctx.map_vp_before, None
    for power, amounts in (before or {}).items():
        for amount, line in zip(amounts, map_lines(ctx.state, ctx.data, power)):
            if line.amount != amount:
                ctx.log_vp_change(power, line.amount - amount, line.rule, line.reason)


def vp_by_source(state: GameState, data: GameData, power: str) -> dict[str, int]:
    """WIN-6: a power's VP by the rule ID that gave them (its ledger lines added up, none at 0)."""
    amounts: dict[str, int] = {}
    for line in vp_lines(state, data, power):
        if line.amount:
            amounts[line.rule] = amounts.get(line.rule, 0) + line.amount
    return amounts


def total_vp(state: GameState, data: GameData, power: str) -> int:
    return sum(line.amount for line in vp_lines(state, data, power))


def standings(state: GameState, data: GameData, ledgers: Mapping[str, list[VpLine]] | None = None) -> list[tuple[str, int]]:
    """Powers by VP, highest first, ties in impulse order (GEN-5); ``ledgers``: each power's
    ``vp_lines``, when the caller has them."""
    if ledgers is None:
        ledgers = {p: vp_lines(state, data, p) for p in data.power_ids}
    totals = [(p, sum(line.amount for line in ledgers[p])) for p in data.power_ids]
    return sorted(totals, key=lambda item: (-item[1], data.impulse_index(item[0])))


def _declare(ctx: Ctx, winner: str, how: Message | str, rule: str) -> None:
    ctx.state.winner = winner
    ctx.state.victory = how if isinstance(how, Message) else Message(how)
    ctx.state.phase = Phase.GAME_OVER
    ctx.state.stack.clear()
    ctx.log(rule, msg("wins: {how}", how=how), winner, EventKind.GAME_OVER)


# (state, data) -> (winner, why) when the condition holds, else None
VictoryTest = Callable[[GameState, GameData], "tuple[str, Message | str] | None"]


@frozen
class ImmediateCheck:
    """One immediate victory (WIN-1): checked in the Action Phase whenever control, religion or
    Unrest changes. ``test`` is None while the condition is not supplied (the check is off)."""

    id: str
    name: str
    rule: str
    test: VictoryTest | None

    @property
    def status(self) -> str:
        return _("checked in the Action Phase") if self.test is not None else _("off: condition not in the sources")


def _military(state: GameState, data: GameData) -> tuple[str, Message] | None:
    """WIN-2: key spaces without Unrest uncover the power card's Auto Win box."""
    clean_keys_of = Counter(s.control for s in state.spaces.values() if not s.unrest and data.spaces[s.id].key)
    for power in data.powers:
        if not power.auto_win_keys:
            continue
        clean_keys = clean_keys_of[power.id]
        if clean_keys >= power.auto_win_keys:
            return power.id, msgn(
                "military victory: {count} key space without Unrest uncovers the Auto Win box ({needed})",
                "military victory: {count} key spaces without Unrest uncover the Auto Win box ({needed})",
                clean_keys, needed=power.auto_win_keys,
            )
    return None


def _protestant_religious(state: GameState, data: GameData) -> tuple[str, Message] | None:
    """WIN-3: Protestant influence in the target number of spaces, none with Unrest."""
    protestant = Religion.PROTESTANT  # read once, not per space
    clean = sum(1 for s in state.spaces.values() if s.religion == protestant and not s.unrest) + sum(state.region_protestant.values())
    target = data.settings.victory.religious_win_spaces
    if clean >= target:
        return Power.PROTESTANT, msgn(
            "Protestant religious victory: {count} Protestant space without Unrest ({needed} needed)",
            "Protestant religious victory: {count} Protestant spaces without Unrest ({needed} needed)",
            clean, needed=target,
        )
    return None


def _catholic_religious(state: GameState, data: GameData) -> tuple[str, Message] | None:
    """WIN-3: the Protestant count falls to 9; France wins if France and Scotland hold 3 or fewer."""
    rules = data.settings.victory
    count = protestant_spaces(state)
    if count > rules.catholic_win_at_or_below:
        return None
    france_scotland = sum(
        1 for s in state.spaces.values() if s.religion == Religion.PROTESTANT and data.spaces[s.id].home in (Power.FRANCE, Minor.SCOTLAND)
    ) + sum(state.region_protestant.get(r, 0) for r in data.settings.religion.france_and_scotland_regions)
    winner = Power.FRANCE if france_scotland <= rules.catholic_win_france_max else Power.SPAIN
    limit = rules.catholic_win_france_max
    if winner == Power.FRANCE:
        why = msg("{count} in France and Scotland, at most {limit}", count=france_scotland, limit=limit)
    else:
        why = msg("{count} in France and Scotland, more than {limit}", count=france_scotland, limit=limit)
    return winner, msg("Catholic religious victory: Protestant spaces down to {count} ({why})", count=count, why=why)


IMMEDIATE_CHECKS: tuple[ImmediateCheck, ...] = (
    ImmediateCheck("military", N_("Military victory"), "WIN-2", _military),
    ImmediateCheck("protestant-religious", N_("Protestant religious victory"), "WIN-3", _protestant_religious),
    ImmediateCheck("catholic-religious", N_("Catholic religious victory"), "WIN-3", _catholic_religious),
    ImmediateCheck("catholic-uprising", N_("Catholic-uprising victory"), "WIN-4", None),
)


def check_immediate(ctx: Ctx, checks: tuple[ImmediateCheck, ...] = IMMEDIATE_CHECKS) -> bool:
    """WIN-1..WIN-4: the immediate victories, in order. True when the game ended."""
    for check in checks:
        if check.test is None:
            continue
        result = check.test(ctx.state, ctx.data)
        if result is not None:
            winner, why = result
            ctx.log("WIN-1", msg("an immediate victory in the Action Phase ({check})", check=Message(check.name)))
            _declare(ctx, winner, why, check.rule)
            return True
    return False


def victory_determination(ctx: Ctx) -> None:
    """WIN-5 in the Victory Determination Phase: standard, domination, then time limit."""
    state, data = ctx.state, ctx.data
    rules = data.settings.victory
    ledgers = {power: vp_lines(state, data, power) for power in data.power_ids}
    ranking = standings(state, data, ledgers)
    totals = dict(ranking)
    ctx.log("WIN-1", msg("Victory Determination: standard, domination and time-limit victories are checked"))
    for power in data.power_ids:
        ledger = listed([
            msg("{amount} for {reason}", amount=signed(line.amount), reason=line.reason) for line in ledgers[power] if line.amount
        ])
        ctx.log("WIN-6", msg(LEDGER_LINE, total=totals[power], ledger=ledger or msg("none")), power)
    state.vp_history.append(dict(ranking))  # WIN-6 totals, for the VP chart
    ranked = [msg("{power} {vp}", power=ctx.power_term(p), vp=vp) for p, vp in ranking]
    ctx.log("WIN-5", msg(RANKING_LINE, standings=listed(ranked)))
    leader, leader_vp = ranking[0]
    if leader_vp >= rules.standard_vp:
        _log_tie(ctx, ranking)  # [D] as the time limit's: WIN-5 names no tie-break for a standard victory
        _declare(ctx, leader, msg("standard victory ({vp} VP)", vp=leader_vp), "WIN-5")
        return
    runner_up_vp = ranking[1][1]
    if state.turn >= rules.domination_from_turn and leader_vp - runner_up_vp >= rules.domination_lead:
        _declare(ctx, leader, msg("domination victory (leads by {vp} VP)", vp=leader_vp - runner_up_vp), "WIN-5")
        return
    if state.turn >= data.scenarios[state.scenario].last_turn:
        _log_tie(ctx, ranking)
        _declare(ctx, leader, msg("time-limit victory ({vp} VP after the last turn)", vp=leader_vp), "WIN-5")
        return
    # a long play-test: the report said the victories "are checked", and nothing of what came of it
    ctx.log("WIN-5", msg("no victory this turn: a standard victory needs {standard} VP, a domination victory a lead of {lead} "
                         "from turn {turn}", standard=rules.standard_vp, lead=rules.domination_lead, turn=rules.domination_from_turn))


def _log_tie(ctx: Ctx, ranking: list[tuple[str, int]]) -> None:
    """GEN-5: powers tied on the most VP when a victory is declared: impulse order (``standings``) chose."""
    leader_vp = ranking[0][1]
    tied = [p for p, vp in ranking if vp == leader_vp]
    if len(tied) > 1:
        powers = listed([ctx.power_term(p) for p in tied])
        ctx.log("GEN-5", msg("{powers} tie on {vp} VP: impulse order breaks the tie", powers=powers, vp=leader_vp))
