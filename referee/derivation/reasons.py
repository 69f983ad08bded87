"""Why a derivation line holds or is refused, as data (the interface words it).

A rule check returns a :class:`Said` (what it did) or raises :class:`Refusal`
carrying one (what it needed and did not get): a :class:`Why` and the facts
its sentence names (formulas, terms, the citations as
:class:`~referee.derivation.rules.Premise`, names, counts), by name.
:mod:`referee.cli.derivation_words` says them; this layer makes no English.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Why(enum.StrEnum):
    """One member per sentence a line's check can end in (the checker's own, then each
    rule's, in the order of :mod:`referee.derivation.rules`)."""

    OPENS_SUBPROOF = "opens_subproof"
    RESTATES = "restates"
    FOLLOWS = "follows"
    DOES_NOT_FOLLOW = "does_not_follow"
    UNDECIDED = "undecided"
    ENGINE_FAILED = "engine_failed"
    CITES_INSIDE_CLOSED = "cites_inside_closed"
    CITES_FRESH_NAME_ONLY = "cites_fresh_name_only"
    CITES_SUBPROOF_IN_CLOSED = "cites_subproof_in_closed"
    CITES_SUBPROOF_ENDING_INSIDE = "cites_subproof_ending_inside"
    CITES_SUBPROOF_STATING_NOTHING = "cites_subproof_stating_nothing"
    CAPTURE = "capture"
    CITES_N_LINES = "cites_n_lines"
    REIT_REPEATS_LINE_BUT = "reit_repeats_line_but"
    REIT_REPEATS = "reit_repeats"
    MODUS_PONENS_IS_CONSEQUENT_OF = "modus_ponens_is_consequent_of"
    MODUS_PONENS_NEEDS_ANTECEDENT_OF = "modus_ponens_needs_antecedent_of"
    MODUS_PONENS_FROM_AND_GIVES = "modus_ponens_from_and_gives"
    MODUS_PONENS_WITH_ITS_ANTECEDENT = "modus_ponens_with_its_antecedent"
    MODUS_PONENS_NEEDS_IMPLICATION = "modus_ponens_needs_implication"
    MODUS_TOLLENS_DENIES_ANTECEDENT_OF = "modus_tollens_denies_antecedent_of"
    MODUS_TOLLENS_NEEDS_OF_CONSEQUENT = "modus_tollens_needs_of_consequent"
    MODUS_TOLLENS_FROM_AND_GIVES = "modus_tollens_from_and_gives"
    MODUS_TOLLENS_WITH_NEGATED_CONSEQUENT = "modus_tollens_with_negated_consequent"
    MODUS_TOLLENS_NEEDS_IMPLICATION = "modus_tollens_needs_implication"
    HYPOTHETICAL_SYLLOGISM_NEEDS_TWO_IMPLICATIONS = "hypothetical_syllogism_needs_two_implications"
    HYPOTHETICAL_SYLLOGISM_CHAINS_TWO_IMPLICATIONS = (
        "hypothetical_syllogism_chains_two_implications"
    )
    HYPOTHETICAL_SYLLOGISM_TWO_IMPLICATIONS_CHAIN = "hypothetical_syllogism_two_implications_chain"
    HYPOTHETICAL_SYLLOGISM_NEEDS_CONSEQUENT_OF = "hypothetical_syllogism_needs_consequent_of"
    DISJUNCTIVE_SYLLOGISM_RULES_OUT_ONE = "disjunctive_syllogism_rules_out_one"
    DISJUNCTIVE_SYLLOGISM_WITH_LEAVES_NOT = "disjunctive_syllogism_with_leaves_not"
    DISJUNCTIVE_SYLLOGISM_AFFIRMS_SIDE_OF = "disjunctive_syllogism_affirms_side_of"
    DISJUNCTIVE_SYLLOGISM_NEEDS_OR_BUT = "disjunctive_syllogism_needs_or_but"
    DISJUNCTIVE_SYLLOGISM_NEEDS_DISJUNCTION = "disjunctive_syllogism_needs_disjunction"
    AND_INTRO_CONCLUDES_CONJUNCTION_NOT = "and_intro_concludes_conjunction_not"
    AND_INTRO_CITES_TWO_LINES = "and_intro_cites_two_lines"
    AND_INTRO_NEEDS_AMONG_CITED = "and_intro_needs_among_cited"
    AND_INTRO_CITED_LINE_IS = "and_intro_cited_line_is"
    AND_INTRO_JOINS_TWO_SIDES = "and_intro_joins_two_sides"
    AND_ELIM_NEEDS_CONJUNCTION_BUT = "and_elim_needs_conjunction_but"
    AND_ELIM_KEEPS_ONE_SIDE = "and_elim_keeps_one_side"
    AND_ELIM_GIVES_OR_FROM = "and_elim_gives_or_from"
    OR_INTRO_CONCLUDES_DISJUNCTION_NOT = "or_intro_concludes_disjunction_not"
    OR_INTRO_ADDS_DISJUNCT = "or_intro_adds_disjunct"
    OR_INTRO_NEEDS_ONE_SIDE = "or_intro_needs_one_side"
    OR_ELIM_NEEDS_DISJUNCTION_AMONG = "or_elim_needs_disjunction_among"
    OR_ELIM_NEEDS_FOR_EACH = "or_elim_needs_for_each"
    OR_ELIM_CITES_AND_TWO = "or_elim_cites_and_two"
    OR_ELIM_ASSUMES_NOTHING_EACH = "or_elim_assumes_nothing_each"
    OR_ELIM_REACHES_NOT_CONCLUSION = "or_elim_reaches_not_conclusion"
    OR_ELIM_BOTH_CASES_REACH = "or_elim_both_cases_reach"
    OR_ELIM_CASES_MUST_ASSUME = "or_elim_cases_must_assume"
    CITES_ONE_SUBPROOF = "cites_one_subproof"
    IMP_INTRO_ASSUMES_NOTHING_SO = "imp_intro_assumes_nothing_so"
    IMP_INTRO_DISCHARGES_ASSUMPTION = "imp_intro_discharges_assumption"
    IMP_INTRO_SHOWS_NOT = "imp_intro_shows_not"
    IFF_INTRO_CONCLUDES_NOT = "iff_intro_concludes_not"
    IFF_INTRO_CITES_AND_LINES = "iff_intro_cites_and_lines"
    IFF_INTRO_ASSUMES_NOTHING = "iff_intro_assumes_nothing"
    IFF_INTRO_NEEDS_IMPLICATIONS_IS = "iff_intro_needs_implications_is"
    IFF_INTRO_BOTH_DIRECTIONS = "iff_intro_both_directions"
    IFF_INTRO_NEEDS_AND_CITATIONS = "iff_intro_needs_and_citations"
    IFF_ELIM_CITES_AND_ONE = "iff_elim_cites_and_one"
    IFF_ELIM_NEEDS_BICONDITIONAL = "iff_elim_needs_biconditional"
    IFF_ELIM_ONE_DIRECTION_OF = "iff_elim_one_direction_of"
    IFF_ELIM_OTHER_SIDE_OF = "iff_elim_other_side_of"
    IFF_ELIM_GIVES_ONE_SIDE = "iff_elim_gives_one_side"
    DE_MORGAN_REWRITES = "de_morgan_rewrites"
    DE_MORGAN_NOT_A_REWRITING = "de_morgan_not_a_rewriting"
    DOUBLE_NEGATION_ADDS_OR_REMOVES = "double_negation_adds_or_removes"
    DOUBLE_NEGATION_NOT_A_REWRITING = "double_negation_not_a_rewriting"
    FORALL_ELIM_NEEDS_STATEMENT_X = "forall_elim_needs_statement_x"
    FORALL_ELIM_INSTANTIATES = "forall_elim_instantiates"
    FORALL_ELIM_DROPS_VACUOUS = "forall_elim_drops_vacuous"
    FORALL_ELIM_IS_NOT_INSTANCE = "forall_elim_is_not_instance"
    EXISTS_INTRO_CONCLUDES_X_NOT = "exists_intro_concludes_x_not"
    EXISTS_INTRO_GENERALISES = "exists_intro_generalises"
    EXISTS_INTRO_ADDS_VACUOUS = "exists_intro_adds_vacuous"
    EXISTS_INTRO_IS_NOT_INSTANCE = "exists_intro_is_not_instance"
    FORALL_INTRO_CONCLUDES_X_NOT = "forall_intro_concludes_x_not"
    FORALL_INTRO_CITES_ONE_SUBPROOF = "forall_intro_cites_one_subproof"
    FORALL_INTRO_ASSUMES_SUBPROOF_OF = "forall_intro_assumes_subproof_of"
    FORALL_INTRO_MUST_INTRODUCE_EXACTLY = "forall_intro_must_introduce_exactly"
    FORALL_INTRO_IS_NOT_WITH = "forall_intro_is_not_with"
    FORALL_INTRO_VACUOUS_GENERALISATION = "forall_intro_vacuous_generalisation"
    FORALL_INTRO_NOT_A_NAME = "forall_intro_not_a_name"
    FORALL_INTRO_INTRODUCES_BUT_STANDS = "forall_intro_introduces_but_stands"
    FORALL_INTRO_IS_NOT_FRESH = "forall_intro_is_not_fresh"
    FORALL_INTRO_STILL_OCCURS_IN = "forall_intro_still_occurs_in"
    FORALL_INTRO_IS_STILL_FREE = "forall_intro_is_still_free"
    FORALL_INTRO_GENERALISES_FRESH = "forall_intro_generalises_fresh"
    EXISTS_ELIM_CITES_X_AND = "exists_elim_cites_x_and"
    EXISTS_ELIM_NEEDS_X_BUT = "exists_elim_needs_x_but"
    EXISTS_ELIM_MUST_OPEN_WITH = "exists_elim_must_open_with"
    EXISTS_ELIM_NAMES_WITNESSES_BUT = "exists_elim_names_witnesses_but"
    EXISTS_ELIM_ASSUMES_WHICH_IS = "exists_elim_assumes_which_is"
    EXISTS_ELIM_WITNESS_FOR_MUST = "exists_elim_witness_for_must"
    EXISTS_ELIM_TWO_VARIABLES_CANNOT = "exists_elim_two_variables_cannot"
    EXISTS_ELIM_REACHES_NOT = "exists_elim_reaches_not"
    EXISTS_ELIM_WITNESS_ESCAPES_IT = "exists_elim_witness_escapes_it"
    EXISTS_ELIM_USES_WITNESS_INSIDE = "exists_elim_uses_witness_inside"
    EQ_ELIM_NEEDS_EQUATION_S = "eq_elim_needs_equation_s"
    EQ_ELIM_REPLACES_AND_FOR = "eq_elim_replaces_and_for"
    EQ_ELIM_IS_NOT_WITH = "eq_elim_is_not_with"
    EQ_INTRO_T_T_CITES = "eq_intro_t_t_cites"
    EQ_INTRO_EVERY_OBJECT_EQUALS = "eq_intro_every_object_equals"
    EQ_INTRO_GIVES_T_T = "eq_intro_gives_t_t"
    BOT_INTRO_CONCLUDES_NOT = "bot_intro_concludes_not"
    BOT_INTRO_STATEMENT_AND_ITS = "bot_intro_statement_and_its"
    BOT_INTRO_NEEDS_STATEMENT_AND = "bot_intro_needs_statement_and"
    BOT_ELIM_FROM_ANYTHING_FOLLOWS = "bot_elim_from_anything_follows"
    BOT_ELIM_NEEDS_BUT_IS = "bot_elim_needs_but_is"
    PROOF_BY_CONTRADICTION_ASSUMES_NOTHING_SO = "proof_by_contradiction_assumes_nothing_so"
    PROOF_BY_CONTRADICTION_ENDS_IN_NEEDS = "proof_by_contradiction_ends_in_needs"
    PROOF_BY_CONTRADICTION_REFUTES_ASSUMPTION = "proof_by_contradiction_refutes_assumption"
    PROOF_BY_CONTRADICTION_REFUTES_WHICH_GIVES = "proof_by_contradiction_refutes_which_gives"
    COUNTING_CITES_LINES_NOT = "counting_cites_lines_not"
    COUNTING_AT_LEAST_OBJECTS = "counting_at_least_objects"
    COUNTING_GIVES_FROM_L = "counting_gives_from_l"
    COUNTING_CONCLUDES_L_N = "counting_concludes_l_n"
    COUNTING_THERE_IS_AT = "counting_there_is_at"
    COUNTING_WEAKER_BOUND = "counting_weaker_bound"
    COUNTING_IS_NOT_WEAKER = "counting_is_not_weaker"
    COUNTING_CANNOT_CONCLUDE_FROM = "counting_cannot_conclude_from"
    COUNTING_NEEDS_STATEMENTS_S = "counting_needs_statements_s"
    COUNTING_L_NEEDS_OBJECTS = "counting_l_needs_objects"
    COUNTING_L_NEEDS_EVERY = "counting_l_needs_every"
    COUNTING_PAIRWISE_DISTINCT_OBJECTS = "counting_pairwise_distinct_objects"
    DEFINITION_WRITES_ONE_OR = "definition_writes_one_or"
    DEFINITION_X_IS_X = "definition_x_is_x"


@dataclass(frozen=True)
class Said:
    """``why``, the facts its sentence names, and, for a named rule, the rule's key
    (the sentence is then prefixed by the rule's name)."""

    why: Why
    facts: tuple[tuple[str, object], ...] = ()
    rule: str | None = None

    @classmethod
    def of(cls, why: Why, **facts: object) -> Said:
        return cls(why, tuple(facts.items()))

    def fact(self, key: str) -> object:
        return dict(self.facts)[key]


class Refusal(Exception):
    """A step was misapplied; :attr:`said` says what it needed and did not get."""

    def __init__(self, why: Why | Said, **facts: object) -> None:
        self.said = why if isinstance(why, Said) else Said.of(why, **facts)
        super().__init__(self.said.why.value)
