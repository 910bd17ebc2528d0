"""Choices a card makes as it is played (355.1: "as you play this, name a tag"): the static ability
`静态 打出时宣告标签 [A/B/…]` asks the player for a tag (any tag, or one of those listed) while the card
is played and notes it on the card; the filter word `所宣告标签的` then names objects with that tag
("a unit with the named tag", 133.8.a)."""

from __future__ import annotations

from types import SimpleNamespace

from judge.engine.filters import FILTERS, _word
from judge.engine.statics import StaticAbility


class DeclareTag(StaticAbility):
    """`静态 打出时宣告标签 [A/B/…]`: as the card is played its controller names a tag (355.1), scripted
    `甲 选择目标 <卡牌> -> <标签>` before the play; `--auto`: the first tag listed, or the first tag of an
    opponent's unit. The tag is noted on the card (GameObject.declared_tag) for `所宣告标签的`."""

    id, zh, aliases, rule, arg = "declare_tag", ("打出时宣告标签", "宣告标签"), ("name-a-tag-as-played",), "355.1", "tags"

    def as_played(self, game, card, params, player) -> None:
        from judge.engine.choices import take_target

        allowed = params.get("tags") or []
        picked = take_target(game, SimpleNamespace(controller=player, source=card.label(), oid=card.oid))
        tag = next(iter(picked or ()), None)
        if tag is not None and allowed and tag not in allowed:
            from judge.engine.errors import IllegalAction

            raise IllegalAction(f"{card.label()} 只能宣告 {'、'.join(allowed)} 中的一种属性标签。", self.rule)
        if tag is None and game.choices.auto:
            tag = allowed[0] if allowed else next(
                (t for u in game.units() if u.controller in game.opponents(player) for t in u.card.tags), None)
            game.trace.add("auto", f"（自动选择）{player} 为 {card.label()} 宣告属性标签：{tag or '无'}。")
        elif tag is None:
            options = allowed or ["<标签>"]
            game.choices.need("target", player, f"{player} 需要为 {card.label()} 宣告一种属性标签"
                              f"{'（' + '、'.join(allowed) + '）' if allowed else ''}。", options,
                              f"{player} 选择目标 {card.oid} -> {options[0]}")
        card.declared_tag = tag
        game.trace.add("choice", f"步骤2 做出选择：{player} 为 {card.label()} 宣告属性标签“{tag}”。", rules=(self.rule,))


def _named(game, seen, o) -> bool:
    src = game.objects.get(seen.oid or "")
    tag = getattr(src, "declared_tag", None)
    return tag is not None and FILTERS.get("with_tag").test(game, seen, o, tag)


STANDARD_FILTERS = (
    # "a unit with that tag": the tag its source named as it was played (355.1, 133.8.a)
    _word("with_declared_tag", ("所宣告标签的", "具有所宣告标签的"), ("with-the-named-tag",), "133.8.a",
          lambda g, s, o, a: _named(g, s, o)),
)


def register_standard() -> None:
    for e in STANDARD_FILTERS:
        if e.id not in FILTERS:
            FILTERS.register(e)
