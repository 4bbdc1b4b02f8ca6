"""The planner's tuning weights: what each term of a score is worth (VP per unit) and how far it searches.

Every score of ``tactica.ai`` is in victory points (VP) or VP-equivalents
(``planner``'s module doc); these numbers weigh its terms against each other
and bound its searches.  Tuned with bench/ai_strength.py.
"""
from __future__ import annotations

from tactica.engine import Duration

#: Weights of the score terms (VP per unit).
KILL_THREAT = 0.5      # extra value of a kill beyond its VP (the threat removed)
DAMAGE_FULL = 0.35     # value per HP as a fraction of full HP (× cost)
DAMAGE_LEFT = 0.25     # value per HP as a fraction of HP left (× cost): focus fire
APPROACH = 0.8         # VP per square closer to the objective
EXPOSURE = 0.45        # share of the exposure value counted
ZONE_HOLD = 1.0        # × zone VP for standing in our own VP zone
TOP_EXACT = 8          # destinations re-scored exactly with preview
ALTERNATIVES = 4       # first actions a Plan keeps, its best among them (hard tries them; 3 until issue 21)
HEAL = 0.35            # value per HP healed as a fraction of full HP (× cost), doubled when bloodied
ZONE_PUSH = 0.5        # × zone VP for forcing an enemy out of the VP zone that scores for it
BATTLE = 200.0         # VP-equivalent of deciding the battle (a kill or a death that ends it)
ZONE_WIN = 0.5         # × BATTLE for standing in our VP zone when its award would reach the VP target
ZONE_NEXT = 0.25       # × BATTLE for ending within one activation's walk of that zone (PlannerOptions.zone_race; hard)
#: × zone VP for ending next to an enemy that holds its VP zone in total darkness (UG-DARK, with the
#: underground module): no shot or charge reaches it, so it is fought from next to it or not at all,
#: and every round it stays scores the enemy the zone's award.
CONTEST_DARK = 0.5
#: VP per square of walk to our VP zone for the one creature sent there while no creature of ours holds
#: it and it lies in total darkness (UG-DARK, ``Board.dark_zone_walker``): more than APPROACH, so it goes
#: there instead of to the fight (any other creature counts 0.15 a square).
DARK_ZONE_WALK = 1.0
ZONE_LEAVE = 1.0       # × zone VP for the only holder leaving our VP zone: next round's award too (zone_race)
SEPARATE = 0.3         # × the value of an enemy's attack on a creature it is forced away from
INTO_REACH = 0.3       # × the value of a fresh ally's attack on an enemy forced next to it
WAIT = 0.25            # share of APPROACH while the other sides of a free-for-all are apart (PlannerOptions.wait)
FFA_APPROACH = 0.6     # share of APPROACH in a free-for-all (PlannerOptions.approach_share; hard)
#: Share of the exposure term counted while our side trails on VP (PlannerOptions.press_behind; normal).
BEHIND_EXPOSURE = 0.5
FFA_EXPOSURE = 1.5     # × the exposure term in a free-for-all (PlannerOptions.exposure_share; hard)
#: × the exposure term in ``hard``'s own planner in a duel (PlannerOptions.exposure_share).  EXPOSURE was
#: tuned when every enemy's blow counted in full on each creature; with the blow shared (shared_threats)
#: the term came out small (bench/README, issue 21: 61% of 200 battles against the old ``hard`` with
#: 1.5, fewer with 0.6).
HARD_EXPOSURE = 1.5
OFFENSE = 0.5          # × the best attack an end square puts in reach next turn (PlannerOptions.offense; hard)
MOVE_CHARGE = 4        # squares tried as the start of a move-then-charge (PlannerOptions.move_charge; hard)
SHIFT_MOVES = 2        # shift squares tried as the start of a shift-then-move (PlannerOptions.shift; hard)
ZONE_TRIES = 3         # squares tried as the first of two moves into a winning VP zone (PlannerOptions.zone_race; hard)
#: Share of a covered creature's turn (TURN_WORTH × cost) one point of an aura is worth, by effect
#: (ABL "Aura X"); heal and harm auras are valued as the HP they restore or deal.
AURA_PER_POINT = {"attack": 0.09, "defense": 0.09, "damage": 0.06, "speed": 0.03, "resist": 0.03}
BOX_KEEP = 0.5         # share of a later full use a check box (CARD-4) is worth keeping
ALLY_HIT = 1.5         # × the value of hitting an ally with an area attack (a loss)
AREA_ORIGINS = 12      # most origin squares tried for one radius area attack
TURN_WORTH = 0.08      # share of a creature's cost one of its turns is worth (what conditions take)
#: Share of a turn each condition takes from the creature that has it (CON-1..CON-8, CL-18), per turn
#: it lasts.  Petrified is a lost turn that also shields it (resist 20): less than stunned.
CONDITION_COST = {"dazed": 0.3, "staggered": 0.4, "stunned": 1.0, "helpless": 1.5, "immobilized": 0.25,
                  "confused": 0.6, "enervated": 0.5, "slowed": 0.15,
                  "petrified": 0.8, "blinded": 0.45, "restrained": 0.4, "marked": 0.1}
#: CL-11: share of a turn a movement power is worth when it gets a pressed creature (bloodied, or
#: ranged) away from an adjacent enemy without opportunity attacks.
ESCAPE = 0.6
#: CL-14: share of a turn taking a stronger form is worth while enemies are near.
FORM_GAIN = 0.5
#: Turns an effect is expected to last (SAV-1: a save of 10+ ends it 55% of the time: 1.8 turns).
EFFECT_TURNS = {Duration.NEXT_TURN: 1.0, Duration.PLAYER_NEXT_TURN: 1.0, Duration.ROUND: 0.5,
                Duration.BATTLE: 4.0, Duration.SAVE_ENDS: 1.8}
