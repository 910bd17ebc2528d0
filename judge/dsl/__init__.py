"""The scenario DSL: `scenario.lark` (parse tables computed by Lark, judge.dsl.grammar_tables) + a
Transformer building judge.dsl.model.Scenario.

    from judge.dsl import load_scenario, parse_text
"""


def load_scenario(path):
    from judge.dsl.parser import load_scenario as _load

    return _load(path)


def parse_text(text, file="<场景>", base_dir=None):
    from judge.dsl.parser import parse_text as _parse
    from judge.dsl.validate import validate

    sc = _parse(text, file, base_dir=base_dir)
    validate(sc)
    return sc
