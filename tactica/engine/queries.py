"""Read-only questions clients ask about a state (no rule is changed here).

Small pure helpers for user interfaces and bots that combine the engine's
own functions, so clients never compute a rule themselves.
"""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, Charge, DeclinePower, Move, Teleport
from .auras import speed as aura_speed
from .combat import AttackPreview, has_cover, preview
from .errors import IllegalAction
from .events import CaveCheck, CreatureDestroyed, CreatureDrifted, CreatureSlid
from .footprint import footprint
from .game import apply
from .large import AnchorThreats, big_path_cost, provokers, squeezed_size
from .legal import charge_choices, move_allowance, move_budget, move_reach, move_rest, run_budget
from .members import ATTACK_KIND_RANGED, PHASE_ACTING, PHASE_CHAMPION
from .model import AttackDef, Square
from .modules import book_of
from .movement import legal_stop, path_cost, reach
from .resolution import keep_rest_for_jump, pay_move
from .state import Creature, GameState
from .teleporters import teleport_squares
from .terrain import TerrainKind, no_stop_reason
from .threats import ShotFrom


def charge_preview(state: GameState, charge: Charge) -> AttackPreview | None:
    """What the charge attack of ``charge`` would do, judged from its end square (CHG-1, MOD table).

    The active creature is placed (in a copy of the state) on the charge's
    destination, then ``combat.preview`` is asked with the charge bonus, so
    flanking from the end square counts.  Opportunity attacks on the way are
    not included.  Returns None when there is no active creature, target or
    basic melee attack.
    """
    me = state.active_creature
    melee = me.card.basic_melee if me is not None else None
    if me is None or melee is None:
        return None
    st = state.copy()
    mover = st.creature(me.uid)
    target = st.find(charge.target)
    if target is None or not target.alive:
        return None
    mover.pos = charge.destination
    return preview(st, mover, target, melee, charge=True)


def charges_from(state: GameState, square: Square) -> tuple[ShotFrom, ...]:
    """What the active creature could charge after a move action that ends on ``square`` (an (x, y)
    pair, its anchor): a move then a charge (ACT-1, ACT-3: a charge is its attack action, CHG-1).  For
    each enemy a charge from there reaches (line of sight at its start, CHG-2; at least 2 squares, ending
    on the nearest square next to the target, CHG-3), the charge's best chance to hit from one of its end
    squares (``charge_preview``: the charge bonus and flanking from there, ATK-3, MOD table; ``cover``
    False) -- best chance first, then the state's order.  Empty without an active creature, once its
    attack action is used, or when it has no basic melee attack (CHG-1).  The move itself is not checked
    (ask ``check``), nor the opportunity attacks on either way; ``state`` is unchanged."""
    me = state.active_creature
    if me is None or state.map is None or state.attack_used:
        return ()
    melee = me.card.basic_melee
    if melee is None:
        return ()
    trial = state.copy()
    trial.own(me.uid).pos = square
    trial.move_used = True
    pairs, _ = charge_choices(trial)
    best: dict[str, ShotFrom] = {}
    for target, end in pairs:
        seen = charge_preview(trial, Charge(target, (end,)))
        if seen is None:
            continue
        if target not in best or seen.hit_chance > best[target].hit_chance:
            best[target] = ShotFrom(target, melee.name, seen.hit_chance, False)
    order = {c.uid: i for i, c in enumerate(state.creatures)}
    return tuple(sorted(best.values(), key=lambda s: (-s.hit_chance, order[s.target])))


