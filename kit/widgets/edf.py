"""The EDF explorer: edit durations and deadlines, compare input order with EDF order, and try
swapping two adjacent jobs of the EDF order to watch the exchange argument at work."""

import ipywidgets as w

from kit import viz
from kit.edf import Job, edf_order, max_lateness, run_in_order
from kit.widgets.base import Explorer

SEED_JOBS = (Job("report", 3, 9), Job("email", 1, 2), Job("deploy", 2, 4), Job("backup", 4, 14))


def swapped(order: list[Job], i: int) -> list[Job]:
    """The order with positions i and i+1 exchanged."""
    order = list(order)
    order[i], order[i + 1] = order[i + 1], order[i]
    return order


class EdfExplorer(Explorer):
    title = "EDF explorer"

    def __init__(self, jobs=SEED_JOBS):
        self.names = [j.name for j in jobs]
        self.durations = [w.IntSlider(j.duration, 1, 8, description="duration",
                                      layout=w.Layout(width="260px")) for j in jobs]
        self.deadlines = [w.IntSlider(j.deadline, 0, 24, description="deadline",
                                      layout=w.Layout(width="260px")) for j in jobs]
        rows = [w.HBox([w.Label(n, layout=w.Layout(width="60px")), d, dl])
                for n, d, dl in zip(self.names, self.durations, self.deadlines, strict=True)]
        self.swap = w.Dropdown(description="swap",
                               options=[("no swap", -1)] + [(f"EDF jobs {i + 1} and {i + 2}", i)
                                                             for i in range(len(jobs) - 1)])
        super().__init__([*rows, self.swap])

    def jobs(self) -> list[Job]:
        return [Job(n, d.value, dl.value)
                for n, d, dl in zip(self.names, self.durations, self.deadlines, strict=True)]

    def update(self) -> None:
        jobs = self.jobs()
        orders = {"input order": jobs, "EDF order": edf_order(jobs)}
        if self.swap.value >= 0:
            orders["EDF + one swap"] = swapped(orders["EDF order"], self.swap.value)
        runs = {lane: run_in_order(order) for lane, order in orders.items()}
        fig = viz.gantt({lane: [(s.name, s.start, s.finish, f"{s.name}\n{s.lateness:+d}")
                                for s in slots] for lane, slots in runs.items()},
                        deadlines={j.name: j.deadline for j in jobs},
                        title="Each bar: job and its lateness (finish − deadline); "
                              "ticks above: deadlines")
        lines = [f"{lane}: {' → '.join(j.name for j in order)}; max lateness "
                 f"{max_lateness(order):+d}" for lane, order in orders.items()]
        if self.swap.value >= 0:
            before = max_lateness(orders["EDF order"])
            after = max_lateness(orders["EDF + one swap"])
            verdict = "got worse" if after > before else "stayed the same"
            lines.append(f"The swap {verdict} ({before:+d} → {after:+d}): putting a later deadline "
                         "first never helps the worst job.")
        self.show(fig, lines)
