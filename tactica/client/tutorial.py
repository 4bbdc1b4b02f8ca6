"""The tutorial's lesson: its battle, its steps and the learner's progress (issue 20 part 1; no Textual).

``tactica tutorial`` plays a small battle on the real engine — the Practice Band (player 1, the
learner) against the Sparring Party (player 2, the seeded ``greedy`` AI) on the Practice Yard, all
three files in ``tactica/data/tutorial`` — and teaches one thing at a time.  A ``Step`` is the text
shown (with the keys actually bound put in by the screen), the check that completes it — a question
about the events the engine produced (``Seen``), never a rule decided here — and the hint a wrong key
gets.  ``Lesson`` walks the steps, skips one on request and remembers the step reached and the battle's
actions so far in ``tutorial.json`` in the user data folder (``TACTICA_DATA_DIR`` or platformdirs'
``user_data_dir``), so leaving and running ``tactica tutorial`` again goes on where the learner left:
the same step in the same battle, rebuilt from its seed and those actions (``tutorial_session``).

The steps' texts cite rule IDs of ``docs/rules.md`` (MOV-*, ATK-*, OA-*, CHG-*, FLK-1, CA-1,
SCN-ASSAULT, CHP-*, RND-*).
"""
from __future__ import annotations

import json
import os
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from tactica import content
from tactica.engine import (
    Action,
    ActivationEnded,
    AttackRolled,
    ChampionPowerDeclined,
    ChampionPowerUsed,
    CreatureActivated,
    CreatureMoved,
    Event,
    FirstPlayerChosen,
    GameState,
    OpportunityAttackProvoked,
    RoundEnded,
    VictoryPointsScored,
)
from tactica.saves.codec import decode_action, encode_action

from .content import _wrap_errors
from .opponent import Opponent
from .session import GameSession

__all__ = ["LEARNER", "Lesson", "NUMBERS", "STEPS", "Seen", "Step", "TUTORIAL_SEED", "battle_numbers",
           "learner_acted", "progress_file", "tutorial_session"]

#: The learner's seat (Player 1); the AI plays Player 2.
LEARNER = 0
#: The tutorial battle's dice seed: every learner meets the same rolls for the same choices.
TUTORIAL_SEED = 2008
#: The tutorial's files in ``tactica/data/tutorial``: the map, the learner's warband, the AI's.
MAP_FILE, LEARNER_BAND, AI_BAND = "practice-yard.yaml", "practice-band.yaml", "sparring-party.yaml"
#: Keys that never earn the wrong-key hint: looking around, reading, help, leaving, skipping.
NEUTRAL_ACTIONS = frozenset({"next", "cancel", "help", "quit", "card_scroll", "log_scroll", "log_edge",
                             "threats", "ai_fast", "skip_step", "champion_prompts",
                             "cursor"})


@dataclass(frozen=True)
class Seen:
    """What happened since the lesson last looked: the input of a step's check.

    Attributes:
        events: the engine events of the actions just applied (the learner's or the AI's), in order.
        state: the battle's state after them (to ask who owns a creature).
        key: the key action just used by the learner ("ai_intent", "undo", …), or None.
        undone: True when the learner just took an action back (``GameSession.undo``).
        used: every key action the learner has used in this battle so far ("ai_intent", …).
        intents: the AI's intent lines the log showed since the step on screen came up, in order
            (``AiTurn.intent_lines``): the intent step waits for one.
    """

    events: tuple[Event, ...] = ()
    state: GameState | None = None
    key: str | None = None
    undone: bool = False
    used: frozenset[str] = frozenset()
    intents: tuple[str, ...] = ()

    def mine(self, uid: str) -> bool:
        """True when creature ``uid`` is the learner's (False when it is unknown or gone)."""
        if self.state is None:
            return False
        try:
            return self.state.creature(uid).player == LEARNER
        except KeyError:
            return False

    def of(self, kind: type) -> list:
        """The events of type ``kind`` among ``events``."""
        return [e for e in self.events if isinstance(e, kind)]


