"""What newcomers found in the battle screen's words after whole battles: the hint after the move
action, the AI's intent, settings kept by a new battle, the header's form, toasts over help,
the log at 80×24, the stat card, the help text."""
from __future__ import annotations

from tactica.client.describe import LogLine
from tactica.engine.sandbox import battle
from tactica.tui.app import TacticaApp
from tactica.tui.screens.battle import BattleScreen
from tactica.tui.widgets.status_line import StatusLine

from .conftest import app_for_state, wait_until
from .test_vs_ai import gate  # noqa: F401  (the fixture)


async def _hint(st) -> str:
    app = app_for_state(st)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.map_view.move_cursor(st.active_creature.pos)
        await pilot.pause()
        return screen.query_one(StatusLine).message


async def test_ACT_3_the_hint_after_the_move_action_offers_a_second_move_as_the_attack_action():
    st = battle("A.....\n......\n.....b", active="A")
    st.move_used = True                                   # moved; the attack action may move again (ACT-3)
    text = await _hint(st)
    assert "move ✗" in text and "pick a shaded square to move" not in text
    assert ("m on a shaded square moves again or s shifts 1 square (either uses the attack action), "
            "no enemy in reach of an attack, c charge, e end.") in text


async def test_ACT_4_the_hint_after_both_actions_offers_only_end():
    st = battle("A.....\n......\n.....b", active="A")
    st.move_used = st.attack_used = True                  # moved and attacked: no move again (ACT-4)
    text = await _hint(st)
    assert text.endswith("(move ✗  attack ✗): e end.")


async def test_ACT_1_the_hint_after_an_attack_offers_the_move_but_no_attack():
    st = battle("A.....\n......\n.....b", active="A")
    st.attack_used = True
    text = await _hint(st)
    assert "m on a shaded square moves, s shifts 1 square, e end." in text
    assert "attack action" not in text and "no enemy in reach" not in text and "a attack" not in text


async def test_fast_mode_and_intent_last_into_the_next_battle():
    from tactica.client.factory import BattleFactory
    from tactica.client.opponent import Opponent

    from .conftest import answer_questions, skirmish_battle
    wbs, maps = skirmish_battle()
    app = TacticaApp(BattleFactory(wbs, maps, seed=3, opponent=Opponent(level="greedy", player=1, pace=0.0)))
    async with app.run_test(size=(120, 40)) as pilot:
        await answer_questions(pilot, app)
        first = app.screen
        assert isinstance(first, BattleScreen) and not first.ai_fast and not first.ai_show_intent
        await pilot.press("f", "i")
        assert first.ai_fast and first.ai_show_intent
        await first.dismiss("new")                              # what n on the winner screen leads to
        await pilot.pause()
        second = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
        assert second is not first and second.session is not first.session
        assert second.ai_fast and second.ai_show_intent   # f and i kept for the app's session
        assert second.session.opponent.intent              # and in the new battle's save
        await answer_questions(pilot, app)
        assert app.screen is second, app.screen_stack
        await pilot.press("f", "i")                       # off again: the next battle starts without
        await second.dismiss("new")
        await pilot.pause()
        third = app.screen_stack[-1] if isinstance(app.screen_stack[-1], BattleScreen) else app.screen_stack[-2]
        assert [type(s).__name__ for s in app.screen_stack].count("BattleScreen") == 1
        assert not third.ai_fast and not third.ai_show_intent


