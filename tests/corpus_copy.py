"""A private copy of the shipped corpus for tests that edit or extend it, with MANIFEST.tsv's hashes updated."""

import hashlib
import shutil

RULES = "core-rules-2026-07-17.zh.txt"


def copy_corpus(root, edit=None, extra=None):
    """rules_corpus/ copied to `root`; the rules document passed through `edit`, an `extra`
    (name, version, text) rules document added; the manifest re-hashed so the copy verifies."""
    from judge.paths import corpus_dir

    shutil.copytree(corpus_dir(), root)
    if edit:
        p = root / RULES
        p.write_text(edit(p.read_text(encoding="utf-8")), encoding="utf-8")
    lines = (root / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    if extra:
        name, version, text = extra
        (root / name).write_text(text, encoding="utf-8")
        lines.append(f"{name}\t0\t{version}\trules\tA newer rules document")
    out = [lines[0]]
    for line in lines[1:]:
        cells = line.split("\t")
        cells[1] = hashlib.sha256((root / cells[0]).read_bytes()).hexdigest()
        out.append("\t".join(cells))
    (root / "MANIFEST.tsv").write_text("\n".join(out) + "\n", encoding="utf-8")
    return root
