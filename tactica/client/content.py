"""Where the battle client gets its maps and warbands (no Textual here).

Uses ``tactica.content`` (the YAML loader); ``demo_battle`` is a small
built-in battle for tests and examples.
Loading problems are raised as ``BattleContentError`` whose ``lines`` are the
loader's ``path:line:col: error: msg`` lines.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactica import content
from tactica.content import ContentError
from tactica.content.problems import report_lines
from tactica.engine import (
    AttackDef,
    AttackKind,
    CreatureCard,
    Defense,
    MapDef,
    Reach,
    WarbandDef,
    WarbandProblem,
    check_battle,
)


class BattleContentError(Exception):
    """Content could not be loaded; ``lines`` are ready to print, one problem each.

    ``usage`` is true when the command line itself is at fault (a file
    option given the wrong number of times), so that ``tactica play``
    exits 2 as for any other usage error, not 1 as for a bad file.
    """

    def __init__(self, lines: Sequence[str], usage: bool = False):
        super().__init__("\n".join(lines))
        self.lines = list(lines)
        self.usage = usage


@dataclass(frozen=True)
class Choices:
    """What a player may bring in the full setup: shipped maps and warbands."""

    maps: tuple[MapDef, ...]
    warbands: tuple[WarbandDef, ...]


def _lines(problems: list) -> list[str]:
    """The loader's problem lines, at most ``SHOWN_PER_FILE`` a file (``tactica validate`` lists all)."""
    return report_lines(problems)


def _wrap_errors(fn: Callable, *args):
    try:
        return fn(*args)
    except Exception as error:
        if isinstance(error, ContentError):
            problems = getattr(error, "problems", None) or [error]
            raise BattleContentError(_lines(problems) if all(hasattr(p, "path") for p in problems)
                                     else [str(p) for p in problems]) from None
        if isinstance(error, (OSError, ValueError)):
            raise BattleContentError([f"error: {error}"]) from None
        raise


def _load_files(content, warband_files, map_files, card_files) -> tuple[list, list]:
    """The warbands and maps named (``content.load_battle_files``), each file read once.

    Raises BattleContentError with the problems of every broken file (the
    card files', the warbands', then the maps'), each file's capped as
    ``_lines`` does.
    """
    try:
        bands, maps, _ = content.load_battle_files(warband_files or (), map_files or (), card_files or ())
    except content.ContentError as error:
        raise BattleContentError(_lines(error.problems)) from None
    return bands, maps


def _as_defs(items, loader) -> list:
    out = []
    for item in items:
        if isinstance(item, (str, Path)):
            out.append(_wrap_errors(loader, item))
        elif isinstance(item, tuple) and item and isinstance(item[-1], (MapDef, WarbandDef)):
            out.append(item[-1])
        else:
            out.append(item)
    return out


def _named_file(problem: WarbandProblem, files: list[str]) -> str:
    """``"FILE: "`` for a battle problem whose ``index`` names one of the ``--map`` ``files``, else "" (a
    mixed battle size is about the warbands and maps together, WB-8)."""
    index = problem.index
    if index is None or index >= len(files) or problem.code == "mixed-battle-size":
        return ""
    return files[index] + ": "


def load_multi(map_files: Sequence[str] | None, warband_files: Sequence[str] | None, players: int,
               teams: tuple[int, ...] = (), card_files: Sequence[str] | None = None
               ) -> tuple[tuple[WarbandDef, ...], tuple[MapDef, ...]]:
    """The warbands and maps of a battle of three or four players (SCN-MULTI).

    ``warband_files``: none (the shipped quick-start warbands) or one per
    player; ``map_files``: none (the four-corner map for free-for-all, the
    usual map for teams) or one or two; ``card_files``: card files of the
    players' own whose cards the warbands may name (``--cards``).  Raises
    BattleContentError (``usage`` set when the files are named the wrong
    number of times).
    """
    if warband_files and len(warband_files) != players:
        given = "once" if len(warband_files) == 1 else f"{len(warband_files)} times"
        raise BattleContentError([f"error: --warband was given {given}; give it once per "
                                  f"player ({players}) or not at all"], usage=True)
    if map_files and len(map_files) > 2:
        raise BattleContentError([f"error: --map was given {len(map_files)} times; give it once or twice"],
                                 usage=True)
    loaded_bands, loaded_maps = _load_files(content, warband_files, map_files, card_files)
    warbands = tuple(loaded_bands) or _wrap_errors(content.default_warbands, players)
    maps = tuple(loaded_maps) or (_wrap_errors(content.default_map, players, teams),)
    problems = check_battle(warbands, maps, teams)
    if problems:
        files = list(map_files or [])
        raise BattleContentError([f"{_named_file(p, files)}error: {p.message}" for p in problems])
    return warbands, maps


