"""The backoff explorer: the same herd of clients under each jitter strategy.

Left, one row per strategy: every retry time of every client (from `herd_retry_times`), counted in
narrow bins. Without jitter the whole herd lands in the same bin, again and again; with jitter it
spreads. Right: the thundering-herd experiment (`simulate_herd`) for the same clients, base and cap:
total calls (the work) and the time until the last client succeeds.

`AwsExplorer` runs the AWS Architecture Blog's own experiment (`kit.herd`: clients updating one
row with optimistic concurrency) over a range of herd sizes, and `aws_charts` draws its two charts.
"""

import ipywidgets as w
from matplotlib.figure import Figure

from kit import viz
from kit.backoff import STRATEGIES, herd_retry_times, simulate_herd
from kit.herd import grid
from kit.widgets.base import Explorer

LABELS = {"none": "no jitter", "full": "full jitter", "equal": "equal jitter",
          "decorrelated": "decorrelated"}
WORK, DONE = "total calls (work)", "time to finish"


class BackoffExplorer(Explorer):
    title = "Backoff explorer"

    def __init__(self, base=1.0, cap=100.0, attempts=6, clients=100, strategy="full", seed=0):
        self.seed = seed
        wide = w.Layout(width="330px")
        style = {"description_width": "70px"}
        lazy = {"continuous_update": False, "layout": wide, "style": style}
        self.base = w.FloatSlider(base, min=0.1, max=5.0, step=0.1, description="base", **lazy)
        self.cap = w.FloatSlider(cap, min=1.0, max=200.0, step=1.0, description="cap", **lazy)
        self.attempts = w.IntSlider(attempts, min=1, max=10, description="attempts", **lazy)
        self.clients = w.IntSlider(clients, min=10, max=300, step=10, description="clients",
                                   **lazy)
        self.strategy = w.ToggleButtons(options=[(LABELS[s], s) for s in STRATEGIES],
                                        value=strategy, description="strategy", style=style)
        super().__init__([w.HBox([self.base, self.cap]), w.HBox([self.attempts, self.clients]),
                          self.strategy])

    def update(self) -> None:
        base, cap, attempts = self.base.value, self.cap.value, self.attempts.value
        clients, chosen = self.clients.value, self.strategy.value
        retries = {s: herd_retry_times(clients, s, attempts, base, cap, self.seed)
                   for s in STRATEGIES}
        herds = {s: simulate_herd(clients, s, base, cap, self.seed) for s in STRATEGIES}
        # a log time axis: exponential retry times get the same resolution early and late
        fig = viz.histogram_rows(
            {LABELS[s]: [t for times in retries[s] for t in times] for s in STRATEGIES},
            bins=120, log=True, xmin=base / 20, highlight=LABELS[chosen],
            xlabel="retry time, seconds after the failure (log scale)", ylabel="retries per bin",
            side={WORK: {LABELS[s]: h.calls for s, h in herds.items()},
                  DONE: {LABELS[s]: h.finish for s, h in herds.items()}},
            title=f"When {clients} clients retry ({attempts} retries each)")
        lines = [f"{clients} clients fail together at t = 0; base {base:g}, cap {cap:g}, "
                 f"{attempts} retries each (seed {self.seed}). One call takes 1 s."]
        for s in STRATEGIES:
            firsts = [times[0] for times in retries[s]]
            lines.append(f"{LABELS[s]}: first retries span {max(firsts) - min(firsts):.2f} s; "
                         f"herd: {herds[s].calls:,} calls, all done at t = {herds[s].finish:,.0f}")
        none, mine = herds["none"], herds[chosen]
        lines.append(f"{LABELS[chosen]}: {mine.calls / clients:.1f} calls per client, "
                     f"{mine.calls / none.calls:.0%} of the work without jitter, finished in "
                     f"{mine.finish / none.finish:.0%} of the time.")
        self.show(fig, lines)


# --- the AWS experiment itself (kit.herd) ---------------------------------------------------------

AWS_LABELS = {"no_backoff": "no backoff", "exponential": "exponential, no jitter",
              "full": "full jitter", "equal": "equal jitter", "decorrelated": "decorrelated jitter"}
AWS_COLOURS = dict(zip(AWS_LABELS, ["#e15759", "#4e79a7", "#59a14f", "#f28e2b", "#b07aa1"],
                       strict=True))
