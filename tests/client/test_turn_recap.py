"""The recap after the AI's turn (``tactica.client.handoff.TurnRecap``, ``recap_rows``; issue 20: at
80×24 the player's own result scrolled off the log's four lines while the AI played)."""
from __future__ import annotations

from tactica.client.handoff import (
    RANK_ARRIVAL,
    RANK_EFFECT,
    RANK_HIT,
    RANK_KILL,
    RANK_MISS,
    RANK_MOVE,
    RANK_TURN,
    RECAP_GAP,
    RECAP_YOU,
    TurnRecap,
    left_out_note,
    recap_rows,
)
from tactica.engine import Activate, Attack, EndActivation, Move, apply
from tactica.engine.sandbox import battle

OWN = ["You: LA1 moved 3 squares to column 22, row 8.", "LA1 hit br1 with Halberd: 10 damage, 5 HP left."]
AI = ["Player 2's turn.", "br1 moved 6 squares to column 12, row 8.", "br1 hit LA1 with Axe: 8 damage, 12 HP left.",
      "br2 moved 6 squares to column 12, row 9.", "br2 missed LA1 with Axe.", "Round 1 ended.", "Round 2 began."]


#: ``ranked_summary``'s ranks of OWN + AI.
RANKS = [RANK_MOVE, RANK_HIT, RANK_TURN, RANK_MOVE, RANK_HIT, RANK_MOVE, RANK_MISS, RANK_EFFECT, RANK_MOVE]


def test_recap_rows_side_by_side_a_turn_on_a_row_of_its_own():
    rows = recap_rows(OWN + AI, 118, 10, own=2)
    assert rows == [
        "You: LA1 moved 3 squares to column 22, row 8.  LA1 hit br1 with Halberd: 10 damage, 5 HP left.",
        "Player 2's turn:  br1 moved 6 squares to column 12, row 8.  br1 hit LA1 with Axe: 8 damage, 12 HP left.  "
        "br2 moved 6",
        "  squares to column 12, row 9.  br2 missed LA1 with Axe.  Round 1 ended.  Round 2 began."]


def test_recap_rows_at_80x24_keep_the_players_own_hit_and_the_ais_hits_leaving_moves_out():
    rows = recap_rows(OWN + AI, 78, 4, own=2, ranks=RANKS)
    text = " ".join(" ".join(rows).split())  # the words, wrapped or not
    assert len(rows) <= 4 and all(len(r) <= 78 for r in rows)
    assert rows[0] == "You: LA1 hit br1 with Halberd: 10 damage, 5 HP left."  # its own move went first
    assert "br1 hit LA1 with Axe: 8 damage, 12 HP left." in text and "br2 missed LA1 with Axe." in text
    assert "br1 moved 6 squares" not in text                                    # the AI's first move too
    assert rows[-1].endswith(left_out_note(2))


def test_recap_rows_in_three_rows_leave_out_whole_lines_lowest_first_and_say_how_many():
    rows = recap_rows(OWN + AI, 90, 3, own=2, ranks=RANKS)
    assert rows == ["You: LA1 hit br1 with Halberd: 10 damage, 5 HP left.",
                    "Player 2's turn:  br1 hit LA1 with Axe: 8 damage, 12 HP left.  br2 missed LA1 with Axe.",
                    "Round 1 ended.  Round 2 began.  " + left_out_note(3)]
    rows = recap_rows(OWN + AI, 40, 3, own=2, ranks=RANKS)                       # little room: the AI's hit
    assert rows == ["Player 2's turn:  br1 hit LA1 with Axe:", "  8 damage, 12 HP left.  Round 1 ended.",
                    RECAP_GAP + " 6 more in the log: PgUp"]       # the player's own hit, older, went first
    assert left_out_note(5) == RECAP_GAP + " 5 more in the log: PgUp"
    assert recap_rows(OWN, 78, 0) == [] and len(recap_rows(OWN + AI, 40, 1, own=2)) == 1


