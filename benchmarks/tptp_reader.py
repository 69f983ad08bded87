"""A small reader for TPTP FOF problems, into the referee's AST.

Enough of the TPTP syntax for first-order problems without includes:
``fof(name, role, formula[, annotations]).`` with ``! ? ~ & | => <= <=> <~>
~| ~& = !=``, ``$true``, ``$false``, terms with functions and constants,
single-quoted names and ``%`` / ``/* */`` comments. Axioms, hypotheses,
definitions, lemmas and negated conjectures become premises; conjectures are
goals (several conjectures: their conjunction, as TPTP reads them).

Symbol names are kept where the referee's vocabulary accepts them and renamed
(``_`` suffix, or sanitised) where they are reserved words, quoted, or used
both as a predicate and as a function. The reader also reports the problem's
``% Status`` line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from referee.language import ast
from referee.language.vocabulary import KEYWORDS, NAME_RE, Vocabulary


class TPTPError(ValueError):
    pass


PREMISE_ROLES = {
    "axiom",
    "hypothesis",
    "definition",
    "assumption",
    "lemma",
    "theorem",
    "corollary",
    "negated_conjecture",
    "plain",
}


@dataclass
class Problem:
    name: str
    premises: list[ast.Formula]
    goals: list[ast.Formula]
    vocabulary: Vocabulary
    status: str | None = None  # the "% Status" header, if any
    premise_names: list[str] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return "entailment" if self.goals else "consistency"

    def expected(self, status: str | None = None) -> str | None:
        """The referee's answer that the SZS status implies (None when it implies none)."""
        status = status or self.status
        if self.goals:
            return {
                "Theorem": "entailed",
                "ContradictoryAxioms": "entailed",
                "CounterSatisfiable": "not_entailed",
            }.get(status or "")
        return {
            "Unsatisfiable": "inconsistent",
            "ContradictoryAxioms": "inconsistent",
            "Satisfiable": "consistent",
        }.get(status or "")


# ---------------------------------------------------------------- tokens

