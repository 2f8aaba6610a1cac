"""The backoff explorer: the same herd of clients under each jitter strategy.

Left, one row per strategy: every retry time of every client (from `herd_retry_times`), counted in
narrow bins. Without jitter the whole herd lands in the same bin, again and again; with jitter it
spreads. Right: the thundering-herd experiment (`simulate_herd`) for the same clients, base and cap:
total calls (the work) and the time until the last client succeeds.
"""

import ipywidgets as w

from kit import viz
from kit.backoff import STRATEGIES, herd_retry_times, simulate_herd
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