#: nm s17 F2: the player's own activation at 80×24 (a shift, a kill with a champion power, VP), then the
#: AI's hit on the player's BR1 and a move into its zone.
MINE = ["You: WA1 shifted 1 square to column 9, row 3.",
        "Warlord of the Broken Tusk (WA1) uses champion power Bloodied Fury (•, 1 left): WA1 rolls again "
        "against an2.", "WA1 hit an2 with Cleaving Greataxe: 20 damage, 0 HP left.", "an2 was destroyed.",
        "Player 1 scored 16 VP (destroyed); 16 in all."]
MINE_RANKS = [RANK_MOVE, RANK_EFFECT, RANK_HIT, RANK_KILL, RANK_ARRIVAL]
THEIRS = ["Player 2's turn.", "th2 moved 3 squares to column 8, row 4.",
          "th2 hit BR1 with Full Gore: 20 damage, 5 HP left.", "th1 moved 5 squares to column 14, row 2, into its "
          "VP zone.", "th1 missed GA1 with Gore."]
THEIRS_RANKS = [RANK_TURN, RANK_MOVE, RANK_ARRIVAL, RANK_ARRIVAL, RANK_MISS]


def test_recap_rows_at_80x24_show_the_ais_hit_on_your_creature_over_your_own_result_and_cut_no_line():
    """nm s17 F2: the player's own lines took every row (the last cut mid-sentence) and the AI's turn said
    only "Player 2's turn:  … 10 more in the log"; the player watched their own: it is shortened instead."""
    rows = recap_rows(MINE + THEIRS, 78, 4, own=5, ranks=MINE_RANKS + THEIRS_RANKS)
    text = " ".join(" ".join(rows).split())
    assert len(rows) <= 4 and all(len(r) <= 78 for r in rows), rows
    assert "th2 hit BR1 with Full Gore: 20 damage, 5 HP left." in text               # the AI's hit on BR1
    assert "th1 moved 5 squares to column 14, row 2, into its VP zone." in text
    assert rows[0].startswith("You: an2 was destroyed.")                            # the player's own, short
    for line in MINE[1:] + THEIRS[1:]:                                              # each line whole or not at all
        words = " ".join(line.split())
        assert words in text or words[:20] not in text, line
    assert rows[-1] == left_out_note(5)


#: The AI's turn the newcomer read (s15): an1's charge first, then misses and moves.
CHARGED = ["Player 2's turn.", "an1 charged 5 squares to column 9, row 6.", "an1 missed BR1 with Axe.",
           "ho2 moved 2 squares to column 20, row 3.", "ho2 missed GA1 with Bow.",
           "wa1 moved 6 squares to column 12, row 8.", "wa1 missed GA2 with Spear.",
           "hi1 moved 4 squares to column 14, row 2, into its VP zone.", "Round 1 ended."]
CHARGED_RANKS = [RANK_TURN, RANK_ARRIVAL, RANK_MISS, RANK_MOVE, RANK_MISS, RANK_MOVE, RANK_MISS, RANK_ARRIVAL,
                 RANK_EFFECT]


def test_recap_rows_keep_the_ais_first_charge_and_a_move_into_a_vp_zone_over_misses_and_plain_moves():
    """s15: the recap at 80×24 put "…" for an1's charge, so an1 seemed to come from nowhere."""
    rows = recap_rows(OWN + CHARGED, 78, 4, own=2, ranks=RANKS[:2] + CHARGED_RANKS)
    text = " ".join(" ".join(rows).split())
    assert len(rows) <= 4 and all(len(r) <= 78 for r in rows), rows
    assert "an1 charged 5 squares to column 9, row 6." in text                 # the charge stays
    assert "hi1 moved 4 squares to column 14, row 2, into its VP zone." in text
    assert text.index("an1 charged") < text.index("hi1 moved")                # in the order they happened
    assert "ho2 moved" not in text and "wa1 moved" not in text                 # plain moves went first
    assert "LA1 moved" not in text and "an1 missed" not in text                # the player's own, the oldest miss
    assert rows[0] == "You: LA1 hit br1 with Halberd: 10 damage, 5 HP left."
    assert rows[-1].endswith("Round 1 ended.  " + left_out_note(4))            # the four are counted


