"""The backoff explorer: the same herd of clients under each jitter strategy.

Left, one row per strategy: every retry time of every client (from `herd_retry_times`), counted in
narrow bins. Without jitter the whole herd lands in the same bin, again and again; with jitter it
spreads. Right: the thundering-herd experiment (`simulate_herd`) for the same clients, base and cap:
total calls (the work) and the time until the last client succeeds.

`AwsExplorer` runs the AWS Architecture Blog's own experiment (`kit.herd`: clients updating one
row with optimistic concurrency) over a range of herd sizes, and `aws_charts` draws its two charts.
"""

import threading

import ipywidgets as w
from matplotlib.figure import Figure

from kit import herd, viz
from kit.backoff import STRATEGIES, herd_retry_times, simulate_herd
from kit.widgets.base import Explorer

LABELS = {"none": "no jitter", "full": "full jitter", "equal": "equal jitter",
          "decorrelated": "decorrelated"}
WORK, DONE = "total calls (work)", "time to finish"


class BackoffExplorer(Explorer):
    title = "Backoff explorer"

    def __init__(self, base=1.0, cap=100.0, attempts=6, clients=100, strategy="full", seed=0):
        self.seed = seed
        self.chart = viz.CountRows(  # built once: a redraw changes only the artists' data
            [LABELS[s] for s in STRATEGIES], [WORK, DONE], log=True,
            xlabel="retry time, seconds after the failure (log scale)", ylabel="retries per bin",
            width=9.5)  # fits a JupyterLab cell beside the file browser, unshrunk
        wide = w.Layout(width="330px")
        style = {"description_width": "70px"}
        lazy = {"continuous_update": False, "layout": wide, "style": style}
        self.base = w.FloatSlider(base, min=0.1, max=5.0, step=0.1, description="base", **lazy)
        self.cap = w.FloatSlider(cap, min=1.0, max=200.0, step=1.0, description="cap", **lazy)
        self.attempts = w.IntSlider(attempts, min=1, max=10, description="attempts", **lazy)
        self.clients = w.IntSlider(clients, min=10, max=300, step=10, description="clients",
                                   **lazy)
        self.strategy = w.ToggleButtons(options=[(LABELS[s], s) for s in STRATEGIES],
                                        value=strategy, description="strategy",
                                        style={**style, "button_width": "110px"})
        super().__init__([w.HBox([self.base, self.cap]), w.HBox([self.attempts, self.clients]),
                          self.strategy])

    def update(self) -> None:
        base, cap, attempts = self.base.value, self.cap.value, self.attempts.value
        clients, chosen = self.clients.value, self.strategy.value
        retries = {s: herd_retry_times(clients, s, attempts, base, cap, self.seed)
                   for s in STRATEGIES}
        herds = {s: simulate_herd(clients, s, base, cap, self.seed) for s in STRATEGIES}
        # a log time axis: exponential retry times get the same resolution early and late
        counts = viz.histogram_counts(
            {LABELS[s]: [t for times in retries[s] for t in times] for s in STRATEGIES},
            bins=120, log=True, xmin=base / 20)
        fig = self.chart.draw(counts, highlight=LABELS[chosen],
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


class AwsChart:
    """The blog's two charts side by side: calls and completion time against the number of
    clients, one line per strategy. Built once; `draw` only changes the lines' data, so an
    explorer redraws it without building a figure again."""

    def __init__(self):
        self.fig = Figure(figsize=(9.5, 3.6))  # fits a JupyterLab cell beside the file browser
        self.panels = self.fig.subplots(1, 2)
        self.lines = {}
        for ax, field, ylabel in zip(self.panels, ("calls", "time"),
                                     ("calls (work), mean per run", "completion time, ms"),
                                     strict=True):
            for strategy in AWS_LABELS:
                self.lines[strategy, field], = ax.plot(
                    [], [], lw=2, marker="o", markersize=3, color=AWS_COLOURS[strategy],
                    label=AWS_LABELS[strategy], ls="--" if strategy in AWS_DASHED else "-")
            ax.set_xlabel("clients")
            ax.set_ylabel(ylabel)
            ax.grid(alpha=0.3)
            for side in ("top", "right"):
                ax.spines[side].set_visible(False)
        self.panels[0].set_title("Work", fontsize=11, loc="left")
        self.panels[1].set_title("Time until the last client has written", fontsize=11,
                                 loc="left")
        self.title = self.fig.suptitle("", fontsize=11, x=0.01, ha="left")
        # fixed margins (room for six-digit ticks and the legend): the layout is never redone
        self.fig.subplots_adjust(left=0.075, right=0.8, bottom=0.14, top=0.84, wspace=0.3)
        self.legend = None

    def draw(self, clients, table, *, log=False, title="") -> Figure:
        """`table` is `kit.herd.grid(clients, ...)`: {strategy: [Experiment per client count]}."""
        for (strategy, field), line in self.lines.items():
            shown = strategy in table
            line.set_visible(shown)
            line.set_data(clients if shown else [],
                          [getattr(p, field) for p in table[strategy]] if shown else [])
        for ax in self.panels:
            ax.set_yscale("log" if log else "linear")
            ax.relim(visible_only=True)
            ax.set_autoscale_on(True)  # set_ylim below turned it off for the last picture
            ax.autoscale_view()
            if not log:
                ax.set_ylim(bottom=0)
        if self.legend is not None:
            self.legend.remove()
        handles = [self.lines[s, "time"] for s in AWS_LABELS if s in table]
        self.legend = self.panels[1].legend(handles=handles, fontsize=9, frameon=False,
                                            loc="upper left", bbox_to_anchor=(1.0, 1.0)) \
            if handles else None
        self.title.set_text(title)
        return self.fig


def aws_charts(clients, table, *, log=False, title=""):
    """The blog's two charts for `table` = `kit.herd.grid(clients, ...)` (see `AwsChart`)."""
    return AwsChart().draw(list(clients), table, log=log, title=title)


class AwsExplorer(Explorer):
    """The AWS experiment with its knobs: the largest herd, base, cap, runs and which strategies.

    The herds are 10, 20, ... up to `clients`; each point is `kit.herd.aws_experiment` averaged
    over `runs` runs, so the readout is deterministic. Every run is kept once computed: at the
    published base and cap (seed 0) all of them come stored (`kit.herd.read_runs`), so moving
    clients, runs, the strategies or the scale redraws at once. A new base or cap needs new runs:
    they are computed in a background thread while a sign says so and the last picture stays;
    the newest settings win (older work stops at its next run).
    """

    title = "AWS experiment explorer"
    STEP = 10

    def __init__(self, clients=100, base=herd.BASE, cap=herd.CAP, runs=5,
                 strategies=tuple(AWS_LABELS), log=False, seed=0):
        self.seed = seed
        self.chart = AwsChart()
        self.runs_done = {}  # (strategy, clients, base, cap) -> [Run, in run order]
        if seed == 0:
            self.runs_done = {(s, n, herd.BASE, herd.CAP): runs_
                              for (s, n), runs_ in herd.read_runs().items()}
        self.seeds = herd.run_seeds(seed, herd.RUNS_MAX)
        self.lock = threading.Lock()
        self.wanted = None  # the newest settings; a background job for older ones gives up
        self.job = None
        style = {"description_width": "60px"}
        lazy = {"continuous_update": False, "layout": w.Layout(width="330px"), "style": style}
        self.clients = w.IntSlider(clients, min=self.STEP, max=herd.RUNS_CLIENTS[-1],
                                   step=self.STEP, description="clients", **lazy)
        self.runs = w.IntSlider(runs, min=1, max=herd.RUNS_MAX, description="runs", **lazy)
        self.base = w.FloatSlider(base, min=1.0, max=100.0, step=1.0, description="base", **lazy)
        self.cap = w.FloatSlider(cap, min=50.0, max=5000.0, step=50.0, description="cap", **lazy)
        self.chosen = {s: w.Checkbox(s in strategies, description=AWS_LABELS[s], indent=False,
                                     layout=w.Layout(width="auto", margin="0 18px 0 0"))
                       for s in AWS_LABELS}
        self.log_scale = w.Checkbox(log, description="log scale", indent=False,
                                    layout=w.Layout(width="auto"))
        super().__init__([w.HBox([self.clients, self.runs]), w.HBox([self.base, self.cap]),
                          w.HBox([*self.chosen.values(), self.log_scale],
                                 layout=w.Layout(flex_flow="row wrap"))])

    def settings(self) -> tuple:
        strategies = tuple(s for s, box in self.chosen.items() if box.value)
        return (self.clients.value, self.runs.value, self.base.value, self.cap.value, strategies,
                self.log_scale.value)

    def missing(self, settings) -> list[tuple]:
        """The (strategy, clients, base, cap) whose first `runs` runs are not all computed."""
        top, runs, base, cap, strategies, _ = settings
        return [(s, n, base, cap) for s in strategies for n in range(self.STEP, top + 1, self.STEP)
                if len(self.runs_done.get((s, n, base, cap), ())) < runs]

    def update(self) -> None:
        settings = self.settings()
        with self.lock:
            self.wanted = settings
            if not self.missing(settings):
                self.draw(settings)
                return
        self.busy(f"computing base {settings[2]:g}, cap {settings[3]:g}: the picture and "
                  "numbers below are still the previous settings'")
        self.job = threading.Thread(target=self.compute, args=(settings,), daemon=True)
        self.job.start()

    def compute(self, settings) -> None:
        """The missing runs, one at a time, until done or newer settings come in."""
        runs, todo = settings[1], self.missing(settings)
        for k, key in enumerate(todo):
            done = self.runs_done.setdefault(key, [])
            while len(done) < runs:
                if self.wanted != settings:
                    return  # newer input won
                strategy, n, base, cap = key
                r = len(done)
                result = herd.occ_run(n, strategy, base, cap, self.seeds[r])
                with self.lock:  # an older job may have added run r meanwhile (the same run)
                    if len(done) == r:
                        done.append(result)
            if self.wanted == settings and k % 5 == 4:
                self.busy(f"computing base {settings[2]:g}, cap {settings[3]:g}: "
                          f"{k + 1} of {len(todo)} points done; the picture below is still the "
                          "previous settings'")
        with self.lock:
            if self.wanted == settings:
                self.draw(settings)

    def wait(self, timeout: float | None = None) -> None:
        """Block until the background work (if any) is done (for scripts and tests)."""
        if self.job is not None:
            self.job.join(timeout)

    def draw(self, settings) -> None:
        top, runs, base, cap, strategies, log = settings
        sizes = list(range(self.STEP, top + 1, self.STEP))
        table = {s: [herd.mean(self.runs_done[s, n, base, cap][:runs]) for n in sizes]
                 for s in strategies}
        fig = self.chart.draw(sizes, table, log=log,
                              title=f"{sizes[0]} to {top} clients, base {base:g} ms, cap "
                                    f"{cap:g} ms, {runs} run(s) each")
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
