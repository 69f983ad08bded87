"""Where the grammar and the bundled decks are, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def data_path(*parts: str) -> Path:
    """A bundled data file: inside the wheel (``_data``) or at the repository top."""
    for base in (_HERE / "_data", _HERE.parent):
        candidate = base.joinpath(*parts)
        if candidate.exists():
            return candidate
    raise FileNotFoundError("/".join(parts))


def grammar_text(name: str = "palmer.lark") -> str:
    return data_path("grammar", name).read_text(encoding="utf-8")


def default_deck_path() -> Path:
    return data_path("cards", "palmer.toml")
