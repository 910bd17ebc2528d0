"""Running a scenario: build the game, play the scripted steps, check checkpoints and expectations.

Public API (used by the CLI, the docs generator and the fuzzers):
    result = run_file("scenarios/combat/equal_might.场景")      # parse + validate + run
    result = run_scenario(scenario, auto=False)
    result.passed, result.checks, result.events, result.stop, result.error
"""

from __future__ import annotations

from judge.recordtype import field, record
from pathlib import Path

from judge.dsl.model import Scenario, Step
from judge.engine import actions, vocab
from judge.engine.choices import Probe
from judge.engine.errors import IllegalAction, NeedChoice
from judge.scenario.expectations import CheckResult, evaluate
from judge.scenario.setup import build_game
from judge.engine.state import Game
from judge.rules.number import within

SCENARIO_SUFFIXES = (".场景", ".scn", ".scenario")


@record
class StopInfo:
    """Why the run stopped early: a missing choice (strict mode) or an unexpected illegal action."""

    kind: str  # choice | illegal
    message: str
    line: int
    options: list[str] = field(default_factory=list)
    example: str = ""
    rule: str | None = None

    def to_dict(self) -> dict:
        return self.__dict__.copy()


@record
class ScenarioResult:
    """The outcome of a scenario run: the game, the checks, the boards, why it stopped."""

    scenario: Scenario
    game: Game
    checks: list[CheckResult] = field(default_factory=list)
    stop: StopInfo | None = None
    # the board (Game.snapshot) at the start, at each checkpoint and at the end: {"at", "line", "label", "board"}
    boards: list[dict] = field(default_factory=list)

    def record_board(self, at: str, line: int | None = None, label: str = "") -> None:
        if self.game.trace.enabled:
            self.boards.append({"at": at, "line": line, "label": label, "board": self.game.snapshot()})

    @property
    def events(self):
        return self.game.trace.events

    @property
    def passed(self) -> bool:
        return self.stop is None and all(c.ok for c in self.checks)

    @property
    def failures(self) -> list[CheckResult]:
        return [c for c in self.checks if not c.ok]

    @property
    def expectations(self) -> list[CheckResult]:
        """Every expectation, checkpoint and expected-illegal action with its outcome, in order."""
        return self.checks

    @property
    def rules_applied(self) -> list[str]:
        """Every rule number the trace cites, in order of first use."""
        return list(dict.fromkeys(r for e in self.events for r in e.rules))

    @property
    def title(self) -> str:
        return self.scenario.title or ""

    @property
    def winner(self) -> str | None:
        return self.game.winner

    def to_dict(self) -> dict:
        sc = self.scenario
        return {"file": sc.file, "title": sc.title, "sources": sc.sources, "notes": sc.notes,
                "passed": self.passed, "winner": self.game.winner,
                "events": [e.to_dict() for e in self.events],
                "checks": [c.to_dict() for c in self.checks],
                "stop": self.stop.to_dict() if self.stop else None}


def run_scenario(sc: Scenario, auto: bool = False, trace: bool = True) -> ScenarioResult:
    game = build_game(sc, auto=auto)
    game.trace.enabled = trace
    result = ScenarioResult(sc, game)
    t = game.trace
    if auto:
        t.add("note", "自动模式：缺少的选择将按文档中的默认方式决定，并在追踪中注明。")
    result.record_board("start")
    waiting: list[Step] = []  # step checkpoints for the next action that performs something
    for step in sc.steps:
        if step.kind == "step_check":
            waiting.append(step)
            continue
        performs = step.kind in ("action", "illegal") and step.action.verb not in actions.CHOICE_VERBS
        if performs and waiting:
            _watch_steps(game, result, waiting)
        go_on = _run_step(game, step, result)
        if performs and waiting:
            game.step_observer = None
            _unreached(result, waiting)
            waiting = []
        if not go_on:
            break
    _unreached(result, waiting)
    result.record_board("end")
    if result.stop is None:
        for item in game.choices.unused():
            t.add("note", f"第 {getattr(item[3], 'line', '?')} 行的选择（{item[0]}，{item[1]}）没有被用到。")
    pending_illegal = [item[3].tag for item in game.choices.unused() if isinstance(item[3], Probe)]
    for step, ok, actual in game.probe_verdicts:
        result.checks.append(CheckResult(f"期望非法：{step.action.text}", ok, actual, step.pos, "illegal"))
    for step in pending_illegal:
        result.checks.append(CheckResult(f"期望非法：{step.action.text}", False, "这条分配从未被用到", step.pos,
                                         "illegal"))
    for e in sc.expectations:
        ok, actual = evaluate(game, e)
        result.checks.append(CheckResult(e.text, ok, actual, e.pos, "final"))
    return result


def _watch_steps(game: Game, result: ScenarioResult, waiting: list[Step]) -> None:
    """Check each waiting step checkpoint once, when the action reaches the end of its step."""
    def observe(game: Game, rule: str) -> None:
        for step in [s for s in waiting if s.rule == rule]:
            waiting.remove(step)
            where = f"{vocab.name(vocab.STEPS, rule)}之后"
            ok, actual = evaluate(game, step.expectation)
            result.checks.append(CheckResult(f"{where}：{step.expectation.text}", ok, actual, step.pos, "checkpoint"))
            game.trace.add("check", f"检查点（第 {step.pos.line} 行，{where}）：{step.expectation.text} → "
                           + ("✓" if ok else "✗ " + actual), ok=ok)
            result.record_board("checkpoint", step.pos.line, f"{where}：{step.expectation.text}")

    game.step_observer = observe


