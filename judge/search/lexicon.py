"""Build-time language resources: the user dictionary, jieba, pinyin keys, traditional forms.

Everything heavy (jieba, pypinyin, opencc) is imported here and only here, and only while the store
is built. The query path reads the results from tables of the store (see judge.search.index).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from judge.paths import data_file
from judge.search.text import CJK, norm_text

# Bracketed keywords in rules and FAQ: "[急速]", "[绝念 ]"; card names: "【星芒凝汇】", “虚空索敌 ”.
_BRACKET = re.compile(r"\[\s*([" + CJK + r"]{2,6})\s*\]")
_CARD = re.compile(r"【\s*([^【】\[\]]{2,16}?)\s*】")
_QUOTED = re.compile(r"“\s*([" + CJK + r"][^“”，。；：！？]{0,14}?)\s*”")
_NAME_OK = re.compile(r"^[" + CJK + r"][" + CJK + r"\s·\-－—]*[" + CJK + r"]$")


def bracket_keywords(text: str) -> set[str]:
    return {m.group(1) for m in _BRACKET.finditer(text)}


def card_names(text: str) -> set[str]:
    """Card and token names written in 【】 or “”: kept whole by the segmenter."""
    names = set()
    for rx in (_CARD, _QUOTED):
        for m in rx.finditer(text):
            name = re.sub(r"\s+", "", m.group(1))
            if _NAME_OK.match(name) and len(name) <= 12:
                names.add(name)
    return names


def clean_term(term: str) -> str | None:
    """A dictionary entry in normalised form, or None if it is not a usable word."""
    t = norm_text(term or "")
    t = t.strip(" []【】“”\"'（）()：:，,。.")
    if len(t) < 2 or len(t) > 16 or not re.search(f"[{CJK}]", t):
        return None
    return t


SUBSET_PATH = data_file("judge.search", "data", "jieba_subset.txt")
_PAD_WORD = "\ue000"  # a private-use character: never in any text, carries the dictionary's total


def hash_path(subset: Path) -> Path:
    return subset.with_name(subset.stem + ".hash.txt")


def _jieba_dict_path() -> Path:
    import jieba

    return Path(jieba.__file__).resolve().parent / "dict.txt"


def write_jieba_subset(texts: Iterable[str], corpus_hash: str, path: Path = SUBSET_PATH) -> int:
    """Ship only the entries of jieba's 350k-word dictionary that occur in the corpus.

    Loading the full dictionary costs about a second per build. jieba's segmentation only ever
    looks up substrings of the sentence being cut, so a dictionary restricted to substrings of the
    corpus segments the corpus identically — provided the total frequency (which prices every
    word boundary) stays the same: a padding entry keeps it. Regenerate when the corpus changes:
    `python -m judge.search.lexicon`; with another corpus the build falls back to the full dictionary.
    """
    lines = _jieba_dict_path().read_text(encoding="utf-8").splitlines()
    entries = [l.split(" ") for l in lines if l.strip()]
    max_len = max(len(e[0]) for e in entries)
    grams: set[str] = set()
    for text in texts:
        for run in re.findall(f"[{CJK}]+", text):
            n = len(run)
            for i in range(n):
                for j in range(i + 1, min(n, i + max_len) + 1):
                    grams.add(run[i:j])
    total = sum(int(e[1]) for e in entries)
    kept = [e for e in entries if e[0] in grams]
    pad = total - sum(int(e[1]) for e in kept)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(f"{_PAD_WORD} {pad} x\n")
        for e in kept:
            fh.write(" ".join(e) + "\n")
    hash_path(path).write_text(corpus_hash + "\n", encoding="utf-8")
    return len(kept)


def make_tokenizer(user_words: Iterable[str], corpus_hash: str | None = None):
    """A private jieba tokenizer whose dictionary also knows the rules' own terms."""
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    subset_hash = hash_path(SUBSET_PATH)
    use_subset = (
        corpus_hash is not None and SUBSET_PATH.is_file() and subset_hash.is_file()
        and subset_hash.read_text(encoding="utf-8").strip() == corpus_hash
    )
    tok = jieba.Tokenizer(str(SUBSET_PATH) if use_subset else jieba.DEFAULT_DICT)
    tok.initialize()
    for w in user_words:
        # A high frequency keeps multi-character game terms whole ("待命区域", "法术对决").
        tok.add_word(w, freq=max(tok.suggest_freq(w, tune=False), 2000))
    return tok


def corpus_texts(docs) -> list[str]:
    from judge.search.text import norm_text as _norm

    return [_norm(d.read_text()) for d in docs]


def segment(tok, text: str) -> list[str]:
    """Index tokens of a normalised text: words and their sub-words (jieba's search mode)."""
    return _segment(tok, text, re.compile(f"[{CJK}0-9a-z]").search)


