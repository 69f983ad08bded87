"""What one engine may spend on a question, and which racers it runs."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """``timeout``: default hard wall-clock seconds per question; ``memory_mb``: per worker."""

    timeout: float = 3.0
    memory_mb: int | None = 2048
    max_size: int | None = None  # largest domain the finder tries (None: until the time is up)
    minimise: bool = True  # shrink unsat cores by deletion
    workers: int = 2
    e_prover: bool = True  # race E prover (when installed)
    cvc5: bool = True  # race cvc5's finite model finding (when installed)
    infinite: bool = True  # search models over ℕ and ℤ when no finite bound settles it
