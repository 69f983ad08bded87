"""TPTP and SMT-LIB export, checked by running E and Z3 on boards with known answers."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess

import pytest
import z3
from click.testing import CliRunner

from referee.language import ast
from referee.language.deck import load_deck_text
from referee.language.naming import statement_formula
from referee.language.parser import parse_statement
from referee.language.vocabulary import Vocabulary
from referee.logic.evaluate import evaluate
from referee.logic.export import expand, symbol_names, to_smtlib, to_tptp
from referee.logic.model import Model
from referee.resources import default_deck_path

DECK = load_deck_text(default_deck_path().read_text(encoding="utf-8"))
# The deck plus constants, so boards can talk about particular objects.
VOCAB = DECK.vocabulary.merge(Vocabulary.build(constants=("a", "b", "0")))

needs_e = pytest.mark.skipif(shutil.which("eprover") is None, reason="eprover not installed")


def formulas(*texts: str, vocab: Vocabulary = VOCAB) -> list[ast.Formula]:
    out = []
    for text in texts:
        stmt = parse_statement(text, vocab)
        out.append(statement_formula(stmt))
        if stmt.naming is not None:
            vocab = vocab.extend(stmt.naming.name, len(stmt.naming.params))
    return out


def e_status(problem: str, cpu: int = 10) -> str:
    run = subprocess.run(
        ["eprover", "--auto", "-s", "--tstp-format", f"--cpu-limit={cpu}"],
        input=problem,
        capture_output=True,
        text=True,
        timeout=cpu + 20,
    )
    m = re.search(r"SZS status (\w+)", run.stdout)
    assert m, run.stdout + run.stderr
    return m.group(1)


def z3_check(script: str) -> str:
    s = z3.Solver()
    s.set("timeout", 10000)
    s.from_string(script)
    return str(s.check())


def question(premises: list[str], goals: list[str] = ()) -> tuple[str, str]:
    fs = formulas(*premises, *goals)
    prem, gs = fs[: len(premises)], fs[len(premises) :]
    return to_tptp(prem, gs, vocabulary=VOCAB), to_smtlib(prem, gs, vocabulary=VOCAB)


# ------------------------------------------------------------------ names


def test_symbol_names_are_safe_distinct_and_deterministic():
    names = symbol_names(["+", "plus", "0", "Bob", "bob", "y'", "likes", "true", "*"])
    assert names["likes"] == "likes"
    assert names["plus"] == "plus"
    assert names["+"] != "plus" and names["+"].startswith("plus")
    assert names["*"] == "times"
    assert names["0"] == "n0"
    assert len(set(names.values())) == len(names)
    for v in names.values():
        assert re.fullmatch(r"[a-z][A-Za-z0-9_]*", v), v
    assert names["true"] != "true"  # reserved in SMT-LIB
    assert symbol_names(reversed(list(names))) == names


def test_tptp_shape():
    text, smt = question(["∀x smarter(father(x), x)", "∀x ∀y ¬smarter(x, y)"], ["happy(a)"])
    assert "fof(s1, axiom," in text and "fof(s2, axiom," in text
    assert "fof(goal, conjecture, happy(a))." in text
    # No lower-case variables, no raw + symbol in formulas.
    for line in text.splitlines():
        if line.startswith("fof("):
            assert "+" not in line
            assert not re.search(r"\[[a-z]", line)
    assert "(declare-sort U 0)" in smt and "(check-sat)" in smt
    assert "(assert (not (happy a)))" in smt
    custom = to_tptp(formulas("happy(a)", "blonde(b)"), names=["s7", "s9"])
    assert "fof(s7, axiom" in custom and "fof(s9, axiom" in custom


def test_without_goal_only_axioms():
    text, smt = question(["∀x happy(x)"])
    assert "conjecture" not in text
    assert "(assert (not" not in smt


# ------------------------------------------------------ expansion is faithful


def _models(vocab_preds, vocab_funcs, size):
    """Every model of the given unary predicates and constants on a small domain."""
    dom = range(size)
    pred_choices = [
        [frozenset((i,) for i in dom if bits[i]) for bits in itertools.product((0, 1), repeat=size)]
        for _ in vocab_preds
    ]
    for preds in itertools.product(*pred_choices):
        for consts in itertools.product(dom, repeat=len(vocab_funcs)):
            yield Model(
                size,
                functions={c: {(): v} for c, v in zip(vocab_funcs, consts, strict=True)},
                predicates=dict(zip(vocab_preds, preds, strict=True)),
            )


def test_expansion_preserves_truth_in_every_small_model():
    """∃! and |L| expansions agree with the evaluator's direct meaning, model by model."""
    texts = [
        "∃!x blonde(x)",
        "¬∃!x blonde(x)",
        "∃!x (blonde(x) ∧ ∃!y happy(y))",
        "∃!x ∃!y (blonde(x) ∨ happy(y))",
        "∀x ∃!y (x = y ∨ (blonde(x) ∧ happy(y)))",
        "∃!x x = a",
        "|L| ≥ 1",
        "|L| ≥ 2",
        "|L| ≥ 3",
        "|L| < 1",
        "|L| < 2",
        "|L| < 3",
        "|L| < 4",
        "¬(|L| ≥ 3) ↔ |L| < 3",
    ]
    fs = formulas(*texts)
    checked = 0
    for size in range(1, 5):
        for m in _models(["blonde", "happy"], ["a"], size):
            for text, f in zip(texts, fs, strict=True):
                assert evaluate(expand(f), m) == evaluate(f, m), (text, m)
                checked += 1
    assert checked > 1000


