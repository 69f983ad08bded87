"""What every game's ``play`` and ``replay`` share at the terminal.

Reading lines (a prompt with history for a person, one command per line for a
script), Ctrl-C (cancels a running command; at the prompt it asks before
leaving), opening the record for the session (:mod:`referee.table.store`),
and the renderers of the outcomes every game has. A game's own renderer
extends :class:`TableRenderer` with one ``@renders`` method per outcome class of its own.
"""

from __future__ import annotations

import atexit
import datetime as _dt
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from referee.client.agreement_words import agreement_words
from referee.client.common import fail, read_text
from referee.client.keys import LeaveGame, ask, ask_to_leave
from referee.client.layout import HelpPage
from referee.client.lines import UnreadLine, checked, script_lines
from referee.client.pager import paged
from referee.client.private_screen import private_screen, wait_for_enter
from referee.client.reasons import (
    BY_EVENT,
    BY_OUTCOME,
    ended_words,
    hint_words,
    record_error_words,
    refusal_text,
    shown_words,
)
from referee.client.renders import event_words, outcome_methods, renders
from referee.client.safe import echoed, escape_invisible, filled
from referee.client.said import Item, Layout, Line, Page, Said, Tone, typed, words
from referee.client.styles import prompt as prompt_text
from referee.client.styles import show as show_said
from referee.client.styles import show_paged, text
from referee.language.english import and_list
from referee.table import loop
from referee.table.agreement import (
    EndWished,
    MatchBegins,
    RematchWished,
    UndoAnswered,
    UndoAsked,
    UndoGranted,
)
from referee.table.errors import RecordError
from referee.table.events import Event
from referee.table.house import describe as describe_rules
from referee.table.record import (
    GameKind,
    Record,
    dumps,
    from_json,
    loads,
    parse_json,
    stored_summary,
    summary_differences,
)
from referee.table.replay import ReplayReport
from referee.table.reveals import Shown
from referee.table.session import (
    Asked,
    Cancelled,
    Declined,
    Help,
    Outcome,
    Outcomes,
    Quit,
    Refused,
    Saved,
    Session,
    ShowRules,
    Undone,
    UndoQuestion,
    UndoRefused,
)
from referee.table.store import NEW_RECORD_MODE, RecordFile, StoreError, write_atomically
from referee.table.views import GameOver, ShowBoard, ShowCards, ShowHand, ShowMoves, ShowScores

_KIND = event_words()  # an event no game words: its kind (the table's end: its reason)


def _said_event(event: Any, *args: Any, **kwargs: Any) -> str:
    template = BY_EVENT.get(type(event))
    return filled(template, event) if template is not None else _KIND(event)


# An event in one line, as its game's words say it (``Words.events``), else its kind: the
# ``describe`` of a renderer whose game writes no function of its own.
said_event: Callable[..., str] = _said_event


# Exit codes every game's play and replay keep (documented in docs/games/NAME.md).
EXIT_OK, EXIT_INPUT, EXIT_DISAGREES = 0, 1, 2


def open_record(path: Path, fresh: bool = False) -> RecordFile:
    store = RecordFile(path, fresh)
    try:
        store.open()
    except StoreError as exc:
        fail(exc.message)
    atexit.register(store.close)  # no stale lock, however the command ends (a broken pipe)
    return store


def resume_record(path: Path, kind: GameKind) -> tuple[RecordFile, Record, object]:
    """A game to go on with: the record locked first and read after, so no session ends
    between the two and leaves this one an old copy to write over.

    A record of an older version is kept as it was, beside it (``NAME.vN.json``),
    before the session writes it in today's version.
    """
    store = open_record(path)
    try:
        text = read_text(path, "game record")
        record, game = loads(text, kind)
        version = parse_json(text).get("version")
        if version != kind.version:
            keep = store.target.with_name(f"{store.target.stem}.v{version}{store.target.suffix}")
            if not keep.exists() and not keep.is_symlink():
                write_atomically(keep, text, NEW_RECORD_MODE)
    except RecordError as exc:
        store.close()
        fail(f"{path}: {record_error_words(exc)}")
    except BaseException:
        store.close()
        raise
    store.sweep()  # read as a record: its own temporary files may go now
    return store, record, game


def new_record_path(prefix: str) -> Path:
    """A new game's record when none is named: ``PREFIX-DATE-TIME.json`` (with ``-2``,
    ``-3``, ... when a game of the same second has it)."""
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path, n = Path(f"{prefix}-{stamp}.json"), 2
    while path.exists() or path.is_symlink():
        path, n = Path(f"{prefix}-{stamp}-{n}.json"), n + 1
    return path


