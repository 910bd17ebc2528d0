"""mkdocs hook (see mkdocs.yml `hooks:`): the generated navigation and the search segmentation.

`judge docs build` writes `.nav.json` and `.jieba_user.txt` into the docs dir; mkdocs does not
publish dotfiles, so they are read here. Without them mkdocs falls back to its own navigation.
"""

from __future__ import annotations

import json
import os


def on_config(config, **kwargs):
    docs_dir = config["docs_dir"]
    nav_path = os.path.join(docs_dir, ".nav.json")
    if os.path.isfile(nav_path):
        with open(nav_path, encoding="utf-8") as fh:
            config["nav"] = json.load(fh)
    words_path = os.path.join(docs_dir, ".jieba_user.txt")
    if os.path.isfile(words_path) and os.path.getsize(words_path) > 0:
        try:
            import jieba
        except ImportError:  # material's search then indexes without segmentation
            return config
        jieba.setLogLevel(60)
        jieba.load_userdict(words_path)
        _remember_cuts(jieba)
    return config


def _remember_cuts(jieba) -> None:
    """Material's search segments every run of Chinese characters of every page with jieba.cut; the
    site repeats a few thousand runs (titles, names, labels) hundreds of thousands of times. The
    segmentation of a run depends only on the run and the dictionary, fixed once the user words are
    loaded, so each distinct run is cut once."""
    if getattr(jieba.cut, "remembers", False):
        return
    cut, seen = jieba.cut, {}

    def remembered(sentence, *args, **kwargs):
        if args or kwargs:
            return cut(sentence, *args, **kwargs)
        words = seen.get(sentence)
        if words is None:
            words = seen[sentence] = tuple(cut(sentence))
        return iter(words)

    remembered.remembers = True
    jieba.cut = remembered
