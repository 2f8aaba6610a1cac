"""The exercises of 09_dependency_scheduler: references pass, pitfalls are caught and named with
small counterexamples, other correct answers pass; the explorer and the graph drawing."""

import bisect
import heapq
import itertools
from dataclasses import dataclass, field
from graphlib import TopologicalSorter

import hypothesis
import pytest
from matplotlib.figure import Figure

from kit import dag, viz
from kit.checks.answers import edited
from kit.checks.engine import observe_locally
from kit.exercises import dependency_scheduler as ex
from kit.heap_habits import ReadyQueue
from kit.widgets.dag import BUILD_EXAMPLE, DagExplorer, graph_picture

PROBLEMS = [ex.q1, ex.q2, ex.q3, ex.q4, ex.q5]


NAMED = {p.name for problem in PROBLEMS for p in problem.pitfalls}


def test_the_seed_mistakes_are_named_or_reported_as_too_slow():
    assert {"numbered at submission, not when ready", ex.TIE_BY_NAME_KEY, ex.WRONG_TIE,
            "dispatching before all simultaneous finishes are retired"} <= NAMED


# -- wrong answers nobody declared: each must fail ---------------------------------------------
class SortOnEveryPush:
    def __init__(self):
        self.entries, self.counter = [], itertools.count()

    def push(self, name, priority):
        self.entries.append((priority, next(self.counter), name))
        self.entries.sort()

    def pop(self):
        return self.entries.pop(0)[2]


class ScanOnPop:
    """Right order, O(n) per pop: min() over the list."""

    def __init__(self):
        self.entries, self.counter = [], itertools.count()

    def push(self, name, priority):
        self.entries.append((priority, next(self.counter), name))

    def pop(self):
        best = min(self.entries)
        self.entries.remove(best)
        return best[2]


class SizeAsCounter:
    """The heap's length as the tie-break: after a pop, numbers repeat."""

    def __init__(self):
        self.heap = []

    def push(self, name, priority):
        heapq.heappush(self.heap, (priority, len(self.heap), name))

    def pop(self):
        return heapq.heappop(self.heap)[2]


class PopFromTheFront:
    """heappush, then list.pop(0): the front after that is not the smallest."""

    def __init__(self):
        self.heap, self.counter = [], itertools.count()

    def push(self, name, priority):
        heapq.heappush(self.heap, (priority, next(self.counter), name))

    def pop(self):
        return self.heap.pop(0)[2]


@pytest.mark.parametrize("answer", [SortOnEveryPush, ScanOnPop])
def test_q1_a_right_order_at_a_scan_s_cost_is_too_slow(answer):
    result = ex.q1.check(answer)
    assert result.status == "too slow", repr(result)
    assert isinstance(result.case[0], ex.Stress) and result.pitfall is None
    assert "gives the right answers, but makes more than 40,000" in repr(result)


class PushReturnsTheSize(ex.JobHeap):
    """The statement says push returns None: a check that only looked at pops would pass it."""

    def push(self, name, priority):
        super().push(name, priority)
        return len(self.heap)


@pytest.mark.parametrize("answer", [SizeAsCounter, PopFromTheFront, PushReturnsTheSize])
def test_q1_undeclared_wrong_answers_fail(answer):
    assert ex.q1.check(answer).status == "failed"


def one_worker_sorting(jobs):
    done, ready, order, seq = set(), [], [], itertools.count()
    for name in jobs:
        if not jobs[name][2]:
            ready.append((jobs[name][0], next(seq), name))
    ready.sort()
    while ready:
        name = ready.pop(0)[2]
        done.add(name)
        order.append(name)
        for child in jobs:
            if name in jobs[child][2] and all(d in done for d in jobs[child][2]):
                ready.append((jobs[child][0], next(seq), child))
                ready.sort()  # the mistake: a full sort for every arrival
    return order


def push_all_check_at_pop(jobs):
    """The seed's mistake: every job in the heap from the start; one not ready is put back."""
    heap = [(p, i, name) for i, (name, (p, _, _)) in enumerate(jobs.items())]
    heapq.heapify(heap)
    done, order = set(), []
    while heap:
        held = []
        while not all(d in done for d in jobs[heap[0][2]][2]):
            held.append(heapq.heappop(heap))
        name = heapq.heappop(heap)[2]
        done.add(name)
        order.append(name)
        for entry in held:
            heapq.heappush(heap, entry)
    return order


