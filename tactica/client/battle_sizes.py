"""The battle screen's sizes: its breakpoints, a map square's cells, and the rows each part gets.

Pure arithmetic on terminal columns and rows (no Textual): the battle screen
(``tactica.tui.screens.battle_layout``) asks it how many rows the map row
gets, whether a toast fits and how many characters the status line shows;
the map and the footer take their cell size and breakpoint from here.
"""
from __future__ import annotations

NARROW = 110
"""Terminal columns below which the footer is compact with short labels and the status line has
three rows (the battle screen's ``-narrow``)."""

WIDE = 160
"""Terminal columns from which the side panel (and a toast) is ``SIDE_WIDE`` wide (``-wide``)."""

SIDE = 28
"""Columns of the side panel (stat card, legend), its border included, below ``WIDE`` columns."""

SIDE_WIDE = 40
"""Columns of the side panel from ``WIDE`` columns."""

SIDE_NARROWEST = 24
"""Fewest columns the side panel narrows to (from ``SIDE``) so that a map a few columns too wide for
the view shows whole: a 31×22 cave, or a 30-column map with its rulers, at 120×40 (``side_width``)."""

CELL = 3
"""Terminal columns per map square (normal size)."""

MID_CELL = 4
"""Terminal columns per square (one row) when the whole map fits across at that width but is not drawn
big: a blank column before each square's three, so that labels side by side read apart (`` br3 wa1``,
not ``br₃wa₁``; issue 20) — a 22×15 map at 120×40."""

BIG_CELL = (5, 2)
"""Columns and rows per square when the whole map fits at that size (large terminals)."""

TOAST_BODY = 12
"""Rows the map row must have for a toast to pop up over its right end (the stat card): a toast as
narrow as the side panel is up to ten rows tall, and it must end above the status line."""

LOG_MIN = 5
"""Fewest rows of the battle log, its top border included (four lines of text)."""

LOG_BESIDE_BIG = 12
"""Rows the log must keep for the map to be drawn big (``BIG_CELL``): a big terminal shows a big board."""

ROLL_TOAST_LOG = 10
"""Rows the log must have for a toast to pop up over it: a toast is four or five rows tall and covers
the log's right half, so on a smaller log (80×24: four lines) a roll (setup, initiative, confusion)
is said in the log only, where it stays readable (bold, reverse video), and a refusal or an
opportunity-attack warning in the status line only."""

SIDE_MIN = 20
"""Rows the side panel (stat card, legend) gets on a small map, when the terminal has them."""

STATUS_PADDING = 2 + 12
"""Columns of a status line's row that hold no message: its padding, and a word's slack for the wrapping."""


def side_width(width: int, height: int = 0, map_size: tuple[int, int] = (0, 0),
               gutter: tuple[int, int] = (0, 0)) -> int:
    """Columns of the side panel (its border included) on a ``width``×``height`` terminal.

    Args:
        width, height: the terminal in columns and rows (``height`` 0: not known, no narrowing).
        map_size: the battle map's (columns, rows) in squares ((0, 0): none yet).
        gutter: (columns, rows) the map's rulers take (``MapView.ruler_room``), (0, 0) without them.
    Returns ``SIDE_WIDE`` from ``WIDE`` columns, else ``SIDE``; but when the map drawn small
    (``CELL`` columns a square) is a few columns too wide for the view and would show whole, rows
    too, with a side panel of at least ``SIDE_NARROWEST`` columns, the side panel gives up just
    those columns (Echoing Deep with its rulers at 120×40: 27).  A map that scrolls anyway keeps
    the panel as it is.
    """
    base = SIDE_WIDE if width >= WIDE else SIDE
    cols, rows = map_size
    need = cols * CELL + gutter[0]
    if not cols or need <= width - base or need > width - SIDE_NARROWEST:
        return base
    if rows + gutter[1] > height - 2 - status_rows(width) - LOG_MIN:  # taller than its row may be
        return base
    return width - need


def status_rows(width: int) -> int:
    """Rows of the status line on a terminal ``width`` columns wide: 3 below ``NARROW``, else 2."""
    return 3 if width < NARROW else 2


def body_rows(width: int, height: int, map_size: tuple[int, int], side: int, status: int,
              gutter: tuple[int, int] = (0, 0)) -> int:
    """Rows for the map and the side panel on a ``width``×``height`` terminal; the log gets the rest.

    Args:
        width, height: the terminal in columns and rows.
        map_size: the battle map's (columns, rows) in squares.
        side: columns of the side panel (its border included).
        status: rows of the status line.
        gutter: (columns, rows) the map's rulers take, (0, 0) without them: the column ruler's row
            comes out of the log's, and never turns a big map small.
    Returns the height of the map row: the map's whole height when the log
    keeps at least ``LOG_MIN`` rows; on a small map still ``SIDE_MIN`` rows
    (at most half of the space) for the stat card; never so many that the
    log gets fewer than ``LOG_MIN``.
    The map is drawn big (``BIG_CELL``) only when it fits across and the log
    still keeps ``LOG_BESIDE_BIG`` rows; otherwise the log gets the extra rows.
    """
    space = height - 2 - status  # the header and the footer take one row each
    cols, rows = map_size
    gx, gy = gutter
    view = width - side - gx
    need = rows + gy + (1 if cols * CELL > view else 0)  # a horizontal scroll bar (the edge bar)
    big_w, big_h = BIG_CELL
    if cols and cols * big_w <= view and rows * big_h <= space - LOG_BESIDE_BIG:
        need = rows * big_h + gy
    return max(1, min(max(need, min(SIDE_MIN, space // 2)), space - LOG_MIN))


def toasts_fit(width: int, height: int, body: int) -> bool:
    """True when a toast (a roll, a refusal, an opportunity-attack warning) may pop up on a
    ``width``×``height`` terminal whose map row is ``body`` rows tall.

    Toasts stand at the top right over the stat card, so the map row must have ``TOAST_BODY``
    rows (a toast never reaches the status line or the log); and the log (the terminal's rows
    less the header, footer, status line and map row) must have ``ROLL_TOAST_LOG`` rows, else a
    roll is said in the log and a refusal or warning in the status line only."""
    return height - 2 - status_rows(width) - body >= ROLL_TOAST_LOG and body >= TOAST_BODY


def status_room(width: int, note: str) -> int:
    """Characters the status line shows on a terminal ``width`` columns wide: its rows
    (``status_rows``) of the width less ``STATUS_PADDING``, less what the acknowledgement ``note``
    before the message takes ("" when none)."""
    return status_rows(width) * (width - STATUS_PADDING) - (len(note) + 3 if note else 0)
