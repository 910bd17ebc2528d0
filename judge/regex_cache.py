"""Regular expressions compiled once per machine rather than once per process.

`re.compile` parses a pattern and builds its matcher program in Python. The patterns a cold `judge search` needs
(question frames, situations, citations) cost about ten milliseconds of compiling in every process: about a
fifth of what the command takes over `python3 -c pass`. The program that `re` hands to its C matcher
(`_sre.compile`) is a list of integers; it is kept in a file in the cache folder, keyed by the interpreter's
version and the matcher's magic number, and a later process hands it to the matcher directly.

Any doubt falls back to `re.compile`: another interpreter, a file that is unreadable, damaged, written by another
Python or writable by another user, an entry the matcher rejects. A program is kept only when the matcher built
from it equals the one `re.compile` built (patterns compare by flags and program), and a test checks the same of
the file's entries. The file sits beside the store and is written by `save()` (the command line calls it before it
exits) only when the process compiled a pattern the file lacked.
"""

from __future__ import annotations

import marshal
import os
import re
import sys

try:
    import _sre
    from re import _compiler, _parser
except ImportError:  # another implementation of Python: patterns are compiled as usual
    _sre = None

FILE_NAME = "regex-programs.marshal"
# The programs are valid for one matcher: the interpreter's exact version and the matcher's magic number.
KEY = (sys.version, getattr(_sre, "MAGIC", None), getattr(_sre, "CODESIZE", None))
_USABLE = _sre is not None and sys.implementation.name == "cpython"

# (pattern, flags) -> the arguments of _sre.compile after the pattern; None until the file is read.
_programs: dict[tuple[str, int], tuple] | None = None
_added = False


def _path():
    """Beside the store (the cache folder, or the private folder used when it cannot be written)."""
    from judge.store.cache import store_dir

    return store_dir() / FILE_NAME


def _load() -> dict[tuple[str, int], tuple]:
    global _programs
    _programs = {}
    if not _USABLE:
        return _programs
    from judge.store.cache import trusted_file

    try:
        path = _path()
        if not trusted_file(path):  # missing, or a file another user could have written: compile as usual
            return _programs
        data = marshal.loads(path.read_bytes())
    except Exception:  # an unreadable or damaged file, or no usable cache folder
        return _programs
    if isinstance(data, tuple) and len(data) == 2 and data[0] == KEY and isinstance(data[1], dict):
        _programs = data[1]
    return _programs


def _program(pattern: str, flags: int) -> tuple:
    """What re._compiler.compile passes to _sre.compile after the pattern, computed the same way."""
    parsed = _parser.parse(pattern, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]  # opcodes are an int subclass marshal cannot write
    state = parsed.state
    indexgroup = [None] * state.groups
    for name, index in state.groupdict.items():
        indexgroup[index] = name
    return (int(flags | state.flags), code, state.groups - 1, dict(state.groupdict), tuple(indexgroup))


def regex(pattern: str, flags: int = 0) -> re.Pattern:
    """`re.compile(pattern, flags)`, from the kept program when there is one."""
    global _added
    programs = _load() if _programs is None else _programs
    flags = int(flags)
    key = (pattern, flags)
    args = programs.get(key)
    if args is not None:
        try:
            return _sre.compile(pattern, *args)
        except Exception:  # an entry the matcher rejects: compiled afresh below, and replaced
            del programs[key]
    compiled = re.compile(pattern, flags)
    if _USABLE and isinstance(pattern, str) and not flags & re.DEBUG:
        try:
            args = _program(pattern, flags)
            # Kept only if the matcher built from it is the one re built (patterns compare by flags and program).
            if _sre.compile(pattern, *args) == compiled:
                programs[key] = args
                _added = True
        except Exception:  # re's internals differ from what this module expects: nothing is kept
            pass
    return compiled


def save() -> None:
    """Writes the kept programs if this process added any: whole and atomically (a reader sees the old file or the
    new one). A cache folder that cannot be written is no error: the next process compiles again."""
    global _added
    if not _added or _programs is None:
        return
    _added = False
    try:
        path = _path()
    except Exception:  # no usable cache folder
        return
    tmp = path.with_name(f"{FILE_NAME}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(marshal.dumps((KEY, _programs)))
        os.replace(tmp, path)
    except (OSError, ValueError):
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
