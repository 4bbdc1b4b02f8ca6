"""Log lines for saves, confusion, conditions, templates, healing and teleports (every die roll is shown)."""
from __future__ import annotations

from tactica.client.describe import describe_events
from tactica.engine import events as ev
from tactica.engine.sandbox import battle


def _texts(events):
    st = battle(".A.b.")
    return [line.text for line in describe_events(events, st)]


def test_saving_throw_and_confusion_rolls_are_logged_with_their_numbers():
    texts = _texts([ev.SavingThrowRolled("A", "dazed", 12, True), ev.ConditionEnded("A", "dazed", "save"),
                    ev.ConfusionRolled("b", 18, "opponent control", 0)])
    assert "saves against dazed: d20 12 vs 10 — ends it" in texts[0]
    assert "no longer dazed" in texts[1]
    assert "confused: d20 18 — opponent control (Player 1 decides its turn)" in texts[2]


def test_conditions_ongoing_damage_and_adjustments():
    texts = _texts([ev.ConditionApplied("b", "ongoing", "save ends", "A", 5, "fire"),
                    ev.DamageDealt("b", 5, "fire", 45, False, cause="ongoing"),
                    ev.DamageDealt("b", 15, "", 30, False, adjustments=(("sneak-attack", 10), ("resist", -5))),
                    ev.CreatureHealed("b", 5, 35), ev.ConditionPrevented("A", "dazed")])
    assert "takes ongoing 5 fire damage (save ends)" in texts[0]
    assert "takes 5 ongoing fire damage (45 HP left)" in texts[1]
    assert "(sneak attack +10, resist -5)" in texts[2] or "(sneak attack +10, resist −5)" in texts[2]
    assert "regains 5 HP (regeneration) — 35 HP" in texts[3]
    assert "immune to dazed" in texts[4]


def test_teleport_and_template_lines():
    texts = _texts([ev.CreatureMoved("A", (1, 0), ((4, 0),), "teleport"),
                    ev.TemplatePlaced("A", "Fire Burst", ((0, 0), (1, 0), (2, 0)), ("b",))])
    assert texts[0].endswith("teleports to column 5, row 1")
    assert "uses Fire Burst on 3 squares, striking" in texts[1]


def test_abl_aura_and_healing_log_lines():
    texts = _texts([ev.AuraHarmed("A", "b", "Blight"),
                    ev.DamageDealt("b", 5, "necrotic", 45, False, cause="aura"),
                    ev.CreatureHealed("A", 10, 50, "aura", "A"),
                    ev.CreatureHealed("A", 5, 45, "heal", "A")])
    assert "starts its turn in the Blight aura of" in texts[0]
    assert "takes 5 aura necrotic damage (45 HP left)" in texts[1]
    assert "regains 10 HP (aura of " in texts[2]
    assert "regains 5 HP (healing) — 45 HP" in texts[3]


def test_two_records_of_one_condition_ending_together_make_one_line():
    texts = _texts([ev.ConditionEnded("b", "slowed", "duration"), ev.ConditionEnded("b", "slowed", "duration"),
                    ev.ConditionEnded("A", "slowed", "duration")])
    assert [t for t in texts if "no longer slowed" in t] == [texts[0], texts[1]]
    assert len(texts) == 2


def test_a_vp_zone_square_says_whose_zone_it_is():
    from tactica.tui.screens.battle import zone_note
    st = battle("A...b", vp_zones={"A": {(3, 0)}, "B": {(1, 0)}})
    assert zone_note(st, (3, 0)).startswith("◆ Player 1's VP zone: Player 1 scores 10 VP")
    assert zone_note(st, (1, 0)).startswith("◆ Player 2's VP zone")
    assert zone_note(st, (2, 0)) == ""


def test_CHG_1_a_charge_cut_by_an_opportunity_attack_reads_as_one_charge():
    """A charge that provokes on its way is logged in two parts around the opportunity attack; the
    log says it is one 5-square charge, not a 1-square charge (which CHG-3 forbids) and then another."""
    from tactica.engine import Activate, Charge, apply
    st = battle("A.....b\n..c....", dice=(2, 2))  # both attacks miss
    st, _ = apply(st, Activate("A"))
    st, events = apply(st, Charge("b", ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0))))
    texts = [line.text for line in describe_events(events, st)]
    assert texts[0] == "Creature A (A) begins a 5-square charge (1 square to column 2, row 1)"
    assert "opportunity attack" in texts[1]
    assert "Creature A (A) charges on 4 more squares to column 6, row 1 (5 in all)" in texts
    assert not any("charges 1 square" in t for t in texts)


def test_CHG_1_a_charge_not_cut_reads_as_before():
    from tactica.engine import Activate, Charge, apply
    st = battle("A.....b\n.......", dice=(2,))
    st, _ = apply(st, Activate("A"))
    st, events = apply(st, Charge("b", ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0))))
    assert describe_events(events, st)[0].text == "Creature A (A) charges 5 squares to column 6, row 1"


def test_MOV_8_a_charge_into_difficult_terrain_says_its_squares_and_its_movement():
    from tactica.engine import Activate, Charge, apply
    st = battle("A.^.b\n#####", dice=(2,))  # one way only: across the difficult square
    st, _ = apply(st, Activate("A"))
    st, events = apply(st, Charge("b", ((1, 0), (2, 0), (3, 0))))
    assert ([line.text for line in describe_events(events, st)][0]
            == "Creature A (A) charges 3 squares to column 4, row 1 (4 squares of movement)")


def test_MOV_8_a_move_over_clear_ground_names_its_squares_alone():
    from tactica.engine import Activate, Move, apply
    st = battle("A...\n....\n...b")
    st, _ = apply(st, Activate("A"))
    st, events = apply(st, Move(((1, 0), (2, 0))))
    assert [line.text for line in describe_events(events, st)][0] == "Creature A (A) moves 2 squares to column 3, row 1"


def test_mov_1_every_move_line_says_the_square_it_ended_on():
    """Issue 20: "og2 moves" at 80×24, its creature off screen, did not say where it went; a move, a
    shift and a charge each name the square they end on in the log's square words (MOV-1, CHG-1)."""
    from tactica.engine import Activate, Move, Shift, apply
    st = battle("A...\n....\n...b")
    st, _ = apply(st, Activate("A"))
    after, events = apply(st, Move(((1, 1), (2, 2))))
    assert describe_events(events, after)[0].text == "Creature A (A) moves 2 squares to column 3, row 3"
    after, events = apply(st, Shift((0, 1)))
    assert describe_events(events, after)[0].text.startswith("Creature A (A) shifts 1 square to column 1, row 2")
