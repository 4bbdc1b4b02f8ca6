"""Level ``hard``: ``normal``'s best activations, each judged against the opponent's best reply.

When choosing whom to activate, ``hard`` takes ``normal``'s best few
creatures, each with its few best *different* first actions (attack this
target or that, charge, move to a safer square, …), scored by ``normal``'s
gain (an exact expectation from ``combat.preview``), and plays each option
out on a copy of the state: that first action, then ``normal``'s policy
until the activation ends.  Instead of rolling once, the attack roll of the
activation is *enumerated*: the twenty faces of the d20 fall into a few
classes (miss, hit, critical hit — as the engine would judge them from the
modifiers of that roll), and each class is played out once with a face of
that class forced on the bot's *own* dice (``BranchDice``; the game's dice
are never read), weighted by its share of the twenty faces.  Every other
roll of the playout (opportunity attacks, saves) comes from the bot's own
seeded generator.

A candidate is worth ``gain - REPLY × E[threat]``: its gain minus the
expected threat in the played-out positions — for every enemy creature still
to act this round, the best attack it could make on one of ours
(``tactics.threat_value``: damage, kill chances and VP), added up.  So a kill
that removes a dangerous enemy, or a move that takes a creature out of reach,
is worth more than ``normal`` sees.  Since the threat is never negative, a
candidate whose gain is already below the best value found cannot win: the
search stops there (branch and bound).

The search is fixed by ``candidates`` and ``budget`` (threat evaluations
per decision), so the same seed gives the same choices; ``deadline``
(seconds) also stops a search that runs late, for interactive use, always
keeping the best candidate found so far.  Within an activation ``hard``
acts as ``normal`` does.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from tactica.engine import Action, Activate, GameState, Phase, SeededDice, apply, check
from tactica.engine import events as ev
from tactica.engine.combat import automatic_critical, critical_from

from .normal import NormalBot, _snapshot, best_plans
from .tactics import threat_value

#: Weight of the enemies' threats this round (they come one activation at a time, and
#: our own later activations may still take some of them away).
REPLY = 0.5
#: Weight of the threats when the enemies have no activation left (they come next round).
LATER = 0.3
#: Actions of one playout before it is cut (an activation has at most a handful).
MAX_ACTIONS = 8
#: Most attack rolls of one action enumerated (the rest are rolled).
ENUMERATED_ROLLS = 2


@dataclass(frozen=True)
class BranchDice:
    """The bot's own dice for a playout: seeded, with some faces forced.

    Attributes:
        base: the bot's SplitMix64 dice (advanced on every roll, so the faces
            after a forced one are the same in every branch).
        forced: (roll index, face) pairs: roll number ``index`` of this
            playout shows ``face`` instead.
        log: every (sides, face) rolled, in order (shared by the copies).
        rolls: how many dice have been rolled.
    """

    base: SeededDice
    forced: tuple[tuple[int, int], ...] = ()
    log: list = field(default_factory=list, compare=False)
    rolls: int = 0

    def roll(self, sides: int) -> tuple[int, "BranchDice"]:
        """Roll one die with ``sides`` faces (a forced face when one is set for this roll)."""
        face, base = self.base.roll(sides)
        for index, forced in self.forced:
            if index == self.rolls and 1 <= forced <= sides:
                face = forced
        self.log.append((sides, face))
        return face, BranchDice(base, self.forced, self.log, self.rolls + 1)


def _my_rolls(state: GameState, uid: str, events: list, log: list) -> list[tuple[int, ev.AttackRolled]]:
    """(roll index, event) of ``uid``'s own attack rolls in a probe (opportunity attacks excluded)."""
    out, at = [], 0
    for e in events:
        if not isinstance(e, ev.AttackRolled):
            continue
        while at < len(log) and not (log[at][0] == 20 and log[at][1] == e.natural):
            at += 1
        if at >= len(log):
            break
        if e.attacker == uid and e.kind != "opportunity":
            out.append((at, e))
        at += 1
    return out


