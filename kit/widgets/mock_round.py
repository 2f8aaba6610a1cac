"""A 60-minute clock for the mock machine-coding round, with the plan of the hour under it.

The seconds are counted by an ipywidgets `Play` in the browser (its buttons start, pause and
stop), so the kernel runs no timer thread. The picture (redrawn once a minute) marks the phase
the round should be in; the readout says elapsed, remaining and what to be doing now.
"""

import ipywidgets as w

from kit import viz
from kit.widgets.base import Explorer

ROUND = 60  # minutes
PLAN = (("clarify", 0, 5, "clarify the scope: ask the questions below"),
        ("class map", 5, 10, "name the entities and draw the class map"),
        ("L1", 10, 17, "L1 submit and tick"),
        ("L2", 17, 22, "L2 delayed start"),
        ("L3", 22, 27, "L3 cancel"),
        ("L4", 27, 34, "L4 retries with backoff"),
        ("L5", 34, 39, "L5 swappable policy"),
        ("L6", 39, 50, "L6 thread safety"),
        ("demo", 50, 56, "run it: a short demo and the edge cases"),
        ("extend", 56, 60, "follow-ups: what would you change for ...?"))


def mmss(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def phase_at(seconds: int):
    """The PLAN entry for a moment of the round (None once the hour is over)."""
    minute = seconds / 60
    for entry in PLAN:
        if entry[1] <= minute < entry[2]:
            return entry
    return None


def clock_lines(seconds: int) -> list[str]:
    left = max(ROUND * 60 - seconds, 0)
    phase = phase_at(seconds)
    now = (f"now: {phase[3]} (until {mmss(phase[2] * 60)})" if phase else
           "time is up: stop coding, say what you would do next")
    return [f"{mmss(seconds)} elapsed · {mmss(left)} left", now]


def plan_figure(seconds: int):
    lanes = {"plan": [(short, start, end, short) for short, start, end, _ in PLAN]}
    fig = viz.gantt(lanes, now=seconds / 60, xmax=ROUND, lane_height=0.5, width=9,
                    title="The hour, minute by minute (the dashed line is now)")
    fig.axes[0].set_xlabel("minutes")
    return fig


class RoundClock(Explorer):
    title = "60-minute round"

    def __init__(self, seconds: int = 0):
        self.play = w.Play(value=seconds, min=0, max=ROUND * 60, step=1, interval=1000,
                           show_repeat=False, description="clock")
        self._minute = None
        super().__init__([w.HBox([self.play, w.Label("▶ start · ❚❚ pause · ■ back to 00:00")])])

    def update(self) -> None:
        seconds = self.play.value
        lines = clock_lines(seconds)
        if seconds // 60 != self._minute:  # the picture only changes once a minute
            self._minute = seconds // 60
            self.show(plan_figure(seconds), lines)
        else:
            self.lines = lines
            self.readout.value = "<br>".join(lines)
