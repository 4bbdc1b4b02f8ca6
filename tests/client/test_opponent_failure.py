"""``AiPlayer.think``: a failing bot is stood in for by a legal action, and its failure named once."""
from __future__ import annotations

from tactica.ai.scenarios import warband
from tactica.client.opponent import AiPlayer, Opponent
from tactica.engine import Action, GameState, MapDef, apply, check, new_game


def _state() -> GameState:
    rows = ["." * 8] * 8
    m = MapDef.from_rows(rows, id="m", start_areas={"A": frozenset({(0, 0), (1, 0), (0, 1)}),
                                                    "B": frozenset({(7, 7), (6, 7), (7, 6)})})
    state, _ = new_game((warband(2, name="A"), warband(2, offset=2, name="B")), (m,), seed=1)
    return state


def test_a_failing_bot_is_named_once_and_a_legal_action_stands_in():
    ai = AiPlayer(Opponent("hard", player=0), seed=2)

    def broken(state: GameState) -> Action:
        raise RuntimeError("look-ahead broke")

    ai.bot.choose = broken  # type: ignore[method-assign]
    state = _state()
    warnings = []
    for _ in range(4):
        ai.opponent = Opponent("hard", player=state.decider)
        thought = ai.think(state)
        assert check(state, thought.action) is None
        warnings.append(thought.warning)
        state = apply(state, thought.action)[0]
    assert warnings[0] is not None and "hard AI failed (RuntimeError: look-ahead broke)" in warnings[0]
    assert warnings[1:] == [None, None, None]
