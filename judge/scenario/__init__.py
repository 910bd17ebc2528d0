"""The scenario harness: builds a game from a parsed scenario (setup), plays its scripted steps
(runner), checks checkpoints and expectations (expectations), asks for missing choices at the
terminal (interactive) and runs random legal playouts (playout).

It sits on top of both the scenario language (judge.dsl) and the engine (judge.engine); the
engine imports nothing from here.
"""
