"""Every mutant in the zoo fails its check, named, on a named edge case or a small shrunk input;
every correct answer passes."""

import pytest
from zoo import CORRECT, EXTRA, case_size, problems

PROBLEMS = problems()
PITFALLS = [(t, q, p, pit) for t, q, p in PROBLEMS for pit in p.pitfalls]
MAX_ITEMS = 5
BIGGER_BY_DESIGN = {
    "sorting on every arrival": None,  # caught by a counted stress case, not a small one
    # three jobs, a tick to queue two of them, a cancel and a tick: it cannot show in fewer steps
    "a skipped cancelled job used up a worker slot": 6,
    "a cancelled job still runs": 6,  # the same story, told by the same named edge case
    # two delayed submits, and ticks until both are due: four ticks and two submits
    "hard-coded ordering (the policy is not swappable)": 6,
    # the build graph always holds the same seven jobs; the shrunk case leaves most of them alone
    "a changed dependency not passed down": 7,
    "dependencies decided after the job": 7,
    # three parents finishing together release three children while a long job waits: the
    # generator of simultaneous releases (issue 25's blind round) finds it there first
    "numbered at submission, not when ready": 7,
    # the fencing story: a lease, time passing, the other worker's lease, two writes, and again
    "the holder's second write refused": 9,
    "remembered the refused token": 9,
    # a sinking item needs three levels: five pushes, then pops
    "sank into the left child always": 8,
    "sift-down stops at the first level": 12,
    # the shrinker keeps the pushes that come before the unknown name it reprioritises
    "brought a finished job back": 6,
    # a job that waits behind another, fails, and ticks until its backoff from now and from its
    # old run_at differ: two submits and five ticks
    "backoff timed from the old run_at, not from now": 7,
    # two jobs leased, both attempts ended, a look: the retries' order shows only then
    "retries due together rejoin out of scheduling order (a wrong tie key)": 7,
    "due retries moved back before the expiries": 6,
    # two jobs put (the generator puts first), one leased twice by w1 after an expiry, the ack
    "acks from an older lease": 6,
    # a retried job due again behind one submitted later with a lower priority number
    "delayed heap ordered by the policy, not by run time": 6,
}


@pytest.mark.parametrize("topic, q, problem, pitfall", PITFALLS,
                         ids=[f"{t}.{q}:{pit.name}" for t, q, _, pit in PITFALLS])
def test_every_pitfall_fails_and_is_named(topic, q, problem, pitfall):
    result = problem.check(pitfall.answer)
    assert not result, f"{topic}.{q}: the pitfall '{pitfall.name}' passed its own check"
    assert result.pitfall is not None and result.pitfall.name == pitfall.name, repr(result)
    assert pitfall.name in repr(result)
    limit = BIGGER_BY_DESIGN.get(pitfall.name, MAX_ITEMS)
    if result.case is not None and limit is not None and not result.label:
        assert case_size(result.case) <= limit, repr(result)  # shrunk: small


EXTRAS = [(t, q, label, answer) for (t, q), items in EXTRA.items() for label, answer in items]


@pytest.mark.parametrize("topic, q, label, answer", EXTRAS, ids=[f"{t}.{q}:{lbl}"
                                                                  for t, q, lbl, _ in EXTRAS])
def test_extra_mutants_fail_with_a_small_counterexample(topic, q, label, answer):
    problem = dict(((t, qq), p) for t, qq, p in PROBLEMS)[(topic, q)]
    result = problem.check(answer)
    assert not result, f"{topic}.{q}: the mutant '{label}' passed"
    if result.case is not None and not result.label:  # a named edge case is as its author wrote
        assert case_size(result.case) <= MAX_ITEMS, repr(result)


RIGHT = [(t, q, label, answer) for (t, q), items in CORRECT.items() for label, answer in items]


@pytest.mark.parametrize("topic, q, label, answer", RIGHT, ids=[f"{t}.{q}:{lbl}"
                                                                 for t, q, lbl, _ in RIGHT])
def test_correct_answers_written_differently_pass(topic, q, label, answer):
    problem = dict(((t, qq), p) for t, qq, p in PROBLEMS)[(topic, q)]
    assert problem.check(answer), f"{topic}.{q}: a correct answer ({label}) was rejected"


@pytest.mark.parametrize("topic, q, problem", PROBLEMS, ids=[f"{t}.{q}" for t, q, _ in PROBLEMS])
def test_every_exercise_has_pitfalls_hints_and_a_passing_reference(topic, q, problem):
    assert problem.pitfalls, f"{topic}.{q} declares no pitfalls"
    assert problem.hints, f"{topic}.{q} has no hints"
    assert problem.check(problem.reference)


SHOWN = [(t, q, p) for t, q, p in PROBLEMS if p.answer is not None]


@pytest.mark.parametrize("topic, q, problem", SHOWN, ids=[f"{t}.{q}" for t, q, _ in SHOWN])
def test_the_solution_a_learner_is_shown_passes(topic, q, problem):
    assert problem.check(problem.answer), f"{topic}.{q}: solution() shows a wrong answer"
