"""Game records: a game's setup and every event in order, as versioned JSON.

A record holds everything needed to rebuild a game: which game it is, the
setup chosen before the first move (players, house rules, deck, every setting
that can change a verdict), and the events. ``summary`` is the state after the
last event, written for people and tools and checked on load, never trusted.

Records are immutable values: ``appended`` and ``undone`` give new ones, so a
session knows its record changed exactly when it holds a new object. Reading
and writing files is :mod:`referee.table.store`'s job; this module only turns
records into text and back.

Every game describes itself with a :class:`GameKind`: its name, the record
version it writes, its setup and event classes, how to start a game, and how
to read records of older versions.
"""

from __future__ import annotations

import dataclasses
import json
import math
import secrets
import typing
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from referee.language.shapes import ShapeError, decode, encode
from referee.table.computer import Computer
from referee.table.errors import IllegalEvent, RecordError
from referee.table.events import Event, EventCodec

FORMAT = "referee-record"
# Records nested deeper than this are refused before Python's own limits are reached.
MAX_JSON_DEPTH = 64
# Digits of a whole number in a record (a seed drawn at random has 39; a count is small).
# Python refuses more than 4,300, converts quadratically before that, and float()
# of an int beyond 10**308 is an OverflowError.
MAX_JSON_DIGITS = 100


def _json_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_JSON_DIGITS:
        raise ValueError(f"a number of {len(digits)} digits")
    return int(digits)


def _json_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def _json_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a record holds")


class GameState(Protocol):
    """What every game's state offers the shared machinery."""

    @property
    def finished(self) -> bool: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    def apply(self, event: Any) -> None:
        """Move on by one event, or raise IllegalEvent and change nothing."""

    def summary(self) -> dict: ...


S = TypeVar("S")


@dataclass(frozen=True)
class RecordLimits:
    """How much one event and a whole record may hold, as their JSON: what a table (a seat
    saying line after line, play and undo alike, since undo keeps what it took back) can
    add to the file. The record stays well under what ``replay`` and a resume read
    (``language.input_limits.MAX_RECORD_BYTES``), so a full record is refused further
    events with a reason and is never a game that cannot be resumed."""

    event_bytes: int = 2 * 1024 * 1024  # a claim may carry a derivation file (1 MiB) read
    record_bytes: int = 24 * 1024 * 1024


@dataclass(frozen=True)
class GameKind(Generic[S]):
    """One game, as the shared machinery sees it."""

    name: str  # the game's name in records and on the command line
    version: int  # the record version this code writes
    setup: type[S]  # a frozen dataclass (shapes.Plain or with to_json/from_json)
    events: EventCodec
    new_game: Callable[[S], GameState]
    # older record versions: {version: function turning such a record's JSON into
    # the current version's JSON}; every record read goes through this once.
    upgrades: dict[int, Callable[[dict], dict]] = field(default_factory=dict)
    # other "format" names older records of this game were written under
    legacy_formats: tuple[str, ...] = ()
    limits: RecordLimits = RecordLimits()

    @classmethod
    def of(
        cls, name: str, state: Any, events: EventCodec, version: int = 1, **older: Any
    ) -> GameKind:
        """The kind of a game whose state holds its setup in a ``setup`` field and starts
        with ``state.new(setup)``: which setup class a record holds is read from that
        field, so it is declared once, in the state. ``older``: ``upgrades`` and
        ``legacy_formats``; a first version has neither."""
        setup = typing.get_type_hints(state)["setup"]
        return cls(name, version, setup, events, state.new, **older)


@dataclass(frozen=True)
class TakenBack:
    """An event ``undo`` took back; it was event ``number`` (from 1) when it was."""

    number: int
    event: Event

    def to_json(self) -> dict:
        return {"number": self.number, "event": self.event.to_json()}


