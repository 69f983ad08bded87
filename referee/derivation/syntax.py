"""Derivation files: text → numbered lines, subproofs and justifications.

A derivation is plain text, one step a line::

    # comments and blank lines are ignored
    1. ∀x (blonde(x) → happy(x))        by board 1
    2. assume [a] blonde(a)              (opens a subproof; a is a fresh name)
    3.   blonde(a) → happy(a)            by ∀E 1
    4.   happy(a)                        by MP 3, 2
    end                                  (closes the innermost subproof)
    5. ∀x (blonde(x) → happy(x))         by ∀I 2-4    (refused: a is in the assumption)

This module only reads the structure and the formulas (with the parser) and
refuses files that cannot be a derivation at all: unknown or duplicate line
numbers, citations of later lines, cycles, subproofs never closed, unknown rule
names. Whether each step is *right* is :mod:`referee.derivation.checker`'s job.

Lines end at ``\n`` (or ``\r\n``) only, and a line holding an invisible or
text-moving character is refused, comment included, as in board files
(:mod:`referee.language.characters`). Line numbers are at most
``limits.MAX_NUMBER``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from referee.language import ast
from referee.language.characters import first_refused, refusal, split_lines
from referee.language.english import count, thousands
from referee.language.errors import LocatedError, Location
from referee.language.limits import MAX_NUMBER, read_natural
from referee.language.parser import ParseError, parse_formula
from referee.language.vocabulary import NAME_RE, Vocabulary


class DerivationError(LocatedError):
    """A derivation file that cannot be read, with the file line it is about (1-based)."""

    def __init__(self, message: str, line: int = 0, source: str = "", column: int = 0) -> None:
        located = Location(source, 1, column) if line and source else None
        super().__init__(message, located)
        self.line = line
        self.source = source
        self.column = column

    def where(self) -> str:
        return f"line {self.line}" if self.line else ""

    def to_json(self) -> dict:
        return {"message": self.message, "line": self.line, "column": self.column}


# ------------------------------------------------------------------- rules

# canonical key -> (display name, aliases). Aliases are compared after
# lower-casing and dropping spaces, hyphens, underscores and apostrophes.
RULES: dict[str, tuple[str, tuple[str, ...]]] = {
    "reit": ("reiteration", ("reit", "r", "reiteration", "copy", "repeat")),
    "mp": ("modus ponens", ("mp", "modus ponens", "→E", "->E", "=>E", "implies elim", "→ elim")),
    "mt": ("modus tollens", ("mt", "modus tollens")),
    "hs": ("hypothetical syllogism", ("hs", "hypothetical syllogism", "chain")),
    "ds": ("disjunctive syllogism", ("ds", "disjunctive syllogism")),
    "and_i": (
        "∧ introduction",
        ("∧I", "&I", "/\\I", "and I", "and intro", "and introduction", "conj", "conjunction"),
    ),
    "and_e": (
        "∧ elimination",
        ("∧E", "&E", "/\\E", "and E", "and elim", "and elimination", "simp", "simplification"),
    ),
    "or_i": (
        "∨ introduction",
        ("∨I", "\\/I", "or I", "or intro", "or introduction", "add", "addition"),
    ),
    "or_e": (
        "∨ elimination",
        ("∨E", "\\/E", "or E", "or elim", "or elimination", "cases", "proof by cases"),
    ),
    "imp_i": (
        "→ introduction",
        ("→I", "->I", "=>I", "implies intro", "cp", "conditional proof", "deduction"),
    ),
    "iff_i": ("↔ introduction", ("↔I", "<->I", "<=>I", "iff I", "iff intro", "bicond intro")),
    "iff_e": ("↔ elimination", ("↔E", "<->E", "<=>E", "iff E", "iff elim", "bicond elim")),
    "dem": (
        "De Morgan",
        ("dem", "de morgan", "demorgan", "de morgans", "qn", "quantifier negation"),
    ),
    "dn": ("double negation", ("dn", "double negation", "¬¬", "~~", "dne", "dni")),
    "forall_e": (
        "∀ elimination",
        ("∀E", "forall E", "forall elim", "ui", "universal instantiation", "all E"),
    ),
    "forall_i": (
        "∀ introduction",
        (
            "∀I",
            "forall I",
            "forall intro",
            "ug",
            "universal generalisation",
            "universal generalization",
            "all I",
        ),
    ),
    "exists_i": (
        "∃ introduction",
        (
            "∃I",
            "exists I",
            "exists intro",
            "eg",
            "existential generalisation",
            "existential generalization",
            "existential introduction",
        ),
    ),
    "exists_e": (
        "∃ elimination",
        (
            "∃E",
            "exists E",
            "exists elim",
            "ei",
            "existential instantiation",
            "existential elimination",
        ),
    ),
    "eq_e": (
        "= elimination (substitution)",
        ("=E", "eq E", "subst", "substitution", "equality substitution", "leibniz"),
    ),
    "eq_i": ("= introduction (reflexivity)", ("=I", "eq I", "refl", "reflexivity")),
    "bot_i": ("⊥ introduction", ("⊥I", "false I", "bottom I", "absurdity", "contradiction")),
    "bot_e": ("⊥ elimination (explosion)", ("⊥E", "false E", "explosion", "efq", "ex falso")),
    "count": ("counting (|L|)", ("count", "counting", "cardinality", "card", "|L|")),
    "def": (
        "definition (∃!, |L|)",
        ("def", "definition", "by definition", "unique", "∃!", "exists!", "uniqueness"),
    ),
    "pbc": (
        "proof by contradiction",
        (
            "pbc",
            "proof by contradiction",
            "raa",
            "reductio",
            "reductio ad absurdum",
            "¬I",
            "~I",
            "not I",
            "ip",
            "indirect proof",
        ),
    ),
}

# Which rules discharge subproofs (and so may cite ranges).
SUBPROOF_RULES = {"or_e", "imp_i", "iff_i", "forall_i", "exists_e", "pbc"}


def _norm(name: str) -> str:
    return re.sub(r"[\s\-_'’.]", "", name.lower())


_ALIASES: dict[str, str] = {}
for _key, (_display, _names) in RULES.items():
    for _alias in (*_names, _display, _key):
        _ALIASES[_norm(_alias)] = _key


def rule_key(name: str) -> str | None:
    return _ALIASES.get(_norm(name))


def rule_name(key: str) -> str:
    return RULES[key][0]


# ------------------------------------------------------------ file structure


@dataclass(frozen=True)
class Ref:
    """A citation: ``3`` (a line), ``board 2`` (a board statement) or ``3-6`` (a subproof)."""

    kind: str  # "line" | "board" | "range"
    start: int
    end: int = 0

    def __str__(self) -> str:
        if self.kind == "board":
            return f"board {self.start}"
        if self.kind == "range":
            return f"{self.start}-{self.end}"
        return str(self.start)

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind, "start": self.start}
        if self.kind == "range":
            out["end"] = self.end
        return out


@dataclass(frozen=True)
class Justification:
    kind: str  # "assumption" | "cite" | "rule"
    rule: str | None = None  # canonical key (rules only)
    refs: tuple[Ref, ...] = ()
    text: str = ""

    def describe(self) -> str:
        if self.kind == "assumption":
            return "assumption"
        refs = ", ".join(str(r) for r in self.refs)
        if self.kind == "cite":
            return f"by {refs}" if refs else "by logic"
        return f"by {rule_name(self.rule)} {refs}".rstrip()


@dataclass
class Line:
    label: int  # the number the player wrote
    index: int  # position among the numbered lines (0-based)
    file_line: int  # 1-based line in the file
    source: str  # the text of the file line
    formula_text: str
    formula: ast.Formula | None  # None for a bare ``assume [a]`` line
    justification: Justification
    constants: tuple[str, ...] = ()  # fresh names this line introduces (``[a]``)
    subproof: int | None = None  # innermost enclosing subproof id (None: top level)
    opens: int | None = None  # the subproof this assumption opens

    @property
    def is_assumption(self) -> bool:
        return self.justification.kind == "assumption"


@dataclass
class Subproof:
    id: int
    start: int  # label of the opening line
    parent: int | None
    constants: tuple[str, ...]
    end: int | None = None  # label of the last line (None while open)
    close_file_line: int = 0
    labels: list[int] = field(default_factory=list)  # every numbered line inside, nested too

    @property
    def range_text(self) -> str:
        return f"{self.start}-{self.end}" if self.end is not None else f"{self.start}-"


@dataclass
class Derivation:
    lines: list[Line]
    subproofs: dict[int, Subproof]
    by_label: dict[int, Line]
    vocabulary: Vocabulary  # the board's vocabulary (without fresh names)

    @property
    def conclusion(self) -> Line:
        return self.lines[-1]

    def ancestors(self, subproof: int | None) -> list[int]:
        """The subproof ids enclosing a point, innermost first."""
        out = []
        while subproof is not None:
            out.append(subproof)
            subproof = self.subproofs[subproof].parent
        return out

    def open_assumptions(self, line: Line) -> list[Line]:
        """The assumption lines still open at ``line`` (outermost first)."""
        return [
            self.by_label[self.subproofs[s].start] for s in reversed(self.ancestors(line.subproof))
        ]

    def fresh_names(self, line: Line) -> dict[str, Line]:
        """Fresh names in scope at ``line`` → the assumption line that introduced them."""
        out = {}
        for opener in self.open_assumptions(line):
            for c in opener.constants:
                out[c] = opener
        return out


_LINE_RE = re.compile(r"^\s*([0-9]+)\s*[.:)]?\s+(.*?)\s*$")
_BY_RE = re.compile(r"(?:^|\s)by(?:\s+|$)")
_ASSUME_RE = re.compile(r"^(assume|assumption|suppose|hyp)\b\s*(.*)$", re.IGNORECASE)
_BOX_RE = re.compile(r"^\[([^\]]*)\]\s*(.*)$")
_END_RE = re.compile(r"^\s*(end|qed|close|\})\s*\.?\s*$", re.IGNORECASE)
_REF_TOKEN = re.compile(
    r"\s*(?:(board)\s*([0-9]+)|([0-9]+)\s*(?:-|–|—|\.\.)\s*([0-9]+)|([0-9]+))\s*(?:,|$|(?=\s))",
    re.IGNORECASE,
)
_ASSUMPTION_WORDS = {"assumption", "assume", "hyp", "hypothesis", "premise of subproof"}


def _strip_comment(text: str) -> str:
    pos = text.find("#")
    return text if pos < 0 else text[:pos]


def _number(digits: str, file_line: int, source: str) -> int:
    value = read_natural(digits, MAX_NUMBER)
    if value is None:
        shown = digits if len(digits) <= 20 else digits[:20] + "…"
        raise DerivationError(
            f"{shown} is too large for a line or statement number (at most "
            f"{thousands(MAX_NUMBER)})",
            file_line,
            source,
        )
    return value


def _parse_refs(text: str, file_line: int, source: str) -> tuple[Ref, ...]:
    refs: list[Ref] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _REF_TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise DerivationError(
                f"cannot read the citation {text[pos:].strip()!r}: cite lines as `1, 3`, "
                "board statements as `board 2`, subproofs as `3-6`",
                file_line,
                source,
            )
        if m.group(2):
            refs.append(Ref("board", _number(m.group(2), file_line, source)))
        elif m.group(3):
            a, b = _number(m.group(3), file_line, source), _number(m.group(4), file_line, source)
            if b < a:
                raise DerivationError(
                    f"the range {a}-{b} runs backwards: write {b}-{a}", file_line, source
                )
            refs.append(Ref("range", a, b))
        else:
            refs.append(Ref("line", _number(m.group(5), file_line, source)))
        pos = m.end()
    return tuple(refs)


def _parse_justification(text: str, file_line: int, source: str) -> Justification:
    text = text.strip()
    if text.lower() in _ASSUMPTION_WORDS:
        return Justification("assumption", text=text)
    if text.lower() == "logic" or not text:
        return Justification("cite", None, (), text)
    m = re.match(r"^(.*?)\s*((?:board\s*)?[0-9].*)?$", text, re.IGNORECASE | re.DOTALL)
    assert m is not None
    name, refs_text = m.group(1).strip(), m.group(2) or ""
    refs = _parse_refs(refs_text, file_line, source) if refs_text else ()
    if not name:
        if any(r.kind == "range" for r in refs):
            raise DerivationError(
                "a subproof (a range like 3-6) can only be cited by a rule that discharges "
                "it: ∨E, →I, ↔I, ∀I, ∃E or proof by contradiction",
                file_line,
                source,
            )
        return Justification("cite", None, refs, text)
    key = rule_key(name)
    if key is None:
        names = sorted({_norm(a) for _, aliases in RULES.values() for a in aliases})
        close = difflib.get_close_matches(_norm(name), names, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise DerivationError(
            f"unknown rule {name!r}{hint}: the rules are listed in docs/checking.md (The rules)",
            file_line,
            source,
        )
    if key not in SUBPROOF_RULES and any(r.kind == "range" for r in refs):
        raise DerivationError(
            f"{rule_name(key)} does not discharge a subproof, so it cannot cite a range",
            file_line,
            source,
        )
    return Justification("rule", key, refs, text)


def _parse_box(text: str, file_line: int, source: str) -> tuple[tuple[str, ...], str]:
    m = _BOX_RE.match(text)
    if not m:
        return (), text
    names = tuple(n for n in re.split(r"[\s,]+", m.group(1).strip()) if n)
    if not names:
        raise DerivationError("[ ] must name at least one fresh name, e.g. [a]", file_line, source)
    for n in names:
        if not NAME_RE.fullmatch(n) or n[0].isdigit():
            raise DerivationError(f"{n!r} cannot be a fresh name: use a letter", file_line, source)
    if len(set(names)) != len(names):
        raise DerivationError("a fresh name is listed twice in [ ]", file_line, source)
    return names, m.group(2).strip()


def parse_derivation(text: str, vocabulary: Vocabulary, board_count: int) -> Derivation:
    """Read a derivation file; raises :class:`DerivationError` if it is not one."""
    lines: list[Line] = []
    subproofs: dict[int, Subproof] = {}
    by_label: dict[int, Line] = {}
    current: int | None = None  # innermost open subproof

    for file_line, raw in enumerate(split_lines(text), start=1):
        bad = first_refused(raw)
        if bad is not None:
            raise DerivationError(refusal(raw[bad]), file_line, raw, bad + 1)
        body = _strip_comment(raw).rstrip()
        if not body.strip():
            continue
        source = raw.rstrip()
        stripped = body.strip().lstrip("|│ ").strip()
        if _END_RE.match(stripped):
            if current is None:
                raise DerivationError("`end` but no subproof is open", file_line, source)
            sp = subproofs[current]
            if not sp.labels:  # pragma: no cover - an opener is always a line inside
                raise DerivationError("empty subproof", file_line, source)
            sp.end = sp.labels[-1]
            sp.close_file_line = file_line
            current = sp.parent
            continue
        m = _LINE_RE.match(stripped)
        if not m:
            raise DerivationError(
                "each line must start with its number, like `3. happy(a)  by MP 1, 2`, or be "
                "`end` (closing a subproof)",
                file_line,
                source,
            )
        label = _number(m.group(1), file_line, source)
        rest = re.sub(r"^(?:[|│]\s+)+", "", m.group(2))
        if label in by_label:
            raise DerivationError(
                f"line number {label} is used twice (first on file line "
                f"{by_label[label].file_line})",
                file_line,
                source,
            )
        col0 = raw.find(rest) + 1 if rest else 0

        assume = _ASSUME_RE.match(rest)
        constants: tuple[str, ...] = ()
        if assume and assume.group(1).lower() != "assumption":
            formula_text = assume.group(2).strip()
            just = Justification("assumption", text="assume")
        else:
            split = list(_BY_RE.finditer(rest))
            if not split:
                raise DerivationError(
                    f"line {label} has no justification: end it with `by ...` (cited lines, "
                    "`board N`, or a rule), or begin it with `assume`",
                    file_line,
                    source,
                )
            last = split[-1]
            formula_text = rest[: last.start()].strip()
            just = _parse_justification(rest[last.end() :], file_line, source)
        if just.kind == "assumption":
            constants, formula_text = _parse_box(formula_text, file_line, source)
        elif formula_text.startswith("["):
            raise DerivationError(
                "fresh names [a] can only be introduced by an assumption (`assume [a] ...`)",
                file_line,
                source,
            )

        if just.kind == "assumption":
            sid = len(subproofs)
            subproofs[sid] = Subproof(sid, label, current, constants)
            current = sid

        # the vocabulary here: the board's, plus the fresh names of open subproofs
        vocab = vocabulary
        scope = []
        s = current
        while s is not None:
            scope.append(subproofs[s])
            s = subproofs[s].parent
        for sp in reversed(scope):
            for c in sp.constants:
                if c in vocab:
                    where = "a fresh name of an enclosing subproof"
                    kind = vocab.kind(c) if c in vocabulary else None
                    if kind:
                        where = f"already a {kind}"
                    raise DerivationError(
                        f"{c} is {where}: a fresh name must be new", file_line, source
                    )
                vocab = vocab.extend(c, 0)

        formula: ast.Formula | None = None
        if formula_text:
            try:
                formula = parse_formula(formula_text, vocab)
            except ParseError as exc:
                message = exc.message
                for sp in subproofs.values():
                    if sp.end is not None and any(
                        re.search(rf"'{re.escape(c)}'|\b{re.escape(c)} is not bound", message)
                        for c in sp.constants
                    ):
                        message += (
                            f" (a fresh name of the subproof at lines {sp.range_text} is only "
                            "known inside it)"
                        )
                        break
                column = col0 + exc.column - 1 if exc.line == 1 and col0 else 0
                raise DerivationError(message, file_line, source, column) from None
        elif not (just.kind == "assumption" and constants):
            raise DerivationError(f"line {label} has no statement", file_line, source)

        line = Line(
            label,
            len(lines),
            file_line,
            source,
            formula_text,
            formula,
            just,
            constants,
            current,
            current if just.kind == "assumption" else None,
        )
        lines.append(line)
        by_label[label] = line
        s = current
        while s is not None:
            subproofs[s].labels.append(label)
            s = subproofs[s].parent

    if current is not None:
        sp = subproofs[current]
        opener = by_label[sp.start]
        raise DerivationError(
            f"the subproof opened at line {sp.start} is never closed: add a line `end` after "
            "its last line",
            opener.file_line,
            opener.source,
        )
    if not lines:
        raise DerivationError("the derivation has no lines", 1)
    derivation = Derivation(lines, subproofs, by_label, vocabulary)
    _check_citations(derivation, board_count)
    last = derivation.conclusion
    if last.subproof is not None:
        raise DerivationError(
            f"the last line ({last.label}) is inside a subproof: a derivation ends with its "
            "conclusion at the outermost level",
            last.file_line,
            last.source,
        )
    if last.formula is None:  # pragma: no cover - an opener is inside a subproof
        raise DerivationError("the last line has no statement", last.file_line, last.source)
    return derivation


def _check_citations(d: Derivation, board_count: int) -> None:
    """Unknown numbers, forward citations and cycles are errors of the file."""
    edges: dict[int, list[int]] = {}
    for line in d.lines:
        targets = []
        for ref in line.justification.refs:
            if ref.kind == "board":
                if not 1 <= ref.start <= board_count:
                    raise DerivationError(
                        f"line {line.label} cites board {ref.start}, but the board has "
                        f"{count(board_count, 'statement')}",
                        line.file_line,
                        line.source,
                    )
                continue
            numbers = [ref.start] if ref.kind == "line" else [ref.start, ref.end]
            for n in numbers:
                if n not in d.by_label:
                    raise DerivationError(
                        f"line {line.label} cites line {n}, which does not exist",
                        line.file_line,
                        line.source,
                    )
            if ref.kind == "range":
                start = d.by_label[ref.start]
                if start.opens is None:
                    raise DerivationError(
                        f"line {line.label} cites {ref}, but line {ref.start} does not open a "
                        "subproof (it is not an assumption)",
                        line.file_line,
                        line.source,
                    )
                sp = d.subproofs[start.opens]
                if line.label in sp.labels:
                    raise DerivationError(
                        f"line {line.label} cites the subproof {ref} from inside it: a subproof "
                        "can be cited only after its `end`",
                        line.file_line,
                        line.source,
                    )
                if sp.end != ref.end:
                    raise DerivationError(
                        f"line {line.label} cites {ref}, but the subproof opened at line "
                        f"{ref.start} runs {sp.range_text}",
                        line.file_line,
                        line.source,
                    )
                targets.extend(sp.labels)
            else:
                targets.append(ref.start)
        edges[line.label] = targets

    for line in d.lines:
        for target in edges[line.label]:
            if d.by_label[target].index < line.index:
                continue
            cycle = _find_cycle(edges, target, line.label)
            if cycle is not None:
                path = " → ".join(str(n) for n in [line.label, *cycle])
                raise DerivationError(f"circular citation: {path}", line.file_line, line.source)
            if target == line.label:  # pragma: no cover - a self-citation is a cycle
                raise DerivationError(f"line {line.label} cites itself", line.file_line)
            raise DerivationError(
                f"line {line.label} cites line {target}, which comes later: a line can only "
                "rest on lines above it",
                line.file_line,
                line.source,
            )


def _find_cycle(edges: dict[int, list[int]], start: int, goal: int) -> list[int] | None:
    """A citation path start → ... → goal, if there is one."""
    stack = [(start, [start])]
    seen = set()
    while stack:
        node, path = stack.pop()
        if node == goal:
            return path
        if node in seen:
            continue
        seen.add(node)
        for nxt in edges.get(node, []):
            stack.append((nxt, [*path, nxt]))
    return None
