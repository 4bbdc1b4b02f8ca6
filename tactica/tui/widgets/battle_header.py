"""The header line: round, whose turn, activations left and VP (SCN-ASSAULT)."""
from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tactica.engine import GameState, Phase

from ..sides import SIDE_BG as SIDE
from ..sides import vp_text


def header_text(st: GameState | None, seed: int | None = None, note: str = "", mode: str = "",
                compact: bool = False) -> Text:
    """``Round 3 │ Player 1's turn · 2 activations left │ VP 30–10 of 200``.

    ``note`` (e.g. "AI (normal) is thinking…") replaces the turn label;
    ``mode`` (e.g. "you: Player 1 vs AI (normal)") is shown before the seed.
    ``compact`` (a narrow terminal) gives the same facts in fewer columns:
    ``R3 │ P1's turn · 2 left │ VP 30–10/200 │ you: P1 vs AI (normal) │ seed 7``.
    """
    t = Text()
    sep = " │ " if compact else "  │  "
    if not compact:
        t.append(" tactica ", style="bold reverse")
    if st is None:
        return t
    lead = " " if compact else "  "
    if st.round:
        t.append(f"{lead}R{st.round}" if compact else f"{lead}Round {st.round}", style="bold")
    else:
        t.append(f"{lead}Setup", style="bold")
    t.append(sep)
    who = (lambda p: f"P{p + 1}") if compact else (lambda p: f"Player {p + 1}")

    def left_text() -> str:
        left = st.usable_activations
        if compact:
            return f" · {left} left"
        return f"  {left} activation{'s' if left != 1 else ''} left"

    ph = st.phase
    if note and ph is not Phase.OVER:
        t.append(f" {note} ", style=SIDE[st.decider])
        if ph in (Phase.ACTIVATE, Phase.ACTING) and not compact:
            t.append(left_text())
    elif ph in (Phase.ACTIVATE, Phase.ACTING):
        t.append(f" {who(st.turn_player)}'s turn ", style=SIDE[st.turn_player])
        if st.decider != st.turn_player:  # CON-6: an opponent controls a confused creature
            me = st.active_creature
            what = f" controls {me.card.name} (confused)" if me is not None else " decides"
            t.append(f" {who(st.decider)}{what} ", style=SIDE[st.decider])
        t.append(left_text())
    elif ph is Phase.OVER:
        t.append(f" {who(st.winner)} won ", style=SIDE[st.winner])
    else:
        t.append(f" {who(st.decider)}: {ph.value} ", style=SIDE[st.decider])
    t.append(f"{sep}VP ")
    vp_text(st, t)
    t.append(f"/{st.rules.target}" if compact else f" of {st.rules.target}")
    if st.rules.scenario != "assault":  # SCN-BOUNTY, SCN-UNCONTESTED, SCN-COMBINED
        t.append(f" {st.rules.scenario.capitalize()}", style="bold")
    if mode:
        t.append(f"{sep}{mode}", style="bright_black")
    if seed is not None:
        t.append(f"{sep}seed {seed}", style="bright_black")
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
        """The full header, or its compact form when the full one is wider than the terminal."""
        text = header_text(self.state, self.seed, self.note, self.mode)
        if text.cell_len > self.size.width:
            text = header_text(self.state, self.seed, self.note, self.mode, compact=True)
        if text.cell_len > self.size.width:  # four players' VP: the seed before who plays whom
            text = header_text(self.state, self.seed, self.note, "", compact=True)
        return text
