"""Game records: versioned JSON holding everything needed to rebuild a game.

A record holds the settings, the house rules, the deck (its TOML text, so a
record replays without the deck file), the players and every event in order;
``summary`` is the state after the last event, written for people and tools
and checked on load (it is never trusted). This module turns records into
text and back and rebuilds games from them; reading and writing files is the
command line's job (atomically: a new file, then a rename).

Every problem with a record is a :class:`RecordError` that names the event
(0-based index, as in the JSON array) and the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from referee.game.rules import HouseRules, RulesError, Settings
from referee.game.state import Game, GameError
from referee.language.deck import Deck, DeckError, load_deck_text

FORMAT = "referee-game"
VERSION = 1


class RecordError(ValueError):
    def __init__(self, message: str, event: int | None = None, field: str = "") -> None:
        where = []
        if event is not None:
            where.append(f"event {event}")
        if field:
            where.append(f"field {field}")
        text = f"{', '.join(where)}: {message}" if where else message
        super().__init__(text)
        self.message = message
        self.event = event
        self.field = field


@dataclass
class Record:
    settings: Settings
    rules: HouseRules
    deck_text: str
    deck_source: str = "palmer.toml"
    events: list[dict] = field(default_factory=list)
    created: str = ""
    _deck: Deck | None = field(default=None, repr=False, compare=False)

    @property
    def deck(self) -> Deck:
        if self._deck is None:
            self._deck = load_deck_text(self.deck_text, self.deck_source)
        return self._deck

    def new_game(self) -> Game:
        return Game.new(self.settings, self.rules, self.deck)

    def rebuild(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` events (all by default)."""
        game = self.new_game()
        for i, event in enumerate(self.events[:upto]):
            try:
                game.apply(event)
            except GameError as exc:
                raise RecordError(exc.message, i, exc.field) from None
        return game

    def to_json(self, game: Game | None = None) -> dict:
        game = game if game is not None else self.rebuild()
        return {
            "format": FORMAT,
            "version": VERSION,
            "created": self.created,
            "settings": self.settings.to_json(),
            "house_rules": self.rules.to_json(),
            "deck": {"source": self.deck_source, "toml": self.deck_text},
            "events": self.events,
            "summary": game.summary(),
        }


def dumps(record: Record, game: Game | None = None) -> str:
    return json.dumps(record.to_json(game), ensure_ascii=False, indent=1) + "\n"


def parse_json(text: str) -> object:
    """The JSON value of a record file, or RecordError saying why it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise RecordError("not a game record: nested far too deeply") from None


def loads(text: str) -> tuple[Record, Game]:
    """Read a record and rebuild its game; RecordError when anything is off."""
    data = parse_json(text)
    record = from_json(data)
    game = record.rebuild()
    summary = data.get("summary")
    if summary is not None and summary != game.summary():
        diffs = [
            k
            for k in game.summary()
            if not isinstance(summary, dict) or summary.get(k) != game.summary()[k]
        ]
        raise RecordError(
            f"does not match the game its events give (differs in {', '.join(diffs)}): "
            "was the record edited by hand?",
            None,
            "summary",
        )
    return record, game


def from_json(data: object) -> Record:
    if not isinstance(data, dict):
        raise RecordError("a game record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a game record (expected {FORMAT!r})", None, "format")
    version = data.get("version")
    if version != VERSION:
        raise RecordError(
            f"version {version!r} is not one this referee reads (it reads {VERSION})",
            None,
            "version",
        )
    try:
        settings = Settings.from_json(data.get("settings"))
        rules = HouseRules.from_json(data.get("house_rules", {}))
    except RulesError as exc:
        raise RecordError(exc.message, None, exc.field) from None
    deck = data.get("deck")
    if not isinstance(deck, dict) or not isinstance(deck.get("toml"), str):
        raise RecordError("must hold the deck's TOML text", None, "deck.toml")
    source = deck.get("source", "deck")
    if not isinstance(source, str):
        raise RecordError("must be text", None, "deck.source")
    try:
        parsed = load_deck_text(deck["toml"], source)
    except DeckError as exc:
        raise RecordError(str(exc), None, "deck.toml") from None
    events = data.get("events")
    if not isinstance(events, list):
        raise RecordError("must be a list", None, "events")
    created = data.get("created", "")
    if not isinstance(created, str):
        raise RecordError("must be text", None, "created")
    return Record(settings, rules, deck["toml"], source, list(events), created, parsed)
