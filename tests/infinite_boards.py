"""Hand-written boards whose every model is infinite, and helpers to pose them.

Shared by tests/test_infinite.py and tests/test_infinite_vs_provers.py.
"""

import time
from pathlib import Path

from referee.language.ast import Not
from referee.language.naming import extend_vocabulary, statement_formula
from referee.language.parser import parse_statement
from referee.logic.finder import find_model
from referee.logic.infinite import find_infinite_model
from referee.logic.normalform import big_and, expand_unique, nnf, signature

EXAMPLES = Path(__file__).parent.parent / "examples" / "boards"
SECONDS = 20.0  # generous: the machine is shared; the finds below take well under a second
REFUSE_SECONDS = 1.5  # questions with no model: the finder must give up, not claim one

# --------------------------------------------------------------------- boards

FATHERS = [  # S3, S7 and irreflexivity: the chain father(x), father(father(x)), … never closes
    "∀x smarter(father(x), x)",
    "∀x ∀y ∀z (smarter(x, y) ∧ smarter(y, z)) → smarter(x, z)",
    "∀x ¬smarter(x, x)",
]
SOMEONE_SMARTER = [
    "∀x ∃y smarter(y, x)",
    "∀x ¬smarter(x, x)",
    "∀x ∀y ∀z (smarter(x, y) ∧ smarter(y, z)) → smarter(x, z)",
]
PLUS = [  # + cancels on both sides, is associative, and has no (right) identity
    "∀x ∀y ∀z (x + z = y + z) → x = y",
    "∀x ∀y ∀z (z + x = z + y) → x = y",
    "∀x ∀y ∀z (x + y) + z = x + (y + z)",
    "¬∃e ∀x x + e = x",
]
INJECTIVE_NOT_ONTO = [
    "∀x ∀y father(x) = father(y) → x = y",
    "∃y ∀x ¬(father(x) = y)",
]
ONTO_NOT_INJECTIVE = [
    "∀y ∃x father(x) = y",
    "∃x ∃y ¬(x = y) ∧ father(x) = father(y)",
]
EXACTLY_ONE_ORPHAN = [  # named by ∃!: exactly one object is nobody's father
    "∀x ∀y father(x) = father(y) → x = y",
    "∃!y ∀x ¬(father(x) = y) | adam := y",
]
BIJECTION_UPWARD = [  # father a bijection with a strict order along it: only ℤ works
    "∀x ∀y father(x) = father(y) → x = y",
    "∀y ∃x father(x) = y",
    *FATHERS,
]

SUM_SMARTER = [  # the deck's S6 and S7 with irreflexivity: x, x + x, … climbs forever
    "∀x ∀y smarter(x + y, x) ∧ smarter(x + y, y)",
    "∀x ∀y ∀z (smarter(x, y) ∧ smarter(y, z)) → smarter(x, z)",
    "∀x ¬smarter(x, x)",
]
S_CARDS = [  # S3, S7, S8 (with ↔), S6, S9 and irreflexivity: a strict total order
    "∀x smarter(father(x), x)",
    "∀x ∀y ∀z (smarter(x, y) ∧ smarter(y, z)) → smarter(x, z)",
    "∀x ∀y x ≠ y → (smarter(x, y) ↔ ¬smarter(y, x))",
    "∀x ¬smarter(x, x)",
    "∀x ∀y smarter(x + y, x) ∧ smarter(x + y, y)",
    "∀x ∀y x + y = y + x",
]

CONSISTENT = {
    "fathers": FATHERS,
    "someone smarter": SOMEONE_SMARTER,
    "plus": PLUS,
    "injective, not onto": INJECTIVE_NOT_ONTO,
    "onto, not injective": ONTO_NOT_INJECTIVE,
    "exactly one orphan": EXACTLY_ONE_ORPHAN,
    "bijection upward": BIJECTION_UPWARD,
    "sum smarter": SUM_SMARTER,
    "S cards": S_CARDS,
}

# Redundancy questions (premises, claimed statement) whose only countermodels are infinite.
NOT_ENTAILED = {
    "injective father is onto": (INJECTIVE_NOT_ONTO[:1], "∀y ∃x father(x) = y"),
    "onto father is injective": (ONTO_NOT_INJECTIVE[:1], "∀x ∀y father(x) = father(y) → x = y"),
    "someone is smartest-but-one": (FATHERS, "∀x ∃y smarter(x, y)"),
    "fathers make someone self-smarter": (FATHERS[:2], "∃x smarter(x, x)"),
}

INCONSISTENT = {
    "a top of the chain": [*FATHERS, "∃x ∀y ¬smarter(y, x)"],
    "nobody smarter": ["∀x smarter(father(x), x)", "∀x ∀y ¬smarter(x, y)"],
    "happy and not": ["∃x happy(x)", "∀x ¬happy(x)"],
    "injective, not onto, finite": [*INJECTIVE_NOT_ONTO, "|L| < 4"],
    # x + x = x gives x + (x + y) = x + y, so x + y = y by cancellation
    "an idempotent that is no left identity": [*PLUS[:3], "∃x x + x = x ∧ ∃y ¬(x + y = y)"],
}

FINITE_ONLY = {
    "one object": ["∀x ∀y x = y", "∃x happy(x)"],
    "exactly two": ["∃x ∃y ¬(x = y) ∧ ∀z (z = x ∨ z = y)"],
    "fewer than three": ["|L| < 3", "∃x ∃y ¬(x = y)"],
}


def formulas(texts, vocab):
    out = []
    for text in texts:
        stmt = parse_statement(text, vocab)
        out.append(statement_formula(stmt))
        vocab = extend_vocabulary(vocab, stmt)
    return out


def question(premises, goals=()):
    """What the engine would hand a worker: NNF premises, the NNF negated goal, arities."""
    prem = [nnf(expand_unique(p)) for p in premises]
    negated = nnf(expand_unique(Not(big_and(goals)))) if goals else None
    preds, funcs = signature(prem + ([negated] if negated is not None else []))
    p2, f2 = signature([*premises, *goals])
    return prem, negated, {**p2, **preds}, {**f2, **funcs}


def search(premises, goals=(), seconds=SECONDS, **options):
    prem, negated, preds, funcs = question(premises, goals)
    return find_infinite_model(
        prem, negated, preds, funcs, time.monotonic() + seconds, goals=tuple(goals), **options
    )


def no_finite_model(premises, goals=(), sizes=4):
    prem, negated, preds, funcs = question(premises, goals)
    r = find_model(prem, negated, preds, funcs, time.monotonic() + 30, max_size=sizes)
    return r["status"] == "exhausted"
