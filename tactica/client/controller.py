"""What the battle screen's keys mean right now (no Textual here).

The ``Controller`` keeps the screen's interaction mode (picking a creature,
acting, choosing an attack target, choosing a charge) and turns a key press
at a cursor square into an engine ``Action`` to apply, or into the sentence
explaining why not.  Every answer comes from the session's legal actions or
the engine's ``check``; nothing here decides a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from tactica.engine import (
    Action,
    Activate,
    Attack,
    Charge,
    ForceMove,
    Move,
    Phase,
    Place,
    Settle,
    Shift,
    Squeeze,
    UsePower,
)
from tactica.engine.abilities import Aura
from tactica.engine.attacking import attack_allowed, provoked_by
from tactica.engine.auras import squares as aura_squares
from tactica.engine.combat import creature_distance
from tactica.engine.footprint import footprint
from tactica.engine.model import Square
from tactica.engine.uses import attack_available

from .describe import creature_name, describe_preview, player_name
from .session import GameSession


class Mode(str, Enum):
    """The screen's interaction mode."""

    WAIT = "wait"            # a dialog decides (map, start area, first player)
    DEPLOY = "deploy"        # placing creatures by hand (SET-2, SET-3)
    PICK = "pick"            # choose a creature to activate (RND-2)
    ACT = "act"              # the active creature moves or starts an attack (ACT-1)
    ATTACK = "attack"        # choosing the target of an attack (ATK-1)
    AREA = "area"            # aiming a close or area attack (RNG-3, RNG-4)
    CHARGE = "charge"        # choosing the target of a charge (CHG-1)
    CHARGE_END = "charge end"  # choosing where the charge ends (CHG-3)
    FORCE = "force"          # choosing where forced movement takes a creature (MOV-14, TER-PIT)
    OVER = "over"


def _body(me, path: tuple[Square, ...]) -> tuple[Square, ...]:
    """The path to draw: for a Large or Huge mover its anchors plus every square its body would
    fill at the end (MOV-13), so the player sees where it lands; else ``path`` itself."""
    if me is None or not path or me.card.size < 2:
        return path
    end = footprint(path[-1], me.card.size)
    return path + tuple(sq for sq in end if sq not in path)


@dataclass(frozen=True)
class Overlay:
    """What the map marks on top of the terrain (all sets empty by default).

    Attributes:
        reachable: squares the active creature can end a move on.
        shifts: squares the active creature can shift to (MOV-12; the engine's legal shifts).
        path: the previewed path to the cursor square.
        provokers: uids whose opportunity attacks that path provokes.
        targets: uids that may be chosen now (attack, charge, activation).
        picked: uids already chosen for a multi-target attack.
        ends: squares where the chosen charge may end.
        deploy: squares where the next creature may be placed.
        active: uid of the active creature.
        area: squares the aimed close or area attack covers (its template).
        aura: squares the auras of the creature under the cursor cover.
    """

    reachable: frozenset[Square] = frozenset()
    shifts: frozenset[Square] = frozenset()
    path: tuple[Square, ...] = ()
    provokers: frozenset[str] = frozenset()
    targets: frozenset[str] = frozenset()
    picked: frozenset[str] = frozenset()
    ends: frozenset[Square] = frozenset()
    deploy: frozenset[Square] = frozenset()
    active: str | None = None
    area: frozenset[Square] = frozenset()
    aura: frozenset[Square] = frozenset()


Result = Action | str | None
"""A key's effect: an Action to apply, a refusal sentence, or None (mode changed)."""

SAYS_WHY = {"attack": (Mode.PICK, Mode.ACT, Mode.CHARGE, Mode.CHARGE_END),
            "charge": (Mode.PICK, Mode.ACT, Mode.ATTACK, Mode.AREA),
            "move": (Mode.PICK,), "shift": (Mode.PICK,), "power": (Mode.PICK, Mode.ACT), "end": (Mode.PICK,)}
"""Modes in which a key that can do nothing now (its action not ``allowed``) says why (``refusal``)."""

THEN = {"attack": "a attacks", "charge": "c charges", "move": "m moves it", "shift": "s shifts it 1 square",
        "power": "w uses its special power", "end": "e ends its activation"}
"""What each key does once a creature is active, for "Activate a creature first" (``refusal``)."""

CHARGE_WORDS = {"no-sight": "not in line of sight (CHG-2)",
                "too-close": "too close: a charge moves at least 2 squares (CHG-3)",
                "too-far": "beyond charging distance"}
