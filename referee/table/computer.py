"""Computer players: what every game's player shares, so none of them can cheat.

A computer player is given exactly what its seat's page is given, the seat's
view as JSON-ready data (``GET SEAT_URL/view``), and answers the line it says
next, always one of ``view["you"]["legal"]`` (the moves the rules accept of
that seat now), or None when it has nothing to say. It never holds the game:
the referee feeds an in-process player the same view the seat door computes,
and ``referee bot`` reads it over HTTP, so a player sees no more than a person
in that seat would.

Each game offers its players in its package's ``player`` module as
``computer_player(level, seed) -> ComputerPlayer`` and ``DEFAULT_LEVEL`` (its
strongest); level 0 is :class:`RandomPlayer` for every game.
"""

from __future__ import annotations

import functools
import pickle
import random
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from referee.table.apart import Apart, Stopped, Thinkers


@dataclass(frozen=True)
class Computer:
    """A seat the referee plays itself (``--bots``), as the game's record keeps it: the
    player's name and the level its computer player plays at (a number, never "the
    strongest", so a game resumed by a later referee plays the level it was begun with)."""

    name: str
    level: int


class ComputerPlayer(Protocol):
    def choose(self, view: Mapping[str, Any]) -> str | None:
        """The line to say for the seat whose view this is (one of its legal moves), or
        None: nothing to do now."""

    def close(self) -> None:
        """Let go of what the player holds (an engine, its workers)."""


def ponder(player: ComputerPlayer, view: Mapping[str, Any], stale) -> None:
    """Let ``player`` think about ``view`` between its turns, if it can (a player may
    have a ``ponder(view, stale)`` method: it sees only this seat's view, and stops once
    ``stale()`` says the table moved on)."""
    method = getattr(player, "ponder", None)
    if callable(method):
        method(view, stale)


def legal(view: Mapping[str, Any]) -> list[str]:
    """The seat's legal moves now, as its view lists them ([] when it has none)."""
    you = view.get("you")
    if not isinstance(you, Mapping):
        return []
    lines = you.get("legal")
    return [line for line in lines if isinstance(line, str)] if isinstance(lines, list) else []


def agrees_to_rematch(view: Mapping[str, Any], seat: str) -> bool:
    """Whether another seat asked for a rematch of this finished game that ``seat`` has
    not agreed to yet (the next game starts when every player has said ``rematch``): a
    computer player agrees, as it agrees to end, so a table with one plays game 2."""
    wished = view.get("rematch")
    return (
        bool(view.get("finished"))
        and isinstance(wished, list)
        and bool(wished)
        and (seat not in wished)
    )


def agrees_to_end(view: Mapping[str, Any], seat: str) -> bool:
    """Whether the table asks ``seat`` to end the game (another seat said ``end``: the
    web table ends a game once every player still in has): a computer player agrees."""
    ending = view.get("ending")
    return isinstance(ending, list) and bool(ending) and seat not in ending


