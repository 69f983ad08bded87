"""Infinite structures: the integers or the naturals, each symbol defined by arithmetic.

The evidence behind "consistent" or "not entailed" when no finite model
exists. A model is its domain plus one short definition per symbol, written
the way a mathematician writes it: ``father(n) = n + 1``, ``smarter(a, b)
when a > b``. The definition *text* is the model: the finder renders what it
found, and every check (the finder's own and the independent one in
``referee.logic.infinite_check``) reads the parsed text back, so what players
are shown is exactly what was checked. ``parse`` and ``render`` are inverse on
the canonical syntax trees below (tested).

The definition language is linear integer arithmetic, which is decidable:

* terms: integers, the symbol's parameters, ``+``, ``-``, ``2n``/``2·t``,
  ``max(s, t)``, ``min(s, t)``, ``⌊t/d⌋`` (d ≥ 2);
* conditions: ``s < t`` (also ≤ = ≠ > ≥), ``t is even``, ``t is odd``,
  ``t ≡ r (mod d)``, ``true``, ``false``, ``and``, ``or``, ``not``.

Parameters are named by arity: a function's ``n``; ``m, n``; ``k, m, n``;
a predicate's ``a``; ``a, b``; ``a, b, c`` (``n1``…/``a1``… beyond three).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

# ------------------------------------------------------------------ domains


class Domain(enum.StrEnum):
    INTEGERS = "integers"
    NATURALS = "naturals"  # 0, 1, 2, …

    def __str__(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return "ℤ" if self is Domain.INTEGERS else "ℕ"

    @property
    def phrase(self) -> str:
        return "the integers" if self is Domain.INTEGERS else "the natural numbers"


def function_parameters(arity: int) -> tuple[str, ...]:
    return {0: (), 1: ("n",), 2: ("m", "n"), 3: ("k", "m", "n")}.get(
        arity, tuple(f"n{i}" for i in range(1, arity + 1))
    )


def predicate_parameters(arity: int) -> tuple[str, ...]:
    return {0: (), 1: ("a",), 2: ("a", "b"), 3: ("a", "b", "c")}.get(
        arity, tuple(f"a{i}" for i in range(1, arity + 1))
    )


# ------------------------------------------------------------- syntax trees


@dataclass(frozen=True)
class Num:
    value: int  # ≥ 0; a negative number is Neg(Num(k))

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("Num holds a non-negative integer; write Neg(Num(k))")


@dataclass(frozen=True)
class Arg:
    name: str


@dataclass(frozen=True)
class Add:
    left: ATerm
    right: ATerm


@dataclass(frozen=True)
class Sub:
    left: ATerm
    right: ATerm


@dataclass(frozen=True)
class Neg:
    body: ATerm


@dataclass(frozen=True)
class Scale:
    """k · body with k ≥ 2 (1·t is t, 0·t is 0, -k·t is Neg(Scale(k, t)))."""

    k: int
    body: ATerm

    def __post_init__(self) -> None:
        if self.k < 2:
            raise ValueError("a coefficient must be at least 2")


@dataclass(frozen=True)
class Max:
    left: ATerm
    right: ATerm


@dataclass(frozen=True)
class Min:
    left: ATerm
    right: ATerm


@dataclass(frozen=True)
class FloorDiv:
    """⌊body / d⌋ with d ≥ 2."""

    body: ATerm
    d: int

    def __post_init__(self) -> None:
        if self.d < 2:
            raise ValueError("a divisor must be at least 2")


ATerm = Num | Arg | Add | Sub | Neg | Scale | Max | Min | FloorDiv

RELATIONS = ("<", "≤", "=", "≠", ">", "≥")


@dataclass(frozen=True)
class Rel:
    op: str  # one of RELATIONS
    left: ATerm
    right: ATerm

    def __post_init__(self) -> None:
        if self.op not in RELATIONS:
            raise ValueError(f"unknown relation {self.op!r}")


@dataclass(frozen=True)
class Congruent:
    """body ≡ r (mod d), 0 ≤ r < d, d ≥ 2."""

    body: ATerm
    r: int
    d: int

    def __post_init__(self) -> None:
        if self.d < 2 or not 0 <= self.r < self.d:
            raise ValueError("a congruence needs d ≥ 2 and 0 ≤ r < d")


@dataclass(frozen=True)
class Truth:
    value: bool


@dataclass(frozen=True)
class CAnd:
    left: ACond
    right: ACond


@dataclass(frozen=True)
class COr:
    left: ACond
    right: ACond


@dataclass(frozen=True)
class CNot:
    body: ACond


ACond = Rel | Congruent | Truth | CAnd | COr | CNot

TERM_TYPES = (Num, Arg, Add, Sub, Neg, Scale, Max, Min, FloorDiv)
COND_TYPES = (Rel, Congruent, Truth, CAnd, COr, CNot)


def term_args(t: ATerm) -> set[str]:
    if isinstance(t, Arg):
        return {t.name}
    if isinstance(t, Num):
        return set()
    if isinstance(t, (Neg, Scale, FloorDiv)):
        return term_args(t.body)
    return term_args(t.left) | term_args(t.right)


def cond_args(c: ACond) -> set[str]:
    if isinstance(c, Rel):
        return term_args(c.left) | term_args(c.right)
    if isinstance(c, Congruent):
        return term_args(c.body)
    if isinstance(c, Truth):
        return set()
    if isinstance(c, CNot):
        return cond_args(c.body)
    return cond_args(c.left) | cond_args(c.right)


# ---------------------------------------------------------------- rendering


def render(node: ATerm | ACond) -> str:
    """Canonical text (Unicode): ``parse(render(t)) == t``."""
    if isinstance(node, COND_TYPES):
        return _cond(node)
    return _term(node)


def _term(t: ATerm) -> str:
    if isinstance(t, Add):
        return f"{_term(t.left)} + {_mono(t.right)}"
    if isinstance(t, Sub):
        return f"{_term(t.left)} - {_mono(t.right)}"
    if isinstance(t, Neg):
        return f"-{_mono(t.body)}"
    return _mono(t)


def _mono(t: ATerm) -> str:
    """A summand: anything but a sum, a difference or a negation (those get parentheses)."""
    if isinstance(t, Scale):
        if isinstance(t.body, Arg):
            return f"{t.k}{t.body.name}"
        return f"{t.k}·{_prim(t.body)}"
    return _prim(t)


def _prim(t: ATerm) -> str:
    if isinstance(t, Num):
        return str(t.value)
    if isinstance(t, Arg):
        return t.name
    if isinstance(t, Max):
        return f"max({_term(t.left)}, {_term(t.right)})"
    if isinstance(t, Min):
        return f"min({_term(t.left)}, {_term(t.right)})"
    if isinstance(t, FloorDiv):
        return f"⌊{_term(t.body)}/{t.d}⌋"
    return f"({_term(t)})"


def _cond(c: ACond) -> str:
    if isinstance(c, COr):
        right = _cond(c.right)
        return f"{_cond(c.left)} or {f'({right})' if isinstance(c.right, COr) else right}"
    if isinstance(c, CAnd):
        left, right = _conj(c.left), _conj(c.right)
        return f"{left} and {f'({right})' if isinstance(c.right, CAnd) else right}"
    return _lit(c)


def _conj(c: ACond) -> str:
    return f"({_cond(c)})" if isinstance(c, COr) else _cond(c)


def _lit(c: ACond) -> str:
    if isinstance(c, Truth):
        return "true" if c.value else "false"
    if isinstance(c, Rel):
        return f"{_term(c.left)} {c.op} {_term(c.right)}"
    if isinstance(c, Congruent):
        if c.d == 2:
            return f"{_term(c.body)} is {'odd' if c.r else 'even'}"
        return f"{_term(c.body)} ≡ {c.r} (mod {c.d})"
    if isinstance(c, CNot):
        inner = c.body
        if isinstance(inner, (Truth, CNot)):
            return f"not {_lit(inner)}"
        return f"not ({_cond(inner)})"
    return f"({_cond(c)})"


# ------------------------------------------------------------------ parsing


class DefinitionError(ValueError):
    """A definition text that is not in the definition language."""


_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+)(?P<adj>[A-Za-z][A-Za-z0-9]*)?|(?P<word>[A-Za-z][A-Za-z0-9]*)"
    r"|(?P<op><=|>=|!=|≤|≥|≠|≡|[-+*·/(),<>=⌊⌋]))"
)
_ASCII = {"<=": "≤", ">=": "≥", "!=": "≠", "*": "·"}
_KEYWORDS = {"max", "min", "floor", "and", "or", "not", "true", "false", "is", "even", "odd", "mod"}


def _tokens(text: str) -> list[tuple[str, object, int]]:
    out = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise DefinitionError(f"unexpected character {text[pos]!r} at {pos + 1} in {text!r}")
        if m.group("num") is not None:
            out.append(("num", int(m.group("num")), m.start("num")))
            if m.group("adj"):
                out.append(("adj", m.group("adj"), m.start("adj")))
        elif m.group("word") is not None:
            word = m.group("word")
            out.append(("kw" if word in _KEYWORDS else "var", word, m.start("word")))
        else:
            op = m.group("op")
            out.append(("op", _ASCII.get(op, op), m.start("op")))
        pos = m.end()
    out.append(("end", None, len(text)))
    return out


class _Parser:
    def __init__(self, text: str, parameters: tuple[str, ...]):
        self.text = text
        self.parameters = parameters
        self.toks = _tokens(text)
        self.i = 0

    def error(self, what: str) -> DefinitionError:
        kind, value, pos = self.toks[self.i]
        seen = "the end" if kind == "end" else repr(str(value))
        return DefinitionError(f"{what} at {pos + 1}, found {seen}, in {self.text!r}")

    def peek(self, kind: str, value=None) -> bool:
        k, v, _ = self.toks[self.i]
        return k == kind and (value is None or v == value)

    def take(self, kind: str, value=None):
        if not self.peek(kind, value):
            raise self.error(f"expected {value if value is not None else kind}")
        v = self.toks[self.i][1]
        self.i += 1
        return v

    def done(self) -> None:
        if not self.peek("end"):
            raise self.error("unexpected text")

    # terms
    def term(self) -> ATerm:
        if self.peek("op", "-"):
            self.i += 1
            t: ATerm = Neg(self.mono())
        else:
            t = self.mono()
        while self.peek("op", "+") or self.peek("op", "-"):
            op = self.take("op")
            right = self.mono()
            t = Add(t, right) if op == "+" else Sub(t, right)
        return t

    def mono(self) -> ATerm:
        if self.peek("num"):
            k = self.take("num")
            if self.peek("adj"):
                name = self.take("adj")
                self._known(name)
                return self._scale(k, Arg(name))
            if self.peek("op", "·"):
                self.i += 1
                return self._scale(k, self.prim())
            return Num(k)
        return self.prim()

    def _scale(self, k: int, body: ATerm) -> ATerm:
        try:
            return Scale(k, body)
        except ValueError as exc:
            raise self.error(str(exc)) from None

    def _known(self, name: str) -> None:
        if name not in self.parameters:
            allowed = ", ".join(self.parameters) or "none"
            raise DefinitionError(
                f"unknown variable {name!r} in {self.text!r} (this symbol's: {allowed})"
            )

    def prim(self) -> ATerm:
        if self.peek("num"):
            return Num(self.take("num"))
        if self.peek("var"):
            name = self.take("var")
            self._known(name)
            return Arg(name)
        if self.peek("kw", "max") or self.peek("kw", "min"):
            which = self.take("kw")
            self.take("op", "(")
            left = self.term()
            self.take("op", ",")
            right = self.term()
            self.take("op", ")")
            return Max(left, right) if which == "max" else Min(left, right)
        if self.peek("op", "⌊") or self.peek("kw", "floor"):
            close = "⌋" if self.take(*self.toks[self.i][:2]) == "⌊" else ")"
            if close == ")":
                self.take("op", "(")
            body = self.term()
            self.take("op", "/")
            d = self.take("num")
            self.take("op", close)
            try:
                return FloorDiv(body, d)
            except ValueError as exc:
                raise self.error(str(exc)) from None
        if self.peek("op", "("):
            self.i += 1
            t = self.term()
            self.take("op", ")")
            return t
        raise self.error("expected a number, a variable or a bracket")

    # conditions
    def cond(self) -> ACond:
        c = self.conj()
        while self.peek("kw", "or"):
            self.i += 1
            c = COr(c, self.conj())
        return c

    def conj(self) -> ACond:
        c = self.lit()
        while self.peek("kw", "and"):
            self.i += 1
            c = CAnd(c, self.lit())
        return c

    def lit(self) -> ACond:
        if self.peek("kw", "not"):
            self.i += 1
            return CNot(self.lit())
        if self.peek("kw", "true") or self.peek("kw", "false"):
            return Truth(self.take("kw") == "true")
        start = self.i
        try:
            return self.atom()
        except DefinitionError:
            if not self.peek_at(start, "op", "("):
                raise
        self.i = start + 1
        c = self.cond()
        self.take("op", ")")
        return c

    def peek_at(self, i: int, kind: str, value) -> bool:
        k, v, _ = self.toks[i]
        return k == kind and v == value

    def atom(self) -> ACond:
        left = self.term()
        if self.peek("kw", "is"):
            self.i += 1
            parity = self.take("kw")
            if parity not in ("even", "odd"):
                raise self.error("expected even or odd")
            return Congruent(left, 1 if parity == "odd" else 0, 2)
        if self.peek("op", "≡"):
            self.i += 1
            r = self.take("num")
            self.take("op", "(")
            self.take("kw", "mod")
            d = self.take("num")
            self.take("op", ")")
            try:
                return Congruent(left, r, d)
            except ValueError as exc:
                raise self.error(str(exc)) from None
        kind, op, _ = self.toks[self.i]
        if kind != "op" or op not in RELATIONS:
            raise self.error("expected a comparison")
        self.i += 1
        return Rel(op, left, self.term())


def parse_term(text: str, parameters: tuple[str, ...]) -> ATerm:
    p = _Parser(text, parameters)
    t = p.term()
    p.done()
    return t


def parse_condition(text: str, parameters: tuple[str, ...]) -> ACond:
    p = _Parser(text, parameters)
    c = p.cond()
    p.done()
    return c


# ---------------------------------------------------------------- the model


FUNCTION, PREDICATE = "function", "predicate"


@dataclass(frozen=True)
class Definition:
    """One symbol: ``name(parameters) = text`` (function) or ``… when text`` (predicate)."""

    name: str
    kind: str  # FUNCTION or PREDICATE
    arity: int
    text: str
    body: ATerm | ACond = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind == FUNCTION:
            body = parse_term(self.text, self.parameters)
        elif self.kind == PREDICATE:
            body = parse_condition(self.text, self.parameters)
        else:
            raise DefinitionError(f"unknown kind {self.kind!r}")
        object.__setattr__(self, "body", body)

    @classmethod
    def of(cls, name: str, kind: str, arity: int, body: ATerm | ACond) -> Definition:
        """The definition whose canonical text is ``render(body)``."""
        d = cls(name, kind, arity, render(body))
        if d.body != body:  # pragma: no cover - a renderer/parser mismatch is a bug
            raise DefinitionError(f"{render(body)!r} does not read back as it was built")
        return d

    @property
    def parameters(self) -> tuple[str, ...]:
        if self.kind == FUNCTION:
            return function_parameters(self.arity)
        return predicate_parameters(self.arity)

    def heading(self) -> str:
        """``father(n)``, ``smarter(a, b)``, ``c``."""
        params = self.parameters
        return f"{self.name}({', '.join(params)})" if params else self.name

    def sentence(self) -> str:
        """``father(n) = n + 1``, ``smarter(a, b) when a > b``, ``rains: true``."""
        if self.kind == FUNCTION:
            return f"{self.heading()} = {self.text}"
        if not self.arity:
            return f"{self.name}: {self.text}"
        return f"{self.heading()} when {self.text}"

    def at(self, *values: int) -> int | bool:
        """The symbol's value at ``values`` (one integer per parameter): a function's
        number, a predicate's truth. What a picture of the model's first elements shows."""
        if len(values) != self.arity:
            raise ValueError(f"{self.name} takes {self.arity} values, not {len(values)}")
        args = dict(zip(self.parameters, values, strict=True))
        if self.kind == FUNCTION:
            return _value(self.body, args)  # type: ignore[arg-type]
        return _holds(self.body, args)  # type: ignore[arg-type]

    def __reduce__(self):
        return (Definition, (self.name, self.kind, self.arity, self.text))


def _value(t: ATerm, args: dict[str, int]) -> int:
    if isinstance(t, Num):
        return t.value
    if isinstance(t, Arg):
        return args[t.name]
    if isinstance(t, Add):
        return _value(t.left, args) + _value(t.right, args)
    if isinstance(t, Sub):
        return _value(t.left, args) - _value(t.right, args)
    if isinstance(t, Neg):
        return -_value(t.body, args)
    if isinstance(t, Scale):
        return t.k * _value(t.body, args)
    if isinstance(t, Max):
        return max(_value(t.left, args), _value(t.right, args))
    if isinstance(t, Min):
        return min(_value(t.left, args), _value(t.right, args))
    if isinstance(t, FloorDiv):
        return _value(t.body, args) // t.d  # Python's // is the floor, as ⌊t/d⌋
    raise TypeError(f"not a definition term: {t!r}")


_COMPARE = {
    "<": lambda a, b: a < b,
    "≤": lambda a, b: a <= b,
    "=": lambda a, b: a == b,
    "≠": lambda a, b: a != b,
    ">": lambda a, b: a > b,
    "≥": lambda a, b: a >= b,
}


def _holds(c: ACond, args: dict[str, int]) -> bool:
    if isinstance(c, Truth):
        return c.value
    if isinstance(c, Rel):
        return _COMPARE[c.op](_value(c.left, args), _value(c.right, args))
    if isinstance(c, Congruent):
        return _value(c.body, args) % c.d == c.r  # Python's % is never negative for d > 0
    if isinstance(c, CAnd):
        return _holds(c.left, args) and _holds(c.right, args)
    if isinstance(c, COr):
        return _holds(c.left, args) or _holds(c.right, args)
    if isinstance(c, CNot):
        return not _holds(c.body, args)
    raise TypeError(f"not a condition: {c!r}")


@dataclass(frozen=True)
class Witness:
    """Where the claimed statement fails: goal ``statement`` (0-based) with its
    leading ∀ variables set to ``values`` (see ``infinite_check.refuting_prefix``)."""

    statement: int
    values: tuple[tuple[str, int], ...]

    def to_json(self) -> dict:
        return {"statement": self.statement + 1, "values": dict(self.values)}

    @classmethod
    def from_json(cls, data: dict) -> Witness:
        values = data.get("values", {})
        if not isinstance(values, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
            for k, v in values.items()
        ):
            raise DefinitionError("witness values must map variable names to integers")
        return cls(int(data["statement"]) - 1, tuple(values.items()))


@dataclass(frozen=True)
class InfiniteModel:
    """A domain (ℤ or ℕ) and one definition per symbol; plain data (pickles, JSON)."""

    domain: Domain
    definitions: tuple[Definition, ...]  # sorted by name
    witness: Witness | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "domain", Domain(self.domain))
        defs = tuple(sorted(self.definitions, key=lambda d: d.name))
        names = [d.name for d in defs]
        if len(set(names)) != len(names):
            raise DefinitionError("a symbol is defined twice")
        object.__setattr__(self, "definitions", defs)

    infinite = True  # what tells it from a finite Model

    def function(self, name: str) -> Definition | None:
        return next((d for d in self.definitions if d.name == name and d.kind == FUNCTION), None)

    def predicate(self, name: str) -> Definition | None:
        return next((d for d in self.definitions if d.name == name and d.kind == PREDICATE), None)

    def symbols(self) -> dict[str, str]:
        return {d.name: d.text for d in self.definitions}

    def lines(self) -> list[str]:
        """The model as a mathematician writes it, one line per fact."""
        return [f"L = {self.domain.phrase} ({self.domain.symbol})"] + [
            d.sentence() for d in self.definitions
        ]

    def to_json(self) -> dict:
        out = {
            "infinite": True,
            "domain": self.domain.value,
            "symbols": self.symbols(),
            "arities": {d.name: d.arity for d in self.definitions},
        }
        if self.witness is not None:
            out["witness"] = self.witness.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict) -> InfiniteModel:
        """Read a model back; every definition is parsed (DefinitionError if malformed)."""
        if not isinstance(data, dict) or data.get("infinite") is not True:
            raise DefinitionError("not an infinite model")
        try:
            domain = Domain(data["domain"])
        except (KeyError, ValueError):
            raise DefinitionError(f"unknown domain {data.get('domain')!r}") from None
        symbols, arities = data.get("symbols", {}), data.get("arities", {})
        if set(symbols) != set(arities):
            raise DefinitionError("symbols and arities must name the same symbols")
        defs = []
        for name, text in symbols.items():
            arity = arities[name]
            if not isinstance(text, str) or not isinstance(arity, int) or arity < 0:
                raise DefinitionError(f"malformed definition of {name}")
            defs.append(_definition(name, arity, text))
        witness = data.get("witness")
        return cls(domain, tuple(defs), Witness.from_json(witness) if witness else None)


def _definition(name: str, arity: int, text: str) -> Definition:
    """A function if ``text`` is a term, else a predicate (the two languages are disjoint)."""
    try:
        return Definition(name, FUNCTION, arity, text)
    except DefinitionError as as_term:
        try:
            return Definition(name, PREDICATE, arity, text)
        except DefinitionError as as_condition:
            raise DefinitionError(f"{name}: {as_condition} (as a term: {as_term})") from None
