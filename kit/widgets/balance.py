"""Load-balancing explorers.

`SearchExplorer` steps through the binary search of the contiguous version: the range [low, high]
still open, the guess, and the blocks the greedy check cuts at that guess (it fits, or it needs
more CPUs than there are). `BalanceExplorer` puts LPT and the exact optimum side by side, one Gantt
lane per CPU, on seeded random tasks or on Graham's worst case.
"""

import random

import ipywidgets as w

from kit import viz
from kit.balance import (
    cut_blocks,
    graham_worst_case,
    lower_bound,
    lpt,
    min_makespan,
    min_time_contiguous,
    search_steps,
)
from kit.widgets.base import Explorer

SEED_TASKS = (7, 2, 5, 10, 8)
SEARCH_BRANCHES = 400  # the exact search may read its clock this many times (x 256 branches)


def random_tasks(seed: int, count: int, low: int = 1, high: int = 12) -> list[int]:
    """`count` task sizes drawn from low..high by `random.Random(seed)`: the same every run."""
    rng = random.Random(seed)
    return [rng.randint(low, high) for _ in range(count)]


def _names(tasks) -> list[str]:
    return [f"t{i + 1}" for i in range(len(tasks))]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


class _CountingClock:
    """Each reading is one tick later: a time limit becomes a limit on branches, so the
    explorer's answer is the same on every machine."""

    def __init__(self):
        self.t = 0

    def now(self):
        self.t += 1
        return self.t


def exact_answer(tasks, cpus):
    """`min_makespan` with a repeatable budget of SEARCH_BRANCHES x 256 branches."""
    return min_makespan(tasks, cpus, time_limit=SEARCH_BRANCHES, clock=_CountingClock())


def cpu_lanes(result, tasks, prefix: str = "") -> dict:
    """Gantt lanes "CPU 1", "CPU 2", ... for a Balance: each CPU runs its tasks back to back,
    longest first (the order they were placed); a bar shows the task's size."""
    names = _names(tasks)
    order = sorted(range(len(tasks)), key=lambda i: -tasks[i])  # stable: as the core places them
    lanes: dict = {f"{prefix}CPU {c + 1}": [] for c in range(len(result.loads))}
    ends = [0] * len(result.loads)
    for i in order:
        c = result.cpu_of[i]
        lanes[f"{prefix}CPU {c + 1}"].append((names[i], ends[c], ends[c] + tasks[i],
                                              str(tasks[i])))
        ends[c] += tasks[i]
    return lanes


def block_lanes(blocks, tasks, cpus: int) -> dict:
    """Gantt lanes for contiguous blocks: CPU 1..cpus, then the extra CPUs the blocks would need."""
    names, lanes, i = _names(tasks), {}, 0
    for c in range(max(cpus, len(blocks))):
        lane = f"CPU {c + 1}" if c < cpus else f"CPU {c + 1} (missing)"
        lanes[lane], start = [], 0
        for t in blocks[c] if c < len(blocks) else []:
            lanes[lane].append((names[i], start, start + t, str(t)))
            start, i = start + t, i + 1
    return lanes


def _sizes(blocks) -> str:
    return " ".join("[" + ", ".join(str(t) for t in b) + "]" for b in blocks)


