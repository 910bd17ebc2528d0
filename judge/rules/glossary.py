"""The bilingual glossary: terms of the current rules, their English names and other translations.

Sources, each recorded per row:
- the rules themselves: definitions ("致命伤害是指…", "额外费用：…", "称为非战斗法术对决"), headings and
  bracketed keywords ("[急速]"), each linked to the defining rule;
- the core FAQ's "中文 (English)" pairs (mined, source "C-L<line>"), which also reveal its other
  translations (潜伏 for 待命, 坟场 for 废牌堆, 力量值 for 战力 …);
- data/glossary_curated.tsv: the reviewed list of terms, FAQ synonyms and the English names the FAQ
  never pairs (source "curated: reason").

`load_curated()`, `build_glossary()` and `build_from_documents()` are pure; judge.store writes the terms and
term_aliases tables (search adds its pinyin/traditional aliases in its own stage).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judge.errors import CorpusError
from judge.paths import data_file
from judge.rules import drafted
from judge.rules.zh_clean import clean, name_key

CURATED_FILE = data_file("judge.rules", "data", "glossary_curated.tsv")
CURATED_COLUMNS = ["term", "english", "kind", "rule", "aliases", "source"]
ALIAS_KINDS = ("synonym", "english")

# Pairs the core FAQ prints that are mistranslations: never map them. "法盾 (Shield)" means 坚守;
# the core rules' 法盾 is Deflect.
FALSE_PAIRS = {("法盾", "shield")}


@dataclass
class CuratedTerm:
    term: str
    english: str | None
    kind: str
    rule: str | None
    aliases: list[tuple[str, str]]  # (kind, alias)
    source: str
    file_line: int


@dataclass
class GlossaryItem:
    """A glossary term being assembled (its aliases with their sources); the store keeps it and readers
    get it back as judge.records.Term."""

    term: str
    english: str | None = None
    rule_id: str | None = None
    kind: str = "term"
    source: str = ""
    aliases: dict[str, tuple[str, str]] = field(default_factory=dict)  # alias -> (kind, source)


def load_curated(path: Path = CURATED_FILE) -> list[CuratedTerm]:
    """The reviewed glossary file; a clear error names the file and line of any malformed row."""
    out: list[CuratedTerm] = []
    header = False
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header:
            if cells != CURATED_COLUMNS:
                raise CorpusError(f"{path} 第 {lineno} 行应为表头：{' '.join(CURATED_COLUMNS)}")
            header = True
            continue
        if len(cells) != len(CURATED_COLUMNS):
            raise CorpusError(f"{path} 第 {lineno} 行应有 {len(CURATED_COLUMNS)} 列，实有 {len(cells)} 列")
        term, english, kind, rule, aliases, source = (c.strip() for c in cells)
        parsed = []
        for item in filter(None, aliases.split("|")):
            akind, _, alias = item.partition(":")
            if akind not in ALIAS_KINDS or not alias:
                raise CorpusError(f"{path} 第 {lineno} 行：别名应写作 synonym:词 或 english:Word，实为 {item!r}")
            parsed.append((akind, alias))
        if not english and not source.startswith("faq"):
            raise CorpusError(f"{path} 第 {lineno} 行：{term} 没有英文名，来源却不是 faq")
        out.append(CuratedTerm(term, english or None, kind, rule or None, parsed, source, lineno))
    return out


# ------------------------------------------------------------ FAQ pairs

_FAQ_PAIR = re.compile(r"([\u4e00-\u9fff][\u4e00-\u9fff\- ]{0,10}?)\s*[”\"]?\s*\(\s*([A-Za-z][A-Za-z \-’'/]{0,40}?)\s*\)")


def faq_pairs(core_text: str) -> list[tuple[str, str, int]]:
    """Every "中文 (English)" in the core FAQ as (Chinese run before the parenthesis, English, line)."""
    out = []
    for lineno, line in enumerate(core_text.splitlines(), start=1):
        for zh, en in _FAQ_PAIR.findall(line):
            out.append((re.sub(r"[\s\-]", "", zh), en.strip(), lineno))
    return out


def _first_line(core_text: str, word: str, cleaned: dict[str, list[str]] | None = None) -> int | None:
    """The first line of the text that holds the word once cleaned; `cleaned`: a text -> cleaned lines memo."""
    if cleaned is None:
        cleaned = {}
    lines = cleaned.get(core_text)
    if lines is None:
        lines = cleaned[core_text] = [clean(line) for line in core_text.splitlines()]
    for lineno, line in enumerate(lines, start=1):
        if word in line:
            return lineno
    return None


def _english_case(en: str) -> str:
    """"exhaust" -> "Exhaust", "standard move" -> "Standard move"; names already capitalised stay."""
    return en[:1].upper() + en[1:]


# ------------------------------------------------------------ terms from the rules

# "致命伤害是指…", "休眠是一种行动…", "单位为：…", "传奇为游戏物体", "胜利得分默认为8分"
_DEFINES = re.compile(r"^([\u4e00-\u9fff]{1,8})\s*(?:是指|，是指|指的是|是一种|为\s*：|为游戏物体|默认为)")
_LABEL = re.compile(r"^([\u4e00-\u9fff]{2,8})\s*：\s*\S")
_CALLED = re.compile(r"(?:也被)?称为\s*[“\[]?\s*([\u4e00-\u9fff]{2,10}?)\s*[”\]]?\s*(?=[。，；、）\s]|$)")
_BRACKET_KEYWORD = re.compile(r"\[\s*([\u4e00-\u9fff]{2,4})\s*\]")
_NOT_TERMS = {"举例", "提示", "注意", "例如", "此类", "这类", "该玩家", "其他", "以下"}
# Label-like openings that are not terms: "任务包括但不限于：", "如果该游戏物体：", "在场地上时：".
_NOT_TERM_SHAPE = re.compile(r"(包括|不限于|为|时|此牌|形式)$|^(如果|若|当|该|其)|的|在")


def _is_term(word: str) -> bool:
    return word not in _NOT_TERMS and not _NOT_TERM_SHAPE.search(word)


def rule_defined_terms(rules: list[dict]) -> list[tuple[str, dict, str]]:
    """(term, defining rule, how) for definitions and headings in the current rules, document order."""
    out = []
    for r in rules:
        text = (r.get("text") or "").strip()
        title = (r.get("title") or "").strip()
        # A title the tool drafted for a skeleton node (judge/rules/drafted.py) is no rules term.
        if title and not drafted.is_drafted(title) and (r.get("is_heading") or r.get("number_source") == "absent"):
            out.append((clean(title), r, "heading"))
        for rx in (_DEFINES, _LABEL):
            m = rx.match(text)
            if m and _is_term(m.group(1)):
                out.append((m.group(1), r, "definition"))
        for m in _CALLED.finditer(text):
            if _is_term(m.group(1)):
                out.append((m.group(1), r, "definition"))
    return out


def bracket_keywords(rules: list[dict]) -> dict[str, dict]:
    """Bracketed keywords "[急速]" in the rules -> first rule using them.

    Brackets also mark placeholders ("[数额]", "[简称]") and tags ("[武装]"): a bracketed word counts
    as a keyword only where the rules call it one ("[装配]关键词", "[急速]关键词") or a keyword
    chapter (8xx) carries it as title.
    """
    texts = "\n".join(re.sub(r"\s+", "", r.get("text") or "") for r in rules)
    keyword_titles = {clean(r.get("title") or "") for r in rules if (r.get("number") or "").startswith("8")}
    found: dict[str, dict] = {}
    for r in rules:
        for m in _BRACKET_KEYWORD.finditer(r.get("text") or ""):
            word = m.group(1)
            if word in keyword_titles or f"[{word}]关键词" in texts or f"{word}]关键词" in texts:
                found.setdefault(word, r)
    return found


# ------------------------------------------------------------ assembly

def build_glossary(rules: list[dict], core_faq_text: str = "", cards: dict[str, str | None] | None = None,
                   card_sources: dict[str, str] | None = None, curated: list[CuratedTerm] | None = None,
                   referee_faq_text: str = "") -> list[GlossaryItem]:
    """All glossary terms with their aliases; `rules` are rule rows of the current version."""
    curated = load_curated() if curated is None else curated
    by_number = {r["number"]: r for r in rules if r.get("number")}
    titled: dict[str, dict] = {}
    for r in rules:
        t = "" if drafted.is_drafted(r.get("title")) else clean(r.get("title") or "")
        if t and (t not in titled or r.get("is_heading")):
            titled.setdefault(t, r)
    defined = rule_defined_terms(rules)
    first_definition: dict[str, dict] = {}
    for term, rule, how in defined:
        if how == "definition":
            first_definition.setdefault(term, rule)

    terms: dict[str, GlossaryItem] = {}

    def rule_for(term: str, number: str | None) -> dict | None:
        if number and number in by_number:
            return by_number[number]
        return titled.get(term) or first_definition.get(term)

    # 1. the curated list: every term, with its FAQ synonyms
    faq_words: dict[str, str] = {}  # FAQ word (term or synonym) -> corpus term
    cleaned: dict[str, list[str]] = {}  # each FAQ's lines cleaned once for every synonym looked up
    for c in curated:
        rule = rule_for(c.term, c.rule)
        t = GlossaryItem(c.term, c.english, rule["id"] if rule else None, c.kind, c.source)
        for akind, alias in c.aliases:
            src = c.source
            if akind == "synonym":
                line = _first_line(core_faq_text, alias, cleaned) if core_faq_text else None
                rline = _first_line(referee_faq_text, alias, cleaned) if referee_faq_text and not line else None
                src = f"C-L{line}" if line else f"R-L{rline}" if rline else c.source
            t.aliases[alias] = (akind, src)
            if akind == "synonym":
                faq_words[alias] = c.term
        faq_words.setdefault(c.term, c.term)
        terms[c.term] = t

    # 2. English names mined from the core FAQ's pairs, matched on the longest known word ending the run
    known = sorted(faq_words, key=len, reverse=True)
    card_names = sorted((re.sub(r"[\s\-]", "", c) for c in (cards or {})), key=len, reverse=True)
    for zh, en, line in faq_pairs(core_faq_text):
        if len(en.split()) > 3 or "/" in en or any(zh.endswith(c) for c in card_names if len(c) >= 2):
            continue  # a description ("one power of any domain/color") or a card, not a term's name
        word = next((w for w in known if zh.endswith(w) and (len(w) >= 2 or zh == w)), None)
        if word is None or (word, en.lower()) in FALSE_PAIRS:
            continue
        term = terms[faq_words[word]]
        english = _english_case(en)
        if term.english is None:
            term.english = english
            term.source = f"C-L{line}" + (f"（FAQ 写作“{word}”）" if word != term.term else "")
        elif (name_key(english) != name_key(term.english) and english not in term.aliases
              and len(zh) - len(word) <= 1):
            # Another English name only when the parenthesis clearly belongs to this word alone.
            term.aliases[english] = ("english", f"C-L{line}")

    # 3. terms the rules define, and their headings and bracketed keywords
    for term, rule, how in defined:
        t = terms.get(term)
        if t is None:
            terms[term] = GlossaryItem(term, None, rule["id"], how, f"rule {rule.get('display_number') or rule['number']}")
        elif t.rule_id is None:
            t.rule_id = rule["id"]
    for kw, rule in bracket_keywords(rules).items():
        if kw not in terms:
            target = titled.get(kw) or by_number.get("800") or rule
            terms[kw] = GlossaryItem(kw, None, target["id"], "keyword", f"rule {rule.get('display_number') or rule['number']}")

    # 4. card names of the FAQs (the search's user dictionary wants them whole)
    # "卡尔玛 - 圣灵之媒" (referee FAQ) and "卡尔玛-圣灵之媒" (core FAQ) are one card: keep the first spelling.
    keys = {name_key(t): t for t in terms}
    for zh, en in (cards or {}).items():
        key = name_key(zh)
        if key in keys:
            known = terms[keys[key]]
            if known.kind == "card" and not known.english and en:
                known.english = en
            continue
        if len(zh) >= 2:
            terms[zh] = GlossaryItem(zh, en, None, "card", (card_sources or {}).get(zh, "faq"))
            keys[key] = zh
    return list(terms.values())


def lookup(terms: list[GlossaryItem], query: str) -> list[GlossaryItem]:
    """Terms whose name, English name or alias equals the query (case-insensitive for English)."""
    key = name_key(query)
    out = []
    for t in terms:
        names = [t.term, t.english or ""] + list(t.aliases)
        if any(n and name_key(n) == key for n in names):
            out.append(t)
    return out


# ------------------------------------------------------------ from the documents

def build_from_documents(docs, rules: list[dict], core=None, referee=None) -> list[GlossaryItem]:
    """Pure: the glossary of `rules` (rule rows of the current version), the FAQ documents of `docs`
    and the cards the parsed FAQs (judge.rules.faq.ParsedFaq) name."""
    texts = {d.kind: d.read_text() for d in docs if d.kind in ("faq-core", "faq-referee")}
    cards: dict[str, str | None] = {}
    sources: dict[str, str] = {}
    for parsed in (core, referee):
        if parsed is None:
            continue
        for e in parsed.entries:
            for card in e.cards:
                sources.setdefault(card, e.id)
        for zh, en in parsed.cards.items():
            if cards.get(zh) is None:
                cards[zh] = en
    return build_glossary(rules, texts.get("faq-core", ""), cards, sources,
                          referee_faq_text=texts.get("faq-referee", ""))
