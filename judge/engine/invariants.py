"""Invariants every reachable state must satisfy (used by random playouts and property tests).
Returns the list of violations (empty when the state is sound)."""

from __future__ import annotations

from judge.engine.layers import is_lethally_damaged
from judge.engine.state import NON_BOARD_ZONES, Game


def violations(game: Game, settled: bool = True) -> list[str]:
    out = []
    seen = {}
    for p in game.players.values():
        for zone in NON_BOARD_ZONES:
            for oid in p.zones[zone]:
                if oid in seen:
                    out.append(f"{oid} 同时位于两个区域")
                seen[oid] = zone
                o = game.objects[oid]
                if o.zone != zone:
                    out.append(f"{oid} 的区域记录不一致")
                if o.owner != p.name:
                    out.append(f"{oid} 进入了非所属者的区域")
    for o in game.objects.values():
        if o.zone == "board":
            if o.oid in seen:
                out.append(f"{o.oid} 同时在场上与其他区域")
            if o.location != "base" and o.location not in game.battlefields:
                out.append(f"{o.oid} 的位置无效")
            if o.damage < 0:
                out.append(f"{o.oid} 伤害为负")
            if o.buff not in (0, 1):
                out.append(f"{o.oid} 增益数量无效")
            if settled and o.is_unit and is_lethally_damaged(game, o) and not game.over:
                out.append(f"{o.oid} 带有致命伤害却未被摧毁")
        elif o.zone in NON_BOARD_ZONES and o.oid not in seen:
            out.append(f"{o.oid} 不在其所属者的{o.zone}列表中")
        if o.attached_to is not None:
            unit = game.objects.get(o.attached_to)
            if o.zone != "board" or unit is None or unit.zone != "board" or unit.location != o.location:
                out.append(f"{o.oid} 的贴附关系无效")
        if o.zone != "board" and (o.damage or o.buff or o.designation):
            out.append(f"{o.oid} 离开场地后仍保留伤害/增益/身份")
    for bf in game.battlefields.values():
        present = game.players_at(bf.bid)
        if len(present) > 2:
            out.append(f"{bf.bid} 上有三名玩家的单位")
        if len(present) == 2 and game.teams[present[0]] == game.teams[present[1]]:
            out.append(f"{bf.bid} 上有队友的单位")
        if bf.contested_by is not None and bf.contested_by == bf.controller:
            out.append(f"{bf.bid} 的控制者同时在争夺它")
    if any(v < 0 for v in game.points.values()):
        out.append("分数为负")
    if settled and game.combat is None and any(u.designation for u in game.units()):
        out.append("战斗之外仍有攻防身份")
    return out
