"""The scenario language's section transformers (setup, cards, board, steps, expectations), each
a small Transformer (judge.dsl.lalr) with `v_args(inline=True)` callbacks; judge.dsl.parser combines them."""
