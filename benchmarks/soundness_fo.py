"""Independent oracles for the referee's first-order rulings (used by soundness_palmer.py).

Nothing from ``referee`` is imported here: random questions in a small AST of its own
(arbitrary signatures: equality, functions and constants, nested quantifiers, ∃!, |L|
statements, symbols only in the claim, statements whose every model is infinite), its own
printers to the referee's syntax, TPTP (for E and SPASS) and SMT-LIB (for cvc5), its own
evaluator for finite models, and a reader of the referee's models over ℕ and ℤ that
cvc5 checks in integer arithmetic. A ruling an oracle contradicts with a proof or a
model, or a model the evaluator rejects, is a soundness bug.
"""

from __future__ import annotations

import itertools
import random
import re
import subprocess
import sys
import tempfile

VARS = ["x", "y", "z", "w", "u"]

# ---------------------------------------------------------------- signature


def random_signature(rng: random.Random):
    preds = {}
    for name, arity in [("p", 1), ("q", 1), ("r", 2), ("s", 2), ("t", 3), ("h", 0), ("k", 0)]:
        if rng.random() < 0.55:
            preds[name] = arity
    if not preds:
        preds["p"] = 1
    funcs = {}
    for name, arity in [("f", 1), ("g", 2), ("a", 0), ("b", 0), ("c", 0)]:
        if rng.random() < 0.4:
            funcs[name] = arity
    return preds, funcs


# ---------------------------------------------------------------- formulas


def rterm(rng, bound, funcs, depth):
    leaves = [("var", v) for v in bound] + [("fn", n, []) for n, a in funcs.items() if a == 0]
    compound = [n for n, a in funcs.items() if a > 0]
    if not leaves and not compound:
        return None
    if compound and depth > 0 and (not leaves or rng.random() < 0.3):
        n = rng.choice(compound)
        args = [rterm(rng, bound, funcs, depth - 1) for _ in range(funcs[n])]
        if any(a is None for a in args):
            return rng.choice(leaves) if leaves else None
        return ("fn", n, args)
    return rng.choice(leaves) if leaves else None


def ratom(rng, bound, preds, funcs):
    opts = list(preds)
    if not opts or rng.random() < 0.25:
        t1 = rterm(rng, bound, funcs, 2)
        t2 = rterm(rng, bound, funcs, 2)
        if t1 is not None and t2 is not None:
            return ("eq", t1, t2)
    if not opts:
        return None  # no term yet: the caller binds a variable first
    name = rng.choice(opts)
    args = []
    for _ in range(preds[name]):
        t = rterm(rng, bound, funcs, 2)
        if t is None:
            zero = [n for n, a in preds.items() if a == 0]
            return ("pred", rng.choice(zero), []) if zero else None
        args.append(t)
    return ("pred", name, args)


def rformula(rng, bound, preds, funcs, depth):
    roll = rng.random()
    if depth <= 0 or roll < 0.2:
        a = ratom(rng, bound, preds, funcs)
        if a is not None:
            return a
        v = next(v for v in VARS if v not in bound)
        return (rng.choice(["all", "ex"]), v, rformula(rng, bound + [v], preds, funcs, 0))
    roll = rng.random()
    if roll < 0.35 and len(bound) < 4:
        v = next(v for v in VARS if v not in bound)
        q = rng.choice(["all", "all", "ex", "ex", "ex1"])
        return (q, v, rformula(rng, bound + [v], preds, funcs, depth - 1))
    if roll < 0.5:
        return ("not", rformula(rng, bound, preds, funcs, depth - 1))
    op = rng.choice(["and", "or", "imp", "iff", "and", "or", "imp"])
    return (
        op,
        rformula(rng, bound, preds, funcs, depth - 1),
        rformula(rng, bound, preds, funcs, depth - 1),
    )


def closed_formula(rng, preds, funcs, depth=4):
    # start with a quantifier prefix most of the time so variables get used
    f = rformula(rng, [], preds, funcs, depth)
    return f


# Statements whose every model is infinite (ingredients), and size statements.
INFINITE = [
    # injective, not surjective
    ["forall x (forall y ((f(x) = f(y)) -> (x = y)))", "exists x (forall y (~(f(y) = x)))"],
    # strict order without a maximum
    [
        "forall x (~r(x, x))",
        "forall x (forall y (forall z ((r(x, y) & r(y, z)) -> r(x, z))))",
        "forall x (exists y (r(x, y)))",
    ],
    # successor-ish with an initial element
    ["forall x (~(f(x) = a))", "forall x (forall y ((f(x) = f(y)) -> (x = y)))"],
]
INFINITE_SIG = [
    ({}, {"f": 1}),
    ({"r": 2}, {}),
    ({}, {"f": 1, "a": 0}),
]