def released_in_name_order(jobs):
    sorter = TopologicalSorter({name: deps for name, (_, _, deps) in jobs.items()})
    sorter.prepare()
    seq, ready, order = itertools.count(), [], []
    while sorter.is_active():
        for name in sorted(sorter.get_ready()):  # names, not the order of jobs
            heapq.heappush(ready, (jobs[name][0], next(seq), name))
        order.append(heapq.heappop(ready)[2])
        sorter.done(order[-1])
    return order


def level_by_level(jobs):
    """Kahn's algorithm a level at a time, each level by priority: a batch order, not a heap."""
    sorter = TopologicalSorter({name: deps for name, (_, _, deps) in jobs.items()})
    sorter.prepare()
    order = []
    while sorter.is_active():
        level = sorted(sorter.get_ready(), key=lambda n: (jobs[n][0], list(jobs).index(n)))
        order.extend(level)
        sorter.done(*level)
    return order


def test_q2_sorting_on_every_arrival_is_too_slow():
    result = ex.q2.check(one_worker_sorting)
    assert result.status == "too slow" and isinstance(result.case[0], ex.Stress), repr(result)


@pytest.mark.parametrize("answer", [push_all_check_at_pop, released_in_name_order,
                                    level_by_level, lambda jobs: tuple(ex.dispatch_order(jobs))])
def test_q2_undeclared_wrong_answers_fail(answer):
    assert ex.q2.check(answer).status == "failed"


def test_q2_the_seed_mistake_is_named_from_the_evidence():
    result = ex.q2.check(push_all_check_at_pop)
    assert result.pitfall is not None and result.pitfall.name == ex.PUSHED_EARLY, repr(result)


def seed_run_with_workers(jobs, workers):
    """The seed's loop with a worker number added: get_ready() batches not put in jobs order."""
    sorter = TopologicalSorter({n: set(deps) for n, (_, _, deps) in jobs.items()})
    sorter.prepare()
    count, ready, running, log = itertools.count(), [], [], []
    clock, free = 0, list(range(workers))

    def enqueue():
        for name in sorter.get_ready():
            heapq.heappush(ready, (jobs[name][0], next(count), name))

    enqueue()
    while ready or running:
        while ready and free:
            _, _, name = heapq.heappop(ready)
            worker = heapq.heappop(free)
            heapq.heappush(running, (clock + jobs[name][1], worker, name))
            log.append((name, clock, clock + jobs[name][1], worker))
        clock, worker, name = heapq.heappop(running)
        sorter.done(name)
        heapq.heappush(free, worker)
        while running and running[0][0] == clock:
            _, worker, name = heapq.heappop(running)
            sorter.done(name)
            heapq.heappush(free, worker)
        enqueue()
    return log, clock


# the answer's text with its ready heap replaced by a list sorted on every arrival
run_sorting_on_arrival = edited(ex.run, [
    ("heapq.heappush(ready, (jobs[name][0], next(seq), name))",
     "ready.append((jobs[name][0], next(seq), name))\n            ready.sort()"),
    ("name = heapq.heappop(ready)[2]", "name = ready.pop(0)[2]")], "sorting on every arrival")


def test_q3_sorting_on_every_arrival_is_too_slow():
    result = ex.q3.check(run_sorting_on_arrival)
    assert result.status == "too slow" and isinstance(result.case[0], ex.Stress), repr(result)


def workers_from_one(jobs, workers):
    log, makespan = dag.run(jobs, workers)
    return [(n, s, e, w + 1) for n, s, e, w in log], makespan


def makespan_as_last_start(jobs, workers):
    log, _ = dag.run(jobs, workers)
    return [tuple(e) for e in log], max((e.start for e in log), default=0)


@pytest.mark.parametrize("answer", [seed_run_with_workers, workers_from_one,
                                    makespan_as_last_start,
                                    lambda jobs, workers: list(dag.run(jobs, workers))])
def test_q3_undeclared_wrong_answers_fail(answer):
    assert ex.q3.check(answer).status == "failed"


def test_q3_a_list_instead_of_a_tuple_is_said_as_such():
    result = ex.q3.check(lambda jobs, workers: list(dag.run(jobs, workers)))
    assert result.error == "expected a tuple, got a list"


def leftovers_of_kahn(deps):
    """The jobs Kahn's algorithm cannot peel: on *or behind* a cycle, not a cycle itself."""
    left = {name: set(ds) for name, ds in deps.items()}
    while free := [name for name, ds in left.items() if not ds & left.keys()]:
        for name in free:
            del left[name]
    return list(left) or None


def short_cycles_only(deps):
    for a in deps:
        if a in deps[a]:
            return [a]
        for b in deps[a]:
            if a in deps[b]:
                return [a, b]
    return None


