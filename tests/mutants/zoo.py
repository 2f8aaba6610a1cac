"""The mutant zoo: plausible wrong answers for every exercise, and correct ones written differently.

Every declared pitfall of every problem is a mutant (its wrong answer must fail, with the pitfall
named). `EXTRA` adds unnamed wrong answers a learner might write; `CORRECT` adds right answers in
other styles that no check may reject. `python tests/mutants/zoo.py` prints the kill rate table.
"""

import heapq

from kit.checks.engine import Problem
from kit.exercises import catalogue


def problems() -> list[tuple[str, str, Problem]]:
    """(topic, "q1", problem) for every exercise in the kit, in order."""
    return [(t, q, p) for t, qs in catalogue().items() for q, p in qs.items()]


# -- extra wrong answers (no pitfall name expected), by (topic, question) ----------------------
def _edf_by_name(jobs):
    return sorted(jobs, key=lambda j: j.name)


def _edf_heap_without_seq(jobs):
    heap = [(j.deadline, j.duration, j.name, j) for j in jobs]
    heapq.heapify(heap)
    return [heapq.heappop(heap)[-1] for _ in range(len(heap))]


def _late_from_one(order):
    t, worst = 1, 0
    for j in order:
        t += j.duration
        worst = max(worst, t - j.deadline)
    return worst if order else 0


def _feasible_sum(jobs):
    return sum(j.duration for j in jobs) <= max((j.deadline for j in jobs), default=0)


def _on_time_greedy_shortest(jobs):
    taken, t = [], 0
    for j in sorted(jobs, key=lambda j: j.duration):
        if t + j.duration <= j.deadline:
            taken.append(j)
            t += j.duration
    return sorted(taken, key=lambda j: j.deadline)


EXTRA = {
    ("edf_lateness", "q1"): [("sorted by name", _edf_by_name),
                    ("heap without a sequence number", _edf_heap_without_seq),
                    ("input unchanged", lambda jobs: list(jobs))],
    ("edf_lateness", "q2"): [("clock starts at 1", _late_from_one),
                    ("last job's lateness only",
                     lambda order: (sum(j.duration for j in order) - order[-1].deadline)
                     if order else 0)],
    ("edf_lateness", "q3"): [("total work against the latest deadline", _feasible_sum)],
    ("edf_lateness", "q4"): [("shortest first, skipping late jobs", _on_time_greedy_shortest)],
}


# -- correct answers in other styles, by (topic, question) -------------------------------------
def _edf_insertion(jobs):
    out = []
    for j in jobs:
        i = len(out)
        while i > 0 and out[i - 1].deadline > j.deadline:
            i -= 1
        out.insert(i, j)
    return out


def _late_accumulate(order):
    from itertools import accumulate

    finishes = accumulate(j.duration for j in order)
    return max((f - j.deadline for f, j in zip(finishes, order, strict=True)), default=0)


CORRECT = {
    ("edf_lateness", "q1"): [("insertion sort", _edf_insertion),
                    ("decorated sort", lambda jobs: [j for _, _, j in sorted(
                        (j.deadline, i, j) for i, j in enumerate(jobs))])],
    ("edf_lateness", "q2"): [("itertools.accumulate", _late_accumulate)],
    ("edf_lateness", "q3"): [("all finishes by deadline", lambda jobs: all(
        sum(k.duration for k in sorted(jobs, key=lambda x: x.deadline)[:i + 1]) <= j.deadline
        for i, j in enumerate(sorted(jobs, key=lambda x: x.deadline))))],
}


def size(value) -> int:
    """How many items a counterexample holds: the longest list, tuple, set or dict anywhere in it
    (a record such as a Job counts as one item, not as its fields)."""
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return 1
    if isinstance(value, dict):
        inner = [size(v) for v in value.values()]
        return max([len(value), *inner])
    if isinstance(value, list | tuple | set | frozenset):
        return max([len(value), *(size(v) for v in value)])
    return 1


def case_size(case: tuple) -> int:
    """The size of a case: its arguments are counted one by one, not as a tuple of arguments."""
    return max((size(arg) for arg in case), default=0)


def kill_table() -> list[tuple[str, str, int, int, int]]:
    """(topic, question, mutants, killed, correct answers accepted) per exercise."""
    rows = []
    for topic, q, problem in problems():
        mutants = [p.answer for p in problem.pitfalls] + [a for _, a in EXTRA.get((topic, q), [])]
        killed = sum(not problem.check(m) for m in mutants)
        correct = [problem.reference, problem.answer] + [a for _, a in CORRECT.get((topic, q), [])]
        accepted = sum(bool(problem.check(a)) for a in correct)
        rows.append((topic, q, len(mutants), killed, accepted, len(correct)))
    return rows


if __name__ == "__main__":
    print("| exercise | mutants | killed | kill rate | correct answers accepted |")
    print("|---|---|---|---|---|")
    for topic, q, n, killed, accepted, total in kill_table():
        rate = f"{killed / n:.0%}" if n else "-"
        print(f"| {topic}.{q} | {n} | {killed} | {rate} | {accepted}/{total} |")
