"""Running the `judge` CLI in process, for the CLI tests: one helper instead of one per test file."""

import pytest

from judge.cli import main


def run(capsys, *args):
    """(exit code, stdout, stderr) of `judge ARGS…`; a Chinese error never comes with a traceback."""
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return exc.value.code, out, err
