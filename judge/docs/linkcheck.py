"""Checks a generated docs dir: every internal link points to an existing page and anchor.

Parses each page with markdown-it-py: anchors are the explicit `{#id}` of headings (every heading
the generator writes has one) plus ids of raw HTML; links are the link tokens of inline content.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

_ATTR_ID = re.compile(r"\{:?\s*#([A-Za-z0-9_\-]+)[^}]*\}\s*$")
_HTML_ID = re.compile(r"""\bid=["']([^"']+)["']""")


@dataclass
class LinkReport:
    pages: int = 0
    links: int = 0
    internal_links: int = 0
    anchors: int = 0
    broken: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)


_ADMONITION = re.compile(r"^(\s*)(?:!!!|\?\?\?\+?)\s")


def dedent_admonitions(md_text: str) -> str:
    """Python-Markdown admonitions (`!!! note` + an indented body) as plain blocks.

    CommonMark would read their indented bodies as code and miss the links in them.
    """
    out: list[str] = []
    depth = 0  # number of admonition bodies we are in (each adds 4 spaces)
    for line in md_text.splitlines():
        if line.strip():
            indent = len(line) - len(line.lstrip(" "))
            while depth and indent < depth * 4:
                depth -= 1
            body = line[depth * 4:]
            m = _ADMONITION.match(body)
            if m and not m.group(1):
                depth += 1
                out.append("")
                continue
            out.append(body)
        else:
            out.append("")
    return "\n".join(out)


def _parser():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table")


_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)


def _scan(md_text: str, parser) -> tuple[set[str], list[str]]:
    """(anchors, link hrefs) of one page, from a single parse (YAML front matter skipped)."""
    tokens = parser.parse(dedent_admonitions(_FRONT_MATTER.sub("", md_text, count=1)))
    anchors: set[str] = set()
    links: list[str] = []
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            m = _ATTR_ID.search(tokens[i + 1].content)
            if m:
                anchors.add(m.group(1))
        elif tok.type == "html_block":
            anchors.update(_HTML_ID.findall(tok.content))
        elif tok.type == "inline":
            for child in tok.children or []:
                if child.type == "html_inline":
                    anchors.update(_HTML_ID.findall(child.content))
                elif child.type == "link_open":
                    links.append(str(child.attrs.get("href", "")))
    return anchors, links


def page_anchors(md_text: str, parser=None) -> set[str]:
    return _scan(md_text, parser or _parser())[0]


def page_links(md_text: str, parser=None) -> list[str]:
    return _scan(md_text, parser or _parser())[1]


def check_dir(docs_dir: Path) -> LinkReport:
    docs_dir = Path(docs_dir)
    parser = _parser()
    pages = {p.relative_to(docs_dir).as_posix(): p.read_text(encoding="utf-8")
             for p in sorted(docs_dir.rglob("*.md"))}
    parsed = {name: _scan(text, parser) for name, text in pages.items()}
    anchors = {name: a for name, (a, _links) in parsed.items()}
    report = LinkReport(pages=len(pages), anchors=sum(len(a) for a in anchors.values()))
    for name in pages:
        for href in parsed[name][1]:
            report.links += 1
            parts = urlsplit(href)
            if parts.scheme or parts.netloc:
                report.external.append(f"{name}: {href}")
                continue
            report.internal_links += 1
            if parts.path:
                target = posixpath.normpath(posixpath.join(posixpath.dirname(name), unquote(parts.path)))
            else:
                target = name
            if target not in pages:
                report.broken.append(f"{name}: {href}（目标页面不存在）")
                continue
            frag = unquote(parts.fragment)
            if frag and frag not in anchors[target]:
                report.broken.append(f"{name}: {href}（锚点 #{frag} 不存在）")
    return report
