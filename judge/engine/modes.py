"""Modes: "choose one —" followed by a bulleted list (`选择一项 [规则]` and its `选项：…` lines).

The mode is chosen as the spell or ability is put on the chain, before its targets (355.3, then
355.5): a played spell in step 2, a triggered ability when it is finalized, an activated ability
when it is activated. From then on the item has the chosen option's instructions in place of the
list, so its targets are those of that option only. Which options may be chosen is a registered
mode rule: any of them, or one not yet chosen this turn for this source (its record kept by turn)."""

from __future__ import annotations

from judge.engine.registry import Entry, Registry


class ModeRule(Entry):
    rule = "355.3"

    def allowed(self, game, key, count: int) -> list[int]:
        return list(range(count))

    def record(self, game, key, index: int) -> None:
        pass


MODE_RULES: Registry[ModeRule] = Registry("模式规则")


class AnyMode(ModeRule):
    id, zh, aliases = "any", ("任选一项",), ("any",)


class NotThisTurn(ModeRule):
    """"One you haven't chosen this turn": options chosen earlier this turn for the same source."""

    id, zh, aliases = "not_this_turn", ("本回合未选过",), ("not-chosen-this-turn",)

    def allowed(self, game, key, count):
        used = game.modes_chosen.get((key, game.turn), set())
        return [i for i in range(count) if i not in used]

    def record(self, game, key, index):
        game.modes_chosen.setdefault((key, game.turn), set()).add(index)


STANDARD = (AnyMode, NotThisTurn)


def register_standard() -> None:
    for cls in STANDARD:
        if cls.id not in MODE_RULES:
            MODE_RULES.register(cls())


def has_modes(effects) -> bool:
    """Whether the controller chooses an option as the item is put on the chain (not another player)."""
    return any(e.kind == "choose_mode" and getattr(e, "performer", None) is None for e in effects)


def expand(game, player: str, effects: list, label: str, src) -> tuple[list, list]:
    """The instructions with each `选择一项` replaced by the option its controller chooses now, and the
    choices made; the caller commits them (`trace`: recorded and written where the choice belongs in
    its steps) once the play or activation goes ahead, so an illegal attempt leaves no record."""
    out, notes = [], []
    for e in effects:
        if e.kind != "choose_mode" or getattr(e, "performer", None) is not None:
            # another player's choice ("each other player chooses"): made as it resolves (355.10.e)
            out.append(e)
            continue
        options = e.args.get("options", [])
        part = MODE_RULES[e.args.get("rule", "any")]
        key = (src.oid, src.incarnation) if src is not None else label
        allowed = part.allowed(game, key, len(options))
        if not allowed:
            from judge.engine.errors import IllegalAction

            raise IllegalAction(f"{label} 没有可以选择的选项（{part.display}）。", "355.3")
        index = _pick(game, player, label, src, allowed, len(options), part)
        notes.append((part, key, index,
                      f"{player} 为 {label} 选择第 {index + 1} 项（共 {len(options)} 项，{part.display}）；其目标随后选择。"))
        out += options[index]
    return out, notes


def trace(game, notes: list) -> None:
    for part, key, index, note in notes:
        part.record(game, key, index)
        game.trace.add("step", note, rules=("355.3",))


def _pick(game, player, label, src, allowed, count, part) -> int:
    names = {label} | ({src.oid, src.card.name} if src is not None else set())
    for entry in list(game.choices.queue):
        if entry[0] == "choose_mode" and entry[1] == player and entry[2][0] in names:
            game.choices.queue.remove(entry)
            n = entry[2][1]
            if n - 1 not in allowed:
                from judge.engine.errors import IllegalAction

                ok = "、".join(str(i + 1) for i in allowed)
                raise IllegalAction(f"{label} 不能选择第 {n} 项（{part.display}；可选：{ok}）。", "355.3")
            return n - 1
    if len(allowed) == 1:
        return allowed[0]
    if game.choices.auto:
        game.trace.add("auto", f"（自动选择）{label} 的选项：第 {allowed[0] + 1} 项。")
        return allowed[0]
    ref = src.oid if src is not None else label
    lines = [f"{player} 选择模式 {ref} {i + 1}" for i in allowed]
    game.choices.need("choose_mode", player, f"{player} 需要为 {label} 选择一项（共 {count} 项）。", lines, lines[0])
