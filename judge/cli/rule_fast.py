"""`judge rule` on the fast path: hand-parsed arguments, plain-text output, stdlib + sqlite3 only.
Lookups go through the Python API (judge.api.Rulebook, records of judge.records).

The typer command `judge rule` (for --help) calls `run` too, so both paths print the same thing.
"""

from __future__ import annotations

import sys

USAGE = "用法：judge rule 编号 [编号…] [--depth N] [--json] [--version 版本]   例：judge rule 349、judge rule 318-323"


def parse_args(args: list[str]) -> dict | None:
    """{'numbers', 'depth', 'json', 'version'}; None for anything this parser does not know."""
    opts = {"numbers": [], "depth": None, "json": False, "version": None}
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--json":
            opts["json"] = True
        elif a in ("--depth", "-d", "--version"):
            if i + 1 >= len(args):
                raise ValueError(f"选项 {a} 需要一个值。")
            opts["depth" if a != "--version" else "version"] = args[i + 1]
            i += 1
        elif a.startswith("--depth=") or a.startswith("--version="):
            name, value = a[2:].split("=", 1)
            opts[name] = value
        elif a.startswith("--"):
            return None
        else:
            opts["numbers"].append(a)
        i += 1
    if opts["depth"] is not None:
        try:
            opts["depth"] = int(opts["depth"])
            if opts["depth"] < 0:
                raise ValueError
        except ValueError:
            raise ValueError(f"--depth 需要一个非负整数，收到“{opts['depth']}”。") from None
    return opts


def _lookup_one(book, text: str, opts: dict, st, out: list, payloads: list) -> bool:
    from judge.rules import lookup, render

    rng = lookup.parse_range(text)
    if rng:
        rules = book.rules(rng[0], rng[1])
        if not rules:
            out.append(render.not_found_message(book, rng[0]).replace("规则", f"范围 {text} 内的规则", 1))
            return False
        top_level = min(r.level for r in rules)
        depth = opts["depth"]
        block = []
        for r in rules:
            if depth is not None and r.level - top_level > depth:
                continue
            if opts["json"]:
                payloads.append(render.rule_json(r))
            else:
                indent = "  " * (r.level - top_level)
                title = f" {st.bold(r.title)}" if r.title else ""
                body = render._snippet(r.text, 80) if not r.absent else st.warn("（正文不在语料中）")
                block.append(f"{indent}{st.num(r.display_number)}{title} {body}".rstrip())
        if block:
            out.append("\n".join(block))
        return True
    rule = book.get(text)  # a malformed number raises BadNumber
    if rule is None:
        out.append(render.not_found_message(book, lookup.normalize_number(text)))
        return False
    if opts["json"]:
        payloads.append(render.rule_payload(book, rule, opts["depth"]))
    else:
        out.append(render.render_rule(book, rule, opts["depth"], st))
    return True


def run(args: list[str]) -> int | None:
    from judge.errors import clip_echo
    from judge.rules import lookup, render

    try:
        opts = parse_args(args)
    except ValueError as exc:
        print(f"错误：{clip_echo(exc)}\n{USAGE}", file=sys.stderr)
        return 1
    if opts is None:
        return None  # unknown option: let the typer app explain
    if not opts["numbers"]:
        print(f"错误：请给出规则编号。\n{USAGE}", file=sys.stderr)
        return 1
    from judge.api import Rulebook

    book = Rulebook()
    if opts["version"]:
        known = [v.version for v in book.versions()]
        if opts["version"] not in known:
            print(f"错误：没有版本“{clip_echo(opts['version'])}”。可用版本：{'、'.join(known)}", file=sys.stderr)
            return 1
        book = Rulebook(version=opts["version"])
    st = render.Style(render.want_colour() and not opts["json"])
    out: list[str] = []
    payloads: list = []
    ok = True
    for text in opts["numbers"]:
        try:
            found = _lookup_one(book, text, opts, st, out, payloads)
        except lookup.BadNumber as exc:
            print(f"错误：{clip_echo(exc)}", file=sys.stderr)
            ok = False
            continue
        if not found:
            print(f"错误：{clip_echo(out.pop())}", file=sys.stderr)
            ok = False
    if opts["json"]:
        data = payloads[0] if len(payloads) == 1 and lookup.parse_range(opts["numbers"][0]) is None else payloads
        import json

        print(json.dumps(data, ensure_ascii=False, indent=2))
    elif out:
        print("\n\n".join(out))
    return 0 if ok else 1
