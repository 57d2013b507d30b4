"""Patronage of artists and scientists (PAT-1..PAT-10, SCI-1..SCI-3)."""

from __future__ import annotations

from attrs import Factory, define, frozen

from core import dice
from core.cards import card_title
from core.choices import Choice, Decision, Option, Refusal, Verb
from core.context import Ctx
from core.events import EventKind, Modifier, signed
from core.gamedata import ScientistRecord
from core.i18n import N_, Message, _, listed, msg
from core.procedures import CardEvent, Procedure, pick
from core.state import Frame, LeaderStatus, PatronState, PatronStatus


@define
class PatronagePhaseFrame(Frame):
    order: list[str] = Factory(list)
    index: int = 0


@define
class ScientistRewardFrame(Frame):
    scientist: str
    power: str
    total: int


@define
class SponsorKindFrame(Frame):
    """Papal Bull or Commissioned from Italy waits for its player to pick artist or scientist (PAT-10)."""

    power: str
    card: int

ARTIST = "artist"
SCIENTIST = "scientist"
ITALY = "italy"
OBSERVATORY = "observatory"
NO_BONUS = "none"


@frozen
class ArtistRow:
    low: int
    high: int
    name: str
    marker: int = 0
    removed: bool = False
    removed_if_rating_1: bool = False


@frozen
class ScientistRow:
    low: int
    high: int
    name: str
    # Each alternative the player may choose between: (marker value, bonus count).
    awards: tuple[tuple[int, int], ...] = ()
    removed: bool = False
    removed_if_rating_1: bool = False


ARTIST_TABLE: tuple[ArtistRow, ...] = (  # PAT-7
    ArtistRow(-99, 6, N_("Fled the Country"), removed=True),
    ArtistRow(7, 8, N_("Nothing of Note"), removed_if_rating_1=True),
    ArtistRow(9, 9, N_("Still Working")),
    ArtistRow(10, 12, N_("Great Acclaim"), marker=1),
    ArtistRow(13, 14, N_("Great Work"), marker=2),
    ArtistRow(15, 99, N_("Masterpiece"), marker=3),
)
BEST_ARTIST_MARKER = max(row.marker for row in ARTIST_TABLE)  # the most VP an artist's result earns (PAT-8)

SCIENTIST_TABLE: tuple[ScientistRow, ...] = (  # SCI-1
    ScientistRow(-99, 6, N_("Arrested by the Inquisition"), removed=True),
    ScientistRow(7, 8, N_("Astrological Distractions"), removed_if_rating_1=True),
    ScientistRow(9, 9, N_("Still Working")),
    ScientistRow(10, 12, N_("Innovator"), awards=((1, 0), (0, 1))),
    ScientistRow(13, 14, N_("Epiphany"), awards=((2, 0), (1, 1))),
    ScientistRow(15, 99, N_("Catalyst of a Scientific Revolution"), awards=((2, 1),)),
)
STILL_WORKING = "Still Working"  # the row's name: an English message id


def artist_row(total: int) -> ArtistRow:
    return next(row for row in ARTIST_TABLE if row.low <= total <= row.high)


def scientist_row(total: int) -> ScientistRow:
    return next(row for row in SCIENTIST_TABLE if row.low <= total <= row.high)


def _patrons(ctx: Ctx, kind: str) -> dict[str, PatronState]:
    return ctx.state.artists if kind == ARTIST else ctx.state.scientists


def _records(ctx: Ctx, kind: str) -> dict:
    return ctx.data.artists if kind == ARTIST else ctx.data.scientists


def pool(ctx: Ctx, pool_id: str, kind: str) -> list[str]:
    """Patrons of one pool available this turn (entered, not sponsored, not finished or removed)."""
    records = _records(ctx, kind)
    turn, in_pool = ctx.state.turn, PatronStatus.POOL  # read once, not per patron
    return [
        pid
        for pid, patron in _patrons(ctx, kind).items()
        if patron.status is in_pool and records[pid].pool == pool_id and records[pid].enters <= turn
    ]


