"""The policy race: the same jobs on one worker under FIFO, priority, round robin and EDF.

`RaceExplorer` edits the jobs (pick one, move its sliders; add, remove, reset), sets the quantum,
and runs a clock (Play, or drag the time slider). The four schedules are simulated once per change
of the jobs or the options; moving the clock only redraws: each lane is drawn up to the clock, so
playing it shows the race, and the table reads `Schedule.at(t)` and `Schedule.summary()`.
"Starve it" makes every other job priority 1 and the chosen one 5.

`StarvationExplorer` is the second experiment: one low-priority job against a stream of urgent
one-tick jobs (`kit.policies.urgent_stream`), with an aging slider.
"""

import html

import ipywidgets as w

from kit import viz
from kit.policies import DEFAULT_JOBS, Task, simulate, urgent_stream
from kit.widgets.base import Explorer

LANES = {"fifo": "FIFO", "priority": "Priority", "rr": "Round robin", "edf": "EDF"}
NAMES = "ABCDEFGHIJKL"


def race(jobs, quantum=1, preemptive=False) -> dict:
    """{policy: Schedule} for the four lanes."""
    return {p: simulate(jobs, p, quantum, **({"preemptive": preemptive} if p == "priority"
                                             else {})) for p in LANES}


def clipped(slices, t) -> list[tuple]:
    """The slices up to time t (a slice under way is cut at t)."""
    return [(name, start, min(end, t)) for name, start, end in slices if start < t]


def late_marks(schedule, t) -> list[tuple]:
    """(finish, "B+2") for every job that finished late by time t."""
    return [(st.finish, f"{name}+{_num(st.lateness)}") for name, st in schedule.stats.items()
            if st.finish <= t and st.lateness is not None and st.lateness > 0]


def _num(x) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def race_rows(schedules: dict, t) -> list[tuple[str, list[str]]]:
    """The table, as (row label, one cell per lane): what the readout and its text form show."""
    at = {p: s.at(t) for p, s in schedules.items()}
    summary = {p: s.summary() for p, s in schedules.items()}
    n = {p: len(s.tasks) for p, s in schedules.items()}

    def each(fn):
        return [fn(p) for p in schedules]

    return [
        (f"running at t = {_num(t)}", each(lambda p: at[p].running or "—")),
        (f"waiting at t = {_num(t)}", each(lambda p: " ".join(at[p].waiting) or "—")),
        ("done", each(lambda p: f"{len(at[p].done)}/{n[p]}")),
        ("average wait", each(lambda p: f"{summary[p].avg_wait:.2f}")),
        ("average response", each(lambda p: f"{summary[p].avg_response:.2f}")),
        ("missed deadlines", each(lambda p: f"{summary[p].missed_deadlines}/{n[p]}")),
        ("max lateness", each(lambda p: _num(summary[p].max_lateness))),
        ("context switches", each(lambda p: str(summary[p].context_switches))),
    ]


def table_html(header: list[str], rows: list[tuple[str, list[str]]]) -> str:
    head = "".join(f"<th style='padding:2px 10px'>{html.escape(h)}</th>" for h in ["", *header])
    body = "".join(
        "<tr><td style='padding:2px 10px;text-align:left'><b>" + html.escape(label) + "</b></td>"
        + "".join(f"<td style='padding:2px 10px'>{html.escape(c)}</td>" for c in cells) + "</tr>"
        for label, cells in rows)
    return f"<table style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