def _unreached(result: ScenarioResult, waiting: list[Step]) -> None:
    # each checkpoint verdict comes with its trace line and its board, in the same order (docs pair them)
    for step in waiting:
        where = vocab.name(vocab.STEPS, step.rule)
        text, actual = f"{where}之后：{step.expectation.text}", f"下一个行动没有完成{where}"
        result.checks.append(CheckResult(text, False, actual, step.pos, "checkpoint"))
        result.game.trace.add("check", f"检查点（第 {step.pos.line} 行）：{text} → ✗ {actual}", ok=False)
        result.record_board("checkpoint", step.pos.line, text)
    waiting.clear()


def _probe(game: Game, step: Step, result: ScenarioResult) -> None:
    """`检查 合法|非法 <行动>`: try the action on a copy of the game; the game itself does not change."""
    err = actions.dry_run(game, step.action)
    text = f"{'合法' if step.legal else '非法'}：{step.action.text}" + (f"（规则 {step.rule}）" if step.rule else "")
    if isinstance(err, IllegalAction):
        actual = f"非法，依据规则 {err.rule or '（未注明）'}：{err.message}"
        ok = not step.legal and (step.rule is None or within(err.rule or "", step.rule))
    else:
        actual = "合法" + (f"（之后需要选择：{err.prompt}）" if isinstance(err, NeedChoice) else "")
        ok = bool(step.legal)
    result.checks.append(CheckResult(text, ok, actual, step.pos, "checkpoint"))
    game.trace.add("check", f"检查点（第 {step.pos.line} 行）：在局面的副本上试行 {step.action.text}，局面不变 → {actual}"
                   + ("（✓）" if ok else "（✗）"), ok=ok)
    result.record_board("checkpoint", step.pos.line, text)


def _run_step(game: Game, step: Step, result: ScenarioResult) -> bool:
    t = game.trace
    if step.kind == "probe":
        _probe(game, step, result)
        return True
    if step.kind == "check":
        ok, actual = evaluate(game, step.expectation)
        result.checks.append(CheckResult(step.expectation.text, ok, actual, step.pos, "checkpoint"))
        t.add("check", f"检查点（第 {step.pos.line} 行）：{step.expectation.text} → {'✓' if ok else '✗ ' + actual}", ok=ok)
        result.record_board("checkpoint", step.pos.line, step.expectation.text)
        return True
    if step.kind == "illegal" and step.action.verb in actions.CHOICE_VERBS:
        if step.action.verb != "assign":
            result.checks.append(CheckResult(f"期望非法：{step.action.text}", False,
                                             "只有伤害分配可以作为“期望非法”的选择", step.pos, "illegal"))
            return True
        game.choices.push_probe("assign", step.action.player, step.action.args["assignment"], step)
        return True
    if step.kind == "illegal":
        try:
            actions.apply(game, step.action)
        except IllegalAction as err:
            rule_ok = step.rule is None or within(err.rule or "", step.rule)
            text = f"期望非法：{step.action.text}"
            t.add("illegal", f"非法行动（第 {step.pos.line} 行）：{err.message}", rules=(err.rule,) if err.rule else (),
                  faq=err.faq, ok=rule_ok)
            actual = f"非法，依据规则 {err.rule or '（未注明）'}：{err.message}"
            result.checks.append(CheckResult(text + (f"（规则 {step.rule}）" if step.rule else ""), rule_ok, actual,
                                             step.pos, "illegal"))
            return True
        except NeedChoice as need:
            return _stopped(game, result, need, step)
        result.checks.append(CheckResult(f"期望非法：{step.action.text}", False, "该行动合法并已执行", step.pos, "illegal"))
        t.add("illegal", f"第 {step.pos.line} 行期望非法的行动实际上合法，已执行。", ok=False)
        return True
    try:
        actions.apply(game, step.action)
    except IllegalAction as err:
        t.add("stop", f"第 {step.pos.line} 行的行动不合法：{err.message}", rules=(err.rule,) if err.rule else (),
              faq=err.faq)
        result.stop = StopInfo("illegal", err.message, step.pos.line, rule=err.rule)
        return False
    except NeedChoice as need:
        return _stopped(game, result, need, step)
    return True


def _stopped(game: Game, result: ScenarioResult, need: NeedChoice, step: Step) -> bool:
    game.trace.add("stop", f"严格模式：第 {step.pos.line} 行之后缺少选择。{need.prompt} "
                   + "；".join(need.options) + f"。可在该行之前加入一行，例如：{need.example}")
    result.stop = StopInfo("choice", need.prompt, step.pos.line, need.options, need.example)
    return False


def run_file(path, auto: bool = False) -> ScenarioResult:
    from judge.dsl.parser import load_scenario

    return run_scenario(load_scenario(path), auto=auto)


def scenario_files(path) -> list[Path]:
    """A scenario file, or every scenario file under a directory (sorted)."""
    p = Path(path)
    if p.is_dir():
        return sorted(f for f in p.rglob("*") if f.suffix in SCENARIO_SUFFIXES and f.is_file())
    return [p]
