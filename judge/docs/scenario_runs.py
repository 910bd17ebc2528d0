"""Running the shipped scenarios through the engine and turning each result into a Ruling.

The engine's public API (judge.scenario.runner) does the work; this module only reshapes its result
(events, checks, stop) for the ruling pages.
"""

from __future__ import annotations

import re
from pathlib import Path

from judge.docs.markup import slug
from judge.docs.rulings_model import BoardView, Expectation, Ruling, TraceStep
from judge.paths import scenarios_dir

# Folder names of scenarios/ shown in Chinese; an unknown folder is shown as named.
TOPIC_LABELS = {
    "abilities": "技能", "cards": "卡牌", "chain": "结算链", "cleanup": "清理", "combat": "战斗",
    "damage_assignment": "伤害分配", "keywords": "关键词", "modes": "游戏模式", "movement": "移动",
    "playing": "打出卡牌", "playing_cards": "打出卡牌", "priority": "优先权与焦点", "scoring": "得分",
    "showdown": "法术对决", "showdowns": "法术对决", "timing": "时机", "triggers": "触发技能",
    "turn": "回合流程", "replacement": "替换效果", "hidden": "待命", "targeting": "目标选择",
    "delayed": "延迟技能", "linked": "关联技能", "reflexive": "内嵌式触发", "damage": "伤害",
    "might": "战力与增益", "zones": "区域与卡牌", "tokens": "指示物", "resources": "符文与资源",
    "statics": "静态技能", "costs": "费用", "language": "卡牌技能语言", "battlefields": "战场的技能", "legends": "传奇与英雄",
}
_ACTIONS_HEADER = re.compile(r"^\s*(行动|actions)\s*[:：]\s*$", re.I)


def topic_label(folder: str) -> str:
    return TOPIC_LABELS.get(folder, folder)


def board_text(source: str) -> str:
    """The scenario's setup: its text up to the actions block (players, zones, battlefields)."""
    lines = source.splitlines()
    for i, line in enumerate(lines):
        if _ACTIONS_HEADER.match(line):
            return "\n".join(lines[:i]).rstrip()
    return source.rstrip()


_HEADER_LINE = re.compile(r"^\s*(场景|scenario|来源|source|说明|note)\s+(.+?)\s*$", re.I)
_HEADER_KEY = {"场景": "title", "scenario": "title", "来源": "source", "source": "source", "说明": "note", "note": "note"}


def header_fields(source: str) -> dict[str, list[str]]:
    """Title/source/note lines of a scenario file, read directly (for a file the engine cannot run)."""
    out: dict[str, list[str]] = {"title": [], "source": [], "note": []}
    for line in source.splitlines():
        m = _HEADER_LINE.match(line)
        if m:
            out[_HEADER_KEY[m.group(1).lower()]].append(m.group(2))
    return out


def to_ruling(path: Path, root: Path, result=None, error: str = "") -> Ruling:
    rel = path.relative_to(root).as_posix()
    folder = rel.split("/", 1)[0] if "/" in rel else "其他"
    source = path.read_text(encoding="utf-8", errors="replace")
    ru = Ruling(slug=slug(path.stem.split(".")[0]), path=rel, topic=topic_label(folder), title=path.stem,
                source_text=source, board=board_text(source), error=error, folder=folder)
    if result is None:
        head = header_fields(source)
        ru.title = (head["title"] or [path.stem])[0]
        ru.question = "\n".join(head["note"])
        ru.sources = head["source"]
        return ru
    sc = result.scenario
    ru.title = sc.title or path.stem
    ru.question = "\n".join(sc.notes) or sc.title
    ru.sources = list(sc.sources)
    for n, ev in enumerate(result.events, start=1):
        ru.steps.append(TraceStep(
            index=n, text=ev.text, rules=[r for r in ev.rules if r], faq=[f for f in ev.faq if f],
            changes=[c.text() for c in ev.changes], depth=ev.depth, kind=ev.kind,
        ))
    kinds = {"checkpoint": "检查点：", "illegal": "", "final": ""}
    for c in result.checks:
        ru.expectations.append(Expectation(kinds.get(c.kind, "") + c.text, bool(c.ok),
                                           "" if c.ok else f"实际：{c.actual}"))
    if result.stop is not None:
        ru.error = f"推演中止（第 {result.stop.line} 行）：{result.stop.message}"
    ru.boards = board_views(result)
    return ru


def board_views(result) -> list[BoardView]:
    """The run's recorded boards (start, checkpoints, end), each checkpoint with its verdict."""
    verdicts = iter([c for c in result.checks if c.kind == "checkpoint"])
    views = []
    for rec in getattr(result, "boards", []):
        ok = None
        if rec["at"] == "checkpoint":
            check = next(verdicts, None)
            ok = bool(check.ok) if check is not None else None
        views.append(BoardView(rec["at"], chinese_keywords(rec["board"]), rec.get("line"), rec.get("label", ""), ok))
    return views


def chinese_keywords(board: dict) -> dict:
    """A snapshot with each object's keyword ids replaced by their Chinese names (registry display)."""
    from judge.engine.keywords import KEYWORDS

    def name(kid: str) -> str:
        kw = KEYWORDS.get(kid)
        return kw.display if kw is not None else kid

    objects = [{**o, "keywords": {name(k): n for k, n in o["keywords"].items()}} if o.get("keywords") else o
               for o in board.get("board", [])]
    return {**board, "board": objects}


def run_all_scenarios(root: Path | None = None) -> tuple[list[Ruling], list[str]]:
    from judge.scenario.runner import run_file, scenario_files

    from judge.docs import rulings_cache

    root = Path(root or scenarios_dir())
    if not root.is_dir():
        return [], [f"找不到场景目录：{root}"]
    run_key = rulings_cache.key(root)
    saved = rulings_cache.load(run_key)
    if saved is not None:
        return saved
    rulings, failed = [], []
    for path in scenario_files(root):
        try:
            result = run_file(path)
        except Exception as exc:  # a broken scenario gets a page saying so; the site still builds
            message = getattr(exc, "message", None) or str(exc)
            rulings.append(to_ruling(path, root, error=f"无法运行：{message}"))
            failed.append(f"{path.relative_to(root)}：{message.splitlines()[0] if message else exc}")
            continue
        rulings.append(to_ruling(path, root, result))
    notes = []
    if failed:
        notes.append(f"{len(failed)} 个场景无法运行，其裁定页只显示错误（例如 {failed[0]}）")
    rulings_cache.save(run_key, (rulings, notes))
    return rulings, notes
