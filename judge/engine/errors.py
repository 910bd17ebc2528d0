"""Engine outcomes that interrupt an action: an illegal action, or a choice the script lacks."""

from __future__ import annotations


class IllegalAction(Exception):
    """The action is not allowed now; `rule` is the rule number that forbids it."""

    def __init__(self, message: str, rule: str | None = None, faq: tuple = ()):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.faq = faq


class NeedChoice(Exception):
    """Strict mode: the engine needs a choice the scenario does not give."""

    def __init__(self, kind: str, player: str, prompt: str, options: list[str], example: str):
        super().__init__(prompt)
        self.kind, self.player, self.prompt, self.options, self.example = kind, player, prompt, options, example
