import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "games").glob("*.cardrules"))


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT
