"""Rich rendering of the engine's verdicts and of their models (no logic here).

What ``entails``, ``analyse``, ``derive`` and a game's claims settled by the engine
show: ``model_tables`` draws a structure as tables (the
domain, each function, each predicate; binary ones as a matrix),
``verdict_renderable`` a verdict with its evidence, ``analysis_renderable`` a
whole board's analysis.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from referee.client import words
from referee.client.layout import titled
from referee.client.safe import user
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


def verdict_renderable(
    verdict,
    premise_texts: Sequence[str] = (),
    goal_text: str | None = None,
    arities: Mapping[str, int] | None = None,
) -> RenderableType:
    """A verdict: the answer, the evidence, the statements used, what was tried, the model."""
    counter = goal_text is not None
    parts: list[RenderableType] = []
    head = Text()
    if goal_text:
        head.append_text(user(goal_text, "italic"))
        head.append("\n")
    head.append_text(status_text(verdict.status))
    head.append(f"   ({verdict.seconds:.3f} s)", style="dim")
    parts.append(head)
    ev = verdict.evidence
    if str(verdict.status) == "undetermined":
        parts.append(Text("evidence: " + words.undetermined(ev, counter, verdict.limit)))
    else:
        used = "the statements used"
        parts.append(Text("evidence: " + words.reason(ev, counter, lambda i: str(i + 1), used)))
    if verdict.used:
        t = Table(title="statements used", show_header=True)
        t.add_column("#", justify="right")
        t.add_column("statement")
        for i in verdict.used:
            t.add_row(str(i + 1), user(premise_texts[i] if i < len(premise_texts) else ""))
        parts.append(titled(t))
    for line in words.tried(ev, counter):
        parts.append(Text(f"tried: {line}", style="dim"))
    for line in verdict.flags:
        parts.append(user(line, "bold red"))
    if verdict.model is not None:
        parts.extend(model_tables(verdict.model, arities))
    if ev.infinite is not None:
        parts.extend(infinite_model(ev.infinite, goal_text))
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
    show_model: bool = True,
    arities: Mapping[str, int] | None = None,
) -> RenderableType:
    """Consistency, then one row per statement: redundant or not, and why."""
    c = analysis.consistency
    parts: list[RenderableType] = []
    head = Text("board: ")
    head.append_text(status_text(c.status))
    head.append(f"   ({analysis.seconds:.3f} s in all)", style="dim")
    parts.append(head)
    number = lambda i: str(i + 1)  # noqa: E731
    if str(c.status) == "undetermined":
        parts.append(Text("evidence: " + words.undetermined(c.evidence, False, c.limit)))
    else:
        parts.append(Text("evidence: " + words.reason(c.evidence, False, number, "the statements")))
    if str(c.status) == "inconsistent" and c.used:
        parts.append(Text("clash: " + ", ".join(number(i) for i in c.used), style="red"))
    for line in words.tried(c.evidence, False):
        parts.append(Text(f"tried: {line}", style="dim"))
    table = Table(title="redundancy of each statement")
    table.add_column("#", justify="right")
    table.add_column("statement")
    table.add_column("redundant")
    table.add_column("used", justify="right")
    table.add_column("evidence")
    answer = {"entailed": "yes", "not_entailed": "no", "undetermined": "undetermined"}
    for i, v in enumerate(analysis.redundancy):
        word = answer[str(v.status)]
        if word == "undetermined":
            evidence = "; ".join(words.tried(v.evidence, True)) or words.undetermined(
                v.evidence, True, v.limit
            )
        else:
            evidence = words.reason(v.evidence, True, number, "the statements used", brief=True)
        table.add_row(
            str(i + 1),
            user(texts[i] if i < len(texts) else ""),
            Text(word, style=STYLE.get(word, "magenta")),
            ", ".join(number(j) for j in v.used),
            Text(evidence),
        )
    parts.append(titled(table))
    for line in c.flags:
        parts.append(user(line, "bold red"))
    if show_model and c.model is not None:
        parts.append(Text("a model of the whole board:", style="bold"))
        parts.extend(model_tables(c.model, arities))
    if show_model and c.evidence.infinite is not None:
        parts.append(Text("a model of the whole board:", style="bold"))
        parts.extend(infinite_model(c.evidence.infinite))
    return Group(*parts)
