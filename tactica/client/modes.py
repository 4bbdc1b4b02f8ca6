"""The battle screen's mode machine (no Textual here): what each key means right now.

``ModeMachine`` keeps the interaction mode (picking a creature, acting, choosing an attack target,
aiming an area, choosing a charge and where it ends, placing a forced move) and turns a key press
at a cursor square into an engine ``Action`` to apply, or into the sentence explaining why not.
Every answer comes from the session's legal actions or the engine's ``check``; nothing here decides
a rule.  What the map marks is ``overlay``'s, what the status line says ``hints``'.
"""
from __future__ import annotations

from enum import Enum

from tactica.engine import (
    Action,
    Activate,
    AreaAttack,
    Attack,
    AttackDef,
    AttackKind,
    Charge,
    Creature,
    Dig,
    DropProne,
    ForceMove,
    Move,
    Phase,
    Place,
    Settle,
    Shift,
    Square,
    StandUp,
    UsePower,
    attack_allowed,
)

from .session import GameSession
from .settings import KeyWords, key_words


def reach_rule(attack: AttackDef) -> str:
    """The rule ID saying how far ``attack`` reaches, for a refusal that it has no target:
    "RNG-1" (melee, adjacent), "CL-5" (melee with reach 2 or more), "RNG-2" (ranged),
    "RNG-3" (close), "RNG-4" (area)."""
    if attack.kind is AttackKind.MELEE:
        return "CL-5" if attack.range and attack.range > 1 else "RNG-1"
    return {AttackKind.RANGED: "RNG-2", AttackKind.CLOSE: "RNG-3"}.get(attack.kind, "RNG-4")


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


Result = Action | str | None
"""A key's effect: an Action to apply, a refusal sentence, or None (mode changed)."""


