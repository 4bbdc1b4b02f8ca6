"""How the bots answer a champion-power decision (CHP-1, CHP-2), in VP-equivalents."""
from __future__ import annotations

from tactica.ai.champion import choose_champion_power
from tactica.engine import Attack, EndActivation, Phase, apply
from tactica.engine.abilities import Resist
from tactica.engine.actions import DeclinePower, UseChampionPower
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
from tactica.engine.sandbox import battle, card

SPUR = ChampionPower("Spur", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=5, range=6)
MEND = ChampionPower("Mend", 1, ChampionTrigger.ALLY_ENDS_TURN, ChampionEffect.HEAL, amount=10, range=6)


def _after_hit(b_hp, rating=1, b_card=None):
    """A (active) hits b for 10 beside champion C with Spur (+5 damage); the window is open."""
    cards = {"C": card("Captain", champion=rating, champion_powers=(SPUR, MEND))}
    if b_card is not None:
        cards["b"] = b_card
    st = battle("C..\nAb.", cards, active="A", dice=(15,), hp={"b": b_hp})
    st, _ = apply(st, Attack(0, ("b",)))
    assert st.phase is Phase.CHAMPION
    return st


def test_CHP_1_last_point_goes_to_extra_damage_that_destroys():
    assert choose_champion_power(_after_hit(15)) == UseChampionPower("C", 0, "A", "b")   # 5 HP left: +5 kills


def test_CHP_1_last_point_is_kept_when_the_extra_damage_only_scratches():
    assert choose_champion_power(_after_hit(40)) == DeclinePower()      # 30 HP left: +5 is a scratch
    assert choose_champion_power(_after_hit(40, rating=3)) == UseChampionPower("C", 0, "A", "b")


def test_CHP_2_extra_damage_a_resist_would_cancel_is_not_a_kill():
    tough = card("Ironhide", abilities=(Resist(5),))
    st = _after_hit(20, b_card=tough)      # 10 - 5 resist: 15 HP left; +5 - 5 resist = nothing
    assert choose_champion_power(st) == DeclinePower()


def test_CHP_1_last_point_not_spent_on_topping_up_an_unwounded_ally():
    cards = {"C": card("Captain", champion=1, champion_powers=(SPUR, MEND))}
    st = battle("C..\nA..\n...\n..b", cards, active="A", hp={"A": 40})
    st, _ = apply(st, EndActivation())
    assert st.phase is Phase.CHAMPION
    assert choose_champion_power(st) == DeclinePower()       # 10 HP on a 50-HP creature: keep the point
    hurt = battle("C..\nA..\n...\n..b", cards, active="A", hp={"A": 15})
    hurt, _ = apply(hurt, EndActivation())
    assert choose_champion_power(hurt) == UseChampionPower("C", 1, "A", "")