@dataclass(frozen=True)
class Record(Generic[S]):
    kind: GameKind[S]
    setup: S
    events: tuple[Event, ...] = ()
    created: str = ""
    # Every event undo took back, in the order it did: kept so that the record
    # tells what happened at the table, not only where the game stands.
    taken_back: tuple[TakenBack, ...] = ()
    # Which game of a series at one table this is (a rematch is the next): 1, 2, ...
    match: int = 1
    # The seats the referee plays itself (``--bots``): part of the game's settings, so a
    # resumed game has the same computers and a replay marks their moves.
    computers: tuple[Computer, ...] = ()

    @property
    def computer_seats(self) -> frozenset[str]:
        """The names of the players the referee plays (empty: every seat is a person's)."""
        return frozenset(c.name for c in self.computers)

    def size(self) -> int:
        """The bytes its events (and those undo took back) take in the file, roughly: what
        :class:`RecordLimits` bounds."""
        events = (*self.events, *(t.event for t in self.taken_back))
        return sum(event_bytes(e) for e in events)

    def appended(self, event: Event) -> Record[S]:
        return replace(self, events=(*self.events, event))

    def undone(self) -> Record[S]:
        gone = TakenBack(len(self.events), self.events[-1])
        return replace(self, events=self.events[:-1], taken_back=(*self.taken_back, gone))

    def new_game(self) -> GameState:
        return self.kind.new_game(self.setup)

    def rebuild(self, upto: int | None = None) -> GameState:
        """The game after the first ``upto`` events (all by default)."""
        game = self.new_game()
        for number, event in enumerate(self.events[:upto], start=1):
            try:
                game.apply(event)
            except IllegalEvent as exc:
                raise RecordError(
                    exc.public_in(game), number, exc.field, reason=exc.public_reason
                ) from None
        return game

    def to_json(self, game: GameState | None = None) -> dict:
        return self._json(game, [e.to_json() for e in self.events])

    def _json(self, game: GameState | None, events: object) -> dict:
        """The record's JSON with ``events`` as its events (:func:`dumps` puts their
        text in itself)."""
        game = game if game is not None else self.rebuild()
        data = {
            "format": FORMAT,
            "game": self.kind.name,
            "version": self.kind.version,
            "created": self.created,
            "setup": encode(self.setup),
            "events": events,
        }
        if self.taken_back:  # absent when nothing was: records before it stay as they were
            data["undone"] = [t.to_json() for t in self.taken_back]
        if self.match != 1:  # absent for a first game, as every record before rematches
            data["match"] = self.match
        if self.computers:  # absent when every seat is a person's, as in every older record
            data["computers"] = [{"name": c.name, "level": c.level} for c in self.computers]
        data["summary"] = game.summary()
        return data


def rematch(record: Record[S], created: str, seed: int) -> Record[S]:
    """The next game at the same table: the same setup (players, settings, house rules,
    deck) and computer seats, with every ``seed`` field in it, at any depth, drawn again
    (the deal's shuffle: a rematch is a new deal, never the same one), no events, and
    the next ``match``."""
    return Record(
        record.kind,
        _reseeded(record.setup, seed),
        (),
        created,
        (),
        record.match + 1,
        record.computers,
    )


# The random bits of a seed drawn for a new game or a rematch. A seat sees part of the
# deal; from a seed of 31 bits it could try every seed (hours in Python, minutes in C)
# and read the rest of the deal: its own Self card, the others' hands, the pile.
SEED_BITS = 128


def fresh_seed() -> int:
    """A deal's seed when none is given: too many to try one by one."""
    return secrets.randbits(SEED_BITS)


def seed_of(setup: Any) -> int | None:
    """The first ``seed`` field of a setup, at any depth (the deal's shuffle); None: none."""
    if not dataclasses.is_dataclass(setup) or isinstance(setup, type):
        return None
    for f in dataclasses.fields(setup):
        current = getattr(setup, f.name)
        if f.name == "seed" and isinstance(current, int) and not isinstance(current, bool):
            return current
        found = seed_of(current)
        if found is not None:
            return found
    return None


def reseeded(setup: S, seed: int) -> S:
    """``setup`` with every ``seed`` field in it, at any depth, set to ``seed``."""
    return _reseeded(setup, seed)


def _reseeded(value: Any, seed: int) -> Any:
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    changes = {}
    for f in dataclasses.fields(value):
        current = getattr(value, f.name)
        if f.name == "seed" and isinstance(current, int) and not isinstance(current, bool):
            changes[f.name] = seed
        elif dataclasses.is_dataclass(current):
            changes[f.name] = _reseeded(current, seed)
    return dataclasses.replace(value, **changes) if changes else value


def event_bytes(event: Event) -> int:
    """An event's size in a record file, at its largest: its JSON as :func:`dumps` writes
    it, indented as an event undo took back (the deepest place an event is kept)."""
    kept = {"undone": [{"number": 1, "event": event.to_json()}]}
    return len(json.dumps(kept, ensure_ascii=False, indent=1).encode("utf-8"))


