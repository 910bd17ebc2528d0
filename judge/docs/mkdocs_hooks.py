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
    return config
