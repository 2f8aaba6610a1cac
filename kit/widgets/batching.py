"""The batching explorer: the same jobs, picked tick by tick into the room that is free, under
either rule (`kit.batching.run_batches`).

One lane per job: grey while it waits, coloured while it runs and holds its room (its size is
written in the bar). The readout compares both rules: when the last job started, how full the
capacity was on average, and how long the big job waited.
"""

import random

import ipywidgets as w

from kit import viz
from kit.batching import BatchJob, run_batches
from kit.widgets.base import Explorer

RULE_LABELS = {"stop": "stop at the first misfit", "skip": "skip it, keep filling"}
STATES = {"waiting": "#dddddd", "running": viz.PALETTE[0], "BIG running": viz.PALETTE[3]}


def workload(seed: int, big: int, jobs: int = 10) -> list:
    """A seeded stream of small jobs (size 1-3, 2-4 ticks long, priority 1 or 3, arriving at
    ticks 0-5) and one big job of size `big`, priority 2, arriving at 1 (data for the picture)."""
    rng = random.Random(seed)
    out = [BatchJob("BIG", big, 2, 1, 2)]
    for i in range(jobs):
        out.append(BatchJob(f"j{i}", rng.randint(1, 3), rng.choice((1, 3)), rng.randint(0, 5),
                            rng.randint(2, 4)))
    return out


class BatchingExplorer(Explorer):
    title = "Batching explorer"

    def __init__(self, capacity: int = 8, big: int = 6, seed: int = 4, rule: str = "skip"):
        style = {"description_width": "70px"}
        lazy = {"continuous_update": False, "style": style}
        self.capacity = w.IntSlider(capacity, min=4, max=16, description="capacity", **lazy)
        self.big = w.IntSlider(big, min=1, max=16, description="BIG size", **lazy)
        self.seed = w.IntSlider(seed, min=0, max=9, description="seed", **lazy)
        self.rule = w.ToggleButtons(options=[(label, r) for r, label in RULE_LABELS.items()],
                                    value=rule, description="rule",  # whole labels, no "…"
                                    style={**style, "button_width": "190px"})
        super().__init__([w.HBox([self.capacity, self.big, self.seed]), self.rule])

    def update(self) -> None:
        capacity = self.capacity.value
        jobs = workload(self.seed.value, min(self.big.value, capacity))
        runs = {rule: run_batches(jobs, capacity, rule) for rule in RULE_LABELS}
        starts = {rule: {n: b.tick for b in batches for n in b.names}
                  for rule, batches in runs.items()}
        shown = starts[self.rule.value]
        lanes = {}
        for job in sorted(jobs, key=lambda j: (j.arrival, j.priority)):
            start = shown[job.name]
            running = "BIG running" if job.name == "BIG" else "running"
            lanes[f"{job.name} (p{job.priority})"] = [
                ("waiting", job.arrival, start, ""),
                (running, start, start + job.duration, str(job.size))]
        end = max(max(s[job.name] + job.duration for job in jobs) for s in starts.values())
        fig = viz.state_lanes(lanes, colours=STATES, xmax=end, lane_height=0.28,
                              title=f"{RULE_LABELS[self.rule.value]}: grey = waiting, bar = "
                                    f"running (its size); capacity {capacity}")
        big = next(job for job in jobs if job.name == "BIG")
        lines = [f"{len(jobs)} jobs (seed {self.seed.value}): BIG of size {big.size}, priority "
                 f"2, arrives at 1, runs 2 ticks; small ones of priority 1 or 3."]
        for rule, batches in runs.items():
            use = sum(b.used for b in batches) / (capacity * len(batches))
            lines.append(f"{RULE_LABELS[rule]}: last start at tick {batches[-1].tick}, "
                         f"{use:.0%} of the capacity in use on average, BIG waits "
                         f"{starts[rule]['BIG'] - big.arrival} ticks")
        self.show(fig, lines)
