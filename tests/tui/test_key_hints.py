"""Keys a newcomer stumbled on (issue 20, s16 `keys`): a key that does nothing gets a calm aside on the
status line, a key the settings moved elsewhere says where its action went."""
from __future__ import annotations

from tactica.client.session import GameSession
from tactica.client.settings import LoadedSettings, Settings
from tactica.engine.sandbox import battle
from tactica.tui.screens.battle_keys import silent_key_hint
from tactica.tui.widgets.status_line import StatusLine

from .conftest import FixedFactory, SettledApp, app_for_state


def _app(state, settings: Settings | None = None):
    loaded = LoadedSettings(settings, None, True, ()) if settings is not None else None
    return SettledApp(FixedFactory(GameSession(state=state, seed=0)), settings=loaded)


def test_silent_key_hint_words():
    bound = Settings(keys={"move": "x"}).bound_keys()
    assert silent_key_hint("m", False, bound) == "m is not bound (Move is x)"
    assert silent_key_hint("x", True, bound) is None
    assert silent_key_hint("ç", False, bound) == "ç does nothing here — ? lists the keys"
    assert silent_key_hint("shift", False, bound) is None  # a modifier alone
    assert silent_key_hint("escape", False, bound) is None  # Esc by reflex
    helped = Settings(keys={"help": "f1"}).bound_keys()
    assert silent_key_hint("ctrl+x", False, helped) == "ctrl+x does nothing here — f1 lists the keys"


