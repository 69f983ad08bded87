"""What the cards played with a statement allow it to say.

Each check returns nothing when the play is allowed and raises
:class:`PlayRefused` with the reason, in the players' words, when it is not.
The rules (``palmer-rules.txt``) give five kinds of play:

* P, F, R cards (one or several): pure logic (connectives, quantifiers, =, ∃!)
  and only the symbols on the cards, plus names already given with ∃!.
* Q cards (one or several, chained): the statement's quantifier prefix is the
  chain of the cards' prefixes in some order, variables renamed freely, over a
  quantifier-free body that uses exactly those variables. A naming after ∃! is
  allowed where the parser allows it (only ∀ before the ∃!).
* One S card: the card's own statement (for ``|L| ≥ n`` / ``|L| < n`` with a
  positive n of the player's choice).
* One X ``?`` card: any well-formed statement.
* One X ``¬`` card: one ¬ inserted into a board statement (see
  :func:`negation_sites`).

The rulings on points the rules leave open are in ``docs/rulings.md``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from referee.language import ast
from referee.language.deck import QUANT_SIGNS, DeckCard
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_unicode
from referee.language.vocabulary import Vocabulary
from referee.palmer.refusals import Why
from referee.table.errors import Refusal


class PlayRefused(ValueError):
    """A play the cards do not allow; ``refusal`` says why (typed; the interface words it)."""

    def __init__(self, why: Why, **facts) -> None:
        self.refusal = Refusal(why, **facts)
        super().__init__(str(self.refusal))


def play_kind(cards: Sequence[DeckCard]) -> str:
    """'symbols', 'quantifiers', 'statement', 'any' or 'negate'; refuses bad mixes."""
    if not cards:
        raise PlayRefused(Why.NO_CARDS)
    kinds = {c.kind for c in cards}
    if kinds <= {"P", "F", "R"}:
        return "symbols"
    if kinds == {"Q"}:
        return "quantifiers"
    labels = tuple(c.label for c in cards)
    if kinds == {"S"}:
        if len(cards) > 1:
            raise PlayRefused(Why.S_ALONE, texts=labels)
        return "statement"
    if kinds == {"X"}:
        if len(cards) > 1:
            raise PlayRefused(Why.X_ALONE, texts=labels)
        return "any" if cards[0].action == "any" else "negate"
    if "Q" in kinds and kinds <= {"P", "F", "R", "Q"}:
        raise PlayRefused(Why.Q_APART, texts=labels)
    raise PlayRefused(Why.NOT_TOGETHER, texts=labels)


def check_play(
    cards: Sequence[DeckCard],
    statement: ast.Statement,
    deck_vocabulary: Vocabulary,
    *,
    every_card_used: bool = True,
) -> None:
    """Refuse ``statement`` unless ``cards`` allow it (S and X ¬ plays: see below).

    ``deck_vocabulary`` is the deck's own vocabulary: any other function symbol
    in the statement is a name given earlier with ∃! (the parser has already
    refused unknown names).
    """
    kind = play_kind(cards)
    if kind == "symbols":
        check_symbol_play(cards, statement, deck_vocabulary, every_card_used=every_card_used)
    elif kind == "quantifiers":
        check_quantifier_play(cards, statement)
    elif kind == "statement":
        raise PlayRefused(Why.S_CHECKED_APART)
    elif kind == "negate":
        raise PlayRefused(Why.NEGATE_CARD)
    # "any": every well-formed statement is allowed, a naming included.


def _no_falsum(formula: ast.Formula, what: str) -> None:
    for sub in ast.subformulas(formula):
        if isinstance(sub, ast.Falsum):
            raise PlayRefused(Why.FALSUM, word=what)


def check_symbol_play(
    cards: Sequence[DeckCard],
    statement: ast.Statement,
    deck_vocabulary: Vocabulary,
    *,
    every_card_used: bool = True,
) -> None:
    allowed = {c.symbol for c in cards}
    names = tuple(sorted(str(a) for a in allowed))
    if statement.naming is not None:
        raise PlayRefused(Why.NAMING_NEEDS_Q)
    _no_falsum(statement.formula, "a symbol card")
    for sub in ast.subformulas(statement.formula):
        if isinstance(sub, ast.Card):
            raise PlayRefused(Why.CARD_SHORTHAND)
    preds, funcs = ast.symbols(statement.formula)
    used = preds | funcs
    for symbol in sorted(used):
        if symbol in allowed:
            continue
        if symbol in deck_vocabulary:
            raise PlayRefused(Why.NOT_ON_CARDS, word=symbol, texts=names)
        # Not a deck symbol: a name introduced with ∃!, which anyone may use.
    if every_card_used:
        seen: set[str | None] = set()
        for c in cards:
            if c.symbol in seen:
                raise PlayRefused(Why.SYMBOL_TWICE, word=c.symbol or "")
            seen.add(c.symbol)
        unused = sorted(allowed - used)
        if unused:
            raise PlayRefused(Why.UNUSED, texts=tuple(str(u) for u in unused))


def quantifier_prefix(formula: ast.Formula) -> tuple[list[ast.Quant], ast.Formula]:
    prefix = []
    while isinstance(formula, ast.Quant):
        prefix.append(formula)
        formula = formula.body
    return prefix, formula


def check_quantifier_play(cards: Sequence[DeckCard], statement: ast.Statement) -> None:
    prefix, body = quantifier_prefix(statement.formula)
    kinds = tuple(q.kind for q in prefix)
    chains = {
        tuple(k for card in order for k in card.prefix) for order in itertools.permutations(cards)
    }
    if kinds not in chains:
        shown = sorted(" ".join(QUANT_SIGNS[k] for k in chain) for chain in chains)
        got = " ".join(QUANT_SIGNS[k] for k in kinds)
        raise PlayRefused(Why.WRONG_PREFIX, word=got, texts=tuple(shown))
    _no_falsum(body, "a Q card")
    for sub in ast.subformulas(body):
        if isinstance(sub, ast.Quant):
            raise PlayRefused(Why.INNER_QUANTIFIER, word=f"{QUANT_SIGNS[sub.kind]}{sub.var}")
        if isinstance(sub, ast.Card):
            raise PlayRefused(Why.CARD_IN_Q_BODY)
    variables = {q.var for q in prefix}
    missing = sorted(variables - ast.free_vars(body))
    if missing:
        raise PlayRefused(Why.PREFIX_VARIABLES, texts=tuple(missing))


def check_statement_card(
    card: DeckCard, statement: ast.Statement, deck_vocabulary: Vocabulary
) -> None:
    """The statement must be the card's own (ASTs compared; n free for |L| cards)."""
    if statement.naming is not None:
        raise PlayRefused(Why.S_NO_NAMING)
    n = None
    if card.parametric:
        if not isinstance(statement.formula, ast.Card):
            raise PlayRefused(Why.S_POSITIVE_N, word=card.label, other=card.statement)
        n = statement.formula.n
    expected = parse_statement(card.statement_for(n), deck_vocabulary)
    if expected.formula != statement.formula:
        raise PlayRefused(
            Why.S_EXACTLY,
            word=card.label,
            other=to_unicode(expected),
            texts=(to_unicode(statement),),
        )


