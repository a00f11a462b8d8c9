"""The language server end to end: `python -m dsl.cli lsp` in a subprocess, driven over stdio by
a real LSP client (pytest-lsp), each capability tried on a seed game."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as t
from pytest_lsp import ClientServerConfig, LanguageClient

from dsl.tools.fmt import format_text
from dsl.tools.lsp_features import TOKEN_TYPES
from tests.conftest import ROOT

SERVER = [sys.executable, "-m", "dsl.cli", "lsp"]
THIRTEENS = (ROOT / "games" / "thirteens.cardrules").read_text(encoding="utf-8")
LINES = THIRTEENS.split("\n")
URI = "file:///rules/thirteens.cardrules"
BROKEN = 'game "x"\nplayers 2\nzone hand per player seen by ownr\n'
CYRILLIC = (
    'game "x"\nsource ru = "a.txt"\nplayers 2 @ru:1 "Карты"\nzone deck shared seen by nobody\nflow { shufle deck }\n'
)
PLAIN_GAME = (
    'game "g"\nplayers 2\ncards {\n  deck standard\n  value v: A=1\n}\n'
    "zone deck shared seen by nobody\nvar z: int per player = 0\nflow { }\nresult z\n"
)

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory):
    # The temporary folders are the workspace: the server reads files only inside it.
    folder = t.WorkspaceFolder(uri=tmp_path_factory.getbasetemp().as_uri(), name="tests")
    await lsp_client.initialize_session(
        t.InitializeParams(capabilities=t.ClientCapabilities(), workspace_folders=[folder])
    )
    yield
    await lsp_client.shutdown_session()


async def opened(client: LanguageClient, uri: str, text: str) -> list[t.Diagnostic]:
    waiting = client.wait_for_notification(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_open(t.DidOpenTextDocumentParams(t.TextDocumentItem(uri, "cardrules", 1, text)))
    await waiting
    return list(client.diagnostics[uri])


async def seed_game(client: LanguageClient) -> None:
    """Open the seed game once per server: the tests that only read it share the one check."""
    if URI not in client.diagnostics:
        await opened(client, URI, THIRTEENS)


async def changed(client: LanguageClient, uri: str, version: int, *changes) -> list[t.Diagnostic]:
    waiting = client.wait_for_notification(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    document = t.VersionedTextDocumentIdentifier(uri=uri, version=version)
    client.text_document_did_change(t.DidChangeTextDocumentParams(document, list(changes)))
    await waiting
    return list(client.diagnostics[uri])


def occurrences(word: str, text: str = THIRTEENS) -> list[t.Position]:
    """The whole-word occurrences of `word` in the code of the text (comments and citations left
    out; lines are ASCII up to their citations, so characters and UTF-16 units agree)."""
    out = []
    for number, line in enumerate(text.split("\n")):
        code = line.split("#")[0].split("@")[0]
        out += [t.Position(number, m.start()) for m in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", code)]
    return out


def where(word: str, occurrence: int = 0) -> t.Position:
    return occurrences(word)[occurrence]


def doc(uri: str = URI) -> t.TextDocumentIdentifier:
    return t.TextDocumentIdentifier(uri=uri)


async def test_diagnostics_on_open_have_protocol_positions(client: LanguageClient):
    (diagnostic,) = [d for d in await opened(client, "file:///rules/broken.cardrules", BROKEN) if d.severity == 1]
    assert diagnostic.code == "syntax-error" and diagnostic.source == "cardrules"
    # 'ownr' sits at line 3, columns 30-33 (1-based, inclusive): protocol line 2, characters 29-33.
    assert diagnostic.range == t.Range(t.Position(2, 29), t.Position(2, 33))


async def test_positions_count_utf16_code_units_after_cyrillic_text(client: LanguageClient):
    diagnostics = await opened(client, "file:///rules/cyrillic.cardrules", CYRILLIC)
    shufle = next(d for d in diagnostics if "shufle" in d.message)
    assert shufle.range.start == t.Position(4, 7)


async def test_incremental_changes_are_applied_and_a_quick_fix_repairs_a_misspelt_name(client: LanguageClient):
    uri = "file:///rules/edited.cardrules"
    assert not [d for d in await opened(client, uri, THIRTEENS) if d.severity == 1]
    use = where("hand", 2)  # a use of the zone, not its declaration
    typo = t.Range(use, t.Position(use.line, use.character + 4))
    diagnostics = await changed(client, uri, 2, t.TextDocumentContentChangePartial(range=typo, text="hnad"))
    (wrong,) = [d for d in diagnostics if d.severity == 1]
    assert wrong.code == "undefined-name" and wrong.range.start.line == use.line

    actions = await client.text_document_code_action_async(
        t.CodeActionParams(doc(uri), wrong.range, t.CodeActionContext(diagnostics=[wrong]))
    )
    (action,) = actions
    (edit,) = action.edit.changes[uri]
    assert action.kind == t.CodeActionKind.QuickFix and edit.new_text == "hand" and edit.range == typo

    repaired = await changed(client, uri, 3, t.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text))
    assert not [d for d in repaired if d.severity == 1]


async def test_a_misspelt_keyword_has_a_quick_fix_too(client: LanguageClient):
    uri = "file:///rules/keyword.cardrules"
    (wrong,) = [d for d in await opened(client, uri, CYRILLIC) if "shufle" in d.message]
    actions = await client.text_document_code_action_async(
        t.CodeActionParams(doc(uri), wrong.range, t.CodeActionContext(diagnostics=[wrong]))
    )
    assert [a.edit.changes[uri][0].new_text for a in actions] == ["shuffle"]


async def test_hover_on_a_keyword_shows_its_entry_of_the_reference(client: LanguageClient):
    await seed_game(client)
    hover = await client.text_document_hover_async(t.HoverParams(doc(), where("shuffle")))
    assert "**shuffle** (Flow)" in hover.contents.value and "shuffle deck" in hover.contents.value


async def test_hover_on_a_name_shows_its_declaration_citation_and_the_quoted_source(client, tmp_path: Path):
    rules = tmp_path / "game.cardrules"
    rules.write_text(THIRTEENS, encoding="utf-8")
    (tmp_path / "003_fb5af2f8794c5634.txt").write_text("\n".join(f"line {i}" for i in range(1, 30)), encoding="utf-8")
    uri = rules.as_uri()
    await opened(client, uri, THIRTEENS)
    hover = await client.text_document_hover_async(t.HoverParams(doc(uri), where("thirteen_points", 1)))
    text = hover.contents.value
    assert "ambiguity `thirteen_points`" in text
    assert 'ambiguity thirteen_points "A thirteen is listed' in text
    assert "@ru:14" in text and "> line 14" in text


async def test_definition_and_references_of_a_zone(client: LanguageClient):
    await seed_game(client)
    declared = where("hand")
    found = await client.text_document_definition_async(t.DefinitionParams(doc(), where("hand", 3)))
    assert found.range == t.Range(declared, t.Position(declared.line, declared.character + 4))
    refs = await client.text_document_references_async(
        t.ReferenceParams(
            text_document=doc(), position=where("hand", 3), context=t.ReferenceContext(include_declaration=True)
        )
    )
    lines = {r.range.start.line for r in refs}
    assert declared.line in lines and where("hand", 3).line in lines and len(refs) > 5


@pytest.mark.parametrize(
    "name, keyword",
    [("thirteen_points", "ambiguity"), ("thirteens", "scoring"), ("meld", "value"), ("run_low", "order")],
)
async def test_definition_of_ambiguities_scorings_tables_and_orders(client: LanguageClient, name, keyword):
    await seed_game(client)
    # The declaration's line, found in the text itself (protocol lines count from 0).
    (kind_line,) = [i for i, text in enumerate(THIRTEENS.split("\n")) if text.strip().startswith(f"{keyword} {name}")]
    last_use = occurrences(name)[-1]
    assert last_use.line > kind_line
    found = await client.text_document_definition_async(t.DefinitionParams(doc(), last_use))
    assert found.range.start.line == kind_line


async def test_definition_of_a_reading(client: LanguageClient):
    await seed_game(client)
    found = await client.text_document_definition_async(t.DefinitionParams(doc(), where("dealer_card", 1)))
    assert found.range.start == where("dealer_card", 0)


async def test_completion_offers_keywords_names_and_sources(client: LanguageClient):
    await seed_game(client)
    items = await client.text_document_completion_async(t.CompletionParams(doc(), t.Position(85, 4)))
    labels = {item.label: item.kind for item in items.items}
    assert labels["shuffle"] == t.CompletionItemKind.Keyword and labels["trick"] == t.CompletionItemKind.Keyword
    assert labels["hand"] == t.CompletionItemKind.Module and labels["thirteen_points"] == t.CompletionItemKind.Interface
    after_at = t.Position(7, LINES[7].index("@ru") + 1)
    cited = await client.text_document_completion_async(t.CompletionParams(doc(), after_at))
    assert [item.label for item in cited.items] == ["ru"]


async def test_document_symbols_outline_the_game(client: LanguageClient):
    await seed_game(client)
    (game,) = await client.text_document_document_symbol_async(t.DocumentSymbolParams(doc()))
    assert game.name == "Thirteens"
    names = [child.name for child in game.children]
    assert names[:3] == ["run_low", "with_joker", "meld"] and "hand" in names and names[-1] == "flow"
    scoring = next(child for child in game.children if child.name == "thirteens")
    assert [p.name for p in scoring.children] == ["thirteen", "pair", "run", "run_ace_low"]
    ambiguity = next(child for child in game.children if child.name == "trick_point")
    assert [r.name for r in ambiguity.children] == ["leftover", "every", "bare"]


async def test_formatting_goes_through_the_formatter(client: LanguageClient):
    uri = "file:///rules/messy.cardrules"
    messy = PLAIN_GAME.replace("  deck standard", "deck    standard").replace("flow { }", "flow {\n}")
    await opened(client, uri, messy)
    edits = await client.text_document_formatting_async(
        t.DocumentFormattingParams(doc(uri), t.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    expected, safe = format_text(messy)
    assert safe and expected != messy
    (edit,) = edits
    assert edit.new_text == expected and edit.range.start == t.Position(0, 0)


async def test_formatting_leaves_a_broken_file_alone(client: LanguageClient):
    uri = "file:///rules/broken-format.cardrules"
    await opened(client, uri, BROKEN)
    options = t.FormattingOptions(tab_size=2, insert_spaces=True)
    assert not await client.text_document_formatting_async(t.DocumentFormattingParams(doc(uri), options))


async def test_semantic_tokens_tell_keywords_names_numbers_strings_comments_and_citations(client: LanguageClient):
    await seed_game(client)
    tokens = await client.text_document_semantic_tokens_full_async(t.SemanticTokensParams(doc()))
    decoded, line, start = {}, 0, 0
    data = tokens.data
    for i in range(0, len(data), 5):
        line = line + data[i]
        start = data[i + 1] + (start if data[i] == 0 else 0)
        decoded[(line, start)] = (data[i + 2], TOKEN_TYPES[data[i + 3]])
    assert decoded[(0, 0)][1] == "comment"
    assert decoded[(3, 0)] == (4, "keyword") and decoded[(3, 5)] == (11, "string")
    hand = where("hand")
    assert decoded[(hand.line, hand.character)] == (4, "namespace")
    assert decoded[(where("thirteen_points").line, 10)] == (15, "type")
    players_line = LINES[7]
    assert decoded[(7, players_line.index("3"))] == (1, "number")
    assert decoded[(7, players_line.index("@ru") + 1)] == (2, "macro")
    # The quoted Cyrillic phrase is counted in UTF-16 code units.
    quote = players_line[players_line.index('"') :]
    assert decoded[(7, players_line.index('"'))] == (len(quote.encode("utf-16-le")) // 2, "string")


class CountingDiagnostics(dict):
    """The client's store of published diagnostics, counting the publications per document."""

    def __init__(self, *args):
        super().__init__(*args)
        self.published: dict[str, int] = {}

    def __setitem__(self, uri, diagnostics):
        self.published[uri] = self.published.get(uri, 0) + 1
        super().__setitem__(uri, diagnostics)


