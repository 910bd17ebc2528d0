"""tools/heading_terms.py regenerates the shipped heading term pairs exactly (when the reference text
and the numbering map are at hand; the pairs themselves are checked in test_search_understanding)."""

import pytest

from tool_module import load_tool


def _tool():
    return load_tool("heading_terms")


def test_shipped_pairs_agree_with_the_tool():
    """Hand-checked pairs are the tool's tables (headings, defined terms); the others were read through the
    numbering map."""
    from judge.search.data_files import HEADING_TERMS, read_data

    tool = _tool()
    rows = read_data(HEADING_TERMS, 4)
    assert rows
    for english, chinese, number, source in rows:
        if source == "hand-checked heading":
            assert tool.OVERRIDES.get(english) == chinese, english
        elif source.startswith("defined term"):  # a term defined in two paragraphs has its second in DEFINED_TWICE
            assert tool.DEFINED.get(english) == (chinese, number) or (english, chinese, number) in tool.DEFINED_TWICE, english
        elif source == "drafted title of the heading":  # the tree's drafted title, when it is a short term
            assert tool.drafted_term(number, tool.drafted_titles()) == chinese and english not in tool.OVERRIDES, english
        else:
            assert source == "numbering map" and english not in tool.OVERRIDES, english


def test_regenerates_the_shipped_pairs(tmp_path):
    tool = _tool()
    english = tool.default_english()
    if not english.is_file() or not tool.DEFAULT_MAP.is_file():
        pytest.skip("the English reference text or rules_corpus/numbering-map.tsv is not at hand")
    out = tmp_path / "pairs.tsv"
    assert tool.main(["--english", str(english), "--out", str(out)]) == 0
    shipped = {tuple(r) for r in _rows(tool.OUT) if r[3] == "hand-checked heading"}
    regenerated = {tuple(r) for r in _rows(out) if r[3] == "hand-checked heading"}
    assert shipped == regenerated


def _rows(path):
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith(("#", "english\t"))]


def test_heading_lines_are_read_as_terms():
    tool = _tool()
    lines = ["414. Exhaust", "337. Step 1: Finalize", "469.1. Conquer: A player gains control of it.",
             "355.6. Targeting", "414.1. To exhaust a card, turn it sideways."]
    read = []
    for line in lines:
        for rx in (tool.HEADING, tool.STEP, tool.INLINE):
            m = rx.match(line)
            if m:
                read.append((m.group(1), m.group(2)))
                break
    assert read == [("414", "Exhaust"), ("337", "Finalize"), ("469.1", "Conquer"), ("355.6", "Targeting")]
