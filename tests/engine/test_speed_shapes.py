"""The speed shapes of issue 21 item 2 give exactly what the plain code gave.

Frozen values built by ``frozen.fast_init`` (events, actions, occasions),
the per-battle facts (``GameState.facts``), the champion windows looking
only at the champions with a power of an occasion's trigger, ``within``
answers remembered by the map's geometry, and sealing that marks only the
creatures a copy made its own: each test compares the fast answer with the
plain one.
"""
from __future__ import annotations

import dataclasses
import gc
import random
import sys

import pytest

from tactica import content
from tactica.ai import make_bot
from tactica.engine import Activate, Form, Geometry, MapDef, Move, apply, champions, new_game
from tactica.engine import actions as actions_module
from tactica.engine import events as events_module
from tactica.engine.abilities import Aura
from tactica.engine.frozen import fast_init
from tactica.engine.powers import ChampionEffect, ChampionPower, ChampionTrigger
from tactica.engine.sandbox import battle, card
from tactica.engine.state import BattleFacts, Occasion, SharedCreatureError, _SharedCreature


def _frozen_classes() -> list[type]:
    found = [v for v in vars(events_module).values() if isinstance(v, type) and issubclass(v, events_module.Event)]
    found += [v for v in vars(actions_module).values() if isinstance(v, type) and issubclass(v, actions_module.Action)]
    return [c for c in found + [Occasion] if dataclasses.fields(c)]


@pytest.mark.parametrize("cls", _frozen_classes(), ids=lambda c: c.__name__)
def test_fast_init_builds_the_same_frozen_value(cls):
    """Every event, action and occasion: the fields in order, defaults when left out, keywords,
    equality, hashing, repr, replace, and no change after construction."""
    fields = dataclasses.fields(cls)
    values = [f"v{i}" for i, _ in enumerate(fields)]
    by_position = cls(*values)
    by_keyword = cls(**{f.name: v for f, v in zip(fields, values)})
    assert by_position == by_keyword and hash(by_position) == hash(by_keyword)
    assert {f.name: getattr(by_position, f.name) for f in fields} == dict(zip((f.name for f in fields), values))
    assert set(vars(by_position)) == {f.name for f in fields}
    shown = ", ".join(f"{f.name}={v!r}" for f, v in zip(fields, values) if f.repr)
    assert repr(by_position) == f"{cls.__qualname__}({shown})"
    required = [f for f in fields if f.default is dataclasses.MISSING]
    short = cls(*values[:len(required)])
    for f in fields[len(required):]:
        assert getattr(short, f.name) == f.default
    assert dataclasses.replace(by_position, **{fields[0].name: "other"}) == cls("other", *values[1:])
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(by_position, fields[0].name, "changed")
    with pytest.raises(TypeError):
        cls(*values, "one too many")


def test_fast_init_leaves_classes_it_cannot_speed_up():
    """A class with a default factory or a __post_init__ keeps the __init__ dataclasses made."""
    @dataclasses.dataclass(frozen=True)
    class Listed:
        items: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True)
    class Checked:
        n: int

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("negative")

    for cls in (Listed, Checked):
        before = cls.__init__
        assert fast_init(cls) is cls and cls.__init__ is before
    with pytest.raises(ValueError):
        Checked(-1)


def test_CL_14_battle_facts_count_the_auras_of_forms():
    """CL-14, CL-3: a creature whose form has an aura makes the battle one with auras (its card may
    become that form's); without any aura in any card or form, none."""
    plain = battle("A.\n.b")
    assert not plain.facts().auras and not plain.facts().reactions and not plain.facts().champion_triggers
    aura = Aura(radius=1, effect="defense", amount=2, name="Hide")
    shifter = card("Shifter", forms=(Form("Bear", abilities=(aura,)),))
    st = battle("K.\n.b", {"K": shifter})
    assert st.facts().auras
    assert BattleFacts.of(st.creatures).auras


def test_MOV_13_taken_squares_count_every_square_of_a_large_creature():
    """MOV-13: with a Large creature in the battle the squares others fill are whole footprints;
    without one, their positions (the fast way) -- the same squares a footprint walk gives."""
    from tactica.engine.movement import taken_squares
    small = battle("A..\n.b.\n..c")
    assert not small.facts().large
    assert taken_squares(small, small.creature("A")) == {(1, 1), (2, 2)}
    ogre = card("Ogre", size=2)
    big = battle("A...\n.G..\n....\n...c", {"G": ogre})
    assert big.facts().large
    assert taken_squares(big, big.creature("A")) == {(1, 1), (2, 1), (1, 2), (2, 2), (3, 3)}


def test_CHP_2_champion_index_lists_each_champion_by_trigger():
    """CHP-2: the per-battle index gives, per trigger, each champion's position and its powers with
    that trigger in card order; windows ask only those."""
    rally = ChampionPower("Rally", 1, ChampionTrigger.ALLY_STARTS_TURN, ChampionEffect.CLEAR, range=6)
    mend = ChampionPower("Mend", 1, ChampionTrigger.ALLY_STARTS_TURN, ChampionEffect.HEAL, amount=10, range=6)
    guard = ChampionPower("Guard", 1, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=5, range=1)
    captain = card("Captain", champion=3, champion_powers=(rally, guard, mend))
    st = battle("A.C\n..b", {"C": captain})
    slot = [c.uid for c in st.creatures].index("C")
    index = st.facts().champions_by_trigger
    assert index == {ChampionTrigger.ALLY_STARTS_TURN.value: ((slot, (rally, mend)),),
                     ChampionTrigger.ALLY_IS_HIT.value: ((slot, (guard,)),)}


