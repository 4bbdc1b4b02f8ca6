"""The tutorial's battle screen: the battle screen with the lesson's panel over its footer.

The lesson (``tactica.client.tutorial.Lesson``: the steps, their checks, the progress file) looks at
every batch of events the screen shows and at every undo; when the step on screen is done, the next
one appears.  The panel names the keys actually bound (``key_names``).  A key that is no part of the
step shows the step's hint in the panel (the key still does what it does in any battle: never a dead
end); ctrl+n skips a step; q leaves, the step reached and the battle kept for the next
``tactica tutorial`` (after every batch of events and every undo: ``Lesson.keep``).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from textual import events as keys
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.markup import escape
from textual.widgets import Static

from tactica.client.battle_words import leave_words
from tactica.client.describe import LogLine
from tactica.client.session import GameSession
from tactica.client.tutorial import Lesson, Seen, battle_numbers
from tactica.engine import Event

from ..widgets.map_view import MapView
from .battle import BattleScreen
from .battle_keys import BINDINGS

__all__ = ["TutorialScreen", "key_names"]

SKIP_KEY = "ctrl+n"
"""The key that skips the step on screen."""

PANEL_ROWS = 5
"""Rows of text the lesson's panel shows at most (its ``max-height`` less its top border)."""


def _action_name(action: str) -> str:
    """A binding's action without its arguments, the refusal bindings under the action they refuse:
    "says_why('attack')" -> "attack", "undo_refused" -> "undo", "next(1)" -> "next"."""
    match = re.match(r"says_why\('(\w+)'\)", action)
    if match:
        return match.group(1)
    name = action.split("(", 1)[0]
    return "undo" if name == "undo_refused" else name


_KEY_WORDS = {"enter": "Enter", "tab": "Tab", "escape": "Esc", "space": "Space", "question_mark": "?",
              "shift+tab": "Shift+Tab", "pageup": "PgUp", "pagedown": "PgDn"}


def key_display(binding: Binding) -> str:
    """How the lesson names a binding's key: its ``key_display``, else "Enter", "Tab", "Ctrl+N", "m"."""
    if binding.key_display:
        return binding.key_display
    key = binding.key.split(",", 1)[0]
    if key in _KEY_WORDS:
        return _KEY_WORDS[key]
    if key.startswith("ctrl+"):
        return "Ctrl+" + key[5:].upper()
    return key


def key_names(bindings: Sequence[BindingType], display=key_display) -> dict[str, str]:
    """Action name -> the key shown for it: the first binding of each action in ``bindings`` (a
    settings keymap's rebinding included when it lands in the screen's bindings), shown by
    ``display`` (``key_display``)."""
    out: dict[str, str] = {}
    for binding in bindings:
        if not isinstance(binding, Binding):
            continue
        name = _action_name(binding.action)
        if name not in out:
            out[name] = display(binding)
    return out


