"""Checking a derivation line by line.

* an assumption opens a subproof and needs no check;
* a cited line (``by 1, board 2``) holds when the engine shows it follows from
  what it cites, within the per-line time limit; a countermodel refutes it;
* a named rule is checked exactly as that rule, on syntax trees, with no solver
  (:mod:`referee.derivation.rules`).

Every line is checked on its own, taking the lines it cites as given, so one
wrong step does not hide the others. The derivation holds when every line
does; it then proves its last line from the board statements it rests on.
The core never prints: the result is data, rendered by ``referee.cli``.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.derivation.reasons import Refusal, Said, Why
from referee.derivation.rules import Context, Premise, check_rule, same, show
from referee.derivation.syntax import (
    Derivation,
    DerivationError,
    Line,
    Ref,
    parse_derivation,
    rule_name,
)
from referee.language.ast import FORALL, Eq, Falsum, Formula, Quant, Statement, Var
from referee.language.vocabulary import Vocabulary
from referee.logic.evidence import Evidence
from referee.logic.model import Model
from referee.logic.verdict import Status


class LineStatus(enum.StrEnum):
    """What the checker made of one line (the JSON of ``derive --json`` says the same)."""

    OK = "ok"
    ASSUMPTION = "assumption"  # opens a subproof: nothing to check
    REFUSED = "refused"
    UNDETERMINED = "undetermined"  # the engine could not decide in time


class CheckedBy(enum.StrEnum):
    """How a cited line (not a named rule) was checked."""

    RESTATEMENT = "restatement"  # it says what it cites: no engine needed
    ENGINE = "engine"


@dataclass
class LineVerdict:
    label: int
    file_line: int
    statement: str  # the line's statement, printed (Unicode)
    justification: str  # as the checker read it
    status: LineStatus
    reason: Said  # what was checked, or what the step needed and did not get (as data)
    rule: str | None = None
    cites: tuple[str, ...] = ()
    used: tuple[str, ...] | None = None  # for engine steps: the citations the proof needed
    model: Model | None = None  # the countermodel to a refused engine step
    method: CheckedBy | None = None  # how a cited line was checked (None: a rule, or assumed)
    evidence: Evidence | None = None  # the engine's, for an engine step
    seconds: float = 0.0
    depth: int = 0  # subproof nesting, for display
    fresh: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.status in (LineStatus.OK, LineStatus.ASSUMPTION)

    def to_json(self) -> dict:
        """The line as JSON, without words: the interface adds ``reason``, the sentence."""
        out: dict = {
            "line": self.label,
            "file_line": self.file_line,
            "statement": self.statement,
            "justification": self.justification,
            "status": self.status.value,
            "why": self.reason.why.value,
            "depth": self.depth,
        }
        if self.rule:
            out["rule"] = self.rule
        if self.cites:
            out["cites"] = list(self.cites)
        if self.fresh:
            out["fresh"] = list(self.fresh)
        if self.used is not None:
            out["used"] = list(self.used)
        if self.method is not None:
            out["method"] = self.method.value
            out["seconds"] = round(self.seconds, 3)
        if self.evidence is not None:
            out["evidence"] = self.evidence.to_json()
        if self.model is not None:
            out["countermodel"] = self.model.to_json()
        return out


@dataclass
class DerivationResult:
    ok: bool
    lines: list[LineVerdict]
    conclusion: Formula
    rests_on: tuple[int, ...]  # board statement numbers (1-based) the conclusion rests on
    text: str = ""  # the derivation as given (for the game record)
    seconds: float = 0.0
    per_line_timeout: float | None = None
    failed: tuple[int, ...] = field(default=())  # labels of lines that do not hold

    @property
    def inconsistent(self) -> bool:
        """The derivation checks and ends in ⊥: the statements it rests on are inconsistent."""
        return self.ok and isinstance(self.conclusion, Falsum)

    def proves(self, formula: Formula, without: int | None = None) -> bool:
        """Checks, ends in ``formula`` (up to bound-variable names), and, if ``without`` is
        given, does not rest on that board statement (a redundancy claim)."""
        if not self.ok:
            return False
        if without is not None and without in self.rests_on:
            return False
        return isinstance(self.conclusion, Falsum) or same(self.conclusion, formula)

    def to_json(self) -> dict:
        return {
            "ok": self.ok,
            "conclusion": show(self.conclusion),
            "inconsistent": self.inconsistent,
            "rests_on": list(self.rests_on),
            "failed": list(self.failed),
            "per_line_timeout": self.per_line_timeout,
            "seconds": round(self.seconds, 3),
            "lines": [v.to_json() for v in self.lines],
        }


def check_derivation(
    board_statements: list[Statement] | tuple[Statement, ...],
    derivation_text: str,
    vocabulary: Vocabulary,
    engine: Any = None,
    per_line_timeout: float | None = None,
) -> DerivationResult:
    """Check every line of ``derivation_text`` against the board.

    ``vocabulary`` is the board's (the deck's, with the names given by ∃!).
    ``engine`` (a :class:`referee.logic.engine.Engine`) is used only for cited
    steps; one is made when needed. ``per_line_timeout`` (seconds) bounds each
    engine question; it overrides the engine's own limit. Raises
    :class:`referee.derivation.syntax.DerivationError` for a file that is not a
    derivation (unknown lines, forward citations, cycles, unclosed subproofs).
    """
    start = time.monotonic()
    derivation = parse_derivation(derivation_text, vocabulary, len(board_statements))
    board = [s.asserted for s in board_statements]
    raw_board = [s.formula for s in board_statements]
    asker = _EngineAsker(engine, per_line_timeout)
    try:
        verdicts = [
            _check_line(derivation, line, board, raw_board, asker) for line in derivation.lines
        ]
    finally:
        asker.close()
    failed = tuple(v.label for v in verdicts if not v.ok)
    conclusion = derivation.conclusion
    assert conclusion.formula is not None
    return DerivationResult(
        ok=not failed,
        lines=verdicts,
        conclusion=conclusion.formula,
        rests_on=rests_on(derivation, conclusion),
        text=derivation_text,
        seconds=time.monotonic() - start,
        per_line_timeout=asker.timeout,
        failed=failed,
    )


# ``referee derive``'s limit per cited step when none is given: a derivation the
# referee shows must hold under it.
LINE_TIMEOUT = 3.0

# Where a board has no statement numbered n: citing ``board n`` proves nothing.
TRIVIAL = Statement(Quant(FORALL, "x", Eq(Var("x"), Var("x"))))


def numbered_board(statements: Mapping[int, Statement]) -> list[Statement]:
    """The board as the checker numbers it (statement n at index n - 1), gaps filled
    with the trivial ``∀x x = x``."""
    top = max(statements, default=0)
    return [statements.get(n, TRIVIAL) for n in range(1, top + 1)]


def check_written(
    board: Mapping[int, Statement],
    text: str,
    goal: Formula | None,
    vocabulary: Vocabulary,
    engine: Any = None,
    per_line_timeout: float | None = None,
) -> DerivationResult | None:
    """The one check of a derivation the referee wrote: :func:`check_derivation`, as
    ``referee derive`` runs it, on ``board`` (statements by number); the result when
    every line holds, the last is ``goal`` (None: ⊥) and it rests only on ``board``'s
    statements, else None. The writer runs it with its own Z3, the commands again
    with the engine before they show anything."""
    try:
        result = check_derivation(numbered_board(board), text, vocabulary, engine, per_line_timeout)
    except DerivationError:
        return None
    if not result.ok or not same(result.conclusion, Falsum() if goal is None else goal):
        return None
    if not set(result.rests_on) <= set(board):
        return None
    return result


def rests_on(d: Derivation, line: Line) -> tuple[int, ...]:
    """The board statements ``line`` depends on, through everything it cites."""
    boards: set[int] = set()
    seen: set[int] = set()
    todo = [line.label]
    while todo:
        label = todo.pop()
        if label in seen:
            continue
        seen.add(label)
        for ref in d.by_label[label].justification.refs:
            if ref.kind == "board":
                boards.add(ref.start)
            elif ref.kind == "line":
                todo.append(ref.start)
            else:
                todo.extend(d.subproofs[d.by_label[ref.start].opens].labels)  # type: ignore[index]
    return tuple(sorted(boards))


class _EngineAsker:
    """Builds the engine on first use (pure-rule derivations never import Z3).

    An engine the caller gave is used with this derivation's per-line limit
    (the same warm workers); one made here is closed when the check ends.
    """

    def __init__(self, engine: Any, timeout: float | None) -> None:
        self.engine = engine
        self.timeout = timeout
        self._made = False
        self._ready = False

    def ask(self, premises: list[Formula], goal: Formula, vocabulary: Vocabulary):
        if not self._ready:
            if self.engine is None:
                from referee.logic.engine import Engine

                self.engine = Engine()
                self._made = True
            if self.timeout is None:
                self.timeout = self.engine.limits.timeout
            self._warm()
            self._ready = True
        return self.engine.entailment(premises, [goal], timeout=self.timeout)

    def close(self) -> None:
        if self._made and self.engine is not None:
            self.engine.close()
            self.engine = None

    def _warm(self) -> None:
        """Start the workers first, so the first step's limit is not spent starting them."""
        try:
            self.engine.warm()
        except Exception:  # pragma: no cover - warming is only an optimisation
            pass


