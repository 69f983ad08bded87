import pytest

from referee.language.deck import load_deck_text
from referee.resources import default_deck_path


@pytest.fixture(scope="session")
def deck():
    return load_deck_text(default_deck_path().read_text(encoding="utf-8"), "palmer.toml")


@pytest.fixture(scope="session")
def vocab(deck):
    return deck.vocabulary
