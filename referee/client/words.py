"""Verdicts and their evidence in the players' words (plain text, no markup).

The engine returns data (:mod:`referee.logic.evidence`); every command that
shows a verdict words it here, so a table, ``analyze`` and ``derive`` say the
same thing the same way. ``label`` turns a 0-based premise index into what the
reader sees ("#3", "statement 3").
"""

from __future__ import annotations

from collections.abc import Callable

from referee.client.grammar import count
from referee.logic.evidence import Attempt, Bound, BoundReason, Evidence, Method, Outcome, Solver

Label = Callable[[int], str]

STATUS_WORDS = {
    "entailed": "follows",
    "not_entailed": "does not follow",
    "undetermined": "undetermined",
    "consistent": "consistent",
    "inconsistent": "inconsistent",
}

HEADLINE = {
    "entailed": "ENTAILED",
    "not_entailed": "NOT ENTAILED",
    "undetermined": "UNDETERMINED",
    "consistent": "CONSISTENT",
    "inconsistent": "INCONSISTENT",
}

SOLVER_WORDS = {
    Solver.Z3: "proof search (Z3)",
    Solver.FINDER: "model search",
    Solver.SIZE_PROBE: "size bound (Z3)",
    Solver.E: "proof search (E)",
    Solver.CVC5: "model search (cvc5)",
    Solver.INFINITE: "infinite model search",
    Solver.SYNTAX: "the statements' shape",
    Solver.ENGINE: "the referee",
}


# The prover a record stores, by the name a player reads: every solver that can settle a
# question has one, so a verdict never says "a prover" where the record says which.
PROVER_NAMES = {
    Solver.Z3: "Z3",
    Solver.E: "E prover",
    Solver.CVC5: "cvc5",
    Solver.FINDER: "model finder",
    Solver.SIZE_PROBE: "Z3",
    Solver.INFINITE: "infinite model search",
}


def seconds(s: float | None) -> str:
    if s is None:
        return ""
    return f"{s:.2f} s" if s >= 0.01 else f"{s * 1000:.1f} ms"


def objects(n: int) -> str:
    return count(n, "object")


def sizes(n: int) -> str:
    return "size 1" if n == 1 else f"every size from 1 to {n}"


def _labels(indices, label: Label) -> str:
    return ", ".join(label(i) for i in indices)


def bound_words(bound: Bound, counter: bool, label: Label) -> str:
    """Why a (counter)model, if there were one, would be small."""
    noun = "a countermodel" if counter else "a model"
    n = bound.size
    if bound.reason == BoundReason.BOARD_SIZE:
        where = f" ({_labels(bound.sources, label)})" if bound.sources else ""
        return f"the board allows at most {objects(n)}{where}"
    if bound.reason == BoundReason.CLAIM_SIZE:
        return f"{noun} would have fewer than {n + 1} objects (the claim says at least {n + 1})"
    if bound.reason == BoundReason.BERNAYS_SCHOENFINKEL:
        return (
            f"{noun} would need at most {objects(n)} (the statements use no functions "
            "and no ∃ inside a ∀)"
        )
    if bound.reason == BoundReason.MONADIC:
        return (
            f"{noun} would need at most {objects(n)} (the statements use only one-place "
            "predicates and no functions)"
        )
    proved = bound.proved if bound.proved is not None else n
    return f"Z3 showed {noun} would have at most {objects(proved)}"


