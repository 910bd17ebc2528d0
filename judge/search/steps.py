"""Order and when questions answered by the steps of a procedure.

"出牌时先掏费用还是先指目标" is answered by the order of two steps of playing a card (353: step 2 做出相关的
选择, 355, before step 4 支付卡牌费用, 357), and neither step's words are the player's. When a question asks
for the order of two things (先A还是B, A和B谁先, before or after; also a when question put as an either-or,
"上链时就指目标，还是结算时再指"), and the ranking's first places fall in one of the rules' ordered procedures (search_steps, written from the rule tree by
judge.rules.procedures), each alternative the question names is mapped to the step whose subtree covers
it best. Only a clear mapping (each alternative to its own step, each with real coverage) is used: the
steps go first, in the procedure's order, and a note says the order in the tool's words. Otherwise the
ranking is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from judge.regex_cache import regex
from judge.rules import drafted
from judge.rules.number import within
from judge.search import intent, rank, rerank
from judge.search.store import connection_memo

WINDOW = 10  # the first places looked at for a procedure
MIN_SHARE = 0.25  # a procedure's share of them (1/rank summed): one hit in the first four, or several below
MIN_COVERAGE = 0.5  # the share of an alternative's concept weight a step's subtree must mention
MAX_PLACED = 4

_STEPS: dict = {}


class _Step:
    __slots__ = rank.STEP_COLUMNS  # a row of rank.procedure_steps

    def __init__(self, row: tuple) -> None:
        for name, value in zip(self.__slots__, row):
            setattr(self, name, value)

    @property
    def ordinal(self) -> str:
        return f"{self.position}{self.sub or ''}"


def _procedures(conn) -> dict[str, list[_Step]]:
    memo = connection_memo(_STEPS, conn)
    if "procs" not in memo:
        procs: dict[str, list[_Step]] = {}
        for row in rank.procedure_steps(conn):
            procs.setdefault(row[0], []).append(_Step(row))
        memo["procs"] = procs
    return memo["procs"]


def _step_of(steps: list[_Step], number: str) -> _Step | None:
    return next((s for s in reversed(steps) if within(number, s.number)), None)


# An either-or question's two sides: "先A还是(先)B", "是A，还是B", "A还是B".
_EITHER = regex(r"^(.*?)还是(.+)$")
_ENGLISH_EITHER = regex(r"^(.*?)\b(?:before or after|after or before|or)\b(.+)$")
_WHO_FIRST = regex(r"^(.+?)(?:和|跟|与|同)(.+?)(?:谁先|哪个先|哪一个先|先后|谁早|谁晚|的顺序|顺序)")


def alternatives(text: str) -> list[str]:
    """The parts of an order question that name its alternatives (two), or [] when it names none."""
    m = _EITHER.match(text)
    if m:
        left, right = m.group(1), m.group(2)
        # The frame's 先 / 是 opens the first alternative ("出牌时先掏费用", "开始阶段是先据守得分").
        cut = min((i for i in (left.find("先"), left.find("是")) if i >= 0), default=-1)
        left = re.sub(r"^[先是]+", "", left[cut:]) if cut >= 0 and len(left) - cut > 2 else left
        right = re.sub(r"^[先是要]", "", right.strip(" ,，"))
        return [left, right] if left.strip(" ,，") and right.strip(" ,，?？") else []
    m = _WHO_FIRST.match(text)
    if m:
        return [m.group(1), m.group(2)]
    if any("a" <= ch <= "z" for ch in text):
        m = _ENGLISH_EITHER.match(text)
        # The first alternative is the last sentence before "or": a sentence before it sets the scene ("my attack
        # trigger deals damage equal to its might. is the might checked when it triggers or when it resolves").
        left = re.split(r"[.?!;] ", m.group(1))[-1] if m else ""
        if m and left.strip() and m.group(2).strip(" ?"):
            return [left, m.group(2)]
    return []


# Words of the order frame left among the concepts ("先后手" also yields 先后): not what is ordered.
FRAME_LABELS = ("先后", "顺序", "先算", "before", "after")


def _concepts_of(a, part: str):
    """The concepts an alternative names (that the rules write at all)."""
    low = part.lower()
    named = [c for c in a.concepts if c.df > 0 and c.label not in FRAME_LABELS
             and any(f and f.lower() in low for f in (c.label, *c.forms))]
    # A lone character left over from a longer word of the same part ("手" of "先后手") is that word's.
    return [c for c in named if len(c.label) > 1 or not any(c.label in o.label for o in named if o is not c)]


def _says(text: str, form: str) -> bool:
    """Does a step's text (label, titles, subtree) say `form`, a four-character compound of two words also with a
    word between them (支付费用: "支付卡牌费用")?"""
    if form in text:
        return True
    if len(form) != 4 or not text:
        return False
    at = text.find(form[:2])
    while at >= 0:
        if form[2:] in text[at + 2 : at + 7]:
            return True
        at = text.find(form[:2], at + 2)
    return False


def _fit(concepts, step: _Step) -> tuple[float, float, float]:
    """(share of the concepts' weight the step's subtree mentions, weight named in the step's label, weight
    named in the titles inside it)."""
    total = sum(c.weight for c in concepts) or 1.0
    found = [c for c in concepts if any(_says(step.norm, f) for f in c.forms)]
    # A lone character names nothing in a label or title (指 of 指示, 卡 of 卡牌): beside other words it counts
    # towards coverage only.
    words = [c for c in concepts if len(c.label) > 1 or c.via != "text"] or concepts
    label = sum(c.weight for c in words if any(_says(step.label, f) for f in c.forms))
    titled = sum(c.weight for c in words if any(_says(step.titles, f) for f in c.forms))
    return sum(c.weight for c in found) / total, label, titled


def _best_step(concepts, steps: list[_Step]) -> tuple[_Step, float] | None:
    scored = sorted(((_fit(concepts, s), i) for i, s in enumerate(steps)), reverse=True)
    (best, i), runner = scored[0], scored[1][0] if len(scored) > 1 else (0.0, 0.0, 0.0)
    if best[0] < MIN_COVERAGE:
        return None
    if best == runner:
        return None  # two steps say it alike (the one mentioning it more is not clearly the one about it)
    return steps[i], best[0]


# The steps' order is the rules'; which step each side of the question names is the tool's reading.
READING_MARK = "〔问题与步骤的对应为本工具所判，请核对条文〕"


def _marked(text: str, number: str) -> str:
    """A name or label taken from a title the tool drafted keeps the drafted mark, as everywhere else."""
    title = drafted.drafted().get(number, ("",))[0]
    return text + drafted.MARK if title and text and text in title else text


def _note(steps: list[_Step]) -> str:
    first = steps[0]
    head = f"{_marked(first.name, first.procedure)}（{first.procedure}）" if first.name else f"规则 {first.procedure} 的步骤"
    return ("顺序：" + head + " "
            + " 先于 ".join(f"第{s.ordinal}步 {_marked(s.label, s.number)}（{s.number}）" for s in steps) + READING_MARK)


def by_steps(conn, a, hits: list[rank.Hit], order: Callable[[], list[rank.Hit]] | None = None
             ) -> tuple[list[rank.Hit], str]:
    """`hits` with the steps the question's two alternatives map to placed first, and a note saying their
    order; `hits` unchanged and "" when the question names no two alternatives or the mapping is not clear.
    The procedure is chosen from the places `order()` gives (the same places in another order; default `hits`)."""
    if a.intent not in (intent.ORDER, intent.WHEN) or a.citations or not hits:
        return hits, ""
    parts = alternatives(a.normalized)
    procs = _procedures(conn) if len(parts) == 2 else {}
    if not procs:
        return hits, ""
    places = order() if order else hits
    share: dict[str, float] = {}
    for at, h in enumerate(places[:WINDOW], start=1):
        n = str(h.doc.get("number") or "") if h.doc.get("kind") == "rule" else ""
        for key, steps in procs.items():
            if n and (within(n, key) or _step_of(steps, n)):
                share[key] = share.get(key, 0.0) + 1.0 / at
    lead = str(places[0].doc.get("number") or "") if places[0].doc.get("kind") == "rule" else ""
    named = [_concepts_of(a, part) for part in parts]
    mapped: list[list[_Step]] = []  # each procedure's two steps in its order, most shared procedure first
    # A procedure the question names outside its two sides ("打架的时候是先放法术还是先算伤害": 战斗, the scene, names 战斗步骤)
    # is the one asked about however little of it the first places show.
    sides = {id(c) for n in named for c in n}
    scene = [c for c in a.concepts if c.df > 0 and len(c.label) > 1 and c.label not in FRAME_LABELS and id(c) not in sides]
    called = [k for k, steps in procs.items() if share.get(k, 0.0) < MIN_SHARE and steps[0].name
              and any(f and f in steps[0].name for c in scene for f in (c.label, *c.forms))]
    for key in sorted((k for k, v in share.items() if v >= MIN_SHARE), key=lambda k: -share[k]) + called:
        steps = procs[key]
        chosen = [_best_step(concepts, steps) if concepts else None for concepts in named]
        if not all(chosen) or chosen[0][0] is chosen[1][0]:
            if not mapped and any(c and within(lead, c[0].number) for c in chosen):
                # A side reaches the step the first hit stands in, and no order of two steps answers: the
                # question is about that step (打完仗是先清掉死的单位还是先算输赢: combat's last step, 466), not
                # about the steps of a procedure further down the list (cleanup's).
                return hits, ""
            continue
        x, y = chosen[0][0], chosen[1][0]
        # Each side's step must say that side more than the other side's step does (not only mention it more).
        if not (_fit(named[0], x) > _fit(named[0], y) and _fit(named[1], y) > _fit(named[1], x)):
            continue
        mapped.append(sorted([x, y], key=steps.index))
    if not mapped:
        return hits, ""
    # Two procedures with the same two steps (playing a card, 353, and activating an ability, 398, which follows
    # the same steps): the one whose name and step labels say more of the question ("出牌时…": a card played) is
    # the one asked about; else the one the ranking put first.
    said = [c for c in a.concepts if c.df > 0 and len(c.label) > 1 and c.label not in FRAME_LABELS]
    ordered = max(mapped, key=lambda m: _said_by(said, procs[m[0].procedure]))
    return _placed(conn, hits, ordered), _note(ordered)


def _said_by(concepts, steps: list[_Step]) -> float:
    """Weight of `concepts` a procedure's name and step labels say, a two-word form also with its words apart
    (打出卡牌: "…此卡牌…打出…")."""
    text = " ".join([steps[0].name or ""] + [s.label for s in steps])
    return sum(c.weight for c in concepts if any(
        f in text or (len(f) == 4 and f[:2] in text and f[2:] in text) for f in c.forms))


def _placed(conn, hits: list[rank.Hit], steps: list[_Step]) -> list[rank.Hit]:
    docs = rank.fetch_docs(conn, [s.doc_id for s in steps if s.doc_id], rank.SCORE_COLUMNS)
    first: list[rank.Hit] = []
    for s in steps:
        own = next((h for h in hits if h.doc["id"] == s.doc_id), None)
        doc = own.doc if own else docs.get(s.doc_id)
        if doc:
            first.append(own or rank.Hit(doc, 0.0, 0.0, [], note=f"第{s.ordinal}步"))  # scored below
        # The step's best paragraph as the ranking found it, after its heading.
        inner = next((h for h in hits[:WINDOW] if h.doc.get("kind") == "rule" and h.doc["id"] != s.doc_id
                      and within(str(h.doc.get("number") or ""), s.number)), None)
        if inner and len(first) < MAX_PLACED:
            first.append(inner)
    ids = {h.doc["id"] for h in first}
    placed = first + [h for h in hits if h.doc["id"] not in ids]
    rerank.placed_scores(placed, len(first))
    return placed