async def test_an_unknown_key_says_so_on_the_status_line_not_in_a_toast():
    app = app_for_state(battle("A....\n.....\n....b", active="A"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        status = app.screen.query_one(StatusLine)
        before = status.message
        await pilot.press("x")
        await pilot.pause()
        assert status.note == "x does nothing here — ? lists the keys" and status.aside
        assert not status.refused and not list(app._notifications)
        assert "x does nothing" in str(status.render())
        await pilot.press("l")  # a key that does something: the aside goes
        await pilot.pause()
        assert status.note == "" and not status.aside and status.message != before


async def test_a_known_key_gets_no_aside():
    app = app_for_state(battle("A....\n.....\n....b", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = app.screen.query_one(StatusLine)
        for key in ("l", "t", "t", "escape", "question_mark"):
            await pilot.press(key)
            await pilot.pause()
            if key == "question_mark":
                break
            assert status.note == "" or not status.aside, key


async def test_the_old_key_of_a_rebound_action_says_where_it_went():
    app = _app(battle("A....\n.....\n....b", active="A"), Settings(keys={"move": "x"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.map_view.move_cursor((2, 0))
        await pilot.press("m")
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert status.note == "m is not bound (Move is x)" and status.aside
        assert screen.session.state.creature("A").pos == (0, 0)


def _footer(screen) -> list[str]:
    from textual.widgets._footer import FooterKey
    return [k.description for k in screen.query(FooterKey)]


async def test_z_undo_stays_in_the_footer_after_a_refused_move_while_it_can_undo():
    """s16 keys 4 (a newcomer's s15 note: "z Undo leaves the footer after a refused move"): at 80×24 the
    refusal's "r Rules" came first and ranked before every key, pushing z Undo out although z still
    takes the activation back.  It now ranks as KEEP says (after undo); with nothing to undo, no z."""
    from tactica.engine.powers import PowerAction, PowerEffect, SpecialPower
    from tactica.engine.sandbox import card, melee, ranged
    wind = SpecialPower("Second Wind", PowerAction.MOVE, PowerEffect.HEAL, amount=10, uses=1)
    archer = card("Archer", speed=6, attacks=(ranged("Bow", range=10), melee("Knife")), special_powers=(wind,))
    app = app_for_state(battle("A.#...\n......\n.....b" + "\n......" * 16, {"A": archer}, hp={"A": 30}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "Undo" not in _footer(screen)  # nothing to undo yet
        await pilot.press("enter")  # activate A: the activation can be taken back
        await pilot.pause()
        assert screen.session.can_undo() and "Undo" in _footer(screen)
        screen.map_view.move_cursor((2, 0))  # a wall: the move is refused
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        assert screen.status_line.refused
        assert "Undo" in _footer(screen), _footer(screen)
        await pilot.press("z")
        await pilot.pause()
        assert screen.session.state.active_uid is None and "Undo" not in _footer(screen)


def test_short_name_keeps_shipped_names_whole_and_cuts_long_ones_at_a_word():
    from tactica.client.hints import short_name
    assert short_name("Bewildering Glamour") == "Bewildering Glamour"  # the longest shipped attack name
    assert short_name("Notched Greataxe of Ruin and Sorrow") == "Notched Greataxe…"
    assert short_name("Longbow of the Western Marches") == "Longbow…"  # no dangling "of the"
    assert short_name("Supercalifragilisticexpialidocious") == "Supercalifragilisti…"


async def test_an_attack_refusal_at_80_columns_names_the_attacks_not_their_numbers():
    """s16 keys 7 (a newcomer's s15 B8: "attack 1: no line of sight to it (LOS-1); attack 2: adjacent
    only (RNG-1)"): the short refusal at 80×24 says the attacks' names."""
    from tactica.engine.sandbox import card, melee, ranged
    gate = card("Gatehouse Crossbowman of the Bridge", attacks=(ranged("Heavy Crossbow", range=10),
                                                             melee("Short Sword")))
    tusk = card("Broken Tusk Raider of the Eastern Hills")
    st = battle("A...#....b\n....#.....\n....#....." + "\n.........." * 16, {"A": gate, "b": tusk}, active="A")
    app = app_for_state(st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        message = app.screen.query_one(StatusLine).message
        assert "Heavy Crossbow: no line of sight" in message and "Short Sword: adjacent only (RNG-1)" in message, \
            message
        assert "attack 1" not in message and "attack 2" not in message


async def test_shift_tab_steps_back_through_the_targets_against_the_ai_at_80x24():
    """s16 keys 6 (a newcomer's s15 B9: Shift+Tab seemed to leave the attack with no target chosen):
    against the AI at 80×24, with two attacks, Shift+Tab goes to the previous target in attack mode and
    the status line previews it; Tab comes back."""
    from tactica.engine.sandbox import card, melee, ranged

    from .conftest import app_against_ai
    shooter = card("Gatehouse Crossbowman", attacks=(ranged("Heavy Crossbow", bonus=6, damage=10, range=10),
                                                     melee("Short Sword", bonus=3, damage=5)))
    st = battle("A......b\n........\n....d...\n........\n.....c.." + "\n........" * 14, {"A": shooter},
                active="A", hp={"c": 5})
    app = app_against_ai(st)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("a")
        await pilot.pause()
        order = screen.ctrl.cycle_squares()
        assert screen.ctrl.mode.value == "attack" and screen.map_view.square == order[0]
        for back in (order[-1], order[-2]):
            await pilot.press("shift+tab")
            await pilot.pause()
            assert screen.ctrl.mode.value == "attack" and screen.map_view.square == back
            assert screen.status_line.message.startswith("Heavy Crossbow → "), screen.status_line.message
        await pilot.press("tab")
        await pilot.pause()
        assert screen.map_view.square == order[-1]


def test_a_battle_key_rebound_to_a_prompt_key_is_warned_about_at_its_line(tmp_path, monkeypatch):
    """s16 keys (if time): move = "x" works in the battle, but x in a champion prompt says "No, and stop
    asking": the loader keeps the key and warns, naming the file's line; ``tactica config`` prints it
    and still exits 0."""
    import io
    from types import SimpleNamespace

    from tactica.client.settings import load_settings, run_config
    path = tmp_path / "settings.toml"
    path.write_text('pace = 0.2\n\n[keys]\nhelp = "f1"\nmove = "x"\n')
    loaded = load_settings(path)
    assert loaded.problems == () and loaded.settings.keys == {"help": "f1", "move": "x"}
    assert [str(w) for w in loaded.warnings] == [
        f'{path}:5:8: warning: keys.move: x is also the champion prompt\'s "No, and stop asking" key: while a '
        "question is up (a champion power, who goes first) x answers it, not move"]
    path.write_text('[keys]\nmove = "m,q"\nquit = "f10"\n')
    assert [w.field for w in load_settings(path).warnings] == ["keys.move"]  # q leaves from every question
    path.write_text('[keys]\ncursor_up_left = "y"\n')  # its own default: nothing to say
    assert load_settings(path).warnings == ()
    monkeypatch.setenv("TACTICA_CONFIG_DIR", str(tmp_path))
    path.write_text('[keys]\nmove = "x"\n')
    out, err = io.StringIO(), io.StringIO()
    assert run_config(SimpleNamespace(init=False, force=False), out=out, err=err) == 0
    assert "warning: keys.move: x is also" in err.getvalue()


async def test_oa_1_reading_the_log_back_keeps_a_pending_move_armed():
    """A newcomer (s15): e (or a provoking m) asked for the key again; PgUp to read the log in between
    silently called it off, though the warning stayed on the status line.  Reading keys (PgUp, PgDn,
    Home, End, ] and [) leave it waiting, as the rules key does; the key again then acts."""
    from .test_battle_screen import walk_cursor
    from .test_oa_confirm import provoking_app
    for size in ((120, 40), (80, 24)):
        app = provoking_app()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            await walk_cursor(pilot, screen, (5, 0))
            await pilot.press("m")
            assert screen.query_one(StatusLine).warning
            await pilot.press("pageup")
            await pilot.pause()
            if app.screen is not screen:  # the log reader over the battle (a small log)
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("pagedown", "right_square_bracket")
            await pilot.pause()
            assert screen.session.state.creature("A").pos == (2, 0) and screen.query_one(StatusLine).warning
            await pilot.press("m")
            await pilot.pause()
            assert screen.session.state.creature("A").pos == (5, 0), size


async def test_no_aside_while_a_question_is_up():
    """A key under the who-goes-first question is the question's business: the battle's status line
    gets no aside (the question says what its keys do)."""
    from tactica.tui.screens.choice import ChoiceModal

    from .conftest import make_app, skirmish_battle
    app = make_app(skirmish_battle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal)
        battle_screen = app.screen_stack[-2]
        await pilot.press("x", "ç")
        await pilot.pause()
        assert battle_screen.status_line.note == "" and isinstance(app.screen, ChoiceModal)


def test_the_square_words_keep_one_form_across_the_map_at_one_width():
    """s16 B4 (a newcomer at 120×40: "column 28, row 10" / "col 28, row 9 · Difficult" / "c28 r15 ·
    Difficult" in the same panel): at one width every square of a map reads in one form, the one in
    which the map's farthest square and its longest terrain name fit."""
    from tactica.client.battle_words import square_words
    rows = ["." * 30 for _ in range(22)]
    rows[8] = "^" * 30
    st = battle("A" + "\n".join(rows)[1:-1] + "b")
    assert square_words(st, (27, 9)) == "column 28, row 10"  # no width: the whole form
    for width, clear, rough in ((38, "column 28, row 10", "column 28, row 9 · Difficult"),
                                (25, "col 28 row 10", "col 28 row 9 · Difficult"),
                                (24, "c28 r10", "c28 r9 · Difficult")):
        assert (square_words(st, (27, 9), width), square_words(st, (27, 8), width)) == (clear, rough), width
    assert square_words(st, (3, 8), 12) == "c4 r9 · Dif…"  # narrower still: the name is cut


def test_an_aside_reads_as_its_own_sentence_before_the_hint():
    """nm s17 F18: "· m is not bound (Move is x) Move 1 square here: x or Enter." ran two sentences
    together; the aside now ends with a full stop and two spaces before the hint."""
    from tactica.tui.widgets.status_line import StatusLine
    line = StatusLine()
    line.note, line.aside, line.message = "m is not bound (Move is x)", True, "Move 1 square here: x or Enter."
    assert line.render().plain == "· m is not bound (Move is x).  Move 1 square here: x or Enter."


async def test_the_next_key_takes_the_last_keys_acknowledgement_off_the_status_line():
    """s22 newcomer: t t t, then Tab and a: "✓ Threat view off." still stood before the attack's
    preview.  The next key that does something takes the last key's words away, as it takes an aside."""
    app = app_for_state(battle("A....\n.....\n....b", active="A"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = app.screen.query_one(StatusLine)
        await pilot.press("t", "t", "t")
        await pilot.pause()
        assert status.note == "Threat view off." and not status.aside
        await pilot.press("l")  # the cursor moves: this key is the news now
        await pilot.pause()
        assert status.note == "" and "Threat view off" not in str(status.render())