def _any_in_pool(ctx: Ctx, pool_id: str, kind: str) -> bool:
    """Whether ``pool`` would list anyone (looking at that pool's patrons alone)."""
    patrons, records, turn = _patrons(ctx, kind), _records(ctx, kind), ctx.state.turn
    in_pool = PatronStatus.POOL
    for pid in ctx.tables.memo(("patron pool", kind, pool_id), _pool_members, ctx, pool_id, kind):
        if patrons[pid].status is in_pool and records[pid].enters <= turn:
            return True
    return False


def _pool_members(ctx: Ctx, pool_id: str, kind: str) -> tuple[str, ...]:
    return tuple(pid for pid, record in _records(ctx, kind).items() if record.pool == pool_id)


def sponsored_this_turn(ctx: Ctx, power: str, kind: str) -> bool:
    record = ctx.state.powers[power]
    turn = record.sponsored_artist_turn if kind == ARTIST else record.sponsored_scientist_turn
    return turn == ctx.state.turn


def _barred_by(ctx: Ctx, power: str, kind: str) -> str:
    """The rule that bars the power from patronising one of ``kind`` by CP now (PAT-1, PAT-3), or ""."""
    if sponsored_this_turn(ctx, power, kind):
        return "PAT-1"
    if not _any_in_pool(ctx, power, kind):
        return "PAT-3"
    return ""


def cp_refusal(ctx: Ctx, power: str, kind: str) -> Message | None:
    """PAT-1 / PAT-3: why the power cannot patronise one of ``kind`` by CP now, or None."""
    rule = _barred_by(ctx, power, kind)
    return _barred_message(ctx, rule, power, kind) if rule else None


def _barred_message(ctx: Ctx, rule: str, power: str, kind: str) -> Message:
    if rule == "PAT-1":
        if kind == ARTIST:
            return msg("PAT-1: {power} has already sponsored an artist this turn", power=ctx.power_term(power))
        return msg("PAT-1: {power} has already sponsored a scientist this turn", power=ctx.power_term(power))
    if kind == ARTIST:
        return msg("PAT-3: no artist is available to {power} (Italian ones only through events)", power=ctx.power_term(power))
    return msg("PAT-3: no scientist is available to {power} (Italian ones only through events)", power=ctx.power_term(power))


def _patronise_options(ctx: Ctx) -> tuple[tuple[int, Option], ...]:
    """Each kind in each CP box (PAT-2): the box's CP and the option, smallest box first."""
    boxes = sorted(ctx.data.settings.patronage.cp_modifier.items(), key=lambda item: int(item[0]))
    labels = {ARTIST: _("Patronise artist: {box} CP ({modifier}) (PAT-2)"), SCIENTIST: _("Patronise scientist: {box} CP ({modifier}) (PAT-2)")}
    return tuple(
        (int(box), Option(Choice(Verb.CP, ("patronise", kind, box), labels[kind].format(box=box, modifier=f"+{modifier}"))))
        for kind in (ARTIST, SCIENTIST)
        for box, modifier in boxes
    )


def cp_options(ctx: Ctx, power: str, cp_left: int) -> list[Option]:
    """PAT-2: spend 2, 3 or 4 CP; the box sets the modifier. Refused with PAT-1 / PAT-3 / the CP left.
    The options, refused or not, are made once per data and language for each way they can be
    refused (the labels are in this terminal's language; a refusal names the power or the CP left)."""
    barred = (_barred_by(ctx, power, ARTIST), _barred_by(ctx, power, SCIENTIST))
    boxes = ctx.tables.memo("patronise options", _patronise_options, ctx)
    short_of = cp_left if cp_left < boxes[-1][0] else None  # the last is the largest box
    no_artist_vp = _no_artist_vp_to_earn(ctx, power)
    key = ("patronise", power, barred, short_of, no_artist_vp)
    return list(ctx.tables.memo(key, _refused_as_now, ctx, boxes, power, barred, short_of, no_artist_vp))