def load_battle(map_files: Sequence[str] | None, warband_files: Sequence[str] | None,
                card_files: Sequence[str] | None = None
                ) -> tuple[tuple[WarbandDef, WarbandDef], tuple[MapDef, ...]]:
    """The warbands and maps for a battle.

    Args:
        map_files: ``--map`` files (one or two), or None for the default map.
        warband_files: ``--warband`` files (one or two: player 1, then
            player 2; one file means both players bring it), or None.
        card_files: ``--cards`` files: the players' own cards, which the
            warbands may name besides the shipped ones (checked even when no
            warband is given).
    Returns ``((warband 1, warband 2), maps)``.
    Raises BattleContentError with the loader's problem lines (``usage``
    set when a file option is given too many times).
    """
    if not map_files and not warband_files and not card_files:
        (wb1, wb2), default_map = _wrap_errors(content.default_battle)
        return (wb1, wb2), (default_map,)
    for flag, given in (("--map", map_files), ("--warband", warband_files)):
        if given and len(given) > 2:
            raise BattleContentError([f"error: {flag} was given {len(given)} times; give it once "
                                      "(both players use it) or twice (player 1's, then player 2's)"], usage=True)
    loaded, listed = _load_files(content, warband_files, map_files, card_files)
    if not loaded and not listed:  # only --cards: they were checked; the quick-start battle
        (wb1, wb2), default_map = _wrap_errors(content.default_battle)
        return (wb1, wb2), (default_map,)
    maps = tuple(listed)
    if not maps:
        maps = (_default_map(content, loaded[0].point_limit),)
    if not loaded:
        loaded = _default_warbands(content, maps[0].points)
    wb1, wb2 = (loaded[0], loaded[1]) if len(loaded) > 1 else (loaded[0], loaded[0])
    problems = check_battle((wb1, wb2), maps)
    if problems:
        files = list(map_files or [])
        lines = []
        for p in problems:
            where = files[p.index] if p.code == "map-size" and p.index is not None and p.index < len(files) else ""
            lines.append(f"{where + ': ' if where else ''}error: {p.message}")
        raise BattleContentError(lines)
    return (wb1, wb2), maps


def _default_map(content, points: int) -> MapDef:
    """The shipped map for a battle of ``points`` points (the default map at 200; WB-8)."""
    default = _wrap_errors(content.load_map, _shipped(content.shipped_maps, content.DEFAULT_MAP))
    if default.points == points:
        return default
    for path in sorted(_wrap_errors(content.shipped_maps)):
        m = _wrap_errors(content.load_map, path)
        if m.points == points:
            return m
    raise BattleContentError([f"error: no shipped map is drawn for {points}-point battles; give one with --map"])


def _default_warbands(content, points: int) -> list[WarbandDef]:
    """Two shipped warbands for a battle of ``points`` points (the default pair at 200)."""
    pair = [_wrap_errors(content.load_warband, _shipped(content.shipped_warbands, stem))
            for stem in content.DEFAULT_WARBANDS]
    if all(wb.point_limit == points for wb in pair):
        return pair
    fits = [wb for wb in (_wrap_errors(content.load_warband, p) for p in sorted(_wrap_errors(content.shipped_warbands)))
            if wb.point_limit == points]
    if not fits:
        raise BattleContentError([f"error: no shipped warband is built for {points}-point battles; "
                                  "give two with --warband"])
    return fits[:2] if len(fits) > 1 else [fits[0], fits[0]]


def _shipped(listing: Callable, stem: str) -> Path:
    for path in _wrap_errors(listing):
        if Path(path).stem == stem:
            return Path(path)
    raise BattleContentError([f"{stem}: error: shipped content file not found"])


def setup_choices() -> Choices:
    """Every shipped map and warband."""
    maps = _as_defs(_wrap_errors(content.shipped_maps), content.load_map)
    warbands = _as_defs(_wrap_errors(content.shipped_warbands), content.load_warband)
    return Choices(maps=tuple(maps), warbands=tuple(warbands))


# ---------------------------------------------------------------------------
# the built-in demo battle

DEMO_ROWS = """
....................
....................
.....##......^^.....
.....##......^^.....
..........#.........
..^^......#.........
..^^................
................^^..
.........#......^^..
.........#..........
.....^^......##.....
.....^^......##.....
....................
....................
"""