def check_cards_allow(
    cards: Sequence[DeckCard],
    statement: ast.Statement,
    deck_vocabulary: Vocabulary,
    *,
    every_card_used: bool = True,
) -> None:
    """Refuse ``statement`` played with ``cards`` unless the cards allow it: the one
    decision the rules (a Play event) and the statement editor's live check both ask,
    so the editor never says yes where the referee says no. A ¬ is played with negate."""
    kind = play_kind(cards)
    if kind == "negate":
        raise PlayRefused(Why.NEGATE_WITH_NEGATE)
    if kind == "statement":
        check_statement_card(cards[0], statement, deck_vocabulary)
    else:
        check_play(cards, statement, deck_vocabulary, every_card_used=every_card_used)


# ------------------------------------------------------------- the ¬ card


@dataclass(frozen=True)
class NegationSite:
    """One place a ¬ can go: the subformula at ``path`` becomes ¬(subformula).

    ``after`` keeps the parentheses the author wrote (print it with
    ``to_unicode(after, as_written=True)``); ``after.text`` is its canonical
    text, as game records store it.
    """

    index: int  # 1-based, in reading order
    path: tuple[int, ...]
    target: ast.Formula
    after: ast.Statement


def _replace(formula: ast.Formula, path: tuple[int, ...], new: ast.Formula) -> ast.Formula:
    """``formula`` with the subformula at ``path`` replaced; every other node keeps its span."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(formula, (ast.Not, ast.Quant)):
        return replace(formula, body=_replace(formula.body, rest, new))
    if isinstance(formula, ast.BINARY):
        if head == 0:
            return replace(formula, left=_replace(formula.left, rest, new))
        return replace(formula, right=_replace(formula.right, rest, new))
    raise ValueError("no subformula at this path")  # pragma: no cover


def _paths(formula: ast.Formula, path: tuple[int, ...] = ()):
    yield path, formula
    for i, child in enumerate(ast.children(formula)):
        yield from _paths(child, path + (i,))


# The sites of the statements asked about lately: every view of a board and every list of
# legal moves asks again after each move, and a statement's sites never change.
_SITES: dict[tuple, tuple[NegationSite, ...]] = {}
_SITES_KEPT = 4096


def negation_sites(statement: ast.Statement, vocabulary: Vocabulary) -> list[NegationSite]:
    """Every distinct statement one inserted ¬ can make, numbered 1, 2, … in reading order
    (worked out once per statement and vocabulary: :func:`_negation_sites`)."""
    key = (
        statement,  # equal whatever parentheses its author wrote, which the sites keep:
        statement.text or to_unicode(statement, as_written=True),  # so its text too
        frozenset(vocabulary.predicates.items()),
        frozenset(vocabulary.functions.items()),
    )
    sites = _SITES.get(key)
    if sites is None:
        sites = tuple(_negation_sites(statement, vocabulary))
        if len(_SITES) >= _SITES_KEPT:
            _SITES.clear()
        _SITES[key] = sites
    return list(sites)


def _negation_sites(statement: ast.Statement, vocabulary: Vocabulary) -> list[NegationSite]:
    """Every distinct statement one inserted ¬ can make, numbered 1, 2, … in reading order.

    A place is any subformula (the whole statement included); places that give
    the same statement are one site (in ``∃x ¬happy(x)``, a ¬ before ``¬happy(x)``
    and one before ``happy(x)`` both give ``∃x ¬¬happy(x)``), the first in reading
    order. The result is re-read by the parser so a statement whose naming would
    lose its leading ∃! (¬ in front of the prefix) offers no such place, nor one
    that would nest too deep. ``vocabulary`` is the one the statement was written
    under (names given before it).
    """
    sites: list[NegationSite] = []
    seen: set[ast.Statement] = set()
    if statement.naming is not None:
        own = statement.naming.name
        vocabulary = Vocabulary(
            vocabulary.predicates, {k: v for k, v in vocabulary.functions.items() if k != own}
        )
    for path, sub in _paths(statement.formula):
        new_formula = _replace(statement.formula, path, ast.Not(sub))
        candidate = ast.Statement(new_formula, statement.naming)
        if candidate in seen:
            continue
        seen.add(candidate)
        text = to_unicode(candidate)
        try:
            reparsed = parse_statement(text, vocabulary)
        except ParseError:
            continue
        if reparsed != candidate:  # pragma: no cover - printer/parser round trip is tested
            continue
        # new_formula keeps the spans, so the parentheses, of every untouched part.
        sites.append(
            NegationSite(
                len(sites) + 1, path, sub, ast.Statement(new_formula, statement.naming, text)
            )
        )
    return sites


def can_play(card: DeckCard, board: Sequence[tuple[ast.Statement, Vocabulary]]) -> bool:
    """Whether ``card`` can be played on ``board`` (each statement with the names it was
    written under): every card writes a statement (a symbol card one with its symbol, a
    Q card one under its prefix, an S card its own, the ``?`` card any), save the ¬ card,
    which needs a place for its ¬ in a statement on the board (house rule
    ``passing=stuck``, docs/rulings.md 10a)."""
    if card.kind == "X" and card.action == "negate":
        return any(negation_sites(statement, vocabulary) for statement, vocabulary in board)
    return True
