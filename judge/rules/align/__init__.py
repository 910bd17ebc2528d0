"""Exact numbers from a numbered copy the judge supplies (`judge corpus align`).

reference  reads a plain-text numbered rules document (zh or en)
features   what two paragraphs share, within and across languages; glossary: bilingual keywords
dp         the monotone alignment (gaps, splits, merges, fixed points); confidence: calibrated scores
apply      renumbers the current tree from a reference, in memory (apply_latest: the store's tree stage
           applies the latest stored one before writing); storage: the JSON files (judge.store.references)
export_map the shipped numbering map (rules_corpus/numbering-map.tsv) from an official reference
pdf        the text of a numbered rules PDF
report     the Chinese report of what the alignment did
"""

from __future__ import annotations
