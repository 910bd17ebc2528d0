"""Keywords (805-829): one module each, every one a registered `Keyword` (keywords.base) with its
id, Chinese spellings, English aliases, rule and the hooks of the procedures it changes. Procedures
ask the registry (`keywords.on(obj)`, `KEYWORDS`) and never name a keyword; adding one is a module
and a line in judge.engine.standard."""

from judge.engine.keywords.base import FIRST, KEYWORDS, LAST, PLAIN, Keyword, on  # noqa: F401