async def test_the_header_and_the_status_line_say_the_same_about_the_ai(gate):  # noqa: F811 (the fixture)
    from tactica.tui.widgets.battle_header import BattleHeader

    from .test_vs_ai import ai_app, ai_thinking, until
    app = ai_app("greedy", pace=30.0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ai_thinking(pilot, app, gate)
        await pilot.pause()
        header = str(screen.query_one(BattleHeader).render())
        status = screen.query_one(StatusLine).message
        assert "AI (greedy) is thinking…" in header and status.startswith("AI (greedy) is thinking…")
        gate.open()
        await until(pilot, lambda: screen._ai_waiting is not None)   # answered; held back for the pace
        await pilot.pause()
        header = str(screen.query_one(BattleHeader).render())
        status = screen.query_one(StatusLine).message
        assert "AI (greedy) is playing" in header and status.startswith("AI (greedy) is playing.")
        assert "thinking" not in header + status


async def test_the_header_form_follows_the_terminal_width_not_the_ai_note(gate):  # noqa: F811 (the fixture)
    from tactica.tui.widgets.battle_header import BattleHeader

    from .test_vs_ai import ai_app, ai_thinking, until
    app = ai_app("greedy", pace=30.0)
    async with app.run_test(size=(120, 40)) as pilot:             # the form a newcomer saw switch
        screen = await ai_thinking(pilot, app, gate)
        header = screen.query_one(BattleHeader)
        seen = [str(header.render())]                     # thinking
        gate.open()
        await until(pilot, lambda: screen._ai_waiting is not None)
        seen.append(str(header.render()))                 # playing, held back for the pace
        await pilot.press("f")                            # played: the human's turn again
        await until(pilot, lambda: not screen.ai_decides() or screen.session.state.is_over)
        await pilot.pause()
        seen.append(str(header.render()))
        for text in seen:
            assert text.startswith(" tactica   Round "), text    # the full form all along
            assert len(text) <= 120 and text.endswith("you: P1 vs AI (greedy)  │  seed 3"), text
        assert "AI (greedy) is thinking…" in seen[0] and "AI (greedy) is playing" in seen[1]


def test_the_header_needs_the_same_columns_all_battle():
    from tactica.client.factory import BattleFactory
    from tactica.tui.widgets.battle_header import header_need, header_text

    from .conftest import skirmish_battle
    wbs, maps = skirmish_battle()
    st = BattleFactory(wbs, maps, seed=3).quick().state
    mode = "you: P1 vs AI (normal)"
    need = header_need(st, 3, mode, False, "AI (normal)")
    late = st.copy()
    late.round, late.vp = 10, [190, 185]
    assert header_need(late, 3, mode, False, "AI (normal)") == need
    assert header_text(late, 3, "AI (normal) is thinking…", mode, width=need).cell_len <= need
    text = header_text(late, 3, "AI (normal) controls a very long creature name (confused)", mode, width=need).plain
    assert len(text) == need and "…" in text and text.endswith("seed 3") and "VP 190–185 of 200" in text
    assert need <= 120                                    # 120 columns keep the full form against the AI
    assert header_need(st, 3, mode, True, "AI (normal)") > 80 >= header_need(st, 3, mode, True)
    assert header_text(late, 3, "AI (normal) is thinking…", mode, compact=True, width=80).cell_len <= 80


def _screen_text(screen) -> str:
    """Every character the screen shows now (what the terminal would display), line by line."""
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


async def test_toasts_are_not_drawn_over_the_help_and_come_back_after_it():
    from tactica.tui.screens.help import HelpScreen

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:   # toasts drawn, as in a terminal
        await pilot.pause()
        while not isinstance(app.screen, BattleScreen):
            await pilot.press("enter")
            await pilot.pause()
        app.notify("Setup roll: a toast to hide", title="Setup roll", timeout=30)
        await wait_until(pilot, lambda: "a toast to" in _screen_text(app.screen))
        assert "a toast to" in _screen_text(app.screen)      # as narrow as the side panel: it wraps
        await pilot.press("question_mark")
        await pilot.pause(0.3)
        assert isinstance(app.screen, HelpScreen)
        assert "a toast to" not in _screen_text(app.screen)
        app.notify("Roll: raised while help is open", timeout=30)     # e.g. the AI rolls meanwhile
        await pilot.pause(0.3)
        assert "raised while" not in _screen_text(app.screen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: all(t in _screen_text(app.screen) for t in ("a toast to", "raised while")))
        shown = _screen_text(app.screen)
        assert "a toast to" in shown and "raised while" in shown


def test_the_help_says_question_mark_also_works_over_dialogs():
    from tactica.tui.screens.help import HELP
    row = next(line for line in HELP.splitlines() if line.startswith("| ? |"))
    assert "also over a dialog" in row and "champion-power prompt" in row and "still unanswered" in row


def test_SCN_ASSAULT_the_help_says_an_enemy_in_your_zone_does_not_stop_it_scoring():
    """A newcomer thought an enemy standing in the zone stops it scoring; in Assault it does not
    (SCN-ASSAULT), only in Uncontested (SCN-UNCONTESTED)."""
    from tactica.tui.screens.help import HELP
    victory = " ".join(HELP.split("**Victory.**")[1].split())
    assert "even with enemies in it too" in victory and "Uncontested" in victory


async def test_log_lines_wrap_at_80_columns_also_after_a_resize_and_keep_the_log_height():
    from tactica.tui.widgets.battle_log import BattleLog

    from .conftest import make_app
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, BattleScreen):
            await pilot.press("enter")
            await pilot.pause()
        log = app.screen.query_one(BattleLog)
        log.add([LogLine("AI (normal) activates Silverhelm Knight-Captain (SI1) — it moves 6 squares, then "
                         "attacks Broken Tusk Raider (br3) with Lance: 65% to hit, about 12 damage expected",
                         "info", 1)])
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.3)
        width = log.scrollable_content_region.width
        assert width == 79 and log.region.height == 5                  # the height rule of 80×24 (LOG_MIN)
        strips = [strip.text.rstrip() for strip in log.lines]
        assert all(len(text) <= width for text in strips), strips
        words = " ".join(" ".join(text[1:].split()) for text in strips)  # past the side-mark column
        for line in log.lines_written:
            assert " ".join(line.split()) in words, line              # nothing cut off
        assert strips[-3].startswith("▌AI (normal) activates") and strips[-1] == " expected"  # past the mark


