"""The command-line framework (typer and its bundled click) speaking Chinese.

Help pages: section titles, the usage prefix, the help option and the "default"/"required" notes
are translated by hooks the framework exposes (typer's gettext `_`, the help formatter, the help
option). Errors: the app runs with standalone_mode=False and `render_error` turns each framework
exception into a Chinese message — with "你是不是要找" for a mistyped command.
"""

from __future__ import annotations

import re
import sys
from difflib import get_close_matches

HELP_HINT = "查看帮助：{command} --help"
MAX_ECHO = 80  # characters of a user's argument an error message repeats

# typer.core's gettext strings.
TYPER_STRINGS = {
    "(dynamic)": "（动态）",
    "Aborted!": "已中止。",
    "default: {default}": "默认：{default}",
    "required": "必填",
    "env var: {var}": "环境变量：{var}",
    "Arguments": "参数",
    "Options": "选项",
    "Commands": "命令",
    "Missing command.": "缺少子命令。",
    "No such command {name!r}.": "没有命令“{name}”。",
}

# pydantic-style messages typer gives for a value outside its declared range or type.
VALUE_MESSAGES = [
    (re.compile(r"Input should be greater than or equal to (\S+)"), "应不小于 {0}"),
    (re.compile(r"Input should be less than or equal to (\S+)"), "应不大于 {0}"),
    (re.compile(r"Input should be greater than (\S+)"), "应大于 {0}"),
    (re.compile(r"Input should be less than (\S+)"), "应小于 {0}"),
    (re.compile(r"Input should be a valid integer.*"), "应为整数"),
    (re.compile(r"Input should be a valid number.*"), "应为数字"),
    (re.compile(r"Value (.*) is not a valid (\w+)\.?"), "{0} 不是有效的 {1}"),
    (re.compile(r"(.*) is not one of (.*)\.?"), "{0} 不在可选值 {1} 之中"),
]

# Placeholders in the usage line.
USAGE_WORDS = [("[OPTIONS]", "[选项]"), ("COMMAND [ARGS]...", "命令 [参数]...")]

_installed = False


def clip(text: str, limit: int = MAX_ECHO) -> str:
    """A user's argument as an error message may echo it: never more than `limit` characters."""
    text = str(text)
    return text if len(text) <= limit else f"{text[:limit]}…（共 {len(text)} 个字符）"


def _translate(message: str) -> str:
    return TYPER_STRINGS.get(message, message)


def _short_help(self, limit: int = 45) -> str:
    """A command's first sentence, whole: Chinese has no spaces to cut at, so click's cut gives '...'."""
    import inspect

    text = inspect.cleandoc(self.short_help or self.help or "")
    text = text.split("\n\n", 1)[0].replace("\n", " ").strip()
    end = text.find("。")
    return text[: end + 1] if end != -1 else text


def click_module(name: str):
    """A module of the click that typer uses: its bundled copy (typer >= 0.2x), else click itself."""
    import importlib

    try:
        return importlib.import_module(f"typer._click.{name}")
    except ImportError:
        return importlib.import_module(f"click.{name}")


def install() -> None:
    """Translate the framework's help pages (idempotent). Each hook is optional: a typer release
    without it keeps that part in English rather than failing."""
    global _installed
    if _installed:
        return
    _installed = True
    for hook in (_install_gettext, _install_formatter, _install_commands, _install_types):
        try:
            hook()
        except (AttributeError, ImportError, TypeError):
            continue


def _install_gettext() -> None:
    import typer.core

    typer.core._ = _translate


def _install_formatter() -> None:
    formatting = click_module("formatting")
    write_usage = formatting.HelpFormatter.write_usage

    def write_usage_zh(self, prog, args="", prefix=None):
        for english, chinese in USAGE_WORDS:
            args = args.replace(english, chinese)
        return write_usage(self, prog, args, "用法：" if prefix is None else prefix)

    def write_heading_zh(self, heading):
        self.write(f"{'':>{self.current_indent}}{heading}：\n")

    formatting.HelpFormatter.write_usage = write_usage_zh
    formatting.HelpFormatter.write_heading = write_heading_zh


def _install_commands() -> None:
    click_core = click_module("core")
    get_help_option = click_core.Command.get_help_option

    def get_help_option_zh(self, ctx):
        option = get_help_option(self, ctx)
        if option is not None:
            option.help = "显示此帮助并退出。"
        return option

    click_core.Command.get_help_option = get_help_option_zh
    click_core.Command.get_short_help_str = _short_help


def _install_types() -> None:
    import typer.core

    display_type = typer.core._TyperParameter.display_type

    def display_type_zh(self, ctx):
        return _type_label(display_type(self, ctx))

    typer.core._TyperParameter.display_type = display_type_zh
    for cls in (typer.core.TyperArgument, typer.core.TyperOption):
        number_range = cls._get_number_range_help_str

        def number_range_zh(self, _orig=number_range):
            return _range_label(_orig(self))

        cls._get_number_range_help_str = number_range_zh


# Value types in help pages ("<int range>", "<list[str]>") in Chinese.
TYPE_WORDS = {"int range": "整数", "float range": "数字", "int": "整数", "float": "数字", "str": "文本",
              "text": "文本", "path": "路径", "file": "文件", "directory": "目录", "bool": "是/否"}


