"""The champion-power yes/no prompt and the stat card's budget and check boxes (CHP-1, CHP-2, CARD-4)."""
from __future__ import annotations

from tactica.engine import Phase
from tactica.engine.actions import DeclinePower, UseChampionPower
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger, PowerAction, PowerEffect, SpecialPower
from tactica.engine.sandbox import battle, card, melee
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.screens.champion_prompt import PowerPrompt
from tactica.tui.widgets.battle_log import BattleLog
from tactica.tui.widgets.stat_card import card_text

from .conftest import app_for_state, wait_until

PRESS = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=10)


def _state():
    captain = card("Captain", champion=2, champion_powers=(PRESS,))
    return battle("C..\nAb.", {"C": captain}, active="A", dice=(10,))


def log_text(app) -> str:
    return "\n".join(app.screen.query_one(BattleLog).lines_written)


async def test_CHP_2_an_enter_typed_ahead_declines_the_power_rather_than_spend_it():
    """A quick second Enter after the attack lands on the prompt: "No" is highlighted at first, so it
    spends nothing (in hot-seat the prompt may be the other player's)."""
    from tactica.engine import DeclinePower
    app = app_for_state(_state())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PowerPrompt)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert isinstance(app.screen.session.actions[-1], DeclinePower)


async def test_CHP_2_prompt_yes_uses_the_power():
    app = app_for_state(_state())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a", "enter")  # A attacks b and hits: the owner is asked
        await pilot.pause()
        assert isinstance(app.screen, PowerPrompt)
        assert "use a champion power? (y / n)" in app.screen.title_text
        assert "Press the Attack" in app.screen.options[0] and "+10 damage" in app.screen.options[0]
        await pilot.press("y")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        st = screen.session.state
        assert isinstance(screen.session.actions[-1], UseChampionPower)
        assert st.phase is Phase.ACTING and st.creature("b").hp == 30
        assert "uses champion power Press the Attack" in log_text(app)
        assert "1 of 2 points left" in str(card_text(st.creature("C")))


async def test_CHP_2_prompt_no_declines():
    app = app_for_state(_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PowerPrompt)
        await pilot.press("n")
        await pilot.pause()
        session = app.screen.session
        assert session.actions[-1] == DeclinePower() and session.state.creature("b").hp == 40
        assert "uses no champion power" in log_text(app)


def test_CARD_4_stat_card_shows_check_boxes_and_recharge():
    smash = melee("Smash", bonus=10, damage=20, basic=False, uses=2)
    wind = SpecialPower("Second Wind", PowerAction.MOVE, PowerEffect.HEAL, amount=10, uses=1)
    st = battle("Ab", {"A": card("Brute", attacks=(melee(), smash), special_powers=(wind,))}, active="A")
    st.creature("A").used = (("attack:Smash", 1),)
    text = str(card_text(st.creature("A")))
    assert "☒☐" in text and "Second Wind ☐" in text


def _ai_app(state):
    """The app on ``state`` with the AI (greedy, no pause) playing Player 2."""
    from tactica.client.opponent import Opponent
    from tactica.client.session import GameSession
    from tactica.tui.app import TacticaApp

    from .conftest import FixedFactory
    session = GameSession(state=state, seed=0, opponent=Opponent(level="greedy", player=1, pace=0.0))
    return TacticaApp(FixedFactory(session))


async def _settle(pilot, app, condition, timeout=10.0):
    import time
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out waiting"
        await pilot.pause(0.02)


