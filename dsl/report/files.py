"""Writing a file so that readers see either the old content or the new, never half of it.

Every file the command line writes (reports, plots, compiled engines, documentation pages,
reformatted rule files) goes through `write_atomic`: the data goes to a temporary file in the
same directory (so the final rename stays on one file system), is flushed to disk, and then
replaces the target in one `os.replace`. An interrupted or failed write leaves the old file (or
no file) and no temporary file behind.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | Path, data: str | bytes, encoding: str = "utf-8") -> None:
    """Replace `path` with `data` atomically; raises OSError (and cleans up) if it cannot."""
    target = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else data
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        _keep_mode(target, temporary)
        os.replace(temporary, target)
    except BaseException:
        # Also on KeyboardInterrupt: a half-written temporary file must not stay behind.
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def _keep_mode(target: Path, temporary: str) -> None:
    # mkstemp creates the file 0600; a rewritten file keeps its mode, a new one gets the usual
    # mode for new files (what open() would have given it under the current umask).
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(temporary, mode)
