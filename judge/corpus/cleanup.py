"""Undo the PDF-extraction damage inside a line of Chinese text.

Stray spaces around bold terms are removed wherever a Chinese character or Chinese
punctuation sits on either side; spaces between two Latin words or numbers are kept so
"FEPR" or "2 v 2" never get glued to a neighbour word by accident.
"""

from __future__ import annotations

import re

# CJK ideographs, CJK punctuation, full-width forms and the quote marks used by the corpus.
_CJK = r"\u3000-\u303f\u3400-\u9fff\uff00-\uffef“”‘’《》【】…—·"
_SPACE_NEAR_CJK = re.compile(rf"(?<=[{_CJK}])[ \t\u00a0]+|[ \t\u00a0]+(?=[{_CJK}])")
_MULTI_SPACE = re.compile(r"[ \t\u00a0]{2,}")
# Brackets of symbols and keywords: "[ 反应 ]" -> "[反应]", "[执行 Y]" -> "[执行Y]".
_BRACKET_SPACE = re.compile(r"\[\s*([^\]\s][^\]]*?)\s*\]")
_INNER_BRACKET_SPACE = re.compile(r"(?<=[\[\u4e00-\u9fff])\s+(?=[A-Z0-9])")
_SPACE_BEFORE_BRACKET_AFTER_DIGIT = re.compile(r"(?<=\d)\s+(?=\[)")

_PUNCT_MAP = str.maketrans({"：": "：", ":": "：", "；": "；", "，": "，"})


def clean_text(text: str) -> str:
    """Normalise one paragraph: spaces, brackets, punctuation."""
    text = text.replace("\u00a0", " ").strip()
    # Card names are written "金克丝 - 反抗者": keep that separator intact.
    text = re.sub(r"\s+-\s+", "\x00", text)
    text = _BRACKET_SPACE.sub(lambda m: "[" + m.group(1) + "]", text)
    text = _SPACE_NEAR_CJK.sub("", text)
    text = _INNER_BRACKET_SPACE.sub("", text)
    text = _SPACE_BEFORE_BRACKET_AFTER_DIGIT.sub("", text)
    text = _MULTI_SPACE.sub(" ", text)
    # A colon between Chinese text is always the full-width one in this corpus.
    text = re.sub(r"(?<=[\u4e00-\u9fff]):", "：", text)
    text = text.replace("\x00", " - ")
    return text.translate(_PUNCT_MAP)


def normalise_for_match(text: str) -> str:
    """A key for comparing paragraphs across versions: no spaces, no punctuation differences."""
    return re.sub(r"[\s，。：；、“”‘’（）()\[\]…\-—·,.:;!?！？]", "", text)
