"""Level ``hard``: ``normal``'s best activations, each judged against the opponent's predicted reply.

When choosing whom to activate, ``hard`` takes ``normal``'s best few
creatures, each with its few best *different* first actions (attack this
target or that, charge, move to a safer square, …), scored by ``normal``'s
gain (an exact expectation from the engine's ``preview``), and plays each option
out on a copy of the state: that first action, then ``normal``'s policy
until the activation ends.  Instead of rolling once, the attack roll of the
activation is *enumerated*: the twenty faces of the d20 fall into a few
classes (miss, hit, critical hit — as the engine would judge them from the
modifiers of that roll), and each class is played out once with a face of
that class forced on the bot's *own* dice (``BranchDice``; the game's dice
are never read), weighted by its share of the twenty faces.  Every other
roll of the playout (opportunity attacks, saves) comes from the bot's own
seeded generator.

A candidate is worth ``gain - REPLY × E[loss]``: its gain minus the loss
the opponent's *predicted reply* inflicts in the played-out positions.
``hard`` models the opponent as a sensible player who answers with its
best activation: in each played-out position, the enemy creatures still to
act this round are ranked by their best attack (``aiming.threat_value``,
a close or area attack counting every victim clustered in its template),
the three most dangerous (``REPLY_CANDIDATES``) are planned with ``normal``'s own scoring
(``plan_creature``; a move followed by a charge among their options, as ``hard`` plans its own:
``REPLY_MOVE_CHARGE``), and the one with the best gain is activated and
played out with ``normal``'s policy until its attack is made — its attack
roll enumerated the same way (miss, hit, critical hit), on the bot's own
dice.  A turn is two activations (RND-2): when the enemy's turn comes next
with two, the next best planned enemy then acts too, from each outcome of the
first (and so when our side has nothing left to activate, RND-4).  When
our own second activation of the turn comes first, the reply counts only
as far as none of our creatures still to act could destroy the replier
first (else the next best planned enemy replies).  The loss is what our side loses in that reply (a destroyed creature:
its cost and half again; damage: ``damage_value``), less what the enemy
loses doing it (opportunity attacks).  So a kill that removes the creature
that would strike next, or a move that leaves nothing worth attacking, is
worth more than ``normal`` sees, and only the one reply that comes next is
counted, not every enemy's best attack at once (that made ``hard`` timid).
With three or four players (SCN-MULTI) every other seat takes its turn
before ours comes again (RND-2, turns round the table): after the next
enemy's turn, the turn of each enemy seat that follows it before ours is
played out too (its best plans as that seat sees the board, up to
MAX_REPLY_SEATS seats in all, ``_later_replies``), so a creature left in
reach of the player after next is seen at risk, and an enemy that would
rather strike a third player costs us nothing.
When every enemy creature has already acted this round, the enemies' best
attacks of next round count instead, summed, by LATER.  A VP zone that
would win the battle at the end of the round counts too (SCN-ASSAULT,
``_round_end``): a position in which our side holds its zone with enough VP
to reach the target, once no enemy creature can act before the round ends,
is a won battle; one in which the enemy holds its zone so is a lost one,
unless our creatures still to act could destroy its only holder.  Since the loss is
never negative (unless our zone may win the battle this round: then never
below -1000), a candidate whose gain is already below the best value found
(less that floor) cannot win: the search stops there (branch and bound).

``hard``'s planner (``board.PlannerOptions``) also sees what ``normal``'s does
not: the attacks an end square puts in reach next turn (``offense``); a
move followed by a charge when it has no other attack this turn
(``move_charge``, ACT-1, ACT-3, CHG-1), so a creature one square beyond
charge reach stops where a charge can follow
instead of walking two moves to end next to its target without attacking;
a shift first when an enemy stands next to it (``shift``, MOV-12, OA-2:
a shift provokes nothing), then an attack, a move or a charge from there;
and an attack after a move or charge that provokes counts only as far as
the mover survives the opportunity attacks (``oa_first``, OA-4, their
exact kill chance).  A plan's alternatives hold one charge a target
(CHG-3), so a low-odds charge is weighed against other choices.  When
holding its VP zone this round would win the battle (SCN-ASSAULT), it
plans two moves into the zone (ACT-3) and, when the zone is farther,
ends within two moves of it for the next round (``zone_race``); the only
creature of ours in the zone pays next round's award too for walking
out of it; and a wounded creature (bloodied, or one hit from death)
counts an enemy still to act as reaching a move and then a charge
(``charge_retreat``, ACT-1, CHG-1; with the one attack a charge makes, its
basic melee attack: the engine's ``charge_attack``) when it picks where
to stand.  In a free-for-all of three sides or more (SCN-MULTI: the first
to the VP target wins, so a fight between two rivals serves the third) it
also waits (``wait``, ``HardBot.board``): while no two enemy sides are
within reach of each other (``board.rivals_apart``), its creatures count a
quarter of the approach (WAIT) and no offense term, and attack only what
comes within their reach; and, rivals apart or not, its planner counts the
approach at FFA_APPROACH and the exposure of an end square at FFA_EXPOSURE
(``PlannerOptions.approach_share``, ``exposure_share``): a creature lost
scores for a rival and the side that is struck by both others loses, so it
stays out of reach more than in a duel.  Before the battle it picks its start area (SET-2) so
that its VP zone lies by the rival in the lightest armour (``HardBot.choose_area``): on a map whose
zones lie by the other corners, that is the rival it fights for its zone all battle long.

The search is fixed by ``candidates`` and ``budget`` (units of work per
decision; an option is not started when the options tried so far cost on
average more than what is left of it), so the same seed gives the same choices; ``deadline``
(seconds) also stops a search that runs late, for interactive use, always
keeping the best candidate found so far.  Within an activation ``hard``
acts as ``normal`` does.  Who goes first (RND-1): first, as every level, unless ``first_rollouts``
is set (an experiment of issue 21, off: ``choose_first``).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from tactica.engine import (
    Action,
    Activate,
    AttackRolled,
    ChooseFirstPlayer,
    ChooseStartArea,
    Creature,
    DeclinePower,
    GameState,
    Phase,
    SeededDice,
    apply,
    as_turn_of,
    automatic_critical,
    chebyshev,
    check,
    critical_from,
    legal_actions,
    round_end_winner,
    with_dice,
)

from . import weights
from .aiming import threat_value
from .board import Board, PlannerOptions
from .normal import NORMAL_OPTIONS, NormalBot, best_plans, position_key
from .planner import Plan, plan_creature
from .stakes import kill_vp, zone_reaches_target
from .values import damage_value
from .weights import ALTERNATIVES, KILL_THREAT

#: Weight of the loss the opponent's predicted next activation inflicts.
REPLY = 1.0
#: Enemy creatures (the most threatening first) planned to predict the opponent's reply (two until
#: issue 21: the third is paid for by the planner's cheaper distances, ``Board``).
REPLY_CANDIDATES = 3
#: Attack rolls of the reply enumerated (the rest are rolled on the bot's own dice).
REPLY_ROLLS = 1
#: Most enemy activations in a row played out as the reply (RND-2: a turn is two activations).
MAX_REPLIES = 2
#: Whether the predicted reply also plans a move followed by a charge (ACT-1, CHG-1; ``move_charge``),
#: as ``hard`` itself does: without it a creature out of one move's reach but within a move and a charge
#: was judged safe from an enemy that charges it (issue 21).
REPLY_MOVE_CHARGE = True
#: Most enemy seats whose turns are played out before ours comes again (SCN-MULTI: with three or
#: four players every other seat acts between two of our turns).
MAX_REPLY_SEATS = 2
#: Creatures of ours (``normal``'s best plans first) whose activations are played out (four until
#: issue 21: most decisions end well under the budget, so a wider search costs time only where
#: the budget does not bind, and the 95th percentile of the decision time, set by the budget, stays).
CANDIDATES = 6
#: Units of work a decision may spend (``HardBot.budget``; 280 until issue 21, lowered with the wider
#: search so that the decision time's 95th percentile stays at the old ``hard``'s on its own engine:
#: at 260 it was 1.14× the old one's, at 220 0.94×, timed side by side on the same games, bench/README).
BUDGET = 220
#: Weight of the summed threats when the enemies have no activation left (they come next round).
LATER = 0.3
#: Games played out to the end of the round for each choice of who goes first (``HardBot.choose_first``);
#: 0: ``hard`` always goes first, as every level does.  With 2 (issue 21, bench/README) its choices came
#: out about half and half, the noise of so few play-outs, and it won 77 of the first 119 battles of the
#: series against 78 for going first: no strength for about a second of thought a round.
FIRST_ROLLOUTS = 0
#: Most actions of one such play-out (a round of two 200-point warbands has about a hundred).
FIRST_ACTIONS = 400
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

    def roll(self, sides: int) -> tuple[int, BranchDice]:
        """Roll one die with ``sides`` faces (a forced face when one is set for this roll)."""
        face, base = self.base.roll(sides)
        for index, forced in self.forced:
            if index == self.rolls and 1 <= forced <= sides:
                face = forced
        self.log.append((sides, face))
        return face, BranchDice(base, self.forced, self.log, self.rolls + 1)


def _my_rolls(state: GameState, uid: str, events: list, log: list) -> list[tuple[int, AttackRolled]]:
    """(roll index, event) of ``uid``'s own attack rolls in a probe (opportunity attacks excluded)."""
    out, at = [], 0
    for e in events:
        if not isinstance(e, AttackRolled):
            continue
        while at < len(log) and not (log[at][0] == 20 and log[at][1] == e.natural):
            at += 1
        if at >= len(log):
            break
        if e.attacker == uid and e.kind != "opportunity":
            out.append((at, e))
        at += 1
    return out


