"""The exercises of 09_dependency_scheduler: references pass, pitfalls are caught and named with
small counterexamples, other correct answers pass; the explorer and the graph drawing."""

import bisect
import heapq
import itertools
from dataclasses import dataclass, field
from graphlib import TopologicalSorter

import pytest
from matplotlib.figure import Figure

from kit import dag, viz
from kit.exercises import dependency_scheduler as ex
from kit.heapbasics import ReadyQueue
from kit.widgets.dag import BUILD_EXAMPLE, DagExplorer, graph_picture

PROBLEMS = [ex.q1, ex.q2, ex.q3, ex.q4, ex.q5]


def test_sorting_is_caught_by_counting_comparisons_not_by_a_wrong_order():
    result = ex.q1.check(ex._SortOnArrival)
    assert isinstance(result.case[0], ex.Stress)
    assert result.got.startswith("right order; more than")
    result = ex.q2.check(ex._one_worker_sorting)
    assert isinstance(result.case[0], ex.Stress) and result.got.startswith("right order; more")


def test_the_seed_mistakes_are_all_named():
    named = {p.name for problem in PROBLEMS for p in problem.pitfalls}
    assert {"sorting on every arrival", "pushed jobs whose dependencies are not done",
            "no tie-break", "dispatching before all simultaneous finishes are retired"} <= named


# -- correct answers written differently ------------------------------------------------------
@dataclass(order=True)
class _Entry:
    priority: int
    seq: int
    name: str = field(compare=False)


class HeapOfDataclasses:
    def __init__(self):
        self.items, self.count = [], 0

    def push(self, name, priority):
        self.count += 1
        heapq.heappush(self.items, _Entry(priority, self.count, name))

    def pop(self):
        return heapq.heappop(self.items).name


class OnReadyQueue(ReadyQueue):  # the kit's lazy-deletion queue: pop gives (priority, name)
    def pop(self):
        return super().pop()[1]


class SortedByInsort:
    """A sorted list kept with bisect: O(log n) comparisons per push (its O(n) cost is moving
    items, which counting comparisons cannot see), so it passes."""

    def __init__(self):
        self.items, self.seq = [], itertools.count()

    def push(self, name, priority):
        bisect.insort(self.items, (priority, next(self.seq), name))

    def pop(self):
        return self.items.pop(0)[2]


@pytest.mark.parametrize("answer", [HeapOfDataclasses, OnReadyQueue, SortedByInsort])
def test_q1_other_correct_answers_pass(answer):
    assert ex.q1.check(answer)


def order_with_graphlib(jobs):
    position = {name: i for i, name in enumerate(jobs)}
    sorter = TopologicalSorter({name: deps for name, (_, _, deps) in jobs.items()})
    sorter.prepare()
    ready, seq, order = [], itertools.count(), []

    def release():
        for name in sorted(sorter.get_ready(), key=position.get):
            heapq.heappush(ready, (jobs[name][0], next(seq), name))

    release()
    while ready:
        name = heapq.heappop(ready)[2]
        order.append(name)
        sorter.done(name)
        release()
    return order


@pytest.mark.parametrize("answer", [order_with_graphlib,
                                    lambda jobs: [e.name for e in dag.run(jobs, 1).log]])
def test_q2_other_correct_answers_pass(answer):
    assert ex.q2.check(answer)


def run_by_ticks(jobs, workers):
    """A tick-by-tick simulation (integer durations): a different algorithm, same schedule."""
    position = {name: i for i, name in enumerate(jobs)}
    done, became_ready, busy, log = set(), {}, {}, []  # busy: worker -> (name, end)
    t = 0
    while len(done) < len(jobs):
        for worker, (name, end) in list(busy.items()):
            if end == t:
                done.add(name)
                del busy[worker]
        for name in jobs:
            if name not in became_ready and all(d in done for d in jobs[name][2]):
                became_ready[name] = t
        started = {e[0] for e in log}
        waiting = sorted((n for n in became_ready if n not in started),
                         key=lambda n: (jobs[n][0], became_ready[n], position[n]))
        for worker in range(workers):
            if worker not in busy and waiting:
                name = waiting.pop(0)
                busy[worker] = (name, t + jobs[name][1])
                log.append((name, t, t + jobs[name][1], worker))
        if len(done) < len(jobs):
            t += 1
    return log, max((e[2] for e in log), default=0)


@pytest.mark.parametrize("answer", [run_by_ticks, dag.run])
def test_q3_other_correct_answers_pass(answer):
    assert ex.q3.check(answer)


