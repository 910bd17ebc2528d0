"""The scripts of tools/ are not a package: a test loads one by its file name."""

import importlib.util
from types import ModuleType

from judge.paths import REPO_DIR


def load_tool(name: str) -> ModuleType:
    """tools/NAME.py, executed as a module of that name."""
    spec = importlib.util.spec_from_file_location(name, REPO_DIR / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