def _depth(d: Derivation, line: Line) -> int:
    n = len(d.ancestors(line.subproof))
    return n - 1 if line.opens is not None else n


def _verdict(d: Derivation, line: Line, status: LineStatus, reason: Said, **kw) -> LineVerdict:
    return LineVerdict(
        label=line.label,
        file_line=line.file_line,
        statement=show(line.formula) if line.formula is not None else "",
        justification=line.justification.describe(),
        status=status,
        reason=reason,
        rule=rule_name(line.justification.rule) if line.justification.rule else None,
        cites=tuple(str(r) for r in line.justification.refs),
        depth=_depth(d, line),
        fresh=line.constants,
        **kw,
    )


def _premise(d: Derivation, line: Line, ref: Ref, board: list[Formula]) -> Premise:
    """What a citation brings, or :class:`Refusal` if it cannot be cited from ``line``."""
    here = set(d.ancestors(line.subproof))
    if ref.kind == "board":
        return Premise(str(ref), formula=board[ref.start - 1])
    if ref.kind == "line":
        target = d.by_label[ref.start]
        closed = [s for s in d.ancestors(target.subproof) if s not in here]
        if closed:
            sp = d.subproofs[closed[-1]]
            raise Refusal(
                Why.CITES_INSIDE_CLOSED, line=ref.start, range=sp.range_text, label=line.label
            )
        if target.formula is None:
            raise Refusal(Why.CITES_A_FRESH_NAME_ONLY, line=ref.start, constants=target.constants)
        return Premise(str(ref), formula=target.formula)
    opener = d.by_label[ref.start]
    sp = d.subproofs[opener.opens]  # type: ignore[index]
    if sp.parent is not None and sp.parent not in here:
        outer = d.subproofs[sp.parent]
        raise Refusal(
            Why.CITES_SUBPROOF_IN_CLOSED, ref=str(ref), range=outer.range_text, label=line.label
        )
    last = d.by_label[sp.end]  # type: ignore[index]
    if last.subproof != sp.id:
        inner = d.subproofs[last.subproof]  # type: ignore[index]
        raise Refusal(Why.CITES_SUBPROOF_ENDING_INSIDE, ref=str(ref), range=inner.range_text)
    if last.formula is None:
        raise Refusal(Why.CITES_SUBPROOF_STATING_NOTHING, ref=str(ref))
    return Premise(
        str(ref),
        assumption=opener.formula,
        last=last.formula,
        constants=opener.constants,
    )


