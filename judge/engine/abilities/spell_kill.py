"""'When you kill a unit with a spell' (Immortal Phoenix, FAQ C-L631..C-L667): checked right after a
spell you control resolved and the cleanup that immediately follows it. It counts when (1) the
spell told you to kill a unit and it was put in the trash, or (2) the spell dealt damage to a unit
that was put in the trash in that cleanup. A replaced death is no kill; damage that only becomes
lethal later (lowered Might, another spell) does not count. The trigger is evaluated after the
event, so a Phoenix killed by the spell itself sees it from the trash."""

from __future__ import annotations

from judge.engine.state import Game, GameObject



def watch(game: Game, controller: str, killed: list, damaged: list) -> None:
    game.spell_kill_watch = (controller, killed, damaged)


def check(game: Game) -> None:
    from judge.engine.abilities import filters, triggered

    entry, game.spell_kill_watch = game.spell_kill_watch, None
    if entry is None:
        return
    controller, killed, damaged = entry
    dead = [oid for oid, inc in killed + damaged if _died(game, oid, inc)]
    if not dead:
        return
    game.trace.add("step", f"{controller} 控制的法术结算后（及紧随其后的清理中）有单位因此被摧毁并置入废牌堆："
                   f"{'、'.join(dead)}——“当你用法术消灭一个单位时”的条件满足。", rules=("383.2.c",), faq=("C-L631",))
    for o in _watchers(game, controller):
        for trig in o.card.triggers:
            zone = filters.off_board_zone(trig)  # "… play me from your trash": it works there only (385.2)
            if trig.event == "spell_kill" and (zone is None or o.zone == zone):
                triggered.queue(game, o, trig)
    triggered.flush(game)


def _died(game: Game, oid: str, incarnation: int) -> bool:
    o = game.objects.get(oid)
    return o is not None and o.zone == "trash" and o.incarnation == incarnation + 1


def _watchers(game: Game, controller: str) -> list[GameObject]:
    trash = [game.objects[o] for o in game.players[controller].zones["trash"]]
    return [o for o in game.board() if o.controller == controller] + trash