def stop_refusal(state: GameState, square: Square) -> tuple[str, str] | None:
    """Why the active creature may not end a move on ``square`` whatever the route (MOV-2, MOV-13,
    TER-PIT, TER-STATUE, G35-OBSTACLE), as (code, sentence): "off-map", "wall", "no-stop" (a statue, a
    low obstacle, a map kind without stops: ``no_stop_reason``), "occupied",
    "pit" (it does not fly); None when it may stop there (``movement.legal_stop``)."""
    me = state.active_creature
    if me is None or state.map is None or legal_stop(state, me, square):
        return None
    squares = footprint(square, me.card.size)
    if not all(0 <= x < state.map.width and 0 <= y < state.map.height for x, y in squares):
        return ("off-map", "That square is off the map." if me.card.size < 2
                else f"{me.card.name} would not fit on the map there (MOV-13).")
    if any(state.geometry.is_wall(sq) for sq in squares):
        return ("wall", "A move cannot end in a wall (MOV-2).")
    blocked = [sq for sq in squares if not state.map.rules_at(sq).can_stop]
    if blocked:
        return ("no-stop", no_stop_reason(state.map.terrain_at(blocked[0])))
    if any((c := state.creature_at(sq)) is not None and c.uid != me.uid for sq in squares):
        return ("occupied", "A move cannot end on another creature's square (MOV-2).")
    return ("pit", "Only flying creatures may end a move in a pit (TER-PIT).")


def move_refusal(state: GameState, square: Square) -> tuple[str, str] | None:
    """Why no move of the active creature ends on ``square`` now, as (code, sentence); None when one
    does.  The square itself first (``stop_refusal``), then the way there: "too-far" (the cheapest
    legal way costs more squares of movement than its speed gives, MOV-1, MOV-8), "no-route" (walls,
    pits or enemies block every way, MOV-5, MOV-7), "cannot-move" (speed 0, MOV-4), "here" (it stands
    there).  Whether its move action is left is ``check``'s answer, not this one's; with a module
    that splits moves (G5E-SPLIT) "too-far" counts what is left of the open move action."""
    me = state.active_creature
    if me is None or state.map is None:
        return None
    if square == me.pos:
        return ("here", f"{me.card.name} already stands there.")
    found = book_of(state).square_refusal(state, me, square)  # an optional module's own reason (UG-*)
    if found is not None:
        return found
    stop = stop_refusal(state, square)
    if stop is not None:
        return stop
    budget = aura_speed(state, me)
    if budget <= 0:
        return ("cannot-move", f"{me.card.name} cannot move (speed 0).")
    unlimited = 4 * state.map.width * state.map.height  # more than any route across the map costs
    far = reach(state, me, unlimited)
    if not far.has(square):
        return ("no-route", "No way leads there: walls, pits or enemies block every route (MOV-2, MOV-5).")
    cost = far.cost(square)
    if state.move_spent is not None or book_of(state).keeps_move_rest:  # G5E-SPLIT: the open rest, and any action's
        budget = move_allowance(state)
        if cost > budget:
            why = ("G5E-SPLIT, G5E-ENTER" if book_of(state).keeps_move_rest
                   else "what is left of its move after the teleporter jump, or a fresh move: TER-TELEPORT")
            return ("too-far", f"That move needs {cost} squares of movement; {me.card.name} has {budget} "
                               f"left ({why}).")
    if cost > budget:
        run = run_budget(state)
        if run and cost <= run:  # G35-RUN: near enough for a run, which never enters hampered ground
            if reach(state, me, run, running=True).has(square):
                return None  # a run ends there
            return ("too-far", f"That move needs {cost} squares of movement; {me.card.name} has {budget} (MOV-1), "
                               "and a run cannot go there: a run never enters a hampered square "
                               "(G35-HAMPER, G35-RUN).")
        return ("too-far", f"That move needs {cost} squares of movement; {me.card.name} has {budget} (MOV-1).")
    return None


def ends_activation_in_pit(state: GameState, action: Action) -> bool:
    """Whether applying ``action`` now (a move, a charge, an end of activation) ends the active
    creature's activation over a pit, so that the pit destroys it (TER-PIT).

    ``action`` is applied to a copy of ``state`` in which the active creature cannot be destroyed on
    the way (an opportunity attack, a charge's), so the answer never depends on the dice still to
    come: it says whether the pit would take the creature, not whether the next rolls do.  Returns
    False when there is no active creature or the engine refuses ``action``; ``state`` is unchanged.
    """
    me = state.active_creature
    if me is None:
        return False
    trial = state.copy()
    trial.creature(me.uid).hp = 10 ** 6  # out of reach of any damage on the way
    try:
        _, events = apply(trial, action)
    except IllegalAction:
        return False
    return any(isinstance(e, CreatureDestroyed) and e.uid == me.uid and e.cause == "pit" for e in events)