class SearchExplorer(Explorer):
    """Step through `search_steps(tasks, cpus)`; each step shows the greedy check at its guess."""

    title = "Binary search explorer"

    def __init__(self, tasks=SEED_TASKS, cpus: int = 2, max_cpus: int = 5):
        self.tasks = list(tasks)
        self.cpus = w.IntSlider(cpus, 1, max_cpus, description="CPUs")
        self.step = w.IntSlider(1, 1, 1, description="step")
        self._busy = False
        super().__init__([w.HBox([self.cpus, self.step])])

    def update(self) -> None:
        if self._busy:
            return
        tasks, cpus = self.tasks, self.cpus.value
        steps = search_steps(tasks, cpus)
        best = min_time_contiguous(tasks, cpus)
        self._busy = True  # moving the step slider's range must not redraw halfway
        self.step.max = max(len(steps), 1)
        self.step.min = 1
        self.step.disabled = not steps
        self._busy = False
        total = sum(tasks)
        head = f"tasks {list(tasks)} on {_plural(cpus, 'CPU')}, in order"
        if not steps:
            blocks = cut_blocks(tasks, best)
            fig = viz.gantt(block_lanes(blocks, tasks, cpus), now=best, xmax=total,
                            title=f"No search needed: the answer is {best}")
            self.show(fig, [head, f"low = high = {best} from the start (the largest task "
                            f"already needs that long): nothing to search."])
            return
        k = min(self.step.value, len(steps))
        s = steps[k - 1]
        blocks = cut_blocks(tasks, s.guess)
        lanes = {"search": [("range", s.low, s.high, f"[{s.low}, {s.high}]")]}
        lanes.update(block_lanes(blocks, tasks, cpus))
        verdict = "fits" if s.feasible else "does not fit"
        fig = viz.gantt(lanes, now=s.guess, xmax=total,
                        title=f"Step {k} of {len(steps)}: guess {s.guess} (dashed) {verdict}")
        lines = [head,
                 f"step {k} of {len(steps)}: the answer lies in [low {s.low}, high {s.high}]; "
                 f"guess {s.guess}",
                 f"greedy check at {s.guess}: {_sizes(blocks)} → {_plural(len(blocks), 'block')} "
                 f"on {_plural(cpus, 'CPU')}: {verdict}"]
        low, high = (steps[k].low, steps[k].high) if k < len(steps) else (best, best)
        if s.feasible:
            lines.append(f"It fits, so the answer is at most {s.guess}; the largest block cut was "
                         f"{max(sum(b) for b in blocks)}, so high becomes {high}.")
        else:
            lines.append(f"Too many blocks, so the answer is above {s.guess}. A higher limit cuts "
                         f"differently only once a block plus the task after it fits: the least "
                         f"such sum is {low}, so low becomes {low}.")
        if k == len(steps):
            lines.append(f"low = high = {best}: the answer. "
                         f"({_plural(len(steps), 'step')}; total work {total}.)")
        self.show(fig, lines)


class BalanceExplorer(Explorer):
    """LPT and the exact optimum side by side on the same tasks, one lane per CPU."""

    title = "Load balancing explorer"

    def __init__(self, cpus: int = 3, count: int = 7, seed: int = 4, max_cpus: int = 6,
                 max_count: int = 12):
        self.cpus = w.IntSlider(cpus, 1, max_cpus, description="CPUs")
        self.count = w.IntSlider(count, 1, max_count, description="tasks")
        self.seed = w.IntSlider(seed, 0, 50, description="seed")
        self.graham = w.ToggleButton(False, description="Graham's worst case",
                                     layout=w.Layout(width="180px"))
        super().__init__([w.HBox([self.cpus, self.graham]), w.HBox([self.count, self.seed])])

    def tasks(self) -> list[int]:
        if self.graham.value:
            return graham_worst_case(self.cpus.value)
        return random_tasks(self.seed.value, self.count.value)

    def update(self) -> None:
        m, tasks = self.cpus.value, self.tasks()
        self.count.disabled = self.seed.disabled = self.graham.value
        quick, best = lpt(tasks, m), exact_answer(tasks, m)
        bound = lower_bound(tasks, m)
        lanes = {**cpu_lanes(quick, tasks, "LPT · "), "": [], **cpu_lanes(best, tasks, "exact · ")}
        exact_word = "optimum" if best.optimal else "best found"
        fig = viz.gantt(lanes, now=bound, xmax=max(quick.makespan, 1),
                        lane_height=min(0.45, 3.6 / len(lanes)),
                        title=f"LPT {quick.makespan}, {exact_word} {best.makespan} "
                              f"(dashed: lower bound {bound})")
        source = f"Graham's worst case for {m} CPUs" if self.graham.value else \
            f"{len(tasks)} random tasks (seed {self.seed.value})"
        share = -(-sum(tasks) // m)
        lines = [f"{source}: {tasks}",
                 f"LPT: makespan {quick.makespan}, loads {quick.loads}",
                 f"exact: makespan {best.makespan}, loads {best.loads}"
                 f"{'' if best.optimal else ' (search stopped: not proven optimal)'}",
                 f"lower bound = max(largest task {max(tasks)}, ⌈total {sum(tasks)} / {m}⌉ = "
                 f"{share}) = {bound}"]
        if quick.makespan > best.makespan:
            ratio = quick.makespan / best.makespan
            lines.append(f"LPT misses the optimum by {quick.makespan - best.makespan} "
                         f"(ratio {ratio:.3f}; Graham's guarantee for {m} CPUs: at most "
                         f"4/3 − 1/{3 * m} = {4 / 3 - 1 / (3 * m):.3f}).")
        elif quick.makespan == bound:
            lines.append("LPT meets the lower bound, so it is optimal here: no search needed.")
        else:
            lines.append(f"LPT is optimal here, but only the search can tell: it sits "
                         f"{quick.makespan - bound} above the lower bound.")
        self.show(fig, lines)