class TutorialScreen(BattleScreen):
    """A battle with the lesson's panel (``tactica tutorial``).

    Args:
        session: the tutorial battle (``client.tutorial.tutorial_session``).
        lesson: the learner's progress (``Lesson.resumed``).
    """

    DEFAULT_CSS = """
    TutorialScreen #lesson { dock: bottom; height: auto; max-height: 6; padding: 0 1;
                             background: $boost; border-top: solid $accent; margin-bottom: 1; }
    TutorialScreen #lesson-hint { color: $warning; }
    """

    BINDINGS = [*BINDINGS,
                Binding(SKIP_KEY, "skip_step", "Skip step"),
                ]

    def __init__(self, session: GameSession, lesson: Lesson) -> None:
        super().__init__(session)
        self.lesson = lesson
        self.lesson_panel = Static(id="lesson")
        self._hint = ""
        #: A line over the step's heading: the step just done, a welcome back ("" none).
        self._said = ""
        #: The key actions the learner has used in this battle (``Seen.used``).
        self.used: set[str] = set(lesson.used) if lesson.resumes(session) else set()
        #: True when the battle is the one left earlier, rebuilt (not a fresh one).
        self.resumed_battle = lesson.resumes(session)
        #: How many of the AI's intent lines (``AiTurn.intent_lines``) were shown before the step on
        #: screen came up: the intent step looks only at the lines after.
        self._intents_before = 0

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield self.lesson_panel

    def on_mount(self) -> None:
        # Textual runs BattleScreen.on_mount first by itself (a handler of each class in the MRO).
        if self.lesson.again:
            self._said = "You finished the tutorial before: here it is again from step 1, in a new battle."
        elif self.lesson.finished:
            self._said = ("You finished the tutorial: play on, or 'tactica play' for a real battle "
                          "('tactica tutorial --restart' does it again).")
        elif self.resumed_battle:  # a tutorial left earlier: its battle as it was, at the step reached
            self._said = (f"Welcome back: the battle as you left it, on with {self.lesson.where()}; "
                          "'tactica tutorial --restart' starts over.")
        elif 0 < self.lesson.index:  # the step reached, but no battle to go back to: a new one
            self._said = (f"Welcome back: on with {self.lesson.where()} in a new battle; "
                          "'tactica tutorial --restart' starts over.")
        self.show_lesson()
        self.lesson.keep(self.session.actions, self.used, self.ai_turn.show_intent)

    def opening_lines(self) -> list[LogLine]:
        """The log's first line: the tutorial's battle (no seed to replay: ``tactica tutorial`` is the
        way back to it), resumed or new."""
        if self.resumed_battle:
            return [LogLine("The tutorial's battle, as you left it: the log so far", "info")]
        return [LogLine("The tutorial's battle: your Practice Band (Player 1) against the Sparring Party "
                        "(the AI, Player 2)", "info")]

    # -- the keys named in the panel ------------------------------------------------
    def bound_now(self) -> list[Binding]:
        """The screen's bindings with the keys in force now: a key the settings' ``[keys]`` rebinds
        (``BattleScreen._bound``, by the binding's id "battle.NAME") replaces the default."""
        bound = self._bound()
        out = []
        for binding in self.BINDINGS:
            if not isinstance(binding, Binding):
                continue
            name = (binding.id or "").removeprefix("battle.")
            if name in bound and binding.key in self._default_keys(name):
                binding = replace(binding, key=bound[name])
            out.append(binding)
        return out

    @staticmethod
    def _default_keys(name: str) -> set[str]:
        from tactica.client.settings import Settings
        return set(Settings().bound_keys().get(name, "").split(","))

    def key_names(self) -> dict[str, str]:
        """Action name -> the key bound to it now, for the lesson's texts, and the battle's numbers
        (``client.tutorial.NUMBERS``: "zone_vp" -> "5")."""
        names = key_names(self.bound_now())
        names["ai_intent"] = names.get("ai_intent", "i")
        names.update(battle_numbers(self.session.state))  # the zone's VP and the target (the zones step)
        return names

    def show_lesson(self) -> None:
        """Redraw the lesson's panel: the line over the heading (a step just done, a welcome back), the
        step's heading, the hint after a wrong key (right under the heading), then the step's text.
        The question a first q asks is the status line's, as in any battle (``BattleScreen.action_quit``;
        s17: between the heading and the text it did not read as one).  The step's text is whole in the
        panel's ``PANEL_ROWS`` (nm s17 F1, F4, F7: the ✓ and welcome lines pushed its end off at 80×24):
        a line over the heading that would cut it is said shorter ("✓ Done: A charge." without the steps
        done earlier), else once on the status line (``acknowledge``) instead of in the panel."""
        names = self.key_names()
        lesson = self.lesson
        skip = names.get("skip_step", SKIP_KEY)
        tail = "" if lesson.finished else f"  ({skip} skips it, {names.get('quit', 'q')} leaves)"
        below = f"\n[$warning]Hint: {self._hint}[/]" if self._hint else ""
        below += f"\n{lesson.text(names)}"
        if lesson.step is not None and lesson.step.id == "intent" and self.ai_turn.ai is not None:
            key = names.get("ai_intent", "i")
            below += (" [$success]Intent is on: watch the log during the AI's next activation.[/]"
                      if self.ai_turn.show_intent else f" [$warning]Intent is off: press {key}.[/]")
        heading = f"[b]{lesson.heading()}[/b]"
        text = f"{heading}{tail}{below}"
        for said in self._said_forms():  # a step just done: its line and the heading share the first row
            with_said = f"[$success]{said}[/]  {heading}{'' if said.startswith('✓') else tail}{below}"
            if self._rows(with_said) <= PANEL_ROWS:
                text = with_said
                break
        else:
            if self._said:  # no room over the heading: said once on the status line, not in the panel
                self.acknowledge(self._said)
                self._said = ""
        self.lesson_panel.update(text)

    def _said_forms(self) -> list[str]:
        """The line over the heading as it may be said, longest first: whole, then only its first
        sentence ("✓ Done: A charge." without "✓ Done earlier in this battle: …"); [] when none."""
        if not self._said:
            return []
        first = self._said.split(". ", 1)[0].rstrip(".") + "."
        return [self._said] if first == self._said else [self._said, first]

    def _rows(self, markup: str) -> int:
        """Rows ``markup`` takes in the lesson's panel, wrapped to its width (the terminal's less the
        panel's padding, before the panel is laid out)."""
        width = self.lesson_panel.content_region.width or max(1, self.app.size.width - 2)
        return len(Content.from_markup(markup).wrap(width))

    def question_note(self) -> str:
        """The step on screen at the top of the who-goes-first question when that step teaches it
        (the first: RND-1): the question covers the lesson's panel (and the footer), so the step's
        text, the skip key and the leave key are shown in it."""
        step = self.lesson.step
        if step is None or step.id != "first":
            return ""
        names = self.key_names()
        tail = f"  ({names.get('skip_step', SKIP_KEY)} skips it, {names.get('quit', 'q')} leaves)"
        said = f"[$success]{self._said}[/]\n" if self._said and not self._said.startswith("✓") else ""
        return f"{said}[b]Tutorial — {self.lesson.heading()}[/b]{tail}\n{self.lesson.text(names)}"

    def champion_note(self) -> str:
        """The champion step's lesson over a champion-power question that comes before that step is
        done (the battle asks when it asks, often earlier: the question covers the lesson's panel), so
        the learner meets the lesson with the question; "" once the step is done."""
        ids = [s.id for s in self.lesson.steps]
        if "champion" not in ids or self.lesson.index > ids.index("champion"):
            return ""
        at = ids.index("champion")
        step = self.lesson.steps[at]
        names = self.key_names()
        early = "" if self.lesson.index == at else f" (step {at + 1} of {len(ids)}, here early)"
        return f"[b]Tutorial — {step.title}[/b]{early}\n{self.lesson.text_of(step.id, names)}"

    def question_key_note(self):
        """The who-goes-first question's keys while step 1 is on (``ChoiceModal.key_note``): the skip
        key skips the step (the question stays: the battle needs its answer); a key the question does not
        use gets the step's hint under its text."""
        step = self.lesson.step
        if step is None or step.id != "first":
            return None
        skip_keys = {b.key for b in self.bound_now() if _action_name(b.action) == "skip_step"} or {SKIP_KEY}

        def told(key: str, own: bool) -> str | None:
            names = self.key_names()
            if key in skip_keys:
                if self.lesson.step is not None and self.lesson.step.id == "first":
                    self.action_skip_step()
                return (f"[b]Tutorial — step 1 skipped.[/b] Answer this question (arrows, then "
                        f"{names.get('select', 'Enter')}) and the lesson goes on with {self.lesson.where()}.")
            if own or self.lesson.step is None or self.lesson.step.id != "first":
                return None
            return self.question_note() + f"\n[$warning]Hint: {self.lesson.hint(names)}[/]"

        return told

    # -- what the lesson looks at -------------------------------------------------------
    def step_intents(self) -> tuple[str, ...]:
        """The AI's intent lines the log showed since the step on screen came up (``Seen.intents``)."""
        return tuple(self.ai_turn.intent_lines[self._intents_before:])

    def show_events(self, events: Sequence[Event], follow: bool = True) -> None:
        super().show_events(events, follow)
        self.lesson_saw(Seen(tuple(events), self.session.state, used=frozenset(self.used),
                             intents=self.step_intents()))
        self.lesson.keep(self.session.actions, self.used, self.ai_turn.show_intent)

    def action_undo(self) -> None:
        before = len(self.session.actions)
        super().action_undo()
        if len(self.session.actions) < before:
            self.lesson_saw(Seen((), self.session.state, key="undo", undone=True, used=frozenset(self.used)))
            self.lesson.keep(self.session.actions, self.used, self.ai_turn.show_intent)

    def action_ai_intent(self) -> None:
        super().action_ai_intent()
        self.used.add("ai_intent")
        self.lesson.keep(self.session.actions, self.used, self.ai_turn.show_intent)
        self.show_lesson()  # the intent step says whether the intent is on now

    def lesson_saw(self, seen: Seen) -> None:
        """Show ``seen`` to the lesson; on to the next step when it completes the one on screen."""
        step = self.lesson.step
        if self.lesson.observe(seen):
            self._hint = ""
            self._said = "" if step is None else f"✓ Done: {step.title}."
            if step is not None and step.id == "intent" and seen.intents:
                line = seen.intents[-1]
                line = line if len(line) <= 48 else line[:47].rstrip() + "…"
                self._said = f"✓ Done: \"{escape(line)}\" is an intent line: what the AI did and why."
            self._intents_before = len(self.ai_turn.intent_lines)
            self.catch_up()
            self.show_lesson()

    def catch_up(self) -> None:
        """Pass the steps that come up already done in this battle (``Lesson.catch_up``) and name them in
        the line over the heading ("✓ Done earlier: A charge."), after the step just done if any."""
        passed = self.lesson.catch_up(Seen(tuple(self.session.events), self.session.state))
        if passed:
            earlier = f"✓ Done earlier in this battle: {', '.join(passed)}."
            self._said = f"{self._said} {earlier}" if self._said.startswith("✓") else earlier

    def action_skip_step(self) -> None:
        """ctrl+n: skip the step on screen (the next one appears; the progress file remembers it)."""
        if not self.lesson.finished:
            self.lesson.advance()
            self._hint = ""
            self._said = ""
            self._intents_before = len(self.ai_turn.intent_lines)
            self.catch_up()
            self.show_lesson()
            self.refresh_bindings()

    def action_quit(self) -> None:
        """q: the first asks in the status line, as in any battle, saying that the step reached and the
        battle are kept (``Lesson.keep`` after every batch of events) and where ``tactica tutorial``
        goes on (``leave_question``); q again or y leaves, any other key stays.  Once the lesson is
        finished, q leaves at once."""
        if self.lesson.finished:
            self.leave_battle()
            return
        super().action_quit()

    def leave_question(self, quit_key: str | None = None) -> str:
        """What the first q asks (``battle_words.leave_words``, the battle's form): the step reached and
        the battle are kept, and the keys to answer (``quit_key`` again, the quit key bound unless
        given, or y)."""
        quit_key = quit_key or self.key_names().get("quit", "q")
        where = f"step {self.lesson.index + 1} of {len(self.lesson.steps)}"
        return leave_words("tutorial", f"Your place ({where}) and its battle are kept: 'tactica tutorial' "
                                       "goes on from there", quit_key)

    def question_leave(self) -> Callable[[], str] | None:
        """Under a question (who goes first, a champion power…) q asks first too, as at every step
        (s16 keys 1); the question's own q is q.  None once the lesson is finished."""
        return None if self.lesson.finished else (lambda: self.leave_question("q"))

    def leave_battle(self) -> None:
        """Leave: the place is kept (``Lesson.keep``), then as on the battle screen."""
        self.lesson.keep(self.session.actions, self.used, self.ai_turn.show_intent)
        super().leave_battle()

    def footer_first(self) -> frozenset[str]:
        """The key actions the step on screen teaches (``Step.keys``): the footer keeps them before the
        others at 80 columns (s16 keys 4: i, asked for by the intent step, fell off once pressed, its
        label "Intent ✓" longer)."""
        step = self.lesson.step
        return frozenset() if step is None else frozenset(step.keys)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The skip key only while a step is left; the battle's keys as on the battle screen."""
        if action == "skip_step":
            return not self.lesson.finished
        return super().check_action(action, parameters)

    def winner_note(self) -> str:
        """Where the lesson stands when the battle ends: finished (a battle ended at the last step
        finishes it), or the step a fresh battle (n) goes on with."""
        step = self.lesson.step
        if step is not None and step.id == "finish":
            self.lesson.finish()
        if self.lesson.finished:
            return ("Tutorial finished: you know the game. 'tactica play' starts a battle against the normal "
                    "AI.")
        return f"Tutorial: the battle ended before the lesson did. Press n for a fresh battle at {self.lesson.where()}."

    def on_key(self, event: keys.Key) -> None:
        """Every key: one that is no part of the step on screen shows the step's hint (it still does
        what it does in a battle; Textual runs BattleScreen.on_key by itself too)."""
        if self.leaving:
            return  # the key answers the leave question (``BattleScreen.on_key``), no part of the lesson
        action = self._key_action(event.key)
        if self.lesson.wrong_key(action):
            self._hint = self.lesson.hint(self.key_names())
            self.show_lesson()
        elif self._hint and action is not None and action != "cursor" and action not in ("help", "quit"):
            self._hint = ""  # a key of the step: the hint has done its work
            self.show_lesson()

    def _key_action(self, key: str) -> str | None:
        """The action ``key`` is bound to on this screen or the map ("cursor"); None when unbound."""
        if key in _MAP_KEYS:
            return "cursor"
        for binding in self.bound_now():
            if key in binding.key.split(","):
                return _action_name(binding.action)
        if key.startswith("ctrl+") or key in ("escape", "shift+tab", "f1"):
            return "cancel"  # the app's own keys (palette, Ctrl+C) and leaving a question
        return None


def _map_keys() -> frozenset[str]:
    out: set[str] = set()
    for binding in MapView.BINDINGS:
        if isinstance(binding, Binding):
            out.update(binding.key.split(","))
    return frozenset(out)


_MAP_KEYS = _map_keys()
"""The map's own keys (the cursor's moves and the map's scrolling): never a wrong key."""
