"""Registered effects beyond the core set of judge.engine.instructions, one module per family of game
actions (412-444): damage and its prevention, Might arithmetic, keywords, units' places, cards
between zones, tokens, resources, points and the chain. Each class is one registry entry (id,
Chinese spellings, English aliases, the rule that defines the action) registered in
judge.engine.standard."""
