"""The battle screen's sizes, without Textual: breakpoints, whether a toast fits, the status line's room."""
from tactica.client.battle_sizes import (
    NARROW,
    ROLL_TOAST_LOG,
    SIDE,
    SIDE_NARROWEST,
    SIDE_WIDE,
    TOAST_BODY,
    WIDE,
    side_width,
    status_room,
    status_rows,
    toasts_fit,
)


def test_the_side_panel_widens_and_the_status_line_narrows_at_the_breakpoints():
    assert side_width(WIDE - 1) == SIDE and side_width(WIDE) == SIDE_WIDE
    assert status_rows(NARROW - 1) == 3 and status_rows(NARROW) == 2


def test_the_side_panel_gives_up_the_few_columns_a_map_needs_to_show_whole():
    # 120×40: a 30×22 map (90 columns) fits beside the 28-column panel; with its rulers (3 more
    # columns, 1 more row) the panel gives up one, a 31×22 cave with rulers four
    assert side_width(120, 40, (30, 22)) == SIDE
    assert side_width(120, 40, (30, 22), (3, 1)) == 27 == side_width(120, 40, (31, 22))
    assert side_width(120, 40, (31, 22), (3, 1)) == SIDE_NARROWEST
    # a map that scrolls anyway keeps the panel: too wide (32 with rulers), too tall (80×24, 120×28)
    assert side_width(120, 40, (32, 22), (3, 1)) == SIDE
    assert side_width(80, 24, (30, 22)) == SIDE and side_width(120, 28, (31, 22)) == SIDE
    # no map yet, and the wide panel beside a map drawn big
    assert side_width(120, 40) == SIDE and side_width(200, 60, (31, 22), (3, 1)) == SIDE_WIDE


def test_a_toast_fits_only_where_the_map_row_and_the_log_both_have_its_rows():
    assert toasts_fit(120, 40, 22)                    # the log keeps 40 - 2 - 2 - 22 = 14 rows
    assert not toasts_fit(80, 24, 14)                 # 80×24: the log keeps 24 - 2 - 3 - 14 = 5 rows
    body = 40 - 2 - 2 - ROLL_TOAST_LOG                # the tallest map row that leaves the log its rows
    assert toasts_fit(120, 40, body) and not toasts_fit(120, 40, body + 1)
    assert not toasts_fit(120, 60, TOAST_BODY - 1)    # a map row too short for a toast over the card


def test_the_status_line_room_is_its_rows_of_the_width_less_an_acknowledgement():
    assert status_room(120, "") == 2 * (120 - 14)
    assert status_room(80, "") == 3 * (80 - 14)
    note = "Fast: the AI no longer pauses between steps."
    assert status_room(80, note) == 3 * (80 - 14) - len(note) - 3
