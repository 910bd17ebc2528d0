"""`judge corpus ...`: the shipped documents and their manifest."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    corpus_app = typer.Typer(help="语料文件：校验清单、列出版本。", no_args_is_help=True)
    app.add_typer(corpus_app, name="corpus")

    @corpus_app.command("verify")
    def verify_cmd() -> None:
        """校验 rules_corpus/ 中每个文件的 sha256 与 MANIFEST.tsv 一致。"""
        from judge.corpus import manifest

        for doc in manifest.verify():
            typer.echo(f"✓ {doc.file}  {doc.version}  {doc.kind}  {doc.sha256[:12]}")
