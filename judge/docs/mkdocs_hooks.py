"""mkdocs hook (see mkdocs.yml `hooks:`): the generated navigation, the search segmentation, the
navigation's items rendered once for all the pages that show them alike, and the board figures kept
out of Markdown's and the search's parsing.

`judge docs build` writes `.nav.json` and `.jieba_user.txt` into the docs dir; mkdocs does not
publish dotfiles, so they are read here. Without them mkdocs falls back to its own navigation.
"""

from __future__ import annotations

import json
import os
import re


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
    _share_stylesheets()
    return config


def _share_stylesheets() -> None:
    """Every code block (the scenarios' source, some two thousand) gets a formatter of its own, which
    works out the style's token classes again; they depend only on the style and the class prefix, and
    the formatter only reads them, so they are worked out once for each."""
    try:
        from pygments.formatters.html import HtmlFormatter
    except ImportError:
        return
    create = HtmlFormatter._create_stylesheet
    if getattr(create, "shared", False):
        return
    made: dict = {}

    def shared(self):
        key = (self.style, self.classprefix)
        done = made.get(key)
        if done is None:
            create(self)
            made[key] = (self.ttype2class, self.class2style)
        else:
            self.ttype2class, self.class2style = done

    shared.shared = True
    HtmlFormatter._create_stylesheet = shared


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


# Material renders the whole open part of the navigation into every page: the site's largest section
# has some seven hundred pages, each showing the seven hundred links of its section, so half a
# million renderings of the same items. An item that neither is nor holds the current page renders
# the same for every page of one directory: its links are relative to the page, and a link from
# dir/page/ to a target outside dir/page/ is "../" followed by the link from dir/. The two calls of the
# theme's render macro are wrapped so that such items are rendered once per directory; the wrapping
# is made on the theme's own template text, and if that text changes the templates are left as is.
_RENDER_CALLS = {
    "partials/nav.html": (
        "{{ item.render(nav_item, path, 1) }}",
        "{{ nav_item_once(page, item.render, nav_item, path, 1) }}",
    ),
    "partials/nav-item.html": (
        '{{ render(item, path ~ "_" ~ loop.index, level + 1, nav_item) }}',
        '{{ nav_item_once(page, render, item, path ~ "_" ~ loop.index, level + 1, nav_item) }}',
    ),
}


def on_env(env, config, files, **kwargs):
    import jinja2

    patched = {}
    for name, (call, wrapped) in _RENDER_CALLS.items():
        try:
            source = env.loader.get_source(env, name)[0]
        except jinja2.TemplateNotFound:
            return env
        if source.count(call) != 1:
            return env
        patched[name] = source.replace(call, wrapped)
    env.globals["nav_item_once"] = _NavItems().render
    env.loader = jinja2.ChoiceLoader([jinja2.DictLoader(patched), env.loader])
    return env


class _NavItems:
    def __init__(self):
        self.rendered: dict = {}
        self.dirs: dict = {}

    def _dirs(self, item) -> frozenset:
        """Every directory URL ("a/", "a/b/") that is or holds the URL of the item or of anything under it:
        a page URL ending in "/" starts one of those URLs exactly when it is one of these."""
        dirs = self.dirs.get(id(item))
        if dirs is None:
            found, todo = set(), [item]
            while todo:
                node = todo.pop()
                url = getattr(node, "url", None)
                if url is not None:
                    found.update(url[:i + 1] for i, ch in enumerate(url) if ch == "/")
                todo.extend(getattr(node, "children", None) or ())
            dirs = self.dirs[id(item)] = (item, frozenset(found))
        return dirs[1]

    def render(self, page, render, item, *args):
        url = getattr(page, "url", None)
        if (not isinstance(url, str) or not url.endswith("/") or getattr(item, "active", True)
                or url in self._dirs(item)):
            return render(item, *args)
        parent = args[2] if len(args) > 2 else None
        key = (id(item), args[:2], bool(getattr(parent, "active", False)), url[:-1].rpartition("/")[0])
        done = self.rendered.get(key)
        if done is None:
            done = self.rendered[key] = (item, render(item, *args))
        return done[1]


# The board figures (judge.docs.pages_rulings.board_figure: raw HTML, an inline SVG, no link, no id, no
# heading, excluded from the search) are over half of the site's Markdown, and each page's HTML is parsed
# three times for them: by Markdown's raw-HTML block reader, by mkdocs' reader of raw HTML's links and
# anchors, and by the search index's parser, which then skips it. Each figure is replaced before Markdown
# by an empty figure of its own (the same block to Markdown and to the search, which skips it the same way)
# and put back, as it was written, into the finished page.
_FIGURE = re.compile(r'^<figure class="judge-board-figure" data-search-exclude>\n.*?^</figure>$', re.S | re.M)
_HELD = '<figure class="judge-board-figure" data-search-exclude data-judge-held="{}"></figure>'
_HELD_AGAIN = re.compile(r'<figure class="judge-board-figure" data-search-exclude data-judge-held="(\d+)"></figure>')
_held: dict[str, list[str]] = {}


def on_page_markdown(markdown, page, **kwargs):
    figures: list[str] = []

    def hold(match):
        figures.append(match.group(0))
        return _HELD.format(len(figures) - 1)

    markdown = _FIGURE.sub(hold, markdown)
    if figures:
        _held[page.file.src_uri] = figures
    return markdown


def on_post_page(output, page, **kwargs):
    figures = _held.pop(page.file.src_uri, None)
    if not figures:
        return output
    return _HELD_AGAIN.sub(lambda m: figures[int(m.group(1))], output)
