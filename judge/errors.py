"""User-facing errors: every message is Chinese and says what to do next.

The CLI catches JudgeError and prints `message` (never a traceback) and exits with `exit_code`.
A message may quote what the user typed; `render` shortens any over-long run of it, so a 100 KB
argument is never echoed whole.
"""

import re

ECHO_LIMIT = 120
_LONG_RUN = re.compile(r"\S{%d,}" % (ECHO_LIMIT * 2 + 1))


def clip_echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` with every unbroken run longer than 2*limit characters cut to `limit` (length noted)."""
    return _LONG_RUN.sub(lambda m: f"{m[0][:limit]}…（共 {len(m[0])} 个字符）", str(text))


# errno -> what to tell the judge (strerror is English).
OS_REASONS = {
    "ENOSPC": "磁盘空间不足",
    "EDQUOT": "超出磁盘配额",
    "EFBIG": "超出文件大小限制",
    "EROFS": "文件系统只读",
    "EACCES": "没有权限",
    "EPERM": "没有权限",
    "ENOENT": "路径不存在",
    "ENOTDIR": "路径中有一部分不是目录",
    "EISDIR": "这是一个目录",
    "EIO": "磁盘读写错误",
    "ENAMETOOLONG": "文件名或路径过长",
}


def os_reason(exc: OSError) -> str:
    import errno

    name = errno.errorcode.get(exc.errno or 0, "")
    return OS_REASONS.get(name) or (exc.strerror or str(exc))


def from_os_error(exc: OSError) -> "JudgeError | None":
    """A Chinese error for a file-system failure a command did not handle itself; None if unexpected."""
    import errno

    name = errno.errorcode.get(exc.errno or 0, "")
    if name not in OS_REASONS:
        return None
    where = f" {exc.filename}" if exc.filename else ""
    return JudgeError(f"无法读写文件{where}：{os_reason(exc)}。",
                      hint="请检查路径与权限、释放磁盘空间，或用 JUDGE_CACHE_DIR / --out 指定其他目录。")


class JudgeError(Exception):
    exit_code = 2

    def __init__(self, message: str, *, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint

    def render(self) -> str:
        text = self.message if not self.hint else f"{self.message}\n提示：{self.hint}"
        return clip_echo(text)


class CorpusError(JudgeError):
    """A document of rules_corpus/ is missing, altered or unreadable."""


class StoreError(JudgeError):
    """The SQLite store cannot be built or opened."""


class NotFoundError(JudgeError):
    exit_code = 1
