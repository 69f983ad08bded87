"""Questions answered within counted work (referee.logic.counted): the same question, the
same verdict and the same model, asked afresh, whatever the clock did."""

import pytest

from referee.language.parser import parse_statement
from referee.logic.counted import Counted, Work
from referee.logic.engine import Engine, Limits, Status
from referee.logic.evaluate import evaluate


@pytest.fixture(scope="module")
def pool():
    with Engine(Limits(timeout=10.0, workers=1)) as engine:
        yield engine


def formulas(vocab, *texts):
    return [parse_statement(t, vocab).asserted for t in texts]


def test_the_same_question_gets_the_same_verdict_and_model_twice(pool, vocab):
    """Two players that never shared a cache: the same proof, the same countermodel
    (one the evaluator accepts), and a question asked again is remembered, not asked."""
    premises = formulas(vocab, "∀x (happy(x) → blonde(x))", "∃x happy(x)")
    follows, open_ = formulas(vocab, "∃x blonde(x)", "∀x blonde(x)")
    first, second = Counted(pool, Work(), cap=10.0), Counted(pool, Work(), cap=10.0)
    for counted in (first, second):
        assert counted.entailment(premises, [follows]).status == Status.ENTAILED
    a, b = (c.entailment(premises, [open_]) for c in (first, second))
    assert a.status == b.status == Status.NOT_ENTAILED
    assert a.evidence.model == b.evidence.model
    model = a.evidence.model
    assert all(evaluate(p, model) for p in premises) and not evaluate(open_, model)
    asked = first.asked
    assert first.entailment(premises, [open_]) == a and first.asked == asked
    assert first.capped == second.capped == 0


def test_a_question_past_its_work_is_undetermined_every_time_and_not_the_clocks(pool, vocab):
    """Out of counted work is the question's answer (the same every time), not the
    clock's: nothing is counted as capped, however long the cap."""
    premises = formulas(vocab, "∀x (happy(x) → blonde(x))", "∃x happy(x)")
    goal = formulas(vocab, "∃x blonde(x)")
    starved = Work(cvc5=1, e_inserts=1, steps=1)
    verdicts = [Counted(pool, starved, cap=10.0).entailment(premises, goal) for _ in range(2)]
    assert [v.status for v in verdicts] == [Status.UNDETERMINED] * 2
    counted = Counted(pool, starved, cap=10.0)
    counted.entailment(premises, goal)
    assert counted.capped == 0