@pytest.mark.parametrize("seed", [3, 8])
def test_CHP_2_may_answer_agrees_with_the_offered_powers(seed):
    """CHP-2: wherever the quick test says no power answers a turn's start or end, no power of any
    player fits it (``_fits``), in random battles of the shipped default warbands."""
    (w1, w2), m = content.default_battle()
    bots = [make_bot("random", seed), make_bot("random", seed + 1)]
    state, _ = new_game((w1, w2), (m,), seed=seed)
    checked = 0
    while not state.is_over and state.step < 700:
        action = bots[state.decider].choose(state)
        if isinstance(action, Activate):
            me = state.peek(action.uid)
            for trigger in (ChampionTrigger.ALLY_STARTS_TURN, ChampionTrigger.ALLY_ENDS_TURN):
                occasion = champions.turn_occasion(trigger, me)
                if not champions._may_answer(state, occasion):
                    assert not any(champions._fits(state, c, p, occasion[0])
                                   for c in state.champions() if c.alive for p in c.card.champion_powers)
                    checked += 1
        state, _ = apply(state, action)
    assert checked > 50


def test_RNG_5_within_remembers_the_same_answers():
    """RNG-5: ``within`` asked again (from the map's memo) answers as the first time and as ``distance``."""
    rng = random.Random(4)
    rows = ["".join(rng.choice("......##") for _ in range(12)) for _ in range(9)]
    geo = Geometry(MapDef.from_rows(rows, id="within-memo"))
    asks = [((rng.randrange(12), rng.randrange(9)), (rng.randrange(12), rng.randrange(9)), rng.randint(0, 9))
            for _ in range(300)]
    first = [geo.within(a, b, limit) for a, b, limit in asks]
    assert [geo.within(a, b, limit) for a, b, limit in asks] == first
    assert first == [(d := geo.distance(a, b)) is not None and d <= limit for a, b, limit in asks]


def test_seal_marks_every_creature_a_copy_changed_as_shared():
    """Sealing by construction: after apply, every creature of the new state is read-only (shared),
    the ones the action changed included, and the next copy shares them all."""
    (w1, w2), m = content.default_battle()
    bot = make_bot("random", 5)
    state, _ = new_game((w1, w2), (m,), seed=5)
    moved = 0
    while not state.is_over and state.step < 400:
        action = bot.choose(state)
        after, _ = apply(state, action)
        assert all(type(c) is _SharedCreature for c in after.creatures)
        nxt = after.copy()
        assert all(a is b for a, b in zip(nxt.creatures, after.creatures))
        moved += isinstance(action, Move)
        state = after
    assert moved > 10


def _attributes_in_a_dict(obj: object, names: set[str]) -> bool:
    """True when ``obj`` keeps its attributes in an instance dict (CPython: ``gc.get_referents``
    gives the dict) rather than in the compact array of values a class's instances share keys for."""
    return any(type(r) is dict and names <= r.keys() for r in gc.get_referents(obj))


@pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11),
                    reason="how CPython 3.11 stores instance attributes")
def test_creatures_cards_and_geometry_keep_compact_attributes_through_a_battle():
    """CPython 3.11 reads an instance's attributes from a compact array until something reads its
    ``__dict__``, assigns ``__class__`` or gives it a 30th attribute; then every read goes through a
    dict (about 2.4x the instructions for a scan of the creatures).  After 300 random actions the
    creatures (copied and sealed without either), their cards, the geometry and the map still keep
    the compact form, and a creature still equals its changeable copy."""
    (w1, w2), m = content.default_battle()
    bots = [make_bot("random", 7), make_bot("random", 8)]
    state, _ = new_game((w1, w2), (m,), seed=7)
    while not state.is_over and state.step < 300:
        state, _ = apply(state, bots[state.decider].choose(state))
    creature_fields = {f.name for f in dataclasses.fields(state.creatures[0])}
    card_fields = {f.name for f in dataclasses.fields(state.creatures[0].card)}
    assert not [c.uid for c in state.creatures if _attributes_in_a_dict(c, creature_fields)]
    assert not [c.card.id for c in state.creatures if _attributes_in_a_dict(c.card, card_fields)]
    assert not _attributes_in_a_dict(state.geometry, {"map", "smoke", "pits"})
    assert not _attributes_in_a_dict(state.battle_map, {f.name for f in dataclasses.fields(state.battle_map)})
    mine = state.copy()
    uid = state.creatures[0].uid
    assert mine.creature(uid) == state.creatures[0] and mine.creature(uid) is not state.creatures[0]
    assert not _attributes_in_a_dict(mine.creature(uid), creature_fields)
    mine.creature(uid).hp -= 1
    assert mine.creature(uid) != state.creatures[0]


def test_seal_makes_the_creatures_a_copy_changed_read_only_in_place():
    """Creatures keep their fields in slots (no ``__dict__``), so sealing makes the ones a copy
    changed read-only by their class alone: the sealed state holds the very object that was changed,
    equal to what it was, and it refuses changes from then on."""
    state = battle("A..\n.b.")
    assert not hasattr(state.creatures[0], "__dict__")
    before = state.copy().seal()
    st = before.copy()
    mine = st.creature("A")
    mine.hp -= 3
    st.seal()
    held = st.peek("A")
    assert held is mine and type(held) is _SharedCreature and held.hp == before.peek("A").hp - 3
    assert held == st.copy().creature("A") and held != before.peek("A")
    with pytest.raises(SharedCreatureError):
        mine.hp = 1
    assert st.peek("b") is before.peek("b")  # unchanged: shared, as before