def provokers_of_squeeze(state: GameState, path: tuple[Square, ...]) -> tuple[str, ...]:
    """Uids of the enemies whose opportunity attacks the active creature provokes squeezing along
    ``path`` (its anchors after the start), in the order they strike: a squeezing Huge creature moves
    as 2x2 and only leaving its start provokes, with its full footprint there (MOV-13, OA-1, docs/rules.md).
    Returns () when there is no active creature or ``path`` is empty."""
    me = state.active_creature
    if me is None or not path:
        return ()
    size = squeezed_size(state, me) or me.card.size
    return provokers(state, me, path, size, AnchorThreats(state, me, size, start_only=True))


def walk_to(state: GameState, uid: str, target: str) -> int | None:
    """Squares of movement creature ``uid`` spends on its cheapest walk to a square next to creature
    ``target`` (every square of it next to, none on, the target's: RNG-1), counted as its moves are
    (MOV-1, MOV-5, MOV-7..11, MOV-13, TER-*; the active rule modules' step prices, G35-DIAG), however
    many moves that takes: the other creatures stand where they are; 0 when it stands next to the
    target already.  None when no walk gets there, for an unknown uid or a creature off the map;
    ``state`` is unchanged.  Not a range: ranges and reach count squares as RNG-5 says
    (``creature_distance``), diagonals and difficult ground alike."""
    me, foe = state.find(uid), state.find(target)
    if me is None or foe is None or me.pos is None or foe.pos is None or state.map is None:
        return None
    size, theirs = me.card.size, set(foe.squares)

    def beside(anchor: Square) -> bool:
        body = footprint(anchor, size)
        return not theirs.intersection(body) and any(
            max(abs(x - tx), abs(y - ty)) == 1 for x, y in body for tx, ty in theirs)
    if beside(me.pos):
        return 0
    bmap = state.battle_map
    budget = 12 * (bmap.width + bmap.height)  # past any walk on the map (a step costs 12 at most: G35-HAMPER)
    found = reach(state, me, budget, min_first_step=False)
    costs = [found.cost(sq) for sq in found.destinations if beside(sq)]
    return min(costs) if costs else None


def movement_spent(state: GameState, uid: str, start: Square, path: tuple[Square, ...], *,
                   squeezed: bool = False) -> int:
    """Squares of movement creature ``uid`` spends moving from ``start`` along ``path`` (the squares it
    enters, in order) on ``state``'s map: difficult terrain costs 2 (MOV-8, TER-*), a Large or Huge
    creature's anchors are priced as MOV-13 says, and the active rule modules price each step
    (G35-DIAG).  ``squeezed``: the path is a squeeze's, priced with the squeezed block
    (docs/rules.md Squeeze: 2×2 for a Huge creature).  ``len(path)`` for an unknown uid;
    ``state`` is unchanged."""
    me = state.find(uid)
    if me is None or not path:
        return len(path)
    trial = state.copy()
    mover = trial.creature(uid)
    mover.pos = start
    size = squeezed_size(trial, mover) if squeezed else 0
    if size:
        return big_path_cost(trial, mover, path, size)
    return path_cost(trial, path, mover)


@dataclass(frozen=True)
class MovePrice:
    """What a move of the active creature costs and takes, counted the way the active rule modules
    count it (``move_price``).

    Attributes:
        steps: squares of movement each step of the path costs, in order (MOV-1, MOV-8; G35-DIAG's
            1-2-1-2 diagonals, G35-HAMPER's x2/x4, G5E-DIFF's +1, UG-LOW's stooping and crawling).
        total: their sum: what the move spends.
        left: squares of movement a move may spend now without running (a fresh move action's, and
            the open rest of one, G5E-SPLIT).
        run_left: squares a run may spend now (G35-RUN: the module's multiple of the speed with no
            action used); 0 when the creature may not run.
        speed: the creature's speed now (MOV-1, CON-5, CON-8, speed auras).
        takes: what the move uses: "rest" (the open rest of a move action: no action, G5E-SPLIT,
            TER-TELEPORT), "move action", "attack action" (a second move, ACT-3), "move and attack
            actions" (a double move at once, G5E-SPLIT, ACT-3) or "both actions"
            (a run, G35-RUN, or the one-square move that takes the whole activation, G35-MIN).
        run: True when it is a run (G35-RUN: more than the speed, at most ``run_left``).
    """

    steps: tuple[int, ...]
    total: int
    left: int
    run_left: int
    speed: int
    takes: str
    run: bool


