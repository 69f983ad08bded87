"""A game's analysis of its position, declared once and run by an interface off its turn.

Some games can tell a practice table what the position allows (which
claims could be made now). The answer can take the engine seconds, so an interface
never computes it while a move waits: it captures the position as a value
(cheap, while nothing moves), runs the analysis on that value in the
background, shows ``checking`` meanwhile, and drops an answer the game has
moved past. The game declares the parts here; it knows no thread and no
interface.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

G = TypeVar("G")  # the game's state
P = TypeVar("P")  # the position, captured as an immutable value
V = TypeVar("V")  # what the analysis comes to


@dataclass(frozen=True)
class Background(Generic[G, P, V]):
    """What an interface needs to run a game's analysis beside the table."""

    key: str  # the views' key for it ("claimable")
    wanted: Callable[[G], bool]  # whether this game asks for it (a house rule)
    capture: Callable[[G], P]  # the position as a value (quick: taken while nothing moves)
    checking: Callable[[P], V]  # what the views show until the analysis is done
    # (position, tools, the previous answer or None, stale) -> the answer; ``stale()``
    # says the game has moved on, so the analysis may stop early (its answer is dropped)
    run: Callable[[P, Any, V | None, Callable[[], bool]], V]
    tools: Callable[[P], AbstractContextManager[Any]]  # an engine of its own, opened once
    shown: Callable[[V], dict]  # the answer as JSON-ready data for the views
