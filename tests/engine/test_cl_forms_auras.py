"""CL-3: filtered auras (only creatures of a keyword, alignment or faction; only attacks of a kind or
damage type) and auras that act at the end of a turn -- docs/rules.md ch. 14.

Default sandbox creatures: AC 15, DEF 13, 50 HP, a +8 melee attack for 10, speed 6.
Upper-case letters are player 1's creatures, lower-case player 2's.
"""
from __future__ import annotations

from tactica.engine import About, Activate, Attack, EndActivation, When
from tactica.engine import events as ev
from tactica.engine.abilities import Aura
from tactica.engine.combat import modifiers, preview
from tactica.engine.sandbox import battle, card, melee

from ._util import of, run

DWARF_HYMN = Aura(radius=2, effect="attack", amount=2, name="Forge Hymn",
                  when=When(other=About(keywords=("Dwarf",))))
SKALD = card("Skald", abilities=(DWARF_HYMN,))
DWARF = card("Dwarf", keywords=("Dwarf", "Soldier"))


def test_cl_3_aura_covers_only_allies_of_a_keyword():
    st = battle("Ab\nK.\nD.", {"K": SKALD, "D": DWARF}, active="A", dice=(5,))
    me, foe = st.creature("A"), st.creature("b")
    assert modifiers(st, me, foe, melee()) == ()                          # A is no Dwarf
    _, out = run(st, Attack(0, ("b",)))
    assert not of(out, ev.AttackRolled)[0].hit                            # 5 + 8 = 13 < 15
    st = battle("Db\nK.", {"K": SKALD, "D": DWARF}, active="D", dice=(5,))
    assert modifiers(st, st.creature("D"), st.creature("b"), melee()) == (("Forge Hymn", 2),)
    _, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.AttackRolled)[0].hit                                # 5 + 8 + 2 = 15
    assert str(DWARF_HYMN) == "Aura 2 (Forge Hymn): allies that are Dwarf +2 attack"


def test_cl_3_aura_covers_only_allies_of_a_faction_or_alignment():
    grove = card("Grove Keeper", abilities=(Aura(radius=1, effect="defense", amount=2, name="Bark",
                                                 when=When(other=About(factions=("Wild",)))),))
    wild = card("Wolf", factions=("Wild",))
    st = battle("a.\nBW\n.K", {"W": wild, "K": grove}, active="a")
    a = st.creature("a")
    assert modifiers(st, a, st.creature("W"), melee()) == (("Bark (target)", -2),)
    assert modifiers(st, a, st.creature("B"), melee()) == ()              # Civilization: not covered
    holy = card("Priest", abilities=(Aura(radius=1, effect="damage", amount=5, name="Zeal",
                                          when=When(other=About(alignments=("Good",)))),))
    good = card("Paladin", alignment="Good")
    st = battle("Gb\nP.", {"G": good, "P": holy}, active="G", dice=(15,))
    _, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DamageDealt)[0].amount == 15                       # 10 + Zeal 5


def test_cl_3_aura_counts_only_for_attacks_of_a_damage_type_or_kind():
    kindler = card("Kindler", abilities=(Aura(radius=2, effect="damage", amount=10, name="Kindle",
                                              when=When(damage=("fire",))),))
    torch = card("Torchbearer", attacks=(melee("Torch", damage=10, damage_type="fire"), melee("Fist")))
    st = battle("Hb\nK.", {"H": torch, "K": kindler}, active="H", dice=(15,))
    me, foe = st.creature("H"), st.creature("b")
    fire, plain = (preview(st, me, foe, a).expected_damage for a in torch.attacks)
    assert fire > plain
    _, out = run(st, Attack(0, ("b",)))
    assert of(out, ev.DamageDealt)[0].amount == 20                       # fire: 10 + 10
    st = battle("Hb\nK.", {"H": torch, "K": kindler}, active="H", dice=(15,))
    _, out = run(st, Attack(1, ("b",)))
    assert of(out, ev.DamageDealt)[0].amount == 10                       # untyped: no Kindle
    # an attack-kind filter: +2 only to ranged attacks
    sharp = card("Spotter", abilities=(Aura(radius=2, effect="attack", amount=2, name="Spot",
                                             when=When(attack=("ranged",))),))
    st = battle("Ab\nP.", {"P": sharp}, active="A")
    assert modifiers(st, st.creature("A"), st.creature("b"), melee()) == ()


def test_cl_3_harm_aura_at_the_end_of_a_turn_and_at_both():
    ember = Aura(radius=1, effect="harm", amount=5, affects="enemies", damage_type="fire", name="Embers",
                 timing="end")
    st = battle("E.\nb.", {"E": card("Ember Imp", abilities=(ember,))}, active="b")
    _, out = run(st, EndActivation())
    assert [(d.target, d.amount, d.cause) for d in of(out, ev.DamageDealt)] == [("b", 5, "aura")]
    st = battle("E.\nb.", {"E": card("Ember Imp", abilities=(ember,))}, turn_player=1)
    _, out = run(st, Activate("b"))
    assert not of(out, ev.DamageDealt)                                   # not at its start
    both = Aura(radius=1, effect="heal", amount=5, name="Spring", timing="both")
    st = battle("P.\nA.", {"P": card("Spring", abilities=(both,))}, hp={"A": 30})
    after, out = run(st, Activate("A"), EndActivation())
    assert [h.amount for h in of(out, ev.CreatureHealed)] == [5, 5] and after.creature("A").hp == 40
    assert "at the start and the end of their turn" in str(both)
