"""r opens the rule a refusal or warning names (issue 20 part 2; the newcomers' ui-trials items 1, 2,
6, 7, 13, 23): each refusal kind names its rule ID in its sentence, and r right after it opens that
rule, not a neighbour found by its words."""
from __future__ import annotations

from tactica.engine.sandbox import battle, card, melee, ranged
from tactica.tui.screens.rules import RulesScreen

from .conftest import app_for_state

ARCHER = card("Archer", attacks=(melee("Knife", basic=True), ranged("Bow", range=3)))
BOWMAN = card("Bowman", attacks=(ranged("Bow", basic=True),))


async def _rule_after(app, pilot, *keys, cursor=None) -> tuple[str, str]:
    """Press ``keys`` (the cursor first on ``cursor`` when given), then r: the status line's text and
    the rule ID the rules reference opened on."""
    await pilot.pause()
    screen = app.screen
    if cursor is not None:
        screen.map_view.move_cursor(cursor)
        await pilot.pause()
    await pilot.press(*keys)
    await pilot.pause()
    said = screen.status_line.message
    await pilot.press("r")
    await pilot.pause()
    rules = app.screen
    assert isinstance(rules, RulesScreen), said
    assert rules.shown is not None, said
    return said, rules.shown.rule_id or ""


async def test_rnd_2_r_after_activating_the_other_players_creature_opens_rnd_2():
    app = app_for_state(battle("A...b", turn_player=0))
    async with app.run_test(size=(80, 24)) as pilot:
        said, opened = await _rule_after(app, pilot, "enter", cursor=(4, 0))
        assert said.endswith("(RND-2).") and opened == "RND-2", said


async def test_rnd_2_r_after_activating_a_creature_already_activated_opens_rnd_2():
    st = battle("A.B..b", turn_player=0).copy()
    st.creature("A").activated = True
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        said, opened = await _rule_after(app, pilot, "enter", cursor=(0, 0))
        assert "already been activated" in said and opened == "RND-2", said


async def test_act_1_r_after_m_with_nothing_active_opens_act_1():
    app = app_for_state(battle("A...b", turn_player=0))
    async with app.run_test(size=(80, 24)) as pilot:
        said, opened = await _rule_after(app, pilot, "m")
        assert said.startswith("Activate a creature first") and opened == "ACT-1", said


