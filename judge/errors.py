"""User-facing errors: every message is Chinese and says what to do next.

The CLI catches JudgeError and prints `message` (never a traceback) and exits with `exit_code`.
"""


class JudgeError(Exception):
    exit_code = 2

    def __init__(self, message: str, *, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint

    def render(self) -> str:
        return self.message if not self.hint else f"{self.message}\n提示：{self.hint}"


class CorpusError(JudgeError):
    """A document of rules_corpus/ is missing, altered or unreadable."""


class StoreError(JudgeError):
    """The SQLite store cannot be built or opened."""


class NotFoundError(JudgeError):
    exit_code = 1