def parse_text(text):
    """Parse my own fully-parenthesised ASCII syntax (the INFINITE strings) into the AST."""
    toks = re.findall(r"forall|exists!|exists|->|<->|[A-Za-z_][A-Za-z0-9_]*|[()=~&|,]", text)
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else None

    def take(t=None):
        tok = toks[pos[0]]
        if t is not None and tok != t:
            raise ValueError(f"expected {t} got {tok} in {text}")
        pos[0] += 1
        return tok

    def term():
        name = take()
        if peek() == "(":
            take("(")
            args = [term()]
            while peek() == ",":
                take(",")
                args.append(term())
            take(")")
            return ("fn", name, args)
        if name in VARS:
            return ("var", name)
        return ("fn", name, [])

    def unary():
        t = peek()
        if t == "~":
            take()
            return ("not", unary())
        if t in ("forall", "exists", "exists!"):
            take()
            v = take()
            body = unary()
            return ({"forall": "all", "exists": "ex", "exists!": "ex1"}[t], v, body)
        if t == "(":
            take("(")
            f = binary()
            take(")")
            return f
        # atom: pred(args) or term = term
        save = pos[0]
        name = take()
        args = []
        if peek() == "(":
            take("(")
            args = [term()]
            while peek() == ",":
                take(",")
                args.append(term())
            take(")")
        if peek() == "=":
            pos[0] = save
            t1 = term()
            take("=")
            return ("eq", t1, term())
        return ("pred", name, args)

    def binary():
        left = unary()
        t = peek()
        ops = {"&": "and", "|": "or", "->": "imp", "<->": "iff"}
        if t in ops:
            take()
            return (ops[t], left, binary())
        return left

    f = binary()
    assert pos[0] == len(toks), text
    return f


# ---------------------------------------------------------------- printers


def ref_term(t):
    if t[0] == "var":
        return t[1]
    if not t[2]:
        return t[1]
    return f"{t[1]}(" + ", ".join(ref_term(a) for a in t[2]) + ")"


def ref(f, uni=False):
    k = f[0]
    N, A, O, I, E = ("¬", "∧", "∨", "→", "↔") if uni else ("~", "&", "||", "->", "<->")
    if k == "pred":
        return f[1] if not f[2] else f"{f[1]}(" + ", ".join(ref_term(a) for a in f[2]) + ")"
    if k == "eq":
        return f"{ref_term(f[1])} = {ref_term(f[2])}"
    if k == "not":
        return f"{N}({ref(f[1], uni)})"
    if k in ("and", "or", "imp", "iff"):
        op = {"and": A, "or": O, "imp": I, "iff": E}[k]
        return f"({ref(f[1], uni)}) {op} ({ref(f[2], uni)})"
    if k in ("all", "ex", "ex1"):
        q = (
            {"all": "∀", "ex": "∃", "ex1": "∃!"}[k]
            if uni
            else {"all": "forall ", "ex": "exists ", "ex1": "exists! "}[k]
        )
        return f"{q}{f[1]} ({ref(f[2], uni)})"
    if k == "ge":
        return f"|L| >= {f[1]}"
    if k == "lt":
        return f"|L| < {f[1]}"
    raise ValueError(k)


def tptp_term(t):
    if t[0] == "var":
        return t[1].upper()
    if not t[2]:
        return "c_" + t[1]
    return f"f_{t[1]}(" + ",".join(tptp_term(a) for a in t[2]) + ")"


def _fresh(used):
    for i in itertools.count():
        v = f"V{i}"
        if v not in used:
            return v


