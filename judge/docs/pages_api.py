"""The "Python 接口" page: how to use the package from Python (a notebook, a bot).

Signatures are read from judge.api itself; every public method must have a description here
(tests/test_api.py fails when one is missing), so the page cannot fall behind the code.
"""

from __future__ import annotations

import inspect

API_PAGE = "api.md"

# Public methods of Rulebook -> what they return, in Chinese.
RULEBOOK_METHODS = {
    "rule": "按编号取一条规则（`Rule`）；编号可写成 `349`、`352.8.a`、`规则 349.打出卡牌`、`≈352.4`。找不到时抛出 `NotFoundError`（提示最接近的编号），格式错误时抛出 `BadNumber`。",
    "get": "同 `rule`，但找不到时返回 `None`。",
    "children": "直接子规则（`list[Rule]`），按文档顺序。",
    "subtree": "规则本身及其全部子规则；`depth` 限制层数。",
    "section": "对章节标题（如 `349 打出卡牌`）：该节的顶层规则；其他规则返回空列表。",
    "breadcrumb": "从顶层规则到该规则的路径。",
    "rules": "本版本的全部规则，或从 `start` 到 `end`（含）的规则。",
    "refs_out": "该规则正文引用的规则（`list[Ref]`，含被引规则的显示编号）。",
    "refs_in": "正文引用了该规则的规则（`list[Ref]`）。",
    "nearest": "与给定编号最接近的现有编号（用于“你是不是要找”）。",
    "versions": "语料中的文档版本（`list[Version]`）。",
    "faq": "一条 FAQ（`FaqEntry`，如 `C-L33`），含所依据的规则（`FaqRef`）与相关勘误。",
    "faq_entries": "FAQ 条目列表，可按文档（`core`、`referee`）、主题或状态（`valid`、`disputed`、`partly_superseded`、`superseded`）筛选。",
    "faq_for": "依据某条规则的 FAQ 条目。",
    "errata": "修订文本（`list[Erratum]`），全部或某张卡牌的（中文名、英文名或别名，支持模糊匹配）。",
    "glossary": "术语表（`list[Term]`），全部或某个术语（中文、英文、拼音、繁体）。",
    "search": "搜索规则、FAQ、勘误与术语（`SearchResult`，`hits` 为 `SearchHit` 列表）；`kinds` 可为 `rule`、`faq`、`errata`、`term` 或其中文名。",
    "build": "（静态方法）把语料构建为指定路径的数据库文件，之后可用 `Rulebook(路径)` 打开。",
    "close": "关闭数据库连接（`with Rulebook() as book:` 会自动关闭）。",
}

RECORDS = {
    "Rule": "一条规则：`number`、`display_number`（推断编号带“≈”）、`number_source`（编号来源，`Provenance`）、`confidence`、`evidence`、`title`、`text`、`examples`、`level`、`parent`、出处（`source_file`、`source_line`）；`certain` 为假时编号不可当作确定编号。",
    "Ref": "正文中的一处引用：`from_rule`、`to_number`、`to_rule`（无法解析时为 `None`）、`cited_title`、`raw`。",
    "FaqEntry": "一条 FAQ：`id`、`doc`、`topic`、`question`、`answer`、`bullets`、`status`（`valid` 有效、`disputed` 有争议、`partly_superseded` 部分被取代但结论仍成立、`superseded` 已被取代；后三者带 `superseded_by`：取代或涉及它的现行规则；`superseded` 属性对后两者为真）、`refs`、`errata`；由 `faq_for` 得到时 `method` 说明它与该规则的关联方式（explicit、mapped、topic…）。",
    "FaqRef": "FAQ 所依据的规则：`rule_id`、`display_number`、`method`（由确定到推测：status 取代该裁定的规则、reviewed 核对所依据的规则、explicit 直接引用、renumbered 旧编号经人工核对、mapped 旧编号按内容对应、suggested 搜索建议）、`confidence`。",
    "Erratum": "修订文本：`card_zh`、`card_en`、`text`、`faq_id`。",
    "Term": "术语：`term`、`english`、`kind`、`aliases`、定义规则的 `number`、`display_number`、`number_source`。",
    "Version": "文档版本：`version`、`file`、`kind`、`sha256`、`description`。",
    "SearchHit": "搜索结果：`kind`、`id`、`number`、`display_number`、`number_source`、`title`、`snippet`、`score`、`status`、`superseded`（FAQ 条目被现行规则全部或部分取代时为真，`status` 区分两者）…",
    "ScenarioResult": "场景推演结果：`passed`、`events`（追踪事件：`kind`、`text`、`rules`、`faq`）、`expectations`（`text`、`ok`、`actual`、`line`、`kind`）、`stop`、`rules_applied`。",
}

