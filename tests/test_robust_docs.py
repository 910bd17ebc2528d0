"""Docs robustness, extending the docs engineer's tests (fixture store, hostile names, writer paths):

- any text through `esc`, rendered by Python-Markdown with the site's own extensions (what mkdocs
  runs), comes out as exactly that text — no element, no attribute, no markup from it;
- SiteWriter.path_for under arbitrary relative paths: refused, or inside the output folder;
- the real site built from the shipped corpus and scenarios: every file inside the output folder,
  and no active HTML anywhere in the rendered pages; the corpus' own "[>]" markers show as text.
"""

from __future__ import annotations

import html
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.docs.markup import esc
from judge.docs.writer import DocsOutputError, SiteWriter

markdown = pytest.importorskip("markdown")

EXAMPLES = int(os.environ.get("JUDGE_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
EXTENSIONS = ["attr_list", "admonition", "tables", "toc", "pymdownx.superfences", "pymdownx.details"]
HOSTILE_BITS = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))", "**b**",
                "_i_", "`c`", "# h", "> q", "- li", "1. li", "| a | b |", "{: .cls onclick=x}", "!!! note", "???+ x",
                "```", "~~~", "<!-- c -->", "&amp;", "&#60;", "\\", "[>]", "[鼓舞][>]", "---", "***", "<https://x.y>",
                "![i](x.png)", "[^1]", "*[HTML]: x", "{#id}", "    code", "\t", "<div markdown=1>", "]]>", "%"]


def render(md_text: str) -> str:
    return markdown.markdown(md_text, extensions=EXTENSIONS)


class _Elements(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, attrs))

    def handle_data(self, data):
        self.text.append(data)


def elements(html_text: str) -> _Elements:
    p = _Elements()
    p.feed(html_text)
    p.close()
    return p


@FUZZ
@given(st.lists(st.one_of(st.sampled_from(HOSTILE_BITS), st.text(max_size=12)), min_size=1, max_size=8))
def test_escaped_text_renders_as_exactly_that_text(parts):
    text = " ".join(parts)
    out = render(esc(text))
    parsed = elements(out)
    assert {t for t, _ in parsed.tags} <= {"p"}, out
    assert all(not attrs for _, attrs in parsed.tags), out
    expected = " ".join(re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", "", text).split())
    shown = " ".join("".join(parsed.text).split())
    assert shown == expected


PATH_ATOMS = ["..", ".", "", "/", "\\", "a", "页面", "x.md", "\x00", "~", "%2e%2e", "..%2f", "C:", "//", " ", "\u2215"]


@FUZZ
@given(st.lists(st.one_of(st.sampled_from(PATH_ATOMS), st.text(max_size=6)), max_size=6),
       st.sampled_from(["/", "\\", ""]))
def test_writer_paths_stay_inside_or_are_refused(tmp_path_factory, atoms, sep):
    root = tmp_path_factory.mktemp("out")
    w = SiteWriter(root)
    rel = sep.join(atoms)
    try:
        target = w.path_for(rel)
    except DocsOutputError as err:
        assert "输出目录" in err.message
        return
    assert w.root in target.parents, (rel, target)


# ---------------------------------------------------------------- the real site
@pytest.fixture(scope="module")
def real_site(tmp_path_factory):
    from judge.docs.build import build_docs

    base = tmp_path_factory.mktemp("real-docs")
    (base / "sentinel").mkdir()
    report = build_docs(base / "out")
    return base, report


def test_real_build_writes_only_inside_its_folder(real_site):
    base, report = real_site
    out = base / "out"
    strays = [p for p in base.rglob("*") if p.is_file() and out not in p.parents]
    assert not strays, strays[:5]
    assert not any((base / "sentinel").iterdir())
    assert report.pages > 10


ACTIVE_TAGS = {"script", "iframe", "object", "embed", "style", "img", "form", "input", "svg", "math", "link", "meta",
               "base", "frame", "video", "audio"}


# The board pictures of ruling pages (judge.docs.board_svg): drawing elements only, no links, scripts or styles.
BOARD_FIGURE = re.compile(r'<figure class="judge-board-figure" data-search-exclude>\n<svg .*?</svg>\n<figcaption>[^<]*</figcaption>\n</figure>',
                          re.S)
BOARD_TAGS = {"svg", "title", "g", "rect", "text", "line", "circle"}


def _check_board_figure(page: Path, figure: str) -> None:
    import xml.etree.ElementTree as ET

    svg = figure[figure.index("<svg "):figure.rindex("</svg>") + len("</svg>")]
    for el in ET.fromstring(svg).iter():
        tag = el.tag.split("}")[-1]
        assert tag in BOARD_TAGS, f"{page.name}: <{tag}> in a board picture"
        for name, value in el.attrib.items():
            assert not name.lower().startswith("on") and name.lower() not in ("href", "style"), f"{page.name}: {name}"
            assert not value.strip().lower().startswith(("javascript:", "data:")), f"{page.name}: {value}"


def test_real_pages_render_no_active_html(real_site):
    base, _ = real_site
    pages = sorted((base / "out").rglob("*.md"))
    assert pages
    boards = 0
    for page in pages:
        text = page.read_text("utf-8")
        for figure in BOARD_FIGURE.findall(text):
            _check_board_figure(page, figure)
            boards += 1
        parsed = elements(render(BOARD_FIGURE.sub("", text)))
        for tag, attrs in parsed.tags:
            assert tag not in ACTIVE_TAGS, f"{page.name}: <{tag}>"
            for name, value in attrs:
                assert not name.lower().startswith("on"), f"{page.name}: <{tag} {name}=…>"
                assert not (value or "").strip().lower().startswith(("javascript:", "data:")), f"{page.name}: {value}"
    assert boards > 100  # every ruling page has its start and end boards


def test_corpus_angle_bracket_markers_show_as_text(real_site):
    """The rules mark ability keywords with "[>]"; on the page it is text, not a half-open tag."""
    base, _ = real_site
    found = False
    for page in sorted((base / "out").rglob("*.md")):
        md = page.read_text("utf-8")
        if "&gt;" not in md:
            continue
        text = html.unescape("".join(elements(render(md)).text))
        if "[>]" in text:
            found = True
            break
    assert found, "no page shows the corpus' [>] marker as text"