def reason(
    evidence: Evidence,
    counter: bool,
    label: Label = lambda i: f"#{i + 1}",
    subject: str = "",
    brief: bool = False,
) -> str:
    """One line: how the verdict was reached. ``counter``: the question had a goal.

    ``subject`` names the statements a proof used (default: "them"/"they");
    ``brief`` leaves out what a second solver confirmed.
    """
    noun = "countermodel" if counter else "model"
    m = evidence.method
    if m == Method.PROOF:
        who = PROVER_NAMES.get(evidence.solver, "a prover") if evidence.solver else "a prover"
        took = f", {seconds(evidence.solver_seconds)}" if evidence.solver_seconds else ""
        source = f"{who} proof{took}"
        if counter and evidence.premises_clash:
            text = (
                f"only because {_labels(evidence.used, label)} contradict each other, "
                f"and contradictory statements entail anything ({source})"
            )
        elif counter:
            text = f"assuming it false contradicts {subject or 'them'} ({source})"
        else:
            text = f"{subject or 'they'} contradict each other ({source})"
        if evidence.also == Solver.FINDER and not brief:
            text += "; an exhaustive search of the small models agrees"
        if not evidence.minimal:
            text += "; the statements listed may include some it did not need"
        return text
    if m == Method.EXHAUSTIVE:
        bound = evidence.bound
        if bound is None:
            return f"no {noun} exists (the finite search)"
        if bound.reason == BoundReason.SIZE_CLASH:
            where = f" ({_labels(bound.sources, label)})" if bound.sources else ""
            if counter and evidence.premises_clash:
                return (
                    f"the sizes of L said{where} leave no size possible, and contradictory "
                    "statements entail anything"
                )
            claim = " with the claim's negation" if counter else ""
            return f"the sizes of L said{where}{claim} leave no size possible"
        if bound.size == 0:
            return "the board says L has no objects at all, but L always has at least one"
        upto = "1 object" if bound.size == 1 else f"1 to {bound.size} objects"
        text = (
            f"no {noun} exists: {bound_words(bound, counter, label)}, and the finite search "
            f"finds none with {upto}"
        )
        if evidence.also is not None and not brief:
            text += f"; {SOLVER_WORDS.get(evidence.also, 'a prover')} agrees"
        return text
    if m == Method.MODEL and evidence.infinite is not None:
        return (
            f"a {noun} over {evidence.infinite.domain.phrase} (found by the model search over "
            "ℕ and ℤ, re-checked by quantifier elimination)"
        )
    if m == Method.MODEL:
        size = evidence.model.size if evidence.model is not None else 0
        who = {
            Solver.Z3: "found by Z3",
            Solver.FINDER: "found by the model finder",
            Solver.CVC5: "found by cvc5",
        }.get(evidence.solver, f"found by {SOLVER_WORDS.get(evidence.solver, 'a solver')}")
        return f"a {noun} with {objects(size)} ({who}, re-checked independently)"
    if m == Method.REST_INCONSISTENT:
        return (
            f"the other statements contradict each other ({_labels(evidence.used, label)}), "
            "and contradictory statements entail anything"
        )
    if m == Method.LEGACY:
        return "as an older version of the referee recorded it"
    return f"neither a proof nor a {noun} was found"


def attempt(a: Attempt, counter: bool) -> str:
    """One thing that was tried and did not decide the question."""
    what = SOLVER_WORDS.get(a.solver, a.solver.value)
    noun = "countermodels" if counter else "models"
    took = f" {seconds(a.seconds)}" if a.seconds else ""
    o = a.outcome
    if o == Outcome.NO_PROOF:
        detail = f" ({a.detail})" if a.detail else ""
        return f"{what}{took}: no proof{detail}"
    if o == Outcome.NO_MODEL:
        return f"{noun}: none with up to {objects(a.size)}" if a.size else f"{noun}: none found"
    if o == Outcome.TIMED_OUT:
        extra = f" (none up to {objects(a.size)})" if a.size else ""
        if a.limit:
            return f"{what}: stopped at the {a.limit:g} s limit{extra}"
        return f"{what}: stopped after {seconds(a.seconds)}, its share of the time{extra}"
    if o == Outcome.CRASHED:
        return f"{what}: the worker stopped (out of memory?)"
    if o == Outcome.UNCHECKED:
        return f"{what}: a model with {objects(a.size or 0)} could not be re-checked in time"
    if o == Outcome.REJECTED:
        return f"{what}: a model failed the independent check (a bug; reported)"
    if o == Outcome.ERROR:
        return f"{what}: internal error ({a.detail})"
    if o == Outcome.TOO_LARGE:
        return (
            f"the statements are too large to analyse ({a.size} nodes once ∃! is spelled "
            f"out; the limit is {a.limit:g})"
        )
    if o == Outcome.SATURATED:
        return f"{what}{took}: no proof exists (the search saturated)"
    if o == Outcome.UNAVAILABLE:
        return f"{what}: not installed"
    return f"{what}: {o.value}"


def tried(evidence: Evidence, counter: bool) -> list[str]:
    return [attempt(a, counter) for a in evidence.tried]


def undetermined(evidence: Evidence, counter: bool, limit: float) -> str:
    noun = "countermodel" if counter else "model"
    too_large = [a for a in evidence.tried if a.outcome == Outcome.TOO_LARGE]
    if too_large:
        return attempt(too_large[0], counter)
    return f"neither a proof nor a {noun} within {limit:g} s"


def infinite_lines(model) -> list[str]:
    """An infinite model as a mathematician writes it: the domain, then each definition."""
    return model.lines()


def witness_words(model, goal_text: str | None = None) -> str | None:
    """Where the claimed statement fails in an infinite countermodel ("take x = 0")."""
    w = model.witness
    if w is None or not w.values:
        return None
    values = ", ".join(f"{var} = {value}" for var, value in w.values)
    what = f"{goal_text} fails" if goal_text else "the claim fails"
    return f"{what} there: take {values}"
