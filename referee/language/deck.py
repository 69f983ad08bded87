"""Deck files: the cards a table plays with and the vocabulary they name.

A deck is TOML (read with tomllib). Only ``[vocabulary]`` is required, so a
table can play with its own symbols; ``[[cards]]`` lists the cards. Every
problem is reported with the file, the key and what is wrong, because a deck
is something players edit by hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.language import ast
from referee.language.characters import first_refused, refusal
from referee.language.input_limits import MAX_ARITY, MAX_CARD_COUNT
from referee.language.names import collision
from referee.language.parser import ParseError, parse_statement
from referee.language.tomlfile import TomlError, load_toml
from referee.language.vocabulary import Vocabulary, VocabularyError

CARD_KINDS = {
    "P": "predicate",
    "F": "function",
    "R": "relation",
    "Q": "quantifier",
    "S": "statement",
    "X": "wild",
}
X_ACTIONS = ("any", "negate")
PARAMETER = "n"

_QUANT_RE = re.compile(r"\s*(∀|∃!|∃|forall\s|exists!\s*|exists\s)\s*([A-Za-z][A-Za-z0-9_']*)\s*\.?")
_QUANT_WORDS = {
    "∀": ast.FORALL,
    "forall": ast.FORALL,
    "∃": ast.EXISTS,
    "exists": ast.EXISTS,
    "∃!": ast.UNIQUE,
    "exists!": ast.UNIQUE,
}
# A quantifier kind's sign, as cards, short names and refusals show it.
QUANT_SIGNS = {ast.FORALL: "∀", ast.EXISTS: "∃", ast.UNIQUE: "∃!"}


class DeckError(ValueError):
    def __init__(self, source: str, key: str, problem: str) -> None:
        self.source, self.key, self.problem = source, key, problem
        where = f"{source}: {key}: " if key else f"{source}: "
        super().__init__(where + problem)


@dataclass(frozen=True)
class DeckCard:
    """One kind of card in the deck (``count`` copies of it)."""

    id: str
    kind: str
    label: str
    count: int = 1
    symbol: str | None = None  # P, F, R
    prefix: tuple[str, ...] = ()  # Q: quantifier kinds in order
    variables: tuple[str, ...] = ()  # Q: the variable names printed on the card
    statement: str | None = None  # S: the statement text (with n for the |L| cards)
    says: str = ""
    action: str | None = None  # X: "any" or "negate"
    text: str = ""

    @property
    def parametric(self) -> bool:
        """The two cardinality cards take a number n chosen when played."""
        return self.kind == "S" and self.statement is not None and _has_parameter(self.statement)

    def statement_for(self, n: int | None = None) -> str:
        assert self.statement is not None
        if self.parametric:
            if n is None:
                raise ValueError(f"card {self.label} needs a positive integer n")
            return re.sub(rf"\b{PARAMETER}\b", str(n), self.statement)
        return self.statement


@dataclass(frozen=True)
class Deck:
    name: str
    vocabulary: Vocabulary
    cards: tuple[DeckCard, ...] = ()

    def card(self, card_id: str) -> DeckCard:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    @property
    def size(self) -> int:
        return sum(c.count for c in self.cards)

    def shuffled_ids(self) -> list[str]:
        """One id per physical card, in deck order (the game shuffles)."""
        return [c.id for c in self.cards for _ in range(c.count)]


def _has_parameter(statement: str) -> bool:
    return re.search(rf"\b{PARAMETER}\b", statement) is not None and "|L|" in statement


def parse_prefix(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``"∀x ∃!y"`` → (("forall", "unique"), ("x", "y")); ValueError if it is not a prefix."""
    kinds, names = [], []
    pos = 0
    text = text.strip()
    while pos < len(text):
        match = _QUANT_RE.match(text, pos)
        if not match or match.end() == pos:
            raise ValueError(f"{text!r} is not a quantifier prefix such as '∀x ∃y'")
        kinds.append(_QUANT_WORDS[match.group(1).strip()])
        names.append(match.group(2))
        pos = match.end()
    if not kinds:
        raise ValueError("the prefix is empty")
    return tuple(kinds), tuple(names)


