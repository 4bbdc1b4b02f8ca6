"""Attack effects, secondary lines and area radii survive a save (ATK-3, ATK-7, RNG-4)."""
from __future__ import annotations

import json

from tactica.engine.model import AttackKind, ConditionEffect, Duration, FollowUpEffect, OngoingEffect, Reach, Trigger
from tactica.engine.sandbox import card, melee, ranged
from tactica.saves.codec import card_from, card_to


def test_card_with_effects_round_trips_through_json():
    fist = melee("Fist", effects=(ConditionEffect("dazed", Duration.SAVE_ENDS, Trigger.MISS),
                                  OngoingEffect(5, "fire"), FollowUpEffect("Kick")))
    kick = melee("Kick", basic=False, secondary=True)
    ball = ranged("Fireball", kind=AttackKind.AREA, range=10, radius=2)
    assert ball.reach is Reach.RANGE
    c = card("Monk", attacks=(fist, kick, ball))
    assert card_from(json.loads(json.dumps(card_to(c)))) == c


def test_old_attack_without_effects_still_loads():
    data = card_to(card("Plain"))
    assert "effects" not in data["attacks"][0]
    assert card_from(data).attacks[0].effects == ()
