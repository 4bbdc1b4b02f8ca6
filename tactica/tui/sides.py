"""How each player (seat) looks on screen: two to four sides (SCN-MULTI).

Players 1 and 2 keep the two-player look (blue, red); players 3 and 4 are
green and yellow.  The styles use the 16 basic terminal colours for the
background of labels, so all four stay apart in a 16-colour terminal; map
labels also differ in letter case (see ``tactica.engine.game``: OG1, og1,
Og1, oG1).
"""
from __future__ import annotations

from rich.text import Text

from tactica.engine import GameState

#: A player's label style on a solid background (header, stat card, winner), by seat.
SIDE_BG = ("bold bright_white on blue", "bold bright_white on red", "bold black on green",
           "bold black on yellow")
#: A player's text colour (VP figures, log marks), by seat.
SIDE_FG = ("bright_blue", "bright_red", "bright_green", "bright_yellow")
#: A player's colour and letter case in words, by seat.
SIDE_WORDS = ("blue, UPPER case", "red, lower case", "green, Capitalised", "yellow, lower then upper")


def vp_text(st: GameState, t: Text | None = None) -> Text:
    """Append every player's VP to ``t``: ``30–10`` (two players), ``30–10–5`` (free-for-all),
    ``30+20–10+5`` (teams: '+' within a team, '–' between teams; a team wins on its total)."""
    t = t if t is not None else Text()
    for i, team in enumerate(st.teams):
        if i:
            t.append("–")
        for j, p in enumerate(st.team_players(team)):
            if j:
                t.append("+")
            t.append(str(st.vp[p]), style=f"bold {SIDE_FG[p]}")
    return t


__all__ = ["SIDE_BG", "SIDE_FG", "SIDE_WORDS", "vp_text"]