def test_recap_rows_that_fit_leave_nothing_out_and_say_nothing_of_it():
    rows = recap_rows(OWN + CHARGED, 118, 12, own=2, ranks=RANKS[:2] + CHARGED_RANKS)
    assert not any(RECAP_GAP in r for r in rows)
    assert "wa1 moved 6 squares" in " ".join(" ".join(rows).split())


def test_the_recap_begins_at_the_humans_last_activation_and_says_its_result_first():
    st = battle("A.......\nBb......\n........\n.......c", dice=(15,) * 40, turn_player=0)
    recap = TurnRecap(frozenset({0}))
    for action in (Activate("A"), EndActivation()):                   # the human's first activation: idle
        st, events = apply(st, action)
        assert recap.after(events, st, by_human=True) == isinstance(action, Activate)
    for action in (Activate("B"), Attack(0, ("b",)), EndActivation()):  # its last: a hit
        st, events = apply(st, action)
        recap.after(events, st, by_human=True)
    assert not recap.due and st.decider == 1                          # the AI's turn now
    recap.after([], st, by_human=False)            # the AI's answer in a champion power's window: no activation
    assert not recap.due
    x, y = st.creature("c").pos
    for action in (Activate("c"), Move(((x - 1, y),)), EndActivation()):
        st, events = apply(st, action)
        assert not recap.after(events, st, by_human=False)
    assert recap.due
    lines, own, ranks = recap.take(st)
    assert not recap.due
    assert own == 1 and lines == [RECAP_YOU + "B hit b with Sword: 10 damage, 40 HP left.",
                                  "Player 2's turn.", "c moved 1 square to column 7, row 4."]
    assert ranks == [RANK_HIT, RANK_TURN, RANK_MOVE]


def test_ranked_summary_ranks_a_charge_a_move_into_a_vp_zone_a_kill_above_misses_and_plain_moves():
    """What ``recap_rows`` leaves out first comes from the events: a plain move and a miss rank lowest;
    a charge, a move that ends in a VP zone (said so in the short lines) and a hit above them; a
    creature destroyed highest."""
    from tactica.client.handoff import ranked_summary
    from tactica.engine import AttackRolled, CreatureDestroyed, CreatureMoved, TurnStarted
    st = battle("A.......\n........\n.......b\n.......c", vp_zones={"A": {(3, 0)}, "B": {(5, 3)}})
    events = [TurnStarted(player=1, activations=2),
              CreatureMoved(uid="b", start=(7, 2), path=((6, 2),), mode="move"),
              AttackRolled(attacker="b", target="A", attack="Sword", natural=3, bonus=5, modifiers=(), total=8,
                           defense="AC", target_number=15, hit=False, critical=False, kind="attack"),
              CreatureMoved(uid="c", start=(7, 3), path=((6, 3), (5, 3)), mode="move"),
              CreatureMoved(uid="b", start=(6, 2), path=((5, 1), (4, 0)), mode="charge"),
              AttackRolled(attacker="b", target="A", attack="Sword", natural=18, bonus=5, modifiers=(), total=23,
                           defense="AC", target_number=15, hit=True, critical=False, kind="charge"),
              CreatureDestroyed(uid="A", by_player=1)]
    ranked = ranked_summary(events, st, short=True)
    assert ranked == [
        ("Player 2's turn.", RANK_TURN),
        ("b moved 1 square to column 7, row 3.", RANK_MOVE),
        ("b missed A with Sword.", RANK_MISS),
        ("c moved 2 squares to column 6, row 4, into its VP zone.", RANK_ARRIVAL),
        ("b charged 2 squares to column 5, row 1 and hit A with Sword.", RANK_ARRIVAL),  # its result too
        ("A was destroyed.", RANK_KILL)]
    b_into_a = [CreatureMoved(uid="b", start=(7, 2), path=((3, 0),), mode="teleport")]
    assert ranked_summary(b_into_a, st, short=True) == [
        ("b teleported 1 square to column 4, row 1, into Player 1's VP zone.", RANK_ARRIVAL)]
    assert ranked_summary(b_into_a, st) == [
        ("Creature b (b) teleported 1 square to column 4, row 1, into Player 1's VP zone.", RANK_ARRIVAL)]


