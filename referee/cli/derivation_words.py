"""A derivation line's check in words: what each rule did, or what it needed and did not get.

The checker (:mod:`referee.derivation.checker`) and the rules return
:class:`~referee.derivation.reasons.Said` values; this is the one place they
become sentences, for ``referee derive``, Palmer's claims with a derivation,
Ergo's proofs and the web table alike.
"""

from __future__ import annotations

import string
from collections.abc import Callable

from referee.derivation.reasons import Said, Why
from referee.derivation.rules import Premise
from referee.derivation.syntax import rule_name
from referee.language.printer import to_unicode


def premise_name(p: Premise) -> str:
    """``line 3``, ``board 2``, ``the subproof 3-6``: a citation as a sentence names it."""
    if p.is_subproof:
        return f"the subproof {p.ref}"
    return f"board {p.ref[6:]}" if p.ref.startswith("board") else f"line {p.ref}"


def _fact(value: object) -> str:
    if isinstance(value, Premise):
        return premise_name(value)
    if isinstance(value, (str, int, float)):
        return str(value)
    if isinstance(value, tuple):
        return ", ".join(_fact(v) for v in value)
    return to_unicode(value)  # type: ignore[arg-type]  # a formula or a term


def _described(cited: tuple[Premise, ...]) -> str:
    """``line 1 is P(a); board 2 is ∀x Q(x)``: what the cited lines say."""
    return "; ".join(f"{premise_name(p)} is {to_unicode(p.formula)}" for p in cited if p.formula)


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
        f"{rule_name(rule)} cites {n} line{'s' if n != 1 else ''} ({CITED_SHAPE[rule]}); "
        f"got {_names(f['got'])}"
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
    Why.CITES_FRESH_NAME_ONLY: (
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
    Why.CAPTURE: (
        "{var} would have to stand for a term with a variable bound inside the statement (a "
        "variable cannot be captured by a quantifier)"
    ),
    Why.REIT_REPEATS_LINE_BUT: "reiteration repeats a line, but {prem_0} is {f}",
    Why.REIT_REPEATS: "repeats {prem_0}",
    Why.MODUS_PONENS_IS_CONSEQUENT_OF: (
        "{prem_j} is the consequent {imp_right} of {prem_i}; modus ponens needs its "
        "antecedent {imp_left} (going from the consequent back to the antecedent is affirming"
        " the consequent)"
    ),
    Why.MODUS_PONENS_NEEDS_ANTECEDENT_OF: (
        "modus ponens needs the antecedent {imp_left} of {prem_i}, but {prem_j} is {other}"
    ),
    Why.MODUS_PONENS_FROM_AND_GIVES: (
        "from {imp} and {other} modus ponens gives {imp_right}, not {concl}"
    ),
    Why.MODUS_PONENS_WITH_ITS_ANTECEDENT: "{prem_i} with its antecedent {prem_j}",
    Why.MODUS_PONENS_NEEDS_IMPLICATION: (
        "modus ponens needs an implication φ → ψ; {cited:described}"
    ),
    Why.MODUS_TOLLENS_DENIES_ANTECEDENT_OF: (
        "{prem_j} denies the antecedent {imp_left} of {prem_i}; modus tollens needs the "
        "negation of the consequent, {not_imp_right} (denying the antecedent proves nothing)"
    ),
    Why.MODUS_TOLLENS_NEEDS_OF_CONSEQUENT: (
        "modus tollens needs {not_imp_right}, the negation of the consequent of {prem_i}, but"
        " {prem_j} is {other}"
    ),
    Why.MODUS_TOLLENS_FROM_AND_GIVES: (
        "from {imp} and {other} modus tollens gives {not_imp_left}, not {concl}"
    ),
    Why.MODUS_TOLLENS_WITH_NEGATED_CONSEQUENT: "{prem_i} with the negated consequent {prem_j}",
    Why.MODUS_TOLLENS_NEEDS_IMPLICATION: (
        "modus tollens needs an implication φ → ψ; {cited:described}"
    ),
    Why.HYPOTHETICAL_SYLLOGISM_NEEDS_TWO_IMPLICATIONS: (
        "hypothetical syllogism needs two implications; {cited:described}"
    ),
    Why.HYPOTHETICAL_SYLLOGISM_CHAINS_TWO_IMPLICATIONS: "chains the two implications",
    Why.HYPOTHETICAL_SYLLOGISM_TWO_IMPLICATIONS_CHAIN: (
        "the two implications chain to {target}, not {concl}"
    ),
    Why.HYPOTHETICAL_SYLLOGISM_NEEDS_CONSEQUENT_OF: (
        "hypothetical syllogism needs the consequent of one implication to be the antecedent "
        "of the other; {cited:described}"
    ),
    Why.DISJUNCTIVE_SYLLOGISM_RULES_OUT_ONE: "{prem_j} rules out one side of {prem_i}",
    Why.DISJUNCTIVE_SYLLOGISM_WITH_LEAVES_NOT: (
        "with {not_denied}, {dis} leaves {rest}, not {concl}"
    ),
    Why.DISJUNCTIVE_SYLLOGISM_AFFIRMS_SIDE_OF: (
        "{prem_j} affirms a side of {dis}; disjunctive syllogism needs one side denied "
        "({not_dis_left} or {not_dis_right}): ∨ is inclusive, both sides may hold"
    ),
    Why.DISJUNCTIVE_SYLLOGISM_NEEDS_OR_BUT: (
        "disjunctive syllogism needs {not_dis_left} or {not_dis_right}, but {prem_j} is {other}"
    ),
    Why.DISJUNCTIVE_SYLLOGISM_NEEDS_DISJUNCTION: (
        "disjunctive syllogism needs a disjunction φ ∨ ψ; {cited:described}"
    ),
    Why.AND_INTRO_CONCLUDES_CONJUNCTION_NOT: (
        "∧ introduction concludes a conjunction φ ∧ ψ, not {concl}"
    ),
    Why.AND_INTRO_CITES_TWO_LINES: "∧ introduction cites the two lines φ and ψ",
    Why.AND_INTRO_NEEDS_AMONG_CITED: (
        "∧ introduction needs {side} among the cited lines; {cited:described}"
    ),
    Why.AND_INTRO_CITED_LINE_IS: "a cited line is not a side of {concl}; {cited:described}",
    Why.AND_INTRO_JOINS_TWO_SIDES: "joins the two sides",
    Why.AND_ELIM_NEEDS_CONJUNCTION_BUT: "∧ elimination needs a conjunction, but {prem_0} is {f}",
    Why.AND_ELIM_KEEPS_ONE_SIDE: "keeps one side of the conjunction",
    Why.AND_ELIM_GIVES_OR_FROM: "∧ elimination gives {f_left} or {f_right} from {f}, not {concl}",
    Why.OR_INTRO_CONCLUDES_DISJUNCTION_NOT: (
        "∨ introduction concludes a disjunction φ ∨ ψ, not {concl}"
    ),
    Why.OR_INTRO_ADDS_DISJUNCT: "adds a disjunct",
    Why.OR_INTRO_NEEDS_ONE_SIDE: (
        "∨ introduction needs one side of {concl} to be the cited line, but {prem_0} is {f}"
    ),
    Why.OR_ELIM_NEEDS_DISJUNCTION_AMONG: (
        "∨ elimination needs a disjunction φ ∨ ψ among the cited lines"
    ),
    Why.OR_ELIM_NEEDS_FOR_EACH: (
        "∨ elimination needs, for each side, a subproof or an implication to the conclusion; "
        "{p} is {p_formula}"
    ),
    Why.OR_ELIM_CITES_AND_TWO: (
        "∨ elimination cites φ ∨ ψ and two subproofs (assume φ … χ, assume ψ … χ), or φ ∨ ψ, "
        "φ → χ and ψ → χ"
    ),
    Why.OR_ELIM_ASSUMES_NOTHING_EACH: "{name} assumes nothing; each case must assume one side",
    Why.OR_ELIM_REACHES_NOT_CONCLUSION: "{name} reaches {reached}, not the conclusion {concl}",
    Why.OR_ELIM_BOTH_CASES_REACH: "both cases reach the conclusion",
    Why.OR_ELIM_CASES_MUST_ASSUME: (
        "the cases must assume {dis_left} and {dis_right}, the two sides of {dis_p}; they "
        "assume {a} and {b}"
    ),
    Why.IMP_INTRO_ASSUMES_NOTHING_SO: (
        "{sub} assumes nothing, so there is no antecedent to discharge"
    ),
    Why.IMP_INTRO_DISCHARGES_ASSUMPTION: "discharges the assumption",
    Why.IMP_INTRO_SHOWS_NOT: "{sub} shows {target}, not {concl}",
    Why.IFF_INTRO_CONCLUDES_NOT: "↔ introduction concludes φ ↔ ψ, not {concl}",
    Why.IFF_INTRO_CITES_AND_LINES: "↔ introduction cites φ → ψ and ψ → φ (lines or subproofs)",
    Why.IFF_INTRO_ASSUMES_NOTHING: "{p} assumes nothing",
    Why.IFF_INTRO_NEEDS_IMPLICATIONS_IS: "↔ introduction needs implications; {p} is {p_formula}",
    Why.IFF_INTRO_BOTH_DIRECTIONS: "both directions",
    Why.IFF_INTRO_NEEDS_AND_CITATIONS: (
        "↔ introduction needs {need_0} and {need_1}; the citations give {have:and}"
    ),
    Why.IFF_ELIM_CITES_AND_ONE: "↔ elimination cites φ ↔ ψ and one side of it",
    Why.IFF_ELIM_NEEDS_BICONDITIONAL: (
        "↔ elimination needs a biconditional φ ↔ ψ; {cited:described}"
    ),
    Why.IFF_ELIM_ONE_DIRECTION_OF: "one direction of the biconditional",
    Why.IFF_ELIM_OTHER_SIDE_OF: "the other side of the biconditional",
    Why.IFF_ELIM_GIVES_ONE_SIDE: (
        "↔ elimination gives one side of a biconditional from the other; {cited:described}, "
        "which does not give {concl}"
    ),
    Why.DE_MORGAN_REWRITES: "rewrites one part by De Morgan",
    Why.DE_MORGAN_NOT_A_REWRITING: (
        "De Morgan rewrites one part ¬(φ ∧ ψ) ⇔ ¬φ ∨ ¬ψ, ¬(φ ∨ ψ) ⇔ ¬φ ∧ ¬ψ, ¬∀x φ ⇔ ∃x ¬φ or"
        " ¬∃x φ ⇔ ∀x ¬φ; {concl} is not such a rewriting of {f}"
    ),
    Why.DOUBLE_NEGATION_ADDS_OR_REMOVES: "adds or removes ¬¬ in one place",
    Why.DOUBLE_NEGATION_NOT_A_REWRITING: (
        "double negation adds or removes one ¬¬ in one place; {concl} is not such a rewriting"
        " of {f}"
    ),
    Why.FORALL_ELIM_NEEDS_STATEMENT_X: "∀ elimination needs a statement ∀x φ, but {prem_0} is {f}",
    Why.FORALL_ELIM_INSTANTIATES: "instantiates {terms:assigned}",
    Why.FORALL_ELIM_DROPS_VACUOUS: "drops a vacuous ∀",
    Why.FORALL_ELIM_IS_NOT_INSTANCE: (
        "{concl} is not an instance of {f}: ∀ elimination replaces the variable of the "
        "leading ∀ (or several leading ∀s) by one term everywhere"
    ),
    Why.EXISTS_INTRO_CONCLUDES_X_NOT: "∃ introduction concludes ∃x φ, not {concl}",
    Why.EXISTS_INTRO_GENERALISES: "generalises {terms:as}",
    Why.EXISTS_INTRO_ADDS_VACUOUS: "adds a vacuous ∃",
    Why.EXISTS_INTRO_IS_NOT_INSTANCE: (
        "{prem_0} ({f}) is not an instance of {concl}: ∃ introduction needs the cited line to"
        " be the body with some term in place of the variable"
    ),
    Why.FORALL_INTRO_CONCLUDES_X_NOT: "∀ introduction concludes ∀x φ, not {concl}",
    Why.FORALL_INTRO_CITES_ONE_SUBPROOF: (
        "∀ introduction cites one subproof opened with `assume [a]`, or one line about a "
        "fresh name a"
    ),
    Why.FORALL_INTRO_ASSUMES_SUBPROOF_OF: (
        "{p} assumes {p_assumption}: the subproof of ∀ introduction only introduces a fresh "
        "name (`assume [a]`); to use an assumption, conclude an implication with →I inside it"
        " first"
    ),
    Why.FORALL_INTRO_MUST_INTRODUCE_EXACTLY: (
        "{p} must introduce exactly one fresh name for ∀ introduction"
    ),
    Why.FORALL_INTRO_IS_NOT_WITH: "{p} ({reached}) is not {body} with a name in place of {x}",
    Why.FORALL_INTRO_VACUOUS_GENERALISATION: "vacuous generalisation",
    Why.FORALL_INTRO_NOT_A_NAME: (
        "∀ introduction generalises a fresh name, but {x} stands for {term} here"
    ),
    Why.FORALL_INTRO_INTRODUCES_BUT_STANDS: (
        "{p} introduces {fresh}, but {x} stands for {name} here"
    ),
    Why.FORALL_INTRO_IS_NOT_FRESH: (
        "{name} is not a fresh name: ∀ introduction can only generalise a name introduced by "
        "`assume [{name}]` (a name of the deck or the board stands for one object)"
    ),
    Why.FORALL_INTRO_STILL_OCCURS_IN: (
        "{name} still occurs in {concl}: every {name} must become {x}"
    ),
    Why.FORALL_INTRO_IS_STILL_FREE: (
        "{name} is still free in the open assumption at line {label} ({assumption}): what "
        "holds of {name} there is only assumed, so it cannot be generalised to every {x}"
    ),
    Why.FORALL_INTRO_GENERALISES_FRESH: "generalises the fresh name {name}",
    Why.EXISTS_ELIM_CITES_X_AND: (
        "∃ elimination cites ∃x φ and one subproof `assume [a] φ(a)` … χ (a derivation cannot"
        " name the witness outside a subproof)"
    ),
    Why.EXISTS_ELIM_NEEDS_X_BUT: "∃ elimination needs ∃x φ, but {ex} is {f}",
    Why.EXISTS_ELIM_MUST_OPEN_WITH: (
        "{sub} must open with `assume [a] φ(a)`: a fresh witness name and what it satisfies"
    ),
    Why.EXISTS_ELIM_NAMES_WITNESSES_BUT: "{sub} names {k} witnesses but {ex} has {len_prefix} ∃",
    Why.EXISTS_ELIM_ASSUMES_WHICH_IS: (
        "{sub} assumes {sub_assumption}, which is not {body} with {constants} in place of {holes}"
    ),
    Why.EXISTS_ELIM_WITNESS_FOR_MUST: (
        "the witness for {v} must be the fresh name of the subproof, not {t}"
    ),
    Why.EXISTS_ELIM_TWO_VARIABLES_CANNOT: (
        "two variables cannot share one witness: give each its own fresh name"
    ),
    Why.EXISTS_ELIM_REACHES_NOT: "{sub} reaches {sub_last}, not {concl}",
    Why.EXISTS_ELIM_WITNESS_ESCAPES_IT: (
        "the witness {c} escapes: it occurs in the conclusion {concl}, but {c} names an "
        "object only inside {sub}"
    ),
    Why.EXISTS_ELIM_USES_WITNESS_INSIDE: "uses the witness {constants} inside {sub}",
    Why.EQ_ELIM_NEEDS_EQUATION_S: "= elimination needs an equation s = t; {cited:described}",
    Why.EQ_ELIM_REPLACES_AND_FOR: "replaces {eq_left} and {eq_right} for each other",
    Why.EQ_ELIM_IS_NOT_WITH: (
        "{concl} is not {other} with some occurrences of {eq_left} replaced by {eq_right} (or back)"
    ),
    Why.EQ_INTRO_T_T_CITES: "= introduction (t = t) cites nothing",
    Why.EQ_INTRO_EVERY_OBJECT_EQUALS: "every object equals itself",
    Why.EQ_INTRO_GIVES_T_T: "= introduction gives t = t, not {concl}",
    Why.BOT_INTRO_CONCLUDES_NOT: "⊥ introduction concludes ⊥, not {concl}",
    Why.BOT_INTRO_STATEMENT_AND_ITS: "a statement and its negation",
    Why.BOT_INTRO_NEEDS_STATEMENT_AND: (
        "⊥ introduction needs a statement and its negation; {cited:described}"
    ),
    Why.BOT_ELIM_FROM_ANYTHING_FOLLOWS: "from ⊥ anything follows",
    Why.BOT_ELIM_NEEDS_BUT_IS: "⊥ elimination needs ⊥, but {prem_0} is {f}",
    Why.PROOF_BY_CONTRADICTION_ASSUMES_NOTHING_SO: (
        "{sub} assumes nothing, so there is nothing to refute"
    ),
    Why.PROOF_BY_CONTRADICTION_ENDS_IN_NEEDS: (
        "{sub} ends in {sub_last}; proof by contradiction needs it to end in ⊥ (derive ⊥ with"
        " ⊥I from a statement and its negation)"
    ),
    Why.PROOF_BY_CONTRADICTION_REFUTES_ASSUMPTION: "refutes the assumption {a}",
    Why.PROOF_BY_CONTRADICTION_REFUTES_WHICH_GIVES: (
        "{sub} refutes {a}, which gives {not_a}, not {concl}"
    ),
    Why.COUNTING_CITES_LINES_NOT: "counting cites lines, not subproofs",
    Why.COUNTING_AT_LEAST_OBJECTS: (
        "at least {lows_0} objects and fewer than {highs_0} cannot both hold"
    ),
    Why.COUNTING_GIVES_FROM_L: (
        "counting gives ⊥ from |L| ≥ n and |L| < m with n ≥ m; {cited:described_or_none}"
    ),
    Why.COUNTING_CONCLUDES_L_N: "counting concludes |L| ≥ n, |L| < n or ⊥, not {concl}",
    Why.COUNTING_THERE_IS_AT: "there is at least one object (an axiom of the game)",
    Why.COUNTING_WEAKER_BOUND: "a weaker bound",
    Why.COUNTING_IS_NOT_WEAKER: "{concl} is not a weaker bound than {f}",
    Why.COUNTING_CANNOT_CONCLUDE_FROM: "counting cannot conclude {concl} from distinct objects",
    Why.COUNTING_NEEDS_STATEMENTS_S: (
        "counting needs statements s ≠ t (joined by ∧ if you like); {p} is {p_formula}"
    ),
    Why.COUNTING_L_NEEDS_OBJECTS: (
        "|L| ≥ {n} needs {n} objects shown pairwise distinct; the cited lines mention "
        "{len_terms} terms"
    ),
    Why.COUNTING_L_NEEDS_EVERY: (
        "|L| ≥ {n} needs every two of the {n} terms distinct; {s} ≠ {t} is not among the "
        "cited lines"
    ),
    Why.COUNTING_PAIRWISE_DISTINCT_OBJECTS: "{n} pairwise distinct objects",
    Why.DEFINITION_WRITES_ONE_OR: "writes one ∃! or |L| by its definition (or back)",
    Why.DEFINITION_X_IS_X: (
        "by definition, ∃!x φ is ∃x (φ ∧ ∀y (φ(y) → y = x)), |L| ≥ n is ∃x1…∃xn with every "
        "two distinct (x1 ≠ x2 ∧ …), |L| < n is ∃x1…∃x(n-1) ∀y (y = x1 ∨ …); {concl} is not "
        "{f} with one of them rewritten so"
    ),
}


def line_words(said: Said) -> str:
    """What a line's check found, as players read it (a named rule's refusal starts with
    the rule's name)."""
    facts = dict(said.facts)
    if said.why in SAID:
        text = SAID[said.why](facts)
    else:
        text = _Facts().vformat(TEMPLATES[said.why], (), facts)
    return f"{rule_name(said.rule)}: {text}" if said.rule else text
