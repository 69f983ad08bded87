"""Derivations: a player's step-by-step argument that a statement follows (or ⊥).

```python
from referee.derivation import check_derivation, DerivationError
result = check_derivation(board.statements, text, board.vocabulary, engine, per_line_timeout=0.3)
result.ok, result.lines, result.conclusion, result.rests_on, result.to_json()
```
"""

from referee.derivation.checker import DerivationResult, LineVerdict, check_derivation
from referee.derivation.syntax import DerivationError, parse_derivation

__all__ = [
    "DerivationError",
    "DerivationResult",
    "LineVerdict",
    "check_derivation",
    "parse_derivation",
]
