"""`cardrules lsp` without its optional dependency says how to install it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_without_the_extra_the_command_says_how_to_install_it(tmp_path: Path):
    shadow = tmp_path / "pygls"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("raise ImportError('absent', name='pygls')\n")
    done = subprocess.run(
        [sys.executable, "-m", "dsl.cli", "lsp"],
        env={"PYTHONPATH": str(tmp_path), "PATH": ""},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "pip install 'cardrules[lsp]'" in done.stderr.replace("\n", " ")
