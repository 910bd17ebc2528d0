"""The ordered procedures of the rules, read from the rule tree: which paragraphs are the steps of what.

The rules write a procedure in a few ways, each read here from the tree alone:
- steps numbered in their text or title ("1.将卡牌…移动到结算链" … "6.…" after 353 打出过程; "3a." / "3b."
  sub-steps of cleanup 323; "1.激活或触发技能" as a title, 401-406);
- titles with a step's ordinal ("步骤2：执行", 338-340, with 337 确认 as step 1 when the run names it
  "步骤1：确认"; "第一步：战斗法术对决步骤", 464, followed by the steps titled "…步骤", 465-466; the
  layers "第一层：…", 477.1-477.3);
- a list its parent announces as ordered ("要执行燃尽，玩家需要遵循以下步骤：", 431.2; "按下述顺序"):
  the children, in order;
- a heading titled as a process ("开局准备流程", 110) whose section has no numbered paragraphs: the
  section's paragraphs, in order;
- a heading whose children are its phases or steps (315 回合开始: 唤醒阶段, 开始阶段, 召出阶段, 抽牌阶段).

Pure: rules in, procedures out (judge.search.index writes them to the store). A rule is a mapping with
`number`, `parent` (the parent's number or id, or empty), `title`, `text`; in rule order.
"""

from __future__ import annotations

import re

from judge.rules import drafted

_NUMBERED = re.compile(r"^(\d{1,2})([a-z]?)[.．]\s*(\S.*)$")
_STEP_TITLE = re.compile(r"^步骤(\d{1,2})[：:]\s*(\S.*)$")
_ORDINAL_TITLE = re.compile(r"^第([一二三四五六七八九十]{1,3})(步|层)[：:]\s*(\S.*)$")
_ORDERED_LIST = ("按下述顺序", "按指定顺序", "按以下顺序", "以下步骤", "依次")
_PROCESS_TITLE = ("流程", "过程")
_PHASE_TITLE = ("阶段", "步骤")
_CN_DIGITS = {c: i for i, c in enumerate("一二三四五六七八九十", start=1)}
LABEL_CHARS = 24  # a step's label: its title or the start of its text


class Step:
    __slots__ = ("position", "sub", "number", "label")

    def __init__(self, position: int, sub: str, number: str, label: str) -> None:
        self.position = position  # 1, 2, 3 … (a sub-step "3b" is position 3, sub "b")
        self.sub = sub
        self.number = number
        self.label = label

    @property
    def ordinal(self) -> str:
        return f"{self.position}{self.sub}"

    def __repr__(self) -> str:
        return f"Step({self.ordinal}, {self.number}, {self.label!r})"


class Procedure:
    __slots__ = ("number", "name", "steps")

    def __init__(self, number: str, name: str, steps: list[Step]) -> None:
        self.number = number  # the rule that names or announces the procedure
        self.name = name
        self.steps = steps

    def __repr__(self) -> str:
        return f"Procedure({self.number} {self.name}: {self.steps})"


def _chinese_number(s: str) -> int:
    if s == "十":
        return 10
    if s.startswith("十"):
        return 10 + _CN_DIGITS[s[1]]
    if s.endswith("十"):
        return _CN_DIGITS[s[0]] * 10
    if "十" in s:
        return _CN_DIGITS[s[0]] * 10 + _CN_DIGITS[s[2]]
    return _CN_DIGITS[s]


def _short(text: str) -> str:
    text = text.strip().rstrip("。：:；;")
    first = re.split(r"[。；]", text)[0]
    if len(first) > LABEL_CHARS:
        clause = first.split("，")[0]
        first = clause if 4 <= len(clause) <= LABEL_CHARS else first[:LABEL_CHARS] + "…"
    return first


def _title(rule) -> str:
    return drafted.strip_mark(rule.get("title") or "").strip()


def _numbered(rule) -> tuple[int, str, str] | None:
    """A step written "2.做出相关的选择" in the text, or in the title ("3.处理场上状态", 323.3)."""
    for s in (_title(rule), (rule.get("text") or "").strip()):
        m = _NUMBERED.match(s)
        if m:
            return int(m.group(1)), m.group(2), _short(m.group(3))
    return None


def _numbered_runs(kids: list[dict]) -> list[list[Step]]:
    """The runs of numbered siblings counting up from 1 (3 -> 3a -> 3b -> 4); a paragraph without a
    number (316.5 after 316.4) ends a run."""
    runs: list[list[Step]] = []
    steps: list[Step] = []
    for r in kids + [{}]:
        n = _numbered(r) if r else None
        if steps and n is not None:
            pos, sub, label = n
            last = steps[-1]
            if (pos == last.position and sub and sub > last.sub) or (pos == last.position + 1 and not sub):
                steps.append(Step(pos, sub, r["number"], label))
                continue
        if len({s.position for s in steps}) >= 2:
            runs.append(steps)
        steps = []
        if n is not None and n[0] == 1 and not n[1]:
            steps = [Step(1, "", r["number"], n[2])]
    return runs


