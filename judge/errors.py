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
