"""Why a derivation line holds or is refused, as data (the interface words it).

A rule check returns a :class:`Said` (what it did) or raises :class:`Refusal`
carrying one (what it needed and did not get): a :class:`Why` and the facts
its sentence names (formulas, terms, the citations as
:class:`~referee.derivation.rules.Premise`, names, counts), by name.
:mod:`referee.client.derivation_words` says them; this layer makes no English.
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
    CITES_A_FRESH_NAME_ONLY = "cites_a_fresh_name_only"
    CITES_SUBPROOF_IN_CLOSED = "cites_subproof_in_closed"
    CITES_SUBPROOF_ENDING_INSIDE = "cites_subproof_ending_inside"
    CITES_SUBPROOF_STATING_NOTHING = "cites_subproof_stating_nothing"
    WOULD_CAPTURE = "would_capture"
    CITES_N_LINES = "cites_n_lines"
    REIT_NOT_THE_SAME = "reit_not_the_same"
    REIT_HOLDS = "reit_holds"
    MP_AFFIRMS_THE_CONSEQUENT = "mp_affirms_the_consequent"
    MP_NEEDS_THE_ANTECEDENT = "mp_needs_the_antecedent"
    MP_GIVES_OTHER = "mp_gives_other"
    MP_HOLDS = "mp_holds"
    MP_NEEDS_AN_IMPLICATION = "mp_needs_an_implication"
    MT_DENIES_THE_ANTECEDENT = "mt_denies_the_antecedent"
    MT_NEEDS_THE_NEGATED_CONSEQUENT = "mt_needs_the_negated_consequent"
    MT_GIVES_OTHER = "mt_gives_other"
    MT_HOLDS = "mt_holds"
    MT_NEEDS_AN_IMPLICATION = "mt_needs_an_implication"
    HS_NEEDS_TWO_IMPLICATIONS = "hs_needs_two_implications"
    HS_HOLDS = "hs_holds"
    HS_GIVES_OTHER = "hs_gives_other"
    HS_DO_NOT_CHAIN = "hs_do_not_chain"
    DS_HOLDS = "ds_holds"
    DS_GIVES_OTHER = "ds_gives_other"
    DS_AFFIRMS_A_SIDE = "ds_affirms_a_side"
    DS_NEEDS_A_SIDE_DENIED = "ds_needs_a_side_denied"
    DS_NEEDS_A_DISJUNCTION = "ds_needs_a_disjunction"
    AND_I_NOT_A_CONJUNCTION = "and_i_not_a_conjunction"
    AND_I_CITES_TWO_LINES = "and_i_cites_two_lines"
    AND_I_SIDE_NOT_CITED = "and_i_side_not_cited"
    AND_I_CITED_NOT_A_SIDE = "and_i_cited_not_a_side"
    AND_I_HOLDS = "and_i_holds"
    AND_E_NEEDS_A_CONJUNCTION = "and_e_needs_a_conjunction"
    AND_E_HOLDS = "and_e_holds"
    AND_E_GIVES_OTHER = "and_e_gives_other"
    OR_I_NOT_A_DISJUNCTION = "or_i_not_a_disjunction"
    OR_I_HOLDS = "or_i_holds"
    OR_I_CITED_NOT_A_SIDE = "or_i_cited_not_a_side"
    OR_E_NEEDS_A_DISJUNCTION = "or_e_needs_a_disjunction"
    OR_E_CASE_NOT_AN_IMPLICATION = "or_e_case_not_an_implication"
    OR_E_CITES_TWO_CASES = "or_e_cites_two_cases"
    OR_E_CASE_ASSUMES_NOTHING = "or_e_case_assumes_nothing"
    OR_E_CASE_REACHES_OTHER = "or_e_case_reaches_other"
    OR_E_HOLDS = "or_e_holds"
    OR_E_CASES_NOT_THE_SIDES = "or_e_cases_not_the_sides"
    CITES_ONE_SUBPROOF = "cites_one_subproof"
    IMP_I_ASSUMES_NOTHING = "imp_i_assumes_nothing"
    IMP_I_HOLDS = "imp_i_holds"
    IMP_I_SHOWS_OTHER = "imp_i_shows_other"
    IFF_I_NOT_A_BICONDITIONAL = "iff_i_not_a_biconditional"
    IFF_I_CITES_TWO = "iff_i_cites_two"
    IFF_I_ASSUMES_NOTHING = "iff_i_assumes_nothing"
    IFF_I_NEEDS_IMPLICATIONS = "iff_i_needs_implications"
    IFF_I_HOLDS = "iff_i_holds"
    IFF_I_GIVES_OTHER = "iff_i_gives_other"
    IFF_E_CITES = "iff_e_cites"
    IFF_E_NEEDS_A_BICONDITIONAL = "iff_e_needs_a_biconditional"
    IFF_E_ONE_DIRECTION = "iff_e_one_direction"
    IFF_E_OTHER_SIDE = "iff_e_other_side"
    IFF_E_GIVES_OTHER = "iff_e_gives_other"
    DEM_HOLDS = "dem_holds"
    DEM_NOT_A_REWRITING = "dem_not_a_rewriting"
    DN_HOLDS = "dn_holds"
    DN_NOT_A_REWRITING = "dn_not_a_rewriting"
    FORALL_E_NEEDS_A_FORALL = "forall_e_needs_a_forall"
    FORALL_E_INSTANTIATES = "forall_e_instantiates"
    FORALL_E_DROPS_VACUOUS = "forall_e_drops_vacuous"
    FORALL_E_NOT_AN_INSTANCE = "forall_e_not_an_instance"
    EXISTS_I_NOT_AN_EXISTS = "exists_i_not_an_exists"
    EXISTS_I_GENERALISES = "exists_i_generalises"
    EXISTS_I_ADDS_VACUOUS = "exists_i_adds_vacuous"
    EXISTS_I_NOT_AN_INSTANCE = "exists_i_not_an_instance"
    FORALL_I_NOT_A_FORALL = "forall_i_not_a_forall"
    FORALL_I_CITES_ONE = "forall_i_cites_one"
    FORALL_I_SUBPROOF_ASSUMES = "forall_i_subproof_assumes"
    FORALL_I_ONE_FRESH_NAME = "forall_i_one_fresh_name"
    FORALL_I_NOT_AN_INSTANCE = "forall_i_not_an_instance"
    FORALL_I_VACUOUS = "forall_i_vacuous"
    FORALL_I_NOT_A_NAME = "forall_i_not_a_name"
    FORALL_I_OTHER_NAME = "forall_i_other_name"
    FORALL_I_NOT_FRESH = "forall_i_not_fresh"
    FORALL_I_NAME_REMAINS = "forall_i_name_remains"
    FORALL_I_FREE_IN_ASSUMPTION = "forall_i_free_in_assumption"
    FORALL_I_HOLDS = "forall_i_holds"
    EXISTS_E_CITES = "exists_e_cites"
    EXISTS_E_NEEDS_AN_EXISTS = "exists_e_needs_an_exists"
    EXISTS_E_OPENS_WITHOUT_WITNESS = "exists_e_opens_without_witness"
    EXISTS_E_TOO_MANY_WITNESSES = "exists_e_too_many_witnesses"
    EXISTS_E_NOT_AN_INSTANCE = "exists_e_not_an_instance"
    EXISTS_E_WITNESS_NOT_FRESH = "exists_e_witness_not_fresh"
    EXISTS_E_SHARED_WITNESS = "exists_e_shared_witness"
    EXISTS_E_REACHES_OTHER = "exists_e_reaches_other"
    EXISTS_E_WITNESS_ESCAPES = "exists_e_witness_escapes"
    EXISTS_E_HOLDS = "exists_e_holds"
    EQ_E_NEEDS_AN_EQUATION = "eq_e_needs_an_equation"
    EQ_E_HOLDS = "eq_e_holds"
    EQ_E_NOT_A_REPLACEMENT = "eq_e_not_a_replacement"
    EQ_I_CITES_NOTHING = "eq_i_cites_nothing"
    EQ_I_HOLDS = "eq_i_holds"
    EQ_I_GIVES_OTHER = "eq_i_gives_other"
    BOT_I_NOT_FALSUM = "bot_i_not_falsum"
    BOT_I_HOLDS = "bot_i_holds"
    BOT_I_NO_CONTRADICTION = "bot_i_no_contradiction"
    BOT_E_HOLDS = "bot_e_holds"
    BOT_E_NEEDS_FALSUM = "bot_e_needs_falsum"
    PBC_ASSUMES_NOTHING = "pbc_assumes_nothing"
    PBC_NOT_ENDING_IN_FALSUM = "pbc_not_ending_in_falsum"
    PBC_HOLDS = "pbc_holds"
    PBC_GIVES_OTHER = "pbc_gives_other"
    COUNT_CITES_A_SUBPROOF = "count_cites_a_subproof"
    COUNT_BOUNDS_CLASH = "count_bounds_clash"
    COUNT_NO_CLASH = "count_no_clash"
    COUNT_NOT_A_SIZE = "count_not_a_size"
    COUNT_AT_LEAST_ONE = "count_at_least_one"
    COUNT_WEAKER_BOUND = "count_weaker_bound"
    COUNT_NOT_WEAKER = "count_not_weaker"
    COUNT_NOT_FROM_DISTINCT = "count_not_from_distinct"
    COUNT_NEEDS_DISTINCTNESS = "count_needs_distinctness"
    COUNT_WRONG_NUMBER_OF_TERMS = "count_wrong_number_of_terms"
    COUNT_PAIR_MISSING = "count_pair_missing"
    COUNT_HOLDS = "count_holds"
    DEF_HOLDS = "def_holds"
    DEF_NOT_A_REWRITING = "def_not_a_rewriting"


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