def _no_artist_vp_to_earn(ctx: Ctx, power: str) -> bool:
    """PAT-8: no artist the power's CP could draw (its pool, PAT-2) can earn a VP marker, whatever it rolls: no
    1 VP marker, and none of its type at or below the best the table gives (long-game play-test: patronage
    offered in turn 8, when only markers of other types were left, unwarned)."""
    markers = ctx.state.markers
    if markers.artist_one_vp:
        return False
    types = {ctx.data.artists[pid].type for pid in pool(ctx, power, ARTIST)}
    return all(best_artist_marker(ctx, BEST_ARTIST_MARKER, artist_type) == 0 for artist_type in types)


def _refused_as_now(
    ctx: Ctx, boxes: tuple[tuple[int, Option], ...], power: str, barred: tuple[str, str], short_of: int | None, no_artist_vp: bool,
) -> tuple[Option, ...]:
    """The patronage options refused by the rule barring each kind (PAT-1, PAT-3: ``barred``, artist
    then scientist), else when the box needs more than the ``short_of`` CP left (PAT-2); an artist's, once
    no artist it could draw can earn a VP marker (``no_artist_vp``), says it can earn none (PAT-8: a long
    play-test spent a Great Work's CP for nothing, unwarned)."""
    rule_of = {ARTIST: barred[0], SCIENTIST: barred[1]}
    options = []
    for box, option in boxes:
        kind = option.choice.args[1]
        if rule_of[kind]:
            option = option.with_refusal(_barred_message(ctx, rule_of[kind], power, kind))
        elif short_of is not None and box > short_of:
            option = option.with_refusal(msg("PAT-2: the {box}-CP box needs {box} CP ({left} left)", box=box, left=short_of))
        elif kind == ARTIST and no_artist_vp:
            label = _("{choice} - no artist VP marker its artists could take is left: it can earn no VP (PAT-8)").format(choice=option.choice.label)
            option = Option(Choice(option.choice.verb, option.choice.args, label), quiet=option.quiet)
        options.append(option)
    return tuple(options)


def sponsor(ctx: Ctx, power: str, kind: str, box_cp: int, candidates: list[str], rule: str, other_kind_barred: Message | None = None) -> str:
    """Draw a patron at random (a random draw, GEN-9) and place it on the Patronage chart; ``other_kind_barred``: why an
    event that sponsors either kind asked for none (hot-seat play-test: Commissioned from Italy drew an artist with no
    question, and nothing said why)."""
    patron_id = dice.pick(ctx.state.rng, sorted(candidates))
    patron = _patrons(ctx, kind)[patron_id]
    patron.status = PatronStatus.SPONSORED
    patron.sponsor = power
    patron.box_cp = box_cp
    if kind == ARTIST:
        ctx.state.powers[power].sponsored_artist_turn = ctx.state.turn
    else:
        ctx.state.powers[power].sponsored_scientist_turn = ctx.state.turn
    if other_kind_barred is None:
        drawn = msg("draws {patron} at random and places it in the {box}-CP box", patron=ctx.name(patron_id), box=box_cp)
    elif kind == ARTIST:
        drawn = msg("draws {patron} at random and places it in the {box}-CP box (an artist, since {why})", patron=ctx.name(patron_id), box=box_cp, why=other_kind_barred)
    else:
        drawn = msg("draws {patron} at random and places it in the {box}-CP box (a scientist, since {why})", patron=ctx.name(patron_id), box=box_cp, why=other_kind_barred)
    ctx.log(rule, drawn, power, EventKind.DRAW)
    turn = ctx.state.turn
    if rule == "PAT-10":
        if kind == ARTIST:
            text = msg("an event's sponsorship counts as its one artist for turn {turn}", turn=turn)
        else:
            text = msg("an event's sponsorship counts as its one scientist for turn {turn}", turn=turn)
    elif kind == ARTIST:
        text = msg("this is its one artist for turn {turn}", turn=turn)
    else:
        text = msg("this is its one scientist for turn {turn}", turn=turn)
    ctx.log("PAT-3" if rule == "PAT-10" else "PAT-1", text, power)
    return patron_id


def patronise_by_cp(ctx: Ctx, power: str, kind: str, box_cp: int) -> None:
    sponsor(ctx, power, kind, box_cp, pool(ctx, power, kind), "PAT-2")