EXAMPLE = '''from judge import Rulebook, run_scenario, load_scenario

book = Rulebook()                                  # 首次使用时构建到用户缓存目录
rule = book.rule("349")                            # Rule(number='349', title='打出卡牌', number_source=Provenance.CITED, …)
hits = book.search("燃尽", kinds=["rule"], limit=5).hits
result = run_scenario("scenarios/combat/equal_might_all_die.场景")
print(result.passed, [e.text for e in result.failures])'''


def public_methods(cls) -> list[str]:
    return [name for name, _ in inspect.getmembers(cls, callable) if not name.startswith("_")]


def _signature(obj, name: str) -> str:
    try:
        sig = str(inspect.signature(getattr(obj, name)))
    except (TypeError, ValueError):
        return f"{name}(…)"
    return f"{name}{sig.replace('self, ', '').replace('(self)', '()')}"


def render_api() -> str:
    from judge import api

    lines = ["# Python 接口 {#top}", "",
             "除命令行外，本工具也可在 Python 中使用（笔记本、机器人等）。命令行的各个命令都建立在同一套接口之上。",
             "公开的名称只有 `judge.__all__` 所列的这几个：`Rulebook`、`ScenarioResult`、`load_scenario`、`run_scenario`。", "",
             "```python", EXAMPLE, "```", "",
             "## Rulebook {#rulebook}", "",
             "`Rulebook()` 打开随包发布的语料（或 `JUDGE_CORPUS_DIR` 指定的语料）的规则数据库，必要时先构建；"
             "`Rulebook(语料目录)` 对另一份语料（含 MANIFEST.tsv 的目录）做同样的事；"
             "`Rulebook(数据库文件)` 以只读方式打开 `judge build` 生成的数据库；`version=` 选择规则版本（默认现行版本）。"
             "所有方法返回带类型的记录（dataclass），从不返回数据库行。", ""]
    for name in public_methods(api.Rulebook):
        lines.append(f"- `{_signature(api.Rulebook, name)}`：{RULEBOOK_METHODS[name]}")
    lines += ["", "## 场景 {#scenarios}", "",
              f"- `{_signature(api, 'load_scenario')}`：读取并校验场景（文件路径、随包场景的相对路径如 "
              "`combat/equal_might_all_die.场景`，或场景文本）；错误时抛出带文件、行、列的中文 `ScenarioError`。",
              f"- `{_signature(api, 'run_scenario')}`：按规则推演场景，返回 `ScenarioResult`；`auto=True` 时缺少的选择按文档默认方式决定。",
              "", "## 记录类型 {#records}", "",
              "编号的来源（`Provenance`）：cited（正文引用确认）、source（文档印有编号）、official（官方编号对照）、"
              "aligned（用户参照对齐）、inferred（推断，显示为“≈”）、absent（语料中无正文）、reference（仅见于用户参照文本）。"
              "编号本身用 `judge.rules.number.RuleNumber` 解析、排序、求上级与显示。", "",
              ]
    lines += [f"- `{name}`：{text}" for name, text in RECORDS.items()]
    lines.append("")
    return "\n".join(lines)
