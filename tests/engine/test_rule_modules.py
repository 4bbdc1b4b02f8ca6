"""The rule-module interface (engine.modules): each hook is asked where the engine says it is.

Small modules written here plug into the registry for one test each, as a
new module would: passing enemies, an attack modifier, triggers at points
of the flow.  The skirmish core answers every hook with "no change".
"""
from __future__ import annotations

import random

import pytest

from tactica.engine import Attack, Move, Ruleset, apply, check, legal_actions, new_game
from tactica.engine import events as ev
from tactica.engine.modules import REGISTRY, Moment, RuleModule, book
from tactica.engine.sandbox import battle, card

from ._util import of, open_map, run, warband


class PassEnemies(RuleModule):
    name = "test-pass"
    changes_passing = True

    def passes(self, state, mover, other, passes):
        return True


class Fog(RuleModule):
    name = "test-fog"

    def attack_modifiers(self, state, attacker, target, attack):
        return (("fog", -2),)


class Diary(RuleModule):
    name = "test-diary"

    def __init__(self) -> None:
        self.seen: list[Moment] = []

    def at(self, moment, state, out):
        self.seen.append(moment)


@pytest.fixture
def plug(monkeypatch):
    """Register a module for one test (and forget the books made with it)."""
    def plug(module: RuleModule) -> Ruleset:
        monkeypatch.setitem(REGISTRY, module.name, module)
        book.cache_clear()
        return Ruleset(modules=(module.name,))
    yield plug
    book.cache_clear()


WALL_OF_FOES = """
#####
A.g..
#####
"""


def test_passes_hook_lets_a_module_move_through_enemies(plug):
    rules = plug(PassEnemies())
    plain, through = battle(WALL_OF_FOES, active="A"), battle(WALL_OF_FOES, active="A", rules=rules)
    path = ((1, 1), (2, 1), (3, 1))
    assert check(plain, Move(path)).code == "enemy"
    assert check(through, Move(path)) is None
    routes_to = {a.path[-1]: a.path for a in legal_actions(through) if isinstance(a, Move)}
    assert routes_to[(3, 1)] == path                           # through the corridor's enemy
    assert not [a for a in legal_actions(plain) if isinstance(a, Move) and a.path[-1] == (3, 1)]
    assert (2, 1) not in routes_to                             # passing is not stopping (MOV-2)


def test_attack_modifiers_hook_adds_to_the_roll(plug):
    board = "Ag"
    rules = plug(Fog())
    st, out = run(battle(board, active="A", dice=(10,), rules=rules), Attack(0, ("g",)))
    roll = of(out, ev.AttackRolled)[0]
    assert ("fog", -2) in roll.modifiers and roll.total == 10 + 8 - 2
    _, out = run(battle(board, active="A", dice=(10,)), Attack(0, ("g",)))
    assert of(out, ev.AttackRolled)[0].modifiers == ()


def test_at_hook_is_asked_at_each_point_of_the_flow(plug):
    diary = Diary()
    rules = plug(diary)
    state, _ = new_game((warband(card(), card()), warband(card(), card())), (open_map(),), seed=2, rules=rules)
    rng = random.Random(2)
    while not state.is_over and state.round < 3:
        state, _ = apply(state, rng.choice(legal_actions(state)))
    seen = diary.seen
    assert seen[:2] == [Moment.ROUND_STARTED, Moment.ACTIVATION_STARTED]
    acts = [m for m in seen if m in (Moment.ACTIVATION_STARTED, Moment.ACTIVATION_ENDED)]
    assert all(m is (Moment.ACTIVATION_STARTED if i % 2 == 0 else Moment.ACTIVATION_ENDED)
               for i, m in enumerate(acts))                    # each activation starts, then ends
    rounds = [m for m in seen if m in (Moment.ROUND_STARTED, Moment.ROUND_ENDED)]
    assert rounds[:4] == [Moment.ROUND_STARTED, Moment.ROUND_ENDED] * 2
    assert Moment.ROUND_ENDED in seen and seen.index(Moment.ROUND_ENDED) < len(seen) - 1


def test_the_core_answers_every_hook_with_no_change():
    core = book(()).modules[0]
    assert core.name == "skirmish" and book(()).plain_moves
    assert core.tally_key(object()) == () and core.passes(None, None, None, False) is False
    assert core.attack_modifiers(None, None, None, None) == ()
