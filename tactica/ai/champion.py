"""How the bots answer a champion-power decision (CHP-1, CHP-2): use the most useful power, or decline.

A client of the engine like the rest of ``tactica.ai``: it only reads the
state and the legal actions.  A use is valued in VP-equivalents with the
planner's own terms (``values``, ``stakes``):

* extra damage: the damage it deals after the enemy's Resist and Immune
  (the engine's ``abilities.defend``) — ``damage_value``, or the kill (its
  VP, the threat removed, a VP zone it stops holding) when that damage
  destroys it;
* reroll: the expected value of the attack made again (``attack_value``:
  hit and kill chances from ``preview``);
* heal: ``heal_value`` (capped by the HP missing, more when bloodied);
* clear conditions: what the conditions would cost the ally
  (``conditions_cost``);
* damage near (CL-12): the damage to each enemy the champion sees near the
  ally; a set die: the attack's damage as a sure hit (doubled for a natural 20).

A reaction (CL-10) costs no points: it is used when it is worth anything
(``reaction_value``: its attack's expected value, its damage or heal), so a
bot never spends a once-per-round reaction on nothing.

A use is taken when it is worth at least ``WORTH_PER_POINT`` VP per
champion point it costs (CHP-1: the budget is small).  The points that
keep a champion able to pay for a damage power (extra damage or a reroll)
are worth more (``RESERVE``): a heal or a cleared condition that would
spend them must be worth ``RESERVE`` times as much, while a use that
destroys an enemy is always taken when it beats the threshold.
"""
from __future__ import annotations

from tactica.engine import (
    Action,
    ChampionEffect,
    Creature,
    DeclinePower,
    GameState,
    ReactionEffect,
    UseChampionPower,
    UseReaction,
    champion_budget_left,
    defend,
    legal_actions,
    near_enemies,
    reaction_attack,
)

from .stakes import kill_vp, zone_award
from .values import attack_value, conditions_cost, damage_value, heal_value
from .weights import KILL_THREAT

#: VP-equivalent a use must be worth per champion point spent.
WORTH_PER_POINT = 1.0
#: × the threshold for a use that leaves the champion unable to pay for its damage powers.
RESERVE = 2.5
#: Damage powers: the ones a point is best kept for (they turn hits into kills).
DAMAGE_EFFECTS = (ChampionEffect.EXTRA_DAMAGE, ChampionEffect.REROLL)


def _damage_worth(state: GameState, enemy: Creature, amount: int, damage_type: str = "") -> float:
    """VP-equivalent of ``amount`` damage with no roll on ``enemy`` (after its Resist and Immune):
    the kill (its VP, the threat removed, a VP zone it stops holding) or the damage."""
    if not enemy.alive:
        return 0.0
    dealt = amount
    if enemy.card.abilities:  # Resist and Immune meet it as attack damage (the engine's rule)
        dealt, _ = defend(enemy.card, dealt, damage_type, attack=True)
    if dealt >= enemy.hp:
        value = kill_vp(state, enemy) + enemy.card.cost * KILL_THREAT
        zone = state.vp_zone(enemy.player)
        if zone and enemy.in_zone(zone):  # any square of it counts (SCN-ASSAULT)
            value += zone_award(state)
        return value
    return damage_value(enemy, dealt)


def use_value(state: GameState, action: UseChampionPower) -> float:
    """What ``action`` is worth now, in VP-equivalents (0 when it would do nothing)."""
    champion = state.creature(action.champion)
    power = champion.card.champion_powers[action.power]
    ally = state.creature(action.ally)
    enemy = state.find(action.enemy) if action.enemy else None
    if power.effect is ChampionEffect.EXTRA_DAMAGE:
        if enemy is None or not enemy.alive:
            return 0.0
        return _damage_worth(state, enemy, power.amount)
    if power.effect is ChampionEffect.DAMAGE_NEAR:  # CL-12: each enemy the champion sees near the ally
        seen, _ = near_enemies(state, champion, ally, power.near)
        return sum(_damage_worth(state, c, power.amount) for c in seen)
    if power.effect in (ChampionEffect.REROLL, ChampionEffect.SET_DIE):
        if enemy is None or not enemy.alive:
            return 0.0
        line = next((o.attack for o in state.window if o.ally == ally.uid and o.enemy == enemy.uid
                     and o.trigger == "ally misses"), "")
        attack = ally.card.attack_named(line)
        if attack is None:
            return 0.0
        if power.effect is ChampionEffect.SET_DIE:  # CL-12: a sure hit (a critical on a natural 20)
            factor = 2 if power.natural >= 20 else 1
            return _damage_worth(state, enemy, attack.total_damage * factor)
        return attack_value(state, ally, enemy, attack)
    if power.effect is ChampionEffect.HEAL:
        return heal_value(ally, power.amount)
    return conditions_cost(ally)


def reaction_value(state: GameState, action: UseReaction) -> float:
    """What reaction ``action`` is worth now, in VP-equivalents (CL-10; 0 when it would do nothing):
    its attack's expected value, its damage, or its heal."""
    me = state.creature(action.creature)
    r = me.card.reactions[action.reaction]
    if r.effect is ReactionEffect.HEAL:
        return heal_value(me, r.amount)
    target = state.find(action.target)
    if target is None or not target.alive:
        return 0.0
    if r.effect is ReactionEffect.DAMAGE:
        return _damage_worth(state, target, r.amount, r.damage_type)
    attack = reaction_attack(me, r)
    return attack_value(state, me, target, attack) if attack is not None else 0.0


def _kills(state: GameState, action: UseChampionPower) -> bool:
    """True when ``action`` is extra damage that destroys its enemy."""
    champion = state.creature(action.champion)
    power = champion.card.champion_powers[action.power]
    enemy = state.find(action.enemy) if action.enemy else None
    if power.effect is not ChampionEffect.EXTRA_DAMAGE or enemy is None:
        return False
    dealt = power.amount
    if enemy.card.abilities:
        dealt, _ = defend(enemy.card, dealt, "", attack=True)
    return dealt >= enemy.hp


def threshold(state: GameState, action: UseChampionPower) -> float:
    """VP-equivalent ``action`` must be worth to be taken (see the module doc)."""
    champion = state.creature(action.champion)
    power = champion.card.champion_powers[action.power]
    need = WORTH_PER_POINT * power.cost
    if power.effect in DAMAGE_EFFECTS and (power.effect is ChampionEffect.REROLL or _kills(state, action)):
        return need
    damage_costs = [p.cost for p in champion.card.champion_powers if p.effect in DAMAGE_EFFECTS]
    left = champion_budget_left(champion) - power.cost
    if damage_costs and left < min(damage_costs):
        need *= RESERVE  # it would spend the points a kill may need later
    return need


def choose_champion_power(state: GameState) -> Action:
    """The best ``UseChampionPower`` worth its threshold, else ``DeclinePower`` (ties: legal order)."""
    best: Action = DeclinePower()
    best_key: float | None = None
    for action in legal_actions(state):
        if isinstance(action, UseReaction):  # CL-10: free but for its limit: any use that does something
            worth = reaction_value(state, action)
            if worth > 0 and (best_key is None or worth > best_key):
                best, best_key = action, worth
            continue
        if not isinstance(action, UseChampionPower):
            continue
        value = use_value(state, action)
        if value < threshold(state, action):
            continue
        key = value / state.creature(action.champion).card.champion_powers[action.power].cost
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


__all__ = ["choose_champion_power", "reaction_value", "threshold", "use_value", "RESERVE", "WORTH_PER_POINT"]
