"""The blind zoo of round 25r2: answers a tester wrote from the learner notebooks of 01, 02, 03,
04 and 10 without reading the kit's code (their REPORT.md and results.tsv lie beside the answers;
results.tsv is their run, before the fixes). Each file's first line says its mistake or its style;
every `wrong_*` must be rejected and every `right_*` accepted, checked as a learner checks it
(`python -m kit quiz TOPIC Q FILE`). Five of the tester's wrong answers to notebook 01 (a clock
kept to whole ticks) were judged right: its statement now says times are whole ticks, so they
are `right_*` here, their first line saying why (312 wrong and 70 right as written, 307 and 75
as judged)."""

from pathlib import Path

import pytest

from kit.quiz import main as quiz

ZOO = Path(__file__).parent / "blind_25r2"
ANSWERS = sorted(ZOO.glob("*/q*/*.py"))


def test_the_zoo_is_all_there():
    wrong = [a for a in ANSWERS if a.name.startswith("wrong_")]
    right = [a for a in ANSWERS if a.name.startswith("right_")]
    assert (len(wrong), len(right)) == (307, 75) and len(wrong) + len(right) == len(ANSWERS)


@pytest.mark.slow
@pytest.mark.parametrize("path", ANSWERS, ids=lambda p: str(p.relative_to(ZOO)))
def test_blind_answer(path, capsys):
    topic, question = path.parent.parent.name, path.parent.name
    code = quiz([topic, question, str(path)])
    report = capsys.readouterr().out
    if path.name.startswith("wrong_"):
        assert code == 1, f"{path.name} ({path.read_text().splitlines()[0]}) passed:\n{report}"
        assert report.startswith("✘") and "why:" in report, report
    else:
        assert code == 0, f"{path.name} ({path.read_text().splitlines()[0]}) rejected:\n{report}"


# -- other members of each class the round found, written as a reviewer might -----------------
def _edf_rounded(digits):
    return lambda jobs: sorted(jobs, key=lambda j: round(j.deadline, digits))


def _lateness(step):
    def answer(order):
        t, worst = 0, None
        for j in order:
            t = step(t + j.duration)
            worst = t - j.deadline if worst is None else max(worst, t - j.deadline)
        return 0 if worst is None else worst
    return answer


def _feasible_within(tol):
    from kit import edf
    return lambda jobs: edf.max_lateness(edf.edf_order(jobs)) <= tol


def _already_sorted_back(jobs):
    ordered = sorted(jobs, key=lambda j: j.deadline)
    return jobs if all(a is b for a, b in zip(ordered, jobs, strict=True)) else ordered


def _squeezed(low, high):
    return lambda p, b, c, rand: min(c, b + (low + (high - low) * rand()) * (3 * p - b))


def _rand_ignored():
    state = [0.0]

    def answer(previous, base, cap, rand):
        rand()
        state[0] = (state[0] + 0.6180339887) % 1.0  # a golden-ratio walk, not rand's value
        return min(cap, base + state[0] * (3 * previous - base))
    return answer


def _deficits_back(queues, deficits, weights, quantum):
    from kit.exercises.mlfq_and_fairness import drr_round
    served, after = drr_round(queues, deficits, weights, quantum)
    return served, deficits if after == deficits else after


def _three_of_four_cpus(tasks, cpus):
    from kit.exercises.load_balancing import _partial_search
    return _partial_search(tasks, cpus, lambda loads, size, best: sorted(
        range(len(loads)), key=loads.__getitem__)[:max(1, len(loads) - 1)])


CLASS_MEMBERS = [
    ("edf_lateness", "q1", _edf_rounded(3)), ("edf_lateness", "q1", _edf_rounded(8)),
    ("edf_lateness", "q1", _already_sorted_back),
    ("edf_lateness", "q2", _lateness(lambda x: round(x, 4))),
    ("edf_lateness", "q2", _lateness(lambda x: float(__import__("numpy").float32(x)))),
    ("edf_lateness", "q3", _feasible_within(1e-6)), ("edf_lateness", "q3", _feasible_within(1e-12)),
    ("backoff_and_jitter", "q3", _squeezed(0.0, 0.99)),
    ("backoff_and_jitter", "q3", _squeezed(0.01, 1.0)),
    ("backoff_and_jitter", "q3", _rand_ignored()),
    ("mlfq_and_fairness", "q3", _deficits_back),
    ("load_balancing", "q4", _three_of_four_cpus),
]


@pytest.mark.parametrize("topic, q, answer", CLASS_MEMBERS,
                         ids=[f"{t}-{q}-{i}" for i, (t, q, _) in enumerate(CLASS_MEMBERS)])
def test_other_members_of_each_class_fail(topic, q, answer):
    import importlib

    problem = getattr(importlib.import_module(f"kit.exercises.{topic}"), q)
    result = problem.check(answer, explain=False)
    assert not result, repr(result)
