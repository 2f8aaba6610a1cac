"""Two explorers for work that may not run again too soon.

`CooldownExplorer`: type a list of unit tasks and a cooldown n; two lanes run them through
`kit.cooldown.cooldown_schedule`, once with the "most left first" rule and once first come first
served. A gap in a lane is an idle tick. The readout compares both with `least_interval`.

`RateLimitExplorer`: requests arrive in a pattern and queue behind a token bucket
(`kit.cooldown.rate_limited_starts`). The picture counts, over time, the requests that arrived and
the ones that started; the dashed line is the bucket's promise, capacity + rate * t.
"""

import ipywidgets as w

from kit import viz
from kit.cooldown import cooldown_schedule, least_interval, rate_limited_starts
from kit.widgets.base import Explorer

ORDER_LABELS = {"most_left": "most left first", "fifo": "first come first served"}


def schedule_lane(ticks) -> list:
    """Gantt slices for one schedule: a one-tick bar per task, nothing for an idle tick."""
    return [(str(kind), t, t + 1) for t, kind in enumerate(ticks) if kind is not None]


class CooldownExplorer(Explorer):
    title = "Cooldown explorer"

    def __init__(self, tasks: str = "AAABBBCCDD", n: int = 2):
        style = {"description_width": "80px"}  # room for "cooldown n", never "cooldo…"
        self.tasks = w.Text(tasks, description="tasks", continuous_update=False, style=style)
        self.n = w.IntSlider(n, min=0, max=6, description="cooldown n", style=style)
        super().__init__([w.HBox([self.tasks, self.n])])

    def update(self) -> None:
        tasks = [c for c in self.tasks.value.upper() if not c.isspace()][:40]
        n = self.n.value
        runs = {order: cooldown_schedule(tasks, n, order) for order in ORDER_LABELS}
        best = least_interval(tasks, n)
        lanes = {ORDER_LABELS[o]: schedule_lane(ticks) for o, ticks in runs.items()}
        fig = viz.gantt(lanes, xmax=max([best, 1] + [len(t) for t in runs.values()]),
                        title=f"{len(tasks)} unit tasks, at least {n} other ticks between two of "
                              "one type (a gap is an idle tick)")
        lines = [f"least_interval = {best} ticks for {len(tasks)} tasks."]
        for order, ticks in runs.items():
            idle = sum(kind is None for kind in ticks)
            lines.append(f"{ORDER_LABELS[order]}: {len(ticks)} ticks, {idle} idle: "
                         + "".join("_" if kind is None else str(kind) for kind in ticks))
        self.show(fig, lines)


def _arrivals(pattern: str, requests: int) -> list:
    """Request arrival times for a named pattern (data for the picture, nothing more)."""
    if pattern == "one burst":
        return [0] * requests
    if pattern == "two bursts":
        return [0] * (requests // 2) + [10] * (requests - requests // 2)
    return [t / 2 for t in range(requests)]  # steady: two per tick


PATTERNS = ("one burst", "two bursts", "steady, 2 per tick")


def running_count(times, horizon) -> tuple:
    """(xs, ys): how many of `times` are <= x, on a step grid of quarter ticks."""
    xs = [i / 4 for i in range(int(horizon * 4) + 1)]
    ordered = sorted(times)
    ys, i = [], 0
    for x in xs:
        while i < len(ordered) and ordered[i] <= x:
            i += 1
        ys.append(i)
    return xs, ys


class RateLimitExplorer(Explorer):
    title = "Rate limit explorer"

    def __init__(self, rate: float = 1.0, capacity: int = 4, pattern: str = "one burst",
                 requests: int = 16):
        style = {"description_width": "70px"}
        lazy = {"continuous_update": False, "style": style}
        self.rate = w.FloatSlider(rate, min=0.25, max=3, step=0.25, description="rate", **lazy)
        self.capacity = w.IntSlider(capacity, min=1, max=12, description="capacity", **lazy)
        self.requests = w.IntSlider(requests, min=1, max=30, description="requests", **lazy)
        self.pattern = w.ToggleButtons(options=PATTERNS, value=pattern, description="arrivals",
                                       style={**style, "button_width": "150px"})
        super().__init__([w.HBox([self.rate, self.capacity, self.requests]), self.pattern])

    def update(self) -> None:
        rate, capacity = self.rate.value, self.capacity.value
        arrivals = _arrivals(self.pattern.value, self.requests.value)
        starts = rate_limited_starts(arrivals, rate, capacity)
        horizon = max(starts + arrivals) + 1
        fig = viz.share_lines(
            {"arrived": running_count(arrivals, horizon),
             "started": running_count(starts, horizon),
             "capacity + rate·t": ([0, horizon], [capacity, capacity + rate * horizon])},
            xlabel="time (ticks)", ylabel="requests so far",
            title=f"Token bucket: {capacity} tokens, {rate:g} more per tick")
        waits = [s - a for s, a in zip(starts, arrivals, strict=True)]
        lines = [f"{len(arrivals)} requests ({self.pattern.value}); bucket of {capacity} tokens "
                 f"refilled at {rate:g} per tick, starting full.",
                 f"{sum(w_ == 0 for w_ in waits)} start at once; the last starts at "
                 f"t = {max(starts):g}; longest wait {max(waits):g}, mean wait "
                 f"{sum(waits) / len(waits):.2f} ticks.",
                 "Started never crosses the line capacity + rate·t: no window of length t "
                 "admits more than that."]
        self.show(fig, lines)