def _face_classes(state: GameState, e: AttackRolled) -> list[tuple[float, int]]:
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


def _through_windows(state: GameState, events: list, log: list) -> tuple[GameState, list]:
    """``state`` after an action a champion-power window stopped in its middle (CHP-2: right after one
    of its attacks), carried to the action's end with every window declined, as a look-ahead saw it
    before windows came mid-action; and ``events`` with the rest of the action's.  The engine carries
    the action on by rolling its dice again from its start (``GameState.interrupted``): those rolls are
    taken out of ``log`` again, so each of its entries stays one roll of the playout."""
    events = list(events)
    while state.interrupted is not None and state.phase is Phase.CHAMPION:
        paused = state.interrupted
        again = state.dice.rolls - paused.before.dice.rolls  # rolled again when the window closes
        start = len(log)
        state, more = apply(state, DeclinePower())
        events += more
        if state.interrupted is None or len(state.interrupted.answers) > len(paused.answers):
            del log[start:start + again]  # the window closed: the action was carried on from its start
    return state, events


def outcomes(state: GameState, action: Action, seed: int,
             rolls: int = ENUMERATED_ROLLS) -> list[tuple[float, GameState]]:
    """The states ``action`` may lead to, with their chances: [(probability, state)].

    The active creature's own attack rolls (up to ``rolls``) are
    enumerated by class of face (miss, hit, critical hit); every other roll
    comes from ``SeededDice.from_seed(seed)``.  States that come out the same
    are merged.  Never reads ``state.dice``.
    """
    uid = state.active_uid or ""  # no creature active: no roll is its own
    dice = BranchDice(SeededDice.from_seed(seed))
    after, events = _through_windows(*apply(with_dice(state, dice), action), dice.log)
    mine = _my_rolls(state, uid, events, dice.log)[:rolls]
    if not mine:
        return [(1.0, after)]
    branches: list[tuple[float, tuple]] = [(1.0, ())]
    for index, e in mine:
        branches = [(w * share, forced + ((index, face),)) for w, forced in branches
                    for share, face in _face_classes(after, e)]
    merged: dict[tuple, list] = {}
    for w, forced in branches:
        branch = BranchDice(SeededDice.from_seed(seed), forced)
        st, _ = _through_windows(*apply(with_dice(state, branch), action), branch.log)
        key = _signature(st)
        if key in merged:
            merged[key][0] += w
        else:
            merged[key] = [w, st]
    return [(w, st) for w, st in merged.values()]