class RaceExplorer(Explorer):
    title = "Policy race"

    def __init__(self, jobs=DEFAULT_JOBS, quantum=1, t=None):
        self.jobs = [Task(*j) for j in jobs]
        if not self.jobs:
            raise ValueError("jobs must hold at least one Task")
        for j in self.jobs:
            if j.deadline is None:
                raise ValueError(f"every job needs a deadline for the race, got {j!r}")
        self.key = self.schedules = self.drawn = None
        self._syncing = False
        small = {"layout": w.Layout(width="250px"), "style": {"description_width": "62px"}}
        self.job = w.Dropdown(options=self._names(), value=self.jobs[0].name, description="job",
                              layout=w.Layout(width="150px"), style={"description_width": "40px"})
        self.job.observe(lambda _c: self._load(), names="value")  # before Explorer's observer
        self.arrival = w.IntSlider(0, 0, 20, description="arrival", **small)
        self.duration = w.IntSlider(1, 1, 10, description="duration", **small)
        self.priority = w.IntSlider(1, 1, 5, description="priority", **small)
        self.deadline = w.IntSlider(1, 0, 40, description="deadline", **small)
        self._load()
        buttons = []
        for label, action in (("Add job", self.add), ("Remove job", self.remove),
                              ("Starve it", self.starve), ("Reset jobs", self.reset)):
            b = w.Button(description=label, layout=w.Layout(width="100px"))
            b.on_click(lambda _b, action=action: action())
            buttons.append(b)
        self.quantum = w.IntSlider(quantum, 1, 8, description="quantum", **small)
        self.preemptive = w.Checkbox(False, description="preemptive priority", indent=False,
                                     layout=w.Layout(width="170px"))
        end = self._end()
        self.clock = w.IntSlider(end if t is None else t, 0, end, description="time", **small)
        self.play = w.Play(self.clock.value, min=0, max=end, step=1, interval=600,
                           show_repeat=False)
        w.link((self.play, "value"), (self.clock, "value"))
        w.link((self.play, "max"), (self.clock, "max"))
        super().__init__([
            w.HBox([self.job, self.arrival, self.duration]),
            w.HBox([w.Label("", layout=w.Layout(width="150px")), self.priority, self.deadline]),
            w.HBox(buttons),
            w.HBox([self.quantum, self.preemptive]),
            w.HBox([self.play, self.clock]),
        ])

    # -- the job list ----------------------------------------------------------------------------
    def _names(self):
        return [j.name for j in self.jobs]

    def _index(self):
        return self._names().index(self.job.value)

    def _load(self):
        """Show the chosen job on the sliders (without treating that as an edit)."""
        was, self._syncing = self._syncing, True
        try:
            j = self.jobs[self._index()]
            self.arrival.value, self.duration.value = j.arrival, j.duration
            self.priority.value, self.deadline.value = j.priority, j.deadline
        finally:
            self._syncing = was

    def _edited(self):
        """Write the sliders into the chosen job."""
        i = self._index()
        self.jobs[i] = Task(self.jobs[i].name, self.arrival.value, self.duration.value,
                            self.priority.value, self.deadline.value)

    def _relist(self, chosen):
        was, self._syncing = self._syncing, True
        try:
            self.job.options = self._names()
            self.job.value = chosen
        finally:
            self._syncing = was
        self._load()
        self.update()

    def add(self):
        """A new job F, G, ... arriving at the clock's time."""
        name = next(c for c in NAMES if c not in self._names()) if len(self.jobs) < len(NAMES) \
            else None
        if name is None:
            return
        t = min(self.clock.value, 20)
        self.jobs.append(Task(name, t, 2, 3, t + 6))
        self._relist(name)

    def remove(self):
        if len(self.jobs) > 1:
            i = self._index()
            del self.jobs[i]
            self._relist(self.jobs[min(i, len(self.jobs) - 1)].name)

    def reset(self):
        self.jobs = list(DEFAULT_JOBS)
        self._relist(self.jobs[0].name)

    def starve(self):
        """Every other job becomes priority 1, the chosen one 5."""
        chosen = self.job.value
        self.jobs = [j._replace(priority=5 if j.name == chosen else 1) for j in self.jobs]
        self._relist(chosen)

    # -- drawing ---------------------------------------------------------------------------------
    def _end(self):
        """The right edge of the picture: the last finish or deadline of any lane."""
        return max(max(st.finish for s in self._race().values() for st in s.stats.values()),
                   max(j.deadline for j in self.jobs))

    def _race(self):
        quantum = self.quantum.value if hasattr(self, "quantum") else 1
        preemptive = self.preemptive.value if hasattr(self, "preemptive") else False
        key = (tuple(self.jobs), quantum, preemptive)
        if key != self.key:  # simulate once per change of the jobs or the options
            self.key, self.schedules = key, race(self.jobs, quantum, preemptive)
        return self.schedules

    def update(self) -> None:
        if self._syncing:
            return
        self._edited()
        schedules = self._race()
        end = self._end()
        if self.clock.max != end:
            was, self._syncing = self._syncing, True
            try:
                self.play.max = end  # linked: the slider follows (and clamps its value)
                self.clock.max = end
            finally:
                self._syncing = was
        t = self.clock.value
        q = self.quantum.value
        if (self.key, t) == self.drawn:  # Play and the time slider are linked: both report
            return
        self.drawn = (self.key, t)
        labels = {p: f"{LANES[p]}{f' (q = {q})' if p == 'rr' else ''}" for p in LANES}
        fig = viz.gantt({labels[p]: clipped(s.slices, t) for p, s in schedules.items()},
                        deadlines={j.name: j.deadline for j in self.jobs}, now=t, xmax=end,
                        marks={labels[p]: late_marks(s, t) for p, s in schedules.items()},
                        title="One worker, four policies · ticks: deadlines · "
                              "B+2: B finished 2 late")
        rows = race_rows(schedules, t)
        jobs = ", ".join(f"{j.name}({j.arrival},{j.duration},p{j.priority},d{j.deadline})"
                         for j in self.jobs)
        lines = [f"jobs (arrival, duration, priority, deadline): {jobs}"]
        lines += [f"{label}: " + " | ".join(f"{labels[p]} {c}" for p, c in zip(schedules, cells,
                                                                             strict=True))
                  for label, cells in rows]
        self.show(fig, lines)
        self.readout.value = (f"<p>{html.escape(lines[0])}</p>"
                              + table_html([labels[p] for p in schedules], rows))


