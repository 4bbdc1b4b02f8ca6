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
