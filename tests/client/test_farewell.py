"""The words printed after the battle screen closes on an unfinished battle (``resume.farewell``)."""
from __future__ import annotations

from types import SimpleNamespace

from tactica.client.resume import farewell


def _app(over: bool = False, recorder: object = object()) -> SimpleNamespace:
    state = SimpleNamespace(round=3, vp=(12, 45), is_over=over)
    return SimpleNamespace(session=SimpleNamespace(save_id="20261202-221103-544060", recorder=recorder, state=state))


def test_the_saved_battle_and_the_command_to_go_on_are_each_a_line_within_80_columns(capsys):
    farewell(_app())
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["Battle saved as 20261202-221103-544060 (round 3, VP 12–45).",
                     "Continue it with: tactica resume"]
    assert all(len(line) <= 80 for line in lines)  # a terminal 80 wide never breaks "tactica resume"


def test_nothing_is_said_of_a_finished_or_an_unsaved_battle(capsys):
    farewell(_app(over=True))
    farewell(_app(recorder=None))
    farewell(SimpleNamespace())
    assert capsys.readouterr().out == ""
