"""What the language server may read from disk for a document the editor opened.

The text of a document is only ever the one the editor sent. Files are read for two things only:
a variant's base (by the checker, under the rules of `dsl/semantics/variants.py`) and the source
text a hover quotes. Both only for a document whose URI is a `file:` URI inside one of the
workspace folders, and only inside that document's own folder tree. Every other buffer (an
`untitled:` one, another scheme, a file outside the workspace) is checked under a label that
names no folder, so nothing beside it is looked at."""

from __future__ import annotations

import os
from urllib.parse import unquote, urlparse

from ..report.files import read_rule_text


def local_path(uri: str) -> str | None:
    """The absolute path a `file:` URI of this machine names, or None for any other URI."""
    parsed = urlparse(uri)
    if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
        return None
    path = unquote(parsed.path)
    if not os.path.isabs(path) or any(ord(char) < 0x20 or char == "\x7f" for char in path):
        return None
    return os.path.normpath(path)


def inside(path: str, folder: str) -> bool:
    """Whether `path`, links followed, lies in `folder` (links followed too)."""
    try:
        real, root = os.path.realpath(path), os.path.realpath(folder)
        return os.path.commonpath([real, root]) == root
    except (OSError, ValueError):
        return False


def workspace_file(uri: str, folder_uris: list[str]) -> str | None:
    """The path of the document when it is a file inside one of the workspace folders, else None."""
    path = local_path(uri)
    if path is None:
        return None
    for folder_uri in folder_uris:
        folder = local_path(folder_uri)
        if folder is not None and inside(path, folder):
            return path
    return None


def buffer_label(uri: str) -> str:
    """The name a buffer outside the workspace is checked under: in angle brackets, like `<input>`,
    so that no folder is derived from it."""
    return f"<{uri}>"


def source_beside(rule_path: str, name: str) -> str | None:
    """The text of a source file the rule file names, when it lies in the rule file's folder tree
    (a relative name, no `..` above the folder, no link out of it) and is a readable regular file
    within the size cap of rule files; otherwise None."""
    if rule_path.startswith("<") or not name or os.path.isabs(name) or "\0" in name:
        return None
    folder = os.path.dirname(rule_path)
    candidate = os.path.normpath(os.path.join(folder, name))
    if os.path.commonpath([candidate, folder]) != folder or not inside(candidate, folder):
        return None
    text, _ = read_rule_text(candidate)
    return text