def demo_map() -> MapDef:
    """A 20×14 demo map: walls, difficult terrain, start areas at the short sides."""
    rows = [r for r in DEMO_ROWS.strip().splitlines()]
    w, h = len(rows[0]), len(rows)
    area_a = frozenset((x, y) for x in range(0, 3) for y in range(h))
    area_b = frozenset((x, y) for x in range(w - 3, w) for y in range(h))
    zone_a = frozenset((x, y) for x in range(w - 5, w - 3) for y in range(5, 9))
    zone_b = frozenset((x, y) for x in range(3, 5) for y in range(5, 9))
    return MapDef.from_rows(rows, id="demo-crossroads", name="Demo Crossroads",
                            start_areas={"A": area_a, "B": area_b}, vp_zones={"A": zone_a, "B": zone_b})


def _melee(name: str, bonus: int, damage: int, *, basic: bool = True) -> AttackDef:
    """A demo melee attack line (RNG-1) vs AC: ``name`` +``bonus``, ``damage`` HP."""
    return AttackDef(name=name, kind=AttackKind.MELEE, reach=Reach.ADJACENT, bonus=bonus, defense=Defense.AC,
                     damage=damage, basic=basic)


def _ranged(name: str, bonus: int, damage: int, range: int, *, basic: bool) -> AttackDef:
    """A demo ranged attack line (RNG-2) vs AC at ``range`` squares."""
    return AttackDef(name=name, kind=AttackKind.RANGED, reach=Reach.RANGE, range=range, bonus=bonus,
                     defense=Defense.AC, damage=damage, basic=basic)


def _card(name: str, **fields: Any) -> CreatureCard:
    """A demo creature card named ``name`` (its id the name in lower case, spaces as dashes) with
    ``fields``."""
    return CreatureCard(id=name.lower().replace(" ", "-"), name=name, **fields)


def demo_warbands() -> tuple[WarbandDef, WarbandDef]:
    """Two small demo warbands (about 65 points each)."""
    defender = _card("Dwarf Defender", cost=25, alignment="Good", factions=("Civilization",), level=4,
                     ac=19, defense=14, speed=5, hp=50, keywords=("Dwarf", "Soldier"),
                     attacks=(_melee("Warhammer", bonus=9, damage=10),))
    archer = _card("Elf Archer", cost=18, alignment="Good", factions=("Civilization", "Wild"), level=3,
                   ac=16, defense=13, speed=6, hp=30, keywords=("Elf",),
                   attacks=(_ranged("Longbow", 8, 10, 10, basic=True),
                            _melee("Short sword", bonus=4, damage=5, basic=False)))
    cleric = _card("Human Cleric", cost=20, alignment="Good", factions=("Civilization",), level=3,
                   ac=17, defense=15, speed=6, hp=40, keywords=("Human", "Divine"),
                   attacks=(_melee("Mace", bonus=7, damage=10),))
    ogre = _card("Ogre", cost=30, alignment="Evil", factions=("Wild",), level=6, ac=16, defense=12,
                 speed=6, hp=80, keywords=("Giant",), attacks=(_melee("Club", bonus=9, damage=15),))
    hob = _card("Hobgoblin Soldier", cost=15, alignment="Evil", factions=("Wild",), level=3, ac=17,
                defense=12, speed=6, hp=30, keywords=("Goblinoid", "Soldier"),
                attacks=(_melee("Longsword", bonus=7, damage=10),))
    gob = _card("Goblin Archer", cost=10, alignment="Evil", factions=("Wild",), level=1, ac=15,
                defense=13, speed=6, hp=10, keywords=("Goblinoid",),
                attacks=(_ranged("Shortbow", 6, 5, 8, basic=True),
                         _melee("Dagger", bonus=4, damage=5, basic=False)))
    return (WarbandDef("Keep Guard", "Civilization", (defender, archer, cleric), point_limit=200),
            WarbandDef("Goblin Raiders", "Wild", (ogre, hob, gob, gob), point_limit=200))


def demo_battle() -> tuple[tuple[WarbandDef, WarbandDef], tuple[MapDef, ...]]:
    """The built-in demo battle: ``(warbands, (map,))``."""
    return demo_warbands(), (demo_map(),)


def load_map_file(path: str) -> MapDef:
    """Load one map file (live reload); raises BattleContentError with the problem lines."""
    return _wrap_errors(content.load_map, path)