async def test_CHP_2_the_ai_answers_its_own_decision_during_the_humans_turn():
    ward = ChampionPower("Ward", 1, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=10)
    st = battle("c..\n...\nAb.", {"c": card("Chief", champion=2, champion_powers=(ward,))}, active="A", dice=(10,))
    app = _ai_app(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a", "enter")  # the human hits b; the AI's champion may heal it
        await _settle(pilot, app, lambda: app.screen.session.state.phase is Phase.ACTING)
        session = app.screen.session
        assert session.actions[-1] == UseChampionPower("c", 0, "b", "A")
        assert session.state.creature("b").hp == 50 and session.state.decider == 0


async def test_CHP_2_the_human_answers_during_the_ais_turn():
    ward = ChampionPower("Ward", 1, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=10)
    st = battle("C..\nAb.", {"C": card("Chief", champion=2, champion_powers=(ward,))}, active="b",
                dice=(19,) + (10,) * 20)
    app = _ai_app(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot, app, lambda: isinstance(app.screen, PowerPrompt))
        assert app.screen.title_text.startswith("Player 1")
        await pilot.press("y")
        await _settle(pilot, app, lambda: any(isinstance(a, UseChampionPower) for a in app.screen.session.actions))
        assert app.screen.session.state.creature("A").hp == 50


async def test_CHP_2_no_and_stop_asking_declines_that_trigger_by_itself_until_o():
    app = app_for_state(_state())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PowerPrompt)
        assert "stop asking Player 1 this battle when: ally hits" in app.screen.options[-1]
        await pilot.press("x")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.session.actions[-1] == DeclinePower()
        assert screen.muted_triggers == {0: {"ally hits"}}
        # how to be asked again, on the status line (s16 keys 5: x is easy to regret), no toast; the log
        # says it whole, with where to stop asking in every battle (nm-tut 17: six prompts a battle)
        status = screen.status_line
        assert status.aside and status.note == ('No champion prompts when: ally hits — o (or ctrl+p "ask again") '
                                                "turns them back on.")
        assert not any("Champion prompts" == n.title for n in app._notifications)
        logged = next(e.text for e in screen.battle_log.entries if "will not be asked" in e.text)
        assert logged.startswith("Player 1 will not be asked about champion powers when: ally hits. o (or ctrl+p")
        assert "champion_prompts stops asking in every battle" in logged
        await pilot.press("o")  # ask again
        assert screen.muted_triggers == {}


async def test_CHP_2_a_muted_trigger_is_declined_without_a_prompt():
    app = app_for_state(_state())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        screen.muted_triggers[0] = {"ally hits"}
        await pilot.press("a", "enter")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen and screen.session.actions[-1] == DeclinePower()
        assert screen.session.state.phase is Phase.ACTING and screen.session.state.attack_used
        assert screen.session.state.creature("b").hp == 40  # no extra damage


async def test_CHP_2_prompt_is_docked_at_the_bottom_so_the_map_stays_in_view():
    """A newcomer: the centred "Hold the Line" box hid the map at 120×40.  Like the who-goes-first
    question it sits along the bottom, full width, and the creatures it is about stay visible."""
    import re

    from textual.containers import Vertical
    for size in ((120, 40), (80, 24)):
        app = app_for_state(_state())
        async with app.run_test(size=size) as pilot:
            await pilot.press("a", "enter")
            await pilot.pause()
            prompt = app.screen
            assert isinstance(prompt, PowerPrompt) and prompt.has_class("-docked"), size
            box = prompt.query_one(Vertical).region
            assert (box.x, box.width, box.bottom) == (0, size[0], size[1]), (size, box)
            shown = "\n".join(strip.text for strip in prompt._compositor.render_strips())
            assert re.search(r"C +\. +\.", shown) and re.search(r"A +b +\.", shown), size  # the map rows
            assert "use a champion power? (y / n)" in shown, size
            await pilot.press("y")
            await pilot.pause()
            assert app.screen.session.state.creature("b").hp == 30, size


def test_CHP_2_a_champion_is_its_own_ally_and_its_card_and_prompt_say_so():
    """CHP-2: "an ally" includes the champion itself unless the power says "another ally"
    (others_only); the card text says "it or an ally", and the prompt for the champion's own
    hit says "its own hit"."""
    from tactica.client.describe import describe_champion_option
    from tactica.engine import Attack, apply, legal_actions
    other = ChampionPower("Spur", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE, amount=5,
                          others_only=True, keyword="Orc")
    assert str(PRESS) == "• Press the Attack: when it or an ally within 6 hits: +10 damage"
    assert str(other) == "• Spur: when another ally (Orc) within 6 hits: +5 damage"
    captain = card("Captain", champion=2, champion_powers=(PRESS,))
    st = battle("Cb.\n...", {"C": captain}, active="C", dice=(10,))
    st, _ = apply(st, next(a for a in legal_actions(st) if isinstance(a, Attack)))
    assert st.phase is Phase.CHAMPION                                # its own hit lets it use the power
    offer = next(a for a in legal_actions(st) if isinstance(a, UseChampionPower))
    assert offer.ally == "C"
    assert "2 of 2 points left (• = 1 point)" in str(card_text(st.creature("C")))   # what a bullet is
    assert describe_champion_option(st, offer).endswith(
        f"Creature b (b) ({st.creature('b').hp} HP left) takes +10 damage from Captain (C)'s own hit")


