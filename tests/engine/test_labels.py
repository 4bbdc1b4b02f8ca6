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
