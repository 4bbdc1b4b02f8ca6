"""What the battle screen's status line says (no Textual here): hints and refusals.

``Hints`` reads the mode machine and the session and words what the keys do now, a preview at the
cursor (chance to hit, who a path provokes, a pit at its end), and why a key can do nothing; a text
longer than the status line is said again short.  The sentences come from the engine's answers and
refusals; the words are ``describe``'s.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from tactica.engine import (
    Attack,
    AttackDef,
    AttackPreview,
    Charge,
    Creature,
    Dig,
    DropProne,
    Move,
    Square,
    Squeeze,
    StandUp,
    Teleport,
    TeleportWay,
    Terrain,
    ThreatLevel,
    UsePower,
    active_modules,
    attack_allowed,
    attack_available,
    attacks_from,
    charges_from,
    chebyshev,
    cover_sources,
    creature_distance,
    hidden_in_dark,
    melee_slip_chance,
    move_budget,
    move_rest,
    provokers_of_attack,
    run_budget,
    threat_way,
)

from .describe import creature_name, describe_preview, player_name
from .modes import Mode, ModeMachine, reach_rule
from .session import GameSession
from .settings import KeyWords

SAYS_WHY = {"attack": (Mode.PICK, Mode.ACT, Mode.CHARGE, Mode.CHARGE_END),
            "charge": (Mode.PICK, Mode.ACT, Mode.ATTACK, Mode.AREA),
            "move": (Mode.PICK,), "shift": (Mode.PICK,), "power": (Mode.PICK, Mode.ACT), "end": (Mode.PICK,),
            "dig": (Mode.PICK, Mode.ACT), "prone": (Mode.PICK, Mode.ACT)}
"""Modes in which a key that can do nothing now (its action not ``allowed``) says why (``refusal``)."""

THEN = {"attack": "{attack} attacks", "charge": "{charge} charges", "move": "{move} moves it",
        "shift": "{shift} shifts it 1 square", "power": "{power} uses its special power",
        "end": "{end} ends its activation", "dig": "{dig} digs at rubble beside it (UG-RUBBLE)",
        "prone": "{prone} drops it prone or stands it up (G5E-PRONE)"}
"""What each key does once a creature is active, for "Activate a creature first" (``refusal``); the
keys are filled in as bound (``ModeMachine.keys``)."""

CHARGE_WORDS = {"no-sight": "not in line of sight (CHG-2)",
                "too-close": "too close: a charge moves at least 2 squares (CHG-3)",
                "too-far": "beyond charging distance (CHG-1)"}
"""The engine's per-target charge refusals (by code) in a few words, to list several in one line."""

CHARGE_SHORT = {"no-sight": "no line of sight (CHG-2)", "too-close": "too close (CHG-3)", "too-far": "too far (CHG-1)"}
"""``CHARGE_WORDS`` in fewer words, for a refusal said short (``Controller.refusal``)."""

ATTACK_WORDS = {"not-adjacent": "adjacent only (RNG-1)", "no-sight": "no line of sight to it (LOS-1)",
                "out-of-range": "range {range} (RNG-2)", "not-in-reach": "reach {range} (CL-5)"}
"""The engine's attack refusals against the nearest enemy (by code) in a few words (``attack_refusal``),
each naming its rule, so that the rules key opens it: RNG-1 melee reach, RNG-2 ranged reach, LOS-1 line
of sight, CL-5 a melee line's reach N."""

REFUSAL_RULES = {"not-yours": "RND-2"}
"""The rule an engine refusal that names none is about, by its code (``with_rule``): the rules key then
opens it (a creature of the other player's: RND-2, a player activates creatures of its own turn)."""


RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]{1,4}-(?:\d+|[A-Z][A-Z0-9]*)\b")
"""A rule ID in a sentence ("OA-1", "TER-PIT", "G35-RUN"), as ``rules_reference`` finds them."""


def names_rule(text: str) -> bool:
    """True when ``text`` (a refusal, a warning) names a rule ID (``RULE_ID``): the r key has a rule to
    open for it (nm s17 F6: "Nothing to undo yet" offered r Rules, which opened an unrelated rule)."""
    return RULE_ID.search(text) is not None


def with_rule(reason: str, code: str) -> str:
    """The engine's refusal ``reason`` with the rule of its ``code`` added (``REFUSAL_RULES``) when it
    names no rule ID: "Guard belongs to the other player." → "… player (RND-2)."; else unchanged."""
    rule = REFUSAL_RULES.get(code)
    if rule is None or re.search(r"\b[A-Z0-9]+-\d+\b", reason):
        return reason
    return reason.rstrip(".") + f" ({rule})."


GENERAL_CODES = ("no-attack-left", "basic-only", "no-melee")
"""Refusal codes about the attacker, not the target: said once, in the engine's own sentence."""

CHARGE_GENERAL = GENERAL_CODES + ("no-uses",)
"""The same for a charge, where a spent basic melee line (CARD-4) is about the charger too."""


RISK_WORDS = {"bump in the dark": "into the dark too fast: a d20 of 10 or it bumps for 5 damage",
              "stumble": "rough ground in the dark: a d20 of 10 or 5 damage",
              "drift": "ends in the dark with no wall beside: it may drift off its way",
              "turn on ice": "turns on ice: a d20 of 10 or it falls prone and loses its activation",
              "stop on ice": "stops on ice: a d20 of 10 or it falls prone and loses its activation",
              "run on ice": "charges over ice: a d20 of 10 or it falls prone",
              "slide": "enters a slope: it slides down to its foot"}
