"""A derivation line's check in words: what each rule did, or what it needed and did not get.

The checker (:mod:`referee.derivation.checker`) and the rules return
:class:`~referee.derivation.reasons.Said` values; this is the one place they
become sentences, for ``referee derive``, a game's claims and proofs with a
derivation and the web table alike.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from referee.client.grammar import count
from referee.client.safe import escape_invisible, wraps
from referee.client.said import Layout, Line, formula, typed
from referee.derivation.reasons import Said, Why
from referee.derivation.rules import Premise
from referee.derivation.syntax import rule_name
from referee.language.printer import text_width, to_unicode, wrap


def premise_name(p: Premise) -> str:
    """``line 3``, ``board 2``, ``the subproof 3-6``: a citation as a sentence names it."""
    if p.is_subproof:
        return f"the subproof {p.ref}"
    return f"board {p.ref[6:]}" if p.ref.startswith("board") else f"line {p.ref}"


# While a sentence is made, each statement or term in it is put between these two (control
# characters no printed statement holds): ``line_text`` keeps it whole on a line.
_OPEN, _CLOSE = "\x02", "\x03"
_MARKED = re.compile(f"{_OPEN}(.*?){_CLOSE}", re.S)


def _shown(node) -> str:
    return f"{_OPEN}{to_unicode(node)}{_CLOSE}"


def _fact(value: object) -> str:
    if isinstance(value, Premise):
        return premise_name(value)
    if isinstance(value, (str, int, float)):
        return str(value)
    if isinstance(value, tuple):
        return ", ".join(_fact(v) for v in value)
    return _shown(value)  # a formula or a term


def _described(cited: tuple[Premise, ...]) -> str:
    """``line 1 is P(a); board 2 is ∀x Q(x)``: what the cited lines say."""
    return "; ".join(f"{premise_name(p)} is {_shown(p.formula)}" for p in cited if p.formula)


class _Facts(string.Formatter):
    """Formats a fact by its type; a spec after the colon says how to join a tuple."""

    def format_field(self, value: object, format_spec: str) -> str:
        match format_spec:
            case "described":
                return _described(value)  # type: ignore[arg-type]
            case "described_or_none":
                return _described(value) or "none"  # type: ignore[arg-type]
            case "and":
                return " and ".join(_fact(v) for v in value)  # type: ignore[attr-defined]
            case "assigned":
                return ", ".join(f"{v} := {_fact(t)}" for v, t in value)  # type: ignore[attr-defined]
            case "as":
                return ", ".join(f"{_fact(t)} as {v}" for v, t in value)  # type: ignore[attr-defined]
        return _fact(value)


def _names(prem: tuple[Premise, ...]) -> str:
    return ", ".join(premise_name(p) for p in prem) or "nothing"


# What each rule's lines must be, named when a rule cites the wrong number of them.
CITED_SHAPE = {
    "reit": "the same statement",
    "mp": "φ → ψ and φ",
    "mt": "φ → ψ and ¬ψ",
    "hs": "φ → ψ and ψ → χ",
    "ds": "φ ∨ ψ and ¬φ",
    "and_e": "φ ∧ ψ",
    "or_i": "φ",
    "dem": "the statement to rewrite",
    "dn": "the statement to rewrite",
    "forall_e": "∀x φ",
    "exists_i": "φ(t)",
    "eq_e": "s = t and φ(s)",
    "bot_i": "φ and ¬φ",
    "bot_e": "⊥",
    "def": "the statement to rewrite",
}


def _cites_n_lines(f: dict) -> str:
    n = f["n"]
    rule = f["rule"]
    return (
        f"{rule_name(rule)} cites {count(n, 'line')} ({CITED_SHAPE[rule]}); got {_names(f['got'])}"
    )


def _opens(f: dict) -> str:
    fresh = f["fresh"]
    what = f"opens the subproof {f['range']}"
    if fresh:
        what += f" with the fresh name{'s' if len(fresh) > 1 else ''} {', '.join(fresh)}"
    return what


def _follows(f: dict) -> str:
    used, unused = f["used"], f["unused"]
    said = f"follows from {', '.join(used) if used else 'logic alone'}"
    if unused and used:
        said += f" ({', '.join(unused)} not needed)"
    return said


def _cited(cites: tuple[str, ...]) -> str:
    return ", ".join(cites) or "nothing (logic alone)"


def _does_not_follow(f: dict) -> str:
    hold = "the cited statements hold and " if f["cites"] else ""
    return (
        f"does not follow from {_cited(f['cites'])}: in the countermodel {hold}this line is false"
    )


def _undecided(f: dict) -> str:
    limit = f" within {f['limit']:g} s" if f["limit"] is not None else ""
    return (
        f"the engine could not decide{limit} whether it follows from {_cited(f['cites'])}: "
        "break this step into smaller ones"
    )


SAID: dict[Why, Callable[[dict], str]] = {
    Why.CITES_N_LINES: _cites_n_lines,
    Why.CITES_ONE_SUBPROOF: lambda f: (
        f"{rule_name(f['rule'])} cites one subproof (a range like 3-6); got {_names(f['got'])}"
    ),
    Why.OPENS_SUBPROOF: _opens,
    Why.FOLLOWS: _follows,
    Why.DOES_NOT_FOLLOW: _does_not_follow,
    Why.UNDECIDED: _undecided,
}

# The rest: one sentence each, its facts filled in by name.
TEMPLATES: dict[Why, str] = {
    Why.RESTATES: "restates {premise}",
    Why.ENGINE_FAILED: "the engine could not answer: {error}",
    Why.CITES_INSIDE_CLOSED: (
        "line {line} is inside the subproof {range}, which is closed by line {label}: its "
        "lines hold only under its assumption (cite the whole subproof as {range} with a rule"
        " that discharges it)"
    ),
    Why.CITES_A_FRESH_NAME_ONLY: (
        "line {line} only introduces the fresh name {constants}; it states nothing"
    ),
    Why.CITES_SUBPROOF_IN_CLOSED: (
        "the subproof {ref} is inside the subproof {range}, which is closed by line {label}"
    ),
    Why.CITES_SUBPROOF_ENDING_INSIDE: (
        "the subproof {ref} ends inside its inner subproof {range}: a subproof's last line "
        "must be its own (add a line after the inner `end`)"
    ),
    Why.CITES_SUBPROOF_STATING_NOTHING: (
        "the subproof {ref} states nothing: it only introduces a fresh name"
    ),
    Why.WOULD_CAPTURE: (
        "{var} would have to stand for a term with a variable bound inside the statement (a "
        "variable cannot be captured by a quantifier)"
    ),
    Why.REIT_NOT_THE_SAME: "reiteration repeats a line, but {prem_0} is {f}",
    Why.REIT_HOLDS: "repeats {prem_0}",
    Why.MP_AFFIRMS_THE_CONSEQUENT: (
        "{prem_j} is the consequent {imp_right} of {prem_i}; modus ponens needs its "
        "antecedent {imp_left} (going from the consequent back to the antecedent is affirming"
        " the consequent)"
    ),
    Why.MP_NEEDS_THE_ANTECEDENT: (
        "modus ponens needs the antecedent {imp_left} of {prem_i}, but {prem_j} is {other}"
    ),
    Why.MP_GIVES_OTHER: ("from {imp} and {other} modus ponens gives {imp_right}, not {concl}"),
    Why.MP_HOLDS: "{prem_i} with its antecedent {prem_j}",
    Why.MP_NEEDS_AN_IMPLICATION: ("modus ponens needs an implication φ → ψ; {cited:described}"),
    Why.MT_DENIES_THE_ANTECEDENT: (
        "{prem_j} denies the antecedent {imp_left} of {prem_i}; modus tollens needs the "
        "negation of the consequent, {not_imp_right} (denying the antecedent proves nothing)"
    ),
    Why.MT_NEEDS_THE_NEGATED_CONSEQUENT: (
        "modus tollens needs {not_imp_right}, the negation of the consequent of {prem_i}, but"
        " {prem_j} is {other}"
    ),
    Why.MT_GIVES_OTHER: ("from {imp} and {other} modus tollens gives {not_imp_left}, not {concl}"),
    Why.MT_HOLDS: "{prem_i} with the negated consequent {prem_j}",
    Why.MT_NEEDS_AN_IMPLICATION: ("modus tollens needs an implication φ → ψ; {cited:described}"),
    Why.HS_NEEDS_TWO_IMPLICATIONS: (
        "hypothetical syllogism needs two implications; {cited:described}"
    ),
    Why.HS_HOLDS: "chains the two implications",
    Why.HS_GIVES_OTHER: ("the two implications chain to {target}, not {concl}"),
    Why.HS_DO_NOT_CHAIN: (
        "hypothetical syllogism needs the consequent of one implication to be the antecedent "
        "of the other; {cited:described}"
    ),
    Why.DS_HOLDS: "{prem_j} rules out one side of {prem_i}",
    Why.DS_GIVES_OTHER: ("with {not_denied}, {dis} leaves {rest}, not {concl}"),
    Why.DS_AFFIRMS_A_SIDE: (
        "{prem_j} affirms a side of {dis}; disjunctive syllogism needs one side denied "
        "({not_dis_left} or {not_dis_right}): ∨ is inclusive, both sides may hold"
    ),
    Why.DS_NEEDS_A_SIDE_DENIED: (
        "disjunctive syllogism needs {not_dis_left} or {not_dis_right}, but {prem_j} is {other}"
    ),
    Why.DS_NEEDS_A_DISJUNCTION: (
        "disjunctive syllogism needs a disjunction φ ∨ ψ; {cited:described}"
    ),
    Why.AND_I_NOT_A_CONJUNCTION: ("∧ introduction concludes a conjunction φ ∧ ψ, not {concl}"),
    Why.AND_I_CITES_TWO_LINES: "∧ introduction cites the two lines φ and ψ",
    Why.AND_I_SIDE_NOT_CITED: (
        "∧ introduction needs {side} among the cited lines; {cited:described}"
    ),
    Why.AND_I_CITED_NOT_A_SIDE: "a cited line is not a side of {concl}; {cited:described}",
    Why.AND_I_HOLDS: "joins the two sides",
    Why.AND_E_NEEDS_A_CONJUNCTION: "∧ elimination needs a conjunction, but {prem_0} is {f}",
    Why.AND_E_HOLDS: "keeps one side of the conjunction",
    Why.AND_E_GIVES_OTHER: "∧ elimination gives {f_left} or {f_right} from {f}, not {concl}",
    Why.OR_I_NOT_A_DISJUNCTION: ("∨ introduction concludes a disjunction φ ∨ ψ, not {concl}"),
    Why.OR_I_HOLDS: "adds a disjunct",
    Why.OR_I_CITED_NOT_A_SIDE: (
        "∨ introduction needs one side of {concl} to be the cited line, but {prem_0} is {f}"
    ),
    Why.OR_E_NEEDS_A_DISJUNCTION: ("∨ elimination needs a disjunction φ ∨ ψ among the cited lines"),
    Why.OR_E_CASE_NOT_AN_IMPLICATION: (
        "∨ elimination needs, for each side, a subproof or an implication to the conclusion; "
        "{p} is {p_formula}"
    ),
    Why.OR_E_CITES_TWO_CASES: (
        "∨ elimination cites φ ∨ ψ and two subproofs (assume φ … χ, assume ψ … χ), or φ ∨ ψ, "
        "φ → χ and ψ → χ"
    ),
    Why.OR_E_CASE_ASSUMES_NOTHING: "{name} assumes nothing; each case must assume one side",
    Why.OR_E_CASE_REACHES_OTHER: "{name} reaches {reached}, not the conclusion {concl}",
    Why.OR_E_HOLDS: "both cases reach the conclusion",
    Why.OR_E_CASES_NOT_THE_SIDES: (
        "the cases must assume {dis_left} and {dis_right}, the two sides of {dis_p}; they "
        "assume {a} and {b}"
    ),
    Why.IMP_I_ASSUMES_NOTHING: ("{sub} assumes nothing, so there is no antecedent to discharge"),
    Why.IMP_I_HOLDS: "discharges the assumption",
    Why.IMP_I_SHOWS_OTHER: "{sub} shows {target}, not {concl}",
    Why.IFF_I_NOT_A_BICONDITIONAL: "↔ introduction concludes φ ↔ ψ, not {concl}",
    Why.IFF_I_CITES_TWO: "↔ introduction cites φ → ψ and ψ → φ (lines or subproofs)",
    Why.IFF_I_ASSUMES_NOTHING: "{p} assumes nothing",
    Why.IFF_I_NEEDS_IMPLICATIONS: "↔ introduction needs implications; {p} is {p_formula}",
    Why.IFF_I_HOLDS: "both directions",
    Why.IFF_I_GIVES_OTHER: (
        "↔ introduction needs {need_0} and {need_1}; the citations give {have:and}"
    ),
    Why.IFF_E_CITES: "↔ elimination cites φ ↔ ψ and one side of it",
    Why.IFF_E_NEEDS_A_BICONDITIONAL: (
        "↔ elimination needs a biconditional φ ↔ ψ; {cited:described}"
    ),
    Why.IFF_E_ONE_DIRECTION: "one direction of the biconditional",
    Why.IFF_E_OTHER_SIDE: "the other side of the biconditional",
    Why.IFF_E_GIVES_OTHER: (
        "↔ elimination gives one side of a biconditional from the other; {cited:described}, "
        "which does not give {concl}"
    ),
    Why.DEM_HOLDS: "rewrites one part by De Morgan",
    Why.DEM_NOT_A_REWRITING: (
        "De Morgan rewrites one part ¬(φ ∧ ψ) ⇔ ¬φ ∨ ¬ψ, ¬(φ ∨ ψ) ⇔ ¬φ ∧ ¬ψ, ¬∀x φ ⇔ ∃x ¬φ or"
        " ¬∃x φ ⇔ ∀x ¬φ; {concl} is not such a rewriting of {f}"
    ),
    Why.DN_HOLDS: "adds or removes ¬¬ in one place",
    Why.DN_NOT_A_REWRITING: (
        "double negation adds or removes one ¬¬ in one place; {concl} is not such a rewriting"
        " of {f}"
    ),
    Why.FORALL_E_NEEDS_A_FORALL: "∀ elimination needs a statement ∀x φ, but {prem_0} is {f}",
    Why.FORALL_E_INSTANTIATES: "instantiates {terms:assigned}",
    Why.FORALL_E_DROPS_VACUOUS: "drops a vacuous ∀",
    Why.FORALL_E_NOT_AN_INSTANCE: (
        "{concl} is not an instance of {f}: ∀ elimination replaces the variable of the "
        "leading ∀ (or several leading ∀s) by one term everywhere"
    ),
    Why.EXISTS_I_NOT_AN_EXISTS: "∃ introduction concludes ∃x φ, not {concl}",
    Why.EXISTS_I_GENERALISES: "generalises {terms:as}",
    Why.EXISTS_I_ADDS_VACUOUS: "adds a vacuous ∃",
    Why.EXISTS_I_NOT_AN_INSTANCE: (
        "{prem_0} ({f}) is not an instance of {concl}: ∃ introduction needs the cited line to"
        " be the body with some term in place of the variable"
    ),
    Why.FORALL_I_NOT_A_FORALL: "∀ introduction concludes ∀x φ, not {concl}",
    Why.FORALL_I_CITES_ONE: (
        "∀ introduction cites one subproof opened with `assume [a]`, or one line about a "
        "fresh name a"
    ),
    Why.FORALL_I_SUBPROOF_ASSUMES: (
        "{p} assumes {p_assumption}: the subproof of ∀ introduction only introduces a fresh "
        "name (`assume [a]`); to use an assumption, conclude an implication with →I inside it"
        " first"
    ),
    Why.FORALL_I_ONE_FRESH_NAME: ("{p} must introduce exactly one fresh name for ∀ introduction"),
    Why.FORALL_I_NOT_AN_INSTANCE: "{p} ({reached}) is not {body} with a name in place of {x}",
    Why.FORALL_I_VACUOUS: "vacuous generalisation",
    Why.FORALL_I_NOT_A_NAME: (
        "∀ introduction generalises a fresh name, but {x} stands for {term} here"
    ),
    Why.FORALL_I_OTHER_NAME: ("{p} introduces {fresh}, but {x} stands for {name} here"),
    Why.FORALL_I_NOT_FRESH: (
        "{name} is not a fresh name: ∀ introduction can only generalise a name introduced by "
        "`assume [{name}]` (a name of the deck or the board stands for one object)"
    ),
    Why.FORALL_I_NAME_REMAINS: ("{name} still occurs in {concl}: every {name} must become {x}"),
    Why.FORALL_I_FREE_IN_ASSUMPTION: (
        "{name} is still free in the open assumption at line {label} ({assumption}): what "
        "holds of {name} there is only assumed, so it cannot be generalised to every {x}"
    ),
    Why.FORALL_I_HOLDS: "generalises the fresh name {name}",
    Why.EXISTS_E_CITES: (
        "∃ elimination cites ∃x φ and one subproof `assume [a] φ(a)` … χ (a derivation cannot"
        " name the witness outside a subproof)"
    ),
    Why.EXISTS_E_NEEDS_AN_EXISTS: "∃ elimination needs ∃x φ, but {ex} is {f}",
    Why.EXISTS_E_OPENS_WITHOUT_WITNESS: (
        "{sub} must open with `assume [a] φ(a)`: a fresh witness name and what it satisfies"
    ),
    Why.EXISTS_E_TOO_MANY_WITNESSES: "{sub} names {k} witnesses but {ex} has {len_prefix} ∃",
    Why.EXISTS_E_NOT_AN_INSTANCE: (
        "{sub} assumes {sub_assumption}, which is not {body} with {constants} in place of {holes}"
    ),
    Why.EXISTS_E_WITNESS_NOT_FRESH: (
        "the witness for {v} must be the fresh name of the subproof, not {t}"
    ),
    Why.EXISTS_E_SHARED_WITNESS: (
        "two variables cannot share one witness: give each its own fresh name"
    ),
    Why.EXISTS_E_REACHES_OTHER: "{sub} reaches {sub_last}, not {concl}",
    Why.EXISTS_E_WITNESS_ESCAPES: (
        "the witness {c} escapes: it occurs in the conclusion {concl}, but {c} names an "
        "object only inside {sub}"
    ),
    Why.EXISTS_E_HOLDS: "uses the witness {constants} inside {sub}",
    Why.EQ_E_NEEDS_AN_EQUATION: "= elimination needs an equation s = t; {cited:described}",
    Why.EQ_E_HOLDS: "replaces {eq_left} and {eq_right} for each other",
    Why.EQ_E_NOT_A_REPLACEMENT: (
        "{concl} is not {other} with some occurrences of {eq_left} replaced by {eq_right} (or back)"
    ),
    Why.EQ_I_CITES_NOTHING: "= introduction (t = t) cites nothing",
    Why.EQ_I_HOLDS: "every object equals itself",
    Why.EQ_I_GIVES_OTHER: "= introduction gives t = t, not {concl}",
    Why.BOT_I_NOT_FALSUM: "⊥ introduction concludes ⊥, not {concl}",
    Why.BOT_I_HOLDS: "a statement and its negation",
    Why.BOT_I_NO_CONTRADICTION: (
        "⊥ introduction needs a statement and its negation; {cited:described}"
    ),
    Why.BOT_E_HOLDS: "from ⊥ anything follows",
    Why.BOT_E_NEEDS_FALSUM: "⊥ elimination needs ⊥, but {prem_0} is {f}",
    Why.PBC_ASSUMES_NOTHING: ("{sub} assumes nothing, so there is nothing to refute"),
    Why.PBC_NOT_ENDING_IN_FALSUM: (
        "{sub} ends in {sub_last}; proof by contradiction needs it to end in ⊥ (derive ⊥ with"
        " ⊥I from a statement and its negation)"
    ),
    Why.PBC_HOLDS: "refutes the assumption {a}",
    Why.PBC_GIVES_OTHER: ("{sub} refutes {a}, which gives {not_a}, not {concl}"),
    Why.COUNT_CITES_A_SUBPROOF: "counting cites lines, not subproofs",
    Why.COUNT_BOUNDS_CLASH: ("at least {lows_0} objects and fewer than {highs_0} cannot both hold"),
    Why.COUNT_NO_CLASH: (
        "counting gives ⊥ from |L| ≥ n and |L| < m with n ≥ m; {cited:described_or_none}"
    ),
    Why.COUNT_NOT_A_SIZE: "counting concludes |L| ≥ n, |L| < n or ⊥, not {concl}",
    Why.COUNT_AT_LEAST_ONE: "there is at least one object (an axiom of the game)",
    Why.COUNT_WEAKER_BOUND: "a weaker bound",
    Why.COUNT_NOT_WEAKER: "{concl} is not a weaker bound than {f}",
    Why.COUNT_NOT_FROM_DISTINCT: "counting cannot conclude {concl} from distinct objects",
    Why.COUNT_NEEDS_DISTINCTNESS: (
        "counting needs statements s ≠ t (joined by ∧ if you like); {p} is {p_formula}"
    ),
    Why.COUNT_WRONG_NUMBER_OF_TERMS: (
        "|L| ≥ {n} needs {n} objects shown pairwise distinct; the cited lines mention "
        "{len_terms} terms"
    ),
    Why.COUNT_PAIR_MISSING: (
        "|L| ≥ {n} needs every two of the {n} terms distinct; {s} ≠ {t} is not among the "
        "cited lines"
    ),
    Why.COUNT_HOLDS: "{n} pairwise distinct objects",
    Why.DEF_HOLDS: "writes one ∃! or |L| by its definition (or back)",
    Why.DEF_NOT_A_REWRITING: (
        "by definition, ∃!x φ is ∃x (φ ∧ ∀y (φ(y) → y = x)), |L| ≥ n is ∃x1…∃xn with every "
        "two distinct (x1 ≠ x2 ∧ …), |L| < n is ∃x1…∃x(n-1) ∀y (y = x1 ∨ …); {concl} is not "
        "{f} with one of them rewritten so"
    ),
}


def _marked(said: Said) -> str:
    facts = dict(said.facts)
    if said.why in SAID:
        text = SAID[said.why](facts)
    else:
        text = _Facts().vformat(TEMPLATES[said.why], (), facts)
    return f"{rule_name(said.rule)}: {text}" if said.rule else text


def line_words(said: Said) -> str:
    """What a line's check found, as players read it (a named rule's refusal starts with
    the rule's name)."""
    return _marked(said).replace(_OPEN, "").replace(_CLOSE, "")


