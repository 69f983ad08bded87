"""The engine's verdicts and their models in words, as a
:class:`~referee.client.said.Said` (no logic here).

What ``entails``, ``analyse``, ``derive`` and a game's claims settled by the engine
show: ``model_tables`` draws a structure as tables (the
domain, each function, each predicate; binary ones as a matrix),
``verdict_said`` a verdict with its evidence, ``analysis_said`` a
whole board's analysis (each the answer first, what fills a screen behind
``--detail``), ``failure_text`` where a statement fails in a model.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from referee.client import words
from referee.client.said import (
    Column,
    Justify,
    Line,
    Said,
    Table,
    Tone,
    formula,
    joined,
    statement_line,
    typed,
)
from referee.client.said import words as said
from referee.language.printer import to_unicode
from referee.logic.model import Model

# What each answer is (and whether it is a headline), for a client to show it by.
TONE = {
    "entailed": (Tone.GOOD, True),
    "inconsistent": (Tone.BAD, True),
    "not_entailed": (Tone.DOUBT, True),
    "consistent": (Tone.GOOD, True),
    "undetermined": (Tone.OPEN, True),
    "yes": (Tone.GOOD, False),
    "no": (Tone.DOUBT, False),
}


TRUE, FALSE = "✓", "·"


def element(i: int) -> str:
    return Model.element_name(i)


def status_text(status: str, aside: str = "") -> Line:
    """The answer as a headline, and ``aside`` after it in its tone (how long it took)."""
    value = getattr(status, "value", status)
    tone, strong = TONE.get(value, (Tone.PLAIN, True))
    head = said(words.HEADLINE.get(value, value.upper()), tone, strong)
    return head + said(aside, tone, strong, aside=True)


def _columns(*headers: str | Line, justify: Justify = Justify.LEFT) -> tuple[Column, ...]:
    return tuple(Column(said(h) if isinstance(h, str) else h, justify) for h in headers)


def model_tables(model: Model, arities: Mapping[str, int] | None = None) -> list[Table]:
    """The domain, then constants, functions and predicates, one table each.

    ``arities`` (e.g. a vocabulary's predicates) says how to draw a predicate
    that holds of nothing (its arity cannot be read off an empty table).
    """
    arities = arities or {}
    tables: list[Table] = []
    dom = range(model.size)
    named = {
        i: [
            n
            for n, t in sorted(model.functions.items())
            if t and len(next(iter(t))) == 0 and t[()] == i
        ]
        for i in dom
    }
    tables.append(
        Table(
            _columns("object", "named"),
            tuple((said(element(i)), typed(", ".join(named[i]))) for i in dom),
            said(f"domain L ({words.objects(model.size)})"),
        )
    )

    constants = {n: t for n, t in sorted(model.functions.items()) if () in t}
    if constants:
        rows: tuple[tuple[Line, ...], ...]
        rows = tuple((typed(name), said(element(table[()]))) for name, table in constants.items())
        tables.append(Table(_columns("name", "object"), rows, said("constants")))

    for name, table in sorted(model.functions.items()):
        if name in constants or not table:
            continue
        arity = len(next(iter(table)))
        if arity == 2:
            tables.append(_matrix(name, lambda a, b, tb=table: element(tb[(a, b)]), dom))
            continue
        headers = [f"x{k + 1}" if arity > 1 else "x" for k in range(arity)]
        rows = tuple(
            (*(said(element(a)) for a in args), said(element(table[args])))
            for args in itertools.product(dom, repeat=arity)
        )
        tables.append(
            Table(_columns(*headers, typed(f"{name}(…)")), rows, typed(f"function {name}"))
        )

    props = {}
    for name, held in sorted(model.predicates.items()):
        arity = _arity(held)
        if arity is None:
            arity = arities.get(name)
        if arity == 0:
            props[name] = held
            continue
        if arity == 1 or (arity is None):
            rows = tuple((said(element(i)), said(TRUE if (i,) in held else FALSE)) for i in dom)
            tables.append(
                Table(_columns("x", typed(f"{name}(x)")), rows, typed(f"predicate {name}"))
            )
        elif arity == 2:
            tables.append(_matrix(name, lambda a, b, r=held: TRUE if (a, b) in r else FALSE, dom))
        else:
            headers = [f"x{k + 1}" for k in range(arity)]
            rows = tuple(tuple(said(element(a)) for a in row) for row in sorted(held))
            title = typed(f"relation {name} (rows that hold)")
            tables.append(Table(_columns(*headers), rows, title))
    if props:
        rows = tuple(
            (typed(name), said("true" if held else "false")) for name, held in props.items()
        )
        tables.append(Table(_columns("name", "value"), rows, said("propositions")))
    return [Table(t.columns, t.rows, t.title, fit_title=True) for t in tables]


def _arity(rows) -> int | None:
    for row in rows:
        return len(row)
    return None  # empty: unknown (shown as a unary predicate that never holds)


def _matrix(name: str, cell, dom) -> Table:
    columns = (
        Column(typed(name), strong=True),
        *(Column(said(element(j)), Justify.CENTER) for j in dom),
    )
    rows = tuple((said(element(i)), *(said(cell(i, j)) for j in dom)) for i in dom)
    return Table(columns, rows, typed(f"{name}(row, column)"))


def failure_text(explanation) -> Line:
    """Where a statement fails in a model, from :func:`referee.logic.witness.explain`:
    the objects chosen and the facts that decide it ("take x = e0; blonde(e0) is true"),
    each formula kept whole on a line."""
    parts: list[Line] = []
    if explanation.bindings:
        chosen = [formula(f"{var} = {element(e)}") for var, e in explanation.bindings]
        parts.append("take " + joined(chosen, ", "))
    facts = [
        formula(to_unicode(atom)) + f" is {'true' if value else 'false'}"
        for atom, value in explanation.facts
    ]
    if facts:
        parts.append(joined(facts, ", "))
    for f in explanation.nothing:
        parts.append("no object makes " + formula(to_unicode(f)) + " true")
    for f in explanation.everything:
        parts.append("every object makes " + formula(to_unicode(f)) + " true")
    return joined(parts, "; ") if parts else said("it is false")


def fails_in(goal, model: Model) -> Line | None:
    """Where ``goal`` (a closed formula) fails in the countermodel ``model`` (None: the
    evaluator cannot say in time, or it does not fail)."""
    from referee.logic.evaluate import EvaluationError
    from referee.logic.witness import explain

    try:
        explanation = explain(goal, model)
    except EvaluationError:
        return None
    return None if explanation.value else failure_text(explanation)


def _used_lines(used: Sequence[int], texts: Sequence[str]) -> list[Line]:
    """The statements a verdict rests on, one a line: ``  3  ∀x happy(x)``."""
    width = max(len(str(i + 1)) for i in used)
    return [
        said(f"  {i + 1:>{width}}  ") + formula(texts[i] if i < len(texts) else "") for i in used
    ]


def _entries(items: list[Line | Table]) -> Said:
    """Each part of a verdict on its own, a line that wraps indented under its start."""
    return Said.of(
        item.laid(item.layout, more=2) if isinstance(item, Line) else item for item in items
    )


def verdict_said(
    verdict,
    premise_texts: Sequence[str] = (),
    goal=None,
    arities: Mapping[str, int] | None = None,
    detail: bool = False,
) -> Said:
    """A verdict, the answer first: the headline, the evidence, the statements used or
    where the goal fails in the countermodel; then, with ``detail``, what was tried and
    the model drawn as tables (without it, a line says how to see them). ``goal``: the
    goal as a formula (where it fails in a countermodel)."""
    parts: list[Line | Table] = []
    parts.append(status_text(verdict.status, f"   ({verdict.seconds:.3f} s)"))
    ev = verdict.evidence
    if str(verdict.status) == "undetermined":
        reason = words.undetermined(ev, True, verdict.limit)
    else:
        reason = words.reason(ev, True, lambda i: str(i + 1), "the statements used")
    parts.append(said("evidence: " + reason))
    if verdict.used:
        parts.append(said("statements used:"))
        parts.extend(_used_lines(verdict.used, premise_texts))
    if verdict.model is not None and goal is not None:
        where = fails_in(goal, verdict.model)
        if where is not None:
            parts.append("the goal fails in it: " + where)
    if ev.infinite is not None:
        parts.extend(infinite_model(ev.infinite, None))
    if detail or str(verdict.status) == "undetermined":
        for line in words.tried(ev, True):
            parts.append(said(f"tried: {line}", aside=True))
    for line in verdict.flags:
        parts.append(typed(line, Tone.BAD, strong=True))
    if verdict.model is not None:
        if detail:
            parts.extend(model_tables(verdict.model, arities))
        else:
            parts.append(
                said(
                    "(--detail: the countermodel drawn as tables)", aside=True
                ).only_at_a_terminal()
            )
    return _entries(parts)


def infinite_model(model, goal_text: str | None = None) -> list[Line]:
    """A model over ℕ or ℤ, one definition a line, and where the claim fails in it."""
    parts = [typed("  " + line) for line in words.infinite_lines(model)]
    where = words.witness_words(model, goal_text)
    if where:
        parts.append(typed("  " + where))
    return parts


def analysis_said(
    analysis,
    texts: Sequence[str],
    arities: Mapping[str, int] | None = None,
    detail: bool = False,
) -> Said:
    """A board's analysis, the answer first: consistent or not and why, the clash, then
    one row per statement (redundant or not, from which); with ``detail``, each row's
    evidence, what was tried and the model drawn as tables (a model over ℕ or ℤ, a few
    lines, is always shown)."""
    c = analysis.consistency
    parts: list[Line | Table] = []
    head = said("board: ") + status_text(c.status)
    parts.append(head + said(f"   ({analysis.seconds:.3f} s in all)", aside=True))
    number = lambda i: str(i + 1)  # noqa: E731
    if str(c.status) == "undetermined":
        reason = words.undetermined(c.evidence, False, c.limit)
    else:
        reason = words.reason(c.evidence, False, number, "the statements")
    parts.append(said("evidence: " + reason))
    if str(c.status) == "inconsistent" and c.used:
        named = ", ".join(number(i) for i in c.used)
        if c.evidence.minimal:  # each shown needed: a model of the others without it
            parts.append(said(f"clash (minimal: each is needed): {named}", Tone.BAD))
        else:
            parts.append(said(f"clash: {named} (not shown minimal)", Tone.BAD))
    if detail or str(c.status) == "undetermined":
        for line in words.tried(c.evidence, False):
            parts.append(said(f"tried: {line}", aside=True))
    columns = [
        Column(said("#"), Justify.RIGHT),
        Column(said("statement")),
        Column(said("redundant")),
        Column(said("used"), Justify.RIGHT),
    ]
    if detail:
        columns.append(Column(said("evidence")))
    answer = {"entailed": "yes", "not_entailed": "no", "undetermined": "undetermined"}
    rows = []
    for i, v in enumerate(analysis.redundancy):
        word = answer[str(v.status)]
        row: list[Line] = [
            said(str(i + 1)),
            statement_line("", texts[i] if i < len(texts) else ""),
            said(word, *TONE[word]),
            said(", ".join(number(j) for j in v.used)),
        ]
        if detail:
            if word == "undetermined":
                evidence = "; ".join(words.tried(v.evidence, True)) or words.undetermined(
                    v.evidence, True, v.limit
                )
            else:
                evidence = words.reason(v.evidence, True, number, "the statements used", brief=True)
            row.append(said(evidence))
        rows.append(tuple(row))
    title = said("redundancy of each statement")
    parts.append(Table(tuple(columns), tuple(rows), title, fit_title=True))
    for line in c.flags:
        parts.append(typed(line, Tone.BAD, strong=True))
    if c.evidence.infinite is not None:
        parts.append(said("a model of the whole board:", strong=True))
        parts.extend(infinite_model(c.evidence.infinite))
    more = "each statement's evidence"
    if c.model is not None:
        if detail:
            parts.append(said("a model of the whole board:", strong=True))
            parts.extend(model_tables(c.model, arities))
        more += " and the model drawn as tables"
    if not detail:
        parts.append(said(f"(--detail: {more})", aside=True).only_at_a_terminal())
    return _entries(parts)