def move_price(state: GameState, path: tuple[Square, ...]) -> MovePrice | None:
    """What the active creature's move along ``path`` (the squares it enters, in order) costs and
    which actions it uses, by the active rule modules (MOV-1, MOV-8, ACT-2, ACT-3; G35-DIAG,
    G35-HAMPER, G35-RUN, G35-MIN, G5E-DIFF, G5E-SPLIT, UG-LOW).  The move is not checked (ask
    ``check``); ``state`` is unchanged.  None without an active creature or with an empty path."""
    me = state.active_creature
    if me is None or not path:
        return None
    trial = state.copy()
    mover = trial.creature(me.uid)
    running = [path_cost(trial, path[:n], mover) for n in range(1, len(path) + 1)]
    steps = tuple(b - a for a, b in zip([0] + running[:-1], running))
    total = running[-1]
    before = (trial.move_used, trial.attack_used)
    mode = pay_move(trial, total)
    after = (trial.move_used, trial.attack_used)
    book = book_of(state)
    speed = move_budget(state)
    if (book.min_step_takes_turn or book.run_factor) and total > speed:
        takes = "both actions"  # G35-RUN, G35-MIN
    elif after == before:
        takes = "rest"  # G5E-SPLIT, TER-TELEPORT
    elif not before[0] and not before[1] and after[0] and after[1]:
        takes = "move and attack actions"  # G5E-SPLIT: a double move at once (ACT-3)
    elif not before[0] and after[0]:
        takes = "move action"
    else:
        takes = "attack action"  # ACT-3
    left = move_allowance(state)
    if takes == "move action" and book.keeps_move_rest and not before[1]:
        left -= speed  # G5E-SPLIT: within one action's squares; the attack action's are not drawn on
    return MovePrice(steps, total, left, run_budget(state), speed, takes,
                     mode == "run" and len(path) > 1)


class _PassingDice:
    """Dice for ``move_checks``: every d20 shows 19 (a check passes, so each one due is rolled and
    logged), every other die its highest face."""

    def roll(self, sides: int) -> tuple[int, _PassingDice]:
        return (19 if sides == 20 else sides), self


def move_checks(state: GameState, action: Action) -> tuple[tuple[str, str], ...]:
    """The rule modules' checks and risks the active creature's move ``action`` (a Move or a Charge)
    would meet, as (rule ID, what) pairs in the order they fall due: a d20 check of the
    underground module ("bump in the dark", "stumble", "turn on ice", "stop on ice", "run on ice":
    UG-DARK, UG-SLIP), ("UG-DARK", "drift") when the move ends in the dark away from a wall, and
    ("UG-SLIDE", "slide") when it enters a slope.  Found by applying ``action`` to a copy of
    ``state`` whose dice pass every check and whose creature cannot be destroyed on the way, so the
    answer never depends on the dice still to come; a champion-power window that opens on the way
    (CHP-2: after an opportunity attack) is declined and the action carried on.  () without an
    active creature, when the engine refuses ``action``, or with no module that checks moves;
    ``state`` is unchanged."""
    me = state.active_creature
    if me is None or not book_of(state).watches_moves:
        return ()
    trial = state.copy()
    trial.creature(me.uid).hp = 10 ** 6  # out of reach of any damage on the way
    trial.dice = _PassingDice()  # type: ignore[assignment]  # any Dice rolls (whatif.Dice)
    try:
        after, events = apply(trial, action)
        events = list(events)
        for _ in range(8):  # CHP-2: a champion-power window mid-action (after an opportunity attack) declined
            if after.phase is not PHASE_CHAMPION or after.interrupted is None:
                break
            after, more = apply(after, DeclinePower())
            events += more
    except IllegalAction:
        return ()
    found: list[tuple[str, str]] = []
    for e in events:
        if isinstance(e, CaveCheck) and e.uid == me.uid:
            found.append((e.rule, e.what))
        elif isinstance(e, CreatureDrifted) and e.uid == me.uid:
            found.append(("UG-DARK", "drift"))
        elif isinstance(e, CreatureSlid) and e.uid == me.uid:
            found.append(("UG-SLIDE", "slide"))
    return tuple(found)


