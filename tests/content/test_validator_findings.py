"""Issue 18 "Also": what a player trying the validator found, each fixed and pinned here.

* ``tactica validate --cards FILE`` alone works;
* one card written without the ``cards:`` list gets one hint, not a line per key;
* follow-up chains deeper than the engine makes, and cycles, are refused at the entry;
* the same ability twice with different numbers (two ``resist fire``) is refused naming both lines;
* an empty list where the default is the empty list (``abilities: []``) is accepted;
* "a melee attack has 1 target" is gone: several melee targets are card language now (CL-2).
"""
from __future__ import annotations

import json

from tactica.cli import main
from tactica.content import load_catalogue
from tactica.content.fields import CARD, FILE_TABLES
from tactica.content.schemas import file_schema
from tactica.content.validate import validate_paths
from tactica.engine import MAX_FOLLOW_UP_DEPTH, FollowUpEffect

HEAD = """\
  - id: {cid}
    name: Test Card
    cost: 10
    alignment: Evil
    factions: [Borderlands]
    level: 2
    ac: 15
    def: 13
    speed: 6
    hp: 20
"""


def _card(cid: str, body: str) -> str:
    return HEAD.format(cid=cid) + body


def _file(tmp_path, *cards: str, name: str = "mine.yaml"):
    path = tmp_path / name
    path.write_text("cards:\n" + "".join(cards), encoding="utf-8")
    return path


def _lines(capsys) -> list[str]:
    return capsys.readouterr().out.splitlines()


# -- --cards alone ----------------------------------------------------------------

def test_validate_with_only_cards_checks_that_card_file(tmp_path, capsys):
    good = _file(tmp_path, _card("lone-card", "    attacks:\n      - {name: Claw, type: melee, bonus: 5, damage: 5}\n"))
    assert main(["validate", "--cards", str(good)]) == 0
    assert "1 file(s) OK" in capsys.readouterr().err
    bad = _file(tmp_path, _card("lone-card", "    attacks:\n      - {name: Claw, type: melee, bonus: 5}\n"),
                name="bad.yaml")
    assert main(["validate", "--cards", str(bad)]) == 1
    assert _lines(capsys) == [f"{bad}:13:9: error: missing required key 'damage' in attack 1 of card 'lone-card'"]


def test_validate_with_nothing_named_is_a_usage_error_saying_what_to_give(capsys):
    assert main(["validate"]) == 2
    err = capsys.readouterr().err
    assert "error: name at least one file or folder to check (PATH), or a card file with --cards FILE" in err


# -- one card without its list ------------------------------------------------------

ONE_CARD = """\
id: lone-card
name: Lone Card
cost: 10
alignment: Evil
factions: [Borderlands]
level: 2
ac: 15
def: 13
speed: 6
hp: 20
attacks:
  - {name: Claw, type: melee, bonus: 5, damage: 5}
"""


def test_a_single_card_without_the_cards_list_gets_one_hint(tmp_path, capsys):
    for folder in (tmp_path, tmp_path / "cards"):  # told by its keys, and inside a cards/ folder
        folder.mkdir(exist_ok=True)
        path = folder / "lone.yaml"
        path.write_text(ONE_CARD, encoding="utf-8")
        for argv in (["validate", str(path)], ["validate", "--cards", str(path)]):
            assert main(argv) == 1
            assert _lines(capsys) == [
                f"{path}:1:1: error: this file holds a single card without the 'cards:' list: a card file is "
                "a list of cards. Put 'cards:' on a line of its own above the card, indent the card and start "
                "its first line with '- ' (e.g. '  - id: my-card')"]


# -- follow-up chains ---------------------------------------------------------------

def _chain(names: list[str], links: dict[str, str]) -> str:
    lines = []
    for i, n in enumerate(names):
        follow = f", effects: [{{kind: follow-up, attack: {links[n]}}}]" if n in links else ""
        second = ", secondary: true" if i else ""
        lines.append(f"      - {{name: {n}, type: melee, bonus: 5, damage: 5{second}{follow}}}\n")
    return "    attacks:\n" + "".join(lines)


def test_a_follow_up_chain_deeper_than_the_engine_makes_is_refused_at_the_entry_too_deep(tmp_path):
    assert MAX_FOLLOW_UP_DEPTH == 3
    names = ["A", "B", "C", "D", "E"]
    deep = _file(tmp_path, _card("deep-chain", _chain(names, {"A": "B", "B": "C", "C": "D", "D": "E"})))
    problems, _ = validate_paths([str(deep)])
    assert [str(p) for p in problems] == [
        f"{deep}:16:80: error: follow-up chain A → B → C → D → E of card 'deep-chain' is 4 follow-ups deep; "
        "the engine makes at most 3 (ATK-7): shorten it"]
    ok = _file(tmp_path, _card("three-deep", _chain(names[:4], {"A": "B", "B": "C", "C": "D"})), name="ok.yaml")
    assert validate_paths([str(ok)]) == ([], 1)
    card = load_catalogue([ok])["three-deep"]
    assert [type(e) for e in card.attack_named("C").effects] == [FollowUpEffect]


