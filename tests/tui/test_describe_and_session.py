"""Plain tests of the Textual-free parts: describe, session, controller, content errors."""
from __future__ import annotations

import argparse
import subprocess
import sys

from tactica.client.controller import Controller, Mode
from tactica.client.describe import describe_events, describe_preview
from tactica.client.session import GameSession
from tactica.engine import Activate, Attack, EndActivation, Move
from tactica.engine import events as ev
from tactica.engine.sandbox import battle, card, melee
from tactica.tui.run import run_play


def ogre_and_kobold(dice=(14,)):
    ogre = card("Ogre", attacks=(melee("Club", bonus=9, damage=15),))
    kobold = card("Kobold", ac=16, hp=15, cost=12)
    return battle("""
        Ak.
        ..B
    """.replace(" ", ""), {"A": ogre, "k": kobold}, dice=dice, active="A")


def test_attack_roll_is_one_line_with_every_number():
    session = GameSession(ogre_and_kobold())
    outcome = session.apply(Attack(0, ("k",)))
    assert outcome.ok
    lines = [line.text for line in describe_events(outcome.events, session.state)]
    assert lines[0] == "Ogre (A) → Kobold (k): Club d20 14 +9 = 23 vs AC 16: HIT, 15 damage (Kobold destroyed, +12 VP)"


def test_modifiers_are_named_and_misses_and_crits_said():
    st = ogre_and_kobold()
    e = ev.AttackRolled("A", "k", "Club", 1, 9, (("combat advantage", 2), ("cover", -2)), 10, "AC", 16,
                        False, False, "opportunity")
    assert describe_events([e], st)[0].text == ("Ogre (A) → Kobold (k): Club (opportunity attack) d20 1 +9 "
                                                "+2 combat advantage −2 cover = 10 vs AC 16: MISS (natural 1)")
    crit = ev.AttackRolled("A", "k", "Club", 20, 9, (("charge", 1),), 30, "AC", 16, True, True, "charge")
    dmg = ev.DamageDealt("k", 30, "", 0, True)
    text = describe_events([crit, dmg], st)[0].text
    assert "Club (charge) d20 20 +9 +1 charge = 30 vs AC 16: CRITICAL HIT (natural 20), 30 damage" in text


def test_rolls_are_prominent_banners():
    st = ogre_and_kobold()
    events = [ev.DieRolled("initiative", 0, (17,), 17), ev.DieRolled("initiative", 1, (9,), 9),
              ev.RollWon("initiative", 0, "roll")]
    (line,) = describe_events(events, st)
    assert line.prominent and line.kind == "banner"
    assert line.text == "Initiative: Player 1 rolls 17, Player 2 rolls 9 — Player 1 chooses who goes first"


def test_preview_words():
    session = GameSession(ogre_and_kobold())
    p = session.attack_preview(0, "k")
    text = describe_preview("Club", "Kobold (k)", p, "AC")
    assert text.startswith("Club → Kobold (k): d20 +9 vs AC 16 — needs 7+, 70% to hit")


def test_preview_expected_damage_is_the_real_expectation_when_a_hit_destroys():
    """A newcomer saw "80% to hit, expected 10.0 damage (all its HP)": it must be 0.8 × 10 = 8.0."""
    st = ogre_and_kobold()
    st.creature("k").hp = 10
    session = GameSession(st)
    p = session.attack_preview(0, "k")  # needs 7+: 70% to hit for 15 (30 on a critical)
    text = describe_preview("Club", "Kobold (k)", p, "AC")
    assert "70% to hit, expected 7.0 damage (a hit takes all its HP), 70% to destroy." in text
    from tactica.client.controller import Controller
    words = Controller(session).hints.preview(st.creature("A").card.attacks[0], "k", p)
    assert "expected 7.0 damage (a hit takes all its HP)" in words
    st.creature("k").hp = 15  # the other report: 15 HP left, a hit of 15
    p = GameSession(st).attack_preview(0, "k")
    assert "expected 10.5 damage (a hit takes all its HP), 70% to destroy" in describe_preview("Club", "k", p)
    st.creature("k").hp = 25  # only a critical destroys it: 13 × 15 + 25 over 20
    p = GameSession(st).attack_preview(0, "k")
    assert "expected 11.0 damage, 5% to destroy." in describe_preview("Club", "k", p)