def line_text(said: Said) -> Line:
    """:func:`line_words` for a screen: each statement in it kept whole on a line
    (:func:`referee.client.said.formula`)."""
    marked = _marked(said)
    out = Line()
    at = 0
    for m in _MARKED.finditer(marked):
        out += typed(marked[at : m.start()]) + formula(m.group(1))
        at = m.end()
    return out + typed(marked[at:])


# ------------------------------------------------------------------ a derivation on screen


@dataclass(frozen=True)
class Step:
    """A step as a screen draws it: ``head`` starts its first line (its number, the
    subproof's bars), ``under`` its later ones (as wide: the bars drawn down), then its
    statement and its justification (``by ∀E 1``; empty for an assumption)."""

    head: str
    under: str
    statement: str
    justification: str = ""


def laid_out(steps: Sequence[Step], width: int | None) -> list[list[tuple[str, str, str]]]:
    """Each step as the rows a screen of ``width`` columns shows (None: as wide as it
    takes): (head or under, statement part, justification part, padded to its column).

    When every step fits on one line the justifications form one column after the
    widest statement; when one does not, the statements' column is the one that
    gives the fewest rows, each statement broken where a statement breaks
    (:func:`referee.language.printer.wrap`) and each justification at its spaces.
    """
    if not steps:
        return []
    lead = max(text_width(s.head) for s in steps)
    widest = max(text_width(s.head) + text_width(s.statement) for s in steps)
    longest = max(text_width(s.justification) for s in steps)
    column = min(widest + 2, 64 + lead)
    if width is not None and column + longest > width:
        column = _fewest_rows(steps, width, lead)
    out = []
    for s in steps:
        if (
            width is None
            or column + text_width(s.justification) <= width
            and (text_width(s.head) + text_width(s.statement) + 2 <= column)
        ):
            said, just = [s.statement], [s.justification]
        else:
            said = _statement_rows(s, column)
            just = _words_rows(s.justification, max(1, width - column))
        rows = []
        for k in range(max(len(said), len(just))):
            left = s.head if k == 0 else s.under
            part = said[k] if k < len(said) else ""
            right = just[k] if k < len(just) else ""
            if right:
                part += " " * max(2, column - text_width(left) - text_width(part))
            rows.append((left, part, right))
        out.append(rows)
    return out


