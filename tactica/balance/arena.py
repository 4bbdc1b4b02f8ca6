"""The battles of a balance report, and what they add up to (``tactica balance``).

Three questions, each answered from AI-against-AI battles played by
``tactica.ai.sim`` (same engine, same bots, same seeds: the same command
gives the same figures, whatever the number of worker processes):

* ``map_balance``: does a map favour a start area, or the first player?
  Every ordered pairing of the warbands plays, so each warband takes each
  side (mirror matches too, the cleanest measure of the map itself).
* ``warband_matrix``: how each warband of a set fares against each other
  one, both seat orders played.
* ``card_balance``: each card's win contribution — the win rate of sides
  that bring it against sides that do not — and the VP those sides score,
  from battles of random Sealed warbands drawn from a catalogue (or of the
  given warbands).  A card whose contribution's 95% interval lies wholly
  above 0 is flagged *underpriced*; wholly below, *overpriced*.

Win rates count a draw as half a win.  Units: VP, points, battles.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tactica.ai import sim
from tactica.engine import CreatureCard, MapDef, Ruleset, WarbandDef, sealed_warbands

from .stats import Difference, Rate

#: ``on_game(done, total)``: called once before the first battle (``done`` 0) and after each battle (progress).
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Battle:
    """One finished battle as a report counts it.

    Attributes: warbands (each seat's warband name), winner (seat, or None for a draw), first
    (the seat of the first turn), areas (each seat's start area), vp (each seat's), cards (each
    seat's card ids, one entry per copy), points (each seat's warband cost), pairing (the index of
    the ordered warband pairing it belongs to in ``play_pairings``; 0 for Sealed battles).
    """

    warbands: tuple[str, ...]
    winner: int | None
    first: int
    areas: tuple[str, ...]
    vp: tuple[int, ...]
    cards: tuple[tuple[str, ...], ...]
    points: tuple[int, ...]
    pairing: int = 0

    def score(self, seat: int) -> float:
        """1 for a win of ``seat``, 0.5 for a draw, 0 for a loss."""
        return 0.5 if self.winner is None else float(self.winner == seat)


def _battle(result: sim.BattleResult, bands: Sequence[WarbandDef], pairing: int = 0) -> Battle:
    return Battle(tuple(b.name for b in bands), result.winner, result.first, result.areas, result.vp,
                  tuple(tuple(c.id for c in b.cards) for b in bands),
                  tuple(sum(c.cost for c in b.cards) for b in bands), pairing)


class Interrupted(Exception):
    """Ctrl+C stopped the battles: ``battles`` are those finished before it (each whole), ``planned``
    how many the report meant to play."""

    def __init__(self, battles: list[Battle], planned: int) -> None:
        super().__init__(f"interrupted after {len(battles)} of {planned} battles")
        self.battles = battles
        self.planned = planned


def play_pairings(pairings: Sequence[tuple[WarbandDef, WarbandDef]], maps: tuple[MapDef, ...], ai: str,
                  games: int, seed: int, *, jobs: int = 1, modules: tuple[str, ...] = (),
                  on_game: Progress | None = None, runner: sim.Runner | None = None) -> list[Battle]:
    """Play ``games`` battles of each ordered pairing (seat 1's warband, seat 2's) on ``maps``.

    Pairing ``k`` plays with run seed ``seed + 7919 * k`` (``sim.run_games``), so the figures
    depend only on the arguments.  Raises ``sim.SimError`` on a broken battle and ``Interrupted``
    (holding the battles finished so far) on Ctrl+C.
    """
    out: list[Battle] = []
    total = games * len(pairings)
    if on_game is not None:
        on_game(0, total)
    try:
        for k, pair in enumerate(pairings):
            def collect(number: int, result: sim.BattleResult, *_: object, pair: tuple[WarbandDef, ...] = pair,
                        k: int = k) -> None:
                out.append(_battle(result, pair, k))
                if on_game is not None:
                    on_game(len(out), total)
            sim.run_games([ai, ai], tuple(pair), [maps], games, seed + 7919 * k, on_game=collect, jobs=jobs,
                          modules=modules, runner=runner)
    except KeyboardInterrupt:
        raise Interrupted(out, total) from None
    return out


def _played(play: Callable[[], list[Battle]]) -> tuple[list[Battle], int]:
    """The battles ``play`` returns and 0; after Ctrl+C, those finished and how many were planned."""
    try:
        return play(), 0
    except Interrupted as stop:
        return stop.battles, stop.planned


@dataclass
class MapBalance:
    """What ``map_balance`` found.

    Attributes: map (its name), ai, battles (all of them), areas ({start area: its side's win
    Rate}), first (the first player's win Rate), pairings (one entry per ordered pairing played:
    warbands, seat 1's Rate), planned (the battles meant when Ctrl+C cut the run short; 0: whole).
    """

    map: str
    ai: str
    battles: list[Battle]
    areas: dict[str, Rate] = field(default_factory=dict)
    first: Rate = Rate(0, 0)
    pairings: list[tuple[tuple[str, str], Rate]] = field(default_factory=list)
    planned: int = 0

    @property
    def favoured(self) -> str | None:
        """The start area whose 95% interval lies wholly above one half, or None."""
        for area, rate in sorted(self.areas.items()):
            if rate.low > 0.5:
                return area
        return None

    def as_dict(self) -> dict:
        """JSON-ready figures."""
        return {"map": self.map, "ai": self.ai, "battles": len(self.battles),
                "areas": {a: r.as_dict() for a, r in sorted(self.areas.items())},
                "first_player": self.first.as_dict(), "favoured_area": self.favoured,
                "pairings": [{"warbands": list(w), "seat_1": r.as_dict()} for w, r in self.pairings],
                "planned": self.planned or len(self.battles)}


def map_balance(battle_map: MapDef, warbands: Sequence[WarbandDef], ai: str, games: int, seed: int, *,
                jobs: int = 1, modules: tuple[str, ...] = (), on_game: Progress | None = None,
                runner: sim.Runner | None = None) -> MapBalance:
    """Start areas' and first player's win rates on ``battle_map``: ``games`` battles of every ordered
    pairing of ``warbands`` (mirror matches included), ``ai`` in both seats.  After Ctrl+C, the
    figures of the battles finished (``planned`` says how many were meant)."""
    pairings = [(a, b) for a in warbands for b in warbands]
    battles, planned = _played(lambda: play_pairings(pairings, (battle_map,), ai, games, seed, jobs=jobs,
                                                     modules=modules, on_game=on_game, runner=runner))
    report = MapBalance(battle_map.name, ai, battles, planned=planned)
    areas: dict[str, list[float]] = {}
    first = 0.0
    for played in battles:
        for seat, area in enumerate(played.areas):
            areas.setdefault(area or "?", []).append(played.score(seat))
        first += played.score(played.first)
    report.areas = {a: Rate(sum(s), len(s)) for a, s in areas.items()}
    report.first = Rate(first, len(battles))
    for i, (first_band, second_band) in enumerate(pairings):
        mine = [b for b in battles if b.pairing == i]
        if mine:
            seat_1 = Rate(sum(x.score(0) for x in mine), len(mine))
            report.pairings.append(((first_band.name, second_band.name), seat_1))
    return report


@dataclass
class WarbandMatrix:
    """What ``warband_matrix`` found: names, and ``cells[i][j]``: warband i's win Rate against j
    (None on the diagonal); ``overall[i]``: its Rate against all the others; ``played``: battles
    behind the figures; ``planned``: the battles meant when Ctrl+C cut the run short (0: whole)."""

    names: list[str]
    ai: str
    cells: list[list[Rate | None]]
    overall: list[Rate]
    played: int = 0
    planned: int = 0

    def as_dict(self) -> dict:
        """JSON-ready figures."""
        return {"ai": self.ai, "warbands": self.names,
                "matrix": [[None if c is None else c.as_dict() for c in row] for row in self.cells],
                "overall": [r.as_dict() for r in self.overall], "battles": self.played,
                "planned": self.planned or self.played}


def warband_matrix(warbands: Sequence[WarbandDef], maps: tuple[MapDef, ...], ai: str, games: int, seed: int, *,
                   jobs: int = 1, modules: tuple[str, ...] = (), on_game: Progress | None = None,
                   runner: sim.Runner | None = None) -> WarbandMatrix:
    """Each warband's win rate against each other one: ``games`` battles of each ordered pair of
    different warbands (so each pair meets ``2 × games`` times, both seat orders)."""
    n = len(warbands)
    pairings = [(warbands[i], warbands[j]) for i in range(n) for j in range(n) if i != j]
    index = [(i, j) for i in range(n) for j in range(n) if i != j]
    battles, planned = _played(lambda: play_pairings(pairings, maps, ai, games, seed, jobs=jobs, modules=modules,
                                                     on_game=on_game, runner=runner))
    wins = [[0.0] * n for _ in range(n)]
    count = [[0] * n for _ in range(n)]
    for b in battles:
        i, j = index[b.pairing]
        wins[i][j] += b.score(0)
        wins[j][i] += b.score(1)
        count[i][j] += 1
        count[j][i] += 1
    cells: list[list[Rate | None]] = [[None if i == j else Rate(wins[i][j], count[i][j]) for j in range(n)]
                                      for i in range(n)]
    overall = [Rate(sum(wins[i]), sum(count[i])) for i in range(n)]
    return WarbandMatrix([w.name for w in warbands], ai, cells, overall, len(battles), planned)


@dataclass(frozen=True)
class CardFigures:
    """One card's figures: card (its stat card), sides (battles' sides that brought it), win Rate of
    those sides and of the sides without it, their mean VP, the Difference, a flag
    ("underpriced", "overpriced" or "")."""

    card: CreatureCard
    with_: Rate
    without: Rate
    vp_with: float
    vp_without: float

    @property
    def contribution(self) -> Difference:
        """Win rate with it minus without it, with the 95% interval."""
        return Difference(self.with_, self.without)

    @property
    def flag(self) -> str:
        """"underpriced" when the contribution's interval lies above 0, "overpriced" below, else ""."""
        low, high = self.contribution.interval
        return "underpriced" if low > 0 else "overpriced" if high < 0 else ""

    def as_dict(self) -> dict:
        """JSON-ready figures."""
        low, high = self.contribution.interval
        return {"card": self.card.id, "name": self.card.name, "cost": self.card.cost,
                "with": self.with_.as_dict(), "without": self.without.as_dict(),
                "contribution": round(self.contribution.value, 4), "low": round(low, 4), "high": round(high, 4),
                "vp_with": round(self.vp_with, 2), "vp_without": round(self.vp_without, 2), "flag": self.flag}


@dataclass
class CardBalance:
    """What ``card_balance`` found: the battles, one ``CardFigures`` per card seen (most sides first),
    and the catalogue's cards that no side brought (``unseen``, by name); ``planned``: the battles
    meant when Ctrl+C cut the run short (0: whole)."""

    ai: str
    battles: list[Battle]
    cards: list[CardFigures]
    unseen: list[CreatureCard] = field(default_factory=list)
    planned: int = 0

    def as_dict(self) -> dict:
        """JSON-ready figures (``unseen``: the ids of catalogue cards no side brought)."""
        return {"ai": self.ai, "battles": len(self.battles), "cards": [c.as_dict() for c in self.cards],
                "unseen": [c.id for c in self.unseen], "planned": self.planned or len(self.battles)}


def card_figures(battles: Sequence[Battle], catalogue: dict[str, CreatureCard]) -> list[CardFigures]:
    """Each card's figures over the sides of ``battles`` (a side brings a card when its warband holds
    at least one copy); cards of ``catalogue`` that no side brought are left out."""
    sides = [(set(b.cards[seat]), b.score(seat), b.vp[seat]) for b in battles for seat in range(len(b.cards))]
    seen = sorted({cid for ids, _, _ in sides for cid in ids if cid in catalogue})
    out = []
    for cid in seen:
        having = [(s, vp) for ids, s, vp in sides if cid in ids]
        lacking = [(s, vp) for ids, s, vp in sides if cid not in ids]
        out.append(CardFigures(catalogue[cid], Rate(sum(s for s, _ in having), len(having)),
                               Rate(sum(s for s, _ in lacking), len(lacking)),
                               sum(v for _, v in having) / len(having),
                               sum(v for _, v in lacking) / len(lacking) if lacking else 0.0))
    out.sort(key=lambda f: (-f.with_.games, f.card.id))
    return out


def card_balance(catalogue: dict[str, CreatureCard], maps: tuple[MapDef, ...], ai: str, games: int, seed: int, *,
                 warbands: Sequence[WarbandDef] = (), jobs: int = 1, modules: tuple[str, ...] = (),
                 on_game: Progress | None = None, runner: sim.Runner | None = None) -> CardBalance:
    """Every card's win contribution: from ``games`` battles of Sealed warbands drawn from ``catalogue``
    (SCN-SEALED; a new pair each battle), or, when ``warbands`` are given, ``games`` battles of each
    ordered pairing of different ones.  After Ctrl+C, the figures of the battles finished."""
    if warbands:
        pairings = [(a, b) for a in warbands for b in warbands if a is not b]
        given, planned = _played(lambda: play_pairings(pairings, maps, ai, games, seed, jobs=jobs, modules=modules,
                                                       on_game=on_game, runner=runner))
        return _card_balance(ai, given, catalogue, only={c.id for w in warbands for c in w.cards}, planned=planned)
    rules = Ruleset.for_battle((200, 200), "sealed", (), modules=modules)
    placeholder = sealed_warbands(catalogue, seed, 2, rules)[1]  # run_games wants warbands; Sealed draws its own
    battles: list[Battle] = []
    if on_game is not None:
        on_game(0, games)

    def collect(number: int, result: sim.BattleResult, *_: object) -> None:
        s = sim.game_seed(seed, number - 1)
        battles.append(_battle(result, sealed_warbands(catalogue, s, 2, rules)[1]))
        if on_game is not None:
            on_game(len(battles), games)

    try:
        sim.run_games([ai, ai], placeholder, [maps], games, seed, scenario="sealed", catalogue=catalogue,
                      on_game=collect, jobs=jobs, modules=modules, runner=runner)
    except KeyboardInterrupt:
        return _card_balance(ai, battles, catalogue, planned=games)
    return _card_balance(ai, battles, catalogue)


def _card_balance(ai: str, battles: list[Battle], catalogue: dict[str, CreatureCard],
                  only: set[str] | None = None, planned: int = 0) -> CardBalance:
    """The CardBalance of ``battles``; ``only``: the card ids that could have been brought (all when None)."""
    figures = card_figures(battles, catalogue)
    seen = {f.card.id for f in figures}
    pool = catalogue if only is None else {k: v for k, v in catalogue.items() if k in only}
    unseen = sorted((c for k, c in pool.items() if k not in seen), key=lambda c: c.name)
    return CardBalance(ai, battles, figures, unseen, planned)
