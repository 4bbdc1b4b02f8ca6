"""The setup screen: each player picks a warband and a map to bring (SET-1), and the scenario.

Dismissed with ``((warband 1, warband 2), (map 1, map 2), scenario)`` — or
with one map when both players bring the same one — or None when the player
quits.  ``scenario`` is one of ``engine.SCENARIOS`` (SCN-*; Sealed replaces
the warbands by ones built from pools drawn with the battle's seed).
The roll, the map choice, the start areas and the placement follow on the
battle screen, through the engine's ChooseMap / ChooseStartArea / Place.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static

from tactica.client.content import Choices
from tactica.engine import SCENARIOS, MapDef, WarbandDef, check_battle

#: The full-size battle's points (WB-3); a warband built for more is an Epic one (WB-7, WB-8).
FULL_SIZE = 200


def battle_size(wb: WarbandDef) -> str:
    """A warband's cost and the battle size it is built for, as the lists and the refusals name it
    (WB-3, WB-8): "63/100 pts", "196/200 pts", "480/500 pts Epic"."""
    return f"{wb.cost}/{wb.point_limit} pts" + (" Epic" if wb.point_limit > FULL_SIZE else "")


def warband_text(wb: WarbandDef) -> Text:
    """A warband's creatures and costs, with the battle size it is built for."""
    epic = ", an Epic warband" if wb.point_limit > FULL_SIZE else ""
    t = Text(f"{wb.name} — {wb.faction}, {wb.cost} points of a {wb.point_limit}-point battle{epic}\n",
             style="bold")
    for card in wb.cards:
        t.append(f"  {card.name} ({card.cost})\n")
    return t


def map_text(m: MapDef) -> Text:
    """A map's name, size and areas."""
    return Text(f"{m.name}: {m.width}×{m.height} squares, start areas {', '.join(sorted(m.start_areas))}",
                style="bold")


#: One line about each scenario for the setup screen (SCN-*).
SCENARIO_TEXT = {
    "assault": "Assault: destroyed enemies score their cost, VP zones 10 a round; first to 200 (SCN-ASSAULT).",
    "bounty": "Bounty: each destroyed enemy scores 5 VP, not its cost (SCN-BOUNTY).",
    "uncontested": "Uncontested: a VP zone scores 5 only with no enemy in it (SCN-UNCONTESTED).",
    "combined": "Combined: Bounty and Uncontested together, 250-point battle (SCN-COMBINED).",
    "sealed": "Sealed: each warband is built from two random packs drawn with the seed, any faction "
              "or alignment, Unique waived; Assault victory (SCN-SEALED).  The warbands above are ignored.",
}


