"""Build mapping of the shipped data folders (the rest of the configuration is in pyproject.toml).

The corpus (rules_corpus/) and the scenarios with their card files (scenarios/) stay top-level
folders of the repository; the wheel and the sdist carry them inside the package, as
judge/_data/rules_corpus and judge/_data/scenarios, where judge.paths finds them through
importlib.resources. An editable install reads them from the checkout instead.
"""

from setuptools import find_namespace_packages, setup

DATA_FOLDERS = {"judge._data.rules_corpus": "rules_corpus", "judge._data.scenarios": "scenarios"}

setup(
    packages=find_namespace_packages(include=["judge", "judge.*"], exclude=["*.__pycache__"]) + list(DATA_FOLDERS),
    package_dir=DATA_FOLDERS,
    package_data={
        "": ["*.lark", "*.卡牌", "*.sqlite", "*.tsv", "*.txt", "*.json", "*.jsonl", "*.csv", "*.md", "*.yml", "*.css", "*.js", "*.html"],
        "judge._data.rules_corpus": ["*.tsv", "*.txt", "*.md"],
        "judge._data.scenarios": ["**/*.场景", "**/*.scn", "**/*.scenario", "**/*.卡牌", "**/*.md"],
    },
)