async def test_CHP_2_the_prompt_comes_right_after_the_hit_it_answers_in_the_middle_of_a_walk():
    """The walk provokes b then d; the prompt comes after b's hit (the log's last line), names that
    hit, and the rest of the walk (d's attack) is told after the answer."""
    from tactica.engine import Move
    shield = ChampionPower("Shield of Faith", 1, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=10,
                           range=3)
    st = battle(".b.d...\nA......\nC......", {"C": card("Chief", champion=2, champion_powers=(shield,))},
                active="A", dice=(10, 10), hp={"A": 15})
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        screen.apply_action(Move(((1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1))))
        await wait_until(pilot, lambda: isinstance(app.screen, PowerPrompt))  # pushed after a refresh
        prompt = app.screen
        assert isinstance(prompt, PowerPrompt)
        said = "Answers: Creature b (b) hit Creature A (A) with an opportunity attack (Sword), round"
        assert said in prompt.body_text
        lines = list(screen.query_one(BattleLog).lines_written)
        assert "Creature b" in lines[-2] and "Creature d" not in "\n".join(lines)  # the hit, then the offer
        await pilot.press("y")
        await pilot.pause()
        after = "\n".join(screen.query_one(BattleLog).lines_written[len(lines):])
        assert after.index("Shield of Faith") < after.index("Creature d")
        assert screen.session.state.creature("A").square == (6, 1)
        assert screen.session.state.creature("A").hp == 5



async def test_CHP_2_a_note_over_the_prompt_leaves_every_answer_in_view_at_80x24(monkeypatch):
    """The tutorial puts its champion lesson over the question (``BattleScreen.champion_note``): at
    80×24 the note, the question and every answer are on screen."""
    note = ("[b]Tutorial — Champion powers[/b] (step 12 of 13, here early)\n"
            + "Your warlord is a champion: when something happens that one of its powers answers, the game "
              "asks. Its champion rating is the points it may spend over the whole battle; each power costs "
              "the bullets it shows (CHP-1). Yes spends them now; n keeps them for a bigger moment (CHP-2).")
    monkeypatch.setattr(BattleScreen, "champion_note", lambda self: note)
    app = app_for_state(_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "enter")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, PowerPrompt) and prompt.note == note
        shown = prompt.query_one("#note")
        assert shown.region.height >= 4 and shown.region.y >= 0
        options = prompt.query_one("#options")
        assert options.region.y + options.region.height <= 24
        assert options.option_count == len(prompt.options)
        assert all(options.get_option_at_index(i).prompt for i in range(options.option_count))


async def test_CHP_2_the_palette_asks_about_muted_champion_prompts_again():
    """s16 keys 5: besides o, the command palette's "Champion prompts: ask again" clears the battle's
    "No, and stop asking" set."""
    from textual.command import CommandPalette
    app = app_for_state(_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "enter")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        screen = app.screen
        assert screen.muted_triggers == {0: {"ally hits"}}
        await pilot.press("ctrl+p")
        await pilot.pause(0.2)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"ask again")
        for _ in range(50):
            await pilot.pause(0.05)
            names = [str(o.prompt).split("\n")[0] for o in app.screen.query_one("CommandList").options]
            if names:
                break
        assert names[0] == "Champion prompts: ask again (o)", names
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.muted_triggers == {}


async def test_CHP_2_o_with_no_muted_prompt_says_so_at_once_in_the_status_line():
    """s17 (ux 4): o with no champion prompt muted said it in a toast, late and over the log at 80×24;
    now the status line says it at once, as the other refusals do (no toast where none fits)."""
    app = app_for_state(_state())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("o")
        assert screen.status_line.refused
        assert screen.status_line.message.startswith("No champion prompt is muted")
        assert not [n for n in app._notifications if "muted" in n.message]


async def test_CHP_2_a_wrong_key_in_the_prompt_names_its_keys():
    """nm s17 F5: m at "use a champion power? (y / n)" said nothing (step 1's question hints); now the
    prompt names its keys above the answers, and a key of the prompt takes the hint away."""
    from textual.widgets import Label
    app = app_for_state(_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "enter")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, PowerPrompt)
        await pilot.press("m")
        await pilot.pause()
        said = prompt.query_one("#refusal", Label)
        assert said.has_class("-shown") and str(said.render()).startswith("y uses it, n goes on without it")
        assert app.screen is prompt  # nothing answered
        await pilot.press("down")  # the answers' own key: the hint goes
        await pilot.pause()
        assert not said.has_class("-shown")