def start_record(
    path: Path | None, prefix: str, record: Record | None = None, game=None
) -> tuple[RecordFile, Path]:
    """The file a new game is recorded in: ``path``, or else ``PREFIX-DATE-TIME.json``
    (with ``-2``, ``-3``, ... when a game of the same second has it); never a file
    already there, nor a symlink. With ``record``, it is written at once, so a
    message saying where the game is recorded is true when it is printed."""
    if path is None:
        path = new_record_path(prefix)
    store = open_record(path, fresh=True)
    if record is not None:
        try:
            store.write(dumps(record, game))
        except StoreError as exc:
            store.close()
            fail(exc.message)
    return store, path


def refuse_new_settings(
    record_path: Path,
    given: dict[str, object],
    what: str = "settings",
    kind: GameKind | None = None,
) -> None:
    """A recorded game keeps its own settings: opening it with any of ``given`` (option →
    value, None or empty when not given) fails, naming them. The words hold for a finished
    game as for one in progress; a file that holds no game of ``kind`` (empty, half-written,
    not a record) is named for what it is, never called a game."""
    extra = [option for option, value in given.items() if value not in (None, (), [], False)]
    if extra:
        if kind is not None:
            try:
                loads(read_text(record_path, "game record"), kind)
            except RecordError as exc:
                fail(f"{record_path}: {record_error_words(exc)}")
        fail(
            f"{record_path} already holds a game, with its own {what}: "
            f"drop {', '.join(extra)} to open it"
        )


def refuse_secret_flag(
    store: RecordFile, record_path: Path, flag: str, given: bool, started_with: bool
) -> None:
    """A flag that prints hidden cards (``--show-secrets``, ``--show-hands``) may resume only a
    game started with it: else anyone holding a copy of a record would read the deal.
    (Refusing, it lets go of the record ``store`` holds.)"""
    if given and not started_with:
        store.close()
        fail(
            f"{record_path} was not started with {flag}: a recorded game never shows "
            f"its hidden cards to a flag given later; drop {flag} to open it"
        )


def disagreement_text(d) -> str:
    """One line for a replay :class:`~referee.table.replay.Disagreement`."""
    return (
        f"event {d.event}, {d.field}: the record says {_shown(d.recorded)}, today {_shown(d.today)}"
    )


def _shown(value) -> str:
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return str(getattr(value, "value", value))


def read_lines(out: Console, prompt: Callable[[], str], interactive: bool) -> Iterator[str]:
    """Commands typed at a prompt (with history), or one per line of a script (echoed).

    Every line goes through :mod:`referee.client.lines` first: one that is too
    long or not UTF-8 is refused here, before any game parses it.
    """
    if not interactive:
        for line in script_lines(sys.stdin.buffer):
            if isinstance(line, UnreadLine):
                unread(out, line)
                continue
            if line.strip() and not line.lstrip().startswith("#"):
                show_said(out, Said.of(words("> ") + typed(line)))
            yield line
        return
    try:
        import readline  # noqa: F401  (line editing and history for input())
    except ImportError:  # pragma: no cover - Windows
        pass
    while True:
        try:
            line = checked(out.input(prompt_text(prompt())))
        except EOFError:
            return
        except UnicodeDecodeError:
            line = checked("\udcff")  # bytes that are not UTF-8: refused like a piped line
        except KeyboardInterrupt:
            out.print()
            if ask_to_leave(out):
                return
            continue
        if isinstance(line, UnreadLine):
            unread(out, line)
            continue
        yield line


def unread(out: Console, line: UnreadLine) -> None:
    show_said(out, Said.of(words("refused: ", Tone.BAD) + typed(line.message, Tone.BAD)))


def can_show_privately(out: Console | Page) -> bool:
    """Whether :func:`private_view` can show hidden information here (both ends a terminal)."""
    return out.is_terminal and sys.stdin.isatty()


def private_view(out: Console | Page, owner: Line | Text, draw: Callable[[], None]) -> bool:
    """Show what only ``owner`` may see (a hand), then take it off the screen.

    The others are asked to look away and the owner presses Enter; the view
    is drawn on the terminal's *alternate screen* (the one ``less`` and ``vim``
    use), so it never enters the scrollback, and pressing Enter again switches
    back to the table exactly as it was. Clearing the screen would not be
    enough: scrolling up would show the hand again. When either end is not a
    terminal nothing is drawn and False is returned: a pipe or a log file
    cannot be wiped, so hidden information never goes there.
    """
    if not can_show_privately(out):
        return False
    interrupted = False
    # Both questions on the alternate screen: the table's screen keeps its prompt where it
    # was (a question answered there left the next prompt on its line).
    with private_screen(out):  # left on every way out, signals included
        try:
            wait_for_enter(
                out,
                Text("Only ")
                + (text(owner) if isinstance(owner, Line) else owner)
                + Text(" looks now; the others look away. Press Enter. "),
            )
            draw()
            wait_for_enter(out, text(words("Press Enter to hide this. ", strong=True)))
        except (EOFError, UnicodeDecodeError):
            pass
        except KeyboardInterrupt:
            interrupted = True
    if interrupted and ask_to_leave(out):  # Ctrl-C asks here as at the prompt
        raise LeaveGame
    return True


def moves_rows(lines: Sequence[str], width: int) -> list[Line]:
    """A player's moves in as few rows as they take: the lines that begin with the same
    word together, the word once (``discard: 1 · 2 · 1 2``), each move whole on a row,
    so that a long list (Ergo's) fits a screen of 24 rows."""
    groups: dict[str, list[str]] = {}
    for line in lines:
        word, _, rest = line.partition(" ")
        if rest:
            groups.setdefault(word, []).append(rest)
        else:  # a move of one word (``pass``, Invicta's ``e5``): among the others of one
            groups.setdefault("", []).append(word)
    rows: list[Line] = []
    gap = " · "
    for word, rests in groups.items():
        row = f"  {word}: " if word else "  "
        indent = " " * len(row)
        fresh = True
        for item in rests:
            if not fresh and len(row) + len(gap) + len(item) >= width:
                rows.append(typed(row).laid(Layout.FLOW))
                row, fresh = indent, True
            row += item if fresh else gap + item
            fresh = False
        rows.append(typed(row).laid(Layout.FLOW))
    return rows


def game_over_words(winner: str | None = None) -> Line:
    """``Game over: `` and, for one winner, ``NAME wins``; each game then says how it ended
    (in words as strong as these unless it says otherwise)."""
    line = words("Game over: ", strong=True)
    if winner is not None:
        line += typed(winner, strong=True) + words(" wins", strong=True)
    return line