def dumps(record: Record, game: GameState | None = None) -> str:
    """The record file's text: ``record.to_json(game)`` as JSON, indented by one space.
    Each event's text is made once (:func:`_event_text`): the file is written whole after
    every event, and encoding every event again each time cost a long game's table more
    per move than anything but its views."""
    mark = secrets.token_hex(16)  # where the events go: in no other string of the record
    text = json.dumps(record._json(game, mark), ensure_ascii=False, indent=1) + "\n"
    quoted = f'"{mark}"'
    if text.count(quoted) != 1:  # pragma: no cover - 128 random bits found elsewhere
        return json.dumps(record.to_json(game), ensure_ascii=False, indent=1) + "\n"
    if not record.events:
        return text.replace(quoted, "[]")
    events = ",\n  ".join(_event_text(e) for e in record.events)
    return text.replace(quoted, "[\n  " + events + "\n ]")


# Each event's text as a record file holds it, by the event (kept with it, so that its id
# is not another's while it is here); emptied when full.
_EVENT_TEXTS: dict[int, tuple[Event, str]] = {}
MAX_EVENT_TEXTS = 8192


def _event_text(event: Event) -> str:
    """``event``'s JSON as :func:`dumps` writes it in the record's ``events`` list (two
    levels deep: every line after the first indented by two more spaces; a line break
    inside a JSON string is always escaped, so every one in the text is the layout's)."""
    kept = _EVENT_TEXTS.get(id(event))
    if kept is not None and kept[0] is event:
        return kept[1]
    text = json.dumps(event.to_json(), ensure_ascii=False, indent=1).replace("\n", "\n  ")
    if len(_EVENT_TEXTS) >= MAX_EVENT_TEXTS:
        _EVENT_TEXTS.clear()
    _EVENT_TEXTS[id(event)] = (event, text)
    return text


def parse_json(text: str) -> object:
    """The JSON value of a record file, or RecordError saying why it is not one.

    json's C scanner guards its own recursion (a RecursionError, caught), so the
    text is parsed first and its nesting measured after, without recursing and
    without a loop over every character (a 64 MiB record is read in a second).
    Numbers are bounded as they are read: NaN and Infinity, a float beyond
    10**308 and an int of more than MAX_JSON_DIGITS digits are refused.
    """
    try:
        data = json.loads(
            text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant
        )
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise RecordError(
            f"not a game record: nested more than {MAX_JSON_DEPTH} levels deep"
        ) from None
    except ValueError as exc:
        raise RecordError(f"not a game record: {exc}") from None
    deepest = _depth(data, MAX_JSON_DEPTH)
    if deepest > MAX_JSON_DEPTH:
        raise RecordError(f"not a game record: nested more than {MAX_JSON_DEPTH} levels deep")
    return data


def _depth(value: object, limit: int) -> int:
    """How deep ``value`` nests (lists and objects), counted up to ``limit + 1``, level by level."""
    level = [value] if isinstance(value, (dict, list)) else []
    depth = 0
    while level and depth <= limit:
        depth += 1
        following = []
        for item in level:
            children = item.values() if isinstance(item, dict) else item
            following += [c for c in children if isinstance(c, (dict, list))]
        level = following
    return depth