"""A move's check or risk from ``move_checks`` (by its "what") in a player's words (``Hints._risk_words``)."""

RISK_SHORT = {"bump in the dark": "dark: d20 of 10 or 5 damage", "stumble": "rough dark ground: d20 of 10 or 5 damage",
              "drift": "may drift in the dark", "turn on ice": "turns on ice: d20 of 10 or prone",
              "stop on ice": "stops on ice: d20 of 10 or prone", "run on ice": "charge over ice: d20 of 10 or prone",
              "slide": "slides down the slope"}
"""``RISK_WORDS`` in fewer words, for a hint said short."""


def _where(square: Square) -> str:
    """"column 3, row 5" (1-based, as the log says it)."""
    return f"column {square[0] + 1}, row {square[1] + 1}"


def _terrain_name(kind) -> str:
    """A terrain kind in words: "wall" (a diagonal wall too), "forest", "statue", a map's own kind's name."""
    if isinstance(kind, Terrain):
        return "wall" if kind.value.startswith("wall") else kind.value.replace("-", " ")
    return str(getattr(kind, "name", "terrain"))


_RULE_ID = re.compile(r" \(([A-Z0-9]+-[A-Z0-9]+)\)")
"""A rule ID in parentheses after a reason: " (RNG-2)"."""


def _once(why: str, reasons: list[str]) -> str:
    """``why`` without the rule IDs in parentheses that ``reasons`` already name ("range 2", not
    "range 2 (RNG-2)" after "range 3 (RNG-2)"), so a refusal names each rule once."""
    said = {m.group(1) for r in reasons for m in _RULE_ID.finditer(r)}

    def keep(m: re.Match[str]) -> str:
        return "" if m.group(1) in said else m.group(0)
    return _RULE_ID.sub(keep, why)



SHORT_NAME = 20
"""The longest attack name said whole in a short status line (``short_name``): every shipped one (19 at most)."""

_TRAILING_WORDS = frozenset({"of", "the", "and", "a", "an", "to", "in", "on", "with"})


def short_name(name: str, room: int = SHORT_NAME) -> str:
    """``name`` (an attack's, a card's) in at most ``room`` characters: whole when it fits, else its
    first words within ``room - 1`` characters (no dangling "of the") and "…"; a first word longer
    than that is cut inside.  "Heavy Crossbow" -> itself, "Longbow of the Western Marches" -> "Longbow…"."""
    if len(name) <= room:
        return name
    words = name[:room].split(" ")
    if len(words) > 1:
        words = words[:-1]  # the last one may be cut
        while len(words) > 1 and words[-1].lower() in _TRAILING_WORDS:
            words = words[:-1]
        return " ".join(words).rstrip(",;:-") + "…"
    return name[:room - 1] + "…"


def _the_rest(reasons: list[str]) -> str:
    """The enemies a charge refusal does not name, counted by reason ("; 3 more too far (CHG-1)", or
    "; 4 more: 3 too far (CHG-1), 1 no line of sight (CHG-2)"), so that each reason still names its rule
    (s22 newcomer: "; 7 more" said neither why nor where to read); "" for none."""
    if not reasons:
        return ""
    counts = {r: reasons.count(r) for r in dict.fromkeys(reasons)}
    if len(counts) == 1:
        return f"; {len(reasons)} more {reasons[0]}"
    return f"; {len(reasons)} more: " + ", ".join(f"{n} {r}" for r, n in counts.items())

