"""The help screen: the keys (as the settings bind them) and a short summary of the skirmish rules."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tactica.client.settings import KEY_BINDINGS, Settings, key_display

HELP = """\
# tactica — keys

*Esc, ? or q closes this help; the arrows, Page Up / Page Down scroll it.*

| Key | What it does |
|---|---|
| arrows / h j k l (y u b n diagonals) | move the cursor; the mouse works too |
| shift+arrows, wheel | scroll a map bigger than its view (80×24), any time, also under a question; the bar along the map's bottom says what is hidden: `◀ 4 cols` on the left, `9 cols ▶` on the right, `▲ 3 ▼ 6 rows` above and below. Moving the cursor brings the view back to it |
| Enter / click | select: activate the creature, move to a shaded square, pick a target, confirm (a click on a shaded square first shows the path: click again to move) |
| Tab / Shift+Tab | cycle through what can be chosen now: unactivated creatures; while a creature acts, the creature itself, then the enemies it can attack or charge from where it stands (nearest first; every enemy when none is in reach); targets, charge ends |
| Esc (a creature acts) | the cursor back on the active creature, from wherever Tab or the arrows took it (the footer shows `Esc Back to active` while the cursor is off it) |
| m | move the active creature to the cursor square (shaded squares are reachable); a move that provokes opportunity attacks names the attackers first: press m (or Enter) again to move anyway, any other key cancels |
| s | shift one square to the cursor square, a square marked `s` (provokes no opportunity attacks) |
| a | attack: 1–9 choose the attack (while the creature acts, 1–9 start that attack at once), Tab/cursor the target; Enter attacks, Esc cancels. A close or area attack (burst, cone, line, radius) is aimed with the cursor: the squares it covers show as `░`, the creatures inside (allies too) are marked and the status line gives each one's chance to hit before you press Enter |
| Space | in attack mode, add a target to a multi-target attack |
| c | charge: choose the enemy (Enter), then the end square: the cursor stands on the first, the others are marked x (Tab or the arrows choose); Enter charges. With no enemy in reach, a and c (and an attack's number) say why in the status line |
| e | end the active creature's activation |
| w | use a special power that takes an action (heal, clear a condition, …); several uses are offered in a list |
| d | with the grid5e rules: drop prone (free), or stand up when prone (half the speed; G5E-PRONE) |
| g | with the underground rules: dig at the rubble beside the active creature (its whole activation; UG-RUBBLE) |
| y / n / x | in a champion-power prompt: yes / no / no, and stop asking about that trigger (ally hits, misses, is hit, starts or ends its turn) for the rest of the battle |
| o | ask about every champion-power trigger again (undo the prompts' x); the Settings screen's champion_prompts stops asking in every battle |
| p | while deploying: place the rest of your creatures automatically |
| f | against the AI: fast mode — no pause between the AI's steps (again: back to the pace) |
| i | against the AI: show or hide why it chooses each action (its intent) in the log |
| # | rulers: show or hide the column numbers along the top of the map and the row numbers down its left, as the log counts squares ("column 23, row 9"), the cursor's column and row marked in them; the side panel's top line always names the cursor's square |
| v | the whole map at once, two columns a square (`B1` a Player 1 creature, `b3` a Player 2 one; the part the battle map shows is bright, the rest dim): the arrows move a cursor, Enter moves the battle map's cursor and view there, Esc goes back. For a map bigger than its view (80×24) |
| t | threat view, in three steps: `t` marks `!` every square an enemy could attack without moving (or after a shift), on a grey ground; `t` again every square one could attack next turn, by how far it must go first: `!` without moving, `?` after a move, `'` only after a move and a charge (reach, range and area templates counted); `t` a third time hides it. `†` at a square's right: the reach of the enemy under the cursor (on your own creature the side panel names the enemies it can attack instead). Under the cursor's column and row the side panel names who could attack that square and how (`! br3 now: Heavy Crossbow`, `? wa1 move 4: Greataxe`, `' og2 charge 9: Club`: the squares it moves first), the nearest first; a VP zone keeps its colour (works while the AI plays too) |
| z / ctrl+z | undo: take back a move or an activation in the current activation, if no die was rolled |
| ] / [ | scroll the stat card when it is longer than its panel (] at its end goes back to the top); the footer shows `]` only then |
| PgUp / PgDn, Home / End, wheel | read the battle log back (the wheel over the log): a page back or on, the oldest or the newest line. While you read back, new lines (the AI's turn) do not move it: its top border counts them; End or scrolling to the bottom follows the newest lines again, and so does your own next action. The footer shows `PgUp` once the log is longer than its pane. Where the log is only a few rows (80×24), PgUp and Home open the whole log on the whole screen instead (Esc: back to the battle) |
| PgUp, Home (a question) | while a question hides the log (who goes first, the start area, a champion-power prompt): the whole battle log on the screen, to read the end of the last turn before you answer (Home: from its first line); PgUp / PgDn, Home / End, ↑ ↓ scroll it, Esc or Enter goes back to the question, still unanswered |
| Tab, h j k l, mouse (who goes first) | under the who-goes-first question, look at the creatures before you answer: Tab goes from creature to creature (both sides), h j k l (y u b n) move the cursor, the mouse points; the card shows beside the map; arrows and Enter (or 1, 2) answer. |
| r | the rules reference: every rule of `docs/rules.md` by ID or word; on the battle screen it opens on the rules the screen names now (a refusal's ID such as CHG-3, the attack preview's modifiers, the abilities on the stat card); under a question, on its rules (who goes first: RND-1; a champion power: CHP-2, CHP-3), which still waits for its answer; here, on the rules this help names. Esc closes it |
| ? | this help, also over a dialog (the map, the start area, who goes first, a champion-power prompt: closing the help goes back to it, still unanswered); Esc, ? or q closes it. `? Help` is always at the right end of the footer |
| q | quit |
| ctrl+p | the command palette: type a few letters of a command (new battle, resume, fast mode, the AI's intent, undo, help, export the log, theme, quit) and Enter runs it |

The footer lists only the keys that are legal right now (on a narrow terminal the
most useful of them: this help lists them all); while the AI plays,
only the cursor, help, quit, `f`, `i` and `t` work.  The view pans only as far as
the AI's action needs and, when your turn comes back, returns to where you left it
(or where you looked meanwhile), the cursor too unless its creature has acted this round
(then the nearest one that can).  Where the log is too small to hold everything
since your last activation (80×24), a recap stands in its place until you act:
your own result first, then the AI's turn; plain moves and misses are left out first,
and its last row counts them (PgUp: the whole log).  `tactica play` is you against
the `normal` AI (`--ai hard`, `--side 2`); `tactica play --hotseat` is two
players at one keyboard.

## Map

`.` clear · `^` difficult terrain (costs 2) · `███` wall · `◆` VP zone, in the
colour of the player who scores there, `◆P1` on one of its squares ·
`T` forest (costs 2, cover, blocks sight across it) · `O` pit (fliers only;
ending a turn there destroys) · `*` smoke (hides) · `S` statue (costs 2,
cover, cannot stop) · `%` blood rock (melee crits on 19–20) · `+` sacred
circle (+2 to attack) · `@` teleporter (once a round: stop on it, press m on
another to jump, then move on with what the move had left) ·
`_` low obstacle (costs 2, cannot stop; grid35: G35-OBSTACLE) ·
with the underground rules, the cave: `▒▒▒` loose rubble, `▓▓▓` scree, `▚▚▚`
solid rock (g digs), `▼` chasm, `↓` `→` … slope (the arrow points downhill; `↕`: down the way you step), `┆` narrow gap, `▔` `═` `▀` ever
lower ceilings, `≈` ice, `▪` darkness (the side panel's legend names each kind
the map has) · tinted squares: start areas.  Creatures show their label: **UPPER case =
Player 1** (blue), **lower case = Player 2** (red); dimmer = already
activated this round.  Creature squares alternate a bright shade (bold label)
and a dark one (plain label), and on the small squares a label's number is
drawn small (`BR₁`), so labels side by side stay apart (`BR₁WA₁`); where the
whole map fits at four columns a square, a blank column parts them (` BR1 WA1`).  A Large or
Huge creature's squares are framed together (`AB1──┐` over `└────┘`).  On a
large terminal each square is drawn bigger, with the creature's HP bar under
its label.  `:` reachable square (`:▪:`, `:^:` on a square drawn with its own
mark), `s` (blue) a square
the active creature can shift to with `s` (no opportunity attacks), `o` the path previewed
(`o2`, `o4` … a step that costs that many squares of movement: difficult or
hampered ground, a low ceiling; the status line adds up the move's cost),
purple + underline = an enemy whose **opportunity attack** that path provokes,
yellow = a valid target, `x` a square a charge may end on, `▪` a deployment square,
`░` (orange) the squares an aimed area covers.  On a VP zone square the mark
flanks its diamond (`:◆:`, `s◆s`, `o◆o`, `x◆x`); the square naming the zone's
owner keeps `◆P1`, underlined in the mark's colour.  An **underlined label** (and `!`
on a large terminal) is a creature with a condition or ongoing damage; its card
lists each one with its duration.  With the cursor on a creature that has an
**aura**, the squares the aura covers are tinted violet and marked `~.~`; a creature's card
lists the auras covering it.

## Rules in short

* **Rounds.** Each round starts with an initiative roll (d20 each; the
  highest champion rating rolls twice); the winner chooses who goes first.
  Players alternate turns; a turn activates **two** creatures (the very first
  turn of a round only one).  Every creature is activated once per round
  (Multi-Activation X: X times, each using one of its player's activations).
* **Auras and healing.** An aura works on the creatures within its radius
  while its creature is on the map; different auras add up, two of the same
  name count once.  Healing never raises HP above the card's HP.
* **Activation.** One move action and one attack action, in either order; the
  attack action may be spent on a second move.  A move goes up to speed
  squares (diagonals cost 1, difficult terrain 2; no diagonal step past a
  wall's corner, so going round one costs 2); a shift moves 1 square and
  provokes nothing.  A creature that moves and then attacks cannot move again.
* **Opportunity attacks.** Leaving a square adjacent to an enemy, or making a
  ranged attack next to one, lets that enemy make a free basic attack: any
  attack its card marks basic, a crossbow's too, at an adjacent enemy (OA-1).
* **Attacks.** d20 + attack bonus + modifiers ≥ the target's AC or DEF hits;
  natural 20 always hits and doubles the damage, natural 1 always misses.
  Combat advantage (e.g. flanking) +2, charge +1, cover −2.
* **Charge.** An attack action: with line of sight to the target at the
  start, move at least 2 squares by the shortest way to the nearest square
  next to it, then a basic melee attack at +1; no more movement after it.
* **Victory.** Destroying an enemy scores its cost in VP; holding your VP
  zone at the end of a round scores 10 (200-point battle), even with enemies
  in it too (only the Uncontested scenario needs it free of them).  Your zone
  is the ◆ zone marked with your player (P1, P2): it lies on the enemy's
  side of the map, so scoring means marching across.  Standing in the
  enemy's zone does not stop it scoring.  The first
  to the point limit wins; a side with no creatures left loses.  After 10
  rounds in a row without combat (the log counts them) the side with more VP
  wins (SCN-TIE).
"""


#: The key cells of ``HELP``'s table that the settings' ``[keys]`` can rebind, with the battle keys
#: (``client.settings.KEY_BINDINGS`` names) each cell shows, in order.
ROW_KEYS: dict[str, tuple[str, ...]] = {
    "Enter / click": ("select",), "Tab / Shift+Tab": ("next", "previous"), "m": ("move",), "s": ("shift",),
    "a": ("attack",), "Space": ("add_target",), "c": ("charge",), "e": ("end",), "w": ("power",),
    "d": ("prone",), "o": ("champion_prompts",), "p": ("auto_place",), "f": ("ai_fast",), "i": ("ai_intent",),
    "t": ("threats",), "#": ("rulers",), "v": ("overview",), "r": ("rules",), "z / ctrl+z": ("undo",), "] / [": ("card_more", "card_back"), "?": ("help",), "q": ("quit",),
}


def help_text(keys: Mapping[str, str] | None = None) -> str:
    """``HELP`` with the keys in force: each rebound key's cell of the table shows its keys, and a line
    under the title lists what the settings rebound.

    Args:
        keys: the rebound battle keys, by ``KeyBinding.name`` (``Settings.keys``); None or empty: the
            defaults, and the text is ``HELP`` itself.
    Returns Markdown text.
    """
    if not keys:
        return HELP
    bound = Settings(keys=dict(keys)).bound_keys()
    text = HELP
    for cell, names in ROW_KEYS.items():
        if any(n in keys for n in names):
            shown = " / ".join(key_display(bound[n]) for n in names)
            text = text.replace(f"\n| {cell} |", f"\n| **{shown}** |", 1)
    # the texts that name a key in words follow it too (ui-trials 18, 21)
    k = {n: key_display(bound[n]) for n in ("move", "ai_fast", "ai_intent", "threats")}
    text = text.replace("only the cursor, help, quit, `f`, `i` and `t` work.",
                        f"only the cursor, help, quit, `{k['ai_fast']}`, `{k['ai_intent']}` and `{k['threats']}` "
                        "work.", 1)
    text = text.replace("press m (or Enter) again to move anyway", f"press {k['move']} (or Enter) again to move "
                        "anyway", 1)
    text = text.replace("press m on another to jump", f"press {k['move']} on another to jump", 1)
    what = {b.name: b.what for b in KEY_BINDINGS}
    rebound = "; ".join(f"{what[n]}: **{key_display(k)}**" for n, k in keys.items())
    note = f"*Your settings rebind: {rebound} (tactica config shows every key).*\n\n"
    return text.replace("| Key | What it does |", note + "| Key | What it does |", 1)


#: What each optional rule module changes in the "Rules in short", one line each (``modules_note``).
MODULE_SHORT: dict[str, str] = {
    "grid35": ("diagonals cost 1, 2, 1, 2 … (G35-DIAG); hampered squares (difficult, a low obstacle) "
               "cost double (G35-HAMPER, G35-OBSTACLE); a move may **run** up to 4× speed, taking both "
               "actions with no attack after (G35-RUN); Large creatures reach 2 (G35-REACH)"),
    "grid35-simple": ("grid35's rules with every diagonal costing 1 (G35-DIAG); hampered squares cost "
                      "double (G35-HAMPER); a run goes up to 4× speed with no attack after (G35-RUN)"),
    "grid5e": ("a move may be split around the attack: what is left of it is spent after the attack "
               "without an action (G5E-SPLIT), so a creature that moves and attacks **can** move on; "
               "entering a square needs its full cost left (G5E-ENTER); d drops prone or stands up "
               "(G5E-PRONE)"),
    "underground": ("low passages slow or stop a move (UG-LOW); narrow gaps let only small creatures "
                    "through (UG-SQUEEZE); g digs through rubble (UG-RUBBLE); darkness limits sight "
                    "and moving fast in it risks a bump (UG-DARK); ice may make a creature fall "
                    "prone (UG-SLIP); slopes slide it down (UG-SLIDE); falls hurt (UG-FALL)"),
}


#: The "Rules in short" sentences an optional rule module changes, and what they read with it on:
#: a newcomer on a grid35 or grid5e map read "diagonals cost 1" and "cannot move again" under the
#: modules' note (nm-g35 2, nm-g5e 1), so the sentences themselves say the module's rule.
MODULE_SENTENCES: dict[str, tuple[tuple[str, str], ...]] = {
    "grid35": (("(diagonals cost 1, difficult terrain 2;",
                "(grid35: diagonals cost 1, 2, 1, 2 … along the move, G35-DIAG; difficult and other hampered "
                "squares cost double, G35-HAMPER;"),
               ("provokes nothing.  A creature",
                "provokes nothing.  grid35: a move may run up to 4× speed, taking both actions (G35-RUN).  "
                "A creature")),
    "grid35-simple": (("(diagonals cost 1, difficult terrain 2;",
                       "(diagonals cost 1; grid35-simple: difficult and other hampered squares cost double, "
                       "G35-HAMPER;"),),
    "grid5e": (("(diagonals cost 1, difficult terrain 2;",
                "(diagonals cost 1, difficult terrain 2, and with grid5e another creature's square is "
                "difficult too, G5E-DIFF;"),
               ("A creature that moves and then attacks cannot move again.",
                "grid5e: a creature that moves and then attacks may move on with what is left of its move, "
                "without an action (G5E-SPLIT).")),
}


def with_modules(text: str, modules: Sequence[str]) -> str:
    """The help's Markdown ``text`` with the "Rules in short" sentences the optional rule ``modules``
    change said their way (``MODULE_SENTENCES``)."""
    for module in modules:
        for old, new in MODULE_SENTENCES.get(module, ()):
            text = text.replace(old, new, 1)
    return text


def modules_note(modules: Sequence[str]) -> str:
    """The "Rules in short" paragraph naming the optional rule ``modules`` on in this battle and what
    each changes ("" with none on); where a module's rule and the summary differ, the module's
    counts."""
    if not modules:
        return ""
    lines = "\n".join(f"  * **{m}**: {MODULE_SHORT.get(m, 'see its page in the rules reference')}."
                       for m in modules)
    return ("* **Rule modules on in this battle** (where they differ from the lines below, they count; "
            f"r opens their rules):\n{lines}\n")


class HelpScreen(ModalScreen[None]):
    """Keys and a rules summary; any of Esc, ? or q closes it.

    Args:
        modules: the optional rule modules on in the battle (``Ruleset.modules``): the summary names
            them first, with what each changes (``modules_note``).

    Toasts (a roll, a refusal) are not drawn over it, nor through it: the ones
    not yet timed out show again on the screen under it when the help closes."""

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
        background: $background;  /* opaque: no toast of the screens under it shows through */
    }
    HelpScreen Toast {
        display: none;  /* nor its own: the toasts still due show again when it closes */
    }
    HelpScreen > VerticalScroll {
        width: 90%;
        max-width: 100;
        height: 90%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    """

    BINDINGS = [
        Binding("escape,question_mark,q", "close", "Close help"),
        Binding("r", "rules", "Rules", show=False),
    ]

    def __init__(self, modules: Sequence[str] = ()) -> None:
        super().__init__()
        self.modules = tuple(modules)

    def text(self) -> str:
        """The help's Markdown: ``help_text`` with the modules' note at the head of "Rules in short"."""
        text = with_modules(help_text(self._keys()), self.modules)
        note = modules_note(self.modules)
        return text.replace("## Rules in short\n\n", "## Rules in short\n\n" + note, 1) if note else text

    def _keys(self) -> Mapping[str, str]:
        settings = getattr(self.app, "settings", None)
        return settings.keys if isinstance(settings, Settings) else {}

    def compose(self) -> ComposeResult:
        from rich.markdown import Markdown  # not before help is asked for (a faster start)

        with VerticalScroll():
            yield Static(Markdown(self.text()))

    def action_rules(self) -> None:
        """r: the rules reference on the rules this help names (G35-OBSTACLE, G5E-PRONE …)."""
        from tactica.client.rules_reference import load_reference

        from .rules import RulesScreen
        reference = load_reference()
        named = [e for e in (reference.find(i) for i in reference.ids_in(modules_note(self.modules))) if e]
        context = named + [e for e in reference.context([self.text()]) if e not in named]
        self.app.push_screen(RulesScreen(context))

    def on_key(self, event: events.Key) -> None:
        """The help key as the settings bind it closes the help too."""
        keys = self._keys()
        if "help" in keys and event.key in keys["help"].split(","):
            event.stop()
            self.action_close()

    def action_close(self) -> None:
        """Close the help."""
        if self.is_current:
            self.dismiss(None)