def tptp(f, used=()):
    k = f[0]
    if k == "pred":
        return "p_" + f[1] + ("(" + ",".join(tptp_term(a) for a in f[2]) + ")" if f[2] else "")
    if k == "eq":
        return f"({tptp_term(f[1])} = {tptp_term(f[2])})"
    if k == "not":
        return f"~({tptp(f[1], used)})"
    if k in ("and", "or", "imp", "iff"):
        op = {"and": "&", "or": "|", "imp": "=>", "iff": "<=>"}[k]
        return f"({tptp(f[1], used)} {op} {tptp(f[2], used)})"
    if k == "all":
        return f"(! [{f[1].upper()}] : {tptp(f[2], used)})"
    if k == "ex":
        return f"(? [{f[1].upper()}] : {tptp(f[2], used)})"
    if k == "ex1":
        v = f[1].upper()
        w = _fresh(set(used) | {v})
        body = tptp(f[2], tuple(used) + (v, w))
        body_w = tptp(subst(f[2], f[1], ("var", w.lower() + "_")), tuple(used) + (v, w))
        return f"(? [{v}] : ({body} & (! [{w.upper()}_] : ({body_w} => {w.upper()}_ = {v}))))"
    if k == "ge":
        n = f[1]
        xs = [f"N{i}" for i in range(n)]
        diff = [f"{a} != {b}" for a, b in itertools.combinations(xs, 2)] or ["$true"]
        return f"(? [{','.join(xs)}] : ({' & '.join(diff)}))"
    if k == "lt":
        return f"~{tptp(('ge', f[1]))}"
    raise ValueError(k)


def subst(f, v, t):
    """Replace free variable v by term t (t's variables must not be captured: fresh names)."""
    k = f[0]
    if k == "var":
        return t if f[1] == v else f
    if k == "fn":
        return ("fn", f[1], [subst(a, v, t) for a in f[2]])
    if k == "pred":
        return ("pred", f[1], [subst(a, v, t) for a in f[2]])
    if k == "eq":
        return ("eq", subst(f[1], v, t), subst(f[2], v, t))
    if k == "not":
        return ("not", subst(f[1], v, t))
    if k in ("and", "or", "imp", "iff"):
        return (k, subst(f[1], v, t), subst(f[2], v, t))
    if k in ("all", "ex", "ex1"):
        if f[1] == v:
            return f
        return (k, f[1], subst(f[2], v, t))
    return f


def tptp_problem(premises, goal=None):
    lines = [f"fof(a{i}, axiom, {tptp(p)})." for i, p in enumerate(premises)]
    if goal is not None:
        lines.append(f"fof(goal, conjecture, {tptp(goal)}).")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- SMT-LIB


def smt_term(t):
    if t[0] == "var":
        return t[1]
    if not t[2]:
        return "c_" + t[1]
    return f"(f_{t[1]} " + " ".join(smt_term(a) for a in t[2]) + ")"


_FRESH = itertools.count(1)  # names for the ∃! spelling-out


def smt(f):
    k = f[0]
    if k == "pred":
        return (
            ("p_" + f[1]) if not f[2] else f"(p_{f[1]} " + " ".join(smt_term(a) for a in f[2]) + ")"
        )
    if k == "eq":
        return f"(= {smt_term(f[1])} {smt_term(f[2])})"
    if k == "not":
        return f"(not {smt(f[1])})"
    if k in ("and", "or", "imp", "iff"):
        op = {"and": "and", "or": "or", "imp": "=>", "iff": "="}[k]
        return f"({op} {smt(f[1])} {smt(f[2])})"
    if k == "all":
        return f"(forall (({f[1]} U)) {smt(f[2])})"
    if k == "ex":
        return f"(exists (({f[1]} U)) {smt(f[2])})"
    if k == "ex1":
        w = f"{f[1]}_u{next(_FRESH)}"
        return (
            f"(exists (({f[1]} U)) (and {smt(f[2])} (forall (({w} U)) "
            f"(=> {smt(subst(f[2], f[1], ('var', w)))} (= {w} {f[1]})))))"
        )
    if k == "ge":
        xs = [f"n{i}" for i in range(f[1])]
        if len(xs) == 1:
            return "true"
        decl = " ".join(f"({x} U)" for x in xs)
        return f"(exists ({decl}) (distinct {' '.join(xs)}))"
    if k == "lt":
        return f"(not {smt(('ge', f[1]))})"
    raise ValueError(k)


def symbols(f, preds=None, funcs=None):
    preds = {} if preds is None else preds
    funcs = {} if funcs is None else funcs

    def term(t):
        if t[0] == "fn":
            funcs[t[1]] = len(t[2])
            for a in t[2]:
                term(a)

    def go(g):
        k = g[0]
        if k == "pred":
            preds[g[1]] = len(g[2])
            for a in g[2]:
                term(a)
        elif k == "eq":
            term(g[1])
            term(g[2])
        elif k == "not":
            go(g[1])
        elif k in ("and", "or", "imp", "iff"):
            go(g[1])
            go(g[2])
        elif k in ("all", "ex", "ex1"):
            go(g[2])

    go(f)
    return preds, funcs