def from_json(data: object, kind: GameKind[S]) -> Record[S]:
    """A record's JSON read as a record of ``kind``; RecordError naming what is wrong."""
    if not isinstance(data, dict):
        raise RecordError("a game record is a JSON object")
    fmt = data.get("format")
    if fmt in kind.legacy_formats or fmt == FORMAT:
        pass
    else:
        raise RecordError(f"not a game record (expected format {FORMAT!r})", None, "format")
    if fmt == FORMAT and data.get("game") != kind.name:
        raise RecordError(f"a record of {data.get('game')!r}, not of {kind.name!r}", None, "game")
    version = data.get("version")
    while version != kind.version:
        upgrade = kind.upgrades.get(version) if isinstance(version, int) else None
        if upgrade is None:
            readable = sorted({kind.version, *kind.upgrades})
            raise RecordError(
                f"version {version!r} is not one this referee reads "
                f"({', '.join(map(str, readable))})",
                None,
                "version",
            )
        try:
            data = upgrade(data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(
                f"a version {version} record this referee cannot read ({exc})"
            ) from None
        version = data.get("version")
    created = data.get("created", "")
    if not isinstance(created, str):
        raise RecordError("must be text", None, "created")
    try:
        setup = decode(kind.setup, data.get("setup"), "setup")
    except ShapeError as exc:
        raise RecordError(exc.message, None, exc.field) from None
    events = data.get("events")
    if not isinstance(events, list):
        raise RecordError("must be a list", None, "events")
    typed = tuple(kind.events.decode(e, n) for n, e in enumerate(events, start=1))
    match = data.get("match", 1)
    if not isinstance(match, int) or isinstance(match, bool) or not 1 <= match <= 10**6:
        raise RecordError("must be a whole number from 1", None, "match")
    taken_back = _taken_back(data.get("undone", []), kind)
    computers = _computers(data.get("computers", []), setup)
    return Record(kind, setup, typed, created, taken_back, match, computers)


# The highest level a record may name for a computer player (a game's strongest is far below).
MAX_COMPUTER_LEVEL = 100


def _computers(data: object, setup: object) -> tuple[Computer, ...]:
    """The record's ``computers`` (the seats the referee plays), shape-checked: each a
    player of the setup, once, at a level from 0. Absent (every older record): none."""
    if not isinstance(data, list):
        raise RecordError("must be a list", None, "computers")
    players = tuple(getattr(setup, "players", ()))
    found: list[Computer] = []
    for i, item in enumerate(data):
        where = f"computers[{i}]"
        if not isinstance(item, dict) or set(item) != {"name", "level"}:
            raise RecordError('must be an object with a "name" and a "level"', None, where)
        name, level = item["name"], item["level"]
        if not isinstance(name, str) or name not in players:
            raise RecordError("must name a player of the game", None, f"{where}.name")
        if any(c.name == name for c in found):
            raise RecordError("names a computer seat twice", None, f"{where}.name")
        if not isinstance(level, int) or isinstance(level, bool):
            raise RecordError("must be a whole number", None, f"{where}.level")
        if not 0 <= level <= MAX_COMPUTER_LEVEL:
            raise RecordError(f"must be from 0 to {MAX_COMPUTER_LEVEL}", None, f"{where}.level")
        found.append(Computer(name, level))
    return tuple(found)


def _taken_back(data: object, kind: GameKind) -> tuple[TakenBack, ...]:
    """The record's ``undone`` list, shape-checked (the game never replays these events)."""
    if not isinstance(data, list):
        raise RecordError("must be a list", None, "undone")
    found = []
    for i, item in enumerate(data):
        where = f"undone[{i}]"
        number = item.get("number") if isinstance(item, dict) else None
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise RecordError("must be an object with a number from 1", None, where)
        try:
            event = kind.events.decode(item.get("event"))
        except RecordError as exc:
            inside = f"{where}.event.{exc.field}" if exc.field else f"{where}.event"
            raise RecordError(exc.message, None, inside) from None
        found.append(TakenBack(number, event))
    return tuple(found)


def loads(text: str, kind: GameKind[S]) -> tuple[Record[S], GameState]:
    """Read a record, rebuild its game and check its summary; RecordError when anything is off."""
    data = parse_json(text)
    record = from_json(data, kind)
    game = record.rebuild()
    diffs = summary_differences(stored_summary(data, kind), game)
    if diffs:
        raise RecordError(
            f"does not match the game its events give (differs in {', '.join(diffs)}): "
            "was the record edited by hand?",
            None,
            "summary",
        )
    return record, game


def stored_summary(data: object, kind: GameKind) -> object:
    """The summary a record's JSON keeps, or None: none kept, or one of an older version
    (whose summaries said other things), which nothing checks."""
    if not isinstance(data, dict) or data.get("version") != kind.version:
        return None
    return data.get("summary")


def summary_differences(stored: object, game: GameState) -> tuple[str, ...]:
    """Where a stored summary is not the game's own (nothing when none is stored).

    The one check behind resuming and every game's replay: a summary is
    written for people and tools, never trusted, so one edited by hand is
    reported, never believed.
    """
    if stored is None:
        return ()
    today = json.loads(json.dumps(game.summary()))  # as a record keeps it: a tuple is a list
    if stored == today:
        return ()
    if not isinstance(stored, dict):
        return ("summary",)
    keys = [k for k in today if stored.get(k) != today[k]]
    keys += sorted(str(k) for k in stored if k not in today)
    return tuple(keys)