class ModeMachine:
    """The interaction state machine of the battle screen.

    Args:
        session: the battle; the machine only reads it.

    Attributes:
        mode: the current ``Mode``.
        attack_index: the active creature's attack being aimed (ATTACK, AREA).
        charge_target: the uid being charged (CHARGE_END), or None.
        picked: uids chosen so far for a multi-target attack (ATK-4).
    """

    def __init__(self, session: GameSession) -> None:
        self.session = session
        #: The battle keys as the settings bind them, as they read on screen (``settings.key_words``):
        #: every sentence that names a key names it so.  The battle screen sets the settings' own.
        self.keys: KeyWords = key_words()
        self.mode = Mode.WAIT
        self.attack_index = 0
        self.charge_target: str | None = None
        self.picked: list[str] = []
        self.sync()

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
        if name == "prone":  # G5E-PRONE: drop prone, or stand up
            return m is Mode.ACT and self.prone_action() is not None
        if name == "dig":  # UG-RUBBLE: dig at rubble beside the active creature
            return m is Mode.ACT and bool(self.session.of_type(Dig))
        if name == "end":
            return m in (Mode.ACT, Mode.ATTACK, Mode.AREA, Mode.CHARGE, Mode.CHARGE_END) and s.can_end()
        if name == "cancel":
            return m in (Mode.ATTACK, Mode.AREA, Mode.CHARGE, Mode.CHARGE_END) or (
                m is Mode.FORCE and self._stay() is not None)
        if name == "back_to_active":  # Esc while acting: the cursor back on the active creature
            return m is Mode.ACT and self.active() is not None
        if name == "next":
            return bool(self.cycle_squares())
        if name == "choose_attack":  # in attack mode: switch; acting: start that attack (or say why not)
            return m in (Mode.ACT, Mode.ATTACK, Mode.AREA) and self.active() is not None
        if name == "pick":
            return m is Mode.ATTACK and self.chosen_attack().targets > 1
        if name == "select":
            return m not in (Mode.WAIT, Mode.OVER)
        return True

    def prone_action(self) -> DropProne | StandUp | None:
        """What the d key does now (G5E-PRONE, a module with prone rules): the legal ``StandUp`` of a
        prone creature or ``DropProne`` of a standing one; None when neither is legal."""
        for kind in (StandUp, DropProne):
            found = self.session.of_type(kind)
            if found:
                action = found[0]
                assert isinstance(action, (StandUp, DropProne))
                return action
        return None

    def dig_action(self, cursor: Square) -> Dig | None:
        """What the g key does now (UG-RUBBLE, the underground module): the legal ``Dig`` at the
        cursor's square, else the first legal one (rubble beside the active creature, in row
        order); None when no dig is legal."""
        found = self.session.of_type(Dig)
        at = [a for a in found if tuple(a.square) == tuple(cursor)]
        pick = at[0] if at else (found[0] if found else None)
        assert pick is None or isinstance(pick, Dig)
        return pick

    def active(self) -> Creature | None:
        """The active creature, or None."""
        return self.session.state.active_creature

    def actor(self) -> Creature:
        """The active creature, in the modes that have one (ACT, ATTACK, AREA, CHARGE, CHARGE_END).
        Raises LookupError outside an activation."""
        me = self.session.state.active_creature
        if me is None:
            raise LookupError(f"no creature is being activated (mode {self.mode.value!r})")
        return me

    def charge_ends(self) -> list[Charge]:
        """The legal charges of the enemy chosen to charge (CHARGE_END), one per end square (CHG-3);
        [] when none is chosen."""
        if self.charge_target is None:
            return []
        return self.session.charges().get(self.charge_target, [])

    def chosen_attack(self) -> AttackDef:
        """The attack being aimed (``attack_index`` of the active creature's card); only while one is active."""
        return self.actor().card.attacks[self.attack_index]

    def creature_at(self, sq: Square) -> Creature | None:
        """The creature on ``sq``, or None."""
        return self.session.state.creature_at(sq)

    def cycle_squares(self) -> list[Square]:
        """The squares Tab visits in this mode: attack and charge targets best first (``attack_order``,
        ``charge_order``); while a creature acts, its own square first, then the enemies it can attack
        or charge from where it stands (``in_reach``), nearest first, or, when it can reach none, every
        enemy nearest first (issue 20: Tab took the cursor to an enemy far out of reach); else in
        reading order."""
        s, st, m = self.session, self.session.state, self.mode
        if m is Mode.ACT:
            me = self.active()
            if me is None or me.pos is None:
                return []
            reach = self.in_reach()
            others = reach or [c.uid for c in st.enemy_creatures(me.player)]
            x, y = me.pos

            def near(uid: str) -> tuple[int, int, int]:
                q = st.creature(uid).pos or (0, 0)
                return (max(abs(q[0] - x), abs(q[1] - y)), q[1], q[0])
            squares = [st.creature(u).pos for u in sorted(others, key=near)]
            return [me.pos] + [q for q in squares if q is not None]
        if m is Mode.PICK:
            uids = s.activatable()
        elif m is Mode.AREA:
            me = self.active()
            uids = [c.uid for c in st.enemy_creatures(me.player)] if me else []
            if m is Mode.AREA:  # the enemies the aimed attack can strike (RNG-3, RNG-4), when there are any
                inside = [u for u in uids if (pos := st.creature(u).pos) is not None
                          and (aim := s.area_aim(self.attack_index, pos)) and u in aim[0].targets]
                uids = inside or uids
        elif m is Mode.ATTACK:  # best first by the engine's preview, not in reading order
            return [q for q in (st.creature(u).pos for u in self.attack_order()) if q is not None]
        elif m is Mode.CHARGE:  # best first by the charge's preview, as attack targets are (s18 ux 6)
            return [q for q in (st.creature(u).pos for u in self.charge_order()) if q is not None]
        elif m is Mode.CHARGE_END:
            return sorted((c.destination for c in self.charge_ends()),
                          key=lambda q: (q[1], q[0]))
        elif m is Mode.FORCE:
            return sorted(self.forced_squares(), key=lambda q: (q[1], q[0]))
        else:
            return []
        squares = [st.creature(u).pos for u in uids]
        return sorted((q for q in squares if q is not None), key=lambda q: (q[1], q[0]))

    def in_reach(self) -> list[str]:
        """The enemies the active creature can attack now (an attack, a close or area attack that
        strikes them) or charge, by uid in no set order; [] with none or no creature active."""
        s, st = self.session, self.session.state
        me = self.active()
        if me is None:
            return []
        enemies = {c.uid for c in st.enemy_creatures(me.player)}
        found: dict[str, None] = {}
        for a in s.legal():
            if isinstance(a, (Attack, AreaAttack)):
                for uid in a.targets:
                    if uid in enemies:
                        found[uid] = None
            elif isinstance(a, Charge) and a.target in enemies:
                found[a.target] = None
        return list(found)

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

    def charge_order(self) -> list[str]:
        """The enemies the active creature can charge (``GameSession.charges``), best first by the
        engine's preview of the charge the status line previews on each (its first: ``charge_preview``,
        CHG-1, ATK-3): highest chance to destroy, then to hit, then most HP expected to be lost, then
        reading order of their squares (s18 ux 6: c started on the first target in the state's order)."""
        s, st = self.session, self.session.state
        charges = s.charges()

        def rank(uid: str):
            p = s.charge_preview(charges[uid][0])
            pos = st.creature(uid).pos or (0, 0)
            return (-(p.kill_chance if p else 0.0), -(p.hit_chance if p else 0.0),
                    -(p.expected_loss if p else 0.0), pos[1], pos[0])
        return sorted(charges, key=rank)

    def next_square(self, cursor: Square, step: int = 1) -> Square | None:
        """Where Tab (step 1) or Shift+Tab (step -1) puts the cursor, or None.

        Choosing an attack or a charge target, the cursor off every target goes to the best one
        (``attack_order``, ``charge_order``) and Tab follows that order; while a creature acts, Tab follows
        ``cycle_squares`` (the creature, then what it can reach) and from off it goes back to the
        creature; elsewhere Tab goes in reading order."""
        squares = self.cycle_squares()
        if not squares:
            return None
        if cursor in squares:
            return squares[(squares.index(cursor) + step) % len(squares)]
        if self.mode in (Mode.ATTACK, Mode.CHARGE, Mode.ACT):
            return squares[0 if step > 0 else -1]
        key = (cursor[1], cursor[0])
        after = [q for q in squares if (q[1], q[0]) > key]
        return after[0] if step > 0 and after else squares[0 if step > 0 else -1]

    def select(self, cursor: Square) -> Result:
        """Enter (or a click) on ``cursor``: an Action, a refusal, or None."""
        s, m = self.session, self.mode
        here = self.creature_at(cursor)
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
                return f"Pick one of your unactivated creatures ({self.keys['next']} cycles through them)."
            return Activate(here.uid)
        if m is Mode.ACT:
            if cursor in s.moves():
                return s.moves()[cursor]
            if here is not None and here.player != self.actor().player:
                for index in s.usable_attacks():
                    if here.uid in s.attack_targets(index):
                        return self.begin_attack(cursor, index)
                return s.check(Attack(0, (here.uid,))) or "That creature cannot be attacked now."
            if here is not None and here.uid == self.actor().uid:
                return None  # the hint already says what to do
            return self.move(cursor)
        if m is Mode.AREA:
            aim = s.area_aim(self.attack_index, cursor)
            if aim is None:
                return f"{self.chosen_attack().name} cannot be aimed there ({self.chosen_attack().describe_reach()})."
            return s.check(aim[0]) or aim[0]
        if m is Mode.ATTACK:
            if self.picked:
                return Attack(self.attack_index, tuple(self.picked))
            if here is None:
                return f"Put the cursor on a marked target ({self.keys['next']} cycles them)."
            return Attack(self.attack_index, (here.uid,))
        if m is Mode.CHARGE:
            if here is None:
                return f"Put the cursor on a marked enemy to charge ({self.keys['next']} cycles them)."
            if here.uid not in s.charges():
                return s.check(Charge(here.uid, (cursor,))) or "That creature cannot be charged."
            self.charge_target = here.uid
            self.mode = Mode.CHARGE_END
            return None
        if m is Mode.CHARGE_END:
            for c in self.charge_ends():
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
            return f"Choose a marked square ({self.keys['next']} cycles them)."
        return None

    def move(self, cursor: Square) -> Result:
        """The m key: move to the cursor square (a move, or why not: on the creature's own square,
        what m does)."""
        move = self.session.moves().get(cursor)
        if move:
            return move
        way = self.session.teleport_ways().get(cursor)
        if way is not None:  # TER-TELEPORT: the first step of stop, jump, carry on (the key again goes on)
            return way.first
        refusal = self.session.check(Move((cursor,)))
        if refusal and not self.session.moves():
            return refusal
        found = self.session.move_refusal(cursor)  # the engine's reason for this square
        if found and found[0] == "here":  # m right after activating: say what m does
            k = self.keys
            return (f"{k['move']} moves {self.actor().card.name} to the cursor's square: move the cursor to a "
                    f"shaded square first, then press {k['move']} (or {k['select']}).")
        sentence = found[1].rstrip(".") if found else ""
        if sentence.split(" ", 1)[0] in ("That", "A", "Only", "No"):  # not a name: mid-sentence case
            sentence = sentence[0].lower() + sentence[1:]
        why = f" — {sentence}" if sentence else ""
        return f"{self.actor().card.name} cannot end a move there{why}; the shaded squares are reachable."

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
            rules = ", ".join(dict.fromkeys(reach_rule(a) for a in self.actor().card.attacks)) or "ATK-1"
            return f"No attack has a target in reach now ({rules})."
        if index is None:
            here = self.creature_at(cursor)
            index = next((i for i in usable if here and here.uid in self.session.attack_targets(i)), usable[0])
        self.attack_index, self.picked = index, []
        self.mode = Mode.AREA if self.chosen_attack().is_area else Mode.ATTACK
        return None

    def choose_attack(self, number: int) -> Result:
        """A number key in attack mode: use attack ``number`` (1-based)."""
        me = self.actor()
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
            return f"{attack.name} has no target in reach now ({reach_rule(attack)})."
        self.attack_index, self.picked = number - 1, []
        self.mode = Mode.AREA if attack.is_area else Mode.ATTACK
        return None

    def toggle_pick(self, cursor: Square) -> Result:
        """Space in attack mode: add or remove the cursor's creature as a target (ATK-4)."""
        here = self.creature_at(cursor)
        if here is None or here.uid not in self.session.attack_targets(self.attack_index):
            return "Put the cursor on a marked target."
        if here.uid in self.picked:
            self.picked.remove(here.uid)
        elif len(self.picked) < self.chosen_attack().targets:
            self.picked.append(here.uid)
        else:
            return f"{self.chosen_attack().name} has at most {self.chosen_attack().targets} targets."
        return None

    def begin_charge(self) -> Result:
        """The c key: start choosing a charge target."""
        if not self.session.charges():
            return "No enemy can be charged now."
        self.mode = Mode.CHARGE
        return None
