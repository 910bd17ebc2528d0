"""The standard parts of the game, registered in one place (the model is python-chess's list of
variants): every keyword module's Keyword, every effect, trigger event and static ability, in the order their hooks run (e.g. additional costs
listed in a trace). Adding a part is its module and one line here. judge.engine imports this
module first, so the registries are complete whatever engine module is imported."""

from __future__ import annotations

from judge.engine import (conditions, cost_parts, declared, filters, instructions, modes, performers, play_locations,
                          statics, values)
from judge.engine.abilities import events, frequencies
from judge.engine.abilities import filters as trigger_filters
from judge.engine.effects_registry import (attachments, cards, chain, choosing, control, copies, damage, instead,
                                           keywords, might, points, resources, restrictions, tokens, turns,
                                           units)
from judge.engine.keywords import (KEYWORDS, accelerate, action, ambush, assault, backline, deathknell, deflect,
                                   equip, ganking, hidden, hunt, legion, level, reaction, repeat, shield, tank,
                                   temporary, vision, weaponmaster)

KEYWORD_PARTS = (tank.Tank, backline.Backline, assault.Assault, shield.Shield, ganking.Ganking,
                 deathknell.Deathknell, temporary.Temporary, accelerate.Accelerate, repeat.Repeat, deflect.Deflect,
                 hidden.Hidden, action.Action, reaction.Reaction, legion.Legion, equip.Equip, equip.QuickDraw,
                 weaponmaster.Weaponmaster, vision.Vision, level.Level, hunt.Hunt, ambush.Ambush)

EFFECT_PARTS = (instructions.Deal, instructions.Kill, instructions.Stun, instructions.Buff, instructions.Exhaust,
                instructions.Ready, instructions.Heal, instructions.ModifyMight, instructions.Recall, instructions.Move,
                instructions.Fight, instructions.Banish, instructions.Draw, instructions.Attach, instructions.PlayTop,
                instructions.GainXp, instructions.RecycleTop, instructions.Save, instructions.AddEnergy,
                instructions.ReturnSelf, instructions.ReturnLinked, instructions.CreateDelayed, instructions.Counter,
                weaponmaster.AttachByWeaponmaster,
                damage.DealMight, damage.DealSplit, damage.Prevent, damage.NoDamage,
                might.DoubleMight, might.SwapMight,
                keywords.GrantKeyword, keywords.RemoveKeyword, keywords.GrantMyKeywords,
                units.MoveTo, units.SwapPlaces, units.ReturnToHand, units.SpendBuff, units.BanishIfItDies,
                cards.Discard, cards.RecycleFromHand, cards.RecycleTrashCards, cards.RecycleMe, cards.ReturnFromTrash, cards.ReturnToChampionZone, cards.PlayCard, cards.BanishThis, cards.Mill, cards.RevealTop, cards.RevealPlayOne, cards.RevealHand, cards.Predict, cards.LookTop, cards.PickFromTop, cards.BanishAndPlayFromTop, cards.BanishCard, cards.Dig, cards.TakeFromTop, cards.PutInDeck,
                copies.BecomeCopy, copies.GainTag, copies.ReplaceBattlefield, copies.SwapBack,
                tokens.CreateToken,
                resources.AddPower, resources.Channel, resources.RecycleRune, resources.RevealRecycleRune, resources.PayCost,
                points.GainPoints, points.LosePoints, points.ChangeVictoryScore, points.WinGame, turns.TakeExtraTurn,
                chain.CounterAbility,
                choosing.Choose, choosing.ChoosePlayer, choosing.ChooseMode, choosing.OneByDomain, instead.Instead, control.GainControl,
                control.LoseControl, attachments.Detach, attachments.AttachOrDetach,
                restrictions.Impose, restrictions.RaiseCostThisTurn, restrictions.LookAtFacedown,
                restrictions.NextCard,
                restrictions.BuffBonusThisTurn)

