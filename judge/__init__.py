"""riftbound-judge: rules-judge reference and query tool for Riftbound (《符文战场》).

    from judge import Rulebook, run_scenario, load_scenario

The public names load on first use (judge.api), so `import judge` and the CLI's fast paths stay light.
"""

__version__ = "0.1.0"

__all__ = ["Rulebook", "ScenarioResult", "load_scenario", "run_scenario"]


def __getattr__(name: str):
    if name in __all__:
        from judge import api

        return getattr(api, name)
    raise AttributeError(f"module 'judge' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