class RandomPlayer:
    """Level 0: a move drawn uniformly from the seat's legal moves."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any]) -> str | None:
        moves = legal(view)
        return self.rng.choice(moves) if moves else None

    def close(self) -> None:
        pass


def level_player(
    computer: Callable[[int, int | None], ComputerPlayer] | None,
    strongest: int,
    level: int | None,
    seed: int | None = None,
) -> ComputerPlayer:
    """A game's player at ``level`` (None: its strongest; above it: the strongest), given its
    ``computer_player`` and strongest level; level 0 (or a game without players): random."""
    level = strongest if level is None else level
    if level == 0 or computer is None:
        return RandomPlayer(seed)
    return computer(min(level, strongest), seed)


def apart(
    computer: Callable[[int, int | None], ComputerPlayer] | None,
    strongest: int,
    level: int | None,
    seed: int | None = None,
    pool: Thinkers | None = None,
) -> ComputerPlayer:
    """:func:`level_player`, thinking apart (:class:`referee.table.apart.Apart`): in
    ``pool``, shared with other seats, else in a process of its own; level 0, which hardly
    thinks, and a player that cannot be sent to a process, in this one."""
    make = functools.partial(level_player, computer, strongest, level, seed)
    if computer is None or level == 0:
        return make()
    try:
        pickle.dumps(make)
    except (pickle.PicklingError, AttributeError, TypeError):
        return make()
    return pool.place(make) if pool is not None else Apart(make)


def parse_seats(text: str, players: tuple[str, ...]) -> dict[str, int | None]:
    """``--bots NAME[:LEVEL],...``: which players the referee plays, at which level (None:
    the game's strongest). ValueError with the words when a name is no player's, is given
    twice, or a level is not a whole number from 0."""
    from referee.language.names import find_name

    seats: dict[str, int | None] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, _, level = part.partition(":")
        player = find_name(name.strip(), players)
        if player is None:
            raise ValueError(f"{name.strip()!r} is not a player of this game")
        if player in seats:
            raise ValueError(f"{player!r} is named twice")
        if level and not (level.strip().isdigit() and level.strip().isascii()):
            raise ValueError(f"the level of {player!r} is not a whole number: {level!r}")
        seats[player] = int(level) if level.strip() else None
    return seats


# Lines a computer seat may have refused in a row before the referee stops playing it
# (a player is built never to say a refused line: this is the table's safety, not a rule).
MAX_REFUSED = 3


class ComputerSeats:
    """The seats the referee plays itself, each fed only its seat's view: the terminal
    and the web table ask :meth:`next_line` whenever the game may have moved on."""

    def __init__(self, players: Mapping[str, ComputerPlayer]) -> None:
        self.players = dict(players)
        self.refused: dict[str, int] = {}
        # Seats whose player thinking apart was given up (its process died, it was too
        # late, it failed), each now played by level 0; the interface tells the table.
        self.lost: list[tuple[str, Stopped]] = []

    def __bool__(self) -> bool:
        return bool(self.players)

    def next_line(self, view_of, skip: Collection[str] = ()) -> tuple[str, str] | None:
        """(seat, line) for the first computer seat not in ``skip`` with something to say
        now, given ``view_of(seat)``, that seat's view; None when none has."""
        for seat, player in list(self.players.items()):
            if seat in skip:
                continue
            view = view_of(seat)
            if agrees_to_rematch(view, seat):
                return seat, "rematch"
            if view.get("finished"):
                continue
            if agrees_to_end(view, seat):
                return seat, "end"
            if not legal(view):
                continue
            try:
                line = player.choose(view)
            except Stopped as stopped:
                line = self._lose(seat, stopped).choose(view)
            if line:
                return seat, line
        return None

    def _lose(self, seat: str, stopped: Stopped) -> ComputerPlayer:
        """``seat``'s player, thinking apart, was given up: it is played no more; the seat
        says random legal lines from now on (level 0 thinks in no process: it cannot be
        lost, and the table is never left waiting for a seat nobody plays)."""
        self.players.pop(seat).close()
        self.lost.append((seat, stopped))
        player = self.players[seat] = RandomPlayer()
        return player

    def ponder(self, view_of, stale) -> None:
        """Each computer seat that has nothing to say now thinks about its view until
        ``stale()`` (the table moved on): what it learns is reused at its turn."""
        for seat, player in list(self.players.items()):
            if stale():
                return
            view = view_of(seat)
            if not view.get("finished") and not legal(view):
                try:
                    ponder(player, view, stale)
                except Stopped as stopped:
                    self._lose(seat, stopped)

    def answered(self, seat: str, ok: bool) -> None:
        """What the table said to ``seat``'s line: a player refused too often gives way to
        one that says only the listed moves, and that one, refused too, to nobody (the
        table may then say the seat's moves), so a faulty player never holds the table."""
        self.refused[seat] = 0 if ok else self.refused.get(seat, 0) + 1
        if self.refused[seat] < MAX_REFUSED or seat not in self.players:
            return
        self.refused[seat] = 0
        player = self.players.pop(seat)
        player.close()
        if not isinstance(player, RandomPlayer):  # then only the listed moves
            self.players[seat] = RandomPlayer()

    def close(self) -> None:
        for player in self.players.values():
            player.close()
        self.players.clear()
