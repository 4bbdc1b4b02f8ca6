"""Battles on the cavern map Echoing Deep under the underground module hold the invariants
(docs/modules/underground.md; UG-RUBBLE's Dig among the bots' choices)."""
from __future__ import annotations

from tactica import content
from tactica.ai import make_bot, sim
from tactica.engine import Ruleset, active_modules, apply, new_game


def _setup():
    maps = {p.stem: p for p in content.shipped_maps()}
    bands = {p.stem: p for p in content.shipped_warbands()}
    cavern = content.load_map(maps["echoing-deep"])
    return cavern, (content.load_warband(bands["deepdelve-company"]), content.load_warband(bands["lightless-deep"]))


def test_ug_rubble_the_cavern_map_plays_by_the_underground_rules():
    cavern, _ = _setup()
    assert cavern.rules == ("underground",)
    kinds = {t.name: t.rules for t in cavern.custom_terrain}
    assert kinds["Rubble Choke"].rubble == "loose" and kinds["Rubble Choke"].blocks_movement
    assert kinds["Chasm"].depth == 20 and kinds["Dark Gallery"].dark and kinds["Ice Floor"].slippery
    assert kinds["Low Passage"].ceiling == 5 and kinds["Crawlway"].ceiling == 3


def test_ug_fatigue_seeded_battles_on_the_cavern_hold_the_invariants():
    cavern, warbands = _setup()
    for seed, levels in ((1, ("random", "greedy")), (2, ("greedy", "random"))):
        bots = [make_bot(levels[0], seed * 2), make_bot(levels[1], seed * 2 + 1)]
        result = sim.play_battle(bots, warbands, (cavern,), seed)  # raises SimError on a broken invariant
        assert result.rounds >= 1 and result.winner in (0, 1)


def test_ug_low_the_cavern_plays_with_grid35_or_grid5e_on_too():
    cavern, warbands = _setup()
    for module in ("grid35", "grid5e"):
        rules = Ruleset(modules=(module,))
        state, _ = new_game(warbands, (cavern,), seed=7, rules=rules)
        assert active_modules(state) == (module, "underground")
        bot = make_bot("random", 7)
        for _ in range(150):  # the opening of a battle: deployment and the first rounds
            if state.is_over:
                break
            after, _ = apply(state, bot.choose(state))  # raises on an illegal action
            sim.check_invariants(state, after)
            state = after
        assert state.round >= 1