def test_session_refuses_with_the_engines_reason_and_keeps_the_state():
    session = GameSession(ogre_and_kobold())
    before = session.state
    outcome = session.apply(Attack(0, ("B",)))
    assert not outcome.ok and outcome.code == "ally" and "ally" in outcome.reason
    assert session.state is before and session.actions == []


def test_session_survives_an_unexpected_engine_error(monkeypatch):
    import tactica.client.session as mod
    session = GameSession(ogre_and_kobold())
    before = session.state

    def broken(state, action):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(mod, "apply", broken)
    outcome = session.apply(EndActivation())
    assert not outcome.ok and outcome.code == "error" and "boom" in outcome.reason
    assert session.state is before


def test_controller_modes_follow_the_phase():
    session = GameSession(ogre_and_kobold())
    ctrl = Controller(session)
    assert ctrl.mode is Mode.ACT
    assert ctrl.allowed("attack") and ctrl.allowed("end") and not ctrl.allowed("cancel")
    assert ctrl.select((1, 0)) is None and ctrl.mode is Mode.ATTACK  # Enter on an enemy: choose the attack
    action = ctrl.select((1, 0))
    assert action == Attack(0, ("k",))
    ctrl.cancel()
    assert ctrl.mode is Mode.ACT
    move = ctrl.select((0, 1))
    assert isinstance(move, Move) and move.destination == (0, 1)


def test_pick_mode_refuses_an_enemy():
    st = battle("A.b", {}, turn_player=0)
    session = GameSession(st)
    ctrl = Controller(session)
    assert ctrl.mode is Mode.PICK
    assert ctrl.select((0, 0)) == Activate("A")
    assert session.apply(Activate("b")).reason == ("Creature b belongs to the other player: a player activates "
                                                   "only their own creatures (RND-2).")


