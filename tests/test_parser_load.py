"""Loading the parser from its shipped tables keeps the collector off while the tables are built;
it leaves the collector as it found it, and the parser it gives parses."""

from __future__ import annotations

import gc

import pytest

from dsl.syntax import tables


@pytest.mark.parametrize("enabled", [True, False], ids=["collector on", "collector off"])
def test_loading_the_parser_leaves_the_collector_as_it_was(enabled):
    was_enabled = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        parser = tables.parser("check")
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was_enabled else gc.disable)()
    tree = parser.parse('game "G"\nplayers 2\n', start="start")
    assert tree.data == "start"
