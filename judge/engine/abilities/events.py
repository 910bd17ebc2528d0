"""Trigger events (382): each a registered part with its id, Chinese spellings (the first is shown
in traces), English aliases and the rule that says when it happens. The scenario language reads
`触发 <时机>` words from here. The one procedure step that witnesses an event calls
`triggered.fire(game, EventFacts(<event id>, …))`; every trigger listening to that event whose
subject and place filters (judge.engine.abilities.filters) accept the facts is queued.

An entry may listen to another entry's event (`of`) with its own default subject, place or card
type: `打出法术时` is the event `play_card` for spells, with the subject `you`."""

from __future__ import annotations

from judge.engine.registry import Entry, Registry


class TriggerEvent(Entry):
    rule = "382"
    label = ""  # the name used in "X 的<label>触发式技能"

    def __init__(self, id: str, zh: tuple, aliases: tuple, label: str | None = None, rule: str = "382",
                 scriptable: bool = True, condition=None, subject: str | None = "you", place: str | None = None,
                 of: str | None = None, card_type: str | None = None, obj_subject: str | None = None,
                 origin: str | None = None, via: str | None = None):
        self.id, self.zh, self.aliases, self.rule = id, zh, aliases, rule
        self.label = label or zh[0]
        self.scriptable = scriptable  # written in scenario files (reflexive/delayed are made by other parts)
        self._condition = condition  # (game, player, source) -> bool: whether the ability is active now
        self.subject = subject  # default subject filter id (judge.engine.abilities.filters.SUBJECTS)
        self.place = place  # default place filter id (PLACES)
        self.of = of or id  # the witnessed event this entry listens to
        self.card_type = card_type  # only events about an object of this card type
        # the event's object must also match this subject filter ("when you stun an *enemy unit*": the
        # subject is who acted, this is what it was done to)
        self.obj_subject = obj_subject
        self.origin = origin  # only events whose object came from there ("facedown": played from hidden)
        self.via = via  # only events that happened this way ("spell": chosen as a spell's target)

    def active(self, game, player, source) -> bool:
        return self._condition is None or self._condition(game, player, source)

    def concerns(self, facts) -> bool:
        if self.origin is not None and facts.origin != self.origin:
            return False
        if self.via is not None and facts.via != self.via:
            return False
        return self.card_type is None or (facts.obj is not None and facts.obj.card.type == self.card_type)


EVENTS: Registry[TriggerEvent] = Registry("触发时机")


def listeners(event_id: str) -> dict[str, TriggerEvent]:
    """Entries listening to a witnessed event, by their id (what a Trigger names). Grouped once per set of
    registered events (every event a game witnesses asks); callers only read the dict."""
    return EVENTS.derived("listeners", _by_event).get(event_id) or {}


def _by_event(events) -> dict[str, dict[str, TriggerEvent]]:
    out: dict[str, dict[str, TriggerEvent]] = {}
    for e in events:
        out.setdefault(e.of, {})[e.id] = e
    return out