_TOKEN_RE = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<comment>%[^\n]*|/\*.*?\*/)
  | (?P<op><~>|<=>|=>|<=|~\||~&|!=|[!?~&|=(),\[\]:.])
  | (?P<dollar>\$\$?[a-z][A-Za-z0-9_]*)
  | (?P<upper>[A-Z][A-Za-z0-9_]*)
  | (?P<lower>[a-z][A-Za-z0-9_]*)
  | (?P<quoted>'(?:[^'\\]|\\.)*')
  | (?P<distinct>"(?:[^"\\]|\\.)*")
  | (?P<number>[+-]?[0-9]+(?:\.[0-9]+)?)
    """,
    re.VERBOSE | re.DOTALL,
)


def _tokens(text: str) -> list[tuple[str, str, int]]:
    out = []
    pos = 0
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if m is None:
            line = text.count("\n", 0, pos) + 1
            raise TPTPError(f"line {line}: unexpected character {text[pos]!r}")
        kind = m.lastgroup
        if kind not in ("ws", "comment"):
            out.append((kind, m.group(), text.count("\n", 0, pos) + 1))
        pos = m.end()
    out.append(("eof", "", text.count("\n") + 1))
    return out


# ---------------------------------------------------------------- parser


class _Parser:
    def __init__(self, text: str) -> None:
        self.toks = _tokens(text)
        self.i = 0
        self.pred_uses: dict[str, int] = {}
        self.func_uses: dict[str, int] = {}

    # token helpers
    def peek(self, k: int = 0) -> tuple[str, str, int]:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def next(self) -> tuple[str, str, int]:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def expect(self, value: str) -> None:
        kind, text, line = self.next()
        if text != value:
            raise TPTPError(f"line {line}: expected {value!r}, found {text or 'end of file'!r}")

    def at(self, value: str) -> bool:
        return self.peek()[1] == value and self.peek()[0] == "op"

    # annotated formulas
    def problem(self) -> list[tuple[str, str, ast.Formula]]:
        out = []
        while self.peek()[0] != "eof":
            kind, word, line = self.next()
            if word == "include":
                raise TPTPError(f"line {line}: include() is not supported")
            if word != "fof":
                raise TPTPError(f"line {line}: only fof() formulas are supported, found {word!r}")
            self.expect("(")
            name = self.next()[1]
            self.expect(",")
            role = self.next()[1]
            self.expect(",")
            formula = self.formula()
            if self.at(","):  # annotations: skip balanced to the closing parenthesis
                depth = 0
                while True:
                    k, t, ln = self.next()
                    if k == "eof":
                        raise TPTPError(f"line {ln}: unterminated annotations")
                    if t in "([":
                        depth += 1
                    elif t in ")]":
                        if depth == 0:
                            self.i -= 1
                            break
                        depth -= 1
            self.expect(")")
            self.expect(".")
            out.append((name, role, formula))
        return out

    # formulas
    def formula(self) -> ast.Formula:
        left = self.unit()
        kind, op, _ = self.peek()
        if kind != "op":
            return left
        if op in ("&", "|"):
            node = ast.And if op == "&" else ast.Or
            while self.at(op):
                self.next()
                left = node(left, self.unit())
            return left
        if op in ("=>", "<=", "<=>", "<~>", "~|", "~&"):
            self.next()
            right = self.unit()
            if op == "=>":
                return ast.Implies(left, right)
            if op == "<=":
                return ast.Implies(right, left)
            if op == "<=>":
                return ast.Iff(left, right)
            if op == "<~>":
                return ast.Not(ast.Iff(left, right))
            if op == "~|":
                return ast.Not(ast.Or(left, right))
            return ast.Not(ast.And(left, right))
        return left

    def unit(self) -> ast.Formula:
        kind, text, line = self.peek()
        if kind == "op" and text in ("!", "?"):
            self.next()
            self.expect("[")
            names = [self._var_name()]
            while self.at(","):
                self.next()
                names.append(self._var_name())
            self.expect("]")
            self.expect(":")
            body = self.unit()
            q = ast.FORALL if text == "!" else ast.EXISTS
            for v in reversed(names):
                body = ast.Quant(q, v, body)
            return body
        if kind == "op" and text == "~":
            self.next()
            return ast.Not(self.unit())
        if kind == "op" and text == "(":
            self.next()
            f = self.formula()
            self.expect(")")
            return f
        return self.atom()

    def _var_name(self) -> str:
        kind, text, line = self.next()
        if kind != "upper":
            raise TPTPError(f"line {line}: expected a variable, found {text!r}")
        if self.at(":") and self.peek(1)[0] != "op":  # typed variable (TFF): not FOF
            raise TPTPError(f"line {line}: typed variables are not FOF")
        return text

    def atom(self) -> ast.Formula:
        kind, text, line = self.peek()
        if kind == "dollar":
            self.next()
            if text == "$true":
                return ast.Not(ast.Falsum())
            if text == "$false":
                return ast.Falsum()
            raise TPTPError(f"line {line}: {text} is not supported")
        left = self.term()
        if self.at("=") or self.at("!="):
            op = self.next()[1]
            right = self.term()
            self._note_term(left, line)
            self._note_term(right, line)
            eq = ast.Eq(left, right)
            return eq if op == "=" else ast.Not(eq)
        if isinstance(left, ast.Var):
            raise TPTPError(f"line {line}: a variable {left.name} cannot be a formula")
        for a in left.args:
            self._note_term(a, line)
        self._note(self.pred_uses, left.name, len(left.args), line)
        return ast.Pred(left.name, left.args)

    def _note_term(self, t: ast.Term, line: int) -> None:
        if isinstance(t, ast.App):
            self._note(self.func_uses, t.name, len(t.args), line)
            for a in t.args:
                self._note_term(a, line)

    def term(self) -> ast.Term:
        kind, text, line = self.next()
        if kind == "upper":
            return ast.Var(text)
        if kind in ("lower", "quoted", "distinct", "number"):
            name = text
            args: list[ast.Term] = []
            if self.at("("):
                self.next()
                args.append(self.term())
                while self.at(","):
                    self.next()
                    args.append(self.term())
                self.expect(")")
            return ast.App(name, tuple(args))
        raise TPTPError(f"line {line}: expected a term, found {text or 'end of file'!r}")

    @staticmethod
    def _note(table: dict[str, int], name: str, arity: int, line: int) -> None:
        if table.setdefault(name, arity) != arity:
            raise TPTPError(f"line {line}: {name} used with arities {table[name]} and {arity}")


# -------------------------------------------------------------- renaming


def _safe_names(preds: dict[str, int], funcs: dict[str, int]) -> dict[tuple[str, str], str]:
    """(kind, TPTP name) -> a name our vocabulary accepts, distinct across kinds."""
    out: dict[tuple[str, str], str] = {}
    taken: set[str] = set()
    entries = [("p", n) for n in sorted(preds)] + [("f", n) for n in sorted(funcs)]
    for kind, name in entries:
        base = name
        if base.startswith("'") or base.startswith('"'):
            base = re.sub(r"[^A-Za-z0-9_]", "_", base[1:-1]) or "q"
            if not base[0].isalpha():
                base = "q" + base
        if not NAME_RE.fullmatch(base) or base in KEYWORDS:
            base = base + "_"
        candidate, i = base, 2
        while candidate in taken:
            candidate = f"{base}_{i}"
            i += 1
        taken.add(candidate)
        out[(kind, name)] = candidate
    return out


def _rename(f: ast.Formula, names: dict[tuple[str, str], str]) -> ast.Formula:
    def term(t: ast.Term) -> ast.Term:
        if isinstance(t, ast.Var):
            return t
        return ast.App(names[("f", t.name)], tuple(term(a) for a in t.args))

    def go(g: ast.Formula) -> ast.Formula:
        if isinstance(g, ast.Pred):
            return ast.Pred(names[("p", g.name)], tuple(term(a) for a in g.args))
        if isinstance(g, ast.Eq):
            return ast.Eq(term(g.left), term(g.right))
        if isinstance(g, ast.Not):
            return ast.Not(go(g.body))
        if isinstance(g, ast.BINARY):
            return type(g)(go(g.left), go(g.right))
        if isinstance(g, ast.Quant):
            return ast.Quant(g.kind, g.var, go(g.body))
        return g

    return go(f)


# ------------------------------------------------------------------ API


_STATUS_RE = re.compile(r"^%\s*Status\s*:\s*(\w+)", re.MULTILINE)


def read_problem(text: str, name: str = "problem") -> Problem:
    parser = _Parser(text)
    entries = parser.problem()
    names = _safe_names(parser.pred_uses, parser.func_uses)
    vocab = Vocabulary(
        {names[("p", n)]: a for n, a in parser.pred_uses.items()},
        {names[("f", n)]: a for n, a in parser.func_uses.items()},
    )
    premises, goals, premise_names = [], [], []
    for fname, role, formula in entries:
        free = ast.free_vars(formula)
        if free:  # TPTP FOF formulas are closed; be lenient: close universally
            for v in sorted(free):
                formula = ast.Quant(ast.FORALL, v, formula)
        formula = _rename(formula, names)
        if role == "conjecture":
            goals.append(formula)
        elif role in PREMISE_ROLES:
            premises.append(formula)
            premise_names.append(fname)
        else:
            raise TPTPError(f"{fname}: role {role!r} is not supported")
    m = _STATUS_RE.search(text)
    return Problem(name, premises, goals, vocab, m.group(1) if m else None, premise_names)


def read_file(path: str | Path) -> Problem:
    path = Path(path)
    return read_problem(path.read_text(encoding="utf-8"), path.name)


def read_index(directory: str | Path) -> list[tuple[str, str]]:
    """(file, status) pairs from a benchmark directory's INDEX.tsv."""
    rows = []
    lines = (Path(directory) / "INDEX.tsv").read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    fi, si = header.index("file"), header.index("status")
    for line in lines[1:]:
        if line.strip():
            cols = line.split("\t")
            rows.append((cols[fi], cols[si]))
    return rows
