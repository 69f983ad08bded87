"""Before the game, at a table whose players name themselves (``serve GAME --seats N``).

The host gives the number of seats; each phone's first screen asks its player's
name. The one command a seat has until the game starts is ``name NAME`` (and
``help``): a name for its own seat, checked by the rule for names at the
terminal (:mod:`referee.language.names`: one word, no invisible or control
character, at most 40 characters, not the same as another seat's name by that
rule) and by the game's own setup (a name it would read otherwise is refused),
changed by saying it again. It changes nothing but the seat's name: the
settings, the record's file and everything else are the host's, given on the
command line. When the last seat is named, the game begins (``begin``: its
record made with the players in seat order, as ``--players`` would) and every
line is the game's from then on. Computer seats (``--bots``) are named by the
host and take the last seats.

Nothing here is secret: every screen sees every seat's name.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable

from referee.language.names import collision, name_problem
from referee.web.games import WebGame
from referee.web.table import Answer, WebTable, one_line

# The pre-game command: a seat names its player.
NAME = "name"
HELP = (
    "Your name first: type it and tap Join (or say name and your name: name ann). One "
    "word, at most 40 characters; nobody else's name, however it is capitalised or "
    "accented. Say it again to change it. The game begins when every seat has a name.",
)


class Unstartable(Exception):
    """The game cannot begin with these names (the reason, for people)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def label(number: int) -> str:
    """A seat without a name yet, as the first line of ``serve`` and every screen say it."""
    return f"seat {number}"


class Lobby:
    """The seats of a table whose players name themselves, until the game begins.

    ``trial(names)``: why the game could not seat ``names`` (None for a seat not named
    yet), or None; ``begin(names)``: the game begun, a :class:`WebTable` (Unstartable
    when it cannot be). ``computers``: the computer seats' names, the last seats."""

    def __init__(
        self,
        web_game: WebGame,
        count: int,
        computers: tuple[str, ...],
        trial: Callable[[tuple[str | None, ...]], str | None],
        begin: Callable[[tuple[str, ...]], WebTable],
        named: Callable[[tuple[str | None, ...]], None] | None = None,
        names: tuple[str | None, ...] | None = None,
    ) -> None:
        self.web_game = web_game
        self.names: list[str | None] = [None] * (count - len(computers)) + list(computers)
        if names is not None and len(names) == count:  # kept before a restart (a club's)
            self.names = list(names)
            self.names[count - len(computers) :] = list(computers)
        self.named = named  # every name given, kept before it is acknowledged (StoreError)
        self.computers = frozenset(computers)
        self.trial = trial
        self.begin = begin
        self.lock = threading.Lock()
        self.listeners: list[Callable[[str], None]] = []  # the table's, once it begins
        self.table: WebTable | None = None
        self.epoch = secrets.token_hex(4)
        self.version = 1
        self.log: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        return len(self.names)

    def key(self, number: int) -> str:
        """Seat ``number``'s key in the first line's ``seats``: a computer's name, else
        ``seat N``."""
        name = self.names[number - 1]
        return name if name in self.computers and name is not None else label(number)

    # ------------------------------------------------------------ views

    def view(self, number: int | None) -> dict:
        """What every screen shows before the game (``number``: a seat's, with ``you``)."""
        seats = [
            {"seat": label(n), "name": name, "computer": name in self.computers}
            for n, name in enumerate(self.names, 1)
        ]
        data: dict = {
            "game": self.web_game.name,
            "naming": seats,
            "players": [{"name": n, "you": False} for n in self.names if n is not None],
            "waiting": [label(n) for n, name in enumerate(self.names, 1) if name is None],
            "finished": False,
            "to_play": None,
            "waiting_for": None,
            "version": self.version,
            "epoch": self.epoch,
            "thinking": False,
            "log": list(self.log),
            "ending": [],
            "computers": sorted(self.computers),
            "match": 1,
            "rematch": [],
            "ruling": None,  # every view has the last ruling (none yet) and what undo may do
            "undo_request": None,
            "undoable": False,
        }
        if number is not None:
            mine = self.names[number - 1]
            data["you"] = {"seat": label(number), "name": mine, "legal": []}
            data["players"] = [{**p, "you": p["name"] == mine} for p in data["players"]]
        return data

    # ------------------------------------------------------------ commands

    def command(self, number: int, line: str) -> Answer:
        """``line`` said at seat ``number`` (blocking: the last name begins the game, which
        may start an engine). Once the game has begun, the game's own."""
        with self.lock:
            table = self.table
            if table is None:
                return self._say(number, line)
        return table.command(table.players[number - 1], line)

    def _say(self, number: int, line: str) -> Answer:
        line_or_refusal = one_line(line)
        if isinstance(line_or_refusal, Answer):
            return line_or_refusal
        line = line_or_refusal
        words = line.strip().split(maxsplit=1)
        if not words:
            return Answer(False, (f"say your name: {NAME} ann",))
        if words[0].lower() == "help":
            return Answer(True, HELP)
        if words[0].lower() != NAME:
            return Answer(
                False,
                (
                    "the game begins when every seat has a name: say yours first "
                    f"({NAME} ann); {', '.join(self.view(None)['waiting'])} to name",
                ),
            )
        if self.names[number - 1] in self.computers:
            return Answer(False, ("this seat is the referee's computer player's",))
        name = words[1] if len(words) > 1 else ""
        problem = self._problem(number, name)
        if problem is not None:
            return Answer(False, (problem,))
        before = self.names[number - 1]
        self.names[number - 1] = name
        if all(n is not None for n in self.names):
            return self._begin(number, before)
        if self.named is not None:
            try:
                self.named(tuple(self.names))
            except OSError as exc:  # not kept: not given
                self.names[number - 1] = before
                return Answer(False, (f"{getattr(exc, 'message', exc)}; say your name again",))
        self.version += 1
        said = f"{name} sits at {label(number)}" if before is None else f"{before} is now {name}"
        self.log = (said,)
        self._tell()
        waiting = self.view(None)["waiting"]
        verb = "has" if len(waiting) == 1 else "have"
        said = f"You are {name}. The game begins when {', '.join(waiting)} {verb} a name."
        return Answer(True, (said,))

    def _problem(self, number: int, name: str) -> str | None:
        """Why seat ``number`` may not be called ``name``, in words; None: it may."""
        problem = name_problem(name, player=True)
        if problem is not None:
            return str(problem)
        others = [other for n, other in enumerate(self.names, 1) if n != number and other]
        problem = collision([*others, name])  # the same name, or one that looks the same
        if problem is not None:
            return str(problem)
        names = tuple(name if n == number else other for n, other in enumerate(self.names, 1))
        return self.trial(names)

    def _begin(self, number: int, before: str | None) -> Answer:
        names = tuple(n for n in self.names if n is not None)
        try:
            table = self.begin(names)
        except Unstartable as exc:
            self.names[number - 1] = before
            return Answer(False, (exc.message,))
        except Exception:  # a fault of ours (an engine that would not start): nothing begun
            self.names[number - 1] = before
            return Answer(False, ("the referee could not begin the game; say your name again",))
        # every page listening (and the computer seats) hears the game from now on
        self.listeners.extend(x for x in table.listeners if x not in self.listeners)
        table.listeners = self.listeners
        self.table = table
        said = f"Every seat has a name: {', '.join(names)}. The game begins."
        self._tell()
        return Answer(True, (said,), True)

    def _tell(self) -> None:
        for listener in list(self.listeners):
            listener("changed")