def event_candidates(ctx: Ctx, power: str, kind: str, italian_only: bool) -> list[str]:
    """PAT-10: own pool plus the Italian pool; only the Italian pool for Commissioned from Italy."""
    italians = pool(ctx, ITALY, kind)
    return italians if italian_only else pool(ctx, power, kind) + italians


def event_kinds(ctx: Ctx, power: str, kinds: tuple[str, ...], italian_only: bool) -> list[str]:
    """The kinds an event may sponsor now (PAT-10): not yet sponsored this turn, a patron to draw."""
    return [
        kind
        for kind in kinds
        if not sponsored_this_turn(ctx, power, kind) and event_candidates(ctx, power, kind, italian_only)
    ]


def patronise_by_event(ctx: Ctx, power: str, kind: str, italian_only: bool, rule: str, other_kind_barred: Message | None = None) -> None:
    box = ctx.data.settings.patronage.event_box_cp
    sponsor(ctx, power, kind, box, event_candidates(ctx, power, kind, italian_only), rule, other_kind_barred)


# ---- Patronage Phase ------------------------------------------------------------------------------


def evaluation_order(ctx: Ctx) -> list[str]:
    """PAT-6: artists, then scientists; highest printed rating first; ties in impulse order."""
    order = []
    for kind in (ARTIST, SCIENTIST):
        records = _records(ctx, kind)
        sponsored = [pid for pid, p in _patrons(ctx, kind).items() if p.status is PatronStatus.SPONSORED]
        sponsored.sort(key=lambda pid: (-records[pid].rating, ctx.data.impulse_index(_patrons(ctx, kind)[pid].sponsor), pid))
        order += sponsored
    return order


def order_has_ties(ctx: Ctx, order: list[str]) -> bool:
    """GEN-5: two patrons of one kind with the same printed rating (impulse order decides)."""
    seen = set()
    for patron_id in order:
        kind = ARTIST if patron_id in ctx.data.artists else SCIENTIST
        key = (kind, ctx.data.patron(patron_id).rating)
        if key in seen:
            return True
        seen.add(key)
    return False


def modifiers(ctx: Ctx, patron_id: str) -> list[Modifier]:
    """PAT-4 for a patron on the Patronage chart, as its sponsor and box are now."""
    patron = (ctx.state.artists if patron_id in ctx.data.artists else ctx.state.scientists)[patron_id]
    return modifiers_for(ctx, patron_id, patron.sponsor, patron.box_cp)


def modifiers_for(ctx: Ctx, patron_id: str, sponsor: str, box_cp: int) -> list[Modifier]:
    """PAT-4: printed rating, CP box, Prague Cultural Center, Isabella Clara Eugenia, Observatory, for
    a patron sponsored by ``sponsor`` in the ``box_cp`` box."""
    data, state = ctx.data, ctx.state
    record = data.patron(patron_id)
    settings = data.settings.patronage
    mods = [
        Modifier(msg("{patron}'s rating", patron=record.name), record.rating),
        Modifier(msg("{box}-CP box", box=box_cp), settings.cp_modifier[str(box_cp)]),
    ]
    if sponsor == settings.prague_power:
        mods.append(Modifier(msg("Prague Cultural Center"), settings.prague_modifier))
    for royal_id in state.powers[sponsor].royal_bonuses:
        royal = data.royals[royal_id]
        if royal.marriage_bonus == "patronage":
            mods.append(Modifier(msg("married to {royal}", royal=royal.name), royal.marriage_bonus_value))
    if patron_id in data.scientists and state.markers.bonus_holders.get(OBSERVATORY) == sponsor:
        mods.append(Modifier(Message(data.bonuses[OBSERVATORY].name), settings.observatory_modifier))
    return mods


