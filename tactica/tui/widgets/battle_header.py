"""The header line: round, whose turn, activations left and VP (SCN-ASSAULT)."""
from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tactica.engine import GameState, Phase

from ..sides import SIDE_BG as SIDE
from ..sides import vp_text


def header_text(st: GameState | None, seed: int | None = None, note: str = "", mode: str = "") -> Text:
    """``Round 3 │ Player 1's turn · 2 activations left │ VP 30–10 of 200``.

    ``note`` (e.g. "AI (normal) is thinking…") replaces the turn label;
    ``mode`` (e.g. "you: Player 1 vs AI (normal)") is shown before the seed.
    """
    t = Text()
    t.append(" tactica ", style="bold reverse")
    if st is None:
        return t
    if st.round:
        t.append(f"  Round {st.round}", style="bold")
    else:
        t.append("  Setup", style="bold")
    t.append("  │  ")
    ph = st.phase
    if note and ph is not Phase.OVER:
        t.append(f" {note} ", style=SIDE[st.decider])
        if ph in (Phase.ACTIVATE, Phase.ACTING):
            left = st.activations_left
            t.append(f"  {left} activation{'s' if left != 1 else ''} left")
    elif ph in (Phase.ACTIVATE, Phase.ACTING):
        t.append(f" Player {st.turn_player + 1}'s turn ", style=SIDE[st.turn_player])
        if st.decider != st.turn_player:  # CON-6: an opponent controls a confused creature
            me = st.active_creature
            what = f" controls {me.card.name} (confused)" if me is not None else " decides"
            t.append(f" Player {st.decider + 1}{what} ", style=SIDE[st.decider])
        left = st.activations_left
        t.append(f"  {left} activation{'s' if left != 1 else ''} left")
    elif ph is Phase.OVER:
        t.append(f" Player {st.winner + 1} won ", style=SIDE[st.winner])
    else:
        t.append(f" Player {st.decider + 1}: {ph.value} ", style=SIDE[st.decider])
    t.append("  │  VP ")
    vp_text(st, t)
    t.append(f" of {st.rules.target}")
    if st.rules.scenario != "assault":  # SCN-BOUNTY, SCN-UNCONTESTED, SCN-COMBINED
        t.append(f" {st.rules.scenario.capitalize()}", style="bold")
    if mode:
        t.append(f"  │  {mode}", style="bright_black")
    if seed is not None:
        t.append(f"  │  seed {seed}", style="bright_black")
    return t


class BattleHeader(Static):
    """One line at the top of the battle screen; the parent sets ``state``."""

    DEFAULT_CSS = """
    BattleHeader {
        height: 1;
        background: $panel;
    }
    """

    state: reactive[GameState | None] = reactive(None, always_update=True)
    """The state summarised."""

    seed: reactive[int | None] = reactive(None)
    """The dice seed shown at the right."""

    note: reactive[str] = reactive("")
    """What the AI is doing ("AI (normal) is thinking…"), shown instead of the turn label; "" for none."""

    mode: reactive[str] = reactive("")
    """Who plays whom ("you: Player 1 vs AI (normal)", "hot-seat"); "" to leave it out."""

    def render(self) -> Text:
        return header_text(self.state, self.seed, self.note, self.mode)
