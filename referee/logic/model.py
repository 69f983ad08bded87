"""Finite structures: the evidence behind "consistent" and "not entailed".

A model is plain data (no Z3 objects) so it can cross process boundaries,
be written into a game record, and be re-checked by the independent
evaluator in ``referee.logic.evaluate``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Model:
    """Domain {0, ..., size-1}; every function total, every predicate a set of tuples."""

    size: int
    functions: Mapping[str, Mapping[tuple[int, ...], int]] = field(default_factory=dict)
    predicates: Mapping[str, frozenset[tuple[int, ...]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        funcs = {n: MappingProxyType(dict(t)) for n, t in self.functions.items()}
        preds = {n: frozenset(tuple(x) for x in t) for n, t in self.predicates.items()}
        object.__setattr__(self, "functions", MappingProxyType(funcs))
        object.__setattr__(self, "predicates", MappingProxyType(preds))

    def __hash__(self) -> int:
        return hash((self.size, tuple(sorted(self.functions)), tuple(sorted(self.predicates))))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Model) and self.to_json() == other.to_json()

    def __reduce__(self):
        # mappingproxy does not pickle; the JSON form is the model's wire format anyway.
        return (Model.from_json, (self.to_json(),))

    @staticmethod
    def element_name(i: int) -> str:
        return f"e{i}"

    def problems(self, arities: Mapping[str, int] | None = None) -> list[str]:
        """Why this is not a well-formed structure (empty list when it is)."""
        out = []
        if self.size < 1:
            out.append("the domain is empty")
        dom = range(self.size)
        for name, table in self.functions.items():
            arity = len(next(iter(table))) if table else (arities or {}).get(name, 0)
            for args in itertools.product(dom, repeat=arity):
                if args not in table:
                    out.append(f"{name} is not defined at {args}")
                    break
                if table[args] not in dom:
                    out.append(f"{name}{args} = {table[args]} is outside the domain")
                    break
        for name, rows in self.predicates.items():
            for row in rows:
                if any(v not in dom for v in row):
                    out.append(f"{name} holds of {row}, outside the domain")
                    break
        return out

    def to_json(self) -> dict:
        return {
            "size": self.size,
            "domain": [self.element_name(i) for i in range(self.size)],
            "functions": {
                name: [[*args, value] for args, value in sorted(table.items())]
                for name, table in sorted(self.functions.items())
            },
            "predicates": {
                name: sorted([list(row) for row in rows])
                for name, rows in sorted(self.predicates.items())
            },
        }

    @classmethod
    def from_json(cls, data: dict) -> Model:
        size = int(data["size"])
        functions = {
            name: {tuple(int(v) for v in row[:-1]): int(row[-1]) for row in rows}
            for name, rows in data.get("functions", {}).items()
        }
        predicates = {
            name: frozenset(tuple(int(v) for v in row) for row in rows)
            for name, rows in data.get("predicates", {}).items()
        }
        return cls(size, functions, predicates)
