"""The battle log's few rows at 80×24 show whole lines (nm s16 F8: the three rows began mid-line,
" destroyed, +16 VP)", who hit whom scrolled off): while the log follows its newest lines, the rows at
its top that end a line begun above the view are left blank."""
from __future__ import annotations

import pytest

from tactica.client.describe import LogLine
from tactica.engine.sandbox import battle

from .conftest import app_for_state


def _rows(log) -> list[str]:
    return [log.render_line(y).text for y in range(log.scrollable_content_region.height)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_log_following_its_newest_lines_shows_them_whole_from_their_first_row(size):
    app = app_for_state(battle("A.\n.b", active="A"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        log = app.screen.battle_log
        width = log.scrollable_content_region.width - 1          # the side mark's column
        long = [LogLine(f"entry {i} " + "word " * ((width + 10) // 5), "info", i % 2) for i in range(12)]
        log.add(long)
        await pilot.pause()
        height = log.scrollable_content_region.height
        if height % 2 == 0:                                       # every entry is two rows: an odd count
            log.add([LogLine("entry last", "info", 0)])           # leaves half an entry at the top
            await pilot.pause()
        rows = _rows(log)
        assert log.following and log.scroll_y == log.max_scroll_y > 0
        shown = [r for r in rows if r.strip()]
        assert shown and shown[0][1:].startswith("entry "), rows  # the first row shown begins a line
        assert rows[0].strip() == ""                              # the half line above it: blank
        assert "entry last" in rows[-1] or "entry 11 " in "".join(rows)
        log.page(-1)                                              # reading back: every row, as it comes
        await pilot.pause()
        assert not log.following and all(r.strip() for r in _rows(log))
