"""Small battles for save tests, built from sandbox cards (no content files needed)."""
from __future__ import annotations

import random

from tactica.engine import MapDef, Ruleset, WarbandDef, apply, legal_actions, new_game
from tactica.engine.sandbox import card, melee, ranged
from tactica.saves.codec import SaveFile
from tactica.saves.replay import Recorder


def small_setup():
    """Two 4-creature warbands and a 12×8 map with start areas and VP zones."""
    rows = ["." * 12 for _ in range(8)]
    rows[3] = "...##...^^.."
    m = MapDef.from_rows(rows, id="mini", name="Mini Field",
                         start_areas={"A": frozenset((x, y) for x in range(12) for y in (0,)),
                                      "B": frozenset((x, y) for x in range(12) for y in (7,))},
                         vp_zones={"A": frozenset((x, 6) for x in range(4, 8)),
                                   "B": frozenset((x, 1) for x in range(4, 8))})
    a = card("Guard", cost=20, hp=30, attacks=(melee("Spear", damage=15),))
    b = card("Archer", cost=15, hp=20, attacks=(ranged("Bow", basic=True, range=8, damage=10),))
    wb = WarbandDef("Band", "Civilization", (a, a, b, b), point_limit=100)
    return (wb, wb), (m,), Ruleset(point_limit=100)


def play(seed: int, steps: int | None = None, recorder_factory=None, scenario: str = "assault",
         modules: tuple[str, ...] = ()):
    """Play a battle choosing uniformly among action kinds (``modules``: optional rule modules);
    return (state, save)."""
    wbs, maps, rules = small_setup()
    if scenario != "assault" or modules:
        rules = Ruleset(point_limit=rules.point_limit, scenario=scenario, modules=modules)
    state, _ = new_game(wbs, maps, seed=seed, rules=rules)
    save = SaveFile(id=f"test-{seed}", seed=seed, rules=rules, maps=maps, warbands=wbs)
    rec = recorder_factory(save) if recorder_factory else Recorder(save)
    rng = random.Random(seed)
    n = 0
    while not state.is_over and (steps is None or n < steps):
        acts = legal_actions(state)
        kinds = sorted({type(a).__name__ for a in acts})
        kind = rng.choice(kinds)
        action = rng.choice([a for a in acts if type(a).__name__ == kind])
        state, _ = apply(state, action)
        rec.record(action, state)
        n += 1
    return state, rec.save


def random_recorded(save: SaveFile, steps: int):
    """Play up to ``steps`` actions of ``save``'s battle, each of a kind drawn at random (seeded by the
    save's seed), through a Recorder; returns (final state, the Recorder's save)."""
    state, _ = new_game(save.warbands, save.maps, seed=save.seed, rules=save.rules)
    rec = Recorder(save)
    rng = random.Random(save.seed)
    for _ in range(steps):
        if state.is_over:
            break
        acts = legal_actions(state)
        kind = rng.choice(sorted({type(a).__name__ for a in acts}))
        action = rng.choice([a for a in acts if type(a).__name__ == kind])
        state, _ = apply(state, action)
        rec.record(action, state)
    return state, rec.save
