"""Invariants every reachable state must satisfy (used by random playouts and property tests).
Returns the list of violations (empty when the state is sound)."""

from __future__ import annotations

from judge.engine.layers import is_lethally_damaged
from judge.engine.state import NON_BOARD_ZONES, PHASE_NAMES, Game


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
            if o.buff < 0 or (o.buff > 1 and not _many_buffs(game, o)):
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
    out += _turn_and_players(game)
    out += _chain_and_triggers(game, settled)
    return out


def _turn_and_players(game: Game) -> list[str]:
    out = []
    if set(game.order) != set(game.players) or set(game.teams) != set(game.players):
        out.append("玩家、回合顺序与队伍记录不一致")
    if game.turn_player not in game.players:
        out.append("回合玩家不是对局中的玩家")
    if game.turn < 1 or game.phase not in PHASE_NAMES:
        out.append("回合编号或阶段无效")
    if set(game.points) - set(game.teams.values()):
        out.append("分数记录属于不存在的队伍")
    if game.victory_score is not None and game.victory_score < 1:
        out.append("胜利得分无效")
    if game.mode not in ("1v1", "2v2", "ffa3", "ffa4"):
        out.append("游戏模式无效")
    if game.winner is None and game.burnouts_in_sequence < 0:
        out.append("连续燃尽次数为负")
    for p in game.players.values():
        if p.energy < 0 or p.power < 0 or p.xp < 0:
            out.append(f"{p.name} 的法力、符能或经验为负")
        if len(p.power_domains) > p.power:
            out.append(f"{p.name} 的符能特性记录多于符能")
    for bf in game.battlefields.values():
        if bf.facedown is not None:
            fd = game.objects.get(bf.facedown)
            if fd is None or fd.zone != "facedown" or fd.location != bf.bid:
                out.append(f"{bf.bid} 的待命牌记录无效")
    if any(p not in game.players for p in game.finalized_cards):
        out.append("本回合已确认卡牌的记录属于不存在的玩家")
    if any(p not in game.players for p in game.extra_turns) or (game.resume_after is not None
                                                                and game.resume_after not in game.players):
        out.append("回合队列中的额外回合属于不存在的玩家")  # 735, 737
    if game.extra_turns_taken < 0 or game.extra_turns_taken >= game.turn:
        out.append("已进行的额外回合数无效")
    if any(o.card.name not in game.cards and not o.token for o in game.objects.values() if o.card.type != "card"):
        out.append("有游戏物体的卡牌不在卡牌表中")
    return out


def _chain_and_triggers(game: Game, settled: bool) -> list[str]:
    out = []
    for item in game.chain:
        if item.controller not in game.players:
            out.append(f"结算链项目“{item.description}”的控制者无效")
        oid = getattr(item, "oid", None)
        if getattr(item, "kind", None) == "card" and oid in game.objects and game.objects[oid].zone != "chain":
            out.append(f"结算链上的卡牌 {oid} 不在结算链区域")
    if game.priority is not None and (game.priority not in game.players or not game.chain):
        out.append("没有结算链时仍有优先权，或优先权属于不存在的玩家")
    if game.priority_granted_for is not None and game.priority_granted_for not in game.chain and settled \
            and game.priority is not None:
        out.append("优先权记录指向已不在结算链上的项目")
    if game.priority_passes < 0 or game.priority_passes > len(game.players):
        out.append("连续让过优先权的次数无效")
    sd, cb = game.showdown, game.combat
    if sd is not None and (sd.battlefield not in game.battlefields or sd.focus not in game.players):
        out.append("法术对决的战场或焦点无效")
    if cb is not None and (cb.battlefield not in game.battlefields or cb.attacker not in game.players
                           or cb.defender not in game.players):
        out.append("战斗的战场或攻防双方无效")
    if game.chain_opened_by not in (None, "card", "trigger"):
        out.append("结算链的开启方式无效")
    if settled:
        # Every batch, watch and hand-over is consumed before an action returns.
        if game.fired_triggers or game.pending_triggers:
            out.append("有已触发但未加入结算链的技能")
        if game.spell_kill_watch is not None or game.reflexive_watches or game.dying_buffed:
            out.append("结算后仍留有未处理的监视记录")
        if game.recalled_attackers and game.combat is None:
            out.append("战斗之外仍记录着召回进攻方")
    if game.first_death_turn is not None and game.first_death_turn > game.turn:
        out.append("本回合首次死亡的记录晚于当前回合")
    if any(turn > game.turn or (who is not None and who not in game.players) for turn, who, _phase in game.unit_deaths):
        out.append("单位死亡记录无效（回合晚于当前回合或控制者不是玩家）")
    if any(turn > game.turn or n < 1 or oid not in game.objects for (oid, _inc, turn), n in game.moves.items()):
        out.append("移动次数记录无效（回合晚于当前回合或指向不存在的物体）")
    if game.mighty_seen is not None and any(not isinstance(v, bool) or inc < 0 for (_oid, inc), v in game.mighty_seen.items()):
        out.append("强力记录无效")  # may name a token gone since: it is replaced at the next cleanup
    if any(turn > game.turn for _oid, _i, turn in game.abilities_used):
        out.append("“每回合一次”的记录晚于当前回合")
    if any(turn > game.turn or n < 1 or p not in game.players for (p, turn), n in game.discards.items()):
        out.append("弃牌记录无效（回合晚于当前回合、数量不为正或玩家不存在）")
    if any(turn > game.turn or n < 1 or p not in game.players for (p, turn), n in game.draws.items()):
        out.append("抽牌记录无效（回合晚于当前回合、数量不为正或玩家不存在）")
    for (src, _inc), banished in game.banished_by.items():  # linked abilities' record (397)
        if src not in game.objects or any(oid not in game.objects for oid, _i in banished):
            out.append(f"{src} 的关联放逐记录指向不存在的物体")
    for oid, _inc, turn, *_source in game.death_saves:
        if oid not in game.objects or turn > game.turn:
            out.append(f"死亡替换记录指向不存在的物体 {oid}")
    for kind, params, controller, turn, _label in game.imposed:  # "can't" rules effects imposed (054.1)
        if controller not in game.players or turn > game.turn or not isinstance(params, dict):
            out.append(f"效果施加的限制“{kind}”记录无效（控制者不存在或回合晚于当前回合）")
    for d in game.delayed_abilities:
        if d["controller"] not in game.players or d["when"] not in ("end_of_turn", "next_turn_start", "next"):
            out.append(f"延迟技能“{d['label']}”的控制者或时机无效")
    if any(turn > game.turn or not picked for (_key, turn), picked in game.modes_chosen.items()):
        out.append("已选模式的记录无效（回合晚于当前回合或为空）")
    if any(len(v) != 3 for v in game.probe_verdicts):
        out.append("试探选择的记录无效")
    for r in game.combat_results:
        if r.battlefield not in game.battlefields or r.winner not in (None, r.attacker, r.defender) \
                or r.attacker == r.defender:
            out.append(f"{r.battlefield} 的战斗结果记录无效（胜者须为进攻方、防守方或无）")
    if game.step_observer is not None and not callable(game.step_observer):
        out.append("步骤观察者不可调用")
    return out


def _many_buffs(game, o) -> bool:
    from judge.engine.statics import may_have_many_buffs

    return may_have_many_buffs(game, o)
