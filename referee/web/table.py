"""One game at the web table: a line said by a seat in, the record saved, every view out.

A :class:`WebTable` owns the session, the record file and the lock that lets
one command run at a time. A command runs in a worker thread (the engine may
think for seconds; the event loop keeps serving pages meanwhile), through the
shared loop (:func:`referee.table.loop.run`), so the record is written after
every event *before* anyone is answered. After each command the views of
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

import datetime
import io
import json
import re
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from referee.client.lines import UnreadLine, checked
from referee.client.page_console import PageConsole
from referee.client.reasons import reason_words
from referee.games import GAMES
from referee.language.input_limits import MAX_LINE_CHARS
from referee.table import loop
from referee.table.record import Record, dumps, rematch
from referee.table.reveals import undo_barrier
from referee.table.session import Help, Outcomes, Refused, Session, Undone, UndoRefused
from referee.table.store import RecordFile, StoreError
from referee.table.views import ShowHand
from referee.web.analyst import Analyst
from referee.web.games import WebGame
from referee.web.help import help_lines

# A command is one line as typed at the terminal, held to the terminal's limit
# (ruling 37): a body of more bytes than that many characters is refused unread.
MAX_COMMAND_BYTES = MAX_LINE_CHARS
# The table's word for playing again once a game is over (every player says it).
REMATCH = "rematch"
# Undo by asking the table (docs/rulings.md, the web table): a seat asks, every other
# player it is asked of allows or refuses; the table's own words, not a game's.
UNDO_ASKS = {"please": "ask", "yes": "allow", "no": "refuse"}


@dataclass
class UndoRequest:
    """A seat's request to take back the last event, and who has allowed it."""

    asker: str
    events: int  # the record's length when asked: a move since then withdraws it
    asked: tuple[str, ...]  # the players who decide (not the asker, not computer seats)
    allowed: dict[str, None] = field(default_factory=dict)


# Seconds a command runs before every page is told the referee is thinking.
THINKING_AFTER = 0.3

# A line of the terminal's words that sends its reader to the terminal (a `referee …`
# command, a `--switch`): a phone's user has none, so the web leaves it out.
COMMANDS = (
    *("parse", "cards", "entails", "analyze", "export", "play", "replay", "derive", "serve"),
    *(name for g in GAMES for name in (g.name, *g.cli)),  # each game's own commands
)
TERMINAL_ONLY = re.compile(rf"(?:^|[\s(`])(?:referee (?:{'|'.join(COMMANDS)})\b|--[a-z])")


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


@dataclass(frozen=True)
class Answer:
    """What a command came to, for the seat that said it (and only for it)."""

    ok: bool
    messages: tuple[str, ...]
    changed: bool = False

    def to_json(self) -> dict:
        return {"ok": self.ok, "messages": list(self.messages)}


@dataclass(frozen=True)
class Snapshot:
    """Every page's view at one moment: ``seats`` by player, ``public`` for everyone else."""

    version: int
    seats: dict[str, dict]
    public: dict
    log: tuple[str, ...] = field(default=())  # the public words of the last change
    undo_request: dict | None = None  # a seat's request to take back the last event
    undoable: bool = False  # whether the last event may be asked back now


