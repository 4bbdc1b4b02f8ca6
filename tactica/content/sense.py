"""Game sense for maps: can both sides reach each other and the VP zones; is it fair.

``reach_errors`` records errors (the map cannot be played as drawn);
``map_warnings`` only warns about usable maps that are probably not what the
author meant, so ``tactica validate`` prints them and still exits 0, and
``tactica play`` runs the map.  Distances are counted in squares around walls with the
movement corner rule (MOV-7), as ``Geometry.distances_from`` does.
"""
from __future__ import annotations

from collections import deque

from tactica.engine import UNDERGROUND_BODY_BY_SIZE, CustomTerrain, Geometry, MapDef, Square, Terrain, terrain_rules

from .schema import Doc


def area_distances(geo: Geometry, sources: frozenset[Square]) -> dict[Square, int]:
    """Distance in squares from the nearest of ``sources`` to every reachable square."""
    dist = {sq: 0 for sq in sources}
    queue = deque(sorted(sources))
    while queue:
        cur = queue.popleft()
        for n in geo.neighbours(cur):
            if n not in dist:
                dist[n] = dist[cur] + 1
                queue.append(n)
    return dist


def gap(dist: dict[Square, int], squares: frozenset[Square]) -> int | None:
    """Fewest squares from the area measured by ``dist`` to any of ``squares`` (None: unreachable)."""
    found = [dist[sq] for sq in squares if sq in dist]
    return min(found) if found else None


def components(geo: Geometry, width: int, height: int) -> dict[Square, int]:
    """Label every non-wall square with the number of its walled-off region (MOV-7 steps)."""
    label: dict[Square, int] = {}
    n = -1
    for y in range(height):
        for x in range(width):
            if (x, y) in label or geo.is_wall((x, y)):
                continue
            n += 1
            label[(x, y)] = n
            queue = deque([(x, y)])
            while queue:
                for nb in geo.neighbours(queue.popleft()):
                    if nb not in label:
                        label[nb] = n
                        queue.append(nb)
    return label


def _home(label: dict[Square, int], area: frozenset[Square], other: frozenset[Square]) -> int | None:
    """The region an area plays in: the one holding most of it, preferring one shared with ``other``."""
    counts: dict[int, int] = {}
    for sq in sorted(area):
        if sq in label:
            counts[label[sq]] = counts.get(label[sq], 0) + 1
    shared = {label[sq] for sq in other if sq in label}
    if not counts:
        return None
    return max(counts, key=lambda c: (c in shared, counts[c], -c))


def reach_errors(doc: Doc, the_map: MapDef, first_at: dict[str, tuple[int, int]]) -> None:
    """Errors for start areas split by walls, start areas apart, and unreachable VP zones.

    Args:
        doc: the map file; errors are recorded here.
        the_map: the map with both start areas and VP zones non-empty.
        first_at: 0-based (line, column) of each zone symbol's first square.
    Each start area must lie in one walled-off region, both in the same one,
    and each VP zone must have a square that both start areas can reach
    (SET-3, SCN-ASSAULT).
    """
    geo = Geometry(the_map)
    label = components(geo, the_map.width, the_map.height)
    areas = the_map.start_areas
    home = {k: _home(label, areas[k], areas[o]) for k, o in (("A", "B"), ("B", "A"))}
    letters = sorted(areas)  # "AB", or "ABCD" on a free-for-all map (SCN-MULTI)
    for k in letters[2:]:
        home[k] = _home(label, areas[k], areas["A"])
    for k in letters:
        if len({label.get(sq) for sq in areas[k]}) > 1:
            doc.error(first_at[k], f"start area '{k}' is cut off by walls: not all of it can reach the "
                                   "rest of the map")
    if home["A"] != home["B"]:
        doc.error(first_at["B"], "start areas 'A' and 'B' cannot reach each other: walls divide the map")
    for k in letters[2:]:
        if home[k] != home["A"]:
            doc.error(first_at[k], f"start areas 'A' and '{k}' cannot reach each other: walls divide the map")
    for k in (x.lower() for x in letters):
        seen = {label.get(sq) for sq in the_map.vp_zones[k.upper()]}
        missing = [a for a in letters if home[a] not in seen]
        if len(missing) == len(letters):
            doc.error(first_at[k], f"VP zone '{k}' cannot be reached from the start areas")
        elif missing:
            doc.error(first_at[k], f"VP zone '{k}' cannot be reached from start area '{missing[0]}'")


