import pytest

from referee.language.deck import load_deck_text
from referee.resources import default_deck_path


@pytest.fixture(scope="session")
def deck():
    return load_deck_text(default_deck_path().read_text(encoding="utf-8"), "palmer.toml")


@pytest.fixture(scope="session")
def vocab(deck):
    return deck.vocabulary


def pytest_collection_modifyitems(items):
    """Every test that drives a browser (the ``browser`` fixture of test_web_browser) is
    slow, wherever it is written: the quick run (``pytest``) leaves it out, CI runs it."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
