"""Aura X, Multi-Activation X and healing (docs/rules.md ABL glossary; ABL-1, ABL-2, ATK-8).

Default sandbox creatures: AC 15, DEF 13, 50 HP, a +8 melee attack for 10, speed 6.
Upper-case letters are player 1's creatures, lower-case player 2's.
"""
from __future__ import annotations

from tactica.engine import Activate, Attack, EndActivation, Phase, legal_actions
from tactica.engine import events as ev
from tactica.engine.abilities import Aura, MultiActivation, Resist, SneakAttack
from tactica.engine.auras import covering, speed, squares
from tactica.engine.combat import modifiers, preview
from tactica.engine.model import HealEffect, Trigger
from tactica.engine.movement import routes
from tactica.engine.sandbox import battle, card, melee

from ._util import of, run

HYMN = Aura(radius=2, effect="attack", amount=2, name="Battle Hymn")
BANNER = card("Banner", abilities=(HYMN,))


def _damage(out):
    return [(d.target, d.amount, d.cause, d.adjustments) for d in of(out, ev.DamageDealt)]


# -- attack / defense auras ---------------------------------------------------------

def test_abl_aura_attack_bonus_for_allies_within_its_radius_only():
    st = battle("Ab\n..\nH.", {"H": BANNER}, active="A", dice=(5,))    # H two squares from A
    me, foe = st.creature("A"), st.creature("b")
    assert modifiers(st, me, foe, me.card.attacks[0]) == (("Battle Hymn", 2),)
    _, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].hit                                 # 5 + 8 + 2 = 15 vs AC 15
    far = battle("Ab\n..\n..\nH.", {"H": BANNER}, active="A", dice=(5,))   # 3 squares: outside
    _, out = run(far, Attack(0, ("b",)))
    assert not of(out, ev.AttackRolled)[0].hit
    # not itself (include_self off), never an enemy of the banner
    own = battle("Hb", {"H": BANNER}, active="H")
    assert modifiers(own, own.creature("H"), own.creature("b"), BANNER.attacks[0]) == ()
    foe_banner = battle("Ab\n.h", {"h": BANNER}, active="A")
    assert modifiers(foe_banner, foe_banner.creature("A"), foe_banner.creature("b"), melee()) == ()


def test_abl_aura_include_self_covers_its_own_creature():
    proud = card("Herald", abilities=(Aura(radius=1, effect="attack", amount=1, include_self=True,
                                           name="Pride"),))
    st = battle("Hb", {"H": proud}, active="H")
    assert modifiers(st, st.creature("H"), st.creature("b"), proud.attacks[0]) == (("Pride", 1),)


def test_abl_aura_defense_and_enemy_penalty():
    ward = card("Warden", abilities=(Aura(radius=1, effect="defense", amount=2, name="Shield Wall"),))
    st = battle("Ab\n.w", {"w": ward}, active="A", dice=(7,))             # w guards its ally b
    me, foe = st.creature("A"), st.creature("b")
    assert modifiers(st, me, foe, me.card.attacks[0]) == (("Shield Wall (target)", -2),)
    _, out = run(st, Attack(0, ("b",)))
    assert not of(out, ev.AttackRolled)[0].hit                             # 7 + 8 - 2 = 13 < 15
    dread = card("Dread", abilities=(Aura(radius=2, effect="attack", amount=-2, affects="enemies",
                                          name="Dread"),))
    st = battle("Ab\n.d", {"d": dread}, active="A", dice=(8,))
    assert modifiers(st, st.creature("A"), st.creature("b"), melee()) == (("Dread", -2),)
    _, out = run(st, Attack(0, ("b",)))
    assert [(r.total, r.hit) for r in of(out, ev.AttackRolled)] == [(14, False)]


def test_abl_aura_is_counted_around_walls_as_range_is():
    st = battle("A.#.\n..#H\n..#.\n....", {"H": BANNER})
    assert covering(st, st.creature("A"), "attack") == []                 # 5 squares round the wall
    near = battle("A...\n..#H\n..#.\n....", {"H": BANNER})
    assert [a.name for a, _ in covering(near, near.creature("A"), "attack")] == []  # 3 squares
    st2 = battle("..A.\n..#H", {"H": BANNER})
    assert [a.name for a, _ in covering(st2, st2.creature("A"), "attack")] == ["Battle Hymn"]
    shown = squares(st2, st2.creature("H"), HYMN)
    assert (3, 1) in shown and (2, 1) not in shown and (1, 0) in shown


