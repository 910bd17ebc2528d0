"""Undo the PDF extraction's stray spaces in the FAQ texts, without gluing Latin words or numbers."""

from __future__ import annotations

import re

# CJK ideographs plus the full-width and typographic punctuation the FAQs use.
_CJK = r"\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef“”‘’【】《》—…·"
_SPACE_BETWEEN_CJK = re.compile(rf"(?<=[{_CJK}])[ \t\u00a0]+(?=[{_CJK}])")
# Space just inside an opening or before a closing CJK bracket/quote, even next to Latin text.
_SPACE_AFTER_OPEN = re.compile(r"(?<=[“‘【《（])[ \t\u00a0]+")
_SPACE_BEFORE_CLOSE = re.compile(r"[ \t\u00a0]+(?=[”’】》）。，、；：？！])")


def clean(text: str) -> str:
    """Remove spaces the extraction put inside Chinese text; collapse runs of spaces."""
    text = text.replace("\u00a0", " ")
    text = _SPACE_BETWEEN_CJK.sub("", text)
    text = _SPACE_AFTER_OPEN.sub("", text)
    text = _SPACE_BEFORE_CLOSE.sub("", text)
    return re.sub(r" {2,}", " ", text).strip()


def name_key(name: str) -> str:
    """A comparison key for card and term names: no spaces, one kind of dash and apostrophe, lower case."""
    name = re.sub(r"[\s\u00a0]+", "", name)
    name = re.sub(r"[-‐‑–—－]", "-", name).replace("’", "'").replace("，", ",")
    return name.lower()
