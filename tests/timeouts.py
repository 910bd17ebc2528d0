"""A per-input time limit for fuzz tests: a hang fails the test instead of freezing the run."""

from __future__ import annotations

import signal
from contextlib import contextmanager


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: int, what: str = "input"):
    def on_alarm(signum, frame):
        raise Hang(f"{what} took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
