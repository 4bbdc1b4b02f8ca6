"""Saves keep the new content exactly: every terrain kind, typed abilities, Teleport actions."""
from __future__ import annotations

import json

from tactica.engine import MapDef, Teleport, Terrain
from tactica.engine.abilities import ABILITY_KINDS, Flight, Immune, Resist, SneakAttack, ThreateningReach
from tactica.engine.sandbox import card
from tactica.saves.codec import card_from, card_to, decode_action, encode_action, map_from, map_to


def test_every_terrain_kind_round_trips():
    row = "".join(sym for sym in (".", "#", "^", "T", "O", "%", "+", "*", "S", "@", "◤", "◥", "◣", "◢", "_"))
    m = MapDef.from_rows([row, row])
    assert {t for r in m.terrain for t in r} == set(Terrain)
    assert map_from(json.loads(json.dumps(map_to(m)))) == m


def test_typed_abilities_round_trip():
    c = card("X", abilities=(Flight(), SneakAttack(10), Resist(10, "fire"), Immune(condition="dazed"),
                             ThreateningReach(3)))
    assert card_from(json.loads(json.dumps(card_to(c)))) == c
    assert all(cls().kind == kind for kind, cls in ABILITY_KINDS.items())


def test_teleport_action_round_trips():
    assert decode_action(json.loads(json.dumps(encode_action(Teleport((3, 4)))))) == Teleport((3, 4))


def test_ter_teleport_the_digest_sees_a_move_rest_waiting_for_the_jump():
    # Stopping on a teleporter after 2 of 6 squares and stopping there with nothing left to carry
    # on must not look the same to replay verification (TER-TELEPORT: the rest waits for the jump).
    from tactica.engine import Move, apply
    from tactica.engine.sandbox import battle
    from tactica.saves.codec import state_digest
    near = battle("A.@.....\n........\n.......@", active="A")
    after, _ = apply(near, Move(((1, 0), (2, 0))))
    assert after.jump_spent == 2
    same = after.copy()
    same.jump_spent = None
    assert state_digest(after) != state_digest(same)