class TableRenderer:
    """Renders the outcomes every game has; a game's renderer marks its own ``@renders``."""

    def __init__(
        self, out: Console | Page, session: Session | None = None, flags: object = None
    ) -> None:
        """``out``: the terminal's console, or a :class:`Page` keeping the words as data;
        ``flags``: the terminal's switches given (a game's renderer that reads none may
        be the TerminalGame's ``renderer`` itself)."""
        self.out = out
        self.session = session
        self.renderers: dict[type, Callable] = {}  # outcome class -> what prints it
        for outcome in BY_OUTCOME:  # a line of a game's words (a method of its own wins)
            self.renderers[outcome] = self.outcome_line
        for outcome, (name, through_pager) in outcome_methods(type(self)).items():
            method = getattr(self, name)
            self.renderers[outcome] = paged(out, method) if through_pager else method

    def say(self, *items: Item | str | Iterable[Item]) -> None:
        """Words to the client: drawn at a terminal (each tone in its style), kept by a page."""
        show_said(self.out, Said.of(*items))

    def say_paged(self, *items: Item | str | Iterable[Item]) -> None:
        """Words a terminal shows through the pager when they are taller than its screen."""
        show_paged(self.out, Said.of(*items))

    def show(self, outcomes: Outcomes, changed: bool) -> None:
        leaving = any(isinstance(o, Quit) for o in outcomes)
        for outcome in outcomes:
            if leaving and isinstance(outcome, Saved):
                continue  # "Record: FILE" follows
            render = self.renderers.get(type(outcome))
            if render is None:  # a new outcome without words: its fields may hold secrets
                said = f"({type(outcome).__name__}: this referee has no words for it)"
                self.say(typed(said))
            else:
                render(outcome)
        if changed:
            self.after_change(outcomes)

    @renders(Quit)
    def quit(self, o: Quit) -> None:
        """Nothing: the loop says where the record is."""

    @renders(ShowRules)
    def show_rules(self, o: ShowRules) -> None:
        self.rules(self.game)

    @renders(GameOver)
    def game_over(self, o: GameOver) -> None:
        """The end as every game may say it: who won (or a draw, or who share the win), how
        the game ended in its words, the points, what the table said, then the board as it
        ended; a game whose end says more renders its own."""
        e = o.ending
        line = game_over_words(e.winners[0] if len(e.winners) == 1 else None)
        if len(e.winners) > 1:
            line += typed(and_list(e.winners), strong=True) + words(" share the win", strong=True)
        elif not e.winners:
            line += words("a draw", strong=True)
        said = [ended_words(e.termination) or "", ", ".join(f"{p} {n}" for p, n in e.scores)]
        if any(said):
            line += typed(" (" + "; ".join(s for s in said if s) + ")", strong=True)
        if e.note:
            line += typed(f": {e.note}", strong=True)
        self.say(line + words(".", strong=True))
        if self.draws_board():
            self.board(self.game)

    @renders(ShowScores)
    def show_scores(self, o: ShowScores) -> None:
        self.scores(self.game)

    @renders(ShowHand)
    def show_hand(self, o: ShowHand) -> None:
        self.hand(self.game, o.player)

    @renders(ShowMoves)
    def show_moves(self, o: ShowMoves) -> None:
        if not o.player:
            self.say(typed("Nobody has a move to make now."))
            return
        if not o.lines:
            self.say(typed(f"{o.player} has no move to make now."))
            return

        def draw() -> None:
            head = typed(f"{o.player} may say", strong=True)
            if len(o.lines) > 1:
                head += words(
                    f" ({len(o.lines)} moves, grouped by their first word)", strong=True, aside=True
                )
            head += words(":", strong=True)
            self.say_paged(head.laid(Layout.FLOW), moves_rows(o.lines, self.out.width))

        if not o.private or self.session is None or self.session_is_a_seat():
            draw()
        elif not private_view(self.out, typed(o.player, strong=True), draw):
            self.say(
                typed(f"{o.player}'s moves tell what only {o.player} sees: ask at a terminal.")
            )

    def session_is_a_seat(self) -> bool:
        """Whether what is shown goes to one seat alone (a phone's page), not a shared
        screen."""
        return isinstance(self.out, Page)

    # The record a replay shows (its computer seats); play's are its session's record's.
    replayed: Record | None = None

    # (game, event) -> the player who made it (the language's ``author``; a replay's)
    author: Callable[[Any, Any], str | None] = staticmethod(lambda game, event: None)

    def marked(self, line: str, event: object, game: object = None) -> str:
        """An event's line with its author marked where the referee played them
        (``bob (computer) plays …``, ``black (bob, computer) moves …``): a replay shows
        which moves were the computers'."""
        if not isinstance(event, Event):
            return line
        author = self.author(game if game is not None else self.game, event)
        if author is None or not self.computer(author):
            return line
        name = escape_invisible(author)
        if f"({name})" in line:
            return line.replace(f"({name})", f"({name}, computer)", 1)
        if line.startswith(f"{name} ") or line.startswith(f"{name}:"):
            return f"{name} (computer){line[len(name) :]}"
        return f"{line} ({name}, computer)"

    def computer(self, player: str) -> bool:
        """Whether the referee plays ``player`` itself (``--bots``): what only that seat sees
        (its hand, its moves) is never drawn on this screen, which its people share."""
        record = self.session.record if self.session is not None else self.replayed
        return record is not None and player in record.computer_seats

    @renders(ShowCards, paged=True)  # a deck is taller than 24 rows: its title stays in view
    def show_cards(self, o: ShowCards) -> None:
        self.cards(self.game)

    @renders(ShowBoard)
    def show_board(self, o: ShowBoard) -> None:
        self.board(self.game)

    # A game to show without a session (replay steps through games of its own).
    watched = None

    @property
    def game(self):
        """The game shown: the one being watched, else the session's."""
        if self.watched is not None:
            return self.watched
        return self.session.game  # type: ignore[union-attr]

    def rules(self, game) -> None:
        """The house rules as a table types them (``--house name=value``), then the settings."""
        for name, value in describe_rules(game.rules):
            self.say(typed(f"  {name} = {value}"))
        for line in self.settings_lines(game):
            self.say(typed(f"  {line}"))

    # The shared views, drawn by each game that has them.
    def scores(self, game) -> None:
        raise NotImplementedError

    def hand(self, game, player: str) -> None:
        raise NotImplementedError

    def cards(self, game) -> None:
        raise NotImplementedError

    def board(self, game) -> None:
        raise NotImplementedError

    def draws_board(self) -> bool:
        """Whether this game's renderer draws a board (the table as it stands) at all."""
        return type(self).board is not TableRenderer.board

    def settings_lines(self, game) -> tuple[str, ...]:
        """What else a game is played under, beside its house rules (a game adds its own)."""
        return ()

    def after_change(self, outcomes: Outcomes) -> None:
        """Redraw what a table wants to see after the record moved."""

    def ruling(self, outcomes: Outcomes) -> bool:
        """Whether ``outcomes`` hold a ruling (a claim settled, a round scored): what a
        table wants to read before more moves push it off the screen."""
        return False

    def recap(self, outcomes: Outcomes) -> None:
        """The ruling among ``outcomes`` in a line or two, said again under the table
        redrawn after more moves followed it (a game with rulings words its own)."""

    @renders(Refused)
    def refused(self, o: Refused) -> None:
        first, *rest = echoed(refusal_text(o.message, o.reason)).split(
            "\n"
        )  # a parse error: message, line, caret
        self.say(words("refused: ", Tone.BAD) + typed(first, Tone.BAD), (typed(r) for r in rest))
        if o.hint:
            self.say(words("  try: ", aside=True) + typed(echoed(hint_words(o.hint)), aside=True))

    @renders(Undone)
    def undone(self, o: Undone) -> None:
        self.say(words("undone: ") + typed(self.marked(self.describe(o.event), o.event)))

    @renders(UndoRefused)
    def undo_refused(self, o: UndoRefused) -> None:
        line = words("refused: undo cannot take back ")
        line += typed(self.marked(self.describe(o.event), o.event))
        self.say((line + f": event {o.number} {shown_words(o.shown)}.").toned(Tone.BAD))
        if o.draws:  # only cards drawn (or a computer's played) were shown: the narrower rule
            kept = "saw a card played" if Shown.PLAYED_CARD in o.shown else "drew a card"
            self.say(
                words(
                    "  A table that agrees may start the game with --house undo_draws=yes "
                    f"(who {kept} keeps knowing it).",
                    aside=True,
                ).only_at_a_terminal()
            )
        elif o.house_rule:  # only a game with the house rule is sent to it
            self.say(
                words(
                    "  A table that agrees may start the game with --house undo_past_reveals=yes.",
                    aside=True,
                ).only_at_a_terminal()
            )

    @renders(RematchWished, MatchBegins, UndoAsked, UndoAnswered, UndoGranted, EndWished)
    def agreed(self, o) -> None:
        """What the players decide together (the table's own words for every game)."""
        self.say(typed(agreement_words(o), strong=isinstance(o, MatchBegins)))

    @renders(Saved)
    def saved(self, o: Saved) -> None:
        self.say(words("saved (the record is also written after every event)", aside=True))

    @renders(Help)
    def help(self, o: Help) -> None:
        text = self.help_text()
        said = text.said() if isinstance(text, HelpPage) else Said.of(words(text).laid(Layout.FLOW))
        self.say_paged(said.items)

    # a game's renderer: its command list (a HelpPage wraps to the screen it is drawn on)
    help_words: str | HelpPage = "type a command; help lists them"

    def help_text(self) -> str | HelpPage:
        return self.help_words

    @renders(Declined)
    def declined(self, o: Declined) -> None:
        said = {Asked.UNDO: "nothing was taken back", Asked.END: "the game goes on"}
        self.say(words(said[o.asked], Tone.DOUBT))

    @renders(Cancelled)
    def cancelled(self, o: Cancelled) -> None:
        self.say(words("cancelled: nothing was recorded", Tone.DOUBT))

    # An event in one line (undo, the events a replay took back): by default only its kind,
    # since its fields may hold what a reader may not see; a game words its own events.
    describe = staticmethod(said_event)

    def outcome_line(self, o: Outcome) -> None:
        """An outcome its game words in a line (``Words.outcomes``)."""
        self.say(typed(filled(BY_OUTCOME[type(o)], o)))

    def thinking(self, line: str) -> str | None:
        """What to show while ``line`` runs, if it may take the referee a while (a claim the
        engine settles); None: nothing. Wiped when the answer comes."""
        return None

    def confirm_undo(self, question: UndoQuestion) -> bool:
        event = question.event
        line = words("Take back: ") + typed(self.marked(self.describe(event), event))
        if question.replies:
            n = len(question.replies)
            line += f", and the {n} computer move{'s' * (n != 1)} after it"
        return ask(self.out, text(line + "?"))


