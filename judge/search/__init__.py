"""Search over the rules, FAQ entries, errata and glossary: `judge search QUERY`.

Python API::

    from judge.search.store import connect
    from judge.search.engine import search
    result = search(connect(), "燃尽", limit=10, kinds=["rule", "faq"])
    data = result.to_dict()          # the JSON document below

Build side: `judge.search.index.build` (the last stage of judge.store.build) pre-segments every
document with jieba and writes the FTS5 index and the small dictionaries the query path needs.
Query side (cold process, no jieba/typer/rich/pypinyin/opencc): judge.search.intent (what a
question asks for; its frame), judge.search.analyze (query -> concepts: citations, card names, player
words, segmentation, English, pinyin, typos), judge.search.rank (FTS5 candidates -> scored hits),
judge.search.arrange (a rule before an FAQ entry that answers as well; a heading's paragraphs after
it), judge.search.steps (an order question's alternatives mapped to the steps of a procedure),
judge.search.snippet, render. Shipped data: judge/search/data/player_words.tsv (curated, a
source per row), heading_terms.tsv (English heading terms of the official rules -> Chinese terms,
written by tools/heading_terms.py) and asked/*.tsv (questions in players' words each rule paragraph
answers, drafted by the tool's authors from the rule alone: indexed with the paragraph, never shown as
rule text).

JSON output (`judge search --json`), schema_version 1 — stable; fields are only ever added::

    {
      "schema_version": 1,
      "query": str,                # as typed
      "normalized": str,           # folded, traditional -> simplified
      "question_like": bool,       # a question: FAQ entries are favoured
      "concepts": [{"label": str, "forms": [str], "via": str, "weight": float}],
                                   # via: text | synonym | english | pinyin | fuzzy | literal
      "citations": [{"raw": str, "number": str, "numbering": "current" | "old",
                     "rule": str | null, "note": str}],
      "corrections": [{"from": str, "to": str}],      # typos fixed before searching
      "notes": [str],              # Chinese remarks shown above the results
      "suggestions": [str],        # "你是不是要找：…" when nothing matched well; the closest terms
                                   # when nothing matched at all
      "message": str,              # when nothing matched: a Chinese sentence saying so (else "")
      "step_note": str,            # an order question whose two alternatives are steps of one of the rules'
                                   # procedures (judge.search.steps): their order, e.g. "顺序：打出过程（353）
                                   # 第2步 做出相关的选择（355） 先于 第4步 支付卡牌费用（357）", ending with
                                   # steps.READING_MARK (which step each side names is the tool's reading); a
                                   # drafted name keeps 〔标题为本工具所拟〕. Those steps are the first hits.
                                   # "" otherwise. Shown above the results.
      "hits": [{
        "rank": int,
        "kind": "rule" | "faq" | "errata" | "term",
        "kind_label": "规则" | "FAQ" | "勘误" | "术语",
        "id": str,                 # rule id "<version>:<number>", FAQ id, errata id, or the term
        "number": str | null,      # rule number (rules and terms with a defining rule)
        "display_number": str | null,   # "≈352.4" when the number is inferred
        "number_source": str | null,    # cited | source | inferred | absent | aligned
        "inferred": bool,
        "breadcrumb": [str],       # ancestors, e.g. ["300 游戏流程", "318 清理"]
        "title": str,              # a skeleton node's display label too (marked 〔标题为本工具所拟〕)
        "sub_rules": [{"number": str, "title": str}],  # labelled sub-rules of 440-829 the query is also about
                                   # (judge.search.sublabels; for a question, the closest is the next hit); [] if none
        "snippet": str,            # excerpt around the match
        "highlights": [[start, end]],   # spans of matched words inside `snippet`
        "text": str,               # the full text of the hit
        "examples": [str],         # a rule's "举例：" examples (empty for other kinds)
        "score": float,            # 100 for a direct hit; a brought sub-rule shows its hit's, a placed rule its ruling's
        "coverage": float,         # share of the query's concepts the hit mentions (0..1)
        "matched": [str],
        "direct": bool,            # reached through a rule citation in the query
        "note": str,               # why it stands there, e.g. "上一条中问题所问的子条款" (judge.search.sublabels)
        "status": str | null,      # an FAQ entry's reviewed status: valid | disputed | partly_superseded | superseded
                                   # (partly_superseded: its result still holds, its reasoning, a timing detail
                                   # or one part was replaced by superseded_by); null for other kinds
        "status_label": str | null,     # the status in Chinese, e.g. "部分被取代（结论仍成立）"
        "superseded": bool,        # replaced by a current rule, wholly or in part (status tells which);
                                   # both rank alike; a superseded one on the first screen follows its rule
                                   # (note "现行规则：其后的FAQ裁定已被本条取代", judge.search.arrange)
        "superseded_by": str | null,    # the current rule that replaced it (or that a disputed one concerns)
        "status_note": str | null, # what was reviewed: for a partly superseded entry, what holds and what was replaced
        "translation_note": str | null,  # a rule where the Chinese text differs from v1.4 (judge/rules/translation_notes.py)
        "source": str              # "file:line" of the paragraph
      }]
    }

Exit status: 0 (also when nothing matched: `hits` is [] and `message` says so, with the closest
terms in `suggestions`), 2 bad input (empty query, unknown --kind).
"""
