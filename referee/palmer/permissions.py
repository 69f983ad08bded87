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
from referee.language.deck import DeckCard
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_unicode
from referee.language.vocabulary import Vocabulary

_QUANT_SIGN = {ast.FORALL: "∀", ast.EXISTS: "∃", ast.UNIQUE: "∃!"}


class PlayRefused(ValueError):
    """A play the cards do not allow; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def play_kind(cards: Sequence[DeckCard]) -> str:
    """'symbols', 'quantifiers', 'statement', 'any' or 'negate'; refuses bad mixes."""
    if not cards:
        raise PlayRefused("play at least one card with a statement")
    kinds = {c.kind for c in cards}
    if kinds <= {"P", "F", "R"}:
        return "symbols"
    if kinds == {"Q"}:
        return "quantifiers"
    labels = ", ".join(c.label for c in cards)
    if kinds == {"S"}:
        if len(cards) > 1:
            raise PlayRefused(f"an S card is played alone: one statement per card ({labels})")
        return "statement"
    if kinds == {"X"}:
        if len(cards) > 1:
            raise PlayRefused(f"an X card is played alone ({labels})")
        return "any" if cards[0].action == "any" else "negate"
    if "Q" in kinds and kinds <= {"P", "F", "R", "Q"}:
        raise PlayRefused(
            "Q cards chain only with other Q cards, and P, F, R cards only with each other: "
            f"play them in separate turns ({labels})"
        )
    raise PlayRefused(
        "these cards cannot be played together: P, F and R cards combine with each other, "
        f"Q cards with each other, and S and X cards are played alone ({labels})"
    )


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
        raise PlayRefused("an S card's statement is checked with check_statement_card")
    elif kind == "negate":
        raise PlayRefused("the ¬ card inserts a negation into a board statement: use negate")
    # "any": every well-formed statement is allowed, a naming included.


def _no_falsum(formula: ast.Formula, what: str) -> None:
    for sub in ast.subformulas(formula):
        if isinstance(sub, ast.Falsum):
            raise PlayRefused(f"⊥ is for derivations; {what} cannot write it on the board")


def check_symbol_play(
    cards: Sequence[DeckCard],
    statement: ast.Statement,
    deck_vocabulary: Vocabulary,
    *,
    every_card_used: bool = True,
) -> None:
    allowed = {c.symbol for c in cards}
    names = ", ".join(sorted(allowed))
    if statement.naming is not None:
        raise PlayRefused(
            "only a Q card with ∃! (or the ? card) may name an object: the rules allow a "
            "name when a quantifier card plays the ∃!"
        )
    _no_falsum(statement.formula, "a symbol card")
    for sub in ast.subformulas(statement.formula):
        if isinstance(sub, ast.Card):
            raise PlayRefused(
                "|L| is the shorthand of the two S cards, not pure logic: write it out with "
                "∃ and ≠, or play the S card"
            )
    preds, funcs = ast.symbols(statement.formula)
    used = preds | funcs
    for symbol in sorted(used):
        if symbol in allowed:
            continue
        if symbol in deck_vocabulary:
            raise PlayRefused(
                f"{symbol} is not on the cards you played ({names}): play its card too"
            )
        # Not a deck symbol: a name introduced with ∃!, which anyone may use.
    if every_card_used:
        seen: set[str | None] = set()
        for c in cards:
            if c.symbol in seen:
                raise PlayRefused(
                    f"{c.symbol} is played twice: one symbol card says all a statement "
                    "needs of its symbol, so a second copy would be shed for nothing"
                )
            seen.add(c.symbol)
        unused = sorted(allowed - used)
        if unused:
            raise PlayRefused(
                f"the statement does not use {', '.join(unused)}: every symbol card you play "
                "must appear in the statement (house rule every_card_used)"
            )


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
        shown = sorted(" ".join(_QUANT_SIGN[k] for k in chain) for chain in chains)
        got = " ".join(_QUANT_SIGN[k] for k in kinds) or "no quantifier"
        raise PlayRefused(
            f"the statement starts with {got}, but the cards played give the prefix "
            f"{' or '.join(shown)}: write exactly those quantifiers at the front"
        )
    _no_falsum(body, "a Q card")
    for sub in ast.subformulas(body):
        if isinstance(sub, ast.Quant):
            raise PlayRefused(
                f"after the prefix the statement must be quantifier-free, but it has "
                f"{_QUANT_SIGN[sub.kind]}{sub.var} inside: chain another Q card instead"
            )
        if isinstance(sub, ast.Card):
            raise PlayRefused("|L| belongs to the S cards, not to a Q card's body")
    variables = {q.var for q in prefix}
    missing = sorted(variables - ast.free_vars(body))
    if missing:
        raise PlayRefused(
            f"the statement must use exactly the variables of the prefix, but "
            f"{', '.join(missing)} never appears after it"
        )


def check_statement_card(
    card: DeckCard, statement: ast.Statement, deck_vocabulary: Vocabulary
) -> None:
    """The statement must be the card's own (ASTs compared; n free for |L| cards)."""
    if statement.naming is not None:
        raise PlayRefused("an S card writes its own statement, with no naming")
    n = None
    if card.parametric:
        if not isinstance(statement.formula, ast.Card):
            raise PlayRefused(f"{card.label}: write {card.statement} with a positive n")
        n = statement.formula.n
    expected = parse_statement(card.statement_for(n), deck_vocabulary)
    if expected.formula != statement.formula:
        raise PlayRefused(
            f"{card.label} writes exactly {to_unicode(expected)}, not {to_unicode(statement)}"
        )


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


def negation_sites(statement: ast.Statement, vocabulary: Vocabulary) -> list[NegationSite]:
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
