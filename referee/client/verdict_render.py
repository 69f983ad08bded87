"""Rich rendering of the engine's verdicts and of their models (no logic here).

What ``entails``, ``analyse``, ``derive`` and a game's claims settled by the engine
show: ``model_tables`` draws a structure as tables (the
domain, each function, each predicate; binary ones as a matrix),
``verdict_renderable`` a verdict with its evidence, ``analysis_renderable`` a
whole board's analysis (each the answer first, what fills a screen behind
``--detail``), ``failure_text`` where a statement fails in a model.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from referee.client import words
from referee.client.layout import titled
from referee.client.safe import Statement, formula, user
from referee.language.printer import to_unicode
from referee.logic.model import Model

STYLE = {
    "entailed": "bold green",
    "inconsistent": "bold red",
    "not_entailed": "bold yellow",
    "consistent": "bold green",
    "undetermined": "bold magenta",
    "yes": "green",
    "no": "yellow",
}


TRUE, FALSE = "✓", "·"


def element(i: int) -> str:
    return Model.element_name(i)


def status_text(status: str) -> Text:
    value = getattr(status, "value", status)
    return Text(words.HEADLINE.get(value, value.upper()), style=STYLE.get(value, "bold"))


def model_tables(model: Model, arities: Mapping[str, int] | None = None) -> list[Table]:
    """The domain, then constants, functions and predicates, one table each.

    ``arities`` (e.g. a vocabulary's predicates) says how to draw a predicate
    that holds of nothing (its arity cannot be read off an empty table).
    """
    arities = arities or {}
    tables: list[Table] = []
    dom = range(model.size)
    domain = Table(title=f"domain L ({words.objects(model.size)})")
    domain.add_column("object")
    named = {
        i: [
            n
            for n, t in sorted(model.functions.items())
            if t and len(next(iter(t))) == 0 and t[()] == i
        ]
        for i in dom
    }
    domain.add_column("named")
    for i in dom:
        domain.add_row(element(i), user(", ".join(named[i])))
    tables.append(domain)

    constants = {n: t for n, t in sorted(model.functions.items()) if () in t}
    if constants:
        t = Table(title="constants")
        t.add_column("name")
        t.add_column("object")
        for name, table in constants.items():
            t.add_row(user(name), element(table[()]))
        tables.append(t)

    for name, table in sorted(model.functions.items()):
        if name in constants or not table:
            continue
        arity = len(next(iter(table)))
        if arity == 2:
            tables.append(_matrix(name, lambda a, b, tb=table: element(tb[(a, b)]), dom))
            continue
        t = Table(title=user(f"function {name}"))
        for k in range(arity):
            t.add_column(f"x{k + 1}" if arity > 1 else "x")
        t.add_column(user(f"{name}(…)"))
        for args in itertools.product(dom, repeat=arity):
            t.add_row(*[element(a) for a in args], element(table[args]))
        tables.append(t)

    props = {}
    for name, rows in sorted(model.predicates.items()):
        arity = _arity(rows)
        if arity is None:
            arity = arities.get(name)
        if arity == 0:
            props[name] = rows
            continue
        if arity == 1 or (arity is None):
            t = Table(title=user(f"predicate {name}"))
            t.add_column("x")
            t.add_column(user(f"{name}(x)"))
            for i in dom:
                t.add_row(element(i), TRUE if (i,) in rows else FALSE)
            tables.append(t)
        elif arity == 2:
            tables.append(_matrix(name, lambda a, b, r=rows: TRUE if (a, b) in r else FALSE, dom))
        else:
            t = Table(title=user(f"relation {name} (rows that hold)"))
            for k in range(arity):
                t.add_column(f"x{k + 1}")
            for row in sorted(rows):
                t.add_row(*[element(a) for a in row])
            tables.append(t)
    if props:
        t = Table(title="propositions")
        t.add_column("name")
        t.add_column("value")
        for name, rows in props.items():
            t.add_row(user(name), "true" if rows else "false")
        tables.append(t)
    return [titled(t) for t in tables]


def _arity(rows) -> int | None:
    for row in rows:
        return len(row)
    return None  # empty: unknown (shown as a unary predicate that never holds)


def _matrix(name: str, cell, dom) -> Table:
    t = Table(title=user(f"{name}(row, column)"))
    t.add_column(user(name), style="bold")
    for j in dom:
        t.add_column(element(j), justify="center")
    for i in dom:
        t.add_row(element(i), *[cell(i, j) for j in dom])
    return t


def failure_text(explanation) -> Text:
    """Where a statement fails in a model, from :func:`referee.logic.witness.explain`:
    the objects chosen and the facts that decide it ("take x = e0; blonde(e0) is true"),
    each formula kept whole on a line."""
    parts: list[Text] = []
    if explanation.bindings:
        chosen = [formula(f"{var} = {element(e)}") for var, e in explanation.bindings]
        parts.append(Text("take ") + Text(", ").join(chosen))
    facts = [
        formula(to_unicode(atom)) + Text(f" is {'true' if value else 'false'}")
        for atom, value in explanation.facts
    ]
    if facts:
        parts.append(Text(", ").join(facts))
    for f in explanation.nothing:
        parts.append(Text("no object makes ") + formula(to_unicode(f)) + Text(" true"))
    for f in explanation.everything:
        parts.append(Text("every object makes ") + formula(to_unicode(f)) + Text(" true"))
    return Text("; ").join(parts) if parts else Text("it is false")


def fails_in(goal, model: Model) -> Text | None:
    """Where ``goal`` (a closed formula) fails in the countermodel ``model`` (None: the
    evaluator cannot say in time, or it does not fail)."""
    from referee.logic.evaluate import EvaluationError
    from referee.logic.witness import explain

    try:
        explanation = explain(goal, model)
    except EvaluationError:
        return None
    return None if explanation.value else failure_text(explanation)


def _used_lines(used: Sequence[int], texts: Sequence[str]) -> list[RenderableType]:
    """The statements a verdict rests on, one a line: ``  3  ∀x happy(x)``."""
    width = max(len(str(i + 1)) for i in used)
    return [
        Text(f"  {i + 1:>{width}}  ") + formula(texts[i] if i < len(texts) else "") for i in used
    ]


def verdict_renderable(
    verdict,
    premise_texts: Sequence[str] = (),
    goal=None,
    arities: Mapping[str, int] | None = None,
    detail: bool = False,
) -> RenderableType:
    """A verdict, the answer first: the headline, the evidence, the statements used or
    where the goal fails in the countermodel; then, with ``detail``, what was tried and
    the model drawn as tables (without it, a line says how to see them). ``goal``: the
    goal as a formula (where it fails in a countermodel)."""
    parts: list[RenderableType] = []
    head = status_text(verdict.status)
    head.append(f"   ({verdict.seconds:.3f} s)", style="dim")
    parts.append(head)
    ev = verdict.evidence
    if str(verdict.status) == "undetermined":
        said = words.undetermined(ev, True, verdict.limit)
    else:
        said = words.reason(ev, True, lambda i: str(i + 1), "the statements used")
    parts.append(Text("evidence: ") + Text(said))
    if verdict.used:
        parts.append(Text("statements used:"))
        parts.extend(_used_lines(verdict.used, premise_texts))
    if verdict.model is not None and goal is not None:
        where = fails_in(goal, verdict.model)
        if where is not None:
            parts.append(Text("the goal fails in it: ") + where)
    if ev.infinite is not None:
        parts.extend(infinite_model(ev.infinite, None))
    if detail or str(verdict.status) == "undetermined":
        for line in words.tried(ev, True):
            parts.append(Text(f"tried: {line}", style="dim"))
    for line in verdict.flags:
        parts.append(user(line, "bold red"))
    if verdict.model is not None:
        if detail:
            parts.extend(model_tables(verdict.model, arities))
        else:
            parts.append(Text("(--detail: the countermodel drawn as tables)", style="dim"))
    return Group(*parts)


def infinite_model(model, goal_text: str | None = None) -> list[RenderableType]:
    """A model over ℕ or ℤ, one definition a line, and where the claim fails in it."""
    parts: list[RenderableType] = [user("  " + line) for line in words.infinite_lines(model)]
    where = words.witness_words(model, goal_text)
    if where:
        parts.append(user("  " + where))
    return parts


def analysis_renderable(
    analysis,
    texts: Sequence[str],
    arities: Mapping[str, int] | None = None,
    detail: bool = False,
) -> RenderableType:
    """A board's analysis, the answer first: consistent or not and why, the clash, then
    one row per statement (redundant or not, from which); with ``detail``, each row's
    evidence, what was tried and the model drawn as tables (a model over ℕ or ℤ, a few
    lines, is always shown)."""
    c = analysis.consistency
    parts: list[RenderableType] = []
    head = Text("board: ")
    head.append_text(status_text(c.status))
    head.append(f"   ({analysis.seconds:.3f} s in all)", style="dim")
    parts.append(head)
    number = lambda i: str(i + 1)  # noqa: E731
    if str(c.status) == "undetermined":
        said = words.undetermined(c.evidence, False, c.limit)
    else:
        said = words.reason(c.evidence, False, number, "the statements")
    parts.append(Text("evidence: ") + Text(said))
    if str(c.status) == "inconsistent" and c.used:
        named = ", ".join(number(i) for i in c.used)
        if c.evidence.minimal:  # each shown needed: a model of the others without it
            parts.append(Text(f"clash (minimal: each is needed): {named}", style="red"))
        else:
            parts.append(Text(f"clash: {named} (not shown minimal)", style="red"))
    if detail or str(c.status) == "undetermined":
        for line in words.tried(c.evidence, False):
            parts.append(Text(f"tried: {line}", style="dim"))
    table = Table(title="redundancy of each statement")
    table.add_column("#", justify="right")
    table.add_column("statement")
    table.add_column("redundant")
    table.add_column("used", justify="right")
    if detail:
        table.add_column("evidence")
    answer = {"entailed": "yes", "not_entailed": "no", "undetermined": "undetermined"}
    for i, v in enumerate(analysis.redundancy):
        word = answer[str(v.status)]
        row: list[RenderableType] = [
            str(i + 1),
            Statement(texts[i] if i < len(texts) else ""),
            Text(word, style=STYLE.get(word, "magenta")),
            ", ".join(number(j) for j in v.used),
        ]
        if detail:
            if word == "undetermined":
                evidence = "; ".join(words.tried(v.evidence, True)) or words.undetermined(
                    v.evidence, True, v.limit
                )
            else:
                evidence = words.reason(v.evidence, True, number, "the statements used", brief=True)
            row.append(Text(evidence))
        table.add_row(*row)
    parts.append(titled(table))
    for line in c.flags:
        parts.append(user(line, "bold red"))
    if c.evidence.infinite is not None:
        parts.append(Text("a model of the whole board:", style="bold"))
        parts.extend(infinite_model(c.evidence.infinite))
    more = "each statement's evidence"
    if c.model is not None:
        if detail:
            parts.append(Text("a model of the whole board:", style="bold"))
            parts.extend(model_tables(c.model, arities))
        more += " and the model drawn as tables"
    if not detail:
        parts.append(Text(f"(--detail: {more})", style="dim"))
    return Group(*parts)
