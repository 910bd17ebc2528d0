"""Reading a numbered rules document the judge supplies (plain text, Chinese or English).

Format, as PDF text usually comes out: one rule starts on a line with its number ("349. 打出卡牌",
"• 352.8.a. …", "103.2.a.1. Choose…"), optionally behind a bullet and indentation; lines that
do not start with a number continue the current rule (PDF wraps lines mid-sentence); "举例：" /
"Example:" starts an example of the current rule, inline or on its own line. Headings are numbered
short lines without closing punctuation. Every problem is a Chinese error naming the file.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from judge.errors import JudgeError


class ReferenceError(JudgeError):
    """A reference document cannot be read, parsed or stored."""


NUMBER_RE = re.compile(
    r"^\s*(?:[•*·▪◦\-–]\s*)?(\d{3}(?:\.(?:\d{1,3}|[a-z]{1,2}))*)\.(?=\s|$|[^\d.a-z])\s*(.*)$"
)
EXAMPLE_RE = re.compile(r"(举例\s*[：:]|例如\s*[：:]|Examples?\s*[:：])")
EXAMPLE_START_RE = re.compile(r"^\s*(?:[•*·\-–]\s*)?(举例\s*[：:]|例如\s*[：:]|Examples?\s*[:：])\s*(.*)$")
DATE_RES = [
    re.compile(r"(20\d\d)\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"),
    re.compile(r"(20\d\d)-(\d{1,2})-(\d{1,2})"),
]
EN_DATE_RE = re.compile(
    r"(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2}),?\s+(20\d\d)"
)
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december"]
CJK_RE = re.compile(r"[\u3400-\u9fff]")
EMPTY_MATCH = re.match(r"()()", "")
PAGE_NUMBER_RE = re.compile(r"^\s*(?:\d{1,4}|[Pp]age\s+\d{1,4}(?:\s+of\s+\d{1,4})?|第\s*\d{1,4}\s*页(?:\s*/\s*共\s*\d+\s*页)?|-\s*\d{1,4}\s*-)\s*$")
LATIN_WORD_RE = re.compile(r"[A-Za-z]{2,}")
CLOSING = tuple("。．.：:；;！!？?）)」”\"")
LANG_NAMES = {"zh": "中文", "en": "英文"}


@dataclass
class RefRule:
    number: str
    text: str
    level: int
    is_heading: bool
    line: int
    examples: list[str] = field(default_factory=list)

    @property
    def title(self) -> str:
        return self.text if self.is_heading else ""

    def full_text(self, lang: str) -> str:
        """The rule with its examples, as the corpus prints them inline."""
        marker = " 举例：" if lang == "zh" else " Example: "
        return self.text + "".join(marker + e for e in self.examples)


@dataclass
class Reference:
    name: str
    lang: str
    source: str          # the file the judge gave, as given
    sha256: str
    doc_date: str        # the document's own "last updated" date, "" if it states none
    added_at: str        # ISO timestamp of `judge corpus align`
    rules: list[RefRule]

    def to_json(self) -> dict:
        d = asdict(self)
        d["format"] = 1
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Reference":
        rules = [RefRule(**r) for r in d["rules"]]
        return cls(d["name"], d["lang"], d["source"], d["sha256"], d.get("doc_date", ""), d["added_at"], rules)

    @property
    def label(self) -> str:
        date = self.doc_date or self.added_at[:10]
        return f"{self.name}（{LANG_NAMES.get(self.lang, self.lang)}，{date}）"


def number_key(number: str) -> tuple:
    """Sort key in rule order: 352.8 < 352.8.a < 352.8.a.1 < 352.8.b < 352.9 < 352.10."""
    return tuple((0, int(c), "") if c.isdigit() else (1, len(c), c) for c in number.split("."))


def number_level(number: str) -> int:
    return number.count(".")


def looks_like_heading(text: str, lang: str) -> bool:
    t = text.strip()
    if lang == "en" and t[:1] in "“\"" and t[-1:] in "”\"":
        t = t[1:-1].strip()       # a quoted heading: 054. “Can’t beats Can”
    if not t or t.endswith(CLOSING):
        return False
    if lang == "en":
        return len(t.split()) <= 7 and len(t) <= 60
    return len(t) <= 16


def detect_lang(text: str) -> str:
    cjk = len(CJK_RE.findall(text))
    latin = sum(len(w) for w in LATIN_WORD_RE.findall(text))
    return "zh" if cjk * 3 >= latin else "en"


def join_wrapped(head: str, tail: str) -> str:
    """Join a line wrapped mid-sentence: no space between CJK characters, one space between words."""
    head, tail = head.rstrip(), tail.strip()
    if not head:
        return tail
    if not tail:
        return head
    if CJK_RE.match(head[-1]) or CJK_RE.match(tail[0]) or head[-1] in "，、（“‘《【" :
        return head + tail
    if head.endswith("-") and head[-2:-1].isalpha() and tail[:1].islower():
        return head[:-1] + tail
    return head + " " + tail


def split_examples(text: str) -> tuple[str, list[str]]:
    parts = EXAMPLE_RE.split(text)
    body = parts[0].strip()
    examples = [parts[k + 1].strip() for k in range(1, len(parts), 2)]
    return body, [e for e in examples if e]


# A core rules text is well under 2 MB and 5,000 numbered rules; these bounds refuse a wrong file
# (or /dev/zero) at once instead of aligning it for minutes.
MAX_REFERENCE_BYTES = 16 * 1024 * 1024
MAX_REFERENCE_RULES = 20_000


def decode(path: Path) -> str:
    from judge.files import Refused, read_bounded

    try:
        data = read_bounded(path, MAX_REFERENCE_BYTES)
    except Refused as exc:
        raise ReferenceError(f"无法读取参考文件：{path}（{exc.reason}）",
                             hint="请给出一个带编号的规则纯文本文件（UTF-8）；整份核心规则通常不到 2 MB。") from None
    except FileNotFoundError:
        raise ReferenceError(f"找不到参考文件：{path}", hint="请检查路径是否正确。") from None
    except IsADirectoryError:
        raise ReferenceError(f"参考路径是一个目录，不是文件：{path}", hint="请给出纯文本规则文件的路径。") from None
    except OSError as exc:
        raise ReferenceError(f"无法读取参考文件：{path}（{exc.strerror}）") from None
    if not data.strip():
        raise ReferenceError(f"参考文件为空：{path}", hint="请给出带编号的规则纯文本（每条规则以编号开头，如 “349. 打出卡牌”）。")
    if b"\x00" in data[:65536]:
        raise ReferenceError(
            f"参考文件不是纯文本（含二进制内容）：{path}",
            hint="可直接使用 PDF 文件或 UTF-8 纯文本；若这是 Word 等其他格式，请先导出为 PDF 或纯文本。",
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReferenceError(
            f"参考文件不是有效的 UTF-8 文本：{path}（第 {exc.start} 字节处）",
            hint="请将文件另存为 UTF-8 编码的纯文本后重试。",
        ) from None


def find_date(text: str) -> str:
    for rx in DATE_RES:
        m = rx.search(text)
        if m:
            y, mo, d = (int(g) for g in m.groups())
            return f"{y:04d}-{mo:02d}-{d:02d}"
    m = EN_DATE_RE.search(text)
    if m:
        return f"{int(m.group(3)):04d}-{MONTHS.index(m.group(1).lower()) + 1:02d}-{int(m.group(2)):02d}"
    return ""


def parse_text(text: str, path: Path | str, lang: str | None = None) -> tuple[str, list[RefRule], str]:
    """(language, rules, document date) of a numbered rules text; ReferenceError naming `path` otherwise."""
    detected = detect_lang(text)
    if lang is not None:
        if lang not in LANG_NAMES:
            raise ReferenceError(f"未知的语言：--lang {lang}（参考文件 {path}）", hint="可选值为 zh（中文）或 en（英文）；省略 --lang 则自动识别。")
        if lang != detected:
            raise ReferenceError(
                f"参考文件 {path} 的正文是{LANG_NAMES[detected]}，与 --lang {lang}（{LANG_NAMES[lang]}）不符",
                hint=f"改为 --lang {detected}，或省略 --lang 让程序自动识别。",
            )
    lang = lang or detected
    lines = text.splitlines()
    blocks: list[list] = []   # [number, lineno, body, examples]
    preamble: list[str] = []
    prev_line, blank_before = "", True
    for lineno, raw in enumerate(lines, start=1):
        line = raw.replace("\u3000", " ").rstrip()
        if not line.strip():
            blank_before = True
            continue
        if PAGE_NUMBER_RE.match(line):
            continue                       # a page number or running footer of the PDF
        prev_rest = (NUMBER_RE.match(prev_line) or EMPTY_MATCH).group(2) if prev_line else ""
        wrapped = (not blank_before and bool(prev_line) and not prev_line.rstrip().endswith(CLOSING)
                   and not looks_like_heading(prev_rest or prev_line, lang))
        prev_line, blank_before = line, False
        m = NUMBER_RE.match(line)
        if m and blocks and wrapped:
            # "…see rule" / "349. Playing Cards." : a cross-reference the PDF wrapped onto a new line,
            # not a rule, when its number is out of order or far ahead of the rule being read.
            k, last = number_key(m.group(1)), number_key(blocks[-1][0])
            if k <= last or k[0][1] > last[0][1] + 3:
                m = None
        if m:
            number, rest = m.group(1), m.group(2)
            if blocks and number_key(number) <= number_key(blocks[-1][0]):
                prev, prev_line = blocks[-1][0], blocks[-1][1]
                raise ReferenceError(
                    f"参考文件 {path} 第 {lineno} 行：编号 {number} 出现在 {prev}（第 {prev_line} 行）之后，编号不是递增的",
                    hint="参考文件的规则应按编号顺序排列；请检查该行是否被错误拆分、重复或抄错。",
                )
            body, examples = split_examples(rest)
            blocks.append([number, lineno, body, examples])
            continue
        if not blocks:
            preamble.append(line)
            continue
        ex = EXAMPLE_START_RE.match(line)
        cur = blocks[-1]
        if ex:
            body, examples = split_examples(ex.group(2))
            cur[3].append(body)
            cur[3].extend(examples)
        elif cur[3]:
            body, examples = split_examples(join_wrapped(cur[3][-1], line))
            cur[3][-1] = body
            cur[3].extend(examples)
        else:
            body, examples = split_examples(join_wrapped(cur[2], line))
            cur[2] = body
            cur[3].extend(examples)
    if not blocks:
        raise ReferenceError(
            f"参考文件中没有找到带编号的规则：{path}",
            hint="每条规则应在行首写出编号，如 “349. 打出卡牌”、“352.8.a. …” 或 “103.2.a.1. …”。",
        )
    if len(blocks) > MAX_REFERENCE_RULES:
        raise ReferenceError(
            f"参考文件 {path} 有 {len(blocks):,} 条带编号的规则，超过上限 {MAX_REFERENCE_RULES:,} 条",
            hint="整份核心规则通常只有几千条；请确认选对了文件，或只给出规则部分。",
        )
    rules = [
        RefRule(number, body, number_level(number), looks_like_heading(body, lang), lineno, [e for e in ex if e])
        for number, lineno, body, ex in blocks
    ]
    return lang, rules, find_date("\n".join(preamble[:40]) or text[:2000])


def parse_file(path: Path, lang: str | None = None) -> tuple[str, list[RefRule], str]:
    """A plain-text or PDF reference file (a PDF is read by judge.rules.align.pdf)."""
    from judge.rules.align.pdf import is_pdf, pdf_text

    return parse_text(pdf_text(path) if is_pdf(path) else decode(path), path, lang)
