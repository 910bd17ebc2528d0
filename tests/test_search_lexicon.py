"""Build-time language resources of the search: jieba dictionary subset, user dictionary, pinyin, traditional."""

import pytest

from judge.corpus import manifest
from judge.search import lexicon
from judge.search.store import connect
from judge.search.text import norm_text


def test_shipped_jieba_subset_matches_the_corpus():
    """Regenerate with `python -m judge.search.lexicon` when the corpus changes (else builds use the full dictionary)."""
    docs = manifest.verify()
    assert lexicon.hash_path(lexicon.SUBSET_PATH).read_text(encoding="utf-8").strip() == manifest.corpus_hash(docs)


@pytest.mark.slow
def test_subset_dictionary_segments_like_the_full_one():
    docs = manifest.verify()
    h = manifest.corpus_hash(docs)
    small = lexicon.make_tokenizer(["待命区域", "法术对决"], h)
    full = lexicon.make_tokenizer(["待命区域", "法术对决"], None)
    paragraphs = [norm_text(l) for d in docs for l in d.read_text().splitlines() if l.strip()]
    for p in paragraphs[::7]:
        assert list(small.cut_for_search(p, HMM=False)) == list(full.cut_for_search(p, HMM=False)), p


def test_segmenter_segments_like_segment():
    """The build's segmenter (one segmentation per repeated block) gives every text the words `segment` gives it."""
    docs = manifest.verify()
    tok = lexicon.make_tokenizer(["待命区域", "法术对决"], manifest.corpus_hash(docs))
    lines = [norm_text(l) for d in docs for l in d.read_text().splitlines() if l.strip()]
    texts = lines[::5] + ["\n".join(lines[i : i + 4]) for i in range(0, len(lines), 40)] + ["", "，", "abc 1.5", "燃尽 (Burn Out)"]
    segment = lexicon.segmenter(tok)
    for text in texts + texts[::3]:  # again: from the memo
        assert segment(text) == lexicon.segment(tok, text), text


def test_card_names_and_keywords_are_found():
    assert lexicon.card_names("【拉文布鲁姆学生】的技能 “虚空索敌 ”会") == {"拉文布鲁姆学生", "虚空索敌"}
    assert lexicon.bracket_keywords("[急速] [绝念 ] [E] [1]") == {"急速", "绝念"}


def test_user_dictionary_terms_are_in_the_vocabulary():
    conn = connect()
    terms = [r[0] for r in conn.execute("SELECT term FROM terms LIMIT 40")]
    cleaned = [lexicon.clean_term(t) for t in terms]
    words = [t for t in cleaned if t]
    rows = dict(conn.execute(
        f"SELECT word, is_term FROM search_lex WHERE word IN ({','.join('?' * len(words))})", words).fetchall())
    assert all(rows.get(t) == 1 for t in cleaned if t), [t for t in cleaned if t and rows.get(t) != 1]


def test_pinyin_and_traditional_tables():
    conn = connect()
    assert conn.execute("SELECT target FROM search_alias WHERE kind = 'pinyin' AND alias = 'ranjin'").fetchone()[0] == "燃尽"
    t2s = dict(conn.execute("SELECT ch, s FROM search_t2s WHERE ch IN ('盡', '鏈', '結', '麼', '么')").fetchall())
    assert t2s == {"盡": "尽", "鏈": "链", "結": "结", "麼": "么"}
    assert "shi" in conn.execute("SELECT py FROM search_py WHERE ch = '是'").fetchone()[0]


def test_faq_english_names_give_synonyms_but_not_clashes():
    conn = connect()
    pairs = set(conn.execute("SELECT alias, target FROM search_alias WHERE source = 'faq-english'").fetchall())
    assert {("坟场", "废牌堆"), ("交锋", "法术对决"), ("主牌库", "主牌堆")} <= pairs
    assert ("法盾", "坚守") not in pairs  # the FAQ's "法盾 (Shield)" must not rename the rules' 法盾 (Deflect)
    assert not any(alias in target for alias, target in pairs)  # no fragments of card names