@dataclass(frozen=True)
class Step:
    """One thing taught.

    Attributes:
        id: a short stable name, kept in the progress file ("move", "charge"…).
        title: the step's heading, e.g. "Select and move".
        text: what to do and why; ``{move}``, ``{select}``… stand for the keys bound to those battle
            actions (``Lesson.text`` fills them in; an action with no key shows its name).
        hint: what a wrong key gets: the step's keys again, short.
        keys: the key actions this step uses (others, but the neutral ones, get the hint).
        done: the check on ``Seen`` that completes the step.
        past: the check also looks at the whole battle so far when the step comes up (a champion
            question comes when the battle brings it, maybe during an earlier step): a step done
            earlier is passed at once, and the screen names it as done (``Lesson.catch_up``).
        waits: the check counts only once the learner has done something while the step is on screen
            (``learner_acted``): a round that ends in the AI's turn just after the step came up does
            not pass it before it could be read.
    """

    id: str
    title: str
    text: str
    hint: str
    keys: frozenset[str]
    done: Callable[[Seen], bool]
    past: bool = False
    waits: bool = False


def _first(seen: Seen) -> bool:
    return bool(seen.of(FirstPlayerChosen))


def _activated(seen: Seen) -> bool:
    return any(seen.mine(e.uid) for e in seen.of(CreatureActivated))


def _moved(seen: Seen) -> bool:
    return any(seen.mine(e.uid) and e.mode in ("move", "run") for e in seen.of(CreatureMoved))


def _ended(seen: Seen) -> bool:
    return any(seen.mine(e.uid) for e in seen.of(ActivationEnded))


def _ai_ended_with_intent(seen: Seen) -> bool:
    """An activation of the AI's ended after the log showed at least one of its intent lines while
    the step was on screen (a key pressed is not enough: the line itself must have appeared)."""
    return bool(seen.intents) and any(not seen.mine(e.uid) for e in seen.of(ActivationEnded))


def _attacked(seen: Seen) -> bool:
    return any(seen.mine(e.attacker) and e.kind in ("attack", "charge") for e in seen.of(AttackRolled))


def _charged(seen: Seen) -> bool:
    return any(seen.mine(e.attacker) and e.kind == "charge" for e in seen.of(AttackRolled))


def _shifted_or_provoked(seen: Seen) -> bool:
    return (any(seen.mine(e.uid) and e.mode == "shift" for e in seen.of(CreatureMoved))
            or any(seen.mine(e.mover) for e in seen.of(OpportunityAttackProvoked)))


def _advantage(seen: Seen) -> bool:
    return any(seen.mine(e.attacker) and any(name == "combat advantage" for name, _ in e.modifiers)
               for e in seen.of(AttackRolled))


def _round_or_vp(seen: Seen) -> bool:
    """A round ended, or a VP zone scored (a kill's VP is not the end of a round: SCN-ASSAULT)."""
    return bool(seen.of(RoundEnded)) or any(e.reason == "vp zone" for e in seen.of(VictoryPointsScored))


def _champion(seen: Seen) -> bool:
    return (any(seen.mine(e.champion) for e in seen.of(ChampionPowerUsed))
            or any(e.player == LEARNER for e in seen.of(ChampionPowerDeclined)))


def _undone(seen: Seen) -> bool:
    return seen.undone


def learner_acted(seen: Seen) -> bool:
    """True when ``seen`` holds something the learner did: a creature of theirs activated, moved,
    attacked or charged (not an opportunity attack made in the AI's turn) or ended its activation,
    their initiative choice (RND-1) or their answer to a champion question (CHP-1), or an undo.
    The AI's actions alone are never the learner's: a step that ``waits`` waits for this."""
    if seen.undone:
        return True
    return (any(seen.mine(e.uid) for e in seen.of(CreatureActivated))
            or any(seen.mine(e.uid) for e in seen.of(CreatureMoved))
            or any(seen.mine(e.attacker) and e.kind in ("attack", "charge") for e in seen.of(AttackRolled))
            or any(seen.mine(e.uid) for e in seen.of(ActivationEnded))
            or any(e.chooser == LEARNER for e in seen.of(FirstPlayerChosen))
            or any(seen.mine(e.champion) for e in seen.of(ChampionPowerUsed))
            or any(e.player == LEARNER for e in seen.of(ChampionPowerDeclined)))


def _never(seen: Seen) -> bool:
    return False


_ACT = frozenset({"select", "move", "shift", "attack", "charge", "choose_attack", "pick", "end", "power",
                  "undo", "ai_intent"})