def evaluate(ctx: Ctx, patron_id: str) -> None:
    """PAT-5: 2d6 + modifiers, then the result row of PAT-7 or SCI-1."""
    is_artist = patron_id in ctx.data.artists
    patron = (ctx.state.artists if is_artist else ctx.state.scientists)[patron_id]
    name = ctx.name(patron_id)
    mods = modifiers(ctx, patron_id)
    listed_modifiers = listed([msg("{modifier} {value}", modifier=m.source, value=signed(m.value)) for m in mods])
    ctx.log("PAT-4", msg("modifiers for {patron}: {modifiers}", patron=name, modifiers=listed_modifiers), patron.sponsor)
    roll = ctx.roll(patron.sponsor, "PAT-5", msg("evaluation of {patron}", patron=name), 2, mods)
    roll.result = Message((artist_row if is_artist else scientist_row)(roll.total).name)
    if is_artist:
        _artist_result(ctx, patron_id, patron, roll.total)
    else:
        _scientist_result(ctx, patron_id, patron, roll.total)


def _back_to_pool(ctx: Ctx, patron_id: str, patron: PatronState, rule: str, why: Message) -> None:
    ctx.log(rule, msg("{patron} returns to the pool ({why})", patron=ctx.name(patron_id), why=why), patron.sponsor)
    patron.status = PatronStatus.POOL
    patron.sponsor = ""
    patron.box_cp = 0


def _remove(ctx: Ctx, patron_id: str, patron: PatronState, rule: str, why: Message) -> None:
    ctx.log(rule, msg("{patron} is removed from the game ({why})", patron=ctx.name(patron_id), why=why), patron.sponsor)
    patron.status = PatronStatus.REMOVED
    patron.sponsor = ""


def _finish(ctx: Ctx, patron: PatronState) -> None:
    patron.status = PatronStatus.FINISHED


def best_artist_marker(ctx: Ctx, earned: int, artist_type: str) -> int:
    """PAT-8: the earned marker of the artist's type, else the best one below it; 0 if none."""
    markers = ctx.state.markers
    for value in range(earned, 0, -1):
        if value == 1 and markers.artist_one_vp > 0:
            return 1
        if value > 1 and artist_type in markers.artist_typed.get(str(value), []):
            return value
    return 0


def _artist_result(ctx: Ctx, patron_id: str, patron: PatronState, total: int) -> None:
    row = artist_row(total)
    record = ctx.data.artists[patron_id]
    result = Message(row.name)
    ctx.log("PAT-7", msg("{patron}: {result}", patron=record.name, result=result), patron.sponsor)
    if row.removed or (row.removed_if_rating_1 and record.rating == 1):
        _remove(ctx, patron_id, patron, "PAT-7", result)
    elif not row.marker:
        _back_to_pool(ctx, patron_id, patron, "PAT-7", result)
    else:
        value = best_artist_marker(ctx, row.marker, record.type)
        if not value:
            _back_to_pool(ctx, patron_id, patron, "PAT-8", msg("no artist VP marker left"))
            return
        markers = ctx.state.markers
        if value == 1:
            markers.artist_one_vp -= 1
        else:
            markers.artist_typed[str(value)].remove(record.type)
        if value < row.marker:
            reason = msg(
                "{value} VP artist marker for {patron}, the best left below the {earned} VP earned", value=value, patron=record.name, earned=row.marker,
            )
        else:
            reason = msg("{value} VP artist marker for {patron}", value=value, patron=record.name)
        ctx.gain_vp(patron.sponsor, value, "PAT-8", reason)
        _finish(ctx, patron)


def best_scientist_marker(ctx: Ctx, award: int) -> int:
    """SCI-1: the best available scientist marker not above the award; 0 if none."""
    for value in range(award, 0, -1):
        if ctx.state.markers.scientist.get(str(value), 0) > 0:
            return value
    return 0


def eligible_bonuses(ctx: Ctx, power: str) -> list[str]:
    """SCI-2: bonuses no one holds, that this power is eligible for."""
    holders = ctx.state.markers.bonus_holders
    return [b.id for b in ctx.data.bonuses.values() if b.id not in holders and power in b.eligible]