# -- damage, resist, speed ---------------------------------------------------------

def test_abl_aura_resist_for_allies_after_their_own_resist():
    stone = card("Stonecaller", abilities=(Aura(radius=1, effect="resist", amount=5,
                                                damage_type="all", name="Stoneskin"),))
    hard = card("Knight", abilities=(Resist(5, "all"),))
    axe = card("Axe", attacks=(melee("Axe", damage=20),))
    st = battle("Ab\n.s", {"A": axe, "b": hard, "s": stone}, active="A", dice=(15,))
    _, out = run(st, Attack(0, ("b",)))
    assert _damage(out) == [("b", 10, "attack", (("resist", -5), ("aura", -5)))]


def test_abl_aura_speed_for_allies_and_against_enemies():
    quick = card("Drummer", abilities=(Aura(radius=2, effect="speed", amount=2, name="March"),))
    st = battle("A.......\nD.......", {"D": quick}, active="A")
    assert speed(st, st.creature("A")) == 8
    assert (8 - 1, 0) in routes(st, st.creature("A"), speed(st, st.creature("A")))
    assert max(len(m.path) for m in legal_actions(st) if hasattr(m, "path") and type(m).__name__ == "Move") == 7
    mire = card("Mire", abilities=(Aura(radius=1, effect="speed", amount=-5, affects="enemies", name="Mire"),))
    st = battle("A.\nm.", {"m": mire}, active="A")
    assert speed(st, st.creature("A")) == 1                                # 6 - 5
    st = battle("A.\nm.", {"m": mire}, active="A", conditions={"A": {"slowed"}})
    assert speed(st, st.creature("A")) == 2                                # slowed stays 2


# -- harm and heal auras at the start of a turn ---------------------------------------

BLIGHT = Aura(radius=1, effect="harm", amount=5, affects="enemies", damage_type="necrotic", name="Blight")


def test_abl_aura_harm_enemies_that_start_their_turn_in_it():
    rot = card("Rotting One", abilities=(BLIGHT,))
    st = battle("R.\nb.\n.c", {"R": rot}, turn_player=1)
    st, out = run(st, Activate("b"))
    assert of(out, ev.AuraHarmed) == [ev.AuraHarmed("R", "b", "Blight")]
    assert _damage(out) == [("b", 5, "aura", ())] and st.creature("b").hp == 45
    st = battle("R..\n...\n..c", {"R": rot}, turn_player=1)               # c is 2 squares away
    _, out = run(st, Activate("c"))
    assert not of(out, ev.DamageDealt)
    ally = battle("RA", {"R": rot})                                       # its allies never
    _, out = run(ally, Activate("A"))
    assert not of(out, ev.DamageDealt)
    warded = battle("R.\nb.", {"R": rot, "b": card("Ghoul", abilities=(Resist(5, "necrotic"),))},
                    turn_player=1)
    _, out = run(warded, Activate("b"))
    assert _damage(out) == [("b", 0, "aura", (("resist", -5),))]


def test_abl_aura_harm_can_destroy_and_scores_for_the_aura_player():
    rot = card("Rotting One", abilities=(BLIGHT,))
    st = battle("R.\nb.\n.c", {"R": rot}, turn_player=1, hp={"b": 5})
    st, out = run(st, Activate("b"))
    assert of(out, ev.CreatureDestroyed) == [ev.CreatureDestroyed("b", 0)]
    assert st.vp[0] == 20 and st.phase is Phase.ACTIVATE


def test_abl_aura_heal_allies_at_turn_start_never_above_their_hp():
    font = card("Lifewell", abilities=(Aura(radius=2, effect="heal", amount=10, name="Lifewell"),))
    st = battle("L.A", {"L": font}, hp={"A": 35})
    st, out = run(st, Activate("A"))
    assert of(out, ev.CreatureHealed) == [ev.CreatureHealed("A", 10, 45, "aura", "L")]
    st = battle("L.A", {"L": font}, hp={"A": 45})
    st, out = run(st, Activate("A"))
    assert of(out, ev.CreatureHealed) == [ev.CreatureHealed("A", 5, 50, "aura", "L")]
    st = battle("L.A", {"L": font})
    _, out = run(st, Activate("A"))
    assert not of(out, ev.CreatureHealed)


