"""Forced movement survives a save: effects, ForceMove/Settle actions, replay digests (MOV-14, TER-PIT)."""
from __future__ import annotations

import json
import random

from tactica.engine import (
    ForcedMoveEffect,
    ForceKind,
    ForceMove,
    MapDef,
    Ruleset,
    Settle,
    Trigger,
    WarbandDef,
    apply,
    legal_actions,
    new_game,
)
from tactica.engine.sandbox import card, melee, ranged
from tactica.saves.codec import SaveFile, card_from, card_to, decode_action, encode_action
from tactica.saves.replay import Recorder, rebuild


def test_MOV_14_forced_effects_and_actions_round_trip():
    c = card("Shover", attacks=(melee("Shove", effects=(ForcedMoveEffect(ForceKind.PUSH, 2),
                                                       ForcedMoveEffect(ForceKind.TELEPORT, 3, Trigger.MISS))),))
    assert card_from(json.loads(json.dumps(card_to(c)))) == c
    for a in (ForceMove("b", ((3, 1), (4, 1))), ForceMove("b", ()), Settle("b", (4, 2))):
        assert decode_action(json.loads(json.dumps(encode_action(a)))) == a


def test_TER_PIT_battle_with_pushes_into_pits_replays_to_the_same_digests():
    rows = ["." * 10 for _ in range(8)]
    rows[3], rows[4] = "..OO..OO..", "..OO..OO.."
    m = MapDef.from_rows(rows, id="pits", name="Pits",
                         start_areas={"A": frozenset((x, 0) for x in range(10)),
                                      "B": frozenset((x, 7) for x in range(10))},
                         vp_zones={"A": frozenset((x, 6) for x in range(4, 6)),
                                   "B": frozenset((x, 1) for x in range(4, 6))})
    shover = card("Shover", cost=20, hp=30, attacks=(melee("Shove", bonus=9, damage=5, effects=(
        ForcedMoveEffect(ForceKind.PUSH, 2),)),))
    hook = card("Hook", cost=20, hp=30, attacks=(melee("Claw", damage=5), ranged("Hook", range=6, effects=(
        ForcedMoveEffect(ForceKind.PULL, 3),))))
    wbs = (WarbandDef("A", "Civilization", (shover, hook, shover), 100),
           WarbandDef("B", "Civilization", (hook, shover, hook), 100))
    rules = Ruleset(point_limit=100)
    seen = set()
    for seed in range(6):
        state, _ = new_game(wbs, (m,), seed=seed, rules=rules)
        save = SaveFile(id=f"forced-{seed}", seed=seed, rules=rules, maps=(m,), warbands=wbs)
        rec = Recorder(save)
        rng = random.Random(seed)
        while not state.is_over:
            acts = legal_actions(state)
            # attack whenever possible, push as far as possible: pits get used
            attacks = [a for a in acts if type(a).__name__ in ("Attack", "ForceMove", "Settle")]
            pool = attacks or acts
            if isinstance(pool[0], ForceMove):
                pool = [max(pool, key=lambda a: len(a.path))]
            action = rng.choice(pool)
            state, out = apply(state, action)
            seen |= {type(e).__name__ for e in out}
            rec.record(action, state)
        again = SaveFile.from_json(rec.save.to_json())
        rebuilt = rebuild(again)
        assert rebuilt.final.vp == state.vp and rebuilt.final.winner == state.winner
    assert {"CreatureForced", "CreatureFell"} <= seen
