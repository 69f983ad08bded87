"""A derivation being written: Fitch-style lines and boxes, tidied, then printed.

The provers (:mod:`referee.derivation.propositional`, :mod:`referee.derivation.writer`)
add lines to a :class:`Draft` as they search, many of which the conclusion
never needs. :func:`render` keeps only what the last line depends on, drops
subproofs whose assumption turned out not to matter, merges chains of ∀E, and
prints the rest in the format :mod:`referee.derivation.syntax` reads.

Fresh names may be written with internal spellings (``%w1``) while searching;
``render`` is given the names players see.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from referee.derivation.rules import canon
from referee.language import ast
from referee.language.ast import Formula
from referee.language.printer import to_unicode

# How each rule is written (the checker reads any of its aliases).
RULE_TEXT = {
    "reit": "reit",
    "mp": "MP",
    "mt": "MT",
    "hs": "HS",
    "ds": "DS",
    "and_i": "∧I",
    "and_e": "∧E",
    "or_i": "∨I",
    "or_e": "∨E",
    "imp_i": "→I",
    "iff_i": "↔I",
    "iff_e": "↔E",
    "dem": "DeM",
    "dn": "DN",
    "forall_e": "∀E",
    "forall_i": "∀I",
    "exists_i": "∃I",
    "exists_e": "∃E",
    "eq_e": "=E",
    "eq_i": "=I",
    "bot_i": "⊥I",
    "bot_e": "⊥E",
    "pbc": "PBC",
    "count": "count",
    "def": "def",
}
BOARD = "board"  # a premise restated: ``by board 3``
ASSUME = "assume"
CITE = "cite"  # an engine step: ``by 3, 5`` (the checker asks the engine)


@dataclass(frozen=True)
class BoardRef:
    number: int  # as the table numbers the statement


@dataclass(eq=False)
class Step:
    """One numbered line. ``refs`` are Steps, Boxes or BoardRefs."""

    formula: Formula | None  # None: a bare ``assume [a]``
    rule: str
    refs: tuple = ()
    box: Box | None = None  # the box this assumption opens

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        text = to_unicode(self.formula) if self.formula is not None else "[]"
        return f"<{text} by {self.rule}>"


@dataclass(eq=False)
class Box:
    """A subproof; ``items[0]`` is its opening assumption (absent in the root)."""

    parent: Box | None
    fresh: tuple[str, ...] = ()
    items: list = field(default_factory=list)

    @property
    def opener(self) -> Step | None:
        if self.parent is None or not self.items:
            return None
        return self.items[0]

    @property
    def last(self) -> Step:
        last = self.items[-1]
        assert isinstance(last, Step), "a subproof must end with a line of its own"
        return last

    def chain(self) -> Iterator[Box]:
        box: Box | None = self
        while box is not None:
            yield box
            box = box.parent


_KEYS: dict[int, tuple[Formula, str]] = {}
_OPS = {ast.And: "∧", ast.Or: "∨", ast.Implies: "→", ast.Iff: "↔"}


def key(formula: Formula) -> str:
    """Closed formulas are the same line when equal up to bound-variable names; the key
    is a string (cheap to hash), remembered for each formula object."""
    found = _KEYS.get(id(formula))
    if found is not None and found[0] is formula:
        return found[1]
    if isinstance(formula, ast.Not):
        text = "¬(" + key(formula.body) + ")"
    elif isinstance(formula, ast.BINARY):
        text = "(" + key(formula.left) + _OPS[type(formula)] + key(formula.right) + ")"
    elif isinstance(formula, (ast.Pred, ast.Eq, ast.Card, ast.Falsum)):
        text = to_unicode(formula)  # closed: no bound variable to rename
    else:  # quantified: its canonical text
        text = to_unicode(canon(formula))
    if len(_KEYS) > 200_000:
        _KEYS.clear()
    _KEYS[id(formula)] = (formula, text)
    return text


class Draft:
    """Lines and boxes under construction, with what is available where."""

    def __init__(self) -> None:
        self.root = Box(None)
        self.current = self.root
        self._available: dict[int, dict[Formula, Step]] = {id(self.root): {}}
        self.size = 0  # lines written (a budget for the search)

    # -- what is available
    def have(self, formula: Formula) -> Step | None:
        k = key(formula)
        for box in self.current.chain():
            step = self._available[id(box)].get(k)
            if step is not None:
                return step
        return None

    def available(self) -> Iterator[Step]:
        """Every line that may be cited here, innermost first (no duplicates)."""
        seen: set[Formula] = set()
        for box in self.current.chain():
            for k, step in self._available[id(box)].items():
                if k not in seen:
                    seen.add(k)
                    yield step

    def openers(self) -> list[Step]:
        """The assumption lines open here, outermost first."""
        out = [box.opener for box in self.current.chain() if box.opener is not None]
        return out[::-1]

    def assumptions(self) -> list[Formula]:
        """The assumptions open here, outermost first."""
        out = []
        for box in self.current.chain():
            opener = box.opener
            if opener is not None and opener.formula is not None:
                out.append(opener.formula)
        return out[::-1]

    def fresh_names(self) -> set[str]:
        return {name for box in self.current.chain() for name in box.fresh}

    @property
    def depth(self) -> int:
        return sum(1 for _ in self.current.chain()) - 1

    # -- writing
    def add(self, formula: Formula, rule: str, *refs) -> Step:
        """A line (or the line already available that says the same)."""
        found = self.have(formula)
        if found is not None:
            return found
        step = Step(formula, rule, tuple(refs))
        self.current.items.append(step)
        self._available[id(self.current)][key(formula)] = step
        self.size += 1
        return step

    def assume(self, formula: Formula | None, fresh: tuple[str, ...] = ()) -> Step:
        """Open a subproof; its lines go inside until :meth:`close`."""
        box = Box(self.current, tuple(fresh))
        step = Step(formula, ASSUME, (), box)
        box.items.append(step)
        self.current.items.append(box)
        self._available[id(box)] = {}
        if formula is not None:
            self._available[id(box)][key(formula)] = step
        self.current = box
        self.size += 1
        return step

    def close(self) -> Box:
        box = self.current
        assert box.parent is not None, "no subproof is open"
        self.current = box.parent
        return box

    def abandon(self) -> None:
        """Close the open subproof and forget it (a search that went nowhere)."""
        box = self.close()
        items = self.current.items
        if items and items[-1] is box:
            items.pop()


# ------------------------------------------------------------------ tidying


def _needs(step: Step) -> Iterator[Step]:
    for ref in step.refs:
        if isinstance(ref, Step):
            yield ref
        elif isinstance(ref, Box):
            yield ref.last
            if ref.opener is not None:
                yield ref.opener


def needed(last: Step) -> set[int]:
    """ids of the Steps ``last`` rests on (itself included), and of the boxes cited."""
    seen: set[int] = set()
    todo = [last]
    while todo:
        step = todo.pop()
        if id(step) in seen:
            continue
        seen.add(id(step))
        for ref in step.refs:
            if isinstance(ref, Box):
                seen.add(id(ref))
        todo.extend(_needs(step))
    return seen


def _prune(box: Box, keep: set[int]) -> None:
    kept = []
    for item in box.items:
        if isinstance(item, Box):
            if id(item) in keep:
                _prune(item, keep)
                kept.append(item)
        elif id(item) in keep or item is box.opener:
            kept.append(item)
    box.items = kept


def _walk(box: Box) -> Iterator[Step]:
    for item in box.items:
        if isinstance(item, Box):
            yield from _walk(item)
        else:
            yield item


def _mentions(formula: Formula | None, names: set[str]) -> bool:
    return formula is not None and bool(ast.symbols(formula)[1] & names)


def _hoist_once(root: Box, last: Step) -> bool:
    """Lift one subproof whose assumption the conclusion does not need. True if done."""
    keep = needed(last)
    for box in _boxes(root):
        parent = box.parent
        if parent is None or box.opener is None:
            continue
        users = [s for s in _walk(root) if box in s.refs]
        if len(users) != 1:
            continue
        user = users[0]
        inner = needed(box.last)
        opener_used = any(
            box.opener in s.refs or id(box.opener) == id(box.last)
            for s in _walk(box)
            if id(s) in inner
        )
        if opener_used:
            continue
        fresh = set(box.fresh)
        if fresh and any(_mentions(s.formula, fresh) for s in _walk(box) if id(s) in inner):
            continue
        if user.rule not in ("pbc", "exists_e", "or_e"):
            continue
        # the box's conclusion holds outside it: lift its lines
        index = parent.items.index(box)
        lifted = [i for i in box.items[1:]]
        parent.items[index : index + 1] = lifted
        if user.rule == "pbc":
            user.rule, user.refs = "bot_e", (box.last,)
        else:
            user.rule, user.refs = "reit", (box.last,)
        del keep
        return True
    return False


def _boxes(box: Box) -> Iterator[Box]:
    for item in box.items:
        if isinstance(item, Box):
            yield from _boxes(item)
            yield item


def _skip_reit(root: Box, last: Step) -> Step:
    """Cite what a reiteration repeats, when both are visible from every citer."""
    for step in _walk(root):
        refs = []
        for ref in step.refs:
            while isinstance(ref, Step) and ref.rule == "reit" and ref is not last:
                target = ref.refs[0]
                if not _visible(root, target, step):
                    break
                ref = target
            refs.append(ref)
        step.refs = tuple(refs)
    return last


def _position(root: Box) -> dict[int, tuple[Box, int]]:
    out: dict[int, tuple[Box, int]] = {}

    def go(box: Box) -> None:
        for i, item in enumerate(box.items):
            out[id(item)] = (box, i)
            if isinstance(item, Box):
                go(item)

    go(root)
    return out


def _visible(root: Box, target, citer: Step) -> bool:
    """Can ``citer`` cite ``target`` (a line in an enclosing box, above it)?"""
    pos = _position(root)
    if id(target) not in pos or id(citer) not in pos:
        return False
    tbox, _ = pos[id(target)]
    chain = list(_box_chain(pos, citer))
    return tbox in chain


def _box_chain(pos, item) -> Iterator[Box]:
    box, _ = pos[id(item)]
    while True:
        yield box
        if id(box) not in pos:
            return
        box, _ = pos[id(box)]


def _merge_forall(root: Box, last: Step) -> None:
    """``∀x∀y φ`` ⊢ ``∀y φ(a, y)`` ⊢ ``φ(a, b)``: cite the first line once (∀E takes several ∀)."""
    users: dict[int, list[Step]] = {}
    for step in _walk(root):
        for ref in step.refs:
            if isinstance(ref, Step):
                users.setdefault(id(ref), []).append(step)
    changed = True
    while changed:
        changed = False
        for step in _walk(root):
            if step.rule != "forall_e":
                continue
            (mid,) = step.refs
            if not (isinstance(mid, Step) and mid.rule == "forall_e" and mid is not last):
                continue
            if len(users.get(id(mid), [])) != 1:
                continue
            step.refs = mid.refs
            users.setdefault(id(mid.refs[0]), []).append(step)
            users[id(mid)] = []
            changed = True


def tidy(draft: Draft, last: Step) -> Box:
    """Keep what ``last`` needs, lift needless subproofs, merge ∀E chains; the conclusion
    at the end."""
    root = draft.root
    if root.items and root.items[-1] is not last:
        # the conclusion is earlier (or deeper): restate it at the end
        if last not in root.items:
            raise ValueError("the conclusion must be a line of the outermost level")
        root.items.remove(last)
        root.items.append(last)
    for _ in range(50):
        _prune(root, needed(last))
        if not _hoist_once(root, last):
            break
    while last.rule == "reit" and any(last.refs[0] is item for item in root.items):
        # the conclusion only repeats a line of the outermost level: end with that line
        target = last.refs[0]
        root.items.remove(last)
        root.items.remove(target)
        root.items.append(target)
        last = target
    _skip_reit(root, last)
    _merge_forall(root, last)
    _prune(root, needed(last))
    return root


# ---------------------------------------------------------------- printing


@dataclass(frozen=True)
class Rendered:
    text: str
    lines: int
    boards: tuple[int, ...]  # board numbers the derivation cites


def _rename_term(t: ast.Term, names: Mapping[str, str]) -> ast.Term:
    if isinstance(t, ast.Var):
        return t
    return ast.App(names.get(t.name, t.name), tuple(_rename_term(a, names) for a in t.args))


def rename(formula: Formula, names: Mapping[str, str]) -> Formula:
    """The formula with constant/function names replaced (fresh names made readable)."""
    if not names:
        return formula
    f = formula
    if isinstance(f, ast.Pred):
        return ast.Pred(f.name, tuple(_rename_term(a, names) for a in f.args))
    if isinstance(f, ast.Eq):
        return ast.Eq(_rename_term(f.left, names), _rename_term(f.right, names))
    if isinstance(f, ast.Not):
        return ast.Not(rename(f.body, names))
    if isinstance(f, ast.BINARY):
        return type(f)(rename(f.left, names), rename(f.right, names))
    if isinstance(f, ast.Quant):
        return ast.Quant(f.kind, f.var, rename(f.body, names))
    return f


def render(root: Box, names: Mapping[str, str] | None = None) -> Rendered:
    """The derivation text: numbered lines, indented subproofs, ``end`` after each."""
    names = names or {}
    numbers: dict[int, int] = {}
    spans: dict[int, tuple[int, int]] = {}
    order: list[tuple[str, object, int]] = []  # ("step", step, depth) | ("end", None, depth)

    def number(box: Box, depth: int) -> None:
        for item in box.items:
            if isinstance(item, Box):
                number(item, depth + 1)
                spans[id(item)] = (numbers[id(item.items[0])], numbers[id(item.last)])
                order.append(("end", None, depth))
            else:
                numbers[id(item)] = len(numbers) + 1
                d = depth - 1 if item.box is not None else depth
                order.append(("step", item, d))

    number(root, 0)
    boards: set[int] = set()

    def cite(ref) -> str:
        if isinstance(ref, BoardRef):
            boards.add(ref.number)
            return f"board {ref.number}"
        if isinstance(ref, Box):
            a, b = spans[id(ref)]
            return f"{a}-{b}"
        return str(numbers[id(ref)])

    width = len(str(len(numbers))) + 2
    rows: list[tuple[str, str]] = []
    for kind, item, depth in order:
        indent = " " * width + "  " * depth
        if kind == "end":
            rows.append((indent + "end", ""))
            continue
        assert isinstance(item, Step)
        head = f"{numbers[id(item)]}.".ljust(width) + "  " * depth
        formula = rename(item.formula, names) if item.formula is not None else None
        text = to_unicode(formula) if formula is not None else ""
        if item.rule == ASSUME:
            fresh = item.box.fresh if item.box is not None else ()
            box_text = "[" + ", ".join(names.get(n, n) for n in fresh) + "] " if fresh else ""
            rows.append((head + ("assume " + box_text + text).rstrip(), ""))
            continue
        refs = ", ".join(cite(r) for r in item.refs)
        if item.rule == BOARD:
            just = f"by {refs}"
        elif item.rule == CITE:
            just = f"by {refs}" if refs else "by logic"
        else:
            just = f"by {RULE_TEXT[item.rule]} {refs}".rstrip()
        rows.append((head + text, just))
    column = min(max((len(a) for a, b in rows if b), default=0), 64) + 3
    out = []
    for a, b in rows:
        out.append((a.ljust(column) if len(a) < column else a + "   ") + b if b else a)
    return Rendered("\n".join(out) + "\n", len(numbers), tuple(sorted(boards)))
