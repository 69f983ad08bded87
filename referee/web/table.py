"""One game at the web table: a line said by a seat in, the record saved, every view out.

A :class:`WebTable` owns the session, the record file and the lock that lets
one command run at a time. A command runs in a worker thread (the engine may
think for seconds; the event loop keeps serving pages meanwhile), through the
shared loop (:func:`referee.table.loop.run`), so the record is written after
every event *before* anyone is answered (the write, with its fsyncs, runs in a
thread of :data:`WRITES` while the views are made; nothing is published until it
is done). After each command the views of
every seat, the spectator and the table are computed once, by the game, and
kept as a snapshot: pages and WebSockets are served from that snapshot only,
never from the live game.

A game that declares a background analysis (``registration.background``, a
claimable-now hint) gets it after every change without a move ever
waiting for it: the position is captured under the lock, an
:class:`~referee.web.analyst.Analyst` thread analyses it with an engine of its
own, and meanwhile the views say ``checking``; the answer, if the game has not
moved on, is a new snapshot (a new version) told to every page.
"""

from __future__ import annotations

import contextlib
import functools
import heapq
import itertools
import json
import re
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

from referee.client.agreement_words import agreement_words
from referee.client.common import InputError, read_text
from referee.client.lines import UnreadLine, checked
from referee.client.reasons import reason_words, record_error_words
from referee.language.input_limits import MAX_LINE_CHARS
from referee.table import loop
from referee.table.agreement import (
    Agreement,
    EndWished,
    MatchBegins,
    RematchWished,
    UndoAnswered,
    UndoAsked,
    UndoGranted,
)
from referee.table.errors import RecordError
from referee.table.record import Record, dumps, loads
from referee.table.seatview import seat_view
from referee.table.session import Help, Outcomes, Refused, Session, Undone, UndoRefused
from referee.table.store import RecordFile, StoreError
from referee.table.views import ShowHand
from referee.web.analyst import Analyst
from referee.web.games import WebGame
from referee.web.help import help_lines
from referee.web.pools import Pools

# A command is one line as typed at the terminal, held to the terminal's limit
# (ruling 37): a body of more bytes than that many characters is refused unread.
MAX_COMMAND_BYTES = MAX_LINE_CHARS
# What the players decide together: each told to every page in the table's words.
AGREED = (RematchWished, MatchBegins, UndoAsked, UndoAnswered, UndoGranted, EndWished)

# Seconds a command runs before every page is told the referee is thinking.
THINKING_AFTER = 0.3
# Where a table's record is written (its two fsyncs) while the views of its move are made:
# nothing is shown, answered or published before the write is done (a table waits for its
# own write, under its lock, so that each has one at a time).
WRITES = ThreadPoolExecutor(max_workers=32, thread_name_prefix="record")


def plain_card(card: object) -> str:
    """A card of a seat's ``you.hand``, of a game that declares no words for one: its number
    and its name, where its view gives them; else the card as the view says it."""
    if not isinstance(card, dict):
        return str(card)
    name = next(
        (card[k] for k in ("label", "name", "card", "id") if isinstance(card.get(k), str)), None
    )
    if name is None:
        return json.dumps(card, ensure_ascii=False)
    return name if card.get("number") is None else f"{card['number']}: {name}"


class Notices:
    """One thread that tells the pages of every table whose command takes a while that the
    referee is thinking (a thread started per command cost each move a few milliseconds on
    a busy machine, waiting for the new thread to be scheduled)."""

    def __init__(self) -> None:
        self._wake = threading.Condition()
        self._due: list[tuple[float, int, Callable[[], None]]] = []
        self._gone: set[int] = set()
        self._numbers = itertools.count(1)
        self._thread: threading.Thread | None = None

    def after(self, seconds: float, action: Callable[[], None]) -> int:
        """Call ``action`` in ``seconds`` (unless cancelled); its number, to cancel it."""
        with self._wake:
            number = next(self._numbers)
            heapq.heappush(self._due, (time.monotonic() + seconds, number, action))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="notices", daemon=True)
                self._thread.start()
            if self._due[0][1] == number:  # sooner than it means to wake: woken (else not)
                self._wake.notify()
            return number

    def cancel(self, number: int) -> None:
        with self._wake:
            if any(n == number for _, n, _ in self._due):
                self._gone.add(number)

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._due or self._due[0][0] > time.monotonic():
                    self._wake.wait(self._due[0][0] - time.monotonic() if self._due else None)
                _, number, action = heapq.heappop(self._due)
                if number in self._gone:
                    self._gone.discard(number)
                    continue
            action()