class Hints:
    """The status line's words for a mode machine.

    Args:
        machine: the mode machine (and through it the session) it words; only read.
    """

    def __init__(self, machine: ModeMachine) -> None:
        self.machine = machine
        self._short = False  # set while ``hint`` says a too-long hint again in short form

    @property
    def session(self) -> GameSession:
        """The machine's battle."""
        return self.machine.session

    @property
    def mode(self) -> Mode:
        """The machine's mode."""
        return self.machine.mode

    @property
    def attack_index(self) -> int:
        """The attack being aimed."""
        return self.machine.attack_index

    @property
    def charge_target(self) -> str | None:
        """The uid being charged, or None."""
        return self.machine.charge_target

    @property
    def keys(self) -> KeyWords:
        """The battle keys as bound, as they read (``ModeMachine.keys``)."""
        return self.machine.keys

    def _me(self) -> Creature:
        return self.machine.actor()

    def _attack(self) -> AttackDef:
        return self.machine.chosen_attack()

    def _at(self, sq: Square) -> Creature | None:
        return self.machine.creature_at(sq)

    def says_why(self, name: str) -> bool:
        """True when key action ``name`` ("attack", "charge"; "move", "shift", "power", "end" while
        picking a creature) can do nothing now and its key should say why instead of being ignored
        (``refusal``): cheap, it backs the screen's hidden bindings."""
        return self.mode in SAYS_WHY.get(name, ()) and not self.machine.allowed(name)

    def refusal(self, name: str, room: int | None = None) -> str:
        """Why the key of action ``name`` (a ``SAYS_WHY`` key) can do nothing now, in one or two
        sentences built from the engine's refusals (``attack_refusal``, ``charge_refusal``); while
        a creature is to be picked (RND-2), that one must be activated first.

        ``room``: the characters the status line shows (None: no limit).  A longer refusal is said
        again short (``_said_short``): creatures by label, attacks by number, the reasons in fewer
        words, so a list of enemies with long names stays inside the status line at 80×24."""
        return self._fitted(lambda: self._refusal(name), room)

    def _fitted(self, say: Callable[[], str], room: int | None) -> str:
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

    def ended_by_itself(self) -> str | None:
        """The uid of the creature of the player to pick now whose activation ended without its end key,
        its actions used (ACT-1: an attack after a move, a charge), when no activation of that player
        began since (the other side's turn may lie between: ``GameSession.ended_itself``); None
        otherwise.  e pressed then gets "already ended", not a refusal (``ended_note``)."""
        st = self.session.state
        if st.active_creature is not None:
            return None
        return self.session.ended_itself.get(st.decider)  # the AI may have played since (nm s17 F13)

    def ended_note(self) -> str:
        """What e says after an activation ended by itself (``ended_by_itself``): "Raider (BR1): its
        activation already ended by itself (both its actions used, ACT-1); Tab and Enter activate the
        next." ("" when none did)."""
        uid = self.ended_by_itself()
        if uid is None:
            return ""
        k = self.keys
        return (f"{self._name(uid)}: its activation already ended by itself (its actions used, ACT-1); "
                f"{k['next']} and {k['select']} activate the next.")

    def _refusal(self, name: str) -> str:
        """``refusal`` at full length (short while ``_short`` is set)."""
        if name == "dig" and "underground" not in active_modules(self.session.state):
            return ("g digs through rubble, a rule of the underground module (UG-RUBBLE); this battle plays "
                    "without it.")
        if name == "prone" and not self.session.of_type(DropProne) and not self.session.of_type(StandUp) \
                and "grid5e" not in active_modules(self.session.state):
            return "d drops prone or stands up, a rule of the grid5e module (G5E-PRONE); this battle plays without it."
        if self.mode is Mode.PICK:
            k = self.keys
            then = THEN[name].format_map(k)
            rule = "" if "(" in then else " (ACT-1)"  # a module's key names its own rule
            return f"Activate a creature first ({k['next']} cycles yours, {k['select']} activates); then {then}{rule}."
        if name == "power":
            return self.power_refusal()
        if name == "dig":
            return self.dig_refusal()
        if name == "prone":
            return self.prone_refusal()
        return self.attack_refusal() if name == "attack" else self.charge_refusal()

    def dig_refusal(self, cursor: Square | None = None) -> str:
        """Why g can dig nowhere now (UG-RUBBLE, the underground module), from the engine's refusal of
        a ``Dig`` at the rubble under ``cursor`` or touching the active creature: its actions are
        used (digging takes the whole activation), solid rock needs a pick, or no rubble touches it."""
        s, st, me = self.session, self.session.state, self._me()
        rules_at = st.battle_map.rules_at
        x, y = me.square
        near = [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                if (dx or dy) and st.battle_map.in_bounds((x + dx, y + dy)) and rules_at((x + dx, y + dy)).rubble]
        spots = ([cursor] if cursor is not None and rules_at(cursor).rubble else []) + near
        for spot in spots:
            found = s.refusal(Dig(spot))
            if found is not None:
                return found[1]
        used = " (and digging takes the whole activation: an action is used)" if st.move_used or st.attack_used \
            else ""
        return (f"No rubble touches {me.card.name}: g digs at a rubble square (▒) next to it, with both its "
                f"actions unused{used} (UG-RUBBLE).")

    def prone_refusal(self) -> str:
        """Why d can neither drop the active creature prone nor stand it up now (G5E-PRONE): the
        engine's refusal of ``StandUp`` for a prone creature, of ``DropProne`` for one standing."""
        me = self._me()
        prone = any(e.name == "prone" for e in me.effects)
        found = self.session.refusal(StandUp() if prone else DropProne())
        return found[1] if found else f"{me.card.name} cannot drop prone or stand up now (G5E-PRONE)."

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

    def walk_to(self, enemy: Creature) -> int | None:
        """Squares of movement the active creature spends on its cheapest walk to stand next to
        ``enemy``: the engine's own count (``walk_to``: as its moves count them, MOV-1, MOV-7, MOV-8,
        TER-*, the rule modules' step prices, G35-DIAG; the other creatures where they stand), kept per
        state; 0 when it stands next to it already, None when no walk gets there."""
        me = self._me()
        return self.session.walk_to(me.uid, enemy.uid)

    def _enemies_nearest_first(self) -> list[Creature]:
        """The active creature's enemies on the map, nearest first by the walk to them (``walk_to``:
        walls and difficult ground counted; those no walk reaches last, by distance), then in reading
        order."""
        st, me = self.session.state, self._me()

        def key(c):
            walk = self.walk_to(c)
            d = creature_distance(st, me, c)
            return (walk is None, walk or 0, d is None, d or 0, c.pos[1], c.pos[0])
        return sorted(st.enemy_creatures(me.player), key=key)

    def _how_far(self, nearest: Creature, enemies: list[Creature]) -> str:
        """How far the nearest enemy (by walking) is, for ``attack_refusal``, each number the engine's
        answer for what it names (s18 ux 5: "is 11 squares away" was counted as ranges are, not as the
        moves' diagonals): the squares as ranges count them ("is 5 squares away by range count", RNG-5:
        no rule ID said, so r still opens the attack's own rule,
        ``creature_distance``), and the walk to stand next to it where that is not one square less
        ("…, a walk of 9 to its side", ``walk_to``: difficult ground, walls, G35-DIAG); and an
        enemy nearer as the crow flies whom walls keep further ("…; Sellsword (ws1) is nearer as the crow
        flies, a walk of 9 to its side")."""
        st, me = self.session.state, self._me()
        far, walk = creature_distance(st, me, nearest), self.walk_to(nearest)
        if far is None and walk is None:
            return "cannot be reached"
        said = [] if far is None else [f"is {far} squares away by range count"]
        if walk is not None and (far is None or walk != far - 1):
            said.append(f"a walk of {walk}" + ("" if self._short else " to its side"))
        text = ", ".join(said)
        if self._short:
            return text
        crow = min(chebyshev(a, b) for a in me.squares for b in nearest.squares)
        for other in enemies[1:]:
            if min(chebyshev(a, b) for a in me.squares for b in other.squares) < crow:
                other_walk = self.walk_to(other)
                how = f"a walk of {other_walk} to its side" if other_walk is not None else "no walk reaches it"
                return text + f"; {self._name(other.uid)} is nearer as the crow flies, {how}"
        return text

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
                    why = (f"{self._attack_name(i)}: {attack.describe_reach()}, no enemy inside "
                           f"({reach_rule(attack)})")
            else:
                general, sentence, words = self._engine_words(i, nearest)
                if general:
                    return sentence
                why = f"{self._attack_name(i)}: {words}" if sentence else ""
            why = _once(why, reasons)
            if why and why not in reasons:  # each rule ID once: "range 3 (RNG-2); range 2"
                reasons.append(why)
        named: set[str] = set()  # a rule named once: "range 3 (RNG-2); … range 2", not RNG-2 twice
        for n, why in enumerate(reasons):
            rule = re.search(r" \(([A-Z0-9]+-\d+)\)$", why)
            if rule and rule.group(1) in named:
                reasons[n] = why[:rule.start()]
            elif rule:
                named.add(rule.group(1))
        where = self._how_far(nearest, enemies)
        return (f"No attack has a target in reach: the nearest enemy, {self._name(nearest.uid)}, "
                f"{where}" + "".join(f"; {r}" for r in reasons) + ".")

    def _engine_words(self, index: int, target: Creature) -> tuple[bool, str, str]:
        """The engine's refusal of the active creature's attack ``index`` on ``target``: (True when it
        is a general refusal, said as it is; the engine's sentence, "" when it allows the attack; the
        short words for the attack's reason, ``ATTACK_WORDS``)."""
        found = self.session.refusal(Attack(index, (target.uid,)))
        code, sentence = found if found else ("", "")
        attack = self._me().card.attacks[index]
        return (code in GENERAL_CODES, sentence,
                ATTACK_WORDS.get(code, sentence.rstrip(".")).format(range=attack.range))

    def attack_number_refusal(self, index: int) -> str | None:
        """Why attack ``index`` of the active creature (a number key) has no target now, as
        ``attack_refusal`` says it for every attack: the nearest enemy by walking, how far, and the
        engine's reason this attack cannot reach it ("Bow has no target in reach now: the nearest enemy,
        Goblin (b), is 6 squares away; range 3."); None when no enemy is on the map or the attack is a
        close or area one (its own refusal stands)."""
        me = self._me()
        enemies = self._enemies_nearest_first()
        if not enemies or not 0 <= index < len(me.card.attacks) or me.card.attacks[index].is_area:
            return None
        attack, nearest = me.card.attacks[index], enemies[0]
        general, sentence, words = self._engine_words(index, nearest)
        if general:
            return sentence
        why = f"; {words}" if words else ""
        return (f"{attack.name} has no target in reach now: the nearest enemy, {self._name(nearest.uid)}, "
                f"{self._how_far(nearest, enemies)}{why}.")

    def charge_refusal(self) -> str:
        """Why the active creature cannot charge now: the engine's reason about the charger when
        there is one (attack action used, basic attack only, no melee basic attack), else the
        nearest enemies, each with the engine's reason in a few words (CHG-1..3)."""
        s = self.session
        enemies = self._enemies_nearest_first()
        if not enemies:
            return "No enemy is on the map to charge."
        parts, far, reasons = [], [], []
        for enemy in enemies:
            found = s.refusal(Charge(enemy.uid, ()))
            code, why = found if found else ("", "cannot be charged now")
            if code in CHARGE_GENERAL:
                return why
            words = (CHARGE_SHORT if self._short else CHARGE_WORDS).get(code, why.rstrip("."))
            if code == "no-sight" and hidden_in_dark(s.state, enemy):  # the cause is the dark, not a wall
                words = "in the dark (UG-DARK)" if self._short else \
                    "in the dark: unseen unless adjacent or by darkvision (UG-DARK)"
            parts.append(f"{self._name(enemy.uid)} {words}")
            reasons.append(CHARGE_SHORT.get(code, words))
            if code == "too-far":
                far.append(enemy)
        return ("No enemy in reach of a charge: " + "; ".join(parts[:3]) + _the_rest(reasons[3:]) + "."
                + self._move_first(far))

    def _move_first(self, far: list[Creature]) -> str:
        """For a charge refused as too far: " Move first (m): from there a charge may reach Ogre (OG1)."
        when the active creature still has its move action and a move then a charge could reach one of
        the ``far`` enemies (the engine's ``threat_way``: ACT-1, ACT-3, CHG-1; counted generously, so
        "may"); "" otherwise (nm s17 F9: "beyond charging distance" did not say that a move comes first)."""
        st = self.session.state
        if st.move_used or not far:
            return ""
        me = self._me()
        near = [e for e in far if any((w := threat_way(st, me.uid, sq)) is not None
                                      and w.level is ThreatLevel.CHARGE for sq in e.squares)]
        if not near:
            return ""
        names = ", ".join(self._name(e.uid) for e in near[:2])
        return f" Move first ({self.keys['move']}): from there a charge may reach {names}."

    def _name(self, uid: str) -> str:
        """A creature in the status line: "Ogre (OG1)", or its label alone while a hint is said short."""
        st = self.session.state
        return st.creature(uid).label if self._short else creature_name(st, uid)

    def _attack_name(self, index: int) -> str:
        """The active creature's attack ``index`` in the status line: its name, cut to its first words
        and an ellipsis while a text is said short (``short_name``: "Notched…"; never "attack 2",
        which a player cannot tell from the card: s16 keys 7)."""
        name = self._me().card.attacks[index].name
        return short_name(name) if self._short else name

    def preview(self, attack: AttackDef, target: str, preview: AttackPreview | None, suffix: str = "") -> str:
        """The status line's preview of ``attack`` (its name + ``suffix``) on ``target`` from the engine's
        ``preview`` (``describe.describe_preview``), plus who a ranged or area attack provokes (OA-1)."""
        st = self.session.state
        name = self._name
        me = st.active_creature
        notes = {"cover": self._cover_note(me, target, attack)} if (
            preview is not None and me is not None and any(n == "cover" for n, _ in preview.modifiers)) else {}
        text = describe_preview(attack.name + suffix, name(target), preview, attack.defense.value, short=self._short,
                                notes=notes)
        strikers = provokers_of_attack(st, me, attack) if me is not None else ()
        if strikers:  # OA-1: a ranged or area attack next to an enemy provokes
            names = ", ".join(name(uid) for uid in strikers)
            text += f" Provokes an opportunity attack from {names}."
        slip = melee_slip_chance(st, me) if me is not None and attack.kind.value == "melee" else 0.0
        if slip and preview is not None:  # UG-SLIP: the check on ice comes before the roll
            text += (f" On ice: a d20 of 10 first, or it misses and falls prone (UG-SLIP): "
                     f"{preview.hit_chance * (1 - slip):.0%} to hit in all.")
        return text

    def _cover_note(self, me, target: str, attack: AttackDef) -> str:
        """Where the target's cover comes from (the engine's ``cover_sources``, COV-2, COV-4, TER-FOREST):
        "br1 in the way", "wall at column 5, row 3", "it stands in forest"; "" when not traced."""
        st = self.session.state
        said = []
        for source in cover_sources(st, me, st.creature(target), attack):
            if source.kind == "creature":
                said.append(f"{st.creature(source.uid).label} in the way")
            elif source.kind == "inside":
                said.append(f"it stands in {_terrain_name(source.terrain)}")
            else:
                said.append(f"{_terrain_name(source.terrain)} at {_where(source.square)}")
        return ", ".join(said)

    def hint(self, cursor: Square, room: int | None = None) -> str:
        """One or two sentences: what the keys do now, or a preview at the cursor.

        ``room``: the characters the status line shows (None: no limit).  A hint longer than that
        is said again with short previews (labels for names, the chances without the modifiers), so
        its last words, the key to press, stay in view on a small terminal (so do a move's and an
        area attack's lists of creatures)."""
        return self._fitted(lambda: self._hint(cursor), room)

    def _hint(self, cursor: Square) -> str:
        """``hint`` at full length (short previews while ``_short`` is set)."""
        s, st, m, k = self.session, self.session.state, self.mode, self.keys
        here = self._at(cursor)
        if m is Mode.DEPLOY:
            nxt = next(iter(s.placements().values()), None)
            if nxt is None:
                return ""
            return (f"{player_name(st.decider)}: place {creature_name(st, nxt.uid)} on a shaded square "
                    f"({k['select']}); {k['auto_place']} places the rest automatically.")
        if m is Mode.PICK:
            left = st.usable_activations
            many = f"{left} activation{'s' if left != 1 else ''} left"
            if self._short:  # beside a note at 80 columns (s18 ux 10: "…(1 activation left this…")
                return f"Pick a creature: {k['next']} cycles, {k['select']} activates ({many})."
            return (f"{player_name(st.turn_player)}: pick a creature to activate — {k['next']} cycles, "
                    f"{k['select']} activates ({many} this turn).")
        me = self.machine.active()
        if me is None:  # no activation: only a forced movement may still wait for a choice
            return self._forced_hint(cursor) if m is Mode.FORCE and st.pending else ""
        if m is Mode.ACT:
            moves = s.moves()
            if isinstance(moves.get(cursor), Teleport):  # TER-TELEPORT: jumping from where it stands
                return self._jump_words(cursor)
            if cursor in moves:
                chosen = moves[cursor]
                assert isinstance(chosen, (Move, Squeeze))
                path = chosen.path
                squares = f"{len(path)} square{'s' if len(path) != 1 else ''} here"
                if isinstance(moves[cursor], Squeeze):  # docs/rules.md: a Huge creature squeezing
                    text = (f"Squeeze {squares} (as 2×2 at half speed, then it expands to its full size; "
                            f"the foes its start provokes get combat advantage): {k['move']} or {k['select']}.")
                else:
                    text = f"{self._move_words(path)}: {k['move']} or {k['select']}." + self._shots_words(path)
                prov = s.provokers(path)
                if prov:
                    text += (" Provokes opportunity attacks from " + ", ".join(self._name(u) for u in prov)
                             + "! (asks for the key again)")
                    if cursor in s.shifts():
                        text += f" {k['shift']} shifts here instead: no opportunity attacks."
                else:
                    text += " No opportunity attacks."
                return text + self._pit_words(chosen, not prov) + self._risk_words(chosen)
            if cursor in s.shifts():  # MOV-12: a shift the engine allows where no move ends
                return f"Shift 1 square here: {k['shift']} (no opportunity attacks)."
            way = s.teleport_ways().get(cursor)
            if way is not None:
                return self._way_words(way)
            if here is not None and here.player != me.player:
                for index in s.usable_attacks():
                    if here.uid in s.attack_targets(index):
                        return (self.preview(me.card.attacks[index], here.uid, s.attack_preview(index, here.uid))
                                + f" {k['select']}: choose this attack.")
            rest = move_rest(st)  # G5E-SPLIT: the move is spent only when its pool is empty
            acts = ((f"move: {rest} left" if rest else "move ✓" if not st.move_used else "move ✗") + "  "
                    + ("attack ✓" if not st.attack_used else "attack ✗"))
            if s.over_pit():  # it stands over a pit with the activation still open (TER-PIT, issue 20)
                pit = ("Over a pit: it must move on before its activation ends (TER-PIT)" if moves
                       else "Over a pit: when its activation ends there, it is destroyed (TER-PIT)!")
                return f"{creature_name(st, me.uid)} is active ({acts}). {pit} — {self.act_keys()}."
            return f"{creature_name(st, me.uid)} is active ({acts}): {self.act_keys()}."
        if m is Mode.AREA:
            return self.area_hint(cursor)
        if m is Mode.ATTACK:
            attack = self._attack()
            if here is not None and here.uid in s.attack_targets(self.attack_index):
                text = self.preview(attack, here.uid, s.attack_preview(self.attack_index, here.uid))
                more = f" {k['add_target']} adds targets." if attack.targets > 1 else ""
                return text + f" {k['select']} attacks, {k['cancel']} cancels.{more}"
            numbers = f" (1–{len(me.card.attacks)} switch attack)" if len(me.card.attacks) > 1 else ""
            return (f"{attack.name}: choose a marked target — {k['next']} cycles, {k['select']} attacks, "
                    f"{k['cancel']} cancels{numbers}.")
        if m is Mode.CHARGE:
            melee = me.card.basic_melee  # a creature that can charge has one (CHG-1)
            if here is not None and here.uid in s.charges() and melee is not None:
                first = s.charges()[here.uid][0]
                return (self.preview(melee, here.uid, s.charge_preview(first), " (charge)")
                        + f" {k['select']}: choose where the charge ends.")
            return f"Charge: choose a marked enemy — {k['next']} cycles, {k['select']} picks it, {k['cancel']} cancels."
        if m is Mode.CHARGE_END:
            melee = me.card.basic_melee
            for c in self.machine.charge_ends():
                if c.destination == cursor and melee is not None:
                    text = self.preview(melee, c.target, s.charge_preview(c), " (charge)")
                    prov = s.provokers(c.path)
                    if prov:
                        text += " On the way: opportunity attacks from " + ", ".join(self._name(u) for u in prov) + "."
                    return (text + f" {k['select']} charges." + self._pit_words(c, True) + self._risk_words(c)
                            + self._other_ends(len(self.machine.charge_ends()) - 1))
            return (f"Charge: move the cursor to a marked end square ({k['next']}), {k['select']} charges, "
                    f"{k['cancel']} cancels.")
        if m is Mode.FORCE and st.pending:
            return self._forced_hint(cursor)
        return ""

    def _other_ends(self, others: int) -> str:
        """After a charge's preview on one of its end squares: how many other end squares are marked
        ``x`` and which keys choose one (nm s17 F15: the choice went unseen until the cursor moved), or
        that this is the only one (CHG-3: the nearest squares from which it can attack)."""
        k = self.keys
        if others <= 0:
            return " The only square it can end on (CHG-3)." if not self._short else ""
        squares = "square" if others == 1 else "squares"
        return f" {others} other end {squares} marked x: {k['next']} or the arrows choose."

    def _shots_words(self, path: tuple[Square, ...]) -> str:
        """What the active creature could attack from the end of the move along ``path`` when the move
        leaves it its attack action (ACT-1..3): " From there: ho2 40% (cover), ws1 55%." -- each enemy's
        best chance to hit (the engine's ``attacks_from``: ATK-3, COV-1..4), best first, then the enemies
        only a charge from there reaches ("charge he1 95%": ``charges_from``, CHG-1..3), three at most
        (two when said short); "" when none is in reach from there or the move takes the attack action
        (nm s16 B1, nm s17 F9)."""
        st = self.session.state
        price = self.session.move_price(path)
        if not path or st.attack_used or price is None or price.takes not in ("move action", "rest"):
            return ""
        most = 2 if self._short else 3
        shots = attacks_from(st, path[-1])[:most]
        said = [f"{st.creature(s.target).label} {round(100 * s.hit_chance)}%" + (" (cover)" if s.cover else "")
                for s in shots]
        if len(said) < most:  # then a charge, for an enemy no attack reaches from there (nm s17 F9)
            shot_at = {s.target for s in shots}
            said += [f"charge {st.creature(c.target).label} {round(100 * c.hit_chance)}%"
                     for c in charges_from(st, path[-1]) if c.target not in shot_at][:most - len(said)]
        return f" From there: {', '.join(said)}." if said else ""

    def _move_words(self, path: tuple[Square, ...]) -> str:
        """"Move 4 squares here", and, when a rule module is on or the way costs more squares of
        movement than it has squares, what it costs against what is left, counted the module's way
        (``move_price``: G35-DIAG's 1-2-1-2 diagonals, G35-HAMPER, G5E-DIFF, UG-LOW), and which
        actions it takes (a run, G35-RUN; the one-square move, G35-MIN; the rest of a split move,
        G5E-SPLIT; a second move, ACT-3).  Said short (no step-by-step sum) while ``_short`` is set."""
        st = self.session.state
        n = len(path)
        squares = f"{n} square{'s' if n != 1 else ''} here"
        price = self.session.move_price(path)
        if price is None or (not active_modules(st) and price.total == n and price.takes != "attack action"):
            return f"Move {squares}"
        cost = str(price.total)
        if not self._short and n <= 8 and any(step != 1 for step in price.steps):
            cost = "+".join(str(step) for step in price.steps) + f" = {price.total}"
        if price.run:
            if self._short:
                return f"Run {squares} (cost {cost} of {price.run_left}: both actions, G35-RUN)"
            return (f"Run {squares} (cost {cost} of {price.run_left}; more than its speed {price.speed}: a run "
                    f"takes both actions, no attack after, G35-RUN)")
        if price.takes == "both actions":
            return (f"Move {squares} (cost {cost}, more than its {price.left}: the one-square move takes the "
                    f"whole activation, G35-MIN)")
        if price.takes == "rest":
            how = f" of the {move_rest(st)} left of its move: no action, G5E-SPLIT"
        elif price.takes == "attack action":
            how = f" of {price.left}: a second move uses the attack action, ACT-3"
        elif price.takes == "move and attack actions":
            how = f" of {price.left}: two moves at once, the attack action too, ACT-3, G5E-SPLIT"
        else:
            how = f" of {price.left}"
        me = st.actor
        if me is not None and "prone" in me.conditions and "grid5e" in active_modules(st):
            how += "; crawling: +1 a square, G5E-PRONE"  # why each square costs 2 (nm-g5e 11)
        return f"Move {squares} (cost {cost}{how})"

    def _risk_words(self, action: Move | Squeeze | Charge) -> str:
        """What the status line adds when ``action`` (a move or a charge) crosses ice or enters the
        dark, from the engine's ``move_checks`` (UG-DARK, UG-SLIP, UG-SLIDE): the checks it would
        roll, or that it goes slowly enough for none; "" when it meets neither."""
        st = self.session.state
        me = st.active_creature
        if me is None or isinstance(action, Squeeze) or "underground" not in active_modules(st):
            return ""
        checks = self.session.move_checks(action)
        said: list[str] = []
        table = RISK_SHORT if self._short else RISK_WORDS
        for rule, what in checks:
            words = table.get(what, f"{what}: a d20 of 10")
            if f"{words} ({rule})" not in said:
                said.append(f"{words} ({rule})")
        rules_at = st.battle_map.rules_at
        dark = any(rules_at(sq).dark for sq in action.path)
        ice = any(rules_at(sq).slippery for sq in (me.pos, *action.path) if sq is not None)
        sees = any(a.kind == "darkvision" for a in me.card.abilities)
        steady = any(a.kind == "crampons" for a in me.card.abilities)
        if dark and not sees and not any(r == "UG-DARK" for r, _ in checks):
            said.append(("dark, slowly: no check" if self._short else "into the dark slowly enough: no check")
                        + " (UG-DARK)")
        if ice and not steady and not any(r == "UG-SLIP" for r, _ in checks):
            said.append(("ice, carefully: no check" if self._short else "over ice carefully: no check")
                        + " (UG-SLIP)")
        if not said:
            return ""
        joined = "; ".join(said)
        return " " + joined[0].upper() + joined[1:] + "."

    def _jump_words(self, square: Square) -> str:
        """The status line over a teleporter the active creature may jump to now (TER-TELEPORT)."""
        st = self.session.state
        rest = st.jump_spent
        text = f"Jump through the teleporter to {_where(square)} (no action; once a round)"
        if rest is not None and self.session.state.active_creature is not None:
            left = max(0, move_budget(st) - rest)
            text += f", then carry on with the {left} square{'s' if left != 1 else ''} its move has left"
        return text + f": {self.keys['move']} or {self.keys['select']}."

    def _way_words(self, way: TeleportWay) -> str:
        """The status line over a square reached only through a teleporter (TER-TELEPORT): the way
        in words, and that m takes its first step."""
        parts = []
        if way.onto is not None:
            n = len(way.onto.path)
            parts.append(f"move {n} square{'s' if n != 1 else ''} onto the teleporter at {_where(way.onto.path[-1])}")
        parts.append(f"jump to {_where(way.jump.square)}")
        if way.then is not None:
            n = len(way.then.path)
            how = "a fresh move: it takes an action" if way.fresh else "the rest of its move: no action"
            parts.append(f"move on {n} square{'s' if n != 1 else ''} ({how})")
        first = "moves onto the teleporter" if way.onto is not None else "jumps"
        return ("Through a teleporter: " + ", ".join(parts[:-1]) + (", then " if len(parts) > 1 else "")
                + parts[-1] + f". {self.keys['move']} or {self.keys['select']} {first}; press it again to go on.")

    def _pit_words(self, action: Move | Squeeze | Charge, asks: bool) -> str:
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
        s, st, k = self.session, self.session.state, self.keys
        keys = []
        rest = move_rest(st)  # G5E-SPLIT: squares left of a move action, spent without an action
        if s.moves():
            more = "" if st.move_used and st.attack_used else ", more with an action"
            ran = run_budget(st)  # G35-RUN: the shaded squares include those only a run reaches
            tail = (f" (the rest of its move: {rest} square{'' if rest == 1 else 's'}{more})" if rest
                    else " again" if st.move_used
                    else f" (or runs up to {ran}: no attack after, G35-RUN)" if ran else "")
            keys.append(f"{k['move']} on a shaded square moves" + tail)
        if s.shifts():
            keys.append(f"{k['shift']} shifts 1 square")
        if st.move_used and keys and not rest:  # ACT-3: the attack action taken as a move action
            keys = [" or ".join(keys) + (" (either uses the attack action)" if len(keys) > 1
                                         else " (uses the attack action)")]
        if s.usable_attacks():
            keys.append(f"{k['attack']} attack")
        elif not st.attack_used:
            keys.append("no enemy in reach of an attack")
        if s.charges():
            keys.append(f"{k['charge']} charge")
        if s.of_type(UsePower):
            keys.append(f"{k['power']} power")
        if s.of_type(Dig):  # UG-RUBBLE
            keys.append(f"{k['dig']} dig")
        if s.of_type(StandUp):  # G5E-PRONE
            keys.append(f"{k['prone']} stand up")
        elif s.of_type(DropProne):
            keys.append(f"{k['prone']} drop prone")
        if s.can_end():
            keys.append(f"{k['end']} end")
        return ", ".join(keys) if keys else "nothing is left to do"

    def area_hint(self, cursor: Square) -> str:
        """The preview of an aimed close or area attack: squares, creatures inside, chance to hit each."""
        s, st = self.session, self.session.state
        attack = self._attack()
        count = len(self._me().card.attacks)
        numbers = f" (1–{count} switch attack)" if count > 1 else ""
        aim = s.area_aim(self.attack_index, cursor)
        if aim is None:  # the engine's template refuses this aim (RNG-3, RNG-4)
            return (f"{attack.name} ({attack.describe_reach()}) cannot be aimed here: out of range or "
                    f"out of sight. Move the cursor within reach — {self.keys['next']} cycles enemies, "
                    f"{self.keys['cancel']} cancels{numbers}.")
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
        tail = f" {refusal}" if refusal else f" {self.keys['select']} attacks, {self.keys['cancel']} cancels."
        return f"{attack.name}: its area covers {len(found.squares)} squares and strikes {inside}.{tail}"

    def _forced_hint(self, cursor: Square) -> str:
        """The status line while forced movement waits for a choice (MOV-14, TER-PIT, MOV-3)."""
        st, k = self.session.state, self.keys
        p = st.pending[0]
        who, name = player_name(st.decider), creature_name(st, p.target)
        if p.kind == "settle":
            return (f"{who}: {name} climbs out of the pit — place it on a marked square, the nearest "
                    f"legal ones ({k['next']} cycles, {k['select']} places).")
        verb = {"push": "Push", "pull": "Pull", "slide": "Slide", "teleport": "Teleport", "shift": "Shift",
                "place": "Place"}.get(p.kind, p.kind)
        chosen = self.machine.forced_squares().get(cursor)
        if chosen is not None and st.battle_map.rules_at(cursor).fliers_only and p.kind in ("push", "pull", "slide"):
            return f"{verb} {name} into the pit here: {k['select']} (a second attack roll may destroy it, TER-PIT)."
        text = f"{who}: {verb.lower()} {name} up to {p.distance} square{'s' if p.distance != 1 else ''} — "
        text += f"{k['select']} on a marked square" if chosen is None else f"{k['select']} moves it here"
        return text + f" ({k['next']} cycles), {k['cancel']} leaves it where it is. No opportunity attacks."
