"""Hover help for keywords, taken from the language reference (`docs/LANGUAGE.md`).

The reference does not ship inside the package, so its entries are summarised into a table in
code, `lsp_keyword_docs.py`, which a test regenerates from the reference and compares:
`python -m dsl.tools.lsp_docs docs/LANGUAGE.md > dsl/tools/lsp_keyword_docs.py`."""

from __future__ import annotations

import re
import sys

from .highlight import grammar_keywords

MAX_EXAMPLES = 3


def _sections(markdown: str) -> list[tuple[str, list[str], list[str]]]:
    """(title, prose paragraphs, code lines) of each `##` section."""
    sections = []
    for chunk in re.split(r"^## ", markdown, flags=re.M)[1:]:
        title, _, body = chunk.partition("\n")
        code, prose, in_code = [], [], False
        for paragraph_line in body.split("\n"):
            if paragraph_line.startswith("```"):
                in_code = not in_code
            elif in_code:
                code.append(paragraph_line.rstrip())
            else:
                prose.append(paragraph_line)
        paragraphs = [p.replace("\n", " ").strip() for p in "\n".join(prose).split("\n\n") if p.strip()]
        sections.append((title.strip(), paragraphs, code))
    return sections


def _entry(keyword: str, title: str, paragraphs: list[str], examples: list[str]) -> str:
    text = f"**{keyword}** ({title})\n\n```cardrules\n" + "\n".join(examples) + "\n```"
    return text + (f"\n\n{paragraphs[0]}" if paragraphs else "")


def build_keyword_docs(markdown: str) -> dict[str, str]:
    """The reference entry of each keyword: the first section whose examples open a line with it,
    else the first whose examples use it, else the first whose text quotes it."""
    sections = _sections(markdown)
    docs: dict[str, str] = {}
    for keyword in grammar_keywords():
        word = re.compile(rf"(?<![\w@]){re.escape(keyword)}(?!\w)")
        opening = [(t, p, [c for c in code if c.split()[:1] == [keyword]]) for t, p, code in sections]
        using = [(t, p, [c for c in code if word.search(c.split("#")[0])]) for t, p, code in sections]
        for title, paragraphs, examples in opening + using:
            if examples:
                docs[keyword] = _entry(keyword, title, paragraphs, [e.strip() for e in examples[:MAX_EXAMPLES]])
                break
        else:
            for title, paragraphs, _ in sections:
                quoting = [p for p in paragraphs if f"`{keyword}" in p]
                if quoting:
                    docs[keyword] = f"**{keyword}** ({title})\n\n{quoting[0]}"
                    break
    return docs


def render_table(docs: dict[str, str]) -> str:
    lines = [
        "# ruff: noqa: E501",
        '"""Generated from docs/LANGUAGE.md by `python -m dsl.tools.lsp_docs`; a test keeps it in step."""',
        "",
        "KEYWORD_DOCS = {",
    ]
    lines += [f"    {keyword!r}: {entry!r}," for keyword, entry in docs.items()]
    return "\n".join(lines + ["}", ""])


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as reference:
        sys.stdout.write(render_table(build_keyword_docs(reference.read())))