def reward_choices(ctx: Ctx, frame: ScientistRewardFrame) -> list[Choice]:
    """SCI-1: every concrete split the result allows; empty when nothing can be had."""
    row = scientist_row(frame.total)
    bonuses = eligible_bonuses(ctx, frame.power)
    seen: list[tuple[int, str]] = []
    for marker_award, bonus_count in row.awards:
        marker = best_scientist_marker(ctx, marker_award) if marker_award else 0
        for bonus in (bonuses if bonus_count else []) or [NO_BONUS]:
            if (marker, bonus) != (0, NO_BONUS) and (marker, bonus) not in seen:
                seen.append((marker, bonus))
    return [_reward(ctx, marker, bonus) for marker, bonus in seen]


def _reward(ctx: Ctx, marker: int, bonus: str) -> Choice:
    """SCI-1: a reward of ``marker`` VP and ``bonus`` (NO_BONUS: none), as the player chooses it; a bonus with
    its effect (Spanish play-test: Cryptography, Dry Dock, Ravelin were offered with nothing to say what they do)."""
    effect = _(ctx.data.bonuses[bonus].effect) if bonus != NO_BONUS else ""
    if marker and bonus != NO_BONUS:
        label = _("{value} VP scientist marker and {bonus}: {effect} (SCI-1, SCI-2)").format(value=marker, bonus=_(ctx.name(bonus)), effect=effect)
    elif marker:
        label = _("{value} VP scientist marker (SCI-1)").format(value=marker)
    else:
        label = _("{bonus}: {effect} (SCI-1, SCI-2)").format(bonus=_(ctx.name(bonus)), effect=effect)
    return Choice(Verb.REWARD, (str(marker), bonus), label)


def _scientist_result(ctx: Ctx, patron_id: str, patron: PatronState, total: int) -> None:
    row = scientist_row(total)
    record = ctx.data.scientists[patron_id]
    result = Message(row.name)
    ctx.log("SCI-1", msg("{patron}: {result}", patron=record.name, result=result), patron.sponsor)
    if row.name != STILL_WORKING:
        _le_testu_sails_no_more(ctx, record)
    if row.removed or (row.removed_if_rating_1 and record.rating == 1):
        _remove(ctx, patron_id, patron, "SCI-1", result)
    elif not row.awards:
        _back_to_pool(ctx, patron_id, patron, "SCI-1", result)
    else:
        frame = ScientistRewardFrame(scientist=patron_id, power=patron.sponsor, total=total)
        options = reward_choices(ctx, frame)
        if not options:
            _back_to_pool(ctx, patron_id, patron, "SCI-1", msg("no scientist VP marker or eligible bonus left"))
        elif len(options) == 1:
            apply_reward(ctx, frame, options[0])
        else:
            ctx.state.stack.append(frame)


def apply_reward(ctx: Ctx, frame: ScientistRewardFrame, choice: Choice) -> None:
    marker, bonus = int(choice.args[0]), choice.args[1]
    patron = ctx.state.scientists[frame.scientist]
    name = ctx.name(frame.scientist)
    if marker:
        ctx.state.markers.scientist[str(marker)] -= 1
        ctx.gain_vp(frame.power, marker, "SCI-1", msg("{value} VP scientist marker for {patron}", value=marker, patron=name))
    if bonus != NO_BONUS:
        ctx.state.markers.bonus_holders[bonus] = frame.power
        ctx.log("SCI-2", msg("gains the {bonus} bonus through {patron}", bonus=Message(ctx.name(bonus)), patron=name), frame.power)
    if bonus == OBSERVATORY:
        _back_to_pool(ctx, frame.scientist, patron, "SCI-2", msg("earned the Observatory"))
    else:
        _finish(ctx, patron)


def _le_testu_sails_no_more(ctx: Ctx, record: ScientistRecord) -> None:
    """SCI-3: any result but Still Working also removes Le Testu's sea captain marker."""
    if record.leader and ctx.state.leaders[record.leader].status is not LeaderStatus.DESTROYED:
        ctx.state.leaders[record.leader].status = LeaderStatus.DESTROYED
        ctx.log("SCI-3", msg("{leader}'s sea captain marker is removed", leader=ctx.name(record.leader)))


