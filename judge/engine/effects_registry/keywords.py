"""Granting and removing keywords (801.3.a, 801.3.b): for the duration the effect names; with no
duration, as long as the object stays where it is (801.3.a.3, 801.3.b.2). Layer 2 (477.2)."""

from __future__ import annotations

from judge.engine.instructions import EffectKind
from judge.engine.keywords import KEYWORDS
from judge.engine.state import Modifier
from judge.engine.effects_registry.common import duration_args, duration_text, lasting
from judge.trace.events import Change


class _KeywordChange(EffectKind):
    params = "一个关键词，可加 本回合"

    def read_args(self, words):
        dur, rest = duration_args(words, default_this_turn=False)
        kws = [KEYWORDS.lookup(w) for w in rest]
        if len(rest) != 1 or kws[0] is None:
            raise ValueError(f"效果“{self.display}”需要一个关键词（如 壁垒、强攻），可加“本回合”或“持续”。")
        return {"keyword": kws[0].id, **dur}


class GrantKeyword(_KeywordChange):
    """'Give a unit [Assault 2] this turn': the number after the effect is the keyword's value."""

    id, zh, aliases, rule = "grant_keyword", ("获得关键词",), ("grant-keyword",), "801.3.a"

    def apply(self, game, item, eff, legal, previous, who):
        kw, how = KEYWORDS[eff.args["keyword"]], lasting(game, item, eff, default_this_turn=False)
        this_turn, when = how["until_end_of_turn"], duration_text(how["until_end_of_turn"], how["source"])
        n = eff.amount or 1
        changes = []
        for u in legal:
            u.modifiers.append(Modifier(keyword=kw.id, keyword_n=n, **how))
            changes.append(Change(u.label(), "关键词", None, f"{kw.display}{' ' + str(n) if n > 1 else ''}"))
        game.trace.add("change", f"{who}：{'、'.join(u.label() for u in legal)} {when}获得[{kw.display}]。",
                       rules=("801.3.a.2" if this_turn or how["source"] else "801.3.a.3", kw.rule), changes=changes)
        return legal


class RemoveKeyword(_KeywordChange):
    id, zh, aliases, rule = "remove_keyword", ("失去关键词",), ("remove-keyword",), "801.3.b"

    def apply(self, game, item, eff, legal, previous, who):
        kw, how = KEYWORDS[eff.args["keyword"]], lasting(game, item, eff, default_this_turn=False)
        this_turn, when = how["until_end_of_turn"], duration_text(how["until_end_of_turn"], how["source"])
        changes = []
        for u in legal:
            had = u.has(kw.id)
            u.modifiers.append(Modifier(keyword=kw.id, keyword_n=0, **how))
            if had:
                changes.append(Change(u.label(), "关键词", kw.display, None))
        game.trace.add("change", f"{who}：{'、'.join(u.label() for u in legal)} {when}失去[{kw.display}]。",
                       rules=("801.3.b.1" if this_turn or how["source"] else "801.3.b.2", kw.rule), changes=changes)
        return legal


class GrantMyKeywords(EffectKind):
    """'Give a friendly unit my keywords this turn': each keyword its source has as this resolves (printed,
    given by static abilities or effects, with its value; as it last was if it left the board) is granted
    to the target for the duration (801.3.a)."""

    id, zh, aliases, rule = "grant_my_keywords", ("获得我的关键词",), ("grant-my-keywords",), "801.3.a"
    params = "可加 本回合 或 持续"

    def read_args(self, words):
        dur, rest = duration_args(words, default_this_turn=False)
        if rest:
            raise ValueError(f"效果“{self.display}”只接受“本回合”或“持续”。")
        return dict(dur)

    def apply(self, game, item, eff, legal, previous, who):
        src = game.objects.get(getattr(item, "oid", None) or "")
        mine = {kw.id: n for kw in KEYWORDS if src is not None and (n := src.has(kw.id, game))}
        how = lasting(game, item, eff, default_this_turn=False)
        this_turn, when = how["until_end_of_turn"], duration_text(how["until_end_of_turn"], how["source"])
        if not mine:
            game.trace.add("step", f"{who}：{src.label() if src else item.source} 没有关键词，没有可获得的关键词。", rules=("801.3.a",))
            return legal
        names = "、".join(f"[{KEYWORDS[k].display}{' ' + str(n) if n > 1 else ''}]" for k, n in mine.items())
        changes = []
        for u in legal:
            for k, n in mine.items():
                u.modifiers.append(Modifier(keyword=k, keyword_n=n, **how))
            changes.append(Change(u.label(), "关键词", None, names))
        game.trace.add("change", f"{who}：{'、'.join(u.label() for u in legal)} {when}获得 {src.label()} 的关键词 {names}。",
                       rules=("801.3.a.2" if this_turn or how["source"] else "801.3.a.3",), changes=changes)
        return legal