class SetupScreen(Screen):
    """Choose the warbands and the maps both players bring."""

    DEFAULT_CSS = """
    SetupScreen Grid {
        grid-size: 3 2;
        grid-columns: 1fr 1fr 22;
        grid-gutter: 1 2;
        padding: 1 2;
        height: 1fr;
    }
    SetupScreen OptionList { height: 1fr; }
    SetupScreen #scenario-box { row-span: 2; }
    SetupScreen #about { height: auto; max-height: 12; padding: 0 2; border-top: solid $primary; }
    SetupScreen Label { text-style: bold; }
    SetupScreen #intro { padding: 1 2 0 2; }
    SetupScreen OptionList { text-wrap: nowrap; text-overflow: ellipsis; }
    SetupScreen.-narrow Grid { grid-columns: 1fr 1fr 15; grid-gutter: 0 1; padding: 0 1; }
    SetupScreen.-narrow #intro { padding: 0 1; }
    SetupScreen.-narrow #about { max-height: 5; padding: 0 1; }
    """

    NARROW = (100, 30)
    """Below these columns or rows (80×24) the screen is ``-narrow``: a one-line intro, short labels,
    a narrower scenario list and a shorter detail panel, so each list shows several entries."""

    INTRO = ("[b]Setup[/b] — each player picks a warband and a map to bring, and the scenario.  "
             "Tab moves between the lists, arrows choose, [b]s[/b] starts: then the roll, "
             "the map, the start areas and placing the creatures (SET-1..3).")
    SHORT_INTRO = "[b]Setup[/b]: Tab: next list · arrows choose · [b]s[/b] starts (SET-1..3)"

    BINDINGS = [
        Binding("s", "start", "Start battle"),
        Binding("escape", "quit", "Quit"),
    ]

    def __init__(self, choices: Choices, scenario: str = "assault") -> None:
        super().__init__()
        self.choices = choices
        self.scenario = scenario if scenario in SCENARIOS else "assault"

    def compose(self) -> ComposeResult:
        wbs = [f"{w.name} ({battle_size(w)})" for w in self.choices.warbands]
        maps = [f"{m.name} ({m.width}×{m.height})" for m in self.choices.maps]
        yield Static(self.INTRO, id="intro")
        with Grid():
            for p in (1, 2):
                with Vertical():
                    yield Label(f"Player {p} brings the warband", id=f"wb{p}-label")
                    yield OptionList(*wbs, id=f"wb{p}")
            with Vertical(id="scenario-box"):
                yield Label("Scenario")
                yield OptionList(*[s.capitalize() for s in SCENARIOS], id="scenario")
            for p in (1, 2):
                with Vertical():
                    yield Label(f"Player {p} brings the map", id=f"map{p}-label")
                    yield OptionList(*maps, id=f"map{p}")
        yield Static(id="about")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#scenario", OptionList).highlighted = SCENARIOS.index(self.scenario)
        n_wb, n_map = len(self.choices.warbands), len(self.choices.maps)
        self.query_one("#wb1", OptionList).highlighted = 0
        self.query_one("#wb2", OptionList).highlighted = 1 % n_wb if n_wb else None
        self.query_one("#map1", OptionList).highlighted = 0
        self.query_one("#map2", OptionList).highlighted = 1 % n_map if n_map else None
        self.query_one("#wb1", OptionList).focus()
        self._fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event) -> None:
        """The narrow form below ``NARROW`` (``_fit``)."""
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Switch the ``-narrow`` form on below ``NARROW`` columns or rows, off above."""
        narrow = width < self.NARROW[0] or height < self.NARROW[1]
        self.set_class(narrow, "-narrow")
        self.query_one("#intro", Static).update(self.SHORT_INTRO if narrow else self.INTRO)
        for p in (1, 2):
            self.query_one(f"#wb{p}-label", Label).update(f"Player {p}'s warband" if narrow
                                                           else f"Player {p} brings the warband")
            self.query_one(f"#map{p}-label", Label).update(f"Player {p}'s map" if narrow
                                                            else f"Player {p} brings the map")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        about = self.query_one("#about", Static)
        i = event.option_index
        if event.option_list.id == "scenario":
            about.update(Text(SCENARIO_TEXT[SCENARIOS[i]], style="bold"))
        elif (event.option_list.id or "").startswith("wb"):
            about.update(warband_text(self.choices.warbands[i]))
            self._fit_maps()
        else:
            about.update(map_text(self.choices.maps[i]))

    def _fit_maps(self) -> None:
        """When both highlighted warbands are built for one size, move each map highlight that
        is not drawn for that size to the first map that is (WB-8, as ``tactica play`` picks
        the shipped map of the warbands' size)."""
        pick = [self.query_one(f"#{k}", OptionList).highlighted for k in ("wb1", "wb2")]
        picked = [i for i in pick if i is not None]
        if len(picked) < len(pick):
            return
        limits = {self.choices.warbands[i].point_limit for i in picked}
        if len(limits) != 1:
            return
        size = limits.pop()
        fitting = [i for i, m in enumerate(self.choices.maps) if m.points == size]
        for key in ("map1", "map2"):
            maps = self.query_one(f"#{key}", OptionList)
            current = maps.highlighted
            if fitting and (current is None or self.choices.maps[current].points != size):
                maps.highlighted = fitting[0 if key == "map1" else min(1, len(fitting) - 1)]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.focus_next()

    def action_start(self) -> None:
        """Start the battle with the highlighted choices."""
        if not self.is_current:
            return
        pick = {k: self.query_one(f"#{k}", OptionList).highlighted or 0 for k in ("wb1", "wb2", "map1", "map2")}
        warbands = (self.choices.warbands[pick["wb1"]], self.choices.warbands[pick["wb2"]])
        maps: tuple[MapDef, ...] = (self.choices.maps[pick["map1"]],)
        if pick["map2"] != pick["map1"]:
            maps = maps + (self.choices.maps[pick["map2"]],)
        scenario = SCENARIOS[self.query_one("#scenario", OptionList).highlighted or 0]
        # WB-3/WB-8: the engine says whether these warbands and maps make one battle (Sealed
        # replaces the warbands by 200-point ones, so only the maps are checked then)
        problems = check_battle(() if scenario == "sealed" else warbands, maps)
        if problems:
            text = Text("Cannot start this battle:\n", style="bold red")
            for p in problems:
                text.append(f"  {p.message}\n", style="red")
            text.append("Choose warbands built for one battle size and maps drawn for it.")
            self.query_one("#about", Static).update(text)  # said there, not in a toast over it
            self.app.bell()
            return
        self.dismiss((warbands, maps, scenario))

    def action_quit(self) -> None:
        """Leave without a battle."""
        if self.is_current:
            self.dismiss(None)


class TitleSetupScreen(SetupScreen):
    """The setup screen opened from the title screen: Esc goes back to it (the footer says "Back")."""

    BINDINGS = [Binding("escape", "quit", "Back")]
