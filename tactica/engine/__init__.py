"""tactica's rules engine: pure, deterministic, no I/O and no UI.

The API (after OpenSpiel's vocabulary):

* ``new_game(warbands, maps, seed=...) -> (state, events)``
* ``legal_actions(state) -> [Action]`` for ``state.decider``
* ``apply(state, action) -> (new_state, events)``; raises ``IllegalAction``
* ``check(state, action) -> IllegalAction | None``
"""
from . import events
from .actions import (
                      Action,
                      Activate,
                      AreaAttack,
                      Attack,
                      Charge,
                      ChooseFirstPlayer,
                      ChooseMap,
                      ChooseStartArea,
                      DeclinePower,
                      EndActivation,
                      ForceMove,
                      Move,
                      Place,
                      Settle,
                      Shift,
                      Squeeze,
                      Teleport,
                      UseChampionPower,
                      UsePower,
)
from .areas import template_squares
from .combat import AttackPreview, nearest_enemies, preview, valid_targets
from .dice import ScriptedDice, SeededDice
from .errors import IllegalAction
from .game import apply, charge_routes, check, deploy_squares, legal_actions, new_game, tie_breaker
from .geometry import Geometry
from .model import (
                      AttackDef,
                      AttackKind,
                      ConditionEffect,
                      CreatureCard,
                      Defense,
                      Duration,
                      FollowUpEffect,
                      ForcedMoveEffect,
                      ForceKind,
                      MapDef,
                      OngoingEffect,
                      Reach,
                      Square,
                      Terrain,
                      Trigger,
                      WarbandDef,
)
from .movement import Route, provokers_of_path, routes
from .powers import (
                      ChampionEffect,
                      ChampionPower,
                      ChampionTrigger,
                      PowerAction,
                      PowerEffect,
                      PowerTrigger,
                      Recharge,
                      RechargeOn,
                      SpecialPower,
)
from .state import SCENARIOS, Creature, GameState, Phase, Ruleset, bloodied_threshold
from .warband import WarbandProblem, check_battle, check_warband

__all__ = [name for name in dir() if not name.startswith("_")]
