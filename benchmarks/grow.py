"""Grown boards: long boards built the way a game builds them, one consistent play at a time.

``tests/boardgen.py`` deals short boards (2-5 statements) of independent
plays. A real game grows its board: each play is written against the board as
it stands and is kept only if the board stays consistent (a player who makes
it inconsistent is caught). These boards are longer (8-13 statements) and
heavier than the dealt ones:

* chained Q cards: two or three quantifier cards under one body (up to five
  variables);
* nested ``father`` and ``+``: terms like ``father(x + father(y))``;
* ``|L| ≥ n`` and ``|L| < n`` with n up to 6;
* ¬-card variants of S cards: an S card statement with a ¬ put somewhere
  inside it, and ¬ put into statements already on the board.

A proposed statement is kept when an oracle says the board with it is still
consistent; now and then (``break_chance``) one that makes the board
inconsistent is kept and the board ends there. A proposal the oracle cannot
judge is dropped. The default oracle is cvc5's finite model finding under a
deterministic resource limit (``rlimit``, not a clock), so a seed gives the
same boards on any machine with the same cvc5. (E was tried as a second
oracle, for saturations: within 400 or 3000 processed clauses it saturated
none of 75 proposals on four boards and cost more than cvc5.) Its bias: the
consistency of a grown board is, by construction, a small model cvc5 finds.

Questions per board: its consistency, and the redundancy of ``per_board``
statements (a seeded choice among those that name nothing).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import boardgen

from referee.language import ast
from referee.language.naming import statement_formula
from referee.language.parser import ParseError, parse_statement
from referee.language.vocabulary import Vocabulary
from referee.logic.normalform import expand_unique, nnf, signature

MIN_SIZE, MAX_SIZE = 8, 13
BREAK_CHANCE = 0.2  # per board: it ends on a statement that breaks it
CVC5_RLIMIT = 60_000  # cvc5 resource units per consistency check (up to about 1 s)
ORACLE_SECONDS = 5.0  # a clock limit too, in case resources are not the bottleneck

Oracle = Callable[[list[ast.Formula]], bool | None]


def default_oracle() -> Oracle:
    """Consistent when cvc5 finds a model, inconsistent when it refutes, else unjudged."""
    from referee.logic.cvc5_finder import Cvc5Status, find_model_cvc5

    def consistent(formulas: list[ast.Formula]) -> bool | None:
        prepared = [nnf(expand_unique(f)) for f in formulas]
        predicates, functions = signature(prepared)
        r = find_model_cvc5(
            prepared,
            None,
            predicates,
            functions,
            time.monotonic() + ORACLE_SECONDS,
            resource_limit=CVC5_RLIMIT,
        )
        if r.status == Cvc5Status.UNAVAILABLE:
            raise RuntimeError("growing boards needs the cvc5 package (the bench extra)")
        return {Cvc5Status.MODEL: True, Cvc5Status.UNSAT: False}.get(r.status)

    return consistent


class Grower(boardgen.BoardGenerator):
    def __init__(self, seed: int, oracle: Oracle, break_chance: float = BREAK_CHANCE) -> None:
        super().__init__(seed)
        self.oracle = oracle
        self.break_chance = break_chance
        self.checks = 0
        self.unjudged = 0

    def grow(self, board_id: str) -> boardgen.Board:
        target = self.rng.randint(MIN_SIZE, MAX_SIZE)
        breaks = self.rng.random() < self.break_chance
        vocab = self.deck.vocabulary
        statements: list[ast.Statement] = []
        plays: list[str] = []
        attempts = 0
        while len(statements) < target and attempts < 12 * target:
            attempts += 1
            made = self._play(statements, vocab)
            if made is None:
                continue
            stmt, play = made
            formulas = [statement_formula(s) for s in statements] + [statement_formula(stmt)]
            self.checks += 1
            verdict = self.oracle(formulas)
            if verdict is None:
                self.unjudged += 1
                continue
            last = len(statements) == target - 1
            if verdict is False and not (breaks and last):
                continue
            if verdict is True and breaks and last:
                continue  # this board is meant to end on a statement that breaks it
            statements.append(stmt)
            plays.append(play)
            if stmt.naming is not None:
                vocab = vocab.extend(stmt.naming.name, len(stmt.naming.params))
        return boardgen.Board(board_id, statements, vocab, plays)

    # ------------------------------------------------------------- plays

    def _play(self, statements, vocab):
        roll = self.rng.random()
        if roll < 0.15:
            return self._bound()
        if roll < 0.3:
            return self._negated_s_card(vocab)
        if roll < 0.4:
            return self._s_card(vocab)
        if roll < 0.7:
            return self._chained_q_play(vocab)
        if roll < 0.85 or not statements:
            return self._nested_play(vocab)
        return self._negate(statements, vocab)

    def _bound(self):
        op = self.rng.choice((ast.AT_LEAST, ast.FEWER_THAN))
        n = self.rng.randint(2, 6)
        stmt = ast.Statement(ast.Card(op, n))
        return stmt, f"S |L| {op} {n}"

    def _negated_s_card(self, vocab: Vocabulary):
        card = self.rng.choice([c for c in self.s_cards if not c.parametric])
        try:
            stmt = parse_statement(card.statement_for(None), vocab)
        except ParseError as exc:
            self.rejected.append((card.statement_for(None), exc.message))
            return None
        path = self.rng.choice(list(boardgen._positions(stmt.formula)))
        negated = self._finish(boardgen._negate_at(stmt.formula, path), vocab)
        return None if negated is None else (negated, f"¬ inside {card.label}")

    def _chained_q_play(self, vocab: Vocabulary):
        cards = [self.rng.choice(self.q_cards) for _ in range(self.rng.choice((2, 2, 3)))]
        kinds: list[str] = []
        for card in cards:
            kinds.extend(card.prefix)
        kinds = kinds[:5]
        names = list(boardgen.VARIABLE_NAMES[: len(kinds)])
        symbols = self._pick_symbols(vocab)
        if self.rng.random() < 0.5:
            symbols = sorted(set(symbols) | {"father", "+"})
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
        stmt = self._finish(formula, vocab, naming) or self._finish(formula, vocab)
        if stmt is None:
            return None
        return stmt, "+".join(c.label for c in cards) + " with " + ",".join(symbols)

    def _nested_play(self, vocab: Vocabulary):
        """P/F/R cards with father and + nested: deep terms, equations between them."""
        symbols = sorted(set(self._pick_symbols(vocab)) | {"father", "+"})
        saved = self._term
        self._term = lambda v, f, vo, d: self._deep_term(v, f, vo, d + 1)
        try:
            formula = self._formula([], symbols, vocab, depth=2)
        finally:
            self._term = saved
        stmt = self._finish(formula, vocab)
        return None if stmt is None else (stmt, "nested " + ",".join(symbols))

    def _deep_term(self, variables, funcs, vocab, depth):
        compound = [f for f in funcs if vocab.functions[f] > 0]
        leaves = [ast.Var(v) for v in variables] + [
            ast.App(f) for f in funcs if vocab.functions[f] == 0
        ]
        if compound and (depth > 0 or not leaves) and (not leaves or self.rng.random() < 0.55):
            f = self.rng.choice(compound)
            args = tuple(
                self._deep_term(variables, funcs, vocab, max(0, depth - 1) if depth else 0)
                for _ in range(vocab.functions[f])
            )
            if any(a is None for a in args):
                return None
            return ast.App(f, args)
        return self.rng.choice(leaves) if leaves else None


def grow_boards(
    count: int, seed: int, oracle: Oracle | None = None, break_chance: float = BREAK_CHANCE
) -> tuple[list[boardgen.Board], Grower]:
    grower = Grower(seed, oracle or default_oracle(), break_chance)
    return [grower.grow(f"grown-{seed}-{i}") for i in range(count)], grower


def questions(board: boardgen.Board, per_board: int = 3) -> list[boardgen.Question]:
    """Consistency of the board and the redundancy of ``per_board`` of its statements."""
    rng = random.Random(board.id)
    fs, texts = board.formulas, board.texts
    out = [boardgen.Question(f"{board.id}/consistency", "consistency", fs, [], board.vocabulary)]
    candidates = [i for i, s in enumerate(board.statements) if s.naming is None]
    for i in sorted(rng.sample(candidates, min(per_board, len(candidates)))):
        out.append(
            boardgen.Question(
                f"{board.id}/redundant-{i + 1}",
                "redundancy",
                fs[:i] + fs[i + 1 :],
                [fs[i]],
                board.vocabulary,
                texts[:i] + texts[i + 1 :] + [texts[i]],
            )
        )
    return out
