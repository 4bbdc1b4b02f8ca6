"""The battle screen's keys: its bindings, which of them may be used now, and which the footer follows.

A key with two bindings (``a`` attack, ``a`` says why not) shows the one that
``BattleScreen.check_action`` allows now; the hidden one says why the key can
do nothing (``Controller.refusal``).
"""
from __future__ import annotations

from typing import Protocol

from textual.binding import Binding, BindingType

from tactica.client.controller import Controller, Mode
from tactica.client.settings import KEY_BINDINGS, Settings, key_display

from ..widgets.battle_log import BattleLog
from ..widgets.status_line import StatusLine
from .battle_ai import AI_ACTIONS, AiTurn
from .battle_camera import Camera
from .battle_layout import BattleLayout
from .battle_saves import UNDO_ACTIONS, BattleSaves

BINDINGS: list[BindingType] = [
    Binding("enter", "select", "Select", id="battle.select"),
    Binding("tab", "next(1)", "Next", id="battle.next"),
    Binding("shift+tab", "next(-1)", "Previous", show=False, id="battle.previous"),
    Binding("m", "move", "Move", id="battle.move"),
    Binding("s", "shift", "Shift", id="battle.shift"),
    Binding("a", "attack", "Attack", id="battle.attack"),
    Binding("c", "charge", "Charge", id="battle.charge"),
    # a or c that can do nothing now says why in the status line (``Controller.refusal``)
    Binding("a", "says_why('attack')", "Attack", show=False, id="battle.attack"),
    Binding("c", "says_why('charge')", "Charge", show=False, id="battle.charge"),
    # m, s, w or e while a creature is to be picked says to activate one first
    Binding("m", "says_why('move')", "Move", show=False, id="battle.move"),
    Binding("s", "says_why('shift')", "Shift", show=False, id="battle.shift"),
    Binding("w", "says_why('power')", "Power", show=False, id="battle.power"),
    Binding("e", "says_why('end')", "End activation", show=False, id="battle.end"),
    Binding("e", "end", "End activation", id="battle.end"),
    Binding("w", "power", "Power", id="battle.power"),
    Binding("d", "prone", "Prone / stand", id="battle.prone"),  # G5E-PRONE: only with a module that has prone rules
    Binding("g", "dig", "Dig", id="battle.dig"),  # UG-RUBBLE: only with the underground module, beside rubble
    # d or g that can do nothing now says why, naming the module's rule (G5E-PRONE, UG-RUBBLE)
    Binding("d", "says_why('prone')", "Prone / stand", show=False, id="battle.prone"),
    Binding("g", "says_why('dig')", "Dig", show=False, id="battle.dig"),
    Binding("space", "pick", "Add target", id="battle.add_target"),
    Binding("p", "auto_place", "Auto-place", id="battle.auto_place"),
    Binding("escape", "cancel", "Cancel", id="battle.cancel"),
    # Esc while a creature acts, the cursor elsewhere: the cursor back on it (issue 20: Tab took it far away)
    Binding("escape", "back_to_active", "Back to active", id="battle.cancel"),
    Binding("z", "undo", "Undo", id="battle.undo"),  # u is the map's up-right key (y u b n)
    Binding("z", "undo_refused", "Undo", show=False, id="battle.undo"),
    Binding("ctrl+z", "undo", "Undo", show=False, id="battle.undo"),
    Binding("ctrl+z", "undo_refused", "Undo", show=False, id="battle.undo"),
    Binding("ctrl+r", "reload_map", "Reload map", id="battle.reload_map"),
    *[Binding(str(n), f"choose_attack({n})", f"Attack {n}", show=False, id=f"battle.attack_{n}") for n in range(1, 10)],
    Binding("f", "ai_fast", "Fast AI", id="battle.ai_fast"),
    Binding("i", "ai_intent", "AI intent", id="battle.ai_intent"),
    Binding("t", "threats", "Threats", id="battle.threats"),
    Binding("number_sign", "rulers", "Rulers", key_display="#", show=False, id="battle.rulers"),
    Binding("v", "overview", "Whole map", show=False, id="battle.overview"),
    # r: the rules reference on the rules the screen names now (a refusal's ID, the preview's modifiers, the card)
    # (the footer shows "r Rules" first while a refusal or a warning is said: BattleFooter)
    Binding("r", "rules_named", "Rules", show=False, id="battle.rules"),
    Binding("r", "rules", "Rules", show=False, id="battle.rules"),
    Binding("o", "champion_prompts", "Ask champion powers again", show=False, id="battle.champion_prompts"),
    Binding("right_square_bracket", "card_scroll(1)", "More card", key_display="]", id="battle.card_more"),
    Binding("left_square_bracket", "card_scroll(-1)", "Card back", show=False, id="battle.card_back"),
    # The log is read back with Page Up / Page Down, Home / End (before the map view's own scrolling).
    Binding("pageup", "log_scroll(-1)", "Read log", key_display="PgUp", priority=True, id="battle.log_back"),
    Binding("pagedown", "log_scroll(1)", "Log on", show=False, priority=True, id="battle.log_on"),
    Binding("home", "log_edge(-1)", "Oldest log line", show=False, priority=True, id="battle.log_oldest"),
    Binding("end", "log_edge(1)", "Newest log line", show=False, priority=True, id="battle.log_newest"),
    Binding("question_mark", "help", "Help", id="battle.help"),
    Binding("q", "quit", "Quit", id="battle.quit"),
]
"""The battle screen's key bindings (``BattleScreen.BINDINGS``)."""

KEY_ACTIONS = ("select", "next", "move", "shift", "attack", "charge", "end", "pick", "auto_place",
               "cancel", "back_to_active", "choose_attack", "undo", "power", "prone", "dig", "card_scroll",
               "log_scroll", "rules_named")
