"""The command-line framework's own messages are Chinese: usage, missing arguments, unknown
commands (with a suggestion), out-of-range values, help pages; nothing cut to '...'."""


from cli_run import run

ENGLISH = ("Usage:", "Error:", "Missing argument", "No such command", "No such option", "Try '",
           "Input should", "Options:", "Commands:", "Show this message", "Did you mean", "Aborted")




def no_english(text):
    return [w for w in ENGLISH if w in text]


def test_mistyped_command_suggests_the_right_one(capsys):
    code, out, err = run(capsys, "ruel", "349")
    assert code == 2 and not no_english(err)
    assert "用法：judge" in err and "没有命令“ruel”" in err and "你是不是要找：rule" in err


def test_missing_argument(capsys):
    code, _, err = run(capsys, "faq", "show")
    assert code == 2 and not no_english(err)
    assert "缺少参数 entry_id" in err and "查看帮助：judge faq show --help" in err


def test_out_of_range_limit_is_refused_in_chinese(capsys):
    code, _, err = run(capsys, "search", "燃尽", "-n", "0")
    assert code == 2 and "应不小于 1" in err and not no_english(err)
    code, out, err = run(capsys, "search", "燃尽", "-n", "201")
    assert code == 2 and "应不大于 200" in err and out == ""
    code, _, err = run(capsys, "search", "燃尽", "-n", "abc")
    assert code == 2 and "应为整数" in err


def test_query_starting_with_dash_explains_double_dash(capsys):
    code, _, err = run(capsys, "search", "-燃尽")
    assert code == 2 and "judge search -- -燃尽" in err and not no_english(err)
    code, out, _ = run(capsys, "search", "--", "-燃尽")
    assert code == 0 and "燃尽" in out


def test_unknown_option(capsys):
    code, _, err = run(capsys, "faq", "list", "--statu", "x")
    assert code == 2 and "没有选项“--statu”" in err and "你是不是要找：--status" in err


def test_help_pages_are_chinese_and_not_cut(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and not no_english(out)
    assert "用法：judge [选项] 命令 [参数]..." in out and "命令：" in out and "选项：" in out
    assert "显示此帮助并退出。" in out
    commands = out.split("命令：", 1)[1]
    assert "..." not in commands and "…" not in commands
    # the search command's description is there, not '...'
    search_line = next(l for l in out.splitlines() if l.strip().startswith("search"))
    assert "搜索规则" in search_line
    for sub in (["run", "--help"], ["search", "--help"], ["faq", "show", "--help"], ["corpus", "--help"]):
        code, out, _ = run(capsys, *sub)
        assert code == 0 and not no_english(out), (sub, no_english(out))


def test_no_arguments_shows_the_chinese_help(capsys):
    code, out, err = run(capsys)
    assert "用法：judge" in out + err and not no_english(out + err)


def test_abort_is_chinese(monkeypatch, capsys):
    import typer

    from judge.cli import app as app_mod

    def boom(*a, **k):
        raise typer.Abort()

    monkeypatch.setattr(app_mod, "app", boom)
    code, _, err = run(capsys, "faq", "list")
    assert code == 1 and "已中止。" in err and not no_english(err)


def test_error_echo_is_capped(capsys):
    huge = "x" * 100_000
    code, _, err = run(capsys, "ruel" + huge)
    assert code == 2 and len(err) < 2000
    code, _, err = run(capsys, "faq", "show", huge)
    assert len(err) < 2000
    code, _, err = run(capsys, "rule", huge)
    assert len(err) < 2000
    long_name = "燃" * 30_000  # a path too long for the file system
    for args in (["run", long_name], ["check", long_name], ["search", long_name], ["glossary", long_name]):
        code, out, err = run(capsys, *args)
        assert len(out) + len(err) < 2000 and "Traceback" not in err, args


def test_translation_hooks_missing_in_another_typer_release_do_not_break(monkeypatch):
    from judge.cli import zh

    def gone(name):
        raise ImportError(name)

    monkeypatch.setattr(zh, "_installed", False)
    monkeypatch.setattr(zh, "click_module", gone)
    zh.install()  # the parts it cannot reach stay English; nothing raises
    assert zh._installed


def test_extra_argument_is_named_in_chinese(capsys):
    code, _, err = run(capsys, "faq", "list", "多余")
    assert code == 2 and "多余的参数：多余。" in err and "Got unexpected" not in err