"""The engine's per-target charge refusals (by code) in a few words, to list several in one line."""

CHARGE_SHORT = {"no-sight": "no line of sight (CHG-2)", "too-close": "too close (CHG-3)", "too-far": "too far"}
"""``CHARGE_WORDS`` in fewer words, for a refusal said short (``Controller.refusal``)."""

ATTACK_WORDS = {"not-adjacent": "adjacent only", "no-sight": "no line of sight to it",
                "out-of-range": "range {range}"}
"""The engine's attack refusals against the nearest enemy (by code) in a few words (``attack_refusal``)."""

GENERAL_CODES = ("no-attack-left", "basic-only", "no-melee")
"""Refusal codes about the attacker, not the target: said once, in the engine's own sentence."""

CHARGE_GENERAL = GENERAL_CODES + ("no-uses",)
"""The same for a charge, where a spent basic melee line (CARD-4) is about the charger too."""


class Controller:
    """The interaction state machine of the battle screen.

    Args:
        session: the battle; the controller only reads it.
    """

    def __init__(self, session: GameSession):
        self.session = session
        self.mode = Mode.WAIT
        self.attack_index = 0
        self.charge_target: str | None = None
        self.picked: list[str] = []
        self._short = False  # set while ``hint`` says a too-long hint again in short form
        self.sync()

    # -- mode ------------------------------------------------------------------
    def sync(self) -> None:
        """Reset the mode to fit the session's phase (call after every applied action)."""
        phase = self.session.phase
        self.picked = []
        self.charge_target = None
        self.mode = {
            Phase.DEPLOY: Mode.DEPLOY,
            Phase.ACTIVATE: Mode.PICK,
            Phase.ACTING: Mode.ACT,
            Phase.FORCED: Mode.FORCE,
            Phase.OVER: Mode.OVER,
        }.get(phase, Mode.WAIT)

    def cancel(self) -> Result:
        """Esc: leave attack or charge targeting; in forced movement, leave the creature where it is."""
        if self.mode in (Mode.ATTACK, Mode.AREA, Mode.CHARGE, Mode.CHARGE_END):
            self.sync()
        elif self.mode is Mode.FORCE:
            return self._stay()
        return None

    def _stay(self) -> ForceMove | None:
        """The legal "stay where it is" choice of the pending forced movement, if any (MOV-14)."""
        return next((a for a in self.session.of_type(ForceMove) if not a.path), None)

    def forced_squares(self) -> dict[Square, Action]:
        """Where the pending forced movement (or settling) may put its creature: square -> action."""
        out: dict[Square, Action] = {}
        for a in self.session.legal():
            if isinstance(a, ForceMove) and a.path:
                out[a.path[-1]] = a
            elif isinstance(a, Settle):
                out[a.square] = a
        return out

    def allowed(self, name: str) -> bool:
        """Whether the key action ``name`` can do anything now (backs check_action)."""
        s, m = self.session, self.mode
        if name == "move":
            return m is Mode.ACT and bool(s.moves())
        if name == "shift":
            return m is Mode.ACT and bool(s.shifts())
        if name == "attack":
            return m in (Mode.ACT, Mode.CHARGE, Mode.CHARGE_END) and bool(s.usable_attacks())
        if name == "charge":
            return m in (Mode.ACT, Mode.ATTACK, Mode.AREA) and bool(s.charges())
        if name == "power":  # SPW-1
            return m is Mode.ACT and bool(s.of_type(UsePower))
        if name == "end":
            return m in (Mode.ACT, Mode.ATTACK, Mode.AREA, Mode.CHARGE, Mode.CHARGE_END) and s.can_end()
        if name == "cancel":
            return m in (Mode.ATTACK, Mode.AREA, Mode.CHARGE, Mode.CHARGE_END) or (
                m is Mode.FORCE and self._stay() is not None)
        if name == "next":
            return bool(self.cycle_squares())
        if name == "choose_attack":  # in attack mode: switch; acting: start that attack (or say why not)
            return m in (Mode.ACT, Mode.ATTACK, Mode.AREA) and self._me() is not None
        if name == "pick":
            return m is Mode.ATTACK and self._attack().targets > 1
        if name == "select":
            return m not in (Mode.WAIT, Mode.OVER)
        return True

    def says_why(self, name: str) -> bool:
        """True when key action ``name`` ("attack", "charge"; "move", "shift", "power", "end" while
        picking a creature) can do nothing now and its key should say why instead of being ignored
        (``refusal``): cheap, it backs the screen's hidden bindings."""
        return self.mode in SAYS_WHY.get(name, ()) and not self.allowed(name)

    def refusal(self, name: str, room: int | None = None) -> str:
        """Why the key of action ``name`` (a ``SAYS_WHY`` key) can do nothing now, in one or two
        sentences built from the engine's refusals (``attack_refusal``, ``charge_refusal``); while
        a creature is to be picked (RND-2), that one must be activated first.

        ``room``: the characters the status line shows (None: no limit).  A longer refusal is said
        again short (``_said_short``): creatures by label, attacks by number, the reasons in fewer
        words, so a list of enemies with long names stays inside the status line at 80×24."""
        return self._fitted(lambda: self._refusal(name), room)

    def _fitted(self, say, room: int | None) -> str:
        """``say()``, or, when that is longer than ``room`` characters, ``say()`` again while
        ``_short`` is set (the short form of names and previews)."""
        text = say()
        if room is not None and len(text) > room:
            self._short = True
            try:
                text = say()
            finally:
                self._short = False
        return text

    def _refusal(self, name: str) -> str:
        """``refusal`` at full length (short while ``_short`` is set)."""
        if self.mode is Mode.PICK:
            return f"Activate a creature first (Tab cycles yours, Enter activates); then {THEN[name]}."
        if name == "power":
            return self.power_refusal()
        return self.attack_refusal() if name == "attack" else self.charge_refusal()

    def power_refusal(self) -> str:
        """Why w can use no special power of the active creature now (SPW-1): it has none, or the
        engine's reason for each of its powers (no check boxes left, CARD-4; confused, CON-6; its
        action spent; no creature it would help), said once each."""
        me = self._me()
        powers = me.card.special_powers
        if not powers:
            return f"{me.card.name} has no special power (its card lists none)."
        reasons: list[str] = []
        for i in range(len(powers)):
            found = self.session.refusal(UsePower(i, me.uid))
            why = found[1] if found else f"{powers[i].name} has no creature to work on now."
            if why not in reasons:
                reasons.append(why)
        return " ".join(reasons)

    def _enemies_nearest_first(self) -> list:
        """The active creature's enemies on the map, nearest first (then in reading order)."""
        st, me = self.session.state, self._me()

        def key(c):
            d = creature_distance(st, me, c)
            return (d is None, d or 0, c.pos[1], c.pos[0])
        return sorted(st.enemy_creatures(me.player), key=key)

    def attack_refusal(self) -> str:
        """Why no attack of the active creature can be made now: the engine's reason about the
        attacker when there is one (attack action used, basic attack only), else how far the nearest
        enemy is and each attack's reach, from the engine's refusal against it (ATK-1, RNG-1, RNG-2)."""
        s, st, me = self.session, self.session.state, self._me()
        enemies = self._enemies_nearest_first()
        if not enemies:
            return "No enemy is on the map to attack."
        nearest = enemies[0]
        if st.attack_used:  # ACT-1: the engine's sentence, whatever the target
            return s.check(Attack(0, (nearest.uid,))) or "The attack action is used."
        reasons: list[str] = []
        for i, attack in enumerate(me.card.attacks):
            if attack.secondary:
                continue
            if attack.is_area:
                if not attack_available(me, attack):
                    why = f"{self._attack_name(i)}: no check boxes left (CARD-4)"
                elif not attack_allowed(me, attack):
                    return f"{me.card.name} may only make its basic attack (CON-2, CON-6)."
                else:
                    why = f"{self._attack_name(i)}: {attack.describe_reach()}, no enemy inside"
            else:
                found = s.refusal(Attack(i, (nearest.uid,)))
                code, sentence = found if found else ("", "")
                if code in GENERAL_CODES:
                    return sentence
                words = ATTACK_WORDS.get(code, sentence.rstrip(".")).format(range=attack.range)
                why = f"{self._attack_name(i)}: {words}" if sentence else ""
            if why and why not in reasons:
                reasons.append(why)
        far = creature_distance(st, me, nearest)
        where = f"is {far} squares away" if far is not None else "cannot be reached"
        return (f"No attack has a target in reach: the nearest enemy, {self._name(nearest.uid)}, "
                f"{where}" + "".join(f"; {r}" for r in reasons) + ".")

    def charge_refusal(self) -> str:
        """Why the active creature cannot charge now: the engine's reason about the charger when
        there is one (attack action used, basic attack only, no melee basic attack), else the
        nearest enemies, each with the engine's reason in a few words (CHG-1..3)."""
        s = self.session
        enemies = self._enemies_nearest_first()
        if not enemies:
            return "No enemy is on the map to charge."
        parts = []
        for enemy in enemies:
            found = s.refusal(Charge(enemy.uid, ()))
            code, why = found if found else ("", "cannot be charged now")
            if code in CHARGE_GENERAL:
                return why
            words = (CHARGE_SHORT if self._short else CHARGE_WORDS).get(code, why.rstrip("."))
            parts.append(f"{self._name(enemy.uid)} {words}")
        more = f"; {len(parts) - 3} more" if len(parts) > 3 else ""
        return "No enemy in reach of a charge: " + "; ".join(parts[:3]) + more + "."

    # -- what the map shows ----------------------------------------------------------
    def _me(self):
        return self.session.state.active_creature

    def _attack(self):
        return self._me().card.attacks[self.attack_index]

    def _at(self, sq: Square):
        return self.session.state.creature_at(sq)

    def aura_squares(self, cursor: Square) -> frozenset[Square]:
        """Squares covered by the auras of the creature on ``cursor`` (empty without one)."""
        st = self.session.state
        who = st.creature_at(cursor) if st.map is not None else None
        if who is None or not who.card.abilities:
            return frozenset()
        found: set[Square] = set()
        for ability in who.card.abilities:
            if isinstance(ability, Aura):
                found |= aura_squares(st, who, ability)
        return frozenset(found)

    def overlay(self, cursor: Square) -> Overlay:
        """The marks for the map with the cursor on ``cursor``."""
        base = self._overlay(cursor)
        if self.mode in (Mode.AREA, Mode.DEPLOY, Mode.WAIT):
            return base
        aura = self.aura_squares(cursor)
        return replace(base, aura=aura) if aura else base

    def _overlay(self, cursor: Square) -> Overlay:
        s, m = self.session, self.mode
        me = self._me()
        active = me.uid if me else None
        if m is Mode.DEPLOY:
            return Overlay(deploy=frozenset(s.placements()))
        if m is Mode.PICK:
            return Overlay(targets=frozenset(s.activatable()))
        if m is Mode.ACT:
            moves = s.moves()
            move = moves.get(cursor)
            path = move.path if move else ()
            return Overlay(reachable=frozenset(moves), shifts=frozenset(s.shifts()), path=_body(me, path),
                           provokers=frozenset(s.provokers(path)), active=active)
        if m is Mode.ATTACK:
            return Overlay(targets=frozenset(s.attack_targets(self.attack_index)),
                           picked=frozenset(self.picked), active=active)
        if m is Mode.AREA:
            aim = s.area_aim(self.attack_index, cursor)
            if aim is None:
                return Overlay(active=active)
            return Overlay(area=aim[1].squares, targets=frozenset(aim[0].targets), active=active)
        if m is Mode.CHARGE:
            return Overlay(targets=frozenset(s.charges()), active=active)
        if m is Mode.CHARGE_END:
            charges = {c.destination: c for c in s.charges().get(self.charge_target, [])}
            chosen = charges.get(cursor)
            path = chosen.path if chosen else ()
            return Overlay(ends=frozenset(charges), path=_body(me, path), provokers=frozenset(s.provokers(path)),
                           targets=frozenset({self.charge_target}), active=active)
        if m is Mode.FORCE:
            pending = s.state.pending[0] if s.state.pending else None
            chosen = self.forced_squares().get(cursor)
            path = chosen.path if isinstance(chosen, ForceMove) and pending and pending.kind in (
                "push", "pull", "slide") else ()
            return Overlay(ends=frozenset(self.forced_squares()), path=path,
                           targets=frozenset({pending.target} if pending else ()), active=active)
        return Overlay(active=active)

    def cycle_squares(self) -> list[Square]:
        """The squares Tab visits in this mode: attack targets best first (``attack_order``), else in reading order."""
        s, st, m = self.session, self.session.state, self.mode
        if m is Mode.PICK:
            uids = s.activatable()
        elif m in (Mode.ACT, Mode.AREA):
            me = self._me()
            uids = [c.uid for c in st.enemy_creatures(me.player)] if me else []
            if m is Mode.AREA:  # the enemies the aimed attack can strike (RNG-3, RNG-4), when there are any
                inside = [u for u in uids if (aim := s.area_aim(self.attack_index, st.creature(u).pos))
                          and u in aim[0].targets]
                uids = inside or uids
        elif m is Mode.ATTACK:  # best first by the engine's preview, not in reading order
            return [q for q in (st.creature(u).pos for u in self.attack_order()) if q is not None]
        elif m is Mode.CHARGE:
            uids = list(s.charges())
        elif m is Mode.CHARGE_END:
            return sorted((c.destination for c in s.charges().get(self.charge_target, [])),
                          key=lambda q: (q[1], q[0]))
        elif m is Mode.FORCE:
            return sorted(self.forced_squares(), key=lambda q: (q[1], q[0]))
        else:
            return []
        squares = [st.creature(u).pos for u in uids]
        return sorted((q for q in squares if q is not None), key=lambda q: (q[1], q[0]))

    def attack_order(self) -> list[str]:
        """The targets of the chosen attack, best first by the engine's own preview
        (``GameSession.attack_preview``): highest chance to destroy, then most HP expected to be
        lost (``expected_loss``: each hit capped at the HP left, HP-1), then reading order of their squares."""
        s, st = self.session, self.session.state

        def rank(uid: str):
            p = s.attack_preview(self.attack_index, uid)
            pos = st.creature(uid).pos or (0, 0)
            return (-(p.kill_chance if p else 0.0), -(p.expected_loss if p else 0.0), pos[1], pos[0])
        return sorted(s.attack_targets(self.attack_index), key=rank)

    def next_square(self, cursor: Square, step: int = 1) -> Square | None:
        """Where Tab (step 1) or Shift+Tab (step -1) puts the cursor, or None.

        Choosing an attack target, the cursor off every target goes to the best one
        (``attack_order``) and Tab follows that order; elsewhere Tab goes in reading order."""
        squares = self.cycle_squares()
        if not squares:
            return None
        if cursor in squares:
            return squares[(squares.index(cursor) + step) % len(squares)]
        if self.mode is Mode.ATTACK:
            return squares[0 if step > 0 else -1]
        key = (cursor[1], cursor[0])
        after = [q for q in squares if (q[1], q[0]) > key]
        return after[0] if step > 0 and after else squares[0 if step > 0 else -1]

    # -- keys ----------------------------------------------------------------------
    def select(self, cursor: Square) -> Result:
        """Enter (or a click) on ``cursor``: an Action, a refusal, or None."""
        s, m = self.session, self.mode
        here = self._at(cursor)
        if m is Mode.DEPLOY:
            place = s.placements().get(cursor)
            if place:
                return place
            nxt = next(iter(s.placements().values()), None)
            if nxt is None:
                return "Nothing to place."
            return s.check(Place(nxt.uid, cursor)) or "Place the creature on a shaded square."
        if m is Mode.PICK:
            if here is None:
                return "Pick one of your unactivated creatures (Tab cycles through them)."
            return Activate(here.uid)
        if m is Mode.ACT:
            if cursor in s.moves():
                return s.moves()[cursor]
            if here is not None and here.player != self._me().player:
                for index in s.usable_attacks():
                    if here.uid in s.attack_targets(index):
                        return self.begin_attack(cursor, index)
                return s.check(Attack(0, (here.uid,))) or "That creature cannot be attacked now."
            if here is not None and here.uid == self._me().uid:
                return None  # the hint already says what to do
            return self.move(cursor)
        if m is Mode.AREA:
            aim = s.area_aim(self.attack_index, cursor)
            if aim is None:
                return f"{self._attack().name} cannot be aimed there ({self._attack().describe_reach()})."
            return s.check(aim[0]) or aim[0]
        if m is Mode.ATTACK:
            if self.picked:
                return Attack(self.attack_index, tuple(self.picked))
            if here is None:
                return "Put the cursor on a marked target (Tab cycles them)."
            return Attack(self.attack_index, (here.uid,))
        if m is Mode.CHARGE:
            if here is None:
                return "Put the cursor on a marked enemy to charge (Tab cycles them)."
            if here.uid not in s.charges():
                return s.check(Charge(here.uid, (cursor,))) or "That creature cannot be charged."
            self.charge_target = here.uid
            self.mode = Mode.CHARGE_END
            return None
        if m is Mode.CHARGE_END:
            for c in s.charges().get(self.charge_target, []):
                if c.destination == cursor:
                    return c
            return "End the charge on a marked square: the nearest ones from which it can attack (CHG-3)."
        if m is Mode.FORCE:
            chosen = self.forced_squares().get(cursor)
            if chosen is not None:
                return chosen
            pending = s.state.pending[0] if s.state.pending else None
            if pending is not None and pending.kind != "settle" and cursor == s.state.creature(pending.target).pos:
                return self._stay() or "Choose a marked square."
            return "Choose a marked square (Tab cycles them)."
        return None

    def move(self, cursor: Square) -> Result:
        """The m key: move to the cursor square."""
        move = self.session.moves().get(cursor)
        if move:
            return move
        refusal = self.session.check(Move((cursor,)))
        if refusal and not self.session.moves():
            return refusal
        found = self.session.move_refusal(cursor)  # the engine's reason for this square
        sentence = found[1].rstrip(".") if found else ""
        if sentence.split(" ", 1)[0] in ("That", "A", "Only", "No"):  # not a name: mid-sentence case
            sentence = sentence[0].lower() + sentence[1:]
        why = f" — {sentence}" if sentence else ""
        return f"{self._me().card.name} cannot end a move there{why}; the shaded squares are reachable."

    def shift(self, cursor: Square) -> Result:
        """The s key: shift one square to the cursor square (MOV-12)."""
        shift = self.session.shifts().get(cursor)
        if shift:
            return shift
        return self.session.check(Shift(cursor)) or "Shift to a free adjacent square."

    def begin_attack(self, cursor: Square, index: int | None = None) -> Result:
        """The a key: start choosing a target; returns None, or a refusal."""
        usable = self.session.usable_attacks()
        if not usable:
            return "No attack has a target in reach now."
        if index is None:
            here = self._at(cursor)
            index = next((i for i in usable if here and here.uid in self.session.attack_targets(i)), usable[0])
        self.attack_index, self.picked = index, []
        self.mode = Mode.AREA if self._attack().is_area else Mode.ATTACK
        return None

    def choose_attack(self, number: int) -> Result:
        """A number key in attack mode: use attack ``number`` (1-based)."""
        me = self._me()
        if not 1 <= number <= len(me.card.attacks):
            return f"{me.card.name} has no attack {number}."
        attack = me.card.attacks[number - 1]
        if number - 1 not in self.session.usable_attacks():
            # The engine's own reason comes first (basic-only while staggered or
            # confused, a follow-up line); "no target" only when it has none.
            if not attack.is_area:
                refusal = self.session.check(Attack(number - 1, ()))
                if refusal and refusal != "Pick a target.":
                    return refusal
            elif not attack_allowed(me, attack):
                return f"{me.card.name} may only make its basic attack (CON-2, CON-6)."
            return f"{attack.name} has no target in reach now."
        self.attack_index, self.picked = number - 1, []
        self.mode = Mode.AREA if attack.is_area else Mode.ATTACK
        return None

    def toggle_pick(self, cursor: Square) -> Result:
        """Space in attack mode: add or remove the cursor's creature as a target (ATK-4)."""
        here = self._at(cursor)
        if here is None or here.uid not in self.session.attack_targets(self.attack_index):
            return "Put the cursor on a marked target."
        if here.uid in self.picked:
            self.picked.remove(here.uid)
        elif len(self.picked) < self._attack().targets:
            self.picked.append(here.uid)
        else:
            return f"{self._attack().name} has at most {self._attack().targets} targets."
        return None

    def begin_charge(self) -> Result:
        """The c key: start choosing a charge target."""
        if not self.session.charges():
            return "No enemy can be charged now."
        self.mode = Mode.CHARGE
        return None

    # -- words for the status line ---------------------------------------------
    def _name(self, uid: str) -> str:
        """A creature in the status line: "Ogre (OG1)", or its label alone while a hint is said short."""
        st = self.session.state
        return st.creature(uid).label if self._short else creature_name(st, uid)

    def _attack_name(self, index: int) -> str:
        """The active creature's attack ``index`` in the status line: its name, or "attack 2" (its
        number on the stat card) while a text is said short."""
        return f"attack {index + 1}" if self._short else self._me().card.attacks[index].name

    def _preview(self, attack, target: str, preview, suffix: str = "") -> str:
        st = self.session.state
        name = self._name
        text = describe_preview(attack.name + suffix, name(target), preview, attack.defense.value, short=self._short)
        me = st.active_creature
        strikers = provoked_by(st, me, attack) if me is not None else ()
        if strikers:  # OA-1: a ranged or area attack next to an enemy provokes
            names = ", ".join(name(uid) for uid in strikers)
            text += f" Provokes an opportunity attack from {names}."
        return text

    def hint(self, cursor: Square, room: int | None = None) -> str:
        """One or two sentences: what the keys do now, or a preview at the cursor.

        ``room``: the characters the status line shows (None: no limit).  A hint longer than that
        is said again with short previews (labels for names, the chances without the modifiers), so
        its last words, the key to press, stay in view on a small terminal (so do a move's and an
        area attack's lists of creatures)."""
        return self._fitted(lambda: self._hint(cursor), room)

    def _hint(self, cursor: Square) -> str:
        """``hint`` at full length (short previews while ``_short`` is set)."""
        s, st, m = self.session, self.session.state, self.mode
        here = self._at(cursor)
        if m is Mode.DEPLOY:
            nxt = next(iter(s.placements().values()), None)
            if nxt is None:
                return ""
            return (f"{player_name(st.decider)}: place {creature_name(st, nxt.uid)} on a shaded square "
                    f"(Enter); p places the rest automatically.")
        if m is Mode.PICK:
            left = st.usable_activations
            return (f"{player_name(st.turn_player)}: pick a creature to activate — Tab cycles, Enter "
                    f"activates ({left} activation{'s' if left != 1 else ''} left this turn).")
        me = self._me()
        if m is Mode.ACT:
            moves = s.moves()
            if cursor in moves:
                path = moves[cursor].path
                squares = f"{len(path)} square{'s' if len(path) != 1 else ''} here"
                if isinstance(moves[cursor], Squeeze):  # docs/rules.md: a Huge creature squeezing
                    text = (f"Squeeze {squares} (as 2×2 at half speed; then foes get combat advantage "
                            f"and it attacks at -5): m or Enter.")
                else:
                    text = f"Move {squares}: m or Enter."
                prov = s.provokers(path)
                if prov:
                    text += (" Provokes opportunity attacks from " + ", ".join(self._name(u) for u in prov)
                             + "! (asks for the key again)")
                    if cursor in s.shifts():
                        text += " s shifts here instead: no opportunity attacks."
                else:
                    text += " No opportunity attacks."
                return text + self._pit_words(moves[cursor], not prov)
            if cursor in s.shifts():  # MOV-12: a shift the engine allows where no move ends
                return "Shift 1 square here: s (no opportunity attacks)."
            if here is not None and here.player != me.player:
                for index in s.usable_attacks():
                    if here.uid in s.attack_targets(index):
                        return self._preview(me.card.attacks[index], here.uid, s.attack_preview(index, here.uid)) + " Enter: choose this attack."
            acts = ("move ✓" if not st.move_used else "move ✗") + "  " + ("attack ✓" if not st.attack_used else "attack ✗")
            return f"{creature_name(st, me.uid)} is active ({acts}): {self.act_keys()}."
        if m is Mode.AREA:
            return self.area_hint(cursor)
        if m is Mode.ATTACK:
            attack = self._attack()
            if here is not None and here.uid in s.attack_targets(self.attack_index):
                text = self._preview(attack, here.uid, s.attack_preview(self.attack_index, here.uid))
                more = " Space adds targets." if attack.targets > 1 else ""
                return text + f" Enter attacks, Esc cancels.{more}"
            numbers = " (1–%d switch attack)" % len(me.card.attacks) if len(me.card.attacks) > 1 else ""
            return f"{attack.name}: choose a marked target — Tab cycles, Enter attacks, Esc cancels{numbers}."
        if m is Mode.CHARGE:
            if here is not None and here.uid in s.charges():
                first = s.charges()[here.uid][0]
                return self._preview(me.card.basic_melee, here.uid, s.charge_preview(first), " (charge)") + " Enter: choose where the charge ends."
            return "Charge: choose a marked enemy — Tab cycles, Enter picks it, Esc cancels."
        if m is Mode.CHARGE_END:
            for c in s.charges().get(self.charge_target, []):
                if c.destination == cursor:
                    text = self._preview(me.card.basic_melee, self.charge_target, s.charge_preview(c), " (charge)")
                    prov = s.provokers(c.path)
                    if prov:
                        text += " On the way: opportunity attacks from " + ", ".join(self._name(u) for u in prov) + "."
                    return text + " Enter charges." + self._pit_words(c, True)
            return "Charge: move the cursor to a marked end square (Tab), Enter charges, Esc cancels."
        if m is Mode.FORCE and st.pending:
            return self._forced_hint(cursor)
        return ""

    def _pit_words(self, action, asks: bool) -> str:
        """What the status line adds when ``action`` (a move or a charge) ends over a pit (TER-PIT, from
        the engine: ``GameSession.over_pit``, ``pit_ending``): "" when it does not.  ``asks``: say that
        a fatal one asks for its key again (a provoking move already says so)."""
        s = self.session
        if not s.over_pit(action.destination):
            return ""
        if s.pit_ending(action):
            return " Ends its activation over a pit: it is destroyed (TER-PIT)!" + (
                " (asks for the key again)" if asks else "")
        return " Over a pit: it must move on before its activation ends (TER-PIT)."

    def act_keys(self) -> str:
        """What the active creature may do now, in words, only from the engine's legal actions
        (ACT-1..3): with its move action used, a move or shift takes its attack action instead."""
        s, st = self.session, self.session.state
        keys = []
        if s.moves():
            keys.append("m on a shaded square moves" + (" again" if st.move_used else ""))
        if s.shifts():
            keys.append("s shifts 1 square")
        if st.move_used and keys:  # ACT-3: the attack action taken as a move action
            keys = [" or ".join(keys) + (" (either uses the attack action)" if len(keys) > 1
                                         else " (uses the attack action)")]
        if s.usable_attacks():
            keys.append("a attack")
        elif not st.attack_used:
            keys.append("no enemy in reach of an attack")
        if s.charges():
            keys.append("c charge")
        if s.of_type(UsePower):
            keys.append("w power")
        if s.can_end():
            keys.append("e end")
        return ", ".join(keys) if keys else "nothing is left to do"

    def area_hint(self, cursor: Square) -> str:
        """The preview of an aimed close or area attack: squares, creatures inside, chance to hit each."""
        s, st = self.session, self.session.state
        attack = self._attack()
        numbers = " (1–%d switch attack)" % len(self._me().card.attacks) if len(self._me().card.attacks) > 1 else ""
        aim = s.area_aim(self.attack_index, cursor)
        if aim is None:  # the engine's template refuses this aim (RNG-3, RNG-4)
            return (f"{attack.name} ({attack.describe_reach()}) cannot be aimed here: out of range or "
                    f"out of sight. Move the cursor within reach — Tab cycles enemies, Esc cancels{numbers}.")
        action, found = aim
        parts = []
        for uid in action.targets:
            p = s.area_preview(aim, uid)
            who = st.creature(uid)
            ally = " ally!" if who.player == self._me().player else ""
            if p is not None:
                parts.append(f"{self._name(uid)}{ally} {round(p.hit_chance * 100)}% ~{p.expected_loss:.0f}")
        inside = "; ".join(parts) if parts else "nobody"
        refusal = s.check(action)
        tail = f" {refusal}" if refusal else " Enter attacks, Esc cancels."
        return f"{attack.name}: its area covers {len(found.squares)} squares and strikes {inside}.{tail}"

    def _forced_hint(self, cursor: Square) -> str:
        """The status line while forced movement waits for a choice (MOV-14, TER-PIT, MOV-3)."""
        st = self.session.state
        p = st.pending[0]
        who, name = player_name(st.decider), creature_name(st, p.target)
        if p.kind == "settle":
            return (f"{who}: {name} climbs out of the pit — place it on a marked square, the nearest "
                    f"legal ones (Tab cycles, Enter places).")
        verb = {"push": "Push", "pull": "Pull", "slide": "Slide", "teleport": "Teleport",
                "place": "Place"}.get(p.kind, p.kind)
        chosen = self.forced_squares().get(cursor)
        if chosen is not None and st.map.rules_at(cursor).fliers_only and p.kind in ("push", "pull", "slide"):
            return f"{verb} {name} into the pit here: Enter (a second attack roll may destroy it, TER-PIT)."
        text = f"{who}: {verb.lower()} {name} up to {p.distance} square{'s' if p.distance != 1 else ''} — "
        text += "Enter on a marked square" if chosen is None else "Enter moves it here"
        return text + " (Tab cycles), Esc leaves it where it is. No opportunity attacks."
