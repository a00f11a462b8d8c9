"""Every data file the package reads at run time (templates, the grammar) ships in the wheel:
`pip install .` outside the repository must find them, as an editable install always does."""

from __future__ import annotations

import fnmatch

import pytest

from .conftest import ROOT

tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later


def _declared(relative: str, package_data: dict[str, list[str]]) -> bool:
    """Whether a glob of `package_data` takes the file (a glob's `*` stays within one folder)."""
    for package, patterns in package_data.items():
        folder = package.replace(".", "/") + "/"
        if not relative.startswith(folder):
            continue
        inside = relative[len(folder) :]
        if any(fnmatch.fnmatchcase(inside, p) and inside.count("/") == p.count("/") for p in patterns):
            return True
    return False


def test_every_data_file_of_the_package_is_declared_as_package_data():
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["package-data"]
    files = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "dsl").rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    ]
    assert files, "the package has data files (templates, the grammar)"
    missing = [relative for relative in files if not _declared(relative, package_data)]
    assert missing == [], "add these to [tool.setuptools.package-data] in pyproject.toml"