def test_abl_01_auras_work_while_their_creature_is_stunned_or_unactivated():
    st = battle("Ab\n..\nH.", {"H": BANNER}, active="A", conditions={"H": {"stunned"}})
    assert modifiers(st, st.creature("A"), st.creature("b"), melee()) == (("Battle Hymn", 2),)
    st.creature("H").activated = True
    assert modifiers(st, st.creature("A"), st.creature("b"), melee()) == (("Battle Hymn", 2),)
    st.creature("H").destroyed, st.creature("H").pos = True, None       # until it is destroyed
    assert modifiers(st, st.creature("A"), st.creature("b"), melee()) == ()


# -- stacking (ABL-2, ATK-8) ---------------------------------------------------------

def test_abl_02_same_named_auras_count_once_different_auras_add():
    drum = card("Drummer", abilities=(Aura(radius=2, effect="attack", amount=1, name="War Drum"),))
    st = battle("Ab\nH.\nG.", {"H": BANNER, "G": BANNER}, active="A")
    assert modifiers(st, st.creature("A"), st.creature("b"), melee()) == (("Battle Hymn", 2),)
    loud = card("Banner", abilities=(Aura(radius=2, effect="attack", amount=3, name="Battle Hymn"),))
    st = battle("Ab\nH.\nG.", {"H": BANNER, "G": loud}, active="A")
    assert modifiers(st, st.creature("A"), st.creature("b"), melee()) == (("Battle Hymn", 3),)
    st = battle("Ab\nH.\nD.", {"H": BANNER, "D": drum}, active="A", dice=(3,))
    assert modifiers(st, st.creature("A"), st.creature("b"), melee()) == (("Battle Hymn", 2), ("War Drum", 1))
    _, out = run(st, Attack(0, ("b",)))
    assert [(r.total, r.hit) for r in of(out, ev.AttackRolled)] == [(14, False)]


FLANK = ".....\n.A...\n..g..\n...B.\n....."
FRENZY = Aura(radius=3, effect="damage", amount=10, name="Blood Frenzy")


def test_atk_08_damage_aura_and_sneak_attack_add_the_same_aura_twice_does_not():
    rogue = card("Rogue", abilities=(SneakAttack(10),))
    chief = card("Chief", abilities=(FRENZY,))
    st = battle(FLANK.replace(".....\n.A", "C....\n.A", 1), {"A": rogue, "C": chief},
                active="A", dice=(10,))
    _, out = run(st, Attack(0, ("g",)))
    assert _damage(out) == [("g", 30, "attack", (("sneak-attack", 10), ("Blood Frenzy", 10)))]
    two = FLANK.replace(".....\n.A", "CK...\n.A", 1)
    st = battle(two, {"A": rogue, "C": chief, "K": chief}, active="A", dice=(10,))
    _, out = run(st, Attack(0, ("g",)))
    assert _damage(out) == [("g", 30, "attack", (("sneak-attack", 10), ("Blood Frenzy", 10)))]
    st = battle(FLANK.replace(".....\n.A", "C....\n.A", 1), {"A": rogue, "C": chief},
                active="A", dice=(20,))
    _, out = run(st, Attack(0, ("g",)))                                   # a crit doubles both (ATK-5)
    assert _damage(out) == [("g", 60, "attack", (("sneak-attack", 20), ("Blood Frenzy", 20)))]


def test_atk_08_preview_counts_aura_bonuses():
    st = battle("Ab\n..\nH.", {"H": BANNER}, active="A")
    plain = battle("Ab\n..\n..", active="A")
    with_aura = preview(st, st.creature("A"), st.creature("b"), melee())
    without = preview(plain, plain.creature("A"), plain.creature("b"), melee())
    assert (with_aura.hit_chance, without.hit_chance) == (0.8, 0.7)


# -- Multi-Activation X ------------------------------------------------------------------

def test_abl_multi_activation_twice_a_round_each_activation_uses_a_turn_slot():
    twin = card("Twin Blade", abilities=(MultiActivation(2),))
    st = battle("M.B\n...\n..c", {"M": twin})
    st, _ = run(st, Activate("M"), EndActivation())
    me = st.creature("M")
    assert (me.activations, me.activated, st.activations_left) == (1, False, 1)
    assert Activate("M") in legal_actions(st)                             # again, with the 2nd slot
    st, out = run(st, Activate("M"), EndActivation())
    assert (me := st.creature("M")).activated and me.activations == 2 and me.turns == 2
    assert st.turn_player == 1 and of(out, ev.TurnEnded) == [ev.TurnEnded(0)]
    st, _ = run(st, Activate("c"), EndActivation())
    assert st.turn_player == 0 and [a for a in legal_actions(st)] == [Activate("B")]


