"""Development time: the publisher's card catalog (JSON) -> the card facts shipped in judge/cards/data/.

    python tools/build_card_facts.py [CATALOG.json]     (default: ../shared/reference/card-catalog-*.json)

Writes
  judge/cards/data/cards.tsv      one row per printing: collector number, names, category, cost, power,
                                  Might, domains, tags, champion, keywords, set, rarity, pinyin key
  judge/cards/data/faq_names.tsv  every card name either FAQ uses -> the shipped card, or why it is absent
  judge/cards/data/name_index.json  derived lookup data: collector-number and name keys -> card, the
                                  traditional -> simplified characters of the card names, row positions

Only facts are written: the card text (`cardEffect`) and flavour text never leave the catalog; the
keywords come from its `{{…}}` markup, whose keyword names are facts. English names come from the
FAQs' bilingual "中文名 (English Name)" pairs. Name matches the FAQs need but no rule can find are
curated in tools/card_faq_names.curated.tsv.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from judge.cards import names as N  # noqa: E402
from judge.cards.model import COLUMNS  # noqa: E402

DATA = REPO / "judge" / "cards" / "data"
CURATED = Path(__file__).resolve().parent / "card_faq_names.curated.tsv"

# Markup tokens that are symbols, not words: Might, any power, a card's domain, energy digits, arrows.
_SYMBOL = re.compile(r"^(?:[SsAC]|\d+|>+|横置|获得|红色|绿色|蓝色|橙色|紫色|黄色)$")
# Keyword names (rule 800s) as the catalog spells them; a value, domain or '>' may follow.
KEYWORDS = ("急速", "迅捷", "强攻", "绝念", "法盾", "游走", "待命", "鼓舞", "反应", "坚守", "壁垒", "瞬息",
            "预知", "装配", "灵便", "回响", "百炼", "伏击", "狩猎", "等级", "唯我", "后排")
# Marked-up game terms that are not keywords (a status, unit words, an action).
TERMS = ("眩晕", "强力", "增益", "洞察")
_KEYWORD = re.compile(r"^(" + "|".join(KEYWORDS + TERMS) + r")(\d*)(.*?)>?$")

SET_NAMES = {  # set code -> (Chinese series name as the publisher's products print it, English set name)
    "OGN": ("起源", "Origins"), "OGS": ("起源 试炼之地", "Proving Grounds"), "SFD": ("铸魂淬炼", "Spiritforged"),
    "UNL": ("破限系列", "Unleashed"), "ARC": ("双城之战主题礼盒", "Arcane Box Set"), "FND": ("", "Promo"),
}


def default_catalog() -> Path:
    """The newest catalog in $JUDGE_REFERENCE_DIR, else in shared/reference beside the checkout."""
    import os

    for base in (os.environ.get("JUDGE_REFERENCE_DIR"), REPO.parent / "shared" / "reference", "/work/shared/reference"):
        found = sorted(Path(base).glob("card-catalog-*.json")) if base else []
        if found:
            return found[-1]
    raise SystemExit("no catalog found: pass its path (or set JUDGE_REFERENCE_DIR)")


def markup_keywords(effect: str) -> tuple[list[str], list[str]]:
    """(the card's own keywords with their value, e.g. '强攻 2', '等级 6'; other marked-up terms) in order of
    appearance. A keyword is the card's own when it opens a line (only markup before it on the line:
    "{{急速}}", "{{绝念}}—…", "{{装配}}{{1}}{{红色}}"); a keyword named inside a sentence ("…获得{{瞬息}}") is
    something the card does to another object, and is listed with the terms."""
    kws: list[str] = []
    terms: list[str] = []
    for line in (effect or "").split("\n"):
        for m in re.finditer(r"\{\{([^}]*)\}\}", line):
            _classify(m.group(1).strip(), re.fullmatch(r"(\{\{[^}]*\}\}\s*)*", line[:m.start()].lstrip()) is not None,
                      kws, terms)
    own = {k.split(" ")[0] for k in kws}
    return kws, [t for t in terms if t.split(" ")[0] not in own]  # a keyword the card has is not also a term


def _classify(token: str, opens_line: bool, kws: list[str], terms: list[str]) -> None:
    if not token or _SYMBOL.match(token):
        return
    m = _KEYWORD.match(token)
    if not m:
        raise SystemExit(f"unknown markup token {{{{{token}}}}}: classify it in tools/build_card_facts.py")
    name, value = m.group(1), m.group(2)
    entry = f"{name} {value}" if value else name
    target = terms if name in TERMS or not opens_line else kws
    if entry not in target:
        target.append(entry)


def printing_row(c: dict, english: dict[tuple[str, str], str], pinyin) -> dict:
    number = c["cardNo"].strip()
    set_code = N.parse_number(number).set_code
    kws, terms = markup_keywords(c.get("cardEffect") or "")
    domains = [d for d in (c.get("cardColorList") or []) if d]
    name, sub = c["cardName"].strip(), (c.get("subTitle") or "").strip()
    return {
        "number": number, "number_key": N.parse_number(number).key, "set": set_code, "name": name, "subtitle": sub,
        "english": english.get((name, sub), ""),
        "category": c["cardCategoryName"].strip(), "category_code": c["cardCategory"].strip(),
        "energy": "" if c.get("energy") is None else str(c["energy"]),
        "power": "" if c.get("returnEnergy") is None else str(c["returnEnergy"]),
        "might": "" if c.get("power") is None else str(c["power"]),
        "domains": ",".join(domains), "tags": ",".join(t for t in re.split(r"[,、|\s]+", c.get("tag") or "") if t),
        "champion": (c.get("hero") or "").strip(), "region": (c.get("region") or "").strip(),
        "keywords": ",".join(kws), "terms": ",".join(terms),
        "rarity": (c.get("rarityName") or "").strip(), "finish": (c.get("extendRarityName") or "").strip(),
        "deck_limit": "" if c.get("cardGroupLimit") is None else str(c["cardGroupLimit"]),
        "pinyin": pinyin.key(name) + ("|" + pinyin.key(sub) if sub else ""),
    }


def _cell(value: str) -> str:
    if "\t" in value or "\n" in value:
        raise SystemExit(f"a tab or newline in a fact: {value!r}")
    return value


def write_tsv(path: Path, header_comment: list[str], columns: list[str], rows: list[dict]) -> None:
    lines = [f"# {c}" for c in header_comment] + ["\t".join(columns)]
    lines += ["\t".join(_cell(r.get(col, "")) for col in columns) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def load_curated() -> dict[str, tuple[str, str]]:
    """FAQ name -> (collector number or 'absent', reason)."""
    out = {}
    for line in CURATED.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        faq_name, target, reason = line.split("\t")
        out[faq_name] = (target, reason)
    return out


def faq_names() -> tuple[dict[str, str | None], list[str]]:
    """Every card name of both FAQs -> its English name (None if the FAQ never pairs it); in document order."""
    from judge.rules.faq import parse_shipped

    core, referee = parse_shipped()
    names: dict[str, str | None] = {}
    for parsed in (core, referee):
        for zh, en in parsed.cards.items():
            if names.get(zh) is None:
                names[zh] = en
        for err in parsed.errata:
            names.setdefault(err.card_zh, err.card_en)
    return names, list(names)


def resolve_faq_names(cards_by_key: dict, curated: dict) -> list[dict]:
    """Each FAQ card name -> a row of faq_names.tsv (resolved by rule, curated, or absent with a reason)."""
    names, order = faq_names()
    index = N.NameIndex.from_cards(cards_by_key)
    rows = []
    for zh in order:
        en = names[zh] or ""
        if zh in curated:
            target, reason = curated[zh]
            if target == "absent":
                rows.append({"faq_name": zh, "english": en, "number": "", "how": "absent", "note": reason})
                continue
            key = index.by_number(target)
            if key is None:
                raise SystemExit(f"curated FAQ name {zh}: no printing {target}")
            rows.append({"faq_name": zh, "english": en, "number": cards_by_key[key]["number"], "how": "curated",
                         "note": reason})
            continue
        key, how = index.exact(zh)
        rows.append({"faq_name": zh, "english": en, "number": cards_by_key[key]["number"] if key else "",
                     "how": how or "", "note": ""})
    # Two Chinese names the FAQs pair with one English name (雷霆之纹 / 风暴印记) name one card.
    by_english = {N.latin_key(r["english"]): r for r in rows if r["english"] and r["how"] not in ("", "absent")}
    for r in rows:
        if r["how"] == "":
            found = by_english.get(N.latin_key(r["english"])) if r["english"] else None
            if found is None:
                raise SystemExit(f"FAQ card name {r['faq_name']!r} ({r['english']}) resolves to no card: "
                                 f"add it to {CURATED.name}")
            r.update(number=found["number"], how="alias", note=f"与“{found['faq_name']}”同一英文名 {r['english']}")
    # Names the FAQ texts use without an English pair (short forms, other translations): curated only.
    for zh, (target, reason) in curated.items():
        if zh in names:
            continue
        key = index.by_number(target)
        if key is None:
            raise SystemExit(f"curated FAQ name {zh}: no printing {target}")
        rows.append({"faq_name": zh, "english": "", "number": cards_by_key[key]["number"], "how": "curated",
                     "note": reason})
    return rows


def main(argv: list[str]) -> int:
    from judge.search.lexicon import Pinyin, Traditional

    path = Path(argv[0]) if argv else default_catalog()
    data = json.loads(path.read_text(encoding="utf-8"))
    printings = data["cards"]
    if data.get("total") != len(printings):
        raise SystemExit(f"catalog says {data.get('total')} cards but lists {len(printings)}")
    pinyin = Pinyin()

    # First pass without English names: the FAQ resolution needs the index.
    rows = [printing_row(c, {}, pinyin) for c in printings]
    primary = N.primary_rows(rows)
    curated = load_curated()
    faq_rows = resolve_faq_names(primary, curated)
    english: dict[tuple[str, str], str] = {}
    by_number = {r["number"]: r for r in rows}
    for fr in faq_rows:
        if fr["number"] and fr["english"]:
            r = by_number[fr["number"]]
            english.setdefault((r["name"], r["subtitle"]), fr["english"])
    rows = [printing_row(c, english, pinyin) for c in printings]
    # Grouped by card (cards in order of their primary printing), each card's primary printing first.
    primary = N.primary_rows(rows)
    card_order = {cid: N.number_sort_key(r["number"]) for cid, r in primary.items()}
    rows.sort(key=lambda r: (card_order[N.card_id(r["name"], r["subtitle"])], N.primary_sort_key(r["number"])))

    distinct = {(r["name"], r["subtitle"]) for r in rows}
    print(f"{len(rows)} printings, {len(distinct)} distinct cards, {len({r['name'] for r in rows})} names")
    fetched = data.get("fetchedAt", "")
    comment = [f"Card facts of the publisher's Chinese catalog fetched {fetched} ({len(rows)} printings, "
               f"{len(distinct)} distinct cards). Facts only: no card text.",
               "Generated by tools/build_card_facts.py; do not edit by hand."]
    DATA.mkdir(parents=True, exist_ok=True)
    write_tsv(DATA / "cards.tsv", comment, COLUMNS, rows)

    chars = {ch for r in rows for ch in r["name"] + r["subtitle"] + r["champion"] if ch.strip()}
    t2s = Traditional().char_map(chars)
    absent = [r for r in faq_rows if r["how"] == "absent"]
    write_tsv(DATA / "faq_names.tsv",
              ["Every card name of the two FAQs -> the shipped card (its first printing), or why it is absent.",
               "how: exact | full (name-subtitle) | champion (name-champion) | alias (same English name) | curated | absent.",
               "Generated by tools/build_card_facts.py from the FAQs and tools/card_faq_names.curated.tsv."],
              ["faq_name", "english", "number", "how", "note"], faq_rows)
    # The lookup data the runtime loads instead of computing (judge.cards.catalog.Catalog).
    from judge.cards.catalog import Catalog

    grouped: dict[str, list[list[str]]] = {}
    lines: dict[str, list[int]] = {}
    first_row_line = 1 + len(comment) + 1 - 1  # comment lines, then the header; rows follow (0-based)
    for i, r in enumerate(rows):
        cid = N.card_id(r["name"], r["subtitle"])
        grouped.setdefault(cid, []).append([r[c] for c in COLUMNS])
        lines.setdefault(cid, []).append(first_row_line + i)
    index = Catalog.build_index(grouped, [[r[c] for c in ("faq_name", "english", "number", "how", "note")]
                                          for r in faq_rows], t2s)
    for cid, found in lines.items():  # rows of a card are consecutive: [first line, count]
        assert found == list(range(found[0], found[0] + len(found))), cid
    lookup = {"columns": COLUMNS, "t2s": dict(sorted((t, s) for t, s in t2s.items() if t != s)),
              "numbers": index.numbers, "keys": index.keys,
              "lines": {cid: [found[0], len(found)] for cid, found in lines.items()}}
    (DATA / "name_index.json").write_text(json.dumps(lookup, ensure_ascii=False, separators=(",", ":")) + "\n",
                                          encoding="utf-8")
    hows = Counter(r["how"] for r in faq_rows)
    print(f"{len(faq_rows)} FAQ card names: {dict(hows)}; absent: {', '.join(r['faq_name'] for r in absent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
