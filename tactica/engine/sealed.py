"""Sealed booster (SCN-SEALED): random pools from the catalogue and a legal warband built from one.

Each player opens ``PACKS`` "packs" of ``PACK_SIZE`` creatures drawn with the
seeded dice from the catalogue (our choice: a pack is ``PACK_SIZE`` draws,
each card equally likely, repeats allowed, as in booster packs).  Only cards
a 200-point Assault may field go in a pack: no Huge or larger creature
(WB-7) and no Epic version of a creature (the standard version only; a card
marked ``epic`` is left out).  The warband built from a pool ignores faction
and alignment limits (WB-1, WB-2) and the Unique limit (WB-6), but keeps the
point limit and the creature caps (WB-3, WB-4); the battle is an Assault.
Pure functions: the same catalogue and dice give the same pools.
"""
from __future__ import annotations

from collections import Counter

from .dice import ScriptedDice, SeededDice
from .model import FACTIONS, CreatureCard, WarbandDef
from .state import Ruleset

#: Packs per player (SCN-SEALED: "two packs per player").
PACKS = 2
#: Creatures in a pack (our choice).
PACK_SIZE = 8
#: Creature size from which a card stays out of the packs (WB-7: Huge is 3×3).
HUGE = 3


#: The cards Sealed draws from: card id -> card, or a list of cards.
Catalogue = dict[str, CreatureCard] | list[CreatureCard]


def eligible(catalogue: Catalogue, rules: Ruleset | None = None) -> list[CreatureCard]:
    """Cards that may come out of a pack, sorted by id (SCN-SEALED).

    Leaves out Huge and larger creatures (WB-7), Epic versions of creatures
    (a card with a true ``epic`` attribute) and cards that cost more than the
    single-creature cap of ``rules`` (WB-4; 150 at 200 points).
    """
    rules = rules or Ruleset.for_scenario("sealed")
    cards = catalogue.values() if isinstance(catalogue, dict) else catalogue
    return sorted((c for c in cards if c.size < HUGE and not getattr(c, "epic", False)
                   and c.cost <= rules.max_creature_cost), key=lambda c: c.id)


def draw_pools(catalogue: Catalogue, dice: SeededDice | ScriptedDice, players: int = 2, *,
               packs: int = PACKS, pack_size: int = PACK_SIZE,
               rules: Ruleset | None = None) -> tuple[list[list[CreatureCard]], SeededDice | ScriptedDice]:
    """Open ``packs`` packs of ``pack_size`` creatures for each of ``players`` players.

    Args:
        catalogue: card id -> card (or a list of cards).
        dice: the dice to draw with; one roll of a d(number of eligible
            cards) per creature, player 1's packs first.
        rules: the battle settings (the single-creature cost cap).
    Returns ``(pools, dice)``: one list of ``packs * pack_size`` cards per
    player, in drawing order, and the dice after drawing.  Raises
    ValueError when no card is eligible.
    """
    cards = eligible(catalogue, rules)
    if not cards:
        raise ValueError("the catalogue has no card a Sealed pack may hold")
    pools: list[list[CreatureCard]] = []
    for _ in range(players):
        pool = []
        for _ in range(packs * pack_size):
            face, dice = dice.roll(len(cards))
            pool.append(cards[face - 1])
        pools.append(pool)
    return pools, dice


def build_from_pool(pool: list[CreatureCard], rules: Ruleset | None = None, *,
                    name: str = "Sealed warband") -> WarbandDef:
    """The best legal Sealed warband from ``pool`` (SCN-SEALED; WB-3, WB-4 kept).

    Best: the highest total cost within the point limit, then the fewest
    creatures, then the earliest cards of the pool (deterministic).  At most
    ``rules.max_creatures`` creatures, none above ``rules.max_creature_cost``;
    faction, alignment and Unique limits are waived.  The warband's faction
    is the one most of its creatures have (for display only).  Returns an
    empty warband when nothing fits.
    """
    rules = rules or Ruleset.for_scenario("sealed")
    limit, most = rules.point_limit, rules.max_creatures
    # best[(cost, count)] = indices chosen (the first found keeps earlier cards)
    best: dict[tuple[int, int], tuple[int, ...]] = {(0, 0): ()}
    for i, card in enumerate(pool):
        if card.cost > rules.max_creature_cost:
            continue
        for (cost, count), chosen in list(best.items()):
            key = (cost + card.cost, count + 1)
            if key[0] <= limit and key[1] <= most and key not in best:
                best[key] = chosen + (i,)
    cost, count = max(best, key=lambda k: (k[0], -k[1]))
    cards = tuple(pool[i] for i in best[(cost, count)])
    tally = Counter(f for c in cards for f in c.factions if f in FACTIONS)
    faction = max(FACTIONS, key=lambda f: (tally[f], -FACTIONS.index(f)))
    return WarbandDef(name=name, faction=faction, cards=cards, point_limit=limit)


def sealed_warbands(catalogue: Catalogue, seed: int, players: int = 2, rules: Ruleset | None = None,
                    names: list[str] | None = None) -> tuple[list[list[CreatureCard]], tuple[WarbandDef, ...]]:
    """Draw every player's pool with ``SeededDice.from_seed(seed)`` and build each warband.

    Returns ``(pools, warbands)``; the same seed always gives the same
    result (SCN-SEALED).  The battle itself starts from the same seed
    (``new_game(seed=seed)``), so a save needs only the built warbands.
    """
    rules = rules or Ruleset.for_scenario("sealed")
    pools, _ = draw_pools(catalogue, SeededDice.from_seed(seed), players, rules=rules)
    names = names or [f"Sealed pool {p + 1}" for p in range(players)]
    return pools, tuple(build_from_pool(pool, rules, name=names[p]) for p, pool in enumerate(pools))


__all__ = ["PACKS", "PACK_SIZE", "build_from_pool", "draw_pools", "eligible", "sealed_warbands"]