def _face_classes(state: GameState, e: ev.AttackRolled) -> list[tuple[float, int]]:
    """The d20 faces of roll ``e`` grouped as the engine judges them: [(share of 20, face)].

    Classes: miss, hit, critical hit (ATK-3, ATK-5), from the roll's own
    modifiers and target number; a representative face for each.
    """
    attacker, target = state.find(e.attacker), state.find(e.target)
    attack = None
    if attacker is not None:
        attack = next((a for a in attacker.card.attacks if a.name == e.attack), None)
    crit_from, auto = 20, False
    if attacker is not None and attack is not None:
        crit_from = critical_from(state, attacker, attack)
        auto = target is not None and automatic_critical(target, attack)
    mods = e.total - e.natural
    groups: dict[int, list[int]] = {}
    for n in range(1, 21):
        crit = auto or n >= crit_from
        hit = crit or (n != 1 and n + mods >= e.target_number)
        groups.setdefault(2 if crit else 1 if hit else 0, []).append(n)
    return [(len(faces) / 20, faces[len(faces) // 2]) for _, faces in sorted(groups.items())]


def _signature(state: GameState) -> tuple:
    return (tuple((c.pos, c.hp, c.effects) for c in state.creatures), tuple(state.vp), state.phase,
            state.active_uid, state.move_used, state.attack_used)


def outcomes(state: GameState, action: Action, seed: int) -> list[tuple[float, GameState]]:
    """The states ``action`` may lead to, with their chances: [(probability, state)].

    The active creature's own attack rolls (up to ENUMERATED_ROLLS) are
    enumerated by class of face (miss, hit, critical hit); every other roll
    comes from ``SeededDice.from_seed(seed)``.  States that come out the same
    are merged.  Never reads ``state.dice``.
    """
    uid = state.active_uid
    probe = state.copy()
    probe.dice = BranchDice(SeededDice.from_seed(seed))
    after, events = apply(probe, action)
    rolls = _my_rolls(state, uid, events, probe.dice.log)[:ENUMERATED_ROLLS]
    if not rolls:
        return [(1.0, after)]
    branches: list[tuple[float, tuple]] = [(1.0, ())]
    for index, e in rolls:
        branches = [(w * share, forced + ((index, face),)) for w, forced in branches
                    for share, face in _face_classes(after, e)]
    merged: dict[tuple, list] = {}
    for w, forced in branches:
        st = state.copy()
        st.dice = BranchDice(SeededDice.from_seed(seed), forced)
        st, _ = apply(st, action)
        key = _signature(st)
        if key in merged:
            merged[key][0] += w
        else:
            merged[key] = [w, st]
    return [(w, st) for w, st in merged.values()]


class HardBot(NormalBot):
    """The ``hard`` opponent (see module doc).

    Args:
        seed: seed of the generator that seeds the bot's own playout dice.
        candidates: how many of ``normal``'s best activations to consider.
        budget: most threat evaluations (one per opposing creature per
            played-out position) per decision; bounds the time on big maps.
        deadline: seconds after which the search stops early (None: never;
            set it for interactive play, leave it None where results must be
            reproducible).
    Attributes:
        last_search: (candidates tried, threat evaluations) of the last
            activation choice, for tests and benchmarks.
    """

    name = "hard"
    #: Exposure model (``tactics.Board``): as ``normal``'s (its lookahead judges the threats).
    charge_reach = False

    def __init__(self, seed: int = 0, *, candidates: int = 4, alternatives: int = 3,
                 budget: int = 240, deadline: float | None = None):
        super().__init__(seed)
        self.candidates, self.alternatives = candidates, alternatives
        self.budget, self.deadline = budget, deadline
        self.last_search: tuple[int, int] = (0, 0)
        self._work = 0

    def options(self, state: GameState) -> list[tuple[float, str, Action]]:
        """(gain, creature uid, first action) to try, best gain first.

        The ``candidates`` creatures with the best plans, each with up to
        ``alternatives`` different first actions (``Plan.notes``), the gain
        of each being its score over the creature's idle value.
        """
        plans = best_plans(state, state.turn_player, charge_reach=self.charge_reach)
        out = []
        for plan in plans[:self.candidates]:
            alts = plan.notes.get("alternatives") or ((plan.score, plan.action),)
            for score, action in alts[:self.alternatives]:
                out.append((score - plan.idle, plan.uid, action))
        if not out and plans:
            out.append((plans[0].gain, plans[0].uid, plans[0].action))
        order = {uid: i for i, (_, uid, _) in enumerate(out)}
        out.sort(key=lambda o: (-o[0], order[o[1]]))
        return out

    def choose_battle(self, state: GameState) -> Action:
        """Pick an activation and its first action by playing options out; act as ``normal`` after."""
        if state.phase is not Phase.ACTIVATE:
            return super().choose_battle(state)
        opts = self.options(state)
        best = opts[0]
        self._work, tried = 0, 0
        if len(opts) > 1 and state.enemy_creatures(state.turn_player):
            seed = self.rng.getrandbits(64)  # one seed for all options: common random numbers
            start = time.perf_counter()
            best_value = None
            for opt in opts:
                gain, uid, first = opt
                if best_value is not None and gain <= best_value:
                    break  # the threat is never negative: this one cannot do better
                if tried and (self._work >= self.budget or (
                        self.deadline is not None and time.perf_counter() - start > self.deadline)):
                    break
                tried += 1
                value = gain - self.expected_threat(state, uid, seed, first)
                if best_value is None or value > best_value:
                    best, best_value = opt, value
        self.last_search = (tried, self._work)
        self._planned = (state.step + 1, best[1], _snapshot(state), best[2])
        return Activate(best[1])

    def expected_threat(self, state: GameState, uid: str, seed: int, first: Action | None = None) -> float:
        """The weighted expected threat after activating ``uid`` (VP-equivalents; ±1000 for a decided battle).

        ``first`` is the first action planned for it (``Plan.action``; used
        when still legal after the activation began, else re-planned).
        """
        me = state.turn_player
        st, _ = apply(self._own_dice(state, seed), Activate(uid))
        total = 0.0
        for w, leaf in self._playout(st, uid, seed, 0, first):
            total += w * self._leaf_threat(leaf, me)
        return total

    @staticmethod
    def _own_dice(state: GameState, seed: int) -> GameState:
        st = state.copy()
        st.dice = BranchDice(SeededDice.from_seed(seed ^ 0x5EED))
        return st

    def _playout(self, state: GameState, uid: str, seed: int, depth: int,
                 first: Action | None = None) -> list[tuple[float, GameState]]:
        """Finish ``uid``'s activation with ``normal``'s policy, branching on its attack roll."""
        if (state.is_over or state.phase not in (Phase.ACTING, Phase.FORCED) or state.active_uid != uid
                or depth >= MAX_ACTIONS):
            return [(1.0, state)]
        if state.phase is Phase.FORCED:  # a push or a fall to settle (MOV-14): the decider's heuristic
            st, _ = apply(state, self._inner.choose(state))
            return self._playout(st, uid, seed, depth + 1)
        if first is not None and check(state, first) is None:
            action = first
        else:
            action = NormalBot.choose_battle(self._inner, state)
        out = []
        for w, st in outcomes(state, action, seed + 7919 * (depth + 1)):
            for w2, leaf in self._playout(st, uid, seed, depth + 1):
                out.append((w * w2, leaf))
        return out

    @property
    def _inner(self) -> NormalBot:
        inner = getattr(self, "_inner_bot", None)
        if inner is None:
            inner = self._inner_bot = NormalBot()
            inner.charge_reach = self.charge_reach
        return inner

    def _leaf_threat(self, leaf: GameState, me: int) -> float:
        """REPLY × the threats of the enemies still to act this round in ``leaf``.

        Each enemy creature not yet activated counts its best attack on any of
        our creatures (``threat_value``); they all act before the round ends,
        so the threats add up.  When none is left, every enemy counts, by
        LATER (their turn comes only next round).
        """
        if leaf.is_over:
            return -1000.0 if leaf.winner is not None and not leaf.hostile(leaf.winner, me) else 1000.0
        foes = leaf.enemy_creatures(me)
        pool, weight = [c for c in foes if not c.activated], REPLY
        if not pool:
            pool, weight = foes, LATER
        team = leaf.team_of(me)
        victims = [c for c in leaf.alive() if c.team == team]
        total = 0.0
        for e in pool:
            self._work += 1
            total += threat_value(leaf, e, victims)
        return weight * total


__all__ = ["BranchDice", "HardBot", "outcomes"]
