"""The dependency scheduler explorer: pick a set of jobs and a number of workers, see the graph
with its critical path, one Gantt lane per worker, and why adding workers stops helping."""

import ipywidgets as w

from kit import viz
from kit.dag import WORKED_EXAMPLE, critical_path, lower_bound, run
from kit.widgets.base import Explorer

# A small build: three compiles feed a link, then a test, then packaging. The critical path is
# get -> a.o -> link -> test -> zip (11 ticks) and the total work is 20: 1 worker takes 20,
# 2 workers 14 (above the lower bound of 11), 3 or more workers 11.
BUILD_EXAMPLE = {
    "get": (1, 2, ()),
    "lint": (3, 1, ("get",)),
    "a.o": (1, 3, ("get",)),
    "b.o": (1, 3, ("get",)),
    "c.o": (1, 3, ("get",)),
    "docs": (2, 2, ("get",)),
    "link": (1, 2, ("a.o", "b.o", "c.o")),
    "test": (1, 3, ("link",)),
    "zip": (1, 1, ("test", "lint", "docs")),
}
EXAMPLES = {"the seed's worked example": WORKED_EXAMPLE, "a small build": BUILD_EXAMPLE}


def graph_picture(jobs, title: str = ""):
    """The jobs as a graph, critical path drawn thick; captions give priority and duration."""
    length, path = critical_path(jobs)
    return viz.dag({name: deps for name, (_, _, deps) in jobs.items()}, path=path,
                   labels={name: f"p{p} · {d} tick{'s' * (d != 1)}"
                           for name, (p, d, _) in jobs.items()},
                   title=title or f"Critical path {' → '.join(path)}: {length} ticks")


def worker_lanes(log, workers: int) -> dict:
    """Gantt lanes "worker 1", "worker 2", ... from a `run` log (workers are 0-based there)."""
    return {f"worker {i + 1}": [(e.name, e.start, e.end) for e in log if e.worker == i]
            for i in range(workers)}


def _listing(numbers) -> str:
    numbers = [str(n) for n in numbers]
    return numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"


class DagExplorer(Explorer):
    title = "Dependency scheduler explorer"

    def __init__(self, jobs=None, workers: int = 1, max_workers: int = 5):
        options = dict(EXAMPLES) if jobs is None else {"your jobs": jobs, **EXAMPLES}
        self.example = w.Dropdown(options=list(options), description="jobs")
        self.sets = options
        self.workers = w.IntSlider(workers, 1, max_workers, description="workers")
        self.graph = w.Image(format="png", layout=w.Layout(max_width="100%", height="auto"))
        self._drawn = None
        super().__init__([w.HBox([self.example, self.workers]), self.graph])

    def update(self) -> None:
        jobs, n = self.sets[self.example.value], self.workers.value
        if self._drawn != self.example.value:  # the graph changes only with the job set
            self.place(self.graph, graph_picture(jobs))
            self._drawn = self.example.value
        log, makespan = run(jobs, n)
        length, path = critical_path(jobs)
        bound = lower_bound(jobs, n)
        total = sum(d for _, d, _ in jobs.values())
        spread = -(-total // n)
        fig = viz.gantt(worker_lanes(log, n), now=bound, xmax=total,
                        title=f"{n} worker{'s' * (n > 1)}: makespan {makespan} "
                              f"(dashed line: lower bound {bound})")
        chain = " → ".join(str(name) for name in path)
        lines = [f"{n} worker{'s' * (n > 1)}: makespan {makespan}; dispatch order "
                 f"{', '.join(str(e.name) for e in log)}",
                 f"lower bound = max(critical path {length}, ⌈total work {total} / {n}⌉ = "
                 f"{spread}) = {bound}"]
        if n == 1:
            lines.append(f"One worker never idles (some job is always ready), so the makespan "
                         f"is the total work, {total}.")
        elif makespan == length:
            lines.append(f"The critical path {chain} takes {length}, and each of its jobs must "
                         f"wait for the one before it: no number of workers can finish sooner.")
        elif makespan == bound:
            lines.append(f"Every worker is busy to the end: {total} ticks of work shared by {n} "
                         f"cannot finish before {spread}.")
        else:
            lines.append(f"{makespan - bound} above the lower bound: the bound is a floor, not a "
                         f"promise; here the dependencies leave some workers idle.")
        idle = [i + 1 for i in range(n) if not any(e.worker == i for e in log)]
        if idle:
            many = len(idle) > 1
            lines.append(f"Worker{'s' * many} {_listing(idle)} never get{'s' * (not many)} a "
                         f"job: nothing is ready {'for them' if many else 'for it'}.")
        self.show(fig, lines)
