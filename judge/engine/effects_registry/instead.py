"""'… instead' (370.1.b): a replacement effect that replaces an instruction of its own ability with another
one — "deal 2 to a unit; if it is attacking, deal 4 instead". Written `改为 <效果> 若 <条件>` right after the
instruction it replaces; the language attaches it to that instruction (`Effect.instead`). When that
instruction would be performed, the condition is read against the objects it would act on (its still-legal
targets); if it holds, the replacing instruction is performed on them in its place (370.1.c: applied before
the replaced instruction happens, so it never happens). A replacement applies once (370.2)."""

from __future__ import annotations

from judge.engine.instructions import EffectKind


class Instead(EffectKind):
    """`改为 <效果> 若 <条件>`: the marker the language reads; it is never on a chain item by itself."""

    id, zh, aliases, rule = "instead", ("改为",), ("instead",), "370.1.b"
    targeted = False
    needs_targets = False
    wraps_effect = True  # the words after it are a whole instruction (judge.dsl.phrases.read_effect)

    def apply(self, game, item, eff, legal, previous, who):
        inner = eff.args.get("effect")
        if inner is None:
            return previous
        from judge.engine import instructions

        return instructions.perform(game, item, inner, [], previous)