def _statement_rows(step: Step, column: int) -> list[str]:
    room = max(1, column - 2 - text_width(step.head))
    return list(wrap(step.statement, room, indent=2)) if step.statement else [""]


def _words_rows(text: str, width: int) -> list[str]:
    rows: list[str] = []
    for word in text.split(" "):
        if rows and text_width(rows[-1]) + 1 + text_width(word) <= width:
            rows[-1] += " " + word
        else:
            rows.append(word)
    return rows or [""]


def _fewest_rows(steps: Sequence[Step], width: int, lead: int) -> int:
    """The statements' column that gives the derivation the fewest rows at ``width`` (of
    those, the one whose justifications take the fewest, then the widest)."""
    best, fewest = None, None
    floor = min(width - 12, lead + max(12, (width - lead) // 3))
    for column in range(width - 12, floor - 1, -1):
        rows = justified = 0
        for s in steps:
            said = len(_words_rows(s.justification, width - column))
            rows += max(len(_statement_rows(s, column)), said)
            justified += said
        if fewest is None or (rows, justified) < fewest:
            best, fewest = column, (rows, justified)
    return best if best is not None else floor


# A line of a derivation's text: its number and indentation, its statement, and ``by …``.
_TEXT_LINE = re.compile(r"^(?P<head>\s*(?:\d+[.):]\s+)?)(?P<body>.*?)(?:\s+(?P<by>by\s.*))?$")


def text_steps(text: str) -> list[Step]:
    """A derivation's text (as a file holds it, the referee's or a player's) as steps to
    lay out: each line's number and indentation, statement and justification; a comment
    or an ``end`` is a step with no statement to break."""
    steps = []
    for line in text.rstrip("\n").split("\n"):
        m = _TEXT_LINE.match(line.rstrip())
        assert m is not None  # every part of the pattern may be empty
        head, body, by = m.group("head"), m.group("body"), m.group("by") or ""
        if body.startswith("#") or "#" in by:
            head, body, by = "", line.rstrip(), ""
        steps.append(Step(head, " " * text_width(head), body, by))
    return steps


def derivation_rows(out: Any, text: str, indent: str = "  ") -> list[Line]:
    """A derivation's text as ``out`` (a terminal, or a page) shows it, each line after
    ``indent``: as written when every line fits the screen, else laid out again
    (:func:`laid_out`), a step's statement never broken inside a name or a symbol; its
    rows are never broken again."""
    lines = text.rstrip("\n").split("\n")
    room = out.width - text_width(indent) if wraps(out) else None
    if room is None or all(text_width(escape_invisible(line)) <= room for line in lines):
        rows = [indent + typed(line) for line in lines]
    else:
        rows = [
            indent + typed(left + part + right)
            for laid in laid_out(text_steps(text), room)
            for left, part, right in laid
        ]
    return [row.laid(Layout.WHOLE) for row in rows]
