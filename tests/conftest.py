import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "games").glob("*.cardrules"))


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session", autouse=True)
def compile_cache_of_the_run(tmp_path_factory):
    """Engines compiled by the tests are cached in a folder of this run (inherited by the
    processes tests start), not in the user's cache."""
    import os

    previous = os.environ.get("CARDRULES_CACHE")
    os.environ["CARDRULES_CACHE"] = str(tmp_path_factory.mktemp("compile-cache"))
    yield
    if previous is None:
        os.environ.pop("CARDRULES_CACHE", None)
    else:
        os.environ["CARDRULES_CACHE"] = previous


@pytest.fixture
def cache(tmp_path, monkeypatch) -> pathlib.Path:
    """A compile cache of this test alone (its folder, not created yet)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("CARDRULES_CACHE", str(folder))
    return folder