NOTICES = Notices()


@dataclass(frozen=True)
class Answer:
    """What a command came to, for the seat that said it (and only for it)."""

    ok: bool
    messages: tuple[str, ...]
    changed: bool = False

    def to_json(self) -> dict:
        return {"ok": self.ok, "messages": list(self.messages)}


@dataclass(frozen=True)
class Kept:
    """A game a rematch finished at this table, kept beside its record (``file``, a name in
    the same directory): listed among the finished games, and replayed on the TV."""

    match: int
    file: str
    record: Record
    view: dict  # its public view as it ended


@dataclass(frozen=True)
class Snapshot:
    """Every page's view at one moment (the contract every client reads:
    :class:`referee.table.seatview.SeatView`, as JSON): ``seats`` by player, ``public``
    for everyone else, and the public words of the last change."""

    version: int
    seats: dict[str, dict]
    public: dict
    log: tuple[str, ...] = field(default=())


def one_line(line: str) -> str | Answer:
    """A seat's line as the table reads it (a CRLF ending, as some clients and files end a
    line, taken off), or the refusal of what is not one readable line: every seat's line,
    naming stage included, is read here."""
    if line.endswith("\r\n"):
        line = line[:-2]
    if "\n" in line.strip() or "\r" in line:
        return Answer(False, ("one line, one command",))
    unread = checked(line)
    if isinstance(unread, UnreadLine):
        return Answer(False, (unread.message,))
    return line