def test_ranked_summary_ranks_a_hit_on_the_players_own_creature_as_a_charge():
    """nm s16 F1: the recap kept the player's own opportunity attack's miss and left out the AI's hit on
    the player's creature.  A hit on one of ``yours`` ranks with the charges; another hit below them."""
    from tactica.client.handoff import ranked_summary
    from tactica.engine import AttackRolled
    st = battle("Ab......")

    def hit(attacker: str, target: str) -> AttackRolled:
        return AttackRolled(attacker=attacker, target=target, attack="Sword", natural=18, bonus=5, modifiers=(),
                            total=23, defense="AC", target_number=15, hit=True, critical=False, kind="attack")
    events = [hit("b", "A"), hit("A", "b")]
    assert [r for _, r in ranked_summary(events, st, short=True, yours=frozenset({0}))] == [RANK_ARRIVAL, RANK_HIT]
    assert [r for _, r in ranked_summary(events, st, short=True)] == [RANK_HIT, RANK_HIT]


def test_a_move_taken_back_is_not_in_the_recap():
    """A newcomer (s16, quick check) moved, pressed z, ended: the recap after the AI's turn still said the
    creature had moved. ``TurnRecap.undone`` forgets the events of the actions taken back, as the
    hand-off does."""
    st = battle("A.....\n......\n.....b", active=None)
    recap = TurnRecap(frozenset({0}))
    st, events = apply(st, Activate("A"))
    recap.after(events, st, by_human=True)
    before = st
    st, events = apply(st, Move(((1, 0), (2, 0))))
    recap.after(events, st, by_human=True)
    assert any("moved 2 squares" in line for line in recap.take(st)[0])
    recap.undone(before)                                 # z: the move taken back
    lines, own, _ = recap.take(before)
    assert not any("moved" in line for line in lines) and own == 0




def _champion_hit():
    """C (a champion whose power adds 10 damage to an ally's hit) and A beside b: A hits b for 10, C's
    power adds 10 (CHP-2); then b's turn.  Returns the state and every event, oldest first."""
    from tactica.engine import ChampionEffect, ChampionPower, ChampionTrigger, UseChampionPower
    from tactica.engine.sandbox import card
    press = ChampionPower("Press the Attack", 1, ChampionTrigger.ALLY_HITS, ChampionEffect.EXTRA_DAMAGE,
                          amount=10, range=6)
    captain = card("Captain", champion=2, champion_powers=(press,))
    st = battle("C..\nAb.", {"C": captain}, dice=(10,) * 20, turn_player=0, hp={"b": 40})
    every = []
    for action in (Activate("A"), Attack(0, ("b",)), UseChampionPower("C", 0, "A", "b"), EndActivation()):
        st, events = apply(st, action)
        every.extend(events)
    return st, every


def test_chp_2_a_hit_and_the_champions_extra_damage_say_the_hp_after_both():
    """s16: the recap said "A hit b … 30 HP left" and b's card said 20 (the champion's 10 came after,
    on a line the recap may leave out): the hit's line says both damages and the HP after them."""
    from tactica.client.handoff import ranked_summary
    st, events = _champion_hit()
    assert st.creature("b").hp == 20
    ranked = ranked_summary(events, st, short=True)
    lines = [line for line, _ in ranked]
    assert lines[0] == "A hit b with Sword: 10 damage and 10 more from C's Press the Attack (champion power), " \
                       "20 HP left."
    assert not any("30 HP left" in line or " took " in line for line in lines)   # no stale HP, told once
    assert ranked[0][1] == RANK_HIT                                              # kept as a hit is


def test_chp_2_the_hand_off_summary_says_the_hp_after_the_champions_extra_damage():
    from tactica.client.handoff import summary_lines
    st, events = _champion_hit()
    lines = summary_lines(events, st)
    assert lines[0] == ("Creature A (A) hit Creature b (b) with Sword: 10 damage and 10 more from Captain (C)'s "
                        "Press the Attack (champion power), 20 HP left.")


