"""The blind zoo of round 25 r2c: answers a tester wrote from the learner notebooks of 00 (its
EDF demo), 06, 06b, 09 and 11 without reading the kit's code. Each file's first line says its
mistake or its style; every `wrong_*` must be rejected and every `right_*` accepted, checked as a
learner checks it (`python -m kit quiz TOPIC Q FILE`). The 06b answers run on a throwaway
PostgreSQL cluster (`pg_dsn`), and are skipped with the reason where none can start."""

from pathlib import Path

import pytest

from kit.exercises import postgres_queue
from kit.quiz import main as quiz

ZOO = Path(__file__).parent / "blind_25r2c"
ANSWERS = sorted(ZOO.glob("*/q*/*.py"))


def test_the_zoo_is_all_there():
    wrong = [a for a in ANSWERS if a.name.startswith("wrong_")]
    right = [a for a in ANSWERS if a.name.startswith("right_")]
    assert len(wrong) + len(right) == len(ANSWERS)
    assert (len(wrong), len(right)) == (278, 69)


@pytest.mark.slow
@pytest.mark.parametrize("path", ANSWERS, ids=lambda p: str(p.relative_to(ZOO)))
def test_blind_answer(path, capsys, request):
    topic, question = path.parent.parent.name, path.parent.name
    if topic == "postgres_queue":
        postgres_queue.use_server(request.getfixturevalue("pg_dsn"))
    code = quiz([topic, question, str(path)])
    report = capsys.readouterr().out
    first = path.read_text().splitlines()[0]
    if path.name.startswith("wrong_"):
        assert code == 1, f"{path.name} ({first}) passed:\n{report}"
        assert report.startswith("✘") and "why:" in report, report
        assert "Int" not in report.replace("Int(", ""), report  # no internal type names
    else:
        assert code == 0, f"{path.name} ({first}) rejected:\n{report}"
