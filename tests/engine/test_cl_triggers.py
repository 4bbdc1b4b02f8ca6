"""The card language's triggers (issue 18): reactions (CL-10), champion powers in the card language
(CL-12), changing dice (CL-13) and the new recharge events (CL-17), on small boards with fixed dice."""
from __future__ import annotations

from tactica.engine import Attack, events as ev
from tactica.engine.flow import start_round
from tactica.engine.powers import Recharge, RechargeOn
from tactica.engine.sandbox import battle, card, melee

from ._util import of, run


def brute(*extra, **kw):
    """A card with a basic Sword (+8, 10 damage) and the given extra attack lines."""
    return card("Brute", attacks=(melee(),) + extra, **kw)


# -- CL-17: recharge events ------------------------------------------------------------------

def test_cl_17_recharge_when_it_bloodies_an_enemy():
    maul = melee("Maul", bonus=10, damage=20, basic=False, uses=1, recharge=Recharge(RechargeOn.BLOODIES_ENEMY))
    st = battle("Ab", {"A": brute(maul)}, active="A", dice=(10,), hp={"b": 40})
    st.creature("A").used = (("attack:Maul", 1),)
    st, out = run(st, Attack(0, ("b",)))            # 10 damage: 40 → 30, not bloodied (25)
    assert not of(out, ev.PowerRecharged) and st.creature("A").used == (("attack:Maul", 1),)
    st = battle("Ab", {"A": brute(maul)}, active="A", dice=(10,), hp={"b": 30})
    st.creature("A").used = (("attack:Maul", 1),)
    st, out = run(st, Attack(0, ("b",)))            # 30 → 20: bloodied now
    assert st.creature("b").hp == 20 and st.creature("b").bloodied
    assert of(out, ev.PowerRecharged) == [ev.PowerRecharged("A", "Maul", "bloodies enemy")]
    assert st.creature("A").used == ()


def test_cl_17_an_enemy_already_bloodied_or_destroyed_recharges_nothing():
    maul = melee("Maul", bonus=10, damage=20, basic=False, uses=1, recharge=Recharge(RechargeOn.BLOODIES_ENEMY))
    for hp in (20, 10):  # already bloodied; destroyed by the hit
        st = battle("Ab", {"A": brute(maul)}, active="A", dice=(10,), hp={"b": hp})
        st.creature("A").used = (("attack:Maul", 1),)
        st, out = run(st, Attack(0, ("b",)))
        assert not of(out, ev.PowerRecharged)


def test_cl_17_recharge_at_the_start_of_each_round():
    roar = melee("Roar", bonus=10, damage=20, basic=False, uses=1, recharge=Recharge(RechargeOn.ROUND_START))
    st = battle("A.b", {"A": brute(roar)}, turn_player=0, dice=(5, 12))
    st.creature("A").used = (("attack:Roar", 1),)
    out: list = []
    start_round(st, out)
    assert of(out, ev.PowerRecharged) == [ev.PowerRecharged("A", "Roar", "start of round")]
    # before the initiative roll
    assert out.index(of(out, ev.PowerRecharged)[0]) < out.index(of(out, ev.DieRolled)[0])
    assert st.creature("A").used == ()