def options_for(options: PlannerOptions, state: GameState) -> PlannerOptions:
    """``options`` as ``hard`` plans with them in ``state``: in a free-for-all of three sides or more
    (SCN-MULTI) with ``wait`` on, the approach counted at FFA_APPROACH and the exposure at
    FFA_EXPOSURE; unchanged otherwise (a duel, or two teams)."""
    if len(state.teams) <= 2:
        return options
    return replace(options, wait=True, approach_share=weights.FFA_APPROACH, exposure_share=weights.FFA_EXPOSURE)


def armour(state: GameState, player: int) -> float:
    """The mean AC of ``player``'s creatures, each weighted by its cost (how hard its points are to hit)."""
    cards = [c.card for c in state.creatures if c.player == player]
    cost = sum(c.cost for c in cards)
    return sum(c.ac * c.cost for c in cards) / cost if cost else 0.0


def contested(state: GameState, area: str) -> str:
    """The start area nearest the VP zone of ``area`` (SET-2, SCN-ASSAULT): whoever starts there
    stands by the zone that scores for us, and is the rival we fight for it; "" without a zone."""
    m = state.battle_map
    zone = m.vp_zones.get(area) if m is not None else None
    if not zone:
        return ""
    others = [n for n in m.start_areas if n != area]
    return min(others, key=lambda n: (min(chebyshev(s, z) for s in m.start_areas[n] for z in zone), n),
               default="")


class OwnPlayout(NormalBot):
    """``normal``'s policy with ``hard``'s planner options (``options_for``): our own activations as
    ``hard``'s look-ahead plays them out (so in a free-for-all it waits as ``hard`` does)."""

    def board(self, state: GameState, player: int) -> Board:
        """The planner's shared facts for ``player`` in ``state`` with ``options_for``'s options."""
        return Board(state, player, options_for(self.planner_options, state))


