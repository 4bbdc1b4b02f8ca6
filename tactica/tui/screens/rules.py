"""The rules reference screen (issue 20 part 2): every rule of ``docs/rules.md`` and the module pages,
searched by ID or word, one rule's text beside the list.

Opened with ``r`` on the battle screen (and in the help), from the command palette ("Rules
reference") on any screen.  The battle screen opens it on the rules it points at now
(``RulesReference.context``: the IDs of the refusal or the status line, an attack preview's
modifiers, the abilities on the stat card; for a refusal that names no rule, the rules nearest its
words), listed first; with nothing named it opens on the player's introduction (how to read the rules
and search them, ``client.rules_reference.introduction``).  Typing searches every rule.  Keys: type
to search, ↑ ↓ choose, PgUp / PgDn scroll the rule's text, Esc closes.
"""
from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tactica.client.rules_reference import RuleEntry, RulesReference, introduction, load_reference


class RulesScreen(ModalScreen[None]):
    """Search the rules and read one.

    Args:
        context: the entries the screen that opened it points at (listed first, the first one shown);
            empty: the player's introduction (``introduction``), then every rule.
        query: a search to start with (e.g. a rule ID).
        reference: the rules (default: the shipped pages, ``load_reference``).
        rules_key: the battle key that opens the reference, as the introduction names it.
        refusal: the refusal the reference was opened on, whole ("" none): said above the text of each
            rule it points at, since a small terminal's status line cuts a long one (s21 newcomer:
            a grid35 refusal at 80×24 could not be read to its end anywhere).
    """

    DEFAULT_CSS = """
    RulesScreen {
        align: center middle;
        background: $background;  /* opaque, as the help: no toast of the screens under it shows through */
    }
    RulesScreen Toast { display: none; }
    RulesScreen > Vertical {
        width: 100%;
        max-width: 140;
        height: 100%;
        border: thick $accent;
        border-title-align: left;
        background: $panel;
    }
    RulesScreen Input { height: 3; }
    RulesScreen #rules-body { height: 1fr; }
    RulesScreen OptionList { width: 30; height: 1fr; border: none; padding: 0; }
    RulesScreen.-wide OptionList { width: 42; }
    RulesScreen #rule-scroll { width: 1fr; height: 1fr; padding: 0 1; border-left: solid $primary-darken-2; }
    RulesScreen #rules-keys { height: 1; color: $text-muted; padding: 0 1; }
    """

    HORIZONTAL_BREAKPOINTS = [(0, "-normal"), (110, "-wide")]

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("up", "move(-1)", "Previous rule", show=False),
        Binding("down", "move(1)", "Next rule", show=False),
        Binding("pageup", "page(-1)", "Scroll the rule back", show=False),
        Binding("pagedown", "page(1)", "Scroll the rule on", show=False),
    ]

    def __init__(self, context: Sequence[RuleEntry] = (), query: str = "",
                 reference: RulesReference | None = None, rules_key: str = "r", refusal: str = "") -> None:
        super().__init__()
        self.refusal = refusal
        self.reference = reference if reference is not None else load_reference()
        self.context = list(context) or [introduction(rules_key)]
        self._query = query
        #: The entries listed now, in the list's order.
        self.listed: list[RuleEntry] = []
        #: The entry whose text is shown.
        self.shown: RuleEntry | None = None

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Rules reference"
            yield Input(value=self._query, placeholder="Search the rules: an ID (MOV-7) or words (flanking)",
                        id="rules-search")
            with Horizontal(id="rules-body"):
                yield OptionList(id="rules-list")
                with VerticalScroll(id="rule-scroll"):
                    yield Static(id="rule-text")
            yield Static("type: search · ↑ ↓ choose · PgUp / PgDn scroll the rule · Esc close", id="rules-keys")

    def on_mount(self) -> None:
        self._fill(self._query)
        self.query_one(Input).focus()

    # -- the list --------------------------------------------------------------
    def _fill(self, query: str) -> None:
        """List the entries for ``query`` (the context's first when there is no query) and show the first."""
        options: list[Option | None] = []
        if query.strip():
            self.listed = self.reference.search(query)
        elif self.context:
            rest = [e for e in self.reference.entries if e not in self.context]
            self.listed = self.context + rest
        else:
            self.listed = list(self.reference.entries)
        for i, entry in enumerate(self.listed):
            if not query.strip() and self.context and i == len(self.context):
                options.append(None)  # a line between what the screen pointed at and every other rule
            options.append(Option(entry.label, id=str(i)))
        listing = self.query_one(OptionList)
        listing.clear_options()
        listing.add_options(options)
        if self.listed:
            listing.highlighted = 0
        self._show(self.listed[0] if self.listed else None)

    def _show(self, entry: RuleEntry | None) -> None:
        self.shown = entry
        text = self.query_one("#rule-text", Static)
        if entry is None:
            text.update(f"No rule holds {self.query_one(Input).value.strip()!r}. Try an ID (MOV-7) or one word.")
        else:
            from rich.markdown import Markdown  # not before the rules are asked for (a faster start)

            where = f"*{entry.page}" + (f" — {entry.chapter}*" if entry.chapter else "*")
            said = f"**Refused:** {_plain(self.refusal)}\n\n---\n\n" if self.refusal and entry in self.context else ""
            text.update(Markdown(f"{said}{entry.text}\n\n{where}"))
        self.query_one("#rule-scroll", VerticalScroll).scroll_home(animate=False)

    @on(Input.Changed)
    def _searched(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        entry = self.listed[index] if index < len(self.listed) else None
        if entry is not None and entry is not self.shown:
            self._show(entry)

    # -- keys ------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        """↑ / ↓: the previous or next rule of the list."""
        listing = self.query_one(OptionList)
        if step > 0:
            listing.action_cursor_down()
        else:
            listing.action_cursor_up()

    def action_page(self, step: int) -> None:
        """PgUp / PgDn: scroll the rule's text."""
        scroll = self.query_one("#rule-scroll", VerticalScroll)
        if step > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)

    def action_close(self) -> None:
        """Esc: close the rules."""
        if self.is_current:
            self.dismiss(None)


def _plain(text: str) -> str:
    """``text`` with Markdown's marks escaped, to be read as it was said (a refusal's words)."""
    return "".join("\\" + ch if ch in "\\`*_[]<>#|" else ch for ch in text)


__all__ = ["RulesScreen"]