"""Every key a step may ask for; the last step allows them all."""

STEPS: tuple[Step, ...] = (
    Step("first", "Who goes first",
         "The question below asks who goes first this round: a die roll decided who chooses (RND-1). Pick "
         "yourself with the arrow keys and press {select}: going first lets you reach the centre first.",
         "Answer the question at the bottom of the screen: the arrows pick who goes first, {select} answers.",
         frozenset({"select"}), _first),
    Step("select", "Select a creature",
         "Your creatures are upper-case letters. Press {next} to put the cursor on one of yours (its stat "
         "card is on the right), then {select} to activate it: one creature acts at a time (ACT-1).",
         "Press {next} to reach one of your creatures, then {select} to activate it.",
         frozenset({"select"}), _activated),
    Step("move", "Move",
         "With a creature active ({next} and {select} if none is), the shaded squares marked ':' are where "
         "it can go this activation (its speed, MOV-1). Move the cursor with the arrow keys (or h j k l y u "
         "b n) to one of them and press {move}; a move through an enemy's reach asks you to press {move} "
         "again.",
         "Put the cursor on a marked square and press {move}.",
         frozenset({"move", "select"}), _moved),
    Step("undo", "Undo",
         "A wrong move is no disaster: as long as no die was rolled, {undo} takes back your last move or "
         "activation. Press {undo} now to take back the move you just made (skipped the move? make one "
         "first).",
         "Press {undo} to take back your last move.",
         frozenset({"undo", "move", "select", "end"}), _undone),
    Step("intent", "The opponent's turn",
         "The AI plays between your turns. Press {ai_intent} and a log line such as \"AI (greedy) charges "
         "Broken Tusk Raider (BR1): 70% to hit\" comes before each of its actions, saying why. Then end an "
         "activation with {end} (twice if it did nothing; none active? {select} activates one) and watch "
         "its turn.",
         "Press {ai_intent} to see why the AI acts, then {end} (twice if the creature did nothing) and "
         "watch the AI's next activation.",
         frozenset({"ai_intent", "select", "move", "shift", "attack", "charge", "end", "choose_attack", "pick"}),
         _ai_ended_with_intent),
    Step("end", "End the activation",
         "An activation ends with {end}, or by itself once the creature has done all it can; once your "
         "turn's activations are used, the opponent plays (ACT-2). Activate another creature, move it "
         "({move}; it may still attack after) and press {end}.",
         "Press {end} to end this creature's activation.",
         frozenset({"end", "move", "attack", "select"}), _ended, waits=True),
    Step("attack", "The attack preview and the dice",
         "Next to an enemy, press {attack}: the status line previews the attack, the roll you need and the "
         "damage (ATK-3). {select} rolls; the log shows the d20, the bonus and the total against the enemy's "
         "AC (ATK-4); when the AI plays at once after your attack, PgUp shows the whole log.",
         "Activate a creature next to an enemy, press {attack}, then {select} to roll.",
         frozenset({"attack", "select", "choose_attack", "pick", "move", "end"}), _attacked, past=True),
    Step("charge", "A charge",
         "A charge moves up to the creature's speed into contact and attacks (CHG-1); with a move first "
         "an enemy reaches twice its speed. {threats}: ! an enemy attacks there without moving; again: ? "
         "after a move, ' a charge. Activate a creature, press {charge}, pick an enemy with {select}, then "
         "{select} where the charge ends.",
         "Activate a creature that can reach an enemy, press {charge}, then {select}; none in reach? Move "
         "closer and try next turn, or {skip_step} skips.",
         frozenset({"charge", "select", "pick", "move", "end"}), _charged, past=True),
    Step("shift", "Opportunity attacks and the shift",
         "Moving out of an enemy's reach lets it make a free opportunity attack (OA-1). A shift — one "
         "square with {shift} — provokes none (MOV-5). Shift away from an enemy, or move and take the hit. "
         "None of yours next to an enemy yet? Play on until one is.",
         "Activate a creature next to an enemy, put the cursor one square away and press {shift}.",
         frozenset({"shift", "move", "select", "end", "attack", "charge", "pick"}), _shifted_or_provoked,
         past=True),
    Step("flank", "Flanking",
         "Two of your creatures on opposite sides of an enemy flank it (FLK-1): their attacks get combat "
         "advantage, +2 to hit (CA-1). Set up a flank and attack — the preview shows the +2.",
         "Put two creatures on opposite sides of one enemy, then {attack} and {select}.",
         frozenset({"attack", "select", "choose_attack", "pick", "move", "charge", "shift", "end"}), _advantage,
         past=True),
    Step("zones", "VP zones and the end of a round",
         "◆ squares are VP zones; P1's is yours. When all have acted, the round ends: you score {zone_vp} "
         "VP (10 in a 200-point battle) if one of yours stands in your zone, enemies there or not; a kill "
         "scores its cost; {vp_target} VP wins (SCN-ASSAULT). New round, new initiative roll (RND-1). Play "
         "until a round ends.",
         "End activations ({end}) until every creature has acted and the round ends.",
         frozenset({"end", "move", "select", "attack", "charge", "shift", "choose_attack", "pick"}), _round_or_vp,
         waits=True),
    Step("champion", "Champion powers",
         "Your warlord is a champion: when one of its powers can answer what just happened, the game asks "
         "(CHP-2). Its champion rating is the points it may spend in the whole battle; a power costs the "
         "bullets (••) it shows (CHP-1). Yes spends them now; n keeps them for a bigger moment.",
         "Keep playing; when the champion question appears, answer it with the arrows and {select}.",
         frozenset({"select", "end", "move", "attack", "charge", "power", "shift", "choose_attack", "pick"}),
         _champion, past=True),
    Step("finish", "Your battle now",
         "That is the whole game. Finish this battle, or press {quit} to leave; 'tactica play' starts a "
         "battle against the normal AI. More keys: {power} a special power, {rules} the rule a refusal "
         "names, {overview} the whole map, {rulers} column and row numbers; {help} lists every key.",
         "Every key works now; {help} lists them.",
         _ACT, _never),
)
"""The lesson's steps, in order."""