def smt_problem(premises, goal=None):
    preds, funcs = {}, {}
    for p in premises + ([goal] if goal is not None else []):
        symbols(p, preds, funcs)
    out = ["(set-logic UF)", "(declare-sort U 0)"]
    for n, a in sorted(preds.items()):
        out.append(f"(declare-fun p_{n} ({' '.join(['U'] * a)}) Bool)")
    for n, a in sorted(funcs.items()):
        out.append(f"(declare-fun {'c_' if a == 0 else 'f_'}{n} ({' '.join(['U'] * a)}) U)")
    for p in premises:
        out.append(f"(assert {smt(p)})")
    if goal is not None:
        out.append(f"(assert (not {smt(goal)}))")
    out.append("(check-sat)")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- oracles


def eprover(problem, cpu=2):
    try:
        run = subprocess.run(
            [
                "nice",
                "-n",
                "10",
                "eprover",
                "--auto",
                "-s",
                "--tstp-format",
                f"--cpu-limit={cpu}",
                "--memory-limit=1024",
            ],
            input=problem,
            capture_output=True,
            text=True,
            timeout=cpu + 10,
        )
    except subprocess.TimeoutExpired:
        return None
    m = re.search(r"SZS status (\w+)", run.stdout)
    return m.group(1) if m else None


def spass(problem, cpu=2):
    with tempfile.NamedTemporaryFile("w", suffix=".p", delete=False) as fh:
        fh.write(problem)
        path = fh.name
    try:
        run = subprocess.run(
            [
                "nice",
                "-n",
                "10",
                "SPASS",
                "-TPTP",
                "-PGiven=0",
                "-PProblem=0",
                f"-TimeLimit={cpu}",
                path,
            ],
            capture_output=True,
            text=True,
            timeout=cpu + 10,
        )
    except subprocess.TimeoutExpired:
        return None
    finally:
        import os

        os.unlink(path)
    if "Proof found" in run.stdout:
        return "proof"
    if "Completion found" in run.stdout:
        return "completion"
    return None


CVC5_SCRIPT = r"""
import sys, cvc5
text = sys.stdin.read()
s = cvc5.Solver()
s.setOption("finite-model-find", "false" if "Int" in text else "true")
s.setOption("tlimit", sys.argv[1])
sm = cvc5.SymbolManager(s)
p = cvc5.InputParser(s, sm)
p.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "q")
r = None
while True:
    cmd = p.nextCommand()
    if cmd.isNull():
        break
    out = cmd.invoke(s, sm)
    if out.strip():
        r = out.strip()
print(r)
"""


def cvc5_status(problem, ms=3000, python=sys.executable):
    try:
        run = subprocess.run(
            ["nice", "-n", "10", python, "-c", CVC5_SCRIPT, str(ms)],
            input=problem,
            capture_output=True,
            text=True,
            timeout=ms / 1000 + 15,
        )
    except subprocess.TimeoutExpired:
        return None
    out = run.stdout.strip().splitlines()
    return out[-1] if out else None


# ---------------------------------------------------------------- evaluator


class Interp:
    def __init__(self, js):
        self.size = js["size"]
        self.funcs = {
            n: {tuple(r[:-1]): r[-1] for r in rows} for n, rows in js["functions"].items()
        }
        self.preds = {n: {tuple(r) for r in rows} for n, rows in js["predicates"].items()}


class Missing(Exception):
    pass


def ev_term(t, m, env):
    if t[0] == "var":
        return env[t[1]]
    args = tuple(ev_term(a, m, env) for a in t[2])
    if t[1] not in m.funcs:
        raise Missing(t[1])
    v = m.funcs[t[1]].get(args)
    if v is None or not (0 <= v < m.size):
        raise Missing(f"{t[1]}{args}")
    return v


