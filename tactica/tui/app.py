"""The Textual App: thin — it pushes the first screen and swaps battles.

Everything about a battle lives in ``screens.battle.BattleScreen`` and the
``GameSession`` it drives; the App only knows how to get a new session
(``BattleFactory``), shows the setup screen first when asked, and covers the
game with ``TooSmallScreen`` while the terminal is below 80×24.

Leaving on a signal (issue 22): SIGTERM and SIGHUP, and Ctrl+C (a key, not
a signal, while Textual holds the terminal), save the battle — every action
is already in its journal; the background writer is given a moment to write
the whole save — and then end the app the ordinary way, so Textual restores
the terminal (alternate screen off, cursor shown, mouse tracking off); the
app's result, the process's exit status, is 143, 129 or 130.
"""
from __future__ import annotations

import signal
from collections.abc import Iterable
from dataclasses import replace

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets._toast import ToastRack

from tactica import codecache
from tactica.client import collector
from tactica.client.describe import LogLine
from tactica.client.factory import BattleFactory
from tactica.client.opponent import Opponent
from tactica.client.resume import newest_unfinished
from tactica.client.saving import OpenedSave, describe_save, resume_session
from tactica.client.session import GameSession
from tactica.client.settings import LoadedSettings, Settings, key_display, load_settings, remember
from tactica.saves.codec import SaveError

from .commands import GameCommands, MarkedThemes
from .exit_signals import EXIT_INTERRUPTED, unwatch, watch
from .screens.battle import BattleScreen
from .screens.too_small import cover_when_small

# Not imported here (issue 21: the battle's first frame comes sooner): the screens a ``tactica play``
# battle does not open at once — the title, setup, settings and rules screens, the offer's question —
# and the log's export; each method that opens one imports it (``tests/test_startup_imports.py``).
from .themes import OWN_THEMES, theme_names

#: Keys that draw nothing or draw as a lower-case word, as the footer names them ("space" would be a
#: blank): the help, the settings screen and the status line say the same (``client.settings.key_display``).
_KEY_NAMES = {"space": "Space", "tab": "Tab", "escape": "Esc", "backspace": "Backspace", "delete": "Del",
              "insert": "Ins", "home": "Home", "end": "End", "pageup": "PgUp", "pagedown": "PgDn"}

#: The title screen's New battle question: who plays Player 2 (an AI level, or "human": hot-seat).
_OPPONENT_WORDS = {"normal": "The AI (normal)", "greedy": "The AI (greedy: easier)", "hard": "The AI (hard)",
                   "random": "The AI (random: plays at random)",
                   "human": "A second player at this keyboard (hot-seat)"}


