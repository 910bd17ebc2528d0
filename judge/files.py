"""Reading a file a judge names, bounded: only a regular file, never more than a size limit.

A FIFO would block forever and /dev/zero would fill memory; a 1 GB file given by mistake should be
refused at once, not read. Callers turn the exceptions into their own located Chinese errors.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class Refused(ValueError):
    """The file was not read; `reason` says why in Chinese."""

    def __init__(self, path: Path, reason: str):
        super().__init__(reason)
        self.path = path
        self.reason = reason


class NotRegular(Refused):
    pass


class TooLarge(Refused):
    def __init__(self, path: Path, size: int, limit: int):
        super().__init__(path, f"文件过大（{size:,} 字节，上限 {limit:,} 字节）")
        self.size = size
        self.limit = limit


def read_bounded(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; OSError (e.g. FileNotFoundError) as usual."""
    p = Path(path)
    st = os.stat(p)
    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(21, "Is a directory", str(p))
    if not stat.S_ISREG(st.st_mode):
        raise NotRegular(p, "不是普通文件（这是设备、管道或其他特殊文件）")
    if st.st_size > limit:
        raise TooLarge(p, st.st_size, limit)
    # O_NONBLOCK: should the file be swapped for a FIFO after the stat, opening it does not hang.
    fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise NotRegular(p, "不是普通文件（这是设备、管道或其他特殊文件）")
        # Ask for the size the stat saw (+1 to notice growth), not `limit`: a read of `limit` bytes
        # allocates that much for every small file.
        data = fh.read(st.st_size + 1)
        if len(data) > st.st_size:  # it grew since the stat: read on up to the limit
            data += fh.read(limit + 1 - len(data))
    if len(data) > limit:  # it grew while we read it
        raise TooLarge(p, len(data), limit)
    return data
