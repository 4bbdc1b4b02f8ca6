"""A balance report in words: tables for the terminal, and a self-contained HTML page with charts.

The tables are Rich tables (``tables``); the HTML page (``html``) holds the
same tables and Plotly charts — the start areas' and first player's win
rates with their 95% intervals, the warbands' win-rate heatmap, each card's
win contribution against its cost — with Plotly's script inlined, so the
page opens offline.
"""
from __future__ import annotations

import html as html_text
from typing import Any

from .arena import CardBalance, MapBalance, WarbandMatrix
from .stats import Rate
from .yardstick import worth

Found = MapBalance | WarbandMatrix | CardBalance


def _pct(x: float) -> str:
    return f"{x:.0%}"


def played(found: Found) -> int:
    """How many battles are behind the report's figures."""
    return found.played if isinstance(found, WarbandMatrix) else len(found.battles)


def rows(found: Found) -> tuple[str, list[str], list[list[str]], list[str]]:
    """The report as one table: (title, column headings, rows of cells, lines said under it); a report
    cut short by Ctrl+C says so first, with how many of the planned battles it counts."""
    title, head, body, said = _rows(found)
    if found.planned:
        said.insert(0, f"Interrupted: {played(found)} of {found.planned} battles were played, and these figures "
                       "count those alone. Pairings not reached are missing and the intervals are wider: "
                       "run it again to the end before trusting it.")
        title += " (partial)"
    return title, head, body, said


