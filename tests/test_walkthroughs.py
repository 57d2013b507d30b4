"""Walkthroughs: every one plays to its end keeping its promises; together they teach every rule ID."""

from __future__ import annotations

import re
import attrs
import pytest

from core.__main__ import main
from core.choices import TABLE_ACTOR, Choice
from core.walkthroughs import TITIAN, WALKTHROUGHS, WEDDINGS, WalkthroughFailed, WalkthroughRun, check, play_through
from core.walkthroughs.promises import Dealt, Outcome, Rolled, VpChange


def test_walkthrough_check_command_plays_every_walkthrough(capsys):
    assert main(["walkthrough", "--check"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == f"walkthroughs: {len(WALKTHROUGHS)}/{len(WALKTHROUGHS)} complete"


def test_a_broken_promise_names_the_walkthrough_and_the_step(data, monkeypatch, capsys):
    wrong = attrs.evolve(TITIAN.steps[2], promises=(Rolled("PAT-5", 12),))
    broken = attrs.evolve(TITIAN, steps=(*TITIAN.steps[:2], wrong))
    with pytest.raises(WalkthroughFailed, match=r"walkthrough pat-9-titian step 3 \(cp done\): promise broken: no PAT-5 roll totalling 12"):
        check(broken, data)
    monkeypatch.setitem(WALKTHROUGHS, TITIAN.id, broken)
    assert main(["walkthrough", "--check"]) == 1
    captured = capsys.readouterr()
    assert "FAIL: walkthrough pat-9-titian step 3" in captured.err
    assert captured.out.strip().splitlines()[-1] == f"walkthroughs: {len(WALKTHROUGHS) - 1}/{len(WALKTHROUGHS)} complete"


def test_pat_9_titian_worked_example_comes_out_exactly(data):
    session, run = play_through(TITIAN, data)
    assert run.finished
    text = TITIAN.conclude(session)
    assert "2d6 [5+3] +2 Titian's rating +1 3-CP box = 11" in text
    assert "gains 1 VP (1 VP artist marker for Titian)" in text
    assert [(e.rule, e.amount) for e in session.state.powers["spain"].vp_entries] == [("PAT-8", 1)]


def test_dip_3_gen_5_the_diplomatic_status_walkthrough_ends_showing_the_tie_it_names(data):
    """Newcomer play-test: its step says Spain's 4 ties France's 4 and wins by impulse order; the end showed
    the two 4s and Spain winning, with the GEN-5 line between them left out."""
    walkthrough = WALKTHROUGHS["dip-status"]
    session, run = play_through(walkthrough, data)
    text = walkthrough.conclude(session, run.taken)
    assert "[GEN-5] Spain, France tie on 4: impulse order breaks the tie" in text
    assert text.index("[GEN-5]") < text.index("[DIP-3] Spain: wins the diplomatic status roll for Venice with 4")


def test_mar_4_mar_5_mar_6c_weddings_walkthrough_results(data):
    session, _ = play_through(WEDDINGS, data)
    text = WEDDINGS.conclude(session)
    assert "total 12, Benevolent Rulers" in text and "total 13, Many Heirs" in text
    assert any(e.rule == "MAR-6c" for e in session.state.powers["france"].vp_entries)


def test_a_conclusion_repeats_what_the_steps_own_choices_logged_gen_6_win_2(data):
    """Walkthrough play-test: the turn's conclusion went from "plays #1 Grand Vizier for 4 CP" to "2 CP
    left unspent are lost", without the mercenary and the influence the steps bought (UNIT-1, DIP-7); the
    military victory's left out the Unrest cleared in Vienna (TABLE-1). Lines the quiet play between steps
    logged outside the walkthrough's rules stay out."""
    turn = WALKTHROUGHS["gen-turn"]
    session, run = play_through(turn, data)
    text = check(turn, data)
    assert "[UNIT-1] Ottoman: raises a mercenary in Istanbul\n[DIP-7] Ottoman: places an influence marker on Venice (1 now)" in text
    assert all(e in session.log for e in run.taken) and turn.conclude(session, run.taken) == text
    assert "[UNIT-1]" not in turn.conclude(session)
    assert "[TABLE-1] Empire: Unrest cleared in Vienna" in check(WALKTHROUGHS["win-2-military"], data)


def test_a_refusal_step_changes_nothing_and_moves_on(data):
    walkthrough = WALKTHROUGHS["mar-3-refusals"]
    session, run = play_through(walkthrough, data, steps=4)
    before = (len(session.actions), session.state.betrothals[:])
    taken = run.take(session, "spain", Choice.parse("propose don-carlos elizabeth-i"))
    assert taken.advanced and "MAR-3a" in taken.problem and not taken.failures
    assert (len(session.actions), session.state.betrothals) == before
    assert "MAR-3a" in run.heading()


def test_a_wrong_choice_is_refused_with_the_lesson(data):
    session = TITIAN.prepare(data)
    run = WalkthroughRun(TITIAN)
    taken = run.take(session, "spain", Choice.parse("pass"))
    assert not taken.advanced and taken.problem.startswith("in this walkthrough, choose 'Play #2 Philip II for 4 CP'")
    assert run.step == 0 and not session.actions


def test_table_1_a_table_action_taken_by_the_other_hand_is_refused_with_the_lesson(data):
    """Play-test: at TABLE-1's first step (the table records Unrest, t) Enter on France's highlighted
    "table" was taken for it, and the quiet play after it ran the game to its end; at the fourth
    (France records it in its impulse) t was taken, and the log said the table recorded it."""
    walkthrough = WALKTHROUGHS["table-1-actions"]
    session = walkthrough.prepare(data)
    run = WalkthroughRun(walkthrough)
    run.autoplay(session)
    taken = run.take(session, "france", Choice.parse("table"))
    assert not taken.advanced and taken.problem.startswith("in this walkthrough the table records it, outside any impulse: press t")
    assert run.step == 0 and not session.actions
    session, run = play_through(walkthrough, data, steps=3)
    before = len(session.actions)
    taken = run.take(session, TABLE_ACTOR, Choice.parse("table"))
    assert not taken.advanced
    assert taken.problem.startswith("in this walkthrough France records it in its own impulse: choose 'Record a table action (TABLE-1)' from its list")
    assert run.step == 3 and len(session.actions) == before


def test_every_rule_id_is_taught_by_a_walkthrough(shared_rules_md):
    """Every rule ID of RULES.md is taught by at least one walkthrough (issue 10's done-when)."""
    ids = re.findall(r"^- `([A-Z]+-\d+)`", shared_rules_md.read_text(encoding="utf-8"), re.MULTILINE)
    taught = set().union(*(w.taught() for w in WALKTHROUGHS.values()))
    untaught = [rule for rule in ids if rule not in taught]
    assert len(ids) >= 77 and untaught == []


def test_each_taught_rule_id_is_named_in_its_walkthrough_text():
    for walkthrough in WALKTHROUGHS.values():
        named = {m.group(1) for m in re.finditer(r"\b([A-Z]+-\d+)[a-z]?\b", walkthrough.text())}
        assert walkthrough.taught() <= named, (walkthrough.id, walkthrough.taught() - named)


def test_walkthroughs_have_unique_ids_and_a_section(data):
    assert len(WALKTHROUGHS) >= 20
    for walkthrough in WALKTHROUGHS.values():
        assert walkthrough.section and walkthrough.steps
        assert walkthrough.position.describe(data)


def test_vp_change_promise_measures_the_step(data):
    session, run = play_through(TITIAN, data, steps=2)
    step = attrs.evolve(TITIAN.steps[2], promises=(VpChange("spain", 1), VpChange("france", 0)))
    run.walkthrough = attrs.evolve(TITIAN, steps=(*TITIAN.steps[:2], step))
    taken = run.take(session, "spain", Choice.parse("cp done"))
    assert taken.advanced and taken.failures == []


def test_a_dealt_promise_with_no_card_7_deal_line_is_broken_not_passed(data):
    """CARD-7: the Dealt promise finds the deal line by its message; a step without one (or a reworded line)
    breaks the promise instead of checking only the card count."""
    session, _run = play_through(TITIAN, data, steps=0)
    spain = sum(line.value for line in session.state.powers["spain"].deal)
    assert "is dealt no cards in the log (CARD-7)" in Dealt("spain", spain).broken(Outcome(session, [], {}))


@pytest.mark.parametrize(
    ("walkthrough_id", "lines"),
    [
        ("suez-canal", ("moves to box 1", "1d6 [3] +1 attempts marker in box 1 +2 Excavation = 6", "gains 2 VP (the Suez Canal)")),
        ("morisco-revolt", ("Unrest in Granada, Seville", "moves to Barcelona (2 from Granada)", "at the start of Winter is destroyed")),
        ("catholic-league", ("and 2 more regulars to make 4", "returns for the winter to Reims")),
        ("ind-city-state-rebels", ("Metz rebels against France", "2 independent regulars are placed in Metz")),
    ],
)
def test_suez_mor_cl_ind_walkthroughs_conclude_with_their_rules_log(data, walkthrough_id, lines):
    """SUEZ-1..3, MOR-1..4, CL-1..7, IND-1..3: each walkthrough's end repeats the log lines it taught."""
    text = check(WALKTHROUGHS[walkthrough_id], data)
    for line in lines:
        assert line in text


def test_a_steps_instruction_ends_in_one_stop_and_says_once_how_a_refusal_is_typed():
    """Newcomer play-test: "(UNIT-1)...." where a step runs on into the next, and "type it with ':' and
    see it refused (PAT-1). Type it with ':' (...)": the instruction adds how to type a refusal itself."""
    for walkthrough in WALKTHROUGHS.values():
        for step in walkthrough.steps:
            instruction = step.instruction()
            assert not instruction.endswith("...."), instruction
            assert instruction.lower().count("type it with") <= 1, instruction


def test_a_last_step_teaching_a_refusal_says_it_in_the_conclusion_cl_5(data):
    """Walkthrough play-test: the Catholic League's last step teaches a refused proposal (CL-5), and the
    walkthrough went straight to its conclusion, the refusal shown nowhere."""
    league = WALKTHROUGHS["catholic-league"]
    assert league.steps[-1].teaches_refusal
    text = check(league, data)
    assert "The last step was refused, as it teaches: CL-5" in text


def test_a_step_recording_a_table_action_in_an_impulse_says_to_choose_it_in_the_list_table_1():
    """Walkthrough play-test: the table actions' first step teaches t, and t was then refused in every
    step that records one in a power's impulse, whose text never said to choose 'table' in the list."""
    in_impulse = [(w.id, step) for w in WALKTHROUGHS.values() for step in w.steps if step.records_in_an_impulse]
    assert len(in_impulse) >= 5
    for walkthrough_id, step in in_impulse:
        assert 'choose "Record a table action (TABLE-1)" in the list (t records by the table, outside any impulse)' in step.instruction(), walkthrough_id


def test_win_6_a_position_set_up_by_hand_says_so_not_earlier_turns(data):
    """Newcomer play-test: "England has 18 VP from earlier turns" on Turn 1/8 (WIN-6): the position gives them."""
    from core.walkthroughs.victory import STANDARD

    shown = [STANDARD.shown_intro(), *STANDARD.position.describe(data)]
    assert not any("earlier turns" in text for text in shown)
    assert "this position gives England 18 VP (artist markers)" in shown


def test_win_5_domination_step_says_spain_leads():
    from core.walkthroughs.victory import DOMINATION

    assert "Spain's 12 VP leads England's 7 by 5" in DOMINATION.steps[0].explain  # play-test: "lead"


def test_pat_10_the_one_artist_limit_is_cited_as_its_refusal_cites_it():
    """Newcomer play-test: the PAT-10 walkthrough cited PAT-3 for one artist a turn, its refusal PAT-1
    (RULES.md: PAT-1 is the limit, PAT-3 makes an event's sponsorship count as the turn's one)."""
    from core.walkthroughs import WALKTHROUGHS
    from core.walkthroughs.promises import Refused

    walkthrough = WALKTHROUGHS["pat-10-events"]
    [refused] = [p for s in walkthrough.steps for p in s.promises if isinstance(p, Refused)]
    assert refused.rule == "PAT-1"
    assert "(PAT-3): a second is refused (PAT-1)" in walkthrough.intro


def test_table_1_a_step_continuing_a_table_action_comes_with_the_steps_it_continues(data):
    """Newcomer play-test: IND-3 steps 10-12 ("units", "in Metz") and CL-1's "peace" read as fragments alone:
    the steps of the table action being recorded come with them (TABLE-1)."""
    walkthrough = WALKTHROUGHS["ind-city-state-rebels"]
    _session, run = play_through(walkthrough, data, steps=10)
    assert run.current.choice == "pick metz"
    assert run.recording_so_far() == [walkthrough.steps[8].explain, "units"]
    _session, run = play_through(walkthrough, data, steps=5)
    assert run.current.choice == "play 17 event" and run.recording_so_far() == []  # no table action under way
    _session, run = play_through(walkthrough, data, steps=6)
    assert run.current.choice == "pick florence" and run.recording_so_far() == []  # the event's own choice


def test_vq_1_win_5_the_turns_conclusion_says_what_changed_the_vp(data):
    """Walkthrough play-test: the turn's end went from "Marriage Resolution Phase" to "Patronage Phase" with nothing
    between, and England had 7 VP where it had 6; the Virgin Queen's VP and the VP totals are among its lines."""
    turn = WALKTHROUGHS["gen-turn"]
    session, run = play_through(turn, data)
    text = turn.conclude(session, run.taken)
    assert "[GEN-3] Turn 1: Marriage Resolution Phase\n[VQ-1] England: gains 1 VP (Virgin Queen)\n[GEN-3] Turn 1: Patronage Phase" in text
    assert "[WIN-5] VP: Spain 10, England 7" in text


@pytest.mark.parametrize("steps", [3, 4])
def test_gen_9_the_undo_walkthrough_resumes_after_its_undo_steps(data, steps):
    """A walkthrough resumed at a step (or stepped back to it) is replayed up to it, its undo steps too (GEN-9): the
    mercenary taken back stays gone, and the refusal the next step teaches still comes."""
    from core.walkthroughs.model import UNDO

    walkthrough = WALKTHROUGHS["gen-9-undo"]
    session, run = play_through(walkthrough, data, steps)
    assert run.step == steps and session.state.spaces["london"].units["england"].mercenaries == 1
    assert [s.choice for s in walkthrough.steps[2:4]] == [UNDO, UNDO]
    if steps == 3:
        taken = run.take_undo(session)
        assert taken.advanced and taken.problem.startswith("GEN-9: nothing to undo since") and not taken.failures