class WebTable:
    def __init__(
        self,
        web_game: WebGame,
        session: Session,
        store: RecordFile,
        players: tuple[str, ...],
        computers: frozenset[str] = frozenset(),
        pools: Pools | None = None,
    ) -> None:
        self.web_game = web_game
        self.session = session
        self.store = store
        self.players = players
        self.computers = computers  # the seats the referee plays itself
        self.lock = threading.Lock()
        self.thinking = False
        self.running = False  # a command is being carried out
        self.notice_lock = threading.Lock()
        self._commands = 0  # commands begun (a notice is for one of them)
        self.listeners: list[Callable[[str], None]] = []  # told "thinking" / "changed"
        self._version = 0
        # Versions count from 1 again when the server restarts; a page that outlived the
        # old server tells the new one by this (random, not a secret).
        self.epoch = secrets.token_hex(4)
        self.store_record = session.record  # the record as the file holds it
        self.kept: list[Kept] = []  # the games a rematch finished here, oldest first
        # What the players decide together, the table layer's (a rematch, undo asked of the
        # table, ending when every player still in says end), as at the terminal.
        session.agreement = Agreement(web_game.enders, self.computers)
        self.background = web_game.terminal.game.background  # the game's analysis, if any
        self.analyst = None
        if self.background is not None:  # at a club, apart on its thinking processes
            within = pools.for_background if pools is not None else contextlib.nullcontext
            apart = (pools.thinking, web_game.name) if pools is not None else None
            self.analyst = Analyst(self.background, self._analysed, within, apart)
        self._position: object = None  # the position being analysed (None: not wanted)
        self._analysis: object = None  # its answer, once the analyst has given it
        with self.lock:  # an answer is published under the lock: only after the first snapshot
            self._analyse()
            self.snapshot = self._snap(())

    # ------------------------------------------------------------ views

    def _snap(self, log: tuple[str, ...]) -> Snapshot:
        session, registration = self.session, self.web_game.registration
        game = session.game
        wishes = session.agreement.wishes(session)
        match, computers = session.record.match, tuple(self.computers)

        def of(seat: str | None) -> dict:
            return seat_view(registration, game, seat, wishes, match, computers).to_json()

        seats = {p: of(p) for p in self.players}
        public = of(None)
        if self._position is not None:
            assert self.background is not None
            answer = self._analysis
            if answer is None:
                answer = self.background.checking(self._position)
            shown = self.background.shown(answer)
            seats = {p: {**view, self.background.key: shown} for p, view in seats.items()}
            public = {**public, self.background.key: shown}
        self._version += 1
        return Snapshot(self._version, seats, public, log)

    # ------------------------------------------------------------ analysis

    def _analyse(self) -> None:
        """Hand the position as it stands to the analyst (under the lock, after a change);
        the views say ``checking`` until its answer comes."""
        if self.analyst is None or self.background is None:
            return
        game = self.session.game
        self._analysis = None
        if not self.background.wanted(game):
            self._position = None
            return
        self._position = self.background.capture(game)
        self.analyst.start(self._position)

    def _analysed(self, generation: int, answer: object) -> None:
        """The analyst's answer (its thread): a new snapshot, unless the game moved on."""
        with self.lock:
            assert self.analyst is not None
            if generation != self.analyst.generation or self._position is None:
                return
            self._analysis = answer
            self.snapshot = self._snap(self.snapshot.log)
            self._tell("changed")

    def close(self) -> None:
        """Stop the background analysis (its engine's workers with it)."""
        if self.analyst is not None:
            self.analyst.close()

    def view(self, seat: str | None) -> dict:
        """A page's view now: the snapshot's contract for ``seat`` (None: the public one),
        with the table's clock and the words of the last change."""
        snap = self.snapshot
        data = snap.seats[seat] if seat is not None else snap.public
        return {
            **data,
            "version": snap.version,
            "epoch": self.epoch,
            "thinking": self.thinking,
            "log": list(snap.log),
        }

    def step_view(self, number: int, record: Record | None = None) -> dict:
        """The public view after event ``number`` of ``record`` (default: the record as the
        file holds it; else a kept game's) for a replay on the TV: the game rebuilt that
        far, in the contract every page reads, with the ruling of that event in the
        table's words."""
        record = self.store_record if record is None else record
        game = record.rebuild(number)
        data = seat_view(self.web_game.registration, game, None, match=record.match).to_json()
        event = record.events[number - 1] if number else None
        said = () if event is None else (self.web_game.describe(event),)
        return {**data, "step": number, "steps": len(record.events), "log": list(said)}

    @property
    def ending(self) -> dict[str, str]:
        """Who has said ``end`` (and their words), in order: the game ends when all have."""
        return self.session.agreement.ending(self.session)

    @property
    def rematch(self) -> tuple[str, ...]:
        """Who has asked to play again, in order (once the game is over)."""
        return self.session.agreement.wishes(self.session).rematch

    # ------------------------------------------------------------ words

    def _words(self, outcomes: Outcomes) -> tuple[str, ...]:
        """The game's words for ``outcomes`` as a page shows them (``Said.page``)."""
        return self.web_game.said(self.session, outcomes).page

    # ------------------------------------------------------------ commands

    def save(self, record: Record, game) -> None:
        self.store.write(dumps(record, game))
        self.store_record = record

    def command(self, seat: str, line: str) -> Answer:
        """``line`` said by ``seat``'s player (blocking: run it in a thread). Which seat may
        say what is the game's command language's (``Session.execute(line, seat)``), and
        the table's own words (a rematch, undo asked of the table, ending by agreement)
        are the table layer's (:mod:`referee.table.agreement`), as at the terminal."""
        line_or_refusal = one_line(line)
        if isinstance(line_or_refusal, Answer):
            return line_or_refusal
        line = line_or_refusal
        if not line.strip() or line.strip().startswith("#"):
            return Answer(False, ("say a command; help lists them",))
        line = line.strip()
        with self.lock:
            before = self.snapshot
            wished = self._wished()
            # Every page learns the referee is thinking only once a command takes a while
            # (a claim): a quick one, a refused private one included, tells nobody anything.
            self._commands += 1
            self.running = True
            notice = NOTICES.after(THINKING_AFTER, functools.partial(self._think, self._commands))
            shown: list[tuple[Outcomes, bool]] = []
            writing: list[tuple[Record, Future[None]]] = []

            def save(record: Record, game) -> None:
                """The record's text made now, and written while the views are made (after
                any earlier write of this command: one file, written in order)."""
                text = dumps(record, game)
                if writing:
                    writing[-1][1].result()
                writing.append((record, WRITES.submit(self.store.write, text)))

            snapshot = None
            try:
                try:
                    loop.run(
                        self.session,
                        [line],
                        save,
                        lambda o, changed: shown.append((o, changed)),
                        seat,
                        keep=self._keep,
                    )
                    outcomes, changed = shown[0] if shown else ((), False)
                    answer, words = self._answer(seat, outcomes, changed)
                    if changed:
                        self._analyse()
                        snapshot = self._snap(self._public_words(seat, outcomes, words))
                    elif self._wished() != wished:  # a wish said, or forgotten: every page shows it
                        agreed = tuple(
                            agreement_words(o) for o in outcomes if isinstance(o, AGREED)
                        )
                        snapshot = self._snap(agreed or self.snapshot.log)
                finally:
                    self._written(writing)  # nothing is shown before the record is on disk
            except StoreError as exc:  # the record could not be written: nothing is acknowledged
                self._reset()
                return Answer(False, (exc.message,))
            except Exception:  # a fault of ours; its text may hold what a seat may not see
                self._reset()
                return Answer(False, ("the referee failed on that command; nothing was recorded",))
            finally:
                with self.notice_lock:  # a notice late to fire finds the command over
                    NOTICES.cancel(notice)
                    self.running = False
                    thought, self.thinking = self.thinking, False
            if snapshot is not None:
                self.snapshot = snapshot
            if self.snapshot is not before or thought:
                self._tell("changed")  # pages told the referee thinks hear it has stopped
            return answer

    def _written(self, writing: list[tuple[Record, Future[None]]]) -> None:
        """Wait for every write a command started; the file then holds its record.
        StoreError: one could not be written (the first)."""
        failed: StoreError | None = None
        for record, future in writing:
            try:
                future.result()
            except StoreError as exc:
                failed = failed or exc
            else:
                if failed is None:
                    self.store_record = record
        if failed is not None:
            raise failed

    def _answer(
        self, seat: str, outcomes: Outcomes, changed: bool
    ) -> tuple[Answer, tuple[str, ...] | None]:
        """What ``seat`` is told of ``outcomes``, and the words made for it (None: none)."""
        you = self.snapshot.seats[seat].get("you")
        shows_hand = any(isinstance(o, ShowHand) for o in outcomes)
        if shows_hand and isinstance(you, dict) and isinstance(you.get("hand"), list):
            return self._hand(you["hand"]), None  # the seat's own (the rules'), from its view
        if any(isinstance(o, Help) for o in outcomes):  # a phone's help, not a terminal's
            return Answer(True, help_lines(self.web_game.registration), changed), None
        granted = [o for o in outcomes if isinstance(o, UndoGranted)]
        if granted:  # told as the table's decision, never the move taken back
            words = (agreement_words(granted[0]),)
            return Answer(True, words, changed), words
        refusals = (Refused, UndoRefused, *self.web_game.refusals)
        refused = any(isinstance(o, refusals) for o in outcomes)
        said = self._words(outcomes)
        return Answer(not refused, said, changed), said

    def _wished(self) -> tuple:
        """What the table has asked for now (who would play again, end, take back)."""
        wishes = self.session.agreement.wishes(self.session)
        return wishes.rematch, wishes.ending, wishes.undo_json()

    def _keep(self, finished: Record, game) -> None:
        """A rematch: the finished game kept beside this table's record, unchanged."""
        path = self.store.keep(f"match-{finished.match}", dumps(finished, game))
        self.kept = [*self.kept, self._kept(finished, game, path.name)]

    def _kept(self, record: Record, game, name: str) -> Kept:
        registration, computers = self.web_game.registration, tuple(self.computers)
        view = seat_view(registration, game, None, match=record.match, computers=computers)
        return Kept(record.match, name, record, view.to_json())

    def recall(self) -> list[str]:
        """The games a rematch finished here before a restart, read back from their files
        beside the record (:meth:`RecordFile.keep`'s names); the words of each that cannot
        be read. Blocking: it reads files."""
        target = self.store.target
        pattern = re.compile(
            re.escape(target.stem)
            + r"\.match-([0-9]{1,9})(?:-[0-9]{1,9})?"
            + re.escape(target.suffix)
        )
        found = []
        for path in target.parent.iterdir():
            named = pattern.fullmatch(path.name)
            if named is not None and int(named.group(1)) < self.store_record.match:
                found.append((int(named.group(1)), path))
        kept, problems = [], []
        for _, path in sorted(found):
            try:
                record, game = loads(read_text(path, "game record"), self.web_game.kind)
            except InputError as exc:
                problems.append(exc.format_message())
                continue
            except RecordError as exc:
                problems.append(f"{path.name}: {record_error_words(exc)}")
                continue
            if game.finished:
                kept.append(self._kept(record, game, path.name))
        self.kept = kept
        return problems

    def note(self, words: tuple[str, ...]) -> None:
        """Tell every page ``words`` (the table's, not a move's: a computer seat given up)."""
        with self.lock:
            self.snapshot = self._snap(words)
            self._tell("changed")

    def _think(self, command: int) -> None:
        with self.notice_lock:
            if not self.running or command != self._commands:
                return
            self.thinking = True
        self._tell("thinking")

    def _hand(self, hand: list) -> Answer:
        """``hand`` at a seat: that seat's own ``hand``, from its own view, each card in the
        game's words (``Phones.hand``; else :func:`plain_card`). The terminal's words for a
        hand are for a screen others look away from; a phone is private."""
        words = self.web_game.registration.phones.hand or plain_card
        cards = [words(c) for c in hand]
        return Answer(True, ("your hand: " + ("  ".join(cards) or "(empty)"),))

    def check_play(self, seat: str, cards: list[str], text: str) -> dict:
        """The live check of a statement ``seat`` is writing (the game's ``draft``; it
        changes nothing)."""
        draft = self.web_game.draft
        assert draft is not None
        if not self.lock.acquire(timeout=0.5):
            return {"ok": False, "stage": "busy", "message": "the referee is thinking"}
        try:
            result = draft(self.session.game, seat, cards, text)
        finally:
            self.lock.release()
        if "refusal" in result:  # in words, as the terminal says them
            result["message"] = reason_words(result.pop("refusal"))
        return result

    def _reset(self) -> None:
        """Back to what the record holds (the file is the truth), every page told."""
        self.thinking = False
        self.session.agreement.forget_ending()
        self.session.record = self.store_record
        self.session.game = self.session.record.rebuild()
        self.kept = [k for k in self.kept if k.match < self.store_record.match]  # not saved
        self._analyse()
        self.snapshot = self._snap(())
        self._tell("changed")

    def _public_words(
        self, seat: str, outcomes: Outcomes, words: tuple[str, ...] | None
    ) -> tuple[str, ...]:
        """What every page may read about a change: the table's words for what happened
        (``words``, when the seat's answer already rendered them). An undo is told without
        the move taken back (it may have held a card)."""
        agreed = tuple(agreement_words(o) for o in outcomes if isinstance(o, AGREED))
        if agreed:
            return agreed
        if any(isinstance(o, Undone) for o in outcomes):
            return (f"{seat} took back their last move",)
        if words is None:
            words = self._words(outcomes)
        events = self.session.record.events
        if events and isinstance(events[-1], self.web_game.explained):
            words += self._words(self.session.execute("why"))
        return words

    def _tell(self, what: str) -> None:
        for listener in list(self.listeners):
            listener(what)
