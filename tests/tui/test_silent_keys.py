"""Keys that can do nothing now say why (a newcomer's "nothing happened"): c or a with no target in
reach, an attack number with no target, a number with no answer at a question.  At 80×24 the status
line says it (no toast over the four-line log); the reasons are the engine's, worded briefly."""
from __future__ import annotations

from tactica.engine import Phase
from tactica.engine.sandbox import battle, card, melee, ranged
from tactica.tui.screens.choice import ChoiceModal
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state, make_app, skirmish_battle

TALL = "\n" + "\n".join(["......"] * 18)
"""Rows under a board: at 80×24 the map then leaves the log four lines, and toasts do not fit."""

ARCHER = card("Archer", attacks=(melee("Knife", basic=True), ranged("Bow", range=3)))


async def _status(pilot, app, *keys) -> str:
    """Press ``keys`` and return the status line's message."""
    await pilot.press(*keys)
    await pilot.pause()
    return app.screen.query_one(StatusLine).message


async def test_c_with_no_enemy_in_reach_of_a_charge_says_why_in_the_status_line():
    """The only enemy stands next to the active creature: c says it is too close (CHG-3); at 80×24
    in the status line only, marked as a refusal, no toast."""
    app = app_for_state(battle("......\n.Ab...\n......" + TALL, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.check_action("charge", ())  # no "c Charge" in the footer
        text = await _status(pilot, app, "c")
        assert text.startswith("No enemy in reach of a charge: Creature b (b) too close"), text
        assert app.screen.query_one(StatusLine).refused
        assert not app.screen._toasts_fit() and not list(app._notifications)


async def test_c_after_the_attack_action_gives_the_engines_reason():
    """With the attack action used, c says so in the engine's words (ACT-1), not target by target."""
    st = battle("A.......b", active="A")
    st.attack_used = True
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert await _status(pilot, app, "c") == "This creature has already used its attack action."
        assert await _status(pilot, app, "a") == "This creature has already used its attack action."


async def test_a_with_no_target_in_reach_names_the_nearest_enemy_and_each_attacks_reason():
    """A melee attack and a range-3 bow, the enemy 6 squares off: a names it and says why each
    attack cannot reach it (the engine's sentences)."""
    app = app_for_state(battle("A.....b", {"A": ARCHER}, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = await _status(pilot, app, "a")
        assert text == ("No attack has a target in reach: the nearest enemy, Creature b (b), is 6 squares "
                        "away by range count; Knife: adjacent only (RNG-1); Bow: range 3 (RNG-2)."), text
        assert app.screen.ctrl.mode.value == "act"


async def test_an_attack_number_with_no_target_says_why_and_one_with_a_target_starts_it():
    """While acting, 2 (the bow, out of range) says why; next to the enemy, 1 starts the knife at once."""
    app = app_for_state(battle("A.....b", {"A": ARCHER}, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert await _status(pilot, app, "2") == ("Bow has no target in reach now: the nearest enemy, Creature b "
                                                  "(b), is 6 squares away by range count; range 3 (RNG-2).")
        assert app.screen.query_one(StatusLine).refused
        assert await _status(pilot, app, "7") == "Archer has no attack 7."
    app = app_for_state(battle("Ab....", {"A": ARCHER}, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _status(pilot, app, "1")
        assert app.screen.ctrl.mode.value == "attack" and app.screen.map_view.square == (1, 0)


async def test_a_number_with_no_answer_at_a_question_says_so_in_the_question():
    """7 at the two-answer who-goes-first question: the question stays and says which keys answer."""
    app = make_app(skirmish_battle, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        while not (isinstance(app.screen, ChoiceModal) and len(app.screen.options) == 2):
            await pilot.press("enter")
            await pilot.pause()
        modal = app.screen
        refusal = modal.query_one("#refusal")
        assert not refusal.display
        await pilot.press("7")
        await pilot.pause()
        assert app.screen is modal and refusal.display
        assert str(refusal.render()) == "There is no answer 7: press 1–2 (or the arrows and Enter)."
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is not modal


async def test_a_and_c_before_activating_say_to_activate_first():
    """Picking a creature, a and c say to activate one first."""
    app = app_for_state(battle("A.....b"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.session.phase is Phase.ACTIVATE
        assert (await _status(pilot, app, "a")).startswith("Activate a creature first")


async def test_m_s_w_e_before_activating_say_to_activate_first():
    """Picking a creature (RND-2), m, s, w and e are not ignored in silence: each says to activate a
    creature first and what it does then; at 80×24 in the status line only (the log stays in view),
    on a bigger screen in a toast too."""
    then = {"m": "m moves it", "s": "s shifts it 1 square", "w": "w uses its special power",
            "e": "e ends its activation"}
    app = app_for_state(battle("A....b" + TALL))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.session.phase is Phase.ACTIVATE and app.screen.ctrl.mode.value == "pick"
        for key, words in then.items():
            text = await _status(pilot, app, key)
            assert text == f"Activate a creature first (Tab cycles yours, Enter activates); then {words} (ACT-1).", text
            assert app.screen.query_one(StatusLine).refused
            assert app.screen.session.phase is Phase.ACTIVATE
        assert not app.screen._toasts_fit() and not list(app._notifications)
    app = app_for_state(battle("A.....b"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert (await _status(pilot, app, "e")).startswith("Activate a creature first")
        assert [n.message for n in app._notifications] == [app.screen.query_one(StatusLine).message]



async def test_the_nearest_enemy_in_a_refusal_is_the_nearest_by_walking():
    """Issue 20: a knife-only creature, walls between it and one enemy: a names the enemy its walk
    reaches first (the engine's walk_to: around the wall, difficult ground 2), not the one
    nearer as the crow flies, and says that one is nearer only as the crow flies."""
    knife = card("Cutter", attacks=(melee("Knife", basic=True),))
    board = ("...#...\n"
             ".A.#.b.\n"
             "...#...\n"
             "...#...\n"
             "...#...\n"
             "..^^^..\n"
             ".......\n"
             ".c.....")
    app = app_for_state(battle(board, {"A": knife}, active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hints = app.screen.ctrl.hints
        st = app.screen.session.state
        b, c = st.creature("b"), st.creature("c")
        # the engine's walks to stand next to them (walk_to): b round the wall's foot, over ^^ (2 each)
        assert hints.walk_to(c) == 5 and hints.walk_to(b) == 11
        text = await _status(pilot, app, "a")
        assert text == ("No attack has a target in reach: the nearest enemy, Creature c (c), is 6 squares away by "
                        "range count; Creature b (b) is nearer as the crow flies, a walk of 11 to its "
                        "side; Knife: adjacent only (RNG-1)."), text
        assert await _status(pilot, app, "1") == (
            "Knife has no target in reach now: the nearest enemy, Creature c (c), is 6 squares away by range count; "
            "Creature b (b) is nearer as the crow flies, a walk of 11 to its side; adjacent "
            "only (RNG-1).")


async def test_G35_DIAG_the_refusal_says_the_range_count_and_the_walk_each_as_the_engine_counts_it():
    """s18 ux 5: "is 11 squares away" was counted as ranges count (diagonals 1, RNG-5), not as the moves'
    diagonals (G35-DIAG: 1, 2, 1, 2 …).  The refusal says which count each number is: the squares by range
    count, and the walk to stand next to the enemy (the engine's walk_to) where it differs."""
    from tactica.engine import Ruleset
    knife = card("Cutter", attacks=(melee("Knife", basic=True),))
    board = "\n".join("......b" if y == 1 else "A......" if y == 7 else "......." for y in range(8))
    st = battle(board, {"A": knife}, active="A", rules=Ruleset(modules=("grid35",)))
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = await _status(pilot, app, "a")
        assert text == ("No attack has a target in reach: the nearest enemy, Creature b (b), is 6 squares away by "
                        "range count, a walk of 7 to its side; Knife: adjacent only (RNG-1)."), text
