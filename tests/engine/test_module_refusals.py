"""A refusal that comes from an optional rule module names the module's rule (issue 19): a step a
module bars says which rule bars it, not another module's (docs/modules/*.md)."""
from __future__ import annotations

from tactica.engine import Move, Ruleset, check
from tactica.engine.sandbox import battle

from .test_rules_underground import cave


def test_UG_SQUEEZE_a_move_through_a_gap_too_narrow_is_refused_naming_the_gap_rule():
    st = cave("A4..\n####\n")
    refusal = check(st, Move(((1, 0), (2, 0))))
    assert refusal is not None and refusal.code == "barred"
    assert refusal.reason == "The gap there is 18×9 inches; Creature A needs 24×12 (UG-SQUEEZE)."


def test_UG_SLIDE_a_move_on_out_of_a_slope_is_refused_naming_the_slide():
    st = cave("A9..\n####\n")
    refusal = check(st, Move(((1, 0), (2, 0))))
    assert refusal is not None and refusal.reason == (
        "A move that enters a slope ends there: the creature slides down it (UG-SLIDE).")


def test_G35_HAMPER_a_run_through_a_hampered_square_is_still_refused_naming_hampering():
    st = battle("A^.......\n#########\n", active="A", rules=Ruleset(modules=("grid35",)))
    path = tuple((x, 0) for x in range(1, 9))  # 8 squares: a run, through the difficult square
    refusal = check(st, Move(path))
    assert refusal is not None and refusal.reason == (
        "No creature runs or charges through hampered squares (G35-HAMPER).")


def test_G35_HAMPER_a_square_only_a_run_could_reach_but_hampered_names_hampering_not_only_mov_1():
    """Farther than a move and hampered (difficult ground): a run would reach it by its cost, but a
    run never enters a hampered square, so the refusal says so beside the move's MOV-1."""
    from tactica.engine import move_refusal
    st = battle("A......^.\n.........\n", active="A", rules=Ruleset(modules=("grid35",)))
    code, why = move_refusal(st, (7, 0))
    assert code == "too-far" and why == (
        "That move needs 8 squares of movement; Creature A has 6 (MOV-1), and a run cannot go there: a run "
        "never enters a hampered square (G35-HAMPER, G35-RUN).")
    assert move_refusal(st, (8, 1)) is None  # a run ends there (8 squares, clear ground)
    assert move_refusal(battle("A......^.\n.........\n", active="A"), (7, 0))[1] == (
        "That move needs 8 squares of movement; Creature A has 6 (MOV-1).")
