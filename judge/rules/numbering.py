"""Recovering the numbered hierarchy of a rules document whose numbers were lost.

Evidence, strongest first:
  1. the text's own citations with a title ("规则 349.打出卡牌"): they fix where a level-0 heading
     sits (anchors, placed by a monotone alignment of cited numbers to paragraphs naming the title);
  2. a numbered excerpt of the same section (older numbering): its bullet depths give the exact
     sub-rule structure of the paragraphs it shares with this document, shifted to the new numbers;
  3. the shape of the text: heading lines, lines ending in "：" that introduce items, numbered
     steps, elaborations ("这不包括…") that hang under the rule above.
Between two anchors the level-0 numbers are shared out to the paragraphs most likely to be level-0;
a number counted from an anchor loses confidence with each uncertain step away from it.
Every number carries its source (cited / inferred), a confidence and a short evidence text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus.cleanup import normalise_for_match
from judge.corpus.reader import Paragraph
from judge.rules.citations import Citation, strip_citations
from judge.rules.model import CITED, INFERRED, SOURCE, format_number, parse_number

_STEP = re.compile(r"^(\d{1,2})([a-z])?\.(?!\d)")
_ELABORATION = re.compile(r"^(这|此|该|其|但|即使|尽管|除非|否则|然而|不过|也|同时|例外|注意)")
_DEFINES = re.compile(r"^.{1,10}?(是指|指的是|是|为|即)")
MAX_LEVEL = 3


@dataclass
class Item:
    """A node in document order: a paragraph, or a heading the extraction dropped."""
    para: Paragraph | None
    title: str = ""
    level: int | None = None
    fixed: tuple[int, ...] | None = None   # a number this item must carry
    fixed_source: str = ""
    fixed_evidence: str = ""
    level_conf: float = 0.5
    level_evidence: str = ""
    key: tuple[int, ...] | None = None
    source: str = INFERRED
    confidence: float = 0.0
    evidence: str = ""
    synthetic: bool = False
    excerpt_number: str | None = None

    @property
    def text(self) -> str:
        return self.para.text if self.para else ""


@dataclass
class Excerpt:
    """A numbered excerpt of another version: its paragraphs with printed numbers and depths."""
    version: str
    paras: list[Paragraph]


@dataclass
class NumberingReport:
    anchors: list[tuple[str, str, int]] = field(default_factory=list)  # number, title, paragraph index
    unplaced: list[tuple[str, str]] = field(default_factory=list)
    excerpt_matches: int = 0
    excerpt_shift: int | None = None


# ---------------------------------------------------------------- level-0 anchors

def _title_score(title: str, text: str, prev_text: str) -> float:
    return _title_score_norm(title, normalise_for_match(strip_citations(text)), prev_text) if title else 0.0


def _title_score_norm(title: str, t: str, prev_text: str) -> float:
    """How well a paragraph (normalised, citations stripped) opens the section titled `title`."""
    if t == title:
        return 10.0
    score = 0.0
    if t.startswith(title):
        score = 4.0 if len(t) > len(title) and t[len(title)] in "是为指会即的可在包被" else 3.0
    elif title in t[: len(title) + 6]:
        score = 1.5
    elif title in t:
        score = 0.6
    if score and prev_text.endswith("："):
        score -= 1.5
    return score


_STEP_REF = re.compile(r"步骤\s*(\d)\s*[：:]\s*([\u4e00-\u9fff]{2})")


def _ends_with_title(text: str, title: str) -> bool:
    body = strip_citations(text).rstrip("。 ")
    # "返回步骤1：确认。" refers to a step by its name; it does not open that step's section.
    return normalise_for_match(body).endswith(title) and not body[: len(body) - len(title)].rstrip().endswith("：")


def place_level0_anchors(paras: list[Paragraph], cited: dict[int, str],
                         extra: list[tuple[int, int, float]] = ()) -> dict[int, int]:
    """Choose, for as many cited level-0 numbers as possible, the paragraph that starts their section.

    A weighted longest-increasing alignment: numbers and positions both increase, and the number of
    paragraphs between two anchors must leave room for the numbers between them.
    Returns {number: paragraph index}.
    """
    numbers = sorted(cited)
    cands: list[tuple[int, int, float]] = []  # (number, position, score)
    texts = [normalise_for_match(strip_citations(p.text)) for p in paras]
    for n in numbers:
        title = cited[n]
        weak = 0
        for i, t in enumerate(texts):
            if not title or title not in t:
                continue
            s = _title_score_norm(title, t, paras[i - 1].text if i else "")
            if s >= 2.5:
                cands.append((n, i, s))
            elif s > 0 and weak < 8:  # a mere mention: only the first few can start the section
                cands.append((n, i, s))
                weak += 1
            elif i and paras[i - 1].text.endswith("：") and title not in texts[i - 1] \
                    and t.find(title) > len(t) - len(title) - 16:
                # "…在以下机会窗口中行动：" / "…出现一个暂时存在的结算链区域": an item of a list of
                # subjects that names its subject at its end may open that subject's section.
                cands.append((n, i, 0.5))
            elif _ends_with_title(paras[i].text, title):
                # "结算链项目会按照被添加到结算链的顺序进行确认。": names the subject it is about at its end.
                cands.append((n, i, 0.3))
    cands.extend(extra)
    cands.sort()
    best: list[float] = []
    back: list[int] = []
    for j, (n, i, s) in enumerate(cands):
        best.append(s)
        back.append(-1)
        for k in range(j):
            n0, i0, _ = cands[k]
            if n0 >= n or i0 >= i:
                continue
            gap_num, gap_par = n - n0, i - i0
            penalty = 0.0
            if gap_par < gap_num * 0.4:
                penalty = 4.0
            elif gap_par > gap_num * 25 + 20:
                penalty = 2.0
            v = best[k] + s - penalty
            if v > best[j]:
                best[j], back[j] = v, k
    if not cands:
        return {}
    j = max(range(len(cands)), key=lambda x: best[x])
    chain = []
    while j >= 0:
        chain.append(cands[j])
        j = back[j]
    chain.reverse()
    # A weak match (the title only mentioned) needs a strong anchor after it to vouch for it.
    while chain and chain[-1][2] < 2.5:
        chain.pop()
    return {n: i for n, i, _ in chain}


# A line that closes an action's section: "X 是一种限定行动。", "玩家仅可在游戏效果的指示下进行X。",
# "该行动的格式为…". A new section starts after it.
# "这是一个限定行动" is a note inside a section (the draw and exhaust sections go on after it).
_SECTION_TAIL = re.compile(r"^(?!这)[^，。]{1,8}是一(种|个)(限定|自决)行动|(仅|只)(可|能)在游戏效果(或费用)?的指示下|的格式(通常)?为|表达格式")
_TAIL_REACH = 40


_CLOSING_STATEMENT = re.compile(r"^(?!这)[^，。]{1,8}是一(种|个)(限定|自决)行动")


def is_section_tail(text: str) -> bool:
    return bool(_SECTION_TAIL.search(text))


def _back_to_section_start(paras: list[Paragraph], anchors: dict[int, int], cited0: dict[int, str],
                           keep: set[int]) -> dict[int, int]:
    """Move a cited heading back to where its section really starts.

    A heading is first placed before the paragraph opening with its title ("燃尽是一种限定行动"),
    but when the heading line was dropped the section may open with other words ("如果玩家尝试将…
    则必须执行燃尽"). When a closing line of the previous section ("…是一种限定行动", "该行动的格式为…")
    stands shortly before, the section starts at the first paragraph after it that names the title.
    """
    out = dict(anchors)
    order = sorted(anchors.items(), key=lambda kv: kv[1])
    for k, (n, i) in enumerate(order):
        title = cited0.get(n, "")
        if not title or i in keep or normalise_for_match(paras[i].text) == title:
            continue
        lo = out[order[k - 1][0]] + 1 if k else 0  # after the previous heading, wherever it moved
        tail = next((j for j in range(i - 1, max(lo, i - _TAIL_REACH) - 1, -1)
                     if is_section_tail(paras[j].text)), None)
        if tail is None:
            continue
        start = next((j for j in range(tail + 1, i) if title in normalise_for_match(strip_citations(paras[j].text))), None)
        if start is not None:
            out[n] = start
    return out


# ---------------------------------------------------------------- excerpt alignment

def _pair_score(e: str, t: str, e_raw: str, t_raw: str) -> float:
    from rapidfuzz import fuzz

    if not e or not t:
        return 0.0
    s = fuzz.ratio(e, t)
    if len(e) >= 8 and (t.startswith(e[:12]) or e.startswith(t[:12])):
        s = max(s, 75.0)
    elif len(e) >= 12 and len(t) >= 12 and fuzz.ratio(e[:16], t[:16]) >= 80:
        s = max(s, 73.0)
    se, st = _STEP.match(e_raw), _STEP.match(t_raw)
    if se and st and se.group(0) == st.group(0):
        s = max(s, 90.0)  # the same numbered step of the procedure
    return s


def align_excerpt(paras: list[Paragraph], excerpt: Excerpt) -> list[tuple[int, int | None]]:
    """Monotone alignment of excerpt paragraphs to document paragraphs by text similarity.

    A global alignment (dynamic programming over a window around the excerpt's best match), so a
    paragraph the new version moved elsewhere is left unmatched instead of dragging the rest along.
    Returns (excerpt index, paragraph index or None) for every excerpt paragraph.
    """
    from rapidfuzz import fuzz, process

    norm = [_STEP.sub("", normalise_for_match(p.text)) for p in paras]
    ex_norm = [_STEP.sub("", normalise_for_match(p.text)) for p in excerpt.paras]
    # Where does the excerpt sit? The document paragraph most of its long paragraphs match best.
    votes: dict[int, int] = {}
    for k, e in enumerate(ex_norm):
        if len(e) < 12:
            continue
        best = process.extractOne(e, norm, scorer=fuzz.ratio, score_cutoff=90)
        if best:
            votes[best[2] - k] = votes.get(best[2] - k, 0) + 1
    if not votes:
        return [(k, None) for k in range(len(ex_norm))]
    # Window: from the earliest strong match to well past the latest one.
    offsets = sorted(votes)
    lo = max(0, offsets[0] - 10)
    hi = min(len(paras), offsets[-1] + len(ex_norm) * 3 + 10)
    hi = min(len(paras), offsets[-1] + int(len(ex_norm) * 1.6) + 20)
    window = list(range(lo, hi))
    n, m = len(ex_norm), len(window)
    win_norm = [norm[j] for j in window]
    win_heads = [t[:16] for t in win_norm]

    def scores(query: str, choices: list[str]) -> list[float]:
        """Ratio of query against every choice (computed in C by rapidfuzz, no numpy needed)."""
        out = [0.0] * len(choices)
        for _, sc, j in process.extract(query, choices, scorer=fuzz.ratio, limit=None):
            out[j] = sc
        return out

    full = [scores(e, win_norm) for e in ex_norm]
    heads = [scores(e[:16], win_heads) if len(e) >= 12 else [0.0] * m for e in ex_norm]
    steps_e = [(_STEP.match(p.text) or None) and _STEP.match(p.text).group(0) for p in excerpt.paras]
    steps_t = [(_STEP.match(paras[j].text) or None) and _STEP.match(paras[j].text).group(0) for j in window]
    score = [[0.0] * m for _ in range(n)]
    for i in range(n):
        e = ex_norm[i]
        threshold = 72.0 if len(e) > 6 else 95.0
        fr, hr, row = full[i], heads[i], score[i]
        for jj in range(m):
            sc = float(fr[jj])
            if sc < threshold:
                t = win_norm[jj]
                if not e or not t:
                    continue
                if len(e) >= 8 and (t.startswith(e[:12]) or e.startswith(t[:12])):
                    sc = 75.0
                elif len(e) >= 12 and len(t) >= 12 and hr[jj] >= 80:
                    sc = 73.0
                if steps_e[i] and steps_e[i] == steps_t[jj]:
                    sc = 90.0  # the same numbered step of the procedure
            if sc >= threshold:
                row[jj] = sc - threshold + 1.0
    # LCS-style DP maximising the total match score.
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, nxt = best[i], best[i + 1]
        sc = score[i]
        for jj in range(m - 1, -1, -1):
            v = max(nxt[jj], row[jj + 1])
            if sc[jj] > 0:
                v = max(v, sc[jj] + nxt[jj + 1])
            row[jj] = v
    result: list[tuple[int, int | None]] = []
    i = jj = 0
    while i < n:
        if jj < m and score[i][jj] > 0 and abs(best[i][jj] - (score[i][jj] + best[i + 1][jj + 1])) < 1e-9:
            result.append((i, window[jj]))
            i += 1
            jj += 1
        elif jj < m and best[i][jj] == best[i][jj + 1]:
            jj += 1
        else:
            result.append((i, None))
            i += 1
    return result


# ---------------------------------------------------------------- shape of the text

def _level0_score(items: list[Item], idx: int) -> float:
    """How likely item idx is a level-0 rule, from its shape alone."""
    it = items[idx]
    text = it.text
    prev = items[idx - 1] if idx else None
    score = -0.6
    if prev is not None and prev.level == 0 and prev.title:
        score -= 2.0  # the first statement under a heading is the heading's N.1
    step = _STEP.match(text)
    if step:
        first = _step_run_start(items, idx)
        intro = items[first - 1] if first > 0 else None
        if intro is not None and intro.text.endswith("："):
            score -= 3.0  # a step of a procedure some rule introduces with "：": that rule's sub-item
        else:
            score += 2.5
    if it.para and it.para.bullet:
        score -= 4.0
    if is_section_tail(text):
        score -= 3.0  # "X是一种限定行动。": closes a section, never opens one
    elif prev is not None and is_section_tail(prev.text) and not _ELABORATION.match(text) \
            and not text.startswith(("[", "X")):  # "[X]即为…" explains the format line above
        score += 1.0  # the line after a section's closing lines opens the next section
    if prev is not None and prev.text.endswith("："):
        score -= 3.0
    if _ELABORATION.match(text):
        score -= 2.0
    if text.endswith("："):
        score += 0.6
    if _DEFINES.match(text) and len(text) < 60:
        score += 0.6
    if text.startswith(("如果", "若", "当")):
        score -= 1.0  # a condition qualifies the rule above; it rarely opens one
    term = re.match(r"^(?:一名单位的|一张卡牌的)?([^，。：]{1,12}?)(指的是|是指)", text) \
        or re.match(r"^(?:玩家)?([\u4e00-\u9fff]{1,8})，(指的是|是指)", text)  # "弃置卡牌，是指…"
    named_above = term and any(
        term.group(1) in items[j].text and (len(items[j].text) <= 30 or items[j].text.startswith(term.group(1)))
        for j in range(max(0, idx - 3), idx))
    if named_above:
        score -= 1.5  # defines a term the rule above just named ("…具有条件和效果。" / "条件是指…")
    elif term:
        score += 1.2  # "眩晕指的是…的行动": a definition opens a rule of its own
    if len(text) <= 12 and not re.search(r"[。，：]", text):
        score += 1.5  # a surviving heading line
    # A level-0 rule opens a subject ("伤害是一种…"); statements that go on about the same subject
    # ("伤害不是…", "致命伤害是指…") are its sub-rules.
    subject = _subject(text)
    if subject and prev is not None:
        for j in range(idx - 1, max(-1, idx - 12), -1):
            other = items[j]
            if other.level == 0 or (other.para and _DEFINES.match(other.text) and not _ELABORATION.match(other.text)):
                if subject in other.text[:8] or (_subject(other.text) == subject):
                    score -= 1.5
                elif _DEFINES.match(text):
                    score += 0.5
                break
    return score


def _subject(text: str) -> str:
    """The leading two characters, as a cheap stand-in for a statement's subject."""
    head = re.sub(r"^(如果|当|在|每当|所有|一名|一张|任何|某些|部分)", "", text)
    return head[:2] if len(head) >= 2 and "\u4e00" <= head[0] <= "\u9fff" else ""


def _step_run_start(items: list[Item], idx: int) -> int:
    """Index of the "1." step that opens the procedure item idx (a step) belongs to, else idx."""
    m = _STEP.match(items[idx].text)
    if not m or m.group(1) == "1" and not m.group(2):
        return idx
    for j in range(idx - 1, max(-1, idx - 40), -1):
        mj = _STEP.match(items[j].text)
        if mj and mj.group(1) == "1" and not mj.group(2):
            return j
    return idx


def _step_level(items: list[Item], idx: int) -> int | None:
    """For a later step ("2.", "3a."), the level its procedure's earlier steps already got."""
    m = _STEP.match(items[idx].text)
    if not m:
        return None
    for j in range(idx - 1, max(-1, idx - 40), -1):
        mj = _STEP.match(items[j].text)
        if mj and items[j].level is not None:
            lvl = items[j].level
            # "3a." under "3." is one level deeper than a plain step
            if m.group(2) and not mj.group(2):
                return min(lvl + 1, MAX_LEVEL) if m.group(1) == mj.group(1) else lvl
            if mj.group(2) and not m.group(2):
                return max(lvl - 1, 1) if False else lvl
            return lvl
    return None


def _in_step(items: list[Item], idx: int) -> int | None:
    """Level of the step a plain paragraph follows (its elaboration), if it sits inside a procedure."""
    for j in range(idx - 1, max(-1, idx - 6), -1):
        if items[j].level == 0:
            return None
        if _STEP.match(items[j].text) and items[j].level is not None:
            return items[j].level
    return None


def _sub_level(items: list[Item], idx: int, list_stack: list[int]) -> tuple[int, float, str]:
    """Level of a non-level-0 paragraph from the paragraph before it."""
    it = items[idx]
    prev = items[idx - 1]
    prev_level = prev.level if prev.level is not None else 1
    text = it.text
    if prev.level == 0:
        return 1, 0.5, "level-0 规则之后的第一条子规则"
    if _CLOSING_STATEMENT.match(text) and not (prev.text.endswith("：") or _STEP.match(text)):
        list_stack.clear()
        return 1, 0.4, "“X是一种限定行动”是本节的一级子规则，结束其上的列表"
    step_level = _step_level(items, idx)
    if step_level is not None and step_level > 0:
        return step_level, 0.45, "同一流程中的下一步骤"
    if prev.text.endswith("：") and prev_level < MAX_LEVEL:
        list_stack.append(prev_level + 1)
        return prev_level + 1, 0.45, "上一段以“：”引出列表"
    if it.para and it.para.bullet:
        if prev.para and prev.para.bullet:
            return prev_level, 0.45, "“*”列表项"
        return min(prev_level + 1, MAX_LEVEL), 0.4, "“*”列表项"
    if list_stack:
        lvl = list_stack[-1]
        parallel = prev.level == lvl and len(text) >= 4 and text[:4] == prev.text[:4]
        if prev_level >= lvl and (len(text) < 60 or _STEP.match(text) or parallel):
            return lvl, 0.35, "列表延续" + ("（与上一项句式相同）" if parallel else "")
        list_stack.pop()
    if text.startswith("如果") and prev_level < MAX_LEVEL and len(text) > 8 and not prev.text.startswith(text[:4]) \
            and text[2:7] in prev.text[6:]:
        # "如果查看或展示的卡牌张数不足…" after a rule about 查看或展示: a case of that rule.
        return prev_level + 1, 0.35, "以上一条规则的对象为条件，挂在其下"
    in_step = _in_step(items, idx)
    if in_step is not None and not _STEP.match(text) and in_step < MAX_LEVEL:
        return in_step + 1, 0.35, "步骤下的说明"
    if _ELABORATION.match(text) and prev_level < MAX_LEVEL and not prev.text.endswith("。") is False:
        return min(prev_level + 1, MAX_LEVEL), 0.35, "补充说明挂在上一条规则之下"
    if _STEP.match(text):
        return 1, 0.4, "编号步骤"
    return 1, 0.3, "默认为一级子规则"


# ---------------------------------------------------------------- the whole assignment

def recover(paras: list[Paragraph], citations: list[Citation], excerpts: list[Excerpt]) -> tuple[list[Item], NumberingReport]:
    report = NumberingReport()
    # Level-0 cited titles: the most common title per number.
    titles: dict[int, dict[str, int]] = {}
    for c in citations:
        key = parse_number(c.number)
        if key and len(key) == 1 and c.title:
            titles.setdefault(key[0], {}).setdefault(c.title, 0)
            titles[key[0]][c.title] += 1
    cited0 = {n: max(ts, key=lambda t: (ts[t], -len(t))) for n, ts in titles.items()}
    aligned = [(ex, *_excerpt_alignment(paras, ex, cited0)) for ex in excerpts]
    extra = []
    for ex, shift, pos_of in aligned:
        if shift is None:
            continue
        for ei, ep in enumerate(ex.paras):
            key = parse_number(ep.number or "")
            if key and len(key) == 1 and key[0] + shift in cited0:
                # The cited heading stands before the first paragraph the excerpt shares after it.
                nxt = next((pos_of[j] for j in range(ei, len(ex.paras)) if j in pos_of), None)
                if nxt is not None:
                    extra.append((key[0] + shift, nxt, 12.0))
    # "规则 410.1.自决行动": the paragraph opening with 自决行动 is 410.1, so the one before it is 410.
    self_anchored: set[tuple[int, int]] = set()
    texts = None
    for c in citations:
        key = parse_number(c.number)
        if not key or len(key) != 2 or key[1] != 1 or not c.title or key[0] in cited0:
            continue
        title = normalise_for_match(c.title)
        if texts is None:
            texts = [normalise_for_match(strip_citations(p.text)) for p in paras]
        for i, t in enumerate(texts):
            if i and t.startswith(title) and t != title:
                extra.append((key[0], i - 1, 6.0))
                self_anchored.add((key[0], i - 1))
    # "想获取更多有关任务的信息，请查阅规则332": a level-0 number cited with only its subject named.
    # The paragraph defining that subject ("任务是指…") may carry it; weaker than a titled citation.
    context0: dict[int, str] = {}
    for c in citations:
        key = parse_number(c.number)
        if key and len(key) == 1 and not c.title and c.context and key[0] not in cited0:
            context0.setdefault(key[0], normalise_for_match(c.context))
    if context0:
        if texts is None:
            texts = [normalise_for_match(strip_citations(p.text)) for p in paras]
        for n, subject in context0.items():
            for i, t in enumerate(texts):
                if len(subject) >= 2 and t.startswith(subject) and re.match(r"(是指|指的是|是一种|为)", t[len(subject):]):
                    extra.append((n, i, 3.0))
    # "返回步骤1：确认" / "进入步骤2：执行": a procedure names its steps. When one step name is a cited
    # level-0 title (337.确认), the other steps are the consecutive level-0 rules around it.
    derived: dict[int, str] = {}
    steps: dict[int, dict[str, int]] = {}
    for p in paras:
        for m in _STEP_REF.finditer(p.text):
            steps.setdefault(int(m.group(1)), {}).setdefault(m.group(2), 0)
            steps[int(m.group(1))][m.group(2)] += 1
    names = {k: max(v, key=v.get) for k, v in steps.items()}
    base = next(((k, n) for k, name in names.items() for n, t in cited0.items() if t == name), None)
    if base:
        for k, name in names.items():
            n = base[1] + k - base[0]
            if n not in cited0 and n not in context0 and all(t != name for t in cited0.values()):
                derived[n] = name
    if derived:
        if texts is None:
            texts = [normalise_for_match(strip_citations(p.text)) for p in paras]
        for n, name in derived.items():
            for i, p in enumerate(paras):
                plain = _STEP_REF.sub("", p.text)
                if name not in plain:
                    continue
                if normalise_for_match(plain).startswith(name):
                    extra.append((n, i, 2.0))
                elif i and name not in _STEP_REF.sub("", paras[i - 1].text):
                    extra.append((n, i, 0.5))  # the step's subject brought up anew
    anchors = place_level0_anchors(paras, cited0, extra)
    anchors = _back_to_section_start(paras, anchors, cited0, {i for _, i, _ in extra})
    for n, i in sorted(anchors.items()):
        report.anchors.append((format_number((n,)), cited0.get(n, ""), i))

    items: list[Item] = []
    by_para: dict[int, Item] = {}
    anchor_at = {i: n for n, i in anchors.items()}
    for i, p in enumerate(paras):
        if i in anchor_at and (anchor_at[i], i) in self_anchored:
            n = anchor_at[i]
            it = Item(p, level=0, fixed=(n,), fixed_source=INFERRED,
                      fixed_evidence=f"下一段是正文引用的 {n:03d}.1，故本段为其上级规则 {n:03d}")
            items.append(it)
            by_para[i] = it
            continue
        if i in anchor_at and anchor_at[i] not in cited0:
            n = anchor_at[i]
            why = (f"正文“有关{context0[n]}的信息，请查阅规则{n:03d}”，本段即定义{context0[n]}的一段" if n in context0
                   else f"正文把流程步骤称为“步骤…：{derived[n]}”，其中一步是引用的 {base[1]:03d}；本段开始“{derived[n]}”一步")
            it = Item(p, level=0, fixed=(n,), fixed_source=INFERRED, fixed_evidence=why)
            items.append(it)
            by_para[i] = it
            continue
        if i in anchor_at:
            n = anchor_at[i]
            title = cited0[n]
            if normalise_for_match(p.text) == title:
                it = Item(p, title=title, level=0, fixed=(n,), fixed_source=CITED,
                          fixed_evidence=f"正文引用“规则 {n:03d}.{title}”，且本行即该标题")
                items.append(it)
                by_para[i] = it
                continue
            items.append(Item(None, title=title, level=0, fixed=(n,), fixed_source=CITED, synthetic=True,
                              fixed_evidence=f"正文引用“规则 {n:03d}.{title}”；标题行在提取中丢失，位置由本节首段推定"))
        it = Item(p)
        if len(p.text) <= 12 and not re.search(r"[。，：；]", p.text):
            it.title = p.text
        items.append(it)
        by_para[i] = it

    _apply_excerpts(items, by_para, aligned, report)
    # Cited level-0 numbers we could not place: inferred numbering must leave them free, and one
    # cited beyond the last anchor bounds the document's tail (its text is absent from the corpus).
    reserved = {k[0] for k, c in ((parse_number(c.number), c) for c in citations)
                if k and len(k) == 1 and c.title} - set(anchors)
    _choose_level0(items, anchors, reserved)
    _assign_sub_levels(items)
    _labelled_runs(items)
    _number(items, reserved)
    if _apply_sub_anchors(items, citations):
        _number(items, reserved)
    if _insert_cited_headings(items, citations):
        _number(items, reserved)
    return items, report


def _insert_cited_headings(items: list[Item], citations: list[Citation]) -> int:
    """A titled sub-rule citation whose number fell on a paragraph without that title: the heading
    line was dropped there. Put the cited heading back at that number; what held it counts on."""
    added = 0
    for c in citations:
        key = parse_number(c.number)
        if not key or len(key) < 2 or not c.title:
            continue
        title = normalise_for_match(c.title)
        at = next((k for k, it in enumerate(items) if it.key == key), None)
        if at is None or _opens_with(items[at], title) or items[at].fixed:
            continue
        items.insert(at, Item(None, title=c.title, level=len(key) - 1, fixed=key, fixed_source=CITED, synthetic=True,
                              fixed_evidence=f"正文引用“规则 {c.number}.{c.title}”；标题行在提取中丢失，位置按编号推定"))
        added += 1
    return added


def _opens_with(it: Item, title: str) -> bool:
    return normalise_for_match(it.title) == title or normalise_for_match(strip_citations(it.text)).startswith(title)


def _subtree_end(items: list[Item], k: int) -> int:
    lvl = items[k].level or 0
    e = k + 1
    while e < len(items) and (items[e].level or 0) > lvl:
        e += 1
    return e


def _apply_sub_anchors(items: list[Item], citations: list[Citation]) -> int:
    """Cited sub-rules pin the item they name to the cited number.

    "规则 355.6.目标选取" names the rule by its title; "想获取更多有关致命伤害的信息，请查阅规则142.4."
    names it by the subject before the citation. The pinned item's parent (the level-0 rule above it)
    takes the cited parent number, and surplus earlier siblings are hung under the sibling before
    them so the pinned number is reached; nothing is pinned that would run the numbers backwards.
    """
    pinned = 0
    fixed0 = sorted((it.fixed[0], k) for k, it in enumerate(items) if it.fixed and len(it.fixed) == 1)
    for c in citations:
        key = parse_number(c.number)
        name = c.title or c.context
        if not key or len(key) < 2 or not name:
            continue
        title = normalise_for_match(name)
        if len(title) < 2 or any(it.key == key and _opens_with(it, title) for it in items):
            continue
        # The stretch between the fixed level-0 numbers around key[0].
        lo = max((k for n, k in fixed0 if n < key[0]), default=-1)
        hi = min((k for n, k in fixed0 if n > key[0]), default=len(items))
        same = [k for n, k in fixed0 if n == key[0]]
        if same:
            lo = same[0]
        for k in range(lo + 1, hi):
            it = items[k]
            if it.fixed or not _opens_with(it, title):
                continue
            if len(key) == 2 and _pin_level1(items, k, key, lo):
                it.fixed_source = CITED
                it.fixed_evidence = f"正文引用“规则 {c.number}”（{name}），本条即其所指"
                pinned += 1
            elif len(key) > 2 and it.key and it.key[:-1] == key[:-1]:
                prev_key = next((items[j].key for j in range(k - 1, -1, -1) if items[j].key), None)
                if prev_key is None or prev_key < key:
                    it.fixed, it.level = key, len(key) - 1
                    it.fixed_source = CITED
                    it.fixed_evidence = f"正文引用“规则 {c.number}”（{name}），本条即其所指"
                    pinned += 1
            break
    pinned += _apply_glosses(items, citations, fixed0)
    return pinned


def _apply_glosses(items: list[Item], citations: list[Citation], fixed0) -> int:
    """"按照规则356.2施加该额外费用": pin 356.2 on the rule of section 356 that reads most like the gloss."""
    from rapidfuzz import fuzz

    pinned = 0
    for c in citations:
        key = parse_number(c.number)
        if not key or len(key) != 2 or c.title or len(c.gloss) < 4:
            continue
        if any(it.key == key and it.fixed for it in items):
            continue
        start = next((k for k, it in enumerate(items) if it.key == key[:1]), None)
        if start is None:
            continue
        end = next((k for k in range(start + 1, len(items)) if items[k].level == 0), len(items))
        best, best_k = 0.0, None
        for k in range(start + 1, end):
            it = items[k]
            if it.fixed or (it.level or 0) > 2 or not it.text:
                continue
            sc = fuzz.partial_ratio(normalise_for_match(it.text)[:24], c.gloss)
            if sc > best:
                best, best_k = sc, k
        if best_k is None or best < 70:
            continue
        prev_key = next((items[j].key for j in range(best_k - 1, -1, -1) if items[j].key and items[j].fixed), None)
        if prev_key is not None and not prev_key < key:
            continue
        if _pin_level1(items, best_k, key, start - 1):
            items[best_k].fixed_source = INFERRED
            items[best_k].fixed_evidence = f"正文“规则 {c.number}{c.gloss}”描述的正是本条（相似度 {best:.0f}%）"
            pinned += 1
    return pinned


def _pin_level1(items: list[Item], k: int, key: tuple[int, ...], lo: int) -> bool:
    """Make items[k] rule key = (N, m): its level-0 parent becomes N, surplus siblings move down.

    Checks everything first and changes nothing unless the pin can be made.
    """
    parent = next((j for j in range(k - 1, lo - 1, -1) if j >= 0 and items[j].level == 0), None)
    if parent is None:
        return False
    p = items[parent]
    if p.fixed and p.fixed != key[:1] or not p.fixed and p.key and p.key[0] > key[0]:
        return False
    siblings = [j for j in range(parent + 1, k) if items[j].level == 1]
    surplus = len(siblings) - (key[1] - 1)
    if surplus > 0 and key[1] - 1 == 0:
        return False
    if not p.fixed:
        p.fixed, p.fixed_source = key[:1], INFERRED
        p.fixed_evidence = f"其子规则 {format_number(key)} 由正文引用确认，故本条为 {key[0]:03d}"
    if surplus > 0:
        for s in siblings[key[1] - 1:]:
            for j in range(s, _subtree_end(items, s)):
                items[j].level = min((items[j].level or 0) + 1, MAX_LEVEL)
                items[j].level_evidence = (items[j].level_evidence or "") + f"（为使引用的 {format_number(key)} 成立而下移一级）"
    it = items[k]
    it.fixed, it.level = key, 1
    return True


def _excerpt_alignment(paras, ex: Excerpt, cited0: dict[int, str]) -> tuple[int | None, dict[int, int]]:
    """The renumbering shift of an excerpt (its heading titles against cited titles) and its alignment."""
    shift = None
    for ep in ex.paras:
        key = parse_number(ep.number or "")
        if key and len(key) == 1:
            for n, t in cited0.items():
                if t == normalise_for_match(ep.text):
                    shift = n - key[0]
                    break
        if shift is not None:
            break
    pairs = align_excerpt(paras, ex)
    return shift, {ei: pi for ei, pi in pairs if pi is not None}


def _apply_excerpts(items, by_para, aligned, report) -> None:
    """Give the paragraphs an excerpt shares with this document the excerpt's structure."""
    for ex, shift, pos_of in aligned:
        report.excerpt_matches += len(pos_of)
        if shift is None or len(pos_of) < 3:
            continue
        report.excerpt_shift = shift
        # Insert excerpt headings the extraction dropped (e.g. "目标选取"), before the next matched paragraph.
        inserts: dict[int, list[Item]] = {}
        pending: list[tuple[int, Paragraph]] = []
        for ei, ep in enumerate(ex.paras):
            if ei in pos_of:
                pi = pos_of[ei]
                it = by_para[pi]
                it.level = ep.depth
                it.level_conf = 0.85
                it.excerpt_number = ep.number
                it.level_evidence = f"与旧版编号摘录 {ep.number} 对齐（旧号 +{shift}）"
                if pending:
                    inserts.setdefault(pi, []).extend(
                        Item(None, title=pp.text, level=pp.depth, synthetic=True, level_conf=0.7,
                             excerpt_number=pp.number,
                             level_evidence=f"旧版编号摘录 {pp.number} 的标题，在本文提取中丢失")
                        for _, pp in pending)
                    pending = []
            elif ep.depth is not None and len(ep.text) <= 12 and not re.search(r"[。，：]", ep.text):
                pending.append((ei, ep))
        first_level0 = next((pos_of[ei] for ei, ep in enumerate(ex.paras) if ei in pos_of and ep.depth == 0), None)
        for pi, new in inserts.items():
            it = by_para[pi]
            at = items.index(it)
            # Keep a cited heading that already stands there first.
            while at > 0 and items[at - 1].synthetic and items[at - 1].fixed:
                at -= 1
            items[at:at] = [n for n in new if not any(
                x.title == n.title and x.level == n.level for x in items[max(0, at - 2):at + 1])]
        # Unmatched paragraphs inside the excerpt's span: hang under their matched neighbour.
        span = sorted(pos_of.values())
        lo, hi = by_para[span[0]], by_para[span[-1]]
        a, b = items.index(lo), items.index(hi)
        for k in range(a, b + 1):
            it = items[k]
            if it.level is not None:
                continue
            prev = next((items[j] for j in range(k - 1, a - 1, -1) if items[j].level is not None), None)
            nxt = next((items[j] for j in range(k + 1, b + 1) if items[j].level is not None and items[j].excerpt_number), None)
            sibling = _shares_opening(it.text, items, k, a, None)
            if _STEP.match(it.text):
                it.level, it.level_evidence = 0, "编号步骤（旧版摘录中步骤为 level-0）"
            elif sibling is not None:
                it.level, it.level_evidence = sibling, "旧版摘录中无此段；句式与相邻的同级规则相同"
            elif prev is not None and prev.level is not None and nxt is not None and nxt.level is not None and nxt.level > prev.level:
                it.level, it.level_evidence = nxt.level, "位于旧版摘录对齐段落之间（取后一条的层级）"
            elif prev is not None and prev.text.endswith("："):
                it.level, it.level_evidence = min((prev.level or 0) + 1, MAX_LEVEL), "旧版摘录中无此段；上一段以“：”引出"
            elif prev is not None:
                sibling = _shares_opening(it.text, items, k, a, prev.level)
                if sibling is not None:
                    it.level, it.level_evidence = sibling, "旧版摘录中无此段；句式与同级规则相同"
                else:
                    it.level = min((prev.level or 0) + 1, MAX_LEVEL)
                    it.level_evidence = "旧版摘录中无此段；视为上一条规则的补充"
            it.level_conf = 0.45
        if first_level0 is not None:
            it = by_para[first_level0]
            old = parse_number(next(ep.number for ei, ep in enumerate(ex.paras) if pos_of.get(ei) == first_level0))
            if it.fixed is None and old is not None:
                it.fixed = (old[0] + shift,)
                it.fixed_source = INFERRED
                it.fixed_evidence = f"旧版摘录 {old[0]:03d} 对应新编号 {old[0] + shift:03d}"


def _shares_opening(text: str, items: list[Item], k: int, lo: int, max_level) -> int | None:
    """The level of a recent sibling that opens with the same words ("如果是…", "如果打出的是…")."""
    head = text[:3]
    if len(head) < 3:
        return None
    near = sorted(range(max(lo, k - 12), min(len(items), k + 8)), key=lambda j: abs(j - k))
    for j in near:
        other = items[j]
        if j != k and other.level is not None and other.excerpt_number and other.text[:3] == head:
            return other.level
    return None


def _choose_level0(items: list[Item], anchors: dict[int, int], reserved: set[int] = frozenset()) -> None:
    """Between anchors, give the level-0 numbers to the paragraphs most likely to be level-0."""
    fixed_pos = [k for k, it in enumerate(items) if it.fixed and len(it.fixed) == 1]
    bounds = fixed_pos + [len(items)]
    start = 0
    prev_n = 0
    for end_k in bounds:
        end_n = items[end_k].fixed[0] if end_k < len(items) else None
        seg = range(start, end_k)
        free = [k for k in seg if items[k].level is None]
        already0 = sum(1 for k in seg if items[k].level == 0 and not items[k].fixed)
        bound = end_n if end_n is not None else min((n for n in reserved if n > prev_n), default=None)
        held = sum(1 for n in reserved if prev_n < n < (bound or 10**6))
        if bound is None:
            room = len(free)  # after the last anchor, nothing cited beyond: trust the shape
            picks = [k for k in free if _level0_score(items, k) > 0.5]
        elif end_n is None:
            room = max(0, bound - prev_n - 1 - already0 - held)
            scored = sorted(((k, _level0_score(items, k)) for k in free), key=lambda x: -x[1])
            picks = [k for k, s in scored[:room] if s > 1.0]  # no upper anchor: only clear openings
        else:
            room = max(0, end_n - prev_n - 1 - already0 - held)
            scored = sorted(((k, _level0_score(items, k)) for k in free), key=lambda x: -x[1])
            picks = [k for k, s in scored[:room] if s > -0.5]
        for k in sorted(picks):
            items[k].level = 0
            items[k].level_conf = 0.5 if end_n is not None and len(picks) == room else 0.3
            items[k].level_evidence = "形态推断为 level-0 规则" + (f"（锚点之间恰有 {room} 个编号）" if len(picks) == room else "")
        if end_k < len(items):
            prev_n = end_n
        start = end_k + 1


def _assign_sub_levels(items: list[Item]) -> None:
    list_stack: list[int] = []
    for k, it in enumerate(items):
        if it.level is not None:
            if it.level == 0:
                list_stack = []
            continue
        if k == 0:
            it.level, it.level_conf, it.level_evidence = 0, 0.3, "文档首段"
            continue
        it.level, it.level_conf, it.level_evidence = _sub_level(items, k, list_stack)
        prev = items[k - 1]
        if prev.level is not None and it.level > prev.level + 1:
            it.level = prev.level + 1


_LABEL = re.compile(r"^([\u4e00-\u9fff]{2,6})：(?=.)")
_LABEL_GAP = 8


def _labelled_runs(items: list[Item]) -> None:
    """Parallel labelled items ("打出效果：…", "征服效果：…", "基础费用：…") are siblings one level
    below the rule that introduces them; the paragraphs between two labels explain the label above."""
    labels = [k for k, it in enumerate(items) if it.para and it.level and _LABEL.match(it.text)]
    runs: list[list[int]] = []
    for k in labels:
        if runs and k - runs[-1][-1] <= _LABEL_GAP and all(items[j].level != 0 for j in range(runs[-1][-1], k)):
            runs[-1].append(k)
        else:
            runs.append([k])
    for run in runs:
        if len(run) < 2 or any(items[k].fixed for k in run):
            continue
        first = run[0]
        intro = items[first - 1]
        lvl = items[first].level
        if intro.level is not None and intro.level >= lvl and not _LABEL.match(intro.text):
            lvl = intro.level + 1
        if lvl + 1 > MAX_LEVEL:
            continue
        # The last label's explanations: as long as they open like the earlier labels' explanations.
        openings = {items[j].text[:4] for a, b in zip(run, run[1:]) for j in range(a + 1, b)}
        longest = max(b - a - 1 for a, b in zip(run, run[1:]))
        end = run[-1] + 1
        while end < len(items) and end - run[-1] <= longest and items[end].level and not items[end].fixed \
                and not _LABEL.match(items[end].text) and not _CLOSING_STATEMENT.match(items[end].text):
            end += 1
        while end > run[-1] + 1 and items[end - 1].text[:4] not in openings:
            end -= 1
        for k in run:
            items[k].level = lvl
            items[k].level_evidence = "并列的“X：”标签项，同级排列"
        bounds = run + [end]
        for a, b in zip(bounds, bounds[1:]):
            for j in range(a + 1, b):
                if items[j].fixed:
                    continue
                items[j].level = min(MAX_LEVEL, max(lvl + 1, items[j].level or 0))
                items[j].level_evidence = f"说明其上的标签项“{_LABEL.match(items[a].text).group(1)}”"


def _number(items: list[Item], reserved: set[int] = frozenset()) -> None:
    """Turn levels into numbers with outline counters; fixed numbers reset the counters."""
    counters: list[int] = []
    since_anchor = 0
    anchor_conf = 1.0
    last: tuple[int, ...] = ()
    for it in items:
        if it.fixed and last and not last < it.fixed:
            it.level = len(it.fixed) - 1  # a pin that would run backwards: keep its level, count on
            it.fixed = None
            it.level_evidence = (it.level_evidence or "") + "（引用编号与前文推断冲突，未采用）"
        if it.fixed:
            last = it.fixed
            counters = list(it.fixed)
            since_anchor = 0
            anchor_conf = 1.0 if it.fixed_source == CITED else 0.8
            it.key = it.fixed
            it.source = it.fixed_source
            it.confidence = anchor_conf
            it.evidence = it.fixed_evidence
            continue
        level = it.level or 0
        if not counters:
            counters = [0]
        level = min(level, len(counters))  # never skip a level
        counters = counters[: level + 1]
        if len(counters) == level + 1:
            counters[level] += 1
            while level == 0 and counters[0] in reserved:
                counters[0] += 1  # a cited number whose place is unknown: keep it for its own node
        else:
            counters.append(1)
        it.key = tuple(counters)
        last = it.key
        since_anchor += 1
        decay = 0.97 ** since_anchor
        it.source = INFERRED
        it.confidence = round(max(0.05, min(0.95, anchor_conf * it.level_conf * decay * 1.6)), 3)
        it.evidence = it.level_evidence or "按文本形态推断"


def numbered_items(paras: list[Paragraph]) -> list[Item]:
    """A document that prints its numbers: each paragraph keeps its own number."""
    items = []
    for p in paras:
        key = parse_number(p.number) if p.number else None
        it = Item(p, level=p.depth, key=key, source=SOURCE, confidence=1.0, evidence="文档印有此编号")
        if len(p.text) <= 12 and not re.search(r"[。，：]", p.text):
            it.title = p.text
        items.append(it)
    return items
