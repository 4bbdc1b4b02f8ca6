"""Setting a battle up: labels, the map and start-area choices, deployment (SET-2..4, SCN-MULTI).

``creatures_of`` makes the warbands' creatures with their labels;
``choose_map`` and the ``on_*`` handlers carry out the set-up actions
(``ChooseMap``, ``ChooseStartArea``, ``Place``, ``ChooseFirstPlayer``) on a
state copy, appending events to ``out``; ``deploy_squares``, ``free_areas``
and ``next_to_place`` answer what the set-up allows now.  ``game.new_game``
begins a battle with them; ``resolution`` dispatches their handlers.
"""
from __future__ import annotations

from . import events as ev
from .abilities import ZoneDeploy, has
from .actions import ChooseFirstPlayer, ChooseMap, ChooseStartArea, Place
from .flow import start_round, start_turn
from .footprint import footprint
from .geometry import Geometry, chebyshev
from .members import PHASE_CHOOSE_AREA, PHASE_DEPLOY
from .model import Square, WarbandDef
from .state import Creature, GameState

_ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def _label_case(label: str, player: int) -> str:
    """A map label in its player's letter case: OG1, og1, then Og1 and oG1 (SCN-MULTI)."""
    if player == 0:
        return label.upper()
    if player == 1:
        return label.lower()
    stem = label.lower()
    return stem[:1].upper() + stem[1:] if player == 2 else stem[:1] + stem[1:].upper()


def label_stem(name: str, taken: set[str]) -> str:
    """A two-letter label stem for a card named ``name`` that is not in ``taken`` (lower case compared).

    The first two letters of the name when free (Gatehouse Crossbowman → "Ga");
    else the initials of its first two words, then the first letter with each
    later letter of the name in turn (Stormhoof beside Stockade → "So", …);
    then the first letter with any letter of the alphabet, then any two
    letters, so a free stem is found while fewer than 676 are taken (the
    first two letters again past that).  Returns the stem in the name's own
    case (the alphabet's letters in lower case).
    """
    letters = "".join(ch for ch in name if ch.isalpha()) or "Cr"
    words = ["".join(ch for ch in w if ch.isalpha()) for w in name.split()]
    words = [w for w in words if w]
    choices = [letters[:2]]
    if len(words) > 1:
        choices.append(words[0][0] + words[1][0])
    choices += [letters[0] + ch for ch in letters[2:]]
    for stem in choices:
        if len(stem) == 2 and stem.lower() not in taken:
            return stem
    for first in [letters[0]] + list(_ALPHABET):
        for second in _ALPHABET:
            if (first + second).lower() not in taken:
                return first + second
    return letters[:2]


def creatures_of(warbands: tuple[WarbandDef, ...], teams: tuple[int, ...] = ()) -> list[Creature]:
    """The battle's creatures, one per card entry of each warband, with their uids and map labels.

    Args:
        warbands: one warband per player, player 1 first.
        teams: the team of each player (SCN-MULTI), empty for none; handed to every creature.
    Returns the creatures in seat order, each warband's in its card order: uid ``p{seat}c{n}``
    (1-based), full HP, off the map.  Labels (SCN-MULTI): a two-letter stem per card and a
    number per copy (``Ga1``, ``Ga2``), in the player's letter case (``_label_case``).  Stems
    are chosen seat after seat and never repeat in the battle, lower case compared: different
    cards never share one, and the same card in two warbands (a mirror match) takes another stem
    on the later side (Gatehouse Crossbowman: ``GA1`` for player 1, ``gc1`` for player 2), so the
    labels of two players differ by a letter, not only by case.
    """
    out = []
    taken: set[str] = set()  # every stem of the battle so far, lower case
    for player, wb in enumerate(warbands):
        labels: dict[str, int] = {}
        stems: dict[str, str] = {}  # card id -> its stem on this side
        for i, card in enumerate(wb.cards):
            if card.id not in stems:
                stems[card.id] = label_stem(card.name, taken)
                taken.add(stems[card.id].lower())
            stem = stems[card.id]
            labels[stem] = labels.get(stem, 0) + 1
            label = f"{stem}{labels[stem]}"
            label = _label_case(label, player)
            out.append(Creature(uid=f"p{player + 1}c{i + 1}", card=card, player=player,
                                label=label, hp=card.hp, teams=teams))
    return out


