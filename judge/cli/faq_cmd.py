"""`judge faq list|show|errata` and `judge glossary`: thin wrappers over the Python API (judge.api.Rulebook).

--json prints the records (judge.records) as JSON objects, field for field.
"""

from __future__ import annotations

import json
from typing import Optional

import typer


def _echo_json(data) -> None:
    from dataclasses import asdict, is_dataclass

    if isinstance(data, list):
        data = [asdict(d) if is_dataclass(d) else d for d in data]
    elif is_dataclass(data):
        data = asdict(data)
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _book():
    from judge.api import Rulebook

    return Rulebook()


def register(app: typer.Typer) -> None:
    faq_app = typer.Typer(help="FAQ：列出、查看条目（含已被取代的裁定）与勘误。", no_args_is_help=True)
    app.add_typer(faq_app, name="faq")

    @faq_app.command("list")
    def list_cmd(
        doc: Optional[str] = typer.Option(None, "--doc", help="core（核心规则FAQ）或 referee（裁判FAQ）"),
        topic: Optional[str] = typer.Option(None, "--topic", "-t", help="主题或卡牌名，如 战斗、待命、提莫"),
        status: Optional[str] = typer.Option(None, "--status", help="valid | disputed | partly_superseded（部分被取代，结论仍成立） | superseded"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出"),
    ) -> None:
        """列出 FAQ 条目；已被现行规则取代的裁定会标出。"""
        from judge.errors import JudgeError
        from judge.rules import faq_render
        from judge.rules.ruling_status import STATUSES

        if status and status not in STATUSES:
            raise JudgeError(f"未知的状态“{status}”。可选：{' | '.join(STATUSES)}")
        entries = _book().faq_entries(doc, topic, status)
        if as_json:
            _echo_json(entries)
        else:
            typer.echo(faq_render.entry_list(entries))

    @faq_app.command("show")
    def show_cmd(
        entry_id: str = typer.Argument(..., help="条目编号，如 C-L33 或 R-L41"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出"),
    ) -> None:
        """查看一个 FAQ 条目：问题、回答、要点、状态（及取代它的规则）、相关规则与勘误。"""
        from judge.rules import faq_render

        entry = _book().faq(entry_id)
        if as_json:
            _echo_json(entry)
        else:
            typer.echo(faq_render.entry_detail(entry))

    @faq_app.command("errata")
    def errata_cmd(
        card: Optional[str] = typer.Argument(None, help="卡牌名（中文或英文，可模糊），省略则列出全部"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出"),
    ) -> None:
        """卡牌勘误（修订文本）。"""
        from judge.rules import faq_render

        errata = _book().errata(card)
        if as_json:
            _echo_json(errata)
        else:
            typer.echo(faq_render.errata_list(errata))

    @app.command("glossary")
    def glossary_cmd(
        term: Optional[str] = typer.Argument(None, help="术语（中文、英文或 FAQ 的其他译名），省略则列出全部"),
        cards: bool = typer.Option(False, "--cards", help="列表中也包括 FAQ 提到的卡牌名"),
        as_json: bool = typer.Option(False, "--json", help="以 JSON 输出"),
    ) -> None:
        """中英术语表：定义术语的规则、英文名、FAQ 中的其他译名。"""
        from judge.rules import faq_render

        terms = _book().glossary(term, include_cards=cards)
        if as_json:
            _echo_json(terms)
        else:
            typer.echo(faq_render.glossary_detail(terms) if term else faq_render.glossary_list(terms))