def _titled_runs(kids: list[dict], texts: str) -> list[list[Step]]:
    """Siblings titled "步骤N：…" or "第N步：…" / "第N层：…", counting up; after "第一步：…步骤" the
    siblings titled "…步骤" go on counting (465 战斗伤害步骤, 466 结算步骤)."""
    runs: list[list[Step]] = []
    steps: list[Step] = []
    by_ordinal = False
    for i, r in enumerate(kids + [{}]):
        t = _title(r) if r else ""
        m, o = _STEP_TITLE.match(t), _ORDINAL_TITLE.match(t)
        pos = int(m.group(1)) if m else _chinese_number(o.group(1)) if o else None
        label = (m.group(2) if m else o.group(3) if o else "").strip()
        if pos is None and steps and by_ordinal and t.endswith("步骤"):
            pos, label = steps[-1].position + 1, t
        if steps and pos != steps[-1].position + 1:
            if len(steps) >= 2:
                runs.append(steps)
            steps, by_ordinal = [], False
        if pos is None:
            continue
        if not steps and pos == 2 and i and _title(kids[i - 1]) and f"步骤1：{_title(kids[i - 1])}" in texts:
            # 337 确认 is step 1 where the later steps say "返回步骤1：确认".
            steps.append(Step(1, "", kids[i - 1]["number"], _title(kids[i - 1])))
        if not steps and pos != 1:
            continue
        by_ordinal = by_ordinal or bool(o and o.group(2) == "步")
        steps.append(Step(pos, "", r["number"], label))
    return runs


def detect(rules: list[dict]) -> list[Procedure]:
    """Every ordered procedure of the rules (`rules` in rule order), in rule order."""
    by_number = {r["number"]: r for r in rules if r.get("number")}
    ids = {r.get("id"): r.get("number") for r in rules if r.get("id")}
    kids: dict[str, list[dict]] = {}
    for r in rules:
        if not r.get("number"):
            continue
        parent = r.get("parent") or ""
        kids.setdefault(ids.get(parent, parent), []).append(r)
    texts = "\n".join((r.get("text") or "") for r in rules)
    out: list[Procedure] = []

    def heading_before(first: dict) -> dict | None:
        """The titled heading a run of top-level steps follows (353 before 354-359)."""
        top = kids.get("", [])
        at = next((i for i, r in enumerate(top) if r is first), None)
        for r in reversed(top[:at] if at else []):
            if r.get("is_heading") and _title(r):
                return r
        return None

    def name_of(parent: str, first: dict) -> tuple[str, str]:
        if parent:
            p = by_number[parent]
            if _title(p):
                return parent, _title(p)
            up = p.get("parent") and ids.get(p.get("parent"), p.get("parent"))
            if up and up in by_number and _title(by_number[up]):
                return parent, _title(by_number[up])
            # An untitled list introduction (323 "进行清理时，以下任务…"): the heading of its section.
            h = heading_before(p) if not p.get("parent") else None
            return parent, _title(h) if h else _short(p.get("text") or "")
        h = heading_before(first)
        return (h["number"], _title(h)) if h else (first["number"], "")

    for parent, siblings in kids.items():
        numbered = _numbered_runs(siblings)
        for run in numbered + _titled_runs(siblings, texts):
            if run:
                number, name = name_of(parent, by_number[run[0].number])
                out.append(Procedure(number, name, run))
        intro = by_number.get(parent)
        if intro and any(w in (intro.get("text") or "") for w in _ORDERED_LIST) and len(siblings) >= 2 \
                and (intro.get("text") or "").rstrip().endswith(("：", ":")) and not numbered:
            # 431.2 "要执行燃尽，玩家需要遵循以下步骤：" and its lettered children.
            steps = [Step(i, "", r["number"], _title(r) or _short(r.get("text") or "")) for i, r in enumerate(siblings, 1)]
            number, name = name_of(parent, siblings[0])
            out.append(Procedure(parent, name, steps))
        if intro and intro.get("is_heading"):
            phases = [r for r in siblings if r.get("is_heading") and _title(r).endswith(_PHASE_TITLE)]
            if len(phases) >= 2 and len(phases) == len([r for r in siblings if _title(r)]):
                # 315 回合开始: its phases in order; 315.2 开始阶段: its steps.
                steps = [Step(i, "", r["number"], _title(r)) for i, r in enumerate(phases, 1)]
                out.append(Procedure(parent, _title(intro), steps))
    top = kids.get("", [])
    for i, h in enumerate(top):
        if h.get("is_heading") and _title(h).endswith(_PROCESS_TITLE):
            section = []
            for r in top[i + 1:]:
                if r.get("is_heading") or _title(r):
                    break
                section.append(r)
            if len(section) >= 3 and not _numbered_runs(section):
                # 110 开局准备流程: the setup's paragraphs, in order.
                steps = [Step(j, "", r["number"], _short(r.get("text") or "")) for j, r in enumerate(section, 1)]
                out.append(Procedure(h["number"], _title(h), steps))
    order = {r["number"]: i for i, r in enumerate(rules) if r.get("number")}
    out.sort(key=lambda p: order.get(p.steps[0].number, 0))
    return out