def choose_map(st: GameState, index: int, chooser: int, out: list[ev.Event]) -> None:
    st.map = st.maps[index]
    st.geo = Geometry.for_map(st.map)
    out.append(ev.MapChosen(chooser, st.map.id, st.map.name))
    st.phase, st.decider = PHASE_CHOOSE_AREA, first_area_chooser(st)


#: The corner diagonally opposite each corner start area of a free-for-all map (SCN-MULTI).
OPPOSITE_CORNER = {"A": "D", "D": "A", "B": "C", "C": "B"}


def first_area_chooser(st: GameState) -> int:
    """Who picks a start area first: the roll winner's opponent (SET-2), or in
    free-for-all the roll winner (SCN-MULTI: corners are chosen in initiative order)."""
    if st.free_for_all:
        return st.setup_winner
    return st.opponent(st.setup_winner)


def free_areas(st: GameState) -> list[str]:
    """Start areas still to be taken, in name order (all of them in a battle of two sides)."""
    names = sorted(st.battle_map.start_areas)
    if not st.free_for_all:
        return names
    taken = set(st.areas.values())
    free = [x for x in names if x not in taken]
    return free or names


def guarded_zones(state: GameState, player: int) -> frozenset[Square]:
    """CL-16 (Zone Deploy): the squares of the VP zones that score for ``player``'s enemies (the ones
    on its own side of the map, SCN-ASSAULT)."""
    out: frozenset[Square] = frozenset()
    for other in range(state.players):
        if other != player and state.hostile(other, player):
            out |= state.vp_zone(other)
    return out


def deploy_squares(state: GameState, player: int) -> list[Square]:
    """Squares where ``player`` may place its next creature (SET-3, SET-4).

    Free squares of its start area that are not wall, pit or statue; when
    the area is full, the free such squares nearest to it.  For a Large or
    Huge creature the squares are anchors and its whole footprint must be
    free and wholly inside the area; when no such space is left, the free
    spaces whose farthest square is nearest to the area (SET-3, MOV-13).
    """
    area = state.start_area(player)
    uid = next_to_place(state) if state.decider == player else None
    if uid is None:
        uid = next((c.uid for c in state.creatures
                    if c.player == player and c.pos is None and not c.destroyed), None)
    size = state.creature(uid).card.size if uid is not None else 1
    if uid is not None and state.creature(uid).card.abilities and has(state.creature(uid).card, ZoneDeploy):
        area = area | guarded_zones(state, player)  # CL-16
    if size > 1:
        return _big_deploy_squares(state, area, size)
    occupied = state.occupied()
    free = sorted((sq for sq in area if state.geometry.deployable(sq) and sq not in occupied),
                  key=lambda s: (s[1], s[0]))
    if free or not area:
        return free
    best, best_d = [], None
    for y in range(state.battle_map.height):
        for x in range(state.battle_map.width):
            sq = (x, y)
            if not state.geometry.deployable(sq) or sq in occupied:
                continue
            d = min(chebyshev(sq, a) for a in area)
            if best_d is None or d < best_d:
                best, best_d = [sq], d
            elif d == best_d:
                best.append(sq)
    return sorted(best, key=lambda s: (s[1], s[0]))