def ev(f, m, env=None):
    env = env or {}
    k = f[0]
    if k == "pred":
        if f[1] not in m.preds:
            raise Missing(f[1])
        return tuple(ev_term(a, m, env) for a in f[2]) in m.preds[f[1]]
    if k == "eq":
        return ev_term(f[1], m, env) == ev_term(f[2], m, env)
    if k == "not":
        return not ev(f[1], m, env)
    if k == "and":
        return ev(f[1], m, env) and ev(f[2], m, env)
    if k == "or":
        return ev(f[1], m, env) or ev(f[2], m, env)
    if k == "imp":
        return (not ev(f[1], m, env)) or ev(f[2], m, env)
    if k == "iff":
        return ev(f[1], m, env) == ev(f[2], m, env)
    if k == "all":
        return all(ev(f[2], m, {**env, f[1]: d}) for d in range(m.size))
    if k == "ex":
        return any(ev(f[2], m, {**env, f[1]: d}) for d in range(m.size))
    if k == "ex1":
        return sum(1 for d in range(m.size) if ev(f[2], m, {**env, f[1]: d})) == 1
    if k == "ge":
        return m.size >= f[1]
    if k == "lt":
        return m.size < f[1]
    raise ValueError(k)


# ------------------------------------------------------ models over ℕ and ℤ

FPARAMS = {0: (), 1: ("n",), 2: ("m", "n"), 3: ("k", "m", "n")}
PPARAMS = {0: (), 1: ("a",), 2: ("a", "b"), 3: ("a", "b", "c")}
TOK = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(<=|>=|!=|≤|≥|≠|≡|[-+*·/(),<>=⌊⌋]))")


def tokens(s):
    out, i = [], 0
    s = s.strip()
    while i < len(s):
        m = TOK.match(s, i)
        if not m or m.end() == i:
            raise ValueError(f"cannot read {s[i:]!r}")
        out.append(m.group(1) or m.group(2) or m.group(3))
        i = m.end()
    return out


class P:
    def __init__(self, s):
        self.t, self.i = tokens(s), 0

    def peek(self, k=0):
        return self.t[self.i + k] if self.i + k < len(self.t) else None

    def take(self, want=None):
        tok = self.t[self.i]
        if want is not None and tok != want:
            raise ValueError(f"expected {want}, got {tok}")
        self.i += 1
        return tok

    # conditions
    def cond(self):
        left = self.conj()
        while self.peek() == "or":
            self.take()
            left = f"(or {left} {self.conj()})"
        return left

    def conj(self):
        left = self.neg()
        while self.peek() == "and":
            self.take()
            left = f"(and {left} {self.neg()})"
        return left

    def neg(self):
        if self.peek() == "not":
            self.take()
            return f"(not {self.neg()})"
        return self.atom()

    def atom(self):
        if self.peek() in ("true", "false"):
            return self.take()
        if self.peek() == "(":
            save = self.i
            try:
                self.take("(")
                c = self.cond()
                self.take(")")
                if self.peek() not in (
                    "<",
                    ">",
                    "=",
                    "≤",
                    "≥",
                    "≠",
                    "<=",
                    ">=",
                    "!=",
                    "is",
                    "≡",
                    "+",
                    "-",
                ):
                    return c
            except (ValueError, IndexError):
                pass
            self.i = save
        left = self.term()
        op = self.take()
        if op == "is":
            par = self.take()
            return f"(= (mod {left} 2) {1 if par == 'odd' else 0})"
        if op == "≡":
            r = self.take()
            self.take("(")
            self.take("mod")
            d = self.take()
            self.take(")")
            return f"(= (mod {left} {d}) {r})"
        right = self.term()
        smt = {
            "<": "<",
            ">": ">",
            "=": "=",
            "≤": "<=",
            "≥": ">=",
            "<=": "<=",
            ">=": ">=",
            "≠": "distinct",
            "!=": "distinct",
        }[op]
        return f"({smt} {left} {right})"

    # terms
    def term(self):
        left = self.prod()
        while self.peek() in ("+", "-"):
            op = self.take()
            left = f"({op} {left} {self.prod()})"
        return left

    def prod(self):
        if self.peek() == "-":
            self.take()
            return f"(- {self.prod()})"
        f = self.factor()
        while self.peek() in ("·", "*"):
            self.take()
            f = f"(* {f} {self.factor()})"
        return f

    def factor(self):
        tok = self.peek()
        if tok.isdigit():
            self.take()
            nxt = self.peek()
            if nxt is not None and (
                re.match(r"[A-Za-z_]", nxt)
                and nxt not in ("and", "or", "is", "mod", "not")
                or nxt in ("(", "⌊")
            ):
                return f"(* {tok} {self.factor()})"
            return tok
        if tok in ("max", "min"):
            self.take()
            self.take("(")
            a = self.term()
            self.take(",")
            b = self.term()
            self.take(")")
            return f"(ite ({'>=' if tok == 'max' else '<='} {a} {b}) {a} {b})"
        if tok == "⌊" or tok == "floor":
            close = "⌋" if self.take() == "⌊" else ")"
            if close == ")":
                self.take("(")
            a = self.term()
            self.take("/")
            d = self.take()
            self.take(close)
            return f"(div {a} {d})"
        if tok == "(":
            self.take()
            a = self.term()
            self.take(")")
            return a
        self.take()
        return tok