class StarvationExplorer(Explorer):
    title = "Starvation and aging"

    def __init__(self, urgent=20, aging=0.0, preemptive=False):
        style = {"description_width": "90px"}
        self.urgent = w.IntSlider(urgent, 4, 40, description="urgent jobs", style=style,
                                  layout=w.Layout(width="330px"))
        self.aging = w.FloatSlider(aging, min=0, max=1, step=0.05, description="aging / tick",
                                   style=style, layout=w.Layout(width="330px"))
        self.preemptive = w.Checkbox(preemptive, description="preemptive", indent=False)
        super().__init__([w.HBox([self.urgent, self.aging]), self.preemptive])

    def update(self) -> None:
        n, aging = self.urgent.value, round(self.aging.value, 2)
        tasks = urgent_stream(n)
        s = simulate(tasks, "priority", preemptive=self.preemptive.value, aging=aging)
        lanes = {"urgent (priority 1)": [(name, a, b, "") for name, a, b in s.slices
                                         if name != "low"],
                 "low (priority 5)": [x for x in s.slices if x[0] == "low"]}
        fig = viz.gantt(lanes, xmax=n + 1, lane_height=0.5,
                        title=f"{n} urgent one-tick jobs, one per tick, and one low-priority job")
        low = s.stats["low"]
        lines = [f"low arrives at 0 and first runs at t = {_num(low.start)}: "
                 f"it waits {_num(low.wait)} ticks while {n} urgent jobs arrive."]
        if aging:
            lines.append(f"With aging {aging:g}, waiting lowers low's effective priority to "
                         f"5 − {aging:g}·t; it reaches a fresh urgent job's 1 at "
                         f"t = (5 − 1) / {aging:g} = {4 / aging:g}.")
        else:
            lines.append("Without aging, low runs only when no urgent job is left: "
                         "a longer stream would starve it for ever.")
        self.show(fig, lines)
