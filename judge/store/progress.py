"""A progress line on stderr for work that can take more than a second (building, aligning).

On a terminal the line is redrawn in place (percentage and elapsed seconds); elsewhere one line
says what started, so a log still tells why the command took long. Stdlib only.
"""

from __future__ import annotations

import sys
import time


class ProgressLine:
    def __init__(self, label: str, stream=None, min_interval: float = 0.2):
        self.label = label
        self.stream = stream or sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.started = time.monotonic()
        self.last = 0.0
        self.min_interval = min_interval
        self.announced = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.announced:
            self.announced = True
            if not self.tty:
                print(f"{self.label}（共 {total:,} 项）……", file=self.stream, flush=True)
        if not self.tty or now - self.last < self.min_interval:
            return
        self.last = now
        pct = 100 * done / total if total else 100
        width = 24
        bar = "#" * int(width * pct / 100)
        self.stream.write(f"\r{self.label} [{bar:<{width}}] {pct:5.1f}%  {done:,}/{total:,}  {now - self.started:.0f} 秒")
        self.stream.flush()

    def done(self, note: str = "") -> None:
        if self.announced and self.tty:
            self.stream.write("\r\033[K")
        if self.announced and note:
            print(f"{note}（用时 {time.monotonic() - self.started:.1f} 秒）", file=self.stream, flush=True)
