"""Random boards built from the deck's own cards, for differential tests and benchmarks.

A board is what a table could write: each statement comes from one "play":

* an S card (its statement, with a small n for the |L| cards);
* one or two Q cards chained (variables renamed apart) over a quantifier-free
  body that uses exactly those variables and the symbols of one to three
  P/F/R cards; an ∃! whose quantifiers before it are all ∀ is sometimes named,
  and the name joins the vocabulary for later statements;
* P/F/R cards alone: any statement with those symbols, quantifiers included;
* an X ¬ card: a negation inserted into an earlier statement (sometimes the
  negation of a whole S card, which makes inconsistent boards common enough).

Every statement goes through the printer and back through the parser, so the
boards are exactly what players could type. Everything depends only on the
seed: ``generate_boards(n, seed)`` returns the same boards on every machine.

Used by tests/test_soundness_vs_e.py and benchmarks/run.py (which puts this
directory on sys.path).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from referee.language import ast
from referee.language.deck import Deck, DeckCard, load_deck_text
from referee.language.naming import statement_formula
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_unicode
from referee.language.vocabulary import Vocabulary
from referee.resources import default_deck_path

VARIABLE_NAMES = ("x", "y", "z", "w", "u", "v", "s", "t")


def palmer_deck() -> Deck:
    return load_deck_text(default_deck_path().read_text(encoding="utf-8"), "palmer.toml")


@dataclass
class Board:
    """A generated board: statements as players would write them."""

    id: str
    statements: list[ast.Statement]
    vocabulary: Vocabulary  # the deck's plus the names given by ∃!
    plays: list[str] = field(default_factory=list)  # which card(s) made each statement

    @property
    def texts(self) -> list[str]:
        return [s.text or to_unicode(s) for s in self.statements]

    @property
    def formulas(self) -> list[ast.Formula]:
        return [statement_formula(s) for s in self.statements]


@dataclass
class Question:
    """One question the referee answers: consistency, or redundancy of one statement."""

    id: str
    kind: str  # "consistency" or "redundancy"
    premises: list[ast.Formula]
    goals: list[ast.Formula]
    vocabulary: Vocabulary
    texts: list[str] = field(default_factory=list)  # premises then goals, for reports


class BoardGenerator:
    def __init__(self, seed: int, deck: Deck | None = None) -> None:
        self.rng = random.Random(seed)
        self.deck = deck or palmer_deck()
        self.symbol_cards = [c for c in self.deck.cards if c.kind in "PFR"]
        self.q_cards = [c for c in self.deck.cards if c.kind == "Q"]
        self.s_cards = [c for c in self.deck.cards if c.kind == "S"]
        self.rejected: list[tuple[str, str]] = []  # (text, parser message): generator bugs

    # ------------------------------------------------------------- boards

    def board(self, board_id: str, min_size: int = 2, max_size: int = 5) -> Board:
        vocab = self.deck.vocabulary
        statements: list[ast.Statement] = []
        plays: list[str] = []
        size = self.rng.randint(min_size, max_size)
        attempts = 0
        while len(statements) < size and attempts < 10 * size:
            attempts += 1
            roll = self.rng.random()
            if roll < 0.35:
                made = self._s_card(vocab)
            elif roll < 0.75:
                made = self._q_play(vocab)
            elif roll < 0.9 or not statements:
                made = self._symbols_play(vocab)
            else:
                made = self._negate(statements, vocab)
            if made is None:
                continue
            stmt, play = made
            statements.append(stmt)
            plays.append(play)
            if stmt.naming is not None:
                vocab = vocab.extend(stmt.naming.name, len(stmt.naming.params))
        return Board(board_id, statements, vocab, plays)

    def _finish(self, formula: ast.Formula, vocab: Vocabulary, naming=None):
        """Print and re-parse: the statement exactly as a player would have typed it."""
        stmt = ast.Statement(formula, naming)
        text = to_unicode(stmt)
        try:
            return parse_statement(text, vocab)
        except ParseError as exc:
            self.rejected.append((text, exc.message))
            return None

    def _s_card(self, vocab: Vocabulary):
        card = self.rng.choice(self.s_cards)
        n = self.rng.randint(1, 4) if card.parametric else None
        text = card.statement_for(n)
        try:
            stmt = parse_statement(text, vocab)
        except ParseError as exc:
            self.rejected.append((text, exc.message))
            return None
        return stmt, card.label + (f"(n={n})" if n is not None else "")

    def _q_play(self, vocab: Vocabulary):
        cards = [self.rng.choice(self.q_cards)]
        if self.rng.random() < 0.25:
            cards.append(self.rng.choice(self.q_cards))
        kinds: list[str] = []
        for card in cards:
            kinds.extend(card.prefix)
        if len(kinds) > 4:
            kinds = kinds[:4]
        names = list(VARIABLE_NAMES[: len(kinds)])
        symbols = self._pick_symbols(vocab)
        body = self._quantifier_free(names, symbols, vocab, depth=2, must_use=set(names))
        formula = body
        for kind, var in reversed(list(zip(kinds, names, strict=True))):
            formula = ast.Quant(kind, var, formula)
        naming = None
        if ast.UNIQUE in kinds and self.rng.random() < 0.5:
            at = kinds.index(ast.UNIQUE)
            if all(k == ast.FORALL for k in kinds[:at]):
                fresh = self._fresh_symbol(vocab, "f" if at else "c")
                naming = ast.Naming(fresh, tuple(names[:at]), names[at])
        stmt = self._finish(formula, vocab, naming)
        if stmt is None and naming is not None:
            stmt = self._finish(formula, vocab)
        if stmt is None:
            return None
        return stmt, "+".join(c.label for c in cards) + " with " + ",".join(symbols)

    def _symbols_play(self, vocab: Vocabulary):
        symbols = self._pick_symbols(vocab)
        formula = self._formula([], symbols, vocab, depth=3)
        stmt = self._finish(formula, vocab)
        if stmt is None:
            return None
        return stmt, "symbols " + ",".join(symbols)

    def _negate(self, statements: list[ast.Statement], vocab: Vocabulary):
        """X ¬: insert a negation at a random position of an earlier statement's formula."""
        target = self.rng.choice(statements)
        if target.naming is not None:
            return None  # negating a definition would leave its name undefined
        positions = list(_positions(target.formula))
        path = self.rng.choice(positions[: max(1, len(positions) // 2)])
        formula = _negate_at(target.formula, path)
        stmt = self._finish(formula, vocab)
        if stmt is None:
            return None
        return stmt, "X¬"

    # -------------------------------------------------------------- pieces

    def _pick_symbols(self, vocab: Vocabulary) -> list[str]:
        k = self.rng.choice((1, 1, 2, 2, 3))
        cards: list[DeckCard] = self.rng.sample(self.symbol_cards, k)
        symbols = [c.symbol for c in cards]
        named = [n for n in vocab.functions if n not in self.deck.vocabulary.functions]
        if named and self.rng.random() < 0.5:  # names from ∃! may be used freely
            symbols.append(self.rng.choice(named))
        return symbols

    def _fresh_symbol(self, vocab: Vocabulary, base: str) -> str:
        i = 1
        while f"{base}{i}" in vocab:
            i += 1
        return f"{base}{i}"

    def _term(self, variables: list[str], funcs: list[str], vocab: Vocabulary, depth: int):
        leaves = [ast.Var(v) for v in variables] + [
            ast.App(f) for f in funcs if vocab.functions[f] == 0
        ]
        compound = [f for f in funcs if vocab.functions[f] > 0]
        if compound and depth > 0 and (not leaves or self.rng.random() < 0.35):
            f = self.rng.choice(compound)
            args = tuple(
                self._term(variables, funcs, vocab, depth - 1) for _ in range(vocab.functions[f])
            )
            return ast.App(f, args)
        if not leaves:
            return None
        return self.rng.choice(leaves)

    def _atom(self, variables: list[str], symbols: list[str], vocab: Vocabulary):
        preds = [s for s in symbols if s in vocab.predicates]
        funcs = [s for s in symbols if s in vocab.functions]
        for _ in range(10):
            if preds and (not funcs or self.rng.random() < 0.6):
                p = self.rng.choice(preds)
                args = tuple(
                    self._term(variables, funcs, vocab, 1) for _ in range(vocab.predicates[p])
                )
                if all(a is not None for a in args):
                    return ast.Pred(p, args)
            else:
                left = self._term(variables, funcs, vocab, 2)
                right = self._term(variables, funcs, vocab, 1)
                if left is not None and right is not None and left != right:
                    return ast.Eq(left, right)
        return None

    def _quantifier_free(self, variables, symbols, vocab, depth, must_use=frozenset()):
        for _ in range(20):
            f = self._qf(variables, symbols, vocab, depth)
            if f is not None and set(must_use) <= ast.free_vars(f):
                return f
        # Fall back: conjoin x ≠ y-style atoms until every variable appears.
        f = self._qf(variables, symbols, vocab, 0)
        for v in sorted(must_use):
            if f is not None and v in ast.free_vars(f):
                continue
            others = [w for w in variables if w != v]
            atom = ast.Not(ast.Eq(ast.Var(v), ast.Var(others[0]))) if others else None
            atom = atom or self._atom([v], symbols, vocab) or ast.Eq(ast.Var(v), ast.Var(v))
            f = atom if f is None else ast.And(f, atom)
        return f

    def _qf(self, variables, symbols, vocab, depth):
        if depth <= 0 or self.rng.random() < 0.3:
            atom = self._atom(variables, symbols, vocab)
            if atom is not None and self.rng.random() < 0.3:
                return ast.Not(atom)
            return atom
        op = self.rng.choice((ast.And, ast.Or, ast.Implies, ast.Iff, ast.Not))
        if op is ast.Not:
            body = self._qf(variables, symbols, vocab, depth - 1)
            return None if body is None else ast.Not(body)
        left = self._qf(variables, symbols, vocab, depth - 1)
        right = self._qf(variables, symbols, vocab, depth - 1)
        if left is None or right is None:
            return None
        return op(left, right)

    def _formula(self, variables, symbols, vocab, depth):
        """Any closed formula over ``symbols``: connectives and quantifiers mixed."""
        if len(variables) < 3 and (not variables or self.rng.random() < 0.6) and depth > 0:
            kind = self.rng.choice((ast.FORALL, ast.FORALL, ast.EXISTS, ast.UNIQUE))
            var = VARIABLE_NAMES[len(variables)]
            body = self._formula([*variables, var], symbols, vocab, depth - 1)
            if body is None:
                return None
            return ast.Quant(kind, var, body)
        if not variables:
            # Only constants can appear: quantify anyway to stay meaningful.
            return self._formula(variables, symbols, vocab, max(depth, 1))
        if depth <= 0 or self.rng.random() < 0.4:
            return self._quantifier_free(variables, symbols, vocab, 1, must_use={variables[-1]})
        op = self.rng.choice((ast.And, ast.Or, ast.Implies, ast.Iff))
        left = self._formula(variables, symbols, vocab, depth - 1)
        right = self._quantifier_free(variables, symbols, vocab, 1)
        if left is None or right is None:
            return None
        return op(left, right) if self.rng.random() < 0.5 else op(right, left)


def _positions(f: ast.Formula, path: tuple[int, ...] = ()):
    """Paths to every subformula (where a ¬ may be inserted)."""
    yield path
    for i, child in enumerate(ast.children(f)):
        yield from _positions(child, (*path, i))


def _negate_at(f: ast.Formula, path: tuple[int, ...]) -> ast.Formula:
    if not path:
        return ast.Not(f)
    i, rest = path[0], path[1:]
    if isinstance(f, ast.Not):
        return ast.Not(_negate_at(f.body, rest))
    if isinstance(f, ast.Quant):
        return ast.Quant(f.kind, f.var, _negate_at(f.body, rest))
    if isinstance(f, ast.BINARY):
        if i == 0:
            return type(f)(_negate_at(f.left, rest), f.right)
        return type(f)(f.left, _negate_at(f.right, rest))
    raise ValueError(f"no child {i} in {f!r}")


# ---------------------------------------------------------------- public API


def generate_boards(count: int, seed: int = 0, deck: Deck | None = None) -> list[Board]:
    gen = BoardGenerator(seed, deck)
    return [gen.board(f"gen-{seed}-{i}") for i in range(count)]


def questions(board: Board, rng: random.Random | None = None) -> list[Question]:
    """Consistency of the whole board, and redundancy of one statement (seeded choice)."""
    rng = rng or random.Random(board.id)
    fs = board.formulas
    texts = board.texts
    out = [Question(f"{board.id}/consistency", "consistency", fs, [], board.vocabulary, texts)]
    if len(fs) >= 2:
        i = rng.randrange(len(fs))
        if board.statements[i].naming is None:  # a definition is never "redundant" alone
            premises = fs[:i] + fs[i + 1 :]
            out.append(
                Question(
                    f"{board.id}/redundant-{i + 1}",
                    "redundancy",
                    premises,
                    [fs[i]],
                    board.vocabulary,
                    texts[:i] + texts[i + 1 :] + [texts[i]],
                )
            )
    return out


def generate_questions(count: int, seed: int = 0) -> tuple[list[Board], list[Question]]:
    boards = generate_boards(count, seed)
    qs: list[Question] = []
    for b in boards:
        qs.extend(questions(b))
    return boards, qs
