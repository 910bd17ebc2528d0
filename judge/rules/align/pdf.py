"""Plain text of a numbered rules PDF (a judge's copy of the official rules), for `judge corpus align`.

pdfminer.six lays out each page's text lines with their positions. The official PDFs are set in two
columns: a page whose lines split into a left and a right column is read left column first, each
top to bottom, so a rule number stays at the start of its line and a rule never interleaves with
its neighbour across the gutter. Running headers and footers (the same line at the top or bottom of
most pages, page numbers aside) are dropped.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from judge.rules.align.reference import ReferenceError

MARGIN = 0.08          # share of the page height that counts as header / footer band
REPEATED = 0.5         # a band line on at least this share of the pages is page furniture
DIGITS_RE = re.compile(r"\d+")


MAX_PDF_BYTES = 64 * 1024 * 1024   # the official rules PDF is a few MB


def is_pdf(path: Path) -> bool:
    """A regular file that starts like a PDF (never opens a pipe or a device: that could block)."""
    try:
        if not Path(path).is_file():
            return False
        with open(path, "rb") as fh:
            return fh.read(5) == b"%PDF-"
    except OSError:
        return False


def _lines(page) -> list[tuple[float, float, float, float, str]]:
    """(x0, x1, top, bottom, text) of every text line of a laid-out page, top = distance from the top."""
    from pdfminer.layout import LTTextContainer, LTTextLine

    out = []
    height = page.height

    def walk(obj):
        for item in obj:
            if isinstance(item, LTTextLine):
                text = item.get_text().strip()
                if text:
                    out.append((item.x0, item.x1, height - item.y1, height - item.y0, text))
            elif isinstance(item, LTTextContainer):
                walk(item)

    walk(page)
    return out


def _reading_order(lines, width: float) -> list[str]:
    """Left column then right column when the page is set in two; else top to bottom."""
    mid = width / 2
    right = [l for l in lines if l[0] >= mid - width * 0.02]
    crossing = [l for l in lines if l[0] < mid - width * 0.02 and l[1] > mid + width * 0.02]
    if len(right) >= 3 and len(crossing) <= max(2, len(lines) // 10):
        left = [l for l in lines if l not in right]
        # A full-width line (a title across both columns) stays before the columns it heads.
        ordered = sorted(left, key=lambda l: (l[2], l[0])) + sorted(right, key=lambda l: (l[2], l[0]))
    else:
        ordered = sorted(lines, key=lambda l: (round(l[2], 1), l[0]))
    return [l[4] for l in ordered]


def pdf_text(path: Path) -> str:
    """The text of the PDF at `path`, one line per text line, pages in order; ReferenceError (Chinese)
    when the file is not a readable PDF or has no text layer."""
    try:
        from pdfminer.high_level import extract_pages
        from pdfminer.layout import LAParams
        from pdfminer.pdfparser import PDFSyntaxError
    except ImportError:  # pragma: no cover - a declared dependency
        raise ReferenceError("读取 PDF 需要 pdfminer.six", hint="请执行 pip install pdfminer.six 后重试。") from None
    size = Path(path).stat().st_size
    if size > MAX_PDF_BYTES:
        raise ReferenceError(f"PDF 文件 {path} 有 {size / 1024 / 1024:.0f} MB，超过上限 {MAX_PDF_BYTES // 1024 // 1024} MB",
                             hint="请确认这是核心规则的 PDF；整份核心规则通常只有几 MB。")
    pages = []
    try:
        for page in extract_pages(str(path), laparams=LAParams(line_margin=0.3, char_margin=2.0)):
            pages.append((page.width, page.height, _lines(page)))
    except FileNotFoundError:
        raise ReferenceError(f"找不到参考文件：{path}", hint="请检查路径是否正确。") from None
    except (PDFSyntaxError, ValueError, KeyError, TypeError) as exc:
        raise ReferenceError(f"无法读取 PDF 文件 {path}：{type(exc).__name__}",
                             hint="文件可能已损坏或加密；可先用 PDF 阅读器另存一份，或导出为 UTF-8 纯文本。") from None
    except Exception as exc:  # noqa: BLE001 - pdfminer raises many kinds on damaged files
        raise ReferenceError(f"无法读取 PDF 文件 {path}：{type(exc).__name__}: {exc}",
                             hint="文件可能已损坏或加密；可先用 PDF 阅读器另存一份，或导出为 UTF-8 纯文本。") from None
    # Page furniture: lines in the top/bottom band that recur (digits aside) on most pages.
    band_counts: Counter = Counter()
    for width, height, lines in pages:
        seen = {DIGITS_RE.sub("#", l[4]) for l in lines if l[2] < height * MARGIN or l[3] > height * (1 - MARGIN)}
        band_counts.update(seen)
    furniture = {k for k, n in band_counts.items() if len(pages) >= 2 and n >= REPEATED * len(pages)}
    out: list[str] = []
    for width, height, lines in pages:
        body = [l for l in lines if not ((l[2] < height * MARGIN or l[3] > height * (1 - MARGIN))
                                          and DIGITS_RE.sub("#", l[4]) in furniture)]
        out.extend(_reading_order(body, width))
    text = "\n".join(out)
    if not text.strip():
        raise ReferenceError(f"PDF 文件 {path} 中没有可提取的文字（可能是扫描件）",
                             hint="请使用带文字层的 PDF，或先用 OCR 工具导出为 UTF-8 纯文本。")
    return text
