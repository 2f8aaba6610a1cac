"""The blind zoo of round 25 r2c: answers a tester wrote from the learner notebooks of 00 (its
EDF demo), 06, 06b, 09 and 11 without reading the kit's code. Each file's first line says its
mistake or its style; every `wrong_*` must be rejected and every `right_*` accepted, checked as a
learner checks it (`python -m kit quiz TOPIC Q FILE`). The 06b answers run on a throwaway
PostgreSQL cluster (`pg_dsn`), and are skipped with the reason where none can start.

Of the tester's 278 wrong and 69 right answers, six were judged again when the statements were
made precise (each file's first line says why): `right_time_based` of 09 q2 and q3 is wrong (a job
released later goes after the jobs waiting, even at the same clock time, after a 0-tick job), and
`sorted_insert_bisect` (09 q1: the cost is counted in comparisons), `dedupe_names` (09 q1: waiting
names are distinct), `dup_deps_counted` (09 q2: deps
name distinct jobs) and `int_duration` (11 q5: durations are ints) are right. Since blind round
4b, 09 q6 counts every pop against the levels its leaf sinks, so `pop_first_item_then_heapify_child`
(a redundant call of before on a heap of two) is wrong."""

import re
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
    assert (len(wrong), len(right)) == (277, 70)


@pytest.mark.slow
@pytest.mark.parametrize("path", ANSWERS, ids=lambda p: str(p.relative_to(ZOO)))
def test_blind_answer(path, capsys, request):
    topic, question = path.parent.parent.name, path.parent.name
    if topic == "postgres_queue":
        try:
            dsn = request.getfixturevalue("pg_dsn")
        except pytest.fail.Exception as e:  # no server could start here: say why, in one line
            pytest.skip(f"06b needs a PostgreSQL server: {str(e).splitlines()[0]}")
        postgres_queue.use_server(dsn)
    code = quiz([topic, question, str(path)])
    report = capsys.readouterr().out
    first = path.read_text().splitlines()[0]
    if path.name.startswith("wrong_"):
        assert code == 1, f"{path.name} ({first}) passed:\n{report}"
        assert report.startswith("✘") and "why:" in report, report
        assert not re.search(r"\bInt\b", report), report  # no internal type names
    else:
        assert code == 0, f"{path.name} ({first}) rejected:\n{report}"
