"""Trigger events (382): each a registered part with its id, Chinese spellings (the first is shown
in traces), English aliases and rule. The scenario language reads `触发 <时机>` words from here; the
procedures that witness an event call `triggered.fire` / `deaths` / `scored` with its id."""

from __future__ import annotations

from judge.engine.registry import Entry, Registry


class TriggerEvent(Entry):
    rule = "382"
    label = ""  # the name used in "X 的<label>触发式技能"

    def __init__(self, id: str, zh: tuple, aliases: tuple, label: str | None = None, rule: str = "382",
                 scriptable: bool = True, condition=None):
        self.id, self.zh, self.aliases, self.rule = id, zh, aliases, rule
        self.label = label or zh[0]
        self.scriptable = scriptable  # written in scenario files (reflexive/delayed are made by other parts)
        self._condition = condition  # (game, player, source) -> bool: whether the ability is active now

    def active(self, game, player, source) -> bool:
        return self._condition is None or self._condition(game, player, source)


EVENTS: Registry[TriggerEvent] = Registry("触发时机")


def _legion_active(game, player, source) -> bool:
    from judge.engine.keywords import legion

    return legion.active(game, player, source)

STANDARD = (
    TriggerEvent("play", ("打出时",), ("on-play",), rule="419.4.a"),
    TriggerEvent("attack", ("进攻时",), ("on-attack",)),
    TriggerEvent("defend", ("防守时",), ("on-defend",)),
    TriggerEvent("legion", ("鼓舞",), (), condition=_legion_active),
    TriggerEvent("conquer", ("征服时",), ("on-conquer",)),
    TriggerEvent("hold", ("据守时",), ("on-hold",)),
    TriggerEvent("spell_played", ("打出法术时",), ("on-spell",), rule="419.4.a"),
    TriggerEvent("any_spell_played", ("任一玩家打出法术时",), ("on-any-spell",), rule="419.4.a"),
    TriggerEvent("first_death", ("首次死亡时",), ("on-first-death",), label="本回合首次有单位死亡时"),
    TriggerEvent("second_card", ("第二张牌时",), ("on-second-card",), label="本回合打出第二张牌时", rule="419.4.a"),
    TriggerEvent("recycle", ("回收时",), ("on-recycle",)),
    TriggerEvent("spell_kill", ("用法术消灭单位时",), ("on-spell-kill",)),
    TriggerEvent("buffed_death", ("增益友方单位死亡时",), ("on-buffed-death",)),
    TriggerEvent("reflexive", ("内嵌式",), (), scriptable=False),
    TriggerEvent("delayed", ("延迟触发",), (), label="延迟", rule="389", scriptable=False),
)