def play_session(
    session: Session,
    store: RecordFile,
    renderer: TableRenderer,
    prompt: Callable[[], str],
    interactive: bool,
    computers=None,
) -> None:
    """Run the shared loop with the terminal's lines, the record file and the renderer;
    ``computers``: the computer seats' turns between the lines typed (``ComputerTurns``)."""

    def save(record: Record, game) -> None:
        try:
            store.write(dumps(record, game))
        except StoreError as exc:
            fail(exc.message)

    def keep(finished: Record, game) -> None:  # a rematch: the game before, kept beside
        try:
            store.keep(f"match-{finished.match}", dumps(finished, game))
        except StoreError as exc:
            fail(exc.message)

    save(session.record, session.game)
    out = renderer.out
    pending = [False]  # a "thinking" line is on the screen, to be wiped by what follows

    def lines() -> Iterator[str]:
        for line in read_lines(out, prompt, interactive):
            words = renderer.thinking(line) if interactive and out.is_terminal else None
            if words:
                out.file.write(f"\x1b[2m{words}\x1b[0m\n")
                out.file.flush()
                pending[0] = True
            yield line

    def show(outcomes, changed: bool) -> None:
        if pending[0]:
            out.file.write("\x1b[1A\x1b[2K")  # up to the thinking line, and wipe it
            pending[0] = False
        renderer.show(outcomes, changed)

    try:
        lines_: Iterable = lines()
        shown = show
        if computers is not None:
            lines_, shown = computers.lines(lines_), computers.show(shown)
        loop.run(session, lines_, save, shown, keep=keep)
    except LeaveGame:  # asked from inside a view; every event is already saved
        pass


