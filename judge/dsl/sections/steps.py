"""The action list (`行动:`): scripted actions and choices, checkpoints, and expected-illegal actions.
An action whose acting player is optional (`[玩家] 摧毁 u`) takes its children as a sequence."""

from __future__ import annotations

from judge.dsl.lalr import Token, v_args

from judge.dsl import model as m
from judge.dsl.sections.common import Section, _first_pos, _num, _text


def _names(refs) -> list[str]:
    return [_text(u) for u in refs]


@v_args(inline=True)
class StepSection(Section):
    def _action(self, at, verb, player=None, **args) -> m.Action:
        who = _text(player) if isinstance(player, Token) and player.type in ("NAME", "STRING") else None
        return m.Action(verb, self._pos(at), who, args)

    def _optional_player(self, verb, *items, **args) -> m.Action:
        return self._action(_first_pos(items), verb, items[0], **args)

    # --- moves and game actions
    def std_move(self, player, _kw, refs, dest):
        return self._action(player, "standard_move", player, units=_names(refs), dest=_text(dest))

    def effect_move(self, *items):
        refs, dest = items[-2], items[-1]
        return self._optional_player("move", *items, units=_names(refs), dest=_text(dest))

    def _simple(verb):
        def f(self, *items):
            refs = [i for i in items if isinstance(i, list)]
            return self._optional_player(verb, *items, targets=_names(refs[0]) if refs else [])
        return f

    recall = _simple("recall")
    kill = _simple("kill")
    stun = _simple("stun")
    buff = _simple("buff")
    heal = _simple("heal")
    exhaust = _simple("exhaust")
    ready = _simple("ready")

    def deal(self, *items):
        amount = next(int(i) for i in items if isinstance(i, Token) and i.type == "INT")
        refs = next(i for i in items if isinstance(i, list))
        src = _text(items[-1]) if any(isinstance(i, Token) and i.type == "SOURCE_OBJ" for i in items) else None
        return self._optional_player("deal", *items, amount=amount, targets=_names(refs), source=src)

    def spend_buff(self, *items):
        return self._optional_player("spend_buff", *items, target=_text(items[-1]))

    def might_mod(self, *items):
        return self._optional_player("might_mod", *items, target=_text(items[-2]), amount=_num(items[-1]))

    def draw(self, player, _kw, n=None):
        return self._action(player, "draw", player, count=_num(n) if n is not None else 1)

    def pass_(self, player, _kw):
        return self._action(player, "pass", player)

    def pass_all(self, kw):
        return self._action(kw, "pass_all")

    def end_turn(self, *items):
        return self._optional_player("end_turn", *items)

    def gain_points(self, player, _kw, n, _points):
        return self._action(player, "gain_points", player, amount=_num(n))

    def cleanup(self, kw):
        return self._action(kw, "cleanup")

    # --- choices
    def assignment(self, name, n):
        return (_text(name), _num(n))

    def assign(self, player, _kw, *pairs):
        return self._action(player, "assign", player, assignment=list(pairs))

    def pick_bf(self, player, _kw, bf):
        return self._action(player, "pick_battlefield", player, battlefield=_text(bf))

    def burnout_pick(self, player, _kw, opponent):
        return self._action(player, "burnout_pick", player, opponent=_text(opponent))

    def order(self, player, _kw, refs):
        return self._action(player, "order", player, objects=_names(refs))

    def hide(self, player, _kw, card, bf):
        return self._action(player, "hide", player, card=_text(card), battlefield=_text(bf))

    def decline(self, player, _kw, source):
        return self._action(player, "decline", player, source=_text(source))

    def choose_mode(self, player, _kw, source, mode):
        return self._action(player, "choose_mode", player, source=_text(source), mode=_num(mode))

    def choose_number(self, player, _kw, source, n):
        return self._action(player, "choose_number", player, source=_text(source), n=_num(n))

    def choose_replacement(self, player, _kw, target, source):
        return self._action(player, "choose_replacement", player, target=_text(target), source=_text(source))

    def choose_target(self, player, _kw, source, refs):
        return self._action(player, "choose_target", player, source=_text(source), targets=_names(refs))

    # --- playing and activating
    def play_targets(self, _kw, refs):
        return ("targets", _names(refs))

    def play_dest(self, dest, *more):
        if more:  # one destination per move instruction (355.4)
            return ("dests", [_text(d) for d in (dest, *more)])
        return ("dest", _text(dest))

    def play_accel(self, _kw):
        return ("accelerate", True)

    def play_repeat(self, _kw):
        return ("repeat", True)

    def play_optional(self, _kw):
        return ("optional", True)

    def play_sacrifice(self, _kw, unit):
        return ("sacrifice", _text(unit))

    def play_pay(self, _kw, refs):
        return ("pay_with", _names(refs))

    def play(self, player, _kw, card, *options):
        opts = dict(options)
        extra = {"dest": opts["dest"]} if "dest" in opts else {}
        if "dests" in opts:
            extra["dest"], extra["dests"] = opts["dests"][0], opts["dests"]
        if opts.get("repeat"):
            extra["repeat"] = True
        if opts.get("optional"):
            extra["optional"] = True
        if "sacrifice" in opts:
            extra["target"] = opts["sacrifice"]  # validated as an object reference
        if "pay_with" in opts:
            extra["pay_with"] = opts["pay_with"]
        return self._action(player, "play", player, card=_text(card), targets=opts.get("targets", []),
                            accelerate=opts.get("accelerate", False), **extra)

    def activate(self, player, _kw, source, *options):
        numbers = [o for o in options if isinstance(o, Token)]
        opts = dict(o for o in options if not isinstance(o, Token))
        extra = {"pay_with": opts["pay_with"]} if "pay_with" in opts else {}
        if "dest" in opts:
            extra["dest"] = opts["dest"]
        if numbers:
            extra["ability"] = _num(numbers[0])
        return self._action(player, "activate", player, source=_text(source), targets=opts.get("targets", []), **extra)

    def perform(self, player, _kw, tok, *rest):
        """`甲 执行 <效果> [N] [参数…] [目标 a, b] [-> 去处] [来源于 x]`: any registered effect, now."""
        kind = self._effect_kind(tok)
        amount, args = self._effect_args(kind, tok, rest)
        refs = next((i for i in rest if isinstance(i, list)), [])
        names = [i for i in rest if isinstance(i, Token) and i.type in ("NAME", "STRING")]
        source = _text(names.pop()) if any(isinstance(i, Token) and i.type == "SOURCE_OBJ" for i in rest) else None
        to = _text(names[-1]) if names else None
        effect = m.Effect(kind.id, amount, (), len(refs), dest=to, args=args)
        return self._action(player, "perform", player, effect=effect, targets=_names(refs), to=to,
                            **({"source": source} if source else {}))

    # --- the lines
    def action_line(self, action):
        return m.Step("action", action.pos, action=action)

    def checkpoint(self, kw, expectation):
        return m.Step("check", self._pos(kw), expectation=expectation)

    def step_checkpoint(self, kw, _after, rule, expectation):
        return m.Step("step_check", self._pos(kw), expectation=expectation, rule=rule)

    def probe(self, kw, legality, action, _rule_kw=None, rule=None):
        return m.Step("probe", self._pos(kw), action=action, rule=rule, legal=legality.type == "LEGAL_W")

    def expect_illegal(self, kw, action, _rule_kw=None, rule=None):
        return m.Step("illegal", self._pos(kw), action=action, rule=rule)

    def actions_block(self, *items):
        return ("steps", [i for i in items if isinstance(i, m.Step)])
