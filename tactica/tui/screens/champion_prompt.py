"""The yes/no prompt for a champion power (CHP-1, CHP-2).

When the engine stops in ``Phase.CHAMPION`` for a human player, the battle
screen shows ``PowerPrompt``: what happened, each legal use of a champion
power, and "No". ``y`` takes the first use, ``n`` (or Esc) declines, number
keys pick a use; it is dismissed with the index of the chosen option (the
last index is "No").  The engine lists the options; nothing here decides a
rule.
"""
from __future__ import annotations

from textual.binding import Binding

from tactica.engine import GameState
from tactica.engine.actions import Action, DeclinePower, UseChampionPower

from ..describe import describe_champion_option, player_name
from .choice import ChoiceModal


def prompt_options(state: GameState, legal: list[Action]) -> list[Action]:
    """The prompt's answers in order: every ``UseChampionPower`` in ``legal``, then ``DeclinePower``."""
    return [a for a in legal if isinstance(a, UseChampionPower)] + [DeclinePower()]


class PowerPrompt(ChoiceModal):
    """Ask a player whether to use a champion power now (y/n; numbers pick among several).

    Args:
        state: the game waiting in ``Phase.CHAMPION``.
        options: ``prompt_options(...)``: the uses, then ``DeclinePower``.
    """

    DEFAULT_CSS = """
    PowerPrompt > Vertical {
        width: 110;
    }
    PowerPrompt OptionList {
        max-height: 70vh;
    }
    """

    BINDINGS = ChoiceModal.BINDINGS + [
        Binding("y", "choose(0)", "Yes", show=True),
        Binding("n", "decline", "No", show=True),
        Binding("escape", "decline", "No", show=False),
    ]

    def __init__(self, state: GameState, options: list[Action]) -> None:
        uses = [a for a in options if isinstance(a, UseChampionPower)]
        who = player_name(state.decider)
        title = f"{who}: use a champion power? (y / n)"
        if len(uses) == 1:
            body = "Champion powers take no action (CHP-2); one per champion per creature's turn (CHP-3)."
        else:
            body = f"{len(uses)} uses are possible; y takes the first, 1–{min(9, len(uses))} pick one."
        labels = [("Yes — " if len(uses) == 1 else "") + describe_champion_option(state, a) for a in uses]
        super().__init__(title, body, labels + ["No — go on without a champion power"])

    def action_decline(self) -> None:
        """n / Esc: answer the last option, "No"."""
        self.action_choose(len(self.options) - 1)