def test_the_stat_card_wraps_with_hanging_indents_at_28_columns():
    from tactica.engine.sandbox import card, melee, ranged
    from tactica.tui.widgets.stat_card import card_text
    warlord = card("Warlord of the Broken Tusk", cost=123, level=17,
                   attacks=(melee("Cleaving Greataxe", bonus=12, damage=20),
                            ranged("Hex Bolt", bonus=9, damage=15, range=8, damage_type="necrotic")))
    st = battle("A.b", {"A": warlord})
    text = card_text(st.creature("A"), width=25).plain      # a 28-column side panel: 25 for the card
    lines = text.splitlines()
    assert all(len(line) <= 25 for line in lines), lines
    assert lines[:2] == [" A  Warlord of the Broken", "    Tusk"]                 # the name past its badge
    assert "Player 1 · 123 pts" in lines and "Lv 17" in lines                       # not "Lv" / "17"
    i = lines.index("1 Cleaving Greataxe")
    assert lines[i + 1:i + 4] == ["  +12 vs AC · 20 damage", "  melee · adjacent", "  basic"]
    j = lines.index("2 Hex Bolt")
    assert lines[j + 1:j + 3] == ["  +9 vs AC", "  15 necrotic damage"]
    assert card_text(st.creature("A")).plain.splitlines()[0] == " A  Warlord of the Broken Tusk"  # no width: as before


async def test_the_stat_card_widget_wraps_at_its_own_width():
    from tactica.engine.sandbox import card, melee
    from tactica.tui.widgets.stat_card import StatCard
    warlord = card("Warlord of the Broken Tusk", attacks=(melee("Cleaving Greataxe", bonus=12, damage=20),))
    st = battle("A.b", {"A": warlord}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = app.screen.query_one(StatCard)
        lines = shown.render().plain.splitlines()
        assert shown.size.width in (24, 25) and all(len(line) <= shown.size.width for line in lines), lines
        assert lines[1].startswith("    ") and "  basic" in lines