@pytest.mark.parametrize("answer", [leftovers_of_kahn, short_cycles_only,
                                    lambda deps: ex.find_cycle(deps) or [],
                                    lambda deps: c and tuple(c) if (c := ex.find_cycle(deps))
                                    else None])
def test_q4_undeclared_wrong_answers_fail(answer):
    assert ex.q4.check(answer).status == "failed"


def chain_with_most_jobs(jobs):
    def chains(name):
        deps = jobs[name][2]
        return [[name]] if not deps else [c + [name] for d in deps for c in chains(d)]
    if not jobs:
        return 0, []
    path = max((c for n in jobs for c in chains(n)), key=len)
    return sum(jobs[n][1] for n in path), path


def longest_sink_greedy(jobs):
    if not jobs:
        return 0, []
    needed = {d for _, _, deps in jobs.values() for d in deps}
    path = [max((n for n in jobs if n not in needed), key=lambda n: jobs[n][1])]
    while jobs[path[-1]][2]:
        path.append(max(jobs[path[-1]][2], key=lambda d: jobs[d][1]))
    return sum(jobs[n][1] for n in path), path[::-1]


@pytest.mark.parametrize("answer", [chain_with_most_jobs, longest_sink_greedy,
                                    lambda jobs: (ex.critical_path(jobs)[0],
                                                  ex.critical_path(jobs)[1][::-1]),
                                    lambda jobs: (ex.critical_path(jobs)[0],
                                                  tuple(ex.critical_path(jobs)[1]))])
def test_q5_undeclared_wrong_answers_fail(answer):
    assert ex.q5.check(answer).status == "failed"


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
    """A simulation in steps of half a tick (durations are whole or half ticks): a different
    algorithm, same schedule."""
    seq = itertools.count()  # jobs become ready in passes, each pass in the order of jobs
    done, became_ready, busy, log = set(), {}, {}, []  # busy: worker -> (name, end)
    t = 0
    while len(done) < len(jobs):
        for worker, (name, end) in list(busy.items()):
            if end == t:
                done.add(name)
                del busy[worker]
        for name in jobs:
            if name not in became_ready and all(d in done for d in jobs[name][2]):
                became_ready[name] = next(seq)
        started = {e[0] for e in log}
        waiting = sorted((n for n in became_ready if n not in started),
                         key=lambda n: (jobs[n][0], became_ready[n]))
        for worker in range(workers):
            if worker not in busy and waiting:
                name = waiting.pop(0)
                busy[worker] = (name, t + jobs[name][1])
                log.append((name, t, t + jobs[name][1], worker))
        if len(done) < len(jobs) and all(end != t for _, end in busy.values()):
            t += 0.5  # (a job of length 0 ends now: retire it before time moves)
    return log, max((e[2] for e in log), default=0)


def test_q3_other_correct_answers_pass():
    assert ex.q3.check(dag.run)


def test_q3_a_tick_by_tick_simulation_gives_every_schedule_right_but_is_too_slow():
    """It re-sorts the waiting jobs on every tick: right on every small case, and told so."""
    result = ex.q3.check(run_by_ticks)
    assert result.status == "too slow" and isinstance(result.case[0], ex.Stress), repr(result)
    observe = observe_locally(ex.q3, run_by_ticks)
    assert all(ex.q3.verdict(case, observe(case)) is None for case in ex.q3.sample(30)[:30])


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
        return (0, [])
    end = max(reversed(list(jobs)), key=finish.get)  # the *last* of equal chains: still fine
    path = [end]
    while came_from[path[0]] is not None:
        path.insert(0, came_from[path[0]])
    return finish[end], path


@pytest.mark.parametrize("answer", [critical_by_topological_order,
                                    lambda jobs: dag.critical_path(jobs)])
def test_q5_other_correct_answers_pass(answer):
    assert ex.q5.check(answer)


def test_q4_judge_explains_wrong_cycles():
    deps = {"A": ("B",), "B": ("C",), "C": ("A",)}
    assert ex.judge_cycle((deps,), ["A", "B", "C"], ["B", "C", "A"]) is None
    assert "backwards" in ex.judge_cycle((deps,), ["A", "B", "C"], ["C", "B", "A"])
    assert "no cycle" in ex.judge_cycle(({"A": ()},), None, ["A"])
    assert ex.judge_cycle((deps,), ["A"], ("A", "B", "C")) == (
        "expected a list of job names or None, got a tuple")


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


