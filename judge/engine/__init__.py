"""The rules engine: game state and one module per rules chapter.

Public API (import-light entry points):
    judge.dsl.load_scenario(path) / judge.dsl.parse_text(text)      -> Scenario (validated)
    judge.engine.runner.run_file(path, auto=False)                   -> ScenarioResult
    judge.engine.runner.run_scenario(scenario, auto=False)           -> ScenarioResult
        .passed .checks .events .stop .game .to_dict()
    judge.trace.render.to_markdown(result) / to_json(result) / to_terminal(result)
    judge.engine.setup.build_game(scenario, auto=False)              -> Game
    judge.engine.actions.legal_actions(game) / apply(game, action)   (apply raises IllegalAction, NeedChoice)
    judge.engine.invariants.violations(game)                         -> list of broken invariants
    judge.engine.playout.random_playout(steps, seed, players)        -> stats (invariants checked each step)

Chapters: zones (119, 431), movement (445, 447.2), cleanup (318, 317.2, 466.1), showdown (341),
combat (459-466), damage_assignment (465), scoring (467, 469.1), turn (315, 317), chain (808;
part 2 replaces it with the full chain), layers (Might), effects (417, 428, 454 ...).
Every cited rule number is listed in judge.engine.citations.

Extension points for part 2 (chain, priority/focus, playing cards, abilities, keywords):
- judge.engine.chain: PendingItem and `run_pending(game)` (called whenever no cleanup is outstanding;
  returns with an empty chain). Replace its body with the HOT FEPR loop; keep `record_death_triggers`
  / `flush_triggers` as the way cleanup step 3a hands triggers over.
- judge.engine.showdown: Showdown(focus, passes); `pass_focus`, `reset_passes`, `close`. Priority and
  the initial combat chain (attack/defend triggers) go in `combat.open_combat` after designations.
- judge.engine.actions: `_perform` dispatches on Action.verb; add verbs (play, activate …) there and
  in judge/dsl/scenario.lark; `legal_actions` enumerates them for fuzzing.
- judge.dsl.model.Effect(kind, amount, scope) + judge.engine.chain.resolve: new effect kinds.
- keywords live on CardDef.keywords / GameObject.keywords (`obj.has("壁垒")`); each keyword's logic is
  in its own module under keywords/, called by the procedure it changes (see below).

Part 2 (chain, priority, playing cards, abilities, keywords):
- playing (349: the six steps, rollback by checking before changing), costs (356/357, rune payment),
  targeting (355.6), group_targets (Fox-Fire), priority (who may act; passing, 327/341),
  resolution (the FEPR loop: finalize pending oldest first, resolve newest, cleanup between),
  activating (376/398), chain_items (ChainItem: cards, triggers, abilities on the chain),
  interactive (`judge run --interactive`).
- abilities/: triggered (382: ordering by turn order, combat initial chain, decline to pay),
  replacement (367: death replacements, order chosen by the affected unit's controller),
  spell_kill (Immortal Phoenix), reflexive (382: embedded "then do this" / "if killed" / "one of" /
  "N times" triggers), delayed (389: end of turn, start of your next turn), linked (393).
- keywords/: accelerate 805, action 806, deflect 809, hidden 811, reaction 813, equip 818/819,
  legion, repeat, vision, weaponmaster (800), timing (which state allows what);
  assault 807 and shield (Might bonus, called by layers.might), tank and backline (assignment
  groups, called by damage_assignment, 465), ganking 810 (battlefield-to-battlefield standard move,
  movement), temporary 816 (beginning-phase kill, turn), deathknell 808 (pending items recorded
  before the card moves, chain.record_death_triggers; cleanup 3a and replaced deaths trace it),
  level (800: `等级 N 战力 +X` active while the controller's XP >= N, layers; XP gains in resolution).
- Only rule numbers the text itself confirms are cited (inferred sub-numbers move as the tree is refined).
"""
