"""Forms and stances (CL-14): a creature that switches to another set of numbers and abilities.

A card lists ``forms`` (``model.Form``) and a special power with effect "change form"
(``PowerEffect.FORM``) naming one.  Using that power in the natural form puts the creature in the
form: its ``card`` becomes the form's card (``form_card``: the natural card with the form's AC,
DEF, speed, attacks and abilities), ``Creature.form`` names the form and ``Creature.natural``
keeps the natural card.  Using the same power in that form changes it back; changing back ticks no
check box, and a power with ``recharge: changes back`` recharges then (CARD-4).  A power naming
another form, used in a form, goes straight to that form (the natural card stays kept).

Our readings (docs/rules.md CL-14): HP, cost, size, keywords, alignment, factions and special
powers never change; conditions and ongoing damage stay; the check boxes of attack lines are kept
by name.  Pure functions mutating the state copy ``apply`` made.
"""
from __future__ import annotations

from dataclasses import replace

from . import events as ev
from .members import POWER_EFFECT_FORM
from .model import CreatureCard, Form
from .powers import SpecialPower
from .state import Creature


def form_card(natural: CreatureCard, form: Form) -> CreatureCard:
    """The stat card ``natural``'s creature plays with in ``form`` (CL-14): the form's numbers,
    attacks and abilities where it gives them, the natural card's elsewhere; the name gains the
    form's in brackets ("Werewolf (Wolf)")."""
    attacks = form.attacks or natural.attacks
    if form.attacks and not any(a.basic for a in attacks):
        attacks = (replace(attacks[0], basic=True),) + attacks[1:]
    return replace(natural, name=f"{natural.name} ({form.name})",
                   ac=natural.ac if form.ac is None else form.ac,
                   defense=natural.defense if form.defense is None else form.defense,
                   speed=natural.speed if form.speed is None else form.speed,
                   attacks=attacks,
                   abilities=natural.abilities if form.abilities is None else form.abilities)


def natural_card(me: Creature) -> CreatureCard:
    """``me``'s natural stat card (its own card when it is in no form)."""
    return me.natural if me.natural is not None else me.card


def changes_back(me: Creature, power: SpecialPower) -> bool:
    """True when using ``power`` (a "change form") would return ``me`` to its natural form."""
    return power.effect is POWER_EFFECT_FORM and bool(me.form) and me.form == power.form


def change_form(me: Creature, power: SpecialPower, out: list[ev.Event]) -> bool:
    """Carry out "change form" ``power`` for ``me`` (CL-14): into ``power.form``, or back to its natural
    form when it is in that form already; appends FormChanged.  Returns True when it changed back
    (the caller recharges its powers with ``RechargeOn.CHANGES_BACK``).  Mutates ``me``."""
    natural = natural_card(me)
    if changes_back(me, power):
        me.card, me.natural, me.form = natural, None, ""
        out.append(ev.FormChanged(me.uid, "", power.name))
        return True
    form = natural.form_named(power.form)
    if form is None:  # content refuses a power naming no form of its card
        return False
    me.card, me.natural, me.form = form_card(natural, form), natural, form.name
    out.append(ev.FormChanged(me.uid, form.name, power.name))
    return False


__all__ = ["form_card", "natural_card", "changes_back", "change_form"]
