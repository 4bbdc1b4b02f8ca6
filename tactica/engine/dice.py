"""Deterministic dice whose whole state lives in the game state.

The generator is SplitMix64: small, fast, and stable across Python versions
(``random.randint`` is not promised to be).  Dice objects are immutable values;
rolling returns the face and the next dice value, so ``apply`` stays a pure
function of (state, action).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .frozen import fast_init

_MASK = (1 << 64) - 1


class DiceExhausted(RuntimeError):
    """Raised when scripted dice run out of prepared rolls (a test set-up error)."""


@fast_init  # a new value every roll: a faster __init__ (``frozen``)
@dataclass(frozen=True)
class SeededDice:
    """SplitMix64 dice.

    Attributes:
        state: the 64-bit generator state (an int).
        rolls: how many dice have been rolled so far (for logs and replays).
    """

    state: int
    rolls: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> SeededDice:
        """Return dice seeded with ``seed`` (any int; reduced to 64 bits)."""
        return cls(state=seed & _MASK)

    def roll(self, sides: int) -> tuple[int, SeededDice]:
        """Roll one die with ``sides`` faces.

        Returns ``(face, next_dice)`` where ``1 <= face <= sides``.
        Uses rejection sampling, so every face is exactly equally likely.
        """
        state = self.state
        limit = (1 << 64) - ((1 << 64) % sides)
        rolls = self.rolls
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % sides + 1, SeededDice(state, rolls + 1)


@dataclass(frozen=True)
class ScriptedDice:
    """Dice that return prepared faces in order (for tests with fixed dice).

    Attributes:
        faces: the faces to return, in order.
        index: how many have been used.
    Raises DiceExhausted when asked for more faces than were prepared, and
    ValueError when a prepared face does not fit the die rolled.
    """

    faces: tuple[int, ...] = field(default_factory=tuple)
    index: int = 0

    @property
    def rolls(self) -> int:
        """How many dice have been rolled so far."""
        return self.index

    def roll(self, sides: int) -> tuple[int, ScriptedDice]:
        """Return the next prepared face and the advanced dice."""
        if self.index >= len(self.faces):
            raise DiceExhausted(f"scripted dice ran out after {self.index} rolls")
        face = self.faces[self.index]
        if not 1 <= face <= sides:
            raise ValueError(f"scripted face {face} does not fit a d{sides}")
        return face, ScriptedDice(self.faces, self.index + 1)