E = TriggerEvent
STANDARD = (
    # playing (419.4.a: they trigger once the act of playing is complete; a permanent's play effects
    # after it is finalized and enters the board, 383.4.a.2)
    E("play", ("打出时", "当你打出我时"), ("on-play",), rule="383.4.a", subject="self", of="play_card"),
    E("play_card", ("打出卡牌时", "当你打出一张卡牌时"), ("on-play-card",), rule="419.4.a"),
    E("spell_played", ("打出法术时", "当你打出一个法术时"), ("on-spell",), rule="419.4.a", of="play_card",
      card_type="spell"),
    E("any_spell_played", ("任一玩家打出法术时",), ("on-any-spell",), rule="419.4.a", subject="any_player",
      of="play_card", card_type="spell"),
    E("play_unit", ("打出单位时", "当你打出一名单位时"), ("on-play-unit",), rule="419.4.a", of="play_card",
      card_type="unit"),
    E("play_gear", ("打出装备时", "当你打出一件装备时"), ("on-play-gear",), rule="419.4.a", of="play_card",
      card_type="gear"),
    E("opponent_plays_unit", ("对手打出单位时",), ("on-opponent-plays-unit",), rule="419.4.a",
      subject="opponent", of="play_card", card_type="unit"),
    # playing a card from facedown (811.1.b; the facts' origin is "facedown")
    E("play_from_facedown", ("从待命状态打出时", "当你从待命状态打出卡牌时"),
      ("on-play-from-hidden",), rule="811.1.b", of="play_card", origin="facedown"),
    E("second_card", ("第二张牌时",), ("on-second-card",), label="本回合打出第二张牌时", rule="419.4.a"),
    # the board
    E("enter", ("进场时", "当我进场时"), ("on-enter",), rule="143.4", subject="self"),
    E("friendly_enters", ("友方单位进场时", "当一名友方单位进场时"), ("on-friendly-enter",), rule="143.4",
      subject="friendly_unit", of="enter"),
    E("move", ("移动时", "当我移动时"), ("on-move",), rule="420.1", subject="self"),
    E("move_to_battlefield", ("移动到战场时", "当我移动到一处战场时"), ("on-move-to-battlefield",), rule="420.1",
      subject="self", place="to_battlefield", of="move"),
    E("move_from_battlefield", ("从战场移动时", "当我从一处战场移动时"), ("on-move-from-battlefield",),
      rule="420.1", subject="self", place="from_battlefield", of="move"),
    E("move_units", ("移动单位时", "当一名玩家移动单位时"), ("on-player-moves",), rule="144.3"),
    E("enemy_moves", ("敌方单位移动时",), ("on-enemy-move",), rule="420.1", subject="enemy_unit", of="move"),
    # "when you move an enemy unit": you are the player responsible for the move (411.4), the unit an enemy
    E("move_enemy", ("移动敌方单位时", "当你移动一名敌方单位时"), ("on-you-move-an-enemy",), rule="420.1", of="move",
      obj_subject="enemy_unit"),
    # combat and scoring
    E("attack", ("进攻时",), ("on-attack",), rule="383.4.e", subject="self"),
    E("defend", ("防守时",), ("on-defend",), rule="383.4.f", subject="self"),
    E("attack_battle", ("进攻战斗时", "当你进攻时"), ("on-you-attack",), label="进攻时", rule="383.4.e"),
    E("defend_battle", ("防守战斗时", "当你防守时"), ("on-you-defend",), label="防守时", rule="383.4.f"),
    E("win_combat", ("赢得战斗时", "当我赢得战斗时"), ("on-win-combat",), rule="466.3.c", subject="self"),
    E("you_win_combat", ("你赢得战斗时", "当你赢得一场战斗时"), ("on-you-win-combat",), rule="466.3.a",
      of="win_combat"),
    E("conquer", ("征服时",), ("on-conquer",), rule="383.4.c"),
    E("i_conquer", ("我征服时", "当我征服一处战场时"), ("on-i-conquer",), rule="383.4.c.2.a", subject="self",
      of="conquer"),
    E("hold", ("据守时",), ("on-hold",), rule="383.4.d"),
    E("i_hold", ("我据守时", "当我据守一处战场时"), ("on-i-hold",), rule="383.4.d.2.a", subject="self", of="hold"),
    E("score", ("得分时", "当你得分时"), ("on-score",), rule="469"),
    E("opponent_scores", ("对手得分时", "当一名对手得分时"), ("on-opponent-score",), rule="469",
      subject="opponent", of="score"),
    # a showdown begins at a battlefield: a non-combat one (344) or the one combat opens (464.2.c.1.a);
    # written with the place: `当 任一玩家 法术对决开始时 此处`
    E("showdown_start", ("法术对决开始时", "当法术对决开始时"), ("on-showdown-start",), rule="344",
      subject="any_player"),
    E("gain_xp", ("获得经验时",), ("on-gain-xp",), rule="730.1"),
    E("level_up", ("升级时",), ("on-level-up",), rule="824.1.c", subject="self"),
    # deaths
    E("kill", ("摧毁单位时", "当你摧毁一名单位时"), ("on-kill",), rule="428.5"),
    E("die", ("死亡时", "当我被摧毁时"), ("on-die",), rule="428.1", subject="self"),
    E("friendly_dies", ("友方单位死亡时", "当一名友方单位被摧毁时"), ("on-friendly-death",), rule="428.1",
      subject="friendly_unit", of="die"),
    E("enemy_dies", ("敌方单位死亡时", "当一名敌方单位被摧毁时"), ("on-enemy-death",), rule="428.1",
      subject="enemy_unit", of="die"),
    E("units_die", ("任意数量单位死亡时", "任意数量的单位被摧毁时"), ("on-any-number-die",), rule="373", subject="unit"),
    E("first_death", ("首次死亡时",), ("on-first-death",), label="本回合首次有单位死亡时", rule="383.1.b",
      subject=None),
    E("spell_kill", ("用法术消灭单位时",), ("on-spell-kill",), subject=None),
    E("buffed_death", ("增益友方单位死亡时",), ("on-buffed-death",), subject=None),
    # other game actions
    E("stun", ("眩晕单位时", "当你眩晕一名单位时"), ("on-stun",), rule="423.1"),
    E("stun_enemy", ("眩晕敌方单位时", "当你眩晕一名敌方单位时"), ("on-stun-enemy",), rule="423.1", of="stun",
      obj_subject="enemy_unit"),
    # one event for all the enemy units one instruction stunned ("whenever you stun any number of enemy units")
    E("stun_enemies", ("眩晕任意数量敌方单位时", "当你眩晕任意数量的敌方单位时"), ("on-stun-any-number-of-enemies",),
      rule="423.1"),
    E("hide", ("隐藏卡牌时", "当你正面朝下放置卡牌时"), ("on-hide",), rule="811.1.c"),
    # targeting effects, "when you choose a friendly unit": each object chosen as a target (355.7) of a spell
    # or ability, once that spell or ability is finalized on the chain (383.4.b.2)
    E("choose_target", ("选为目标时", "当你选择目标时"), ("on-choose-target",), rule="383.4.b"),
    E("buff", ("获得增益时", "当我获得增益时"), ("on-buffed",), rule="426.1", subject="self"),
    E("damaged", ("受到伤害时", "当我受到伤害时"), ("on-damaged",), rule="417.1.b", subject="self"),
    E("spend_buff", ("消耗增益时", "当你消耗一个增益时"), ("on-spend-buff",), rule="701"),
    # "when you choose me [as a spell's target]" (383.4.b): the event above, about the ability's source
    E("targeted", ("被选为目标时", "当你选择我为目标时"), ("on-targeted",), rule="383.4.b", obj_subject="self",
      of="choose_target"),
    E("targeted_by_spell", ("被选为法术目标时", "当你选择我为法术目标时"), ("on-targeted-by-spell",), rule="383.4.b",
      obj_subject="self", of="choose_target", via="spell"),
    E("readied", ("变为活跃时", "当你让我变为活跃时"), ("on-readied",), rule="415.3.b", obj_subject="self"),
    # "when you use an activated ability": met as the ability resolves (377.2.a)
    E("activate", ("使用主动技能时", "当你使用主动技能时"), ("on-activate",), rule="377.2.a"),
    E("activate_gear", ("使用装备主动技能时", "当你使用装备的主动技能时"), ("on-activate-gear",), rule="377.2.a",
      of="activate", card_type="gear"),
    E("readied_friendly", ("让友方单位变为活跃时", "当你让一名友方单位变为活跃时"), ("on-ready-a-friendly-unit",),
      rule="415.3.b", of="readied", obj_subject="friendly_unit"),
    E("attached", ("被贴附时", "当你为我贴附装备时"), ("on-attached",), rule="434.1", subject="self"),
    # "if I'm revealed from your main deck": the card's own trigger, working from the deck (424.1)
    E("revealed", ("从主牌堆被展示时", "当我从你的主牌堆中被展示时"), ("on-revealed-from-deck",), rule="424.1",
      subject="self"),
    E("become_mighty", ("变为强力时", "当我变为强力时"), ("on-become-mighty",), rule="709", subject="self"),
    # "when a unit here returns to a player's hand": the player is the owner, whose hand it goes to (056.2)
    E("unit_to_hand", ("单位回到手牌时", "当一名单位回到手牌时"), ("on-unit-returned-to-hand",), rule="056.2"),
    # "when this leaves the board": for any zone it goes to (killed, returned to hand, banished …)
    E("leave_board", ("离场时", "当我离场时"), ("on-leaving-the-board",), rule="124", subject="self"),
    E("recycle", ("回收时",), ("on-recycle",), rule="416.1"),
    E("recycle_rune", ("回收符文时", "当你回收一枚符文时"), ("on-recycle-rune",), rule="416.1.b"),
    E("draw", ("抽牌时", "当你抽牌时"), ("on-draw",), rule="413.1"),
    E("second_draw", ("抽第二张牌时",), ("on-second-draw",), label="本回合抽第二张牌时",
      rule="413.1"),
    E("discard", ("弃置时", "当你弃置卡牌时"), ("on-discard",), rule="422.1.b"),
    E("discarded", ("被弃置时", "当你弃置我时"), ("on-discarded",), rule="422.1.b", subject="self", of="discard"),
    # "whenever you discard one or more cards": once per discard, however many cards it discards
    E("discard_cards", ("弃置任意数量卡牌时", "当你弃置任意数量的卡牌时"), ("on-discard-any",), rule="422.1.b"),
    # the turn (315-317): the turn player's phases
    E("beginning_phase", ("开始阶段开始时", "在你的开始阶段开始时"), ("at-beginning-phase",), rule="315.2.a.1"),
    E("draw_phase", ("抽牌阶段开始时",), ("at-draw-phase",), rule="315.4"),
    E("main_phase", ("主阶段开始时", "在你的主阶段开始时"), ("at-main-phase",), rule="316.4"),
    E("end_of_turn", ("回合结束时", "在你的回合结束时", "结束阶段开始时"), ("at-end-of-turn",), rule="317.1.a"),
    # made by other parts, not written after 触发
    E("reflexive", ("内嵌式",), (), scriptable=False, subject=None),
    E("delayed", ("延迟触发",), (), label="延迟", rule="390.2", scriptable=False, subject=None),
)