@dataclass(frozen=True)
class TeleportWay:
    """How the active creature reaches a square this activation only through a teleporter
    (TER-TELEPORT): stop on one, jump, carry on.

    Attributes:
        onto: the move onto the teleporter it jumps from; None when it stands on it already.
        jump: the jump (to the exit teleporter).
        then: the move from the exit to the square; None when the square is the exit itself.
        left: squares of movement left after the jump without spending an action (the rest of
            the move that stopped on the teleporter, or of the open move action; 0 when none).
        fresh: ``then`` costs more than ``left``, so it is a fresh move action (ACT-3: the
            attack action when the move action is spent).
    """

    onto: Move | None
    jump: Teleport
    then: Move | None
    left: int
    fresh: bool

    @property
    def first(self) -> Action:
        """The action to take now: the move onto the teleporter, else the jump."""
        return self.onto if self.onto is not None else self.jump


def _jumped(trial: GameState, exit_square: Square) -> GameState:
    """A copy of ``trial`` after its active creature jumps to ``exit_square`` (as ``_h_teleport``)."""
    after = trial.copy()
    if after.jump_spent is not None:
        after.move_spent, after.jump_spent = after.jump_spent, None
    me = after.actor
    me.pos = exit_square
    me.teleported_round = after.round
    return after


def teleport_ways(state: GameState) -> dict[Square, TeleportWay]:
    """Squares the active creature can end a move on this activation only through a teleporter
    (TER-TELEPORT), each with one way there: {square: TeleportWay}.

    A way is: a legal move onto a teleporter (or none when it stands on one
    and may jump), the jump to another unoccupied teleporter, then a legal
    move from there (or none for the exit itself) — the rest of the first
    move, or a fresh move with an action left.  Squares a plain move reaches
    now are left out; among ways to one square the one with the fewest
    squares moved is kept (then the first exit and entry in (row, column)
    order).  Opportunity attacks on the way are not rolled: the way is what
    the rules allow, not what the dice will do.  Empty when no jump is
    possible this activation (no teleporter, used this round, a Large or
    Huge creature).  ``state`` is unchanged.
    """
    me = state.active_creature
    if (me is None or state.phase is not PHASE_ACTING or me.card.size > 1 or state.no_action
            or me.teleported_round == state.round or not state.geometry.teleporters):
        return {}
    direct = move_reach(state)
    starts: list[tuple[Move | None, int, GameState]] = []
    if teleport_squares(state):
        starts.append((None, 0, state))
    for square in sorted(state.geometry.teleporters, key=lambda sq: (sq[1], sq[0])):
        if square == me.pos or not direct.has(square):
            continue
        path = direct.path(square)
        trial = state.copy()
        cost = path_cost(trial, path, trial.actor)
        if pay_move(trial, cost) != "move":
            continue
        trial.actor.pos = square
        keep_rest_for_jump(trial, cost)
        if teleport_squares(trial):
            starts.append((Move(path), len(path), trial))
    found: dict[Square, tuple[int, TeleportWay]] = {}
    for onto, walked, trial in starts:
        for exit_square in teleport_squares(trial):
            after = _jumped(trial, exit_square)
            left = move_rest(after)
            on = move_reach(after)
            candidates = [exit_square] + [sq for sq in on.destinations if not direct.has(sq) and sq != me.pos]
            for square in candidates:
                if direct.has(square) or square == me.pos:
                    continue
                then_path = on.path(square) if square != exit_square else ()
                moved = walked + len(then_path)
                if square in found and moved >= found[square][0]:
                    continue
                then = Move(then_path) if then_path else None
                cost = on.cost(square) if then_path else 0
                found[square] = (moved, TeleportWay(onto, Teleport(exit_square), then, left, cost > left))
    return {sq: way for sq, (_, way) in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][0]))}


