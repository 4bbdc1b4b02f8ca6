"""With intent on, the log says the AI's plan for an activation once: the move and the attack it
announced get no intent line of their own, only their action lines (issue 20)."""
from __future__ import annotations

from tactica.client.opponent import intent_said
from tactica.tui.screens.winner import WinnerScreen

from .test_full_battle import play_one_step
from .test_vs_ai import ai_app, human_turn, log_text

PLAN = "activates Brute (br1) — it moves 1 square, then attacks Archer (AR1) with Axe: 90% to hit"


def test_an_intent_the_activation_announced_is_said_already():
    assert intent_said(PLAN, "moves 1 square, then attacks Archer (AR1) with Axe: 90% to hit")
    assert intent_said(PLAN, "attacks Archer (AR1) with Axe: 90% to hit")
    assert not intent_said(PLAN, "attacks Archer (AR1) with Axe: 70% to hit")     # the odds changed: news
    assert not intent_said(PLAN, "ends the activation: nothing better to do from here")
    assert not intent_said("", "activates Brute (br1)")


async def test_the_normal_ai_announces_each_attack_once():
    app = ai_app("normal", intent=True)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(60):
            if isinstance(app.screen, WinnerScreen):
                break
            if human_turn(app):
                await play_one_step(pilot, app)
            else:
                await pilot.pause(0.01)
        if isinstance(app.screen, WinnerScreen):
            app.pop_screen()
            await pilot.pause()
        lines = log_text(app).splitlines()
    said = [line.removeprefix("AI (normal) ").rstrip(".") for line in lines if line.startswith("AI (normal) ")]
    assert any("then attacks" in s or " — it attacks" in s for s in said)    # a plan with an attack was said
    plan = ""
    for text in said:
        if text.startswith("activates"):
            plan = text
            continue
        assert not intent_said(plan, text), text
        plan = text
    attacks = [line for line in lines if " → " in line]
    assert attacks and not any(line.startswith("AI (normal) attacks") for line in lines)

