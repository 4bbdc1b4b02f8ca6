"""Opponents and automatic choices: clients of the engine API, never rule-deciders.

``make_bot(level, seed).choose(state)`` returns the action of a ``random``,
``greedy``, ``normal`` or ``hard`` opponent; ``tactica.ai.sim`` plays
headless battles between them.
"""
from .bots import LEVELS, Bot, make_bot

__all__ = ["LEVELS", "Bot", "make_bot"]