def _check_line(
    d: Derivation,
    line: Line,
    board: list[Formula],
    raw_board: list[Formula],
    asker: _EngineAsker,
) -> LineVerdict:
    just = line.justification
    if just.kind == "assumption":
        sp = d.subproofs[line.opens]  # type: ignore[index]
        what = Said.of(Why.OPENS_SUBPROOF, range=sp.range_text, fresh=line.constants)
        return _verdict(d, line, LineStatus.ASSUMPTION, what)
    assert line.formula is not None
    try:
        premises = [_premise(d, line, ref, board) for ref in just.refs]
    except Refusal as exc:
        return _verdict(d, line, LineStatus.REFUSED, exc.said)

    if just.kind == "rule":
        ctx = Context(
            open_assumptions=[
                (a.label, a.formula) for a in d.open_assumptions(line) if a.formula is not None
            ],
            fresh={name: opener.label for name, opener in d.fresh_names(line).items()},
        )
        try:
            what = check_rule(just.rule, line.formula, premises, ctx)  # type: ignore[arg-type]
        except Refusal as exc:
            said = Said(exc.said.why, exc.said.facts, rule=just.rule)
            return _verdict(d, line, LineStatus.REFUSED, said)
        return _verdict(d, line, LineStatus.OK, what)

    # cited: the same statement needs no engine
    for ref, p in zip(just.refs, premises, strict=True):
        if same(p.formula, line.formula) or (
            ref.kind == "board" and same(raw_board[ref.start - 1], line.formula)
        ):
            return _verdict(
                d,
                line,
                LineStatus.OK,
                Said.of(Why.RESTATES, premise=p),
                used=(str(ref),),
                method=CheckedBy.RESTATEMENT,
            )

    vocab = d.vocabulary
    for name in d.fresh_names(line):
        vocab = vocab.extend(name, 0)
    formulas = [p.formula for p in premises]
    try:
        v = asker.ask(formulas, line.formula, vocab)  # type: ignore[arg-type]
    except Exception as exc:  # the engine failing must not take the whole check down
        failed = Said.of(Why.ENGINE_FAILED, error=str(exc))
        return _verdict(d, line, LineStatus.UNDETERMINED, failed)
    used = tuple(str(just.refs[i]) for i in v.used if i < len(just.refs))
    cited = tuple(str(r) for r in just.refs)
    if v.status is Status.ENTAILED:
        unused = tuple(r for r in cited if r not in used)
        reason = Said.of(Why.FOLLOWS, used=used, unused=unused)
        return _verdict(
            d,
            line,
            LineStatus.OK,
            reason,
            used=used,
            method=CheckedBy.ENGINE,
            evidence=v.evidence,
            seconds=v.seconds,
        )
    if v.status is Status.NOT_ENTAILED:
        return _verdict(
            d,
            line,
            LineStatus.REFUSED,
            Said.of(Why.DOES_NOT_FOLLOW, cites=cited),
            model=v.model,
            method=CheckedBy.ENGINE,
            evidence=v.evidence,
            seconds=v.seconds,
        )
    return _verdict(
        d,
        line,
        LineStatus.UNDETERMINED,
        Said.of(Why.UNDECIDED, cites=cited, limit=asker.timeout),
        method=CheckedBy.ENGINE,
        evidence=v.evidence,
        seconds=v.seconds,
    )
