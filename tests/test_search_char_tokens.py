"""The build's regex tokeniser (index.char_tokenizer) writes the tokens text.char_tokens writes."""

import random

from judge.search.index import char_tokenizer
from judge.search.text import CJK, CJK_RANGES, char_tokens, is_cjk, is_word_char


def test_same_character_classes():
    tokens = char_tokenizer()
    for o in range(0x110000):
        if 0xD800 <= o <= 0xDFFF:
            continue
        ch = chr(o)
        if is_word_char(ch) or is_cjk(ch):
            assert tokens(ch) == char_tokens(ch), hex(o)
    assert CJK  # the class the regex is built from


def test_is_cjk_is_the_ranges():
    # is_cjk writes CJK_RANGES out for speed: the two must agree on every code point.
    for o in range(0x110000):
        if not 0xD800 <= o <= 0xDFFF:
            assert is_cjk(chr(o)) == any(lo <= o <= hi for lo, hi in CJK_RANGES), hex(o)


def test_same_tokens_for_mixed_text():
    tokens = char_tokenizer()
    pool = "abcXYZ09 éÀ×÷ɏɐ燃尽　，。-_'’:ａＢ１\x00\u200b\ufeff\u3400\u4dbf\u9fff\uf900\ufaff😀"
    rng = random.Random(17)
    for _ in range(20000):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 14)))
        assert tokens(text) == char_tokens(text), repr(text)


def test_same_tokens_for_every_document(conn):
    tokens = char_tokenizer()
    for title, text, norm_extra, norm_questions in conn.execute(
            "SELECT title, text, norm_extra, norm_questions FROM search_docs"):
        for value in (title, text, norm_extra, norm_questions):
            assert tokens(value or "") == char_tokens(value or "")
