"""tactica play picks maps and warbands of one battle size and refuses mixed ones (WB-8)."""
from __future__ import annotations

import pytest

from tactica.client.content import BattleContentError, load_battle
from tactica.content import shipped_maps, shipped_warbands


def _map(stem):
    return str(next(p for p in shipped_maps() if p.stem == stem))


def _wb(stem):
    return str(next(p for p in shipped_warbands() if p.stem == stem))


def test_wb_08_half_size_map_brings_100_point_warbands():
    (w1, w2), maps = load_battle([_map("watchtower-hill")], None)
    assert w1.point_limit == w2.point_limit == 100 and maps[0].points == 100


def test_wb_08_100_point_warbands_get_the_half_size_map():
    (w1, w2), maps = load_battle(None, [_wb("tusk-skirmishers"), _wb("greenbough-wardens")])
    assert [m.id for m in maps] == ["watchtower-hill"]


def test_wb_08_refuses_a_200_point_warband_on_a_half_size_map():
    with pytest.raises(BattleContentError) as err:
        load_battle([_map("watchtower-hill")], [_wb("silverhelm-vanguard")])
    assert "watchtower-hill.yaml: error: Watchtower Hill is drawn for 100-point battles" in err.value.lines[0]


def test_refuses_mixed_warband_sizes_and_a_third_warband():
    with pytest.raises(BattleContentError) as err:
        load_battle(None, [_wb("tusk-skirmishers"), _wb("silverhelm-vanguard")])
    assert "different battle sizes" in err.value.lines[0]
    with pytest.raises(BattleContentError) as err:
        load_battle(None, [_wb("tusk-skirmishers")] * 3)
    assert "--warband was given 3 times" in err.value.lines[0]


def test_wb_08_the_map_size_is_named_for_what_the_map_is_not_what_the_warbands_are():
    """A newcomer read "Crossroads Ruin is drawn for 200-point battles (a half-size map)" when he
    brought an Epic warband: a 200-point map is full-size, whatever the warbands."""
    with pytest.raises(BattleContentError) as err:
        load_battle([_map("crossroads-ruin")], [_wb("cinderscale-horde")])
    assert "Crossroads Ruin is drawn for 200-point battles (a full-size map)" in err.value.lines[0]
    with pytest.raises(BattleContentError) as err:
        load_battle([_map("watchtower-hill")], [_wb("cinderscale-horde")])
    assert "(a half-size map)" in err.value.lines[0]
