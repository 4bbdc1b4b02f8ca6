"""Map labels: copies of one card are numbered, different cards never share a two-letter stem."""
from __future__ import annotations

from tactica.engine.game import label_stem


def test_first_two_letters_when_free():
    assert label_stem("Gatehouse Crossbowman", set()) == "Ga"


def test_a_clash_takes_the_initials_of_two_words():
    assert label_stem("Gatehouse Sergeant", {"ga"}) == "GS"


def test_a_clash_on_one_word_takes_the_first_letter_and_a_later_one():
    assert label_stem("Stormhoof", {"st"}) == "So"
    assert label_stem("Stormhoof", {"st", "so"}) == "Sr"


def test_every_shipped_warband_gives_different_cards_different_labels():
    from tactica.content import load_catalogue, load_warband, shipped_warbands
    from tactica.engine.setup import creatures_of as _creatures
    catalogue = load_catalogue()
    for path in shipped_warbands():
        by_stem: dict[str, set[str]] = {}
        for c in _creatures((load_warband(path, catalogue),)):
            by_stem.setdefault(c.label.rstrip("0123456789").lower(), set()).add(c.card.id)
        assert all(len(ids) == 1 for ids in by_stem.values()), (path.name, by_stem)


def test_label_stem_takes_any_free_pair_once_the_names_letters_are_spent():
    taken = {"og", "or", "oe"}                                  # every choice from "Ogre"'s own letters
    assert label_stem("Ogre", taken) == "Oa"
    taken |= {"o" + ch for ch in "abcdefghijklmnopqrstuvwxyz"}
    assert label_stem("Ogre", taken) == "aa"


def _stem(label: str) -> str:
    return label.rstrip("0123456789").lower()


def _labels(*warbands):
    from tactica.engine.setup import creatures_of as _creatures
    return [(c.player, c.card.id, c.label) for c in _creatures(tuple(warbands))]


def test_scn_multi_labels_differ_by_letters_across_sides_in_the_default_battle():
    from tactica.content import default_battle
    (silverhelm, broken_tusk), _ = default_battle()
    labels = _labels(silverhelm, broken_tusk)
    by_card = {(player, card): label for player, card, label in labels}
    # Player 1's Bronze Gate Sentinel and Player 2's Broken Tusk Raiders once were BR1 and br1
    assert by_card[(0, "bronze-gate-sentinel")] == "BR1"
    assert [label for player, card, label in labels if card == "broken-tusk-raider"] == ["bt1", "bt2", "bt3"]
    sides = [{_stem(label) for player, _, label in labels if player == p} for p in (0, 1)]
    assert not sides[0] & sides[1]
    assert all(label.isupper() for player, _, label in labels if player == 0)      # the case scheme stays
    assert all(label.islower() for player, _, label in labels if player == 1)


def test_scn_multi_labels_differ_by_letters_across_sides_in_a_mirror_match():
    from tactica.content import load_catalogue, load_warband, shipped_warbands
    catalogue = load_catalogue()
    for path in shipped_warbands():
        band = load_warband(path, catalogue)
        labels = _labels(band, band)
        first = [label for player, _, label in labels if player == 0]
        second = [label for player, _, label in labels if player == 1]
        assert first == [label.upper() for label in first], path.name
        assert second == [label.lower() for label in second], path.name
        assert not {_stem(x) for x in first} & {_stem(x) for x in second}, (path.name, first, second)
        stems = {}
        for player, card, label in labels:                   # copies of a card on one side share a stem
            stems.setdefault((player, card), set()).add(_stem(label))
        assert all(len(s) == 1 for s in stems.values()), path.name


def test_scn_multi_labels_differ_by_letters_among_four_copies_of_one_warband():
    from tactica.content import default_battle
    (silverhelm, _), _ = default_battle()
    labels = _labels(silverhelm, silverhelm, silverhelm, silverhelm)
    seats = [{_stem(label) for player, _, label in labels if player == p} for p in range(4)]
    assert sum(len(s) for s in seats) == len(set().union(*seats))     # no stem on two seats
    gatehouse = [label for _, card, label in labels if card == "gatehouse-crossbowman"]
    assert gatehouse[0] == "GA1" and gatehouse[3] == "gc1" and len(gatehouse) == 12
    assert [label[:2] for label in gatehouse[6::3]] == ["Gt", "gE"]   # OG1, og1, Og1, oG1 kept
