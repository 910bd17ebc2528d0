"""judge.regex_cache: the programs kept in the cache folder build the very patterns re.compile builds, and a file
that is damaged, foreign or unwritable never changes what a pattern matches."""

import marshal
import re
import subprocess
import sys

import pytest

from judge import regex_cache

PATTERN = r"(?P<who>谁先|哪个先)[^，,。]{0,6}(结算|处理)|[啊呀哈]+"


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """The module as a new process finds it, with a file of its own (the store stays in the session's cache)."""
    path = tmp_path / regex_cache.FILE_NAME
    monkeypatch.setattr(regex_cache, "_path", lambda: path)
    _new_process(monkeypatch)
    return path


def _new_process(monkeypatch):
    monkeypatch.setattr(regex_cache, "_programs", None)
    monkeypatch.setattr(regex_cache, "_added", False)


def test_kept_program_builds_the_same_pattern(fresh, monkeypatch):
    first = regex_cache.regex(PATTERN)
    assert first == re.compile(PATTERN)
    regex_cache.save()
    assert fresh.is_file()
    _new_process(monkeypatch)
    again = regex_cache.regex(PATTERN)
    assert not regex_cache._added  # found in the file, not compiled again
    assert again == re.compile(PATTERN)
    assert again.groupindex == {"who": 1}
    assert again.search("那谁先结算呢").group("who") == "谁先"
    assert again.sub("", "好啊呀") == "好"


def test_every_program_a_search_keeps_equals_re_compile(tmp_path):
    # A new process (this one has compiled the question path's patterns long ago), over the session's store.
    kept = tmp_path / regex_cache.FILE_NAME
    script = ("import sys\nfrom pathlib import Path\nfrom judge import regex_cache\n"
              f"regex_cache._path = lambda: Path({str(kept)!r})\n"
              "from judge.cli import main\nmain(['search', '对手回应把他召回了，结算时还能打到吗'])\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    key, programs = marshal.loads(kept.read_bytes())
    assert key == regex_cache.KEY
    assert len(programs) >= 20  # question frames, situations, citations, steps: the cold question's patterns
    for (pattern, flags), args in programs.items():
        assert regex_cache._sre.compile(pattern, *args) == re.compile(pattern, flags), pattern


@pytest.mark.parametrize("content", [b"", b"not marshal data", marshal.dumps(("another python", {})),
                                     marshal.dumps([1, 2, 3])])
def test_damaged_or_foreign_file_is_ignored(fresh, monkeypatch, content):
    fresh.write_bytes(content)
    got = regex_cache.regex(PATTERN)
    assert got == re.compile(PATTERN)
    regex_cache.save()  # replaced by a valid file
    key, programs = marshal.loads(fresh.read_bytes())
    assert key == regex_cache.KEY and (PATTERN, 0) in programs


def test_entry_the_matcher_rejects_is_compiled_again(fresh, monkeypatch):
    flags, code, *rest = regex_cache._program(PATTERN, 0)
    fresh.write_bytes(marshal.dumps((regex_cache.KEY, {(PATTERN, 0): (flags, [999999] + code, *rest)})))
    got = regex_cache.regex(PATTERN)
    assert got == re.compile(PATTERN)
    assert got.search("谁先结算")
    assert regex_cache._added  # the rejected entry was replaced by the program compiled afresh


def test_unwritable_cache_folder_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setattr(regex_cache, "_path", lambda: blocker / "cache" / regex_cache.FILE_NAME)  # under a file
    _new_process(monkeypatch)
    assert regex_cache.regex(PATTERN).search("哪个先处理")
    regex_cache.save()
    assert not (blocker / "cache").exists()


def test_file_another_user_could_write_is_not_read(fresh, monkeypatch):
    regex_cache.regex(PATTERN)
    regex_cache.save()
    fresh.chmod(0o666)
    _new_process(monkeypatch)
    assert regex_cache.regex(PATTERN) == re.compile(PATTERN)
    assert regex_cache._added  # compiled afresh: the file was not trusted
