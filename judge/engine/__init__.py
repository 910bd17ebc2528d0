"""The rules engine: game state, the card model, and one module per rules procedure.

The engine knows no scenario language: judge.dsl builds its card model (judge.engine.cards) and
actions (judge.engine.commands); the scenario harness (judge.scenario) builds games and plays
scripts. Public entry points:
    judge.engine.state.Game (.snapshot() -> plain dict of the public board)
    judge.engine.actions.legal_actions(game) / apply(game, action)   (apply raises IllegalAction, NeedChoice)
    judge.engine.invariants.violations(game)                         -> list of broken invariants

Module map
- Model: state (Game, GameObject, Player, Battlefield, Showdown, Combat: every piece of state a
  declared field, `Game` has slots; `Game.snapshot()`), cards (CardDef, Effect, Trigger, Activated,
  Reflexive, Delayed, Aura, CostMod: the card model the DSL builds), commands (Action), chain_items
  (ChainItem; make_item: the one builder of triggered chain items), refs (objects by id or name), choices (scripted or asked choices; probes), errors, vocab (zones, phases, card types,
  domains, timings, modes: English ids, Chinese names, aliases). The model's classes are records
  (judge.recordtype `@record`, `field`, `replace`), not dataclasses: a cold `judge run` imports neither
  dataclasses nor inspect (tests/test_recordtype.py checks it).
- Registries (the parts the card-ability language composes): registry (Entry, Registry), keywords/
  (Keyword: might_bonus, assignment_group, moves_between_battlefields, timing, play_cost,
  play_origin (PlayOrigin: playing from outside the hand), discretionary_action (a keyword's own action, 811.1.c Hide),
  activated, targeted_power, on_enter, on_played, at_beginning_phase, after_xp_gain, on_lethal,
  death_triggers, on_death_replaced), instructions (EffectKind.apply: every
  instruction), abilities/events (TriggerEvent: what each event is, its default subject),
  abilities/filters (subject and place filters), abilities/facts (EventFacts: what an event was), statics (StaticAbility: might_bonus, allows_ready,
  cost_changes and the "can't" hooks asked through statics.forbidder), effects_registry/ (the effect kinds
  beyond the core instructions, one module per family: damage, might, keywords, units, cards, chain,
  copies, points, resources, tokens), cost_parts (non-standard costs: exhaust, kill a friendly unit,
  spend a buff, discard, recycle or banish from the trash, spend XP), filters (target filter words,
  counts, nouns, destinations, durations), values (numbers, X, a Might, counts), conditions ("若 …"),
  abilities/frequencies (once per turn, first time each turn), steps (end of each playing and combat
  step, for checkpoints), standard (registers the standard parts in order; construct_table for the guide).
- Procedures: actions (dispatch and legal actions), zones, movement, cleanup, showdown, combat,
  damage_assignment, scoring, turn, timing, playing, costs, targeting, group_targets, priority,
  resolution (the one chain pipeline: finalize, priority, resolve, cleanup; play_out), activating,
  effects (game actions), layers (Might), invariants, citations.
- abilities/: triggered (the one trigger path: firing, recorded death triggers, the one ordering of
  simultaneous triggers, finalizing), replacement, spell_kill, reflexive, delayed, linked.

Import cycles (the only ones, checked by tests/test_engine_layers.py; procedures the rules make call
each other, the callee imported inside a function):
- cleanup ↔ combat ↔ showdown ↔ resolution ↔ playing ↔ priority: a cleanup starts showdowns and
  combats and follows every resolution (318, 340); passing priority resolves (339); a finalized
  permanent resolves at once and its play completes on resolution (419.4.a); combat's steps play
  out the chain they open.
- zones ↔ scoring ↔ effects ↔ abilities.replacement ↔ abilities.triggered ↔ costs ↔ cost_parts:
  burning out gives an opponent a point (431) and the final point may draw instead; a kill is replaced
  (367) by actions that are effects; a triggered ability's cost, its cost within instructions ("exhaust
  me to …", 403.1.b.1) included, is paid with the cost parts on finalizing, and paying a part (a kill, a
  recycle, a rune recycled to pay, 416.1.b) is itself an event that triggers.
- layers ↔ statics ↔ keywords ↔ keywords.base ↔ conditions ↔ filters ↔ values: Might and keywords are
  layers applied again until nothing changes (476); a static ability's condition, affected objects and
  amount read Might and keywords (364.3.a, 477.2.a, 477.3.a).

Only rule numbers registered in judge.engine.citations are cited.
"""

from judge.engine import standard  # noqa: E402,F401  (registers the standard parts)