@dataclass(frozen=True)
class CoverSource:
    """What gives a target cover against an attack (COV-1..4), for a player to see where the −2 comes
    from.

    Attributes:
        kind: "creature" (an enemy of the attacker standing between, COV-4), "terrain" (a wall, forest
            or statue square a line crosses, COV-2) or "inside" (the target stands in terrain that
            covers whoever is in it: forest, TER-FOREST).
        square: the square of that creature or terrain.
        uid: the creature's uid ("" for terrain).
        terrain: the terrain kind of ``square`` (None for a creature).
    """

    kind: str
    square: Square
    uid: str = ""
    terrain: TerrainKind | None = None


def cover_sources(state: GameState, attacker: Creature, target: Creature, attack: AttackDef
                  ) -> tuple[CoverSource, ...]:
    """Where the cover of ``target`` against ``attacker``'s ``attack`` comes from (COV-1..4): () when it
    has none, or for what this does not trace (melee, close and area attacks, Large and bigger
    creatures: the preview's "cover" stands alone there).

    The target's own square first when it stands in forest (TER-FOREST); else each enemy of the attacker
    without whom the target would lose its cover (COV-4); else, when walls or covering terrain alone
    give it, the square of such terrain nearest the segment between the two creatures' centres (COV-2:
    never one behind the attacker or beyond the target).
    Pure: the state is not changed.
    """
    if attack.kind is not ATTACK_KIND_RANGED or attacker.pos is None or target.pos is None:
        return ()
    if attacker.card.size > 1 or target.card.size > 1 or not has_cover(state, attacker, target, attack):
        return ()
    geo, bmap = state.geometry, state.battle_map
    a, b = attacker.square, target.square
    if bmap.rules_at(b).cover_inside:
        return (CoverSource("inside", b, terrain=bmap.terrain_at(b)),)
    between = [c for c in state.creatures
               if c.pos is not None and not c.destroyed and c.team != attacker.team and c.uid != target.uid]
    if any(c.card.size > 1 for c in between):
        return ()
    squares = [c.square for c in between]
    if not geo.cover(a, b, ()):  # creatures alone give it: those it would be lost without
        needed = tuple(CoverSource("creature", c.square, c.uid) for c in between
                       if not geo.cover(a, b, [sq for sq in squares if sq != c.square]))
        return needed or tuple(CoverSource("creature", c.square, c.uid) for c in between
                               if _in_box(c.square, a, b))
    (ax, ay), (bx, by) = a, b
    candidates = [(x, y) for x in range(min(ax, bx) - 1, max(ax, bx) + 2)
                  for y in range(min(ay, by) - 1, max(ay, by) + 2)
                  if (x, y) not in (a, b) and bmap.in_bounds((x, y))
                  and (bmap.is_wall((x, y)) or bmap.rules_at((x, y)).cover_ranged)]
    if not candidates:
        return ()

    def off_line(sq: Square) -> tuple[float, Square]:
        # distance to the segment between the two centres, not to the whole line: a wall behind the
        # attacker or beyond the target lies on the line's extension and gives no cover
        dx, dy = bx - ax, by - ay
        px, py = sq[0] - ax, sq[1] - ay
        t = min(1.0, max(0.0, (px * dx + py * dy) / max(1e-9, dx * dx + dy * dy)))
        ex, ey = px - t * dx, py - t * dy
        return (ex * ex + ey * ey) ** 0.5, sq

    nearest = min(candidates, key=off_line)
    return (CoverSource("terrain", nearest, terrain=bmap.terrain_at(nearest)),)


def _in_box(sq: Square, a: Square, b: Square) -> bool:
    """True when ``sq`` lies in the rectangle of squares with corners ``a`` and ``b``."""
    return min(a[0], b[0]) <= sq[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= sq[1] <= max(a[1], b[1])