def terrain_errors(doc: Doc, the_map: MapDef, first_at: dict[str, tuple[int, int]],
                   where: dict[Square, tuple[int, int]]) -> None:
    """Errors for a VP zone entirely on pit squares, a VP zone with no square a move may end on,
    and a lone teleporter square.

    Args:
        doc: the map file; errors are recorded here.
        the_map: the map with its VP zones non-empty.
        first_at: 0-based (line, column) of each zone symbol's first square.
        where: 0-based (line, column) of each terrain square's symbol.
    TER-PIT: only fliers enter a pit and a creature ending its turn in one is
    destroyed, so a VP zone with no square off the pits cannot be held
    (SCN-ASSAULT).  MOV-2: a zone whose every square is one no move may end
    on (statues, low obstacles, a map's own kinds with ``stop: false``,
    pits) can never hold a creature, so it never scores.  TER-TELEPORT: a creature on a teleporter moves to *another*
    teleporter, so a map with exactly one has a teleporter that does nothing.
    """
    for key in sorted(the_map.vp_zones):
        zone = the_map.vp_zones[key]
        kinds = [the_map.terrain_at(sq) for sq in sorted(zone, key=lambda q: (q[1], q[0]))]
        rules = [terrain_rules(t) for t in kinds]
        k = key.lower()
        if zone and all(r.fliers_only for r in rules):
            doc.error(first_at[k], f"VP zone '{k}' lies entirely on pit squares: only fliers may enter "
                                   "it and a creature that ends its turn there is destroyed; put at least "
                                   "one of its squares off the pits [TER-PIT, SCN-ASSAULT]")
        elif zone and not any(r.can_stop and not r.fliers_only for r in rules):
            names = sorted({_kind_name(t) for t in kinds})
            doc.error(first_at[k], f"VP zone '{k}' has no square a move may end on (every square is "
                                   f"{' or '.join(names)}), so no creature can ever stand in it and score; "
                                   "put at least one of its squares on ground a creature may stop on "
                                   "[MOV-2, SCN-ASSAULT]")
    teleporters = [(x, y) for y in range(the_map.height) for x in range(the_map.width)
                   if terrain_rules(the_map.terrain_at((x, y))).teleporter]
    if len(teleporters) == 1:
        x, y = teleporters[0]
        doc.error(where.get((x, y), (0, 0)), f"the map has only one teleporter (row {y + 1}, column {x + 1}); "
                                            "a creature on a teleporter moves to another one, so draw "
                                            "at least two or none [TER-TELEPORT]")


def _kind_name(kind: Terrain | CustomTerrain) -> str:
    """How a message names a terrain kind: "a statue", "a low obstacle", or a map-defined kind's
    own name in quotes (TER-STATUE, G35-OBSTACLE, TER-OTHER)."""
    if isinstance(kind, CustomTerrain):
        return f"'{kind.name}'"
    return "a " + str(kind.value).replace("-", " ")


def _squares(n: int) -> str:
    return f"{n} square" if n == 1 else f"{n} squares"


def map_warnings(doc: Doc, the_map: MapDef, first_at: dict[str, tuple[int, int]]) -> None:
    """Warn about VP zones on the wrong side and unequal distances (SCN-ASSAULT).

    Args:
        doc: the map file; warnings are recorded here.
        the_map: a map that loaded without errors.
        first_at: 0-based (line, column) of each zone symbol's first square.
    VP zone 'a' scores for the player who starts in 'A', so it should lie
    nearer 'B'; and each side should be as far from the zone it scores in
    as the other, or the map favours one side.
    """
    geo = Geometry(the_map)
    dist = {k: area_distances(geo, the_map.start_areas[k]) for k in "AB"}
    own = {}
    for k, other in (("A", "B"), ("B", "A")):
        zone = the_map.vp_zones[k]
        mine, theirs = gap(dist[k], zone), gap(dist[other], zone)
        if mine is None or theirs is None:
            return  # reachability is an error reported elsewhere
        own[k] = mine
        if mine < theirs:
            doc.warn(first_at[k.lower()], f"VP zone '{k.lower()}' scores for the player who starts in "
                                          f"'{k}' but lies nearer start area '{k}' ({_squares(mine)}) than "
                                          f"'{other}' ({theirs}); it usually lies on {other}'s side "
                                          "[SCN-ASSAULT]")
    if abs(own["A"] - own["B"]) > 1:
        doc.warn(first_at["a"], f"the map may favour one side: VP zone 'a' is {_squares(own['A'])} from start "
                                f"area 'A', VP zone 'b' is {_squares(own['B'])} from 'B'")


def underground_warnings(doc: Doc, the_map: MapDef, first_at: dict[str, tuple[int, int]]) -> None:
    """Warn when, under the underground module, a VP zone can be reached from a start area only
    through a gap a Medium creature does not pass (UG-SQUEEZE) or down into a chasm (UG-FALL: a
    creature that does not fly never steps down into a deeper square).

    Args:
        doc: the map file; warnings are recorded here.
        the_map: a map that loaded without errors and switches the module on.
        first_at: 0-based (line, column) of each zone symbol's first square.
    Rubble is a wall for ``reach_errors`` already (UG-RUBBLE); small creatures, fliers and a
    push over a ledge may still get in, so this is a warning, not an error.
    """
    width, height = UNDERGROUND_BODY_BY_SIZE[0]

    def closed(sq: Square) -> bool:
        r = terrain_rules(the_map.terrain_at(sq))
        narrow = bool(r.gap_width) and (r.gap_width < width or r.gap_height < height)
        return narrow or r.depth > 0

    geo = Geometry(the_map)
    for k in sorted(the_map.start_areas):
        start = frozenset(sq for sq in the_map.start_areas[k] if not closed(sq))
        dist = {sq: 0 for sq in start}
        queue = deque(sorted(start))
        while queue:
            cur = queue.popleft()
            for n in geo.neighbours(cur):
                if n not in dist and not closed(n):
                    dist[n] = dist[cur] + 1
                    queue.append(n)
        for z in sorted(the_map.vp_zones):
            zone = the_map.vp_zones[z]
            if zone and not any(sq in dist for sq in zone):
                doc.warn(first_at[z.lower()], f"under the underground rules, VP zone '{z.lower()}' can be "
                                              f"reached from start area '{k}' only through gaps narrower than "
                                              f"a Medium creature passes ({width}×{height} inches) or down into "
                                              "a chasm: most creatures of that side cannot get in "
                                              "[UG-SQUEEZE, UG-FALL]")
