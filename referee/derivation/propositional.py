"""Writing propositional derivations with the named rules, the way a person would.

The search works on a :class:`referee.derivation.fitch.Draft` and is guided by
an oracle that knows what follows (truth tables here; Z3 on ground instances
for the first-order layer), so it never chases a goal that does not follow:

1. forward: ∧E, MP, MT, DS, ↔E, DN and De Morgan on what is available;
2. backward, by the goal's shape: ∧I, →I, ↔I, ∨I (a side that follows), ¬ by
   proof by contradiction, and one elimination whose side premise follows
   (MP, DS, MT, ↔E), or cases (∨E) on an available disjunction;
3. the systematic fallback, which always succeeds when the goal follows:
   assume the goal's negation and refute, DPLL-style. A line false under the
   literals at hand is refuted by eliminations (:meth:`Search.contradict`);
   a line with one literal left forces it (``assume ¬p … ⊥, so p``); otherwise
   split on a letter (``assume p … ⊥, so ¬p``, then go on with ¬p).

Several search settings are tried and the shortest derivation (after
:func:`referee.derivation.fitch.tidy` drops what the conclusion does not
need) is kept. Quantified formulas, equations and |L| statements are letters
here; :class:`Extension` is where the first-order layer adds its moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from referee.derivation.fitch import BOARD, BoardRef, Box, Draft, Rendered, Step, key, render, tidy
from referee.language.ast import (
    And,
    Card,
    Eq,
    Falsum,
    Formula,
    Iff,
    Implies,
    Not,
    Or,
    Pred,
    Quant,
    subformulas,
)

BOTTOM = Falsum()


class OutOfTime(Exception):
    """The deadline passed."""


class GaveUp(Exception):
    """This search setting found no derivation (budget spent, or the first-order layer stuck)."""


def is_atom(f: Formula) -> bool:
    return isinstance(f, (Pred, Eq, Card, Quant))


def atoms_of(f: Formula) -> list[Formula]:
    """The letters of ``f`` (atoms, and quantified parts taken whole), without repeats."""
    out: dict[str, Formula] = {}

    def go(g: Formula) -> None:
        if is_atom(g):
            out.setdefault(key(g), g)
        elif isinstance(g, Not):
            go(g.body)
        elif isinstance(g, (And, Or, Implies, Iff)):
            go(g.left)
            go(g.right)

    go(f)
    return list(out.values())


def is_literal(f: Formula) -> bool:
    return is_atom(f) or (isinstance(f, Not) and is_atom(f.body))


# ------------------------------------------------------------------ oracles


class TruthTables:
    """What follows, by truth tables over the letters (bit-parallel; up to 20 letters)."""

    LIMIT = 20

    def __init__(self, formulas: Sequence[Formula]) -> None:
        letters: dict[str, int] = {}
        for f in formulas:
            for a in atoms_of(f):
                letters.setdefault(key(a), len(letters))
        if len(letters) > self.LIMIT:
            raise ValueError("too many letters for truth tables")
        self.letters = letters
        self.rows = 1 << len(letters)
        self.full = (1 << self.rows) - 1
        self._masks: dict[str, int] = {}
        self._atom_masks = [self._column(i) for i in range(len(letters))]

    def _column(self, i: int) -> int:
        period = 1 << (i + 1)
        half = 1 << i
        unit = ((1 << half) - 1) << half
        mask, length = unit, period
        while length < self.rows:
            mask |= mask << length
            length *= 2
        return mask & self.full

    def mask(self, f: Formula) -> int:
        k = key(f)
        found = self._masks.get(k)
        if found is not None:
            return found
        if is_atom(f):
            index = self.letters.get(k)
            if index is None:
                raise ValueError("a letter the problem never mentioned")
            m = self._atom_masks[index]
        elif isinstance(f, Falsum):
            m = 0
        elif isinstance(f, Not):
            m = self.full & ~self.mask(f.body)
        elif isinstance(f, And):
            m = self.mask(f.left) & self.mask(f.right)
        elif isinstance(f, Or):
            m = self.mask(f.left) | self.mask(f.right)
        elif isinstance(f, Implies):
            m = (self.full & ~self.mask(f.left)) | self.mask(f.right)
        elif isinstance(f, Iff):
            m = self.full & ~(self.mask(f.left) ^ self.mask(f.right))
        else:  # pragma: no cover - every formula is one of the above
            raise TypeError(f"not a formula: {f!r}")
        self._masks[k] = m
        return m

    def entails(self, context: Sequence[Formula], goal: Formula) -> bool:
        m = self.full
        for f in context:
            m &= self.mask(f)
        return m & ~self.mask(goal) & self.full == 0


# --------------------------------------------------------------- extension


class Extension:
    """Hooks for the first-order layer; the propositional search uses none of them."""

    def saturate(self, search: Search) -> bool:
        """Add forward lines (∀ instances); True if any was added."""
        return False

    def witness(self, search: Search, fuel: int) -> Step | None:
        """Open ∃E for an existential at hand and refute inside: the ⊥ after it."""
        return None

    def equality(self, search: Search) -> Step | None:
        """⊥ from the literals at hand by equality reasoning, if they clash so."""
        return None

    def stuck(self, search: Search, fuel: int) -> Step | None:
        """Nothing left to split: a last try (new instances), else None."""
        return None

    def splittable(self, search: Search, atom: Formula) -> bool:
        return True

    def introduce(self, search: Search, goal: Formula, fuel: int) -> Step | None:
        """A quantified goal by its introduction rule (∃I at a term that works), if any."""
        return None


@dataclass(frozen=True)
class Settings:
    fuel: int = 2  # depth of backward eliminations and case analyses
    cases: bool = True  # ∨E on available disjunctions
    extract: bool = True  # one elimination whose side premise follows
    budget: int = 4000  # lines written before giving up


SETTINGS = (
    Settings(fuel=2),
    Settings(fuel=1, cases=False),
    Settings(fuel=0, cases=False, extract=False),
    Settings(fuel=3),
)


# ------------------------------------------------------------------ search


class Search:
    def __init__(
        self,
        draft: Draft,
        premises: Sequence[Formula],
        entails: Callable[[Sequence[Formula], Formula], bool],
        settings: Settings = Settings(),
        deadline: float | None = None,
        extension: Extension | None = None,
    ) -> None:
        self.draft = draft
        self.premises = list(premises)
        self._entails = entails
        self.settings = settings
        self.deadline = deadline
        self.ext = extension or Extension()
        self.excluded: set[int] = set()  # assumptions the oracle leaves out (being refuted)
        self.bare: int | None = None  # proving a valid formula: only assumptions deeper count
        self._valid: dict[str, bool] = {}
        self._proving: set[str] = set()  # tautologies being proved (not yet usable as such)

    # -- bookkeeping
    def tick(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime
        if self.draft.size > self.settings.budget:
            raise GaveUp("line budget spent")
        if self.draft.depth > 60:
            raise GaveUp("subproofs nested too deep")

    def context(self) -> list[Formula]:
        """What the oracle takes as given: the premises and the open assumptions (less those
        being refuted; only the inner ones while proving a valid formula)."""
        openers = self.draft.openers()
        if self.bare is not None:
            return [o.formula for o in openers[self.bare :] if o.formula is not None]
        return self.premises + [
            o.formula for o in openers if o.formula is not None and id(o) not in self.excluded
        ]

    def valid(self, f: Formula) -> bool:
        k = key(f)
        found = self._valid.get(k)
        if found is None:
            found = self._valid[k] = self._entails([], f)
        return found

    def entails(self, goal: Formula) -> bool:
        return self._entails(self.context(), goal)

    def have(self, f: Formula) -> Step | None:
        return self.draft.have(f)

    def add(self, f: Formula, rule: str, *refs) -> Step:
        return self.draft.add(f, rule, *refs)

    def conclude(self, step: Step) -> Step:
        """Make ``step`` the last line of the open box (restating it if need be)."""
        items = self.draft.current.items
        if items and items[-1] is step:
            return step
        new = Step(step.formula, "reit", (step,))
        items.append(new)
        self.draft.size += 1
        return new

    def box(self, assumption: Formula | None, body: Callable[[], Step], fresh=()) -> Box:
        self.draft.assume(assumption, fresh)
        step = body()
        self.conclude(step)
        return self.draft.close()

    # -- Kleene values under what is at hand
    def value(
        self,
        f: Formula,
        extra: dict | None = None,
        exclude: str | None = None,
        valid: bool = True,
    ) -> bool | None:
        """True/False/None (unknown) from the lines at hand. ``exclude``: the key of a line
        that does not count (to see what a line's parts make of it); ``valid``: a
        tautology is true (and its negation false) whatever the letters."""
        if extra and is_atom(f):
            k = key(f)
            if k in extra:
                return extra[k]
        if isinstance(f, Falsum):
            return False
        if isinstance(f, Eq) and f.left == f.right:
            return True
        k = key(f)
        if k != exclude and self.have(f) is not None:
            return True
        if isinstance(f, Not):
            v = self.value(f.body, extra, exclude, valid)
            return None if v is None else not v
        if k != exclude and key(Not(f)) != exclude and self.have(Not(f)) is not None:
            return False
        if isinstance(f, Eq):  # s = t is t = s
            flipped = Eq(f.right, f.left)
            if self.have(flipped) is not None:
                return True
            if key(Not(flipped)) != exclude and self.have(Not(flipped)) is not None:
                return False
        if is_atom(f):
            return None
        left = self.value(f.left, extra, exclude, valid)  # type: ignore[union-attr]
        right = self.value(f.right, extra, exclude, valid)  # type: ignore[union-attr]
        v = self._connective(f, left, right)
        if v is None and valid and k != exclude and k not in self._proving:
            if self.valid(f):
                return True
            if self.valid(Not(f)):
                return False
        return v

    def by_parts(self, f: Formula) -> bool | None:
        """What ``f`` is made by its parts, a line for ``f`` itself not counting."""
        return self.value(f, exclude=key(f))

    @staticmethod
    def _connective(f: Formula, left: bool | None, right: bool | None) -> bool | None:
        if isinstance(f, And):
            if left is False or right is False:
                return False
            return True if left and right else None
        if isinstance(f, Or):
            if left or right:
                return True
            return False if left is False and right is False else None
        if isinstance(f, Implies):
            if left is False or right:
                return True
            return False if left and right is False else None
        if isinstance(f, Iff):
            if left is None or right is None:
                return None
            return left == right
        return None  # pragma: no cover

    def derive_true(self, f: Formula) -> Step:
        """A line for ``f``, true under the literals at hand (or valid)."""
        s = self.have(f)
        if s is not None:
            return s
        if isinstance(f, Not):
            return self.derive_false(f.body)
        if isinstance(f, Eq) and f.left == f.right:
            return self.add(f, "eq_i")
        if isinstance(f, Eq) and self.have(Eq(f.right, f.left)) is not None:
            other = self.have(Eq(f.right, f.left))
            return self.add(f, "eq_e", other, other)  # both sides swapped
        if is_atom(f):
            raise GaveUp(f"no line for the letter {f!r}")
        if self.by_parts(f) is not True:
            return self.prove_valid(f)
        if isinstance(f, And):
            a, b = self.derive_true(f.left), self.derive_true(f.right)
            return self.add(f, "and_i", a, b)
        if isinstance(f, Or):
            side = f.left if self.value(f.left) else f.right
            return self.add(f, "or_i", self.derive_true(side))
        if isinstance(f, Implies):
            if self.value(f.right):
                b = self.derive_true(f.right)
                box = self.box(f.left, lambda: b)
            else:
                box = self.box(f.left, lambda: self._explode(f.right))
            return self.add(f, "imp_i", box)
        if isinstance(f, Iff):
            if self.value(f.left):
                a, b = self.derive_true(f.left), self.derive_true(f.right)
                one = self.box(f.left, lambda: b)
                two = self.box(f.right, lambda: a)
            else:
                one = self.box(f.left, lambda: self._explode(f.right))
                two = self.box(f.right, lambda: self._explode(f.left))
            return self.add(f, "iff_i", one, two)
        raise GaveUp(f"no line for {f!r}")  # pragma: no cover

    def _explode(self, target: Formula) -> Step:
        """Inside a box whose assumption is false here: ⊥, then ``target`` by ⊥E."""
        bottom = self.contradict(self.draft.current.items[0])
        return self.add(target, "bot_e", bottom)

    def derive_false(self, f: Formula) -> Step:
        """A line for ¬f, ``f`` false under the literals at hand (or ¬f valid)."""
        s = self.have(Not(f))
        if s is not None:
            return s
        if isinstance(f, Falsum):
            box = self.box(f, lambda: self.draft.current.items[0])
            return self.add(Not(f), "pbc", box)
        if isinstance(f, Not):
            return self.add(Not(f), "dn", self.derive_true(f.body))
        if isinstance(f, Eq) and self.have(Not(Eq(f.right, f.left))) is not None:
            denied = self.have(Not(Eq(f.right, f.left)))

            def clash() -> Step:
                opener = self.draft.current.items[0]
                flipped = self.add(Eq(f.right, f.left), "eq_e", opener, opener)
                return self.add(BOTTOM, "bot_i", flipped, denied)

            return self.add(Not(f), "pbc", self.box(f, clash))
        if is_atom(f):
            raise GaveUp(f"no line for the negated letter {f!r}")
        if self.by_parts(f) is not False:
            return self.prove_valid(Not(f))
        if isinstance(f, And):
            side = f.left if self.value(f.left) is False else f.right
            d = self.add(Or(Not(f.left), Not(f.right)), "or_i", self.derive_false(side))
            return self.add(Not(f), "dem", d)
        if isinstance(f, Or):
            a, b = self.derive_false(f.left), self.derive_false(f.right)
            c = self.add(And(Not(f.left), Not(f.right)), "and_i", a, b)
            return self.add(Not(f), "dem", c)
        box = self.box(f, lambda: self.contradict(self.draft.current.items[0]))
        return self.add(Not(f), "pbc", box)

    def contradict(self, step: Step) -> Step:
        """⊥ from a line that is false under the literals at hand, by eliminations."""
        self.tick()
        f = step.formula
        assert f is not None
        if isinstance(f, Falsum):
            return step
        denied = self.have(Not(f))
        if denied is not None and denied is not step:
            return self.add(BOTTOM, "bot_i", step, denied)
        if isinstance(f, Not) and self.have(f.body) is not None:
            return self.add(BOTTOM, "bot_i", self.have(f.body), step)
        if is_atom(f):
            return self.add(BOTTOM, "bot_i", step, self.derive_false(f))
        if self.by_parts(f) is not False:  # false in itself: refute it on its own
            if isinstance(f, Not):
                return self.add(BOTTOM, "bot_i", self.prove_valid(f.body), step)
            return self.add(BOTTOM, "bot_i", step, self.prove_valid(Not(f)))
        if isinstance(f, Not):
            return self.add(BOTTOM, "bot_i", self.derive_true(f.body), step)
        if isinstance(f, And):
            side = f.left if self.value(f.left) is False else f.right
            return self.contradict(self.add(side, "and_e", step))
        if isinstance(f, Or):
            rest = self.add(f.right, "ds", step, self.derive_false(f.left))
            return self.contradict(rest)
        if isinstance(f, Implies):
            b = self.add(f.right, "mp", step, self.derive_true(f.left))
            return self.contradict(b)
        if isinstance(f, Iff):
            if self.value(f.left):
                other = self.add(f.right, "iff_e", step, self.derive_true(f.left))
            else:
                other = self.add(f.left, "iff_e", step, self.derive_true(f.right))
            return self.contradict(other)
        raise GaveUp(f"cannot contradict {f!r}")  # pragma: no cover

    def prove_valid(self, f: Formula) -> Step:
        """A line for a tautology, found with nothing but its own assumptions in view."""
        saved = self.bare
        self.bare = self.draft.depth
        k = key(f)
        fresh = k not in self._proving
        self._proving.add(k)
        self._proving.add(key(Not(f)))
        try:
            return self.prove(f, self.settings.fuel)
        finally:
            self.bare = saved
            if fresh:
                self._proving.discard(k)
                self._proving.discard(key(Not(f)))

    # -- forward
    def saturate(self) -> None:
        for _ in range(200):
            self.tick()
            changed = self._forward()
            if self.ext.saturate(self):
                changed = True
            if not changed:
                return

    def _forward(self) -> bool:
        before = self.draft.size
        have, add = self.have, self.add
        for s in list(self.draft.available()):
            f = s.formula
            if f is None:
                continue
            if isinstance(f, And):
                add(f.left, "and_e", s)
                add(f.right, "and_e", s)
            elif isinstance(f, Not) and isinstance(f.body, Not):
                add(f.body.body, "dn", s)
            elif isinstance(f, Not) and isinstance(f.body, Or):
                add(And(Not(f.body.left), Not(f.body.right)), "dem", s)
            elif isinstance(f, Not) and isinstance(f.body, And):
                g = f.body
                for side, other in ((g.left, g.right), (g.right, g.left)):
                    a = have(side)
                    if a is not None and have(Not(other)) is None:
                        d = add(Or(Not(g.left), Not(g.right)), "dem", s)
                        add(Not(other), "ds", d, add(Not(Not(side)), "dn", a))
            elif isinstance(f, Implies):
                a = have(f.left)
                if a is not None:
                    add(f.right, "mp", s, a)
                elif have(Not(f.left)) is None:
                    nb = self._negation_of(f.right)
                    if nb is not None:
                        add(Not(f.left), "mt", s, nb)
            elif isinstance(f, Or):
                for side, other in ((f.left, f.right), (f.right, f.left)):
                    if have(other) is None:
                        n = self._negation_of(side)
                        if n is not None:
                            add(other, "ds", s, n)
            elif isinstance(f, Iff):
                for side, other in ((f.left, f.right), (f.right, f.left)):
                    a = have(side)
                    if a is not None:
                        add(other, "iff_e", s, a)
                        continue
                    n = have(Not(side))
                    if n is not None and have(Not(other)) is None:
                        back = add(Implies(other, side), "iff_e", s)
                        add(Not(other), "mt", back, n)
        return self.draft.size != before

    def _negation_of(self, f: Formula) -> Step | None:
        """A line for ¬f, also when f is ¬g and g is at hand (by DN)."""
        n = self.have(Not(f))
        if n is not None:
            return n
        if isinstance(f, Not):
            g = self.have(f.body)
            if g is not None:
                return self.add(Not(f), "dn", g)
        return None

    def clash(self) -> Step | None:
        b = self.have(BOTTOM)
        if b is not None:
            return b
        pairs = []
        for s in list(self.draft.available()):
            f = s.formula
            if f is None:
                continue
            n = self.have(Not(f))
            if n is not None:
                # prefer a clash of lines as written to one reached by a step of DN
                pairs.append(((s.rule == "dn") + (n.rule == "dn"), len(pairs), s, n))
        if pairs:
            _, _, s, n = min(pairs, key=lambda p: (p[0], p[1]))
            return self.add(BOTTOM, "bot_i", s, n)
        for s in list(self.draft.available()):
            f = s.formula
            if isinstance(f, Not) and isinstance(f.body, Eq) and f.body.left == f.body.right:
                return self.add(BOTTOM, "bot_i", self.add(f.body, "eq_i"), s)  # t ≠ t
            if isinstance(f, Eq):
                n = self.have(Not(Eq(f.right, f.left)))
                if n is not None:  # s = t and t ≠ s
                    flipped = self.add(Eq(f.right, f.left), "eq_e", s, s)
                    return self.add(BOTTOM, "bot_i", flipped, n)
        for s in list(self.draft.available()):
            f = s.formula
            if isinstance(f, Card) and f.op == ">=":
                for t in list(self.draft.available()):
                    g = t.formula
                    if isinstance(g, Card) and g.op == "<" and f.n >= g.n:
                        return self.add(BOTTOM, "count", s, t)
            if isinstance(f, Card) and f.op == "<" and f.n <= 1:
                one = self.add(Card(">=", 1), "count")
                return self.add(BOTTOM, "count", one, s)
        return None

    def kleene_clash(self) -> Step | None:
        for s in list(self.draft.available()):
            f = s.formula
            if f is None or is_literal(f):
                continue
            if self.by_parts(f) is False:
                return self.contradict(s)
        return None

    # -- backward
    def prove(self, goal: Formula, fuel: int) -> Step:
        """A line for ``goal``, which must follow from what is at hand."""
        self.tick()
        s = self.have(goal)
        if s is not None:
            return s
        self.saturate()
        s = self.have(goal)
        if s is not None:
            return s
        bottom = self.clash()
        if bottom is not None:
            return bottom if isinstance(goal, Falsum) else self.add(goal, "bot_e", bottom)
        if isinstance(goal, Falsum):
            return self.refute(fuel)
        if isinstance(goal, And):
            a = self.prove(goal.left, fuel)
            b = self.prove(goal.right, fuel)
            return self.add(goal, "and_i", a, b)
        if isinstance(goal, Iff):
            one = self.box(goal.left, lambda: self.prove(goal.right, fuel))
            two = self.box(goal.right, lambda: self.prove(goal.left, fuel))
            return self.add(goal, "iff_i", one, two)
        if isinstance(goal, Implies):
            for s in list(self.draft.available()):
                f = s.formula
                if isinstance(f, Implies) and key(f.left) == key(goal.left):
                    t = self.have(Implies(f.right, goal.right))
                    if t is not None:
                        return self.add(goal, "hs", s, t)
            box = self.box(goal.left, lambda: self.prove(goal.right, fuel))
            return self.add(goal, "imp_i", box)
        if isinstance(goal, Not):
            g = goal.body
            if isinstance(g, Not):
                return self.add(goal, "dn", self.prove(g.body, fuel))
            if isinstance(g, Or):
                a, b = self.prove(Not(g.left), fuel), self.prove(Not(g.right), fuel)
                both = self.add(And(Not(g.left), Not(g.right)), "and_i", a, b)
                return self.add(goal, "dem", both)
            if isinstance(g, And):
                for side in (g.left, g.right):
                    if self.entails(Not(side)):
                        n = self.prove(Not(side), fuel)
                        d = self.add(Or(Not(g.left), Not(g.right)), "or_i", n)
                        return self.add(goal, "dem", d)
        if isinstance(goal, Or):
            for side in (goal.left, goal.right):
                if self.entails(side):
                    return self.add(goal, "or_i", self.prove(side, fuel))
        if isinstance(goal, Quant):
            s = self.ext.introduce(self, goal, fuel)
            if s is not None:
                return s
        if fuel > 0:
            if self.settings.extract:
                s = self.extract(goal, fuel)
                if s is not None:
                    return s
            if self.settings.cases:
                s = self.cases(goal, fuel)
                if s is not None:
                    return s
        if isinstance(goal, Not):
            box = self.box(goal.body, lambda: self.refute(fuel))
        else:
            box = self.box(Not(goal), lambda: self.refute(fuel))
        return self.add(goal, "pbc", box)

    def extract(self, goal: Formula, fuel: int) -> Step | None:
        """``goal`` by one elimination from a line at hand whose side premise follows."""
        k = key(goal)
        for s in list(self.draft.available()):
            f = s.formula
            if isinstance(f, Implies) and key(f.right) == k and self.entails(f.left):
                return self.add(goal, "mp", s, self.prove(f.left, fuel - 1))
            if isinstance(f, Or):
                for side, other in ((f.left, f.right), (f.right, f.left)):
                    if key(other) == k and self.entails(Not(side)):
                        return self.add(goal, "ds", s, self.prove(Not(side), fuel - 1))
            if isinstance(f, Iff):
                for side, other in ((f.left, f.right), (f.right, f.left)):
                    if key(other) == k and self.entails(side):
                        return self.add(goal, "iff_e", s, self.prove(side, fuel - 1))
            if (
                isinstance(goal, Not)
                and isinstance(f, Implies)
                and key(f.left) == key(goal.body)
                and self.entails(Not(f.right))
            ):
                return self.add(goal, "mt", s, self.prove(Not(f.right), fuel - 1))
        return None

    def _open_disjunctions(self) -> list[Step]:
        out = []
        for s in list(self.draft.available()):
            f = s.formula
            if isinstance(f, Or) and self.value(f.left) is None and self.value(f.right) is None:
                out.append(s)
        return out

    def cases(self, goal: Formula, fuel: int) -> Step | None:
        """∨E on a disjunction at hand (by the two implications, when both are lines)."""
        for d in self._open_disjunctions():
            f = d.formula
            assert isinstance(f, Or)
            i1, i2 = self.have(Implies(f.left, goal)), self.have(Implies(f.right, goal))
            if i1 is not None and i2 is not None:
                return self.add(goal, "or_e", d, i1, i2)
        for d in self._open_disjunctions():
            f = d.formula
            assert isinstance(f, Or)
            one = self.box(f.left, lambda: self.prove(goal, fuel - 1))
            two = self.box(f.right, lambda: self.prove(goal, fuel - 1))
            return self.add(goal, "or_e", d, one, two)
        return None

    def refute(self, fuel: int) -> Step:
        """⊥, when what is at hand is inconsistent."""
        while True:
            self.tick()
            self.saturate()
            found = self.clash()
            if found is None:
                found = self.ext.witness(self, fuel)
            if found is None:
                found = self.kleene_clash()
            if found is None:
                found = self.ext.equality(self)
            if found is not None:
                return found
            if fuel > 0 and self.settings.extract:
                found = self.refute_assumption(fuel)
                if found is not None:
                    return found
            if fuel > 0 and self.settings.cases:
                opened = self._open_disjunctions()
                if opened:
                    d = opened[0]
                    f = d.formula
                    assert isinstance(f, Or)
                    one = self.box(f.left, lambda: self.refute(fuel - 1))
                    two = self.box(f.right, lambda: self.refute(fuel - 1))
                    return self.add(BOTTOM, "or_e", d, one, two)
            if self.kleene_forward():
                continue
            unit = self.find_unit()
            if unit is not None:
                atom, truth, line = unit
                assumed = Not(atom) if truth else atom
                box = self.box(assumed, lambda line=line: self.contradict(line))
                self.add(atom if truth else Not(atom), "pbc", box)
                continue
            atom = self.pick_split()
            if atom is None:
                found = self.ext.stuck(self, fuel)
                if found is not None:
                    return found
                raise GaveUp("nothing left to split on")
            box = self.box(atom, lambda: self.refute(fuel))
            self.add(Not(atom), "pbc", box)

    def kleene_forward(self) -> bool:
        """One elimination whose minor premise holds by the literals at hand (MP, MT, DS,
        ↔E) on a line that is still open; True if a line was added."""
        v = self.value
        for s in self._open_lines():
            f = s.formula
            if isinstance(f, Implies):
                if v(f.left) is True and v(f.right) is None:
                    self.add(f.right, "mp", s, self.derive_true(f.left))
                    return True
                if v(f.right) is False and v(f.left) is None:
                    self.add(Not(f.left), "mt", s, self.derive_false(f.right))
                    return True
            elif isinstance(f, Or):
                for side, other in ((f.left, f.right), (f.right, f.left)):
                    if v(side) is False and v(other) is None:
                        self.add(other, "ds", s, self.derive_false(side))
                        return True
            elif isinstance(f, Iff):
                for side, other in ((f.left, f.right), (f.right, f.left)):
                    if v(other) is not None:
                        continue
                    if v(side) is True:
                        self.add(other, "iff_e", s, self.derive_true(side))
                        return True
                    if v(side) is False:
                        back = self.add(Implies(other, side), "iff_e", s)
                        self.add(Not(other), "mt", back, self.derive_false(side))
                        return True
        return False

    def refute_assumption(self, fuel: int) -> Step | None:
        """An assumption ¬F whose F follows from the rest: prove F, then ⊥."""
        for opener in reversed(self.draft.openers()):
            f = opener.formula
            if not isinstance(f, Not) or is_atom(f.body) or id(opener) in self.excluded:
                continue
            self.excluded.add(id(opener))
            try:
                if not self.entails(f.body):
                    continue
                proof = self.prove(f.body, fuel - 1)
            finally:
                self.excluded.discard(id(opener))
            return self.add(BOTTOM, "bot_i", proof, opener)
        return None

    def _open_lines(self) -> list[Step]:
        out = []
        for s in list(self.draft.available()):
            f = s.formula
            if f is not None and not is_literal(f) and self.by_parts(f) is None:
                out.append(s)
        return out

    def find_unit(self) -> tuple[Formula, bool, Step] | None:
        """(letter, value, line): the line is false unless the letter has that value."""
        for s in self._open_lines():
            f = s.formula
            assert f is not None
            for atom in atoms_of(f):
                if self.value(atom) is not None or not self.ext.splittable(self, atom):
                    continue
                for truth in (True, False):
                    if self.value(f, {key(atom): not truth}, key(f)) is False:
                        return atom, truth, s
        return None

    def pick_split(self) -> Formula | None:
        counts: dict[str, int] = {}
        first: dict[str, Formula] = {}
        for s in self._open_lines():
            for atom in atoms_of(s.formula):  # type: ignore[arg-type]
                if self.value(atom) is None and self.ext.splittable(self, atom):
                    k = key(atom)
                    counts[k] = counts.get(k, 0) + 1
                    first.setdefault(k, atom)
        if not counts:
            return None
        best = max(counts, key=lambda k: counts[k])
        return first[best]


# ------------------------------------------------------------------ driver


def letters_of(formulas: Sequence[Formula]) -> int:
    found: set[str] = set()
    for f in formulas:
        for a in atoms_of(f):
            found.add(key(a))
    return len(found)


def is_propositional(f: Formula) -> bool:
    return all(
        not isinstance(g, (Quant, Eq, Card)) and not (isinstance(g, Pred) and g.args)
        for g in subformulas(f)
    )


def write_propositional(
    premises: Sequence[Formula],
    goal: Formula | None,
    labels: Sequence[int],
    deadline: float | None = None,
    settings: Sequence[Settings] = SETTINGS,
) -> Rendered | None:
    """The shortest derivation found of ``goal`` (None: ⊥) from ``premises``, or None
    when it does not follow (or the deadline passes first)."""
    target = BOTTOM if goal is None else goal
    try:
        tables = TruthTables([*premises, target])
    except ValueError:
        return None
    if not tables.entails(premises, target):
        return None
    best: Rendered | None = None
    for i, s in enumerate(settings):
        if deadline is not None and time.monotonic() > deadline:
            break
        try:
            rendered = run(premises, target, labels, tables.entails, s, deadline)
        except OutOfTime:
            break
        except GaveUp:
            continue
        if best is None or rendered.lines < best.lines:
            best = rendered
        if i == 0 and best.lines <= len(premises) + 1:
            break  # cannot do better than one line after the premises
    return best


def run(
    premises: Sequence[Formula],
    goal: Formula,
    labels: Sequence[int],
    entails: Callable[[Sequence[Formula], Formula], bool],
    settings: Settings,
    deadline: float | None,
    extension: Extension | None = None,
) -> Rendered:
    draft = Draft()
    for f, label in zip(premises, labels, strict=True):
        draft.add(f, BOARD, BoardRef(label))
    search = Search(draft, premises, entails, settings, deadline, extension)
    last = search.prove(goal, settings.fuel)
    root = tidy(draft, last)
    return render(root)
