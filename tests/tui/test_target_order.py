"""Which target attack mode picks first (the best by the attack preview) and the order Tab and
Shift+Tab go through the others."""
from __future__ import annotations

from tactica.engine.sandbox import battle, card, ranged

from .conftest import app_for_state


async def test_the_default_target_is_the_best_by_the_preview_and_tab_follows_that_order():
    shooter = card("Crossbowman", attacks=(ranged("Crossbow", bonus=6, damage=10),))
    soft = card("Goblin", ac=10)                          # easier to hit: more expected damage
    st = battle("A.....b\n.......\n......d\n.......\n......c", {"A": shooter, "d": soft},
                active="A", hp={"c": 5})                  # c dies to any hit: the kill shot, last in reading order
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        s = screen.session
        kill, dmg = {}, {}
        for u in "bcd":
            p = s.attack_preview(0, u)
            kill[u], dmg[u] = p.kill_chance, p.expected_damage
        assert kill["c"] > kill["b"] == kill["d"] == 0 and dmg["d"] > dmg["b"]
        pos = {u: st.creature(u).pos for u in "bcd"}
        await pilot.press("a")
        assert screen.map_view.square == pos["c"]
        seen = []
        for _ in range(3):
            await pilot.press("tab")
            seen.append(screen.map_view.square)
        assert seen == [pos["d"], pos["b"], pos["c"]]
        await pilot.press("shift+tab")
        assert screen.map_view.square == pos["b"]


async def test_after_an_attack_the_cursor_goes_back_to_the_attacker():
    """A newcomer's battle (issue 20): after an attack with its move still to make, the cursor is on the
    attacker again, so that a move after it starts from the attacker's square, not the target's."""
    archer = card("Archer", attacks=(ranged("Bow", bonus=8, damage=1, range=10, basic=True),))
    app = app_for_state(battle("A.....\n....b.", {"A": archer}, active="A", dice=(15,) * 10))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("a")
        await pilot.pause()
        assert screen.map_view.square == (4, 1)  # on the target
        await pilot.press("enter")
        await pilot.pause()
        st = screen.session.state
        assert st.attack_used and not st.move_used and st.active_uid == "A"
        assert screen.map_view.square == (0, 0)


async def test_tab_visits_each_target_once_a_round_in_every_targeting_mode():
    """Issue 20 (a newcomer's "Tab listed a target twice"): in attack mode (best first), while acting
    (the creature, then every enemy it can reach, nearest first) and choosing a charge target, Tab goes
    through every choice once before it comes back to the first, and Shift+Tab goes the other way;
    never the same square twice in a row."""
    from tactica.engine.sandbox import melee
    shooter = card("Crossbowman", speed=6, attacks=(ranged("Crossbow", bonus=6, damage=10, range=10),
                                                   melee("Short Blade", bonus=3, damage=5)))
    board = "A......b\n........\n....d...\n........\n.....c..\n........"
    for keys, mode in ((("a",), "attack"), ((), "act"), (("c",), "charge")):
        app = app_for_state(battle(board, {"A": shooter}, active="A", hp={"c": 5}))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            await pilot.pause()
            await pilot.press(*keys)
            await pilot.pause()
            assert screen.ctrl.mode.value == mode, screen.ctrl.mode
            choices = screen.ctrl.cycle_squares()
            n = 4 if mode == "act" else 3                    # acting: the active creature itself too
            assert len(choices) == n and len(set(choices)) == n, choices
            seen = []
            for _ in range(n + 1):
                await pilot.press("tab")
                await pilot.pause()
                seen.append(screen.map_view.square)
            assert set(seen[:n]) == set(choices) and seen[n] == seen[0], (mode, seen)
            back = []
            for _ in range(n):
                await pilot.press("shift+tab")
                await pilot.pause()
                back.append(screen.map_view.square)
            assert back == seen[:n][::-1], (mode, back, seen)


async def test_c_starts_on_the_best_charge_target_by_the_preview_and_tab_follows_that_order():
    """s18 ux 6: c put the cursor on the first target in the state's order; it starts on the target the
    charge's preview gives the best chance (c: 5 HP, any hit destroys it; d: AC 10, easier to hit than b)."""
    soft = card("Goblin", ac=10)
    st = battle("A.......\n........\n...b....\n........\n...d....\n........\n...c....", {"d": soft},
                active="A", hp={"c": 5})
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        s = screen.session
        charges = s.charges()
        assert set(charges) == {"b", "c", "d"}
        first = {u: s.charge_preview(charges[u][0]) for u in "bcd"}
        assert first["c"].kill_chance > 0 == first["b"].kill_chance == first["d"].kill_chance
        assert first["d"].hit_chance > first["b"].hit_chance
        pos = {u: st.creature(u).pos for u in "bcd"}
        await pilot.press("c")
        await pilot.pause()
        assert screen.ctrl.mode.value == "charge" and screen.map_view.square == pos["c"]
        assert "(charge)" in screen.status_line.message                        # its preview shows
        seen = []
        for _ in range(3):
            await pilot.press("tab")
            await pilot.pause()
            seen.append(screen.map_view.square)
        assert seen == [pos["d"], pos["b"], pos["c"]]
