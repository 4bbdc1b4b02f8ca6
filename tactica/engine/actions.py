"""Actions: the only way a client changes a game (the engine's input).

Every action is a small frozen value.  ``legal_actions(state)`` lists the
actions the deciding player may take now, in a canonical order; ``apply``
takes one and returns the next state and the events.  Units: squares.
"""
from __future__ import annotations

from dataclasses import dataclass

from .frozen import fast_inits
from .model import Square


@dataclass(frozen=True)
class Action:
    """Base class of all actions."""


@dataclass(frozen=True)
class ChooseMap(Action):
    """The setup-roll winner picks one of the two brought maps (SET-2).

    index: 0 for the map player 1 brought, 1 for player 2's.
    """

    index: int


@dataclass(frozen=True)
class ChooseStartArea(Action):
    """The roll loser picks a start area letter, "A" or "B" (SET-2)."""

    area: str


@dataclass(frozen=True)
class Place(Action):
    """Deploy creature ``uid`` on ``square`` (SET-2, SET-3)."""

    uid: str
    square: Square


@dataclass(frozen=True)
class ChooseFirstPlayer(Action):
    """The initiative winner names who takes the first turn of the round (RND-1).

    player: 0 or 1.
    """

    player: int


@dataclass(frozen=True)
class Activate(Action):
    """Start the activation of creature ``uid`` (RND-2, RND-5)."""

    uid: str


@dataclass(frozen=True)
class Move(Action):
    """Move the active creature along ``path`` (MOV-1..8, ACT-2, ACT-3).

    path: the squares entered, in order, ending at the destination (the
    start square is not included).  Uses the move action, or the attack
    action when the move action is spent.
    """

    path: tuple[Square, ...]

    @property
    def destination(self) -> Square:
        """The last square of the path."""
        return self.path[-1]


@dataclass(frozen=True)
class Squeeze(Action):
    """A Huge creature squeezes along ``path`` (docs/rules.md glossary: Squeeze; MOV-13).

    path: the anchors (top-left squares) of its squeezed 2×2 block, step by
    step.  It moves as 2×2 up to half its speed; a move action (or the
    attack action when the move action is spent, ACT-3).
    end: the anchor of the 3×3 space it expands into at the end: any legal
    3×3 space that holds the 2×2 block where the path ends (so the path's
    last anchor, or one square up, left, or up and left of it); None means
    the path's last anchor (the space down and to the right).
    During that move only it is squeezing: it grants combat advantage and
    its attacks take -5 (docs/rules.md Squeeze).
    """

    path: tuple[Square, ...]
    end: Square | None = None

    @property
    def destination(self) -> Square:
        """The anchor it stands on after expanding (``end``, else the last anchor of the path)."""
        return self.path[-1] if self.end is None else self.end


@dataclass(frozen=True)
class Dig(Action):
    """The active creature spends its whole activation digging at the rubble of the adjacent
    ``square`` (underground, UG-RUBBLE; needs both actions unused)."""

    square: Square


@dataclass(frozen=True)
class DropProne(Action):
    """The active creature drops prone, spending no movement and no action (grid5e, G5E-PRONE)."""


@dataclass(frozen=True)
class StandUp(Action):
    """The active prone creature stands up, spending half its speed (rounded up) of movement: the
    open move action's rest first, else a move action (grid5e, G5E-PRONE, G5E-SPLIT)."""


@dataclass(frozen=True)
class Shift(Action):
    """Shift the active creature one square to ``square`` (MOV-12)."""

    square: Square


@dataclass(frozen=True)
class Attack(Action):
    """Make attack number ``attack`` of the active creature's card (ATK-1, ATK-4).

    targets: creature uids, in the order the attacker resolves them.
    """

    attack: int
    targets: tuple[str, ...]


@dataclass(frozen=True)
class AreaAttack(Action):
    """Make close or area attack number ``attack`` of the active creature's card (RNG-3, RNG-4, ATK-4).

    origin: burst and cones — the attacker's square; line — the end square;
    radius areas — the origin square.  targets: every creature the template
    covers (allies too, ATK-2), in the order the attacker resolves them.
    corner: cones and lines — the corner of the attacker's square they start
    from (0 NW, 1 NE, 2 SW, 3 SE); 0 otherwise.
    """

    attack: int
    origin: Square
    targets: tuple[str, ...]
    corner: int = 0


@dataclass(frozen=True)
class Charge(Action):
    """Charge ``target`` along ``path`` with the basic melee attack (CHG-1..4)."""

    target: str
    path: tuple[Square, ...]

    @property
    def destination(self) -> Square:
        """Where the charge ends."""
        return self.path[-1]


@dataclass(frozen=True)
class EndActivation(Action):
    """End the active creature's activation (its remaining actions are lost)."""


@dataclass(frozen=True)
class Teleport(Action):
    """Jump from the teleporter the active creature stands on to another one (TER-TELEPORT).

    square: an unoccupied teleporter.  Not an action in the rules' sense: it
    uses neither the move nor the attack action.
    """

    square: Square


@dataclass(frozen=True)
class ForceMove(Action):
    """Choose where forced movement takes creature ``target`` (MOV-14, OA-2; docs/rules.md).

    Made by the attacking player after a hit with push, pull, slide,
    teleport or place (``Phase.FORCED``).  path: for push, pull and slide the
    squares entered, in order (start excluded; at most X of them); for
    teleport and place the one destination square; the empty tuple leaves
    the creature where it is (X is a maximum).
    """

    target: str
    path: tuple[Square, ...] = ()

    @property
    def destination(self) -> Square | None:
        """The last square of the path, or None when the creature stays."""
        return self.path[-1] if self.path else None


@dataclass(frozen=True)
class Settle(Action):
    """The owner places creature ``uid`` in the nearest legal square ``square`` (TER-PIT, MOV-3).

    Made after a creature forced into a pit survives the second attack roll,
    or when forced movement without an attack roll leaves it in a pit.
    """

    uid: str
    square: Square


@dataclass(frozen=True)
class UsePower(Action):
    """The active creature uses special power number ``power`` of its card on ``target`` (SPW-1).

    Spends the move or attack action the power needs (a move-action power
    may use the attack action instead, ACT-3).  target: the creature's own
    uid, or an ally's within the power's range.
    """

    power: int
    target: str


@dataclass(frozen=True)
class UseChampionPower(Action):
    """Use champion power number ``power`` of champion ``champion`` (CHP-1..3); takes no action.

    Legal only in ``Phase.CHAMPION`` for the champion's player.  ally: the
    creature the trigger is about (the one that hit, missed, was hit, ends
    or starts its turn); enemy: the enemy of that attack, "" for turn triggers.
    """

    champion: str
    power: int
    ally: str
    enemy: str = ""


@dataclass(frozen=True)
class UseReaction(Action):
    """Creature ``creature`` uses its reaction number ``reaction`` against ``target`` (CL-10); takes no action.

    Legal only in ``Phase.CHAMPION`` (the decision window, shared with champion powers) for the
    creature's player.  target: the enemy of the event (its attacker, the creature that moved
    next to it, the destroyer of its ally), or the creature itself for a heal.
    """

    creature: str
    reaction: int
    target: str


@dataclass(frozen=True)
class DeclinePower(Action):
    """Use no (more) champion powers now (CHP-2): the other player may still decide, then play goes on."""


# Actions are listed by the dozen for bots: a faster ``__init__`` for each (``frozen``).
fast_inits([v for v in list(globals().values()) if isinstance(v, type) and issubclass(v, Action)])