def prefix_text(kinds: tuple[str, ...], variables: tuple[str, ...]) -> str:
    return " ".join(f"{QUANT_SIGNS[k]}{v}" for k, v in zip(kinds, variables, strict=True))


def load_deck_text(text: str, source: str = "<deck>") -> Deck:
    return deck_from_data(read_deck_toml(text, source), source)


def read_deck_toml(text: str, source: str = "<deck>") -> dict:
    """A deck's TOML (any game's), within the deck limits; DeckError with the line if not."""
    try:
        return load_toml(text)
    except TomlError as exc:
        if exc.syntax is not None or not exc.line:
            where = f" (line {exc.line})" if exc.line else ""
            raise DeckError(source, "", exc.problem + where) from None
        raise DeckError(source, f"line {exc.line}", exc.problem) from None


def deck_from_data(data: dict, source: str = "<deck>") -> Deck:
    _check_characters(data, "", source)
    unknown = set(data) - {"name", "vocabulary", "cards"}
    if unknown:
        raise DeckError(
            source, sorted(unknown)[0], "unknown key (expected name, vocabulary, cards)"
        )
    name = data.get("name", "custom")
    if not isinstance(name, str):
        raise DeckError(source, "name", "must be a string")
    vocabulary = _vocabulary(data.get("vocabulary"), source)
    raw_cards = data.get("cards", [])
    if not isinstance(raw_cards, list):
        raise DeckError(source, "cards", "must be an array of tables ([[cards]])")
    cards: list[DeckCard] = []
    seen: set[str] = set()
    statements = 0
    for i, raw in enumerate(raw_cards):
        card = _card(raw, f"cards[{i + 1}]", vocabulary, source, statements + 1)
        statements += card.kind == "S"
        if card.id in seen:
            raise DeckError(source, f"cards[{i + 1}]", f"the card {card.label} is listed twice")
        seen.add(card.id)
        cards.append(card)
    return Deck(name, vocabulary, tuple(cards))


