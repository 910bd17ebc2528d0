"""The board as a picture: an inline SVG of one position, drawn from a plain-dict snapshot.

Input is the dict of `Game.snapshot()` (turn, players with points and zone counts, battlefields with
controller, board objects with Might, damage, exhausted, buff, stunned, keywords, and the chain).
Keyword values may already be display names (the docs map engine ids to Chinese first).

Layout, as a judge looks at a table: a header line (turn, turn player, phase, turn state, score),
the opponents' bases on top, the battlefields in the middle (each split into the top players' and
the bottom players' units), the first player's team's bases at the bottom, then the chain.

Every word is a real `<text>` element, so it can be selected, copied and searched; all text is
escaped. Pure function of its input: no engine import, no file access.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass

WIDTH = 720   # about the width of the site's content column: the picture is shown at its natural size
PAD = 10
GAP = 8
INSET = 8
CARD_W, CARD_H = 100, 94
ROW_H = CARD_H + GAP
MAX_BF_COLUMNS = 3

# (stroke, light fill) per player, in turn order
PLAYER_COLORS = [("#283593", "#e8eaf6"), ("#b71c1c", "#ffebee"), ("#1b5e20", "#e8f5e9"), ("#e65100", "#fff3e0")]
NEUTRAL = ("#616161", "#f5f5f5")
TEXT = "#212121"
MUTED = "#616161"
DAMAGE = "#c62828"
BUFF = "#f9a825"
EXHAUSTED_FILL = "#e0e0e0"

PHASES = {"beginning": "开始阶段", "main": "主阶段", "ending": "回合结束阶段"}
TYPES = {"unit": "单位", "gear": "装备", "spell": "法术", "rune": "符文", "legend": "传奇", "battlefield": "战场"}
DESIGNATIONS = {"attacker": "进攻方", "defender": "防守方"}
ZONE_COUNTS = (("hand", "手牌", True), ("deck", "主牌堆", True), ("trash", "废牌堆", True),
               ("rune_deck", "符文牌堆", False), ("banishment", "放逐", False), ("champion", "英雄区域", False))


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def text_width(text: str, size: float) -> float:
    """Rough advance width: CJK and full-width characters are square, the rest about half."""
    return sum(size if ord(c) >= 0x2E80 else size * 0.58 for c in text)


def keyword_text(keywords: dict | list | None) -> list[str]:
    if not keywords:
        return []
    if isinstance(keywords, dict):
        return [f"{k} {n}" if isinstance(n, int) and n > 1 else str(k) for k, n in keywords.items()]
    return [str(k) for k in keywords]


@dataclass
class _Zone:
    key: str           # "base:甲" or "bf:bf1"
    objects: list[dict]


class _Canvas:
    def __init__(self):
        self.parts: list[str] = []

    def add(self, s: str) -> None:
        self.parts.append(s)

    def rect(self, x, y, w, h, fill, stroke, rx=6, dash=False, width=1.5, cls="") -> None:
        extra = ' stroke-dasharray="5 3"' if dash else ""
        klass = f' class="{cls}"' if cls else ""
        self.add(f'<rect{klass} x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx}" '
                 f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"{extra}/>')

    def text(self, x, y, s: str, size=12, fill=TEXT, weight="normal", anchor="start", fit: float | None = None,
             cls="") -> None:
        """One line of selectable text; squeezed to `fit` pixels (textLength) when it would overflow."""
        if not s:
            return
        attrs = [f'x="{x:.1f}"', f'y="{y:.1f}"', f'font-size="{size}"', f'fill="{fill}"']
        if weight != "normal":
            attrs.append(f'font-weight="{weight}"')
        if anchor != "start":
            attrs.append(f'text-anchor="{anchor}"')
        if fit is not None and text_width(s, size) > fit:
            attrs.append(f'textLength="{fit:.1f}" lengthAdjust="spacingAndGlyphs"')
        if cls:
            attrs.append(f'class="{cls}"')
        self.add(f"<text {' '.join(attrs)}>{esc(s)}</text>")


class _Board:
    def __init__(self, board: dict):
        self.board = board
        self.players = [p for p in board.get("players", [])]
        self.order = [p["name"] for p in self.players]
        self.colors = {name: PLAYER_COLORS[i % len(PLAYER_COLORS)] for i, name in enumerate(self.order)}
        first_team = self.players[0]["team"] if self.players else None
        self.bottom = [p for p in self.players if p["team"] == first_team]
        self.top = [p for p in self.players if p["team"] != first_team]
        self.top_names = {p["name"] for p in self.top}
        self.battlefields = list(board.get("battlefields", []))
        bf_ids = {b["id"] for b in self.battlefields}
        objects = list(board.get("board", []))
        # equipment attached to a unit is drawn on that unit's card
        self.attached: dict[str, list[dict]] = {}
        for o in objects:
            if o.get("attached_to"):
                self.attached.setdefault(o["attached_to"], []).append(o)
        loose = [o for o in objects if not o.get("attached_to")]
        self.at_base = {p["name"]: [o for o in loose if o.get("location") not in bf_ids and o.get("controller") == p["name"]]
                        for p in self.players}
        self.at_bf = {b["id"]: [o for o in loose if o.get("location") == b["id"]] for b in self.battlefields}

    def color(self, player: str | None) -> tuple[str, str]:
        return self.colors.get(player or "", NEUTRAL)


def render_board(board: dict, caption: str = "", font_family: str = "sans-serif") -> str:
    """The SVG markup (one element, no blank lines) of the position `board`."""
    b = _Board(board)
    c = _Canvas()
    y = PAD
    y = _header(c, b, y)
    if b.top:
        y = _bases(c, b, b.top, y) + GAP
    y = _battlefields(c, b, y) + GAP
    y = _bases(c, b, b.bottom, y) + GAP
    y = _chain(c, b, y)
    height = y + PAD
    label = caption or "局面"
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="judge-board" viewBox="0 0 {WIDTH} {height:.0f}" '
        f'width="{WIDTH}" height="{height:.0f}" role="img" aria-label="{esc(label)}" font-family="{esc(font_family)}">',
        f"<title>{esc(label)}</title>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height:.0f}" rx="8" fill="#fafafa" stroke="#bdbdbd"/>',
        *c.parts,
        "</svg>",
    ])


# ---------------------------------------------------------------------------- parts
def _header(c: _Canvas, b: _Board, y: float) -> float:
    bd = b.board
    turn_player = bd.get("turn_player") or ""
    left = f"第 {bd.get('turn', '?')} 回合 · {turn_player}的回合 · {PHASES.get(bd.get('phase'), bd.get('phase') or '')}"
    if bd.get("state"):
        left += f" · {bd['state']}"
    sd = bd.get("showdown")
    if sd:
        kind = "战斗" if sd.get("combat") else "法术对决"
        left += f" · {kind}于 {sd.get('battlefield')}（焦点：{sd.get('focus')}）"
    teams: dict[str, list[dict]] = {}
    for p in b.players:
        teams.setdefault(p["team"], []).append(p)
    score = " · ".join(f"{'、'.join(p['name'] for p in ps)} {ps[0].get('points', 0)} 分" for ps in teams.values())
    if bd.get("victory_score"):
        score += f"（{bd['victory_score']} 分获胜）"
    if bd.get("winner"):
        score += f" · 胜者：{bd['winner']}"
    c.text(PAD + 4, y + 20, left, size=15, weight="bold", fit=WIDTH * 0.58, cls="board-turn")
    c.text(WIDTH - PAD - 4, y + 20, score, size=14, weight="bold", anchor="end", fit=WIDTH * 0.38,
           cls="board-score")
    return y + 34


def _cards_per_row(width: float) -> int:
    return max(1, int((width - 2 * INSET + GAP) // (CARD_W + GAP)))


EMPTY_H = 30


def _area(n: int, per_row: int) -> float:
    """Height of a card area holding n cards (an empty one keeps a line for "（无）")."""
    return math.ceil(n / per_row) * ROW_H if n else EMPTY_H


def _bases(c: _Canvas, b: _Board, players: list[dict], y: float) -> float:
    n = len(players)
    w = (WIDTH - 2 * PAD - (n - 1) * GAP) / n
    per_row = _cards_per_row(w)
    h = 46 + max(_area(len(b.at_base[p["name"]]), per_row) for p in players)
    for i, p in enumerate(players):
        x = PAD + i * (w + GAP)
        stroke, fill = b.color(p["name"])
        c.add(f'<g class="board-base" data-zone="base:{esc(p["name"])}">')
        c.rect(x, y, w, h, fill, stroke, width=2)
        c.text(x + INSET, y + 19, f"{p['name']}的基地", size=14, fill=stroke, weight="bold")
        c.text(x + w - INSET, y + 19, f"{p.get('points', 0)} 分", size=14, fill=stroke, weight="bold", anchor="end")
        zones = p.get("zones", {})
        info = [f"能量 {p.get('energy', 0)}", f"符能 {p.get('power', 0)}"]
        if p.get("xp"):
            info.append(f"经验 {p['xp']}")
        info += [f"{label} {zones.get(key, 0)}" for key, label, always in ZONE_COUNTS if always or zones.get(key)]
        c.text(x + INSET, y + 37, " · ".join(info), size=11, fill=MUTED, fit=w - 2 * INSET)
        _cards(c, b, b.at_base[p["name"]], x + INSET, y + 46, per_row)
        c.add("</g>")
    return y + h


def _battlefields(c: _Canvas, b: _Board, y: float) -> float:
    if not b.battlefields:
        c.text(PAD + 4, y + 16, "（没有战场）", size=12, fill=MUTED)
        return y + 24
    for start in range(0, len(b.battlefields), MAX_BF_COLUMNS):
        row = b.battlefields[start:start + MAX_BF_COLUMNS]
        y = _battlefield_row(c, b, row, y) + (GAP if start + MAX_BF_COLUMNS < len(b.battlefields) else 0)
    return y


def _battlefield_row(c: _Canvas, b: _Board, row: list[dict], y: float) -> float:
    n = len(row)
    w = (WIDTH - 2 * PAD - (n - 1) * GAP) / n
    per_row = _cards_per_row(w)
    split = {bf["id"]: ([o for o in b.at_bf[bf["id"]] if o.get("controller") in b.top_names],
                        [o for o in b.at_bf[bf["id"]] if o.get("controller") not in b.top_names]) for bf in row}
    top_h = max(_area(len(split[bf["id"]][0]), per_row) for bf in row) if b.top else 0
    bottom_h = max(_area(len(split[bf["id"]][1]), per_row) for bf in row)
    head = 50
    h = head + top_h + bottom_h + (8 if b.top else 0)
    sd = b.board.get("showdown") or {}
    for i, bf in enumerate(row):
        x = PAD + i * (w + GAP)
        controller = bf.get("controller")
        stroke, fill = b.color(controller)
        c.add(f'<g class="board-battlefield" data-zone="bf:{esc(bf["id"])}">')
        c.rect(x, y, w, h, "#ffffff", stroke, width=2.5 if controller else 1.5, dash=not controller)
        c.rect(x, y, w, 44, fill, stroke, width=0)
        name = bf["id"] if bf.get("name") in (None, "", bf["id"]) else f"{bf['id']} {bf['name']}"
        c.text(x + INSET, y + 19, f"战场 {name}", size=14, weight="bold", fit=w - 2 * INSET)
        status = [f"控制者：{controller}" if controller else "无人控制"]
        if bf.get("contested_by"):
            status.append(f"争夺中：{bf['contested_by']}")
        if bf.get("facedown"):
            status.append("待命区域：1 张面朝下的牌")
        if sd.get("battlefield") == bf["id"]:
            status.append("战斗中" if sd.get("combat") else "法术对决中")
        c.text(x + INSET, y + 37, " · ".join(status), size=12, fill=stroke if controller else MUTED, weight="bold",
               fit=w - 2 * INSET, cls="board-control")
        top, bottom = split[bf["id"]]
        cy = y + head
        if b.top:
            _cards(c, b, top, x + INSET, cy, per_row)
            cy += top_h + 4
            c.add(f'<line x1="{x + 6:.1f}" y1="{cy - 2:.1f}" x2="{x + w - 6:.1f}" y2="{cy - 2:.1f}" '
                  f'stroke="#bdbdbd" stroke-dasharray="4 4"/>')
            sides = f"上：{'、'.join(p['name'] for p in b.top)}　下：{'、'.join(p['name'] for p in b.bottom)}"
            sw = text_width(sides, 10) + 8
            c.rect(x + w - INSET - sw, cy - 9, sw, 14, "#ffffff", "#ffffff", rx=2, width=0)
            c.text(x + w - INSET - 4, cy + 2, sides, size=10, fill=MUTED, anchor="end")
            cy += 4
        _cards(c, b, bottom, x + INSET, cy, per_row)
        c.add("</g>")
    return y + h


def _cards(c: _Canvas, b: _Board, objects: list[dict], x0: float, y0: float, per_row: int) -> None:
    if not objects:
        c.text(x0, y0 + 18, "（无）", size=12, fill=MUTED)
        return
    for i, o in enumerate(objects):
        _card(c, b, o, x0 + (i % per_row) * (CARD_W + GAP), y0 + (i // per_row) * ROW_H)


def _card(c: _Canvas, b: _Board, o: dict, x: float, y: float) -> None:
    stroke, fill = b.color(o.get("controller"))
    is_unit = o.get("type") == "unit" or "might" in o
    exhausted = bool(o.get("exhausted"))
    flag = ' data-exhausted="1"' if exhausted else ""
    c.add(f'<g class="board-card" data-id="{esc(o.get("id", ""))}" data-controller="{esc(o.get("controller", ""))}"'
          f'{flag}>')
    c.rect(x, y, CARD_W, CARD_H, EXHAUSTED_FILL if exhausted else fill, stroke, dash=exhausted, width=2)
    inner = CARD_W - 10
    c.text(x + 5, y + 17, o.get("name", "?"), size=13, weight="bold", fit=inner, cls="card-name")
    sub = [o.get("id", "")]
    if not is_unit:
        sub.append(TYPES.get(o.get("type"), o.get("type") or ""))
    if o.get("designation"):
        sub.append(DESIGNATIONS.get(o["designation"], o["designation"]))
    if o.get("token"):
        sub.append("衍生物")
    c.text(x + 5, y + 32, " · ".join(s for s in sub if s), size=11, fill=MUTED, fit=inner, cls="card-id")
    if is_unit:
        c.text(x + 5, y + 53, f"战力 {o.get('might', '?')}", size=14, weight="bold", cls="card-might")
        if o.get("damage"):
            c.text(x + CARD_W - 5, y + 53, f"伤害 {o['damage']}", size=12, fill=DAMAGE, weight="bold", anchor="end",
                   cls="card-damage")
    tags = []
    if exhausted:
        tags.append("休眠")
    if o.get("buff"):
        tags.append("增益" if o["buff"] == 1 else f"增益 ×{o['buff']}")
    if o.get("stunned"):
        tags.append("眩晕")
    tags += keyword_text(o.get("keywords"))
    tags += [f"装备 {g.get('name', '?')}" for g in b.attached.get(o.get("id", ""), [])]
    for i, line in enumerate(_wrap(tags, 11, inner, max_lines=2)):
        c.text(x + 5, y + 71 + 15 * i, line, size=11, fill=TEXT, fit=inner, cls="card-tags")
    if o.get("buff"):
        c.add(f'<circle cx="{x + CARD_W - 10:.1f}" cy="{y + 11:.1f}" r="6" fill="{BUFF}" stroke="#ffffff"/>')
    c.add("</g>")


def _wrap(words: list[str], size: float, width: float, max_lines: int) -> list[str]:
    """Words joined with " · " into at most `max_lines` lines of `width`; the last line takes the rest."""
    lines: list[str] = []
    current = ""
    for i, w in enumerate(words):
        candidate = f"{current} · {w}" if current else w
        if current and text_width(candidate, size) > width and len(lines) < max_lines - 1:
            lines.append(current)
            current = w
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def _chain(c: _Canvas, b: _Board, y: float) -> float:
    chain = list(b.board.get("chain") or [])
    if not chain:
        c.text(PAD + 4, y + 16, "结算链：空", size=13, fill=MUTED, weight="bold", cls="board-chain")
        return y + 24
    h = 30 + 20 * len(chain)
    c.add('<g class="board-chain">')
    c.rect(PAD, y, WIDTH - 2 * PAD, h, "#fffde7", "#f9a825", width=1.5)
    c.text(PAD + INSET, y + 20, f"结算链（{len(chain)} 项，最上面的先结算）", size=13, weight="bold")
    for i, item in enumerate(reversed(chain)):
        if isinstance(item, dict):
            who, what = item.get("controller"), item.get("text", "")
            pending = "（待处理）" if item.get("pending") else ""
        else:
            who, what, pending = None, str(item), ""
        stroke, _ = b.color(who)
        line = f"{len(chain) - i}. " + (f"{who}：" if who else "") + what + pending
        c.text(PAD + INSET + 8, y + 40 + 20 * i, line, size=12, fill=stroke if who else TEXT,
               fit=WIDTH - 2 * PAD - 2 * INSET - 8)
    c.add("</g>")
    return y + h