AWS_DASHED = {"equal"}  # full and equal jitter do nearly the same work: dash one to see both


def aws_charts(clients, table, *, log=False, title=""):
    """The blog's two charts side by side: calls and completion time against the number of
    clients, one line per strategy. `table` is `kit.herd.grid(clients, ...)`:
    {strategy: [Experiment per client count]}."""
    fig = Figure(figsize=(10, 3.6))
    panels = fig.subplots(1, 2)
    for ax, field, ylabel in zip(panels, ("calls", "time"),
                                 ("calls (work), mean per run", "completion time, ms"),
                                 strict=True):
        for strategy, row in table.items():
            ax.plot(clients, [getattr(point, field) for point in row], lw=2, marker="o",
                    markersize=3, color=AWS_COLOURS[strategy], label=AWS_LABELS[strategy],
                    ls="--" if strategy in AWS_DASHED else "-")
        ax.set_xlabel("clients")
        ax.set_ylabel(ylabel)
        if log:
            ax.set_yscale("log")
        else:
            ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    panels[0].set_title("Work", fontsize=11, loc="left")
    panels[1].set_title("Time until the last client has written", fontsize=11, loc="left")
    if table:
        panels[1].legend(fontsize=8, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    if title:
        fig.suptitle(title, fontsize=11, x=0.01, ha="left")
    fig.tight_layout()
    return fig


class AwsExplorer(Explorer):
    """The AWS experiment with its knobs: the largest herd, base, cap, runs and which strategies.

    The herds are `points` evenly spaced sizes up to `clients`; each point is
    `kit.herd.aws_experiment` averaged over `runs` runs, so the readout is deterministic.
    """

    title = "AWS experiment explorer"

    def __init__(self, clients=100, base=5.0, cap=2000.0, runs=5, points=10,
                 strategies=tuple(AWS_LABELS), log=False, seed=0):
        self.seed, self.points = seed, points
        wide = w.Layout(width="330px")
        style = {"description_width": "70px"}
        lazy = {"continuous_update": False, "layout": wide, "style": style}
        self.clients = w.IntSlider(clients, min=points, max=200, step=points,
                                   description="clients", **lazy)
        self.runs = w.IntSlider(runs, min=1, max=20, description="runs", **lazy)
        self.base = w.FloatSlider(base, min=1.0, max=100.0, step=1.0, description="base", **lazy)
        self.cap = w.FloatSlider(cap, min=50.0, max=5000.0, step=50.0, description="cap", **lazy)
        self.chosen = {s: w.Checkbox(s in strategies, description=AWS_LABELS[s], indent=False,
                                     layout=w.Layout(width="170px")) for s in AWS_LABELS}
        self.log_scale = w.Checkbox(log, description="log scale", indent=False)
        super().__init__([w.HBox([self.clients, self.runs]), w.HBox([self.base, self.cap]),
                          w.HBox([*self.chosen.values(), self.log_scale])])

    def update(self) -> None:
        top, runs = self.clients.value, self.runs.value
        base, cap = self.base.value, self.cap.value
        strategies = [s for s, box in self.chosen.items() if box.value]
        sizes = list(range(top // self.points, top + 1, top // self.points))
        table = grid(sizes, strategies, runs, self.seed, base, cap)
        fig = aws_charts(sizes, table, log=self.log_scale.value,
                         title=f"{sizes[0]} to {top} clients, base {base:g} ms, cap {cap:g} ms, "
                               f"{runs} run(s) each")
        lines = [f"{sizes[0]} to {top} clients, base {base:g}, cap {cap:g}, {runs} run(s) per "
                 f"point (seed {self.seed}); times in ms."]
        if not strategies:
            lines.append("Pick at least one strategy.")
        for s in strategies:
            last = table[s][-1]
            lines.append(f"{AWS_LABELS[s]} at {top} clients: {last.calls:,.0f} calls "
                         f"({last.calls / top:.1f} per client), the last write done at "
                         f"{last.time:,.0f} ms")
        if len(strategies) > 1:
            least = min(strategies, key=lambda s: table[s][-1].calls)
            first = min(strategies, key=lambda s: table[s][-1].time)
            lines.append(f"At {top} clients the least work: {AWS_LABELS[least]}; done first: "
                         f"{AWS_LABELS[first]}.")
        self.show(fig, lines)
