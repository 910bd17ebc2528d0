"""Text normalisation shared by the index builder and the query path.

Stdlib only: this module sits on the cold `judge search` path. Both sides must normalise the same
way, so that a query form is a substring of a document's `norm` text exactly when it matches.
"""

from __future__ import annotations

import re
import unicodedata

from judge.regex_cache import regex

# CJK unified ideographs (+ extension A and compatibility ideographs): the characters segmented
# one by one in the `chars` index column. Regexes over this class take milliseconds to compile,
# so the query path tests code points directly (is_cjk) and leaves such regexes to the index builder.
CJK_RANGES = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF))
CJK = "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in CJK_RANGES)
_CONTROL = regex(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")
_SPACES = re.compile(r"\s+")
_SURROGATE = regex("[\ud800-\udfff]")


def is_cjk(ch: str) -> bool:
    # CJK_RANGES written out, the commonest first: called for every character of a question.
    o = ord(ch)
    return 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0xF900 <= o <= 0xFAFF


def is_word_char(ch: str) -> bool:
    """Latin letters (with accents) and digits, as the FTS5 unicode61 tokenizer keeps them."""
    return ("0" <= ch <= "9") or ("a" <= ch <= "z") or ("\u00c0" <= ch <= "\u024f" and ch not in "\u00d7\u00f7")


def has_cjk(text: str) -> bool:
    return any(is_cjk(c) for c in text)


def runs(text: str) -> list[tuple[str, str]]:
    """("cjk" | "latin", run) in order; Latin words separated only by spaces/hyphens stay one run."""
    out: list[tuple[str, str]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if is_cjk(c):
            j = i
            while j < n and is_cjk(text[j]):
                j += 1
            out.append(("cjk", text[i:j]))
            i = j
        elif is_word_char(c) or c in "'’:":
            j = i
            while j < n:
                if is_word_char(text[j]) or text[j] in "'’:":
                    j += 1
                elif text[j] in " -" and j + 1 < n and (is_word_char(text[j + 1])):
                    j += 1
                else:
                    break
            out.append(("latin", text[i:j].strip(" -")))
            i = j
        else:
            i += 1
    return [r for r in out if r[1]]


def strip_controls(text: str) -> str:
    """Control and invisible format characters become spaces (never reach SQL or the terminal)."""
    text = _CONTROL.sub(" ", text)
    # Surrogates (from broken input) cannot be encoded; drop them.
    return _SURROGATE.sub("", text) if _SURROGATE.search(text) else text


def fold(text: str) -> str:
    """NFKC (full-width -> half-width, compatibility forms), lower case, controls removed."""
    return unicodedata.normalize("NFKC", strip_controls(text)).lower()


def join_cjk_spaces(text: str) -> str:
    """Spaces between two Chinese characters removed ("结算 链上 有 东西" -> "结算链上有东西"): a player who types a space
    between words means no break in the sentence, and the documents' text has none (norm_text). A space beside a
    Latin word or a number stays ("is 待命 like")."""
    if " " not in text:
        return text
    out: list[str] = []
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        if ch.isspace() and out and is_cjk(out[-1]):
            j = i
            while j < n and text[j].isspace():
                j += 1
            if j < n and is_cjk(text[j]):
                i = j
                continue
        out.append(ch)
        i += 1
    return "".join(out)


def norm_text(text: str) -> str:
    """Searchable form of a document text: folded, stray spaces next to Chinese removed, other runs of white space
    made one space. Written without a regex over the CJK class (milliseconds to compile): every question's meaning
    score normalises its text here. A test checks it equals that regex followed by collapsing."""
    parts = _SPACES.split(fold(text))
    if len(parts) == 1:
        return parts[0]
    out = [parts[0]]
    for left, right in zip(parts, parts[1:]):
        if not ((left and is_cjk(left[-1])) or (right and is_cjk(right[0]))):
            out.append(" ")
        out.append(right)
    return "".join(out).strip()


def char_tokens(text: str) -> str:
    """One token per Chinese character, Latin words and numbers whole: the `chars` column."""
    out: list[str] = []
    word: list[str] = []
    for c in fold(text):
        if is_word_char(c):
            word.append(c)
            continue
        if word:
            out.append("".join(word))
            word = []
        if is_cjk(c):
            out.append(c)
    if word:
        out.append("".join(word))
    return " ".join(out)


def fts_phrase(form: str) -> str | None:
    """The FTS5 phrase (a quoted string: user text can never be read as syntax) for `form`."""
    toks = char_tokens(form)
    if not toks:
        return None
    return '"' + toks.replace('"', '""') + '"'


def fts_string(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


_TONED = str.maketrans({
    **{c: "a" for c in "āáǎà"}, **{c: "e" for c in "ēéěèê"}, **{c: "i" for c in "īíǐì"},
    **{c: "o" for c in "ōóǒò"}, **{c: "u" for c in "ūúǔù"}, **{c: "v" for c in "üǖǘǚǜ"},
    **{c: "n" for c in "ńňǹ"}, "ḿ": "m",
})
# A tone digit follows a syllable's letters inside a word that starts with a letter ("ran2jin4"); a
# word that starts with a digit is no pinyin ("2v2", "1v1").
_TONE_DIGIT = re.compile(r"(?<![0-9a-z])([a-z][a-z0-9]*)")
_DIGIT = re.compile(r"(?<=[a-z])[1-5]")


def strip_tones(text: str) -> str:
    """Pinyin typed with tone marks or tone digits -> bare letters ("rán jìn", "ran2jin4" -> "ran jin")."""
    text = text.strip().replace("u:", "v").translate(_TONED)
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _TONE_DIGIT.sub(lambda m: _DIGIT.sub("", m.group(1)), text)