def test_chp_2_a_champion_s_heal_of_the_creature_just_hit_is_told_on_the_hit_s_line():
    """The enemy's champion heals the creature A just hit (CHP-2, ALLY_IS_HIT → HEAL): the hit's line
    says the HP after the heal, as b's card does."""
    from tactica.client.handoff import ranked_summary
    from tactica.engine import ChampionEffect, ChampionPower, ChampionTrigger, UseChampionPower
    from tactica.engine.sandbox import card
    ward = ChampionPower("Ward", 2, ChampionTrigger.ALLY_IS_HIT, ChampionEffect.HEAL, amount=5, range=3)
    st = battle("Ab\n.c", {"c": card("Captain", champion=2, champion_powers=(ward,))}, dice=(10,) * 20,
                turn_player=0, hp={"b": 40})
    every = []
    for action in (Activate("A"), Attack(0, ("b",)), UseChampionPower("c", 0, "b", "A"), EndActivation()):
        st, events = apply(st, action)
        every.extend(events)
    assert st.creature("b").hp == 35
    lines = [line for line, _ in ranked_summary(every, st, short=True)]
    assert lines[0] == "A hit b with Sword: 10 damage and healed 5 by c's Ward (champion power), 35 HP left."
    assert len(lines) == 1


def test_chg_1_a_charge_s_line_says_what_its_attack_came_to():
    """nm s17 F3: "an1 charged 4 squares to column 9, row 3." said nothing of the attack (both missed):
    the charge's line says it missed, or hit with the damage and the HP left (CHG-1)."""
    from tactica.client.handoff import ranked_summary
    from tactica.engine import AttackRolled, CreatureMoved, DamageDealt, TurnStarted
    st = battle("A.......\n........\n.......b\n.......c")
    def charge(uid, start, hit):
        return [CreatureMoved(uid=uid, start=start, path=((5, 1), (4, 1)), mode="charge"),
                AttackRolled(attacker=uid, target="A", attack="Axe", natural=18 if hit else 2, bonus=5,
                             modifiers=(("charge", 1),), total=24 if hit else 8, defense="AC", target_number=15,
                             hit=hit, critical=False, kind="charge")]
    events = [TurnStarted(player=1, activations=2), *charge("b", (7, 2), False),
              *charge("c", (7, 3), True), DamageDealt("A", 10, "", 40, False)]
    assert ranked_summary(events, st, short=True, yours=frozenset({0})) == [
        ("Player 2's turn.", RANK_TURN),
        ("b charged 2 squares to column 5, row 2 and missed A with Axe.", RANK_ARRIVAL),
        ("c charged 2 squares to column 5, row 2 and hit A with Axe: 10 damage, 40 HP left.", RANK_ARRIVAL)]


def test_chp_2_a_champion_power_in_the_recap_names_creatures_by_their_labels():
    """nm s17 F2: "Warlord of the Broken Tusk (WA1) uses champion power …" took most of a row at 80×24."""
    from tactica.client.handoff import ranked_summary, summary_lines
    from tactica.engine import ChampionPowerUsed
    st = battle("A.\n.b")
    used = ChampionPowerUsed(champion="A", power="Bloodied Fury", cost=1, left=1, ally="A", enemy="b",
                             effect="reroll")
    assert ranked_summary([used], st, short=True) == [
        ("A uses champion power Bloodied Fury (•, 1 left): A rolls again against b.", RANK_EFFECT)]
    assert summary_lines([used], st) == [
        "Creature A (A) uses champion power Bloodied Fury (•, 1 left): Creature A (A) rolls again against "
        "Creature b (b)."]


