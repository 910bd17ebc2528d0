"""Bounds checked before a scenario reaches the parser.

Regex matching of one very long token is slow and memory-hungry.
Scenario and card files are short (a few KB, lines of a few hundred characters), so generous
limits cost a judge nothing and keep every read bounded: only regular files are read (a FIFO or
/dev/zero would hang or exhaust memory), at most MAX_FILE_BYTES of them, no line over
MAX_LINE_CHARS, includes at most MAX_INCLUDE_DEPTH deep. Each refusal is a located ScenarioError.
"""

from __future__ import annotations

from pathlib import Path

from judge.dsl.errors import ScenarioError
from judge.files import NotRegular, TooLarge, read_bounded

MAX_FILE_BYTES = 512 * 1024
MAX_LINE_CHARS = 8000
MAX_INCLUDE_DEPTH = 16
ECHO_CHARS = 120  # how much of an offending line an error message shows


class UnreadableSource(ScenarioError):
    """A file refused before parsing (missing, special, too large)."""


def read_source(path: str | Path) -> bytes:
    """The bytes of a scenario or card file: a regular file, at most MAX_FILE_BYTES."""
    p = Path(path)
    try:
        return read_bounded(p, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise UnreadableSource("找不到场景文件。", file=str(p)) from None
    except IsADirectoryError:
        raise UnreadableSource("这是一个目录，不是场景文件。", file=str(p), expected=["一个 .场景 或 .卡牌 文本文件"]) from None
    except NotRegular:
        raise UnreadableSource("不是普通文件（这是设备、管道或其他特殊文件），不能作为场景读取。", file=str(p),
                               expected=["一个 .场景 或 .卡牌 文本文件"]) from None
    except TooLarge as exc:
        raise UnreadableSource(_too_large(exc.size), file=str(p),
                               expected=[f"不超过 {MAX_FILE_BYTES // 1024} KB 的文件"]) from None
    except OSError as exc:
        raise UnreadableSource(f"无法读取文件（{exc.strerror or exc}）。", file=str(p)) from None


def _too_large(size: int) -> str:
    return (f"文件过大（{size:,} 字节，上限 {MAX_FILE_BYTES:,} 字节）：场景文件通常只有几 KB。"
            "请把它拆成几个场景，或检查是否选错了文件。")


def check_text(text: str, file: str) -> None:
    """Refuse over-large text and over-long lines, located at the first offending line."""
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError(_too_large(len(text.encode("utf-8", "replace"))), file=file)
    if len(text) <= MAX_LINE_CHARS:  # no line can be over the limit
        return
    start = 0
    line = 1
    while True:
        end = text.find("\n", start)
        stop = len(text) if end == -1 else end
        if stop - start > MAX_LINE_CHARS:
            raise ScenarioError(
                f"这一行过长（{stop - start:,} 个字符，上限 {MAX_LINE_CHARS:,}）：每条语句应写在一行的合理长度内。",
                file=file, line=line, column=MAX_LINE_CHARS + 1,
                source_line=text[start:stop],
                expected=[f"不超过 {MAX_LINE_CHARS} 个字符的行"])
        if end == -1:
            return
        start = end + 1
        line += 1


def check_include_depth(seen, file: str, line: int, column: int, included: str) -> None:
    """`seen` holds the files on the include chain so far."""
    if len(seen) > MAX_INCLUDE_DEPTH:
        raise ScenarioError(f"包含层数过深（超过 {MAX_INCLUDE_DEPTH} 层）：被包含的卡牌文件不应再层层包含其他文件。",
                            file=file, line=line, column=column, text=clip_line(included))


def clip_line(text: str | None, limit: int = ECHO_CHARS) -> str | None:
    if text is None or len(text) <= limit:
        return text
    return text[:limit] + f"…（共 {len(text):,} 个字符）"


def window(source_line: str, column: int, limit: int = ECHO_CHARS) -> tuple[str, int]:
    """At most `limit` characters of `source_line` around `column`, and the column within them."""
    if len(source_line) <= limit:
        return source_line, column
    start = max(0, min(column - 1 - limit // 2, len(source_line) - limit))
    shown = source_line[start:start + limit]
    prefix = "…" if start else ""
    suffix = "…" if start + limit < len(source_line) else ""
    return prefix + shown + suffix, column - start + len(prefix)