_STEP_IDS = tuple(s.id for s in STEPS)


class _Keys(dict):
    """A ``str.format_map`` mapping that shows an action with no key by its name."""

    def __missing__(self, name: str) -> str:
        return name


#: The placeholders of the steps' texts that stand for the battle's numbers, not for keys.
NUMBERS = frozenset({"zone_vp", "vp_target"})


def battle_numbers(state: GameState) -> dict[str, str]:
    """The numbers the steps' texts name, from the battle's rules: "zone_vp" (VP a held VP zone scores
    at a round's end, SCN-ASSAULT) and "vp_target" (VP that win)."""
    return {"zone_vp": str(state.rules.held_zone_vp), "vp_target": str(state.rules.target)}


@dataclass
class Lesson:
    """The learner's way through ``steps``: which one is on, and advancing, skipping and saving it.

    Args:
        steps: the steps (``STEPS``).
        index: the step on screen (``len(steps)`` when every step is done).
        path: the progress file to remember the step in, or None to remember nothing.
        actions: the tutorial battle's actions so far, set-up included (``keep``), saved beside the step
            so that a resumed tutorial rebuilds the battle as it was left (``tutorial_session``).
        used: the key actions the learner had used in that battle ("ai_intent"; ``Seen.used``).
    """

    steps: Sequence[Step] = STEPS
    index: int = 0
    path: Path | None = None
    hinted: bool = field(default=False, repr=False)
    actions: tuple[Action, ...] = ()
    used: frozenset[str] = frozenset()
    intent: bool = False
    """Whether the AI's intent lines were on when the progress was last kept (a resumed tutorial
    keeps them as the learner left them; off in a progress file that does not say)."""
    acted: bool = field(default=False, repr=False)
    """The learner has done something while the step on screen was up (``learner_acted``)."""
    again: bool = field(default=False, repr=False)
    """The tutorial was finished before and begins again from its first step (``opened``)."""

    @classmethod
    def opened(cls, path: Path | None) -> Lesson:
        """The lesson ``tactica tutorial`` opens: the one saved in ``path`` (``resumed``), or, when that
        one was finished, the first step again in a fresh battle (``again`` set; the progress file is
        written afresh at the first step kept); never raises."""
        lesson = cls.resumed(path)
        if not lesson.finished:
            return lesson
        fresh = cls(path=path)
        fresh.again = True
        return fresh

    @classmethod
    def resumed(cls, path: Path | None) -> Lesson:
        """The lesson at the step saved in ``path`` (the first when there is none, or the file is
        unreadable or names no step), with the battle's actions saved there (none when they cannot be
        read: the battle starts afresh); never raises."""
        lesson = cls(path=path)
        if path is None:
            return lesson
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            saved = doc.get("step")
        except (OSError, ValueError, AttributeError):
            return lesson
        try:
            raw = doc.get("actions", [])
            lesson.actions = tuple(decode_action(a, f"actions[{i}]") for i, a in enumerate(raw))
            lesson.used = frozenset(str(u) for u in doc.get("used", []))
            lesson.intent = doc.get("intent") is True
        except (ValueError, TypeError, AttributeError):
            lesson.actions, lesson.used = (), frozenset()
        if saved == "done":
            lesson.index = len(lesson.steps)
        elif saved in _STEP_IDS:
            lesson.index = _STEP_IDS.index(saved)
        return lesson

    @property
    def step(self) -> Step | None:
        """The step on screen, or None when the lesson is over."""
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        """True when every step is done or skipped."""
        return self.index >= len(self.steps)

    def observe(self, seen: Seen) -> bool:
        """Complete the step on screen when ``seen`` satisfies its check (a step that ``waits`` counts
        its check only after the learner's first action under it, ``learner_acted``: the AI's actions
        alone never pass it before it could be read); True when it advanced."""
        step = self.step
        if step is None:
            return False
        self.acted = self.acted or learner_acted(seen)
        if not step.done(seen) or (step.waits and not self.acted):
            return False
        self.advance()
        return True

    def catch_up(self, history: Seen) -> list[str]:
        """Pass every step that comes up already done: while the step on screen looks at the past
        (``Step.past``) and ``history`` (the whole battle so far) satisfies it, go on to the next.
        Returns the titles of the steps passed, in order ([] when the step on screen is still to do):
        the screen names them, so no step goes by unsaid and none waits for what was done."""
        passed: list[str] = []
        while (step := self.step) is not None and step.past and step.done(history):
            passed.append(step.title)
            self.advance()
        return passed

    def advance(self) -> None:
        """Go on to the next step (skipping this one) and remember it."""
        if self.index < len(self.steps):
            self.index += 1
        self.hinted = False
        self.acted = False
        self.save()

    def finish(self) -> None:
        """Mark every step done (the learner won or lost the battle of the last step) and remember it."""
        self.index = len(self.steps)
        self.hinted = False
        self.save()

    def wrong_key(self, action: str | None) -> bool:
        """Whether key action ``action`` (None: a key bound to nothing) earns the step's hint: any
        key that is neither one of the step's nor a neutral one (looking, reading, help, leaving)."""
        step = self.step
        if step is None or action in NEUTRAL_ACTIONS:
            return False
        if action is None or action not in step.keys:
            self.hinted = True
            return True
        return False

    def keep(self, actions: Sequence[Action], used: frozenset[str] | set[str] = frozenset(),
             intent: bool | None = None) -> None:
        """Remember the tutorial battle's ``actions`` so far, the key actions ``used`` and whether the
        AI's ``intent`` lines are on (None: as before) in the progress file beside the step reached."""
        self.actions = tuple(actions)
        self.used = frozenset(used)
        if intent is not None:
            self.intent = intent
        self.save()

    def save(self) -> None:
        """Write the step reached, the battle's actions and the keys used to the progress file
        (quietly nothing when it cannot be written)."""
        if self.path is None:
            return
        step = self.step
        doc: dict[str, object] = {"step": step.id if step else "done"}
        if self.actions:
            doc["actions"] = [encode_action(a) for a in self.actions]
        if self.used:
            doc["used"] = sorted(self.used)
        doc["intent"] = self.intent
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(doc) + "\n", encoding="utf-8")
        except OSError:
            pass

    def resumes(self, session: GameSession) -> bool:
        """True when ``session`` is the battle this lesson was left in, rebuilt from its saved actions
        (``tutorial_session(actions=self.actions)`` gave it back, not a fresh battle)."""
        return bool(self.actions) and tuple(session.actions) == self.actions

    def where(self) -> str:
        """Where the learner is, for a line said on leaving or on coming back: "step 8 of 13 (A charge)",
        or "the end: every step is done"."""
        step = self.step
        if step is None:
            return "the end: every step is done"
        return f"step {self.index + 1} of {len(self.steps)} ({step.title})"

    def heading(self) -> str:
        """"Step N of M: title", or "Tutorial done" after the last."""
        step = self.step
        if step is None:
            return "Tutorial done"
        return f"Step {self.index + 1} of {len(self.steps)}: {step.title}"

    def text(self, keys: Mapping[str, str]) -> str:
        """The step's text with the keys bound now (action name -> key shown, e.g. {"move": "m"})."""
        step = self.step
        if step is None:
            return ("Every step is done: you know the game. Play on, or press {quit} to leave; 'tactica play' "
                    "starts a battle against the normal AI.").format_map(_Keys(keys))
        return step.text.format_map(_Keys(keys))

    def text_of(self, step_id: str, keys: Mapping[str, str]) -> str:
        """The text of the step named ``step_id`` with the keys bound now ("" when no step has that id)."""
        for step in self.steps:
            if step.id == step_id:
                return step.text.format_map(_Keys(keys))
        return ""

    def hint(self, keys: Mapping[str, str]) -> str:
        """The step's hint with the keys bound now ("" after the last step)."""
        step = self.step
        return "" if step is None else step.hint.format_map(_Keys(keys))