def read_record(path: Path, kind: GameKind) -> tuple[Record, object]:
    """A record to replay, read and shape-checked (message and exit 1 when it cannot be),
    with the summary it keeps (for :func:`check_summary`)."""
    try:
        data = parse_json(read_text(path, "game record"))
        return from_json(data, kind), stored_summary(data, kind)
    except RecordError as exc:
        fail(f"{path}: {record_error_words(exc)}")


def check_summary(path: Path, stored: object, game) -> None:
    """Exit 2 when the record's stored summary is not what its events give today: the
    record was edited, and resuming it would be refused (every game's replay)."""
    diffs = summary_differences(stored, game)
    if diffs:
        click.echo(
            echoed(
                f"{escape_invisible(str(path))}: the record's summary is not what its events "
                f"give today (differs in {', '.join(diffs)}): was it edited by hand?"
            ),
            err=True,
        )
        sys.exit(EXIT_DISAGREES)


def show_taken_back(
    out: Console,
    record: Record,
    describe: Callable[[object], str],
    marked: Callable[[str, object], str] = lambda line, event: line,
) -> None:
    """The events undo took back during the game (kept in the record), in the order it did
    (``marked``: a line with its author marked, :meth:`TableRenderer.marked`)."""
    for gone in record.taken_back:
        line = marked(describe(gone.event), gone.event)
        show_said(out, Said.of(typed(f"undo took back event {gone.number}: {line}", aside=True)))


def refused_event(path: Path, report: ReplayReport) -> None:
    """A record holding an event today's rules refuse cannot be rebuilt past it: exit 1,
    as ``play --record`` on the same file. One holding a judgement today's referee makes
    otherwise, which the game cannot go on past: exit 2, saying what the game said."""
    if report.stopped_at is None:
        return
    d = report.disagreements[-1]
    if d.refused:
        fail(f"{path}: event {d.event}, field {d.field}: {refusal_text(str(d.today), d.reason)}")
    click.echo(
        echoed(
            escape_invisible(
                f"today's referee disagrees: {path}: event {d.event}, field {d.field}: "
                f"{refusal_text(d.message, d.reason)}"
            )
        ),
        err=True,
    )
    sys.exit(EXIT_DISAGREES)


def conclude_replay(
    out: Console | None, agrees: bool, count: int, unit: str = "events", disagreements: int = 0
) -> None:
    """Every replay's last line (none when ``out`` is None, as with --json) and exit status."""
    if out is not None:
        if agrees:
            said = words(f"Today's referee agrees with all {count} {unit}.")
        else:
            said = typed(
                f"Today's referee disagrees with the record at {disagreements} point(s).", Tone.BAD
            )
        show_said(out, Said.of(said))
    if not agrees:
        sys.exit(EXIT_DISAGREES)
