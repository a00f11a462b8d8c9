"""Reading a rule file safely, and writing a file so that readers see either the old content or
the new, never half of it.

Every rule file (given on the command line, passed to the API, or named as a variant's base) is
read by `read_rule_text`: only a regular file is opened, without blocking (a named pipe never
hangs a command), and at most MAX_FILE_CHARS characters' worth of bytes are read (so `/dev/zero`
or a huge file cannot exhaust memory). The source texts citations point into are read the same
way (`read_text_file`, with their own cap), and a name written in a rule file is followed only
inside a folder the reader allows (`path_inside`).

Every file the command line writes (reports, plots, compiled engines, documentation pages,
reformatted rule files) goes through `write_atomic`: the data goes to a temporary file in the
same directory (so the final rename stays on one file system), is flushed to disk, and then
replaces the target in one `os.replace`. An interrupted or failed write leaves the old file (or
no file) and no temporary file behind.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

MAX_FILE_CHARS = 1_000_000  # characters of one rule file (and of a variant's base file)


def path_inside(folder: str | Path, written: str) -> str | None:
    """The real path that `written`, relative to `folder`, names, when it stays inside the folder's
    tree; None for an absolute path, a `..` above the folder or a link that leads out of it.

    Only links are followed (nothing is opened), so whatever lies outside is refused alike,
    whether or not it exists."""
    if not written or os.path.isabs(written) or "\0" in written:
        return None
    root = os.path.realpath(folder)
    lexical = os.path.normpath(os.path.join(root, written))
    if not _inside(lexical, root):
        return None
    resolved = os.path.realpath(lexical)
    return resolved if _inside(resolved, root) else None


def _inside(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder


def read_rule_text(path: str | Path) -> tuple[str | None, str | None]:
    """(text, None) for a readable rule file, or (None, why not) in words for a message."""
    return read_text_file(path, MAX_FILE_CHARS)


def read_text_file(path: str | Path, max_chars: int, errors: str = "strict") -> tuple[str | None, str | None]:
    """(text, None) for a readable UTF-8 text of at most `max_chars` characters' worth of bytes
    (4 each), or (None, why not) in words for a message; `errors="replace"` reads undecodable
    bytes as U+FFFD. The characters themselves are counted by the caller where they matter (the
    parser locates the one past the limit).

    The file is checked to be regular before it is opened, opened non-blocking, and checked
    again on the open descriptor (it may have been replaced in between). A byte-order mark is
    dropped: it is not part of the text."""
    max_bytes = max_chars * 4  # a character is at most four bytes of UTF-8
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None, "it is not a regular file"
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                return None, "it is not a regular file"
            data = handle.read(max_bytes + 1) if info.st_size <= max_bytes else b""
    except FileNotFoundError:
        return None, "no such file"
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        return None, getattr(exc, "strerror", None) or "it cannot be opened"
    if info.st_size > max_bytes or len(data) > max_bytes:
        return None, f"it is larger than {max_chars:,} characters"
    try:
        return data.decode("utf-8", errors=errors).removeprefix("\ufeff"), None
    except UnicodeDecodeError as exc:
        return None, f"it is not UTF-8 text (byte {exc.start})"


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


def printable(text: object) -> str:
    """`text` (a file name, or a message that quotes one) as it may be shown on a terminal: every
    character that is not printable (ESC and the other control characters, line and paragraph
    separators, format characters) written as its Python escape (`\\x1b`, `\\n`, `\\u2028`), so
    a name can neither move the cursor, colour the screen, nor start a line of its own."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