def cycle_by_peeling(deps):
    """Kahn's algorithm peels off jobs with no unfinished deps; every job left lies on or behind
    a cycle, so walking deps inside the leftovers must come back to some job."""
    left = {name: set(ds) for name, ds in deps.items()}
    while True:
        free = [name for name, ds in left.items() if not ds & left.keys()]
        if not free:
            break
        for name in free:
            del left[name]
    if not left:
        return None
    walk, name = [], next(iter(left))
    while name not in walk:
        walk.append(name)
        name = next(d for d in deps[name] if d in left)
    return walk[walk.index(name):] + [name]  # first job repeated at the end: accepted


def cycle_recursive(deps):
    on_path, finished = [], set()

    def visit(name):
        on_path.append(name)
        for dep in deps[name]:
            if dep in on_path:
                return on_path[on_path.index(dep):]
            if dep not in finished and (found := visit(dep)):
                return found
        finished.add(on_path.pop())
        return None

    return next((c for name in deps if name not in finished and (c := visit(name))), None)


@pytest.mark.parametrize("answer", [cycle_by_peeling, cycle_recursive])
def test_q4_other_correct_answers_pass(answer):
    assert ex.q4.check(answer)


def critical_by_topological_order(jobs):
    finish, came_from = {}, {}
    for name in dag.topological_order(jobs):
        deps = jobs[name][2]
        came_from[name] = max(deps, key=lambda d: finish[d], default=None)
        finish[name] = jobs[name][1] + (finish[came_from[name]] if deps else 0)
    if not jobs:
        return (0, ())
    end = max(reversed(list(jobs)), key=finish.get)  # the *last* of equal chains: still fine
    path = [end]
    while came_from[path[0]] is not None:
        path.insert(0, came_from[path[0]])
    return finish[end], tuple(path)


@pytest.mark.parametrize("answer", [critical_by_topological_order,
                                    lambda jobs: dag.critical_path(jobs)])
def test_q5_other_correct_answers_pass(answer):
    assert ex.q5.check(answer)


def test_q4_judge_explains_wrong_cycles():
    deps = {"A": ("B",), "B": ("C",), "C": ("A",)}
    assert ex._judge_cycle((deps,), ["A", "B", "C"], ["B", "C", "A"]) is None
    assert "backwards" in ex._judge_cycle((deps,), ["A", "B", "C"], ["C", "B", "A"])
    assert "no cycle" in ex._judge_cycle(({"A": ()},), None, ["A"])


def test_a_learner_that_mutates_jobs_is_told():
    def destructive(jobs):
        order = ex.dispatch_order(jobs)
        jobs.clear()
        return order

    assert ex.q2.check(destructive).status == "mutated its input"


# -- the explorer and the drawing ---------------------------------------------------------------
def test_explorer_readout_follows_the_workers_slider():
    explorer = DagExplorer()
    assert explorer.lines[0].startswith("1 worker: makespan 12; dispatch order B, A, C, E, D")
    explorer.workers.value = 2
    assert explorer.lines[0].startswith("2 workers: makespan 8")
    assert "critical path A → C → E takes 8" in explorer.lines[2]
    explorer.workers.value = 4
    assert explorer.lines[0].startswith("4 workers: makespan 8")
    assert "no number of workers can finish sooner" in explorer.lines[2]
    assert explorer.lines[3].startswith("Workers 3 and 4 never get a job")
    text = explorer._repr_mimebundle_()["text/plain"]
    assert text.splitlines()[0] == "[Dependency scheduler explorer]"
    assert bytes(explorer.picture.value[:4]) == b"\x89PNG"


def test_explorer_switches_job_sets():
    explorer = DagExplorer(workers=2)
    graph_before = explorer.graph.value
    explorer.example.value = "a small build"
    assert explorer.lines[0].startswith("2 workers: makespan 14")
    assert "3 above the lower bound" in explorer.lines[2]
    assert explorer.graph.value != graph_before
    explorer.workers.value = 3
    assert explorer.lines[0].startswith("3 workers: makespan 11")
    assert [dag.run(BUILD_EXAMPLE, n).makespan for n in (1, 2, 3, 4)] == [20, 14, 11, 11]


def test_graph_drawing():
    assert isinstance(graph_picture(dag.WORKED_EXAMPLE), Figure)
    assert isinstance(viz.dag({}), Figure)
    with pytest.raises(ValueError, match="cycle"):
        viz.dag({"A": ("B",), "B": ("A",)})