"""Key actions whose use changes with the battle: the footer is refreshed when the set that may be
used changes (``BattleScreen.sync_keys``)."""


MODIFIER_KEYS = frozenset({"shift", "ctrl", "control", "alt", "meta", "super", "hyper", "caps_lock", "num_lock",
                           "scroll_lock", "left_shift", "right_shift", "left_control", "right_control",
                           "left_alt", "right_alt", "left_super", "right_super", "left_meta", "right_meta",
                           "left_hyper", "right_hyper", "iso_level3_shift", "iso_level5_shift"})
"""Keys that are only a modifier (a terminal with the kitty keyboard protocol reports them): never
hinted at (``silent_key_hint``)."""

QUIET_KEYS = frozenset({"escape"})
"""Keys pressed by reflex when there is nothing to cancel: no hint when they do nothing."""


def key_label(name: str) -> str:
    """What battle key ``name`` does, as the footer and the help call it ("move" -> "Move"): its
    binding's label, else its words in the settings ("cursor_up" -> "Cursor up")."""
    for binding in BINDINGS:
        if isinstance(binding, Binding) and binding.id == f"battle.{name}" and binding.description:
            return binding.description
    what = next((k.what for k in KEY_BINDINGS if k.name == name), name.replace("_", " "))
    return what[:1].upper() + what[1:]


def silent_key_hint(key: str, handled: bool, bound: dict[str, str]) -> str | None:
    """The status line's aside for a key pressed on the battle screen (issue 20), or None.

    Args:
        key: the key as Textual names it ("k", "ctrl+x", "question_mark").
        handled: whether a binding of the screen, the map or the app takes the key now.
        bound: every battle key's keys in force, by name (``Settings.bound_keys``).
    Returns None for a key that does something, a modifier alone, or Esc; "m is not bound (Move is
    x)" for a default key the settings rebound elsewhere; else "k does nothing here — ? lists the keys".
    """
    if handled or key in MODIFIER_KEYS or key in QUIET_KEYS or key.rsplit("+", 1)[-1] in MODIFIER_KEYS:
        return None
    help_key = key_display(bound["help"].split(",")[0])
    shown = key_display(key)
    defaults = Settings().bound_keys()
    for name, keys in defaults.items():
        if key in keys.split(",") and key not in bound[name].split(","):
            return f"{shown} is not bound ({key_label(name)} is {key_display(bound[name].split(',')[0])})"
    return f"{shown} does nothing here — {help_key} lists the keys"


def ai_turn_key_hint(key: str, handled: bool, bound: dict[str, str]) -> str | None:
    """The status line's aside for a key pressed while the AI plays (s17: such keys said nothing, z
    especially), or None.

    Args:
        key: the key as Textual names it ("z", "enter").
        handled: whether a binding takes the key now (help, quit, the cursor, f, i, t…).
        bound: every battle key's keys in force, by name (``Settings.bound_keys``).
    Returns None for a key that does something now, a modifier alone, or Esc; "The AI is playing — z
    (Undo) works on your turn" for a battle key that waits for the player's turn (nothing is queued:
    the key is not pressed again by itself); else ``silent_key_hint``'s words.
    """
    if handled or key in MODIFIER_KEYS or key in QUIET_KEYS or key.rsplit("+", 1)[-1] in MODIFIER_KEYS:
        return None
    for name, keys in bound.items():
        if key in keys.split(","):
            return f"The AI is playing — {key_display(key)} ({key_label(name)}) works on your turn"
    return silent_key_hint(key, handled, bound)


class KeysHost(Protocol):
    """What ``key_shown`` asks of the battle screen."""

    ctrl: Controller
    ai_turn: AiTurn
    camera: Camera
    saves: BattleSaves
    battle_layout: BattleLayout

    @property
    def battle_log(self) -> BattleLog: ...
    @property
    def status_line(self) -> StatusLine: ...
    @property
    def asking(self) -> bool: ...
    @property
    def leaving(self) -> bool: ...


def key_shown(screen: KeysHost, action: str, parameters: tuple[object, ...]) -> bool:
    """Whether key action ``action`` (with its ``parameters``) may be used now, so the footer shows
    it (``BattleScreen.check_action``): help and quit always; the card's and the log's paging when
    they overflow; f and i against the AI; no other key while the AI plays; undo and reload as the
    session allows; none while a question is up; "r Rules" while the status line says a refusal or
    a warning (each names its rule); Esc back to the active creature while the cursor is off it; the
    rest as the controller's mode allows."""
    if action in ("help", "quit", "champion_prompts", "threats", "rules", "rulers", "overview"):
        return True
    if action == "rules_named":  # r Rules in the footer: the status line says a refusal or a warning
        return ((screen.status_line.refused or screen.status_line.warning) and not screen.asking
                and not screen.leaving)  # the leave question names no rule
    if action == "card_scroll":  # the card is longer than its panel (also while the AI plays)
        return screen.battle_layout.card_overflows()
    if action in ("log_scroll", "log_edge"):  # the log is longer than its pane (also while the AI plays)
        return screen.battle_log.max_scroll_y > 0
    if action in AI_ACTIONS:
        return screen.ai_turn.key_allowed(action)
    if screen.ai_turn.decides():
        return False  # the AI is playing: no action keys, no undo
    if action in UNDO_ACTIONS:
        return screen.saves.key_allowed(action)
    if screen.asking:
        return False
    if action == "says_why":
        return screen.ctrl.says_why(str(parameters[0])) if parameters else False
    if action == "auto_place":
        return screen.ctrl.mode is Mode.DEPLOY
    if action == "back_to_active":  # only while the cursor is off the active creature
        return screen.ctrl.allowed(action) and screen.camera.off_active()
    return screen.ctrl.allowed(action)