def sea_captain_destroyed(ctx: Ctx, leader_id: str) -> None:
    """SCI-3: a destroyed sea captain who is also a scientist takes the scientist counter with him."""
    leader = ctx.data.leaders[leader_id]
    if leader.scientist:
        patron = ctx.state.scientists[leader.scientist]
        if patron.status is not PatronStatus.REMOVED:
            patron.status = PatronStatus.REMOVED
            patron.sponsor = ""
            ctx.log("SCI-3", msg("the scientist {patron} is removed too", patron=ctx.name(leader.scientist)))


# ---- procedures (PAT-6, SCI-1, PAT-10) ------------------------------------------------------------


def _evaluate_next(ctx: Ctx, frame: PatronagePhaseFrame) -> None:
    if frame.index >= len(frame.order):
        ctx.remove_frame(frame)
        return
    patron_id = frame.order[frame.index]
    frame.index += 1
    patrons = ctx.state.artists if patron_id in ctx.state.artists else ctx.state.scientists
    if patrons[patron_id].sponsor:  # still on the chart (SCI-3 can remove Le Testu first)
        evaluate(ctx, patron_id)


def _reward_decision(ctx: Ctx, frame: ScientistRewardFrame) -> Decision:
    prompt = msg("{patron} scored {total}: choose the reward", patron=ctx.name(frame.scientist), total=frame.total)
    options = [Option(choice) for choice in reward_choices(ctx, frame)] + _bonuses_refused(ctx, frame)
    return Decision.of(frame.power, prompt, "SCI-1", options)


def _bonuses_refused(ctx: Ctx, frame: ScientistRewardFrame) -> list[Option]:
    """SCI-2: the bonuses a result allows that this power cannot take, with each marker they would come
    with, and why (walkthrough play-test: the Ottoman's Excavation typed by another power was refused only
    by the lesson, and x said nothing was refused)."""
    markers = sorted({best_scientist_marker(ctx, award) if award else 0 for award, bonus_count in scientist_row(frame.total).awards if bonus_count})
    holders = ctx.state.markers.bonus_holders
    refused = []
    for bonus in ctx.data.bonuses.values():
        if bonus.id in holders:
            why = msg("SCI-2: {bonus} is {power}'s already: each bonus exists once", bonus=ctx.name(bonus.id), power=ctx.power_term(holders[bonus.id]))
        elif frame.power not in bonus.eligible:
            why = msg("SCI-2: {bonus} is only for {powers}", bonus=ctx.name(bonus.id), powers=listed([ctx.power_term(p) for p in bonus.eligible]))
        else:
            continue
        refused += [Option(_reward(ctx, marker, bonus.id), why) for marker in markers]
    return refused


def _reward_choose(ctx: Ctx, frame: ScientistRewardFrame, choice: Choice) -> None:
    ctx.remove_frame(frame)
    apply_reward(ctx, frame, choice)


def _kind_decision(ctx: Ctx, frame: SponsorKindFrame) -> Decision:
    kinds, italian_only = _sponsoring(ctx, frame.card)
    allowed = event_kinds(ctx, frame.power, kinds, italian_only)
    options = []
    labels = {
        (ARTIST, False): _("Sponsor an artist (PAT-10)"), (SCIENTIST, False): _("Sponsor a scientist (PAT-10)"),
        (ARTIST, True): _("Sponsor an Italian artist (PAT-10)"), (SCIENTIST, True): _("Sponsor an Italian scientist (PAT-10)"),
    }
    refusals = {ARTIST: _("PAT-10: no artist can be sponsored now"), SCIENTIST: _("PAT-10: no scientist can be sponsored now")}
    for kind in kinds:
        options.append(pick(kind, labels[kind, italian_only], "" if kind in allowed else refusals[kind]))
    prompt = msg("{card}: choose which kind of patron to sponsor", card=card_title(ctx, frame.card))
    return Decision.of(frame.power, prompt, "PAT-10", options)


