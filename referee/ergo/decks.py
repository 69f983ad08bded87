"""Ergo's bundled decks, by the short names ``--deck`` also accepts."""

from __future__ import annotations

from pathlib import Path

from referee.resources import data_path

BUNDLED = {"english": "ergo.toml", "review": "ergo-review.toml"}


def bundled_deck_path(name: str = "english") -> Path:
    return data_path("cards", BUNDLED[name])
