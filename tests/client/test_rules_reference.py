"""The rules reference (issue 20 part 2): rules and readings of the rules pages, found by ID or words."""
from __future__ import annotations

from tactica.client.rules_reference import RulesReference, load_reference, parse_page

PAGE = """# Rules

## 5. Movement

Some words about moving.
More words.

**MOV-1** *Speed.* A creature moves up to its speed.
- a list under the rule

**MOV-2** *Walls.* Walls block movement.

### Durations (EFF-2)

An effect lasts until the end of the turn.

#### Sneak Attack X

Extra damage against a flanked enemy.

#### Resist, Vulnerable, Immune

Less or more damage.
"""

MODULE = """# Optional modules → grid35

Intro line one.
Intro line two.

## G35-DIAG — the diagonal count

Diagonals cost 1, 2, 1, 2.

### Examples

Four diagonals cost 6.

## G35-RUN — running

Four times the speed.
"""


def _reference() -> RulesReference:
    return RulesReference(parse_page(PAGE, "docs/rules.md") + parse_page(MODULE, "docs/modules/grid35.md"))


def test_a_page_is_cut_into_rules_and_readings():
    entries = _reference().entries
    assert [e.label for e in entries] == [
        "5. Movement", "MOV-1 Speed", "MOV-2 Walls", "Durations (EFF-2)", "Sneak Attack X",
        "Resist, Vulnerable, Immune", "Optional modules → grid35", "G35-DIAG the diagonal count",
        "G35-RUN running"]
    mov1 = entries[1]
    assert mov1.text == "**MOV-1** *Speed.* A creature moves up to its speed.\n- a list under the rule"
    assert mov1.chapter == "5. Movement" and mov1.page == "docs/rules.md"
    diag = _reference().find("g35-diag")
    assert diag is not None and "### Examples" in diag.text and "Four diagonals cost 6." in diag.text


def test_search_by_id_or_words():
    reference = _reference()
    assert [e.label for e in reference.search("MOV-2")] == ["MOV-2 Walls"]
    assert [e.label for e in reference.search("walls block")] == ["MOV-2 Walls"]
    assert reference.search("speed")[0].label == "MOV-1 Speed"  # in the title before in the text
    assert [e.label for e in reference.search("speed")] == ["MOV-1 Speed", "G35-RUN running"]
    assert reference.search("nothing like this") == []
    assert len(reference.search("  ")) == len(reference.entries)


def test_the_ids_a_line_names_and_the_abilities_of_a_card():
    reference = _reference()
    assert reference.ids_in("cannot move there (MOV-2; see MOV-9 and G35-RUN)") == ["MOV-2", "G35-RUN"]
    assert reference.for_ability("Sneak Attack 10").title == "Sneak Attack X"
    assert reference.for_ability("Resist fire 5").title == "Resist, Vulnerable, Immune"
    assert reference.for_ability("Flight") is None


def test_the_context_of_a_screen_refusal_preview_and_card():
    reference = load_reference()
    context = reference.context(
        ["too close: a charge moves at least 2 squares (CHG-3)",
         "Club → Kobold (ko1): d20 +9 +2 combat advantage -2 cover vs AC 16 — needs 5+, 80% to hit"],
        ["Flight", "Sneak Attack 10"])
    assert [e.label for e in context] == ["CHG-3 Charge distance and end square", "CA-1 Combat advantage",
                                          "COV-1 Cover", "Flight, Burrow, Phasing, Shift", "Sneak Attack X"]


def test_the_rules_nearest_a_refusal_that_names_no_rule():
    reference = load_reference()
    assert [e.rule_id for e in reference.nearest("A shift moves exactly one square.")][:1] == ["MOV-12"]
    assert reference.nearest("Knight cannot move (speed 0).")[0].rule_id == "MOV-1"
    assert all(e.page == "docs/rules.md" for e in reference.nearest("A shift moves exactly one square."))
    grid = reference.nearest("That move needs 7 squares of movement; a hampered square costs 2", modules=("grid35",))
    assert "G35-HAMPER" in [e.rule_id for e in grid]
    assert reference.nearest("Here, or there, or when.") == []  # only the commonest words


def test_a_word_inside_another_does_not_win_over_the_rule_titled_by_it():
    """Issue 20 (ui-trials 6): the preview's "+1 charge" opens the charge rule (CHG-1), not "Limited uses
    and recharge" (CARD-4), which holds "charge" inside a word of its title."""
    from tactica.client.rules_reference import load_reference
    ref = load_reference()
    assert ref.search("charge")[0].rule_id == "CHG-1"
    preview = "Cleaving Greataxe (charge) → Gatehouse Crossbowman (GA1): d20 +12 +1 charge vs AC 15 — needs 2+"
    assert [e.rule_id for e in ref.modifier_entries(preview)] == ["CHG-1"]


def test_the_reach_refusals_name_the_rule_the_rules_key_opens():
    """Issue 20 (ui-trials 1, 7, 13): the attack refusal's reasons name RNG-1, RNG-2, LOS-1, which the
    reference opens first (context), not the nearest words' CL-2 or CARD-3."""
    from tactica.client.hints import ATTACK_WORDS
    from tactica.client.rules_reference import load_reference
    ref = load_reference()
    for code, rule in (("not-adjacent", "RNG-1"), ("out-of-range", "RNG-2"), ("no-sight", "LOS-1"),
                       ("not-in-reach", "CL-5")):
        text = "No attack has a target in reach: … Oathblade: " + ATTACK_WORDS[code].format(range=3) + "."
        assert ref.context([text])[0].rule_id == rule, code
