"""Two explorers for notebook 03.

`MlfqExplorer`: a CPU-bound job and one or two interactive jobs (short bursts) under
`kit.policies.simulate(..., "mlfq")`. Controls: the workload, boost on/off and its period, the
top-level quantum, the allotment. Picture: a Gantt chart above each job's level over time (read
from `Schedule.levels`). Readout: each job's response, where it ended, its longest wait.

`FairExplorer`: three tenants with very different job sizes under `kit.fair.deficit_round_robin`.
Controls: the weights, the quantum, the number of rounds. Picture: each tenant's share of the work
after every round, with its weight's share dashed. Readout: share against target per tenant.

The kit's simulator has no I/O, so an interactive job is a stream of one-tick bursts ("editor 1",
"editor 2", ...), one per keypress; the explorer draws the bursts of one job in one lane.
"""

import ipywidgets as w

from kit import fair, viz
from kit.policies import Task, simulate
from kit.widgets.base import Explorer

LEVELS = 3
HORIZON = 36  # interactive bursts arrive during the first 36 ticks
WORKLOADS = {
    "one interactive job": {"editor": (1, 3)},  # first burst at 1, then one every 3 ticks
    "two interactive jobs (the CPU never idles)": {"editor": (1, 2), "chat": (2, 2)},
}

COLOURS = {"render": viz.PALETTE[2], "editor": viz.PALETTE[1], "chat": viz.PALETTE[0]}


def workload(name: str, cpu: int = 16) -> list[Task]:
    """The CPU-bound job "render" (at 0, `cpu` ticks) plus the bursts of the interactive jobs."""
    tasks = [Task("render", 0, cpu)]
    for job, (first, gap) in WORKLOADS[name].items():
        tasks += [Task(f"{job} {k + 1}", t, 1) for k, t in enumerate(range(first, HORIZON, gap))]
    return sorted(tasks, key=lambda t: t.arrival)


def job_of(task_name: str) -> str:
    """'editor 3' -> 'editor' (a burst belongs to its job); 'render' -> 'render'."""
    return task_name.rsplit(" ", 1)[0]


def level_segments(schedule) -> dict[str, list[tuple]]:
    """{task: [(start, end, level), ...]}: where each task sat from arrival to finish, read from
    the schedule's level moves (every task starts at level 0)."""
    moves: dict = {}
    for t, name, level in schedule.levels:
        moves.setdefault(name, []).append((t, level))
    out = {}
    for name, st in schedule.stats.items():
        times = [st.arrival] + [t for t, _ in moves.get(name, [])] + [st.finish]
        levels = [0] + [lv for _, lv in moves.get(name, [])]
        out[name] = [(a, b, lv) for a, b, lv in zip(times, times[1:], levels, strict=False)
                     if b > a]
    return out


def level_at(segments, t) -> int:
    """The level of a task at time t (the segment that starts at or before t)."""
    return [lv for start, _, lv in segments if start <= t][-1]


def mlfq_figure(s, boosts=(), title=""):
    """The schedule as a Gantt chart, one lane per job, each bar labelled with its level, above
    every job's level over time (`viz.gantt_levels`)."""
    segments = level_segments(s)
    lanes: dict = {}
    for name, start, end in s.slices:  # one bar per stretch at one level
        for a, b, level in segments[name]:
            if a < end and b > start:
                lanes.setdefault(job_of(name), []).append(
                    (job_of(name), max(a, start), min(b, end), f"L{level}"))
    steps: dict = {}
    for name in s.stats:
        steps.setdefault(job_of(name), []).extend(segments[name])
    end = max(st.finish for st in s.stats.values())
    return viz.gantt_levels(lanes, steps, levels=LEVELS, boosts=boosts, xmax=end,
                            colour=COLOURS, title=title)


