"""The yes/no prompt for a champion power (CHP-1, CHP-2).

When the engine stops in ``Phase.CHAMPION`` for a human player, the battle screen shows
``PowerPrompt``: what happened (the attack it answers, right after that attack's line in the log),
each legal use of a champion power, and "No". ``y`` takes the first use, ``n`` (or Esc) declines,
number keys pick a use; Enter takes the highlighted option, "No" at first (a stray Enter spends
nothing); any other key names these above the answers; it is dismissed with the index of the chosen
option (the last index is "No"). With ``mutable`` set, one more option (key ``x``) declines and asks
the battle screen not to ask that player again about the same triggers this battle (it then declines
them by itself; ``o`` on the battle screen asks again). The engine lists the options; nothing here
decides a rule.
"""
from __future__ import annotations

from textual.binding import Binding

from tactica.client.describe import describe_champion_option, describe_window, player_name
from tactica.engine import Action, DeclinePower, GameState, UseChampionPower, UseReaction

from .choice import ChoiceModal


def prompt_options(state: GameState, legal: list[Action]) -> list[Action]:
    """The prompt's answers in order: every ``UseChampionPower`` and ``UseReaction`` (CL-10) in ``legal``,
    then ``DeclinePower``."""
    return [a for a in legal if isinstance(a, (UseChampionPower, UseReaction))] + [DeclinePower()]


def window_triggers(state: GameState, player: int) -> tuple[str, ...]:
    """The triggers (``powers.ChampionTrigger`` values, e.g. "ally hits") of the open champion window
    that are about ``player``'s side (the occasion's ally is on ``player``'s team), in order."""
    team = state.team_of(player)
    out = []
    for o in state.window:
        ally = state.find(o.ally)
        if ally is not None and ally.team == team:
            out.append(o.trigger)
    return tuple(dict.fromkeys(out))


class PowerPrompt(ChoiceModal):
    """Ask a player whether to use a champion power now (y/n; numbers pick among several).

    Docked along the bottom of the screen (``ChoiceModal``'s ``docked``), as the
    who-goes-first and start-area questions are: the map (the creature hit,
    hurt or healed) stays in view while the player answers.

    Args:
        state: the game waiting in ``Phase.CHAMPION``.
        options: ``prompt_options(...)``: the uses, then ``DeclinePower``.
        mutable: offer "No, and stop asking" (``x``).
        note: Textual markup over the question ("" none; the tutorial's screen teaches champion powers
            there when the question comes before their step, ``BattleScreen.champion_note``).
    """

    DEFAULT_CSS = """
    PowerPrompt.-docked OptionList {
        max-height: 6;
    }
    """

    BINDINGS = ChoiceModal.BINDINGS + [
        Binding("y", "choose(0)", "Yes", show=True),
        Binding("n", "decline", "No", show=True),
        Binding("escape", "decline", "No", show=False),
        Binding("x", "mute", "No, stop asking", show=True),
    ]

    def __init__(self, state: GameState, options: list[Action], mutable: bool = False, note: str = "") -> None:
        uses = [a for a in options if isinstance(a, (UseChampionPower, UseReaction))]
        who = player_name(state.decider)
        reacting = all(isinstance(a, UseReaction) for a in uses)
        title = f"{who}: use {'a reaction' if reacting else 'a champion power'}? (y / n)"
        if reacting and len(uses) == 1:
            body = "A reaction takes no action; each is used at most once per turn or round (CL-10)."
        elif len(uses) == 1:
            body = "Champion powers take no action (CHP-2); one per champion per creature's turn (CHP-3)."
        else:
            body = f"{len(uses)} uses are possible; y takes the first, 1–{min(9, len(uses))} pick one."
        cause = describe_window(state, state.decider)  # CHP-2: the hit it answers (the log line above)
        if cause:
            body = f"Answers: {cause}. {body}"
        labels = [("Yes — " if len(uses) == 1 else "") + describe_champion_option(state, a) for a in uses]
        labels.append("No — go on without a reaction" if reacting else "No — go on without a champion power")
        self.mutable = mutable
        if mutable:
            triggers = ", ".join(window_triggers(state, state.decider))
            labels.append(f"No, and stop asking {who} this battle when: {triggers} (x)")
        # "No" is highlighted at first: an Enter typed ahead (a quick second Enter after an attack) or
        # by the other player in hot-seat never spends a power; y or a number takes one
        super().__init__(title, body, labels, docked=True, default=len(uses), note=note,
                         rules=("CL-10",) if reacting else ("CHP-2", "CHP-3"))
        self.decline_index = len(uses)
        pick = f"y takes the first, 1–{min(9, len(uses))} pick one" if len(uses) > 1 else "y uses it"
        stop = ", x stops asking" if mutable else ""
        self.wrong_key = f"{pick}, n goes on without it{stop} (or the arrows and Enter)."

    def action_decline(self) -> None:
        """n / Esc: answer "No"."""
        self.action_choose(self.decline_index)

    def action_mute(self) -> None:
        """x: answer "No, and stop asking" (only when the prompt offers it)."""
        if self.mutable:
            self.action_choose(self.decline_index + 1)