def _check_characters(value: object, key: str, source: str) -> None:
    """No text of a deck (a name, a label, a card's words) holds an invisible character.

    Deck text is shown to the players; a control character or escape sequence
    in it would reach their terminal (see ``characters``). Keys count too.
    """
    stack = [(value, key)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            for k, v in item.items():
                inner = f"{where}.{k}" if where else str(k)
                stack.append((k, inner))
                stack.append((v, inner))
        elif isinstance(item, list):
            stack.extend((v, f"{where}[{i + 1}]") for i, v in enumerate(item))
        elif isinstance(item, str):
            bad = first_refused(item)
            if bad is not None:
                raise DeckError(source, where, refusal(item[bad]))


def _vocabulary(raw: object, source: str) -> Vocabulary:
    if raw is None:
        raise DeckError(source, "vocabulary", "missing: a deck must say which symbols exist")
    if not isinstance(raw, dict):
        raise DeckError(source, "vocabulary", "must be a table")
    unknown = set(raw) - {"predicates", "functions", "constants"}
    if unknown:
        raise DeckError(
            source,
            f"vocabulary.{sorted(unknown)[0]}",
            "unknown key (expected predicates, functions, constants)",
        )
    tables = {}
    for key in ("predicates", "functions"):
        table = raw.get(key, {})
        if not isinstance(table, dict):
            raise DeckError(source, f"vocabulary.{key}", "must be a table of name = arity")
        for name, arity in table.items():
            if not isinstance(arity, int) or isinstance(arity, bool) or not 0 <= arity <= MAX_ARITY:
                raise DeckError(
                    source,
                    f"vocabulary.{key}.{name}",
                    f"arity must be a whole number 0-{MAX_ARITY}, got {arity!r}",
                )
        tables[key] = table
    for name, arity in tables["functions"].items():
        if arity == 0:
            raise DeckError(
                source,
                f"vocabulary.functions.{name}",
                "a function of arity 0 is a constant: list it under constants",
            )
    constants = raw.get("constants", [])
    if not isinstance(constants, list) or not all(isinstance(c, str) for c in constants):
        raise DeckError(source, "vocabulary.constants", "must be a list of names")
    try:
        vocabulary = Vocabulary.build(tables["predicates"], tables["functions"], constants)
    except VocabularyError as exc:
        raise DeckError(source, "vocabulary", str(exc)) from None
    # Cards are named by their symbol ignoring case at the prompt: the name rule's sameness.
    same = collision([*tables["predicates"], *tables["functions"], *constants])
    if same is not None:
        raise DeckError(source, "vocabulary", str(same))
    return vocabulary


def _get(raw: dict, key: str, where: str, source: str, kind: type = str, default=None):
    value = raw.get(key, default)
    if value is None:
        raise DeckError(source, f"{where}.{key}", "missing")
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DeckError(source, f"{where}.{key}", f"must be a {kind.__name__}, got {value!r}")
    return value


def _card(raw: object, where: str, vocabulary: Vocabulary, source: str, s_number: int) -> DeckCard:
    if not isinstance(raw, dict):
        raise DeckError(source, where, "must be a table")
    kind = _get(raw, "kind", where, source)
    if kind not in CARD_KINDS:
        raise DeckError(
            source, f"{where}.kind", f"{kind!r} is not a card kind (P, F, R, Q, S or X)"
        )
    allowed = {"kind", "count", "text", "label", "says"} | {
        "P": {"symbol"},
        "F": {"symbol"},
        "R": {"symbol"},
        "Q": {"prefix"},
        "S": {"statement"},
        "X": {"action"},
    }[kind]
    unknown = set(raw) - allowed
    if unknown:
        raise DeckError(source, f"{where}.{sorted(unknown)[0]}", f"not a key of a {kind} card")
    count = _get(raw, "count", where, source, int, 1)
    if count < 1:
        raise DeckError(source, f"{where}.count", f"must be at least 1, got {count}")
    if count > MAX_CARD_COUNT:
        raise DeckError(source, f"{where}.count", f"must be at most {MAX_CARD_COUNT}, got {count}")
    text = _get(raw, "text", where, source, str, "")
    says = _get(raw, "says", where, source, str, "")
    if kind in "PFR":
        symbol = _get(raw, "symbol", where, source)
        actual = vocabulary.kind(symbol)
        expected = {"P": ("predicate", "proposition"), "F": ("function",), "R": ("relation",)}[kind]
        if actual is None:
            raise DeckError(source, f"{where}.symbol", f"{symbol!r} is not in the vocabulary")
        if actual not in expected:
            raise DeckError(
                source,
                f"{where}.symbol",
                f"{symbol} is a {actual}, but a {kind} card names a {CARD_KINDS[kind]}",
            )
        label = raw.get("label", f"{kind} {symbol}")
        return DeckCard(f"{kind}:{symbol}", kind, label, count, symbol=symbol, text=text, says=says)
    if kind == "Q":
        prefix = _get(raw, "prefix", where, source)
        try:
            kinds, names = parse_prefix(prefix)
        except ValueError as exc:
            raise DeckError(source, f"{where}.prefix", str(exc)) from None
        if len(set(names)) != len(names):
            raise DeckError(source, f"{where}.prefix", "each variable may appear once")
        canonical = prefix_text(kinds, names)
        label = raw.get("label", f"Q {canonical}")
        return DeckCard(
            f"Q:{canonical}",
            kind,
            label,
            count,
            prefix=kinds,
            variables=names,
            text=text,
            says=says,
        )
    if kind == "S":
        statement = _get(raw, "statement", where, source)
        try:
            probe = (
                re.sub(rf"\b{PARAMETER}\b", "1", statement)
                if _has_parameter(statement)
                else statement
            )
            parsed = parse_statement(probe, vocabulary)
        except ParseError as exc:
            raise DeckError(source, f"{where}.statement", exc.message) from None
        if parsed.naming is not None:
            raise DeckError(source, f"{where}.statement", "an S card cannot name a new symbol")
        label = raw.get("label", f"S{s_number} {statement}")
        return DeckCard(
            f"S{s_number}", kind, label, count, statement=statement, says=says, text=text
        )
    action = _get(raw, "action", where, source)
    if action not in X_ACTIONS:
        raise DeckError(source, f"{where}.action", f"{action!r} is not an X action (any or negate)")
    label = raw.get("label", "?" if action == "any" else "¬")
    return DeckCard(f"X:{label}", kind, label, count, action=action, text=text, says=says)