def test_chp_2_a_champion_power_held_for_the_hit_s_line_that_changed_no_hp_keeps_its_own_line():
    """A heal on the creature just hit that regains nothing (no CreatureHealed): the power is still told."""
    from tactica.client.handoff import ranked_summary
    from tactica.engine import ActivationEnded, AttackRolled, ChampionPowerUsed, DamageDealt
    st = battle("Ab\n.c")
    events = [AttackRolled(attacker="A", target="b", attack="Sword", natural=18, bonus=5, modifiers=(), total=23,
                           defense="AC", target_number=15, hit=True, critical=False, kind="attack"),
              DamageDealt("b", 0, "", 50, False),
              ChampionPowerUsed(champion="c", power="Ward", cost=1, left=0, ally="b", enemy="A", effect="heal"),
              ActivationEnded("A")]
    assert [line for line, _ in ranked_summary(events, st, short=True)] == [
        "A hit b with Sword: 0 damage, 50 HP left.", "c uses champion power Ward (•, 0 left): b is healed."]


def test_oa_1_the_recap_marks_the_players_opportunity_attack_and_names_the_round_of_each_turn():
    """nm s17 F14: "Player 2's turn:  GA3 hit ws1 with Heavy Crossbow…" read as if the player's GA3 acted
    in the AI's turn (an opportunity attack, OA-1, not marked); and with a round's end between, two
    "Player 2's turn:" groups came one after the other (the rounds' lines left out at 80×24)."""
    from tactica.client.handoff import ranked_summary
    from tactica.engine import (
        AttackRolled,
        CreatureMoved,
        DamageDealt,
        FirstPlayerChosen,
        RollWon,
        RoundEnded,
        RoundStarted,
        TurnStarted,
    )
    st = battle("A.......\n........\n.......b\n.......c")
    oa = AttackRolled(attacker="A", target="b", attack="Heavy Crossbow", natural=18, bonus=5, modifiers=(),
                      total=23, defense="AC", target_number=15, hit=True, critical=False, kind="opportunity")
    events = [TurnStarted(player=1, activations=2),
              CreatureMoved(uid="b", start=(7, 2), path=((6, 2),), mode="move"), oa,
              DamageDealt("b", 10, "", 25, False), RoundEnded(round=2, quiet_rounds=0), RoundStarted(round=3),
              RollWon("initiative", 1, "roll"), FirstPlayerChosen(1, 1),
              TurnStarted(player=1, activations=1),
              CreatureMoved(uid="c", start=(7, 3), path=((6, 3),), mode="move")]
    lines = [line for line, _ in ranked_summary(events, st, short=True, yours=frozenset({0}))]
    assert lines == ["Round 2 — Player 2's turn.", "b moved 1 square to column 7, row 3.",
                     "A hit b with Heavy Crossbow (opportunity attack): 10 damage, 25 HP left.",
                     "Round 2 ended.", "Round 3: Player 2 won the initiative and goes first.",
                     "Round 3 — Player 2's turn.", "c moved 1 square to column 7, row 4."]
    ranks = [RANK_TURN, RANK_MOVE, RANK_HIT, RANK_EFFECT, RANK_ARRIVAL, RANK_TURN, RANK_MOVE]
    rows = recap_rows(lines, 78, 4, ranks=ranks)
    assert rows[0].startswith("Round 2 — Player 2's turn:  ") and any(r.startswith("Round 3 — Player 2's turn:")
                                                                       for r in rows)
    rows = recap_rows(lines, 78, 3, ranks=ranks)          # c's move left out: its turn's line goes with it
    assert rows[0].startswith("Round 2 — Player 2's turn:  ") and not any("Round 3 —" in r for r in rows)
    assert ranked_summary(events[:4], st, short=True)[0][0] == "Player 2's turn."   # one round: no number


def test_a_line_of_the_same_turn_in_a_row_of_its_own_is_indented_as_the_wrapped_rows():
    """nm2 s17: at 120×40 a line that began its own row under a wrapped one stood at the margin and read as
    a new paragraph; it is indented as the wrapped rows of its turn are (a round's line keeps the margin:
    ``test_recap_rows_in_three_rows_…``)."""
    lines = ["Player 2's turn.", "ab1 hit LA1 with Axe: 8 damage, 12 HP left.",
             "ab2 hit LA1 with a Heavy Axe: 8 damage, 4 HP left.", "ab3 missed LA1.", "Round 1 ended."]
    assert recap_rows(lines, 60, 20) == ["Player 2's turn:  ab1 hit LA1 with Axe: 8 damage, 12 HP",
                                         "  left.  ab2 hit LA1 with a Heavy Axe: 8 damage, 4 HP left.",
                                         "  ab3 missed LA1.  Round 1 ended."]


