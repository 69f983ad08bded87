"""What a question costs before a solver starts is linear, so the hard limit holds.

issue 9: negation normal form rewrote the left side of a negated → twice, so
a chain of 24 → took 25 s in the parent process, before any worker (and its
hard limit) existed. Every step the parent takes (parse, naming, ∃!
expansion, sizes, normal form, signature, size bounds, pickling) now runs in
time linear in the statement, and the largest statements are bounded by the
parser's limits.

Time is measured twice: the parent's own CPU time (what this bug was about;
load on a shared machine barely moves it) against a tight bound, and the
wall clock against the limit plus half a second plus generous slack.
"""

from __future__ import annotations

import gc
import time

import pytest
from click.testing import CliRunner

from referee.language import ast
from referee.language.naming import statement_formula
from referee.language.parser import ParseError, parse_statement
from referee.logic import normalform
from referee.logic.engine import Engine, Limits

TIMEOUT = 0.3
PARENT_CPU = 0.5  # seconds of the parent's own CPU per question, parse included
SLACK = 1.5  # shared machine: wall-clock noise allowed on top of limit + 0.5 s

CHAINS = {
    "∧": lambda k: "∀x " + " ∧ ".join(["blonde(x)"] * k),
    "∨": lambda k: "∀x " + " ∨ ".join(["blonde(x)"] * k),
    "→": lambda k: "∀x " + " → ".join(["blonde(x)"] * k),
    "↔": lambda k: "∀x " + "(" * (k - 1) + "blonde(x)" + " ↔ blonde(x))" * (k - 1),
    "¬": lambda k: "¬" * k + "∀x blonde(x)",
    "∀": lambda k: "".join(f"∀x{i} " for i in range(k)) + "blonde(x0)",
    "∃": lambda k: "".join(f"∃x{i} " for i in range(k)) + "blonde(x0)",
    "∃!": lambda k: "".join(f"∃!x{i} " for i in range(k)) + "blonde(x0)",
    "≠": lambda k: "∀x ∀y " + " ∨ ".join(["x ≠ y"] * k),
    "father": lambda k: "∀x blonde(" + "father(" * k + "x" + ")" * (k + 1),
    "+": lambda k: "∀x " + "(" * k + "x" + " + x)" * k + " = x",
}


def _largest(make, vocab) -> int:
    """The largest k whose statement the parser accepts (binary search)."""

    def accepted(k):
        try:
            parse_statement(make(k), vocab)
        except ParseError:
            return False
        return True

    low, high = 1, 300
    assert accepted(low) and not accepted(high)
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if accepted(middle) else (low, middle)
    return low


@pytest.fixture(scope="module")
def engine():
    with Engine(Limits(timeout=TIMEOUT)) as e:
        e.warm()
        yield e


def _ask(engine, text, vocab):
    """(verdict or the ParseError, parent CPU seconds, wall seconds) of one question."""
    cpu, wall = time.process_time(), time.monotonic()
    try:
        goal = statement_formula(parse_statement(text, vocab))
        answer = engine.entailment([], [goal])
    except ParseError as error:
        answer = error
    return answer, time.process_time() - cpu, time.monotonic() - wall


@pytest.mark.parametrize("connective", sorted(CHAINS))
def test_the_longest_accepted_chain_is_answered_within_the_limit(connective, engine, vocab):
    k = _largest(CHAINS[connective], vocab)
    verdict, cpu, wall = _ask(engine, CHAINS[connective](k), vocab)
    assert not isinstance(verdict, ParseError)
    assert not verdict.flags, verdict.flags  # no worker failed on it (pickling, Z3)
    assert cpu < PARENT_CPU, f"{connective} × {k}: {cpu:.2f} s of parent CPU"
    assert wall < TIMEOUT + 0.5 + SLACK, f"{connective} × {k}: {wall:.2f} s"


@pytest.mark.parametrize("connective", sorted(CHAINS))
@pytest.mark.parametrize("length", [150, 1000])
def test_a_chain_past_the_limit_is_refused_at_once(connective, length, engine, vocab):
    answer, cpu, wall = _ask(engine, CHAINS[connective](length), vocab)
    assert isinstance(answer, ParseError)
    assert cpu < PARENT_CPU and wall < 0.5 + SLACK


def test_the_reported_chain_of_24_implications(engine, vocab):
    """The reproduction of issue 9 (it took 25 s; 50 links took more than 200 s)."""
    for links in (24, 50):
        verdict, cpu, wall = _ask(engine, CHAINS["→"](links), vocab)
        assert verdict.status.value == "entailed"
        assert cpu < PARENT_CPU and wall < TIMEOUT + 0.5 + SLACK


def test_the_cli_answers_the_reported_chain_within_the_limit(vocab):
    from referee.cli.main import main

    text = CHAINS["→"](50)
    cpu = time.process_time()
    result = CliRunner().invoke(main, ["entails", "--json", "--timeout", "0.3", text])
    cpu = time.process_time() - cpu
    assert result.exit_code == 0, result.output
    assert '"verdict": "entailed"' in result.output
    assert cpu < 2 * PARENT_CPU  # the pool is started and stopped in this call


def test_negation_normal_form_visits_each_node_once_per_polarity(monkeypatch, vocab):
    """Counted, not timed: the number of nnf calls grows linearly with the chain."""
    original = normalform.nnf
    calls = 0

    def counting(formula, positive=True):
        nonlocal calls
        calls += 1
        return original(formula, positive)

    monkeypatch.setattr(normalform, "nnf", counting)
    counts = {}
    for links in (5, 10, 15):
        calls = 0
        formula = parse_statement(CHAINS["→"](links), vocab).formula
        counting(ast.Not(formula))
        counting(formula)
        counts[links] = calls
    assert counts[15] - counts[10] == counts[10] - counts[5]  # linear (it was 2^links)
    assert counts[15] < 10 * 15


@pytest.mark.slow
def test_every_parent_step_is_linear_in_the_statement(vocab):
    """Each step on a statement twice as large costs about twice as much (CPU, with slack)."""
    from referee.logic.fragments import size_bounds

    def steps(text):
        statement = parse_statement(text, vocab)
        formula = statement_formula(statement)
        normalform.expanded_size(formula)
        negated = normalform.nnf(normalform.expand_unique(ast.Not(formula)))
        positive = normalform.nnf(normalform.expand_unique(formula))
        normalform.signature([positive, negated])
        size_bounds([positive], negated)
        ast.free_vars(formula)

    def cost(text, repeat=5):
        # This thread's CPU only, the collector paused, the best of three: what is measured
        # is the steps' own work, not a collection of the heap earlier tests left behind or
        # a thread still winding down in this process.
        best = float("inf")
        for _ in range(3):
            gc.collect()
            gc.disable()
            try:
                start = time.thread_time()
                for _ in range(repeat):
                    steps(text)
                best = min(best, time.thread_time() - start)
            finally:
                gc.enable()
        return best

    for connective, make in CHAINS.items():
        if connective == "∃!":
            continue  # each nested ∃! doubles the statement: bounded by the parser instead
        small, large = make(20), make(80)
        ratio = cost(large) / max(cost(small), 1e-3)
        # 4 × the size: linear is about 4 ×, quadratic 16 ×, exponential far more
        assert ratio < 10, (connective, ratio)
