"""The site's stylesheet (mkdocs.yml extra_css: assets/judge.css), kept in Python so the package needs
no data file: readable traces and rule blocks, a CJK font stack, the board pictures.

Fonts: the site must read offline and on machines without a web-font service, so mkdocs.yml turns
the theme's web fonts off and the text uses the Chinese fonts each common system ships: PingFang /
Hiragino (macOS, iOS), Microsoft YaHei (Windows), Noto Sans CJK / Source Han Sans (most Linux
distributions, Android), WenQuanYi (older Linux). A bare Linux box needs one of them installed
(the README names the Debian package).
"""

from __future__ import annotations

LATIN_FONTS = ['-apple-system', 'BlinkMacSystemFont', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial']
CJK_FONTS = [
    '"PingFang SC"', '"Hiragino Sans GB"',                       # macOS, iOS
    '"Microsoft YaHei"', '"Microsoft YaHei UI"',                 # Windows
    '"Noto Sans CJK SC"', '"Noto Sans SC"',                      # Linux (fonts-noto-cjk), Android
    '"Source Han Sans SC"', '"Source Han Sans CN"',              # the same design under Adobe's name
    '"WenQuanYi Micro Hei"', '"WenQuanYi Zen Hei"',              # older Linux (fonts-wqy-*)
    '"Droid Sans Fallback"', 'SimHei',
]
MONO_FONTS = ['ui-monospace', 'SFMono-Regular', 'Menlo', 'Consolas', '"Liberation Mono"', '"DejaVu Sans Mono"',
              '"Noto Sans Mono CJK SC"', '"WenQuanYi Micro Hei Mono"']
TEXT_STACK = ", ".join(LATIN_FONTS + CJK_FONTS + ["sans-serif"])
CODE_STACK = ", ".join(MONO_FONTS + CJK_FONTS + ["monospace"])

CSS = f"""\
html body {{ --md-text-font-family: {TEXT_STACK}; --md-code-font-family: {CODE_STACK}; }}
.md-typeset ol li {{ margin-bottom: .35em; }}
.md-typeset pre > code {{ white-space: pre-wrap; word-break: break-word; font-size: .78rem; line-height: 1.5; }}
.md-typeset h2[id^="r-"], .md-typeset h3[id^="r-"], .md-typeset h4[id^="r-"],
.md-typeset h5[id^="r-"], .md-typeset h6[id^="r-"] {{ scroll-margin-top: 4rem; }}
.md-typeset :target {{ background: var(--md-accent-fg-color--transparent); }}
.md-typeset small {{ color: var(--md-default-fg-color--light); }}
.md-typeset .judge-board-figure {{ width: 100%; max-width: 960px; margin: 1em 0; display: block; }}
.md-typeset .judge-board-figure figcaption {{ margin-top: .3em; font-size: .7rem; color: var(--md-default-fg-color--light); }}
.judge-board {{ display: block; width: 100%; height: auto; }}
.judge-board text {{ font-family: var(--md-text-font-family); user-select: text; -webkit-user-select: text; }}
"""