def test_ranked_summary_ranks_the_killing_blow_as_the_kill():
    """nm2 s17: at 80×24 the recap kept "AN1 was destroyed." and a miss, and left out the hit that destroyed
    it: the blow that leaves a destroyed creature at 0 HP weighs as its destruction; another hit does not."""
    from tactica.client.handoff import ranked_summary
    from tactica.engine import AttackRolled, CreatureDestroyed, DamageDealt
    st = battle("Ab......\n.......c")

    def hit(attacker: str, target: str) -> AttackRolled:
        return AttackRolled(attacker=attacker, target=target, attack="Sword", natural=18, bonus=5, modifiers=(),
                            total=23, defense="AC", target_number=15, hit=True, critical=False, kind="attack")
    events = [hit("b", "c"), DamageDealt(target="c", amount=10, damage_type="", hp_left=5, bloodied=True),
              hit("b", "A"), DamageDealt(target="A", amount=10, damage_type="", hp_left=0, bloodied=True),
              CreatureDestroyed(uid="A", by_player=1)]
    assert ranked_summary(events, st, short=True) == [
        ("b hit c with Sword: 10 damage, 5 HP left.", RANK_HIT),
        ("b hit A with Sword: 10 damage, 0 HP left.", RANK_KILL),
        ("A was destroyed.", RANK_KILL)]


def test_chp_2_a_reroll_power_weighs_as_the_attack_it_makes_again():
    """nm2 s17: at 80×24 the recap said "wa1 … missed SI1 … wa1 hit SI1 … (critical)" and left out the
    champion power that made the attack again; the reroll's line now ranks as the attack it brought."""
    from tactica.client.handoff import ranked_summary
    from tactica.engine import AttackRolled, ChampionPowerUsed
    st = battle("Ab......")

    def roll(hit: bool) -> AttackRolled:
        return AttackRolled(attacker="b", target="A", attack="Sword", natural=18 if hit else 2, bonus=5,
                            modifiers=(), total=23 if hit else 7, defense="AC", target_number=15, hit=hit,
                            critical=False, kind="attack")
    events = [roll(False), ChampionPowerUsed(champion="b", power="Knot of Ill Luck", cost=1, left=0, ally="b",
                                             enemy="A", effect="reroll"), roll(True)]
    ranks = [r for _, r in ranked_summary(events, st, short=True, yours=frozenset({0}))]
    assert ranks == [RANK_MISS, RANK_ARRIVAL, RANK_ARRIVAL]       # the hit on the player's A, and its cause


def test_recap_rows_keep_the_ais_hit_on_your_creature_over_your_older_kill_and_drop_a_bare_turn_line():
    """s18 ux 1: in few rows the recap kept the player's own (older, watched) kill and showed the AI's turn as
    "Player 2's turn:  … 8 more in the log" with nothing under it.  Among lines of one weight the newer stay
    (the AI's hit on BR1 over the player's own kill); a turn's line with none of its lines kept goes too,
    counted in the note."""
    ranks = MINE_RANKS[:4] + [RANK_KILL] + THEIRS_RANKS        # VP scored weighs as a kill (s18 ux 1)
    rows = recap_rows(MINE + THEIRS, 78, 3, own=5, ranks=ranks)
    assert rows == ["Player 2's turn:  th2 hit BR1 with Full Gore: 20 damage, 5 HP left.",
                    "  th1 moved 5 squares to column 14, row 2, into its VP zone.", left_out_note(7)]
    rows = recap_rows(MINE + THEIRS, 78, 2, own=5, ranks=ranks)
    assert rows == ["Player 2's turn:  th1 moved 5 squares to column 14, row 2, into its VP zone.",
                    left_out_note(8)]
    only_turn = ["You: GA1 moved 2 squares to column 6, row 7.", "Player 2's turn.", "th1 moved 1 square to column 3,"
                 " row 2.", "th2 moved 1 square to column 4, row 2."]
    rows = recap_rows(only_turn, 40, 1, own=1, ranks=[RANK_MOVE, RANK_TURN, RANK_MOVE, RANK_MOVE])
    assert rows == [left_out_note(4)]                           # no heading over nothing: the note alone


