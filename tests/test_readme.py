"""The README's two set-up commands are the ones CI runs, so they stay true."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", text)[:2]


def test_readme_opens_with_install_and_test_commands():
    install, test = readme_commands()
    assert "pip install" in install and "referee analyze examples/boards/" in install
    assert "pytest" in test
    board = install.rsplit(" ", 1)[-1]
    assert (ROOT / board).is_file()


def test_ci_runs_exactly_the_readme_commands():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in readme_commands():
        assert command in ci, f".ci/run does not run: {command}"
