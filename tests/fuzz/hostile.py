"""Hostile material shared by every generator: a code-execution payload, file names built to
escape a `# file:line:` comment, variant bases that are devices, FIFOs or escapes, and names
that collide with Python.

Texts and paths carry placeholders; the runner replaces them per input, so every input has its
own sentinel file and a payload that fires is attributed to exactly one input."""

from __future__ import annotations

import keyword
from urllib.parse import quote

SENTINEL = "@@SENTINEL@@"
FIFO = "@@FIFO@@"

PAYLOAD = f"__import__('pathlib').Path('{SENTINEL}').touch()"

# Characters that end a line for someone: Python's tokenizer (\n, \r), str.splitlines (the
# others), or an editor.
LINE_BREAKS = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\u0085", "\x0c", "\x0b", "\x1c", "\x1d", "\x1e"]

# Ways out of a Python comment or string literal a generator might paste text into.
ESCAPES = ["", "'", '"', "'''", '"""', "#", "\\", "')", '")', '""")', "'''); "]

PYTHON_NAMES = sorted(
    set(keyword.kwlist)
    | set(getattr(keyword, "softkwlist", []))
    | {"__class__", "__dict__", "__builtins__", "__import__", "__init__", "__name__", "__file__", "__spec__"}
    | {"self", "s", "c", "cls", "State", "RULES", "RANK", "SUIT", "KIND", "COLOR", "CARD_TEXT", "EXAMPLES"}
    | {"new_game", "IllegalAction", "RuleGap", "_rt", "_Pattern", "_Scoring", "print", "exec", "eval", "open"}
    | {"int", "list", "len", "range", "sum", "min", "max", "sorted", "object", "type", "super", "_", "__"}
)

HUGE_NUMBERS = ["1" + "0" * 5000, "-1", "0", "100000", "9" * 40, str(2**63), str(2**31), "4294967296", "007"]


def payload_after(break_: str, escape: str) -> str:
    """A line break, a way out of the surrounding literal, the payload, then a comment to swallow
    whatever the generator appends."""
    return f"{break_}{escape}{PAYLOAD} #"


def hostile_strings() -> list[str]:
    """Text that stays inside one cardrules line and one STRING (no `"` or raw `\\n`)."""
    out = []
    for brk in LINE_BREAKS:
        if brk == "\n" or "\n" in brk:
            continue
        for esc in ("", "'", "'''", "')", "\\"):
            out.append(payload_after(brk, esc))
    return out


def hostile_file_names() -> list[str]:
    names = []
    for brk in LINE_BREAKS:
        for esc in ESCAPES[:6]:
            names.append(f"x{payload_after(brk, esc)}.cardrules")
    names += [
        f"{PAYLOAD}.cardrules",
        "#.cardrules",
        "'''.cardrules",
        '""".cardrules',
        "a'b\"c.cardrules",
        "\\.cardrules",
        " .cardrules",
        ".cardrules",
        "",
        "-",
        "1.cardrules",
        "class.cardrules",
        "__init__.cardrules",
        "\x00.cardrules",
        "\ud800.cardrules",
        "\u202e.cardrules",
        "x" * 300 + ".cardrules",
    ]
    return names


def hostile_directories() -> list[str]:
    return ["", "games/", "/", "/dev/", "../../", "./", "no/such/dir/", "//", "/dev/zero/", f"{FIFO}/"]


def variant_bases() -> list[str]:
    """Values for `variant of "..."`; a STRING holds no raw `"` or newline."""
    return [
        "/dev/zero",
        "/dev/urandom",
        "/dev/stdin",
        "/proc/self/mem",
        FIFO,
        "../../x",
        "../../../../../../../../etc/passwd",
        "/",
        ".",
        "",
        "thirteens.cardrules",
        "games/thirteens.cardrules",
        "x\rz.cardrules",
        f"x\u2028{PAYLOAD}.cardrules",
        "\\\\",
        "a" * 5000,
    ]


def lsp_uris(path: str) -> list[str]:
    """How an editor would name the same buffer, and the path the LSP server derives from it."""
    from urllib.parse import unquote, urlparse

    uri = "file://" + quote(path if path.startswith("/") else "/" + path, safe="/", errors="surrogatepass")
    return [
        uri,
        unquote(urlparse(uri).path),
        "untitled:" + quote(path, errors="surrogatepass"),
        "file://%0A" + quote(PAYLOAD),
    ]
