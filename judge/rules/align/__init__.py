"""Exact numbers from a numbered copy the judge supplies (`judge corpus align`).

reference  reads a plain-text numbered rules document (zh or en)
features   what two paragraphs share, within and across languages; glossary: bilingual keywords
dp         the monotone alignment (gaps, splits, merges, fixed points); confidence: calibrated scores
apply      renumbers the current tree from a reference; storage: the JSON files (the store applies
           the latest one while building, judge.store.stages.align, and keeps them: judge.store.references)
report     the Chinese report of what the alignment did
"""

from __future__ import annotations
