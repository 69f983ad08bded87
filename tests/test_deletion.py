"""Shrinking a refutation's statements by deletion: the loop every prover shares."""

from __future__ import annotations

import time

from referee.logic.deletion import Trial, by_deletion


def refuted_by(*needed: set[int]):
    """A trial that refutes a set exactly when it contains one of ``needed``."""

    def trial(indices: list[int], until: float):
        assert until > time.monotonic()
        for clash in needed:
            if clash <= set(indices):
                return Trial.REFUTED, sorted(clash)
        return Trial.NEEDED, None

    return trial


def test_what_a_refutation_does_not_need_is_dropped():
    core, minimal = by_deletion([0, 1, 2, 3, 4], refuted_by({1, 3}), 0.01, time.monotonic() + 5)
    assert core == [1, 3] and minimal


def test_an_element_whose_trial_has_no_answer_stays_and_is_not_shown_needed():
    def trial(indices, until):
        if 2 not in indices:
            return Trial.UNKNOWN, None
        return refuted_by({0, 2})(indices, until)

    core, minimal = by_deletion([0, 1, 2], trial, 0.01, time.monotonic() + 5)
    assert core == [0, 2] and not minimal


def test_no_time_left_keeps_the_core_as_it_is_unproved():
    core, minimal = by_deletion([0, 1, 2], refuted_by({0}), 0.01, time.monotonic())
    assert core == [0, 1, 2] and not minimal
