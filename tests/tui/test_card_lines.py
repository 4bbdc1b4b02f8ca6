"""Every shipped card reads without repeats: no line of its stat card says the same thing twice."""
from __future__ import annotations

import re

import pytest

from tactica.content import load_catalogue
from tactica.engine.sandbox import battle
from tactica.tui.widgets.stat_card import card_text


def _said(line: str) -> str:
    """What a card line says, without its bullet, its case and a closing full stop."""
    return re.sub(r"^[\s•◆]+|[.\s]+$", "", line).lower()


@pytest.mark.parametrize("card_id", sorted(load_catalogue()))
def test_no_shipped_card_shows_a_line_twice(card_id):
    card = load_catalogue()[card_id]
    size = card.size
    board = "\n".join("A" * size + "." * (6 - size) for _ in range(size)) + "\n" + "......"
    st = battle(board, {"A": card}, active="A")
    lines = [_said(line) for line in card_text(st.creature("A"), state=st).plain.splitlines()]
    lines = [line for line in lines if line]
    repeated = sorted({line for line in lines if lines.count(line) > 1})
    assert not repeated, f"{card.name} says twice: {repeated}"


def test_cl_1_cl_6_cl_15_the_stat_card_says_bonuses_parts_and_immunities_from_the_data():
    card = load_catalogue()["ember-gate-templar"]
    st = battle("A.....\n......", {"A": card}, active="A")
    text = card_text(st.creature("A"), state=st).plain
    assert "Holy Wrath: +10 damage when the target is Evil" in text
    assert "10 + 5 radiant damage" in text
    golem = load_catalogue()["ashen-forge-golem"]
    st = battle("A.....\n......", {"A": golem}, active="A")
    assert "Immune to critical hits" in card_text(st.creature("A"), state=st).plain