# argparse (the benchmark runner behind `judge bench`) speaks through gettext too.
ARGPARSE_STRINGS = {
    "usage: ": "用法：",
    "options": "选项",
    "positional arguments": "参数",
    "show this help message and exit": "显示此帮助并退出。",
    "unrecognized arguments: %s": "无法识别的参数：%s",
    "the following arguments are required: %s": "缺少参数：%s",
    "expected one argument": "需要一个值",
    "expected at most one argument": "最多一个值",
    "expected at least one argument": "至少需要一个值",
    "invalid choice: %(value)r (choose from %(choices)s)": "无效的选项 %(value)r（可选：%(choices)s）",
    "invalid %(type)s value: %(value)r": "无效的值：%(value)r",
    "argument %(argument_name)s: %(message)s": "参数 %(argument_name)s：%(message)s",
    "ambiguous option: %(option)s could match %(matches)s": "选项 %(option)s 有歧义，可能是 %(matches)s",
    "%(prog)s: error: %(message)s\n": "%(prog)s：错误：%(message)s\n",
}


def install_argparse() -> None:
    import argparse

    argparse._ = lambda message: ARGPARSE_STRINGS.get(message, message)


def _type_label(label):
    if not label or not (label.startswith("<") and label.endswith(">")):
        return label
    inner = label[1:-1]
    many = inner.startswith("list[") and inner.endswith("]")
    if many:
        inner = inner[5:-1]
    inner = TYPE_WORDS.get(inner, inner)
    return f"<{inner}{'…' if many else ''}>"


def _range_label(text):
    """'1<=x<=200' -> '1–200', 'x>=0' -> '≥0'."""
    if not text:
        return text
    m = re.fullmatch(r"(\S+)<=x<=(\S+)", text)
    if m:
        return f"{m.group(1)}–{m.group(2)}"
    m = re.fullmatch(r"x([<>]=?)(\S+)", text)
    if m:
        return {"<=": "≤", ">=": "≥", "<": "<", ">": ">"}[m.group(1)] + m.group(2)
    return text


def _value_message(message: str) -> str:
    for pattern, template in VALUE_MESSAGES:
        m = pattern.fullmatch(message.strip())
        if m:
            return template.format(*(clip(g) for g in m.groups()))
    return clip(message, 200)


def _param_label(err) -> str:
    hint = getattr(err, "param_hint", None)
    if hint is None and getattr(err, "param", None) is not None:
        hint = err.param.get_error_hint()
    if isinstance(hint, (list, tuple)):
        hint = " / ".join(f"“{h}”" for h in hint)
    return str(hint or "").replace("'", "")


def _command_message(err, ctx) -> str:
    """'No such command X' with the closest commands of this group."""
    m = re.match(r"没有命令“(.*)”。|No such command '(.*)'\.", err.message)
    name = (m.group(1) or m.group(2)) if m else ""
    text = f"没有命令“{clip(name, 40)}”。"
    commands = []
    if ctx is not None and hasattr(ctx.command, "list_commands"):
        commands = [c for c in ctx.command.list_commands(ctx)]
    matches = get_close_matches(name, commands, n=3, cutoff=0.5)
    if matches:
        text += "你是不是要找：" + "、".join(matches) + "？"
    elif commands:
        text += "可用命令：" + "、".join(commands) + "。"
    return text


def error_message(err) -> str:
    """The Chinese line for a framework usage error."""
    ex = click_module("exceptions")

    ctx = getattr(err, "ctx", None)
    if isinstance(err, ex.MissingParameter):
        kind = {"argument": "参数", "option": "选项"}.get(err.param_type or getattr(err.param, "param_type_name", ""), "参数")
        return f"缺少{kind} {_param_label(err)}。"
    if isinstance(err, ex.NoSuchOption):
        text = f"没有选项“{clip(err.option_name, 40)}”。"
        if err.possibilities:
            text += "你是不是要找：" + "、".join(sorted(err.possibilities)) + "？"
        if not re.fullmatch(r"--?[A-Za-z][\w-]*", err.option_name):
            where = ctx.command_path if ctx is not None else "judge search"
            text += f"若要把以“-”开头的内容当作查询或参数，请先写 --，例如：{where} -- -燃尽"
        return text
    if isinstance(err, ex.BadParameter):
        label = _param_label(err)
        return f"{label} 的值无效：{_value_message(err.message)}。" if label else f"值无效：{_value_message(err.message)}。"
    if isinstance(err, ex.BadOptionUsage):
        m = re.match(r"Option '(.*)' requires an argument\.", err.message)
        if m:
            return f"选项 {m.group(1)} 需要一个值。"
        return clip(err.message, 200)
    if isinstance(err, ex.UsageError):
        if "No such command" in err.message or err.message.startswith("没有命令"):
            return _command_message(err, ctx)
        m = re.match(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)", err.message)
        if m:
            return f"多余的参数：{clip(m.group(1))}。"
        return clip(err.message, 200)
    return clip(err.format_message(), 200)


def render_error(err, file=None) -> None:
    """Print a framework exception in Chinese: usage line, the error, where to get help."""
    ex = click_module("exceptions")

    file = file or sys.stderr
    if isinstance(err, ex.NoArgsIsHelpError):
        print(err.format_message(), file=file)
        return
    ctx = getattr(err, "ctx", None)
    if isinstance(err, ex.UsageError) and ctx is not None:
        print(ctx.get_usage(), file=file)
        print(HELP_HINT.format(command=ctx.command_path), file=file)
        print(file=file)
    print(f"错误：{error_message(err)}", file=file)