def _rows(found: Found) -> tuple[str, list[str], list[list[str]], list[str]]:
    if isinstance(found, MapBalance):
        head = ["side", "win rate", "95% interval", "battles"]
        body = [[f"start area {a}", _pct(r.rate), f"{_pct(r.low)}–{_pct(r.high)}", str(r.games)]
                for a, r in sorted(found.areas.items())]
        body.append(["first player", _pct(found.first.rate), f"{_pct(found.first.low)}–{_pct(found.first.high)}",
                     str(found.first.games)])
        fav = found.favoured
        said = [f"The map favours start area {fav}: its win rate's 95% interval lies above 50%." if fav else
                "No start area is favoured beyond chance at these numbers (every interval holds 50%)."]
        said.append(f"{len(found.battles)} battles, {found.ai} against {found.ai}, every warband pairing on "
                    "both sides (mirror matches included).")
        f = found.first
        said.append("First player: the side that took the first turn of round 1 (chosen by the winner of the "
                    "initiative roll). " + (f"Going first {'helps' if f.low > 0.5 else 'hurts'} on this map: its "
                                           "95% interval lies wholly " + ("above" if f.low > 0.5 else "below") +
                                           " 50%." if f.low > 0.5 or f.high < 0.5 else
                                           "Going first makes no difference beyond chance here."))
        if found.pairings:
            said.append("Pairings (first seat's warband against the second's: the first seat's win rate): " +
                        "; ".join(f"{a} against {b} {_pct(r.rate)} (n={r.games})" for (a, b), r in found.pairings)
                        + ".")
        said.append("The figures measure the map as the AI plays it: a lean the AI gives one side (its paths, "
                    "its deployment) shows here too. Run a shipped map the same way to see what an even "
                    "figure looks like, and more --games to narrow the intervals.")
        return f"Map balance: {found.map}", head, body, said
    if isinstance(found, WarbandMatrix):
        head = ["warband ↓ against →", *found.names, "overall"]
        body = [[name, *("·" if c is None else f"{_pct(c.rate)} (n={c.games})" for c in row),
                 str(found.overall[i])] for i, (name, row) in enumerate(zip(found.names, found.cells))]
        return "Warband win matrix", head, body, [
            f"Each cell: the row's win rate against the column ({found.ai} against {found.ai}, both seat orders)."]
    head = ["card", "cost", "yardstick", "sides", "win with", "win without", "contribution (95%)", "VP with",
            "flag"]
    body = [[f.card.name, str(f.card.cost), f"{worth(f.card):.0f}", str(f.with_.games), _pct(f.with_.rate),
             _pct(f.without.rate), str(f.contribution), f"{f.vp_with:.0f}", f.flag] for f in found.cards]
    flagged = [f for f in found.cards if f.flag]
    said = [f"{len(found.battles)} battles, {found.ai} against {found.ai}. A card is flagged when its "
            "contribution's 95% interval lies wholly above 0 (underpriced) or below 0 (overpriced). "
            "The yardstick is the cost its numbers and abilities suggest (the formula the shipped cards "
            "were costed with)."]
    said.append(f"Flagged: {', '.join(f'{f.card.name} ({f.flag})' for f in flagged)}." if flagged else
                "No card is flagged at these numbers.")
    off = [f for f in found.cards if abs(f.card.cost - worth(f.card)) > max(3, 0.15 * worth(f.card))]
    if off:
        said.append("Cost far from the yardstick (more than 15% or 3 points): " + ", ".join(
            f"{f.card.name} (costs {f.card.cost}, yardstick {worth(f.card):.0f})" for f in off) + ".")
    if found.unseen:
        names = [c.name for c in found.unseen]
        shown = ", ".join(names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
        said.append(f"Never brought into a battle, so not in the table ({len(names)}): {shown}. "
                    "Give more --games, or name them in a --warband.")
    return "Card balance", head, body, said


def tables(found: Found) -> Any:
    """A Rich renderable of the report (a table and its lines) for the terminal."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    title, head, body, said = rows(found)
    table = Table(title=title, title_justify="left")
    for i, h in enumerate(head):
        table.add_column(h, justify="left" if i == 0 else "right")
    for row in body:
        table.add_row(*row)
    return Group(table, *(Text(line) for line in said))


def _figures(found: Found) -> list[Any]:
    """The Plotly figures of the report."""
    import plotly.graph_objects as go

    if isinstance(found, MapBalance):
        sides: list[tuple[str, Rate]] = [(f"area {a}", r) for a, r in sorted(found.areas.items())]
        sides.append(("first player", found.first))
        fig = go.Figure(go.Bar(x=[n for n, _ in sides], y=[r.rate for _, r in sides],
                               error_y={"type": "data", "symmetric": False,
                                        "array": [r.high - r.rate for _, r in sides],
                                        "arrayminus": [r.rate - r.low for _, r in sides]}))
        fig.add_hline(y=0.5, line_dash="dash")
        fig.update_layout(title="Win rate by side (95% intervals)", yaxis={"range": [0, 1], "tickformat": ".0%"})
        return [fig]
    if isinstance(found, WarbandMatrix):
        z = [[None if c is None else c.rate for c in row] for row in found.cells]
        text = [["" if c is None else f"{c.rate:.0%}<br>n={c.games}" for c in row] for row in found.cells]
        fig = go.Figure(go.Heatmap(z=z, x=found.names, y=found.names, text=text, texttemplate="%{text}",
                                   zmin=0, zmax=1, colorscale="RdBu", colorbar={"tickformat": ".0%"}))
        fig.update_layout(title="Win rate of the row's warband against the column's",
                          yaxis={"autorange": "reversed"})
        return [fig]
    cards = found.cards
    lows = [f.contribution.interval[0] for f in cards]
    highs = [f.contribution.interval[1] for f in cards]
    values = [f.contribution.value for f in cards]
    fig = go.Figure(go.Scatter(x=[f.card.cost for f in cards], y=values, mode="markers",
                               text=[f.card.name for f in cards], hovertemplate="%{text}: %{y:+.0%}<extra></extra>",
                               error_y={"type": "data", "symmetric": False,
                                        "array": [h - v for h, v in zip(highs, values)],
                                        "arrayminus": [v - lo for lo, v in zip(lows, values)]}))
    fig.add_hline(y=0, line_dash="dash")
    fig.update_layout(title="Card value against cost: win contribution (95% intervals)",
                      xaxis_title="cost (points)", yaxis={"title": "win rate with − without", "tickformat": "+.0%"})
    return [fig]


def html(found: Found) -> str:
    """The whole report as one self-contained HTML page (Plotly's script inlined once)."""
    title, head, body, said = rows(found)
    esc = html_text.escape
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{esc(title)} — tactica</title>",
             "<style>body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse}"
             "td,th{border:1px solid #999;padding:.3em .6em;text-align:right}td:first-child,th:first-child"
             "{text-align:left}</style></head><body>", f"<h1>{esc(title)}</h1>"]
    parts += [f"<p>{esc(line)}</p>" for line in said]
    parts.append("<table><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr>")
    parts += ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in body]
    parts.append("</table>")
    for i, fig in enumerate(_figures(found)):
        parts.append(fig.to_html(full_html=False, include_plotlyjs=(i == 0), div_id=f"chart-{i + 1}"))
    parts.append("</body></html>")
    return "\n".join(parts)
