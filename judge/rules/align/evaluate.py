"""Measuring the aligner against documents whose true numbers are known (fixtures, benchmarks).

A truth file lists, for each paragraph of an unnumbered document, the reference numbers it holds
("303.1.a,303.1.b" for a merged paragraph, "+" for a paragraph the reference lacks), then
"removed<TAB>N" / "dropped<TAB>N" lines for reference rules the document lacks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judge.rules.align.confidence import CONFIDENT
from judge.rules.align.dp import Alignment, Para
from judge.rules.align.reference import RefRule


def read_paragraphs(path: Path, prefix: str = "p") -> list[Para]:
    """An unnumbered plain-text document, one paragraph per non-empty line."""
    lines = [ln.strip() for ln in Path(path).read_text(encoding="utf-8").splitlines()]
    return [Para(f"{prefix}{k}", ln) for k, ln in enumerate(x for x in lines if x)]


@dataclass
class Truth:
    numbers: list[list[str]]            # per paragraph; [] = inserted
    removed: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)


def read_truth(path: Path) -> Truth:
    truth = Truth([])
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith(("removed\t", "dropped\t")):
            kind, number = line.split("\t")
            getattr(truth, kind).append(number.strip())
        else:
            truth.numbers.append([] if line.strip() == "+" else line.strip().split(","))
    return truth


@dataclass
class Score:
    paragraphs: int
    correct: int
    confident: int
    confident_correct: int
    wrong: list[str]

    @property
    def accuracy(self) -> float:
        return self.correct / self.paragraphs if self.paragraphs else 1.0

    @property
    def confident_precision(self) -> float:
        return self.confident_correct / self.confident if self.confident else 1.0

    @property
    def coverage(self) -> float:
        return self.confident / self.paragraphs if self.paragraphs else 1.0


def score(al: Alignment, refs: list[RefRule], truth: Truth) -> Score:
    wrong = []
    correct = confident = confident_correct = 0
    for i, expected in enumerate(truth.numbers):
        got = al.numbers_of(i, refs)
        ok = got == expected
        correct += ok
        link = al.by_para.get(i)
        if link and link.confidence_of(i) >= CONFIDENT:
            confident += 1
            confident_correct += ok
        if not ok:
            wrong.append(f"#{i}: expected {','.join(expected) or '+'} got {','.join(got) or '+'}"
                         f" (conf {link.confidence_of(i) if link else '-'})")
    return Score(len(truth.numbers), correct, confident, confident_correct, wrong)


INSERTS = {
    "zh": ["每名玩家都可以随时查看任何玩家废牌堆中的卡牌。", "如果两个效果同时生效，由回合玩家决定其顺序。",
           "玩家不能主动让自己控制的指示物离开场地。", "游戏中使用的骰子只用于记录数值。"],
    "en": ["Each player may look at the cards in any player's trash at any time.",
           "If two effects apply at once, the turn player chooses their order.",
           "A player cannot choose to remove a token they control from the board.",
           "Dice used during the game only keep track of values."],
}


def damage(refs: list[RefRule], lang: str, seed: int, *, p_drop_heading=0.6, p_merge=0.06,
           p_split=0.06, p_remove=0.03, p_insert=0.03, p_space=0.3) -> tuple[list[Para], Truth]:
    """An unnumbered, damaged copy of a numbered document, with the truth of every paragraph:
    headings dropped, paragraphs merged and split, stray spaces, rules removed and added."""
    import random
    import re

    rnd = random.Random(seed)
    paras: list[str] = []
    truth = Truth([])
    k = 0
    while k < len(refs):
        r = refs[k]
        text = r.full_text(lang)
        if r.is_heading and rnd.random() < p_drop_heading:
            truth.dropped.append(r.number)
            k += 1
            continue
        if not r.is_heading and rnd.random() < p_remove:
            truth.removed.append(r.number)
            k += 1
            continue
        if rnd.random() < p_insert:
            paras.append(rnd.choice(INSERTS[lang]))
            truth.numbers.append([])
        nxt = refs[k + 1] if k + 1 < len(refs) else None
        if not r.is_heading and nxt and not nxt.is_heading and rnd.random() < p_merge:
            sep = "" if lang == "zh" else " "
            paras.append(text + sep + nxt.full_text(lang))
            truth.numbers.append([r.number, nxt.number])
            k += 2
            continue
        cut = [m.end() for m in re.finditer(r"[。；]|[.;] ", text) if 8 < m.end() < len(text) - 8]
        if cut and rnd.random() < p_split:
            at = rnd.choice(cut)
            paras += [text[:at].strip(), text[at:].strip()]
            truth.numbers += [[r.number], [r.number]]
            k += 1
            continue
        if lang == "zh" and rnd.random() < p_space:
            at = rnd.randrange(1, max(2, len(text)))
            text = text[:at] + " " + text[at:]
        paras.append(text)
        truth.numbers.append([r.number])
        k += 1
    return [Para(f"d{k}", t) for k, t in enumerate(paras)], truth


def restrict(truth: Truth, keep: set[str]) -> Truth:
    """The truth against a reference cut down to the rules in `keep`: a paragraph whose rules all lie
    outside is expected unaligned; a merged paragraph straddling the cut keeps its rules inside."""
    numbers = []
    for ns in truth.numbers:
        inside = [n for n in ns if n in keep]
        numbers.append(inside)
    return Truth(numbers, [n for n in truth.removed if n in keep], [n for n in truth.dropped if n in keep])
