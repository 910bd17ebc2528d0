"""text.norm_text (written without a regex over the CJK class, which takes milliseconds to compile on every cold
question) normalises exactly as that regex does: white space beside a Chinese character deleted, other runs made
one space, the ends stripped. The index and the query path must agree, or a form stops being a substring."""

import random
import re

from judge.search.text import CJK, fold, norm_text

_NEAR_CJK = re.compile(f"(?<=[{CJK}])\\s+|\\s+(?=[{CJK}])")


def _by_regex(text: str) -> str:
    return re.sub(r"\s+", " ", _NEAR_CJK.sub("", fold(text))).strip()


def test_examples():
    assert norm_text("结算 链上 有 东西") == "结算链上有东西"
    assert norm_text("  is 待命 like  ") == "is待命like"
    assert norm_text("deal  3\tdamage") == "deal 3 damage"
    assert norm_text("") == ""


def test_same_as_the_regex_on_mixed_text():
    pool = "ab9 　\t\n\u3000\u00a0燃尽，。-\u3400\u4dbf\u9fff\uf900\ufaff\u2028😀Ａ"
    rng = random.Random(23)
    for _ in range(20000):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 12)))
        assert norm_text(text) == _by_regex(text), repr(text)