def test_abl_multi_activation_resets_each_round():
    twin = card("Twin Blade", abilities=(MultiActivation(2),))
    st = battle("M..\n...\n..c", {"M": twin}, dice=(15, 3))
    st, out = run(st, Activate("M"), EndActivation(), Activate("M"), EndActivation())
    st, out = run(st, Activate("c"), EndActivation())
    assert of(out, ev.RoundStarted) == [ev.RoundStarted(2)]
    assert (st.creature("M").activations, st.creature("M").activated) == (0, False)


# -- healing (an attack effect) -------------------------------------------------------

def test_abl_heal_effect_the_attacker_regains_hp_never_above_its_own():
    leech = card("Leech", attacks=(melee("Drain", effects=(HealEffect(10),)),))
    st = battle("Ab", {"A": leech}, active="A", dice=(15,), hp={"A": 25})
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.CreatureHealed) == [ev.CreatureHealed("A", 10, 35, "heal", "A")]
    st = battle("Ab", {"A": leech}, active="A", dice=(15,), hp={"A": 45})
    st, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.CreatureHealed) == [ev.CreatureHealed("A", 5, 50, "heal", "A")]
    st = battle("Ab", {"A": leech}, active="A", dice=(2,), hp={"A": 25})   # a miss heals nothing
    _, out = run(st, Attack(0, ("b",)))
    assert not of(out, ev.CreatureHealed)
    always = card("Leech", attacks=(melee("Drain", effects=(HealEffect(5, Trigger.ALWAYS),)),))
    st = battle("Ab", {"A": always}, active="A", dice=(2,), hp={"A": 25})
    _, out = run(st, Attack(0, ("b",)))
    assert [h.amount for h in of(out, ev.CreatureHealed)] == [5]
    st = battle("Ab", {"A": leech}, active="A", dice=(15,), hp={"A": 25, "b": 10})
    st, out = run(st, Attack(0, ("b",)))                                  # heals after a kill too
    assert of(out, ev.CreatureDestroyed) and st.creature("A").hp == 35


# -- Regeneration stopped by a damage type (docs/rules.md ABL glossary) -------------------------

def test_abl_regeneration_stopped_for_a_turn_by_its_damage_type():
    from tactica.engine.abilities import Regeneration
    troll = card("Troll", abilities=(Regeneration(10, "fire"),))
    torch = card("Torch", attacks=(melee("Torch", damage=10, damage_type="fire"),))
    st = battle("Ab", {"A": torch, "b": troll}, active="A", dice=(15,))
    st, out = run(st, Attack(0, ("b",)), EndActivation(), Activate("b"))
    assert of(out, ev.RegenerationStopped) == [ev.RegenerationStopped("b")]
    assert not of(out, ev.CreatureHealed) and st.creature("b").hp == 40
    assert not st.creature("b").regeneration_stopped            # only for that one turn
    club = card("Club")                                         # other damage does not stop it
    st = battle("Ab", {"A": club, "b": troll}, active="A", dice=(15,))
    st, out = run(st, Attack(0, ("b",)), EndActivation(), Activate("b"))
    assert of(out, ev.CreatureHealed) == [ev.CreatureHealed("b", 10, 50)]


def test_abl_aura_of_a_large_creature_counts_from_any_of_its_squares():
    ward = Aura(radius=1, effect="attack", amount=1, name="Ward")
    big = card("Giant", size=2, abilities=(ward,))
    st = battle("G...\n....\n..A.\n..b.", {"G": big})
    assert st.creature("G").squares == ((0, 0), (1, 0), (0, 1), (1, 1))
    assert [a.name for a, _ in covering(st, st.creature("A"), "attack")] == ["Ward"]
    shown = squares(st, st.creature("G"), ward)
    assert (2, 2) in shown and (3, 3) not in shown
    small = battle("G...\n....\n..A.\n..b.", {"G": card("Herald", abilities=(ward,))})
    assert covering(small, small.creature("A"), "attack") == []