async def test_changes_typed_in_a_burst_are_checked_once_when_typing_pauses(client: LanguageClient):
    import asyncio

    uri = "file:///rules/burst.cardrules"
    await opened(client, uri, PLAIN_GAME)
    client.diagnostics = counting = CountingDiagnostics(client.diagnostics)
    waiting = client.wait_for_notification(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    end = t.Position(len(PLAIN_GAME.split("\n")) - 1, 0)
    for version, letter in enumerate("abc", start=2):
        change = t.TextDocumentContentChangePartial(
            range=t.Range(end, end), text=f"zone p{letter} shared seen by nobody\n"
        )
        client.text_document_did_change(
            t.DidChangeTextDocumentParams(t.VersionedTextDocumentIdentifier(uri=uri, version=version), [change])
        )
        end = t.Position(end.line + 1, 0)
    await waiting
    await asyncio.sleep(0.6)  # longer than the pause the server waits for
    assert counting.published == {uri: 1}
    (game,) = await client.text_document_document_symbol_async(t.DocumentSymbolParams(doc(uri)))
    assert [child.name for child in game.children] == ["v", "deck", "pa", "pb", "pc", "z", "flow"]


async def test_a_zone_named_like_a_keyword_is_found_where_it_is_used_not_where_the_keyword_opens_a_line(client):
    await seed_game(client)
    shuffled = where("deck", 3)  # `shuffle deck`
    assert LINES[shuffled.line].strip().startswith("shuffle deck")
    refs = await client.text_document_references_async(
        t.ReferenceParams(text_document=doc(), position=shuffled, context=t.ReferenceContext(include_declaration=True))
    )
    lines = [r.range.start.line for r in refs]
    assert lines == [where("deck", 1).line, where("deck", 2).line, shuffled.line, where("deck", 4).line]
    assert where("deck", 0).line not in lines  # `deck standard + 2 jokers` in the cards block


async def test_a_reading_named_like_a_keyword_is_found_only_where_a_reading_stands(client: LanguageClient):
    await seed_game(client)
    declared = where("leftover", 0)  # `reading leftover "..."` of the ambiguity trick_point
    refs = await client.text_document_references_async(
        t.ReferenceParams(text_document=doc(), position=declared, context=t.ReferenceContext(include_declaration=True))
    )
    found = sorted((r.range.start.line, r.range.start.character) for r in refs)
    clause, case = where("leftover", 2), where("leftover", 3)  # `leftover => reading ...`, then its case
    assert (declared.line, declared.character) in found and (case.line, case.character) in found
    assert (clause.line, clause.character) not in found