def smt_int(f, nat):
    k = f[0]
    guard_all = (
        (lambda v, b: f"(forall (({v} Int)) (=> (>= {v} 0) {b}))")
        if nat
        else (lambda v, b: f"(forall (({v} Int)) {b})")
    )
    guard_ex = (
        (lambda v, b: f"(exists (({v} Int)) (and (>= {v} 0) {b}))")
        if nat
        else (lambda v, b: f"(exists (({v} Int)) {b})")
    )
    if k == "pred":
        return (
            ("p_" + f[1]) if not f[2] else f"(p_{f[1]} " + " ".join(smt_term(a) for a in f[2]) + ")"
        )
    if k == "eq":
        return f"(= {smt_term(f[1])} {smt_term(f[2])})"
    if k == "not":
        return f"(not {smt_int(f[1], nat)})"
    if k in ("and", "or", "imp", "iff"):
        op = {"and": "and", "or": "or", "imp": "=>", "iff": "="}[k]
        return f"({op} {smt_int(f[1], nat)} {smt_int(f[2], nat)})"
    if k == "all":
        return guard_all(f[1], smt_int(f[2], nat))
    if k == "ex":
        return guard_ex(f[1], smt_int(f[2], nat))
    if k == "ex1":
        w = f"{f[1]}_u{next(_FRESH)}"
        return guard_ex(
            f[1],
            f"(and {smt_int(f[2], nat)} "
            + guard_all(w, f"(=> {smt_int(subst(f[2], f[1], ('var', w)), nat)} (= {w} {f[1]}))")
            + ")",
        )
    if k == "ge":
        return "true"  # infinite domain
    if k == "lt":
        return "false"
    raise ValueError(k)


def check(cm, premises, goal, preds, funcs, ms=5000):
    """'ok' | 'WRONG: ...' | 'unknown: ...' (cvc5 could not decide) | 'unreadable: ...'."""
    nat = cm["domain"] == "naturals"
    lines = ["(set-logic ALL)"]
    try:
        for name, ar in sorted(funcs.items()):
            ps = FPARAMS[ar]
            body = P(cm["symbols"][name]).term() if name in cm["symbols"] else "0"
            args = " ".join(f"({p} Int)" for p in ps)
            lines.append(f"(define-fun {'c_' if ar == 0 else 'f_'}{name} ({args}) Int {body})")
        for name, ar in sorted(preds.items()):
            ps = PPARAMS[ar]
            body = P(cm["symbols"][name]).cond() if name in cm["symbols"] else "false"
            args = " ".join(f"({p} Int)" for p in ps)
            lines.append(f"(define-fun p_{name} ({args}) Bool {body})")
    except (ValueError, IndexError, KeyError) as exc:
        return f"unreadable: {exc}"
    closed = []
    if nat:  # functions must map ℕ to ℕ
        for name, ar in funcs.items():
            ps = [f"v{i}" for i in range(ar)]
            app = f"(f_{name} {' '.join(ps)})" if ar else f"c_{name}"
            if ar:
                closed.append(
                    f"(forall ({' '.join(f'({p} Int)' for p in ps)}) (=> (and "
                    f"{' '.join(f'(>= {p} 0)' for p in ps)} true) (>= {app} 0)))"
                )
            else:
                closed.append(f"(>= {app} 0)")
    results = []
    for p in premises + [("not", goal)] if goal is not None else premises:
        problem = "\n".join(lines + [f"(assert (not {smt_int(p, nat)}))", "(check-sat)"])
        results.append(cvc5_status(problem, ms))
    for c in closed:
        problem = "\n".join(lines + [f"(assert (not {c}))", "(check-sat)"])
        results.append(cvc5_status(problem, ms))
    if any(r == "sat" for r in results):
        return f"WRONG: {results}"
    if all(r == "unsat" for r in results):
        return "ok"
    return f"unknown: {results}"
