"""The header line: round, whose turn, activations left and VP (SCN-ASSAULT)."""
from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tactica.engine import GameState, Phase, active_modules

from ..sides import SIDE_BG as SIDE
from ..sides import vp_text


def _parts(st: GameState | None, seed: int | None, note: str, mode: str, compact: bool,
           short: bool = False) -> tuple[Text, Text, Text]:
    """The header in three parts: (round, the turn label or ``note``, VP and the rest);
    ``short`` says the activations left as " · 2 left" in the full form too."""
    head, mid, tail = Text(), Text(), Text()
    sep = " │ " if compact else "  │  "
    if not compact:
        head.append(" tactica ", style="bold reverse")
    if st is None:
        return head, mid, tail
    lead = " " if compact else "  "
    if st.round:
        head.append(f"{lead}R{st.round}" if compact else f"{lead}Round {st.round}", style="bold")
    else:
        head.append(f"{lead}Setup", style="bold")
    head.append(sep)
    who = (lambda p: f"P{p + 1}") if compact else (lambda p: f"Player {p + 1}")

    def left_text() -> str:
        left = st.usable_activations
        if compact or short:
            return f" · {left} left"
        return f"  {left} activation{'s' if left != 1 else ''} left"

    ph = st.phase
    if note and ph is not Phase.OVER:
        mid.append(f" {note} ", style=SIDE[st.decider])
        if ph in (Phase.ACTIVATE, Phase.ACTING) and not compact:
            mid.append(left_text())
    elif ph in (Phase.ACTIVATE, Phase.ACTING):
        mid.append(f" {who(st.turn_player)}'s turn ", style=SIDE[st.turn_player])
        if st.decider != st.turn_player:  # CON-6: an opponent controls a confused creature
            me = st.active_creature
            what = f" controls {me.card.name} (confused)" if me is not None else " decides"
            mid.append(f" {who(st.decider)}{what} ", style=SIDE[st.decider])
        mid.append(left_text())
    elif ph is Phase.OVER:
        mid.append(f" {who(st.victor)} won ", style=SIDE[st.victor])
    else:
        mid.append(f" {who(st.decider)}: {ph.value} ", style=SIDE[st.decider])
    tail.append(f"{sep}VP ")
    vp_text(st, tail)
    tail.append(f"/{st.rules.target}" if compact else f" of {st.rules.target}")
    if st.rules.scenario != "assault":  # SCN-BOUNTY, SCN-UNCONTESTED, SCN-COMBINED
        tail.append(f" {st.rules.scenario.capitalize()}", style="bold")
    modules = active_modules(st)
    if modules:  # optional rule modules (engine.modules), e.g. grid35
        tail.append(f" {'+'.join(modules)}", style="bold")
    if mode:
        tail.append(f"{sep}{mode}", style="bright_black")
    if seed is not None:
        tail.append(f"{sep}seed {seed}", style="bright_black")
    return head, mid, tail


def header_text(st: GameState | None, seed: int | None = None, note: str = "", mode: str = "",
                compact: bool = False, width: int | None = None, short: bool = False) -> Text:
    """``Round 3 │ Player 1's turn · 2 activations left │ VP 30–10 of 200``.

    ``note`` (e.g. "AI (normal) is thinking…") replaces the turn label;
    ``mode`` (e.g. "you: Player 1 vs AI (normal)") is shown before the seed.
    ``compact`` (a narrow terminal) gives the same facts in fewer columns:
    ``R3 │ P1's turn · 2 left │ VP 30–10/200 │ you: P1 vs AI (normal) │ seed 7``.
    ``width`` (columns) fits the line to it by the turn label alone: "· 2 left" for
    "2 activations left", then a label cut with "…" — the round, the VP, the mode
    and the seed are never pushed off by a long note.  ``short`` says "· 2 left" from the start
    (``BattleHeader`` sets it for the whole battle when the long words do not always fit).
    """
    head, mid, tail = _parts(st, seed, note, mode, compact, short)
    if width is not None and head.cell_len + mid.cell_len + tail.cell_len > width:
        if not compact:
            mid = _parts(st, seed, note, mode, compact, short=True)[1]
        room = width - head.cell_len - tail.cell_len
        if mid.cell_len > room:
            mid.truncate(max(1, room), overflow="ellipsis")
    return Text.assemble(head, mid, tail)


def label_room(st: GameState, compact: bool, ai_label: str = "", long: bool = False) -> int:
    """Columns the header keeps for its turn label in this battle: the widest everyday label
    (" Player 2's turn · 2 left", or " AI (normal) is thinking… · 2 left" when ``ai_label``
    names the AI) in its short form, or with ``long`` (full form only) in its long one ("  2
    activations left"); a longer one is cut to the room there is."""
    n = max(2, st.usable_activations)
    left = f"  {n} activations left" if long and not compact else f" · {n} left"
    who = "P" if compact else "Player "
    widest = max(len(f" {who}{p + 1}'s turn ") for p in range(st.players)) + len(left)
    if ai_label:
        widest = max(widest, len(f" {ai_label} is thinking… ") + (0 if compact else len(left)))
    return widest


def header_need(st: GameState, seed: int | None, mode: str, compact: bool, ai_label: str = "",
                long: bool = False) -> int:
    """Columns the header needs in ``st``'s battle, its round and every player's VP at their
    widest (two-digit rounds, VP as long as the target) and its label in ``label_room`` (``long``:
    with "activations left" in full): the form chosen by comparing it with the terminal's width
    never changes mid-battle."""
    head, _, tail = _parts(st, seed, "", mode, compact)
    grow = max(0, 2 - len(str(st.round))) if st.round else len("Round 10") - len("Setup")
    grow += sum(max(0, len(str(st.rules.target)) - len(str(v))) for v in st.vp)
    return head.cell_len + label_room(st, compact, ai_label, long) + tail.cell_len + grow


REFERENCE_AI = "AI (normal)"
"""The AI's name the header makes room for in every battle, hot-seat too (its levels' names are
no longer)."""

REFERENCE_MODE = "you: P1 vs AI (normal)"
"""Who plays whom in a duel against the AI: the room every battle's header keeps for that part."""


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

    ai_label: reactive[str] = reactive("")
    """The AI's name ("AI (normal)") in a battle against it, so its note is counted in the header's room."""

    def render(self) -> Text:
        """The full header, or its compact form when the terminal is narrower than the full one needs
        in this battle (``header_need``): chosen by the width, never by the note of the moment, so
        the form stays the same all battle; the turn label or note is shortened to fit instead.
        So do the words for the activations left: "2 activations left" when the widest label fits
        with them (``header_need`` with ``long``), else "· 2 left" on every turn, the AI's too."""
        st, width = self.state, self.size.width
        if st is None:
            return header_text(st)
        mode = self.mode
        # the forms are chosen as if against the AI, so that hot-seat and a battle against the AI
        # read the same at every width (issue 20): the widest of this battle's words and the AI's
        need_mode = max(mode, REFERENCE_MODE, key=len)
        need_label = max(self.ai_label, REFERENCE_AI, key=len)
        compact = header_need(st, self.seed, need_mode, False, need_label) > width
        if compact and header_need(st, self.seed, mode, True) > width:
            mode = ""  # four players' VP: the seed before who plays whom (the AI's note is cut instead)
        short = not compact and header_need(st, self.seed, need_mode, False, need_label, long=True) > width
        return header_text(st, self.seed, self.note, mode, compact=compact, width=width, short=short)