def test_a_follow_up_cycle_is_refused_naming_the_loop(tmp_path):
    loop = _file(tmp_path, _card("loop-card", _chain(["A", "B"], {"A": "B", "B": "A"})))
    problems, _ = validate_paths([str(loop)])
    assert [str(p) for p in problems] == [
        f"{loop}:14:80: error: follow-up chain A → B → A of card 'loop-card' comes back to 'A': a follow-up may "
        "not lead back to a line of its own chain (ATK-7)"]


def test_a_cycle_through_three_lines_is_refused_once(tmp_path):
    loop = _file(tmp_path, _card("ring-card", _chain(["A", "B", "C"], {"A": "B", "B": "C", "C": "B"})))
    problems, _ = validate_paths([str(loop)])
    assert [(p.line, "A → B → C → B" in p.message) for p in problems] == [(15, True)]


# -- the same ability twice --------------------------------------------------------

ATTACK = "    attacks:\n      - {name: Claw, type: melee, bonus: 5, damage: 5}\n"


def test_a_second_resist_of_the_same_type_is_refused_naming_both_lines(tmp_path):
    body = ("    abilities:\n      - {kind: resist, amount: 5, type: fire}\n"
            "      - {kind: resist, amount: 10, type: cold}\n"
            "      - {kind: resist, amount: 10, type: fire}\n" + ATTACK)
    path = _file(tmp_path, _card("two-resists", body))
    problems, _ = validate_paths([str(path)])
    assert [str(p) for p in problems] == [
        f"{path}:15:9: error: card 'two-resists' lists 'Resist 5 fire' (line 13) and 'Resist 10 fire' (line 15): "
        "the same ability does not stack, so only the stronger would count (ABL-2); keep one entry"]


def test_different_types_of_resist_and_a_resist_beside_a_vulnerable_are_fine(tmp_path):
    body = ("    abilities:\n      - {kind: resist, amount: 5, type: fire}\n"
            "      - {kind: resist, amount: 10, type: all}\n"
            "      - {kind: vulnerable, amount: 5, type: fire}\n" + ATTACK)
    path = _file(tmp_path, _card("many-resists", body))
    assert validate_paths([str(path)]) == ([], 1)


# -- empty lists where the default is empty -------------------------------------------

def test_an_empty_list_is_accepted_where_the_default_is_the_empty_list(tmp_path):
    body = ("    keywords: []\n    abilities: []\n    special_powers: []\n    champion_powers: []\n"
            "    attacks:\n      - {name: Claw, type: melee, bonus: 5, damage: 5, effects: []}\n")
    path = _file(tmp_path, _card("empty-lists", body))
    assert validate_paths([str(path)]) == ([], 1)
    card = load_catalogue([path])["empty-lists"]
    assert (card.abilities, card.special_powers, card.champion_powers, card.attacks[0].effects) == ((), (), (), ())


def test_an_empty_list_is_still_refused_where_entries_are_needed(tmp_path):
    """An attack line's effects may be [] (its default); a card's attacks too (CL-16: a creature with
    no attack); a multi-part damage needs its parts (CL-6)."""
    body = "    attacks:\n      - {name: Claw, type: melee, bonus: 5, damage: []}\n"
    path = _file(tmp_path, _card("no-parts", body))
    problems, _ = validate_paths([str(path)])
    assert problems and all("damage" in str(p) for p in problems), [str(p) for p in problems]
    assert validate_paths([str(_file(tmp_path, _card("no-attacks", "    attacks: []\n"), name="b.yaml"))]) == ([], 1)


def test_every_list_field_with_an_empty_default_takes_an_empty_list_in_the_schemas_too():
    """The JSON schemas agree with the loader: minItems 0 exactly where the default is []."""
    def walk(schema_props: dict, table) -> None:
        for spec in table.fields:
            prop = schema_props[spec.name]
            arrays = [prop] if prop.get("type") == "array" else [
                p for p in prop.get("anyOf", []) if p.get("type") == "array"]
            for arr in arrays:
                if spec.kind == "damages":  # CL-6: a list of damage parts means two parts at least
                    continue
                least = 0 if spec.empty_ok or spec.kind == "texts" or spec.lo == 0 else 1
                assert arr.get("minItems", 0) == least, (table.title, spec.name)
            if spec.items is not None and arrays:
                walk(arrays[0]["items"]["properties"] if "properties" in arrays[0]["items"] else
                     arrays[0]["items"]["anyOf"][-1]["properties"], spec.items)
    for kind, table in FILE_TABLES.items():
        walk(json.loads(json.dumps(file_schema(kind)))["properties"], table)
    assert CARD["abilities"].empty_ok and not CARD["attacks"].empty_ok


def test_the_kind_table_names_the_keys_a_bonus_entry_takes():
    """docs/authoring.md's generated kind table lists the keys the loader reads for a CL-1 bonus."""
    from tactica.content.reference import _ability_keys

    assert _ability_keys("bonus") == ("to", "bonus", "when", "name")