class TacticaApp(App[int]):
    """tactica's battle client.

    Args:
        factory: makes the sessions (quick start or after the setup screen).
        setup: start with the full setup (choose maps and warbands) instead
            of a quick start.
        resume: a battle to show at once instead of starting one (``tactica resume``).
        offer: an unfinished saved battle to offer to continue before starting a new one.
        handoff: hide the board between two human players' turns in hot-seat (the hand-off screen,
            ``client.handoff``); on unless the settings file or ``--no-handoff`` say otherwise.
        ring_bell: ring the terminal's bell when the AI's turn ends and a human's begins (``--bell``,
            or the settings file's ``bell``).
        settings: the settings file read (``client.settings.load_settings``): its theme, keymap and
            champion prompts are used, its problems said in a toast, and a theme chosen in the
            command palette is written back to it.  None (tests): the defaults, nothing written.
        tutorial: start with the tutorial's battle (``tactica tutorial``) instead of a battle.
        title: start with the title screen (``tactica`` alone): a battle, the tutorial, the builder,
            the rules or the settings are opened from it and it comes back when they close.
    """

    TITLE = "tactica"
    #: ctrl+p: Textual's command palette with the game's commands (``client.commands``) beside
    #: Textual's own (theme, keys, screenshot; its quit gives way to the game's).
    COMMANDS = App.COMMANDS | {GameCommands}
    #: Ctrl+C saves and quits on every screen, before a screen's own Ctrl+C (copy) sees it.
    BINDINGS = [Binding("ctrl+c", "interrupt", "Save and quit", show=False, priority=True)]

    def __init__(self, factory: BattleFactory, *, setup: bool = False, resume: GameSession | None = None,
                 offer: OpenedSave | None = None, handoff: bool = False, ring_bell: bool = False,
                 settings: LoadedSettings | None = None, tutorial: bool = False, title: bool = False) -> None:
        super().__init__()
        self.tutorial = tutorial
        #: The title screen is the app's first screen (``tactica`` alone): leaving a battle goes back to it.
        self.title_first = title
        self.handoff = handoff
        self.ring_bell = ring_bell
        #: The settings file read (None: the defaults, and a theme chosen is not written anywhere).
        self.settings_file = settings
        #: The settings in force (theme, keys, champion prompts…).
        self.settings: Settings = settings.settings if settings is not None else Settings()
        for theme in OWN_THEMES:
            self.register_theme(theme)
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.set_keymap(self.settings.keymap())
        self.factory = factory
        self.setup = setup
        self.session: GameSession | None = None
        #: The AI's fast mode (``f``) for this run of the app: every new battle starts with it.
        self.ai_fast = False
        self._resume = resume
        self._offer = offer
        self._watched: list[signal.Signals] = []

    #: When the key being handled arrived (``events.Key.time``, the monotonic clock), for a question that
    #: ignores a key typed before it was on screen (``ChoiceModal.typed_before``); 0.0 before any key.
    key_time = 0.0

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            self.key_time = event.time
        await super().on_event(event)

    def on_ready(self) -> None:
        """The first frame is on the screen: the cycle collector that the command line held off for the
        start runs again, the start's objects frozen out of its walks (``client.collector``), and the
        dataclass methods this start compiled are kept for the next one (``tactica.codecache``)."""
        collector.release(freeze=True)
        codecache.save()  # the dataclass methods compiled for this start, for the next (if any was new)

    def on_mount(self) -> None:
        # SIGTERM / SIGHUP: save, then close the screen properly (where the loop cannot watch
        # them, ``client.resume.autosaving``'s handlers flush the save before the signal ends us)
        self._watched = watch(self.save_and_exit)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        warning = self.settings_file.short_warning() if self.settings_file is not None else None
        if warning:  # once, in a toast; each battle's log says it whole (``_log_settings_warning``)
            self.notify(warning, title="Settings", severity="warning", timeout=10)
        if self.title_first:
            from .screens.title import TitleScreen
            self.push_screen(TitleScreen(self._continue_text()))
        elif self._resume is not None:
            self.start_battle(self._resume)
        elif self._offer is not None:
            from .screens.choice import ChoiceModal
            text = describe_save(self._offer)
            self.push_screen(ChoiceModal("An unfinished battle is saved",
                                         f"{text}\n(saved as {self._offer.save.id}; "
                                         "tactica play --new skips this question)",
                                         [f"Continue the last battle ({text.split(', ', 1)[-1]})",
                                          "Start a new battle"], escape=0), self._offer_done)
        else:
            self._begin()
        self._check_size(self.size.width, self.size.height)

    def _begin(self) -> None:
        if self.title_first:
            self._new_from_title()
        elif self.tutorial:
            self.action_tutorial()
        elif self.setup and len(self.factory.warbands) > 2:
            # SCN-MULTI: the warbands come from --warband (or the defaults); the roll, the
            # corners and the placing are made by hand on the battle screen
            self.start_battle(self.factory.custom(self.factory.warbands, self.factory.maps))
        elif self.setup:
            from .screens.setup import SetupScreen
            self.push_screen(SetupScreen(self.factory.choices(), self.factory.scenario), self._setup_done)
        else:
            self.start_battle(self.factory.quick())

    def _offer_done(self, index: int | None) -> None:
        """The answer to the offer to continue the saved battle: 0 continues it, else a new one."""
        if index == 0 and self._offer is not None:  # the question is asked only with an offer
            self.start_battle(resume_session(self._offer, self.factory.saver, self.settings.pace))
        else:
            self._begin()

    def start_battle(self, session: GameSession) -> None:
        """Show ``session`` on a new battle screen."""
        self.session = session
        screen = BattleScreen(session)
        self.push_screen(screen, self._battle_done)
        self._log_settings_warning(screen)

    def _settings_warning(self) -> str | None:
        """The line saying the settings file has problems (None: it has none, or none was read)."""
        return self.settings_file.warning() if self.settings_file is not None else None

    def _log_settings_warning(self, screen: BattleScreen) -> None:
        """Put the settings file's warning in the battle log of ``screen`` (once it is up): the toast
        goes after a few seconds, the log keeps it."""
        warning = self._settings_warning()
        lines = [LogLine(f"⚠ {warning}", "info")] if warning else []
        if self.settings_file is not None:  # a rebound key a question takes for itself (move = "x")
            lines += [LogLine(f"⚠ Settings: {w}", "info") for w in self.settings_file.warnings]
        if lines:
            self.call_after_refresh(lambda: screen.battle_log.add(lines))

    def push_screen(self, screen, *args, **kwargs):
        """Textual's ``push_screen``; the toasts of the screens under the new one are taken off them
        (a dialog over the battle screen would show each toast twice: on the screen under it, still
        drawn, and on its own; the screen under shows them again when it is back on top)."""
        result = super().push_screen(screen, *args, **kwargs)
        for lower in self.screen_stack[:-1]:
            for rack in [w for w in lower.children if isinstance(w, ToastRack)]:
                rack.remove_children()
        return result

    def _setup_done(self, picked) -> None:
        if picked is None:
            if not self.title_first:  # from the title screen: back to it
                self.exit(0)
            return
        warbands, maps, scenario = picked
        self.start_battle(self.factory.custom(warbands, maps, scenario))

    def keep_ai_options(self, *, fast: bool, intent: bool) -> None:
        """Remember the AI's fast mode (``f``) and shown intent (``i``) for the battles this app
        starts next (``n`` on the winner screen): they last the app's whole session, as the
        intent lasts in a battle's save."""
        self.ai_fast = fast
        opponent = self.factory.opponent
        if opponent is not None and opponent.intent != intent:
            self.factory.opponent = replace(opponent, intent=intent)

    def _battle_done(self, choice: str | None) -> None:
        if choice == "new":
            self._begin()
        elif self.title_first:  # back to the title screen under the battle
            session, self.session = self.session, None
            self.tutorial = False
            self._refresh_title()
            if session is not None and session.recorder is not None and not session.state.is_over:
                self.notify("The battle is saved: Continue goes on with it.",
                            title="Saved", timeout=6)
        else:
            self.exit(0)

    # -- the title screen (``tactica`` alone) -------------------------------------------
    def _continue_text(self) -> str | None:
        """The newest unfinished saved battle in words for the title's Continue, or None (none saved,
        or the battle store cannot be used)."""
        opened = newest_unfinished()
        return describe_save(opened) if opened is not None else None

    def _refresh_title(self) -> None:
        """Show the title screen's Continue as the saved battles are now (a battle was left or ended)."""
        from .screens.title import TitleScreen
        title = next((s for s in self.screen_stack if isinstance(s, TitleScreen)), None)
        if title is not None:
            title.show_continue(self._continue_text())

    def title_chosen(self, entry: str) -> None:
        """Do what the title screen's entry ``entry`` says ("new", "continue", "tutorial", "build",
        "rules", "settings", "quit"; ``screens.title.ENTRIES``)."""
        if entry == "new":
            self._new_from_title()
        elif entry == "continue":
            opened = newest_unfinished()
            if opened is None:
                self.notify("No unfinished battle is saved.", title="Continue", severity="warning")
                self._refresh_title()
                return
            self.start_battle(resume_session(opened, self.factory.saver, self.settings.pace))
        elif entry == "tutorial":
            self.action_tutorial()
        elif entry == "build":
            self._build()
        elif entry == "rules":
            from .screens.rules import RulesScreen
            self.push_screen(RulesScreen(rules_key=key_display(self.settings.bound_keys()["rules"])))
        elif entry == "settings":
            self.action_settings()
        elif entry == "quit":
            self.exit(0)

    def _new_from_title(self) -> None:
        """New battle: ask who plays the other side (the AI at the settings' level first, as
        ``tactica play``), then the setup screen; Esc on either goes back."""
        from .screens.choice import ChoiceModal
        from .screens.setup import TitleSetupScreen
        level = self.settings.ai_level
        values = [level] + [v for v in ("normal", "greedy", "hard") if v != level] + ["human"]
        options = [_OPPONENT_WORDS[v] + (" — the settings' level" if v == level else "") for v in values]

        def chosen(index: int | None) -> None:
            if index is None or index >= len(values):
                return
            value = values[index]
            self.factory.opponent = None if value == "human" else Opponent(
                level=value, player=1, intent=self.settings.intent, pace=self.settings.pace)
            self.push_screen(TitleSetupScreen(self.factory.choices(), self.factory.scenario), self._setup_done)

        self.push_screen(ChoiceModal("New battle: who plays Player 2?", "You are Player 1.",
                                     [*options, "Back to the title screen"], escape=len(options)),
                         chosen)

    def _build(self) -> None:
        """Build a warband: the builder; "Save & battle" starts a battle with the saved warband
        against a shipped one of its size, played by the AI level or the second player asked for."""
        from tactica.client.builder_battle import other_side
        from tactica.content import ContentError, catalogue_with
        from tactica.content.draft import WarbandDraft

        from .screens.builder import BuilderScreen
        try:
            catalogue = catalogue_with(())
        except ContentError as error:
            self.notify(str(error), title="Build a warband", severity="error")
            return
        self.push_screen(BuilderScreen(catalogue, WarbandDraft(), None, other_side),
                         lambda result: self._built(result, catalogue))

    def _built(self, result, catalogue) -> None:
        """The builder closed with ``result`` (a ``BuildResult``): a battle when it asked for one."""
        if result is None or result.saved is None or not result.battle:
            return
        from tactica.client.builder_battle import default_map, default_opponent
        from tactica.content import ContentError, load_map, load_warband
        try:
            mine = load_warband(result.saved, catalogue)
            other = load_warband(default_opponent(mine.point_limit, mine.faction))
            battle_map = load_map(default_map(mine.point_limit))
        except (ContentError, StopIteration, ValueError):
            self.notify(f"No shipped opponent or map fits {result.saved}.", title="Build a warband",
                        severity="error")
            return
        opponent = None if result.opponent == "human" else Opponent(
            level=result.opponent, player=1, intent=self.settings.intent, pace=self.settings.pace)
        factory = replace(self.factory, warbands=(mine, other), maps=(battle_map,), opponent=opponent)
        self.start_battle(factory.quick())

    def search_themes(self) -> None:
        """The palette's "Theme": Textual's list of themes, the one in force first and marked."""
        from textual.command import CommandPalette
        self.push_screen(CommandPalette(providers=[MarkedThemes], placeholder="Search for themes…"))

    def get_key_display(self, binding: Binding) -> str:
        """How the footer names ``binding``'s key: Textual's way ("⏎", "^z", "?"), but the keys that
        would draw as a blank or a lower-case word by their names ("Space", "Tab", "Esc", "shift+Tab")."""
        if binding.key_display:
            return binding.key_display
        modifiers, key = binding.parse_key()
        if key in _KEY_NAMES:
            return "+".join([*modifiers, _KEY_NAMES[key]])
        return super().get_key_display(binding)

    # -- leaving on a signal or Ctrl+C ----------------------------------------------
    def on_unmount(self) -> None:
        """The app is closing: its loop stops watching SIGTERM and SIGHUP (``exit_signals.unwatch``)."""
        unwatch(self._watched)

    def save_and_exit(self, status: int) -> None:
        """Write the battle's save (waiting at most two seconds for the background writer; the
        journal holds every action anyway), then leave the app with exit status ``status``."""
        battle = self._battle_screen()
        if battle is not None:  # the cursor and the threat view too, for tactica resume
            battle.keep_view()
        saver = self.factory.saver
        if saver is not None:
            saver.flush(2.0)
        self.exit(status, return_code=status)

    def action_interrupt(self) -> None:
        """Ctrl+C: save and quit with exit status 130."""
        self.save_and_exit(EXIT_INTERRUPTED)

    # -- the command palette (ctrl+p; the game's commands: tactica.client.commands) ------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own commands but its Quit (the game's Quit says the battle stays saved)."""
        return (c for c in super().get_system_commands(screen) if c.title != "Quit")

    def palette_allows(self, name: str, screen: Screen) -> bool:
        """Whether the app's command ``name`` is offered on ``screen``: the log's export only while
        a battle that is being saved is on screen, a new battle or a resumed one not while the
        setup screen's own choices are open."""
        if name == "export_log":
            return self._battle_screen() is not None and self.session is not None and self.session.save_id is not None
        if name in ("new_battle", "resume_battle"):
            from .screens.setup import SetupScreen
            return not isinstance(screen, SetupScreen)
        return True

    def _battle_screen(self) -> BattleScreen | None:
        return next((s for s in self.screen_stack if isinstance(s, BattleScreen)), None)

    def _leave_screens(self) -> None:
        """Close every screen above the app's own (a battle, its questions, the winner screen) and the
        title screen, without their results: the battle on screen stays as its autosave left it."""
        from .screens.title import TitleScreen
        battle = self._battle_screen()
        if battle is not None:  # the cursor and the threat view too, for tactica resume
            battle.keep_view()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()

    def action_new_battle(self) -> None:
        """Palette: leave the battle on screen (it stays saved) and start a new one as at the start."""
        self._leave_screens()
        self._begin()

    def action_tutorial(self) -> None:
        """Palette and ``tactica tutorial``: leave the battle on screen (it stays saved) and play the
        tutorial's battle from the step the learner reached, or from the first step again once it was
        finished (``client.tutorial``, ``Lesson.opened``)."""
        from tactica.client.content import BattleContentError
        from tactica.client.tutorial import Lesson, progress_file, tutorial_session

        from .screens.tutorial import TutorialScreen
        lesson = Lesson.opened(progress_file())
        try:
            session = tutorial_session(actions=lesson.actions, intent=lesson.intent)
        except BattleContentError as error:
            self.notify("\n".join(error.lines), title="Tutorial", severity="error")
            return
        self._leave_screens()
        self.tutorial = True
        self.session = session
        tutorial = TutorialScreen(session, lesson)
        self.push_screen(tutorial, self._battle_done)
        self._log_settings_warning(tutorial)

    def action_tutorial_restart(self) -> None:
        """Palette: the tutorial from its first step in a new battle (``tactica tutorial --restart``): its
        progress file is forgotten, then as ``action_tutorial``."""
        from tactica.client.tutorial import progress_file
        try:
            progress_file().unlink(missing_ok=True)
        except OSError as error:
            self.notify(f"Cannot forget the tutorial's progress: {error.strerror or error}", title="Tutorial",
                        severity="error")
            return
        self.action_tutorial()

    def action_resume_battle(self) -> None:
        """Palette: continue the newest unfinished saved battle other than the one on screen."""
        current = self.session.save_id if self.session is not None else None
        opened = newest_unfinished(exclude=current)
        if opened is None:
            self.notify("No other unfinished battle is saved.", title="Resume", severity="warning")
            return
        self._leave_screens()
        self.start_battle(resume_session(opened, self.factory.saver, self.settings.pace))
        self.notify(f"Resumed {describe_save(opened)}", title="Resume")

    def action_export_log(self) -> None:
        """Palette: write the battle log of the battle on screen as Markdown; says where."""
        from tactica.client.export import export_battle, shown_path
        session = self.session
        if session is None or session.recorder is None:
            return
        try:
            path = export_battle(session.recorder.save)
        except (SaveError, OSError) as error:
            self.notify(f"Cannot export the log: {error}", title="Export", severity="error")
            return
        battle = self._battle_screen()
        if battle is not None:  # in the log, whole, and a toast where one fits (``Toasts.exported``)
            battle.toasts.exported(path)
        else:
            self.notify(f"The battle log is in {shown_path(path)}", title="Export", timeout=8, markup=False)

    def action_rules(self) -> None:
        """Palette: the rules reference (on the battle screen: on the rules it names now, as r)."""
        battle = self.screen if isinstance(self.screen, BattleScreen) else None
        if battle is not None:
            battle.action_rules()
        else:
            from .screens.rules import RulesScreen
            self.push_screen(RulesScreen())

    def action_quit_game(self) -> None:
        """Palette: leave tactica (an unfinished battle stays saved)."""
        self.exit(0)

    # -- the settings and the theme -------------------------------------------------------
    def action_settings(self) -> None:
        """The title's Settings and the palette's: the settings screen, which changes them
        (``change_setting``).  Without a settings file given (tests), the file ``settings_path`` names
        is read, and from then on written."""
        from .screens.settings_view import SettingsScreen
        if self.settings_file is None:
            self.settings_file = load_settings(themes=theme_names())
            self.settings = self.settings_file.settings
        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen(self.settings_file, theme_names()))

    def change_setting(self, name: str, value: object) -> str | None:
        """Set top-level setting ``name`` (a ``client.settings.EDITED`` field) to ``value``: at once where
        it can be (the theme; the AI's pace and intent, the champion prompts, the hand-off and the bell
        of the battle on screen; the AI's level, pace and intent of the next battle), and in the
        settings file (``client.settings.remember``), which is then read again.

        Returns None, or why the file was not written (the change still holds until tactica closes).
        """
        self.settings = replace(self.settings, **{name: value})  # type: ignore[arg-type]
        if name == "theme" and isinstance(value, str) and value in self.available_themes:
            self.theme = value
        elif name == "bell":
            self.ring_bell = bool(value)
        elif name == "handoff":
            self.handoff = bool(value)
        opponent = self.factory.opponent
        if opponent is not None and name in ("ai_level", "pace", "intent"):
            field = {"ai_level": "level"}.get(name, name)
            self.factory.opponent = replace(opponent, **{field: value})  # type: ignore[arg-type]
        battle = self._battle_screen()
        if battle is not None:
            self._change_battle(battle, name, value)
        problem = None
        if self.settings_file is not None and self.settings_file.path is not None:
            path = self.settings_file.path
            problem = remember(name, value, path)  # type: ignore[arg-type]
            if problem is None:
                self.settings_file = load_settings(path, theme_names())
        return problem

    def _change_battle(self, battle: BattleScreen, name: str, value: object) -> None:
        """The settings screen changed ``name``: the battle ``battle`` follows at once (pace, intent,
        champion prompts, hand-off; the bell is read when it rings)."""
        ai_turn = battle.ai_turn
        session = battle.session
        if name == "pace" and session.opponent is not None and ai_turn.ai is not None:
            session.opponent = replace(session.opponent, pace=float(value))  # type: ignore[arg-type]
            ai_turn.ai.opponent = session.opponent
        elif name == "intent" and session.opponent is not None and ai_turn.show_intent != value:
            ai_turn.show_intent = bool(value)
            ai_turn.save_options()
            self.keep_ai_options(fast=ai_turn.fast, intent=ai_turn.show_intent)
            battle.refresh_bindings()
        elif name == "champion_prompts":
            muted = self.settings.muted_triggers()
            battle.decisions.muted_triggers = {p: set(muted) for p in range(session.state.players) if muted}
        elif name == "handoff":
            battle.handoff.enabled = bool(value)

    def _theme_changed(self, theme) -> None:
        """A theme was chosen (the command palette): remember it in the settings file (when the app was
        given one); say so when the file cannot take it."""
        if self.settings_file is None or self.settings_file.path is None or theme.name == self.settings.theme:
            return
        self.settings = replace(self.settings, theme=theme.name)
        problem = remember("theme", theme.name, self.settings_file.path)
        if problem is not None:
            self.notify(f"The theme is not remembered: {problem}", title="Settings", severity="warning")
        else:
            self.settings_file = load_settings(self.settings_file.path, theme_names())

    # -- terminal size ------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        cover_when_small(self, width, height)