def _big_deploy_squares(state: GameState, area: frozenset[Square], size: int) -> list[Square]:
    """Anchors where a creature of ``size`` may be deployed (SET-3): see ``deploy_squares``."""
    occupied = state.occupied()
    w, h = state.battle_map.width, state.battle_map.height

    def free(anchor: Square) -> bool:
        return all(state.geometry.deployable(sq) and sq not in occupied for sq in footprint(anchor, size))

    anchors = [(x, y) for y in range(h - size + 1) for x in range(w - size + 1)]
    inside = [a for a in anchors if all(sq in area for sq in footprint(a, size)) and free(a)]
    if inside or not area:
        return inside
    best, best_d = [], None
    for a in anchors:
        if not free(a):
            continue
        d = max(min(chebyshev(sq, s) for s in area) for sq in footprint(a, size))
        if best_d is None or d < best_d:
            best, best_d = [a], d
        elif d == best_d:
            best.append(a)
    return best


def next_to_place(state: GameState) -> str | None:
    for c in state.creatures:
        if c.player == state.decider and c.pos is None and not c.destroyed:
            return c.uid
    return None


def _skip_empty_deployers(st: GameState, out: list[ev.Event]) -> None:
    while st.phase is PHASE_DEPLOY and next_to_place(st) is None:
        order = list(st.deploy_order)
        idx = order.index(st.decider)
        if idx + 1 < len(order):
            st.decider = order[idx + 1]
        else:
            start_round(st, out)


def on_choose_map(st: GameState, a: ChooseMap, out: list[ev.Event]) -> None:
    choose_map(st, a.index, st.decider, out)


def on_choose_area(st: GameState, a: ChooseStartArea, out: list[ev.Event]) -> None:
    chooser = st.decider
    if st.free_for_all:
        _choose_corner(st, chooser, a.area, out)
        return
    # SET-2, SCN-MULTI: the chooser's side takes the area, the other side the other one.
    others = [x for x in sorted(st.battle_map.start_areas) if x != a.area]
    other = others[0] if others else a.area
    if len(st.battle_map.start_areas) == 4:  # a four-corner map: the other side takes the opposite corner
        other = OPPOSITE_CORNER.get(a.area, other)
    for k in range(st.players):
        p = (chooser + k) % st.players
        area = a.area if not st.hostile(p, chooser) else other
        st.areas = {**st.areas, p: area}  # a copy shares its predecessor's read-only areas
        out.append(ev.StartAreaChosen(p, area))
    # SET-2: the roll winner deploys first, then the opponent (then the rest in seat order).
    st.deploy_order = tuple((st.setup_winner + k) % st.players for k in range(st.players))
    st.phase, st.decider = PHASE_DEPLOY, st.setup_winner
    _skip_empty_deployers(st, out)


def _choose_corner(st: GameState, chooser: int, area: str, out: list[ev.Event]) -> None:
    """SCN-MULTI free-for-all: each player in turn (from the roll winner, in
    seat order) takes a corner; then all deploy in the same order.

    The rulebook says only "order of choosing corners by initiative"; we
    read it as the setup roll's winner first, then the rest clockwise by
    seat, as turns go (our choice).
    """
    st.areas = {**st.areas, chooser: area}  # a copy shares its predecessor's read-only areas
    out.append(ev.StartAreaChosen(chooser, area))
    nxt = st.next_player(chooser)
    if nxt not in st.areas:
        st.decider = nxt
        return
    st.deploy_order = tuple((st.setup_winner + k) % st.players for k in range(st.players))
    st.phase, st.decider = PHASE_DEPLOY, st.setup_winner
    _skip_empty_deployers(st, out)


def on_place(st: GameState, a: Place, out: list[ev.Event]) -> None:
    c = st.creature(a.uid)
    c.pos = a.square
    out.append(ev.CreaturePlaced(c.uid, a.square))
    _skip_empty_deployers(st, out)


def on_choose_first(st: GameState, a: ChooseFirstPlayer, out: list[ev.Event]) -> None:
    out.append(ev.FirstPlayerChosen(st.decider, a.player))
    st.first_player = a.player
    st.first_turn = True
    start_turn(st, a.player, out)


__all__ = ["OPPOSITE_CORNER", "choose_map", "creatures_of", "deploy_squares", "first_area_chooser", "free_areas",
           "label_stem", "next_to_place", "on_choose_area", "on_choose_first", "on_choose_map", "on_place"]
