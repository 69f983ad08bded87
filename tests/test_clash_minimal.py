"""An inconsistency names a minimal clashing set (#4, #12, not #4, #11, #12): each
statement named is needed, shown by a model without it, and the set named is itself
refuted by a prover; "minimal" is said only when that was checked (issue 35)."""

import time

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from referee.language.naming import statement_formula
from referee.language.parser import parse_statement
from referee.logic.engine import Engine, Limits, Status, Verdict
from referee.logic.evidence import Evidence, Method, Solver

pytestmark = pytest.mark.slow  # races engines

# Statements 1 and 4 are one statement once ¬¬ is read away: a core that names both of
# them is not minimal, though each alone clashes with 5.
ALIKE = [
    "∀x ∃y ¬¬smarter(x, y)",
    "∀x happy(x) → blonde(x)",
    "∃x happy(x)",
    "∀x ¬∀y ¬smarter(x, y)",
    "¬∀x ∃y ¬¬smarter(x, y)",
]


@pytest.fixture(scope="module")
def engine():
    with Engine(Limits(timeout=3.0)) as e:
        e.warm()
        yield e


def formulas(texts, vocab):
    return [statement_formula(parse_statement(t, vocab)) for t in texts]


def minimal_and_refuted(engine, fs, used) -> None:
    assert str(engine.consistency([fs[j] for j in used]).status) == "inconsistent"
    for i in used:
        rest = [fs[j] for j in used if j != i]
        assert str(engine.consistency(rest).status) == "consistent", (used, i)


def test_statements_alike_once_normalised_are_named_once(engine, vocab):
    fs = formulas(ALIKE, vocab)
    for _ in range(3):  # the first answer, then the worker's remembered solver's
        v = engine.consistency(fs)
        assert v.status == Status.INCONSISTENT and v.evidence.minimal
        assert len(v.used) == 2 and 4 in v.used, v.used
        minimal_and_refuted(engine, fs, v.used)


def test_a_proof_that_names_more_than_it_needs_is_shrunk_to_a_refuted_minimal_set(engine, vocab):
    """E's proof may cite an axiom another proof does not need: the engine shrinks what a
    prover named, and the smaller set replaces it only once refuted itself."""
    fs = formulas(["∀x blonde(x)", "∀x happy(x)", "∃x ¬happy(x)", "∀x blonde(x) → happy(x)"], vocab)
    q = engine._prepare(fs, [], 3.0, time.monotonic())
    named = Verdict(
        Status.ENTAILED, Evidence(Method.PROOF, Solver.E, used=(0, 1, 2, 3), minimal=False)
    )
    shrunk = engine._shrink(q, named, engine.pool).evidence
    assert shrunk.minimal and len(shrunk.used) in (2, 3) and 2 in shrunk.used
    minimal_and_refuted(engine, fs, shrunk.used)
    # a set no prover refutes is never named in its place: the verdict keeps its own
    fine = formulas(["∀x blonde(x)", "∃x happy(x)"], vocab)
    q = engine._prepare(fine, [], 3.0, time.monotonic())
    wrong = Verdict(Status.ENTAILED, Evidence(Method.PROOF, Solver.E, used=(0, 1), minimal=False))
    kept = engine._shrink(q, wrong, engine.pool).evidence
    assert kept.used == (0, 1)


def test_analyze_says_minimal_only_of_a_set_shown_minimal(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("\n".join(ALIKE) + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["analyze", str(board)]).output
    clash = next(line for line in out.splitlines() if line.startswith("clash"))
    assert clash.startswith("clash (minimal: each is needed): ") and clash.count(",") == 1
    assert "5" in clash.split(":")[-1]
