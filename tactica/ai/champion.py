"""How the bots answer a champion-power decision (CHP-1, CHP-2): use the most useful power, or decline.

A client of the engine like the rest of ``tactica.ai``: it only reads the
state and the legal actions.  A use is worth the HP it deals or restores
(plus the enemy's cost when the extra damage destroys it), the expected
damage of a reroll, or 10 per condition cleared; it is taken when it is
worth at least ``WORTH_PER_POINT`` per champion point it costs (CHP-1: the
budget is small, so a 5-HP top-up does not spend it).
"""
from __future__ import annotations

from tactica.engine import GameState, legal_actions, preview
from tactica.engine.actions import Action, DeclinePower, UseChampionPower
from tactica.engine.powers import ChampionEffect

#: HP a use must be worth per champion point spent.
WORTH_PER_POINT = 5.0
#: Value of each condition or ongoing damage a "clear conditions" power ends.
CLEAR_VALUE = 10.0


def use_value(state: GameState, action: UseChampionPower) -> float:
    """What ``action`` is worth now, in HP-like points (0 when it would do nothing)."""
    champion = state.creature(action.champion)
    power = champion.card.champion_powers[action.power]
    ally = state.creature(action.ally)
    enemy = state.find(action.enemy) if action.enemy else None
    if power.effect is ChampionEffect.EXTRA_DAMAGE and enemy is not None:
        dealt = min(power.amount, enemy.hp)
        return dealt + (enemy.card.cost if power.amount >= enemy.hp else 0)
    if power.effect is ChampionEffect.REROLL and enemy is not None:
        line = next((o.attack for o in state.window if o.ally == ally.uid and o.enemy == enemy.uid
                     and o.trigger == "ally misses"), "")
        attack = ally.card.attack_named(line)
        return preview(state, ally, enemy, attack).expected_damage if attack is not None else 0.0
    if power.effect is ChampionEffect.HEAL:
        return float(min(power.amount, ally.card.hp - ally.hp))
    return CLEAR_VALUE * len(ally.effects)


def choose_champion_power(state: GameState) -> Action:
    """The best ``UseChampionPower`` worth its cost, else ``DeclinePower`` (ties: legal order)."""
    best, best_key = DeclinePower(), None
    for action in legal_actions(state):
        if not isinstance(action, UseChampionPower):
            continue
        cost = state.creature(action.champion).card.champion_powers[action.power].cost
        value = use_value(state, action)
        if value < WORTH_PER_POINT * cost:
            continue
        key = value / cost
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


__all__ = ["choose_champion_power", "use_value", "WORTH_PER_POINT"]
