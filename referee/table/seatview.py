"""What every client reads of a seat's view, whatever the game: one typed contract.

A game's ``seat_view`` (its registration's) says what a seat may see as JSON-ready data,
in the game's own shape. Every client (a phone, the table screen, a computer player)
reads a few keys of it the same way for every game: the game, its players, whose turn
it is, whom the table waits for and why, whether it is over, the last ruling (as data:
:mod:`referee.table.rulings`), the seat's own name and legal moves, and what the
players have asked for together (a rematch, an end, an undo:
:mod:`referee.table.agreement`). :class:`SeatView` is those keys, checked once here where
the game's data enters (a game whose view breaks them is a developer's mistake, said
plainly), beside the rest of the game's view as it gave it. So the shared page names no
game: a game's own words for a wait (Palmer's vote) come with the view, as
:class:`Waiting`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.table.agreement import REMATCH, Wishes
from referee.table.registry import GameRegistration


class ViewError(ValueError):
    """A game's seat view that breaks the contract (a developer's mistake)."""


@dataclass(frozen=True)
class Waiting:
    """Whom the table waits for now, in the game's words: ``players`` are to ``verb``
    (``"play"``, ``"vote"``); ``what``: why, when it is not simply a turn ("A vote is open
    on ann's claim"); ``noun``: what it is for one of them ("your turn", "your vote")."""

    players: tuple[str, ...]
    what: str = ""
    verb: str = "play"
    noun: str = "turn"

    def to_json(self) -> dict:
        return {
            "players": list(self.players),
            "what": self.what,
            "verb": self.verb,
            "noun": self.noun,
        }


@dataclass(frozen=True)
class Player:
    """One player as every screen lists them: the name, whether it is this seat, whether
    the referee plays it; ``facts``: the game's own (a score, cards in hand), as given."""

    name: str
    you: bool = False
    facts: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"name": self.name, "you": self.you, **self.facts}


@dataclass(frozen=True)
class You:
    """The seat's own part: its player, its legal moves now (complete lines), and the
    rest the game shows this seat alone (its hand), as given."""

    name: str
    legal: tuple[str, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {**self.facts, "name": self.name, "legal": list(self.legal)}


@dataclass(frozen=True)
class SeatView:
    """The contract every client reads; ``rest``: the game's own keys, as it gave them."""

    game: str
    players: tuple[Player, ...]
    to_play: str | None
    waiting_for: Waiting | None
    finished: bool
    you: You | None = None
    rest: Mapping[str, Any] = field(default_factory=dict)
    # the last ruling as data (referee.table.rulings: what a screen draws it from); None:
    # none yet, or a game without rulings
    ruling: Mapping[str, Any] | None = None
    # what the players have asked for together, and the table's series
    match: int = 1
    wishes: Wishes = Wishes()
    computers: tuple[str, ...] = ()

    def game_json(self) -> dict:
        """The game's view with the contract's keys (``waiting_for`` added to what it gave)."""
        data = {**self.rest, "game": self.game, "players": [p.to_json() for p in self.players]}
        data["to_play"] = self.to_play
        data["waiting_for"] = None if self.waiting_for is None else self.waiting_for.to_json()
        data["finished"] = self.finished
        data["ruling"] = None if self.ruling is None else dict(self.ruling)
        if self.you is not None:
            data["you"] = self.you.to_json()
        return data

    def to_json(self) -> dict:
        """Everything a page of this seat reads, the table's own keys too."""
        return {
            **self.game_json(),
            "match": self.match,
            "rematch": list(self.wishes.rematch),  # who asked to play again (once it is over)
            "ending": list(self.wishes.ending),  # who said end (the game ends when all have)
            "undo_request": self.wishes.undo_json(),  # who asked to take back, who allowed
            "undoable": self.wishes.undoable,  # the last event may be asked back now
            "computers": list(self.computers),  # the seats the referee plays
        }


def seat_view(
    registration: GameRegistration,
    game: Any,
    seat: str | None,
    wishes: Wishes | None = None,
    match: int = 1,
    computers: tuple[str, ...] = (),
) -> SeatView:
    """What ``seat`` (None: every player) may see of ``game`` now, read into the contract:
    the game's own view (its ``seat_view``, the seat's legal moves, its words beside them),
    whom the table waits for (the game's words, else the player to move), and, with
    ``wishes``, what the players asked for together (a seat's legal move once the game is
    over is ``rematch``, until it has said it)."""
    data = registration.view(game, seat)
    worded = registration.phones.worded
    if worded is not None:
        data = worded(game, data)
    view = read(data, seat)
    waiting = registration.phones.waiting(game) if registration.phones.waiting else None
    if waiting is None and view.to_play is not None and not view.finished:
        waiting = Waiting((view.to_play,))
    you = view.you
    if you is not None and view.finished and wishes is not None:
        you = You(you.name, () if you.name in wishes.rematch else (REMATCH,), you.facts)
    return SeatView(
        view.game,
        view.players,
        view.to_play,
        waiting,
        view.finished,
        you,
        view.rest,
        view.ruling,
        match,
        wishes or Wishes(),
        tuple(sorted(computers)),
    )


CONTRACT = ("game", "players", "to_play", "finished", "you", "waiting_for", "ruling")


def read(data: Mapping[str, Any], seat: str | None) -> SeatView:
    """A game's view read into the contract; ViewError naming the key at fault."""
    game = data.get("game")
    if not isinstance(game, str):
        raise ViewError("game: the game's name, as text")
    players = data.get("players")
    if not isinstance(players, list):
        raise ViewError("players: a list")
    listed = []
    for i, p in enumerate(players):
        if not isinstance(p, Mapping) or not isinstance(p.get("name"), str):
            raise ViewError(f"players[{i}]: an object with a name")
        facts = {k: v for k, v in p.items() if k not in ("name", "you")}
        listed.append(Player(p["name"], bool(p.get("you")), facts))
    to_play = data.get("to_play")
    if to_play is not None and not isinstance(to_play, str):
        raise ViewError("to_play: a player's name or null")
    finished = data.get("finished")
    if not isinstance(finished, bool):
        raise ViewError("finished: true or false")
    you = None
    mine = data.get("you")
    if seat is not None:
        if not isinstance(mine, Mapping) or mine.get("name") != seat:
            raise ViewError("you: the seat's own part, with its name")
        legal = mine.get("legal", [])
        if not isinstance(legal, list) or not all(isinstance(line, str) for line in legal):
            raise ViewError("you.legal: a list of lines")
        facts = {k: v for k, v in mine.items() if k not in ("name", "legal")}
        you = You(seat, tuple(legal), facts)
    elif mine is not None:
        raise ViewError("you: only in a seat's view")
    ruling = data.get("ruling")
    if ruling is not None and not isinstance(ruling, Mapping):
        raise ViewError("ruling: an object or null")
    rest = {k: v for k, v in data.items() if k not in CONTRACT}
    return SeatView(game, tuple(listed), to_play, None, finished, you, rest, ruling)