def placeholders() -> set[str]:
    """Every key action the steps' texts and hints name (the screen must show a key for each; the
    battle's ``NUMBERS`` are not keys)."""
    names: set[str] = set()
    for step in STEPS:
        for text in (step.text, step.hint):
            names.update(n for _, n, _, _ in string.Formatter().parse(text) if n and n not in NUMBERS)
    return names


def progress_file() -> Path:
    """The progress file: ``$TACTICA_DATA_DIR/tutorial.json`` or ``tutorial.json`` in the user data folder."""
    base = os.environ.get("TACTICA_DATA_DIR")
    if not base:
        import platformdirs  # noqa: PLC0415 - only when the tutorial runs
        base = platformdirs.user_data_dir("tactica")
    return Path(base) / "tutorial.json"


def _tutorial_path(name: str) -> str:
    return str(resources.files("tactica.data").joinpath("tutorial", name))


def tutorial_session(seed: int = TUTORIAL_SEED, pace: float = 0.6,
                     actions: Sequence[Action] = (), intent: bool = False) -> GameSession:
    """The tutorial's battle: the Practice Band (the learner, Player 1) against the Sparring Party
    (the seeded ``greedy`` AI, Player 2, its intent lines off until the learner turns them on) on the Practice
    Yard, set up automatically and waiting for the first initiative choice (RND-1) — or, given the
    ``actions`` of a battle left earlier (``Lesson.actions``), that battle as it was left.

    Args:
        seed: the dice seed (``TUTORIAL_SEED``: the same battle for every learner).
        pace: seconds between two of the AI's steps.
        actions: every action of the battle left, its automatic set-up first (as ``GameSession.actions``
            holds them).  When they do not begin with this battle's set-up, or one is refused, or they
            end the battle, the fresh battle is given instead: a progress file is never trusted blindly.
        intent: whether the AI's intent lines are on in the battle given back (a resumed battle keeps
            the learner's choice, ``Lesson.intent``); a fresh battle always starts with them off.
    Raises ``client.content.BattleContentError`` when a tutorial file is broken.
    """
    catalogue = _wrap_errors(content.load_catalogue)
    learner = _wrap_errors(content.load_warband, _tutorial_path(LEARNER_BAND), catalogue)
    ai = _wrap_errors(content.load_warband, _tutorial_path(AI_BAND), catalogue)
    yard = _wrap_errors(content.load_map, _tutorial_path(MAP_FILE))
    session = GameSession.start((learner, ai), (yard,), seed)
    session.opponent = Opponent(level="greedy", player=1, intent=False, pace=pace)
    setup = len(session.actions)
    if len(actions) > setup and tuple(actions[:setup]) == tuple(session.actions):
        for action in actions[setup:]:
            if not session.apply(action).ok or session.state.is_over:
                return tutorial_session(seed, pace)  # not this battle's, or over: a fresh one
        session.opponent = Opponent(level="greedy", player=1, intent=intent, pace=pace)
    return session
