"""The statements a refutation used, shrunk by deletion: one loop for every prover.

A table reads the premises a proof used ("using #1 and #3"), so a core is
shrunk to a minimal one: each element is dropped in turn and stays only if
the problem without it has a model. It is presentation, not proof, so it gets
a bounded share of time: the whole shrink ``SHRINK_FACTOR`` times the
refutation's own time, each trial ``TRIAL_FACTOR`` times (a trial without a
needed premise is satisfiable, which a prover may never show). The core is
called minimal only if every element kept was shown needed.

Z3 (``prover``), cvc5 (``cvc5_finder``) and E (``engine``, a process per
trial) each say what one trial found; the loop and its limits are here.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Sequence

SHRINK_MIN, SHRINK_FACTOR = 0.25, 10.0  # seconds for the whole shrink: at least, × the proof's
TRIAL_MIN, TRIAL_FACTOR = 0.05, 4.0  # seconds for one trial: at least, × the proof's


class Trial(enum.Enum):
    REFUTED = "refuted"  # still refuted without the element: it goes
    NEEDED = "needed"  # a model without it: it stays
    UNKNOWN = "unknown"  # no answer in time: it stays, unproved


def shrink_until(proved: float, deadline: float) -> float:
    """When a shrink after a refutation found in ``proved`` seconds stops."""
    return min(deadline, time.monotonic() + max(SHRINK_MIN, SHRINK_FACTOR * proved))


def trial_seconds(proved: float) -> float:
    """How long one trial may take."""
    return max(TRIAL_MIN, TRIAL_FACTOR * proved)


def by_deletion(
    core: Sequence[int],
    trial: Callable[[list[int], float], tuple[Trial, Sequence[int] | None]],
    proved: float,
    deadline: float,
    cancelled: Callable[[], bool] = lambda: False,
) -> tuple[list[int], bool]:
    """``core`` with every element dropped whose removal keeps the problem refuted.

    ``trial(indices, until)`` asks the prover about ``indices`` alone, until
    the ``time.monotonic()`` instant ``until``; with REFUTED it may name the
    smaller set the refutation used (None: all of ``indices``). Returns the
    core and whether it is shown minimal.
    """
    core = list(core)
    stop = shrink_until(proved, deadline)
    cap = trial_seconds(proved)
    minimal = True
    i = 0
    while i < len(core):
        until = min(stop, time.monotonic() + cap)
        if until - time.monotonic() <= 0.001 or cancelled():
            return core, False
        attempt = core[:i] + core[i + 1 :]
        outcome, used = trial(attempt, until)
        if outcome is Trial.REFUTED:
            kept = set(attempt if used is None else used)
            core = [j for j in attempt if j in kept]
            i = min(i, len(core))  # everything before i was already needed
            continue
        minimal &= outcome is Trial.NEEDED
        i += 1
    return core, minimal
