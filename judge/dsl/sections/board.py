"""The board: players and their zones (objects with their state), points, rune pool, XP, and the
battlefields (controller, contested, scored, facedown card)."""

from __future__ import annotations

from judge.dsl.lalr import Token, v_args

from judge.dsl import model as m
from judge.dsl.errors import ScenarioError
from judge.dsl.sections.common import Section, _num, _text

ZONES = {"HAND": "hand", "DECK": "deck", "RUNE_DECK": "rune_deck", "TRASH": "trash",
         "BANISH": "banishment", "CHAMPION_ZONE": "champion", "LEGEND_ZONE": "legend", "BASE": "base"}
FLAGS = {"EXHAUSTED": "exhausted", "READY": "ready", "BUFF": "buff", "STUNNED": "stunned",
         "TOKEN": "token", "NO_DAMAGE": "cannot_be_damaged"}


@v_args(inline=True)
class BoardSection(Section):
    # --- players and zones
    def player(self, name):
        return ("player", name)

    def zone_kw(self, tok):
        # Keep the keyword's position (a zone line may hold nothing else to locate errors by).
        return Token.new_borrow_pos("ZONE", ZONES[tok.type], tok)

    def obj_list(self, *objs):
        return list(objs)

    def attr_might(self, n):
        return ("might", _num(n))

    def attr_damage(self, _kw, n):
        return ("damage", _num(n), n)

    def attr_flag(self, tok):
        return ("flag", FLAGS[tok.type])

    def attr_controller(self, name):
        return ("controller", _text(name))

    def attr_kw(self, name, n=None):
        return ("kw", self._keyword(name), _num(n) if n is not None else 1)

    def obj(self, *parts):
        names = [i for i in parts if isinstance(i, Token)]
        attrs = [i for i in parts if isinstance(i, tuple)]
        oid, card = (names[0], names[1]) if len(names) == 2 else (None, names[0])
        spec = m.ObjSpec(_text(oid) if oid is not None else None, _text(card), self._pos(names[0]))
        for a in attrs:
            if a[0] == "might":
                spec.might = a[1]
            elif a[0] == "damage":
                if a[1] < 0:
                    raise ScenarioError("伤害不能为负数：伤害是标记在单位上的非负数值。", file=self.file,
                                        line=a[2].line, column=a[2].column, text=str(a[2]), rule="142")
                spec.damage = a[1]
            elif a[0] == "flag":
                if a[1] == "ready":
                    spec.exhausted = False
                elif a[1] == "buff":
                    spec.buff = True
                else:
                    setattr(spec, a[1], True)
            elif a[0] == "controller":
                spec.controller = a[1]
            elif a[0] == "attached":
                spec.attached_to = a[1]
            elif a[0] == "kw":
                spec.keywords[a[1]] = spec.keywords.get(a[1], 0) + a[2]
        return spec

    def zone_line(self, zone, objs=None):
        return ("zone", str(zone), objs or [], self._pos(zone), None)

    def bf_units(self, kw, name, objs=None):
        return ("zone", "battlefield", objs or [], self._pos(kw), _text(name))

    def points_line(self, kw, n):
        return ("points", _num(n), None, self._pos(kw))

    def xp_line(self, kw, n):
        return ("xp", _num(n), None, self._pos(kw))

    def pool_line(self, kw, _energy, energy, *power):
        syms = [str(i)[1] for i in power if i.type == "DOMAIN_SYM"]
        if "C" in syms:
            raise ScenarioError("符文池中的符能不能写作 [C]（[C] 只用于卡牌费用）。", file=self.file, line=kw.line,
                                column=kw.column, rule="135.2.e.6")
        count = [_num(i) for i in power if i.type == "INT"]
        return ("pool", _num(energy), count[0] if count else len(syms), self._pos(kw), syms)

    # --- battlefields
    def bf_controller(self, name):
        return ("controller", _text(name))

    def bf_contested(self, name):
        return ("contested", _text(name))

    def bf_scored(self, name):
        return ("scored", _text(name))

    def bf_facedown(self, obj):
        return ("facedown", obj)

    def battlefield_def(self, kw, *parts):
        names = [i for i in parts if isinstance(i, Token)]
        bf = m.BattlefieldSpec(_text(names[0]), self._pos(kw), name=_text(names[1]) if len(names) > 1 else None)
        for a in parts:
            if isinstance(a, tuple):
                if a[0] == "controller":
                    bf.controller = a[1]
                elif a[0] == "contested":
                    bf.contested_by = a[1]
                elif a[0] == "scored":
                    bf.scored_by.append(a[1])
                elif a[0] == "facedown":
                    bf.facedown = a[1]
        return ("battlefield", bf)