class MlfqExplorer(Explorer):
    title = "MLFQ explorer"

    def __init__(self, load: str = "two interactive jobs (the CPU never idles)", boost=None,
                 quantum=1, allotment=None):
        wide = w.Layout(width="340px")
        self.load = w.Dropdown(options=list(WORKLOADS), value=load, description="workload",
                               layout=w.Layout(width="420px"))
        self.boost_on = w.Checkbox(value=boost is not None, description="periodic boost",
                                   indent=False, layout=w.Layout(width="130px"))
        self.period = w.IntSlider(boost or 10, 4, 24, description="every", layout=wide)
        self.quantum = w.IntSlider(quantum, 1, 4, description="quantum", layout=wide)
        self.allotment = w.Dropdown(options=[("one quantum of the level", 0), ("2 ticks", 2),
                                             ("4 ticks", 4), ("8 ticks", 8)],
                                    value=allotment or 0, description="allotment",
                                    layout=w.Layout(width="340px"))
        super().__init__([self.load, w.HBox([self.boost_on, self.period]),
                          w.HBox([self.quantum, self.allotment])])

    def schedule(self):
        boost = self.period.value if self.boost_on.value else None
        return simulate(workload(self.load.value), "mlfq", self.quantum.value,
                        allotment=self.allotment.value or None, boost=boost)

    def update(self) -> None:
        s = self.schedule()
        end = max(st.finish for st in s.stats.values())
        boost = self.period.value if self.boost_on.value else None
        boosts = list(range(boost, int(end), boost)) if boost else []
        q = self.quantum.value
        fig = mlfq_figure(s, boosts, title=f"MLFQ, quanta {q}, {2 * q}, {4 * q}"
                          + (f"; boost every {boost} (dotted)" if boost else "; no boost"))
        jobs = list(dict.fromkeys(job_of(t.name) for t in s.tasks))
        self.show(fig, self.readout_lines(s, level_segments(s), jobs, boosts))

    @staticmethod
    def readout_lines(s, segments, jobs, boosts) -> list[str]:
        work = {t.name: t.duration for t in s.tasks}
        lines = []
        for job in jobs:
            names = [name for name in s.stats if job_of(name) == job]
            if job == "render":
                st = s.stats["render"]
                runs = [(a, b) for name, a, b in s.slices if name == "render"]
                gap = max((a2 - b1 for (_, b1), (a2, _) in zip(runs, runs[1:], strict=False)),
                          default=0)
                lines.append(f"render (CPU-bound, {work['render']} ticks of work): response "
                             f"{st.response}, finished at {st.finish}, ended at level "
                             f"{segments['render'][-1][2]}, longest wait between two runs "
                             f"{gap} tick{'s' if gap != 1 else ''}")
                continue
            resp = [s.stats[n].response for n in names]
            lowest = max(level_at(segments[n], a) for n, a, _ in s.slices if job_of(n) == job)
            where = "every burst ran at level 0" if lowest == 0 else \
                f"some bursts ran as low as level {lowest}"
            lines.append(f"{job} (interactive, {len(names)} one-tick bursts): average response "
                         f"{sum(resp) / len(resp):.2f}, worst {max(resp)}; {where}")
        lines.append(f"boosts at {', '.join(map(str, boosts))}" if boosts else
                     "no boost: once render sinks, interactive bursts always come first")
        return lines


TENANTS = {  # very different job sizes; backlogs long enough for 60 rounds at any setting
    "small": [1] * 3000,
    "mixed": [1, 9, 4, 7, 2, 10, 3] * 400,
    "big": [8] * 400,
}


class FairExplorer(Explorer):
    title = "Deficit round robin explorer"

    def __init__(self, weights=(1, 2, 3), quantum=3, rounds=30):
        layout = w.Layout(width="300px")
        self.weights = {t: w.IntSlider(v, 1, 4, description=f"{t} weight", layout=layout,
                                       style={"description_width": "90px"})
                        for t, v in zip(TENANTS, weights, strict=True)}
        self.quantum = w.IntSlider(quantum, 1, 10, description="quantum", layout=layout,
                                   style={"description_width": "90px"})
        self.rounds = w.IntSlider(rounds, 5, 60, description="rounds", layout=layout,
                                  style={"description_width": "90px"})
        super().__init__([w.HBox(list(self.weights.values())),
                          w.HBox([self.quantum, self.rounds])])

    def update(self) -> None:
        weights = {t: s.value for t, s in self.weights.items()}
        rounds = self.rounds.value
        trace = fair.deficit_round_robin(TENANTS, weights, self.quantum.value, rounds=rounds)
        xs = list(range(1, rounds + 1))
        per_round = [fair.shares(trace, until_round=r) for r in xs]
        series = {t: (xs, [100 * sh.get(t, 0) for sh in per_round]) for t in TENANTS}
        total_w = sum(weights.values())
        targets = {t: 100 * weights[t] / total_w for t in TENANTS}
        fig = viz.share_lines(series, targets=targets, xlabel="round",
                              ylabel="share of the work so far (%)",
                              title="Each tenant's share of the worker; dashed: weight / total "
                                    "weight")
        last = per_round[-1]
        jobs = {t: sum(1 for s in trace if s.tenant == t) for t in TENANTS}
        lines = [f"after {rounds} rounds, quantum {self.quantum.value}:"]
        lines += [f"{t} (jobs of size {self._sizes(t)}, weight {weights[t]}): "
                  f"{100 * last.get(t, 0):.1f}% of the work (target {targets[t]:.1f}%), "
                  f"{jobs[t]} jobs" for t in TENANTS]
        gap = max(abs(100 * last.get(t, 0) - targets[t]) for t in TENANTS)
        lines.append(f"largest gap from a target: {gap:.1f} points")
        self.show(fig, lines)

    @staticmethod
    def _sizes(tenant: str) -> str:
        sizes = sorted(set(TENANTS[tenant]))
        return str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