# -- issue 25: any wrong tie key is named as one class; graphlib's order is not `jobs` order -----
def _dispatch_with(key, sort_ready=True):
    def dispatch_order(jobs):
        sorter = TopologicalSorter({n: deps for n, (_, _, deps) in jobs.items()})
        sorter.prepare()
        position, seq, ready, order = {n: i for i, n in enumerate(jobs)}, itertools.count(), [], []
        while sorter.is_active():
            new = sorter.get_ready()
            for n in sorted(new, key=position.get) if sort_ready else new:
                heapq.heappush(ready, key(jobs, n, next(seq)))
            n = heapq.heappop(ready)[-1]
            order.append(n)
            sorter.done(n)
        return order
    return dispatch_order


@pytest.mark.parametrize("answer, pitfall", [
    (_dispatch_with(lambda j, n, s: (j[n][0], n, n)), "ties broken by the wrong key"),
    (_dispatch_with(lambda j, n, s: (j[n][0], j[n][1], s, n)), "ties broken by the wrong key"),
    (_dispatch_with(lambda j, n, s: (j[n][0], -j[n][1], s, n)), "ties broken by the wrong key"),
    (_dispatch_with(lambda j, n, s: (j[n][0], -s, n)), "ties broken by the wrong key"),
    (_dispatch_with(lambda j, n, s: (j[n][0], tuple(-ord(c) for c in n), n)), None),
    (_dispatch_with(lambda j, n, s: (j[n][0], s, n), sort_ready=False), None),
])
def test_q2_wrong_tie_keys_fail_and_say_the_tie_break_is_wrong(answer, pitfall):
    result = ex.q2.check(answer)
    assert not result, repr(result)
    assert "tie-break is wrong" in result.error, repr(result)
    if pitfall:
        assert result.pitfall is not None and result.pitfall.name == pitfall, repr(result)


def test_q2_graphlibs_own_ready_order_is_caught_by_an_edge_case():
    result = ex.q2.check(_dispatch_with(lambda j, n, s: (j[n][0], s, n), sort_ready=False))
    assert not result and result.label.startswith("graphlib"), repr(result)


def test_q2_a_priority_mistake_is_not_called_a_tie_break():
    result = ex.q2.check(_dispatch_with(lambda j, n, s: (-j[n][0], s, n)))
    assert not result and "lower priority number is ready" in result.error, repr(result)


def _run_with(key):
    """q3's answer with another tie key on the ready heap, as a candidate writes it."""
    return edited(ex.run, [("(jobs[name][0], next(seq), name)", key),
                           ("heappop(ready)[2]", "heappop(ready)[-1]")], "a tie key")


def _cycle_with_repeat_missing_start(deps):
    found = ex.find_cycle(deps)
    return found[1:] + found[:1] if found and len(found) > 1 else found


def _cycle_empty_list(deps):
    return ex.find_cycle(deps) or []


def _critical_count_of_jobs(jobs):
    length, path = ex.critical_path(jobs)
    return len(path), path


def _critical_without_path(jobs):
    return ex.critical_path(jobs)[0], []


@pytest.mark.parametrize("problem, answer", [
    (ex.q3, _run_with("(jobs[name][0], name, name)")),
    (ex.q3, _run_with("(jobs[name][0], jobs[name][1], next(seq), name)")),
    (ex.q3, _run_with("(jobs[name][0], -next(seq), name)")),
    (ex.q3, lambda jobs, workers: ex.run(jobs, 1) if jobs else ex.run(jobs, workers)),
    (ex.q4, _cycle_empty_list),
    (ex.q4, lambda deps: None),
    (ex.q4, lambda deps: (lambda c: tuple(c) if c else c)(ex.find_cycle(deps))),
    (ex.q5, _critical_count_of_jobs), (ex.q5, _critical_without_path),
    (ex.q5, lambda jobs: list(ex.critical_path(jobs))),
])
def test_issue_25_undeclared_wrong_answers_fail(problem, answer):
    assert not problem.check(answer)


def test_q4_a_cycle_started_at_another_job_is_right():
    assert ex.q4.check(_cycle_with_repeat_missing_start)


def test_job_sets_draw_half_and_zero_durations_and_priorities_below_zero():
    assert drawn(ex.q2.cases, lambda c: any(d == 0 for _, d, _ in c[0].values()))
    assert drawn(ex.q2.cases, lambda c: any(d % 1 for _, d, _ in c[0].values()))
    assert drawn(ex.q2.cases, lambda c: any(p < 0 for p, _, _ in c[0].values()))


def drawn(strategy, condition):
    """Some case the strategy draws meets the condition (a search, not the check's sample)."""
    return hypothesis.find(strategy, condition, settings=hypothesis.settings(
        database=None, derandomize=True, max_examples=2000)) is not None