class WebTable:
    def __init__(
        self,
        web_game: WebGame,
        session: Session,
        store: RecordFile,
        players: tuple[str, ...],
        computers: frozenset[str] = frozenset(),
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
        self.listeners: list[Callable[[str], None]] = []  # told "thinking" / "changed"
        self._version = 0
        # Versions count from 1 again when the server restarts; a page that outlived the
        # old server tells the new one by this (random, not a secret).
        self.epoch = secrets.token_hex(4)
        self.store_record = session.record  # the record as the file holds it
        self.ending: dict[str, str] = {}  # seats that said end (their lines), in order
        self.rematch: dict[str, None] = {}  # seats that asked for a rematch, in order
        self.undo_request: UndoRequest | None = None  # a seat's request to take back a move
        self.background = web_game.terminal.game.background  # the game's analysis, if any
        self.analyst = None if self.background is None else Analyst(self.background, self._analysed)
        self._position: object = None  # the position being analysed (None: not wanted)
        self._analysis: object = None  # its answer, once the analyst has given it
        with self.lock:  # an answer is published under the lock: only after the first snapshot
            self._analyse()
            self.snapshot = self._snap(())

    # ------------------------------------------------------------ views

    def _snap(self, log: tuple[str, ...]) -> Snapshot:
        game = self.session.game
        seats = {p: self.web_game.view(game, p) for p in self.players}
        public = self.web_game.view(game, None)
        if game.finished:  # the table's own move once a game is over
            for p, view in seats.items():
                if isinstance(view.get("you"), dict):
                    view["you"]["legal"] = [] if p in self.rematch else [REMATCH]
        if self._position is not None:
            assert self.background is not None
            answer = self._analysis
            if answer is None:
                answer = self.background.checking(self._position)
            shown = self.background.shown(answer)
            seats = {p: {**view, self.background.key: shown} for p, view in seats.items()}
            public = {**public, self.background.key: shown}
        self._version += 1
        undoable = self._undo_refusal() is None
        return Snapshot(self._version, seats, public, log, self._undo_request_view(), undoable)

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
        snap = self.snapshot
        data = snap.seats[seat] if seat is not None else snap.public
        return {
            **data,
            "version": snap.version,
            "epoch": self.epoch,
            "thinking": self.thinking,
            "log": list(snap.log),
            "ending": list(self.ending),  # who said end (the game ends when all have)
            "computers": sorted(self.computers),  # the seats the referee plays
            "match": self.session.record.match,  # which game of this table's series
            "rematch": list(self.rematch),  # who asked to play again (once it is over)
            "undo_request": snap.undo_request,  # who asked to take back, who allowed
            "undoable": snap.undoable,  # the last event may be asked back now
        }

    # ------------------------------------------------------------ words

    def _words(self, outcomes: Outcomes) -> tuple[str, ...]:
        """The terminal's own words for ``outcomes``, as plain lines (no table redraw)."""
        buffer = io.StringIO()
        out = PageConsole(  # tables as lines a page wraps, never box drawing
            file=buffer,
            width=72,
            color_system=None,
            force_terminal=False,
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
        renderer = self.web_game.renderer(out, self.session)
        renderer.show(outcomes, False)
        lines = (line.rstrip() for line in buffer.getvalue().splitlines() if line.strip())
        return tuple(line for line in lines if not TERMINAL_ONLY.search(line))

    # ------------------------------------------------------------ commands

    def save(self, record: Record, game) -> None:
        self.store.write(dumps(record, game))
        self.store_record = record

    def command(self, seat: str, line: str) -> Answer:
        """``line`` said by ``seat``'s player (blocking: run it in a thread). Which seat may
        say what is the game's command language's (``Session.execute(line, seat)``)."""
        if "\n" in line.strip() or "\r" in line:
            return Answer(False, ("one line, one command",))
        unread = checked(line)
        if isinstance(unread, UnreadLine):
            return Answer(False, (unread.message,))
        if not line.strip() or line.strip().startswith("#"):
            return Answer(False, ("say a command; help lists them",))
        line = line.strip()
        with self.lock:
            if line.split()[0].lower() == REMATCH:
                return self._agree_to_rematch(seat)
            words = line.lower().split()
            if len(words) == 2 and words[0] == "undo" and words[1] in UNDO_ASKS:
                return self._ask_to_undo(seat, UNDO_ASKS[words[1]])
            ending = self.session.command_of(line.split()[0]) == "end"
            if ending:
                waiting = self._agree_to_end(seat, line)
                if waiting is not None:
                    return waiting
                if self.ending:  # everyone agreed: the first one's words
                    line = next(iter(self.ending.values()))
            before = self.snapshot
            # Every page learns the referee is thinking only once a command takes a while
            # (a claim): a quick one, a refused private one included, tells nobody anything.
            notice = threading.Timer(THINKING_AFTER, self._think)
            notice.daemon = True
            self.running = True
            notice.start()
            shown: list[tuple[Outcomes, bool]] = []
            try:
                loop.run(
                    self.session,
                    [line],
                    self.save,
                    lambda o, changed: shown.append((o, changed)),
                    seat,
                )
            except StoreError as exc:  # the record could not be written: nothing is acknowledged
                self._reset()
                return Answer(False, (exc.message,))
            except Exception:  # a fault of ours; its text may hold what a seat may not see
                self._reset()
                return Answer(False, ("the referee failed on that command; nothing was recorded",))
            finally:
                with self.notice_lock:  # a notice late to fire finds the command over
                    notice.cancel()
                    self.running = False
                    thought, self.thinking = self.thinking, False
            outcomes, changed = shown[0] if shown else ((), False)
            words = None  # the terminal's words for the outcomes, rendered once
            you = self.snapshot.seats[seat].get("you")
            shows_hand = any(isinstance(o, ShowHand) for o in outcomes)
            if shows_hand and isinstance(you, dict) and isinstance(you.get("hand"), list):
                answer = self._hand(you["hand"])  # the seat's own (the rules'), from its view
            elif any(isinstance(o, Help) for o in outcomes):  # a phone's help, not a terminal's
                answer = Answer(True, help_lines(self.web_game.registration), changed)
            else:
                refusals = (Refused, UndoRefused, *self.web_game.refusals)
                refused = any(isinstance(o, refusals) for o in outcomes)
                words = self._words(outcomes)
                answer = Answer(not refused, words, changed)
            asked = bool(self.ending)
            if changed or ending:  # a move forgets a wish to end; so does a refused end
                self.ending.clear()
            if changed:
                self.undo_request = None  # the table moved on: what was asked back is gone
                self._analyse()
                self.snapshot = self._snap(self._public_words(seat, outcomes, words))
            elif asked:  # every page shows that nobody is asked any more
                self.snapshot = self._snap(self.snapshot.log)
            if self.snapshot is not before or thought:
                self._tell("changed")  # pages told the referee thinks hear it has stopped
            return answer

    def _think(self) -> None:
        with self.notice_lock:
            if not self.running:
                return
            self.thinking = True
        self._tell("thinking")

    def _agree_to_rematch(self, seat: str) -> Answer:
        """``rematch``, once the game is over: when every player has said it, the next game
        starts at this table with the same players, settings and seat URLs (a new deal);
        the finished game's record is kept beside this one, unchanged."""
        if not self.session.game.finished:
            return Answer(False, ("a rematch is asked for once the game is over",))
        self.rematch.setdefault(seat, None)
        missing = [p for p in self.players if p not in self.rematch]
        if missing:
            verb = "says" if len(missing) == 1 else "say"
            said = f"{', '.join(self.rematch)} would play again; the next game starts when "
            said += f"{', '.join(missing)} {verb} rematch too"
            self.snapshot = self._snap((said,))
            self._tell("changed")
            return Answer(True, (said,), False)
        finished = self.session.record
        try:
            kept = self.store.keep(f"match-{finished.match}", dumps(finished, self.session.game))
            now = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
            record = rematch(finished, now, secrets.randbelow(2**31))
            game = record.rebuild()
            self.save(record, game)
        except StoreError as exc:
            return Answer(False, (exc.message,))
        self.session.record, self.session.game = record, game
        self.store_record = record
        self.rematch.clear()
        self.ending.clear()
        self.undo_request = None
        self._analyse()
        said = f"Game {record.match} begins (game {finished.match} is kept in {kept.name})"
        self.snapshot = self._snap((said,))
        self._tell("changed")
        return Answer(True, (said,), True)

    # ------------------------------------------------------------ undo by asking

    def _undo_refusal(self) -> str | None:
        """Why the last event cannot be asked back now (None: it can)."""
        events = self.session.record.events
        if not events:
            return "nothing has been played yet"
        barrier = undo_barrier(self.session.game)
        if barrier is not None and barrier.event >= len(events):
            return "the last move showed the table something hidden: it cannot be taken back"
        if self._pending() is not None:
            return f"{self.undo_request.asker} has already asked to take back the last move"
        return None

    def _pending(self) -> UndoRequest | None:
        request = self.undo_request
        if request is not None and request.events != len(self.session.record.events):
            self.undo_request = request = None  # asked of a position that is gone
        return request

    def _undo_request_view(self) -> dict | None:
        request = self._pending()
        if request is None:
            return None
        return {
            "asker": request.asker,
            "allowed": list(request.allowed),
            "waiting": [p for p in request.asked if p not in request.allowed],
        }

    def _ask_to_undo(self, seat: str, what: str) -> Answer:
        """``undo please``: ``seat`` asks the other players to take back the last event;
        ``undo yes`` / ``undo no``: one of them answers. When every player asked has allowed
        it, the last event is taken back as the host's ``undo`` would (never past a reveal:
        the session refuses that too); one refusal ends the request."""
        request = self._pending()
        if what == "ask":
            refusal = self._undo_refusal()
            if refusal is not None:
                return Answer(False, (refusal,))
            asked = tuple(p for p in self.players if p != seat and p not in self.computers)
            self.undo_request = request = UndoRequest(seat, len(self.session.record.events), asked)
            if not asked:
                return self._take_back(request)
            said = f"{seat} asks to take back the last move: {', '.join(asked)} to answer"
            self.snapshot = self._snap((said,))
            self._tell("changed")
            return Answer(True, (said,), False)
        if request is None:
            return Answer(False, ("nobody has asked to take back a move",))
        if seat not in request.asked:
            who = "your own request" if seat == request.asker else "a request"
            return Answer(False, (f"{', '.join(request.asked)} answer {who} to take back",))
        if what == "refuse":
            self.undo_request = None
            said = f"{seat} did not allow {request.asker} to take back the last move"
            self.snapshot = self._snap((said,))
            self._tell("changed")
            return Answer(True, (said,), False)
        request.allowed.setdefault(seat, None)
        if any(p not in request.allowed for p in request.asked):
            waiting = ", ".join(p for p in request.asked if p not in request.allowed)
            said = f"{seat} allows {request.asker} to take back the last move; {waiting} to answer"
            self.snapshot = self._snap((said,))
            self._tell("changed")
            return Answer(True, (said,), False)
        return self._take_back(request)

    def _take_back(self, request: UndoRequest) -> Answer:
        """Every player asked allowed it: the last event is taken back, the record saved."""
        self.undo_request = None
        shown: list[tuple[Outcomes, bool]] = []
        try:
            loop.run(self.session, ["undo"], self.save, lambda o, c: shown.append((o, c)), None)
        except StoreError as exc:
            self._reset()
            return Answer(False, (exc.message,))
        outcomes, changed = shown[0] if shown else ((), False)
        if not changed:  # the session refused after all (a reveal): its words
            return Answer(False, self._words(outcomes))
        self.ending.clear()
        self._analyse()
        said = (f"the table allowed {request.asker} to take back the last move",)
        self.snapshot = self._snap(said)
        self._tell("changed")
        return Answer(True, said, True)

    def _agree_to_end(self, seat: str, line: str) -> Answer | None:
        """``end`` is the table's decision: at a terminal the table agrees aloud, but a
        phone speaks alone, so the game ends when every player still in has said ``end``
        (the first one's words are kept). None: all agree, or the game would refuse to end
        now (and says why); else who is still asked, told to every screen."""
        enders = self.web_game.enders(self.session.game)
        if not enders:
            return None
        if seat not in enders:
            return Answer(False, (f"the players still in decide the end: {', '.join(enders)}",))
        self.ending.setdefault(seat, line)
        missing = [p for p in enders if p not in self.ending]
        if not missing:
            return None
        asked = ", ".join(p for p in enders if p in self.ending)
        verb = "says" if len(missing) == 1 else "say"
        said = f"{asked} would end the game here; it ends when {', '.join(missing)} {verb} end too"
        self.snapshot = self._snap((said,))
        self._tell("changed")
        return Answer(True, (said,), False)

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
        self.ending.clear()
        self.session.record = self.store_record
        self.session.game = self.session.record.rebuild()
        self._analyse()
        self.snapshot = self._snap(())
        self._tell("changed")

    def _public_words(
        self, seat: str, outcomes: Outcomes, words: tuple[str, ...] | None
    ) -> tuple[str, ...]:
        """What every page may read about a change: the table's words for what happened
        (``words``, when the seat's answer already rendered them). An undo is told without
        the move taken back (it may have held a card)."""
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
