"""The engine's enum members as module constants, read by the engine's modules in hot code.

In Python 3.11 reading ``Enum.MEMBER`` goes through the enum metaclass's ``__getattr__`` hook
(``type.__getattribute__`` called at Python level, about 0.2 µs), while a module global is read
at once; the rules engine tests phases, continuations, attack kinds and card triggers dozens of
times an action.  Each constant here is the member itself (``PHASE_OVER is Phase.OVER``), named
``<ENUM>_<MEMBER>`` in upper snake case; an engine module imports the ones it reads.  Not part of
the engine's door (``tactica.engine.__all__``): clients use the enums.

The modules that define these enums (``model``, ``state``, ``powers``, ``triggers``, ``terrain``)
cannot import this one (it imports them), so the few members they read in hot code stay private
constants beside their enum; the rule modules' ``Moment`` members are public constants beside
``Moment`` in ``modules/base.py`` (this module cannot import the rule modules' package, which
imports it).
"""
from __future__ import annotations

from .model import AttackKind, Defense, Duration, Reach, Strikes, Trigger
from .powers import ChampionEffect, ChampionTrigger, PowerAction, PowerEffect, PowerTrigger, RechargeOn
from .state import Continuation, Phase
from .terrain import Terrain
from .triggers import DieChangeKind, DieRoll, ReactionEffect, ReactionLimit, ReactionTrigger

ATTACK_KIND_AREA = AttackKind.AREA
ATTACK_KIND_CLOSE = AttackKind.CLOSE
ATTACK_KIND_MELEE = AttackKind.MELEE
ATTACK_KIND_RANGED = AttackKind.RANGED

CHAMPION_EFFECT_CLEAR = ChampionEffect.CLEAR
CHAMPION_EFFECT_DAMAGE_NEAR = ChampionEffect.DAMAGE_NEAR
CHAMPION_EFFECT_EXTRA_DAMAGE = ChampionEffect.EXTRA_DAMAGE
CHAMPION_EFFECT_HEAL = ChampionEffect.HEAL
CHAMPION_EFFECT_REROLL = ChampionEffect.REROLL
CHAMPION_EFFECT_SET_DIE = ChampionEffect.SET_DIE

CHAMPION_TRIGGER_ALLY_BLOODIED = ChampionTrigger.ALLY_BLOODIED
CHAMPION_TRIGGER_ALLY_CHARGES = ChampionTrigger.ALLY_CHARGES
CHAMPION_TRIGGER_ALLY_DESTROYED = ChampionTrigger.ALLY_DESTROYED
CHAMPION_TRIGGER_ALLY_ENDS_TURN = ChampionTrigger.ALLY_ENDS_TURN
CHAMPION_TRIGGER_ALLY_HITS = ChampionTrigger.ALLY_HITS
CHAMPION_TRIGGER_ALLY_IS_HIT = ChampionTrigger.ALLY_IS_HIT
CHAMPION_TRIGGER_ALLY_MISSES = ChampionTrigger.ALLY_MISSES
CHAMPION_TRIGGER_ALLY_STARTS_TURN = ChampionTrigger.ALLY_STARTS_TURN
CHAMPION_TRIGGER_ENEMY_NEAR = ChampionTrigger.ENEMY_NEAR

CONTINUATION_AFTER_ACTION = Continuation.AFTER_ACTION
CONTINUATION_END_ACTIVATION = Continuation.END_ACTIVATION
CONTINUATION_MID_ACTION = Continuation.MID_ACTION
CONTINUATION_START_ACTIVATION = Continuation.START_ACTIVATION

DEFENSE_AC = Defense.AC
DEFENSE_DEF = Defense.DEF

DIE_CHANGE_KIND_BETTER_OF_TWO = DieChangeKind.BETTER_OF_TWO
DIE_CHANGE_KIND_REROLL = DieChangeKind.REROLL

DIE_ROLL_ATTACK = DieRoll.ATTACK
DIE_ROLL_SAVE = DieRoll.SAVE

DURATION_BATTLE = Duration.BATTLE
DURATION_NEXT_TURN = Duration.NEXT_TURN
DURATION_PLAYER_NEXT_TURN = Duration.PLAYER_NEXT_TURN
DURATION_ROUND = Duration.ROUND
DURATION_SAVE_ENDS = Duration.SAVE_ENDS

PHASE_ACTING = Phase.ACTING
PHASE_ACTIVATE = Phase.ACTIVATE
PHASE_CHAMPION = Phase.CHAMPION
PHASE_CHOOSE_AREA = Phase.CHOOSE_AREA
PHASE_CHOOSE_FIRST = Phase.CHOOSE_FIRST
PHASE_CHOOSE_MAP = Phase.CHOOSE_MAP
PHASE_DEPLOY = Phase.DEPLOY
PHASE_FORCED = Phase.FORCED
PHASE_OVER = Phase.OVER

POWER_ACTION_ATTACK = PowerAction.ATTACK
POWER_ACTION_MOVE = PowerAction.MOVE
POWER_ACTION_TRIGGERED = PowerAction.TRIGGERED

POWER_EFFECT_CLEAR = PowerEffect.CLEAR
POWER_EFFECT_FORM = PowerEffect.FORM
POWER_EFFECT_HEAL = PowerEffect.HEAL

POWER_TRIGGER_BLOODIED = PowerTrigger.BLOODIED
POWER_TRIGGER_DESTROYS_ENEMY = PowerTrigger.DESTROYS_ENEMY
POWER_TRIGGER_START_OF_TURN = PowerTrigger.START_OF_TURN

REACH_ADJACENT = Reach.ADJACENT
REACH_BURST = Reach.BURST
REACH_LARGE_CONE = Reach.LARGE_CONE
REACH_LINE = Reach.LINE
REACH_NEAREST = Reach.NEAREST
REACH_RANGE = Reach.RANGE
REACH_SIGHT = Reach.SIGHT
REACH_SMALL_CONE = Reach.SMALL_CONE

REACTION_EFFECT_ATTACK = ReactionEffect.ATTACK
REACTION_EFFECT_HEAL = ReactionEffect.HEAL

REACTION_LIMIT_TURN = ReactionLimit.TURN

REACTION_TRIGGER_ALLY_DESTROYED = ReactionTrigger.ALLY_DESTROYED
REACTION_TRIGGER_ATTACKED_BY_ADJACENT = ReactionTrigger.ATTACKED_BY_ADJACENT
REACTION_TRIGGER_ENEMY_ADJACENT = ReactionTrigger.ENEMY_ADJACENT
REACTION_TRIGGER_HIT = ReactionTrigger.HIT

RECHARGE_ON_ALLY_DESTROYED = RechargeOn.ALLY_DESTROYED
RECHARGE_ON_BLOODIED = RechargeOn.BLOODIED
RECHARGE_ON_BLOODIES_ENEMY = RechargeOn.BLOODIES_ENEMY
RECHARGE_ON_CHANGES_BACK = RechargeOn.CHANGES_BACK
RECHARGE_ON_DESTROYS_ENEMY = RechargeOn.DESTROYS_ENEMY
RECHARGE_ON_ROLL = RechargeOn.ROLL
RECHARGE_ON_ROUND_START = RechargeOn.ROUND_START

STRIKES_ALL = Strikes.ALL
STRIKES_ALLIES = Strikes.ALLIES
STRIKES_ENEMIES = Strikes.ENEMIES

TERRAIN_CLEAR = Terrain.CLEAR

TRIGGER_ALWAYS = Trigger.ALWAYS
TRIGGER_HIT = Trigger.HIT