def _kind_choose(ctx: Ctx, frame: SponsorKindFrame, choice: Choice) -> None:
    ctx.remove_frame(frame)
    patronise_by_event(ctx, frame.power, choice.args[0], _sponsoring(ctx, frame.card)[1], "PAT-10")


PROCEDURES = (
    Procedure(
        PatronagePhaseFrame, "patronage-phase", auto=_evaluate_next,
        rules=("PAT-4", "PAT-5", "PAT-6", "PAT-7", "PAT-8", "SCI-1", "SCI-2", "SCI-3"),
    ),
    Procedure(ScientistRewardFrame, "scientist-reward", _reward_decision, _reward_choose, rules=("SCI-1", "SCI-2")),
    Procedure(SponsorKindFrame, "sponsor-kind", _kind_decision, _kind_choose, rules=("PAT-10", "PAT-1", "PAT-3")),
)


# ---- card events (PAT-10) -------------------------------------------------------------------------

# event id -> (kinds it may sponsor, Italian pool only)
SPONSORING_EVENTS: dict[str, tuple[tuple[str, ...], bool]] = {
    "papal-bull": ((ARTIST, SCIENTIST), False),
    "patron-of-the-arts": ((ARTIST,), False),
    "commissioned-from-italy": ((ARTIST, SCIENTIST), True),
}


def _sponsoring(ctx: Ctx, number: int) -> tuple[tuple[str, ...], bool]:
    return SPONSORING_EVENTS[ctx.data.cards[number].event]


def _event_barred(ctx: Ctx, power: str, kind: str, italian_only: bool) -> Message:
    """PAT-1 / PAT-10: why an event cannot sponsor one of ``kind`` for ``power`` now (none drawn: none has
    entered play yet, or all are taken; review: "left" read as used up on turns 1-3)."""
    if sponsored_this_turn(ctx, power, kind):
        return _barred_message(ctx, "PAT-1", power, kind)
    if kind == ARTIST:
        return msg("PAT-10: no Italian artist can be drawn now") if italian_only else msg("PAT-10: no artist can be drawn now, from {power}'s pool or the Italian one", power=ctx.power_term(power))
    return msg("PAT-10: no Italian scientist can be drawn now") if italian_only else msg("PAT-10: no scientist can be drawn now, from {power}'s pool or the Italian one", power=ctx.power_term(power))


def _sponsoring_event(event_id: str, help_text: str) -> CardEvent:
    """A card that sponsors a patron (PAT-10); ``help_text`` is marked with ``N_``."""
    kinds, italian_only = SPONSORING_EVENTS[event_id]

    def refusal(ctx: Ctx, power: str) -> Refusal:
        """Why no patron can be sponsored, kind by kind (walkthrough play-test: "already sponsored this
        turn, or none to draw" left the reader to guess which)."""
        if event_kinds(ctx, power, kinds, italian_only):
            return ""
        reasons = [_event_barred(ctx, power, kind, italian_only) for kind in kinds]
        return reasons[0] if len(reasons) == 1 else msg("{artist}; {scientist}", artist=reasons[0], scientist=reasons[1])

    def resolve(ctx: Ctx, power: str, number: int, args: tuple[str, ...]) -> None:
        allowed = event_kinds(ctx, power, kinds, italian_only)
        if len(allowed) == 1:
            barred = [_event_barred(ctx, power, kind, italian_only) for kind in kinds if kind not in allowed]
            patronise_by_event(ctx, power, allowed[0], italian_only, "PAT-10", barred[0] if barred else None)
        else:
            ctx.state.stack.append(SponsorKindFrame(power=power, card=number))

    return CardEvent(event_id, ("PAT-10", "PAT-3"), help_text, resolve, refusal=refusal)


CARD_EVENTS = (
    _sponsoring_event("papal-bull", N_("sponsor an artist or a scientist from your pool or the Italian pool, in the 3-CP box (PAT-10)")),
    _sponsoring_event("patron-of-the-arts", N_("sponsor an artist from your pool or the Italian pool, in the 3-CP box (PAT-10)")),
    _sponsoring_event("commissioned-from-italy", N_("sponsor an Italian artist or scientist, in the 3-CP box (PAT-10)")),
)