class HardBot(NormalBot):
    """The ``hard`` opponent (see module doc).

    Args:
        seed: seed of the generator that seeds the bot's own playout dice.
        candidates: how many of ``normal``'s best activations to consider
            (CANDIDATES).
        alternatives: how many different first actions of each to try (at most
            ``weights.ALTERNATIVES``, what a plan keeps).
        budget: units of work per decision (BUDGET; a threat estimate counts
            1, a reply plan 2, a reply step 1); bounds the time on big maps:
            no option is started when the average cost of those tried would
            take the work past it.
        deadline: seconds after which the search stops early (None: never;
            set it for interactive play, leave it None where results must be
            reproducible).
        reply_candidates: how many of the most threatening enemy creatures
            are planned to predict the opponent's reply (``_leaf_loss``).
        planner_options: its own planner's options in place of ``planner_options``
            (the class attribute), e.g. for a benchmark's variant.
        reply_move_charge: whether the predicted reply may be a move and then a charge
            (REPLY_MOVE_CHARGE).
        first_rollouts: play-outs of the round for each choice of who goes first (FIRST_ROLLOUTS).
    Attributes:
        last_search: (candidates tried, units of work) of the last
            activation choice, for tests and benchmarks.
    """

    name = "hard"
    #: Its planner's options (``board.PlannerOptions``): the exposure model as ``normal``'s (its
    #: lookahead judges the threats: no ``charge_reach``); it also counts the attacks an end square
    #: puts in reach (``offense``), plans a move followed by a charge (``move_charge``) and a shift
    #: first when an enemy stands next to it (``shift``), counts an attack after provoking moves
    #: only as far as the mover survives them (``oa_first``), races for the VP zone that would win
    #: and keeps the only holder in it (``zone_race``, SCN-ASSAULT), and a bloodied creature of its
    #: side counts an enemy's move then charge when judging exposure (``charge_retreat``, CHG-1);
    #: like ``normal`` it shares an enemy's one attack among the creatures it could strike
    #: (``shared_threats``, ACT-1) and counts less exposure while its side trails on VP
    #: (``press_behind``, SCN-TIE); it counts the exposure term at HARD_EXPOSURE (``exposure_share``).
    planner_options = PlannerOptions(offense=True, move_charge=True, shift=True, oa_first=True, zone_race=True,
                                     charge_retreat=True, shared_threats=True, press_behind=True,
                                     exposure_share=weights.HARD_EXPOSURE)

    def __init__(self, seed: int = 0, *, candidates: int = CANDIDATES, alternatives: int = ALTERNATIVES,
                 budget: int = BUDGET, deadline: float | None = None, reply_candidates: int = REPLY_CANDIDATES,
                 planner_options: PlannerOptions | None = None, reply_move_charge: bool = REPLY_MOVE_CHARGE,
                 first_rollouts: int = FIRST_ROLLOUTS):
        super().__init__(seed, planner_options=planner_options)
        self.reply_candidates = reply_candidates
        self.reply_move_charge = reply_move_charge
        self.first_rollouts = first_rollouts
        self.candidates, self.alternatives = candidates, alternatives
        self.budget, self.deadline = budget, deadline
        self.last_search: tuple[int, int] = (0, 0)
        self._work = 0
        self._inner_bot: NormalBot | None = None
        self._own_bot: NormalBot | None = None

    def choose_first(self, state: GameState) -> Action:
        """Who goes first this round (RND-1), in a battle of two sides: the choice whose round, played out
        to its end by both sides with ``normal``'s policy (ours with this level's planner options, ``_own``;
        the enemy's as ``normal`` plays, ``_inner``) on the bot's own dice, leaves the enemy the greater
        loss (``_loss``: creatures destroyed and damage, ours counted against), over ``first_rollouts``
        play-outs of each choice on the same dice (common random numbers; with a ``deadline``, no more
        once it has passed).  Ties, and ``first_rollouts`` 0 or three sides or more: this bot goes first
        (``Bot.choose_first``).  Returns a ChooseFirstPlayer.
        """
        base = super().choose_first(state)
        options = [a for a in legal_actions(state) if isinstance(a, ChooseFirstPlayer)]
        if self.first_rollouts <= 0 or len(state.teams) > 2 or len(options) < 2:
            return base
        me = state.decider
        seeds = [self.rng.getrandbits(64) for _ in range(self.first_rollouts)]
        options.sort(key=lambda a: a != base)  # ours first: it wins a tie
        losses = [0.0] * len(options)
        start = time.perf_counter()
        for seed in seeds:  # each choice on the same dice; a late search keeps the pairs played out
            for k, option in enumerate(options):
                losses[k] += self._loss(state, self._round_played_out(state, option, seed, me), me)
            if self.deadline is not None and time.perf_counter() - start > self.deadline:
                break
        best = min(range(len(options)), key=losses.__getitem__)
        return options[0] if losses[0] <= losses[best] + 1e-9 else options[best]

    def _round_played_out(self, state: GameState, first: ChooseFirstPlayer, seed: int, me: int) -> GameState:
        """``state`` after ``first`` and the rest of the round (or the battle's end, or FIRST_ACTIONS
        actions), every decision by ``normal``'s policy (``_own`` for our side, ``_inner`` for the
        enemy's) and every die from ``SeededDice.from_seed(seed)``."""
        st, _ = apply(with_dice(state, SeededDice.from_seed(seed)), first)
        team = state.team_of(me)
        for _ in range(FIRST_ACTIONS):
            if st.is_over or st.round != state.round or st.phase is Phase.CHOOSE_FIRST:
                break
            bot = self._own if st.team_of(st.decider) == team else self._inner
            action = bot.choose(st)
            st, _ = apply(st, action)
        return st

    def choose_area(self, state: GameState) -> Action:
        """Pick a start area (SET-2); in a free-for-all of three sides or more (SCN-MULTI) the one whose
        VP zone lies by the rival with the lowest armour (``armour``).

        The start area nearest our VP zone (``contested``) holds the rival we fight for it all
        battle long, and a rival in heavier armour is harder to hit and kill (kill VP).  When that
        area is taken, its owner is that rival; when it is free, it is one of the rivals still to
        choose (their mean armour).  Ties, the first pick and every battle of two sides: as
        ``normal`` picks (``Bot.choose_area``).  Returns a ChooseStartArea.
        """
        base = super().choose_area(state)
        if len(state.teams) <= 2 or not isinstance(base, ChooseStartArea):
            return base
        me = state.decider
        owner = {area: p for p, area in state.areas.items()}
        waiting = [p for p in range(state.players) if p not in state.areas and state.hostile(p, me)]
        unknown = sum(armour(state, p) for p in waiting) / len(waiting) if waiting else 0.0

        def rival_armour(a: ChooseStartArea) -> float:
            near = contested(state, a.area)
            return armour(state, owner[near]) if near in owner else unknown

        options = [a for a in legal_actions(state) if isinstance(a, ChooseStartArea)]
        best = min(rival_armour(a) for a in options)
        if rival_armour(base) <= best + 1e-9:
            return base
        return next(a for a in options if rival_armour(a) <= best + 1e-9)

    def options(self, state: GameState) -> list[tuple[float, str, Action]]:
        """(gain, creature uid, first action) to try, best gain first.

        The ``candidates`` creatures with the best plans, each with up to
        ``alternatives`` different first actions (``Plan.notes``), the gain
        of each being its score over the creature's idle value.
        """
        plans = best_plans(state, state.turn_player, board=self.board(state, state.turn_player))
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
            me = state.turn_player
            # the loss is never negative (so a lower gain cannot do better) unless our VP zone may win
            # the battle this round (SCN-ASSAULT, _round_end): then it may be as low as -1000
            floor = -1000.0 if state.vp_zone(me) and zone_reaches_target(state, state.team_of(me)) else 0.0
            for opt in opts:
                gain, uid, first = opt
                if best_value is not None and gain - floor <= best_value:
                    break  # this one cannot do better
                # the next option is expected to cost what the ones tried cost on average: stop
                # before it when that would overrun the budget (not only once it is overrun)
                if tried and (self._work + self._work / tried > self.budget or (
                        self.deadline is not None and time.perf_counter() - start > self.deadline)):
                    break
                tried += 1
                value = gain - self.expected_loss(state, uid, seed, first)
                if best_value is None or value > best_value:
                    best, best_value = opt, value
        self.last_search = (tried, self._work)
        self._planned = (state.step + 1, best[1], position_key(state), best[2])
        return Activate(best[1])

    def expected_loss(self, state: GameState, uid: str, seed: int, first: Action | None = None) -> float:
        """The expected loss the opponent's reply inflicts after activating ``uid`` (VP-equivalents).

        Averaged over the played-out outcomes of our activation (``_leaf_loss``;
        ±1000 for a decided battle).

        ``first`` is the first action planned for it (``Plan.action``; used
        when still legal after the activation began, else re-planned).
        """
        me = state.turn_player
        st, _ = apply(self._own_dice(state, seed), Activate(uid))
        total = 0.0
        for w, leaf in self._playout(st, uid, seed, 0, first):
            total += w * self._leaf_loss(leaf, me, seed)
        return total

    @staticmethod
    def _own_dice(state: GameState, seed: int) -> GameState:
        return with_dice(state, BranchDice(SeededDice.from_seed(seed ^ 0x5EED)))

    def _playout(self, state: GameState, uid: str, seed: int, depth: int, first: Action | None = None, *,
                 reply: bool = False) -> list[tuple[float, GameState]]:
        """Play ``uid``'s activation with ``normal``'s policy from ``state``: [(probability, state)].

        Our own (``reply`` False): to the end of the activation, its attack
        rolls enumerated (ENUMERATED_ROLLS).  The enemy's predicted reply
        (``reply`` True): until its attack is made, REPLY_ROLLS enumerated,
        each step counted as work.  ``first`` is the planned first action
        (used while legal).
        """
        if (state.is_over or state.phase not in (Phase.ACTING, Phase.FORCED) or state.active_uid != uid
                or depth >= MAX_ACTIONS or (reply and state.attack_used)):
            return [(1.0, state)]
        if reply:
            self._work += 1
        if state.phase is Phase.FORCED:  # a push or a fall to settle (MOV-14): the decider's heuristic
            st, _ = apply(state, self._inner.choose(state))
            return self._playout(st, uid, seed, depth + 1, reply=reply)
        if first is not None and check(state, first) is None:
            action = first
        else:  # the enemy's reply with normal's planner, our own activation with ours (as it will be played)
            action = NormalBot.choose_battle(self._inner if reply else self._own, state)
        if reply:
            branches = outcomes(state, action, seed + 104729 * (depth + 1), REPLY_ROLLS)
        else:
            branches = outcomes(state, action, seed + 7919 * (depth + 1))
        out = []
        for w, st in branches:
            for w2, leaf in self._playout(st, uid, seed, depth + 1, reply=reply):
                out.append((w * w2, leaf))
        return out

    @property
    def _inner(self) -> NormalBot:
        """``normal`` as it plays (``NORMAL_OPTIONS``, this level's ``charge_reach``), planning a move
        and then a charge too with ``reply_move_charge``, made once: the enemy's predicted reply."""
        if self._inner_bot is None:
            options = replace(NORMAL_OPTIONS, charge_reach=self.planner_options.charge_reach,
                              move_charge=self.reply_move_charge)
            self._inner_bot = NormalBot(planner_options=options)
        return self._inner_bot

    @property
    def _own(self) -> NormalBot:
        """``normal`` with this level's planner options, made once: our own activations, played out as played
        (it plans with ``HardBot.board``, so in a free-for-all it waits as this bot does)."""
        if self._own_bot is None:
            self._own_bot = OwnPlayout(planner_options=self.planner_options)
        return self._own_bot

    def board(self, state: GameState, player: int) -> Board:
        """The planner's shared facts for ``player`` (``NormalBot.board``); in a free-for-all of three
        sides or more (SCN-MULTI) with ``PlannerOptions.wait`` on: our creatures let the other sides
        meet first (``board.rivals_apart``)."""
        return Board(state, player, options_for(self.planner_options, state))

    def _leaf_loss(self, leaf: GameState, me: int, seed: int = 0) -> float:
        """The expected loss the opponent's next activation inflicts on ``me``'s side in ``leaf``.

        In VP-equivalents, never negative; -1000 / +1000 for a battle won / lost.
        The enemy creatures still to act this round are ranked by their best
        attack (``threat_value``); the REPLY_CANDIDATES most dangerous are
        planned with ``normal``'s own scoring (``plan_creature``) and the one
        with the best gain is the predicted reply.  When the enemy's turn that
        follows has two activations (RND-2), or our side has nothing left to
        activate (RND-4), the next best plan acts after it (``_replies``, at
        most MAX_REPLIES).  Each activation is played out with ``normal``'s
        policy until its attack is made, its attack roll enumerated by class
        of face (miss, hit, critical hit) on the bot's own dice; the loss is
        what our side would lose over them all (``_loss``).  When our own
        second activation of the turn comes first (RND-2), the reply is
        weighed by the chance that none of our creatures still to act could
        destroy the replier (``threat_value(kill_only=True)``); if one does,
        the other planned enemy replies instead.
        When every enemy creature has acted, the enemies' threats for the
        next round count instead, summed, by LATER.
        """
        if leaf.is_over:
            return -1000.0 if leaf.winner is not None and not leaf.hostile(leaf.winner, me) else 1000.0
        foes = leaf.enemy_creatures(me)
        pool = [c for c in foes if not c.activated]
        if pool and leaf.players > 2:  # SCN-MULTI: only the next enemy in turn order replies next
            enemy = self._next_enemy(leaf, me, pool)
            pool = [c for c in pool if c.player == enemy]
        team = leaf.team_of(me)
        victims = [c for c in leaf.alive() if c.team == team]
        if not pool:
            chance, decided = self._round_end(leaf, me)
            total = 0.0
            if chance < 1:
                for e in foes:
                    self._work += 1
                    total += threat_value(leaf, e, victims)
            return chance * decided + (1 - chance) * LATER * total
        enemy = pool[0].player  # the one enemy seat (SCN-MULTI: the next to act, ``_next_enemy``)
        ranked = self._ranked(leaf, pool, victims)
        plans = self._seat_plans(leaf, enemy, ranked, victims)
        first_turn = [(enemy, p) for _, p in plans[:self._replies(leaf, me, len(pool))]]
        later = self._later_replies(leaf, me, enemy, victims)
        loss, decided = self._reply_loss(leaf, leaf, me, first_turn + later, seed)
        if leaf.phase is Phase.ACTIVATE and not leaf.hostile(leaf.turn_player, me) and loss + decided > 0:
            # RND-2: our second activation of the turn comes first and may destroy the replier
            first = leaf.creature(first_turn[0][1].uid)
            kill = max((threat_value(leaf, c, [first], kill_only=True) for c in leaf.alive()
                        if c.team == team and not c.activated), default=0.0)
            self._work += 1
            if kill > 0:
                instead = (0.0, 0.0)
                if len(plans) > 1 or later:
                    instead = self._reply_loss(leaf, leaf, me, [(enemy, p) for _, p in plans[1:2]] + later, seed)
                loss = (1 - kill) * loss + kill * instead[0]
                decided = (1 - kill) * decided + kill * instead[1]
        return REPLY * max(0.0, loss) + decided

    def _ranked(self, leaf: GameState, pool: list, victims: list) -> list[tuple[float, int, Creature]]:
        """``pool`` (enemy creatures still to activate) ranked by their best attack on ``victims`` (our
        side's creatures; ``threat_value``): [(-threat, index in pool, creature)], the most dangerous first."""
        ranked = []
        for i, e in enumerate(pool):
            self._work += 1
            ranked.append((-threat_value(leaf, e, victims), i, e))
        ranked.sort(key=lambda x: x[:2])
        return ranked

    def _seat_plans(self, leaf: GameState, enemy: int, ranked: list, victims: list) -> list[tuple[int, Plan]]:
        """The predicted replies of seat ``enemy`` in ``leaf``: [(threat rank, plan)], best gain first.

        ``ranked`` is its creatures still to activate, ranked by their best
        attack on ``victims`` (our side's creatures; ``_ranked``); the
        REPLY_CANDIDATES most dangerous are planned with ``normal``'s own
        scoring (``plan_creature``, as seat ``enemy`` sees the board: in a
        free-for-all it may prefer a third player's creature, and then costs
        us nothing).
        """
        enemy_turn = as_turn_of(leaf, enemy)
        board = Board(enemy_turn, enemy, self._inner.planner_options, self._board_memo)
        plans = []
        for k, (threat, _, e) in enumerate(ranked[:self.reply_candidates]):
            if threat >= 0 and k:
                break  # it cannot attack anyone: the first one stands
            plans.append((k, plan_creature(enemy_turn, enemy_turn.creature(e.uid), board)))
            self._work += 2
        plans.sort(key=lambda kp: (-kp[1].gain, kp[0]))
        return plans

    def _later_replies(self, leaf: GameState, me: int, enemy: int, victims: list) -> list[tuple[int, Plan]]:
        """The turns of the other enemy seats that come before our next one (SCN-MULTI, RND-2..4).

        In a battle of three or four players, after seat ``enemy`` (the next
        enemy, ``_next_enemy``) the turn goes round the table (``_seats_before_us``);
        each hostile seat with creatures still to activate that acts before
        ``me`` again takes a turn of up to two activations (RND-2), its
        best plans (``_seat_plans``), up to MAX_REPLY_SEATS seats in all.
        Returns [(seat, plan)] in the order they act; [] in a duel.
        """
        out: list[tuple[int, Plan]] = []
        for seat in self._seats_before_us(leaf, me, enemy)[:MAX_REPLY_SEATS - 1]:
            pool = [c for c in leaf.alive(seat) if not c.activated]
            plans = self._seat_plans(leaf, seat, self._ranked(leaf, pool, victims), victims)
            out += [(seat, p) for _, p in plans[:min(2, len(pool), MAX_REPLIES)]]
        return out

    @staticmethod
    def _seats_before_us(leaf: GameState, me: int, enemy: int) -> list[int]:
        """The hostile seats after ``enemy`` whose turns come before ``me``'s next one (SCN-MULTI).

        Turns go round the table in seat order (RND-2); a seat with nothing
        left to activate is passed over (RND-4).  The list stops at ``me``
        while our side still has a creature to activate (else every enemy
        still waiting acts before the round ends); teammates are passed
        over (they act, but the look-ahead does not play them).
        """
        if leaf.players <= 2:
            return []
        team = leaf.team_of(me)
        ours_left = any(c.team == team and not c.activated for c in leaf.alive())
        out = []
        for k in range(1, leaf.players):
            p = (enemy + k) % leaf.players
            if p == me and ours_left:
                break
            if leaf.hostile(p, me) and any(not c.activated for c in leaf.alive(p)):
                out.append(p)
        return out

    @staticmethod
    def _next_enemy(leaf: GameState, me: int, waiting: list) -> int:
        """The enemy seat whose turn comes first after our activation ends in ``leaf`` (SCN-MULTI).

        Turns go round the table in seat order from the player whose turn it
        is (RND-2; ``leaf.turn_player``: our side while our second activation
        is pending), passing over our teammates and players with nothing left
        to activate (RND-4).  ``waiting`` is the enemy creatures still to
        activate (not empty); returns the seat of the first enemy, in that
        order, that owns one of them.
        """
        seats = {c.player for c in waiting}
        for k in range(leaf.players):
            p = (leaf.turn_player + k) % leaf.players
            if p in seats and leaf.hostile(p, me):
                return p
        return waiting[0].player

    @staticmethod
    def _replies(leaf: GameState, me: int, waiting: int) -> int:
        """How many enemy activations come in a row after our activation ends in ``leaf`` (RND-2..4).

        The enemy's turn has ``activations_left`` activations (two, RND-2);
        when our side has nothing left to activate, every enemy creature
        still waiting acts in turn (RND-4).  Our own second activation of the
        turn still pending counts as one (the reply after it).  At most
        MAX_REPLIES and ``waiting``.
        """
        n = 1
        if leaf.phase is Phase.ACTIVATE and leaf.hostile(leaf.turn_player, me):
            n = max(1, leaf.activations_left)
            team = leaf.team_of(me)
            if not any(c.team == team and not c.activated for c in leaf.alive()):
                n = waiting
        return max(1, min(n, waiting, MAX_REPLIES))

    def _reply_loss(self, leaf: GameState, state: GameState, me: int, replies: list[tuple[int, Plan]],
                    seed: int) -> tuple[float, float]:
        """Our expected loss from ``leaf`` when the planned ``replies`` act one after another from ``state``.

        ``replies``: (seat, plan) pairs in the order they act (SCN-MULTI: the
        next enemy's turn, then the other enemy seats' before ours).  Each
        reply is activated and played out with ``normal``'s policy until
        its attack is made (its planned first action while legal, its attack
        roll enumerated); the next starts from each outcome.  A reply whose
        creature is gone is skipped.  Returns (the loss in creatures and HP,
        ``_loss``; the part where the battle is decided: ended in the reply, or
        by a VP zone at the end of the round, ``_round_end``: ±1000 × its
        chance), each an expectation over the outcomes.
        """
        if state.is_over:  # the battle ended in the reply (its zones scored at the end of the round, …)
            return 0.0, self._loss(leaf, state, me)
        if not replies:
            chance, decided = self._round_end(state, me)
            return (1 - chance) * self._loss(leaf, state, me), chance * decided
        (enemy, plan), rest = replies[0], replies[1:]
        c = state.find(plan.uid)
        if c is None or not c.alive or c.activated:
            return self._reply_loss(leaf, state, me, rest, seed)
        st = with_dice(as_turn_of(state, enemy), BranchDice(SeededDice.from_seed(seed ^ 0xE4E7 ^ (len(rest) << 20))))
        if check(st, Activate(plan.uid)) is not None:  # e.g. a creature another player controls (CON-6)
            return self._reply_loss(leaf, state, me, rest, seed)
        st, _ = apply(st, Activate(plan.uid))
        loss = decided = 0.0
        for w, after in self._playout(st, plan.uid, seed + 31 * len(rest), 0, plan.action, reply=True):
            part, zone = self._reply_loss(leaf, after, me, rest, seed)
            loss += w * part
            decided += w * zone
        return loss, decided

    def _round_end(self, state: GameState, me: int) -> tuple[float, float]:
        """(chance, loss): how likely the VP zones as held in ``state`` decide the battle at the end of
        this round, and ``me``'s loss then (-1000 won, +1000 lost; SCN-ASSAULT, SCN-UNCONTESTED).

        The engine's ``round_end_winner`` says which side, if any, the zones would
        make reach the VP target.  Our side: certain once no enemy creature
        can act before the round ends (none still to activate; an active one
        with its attack made, and its move made too when a walk could change
        the result: into its own winning zone, or contesting ours in
        Uncontested).  The enemy: certain when none of our creatures can
        act before the round ends; else the chance that none of those still
        to activate can destroy its only holder (``threat_value`` with
        ``kill_only``; none with two holders or more).  (0, 0) otherwise,
        and while one of our creatures is still acting.
        """
        winner = round_end_winner(state)
        if winner is None:
            return 0.0, 0.0
        team = state.team_of(me)
        active = state.peek(state.active_uid) if state.active_uid else None
        if active is not None and active.team == team:
            return 0.0, 0.0
        ours_left, theirs_left = [], False
        for c in state.alive():
            if c.activated or (active is not None and c.uid == active.uid):
                continue
            if c.team == team:
                ours_left.append(c)
            else:
                theirs_left = True
        if not state.hostile(winner, me):  # our side wins
            if theirs_left:
                return 0.0, 0.0
            if active is not None:
                if not state.attack_used:
                    return 0.0, 0.0
                could_score = zone_reaches_target(state, active.team)
                if not state.move_used and (could_score or state.rules.uncontested):
                    return 0.0, 0.0
            return 1.0, -1000.0
        if not ours_left:
            return 1.0, 1000.0
        winners = state.team_of(winner)  # SCN-MULTI: only the winning side's holders count
        holders = [c for c in state.alive() if c.team == winners and c.in_zone(state.vp_zone(c.player))]
        keep = 1.0
        if len(holders) == 1:
            self._work += 1
            keep -= max(threat_value(state, c, holders, kill_only=True) for c in ours_left)
        return keep, 1000.0

    @staticmethod
    def _loss(before: GameState, after: GameState, me: int) -> float:
        """What ``me``'s side loses from ``before`` to ``after``, in VP-equivalents (gains count negative).

        A destroyed creature costs its cost and half again (KILL_THREAT: the
        threat it no longer poses), plus the VP it scored the enemy when that
        is more; damage costs ``damage_value``.  The same for the enemies'
        creatures with the sign reversed (e.g. opportunity attacks they
        provoke).  A battle decided counts ±1000.
        """
        if after.is_over:
            return 1000.0 if after.winner is not None and after.hostile(after.winner, me) else -1000.0
        team = before.team_of(me)
        loss = 0.0
        for c in before.alive():
            a = after.creature(c.uid)
            sign = 1.0 if c.team == team else -1.0
            if not a.alive:
                loss += sign * max(c.card.cost * (1 + KILL_THREAT), kill_vp(before, c))
            elif a.hp < c.hp:
                loss += sign * damage_value(c, c.hp - a.hp)
        return loss


__all__ = ["BranchDice", "HardBot", "OwnPlayout", "options_for", "outcomes"]
