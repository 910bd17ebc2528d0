"""`judge playout` and `judge replay`: random games of real decks, and replaying a game's log."""

from __future__ import annotations

import json
from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    @app.command("playout")
    def playout_cmd(
        games: int = typer.Option(10, "--games", min=1, help="对局数"),
        seed: int = typer.Option(0, "--seed", help="起始随机种子（第 i 局用 种子+i，结果可复现）"),
        log: Optional[str] = typer.Option(None, "--log", help="对局记录目录：每局一个 JSON Lines 文件（game-种子.jsonl）"),
        max_decisions: int = typer.Option(600, "--max-decisions", min=1, help="每局最多的决定数"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出"),
    ) -> None:
        """用真实卡牌随机构筑合法卡组（规则 103），随机对局并在每个决定后检查不变量。例：judge playout --games 3 --seed 1"""
        from judge.scenario.deck_playout import run

        totals = run(games, seed, log, max_decisions)
        if as_json:
            typer.echo(json.dumps(totals, ensure_ascii=False, indent=2))
        else:
            rate = totals["games"] / totals["seconds"] if totals["seconds"] else 0.0
            typer.echo(f"{totals['games']} 局（种子 {seed}–{seed + games - 1}），{totals['wins']} 局分出胜负，"
                       f"共 {totals['turns']} 回合、{totals['decisions']} 个决定（规则接受 {totals['accepted']} 个，"
                       f"打出卡牌 {totals['plays']} 次）；{rate:.1f} 局/秒。")
            typer.echo(f"不变量违反：{len(totals['violations'])}")
            for v in totals["violations"][:20]:
                typer.echo(f"  {v}")
            if log:
                typer.echo(f"对局记录写入 {log}/（重放：judge replay 记录文件）。")
        if totals["violations"]:
            raise typer.Exit(1)

    @app.command("replay")
    def replay_cmd(
        logs: list[str] = typer.Argument(..., help="judge playout --log 写出的对局记录文件（可多个）"),
    ) -> None:
        """重放对局记录：按记录重建卡组与开局，重复每个决定，核对每个结果、不变量与终局状态。"""
        from judge.errors import JudgeError
        from judge.scenario.deck_playout import LogError, ReplayMismatch, read_log, replay

        for path in logs:
            try:
                lines = read_log(path)
            except LogError as err:
                raise JudgeError(str(err), hint="对局记录由 judge playout --log 目录 生成。") from None
            try:
                r = replay(lines)
            except ReplayMismatch as err:
                raise JudgeError(f"{path}：{err}", hint="同一份代码重放同一份记录应得到相同的终局；"
                                                        "若代码已改动，请重新生成记录。") from None
            winner = f"{r['winner']} 获胜" if r["winner"] else "未分胜负"
            typer.echo(f"{path}：重放 {r['decisions']} 个决定，终局一致（第 {r['turn']} 回合，{winner}，"
                       f"摘要 {r['digest']}）。")
