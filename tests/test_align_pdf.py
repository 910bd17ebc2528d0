"""`judge corpus align FILE.pdf`: a numbered rules PDF read as text, on PDFs the tests make.

The PDFs are set like the official rules: two columns, a running header and a page-number footer
on every page, rule numbers at the start of lines, long rules wrapped. The Chinese one is the older
numbered excerpt of rules_corpus/ (playing cards, 346-356), the English one the English fixture.
"""

from pathlib import Path

import pytest

from judge.paths import corpus_dir
from judge.rules.align.reference import ReferenceError, parse_file

FIX = Path(__file__).resolve().parent / "fixtures" / "align"
OLDER = corpus_dir() / "core-rules-playing-cards-excerpt-older-numbering.zh.txt"
CJK_FONTS = [Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
             Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
             Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")]
FONT = next((f for f in CJK_FONTS if f.is_file()), None)

fpdf = pytest.importorskip("fpdf", reason="fpdf2 (test extra) makes the PDFs")
pytestmark = pytest.mark.skipif(FONT is None, reason="no CJK font found (CI installs fonts-wqy-microhei)")


def make_pdf(path: Path, source: Path, header: str) -> list:
    """A two-column PDF of the numbered text `source`, with a running header and page footers."""
    _, rules, _ = parse_file(source)

    class Doc(fpdf.FPDF):
        def header(self):
            self.set_font("cjk", size=8)
            self.cell(0, 6, header, align="C")
            self.ln(8)

        def footer(self):
            self.set_y(-12)
            self.set_font("cjk", size=8)
            self.cell(0, 6, f"第 {self.page_no()} 页", align="C")

    pdf = Doc()
    pdf.add_font("cjk", fname=str(FONT), collection_font_number=0)
    pdf.set_auto_page_break(True, margin=16)
    pdf.add_page()
    pdf.set_font("cjk", size=9)
    marker = "举例：" if rules and any("\u4e00" <= ch <= "\u9fff" for ch in rules[0].text) else "Example: "
    with pdf.text_columns(ncols=2, gutter=8) as cols:
        for r in rules:
            cols.write(text=f"{r.number}. {r.text}\n")
            for e in r.examples:
                cols.write(text=f"{marker}{e}\n")
    pdf.output(str(path))
    return rules


def squash(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("source, header", [(OLDER, "《符文战场》核心规则（旧版编号摘录）"),
                                            (FIX / "numbered.en.txt", "Riftbound Core Rules · Test Copy")])
def test_two_column_pdf_reads_back_every_rule_in_order(tmp_path, source, header):
    pdf = tmp_path / "rules.pdf"
    expected = make_pdf(pdf, source, header)
    _, rules, _ = parse_file(pdf)
    assert len(expected) > 40 and len(rules) >= 2
    assert pdf.read_bytes()[:5] == b"%PDF-"
    # Every number, in order, with its text: nothing from the other column or the page furniture.
    assert [r.number for r in rules] == [r.number for r in expected]
    for got, want in zip(rules, expected):
        assert squash(got.text) == squash(want.text), got.number
        assert [squash(e) for e in got.examples] == [squash(e) for e in want.examples], got.number
    assert not any(header in r.text or "第 2 页" in r.text for r in rules)


@pytest.mark.slow   # a store build
def test_pdf_reference_aligns_from_the_cli(tmp_path, monkeypatch, capsys):
    from judge.cli import main
    from judge.store import build

    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(build, "STAGES", ["judge.store.stages:tree"])   # the tree stage applies the reference
    pdf = tmp_path / "older.pdf"
    make_pdf(pdf, OLDER, "《符文战场》核心规则（旧版编号摘录）")
    with pytest.raises(SystemExit) as exc:
        main(["corpus", "align", str(pdf), "--name", "older-pdf"])
    out = capsys.readouterr().out
    # Read like the text copy: the older numbering is recognised and reported, not applied.
    assert exc.value.code == 0
    assert "共 122 条规则" in out and "编号体系与本语料自身陈述的编号不一致" in out and "+3" in out


def test_damaged_pdf_is_a_chinese_error(tmp_path):
    bad = tmp_path / "broken.pdf"
    bad.write_bytes(b"%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF")
    with pytest.raises(ReferenceError) as err:
        parse_file(bad)
    assert "broken.pdf" in err.value.message and "PDF" in err.value.message