STATIC_PARTS = (statics.Aura, statics.NoEnemyReady, statics.CostModifier, statics.CannotScoreHere,
                statics.OpponentsCannotScore, statics.OpponentsCannotGainPoints, statics.EnemiesCannotTarget,
                statics.CannotMove, statics.CannotMoveToBase, statics.MoveHereFromAnywhere, statics.BonusDamageHere, statics.YourBonusDamage, statics.AssignedLast, statics.RepeatCostLess, statics.EquipCostLessByMight, statics.CannotReady, statics.NoCombatDamage,
                statics.OpponentsCannotPlayFacedownHere, statics.ExtraFacedownHere, statics.MightStatic, statics.GrantKeyword, statics.EnterReady,
                statics.VictoryScoreChange, statics.CannotPlayHere, statics.SelfDiscount, statics.Discount, statics.Surcharge, statics.SelfPowerDiscount, statics.ExtraProduce, statics.SaveFromDeath, play_locations.PlayTo, play_locations.TargetBattlefieldMustBe, play_locations.PlayOnlyTo, play_locations.MoveToItsOthers, play_locations.PlayFromTrash,
                statics.OpponentsPlayUnitsOnlyToBase, statics.CannotBeReadiedByEffects, statics.CannotBeDamaged,
                statics.ManyBuffs, statics.EnterExhausted, statics.CannotPlayCards, statics.CannotPlaySpells, statics.PreventEffectDamage,
                statics.ExtraDeathknell, statics.ExtraConquerHere, statics.ExtraHoldHere, statics.NoTemporaryHere,
                statics.DoubleEquipmentBonus, declared.DeclareTag, statics.LookBeforeReveal, statics.TieRecallsAll, statics.AnyDamageLethal, statics.SaveInCombat, statics.MayLookAtFacedown, statics.TokenAndCopy,
                statics.BuffBonus)


def register_all() -> None:
    for registry, parts in ((KEYWORDS, KEYWORD_PARTS), (instructions.EFFECTS, EFFECT_PARTS)):
        for cls in parts:
            if cls.id not in registry:
                registry.register(cls())
    for cls in cost_parts.STANDARD:
        if cls.id not in cost_parts.COST_PARTS:
            cost_parts.COST_PARTS.register(cls())
    for cls in STATIC_PARTS:
        if cls.id not in statics.STATICS:
            statics.STATICS.register(cls())
    for event in events.STANDARD + (legion.EVENT,):
        if event.id not in events.EVENTS:
            events.EVENTS.register(event)
    for registry, parts in ((trigger_filters.SUBJECTS, trigger_filters.SUBJECT_PARTS),
                             (trigger_filters.PLACES, trigger_filters.PLACE_PARTS)):
        for part in parts:
            if part.id not in registry:
                registry.register(part)
    # the words of the card-ability language: target phrases, values, conditions, frequencies, costs
    for module in (filters, values, conditions, frequencies, play_locations, performers, modes, declared):
        module.register_standard()


register_all()


def LANGUAGE_REGISTRIES() -> tuple:  # noqa: N802 (a table, computed after registration)
    """(Chinese kind name, registry) of every registry of the card-ability language's words."""
    return (("触发频率", frequencies.FREQUENCIES),
            ("数量", filters.COUNTS), ("筛选词", filters.FILTERS), ("名词", filters.NOUNS),
            ("数值", values.VALUES), ("条件", conditions.CONDITIONS), ("去向", filters.DESTINATIONS),
            ("持续时间", filters.DURATIONS), ("战场状态", play_locations.PLACE_STATES),
            ("执行者", performers.PERFORMERS), ("模式规则", modes.MODE_RULES))


def construct_table() -> str:
    """Markdown table of every registered part (documented in scenarios/README.md, checked by a test)."""
    from judge.engine.abilities.events import EVENTS
    from judge.engine.abilities.filters import PLACES, SUBJECTS
    from judge.engine.cost_parts import COST_PARTS
    from judge.engine.instructions import EFFECTS
    from judge.engine.keywords import KEYWORDS
    from judge.engine.statics import STATICS

    rows = ["| 类别 | 中文写法 | 英文别名 | id | 规则 |", "|---|---|---|---|---|"]
    for what, registry in (("关键词", KEYWORDS), ("效果", EFFECTS), ("触发时机", EVENTS), ("触发主体", SUBJECTS),
                           ("触发地点", PLACES), ("静态技能", STATICS), ("费用项", COST_PARTS),
                           *LANGUAGE_REGISTRIES()):
        for part in registry:
            if what == "触发时机" and not part.scriptable:
                continue
            rows.append(f"| {what} | {'、'.join(part.zh)} | {'、'.join(part.aliases) or '—'} | `{part.id}` | {part.rule} |")
    return "\n".join(rows)
