"""Benchmarks: speed and quality figures of riftbound-judge, measured side by side in one run.

Each area has a module `bench_<area>.py` exposing `run(quick: bool) -> list[dict]`; rows are
{"name", "value", "unit", optional "target", "ratio", "note"}. `python -m benchmarks` runs them all.
"""