# ----------------------------------------------------------- provers agree


CASES = [
    # (premises, goals, E status, Z3 answer)
    (["∀x smarter(father(x), x)", "∀x ∀y ¬smarter(x, y)"], [], "Unsatisfiable", "unsat"),
    (["∀x smarter(father(x), x)"], [], "Satisfiable", "sat"),
    (["∀x blonde(x) → happy(x)", "∃!x blonde(x) | bl := x"], ["happy(bl)"], "Theorem", "unsat"),
    (["∀x blonde(x) → happy(x)"], ["∀x happy(x)"], "CounterSatisfiable", "sat"),
    (["|L| ≥ 3", "|L| < 3"], [], "Unsatisfiable", "unsat"),
    (["|L| < 3"], ["|L| < 4"], "Theorem", "unsat"),
    (["|L| < 1"], [], "Unsatisfiable", "unsat"),
    ([], ["|L| ≥ 1"], "Theorem", "unsat"),
    (["∃!x blonde(x)"], ["∃x blonde(x)"], "Theorem", "unsat"),
    (["∃!x blonde(x)", "∃x ∃y (x ≠ y ∧ blonde(x) ∧ blonde(y))"], [], "Unsatisfiable", "unsat"),
    (["∃!x blonde(x)", "blonde(a)", "blonde(b)"], ["a = b"], "Theorem", "unsat"),
    (["∀x ∃!y likes(x, y) | fav(x) := y"], ["∀x likes(x, fav(x))"], "Theorem", "unsat"),
    (["∀x (blonde(x) ↔ happy(x))"], ["∀x happy(x) → blonde(x)"], "Theorem", "unsat"),
    (["∀x happy(x)"], ["∀x happy(x)", "∀x blonde(x)"], "CounterSatisfiable", "sat"),
    (["∀x happy(x)", "∀x blonde(x)"], ["∀x happy(x)", "∀x blonde(x)"], "Theorem", "unsat"),
    (["∀x ∀y x + y = y + x", "a + b = 0"], ["b + a = 0"], "Theorem", "unsat"),
    (["∀x ∀y x + y = father(y + x)", "∀x father(x) = x"], ["a + b = b + a"], "Theorem", "unsat"),
]


@needs_e
@pytest.mark.parametrize("premises,goals,e_answer,z3_answer", CASES)
def test_e_and_z3_on_exports(premises, goals, e_answer, z3_answer):
    tptp, smt = question(premises, goals)
    assert e_status(tptp) == e_answer, tptp
    assert z3_check(smt) == z3_answer, smt


@needs_e
def test_shadowed_variables_are_renamed_apart():
    # The parser refuses ∃x (blonde(x) ∧ ∃x ¬blonde(x)); other producers may not.
    x = ast.Var("x")
    shadow = ast.Quant(
        ast.EXISTS,
        "x",
        ast.And(
            ast.Pred("blonde", (x,)),
            ast.Quant(ast.EXISTS, "x", ast.Not(ast.Pred("blonde", (x,)))),
        ),
    )
    every = formulas("∀x blonde(x)")[0]
    text = to_tptp([shadow], vocabulary=VOCAB)
    assert "[X]" in text and "[X1]" in text
    assert e_status(text) == "Satisfiable"
    assert e_status(to_tptp([every, shadow], vocabulary=VOCAB)) == "Unsatisfiable"
    assert z3_check(to_smtlib([every, shadow], vocabulary=VOCAB)) == "unsat"


# ------------------------------------------------------------------- CLI


def test_cli_export_tptp_and_smtlib(tmp_path):
    from referee.cli.main import main

    board = tmp_path / "board.txt"
    board.write_text(
        "# a board\n∀x smarter(father(x), x)\n\n∀x ∀y ¬smarter(x, y)\n", encoding="utf-8"
    )
    runner = CliRunner()
    res = runner.invoke(main, ["export", "--format", "tptp", str(board)])
    assert res.exit_code == 0, res.output
    assert "fof(s2, axiom" in res.output
    if shutil.which("eprover"):
        assert e_status(res.output) == "Unsatisfiable"
    goal = "happy(father(father(x)))"  # x is free: refused
    res = runner.invoke(main, ["export", "--format", "smtlib2", "--goal", goal, str(board)])
    assert res.exit_code == 1
    assert "Traceback" not in res.output and "line 1, column" in res.output
    res = runner.invoke(
        main, ["export", "--format", "smtlib2", "--goal", "∀x happy(x)", str(board)]
    )
    assert res.exit_code == 0, res.output
    assert z3_check(res.output) == "unsat"


def test_cli_bad_input_is_a_clean_error(tmp_path):
    from referee.cli.main import main

    runner = CliRunner()
    bad = tmp_path / "bad.txt"
    bad.write_text("∀x happy(x)\n∀x smarter(x)\n", encoding="utf-8")
    res = runner.invoke(main, ["export", str(bad)])
    assert res.exit_code == 1
    assert "line 2" in res.output and "^" in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    res = runner.invoke(main, ["export", str(tmp_path / "missing.txt")])
    assert res.exit_code == 1 and "no such board file" in res.output
    res = runner.invoke(main, ["export", "--deck", str(bad), str(bad)])
    assert res.exit_code == 1 and "Traceback" not in res.output