def test_content_errors_are_printed_as_path_line_col_and_exit_1(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Broken\nterrain: [1, 2\n")
    args = argparse.Namespace(map=[str(bad)], warband=None, seed=1, setup=False)
    assert run_play(args) == 1
    err = capsys.readouterr().err
    assert err.startswith(str(bad))
    assert "Traceback" not in err
    first = err.splitlines()[0]
    assert ": error: " in first


def test_headless_modules_do_not_import_textual():
    code = ("import sys; import tactica.client.describe, tactica.client.session, tactica.client.controller, "
            "tactica.client.content, tactica.client.factory; "
            "assert 'textual' not in sys.modules, 'textual was imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_staggered_creature_is_told_it_may_only_make_its_basic_attack():
    ogre = card("Ogre", attacks=(melee("Club", bonus=9, damage=15, basic=True),
                                 melee("Smash", bonus=7, damage=25, basic=False)))
    kobold = card("Kobold", ac=16, hp=15, cost=12)
    st = battle("Ak.", {"A": ogre, "k": kobold}, active="A")
    st.creature("A").conditions = frozenset({"staggered"})
    ctrl = Controller(GameSession(st))
    assert ctrl.choose_attack(2) == "Ogre may only make its basic attack (CON-2, CON-6)."
    assert ctrl.choose_attack(1) is None


def test_the_header_says_when_the_opponent_controls_a_confused_creature():
    from tactica.tui.widgets.battle_header import header_text
    ogre = card("Ogre", attacks=(melee("Club", bonus=9, damage=15),))
    kobold = card("Kobold", ac=16, hp=15, cost=12)
    st = battle("Ak.", {"A": ogre, "k": kobold}, active="A")
    assert "controls" not in header_text(st).plain
    me = st.creature("A")
    me.owner, me.player, st.decider = 0, 1, 1  # CON-6 roll 16-20: the opponent controls it
    assert "Player 1's turn  Player 2 controls Ogre (confused)" in header_text(st).plain


def test_a_follow_up_roll_is_labelled():
    st = ogre_and_kobold()
    e = ev.AttackRolled("A", "k", "Shield Rim", 12, 5, (), 17, "AC", 16, True, False, "follow-up")
    assert "Shield Rim (follow-up) d20 12 +5 = 17 vs AC 16: HIT" in describe_events([e], st)[0].text


def test_forced_movement_effects_read_as_card_text():
    from tactica.engine.model import ForcedMoveEffect, ForceKind
    from tactica.tui.widgets.stat_card import effect_text
    assert effect_text(ForcedMoveEffect(ForceKind.PULL, 3)) == "hit: pull 3"
    assert effect_text(ForcedMoveEffect(ForceKind.TELEPORT, 4)) == "hit: teleport 4"


def test_OA_1_the_attack_preview_names_who_a_ranged_attack_provokes():
    from tactica.engine.sandbox import ranged
    archer = card("Archer", attacks=(ranged("Bow", bonus=7, damage=10, range=8),))
    kobold = card("Kobold", ac=16, hp=15, cost=12)
    st = battle("Ak..j", {"A": archer, "k": kobold, "j": kobold}, active="A")
    ctrl = Controller(GameSession(st))
    preview = ctrl.session.attack_preview(0, "j")
    assert ctrl.hints.preview(archer.attacks[0], "j", preview).endswith(
        "Provokes an opportunity attack from Kobold (k).")
    ogre = card("Ogre", attacks=(melee("Club", bonus=9, damage=15),))
    st2 = battle("Ak.", {"A": ogre, "k": kobold}, active="A")
    ctrl2 = Controller(GameSession(st2))
    assert "Provokes" not in ctrl2.hints.preview(ogre.attacks[0], "k", ctrl2.session.attack_preview(0, "k"))


def test_TER_PIT_the_log_says_why_a_creature_in_a_pit_is_destroyed():
    from tactica.engine import events as ev
    st = battle("AO..\n...b")
    assert describe_events([ev.CreatureDestroyed("A", 1, "pit")], st)[0].text == (
        "Creature A (A) is destroyed — it ended its turn in a pit (TER-PIT)")
    assert describe_events([ev.CreatureDestroyed("b", 0, "fall")], st)[0].text == (
        "Creature b (b) is destroyed — the second roll hit it in the pit (TER-PIT)")
    assert describe_events([ev.CreatureDestroyed("b", 0)], st)[0].text == "Creature b (b) is destroyed"


def test_OA_2_the_log_says_an_opportunity_attack_makes_no_push():
    """A newcomer saw a Shield Shove opportunity attack hit and no push, with nothing said: the roll's
    line now says the push is not made (the engine's ``forced_moves_not_made``)."""
    from tactica.engine import Move, apply
    from tactica.engine.model import ForcedMoveEffect, ForceKind
    from tactica.engine.sandbox import card, melee
    shover = card("Shover", attacks=(melee("Shove", bonus=10, damage=10,
                                           effects=(ForcedMoveEffect(ForceKind.PUSH, 2),)),))
    st = battle(".Ab...\n......", {"A": shover}, active="b", dice=(15,))
    st, out = apply(st, Move(((3, 0),)))
    line = next(line.text for line in describe_events(out, st) if "Shove (opportunity attack)" in line.text)
    assert line.endswith("; no push from an opportunity attack (it would break off the move)"), line
    st = battle(".Ab...\n......", active="b", dice=(15,))    # a plain sword: nothing to say
    st, out = apply(st, Move(((3, 0),)))
    assert "opportunity attack (it would" not in " ".join(line.text for line in describe_events(out, st))


def test_cov_2_the_short_preview_keeps_the_cover_that_sets_the_roll_needed():
    """nm-tut s15 B2: at 80 columns the short preview dropped "−2 cover", so "needs 13+" had no reason;
    the short form keeps the modifiers (not their notes)."""
    from tactica.engine import Reach
    from tactica.engine.sandbox import battle, card, melee, ranged
    archer = card("Archer", attacks=(melee("Dagger", bonus=4, damage=5),
                                     ranged("Bow", bonus=6, damage=10, reach=Reach.SIGHT)))
    st = battle("A....\n.....\n..#..\n.....\n....b", {"A": archer}, active="A")
    p = GameSession(st).attack_preview(1, "b")
    assert any(name == "cover" for name, _ in p.modifiers)
    notes = {"cover": "wall at column 3, row 3"}
    short = describe_preview("Bow", "b", p, "AC", short=True, notes=notes)
    assert "needs" in short and "(−2 cover)" in short and "column 3" not in short
    assert "(wall at column 3, row 3)" in describe_preview("Bow", "b", p, "AC", notes=notes)
