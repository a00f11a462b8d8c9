"""`cardrules lsp`: a language server over stdio, built on pygls, answering from the same
checker as `cardrules validate`.

Diagnostics come on open and on change (debounced; changes are applied incrementally), and the
editor gets hover help, go-to-definition, references, completion, the outline, formatting
through `cardrules fmt`, quick fixes for every "did you mean" and semantic highlighting.
Positions are converted between our character columns and the client's code units (UTF-16
unless the client asked for another encoding)."""

from __future__ import annotations

import asyncio
import functools
from array import array
from itertools import accumulate
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

from lsprotocol import types as t
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument

from ..api import check_source, parse
from ..report.diagnostics import Diagnostic, Severity, error
from ..report.files import MAX_FILE_CHARS
from . import lsp_features as features
from .fmt import format_text
from .lsp_protocol import CardrulesProtocol
from .lsp_symbols import Index, build_index
from .lsp_workspace import buffer_label, workspace_file

logger = logging.getLogger(__name__)

DEBOUNCE_SECONDS = 0.25
SEVERITY = {Severity.ERROR: t.DiagnosticSeverity.Error, Severity.WARNING: t.DiagnosticSeverity.Warning}
SYMBOL_KIND = {
    "game": t.SymbolKind.Module,
    "zone": t.SymbolKind.Array,
    "variable": t.SymbolKind.Variable,
    "value table": t.SymbolKind.Enum,
    "order": t.SymbolKind.Enum,
    "ambiguity": t.SymbolKind.Interface,
    "reading": t.SymbolKind.EnumMember,
    "scoring": t.SymbolKind.Function,
    "pattern": t.SymbolKind.Method,
    "flow": t.SymbolKind.Event,
}
COMPLETION_KIND = {
    "keyword": t.CompletionItemKind.Keyword,
    "zone": t.CompletionItemKind.Module,
    "variable": t.CompletionItemKind.Variable,
    "value table": t.CompletionItemKind.Enum,
    "order": t.CompletionItemKind.Enum,
    "ambiguity": t.CompletionItemKind.Interface,
    "reading": t.CompletionItemKind.EnumMember,
    "scoring": t.CompletionItemKind.Function,
    "pattern": t.CompletionItemKind.Function,
    "source": t.CompletionItemKind.Reference,
}


def opened_only(empty: Callable[[], Any]):
    """Serve a request only about a document the editor opened: any other gets the empty answer
    (the server never reads a document's text from disk)."""

    def wrap(handler):
        @functools.wraps(handler)
        def answer(ls: CardrulesServer, params):
            if ls.opened(params.text_document.uri) is None:
                return empty()
            return handler(ls, params)

        return answer

    return wrap


class CardrulesServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "cardrules",
            "0.1.0",
            text_document_sync_kind=t.TextDocumentSyncKind.Incremental,
            protocol_cls=CardrulesProtocol,
        )
        self.indexes: dict[str, Index] = {}
        self.diagnostics: dict[str, list[Diagnostic]] = {}
        self.pending: dict[str, asyncio.Task] = {}
        self._lines: dict[str, tuple[str, list[str]]] = {}
        self._units: dict[str, dict[int, array | None]] = {}

    def report_server_error(self, error: Exception, source) -> None:
        # pygls would show the exception to the user; a body that is not JSON gets its answer,
        # anything else stays in the log.
        if not self.protocol.refuse_unreadable_body(error):
            logger.error("%s", error)

    # -------------------------------------------------------- documents
    def opened(self, uri: str) -> TextDocument | None:
        """The document the editor opened under this URI, or None (pygls keys them unquoted)."""
        return self.workspace.text_documents.get(unquote(uri))

    def document(self, uri: str) -> TextDocument:
        document = self.opened(uri)
        if document is None:
            raise LookupError(f"{uri!r} is not open")
        return document

    def path(self, uri: str) -> str:
        """The path the document is checked under: its own for a file inside a workspace folder,
        else a label that names no folder (see `lsp_workspace`)."""
        workspace = self.workspace
        folders = [folder.uri for folder in workspace.folders.values()]
        if not folders and workspace.root_uri:
            folders = [workspace.root_uri]
        return workspace_file(uri, folders) or buffer_label(uri)

    def forget_lines(self, uri: str) -> None:
        self._lines.pop(uri, None)
        self._units.pop(uri, None)

    def lines(self, uri: str) -> list[str]:
        """The document's lines as the checker counts them (split at "\\n"), kept per text."""
        text = self.document(uri).source
        cached = self._lines.get(uri)
        if cached is None or cached[0] is not text:
            cached = (text, text.split("\n"))
            self._lines[uri] = cached
            self._units.pop(uri, None)
        return cached[1]

    # -------------------------------------------------------- positions
    def position(self, uri: str, line: int, column: int) -> t.Position:
        lines = self.lines(uri)
        text = lines[line] if 0 <= line < len(lines) else ""
        if len(text) < 256:
            return t.Position(line, self.document(uri).position_codec.client_num_units(text[:column]))
        # A long line's code units are summed once per text, so a line of many tokens stays
        # linear to highlight.
        known = self._units.setdefault(uri, {})
        if line not in known:
            codec = self.document(uri).position_codec.impl
            known[line] = (
                None if text.isascii() else array("q", accumulate(map(codec.code_units_for_char, text), initial=0))
            )
        units = known[line]
        column = max(0, min(column, len(text)))
        return t.Position(line, column if units is None else units[column])

    def range(self, uri: str, line: int, start: int, end_line: int, end: int) -> t.Range:
        return t.Range(self.position(uri, line, start), self.position(uri, end_line, end))

    def region_range(self, uri: str, region: features.Region) -> t.Range:
        return self.range(uri, region.line, region.start, region.line, region.end)

    def cursor(self, uri: str, position: t.Position) -> tuple[int, int]:
        """The (line, column) of a client position; one past the end is taken as the end."""
        lines = self.lines(uri)
        line = min(position.line, len(lines) - 1)
        codec = self.document(uri).position_codec
        units = column = 0
        for char in lines[line]:
            if units >= position.character:
                break
            units += codec.impl.code_units_for_char(char)
            column += 1
        return line, column

    # -------------------------------------------------------- checking
    def index(self, uri: str) -> Index:
        text = self.document(uri).source
        index = self.indexes.get(uri)
        if index is None or index.text is not text:
            if len(text) > MAX_FILE_CHARS:
                index = Index(text, self.path(uri), None, [])  # not a rule file: its check says so
            else:
                index = build_index(text, self.path(uri), index)
            self.indexes[uri] = index
        return index

    def check(self, uri: str) -> None:
        path, text = self.path(uri), self.document(uri).source
        found = base_not_read(text, path) if path.startswith("<") else None
        if found is None:
            found = check_source(text, path)
        found = [d for d in found if d.file in (path, None)]
        self.diagnostics[uri] = found
        self.text_document_publish_diagnostics(
            t.PublishDiagnosticsParams(uri=uri, diagnostics=[self.to_lsp(uri, d) for d in found])
        )

    def to_lsp(self, uri: str, diagnostic: Diagnostic) -> t.Diagnostic:
        span = diagnostic.span
        extra = list(diagnostic.notes) + ([f"hint: {diagnostic.hint}"] if diagnostic.hint else [])
        return t.Diagnostic(
            range=self.range(uri, span.line - 1, span.column - 1, span.end_line - 1, span.end_column),
            message="\n".join([diagnostic.message, *extra]),
            severity=SEVERITY.get(diagnostic.severity, t.DiagnosticSeverity.Information),
            code=diagnostic.code,
            source="cardrules",
        )

    def schedule(self, uri: str) -> None:
        """Check once typing pauses: each change cancels the check the previous one planned."""
        if (previous := self.pending.pop(uri, None)) is not None:
            previous.cancel()

        async def later() -> None:
            await asyncio.sleep(DEBOUNCE_SECONDS)
            self.pending.pop(uri, None)
            self.check(uri)

        self.pending[uri] = asyncio.ensure_future(later())

    def check_pending_now(self) -> None:
        """Run at once the checks planned for when typing pauses."""
        while self.pending:
            uri, task = self.pending.popitem()
            task.cancel()
            self.check(uri)