#: s18 ux 1: two turns of the AI's (rounds 2 and 3) at 80×24: a kill in the older, then in the newer a hit on the
#: player's BR1 with a champion's extra damage, a kill, and VP for it and for the zone (the score 14 → 45).
TWO_TURNS = [("You: GA1 moved 2 squares to column 6, row 7.", RANK_MOVE),
             ("GA1 missed an1 with Heavy Crossbow.", RANK_MISS),
             ("Round 2 — Player 2's turn.", RANK_TURN),
             ("an1 moved 3 squares to column 7, row 7.", RANK_MOVE),
             ("an1 hit GA2 with Axe: 10 damage, 0 HP left.", RANK_KILL),
             ("GA2 was destroyed.", RANK_KILL),
             ("Player 2 scored 14 VP (destroyed); 14 in all.", RANK_KILL),
             ("Round 2 ended.", RANK_EFFECT),
             ("Round 3: Player 2 won the initiative and goes first.", RANK_ARRIVAL),
             ("Round 3 — Player 2's turn.", RANK_TURN),
             ("wa1 moved 2 squares to column 8, row 6.", RANK_MOVE),
             ("wa1 hit BR1 with Greataxe: 10 damage and 10 more from WA1's Bloodied Fury (champion power), 5 HP left.",
              RANK_ARRIVAL),
             ("hb2 hit GA3 with Spear: 10 damage, 0 HP left.", RANK_KILL),
             ("GA3 was destroyed.", RANK_KILL),
             ("Player 2 scored 20 VP (destroyed); 34 in all.", RANK_KILL),
             ("Player 2 scored 11 VP (VP zone); 45 in all.", RANK_KILL)]


def test_recap_rows_keep_the_newest_turns_kill_and_vp_over_an_older_turns_kill():
    """s18 ux 1: the recap kept an older kill and left out the newest turn's lines (its VP among them) while
    the score jumped 0–14 → 0–45: VP weighs as a kill, and among equals the newer lines stay."""
    lines, ranks = [line for line, _ in TWO_TURNS], [rank for _, rank in TWO_TURNS]
    rows = recap_rows(lines, 78, 4, own=2, ranks=ranks)
    text = " ".join(" ".join(rows).split())
    assert len(rows) == 4 and all(len(r) <= 78 for r in rows), rows
    for newest in lines[-4:]:                                    # the newest turn's kill and both VP lines
        assert newest in text, newest
    assert rows[1].startswith("Round 3 — Player 2's turn:  hb2 hit GA3")
    assert "GA2 was destroyed." not in text                     # the older kill went first
    assert rows[-1].endswith(left_out_note(9))
    rows = recap_rows(lines, 78, 5, own=2, ranks=ranks)         # a row more: the older turn's kill comes back
    assert "an1 hit GA2 with Axe: 10 damage, 0 HP left. GA2 was destroyed." in " ".join(" ".join(rows).split())


def test_ranked_summary_ranks_vp_scored_with_the_kills():
    """s18 ux 1: VP scored changes who wins: it weighs as a creature destroyed, above a hit on the player's
    creature and a move into a VP zone."""
    from tactica.client.handoff import ranked_summary
    from tactica.engine import VictoryPointsScored
    st = battle("A.\n.b")
    assert ranked_summary([VictoryPointsScored(1, 11, "vp zone", 45), VictoryPointsScored(1, 20, "destroyed", 34)],
                          st, short=True) == [("Player 2 scored 11 VP (VP zone); 45 in all.", RANK_KILL),
                                              ("Player 2 scored 20 VP (destroyed); 34 in all.", RANK_KILL)]
