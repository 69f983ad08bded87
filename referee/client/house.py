"""Every game's ``play`` and ``replay`` at the terminal, built once from its registration.

A game's registration (:mod:`referee.table.registry`) says what it is; a
:class:`TerminalGame` pairs it with what the terminal adds (its renderer, its
prompt, what it shows when a game opens and when a replay ends). From that
pair :func:`play_command` and :func:`replay_command` build the click
commands: the options a new game is set up from, ``--record`` (resumed if it
exists, created if not), ``--house RULE=VALUE`` (one parser for every game),
``--deck`` (a file, or the name of a bundled deck), one setup error, and the
exit statuses of :mod:`referee.client.table_io`.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import enum
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from referee.client.common import Seconds, fail, print_json, read_text
from referee.client.grammar import and_list
from referee.client.private_screen import leave_stale
from referee.client.safe import console, user
from referee.client.said import Page, Tone, typed
from referee.client.stepper import Stepper
from referee.client.styles import prompt
from referee.client.table_io import (
    TableRenderer,
    can_show_privately,
    check_summary,
    conclude_replay,
    disagreement_text,
    play_session,
    read_record,
    refuse_new_settings,
    refuse_secret_flag,
    refused_event,
    resume_record,
    show_taken_back,
    start_record,
)
from referee.table.computer import Computer, ComputerSeats, parse_seats
from referee.table.errors import RecordError, SetupError
from referee.table.house import SwitchError, with_switches
from referee.table.record import Record, reseeded, seed_of
from referee.table.registry import DeckText, GameRegistration, Option
from referee.table.replay import ReplayReport, Step
from referee.table.replay import replay as run_replay
from referee.table.session import Outcomes, Quit, Refused, Session, UndoRefused
from referee.table.store import RecordFile

# (out: the terminal's console, or a page's words; session or None for a replay, the
# terminal flags given) -> the game's renderer
MakeRenderer = Callable[[Console | Page, Session | None, Mapping[str, bool]], TableRenderer]


def _nothing(*args: Any) -> None:
    return None


@contextlib.contextmanager
def _no_services(record: Record) -> Iterator[dict[str, Any]]:
    yield {}


@contextlib.contextmanager
def _no_examiner(record: Record) -> Iterator[None]:
    yield None


def mover_prompt(game: Any) -> str:
    """The prompt of a game as it stands: whose move it is (its state's ``mover``, the one
    declaration of it), ``game over> `` after the end, ``> `` while nobody in particular
    moves."""
    if game.finished:
        return "game over> "
    mover = getattr(game, "mover", None)
    return f"{mover}> " if mover else "> "


@dataclass(frozen=True)
class Flag:
    """A terminal switch of ``play`` that shows hidden cards (``--show-hands``): the setup
    keeps it (the game's ``new_setup`` reads it beside the options), and a game resumes
    with it only when it was started with it."""

    name: str  # show_hands
    help: str


def _board(renderer: TableRenderer, *args: Any) -> None:
    """The board as the game stands (the renderer's game), for a game that draws one."""
    if renderer.draws_board():
        renderer.board(renderer.game)


def _step(renderer: TableRenderer, step: Step) -> None:
    """One event of ``replay --step``, in its words (the renderer's ``describe``)."""
    renderer.say(typed(renderer.describe(step.event)))


@dataclass(frozen=True)
class Replay:
    """What a game's ``replay`` adds to the one every game shares; each default is what a
    game with nothing to add gets (its events in their words, then its board)."""

    help: str = ""  # "": "Replay a game of TITLE."
    # today's re-examination of each event, for as long as the replay runs
    examiner: Callable[[Record], AbstractContextManager[Any]] = _no_examiner
    step: Callable[[TableRenderer, Step], None] = _step  # one event, with --step
    final: Callable[[TableRenderer, ReplayReport, Record], None] = _board
    json_extra: Callable[[ReplayReport, Record], dict] = lambda report, record: {}  # noqa: E731


@dataclass(frozen=True)
class TerminalGame:
    """A game's registration with what the terminal adds to it; each default is the
    house's (a game writes only what is its own)."""

    game: GameRegistration
    renderer: MakeRenderer  # a TableRenderer subclass itself will do
    prompt: Callable[[Any], str] = mover_prompt  # the prompt for the game as it stands
    missing: str = ""  # the message when a required option is not given ("": they are named)
    prefix: str = ""  # a new record's file name: PREFIX-DATE-TIME.json ("": the game's name)
    play_help: str = ""  # "": "Play TITLE."
    replay: Replay | None = Replay()  # None: the game keeps a replay command of its own
    flags: tuple[Flag, ...] = ()
    house_help: str = "A house rule (see docs/rulings.md)."
    # what the session's commands are given (an engine), for as long as the game is played;
    # a seat's command language gets these and nothing else
    services: Callable[[Record], AbstractContextManager[dict[str, Any]]] = _no_services
    # what only the shared keyboard's command language is given besides (a file reader:
    # the host's own disk); never given to a seat, so no line a seat says can reach it
    keyboard: Mapping[str, Any] = field(default_factory=dict)
    # (out, record) after a new game's first line (a deck's note, a word about secrets)
    started: Callable[[Console, Record], None] = _nothing
    # (renderer, record, flags) before the first prompt: the table as it stands (its board)
    opening: Callable[[TableRenderer, Record, Mapping[str, bool]], None] = _board
    resumed: Callable[[Record], str] = lambda record: ""  # noqa: E731 - more for "Resuming"
    # (an event is said, at undo and for the events a replay lists as taken back, by the
    # renderer's one ``describe``: the default names only its kind, which hides nothing)

    def __post_init__(self) -> None:
        """The words a game need not write: its name, its title, its required options."""
        title, required = self.game.title, [o for o in self.game.options if o.required]
        named = and_list([_flag(o.name) + " " + o.name.upper() for o in required])
        filled: dict[str, Any] = {
            "missing": self.missing or (f"name {named}" if required else ""),
            "prefix": self.prefix or self.game.name,
            "play_help": self.play_help or f"Play {title}.",
        }
        if self.replay is not None and not self.replay.help:
            filled["replay"] = replace(self.replay, help=f"Replay a game of {title}.")
        for name, value in filled.items():
            object.__setattr__(self, name, value)


@dataclass(frozen=True)
class TerminalClient:
    """A game at the terminal: its :class:`TerminalGame` and the click commands it adds to
    the ``referee`` command line, by name (a group named after the game: play, replay and
    its own commands; or ``play`` and ``replay`` at the top). A game's registration names
    them (``cli``) and loads this (its package's ``cli.CLIENT``) only when one is asked for."""

    game: TerminalGame
    commands: Mapping[str, click.Command]

    @classmethod
    def of(cls, tg: TerminalGame, *more: click.Command) -> TerminalClient:
        """The commands of a game with nothing else to say: ``referee NAME play`` and
        ``replay`` (and ``more``, a game's own), in a group named after it."""
        group = click.Group(tg.game.name, help=f"{tg.game.title}.")
        for command in (play_command(tg), replay_command(tg), *more):
            group.add_command(command)
        return cls(tg, {tg.game.name: group})


# ------------------------------------------------------------------ options


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _click_option(option: Option) -> click.Option:
    names = [_flag(option.name)] + ([f"-{option.short}"] if option.short else [])
    kind: Any
    if option.values:
        kind = click.Choice(list(option.values))
    elif option.kind is float and option.bounds is not None:
        kind = Seconds(*option.bounds)
    elif option.kind is tuple:  # names, comma-separated: the registry splits them
        kind = str
    else:
        kind = option.kind
    return click.Option([*names, option.name], type=kind, default=None, help=option.help)


def _record_option(prefix: str) -> click.Option:
    return click.Option(
        ["--record", "record_path"],
        type=click.Path(dir_okay=False, path_type=Path),
        help="The game record: resumed if it exists, created if not "
        f"(default: {prefix}-DATE.json).",
    )


BOTS_OPTION = click.Option(
    ["--bots"],
    metavar="NAME[:LEVEL],...",
    help="Players the referee plays itself, each seeing only its own seat "
    "(LEVEL 0 is random; the default is the strongest).",
)


def bots(game: GameRegistration, spec: str | None, players) -> tuple[Computer, ...]:
    """The computer seats ``--bots`` names among ``players``, each at the level it plays (the
    game's strongest where none is given, or where a higher one is); exit 1 naming a bad one."""
    if not spec:
        return ()
    try:
        levels = parse_seats(spec, tuple(players))
    except ValueError as exc:
        fail(f"--bots: {exc}")
    return tuple(
        Computer(seat, game.strongest if level is None else min(level, game.strongest))
        for seat, level in levels.items()
    )


def computer_seats(
    game: GameRegistration, computers: tuple[Computer, ...], apart: bool = False, pool=None
) -> ComputerSeats:
    """The computer players of the seats a record names, each at its recorded level;
    ``apart``: each thinking in a process of its own (a table that answers people
    meanwhile: the web), or in ``pool`` (``referee.table.apart.Thinkers``: a club's)."""
    if pool is not None:
        return ComputerSeats({c.name: game.player_apart(c.level, pool=pool) for c in computers})
    made = game.player_apart if apart else game.player
    return ComputerSeats({c.name: made(c.level) for c in computers})


def computers_words(computers: tuple[Computer, ...]) -> str:
    """``bob (level 1) and cat (level 0)``: the computer seats as a table reads them."""
    return and_list([f"{c.name} (level {c.level})" for c in computers])


def refuse_new_bots(
    store: RecordFile, path: Path, game: GameRegistration, spec: str | None, record: Record
) -> None:
    """A recorded game keeps its computer seats: ``--bots`` given again must name the same
    seats at the same levels (then it changes nothing); else exit 1 saying which it has
    (letting go of the record ``store`` holds)."""
    if not spec:
        return
    given = bots(game, spec, record.rebuild().players)  # type: ignore[attr-defined]
    if set(given) == set(record.computers):
        return
    store.close()
    if record.computers:
        has = f"its computer players are {computers_words(record.computers)}"
    else:
        has = "every seat is a person's"
    fail(f"{path} already holds a game, and {has}: drop --bots to open it")


class ComputerTurns:
    """The computer seats at the terminal: after every line typed, each computer seat with
    a move to make says it through the same loop as the keyboard's lines, as its seat.

    The shared screen shows a computer's line (``NAME (computer)> LINE``) only once the
    table took it, with what it came to: a line the rules refused is never shown, nor
    why (the reason may tell what only that seat holds), so nothing a computer sees
    reaches the screen but as a move everyone sees.

    What a line typed and the computers' answers to it came to is shown as it happens,
    but the table is drawn again once, when the prompt returns (``renderer.after_change``
    of them all), so no move scrolls away under a board redrawn after each; a ruling
    followed by more moves is said again under it in a line or two (``renderer.recap``),
    so the last ruling stays on a screen of 24 rows."""

    def __init__(
        self, session: Session, game: GameRegistration, seats: ComputerSeats, renderer
    ) -> None:
        self.session, self.game, self.seats = session, game, seats
        self.renderer = renderer
        self.out = renderer.out
        self.heard: list[Outcomes] = []
        self.speaking: tuple[str, str] | None = None  # (seat, line) being said
        # since the prompt: (outcomes, changed, the screen's line count before they showed)
        self.since: list[tuple[Outcomes, bool, int]] = []
        self.rows = _Rows(self.out.file)
        self.out.file = self.rows

    def show(self, shown: Callable[[Outcomes, bool], None]) -> Callable[[Outcomes, bool], None]:
        def both(outcomes: Outcomes, changed: bool) -> None:
            self.heard.append(outcomes)
            before = self.rows.lines
            if self.speaking is not None:
                seat, line = self.speaking
                if any(isinstance(o, REFUSALS) for o in outcomes) and not changed:
                    return  # it tries again, or gives way (ComputerSeats.answered)
                self.out.print(prompt(f"{seat} (computer)> ") + user(line))
            shown(outcomes, False)  # the table is drawn again when the prompt returns
            self.since.append((outcomes, changed, before))
            if any(isinstance(o, Quit) for o in outcomes):
                self.since.clear()

        return both

    def redraw(self) -> None:
        """The table as it stands, once, before the prompt: drawn from everything since the
        last prompt, with the last ruling said again if more moves followed it."""
        since, self.since = self.since, []
        if not any(changed for _, changed, _ in since):
            return
        self.renderer.after_change(tuple(o for outcomes, _, _ in since for o in outcomes))
        rulings = [k for k, (said, _, _) in enumerate(since) if self.renderer.ruling(said)]
        if not rulings:
            return
        said, _, top = since[rulings[-1]]
        if self.rows.lines - top + 1 > self.out.height:  # its first line is off the screen
            self.renderer.recap(said)

    def lines(self, typed: Iterator[str]) -> Iterator[str | tuple[str, str]]:
        yield from self._turns()
        for line in typed:
            yield line
            yield from self._turns()

    def _turns(self) -> Iterator[tuple[str, str]]:
        ending: set[str] = set()  # computers that would end the game: the people decide
        for _ in range(100_000):  # a game of computers alone still ends
            said = self.seats.next_line(
                lambda seat: self.game.view(self.session.game, seat), skip=ending
            )
            if said is None:
                break
            seat, line = said
            if self.session.command_of(line.split()[0]) == "end":
                ending.add(seat)  # at one keyboard the people end a game, not a computer;
                continue  # the next computer is still asked (a COGITO at the last call)
            self.heard.clear()
            self.speaking = (seat, line)
            try:
                yield line, seat
            finally:
                self.speaking = None
            said_back = self.heard[0] if self.heard else ()
            self.seats.answered(seat, not any(isinstance(o, REFUSALS) for o in said_back))
        self.redraw()


class _Rows:
    """The terminal's output, counting the lines written to it (how far a ruling has
    scrolled); everything else is the file's own."""

    def __init__(self, file) -> None:
        self.file = file
        self.lines = 0

    def write(self, text: str) -> int:
        self.lines += text.count("\n")
        return self.file.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.file, name)


REFUSALS = (Refused, UndoRefused)


def house_option(help: str) -> click.Option:
    return click.Option(["--house"], multiple=True, metavar="RULE=VALUE", help=help)


def house_rules(rules_class: type, switches) -> Any:
    """The house rules with each ``--house`` switch applied; exit 1 naming a bad one."""
    try:
        return with_switches(rules_class(), switches)
    except SwitchError as exc:
        fail(f"--house {exc.rule}: {exc.message}")


def deck_option(game: GameRegistration):
    """The one ``--deck`` option: a file, or the name of one of the game's bundled decks."""
    assert game.decks is not None
    return click.option("--deck", "deck", default=None, metavar="FILE", help=game.decks.help)


def read_deck(game: GameRegistration, spec: str | None) -> DeckText:
    """A deck named by ``--deck``: a file, or a bundled deck's name; exit 1 naming what is wrong."""
    decks = game.decks
    assert decks is not None
    path = decks.default() if spec is None else None
    if spec is not None:
        bundled = decks.bundled(spec)
        path = bundled if bundled is not None and not Path(spec).exists() else Path(spec)
    assert path is not None
    text = read_text(path, "deck file")
    try:
        decks.check(text, str(path))
    except ValueError as exc:
        fail(str(exc))
    return DeckText(text, path.name)


# ------------------------------------------------------------------ play


def setup_record(
    game: GameRegistration,
    values: Mapping[str, Any],
    rules,
    deck_text: DeckText | None,
    computers: tuple[Computer, ...] = (),
) -> Record:
    """A new game's record from the options' values, the house rules, the deck's text and
    the computer seats (SetupError naming the option at fault; not rebuilt yet)."""
    setup = game.setup(values, rules, deck_text)
    setup.check_new()  # the name rule: a new game meets it, an old record need not
    now = _dt.datetime.now().astimezone()
    created = now.isoformat(timespec="seconds")
    return Record(game.kind, setup, (), created, computers=computers)


def new_record(game: GameRegistration, values: Mapping[str, Any], house, deck) -> Record:
    """A new game's record from the options (and flags) given; exit 1 naming the one at fault."""
    rules = house_rules(game.house_rules, house)
    deck_text = read_deck(game, deck) if game.decks is not None else None
    try:
        record = setup_record(game, values, rules, deck_text)
    except SetupError as exc:  # the option at fault as it was typed: --hand-size, not hand_size
        typed = any(o.name == exc.field for o in game.options)
        fail(f"--{exc.field.replace('_', '-')}: {exc.message}" if typed else str(exc))
    try:
        record.rebuild()
    except RecordError as exc:  # pragma: no cover - a setup the rules accept always starts
        fail(str(exc))
    return record


def new_game(tg: TerminalGame, values: Mapping[str, Any], house, deck) -> Record:
    """A new game's record, every option it needs given; exit 1 naming what is missing."""
    if any(o.required and not values.get(o.name) for o in tg.game.options):
        fail(tg.missing)
    return new_record(tg.game, values, house, deck)


@dataclass(frozen=True)
class Given:
    """What a command line gave to open a game: the options' values (None: not given),
    the record, the house rules, the deck, and the terminal's secret-showing flags."""

    values: Mapping[str, Any]
    record_path: Path | None = None
    house: tuple[str, ...] = ()
    deck: str | None = None
    flags: Mapping[str, bool] = field(default_factory=dict)
    bots: str | None = None  # --bots NAME[:LEVEL],...: the seats the referee plays


@dataclass(frozen=True)
class Opened:
    """The game an interface plays: its record file (open), record, state, and whether new."""

    store: RecordFile
    record: Record
    state: Any
    path: Path
    fresh: bool


def open_game(tg: TerminalGame, given: Given) -> Opened:
    """The record given resumed (no new settings, no secret flag it was not started
    with), else a new game; ``play`` and ``serve`` both open games here."""
    game, path = tg.game, given.record_path
    if path is not None and path.exists() and not path.is_file():
        fail(f"{path}: is not a regular file (a FIFO, a device or a directory); give a record")
    if path is not None and path.exists():
        new = {_flag(o.name): given.values.get(o.name) for o in game.options}
        if game.decks is not None:
            new["--deck"] = given.deck
        refuse_new_settings(path, {**new, "--house": given.house}, kind=game.kind)
        store, record, state = resume_record(path, game.kind)
        for f in tg.flags:
            started = bool(getattr(record.setup, f.name, False))
            refuse_secret_flag(store, path, _flag(f.name), given.flags.get(f.name, False), started)
        refuse_new_bots(store, path, game, given.bots, record)
        return Opened(store, record, state, path, False)
    record = new_game(tg, {**given.values, **given.flags}, given.house, given.deck)
    state = record.rebuild()  # every option checked, --bots too, before a file is made
    players = state.players  # type: ignore[attr-defined]
    record = replace(record, computers=bots(game, given.bots, players))
    store, path = start_record(path, tg.prefix, record, state)
    return Opened(store, record, state, path, True)


def same_settings(tg: TerminalGame, record: Record, given: Given) -> bool:
    """Whether ``given`` is the command line ``record``'s game began with: the setup it
    makes is the record's (the seed the record drew where none is given), so the same
    command run again may resume the game instead of being refused."""
    game = tg.game
    if any(o.required and not given.values.get(o.name) for o in game.options):
        return False
    try:
        rules = with_switches(game.house_rules(), given.house)
        deck = read_deck(game, given.deck) if game.decks is not None else None
        setup = game.setup({**given.values, **given.flags}, rules, deck)
    except (SetupError, SwitchError, click.ClickException, ValueError):
        return False
    seed = seed_of(record.setup)
    seeds = [o for o in game.options if o.fresh is not None]
    if seed is not None and seeds and all(given.values.get(o.name) is None for o in seeds):
        setup = reseeded(setup, seed)  # drawn at random then: the record's own
    return setup == record.setup


def play(tg: TerminalGame, given: Given) -> None:
    """Play a game at the terminal: a new one, or the one the record given holds."""
    game = tg.game
    flags = given.flags
    out = console()
    if can_show_privately(out):  # a hand a killed session left on screen goes first
        leave_stale(out)
    opened = open_game(tg, given)
    store, record, state, record_path = opened.store, opened.record, opened.state, opened.path
    if not opened.fresh:
        count = f"{len(record.events)} {game.unit} so far"
        out.print(user(f"Resuming {record_path}: {count}{tg.resumed(record)}."))
        if record.computers:
            out.print(user(f"The referee plays {computers_words(record.computers)}."))
    else:
        out.print(
            user(f"New game of {game.title} recorded in {record_path}. Type help for the commands.")
        )
        tg.started(out, record)
    interactive = sys.stdin.isatty()
    seats = computer_seats(game, record.computers)
    with store, tg.services(record) as services, contextlib.closing(seats):
        session = Session(record, game.language(**services, **tg.keyboard), state)
        renderer = tg.renderer(out, session, {**flags, "private": interactive and _tty_out()})
        renderer.author = session.commands.author
        if interactive:
            session.confirm = renderer.confirm_undo
        tg.opening(renderer, record, flags)
        turns = ComputerTurns(session, game, seats, renderer) if seats else None
        play_session(session, store, renderer, lambda: tg.prompt(session.game), interactive, turns)
    out.print(user(f"Record: {record_path}"))


def _tty_out() -> bool:
    return sys.stdout.isatty()


def play_command(tg: TerminalGame, name: str = "play") -> click.Command:
    """The click command ``play`` of a game, its options read from the registration."""
    game = tg.game
    params: list[click.Parameter] = [_click_option(o) for o in game.options]
    params.append(_record_option(tg.prefix))
    params.append(house_option(tg.house_help))
    params += [click.Option([_flag(f.name)], is_flag=True, help=f.help) for f in tg.flags]
    params.append(BOTS_OPTION)

    def callback(record_path, house, deck=None, bots=None, **rest) -> None:
        flags = {f.name: bool(rest.pop(f.name)) for f in tg.flags}
        values = {k: v.value if isinstance(v, enum.Enum) else v for k, v in rest.items()}
        play(tg, Given(values, record_path, tuple(house), deck, flags, bots))

    command = click.Command(name, callback=callback, params=params, help=tg.play_help)
    return deck_option(game)(command) if game.decks is not None else command


# ------------------------------------------------------------------ replay


def replay(tg: TerminalGame, record_file: Path, step: bool, as_json: bool) -> None:
    """Re-referee a record event by event; exit 0 agrees, 2 disagrees, 1 cannot be rebuilt."""
    hooks = tg.replay
    assert hooks is not None, "a game with a replay command of its own"
    record, stored = read_record(record_file, tg.game.kind)
    out = console(stderr=as_json)
    renderer = tg.renderer(out, None, {})
    renderer.replayed = record
    renderer.author = tg.game.language().author
    if record.computers and not as_json:
        out.print(user(f"The referee played {computers_words(record.computers)}."))
    interactive = sys.stdin.isatty() and not as_json

    live: dict[int, Step] = {}  # the step the replay is at (with what today found)

    def show(number: int, event: Any, game: Any) -> None:  # that step, or one gone back to
        renderer.watched = game
        hooks.step(renderer, live.get(number) or Step(number, event, game))

    stepper = Stepper(out, record, show, interactive)

    def on_step(s: Step) -> None:
        renderer.watched = s.game
        for d in s.disagreements:
            if not d.refused:
                renderer.say(typed(disagreement_text(d), Tone.BAD))
        if step:
            live.clear()
            live[s.number] = s
            stepper.step(s.number, s.event, s.game)

    with hooks.examiner(record) as examine:
        report = run_replay(record, examine, on_step)
    renderer.watched = report.game
    refused_event(record_file, report)
    if as_json:
        data = {**report.to_json(), **hooks.json_extra(report, record)}
        if record.computers:  # the seats the referee played, as the record names them
            data["computers"] = [{"name": c.name, "level": c.level} for c in record.computers]
        print_json(data)
    else:
        hooks.final(renderer, report, record)
        show_taken_back(out, record, renderer.describe, renderer.marked)
    check_summary(record_file, stored, report.game)
    shown = None if as_json else out
    count = len(record.events)
    conclude_replay(shown, report.agrees, count, tg.game.unit, len(report.disagreements))


def replay_command(tg: TerminalGame, name: str = "replay") -> click.Command:
    assert tg.replay is not None, "a game with a replay command of its own"

    def callback(record_file, step, as_json) -> None:
        replay(tg, record_file, step, as_json)

    params = [
        click.Argument(["record_file"], type=click.Path(dir_okay=False, path_type=Path)),
        click.Option(["--step"], is_flag=True, help="Walk through the game event by event."),
        click.Option(["--json", "as_json"], is_flag=True, help="Print the report as JSON."),
    ]
    return click.Command(name, callback=callback, params=params, help=tg.replay.help)
