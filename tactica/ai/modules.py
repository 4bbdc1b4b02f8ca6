"""What the optional rule modules add to the planner's judgement (docs/modules/*.md).

The planner (``planner.plan_creature``) asks this module, through the
``Modules`` facts its ``Board`` holds, for the terms only a module's rules
make: each is 0 (or "no change") when the module is off, so battles under
the skirmish rules alone are judged exactly as before.

* **underground** (docs/modules/underground.md): a route's risks before any
  roll, from the engine's ``cave_move_risk`` -- a slide's damage, bumps and
  stumbles in the dark (UG-SLIDE, UG-DARK), the chance of slipping on ice
  (UG-SLIP: prone, the rest of the activation lost) and of drifting off the
  end square in the dark -- priced in VP-equivalents (``route_risk``); a
  melee attack from ice is worth what is left after the slip check
  (``melee_keep``, ``melee_slip_chance``); an enemy forced over a ledge or
  onto a slope is worth its expected fall (``values.fall_value``, the
  engine's ``cave_forced_risk``); and standing in total darkness hides a creature from
  the ranged attacks and charges of enemies without darkvision (the
  planner's exposure leaves those out, ``Board.threats_to``).
* **grid5e** (docs/modules/grid5e.md): a move's unspent squares stay usable
  around the attack (G5E-SPLIT), so the planner looks at where the rest of
  the move takes a creature after its attack; a prone creature stands up
  when that is worth more than crawling (G5E-PRONE).  Dropping prone is
  never chosen: tactica's prone has no benefit (no attack modifier in
  grid5e; with underground only penalties).
* **grid35** (docs/modules/grid35.md): a creature with nothing in reach
  runs (G35-RUN: four times its speed with both actions) when that brings it
  nearer than two moves would.
"""
from __future__ import annotations

from tactica.engine import (
    AttackDef,
    AttackKind,
    Creature,
    GameState,
    Square,
    active_modules,
    cave_move_risk,
    melee_slip_chance,
)

from .values import damage_value
from .weights import KILL_THREAT, TURN_WORTH

#: Turns a slip on ice costs the creature (UG-SLIP): the rest of this activation, its next one (standing up
#: takes it without grid5e) and lying at -4, hit at +4, meanwhile.
SLIP_TURNS = 3.0
#: Share of a turn a drift in the dark costs (UG-DARK): it ends a square off where it meant to.
DRIFT_TURNS = 0.3


class Modules:
    """Which optional modules' terms the planner weighs in ``state`` (built once per decision).

    Attributes:
        cave: the underground module is on (UG-*: ``route_risk``, ``melee_keep``, darkness).
        split: a move's rest stays usable around the attack (grid5e, G5E-SPLIT).
        prone: creatures drop prone and stand up as actions (grid5e, G5E-PRONE).
        run: creatures may run (grid35 or grid35-simple, G35-RUN).
        dark: the squares of the map in total darkness (empty without the underground module).
    """

    def __init__(self, state: GameState) -> None:
        names = active_modules(state)
        self.cave = "underground" in names
        self.split = "grid5e" in names
        self.prone = "grid5e" in names
        self.run = "grid35" in names or "grid35-simple" in names
        self.dark: frozenset[Square] = frozenset()
        if self.cave:
            m = state.battle_map
            self.dark = frozenset((x, y) for y in range(m.height) for x in range(m.width)
                                  if m.rules_at((x, y)).dark)

    @property
    def any(self) -> bool:
        """True when some optional module's term applies."""
        return self.cave or self.split or self.run


def turn_worth(me: Creature) -> float:
    """VP-equivalent of one of ``me``'s turns (``TURN_WORTH`` × its cost)."""
    return TURN_WORTH * me.card.cost


def route_risk(state: GameState, me: Creature, path: tuple[Square, ...], mode: str = "move") -> tuple[float, float]:
    """(VP-equivalent cost, chance it arrives able to act) of ``me``'s own move along ``path`` in
    ``state`` (``me`` as it stands there, acting or not) under the underground rules (UG-SLIDE,
    UG-DARK, UG-SLIP; the engine's ``cave_move_risk``): the chance the damage on the way destroys it
    (its cost and the threat it is) or else the expected HP lost, ``SLIP_TURNS`` of a turn
    for each slip and ``DRIFT_TURNS`` for each drift, weighted by their chances; the second number is
    the chance neither a slip nor a drift happens (an attack planned after the move needs it).
    (0, 1) without a risk."""
    risk = cave_move_risk(state, me, path, mode)
    if not (risk.certain or risk.checks or risk.slip or risk.drift):
        return 0.0, 1.0
    cost = 0.0
    if risk.certain or risk.checks:
        kill = risk.kill_chance(me.hp)
        cost += kill * me.card.cost * (1 + KILL_THREAT) + (1 - kill) * damage_value(me, risk.damage)
    cost += (risk.slip * SLIP_TURNS + risk.drift * DRIFT_TURNS) * turn_worth(me)
    return cost, (1 - risk.slip) * (1 - risk.drift)


def melee_keep(state: GameState, me: Creature, attack: AttackDef, anchor: Square | None = None) -> tuple[float, float]:
    """(chance the attack is rolled, VP-equivalent lost when it is not) of ``me``'s ``attack`` made
    from ``anchor`` (where it stands by default): a melee attack from ice needs the UG-SLIP check
    first, and failing it leaves ``me`` prone (``SLIP_TURNS``).  (1, 0) for other attacks and without
    the underground module."""
    if attack.kind is not AttackKind.MELEE:
        return 1.0, 0.0
    slip = melee_slip_chance(state, me, anchor)
    if not slip:
        return 1.0, 0.0
    return 1 - slip, slip * SLIP_TURNS * turn_worth(me)


__all__ = ["DRIFT_TURNS", "SLIP_TURNS", "Modules", "melee_keep", "route_risk", "turn_worth"]