def _segment(tok, text: str, indexed) -> list[str]:
    out = []
    for w in tok.cut_for_search(text, HMM=False):
        w = w.strip()
        if w and indexed(w):
            out.append(w)
    return out


def segmenter(tok):
    """`segment` for many texts, each block segmented once. jieba cuts every run of its block class
    (jieba.re_han_default: Chinese characters, letters, digits) apart from the text around it, and the
    search mode splits each word on its own: a text's words are its blocks' words, in order. Rules, FAQ
    answers and glossary entries repeat whole clauses (a third of the characters indexed)."""
    import jieba

    indexed = re.compile(f"[{CJK}0-9a-z]").search
    blocks = jieba.re_han_default
    memo: dict[str, list[str]] = {}

    def segment_text(text: str) -> list[str]:
        out: list[str] = []
        for block in blocks.split(text):
            if block:
                words = memo.get(block)
                if words is None:
                    words = memo[block] = _segment(tok, block, indexed)
                out += words
        return out

    return segment_text


class Pinyin:
    """Toneless pinyin: every reading of each character, and contextual keys of whole words."""

    def __init__(self) -> None:
        from pypinyin import Style, lazy_pinyin
        from pypinyin.pinyin_dict import pinyin_dict

        from judge.search.text import strip_tones

        self._lazy = lazy_pinyin
        self._style = Style.NORMAL
        self.char_readings: dict[str, str] = {}
        bare_of: dict[str, str] = {}  # 1,500 toned syllables among the 40,000 characters' readings
        for code, readings in pinyin_dict.items():
            if not (0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0xF900 <= code <= 0xFAFF):
                continue
            seen: list[str] = []
            for r in readings.split(","):
                bare = bare_of.get(r)
                if bare is None:
                    bare = bare_of[r] = strip_tones(r)
                if bare and bare not in seen:
                    seen.append(bare)
            self.char_readings[chr(code)] = ",".join(seen)

    def key(self, word: str) -> str:
        """"燃尽" -> "ranjin" (readings chosen in context by pypinyin's phrase dictionary)."""
        return "".join(self._lazy(word, style=self._style, v_to_u=False, errors="ignore")).lower()

    def syllables(self, word: str) -> list[str]:
        return [s.lower() for s in self._lazy(word, style=self._style, errors="ignore")]


class Traditional:
    """Traditional Chinese (Taiwan / Hong Kong) forms, from opencc's conversion tables."""

    def __init__(self) -> None:
        import opencc

        self._dir = Path(opencc.__file__).resolve().parent / "dictionary"

    def _pairs(self, name: str) -> list[tuple[str, list[str]]]:
        out = []
        for line in (self._dir / name).read_text(encoding="utf-8").splitlines():
            left, _, right = line.partition("\t")
            if left and right:
                out.append((left, right.split()))
        return out

    def char_map(self, wanted: set[str] | None = None, used: dict[str, int] | None = None) -> dict[str, str]:
        """traditional / Taiwan / Hong Kong char -> simplified char (only those whose simplified form
        is in `wanted`, if given; a few thousand rows otherwise). A traditional character with several
        simplified forms reads as the one `used` counts most (the corpus': 鍊 is 链 in a rules text, not 炼,
        OpenCC's first), else as OpenCC's first; one that is itself among its forms (覆, 瞭) keeps OpenCC's first."""
        used = used or {}
        t2s = {t: v[0] if t in v else max(v, key=lambda s: (used.get(s, 0), -v.index(s)))
               for t, v in self._pairs("TSCharacters.txt") if len(t) == 1}
        for s, trads in self._pairs("STCharacters.txt"):  # every traditional form of a simplified char
            for t in trads:
                if len(s) == 1 and len(t) == 1:
                    t2s.setdefault(t, s)
        # A character that is itself simplified Chinese is never rewritten (么 is not 幺).
        simplified = {s for s, _ in self._pairs("STCharacters.txt")}
        mapping = {t: s for t, s in t2s.items() if (wanted is None or s in wanted) and t != s and t not in simplified}
        for name in ("TWVariantsRev.txt", "HKVariantsRev.txt"):  # regional variant -> standard traditional
            for variant, std in self._pairs(name):
                if len(variant) == 1 and len(std[0]) == 1:
                    s = t2s.get(std[0], std[0])
                    if (wanted is None or s in wanted) and variant != s and variant not in simplified:
                        mapping.setdefault(variant, s)
        return mapping



if __name__ == "__main__":  # regenerate the shipped jieba subset for the vendored corpus
    from judge.corpus import manifest

    documents = manifest.verify()
    n = write_jieba_subset(corpus_texts(documents), manifest.corpus_hash(documents))
    print(f"{SUBSET_PATH}: {n} entries")