async def test_rng_1_r_after_a_with_a_melee_creature_out_of_reach_opens_rng_1():
    app = app_for_state(battle("A...b", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        said, opened = await _rule_after(app, pilot, "a")
        assert "adjacent only (RNG-1)" in said and opened == "RNG-1", said


async def test_rng_2_r_after_a_ranged_attack_number_with_no_target_opens_rng_2():
    app = app_for_state(battle("A.....b", {"A": ARCHER}, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        said, opened = await _rule_after(app, pilot, "2")
        assert said.startswith("Bow has no target in reach now") and said.endswith("(RNG-2)."), said
        assert opened == "RNG-2"


async def test_los_1_r_after_a_with_the_enemy_out_of_sight_opens_los_1():
    app = app_for_state(battle("A.#.b", {"A": BOWMAN}, active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        said, opened = await _rule_after(app, pilot, "a")
        assert "no line of sight to it (LOS-1)" in said and opened == "LOS-1", said


async def test_oa_1_r_under_the_opportunity_attack_warning_opens_oa_1():
    app = app_for_state(battle(".b...\n.A...\n.....", active="A", dice=(1,)))  # the OA misses
    async with app.run_test(size=(80, 24)) as pilot:
        said, opened = await _rule_after(app, pilot, "m", cursor=(4, 2))
        assert "opportunity attack (OA-1)" in said and opened == "OA-1", said
        await pilot.press("escape")  # back from the rules: the move still waits for m again
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert app.screen.session.state.creature("A").square == (4, 2)


async def test_chg_1_r_on_a_charge_preview_opens_chg_1_not_the_recharge_rule():
    app = app_for_state(battle("A....b", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        said, opened = await _rule_after(app, pilot, "c")
        assert "+1 charge" in said and opened == "CHG-1", said


async def test_chp_2_r_under_the_champion_power_prompt_opens_chp_2_and_goes_back_to_it():
    from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
    from tactica.tui.screens.champion_prompt import PowerPrompt

    press = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=10)
    captain = card("Captain", champion=2, champion_powers=(press,))
    app = app_for_state(battle("C..\nAb.", {"C": captain}, active="A", dice=(10,)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "enter")  # A hits b: the captain's owner is asked (CHP-2)
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, PowerPrompt)
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.shown is not None
        assert [e.rule_id for e in rules.context[:2]] == ["CHP-2", "CHP-3"]
        assert rules.shown.rule_id == "CHP-2"
        await pilot.press("escape")  # back to the prompt, still unanswered
        await pilot.pause()
        assert app.screen is prompt
        await pilot.press("y")
        await pilot.pause()
        assert app.screen.session.state.creature("b").hp == 30


async def test_rnd_1_r_under_who_goes_first_opens_rnd_1_and_goes_back_to_it():
    from tactica.tui.screens.choice import ChoiceModal

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceModal) and "goes first" in " ".join(dialog.options)
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.shown is not None and rules.shown.rule_id == "RND-1"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog


async def test_r_rules_is_in_the_footer_after_a_refusal_at_80_and_120_columns():
    """After a refusal the footer shows "r Rules" (at 80 columns the card and log keys give way
    first); once the refusal is gone, it goes too."""
    from tactica.engine.sandbox import battle as board

    from .test_footer_fit import footer_line
    for size in ((80, 24), (120, 40)):
        app = app_for_state(board("A...b\n" + "\n".join(["....."] * 30), active="A"))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            assert "r Rules" not in footer_line(app.screen)
            await pilot.press("a")  # nothing in reach (RNG-1)
            await pilot.pause()
            assert app.screen.status_line.refused
            line = footer_line(app.screen)
            assert "r Rules" in line and "? Help" in line, (size, line)
            app.screen.map_view.move_cursor((2, 1))
            for _ in range(3):  # the footer is recomposed after the next refresh
                await pilot.pause()
            assert "r Rules" not in footer_line(app.screen), size


async def test_a_refusal_that_names_no_rule_offers_no_r_rules_and_r_guesses_none():
    """nm s17 F6: z with nothing to undo ("Nothing to undo yet…", no rule ID) put "r Rules" in the footer,
    and r opened an unrelated rule found by its words (MOV-14).  Now the footer offers no r Rules for
    a refusal without a rule ID, and r opens the rules as if the client's own refusal were not said
    (here: the player's introduction)."""
    from .test_footer_fit import footer_line
    app = app_for_state(battle("A...b\n.....", active=None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("z")
        await pilot.pause()
        await pilot.pause()
        assert screen.status_line.refused and "undo" in screen.status_line.message.lower()
        assert "r Rules" not in footer_line(screen)
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert rules.shown is not None and rules.shown.rule_id is None  # the introduction, no guess


async def test_rng_1_the_rules_opened_on_a_refusal_say_it_whole_above_the_rule():
    """s21 newcomer: at 80×24 a long refusal is cut on the status line and no toast says it; the rules
    reference r opens on it says the whole refusal above each rule it points at (not above the rest)."""
    app = app_for_state(battle("A....\n.....\n....b", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        said, opened = await _rule_after(app, pilot, "a")
        rules = app.screen
        whole = app.screen_stack[-2].toasts.last_refusal
        assert opened == "RNG-1" and whole.startswith("No attack has a target in reach") and whole.endswith("(RNG-1).")
        shown = " ".join(" ".join(s.text.split()) for s in rules._compositor.render_strips())
        assert "Refused: No attack has a target in reach" in shown and "adjacent only" in shown
        await pilot.press("down")  # the next rule of the list, which the refusal did not name
        await pilot.pause()
        assert rules.shown is not None and rules.shown not in rules.context
        shown = " ".join(" ".join(s.text.split()) for s in rules._compositor.render_strips())
        assert "Refused:" not in shown