def base_not_read(text: str, label: str) -> list[Diagnostic] | None:
    """For a buffer outside the workspace: when it is a variant, the diagnostics of its text and
    one error saying its base is not read (the checker would look for the base beside the
    label); None when it is no variant, to be checked as usual."""
    if "variant" not in text or len(text) > MAX_FILE_CHARS:
        return None
    game, diagnostics = parse(text, label)
    if game is None or game.variant_of is None:
        return None
    refused = error(
        "undefined-name",
        f"the base game '{game.variant_of}' is not read: this buffer is not a file inside a workspace folder",
        game.variant_span or game.span,
        file=label,
        hint="open the folder that holds the variant and its base as the editor's workspace",
    )
    return [*diagnostics, refused]


LEGEND = t.SemanticTokensLegend(token_types=features.TOKEN_TYPES, token_modifiers=[])


def did_open(ls: CardrulesServer, params: t.DidOpenTextDocumentParams) -> None:
    ls.check(params.text_document.uri)


def did_change(ls: CardrulesServer, params: t.DidChangeTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri)


def did_save(ls: CardrulesServer, params: t.DidSaveTextDocumentParams) -> None:
    if ls.opened(params.text_document.uri) is not None:
        ls.check(params.text_document.uri)


def did_close(ls: CardrulesServer, params: t.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    if (pending := ls.pending.pop(uri, None)) is not None:
        pending.cancel()
    ls.indexes.pop(uri, None)
    ls.diagnostics.pop(uri, None)
    ls.forget_lines(uri)
    ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


@opened_only(lambda: None)
def hover(ls: CardrulesServer, params: t.HoverParams) -> t.Hover | None:
    uri = params.text_document.uri
    text = features.hover_text(ls.index(uri), *ls.cursor(uri, params.position))
    return t.Hover(t.MarkupContent(t.MarkupKind.Markdown, text)) if text else None


@opened_only(lambda: None)
def definition(ls: CardrulesServer, params: t.DefinitionParams) -> t.Location | None:
    uri = params.text_document.uri
    region = features.definition(ls.index(uri), *ls.cursor(uri, params.position))
    return t.Location(uri, ls.region_range(uri, region)) if region else None


@opened_only(list)
def references(ls: CardrulesServer, params: t.ReferenceParams) -> list[t.Location]:
    uri = params.text_document.uri
    found = features.references(ls.index(uri), *ls.cursor(uri, params.position), params.context.include_declaration)
    return [t.Location(uri, ls.region_range(uri, region)) for region in found]


@opened_only(lambda: t.CompletionList(is_incomplete=False, items=[]))
def completion(ls: CardrulesServer, params: t.CompletionParams) -> t.CompletionList:
    uri = params.text_document.uri
    items = [
        t.CompletionItem(label, kind=COMPLETION_KIND[kind], detail=kind)
        for label, kind in features.completions(ls.index(uri), *ls.cursor(uri, params.position))
    ]
    return t.CompletionList(is_incomplete=False, items=items)


@opened_only(list)
def document_symbols(ls: CardrulesServer, params: t.DocumentSymbolParams) -> list[t.DocumentSymbol]:
    uri = params.text_document.uri

    def convert(item: features.Outlined) -> t.DocumentSymbol:
        span = item.span
        whole = ls.range(uri, span.line - 1, span.column - 1, span.end_line - 1, span.end_column)
        selection = ls.region_range(uri, item.selection) if item.selection else whole
        return t.DocumentSymbol(
            name=item.name,
            kind=SYMBOL_KIND[item.kind],
            range=whole,
            selection_range=selection,
            detail=item.kind,
            children=[convert(child) for child in item.children],
        )

    return [convert(item) for item in features.outline(ls.index(uri))]


@opened_only(list)
def formatting(ls: CardrulesServer, params: t.DocumentFormattingParams) -> list[t.TextEdit]:
    uri = params.text_document.uri
    text = ls.document(uri).source
    if len(text) > MAX_FILE_CHARS:
        return []
    formatted, safe = format_text(text, ls.path(uri))
    if not safe or formatted == text:
        return []  # a file that does not parse, or would change meaning, is left as it is
    lines = ls.lines(uri)
    end = ls.position(uri, len(lines) - 1, len(lines[-1]))
    return [t.TextEdit(t.Range(t.Position(0, 0), end), formatted)]


@opened_only(list)
def code_actions(ls: CardrulesServer, params: t.CodeActionParams) -> list[t.CodeAction]:
    uri = params.text_document.uri
    lines = ls.lines(uri)
    wanted = params.range
    actions = []
    for diagnostic in ls.diagnostics.get(uri, []):
        fixed = features.fix_region(diagnostic, [line.rstrip("\r") for line in lines])
        if fixed is None:
            continue
        region, replacement = fixed
        if not wanted.start.line <= region.line <= wanted.end.line:
            continue
        edit = t.TextEdit(ls.region_range(uri, region), replacement)
        actions.append(
            t.CodeAction(
                title=f"Replace with '{replacement}'",
                kind=t.CodeActionKind.QuickFix,
                diagnostics=[ls.to_lsp(uri, diagnostic)],
                edit=t.WorkspaceEdit(changes={uri: [edit]}),
                is_preferred=True,
            )
        )
    return actions


@opened_only(lambda: t.SemanticTokens(data=[]))
def semantic_tokens(ls: CardrulesServer, params: t.SemanticTokensParams) -> t.SemanticTokens:
    uri = params.text_document.uri
    data: list[int] = []
    last_line = last_start = 0
    for line, column, length, kind in features.semantic_tokens(ls.index(uri)):
        start = ls.position(uri, line, column).character
        units = ls.position(uri, line, column + length).character - start
        delta_start = start - last_start if line == last_line else start
        data += [line - last_line, delta_start, units, features.TOKEN_TYPES.index(kind), 0]
        last_line, last_start = line, start
    return t.SemanticTokens(data=data)


FEATURES = [
    (t.TEXT_DOCUMENT_DID_OPEN, None, did_open),
    (t.TEXT_DOCUMENT_DID_CHANGE, None, did_change),
    (t.TEXT_DOCUMENT_DID_SAVE, None, did_save),
    (t.TEXT_DOCUMENT_DID_CLOSE, None, did_close),
    (t.TEXT_DOCUMENT_HOVER, None, hover),
    (t.TEXT_DOCUMENT_DEFINITION, None, definition),
    (t.TEXT_DOCUMENT_REFERENCES, None, references),
    (t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=["@"]), completion),
    (t.TEXT_DOCUMENT_DOCUMENT_SYMBOL, None, document_symbols),
    (t.TEXT_DOCUMENT_FORMATTING, None, formatting),
    (t.TEXT_DOCUMENT_CODE_ACTION, t.CodeActionOptions(code_action_kinds=[t.CodeActionKind.QuickFix]), code_actions),
    (t.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND, semantic_tokens),
]


def build_server() -> CardrulesServer:
    """A new server with every feature registered (each stdio session, or in-process session, has its own)."""
    server = CardrulesServer()
    for method, options, handler in FEATURES:
        server.feature(method, options)(handler)
    return server


def serve() -> int:
    """Serve over stdin and stdout until the client says `exit`."""
    build_server().start_io()
    return 0
