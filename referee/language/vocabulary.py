"""Which names are predicates, functions and constants.

The grammar knows no vocabulary: a deck says which symbols exist, and names
introduced by ∃! on a board extend it. Constants are functions of arity 0.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_']*|[0-9]+")
SYMBOL_RE = re.compile(r"[+*·∘⊕⊗^%@$]+")

# Words the grammar reserves; none can be a symbol or a variable.
KEYWORDS = frozenset({"not", "and", "or", "implies", "iff", "forall", "exists", "false"})


class VocabularyError(ValueError):
    pass


@dataclass(frozen=True)
class Vocabulary:
    predicates: Mapping[str, int] = field(default_factory=dict)
    functions: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "predicates", MappingProxyType(dict(self.predicates)))
        object.__setattr__(self, "functions", MappingProxyType(dict(self.functions)))
        for name in set(self.predicates) & set(self.functions):
            raise VocabularyError(f"{name} is declared both as a predicate and as a function")
        for table, kind in ((self.predicates, "predicate"), (self.functions, "function")):
            for name, arity in table.items():
                check_symbol(name, arity, kind)

    def __reduce__(self):
        """Pickled as its two tables (a position sent to a thinking process holds one)."""
        return (type(self), (dict(self.predicates), dict(self.functions)))

    @classmethod
    def build(cls, predicates=None, functions=None, constants=()) -> Vocabulary:
        funcs = dict(functions or {})
        for c in constants:
            if c in funcs:
                raise VocabularyError(f"{c} is declared both as a function and as a constant")
            funcs[c] = 0
        return cls(dict(predicates or {}), funcs)

    @property
    def constants(self) -> tuple[str, ...]:
        return tuple(n for n, a in self.functions.items() if a == 0)

    def __contains__(self, name: str) -> bool:
        return name in self.predicates or name in self.functions

    def kind(self, name: str) -> str | None:
        """'predicate', 'relation', 'proposition', 'function' or 'constant' (players' words)."""
        if name in self.predicates:
            return {0: "proposition", 1: "predicate"}.get(self.predicates[name], "relation")
        if name in self.functions:
            return "constant" if self.functions[name] == 0 else "function"
        return None

    def extend(self, name: str, arity: int) -> Vocabulary:
        """A vocabulary with one more function symbol (a name given by ∃!)."""
        if name in self:
            raise VocabularyError(f"{name} is already a {self.kind(name)}")
        return Vocabulary(self.predicates, {**self.functions, name: arity})

    def merge(self, other: Vocabulary) -> Vocabulary:
        preds = dict(self.predicates)
        funcs = dict(self.functions)
        for name, arity in other.predicates.items():
            if preds.get(name, arity) != arity or name in funcs:
                raise VocabularyError(f"{name} is declared twice with different kinds")
            preds[name] = arity
        for name, arity in other.functions.items():
            if funcs.get(name, arity) != arity or name in preds:
                raise VocabularyError(f"{name} is declared twice with different kinds")
            funcs[name] = arity
        return Vocabulary(preds, funcs)

    def to_json(self) -> dict:
        return {"predicates": dict(self.predicates), "functions": dict(self.functions)}


def is_symbolic(name: str) -> bool:
    """Symbol-named functions (``+``) are written infix."""
    return bool(SYMBOL_RE.fullmatch(name))


def check_symbol(name: str, arity: object, kind: str) -> None:
    if not isinstance(arity, int) or isinstance(arity, bool) or arity < 0:
        raise VocabularyError(f"the arity of {name} must be a whole number ≥ 0, got {arity!r}")
    if name in KEYWORDS:
        raise VocabularyError(f"{name} is a reserved word and cannot be a {kind}")
    if is_symbolic(name):
        if kind != "function" or arity != 2:
            raise VocabularyError(
                f"{name} is written with symbols, so it must be a binary (infix) function"
            )
    elif not NAME_RE.fullmatch(name):
        raise VocabularyError(f"{name!r} is not a valid name: use letters, digits, _ and '")
