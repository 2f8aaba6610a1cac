"""The two-heap explorer: a fixed morning of jobs, stepped tick by tick through `kit.scheduler`.

Pick a policy and a number of workers, then step. The picture shows what `Scheduler.snapshot()`
returns after the chosen tick: the delayed heap in (run_at, seq) order, the ready heap in the
order the policy would pop it, and what each worker slot ran. Two scripted cancels show lazy
deletion: one job is cancelled while it still waits for its run time (dropped when promoted),
one while it waits in the ready heap (skipped when popped), if it has not run by then.
"""

from typing import NamedTuple

import ipywidgets as w

from kit import viz
from kit.clock import FakeClock
from kit.extensions import AgingPolicy
from kit.jobs import FifoPolicy, OldestDuePolicy, PriorityPolicy
from kit.scheduler import Scheduler
from kit.widgets.base import Explorer


class Spec(NamedTuple):
    id: str
    priority: int
    delay: int
    fails: int = 0  # the task raises on its first `fails` calls
    retries: int = 0
    backoff: int = 10


MORNING = (Spec("email", 3, 0), Spec("backup", 5, 0), Spec("resize", 2, 0),
           Spec("deploy", 2, 1, fails=1, retries=1, backoff=2), Spec("report", 1, 2),
           Spec("digest", 3, 3), Spec("cleanup", 4, 0), Spec("billing", 1, 4))
CANCELS = {1: ("digest",), 2: ("cleanup",)}  # cancelled just before tick k (k counts from 0)
POLICIES = {"priority (lower number first)": PriorityPolicy, "FIFO (submission order)": FifoPolicy,
            "oldest due first": OldestDuePolicy,
            "aging (priority improves 1 per 2 ticks due)": lambda: AgingPolicy(2)}
TICKS = 10


def _task(spec: Spec):
    calls = []

    def task():
        calls.append(1)
        if len(calls) <= spec.fails:
            raise RuntimeError(f"{spec.id} failed")
        return spec.id
    return task


def play(policy, workers: int, ticks: int, specs=MORNING, cancels=CANCELS):
    """Submit `specs` at t=0, then run `ticks` ticks one time unit apart (tick k at t=k), doing
    the scripted cancels before their tick. Returns the scheduler and {tick: [(id, result)]}."""
    clock = FakeClock(0)
    sched = Scheduler(clock, policy, workers)
    for s in specs:
        sched.submit(s.id, _task(s), s.priority, s.delay, s.retries, s.backoff)
    results = {}
    for k in range(ticks):
        if k:
            clock.advance(1)
        results[k] = [(id, sched.cancel(id)) for id in cancels.get(k, ())]
        sched.tick()
    return sched, results


def heap_rows(snap, workers: int) -> dict:
    """The snapshot as rows of boxes: delayed heap, ready heap, then one box per worker slot."""
    def dead(v):
        return v.status != "PENDING"

    rows = {"delayed heap\nby (run_at, seq)":
            [(v.id, f"{v.id}\nt={v.run_at:g}" + (" ✕" if dead(v) else ""), dead(v))
             for v in snap.delayed],
            "ready heap\nby the policy":
            [(v.id, f"{v.id}\np{v.priority:g} #{v.seq}" + (" ✕" if dead(v) else ""), dead(v))
             for v in snap.ready]}
    slots = []
    for worker in range(workers):
        run = snap.slots[worker] if worker < len(snap.slots) else None
        slots.append(("", f"slot {worker}\nidle", True) if run is None else
                     (run.id, f"{run.id}\n{_outcome(run.status)}", False))
    rows["worker slots\nthis tick"] = slots
    return rows


def _outcome(status) -> str:
    return {"DONE": "done", "FAILED": "failed", "PENDING": "will retry"}.get(str(status),
                                                                             str(status))


def _event_text(e) -> str:
    if e.kind == "run":
        return f"slot {e.worker} runs {e.id}"
    if e.kind == "retry":
        return f"{e.id} failed, retry due at t={e.detail:g}"
    if e.kind in ("drop", "skip"):
        return f"{e.kind} {e.id} (cancelled)"
    if e.kind == "fail":
        return f"{e.id} FAILED: {e.detail}"
    return f"{e.kind} {e.id}"


def readout(sched, results, ticks: int, label: str) -> list[str]:
    """Plain-text lines for the state after `ticks` ticks."""
    snap = sched.snapshot()
    lines = []
    if ticks == 0:
        lines.append(f"before the first tick (t=0): {len(snap.delayed)} jobs submitted, all in "
                     f"the delayed heap · {label} · {sched.workers} worker(s)")
    else:
        lines.append(f"tick {ticks - 1} at t={snap.now:g} · {label} · {sched.workers} worker(s)")
        said = [f"cancel {id} → {won}" for id, won in results[ticks - 1]]
        said += [_event_text(e) for e in snap.events if e.kind not in ("submit", "cancel", "done")]
        lines.append("this tick: " + ("; ".join(said) if said else "nothing to do"))

    def mark(v):
        return " (cancelled)" if v.status != "PENDING" else ""

    lines.append("delayed heap: " + (", ".join(f"{v.id}@t={v.run_at:g}{mark(v)}"
                                               for v in snap.delayed) or "empty"))
    lines.append("ready heap: " + (", ".join(f"{v.id} p{v.priority:g}{mark(v)}"
                                             for v in snap.ready) or "empty"))
    ended = {}
    for s in MORNING:
        status = str(sched.status_of(s.id))
        if status in ("DONE", "FAILED", "CANCELLED"):
            ended.setdefault(status, []).append(s.id)
    lines.append("finished: " + ("; ".join(f"{k} {', '.join(v)}" for k, v in ended.items())
                                 or "nothing yet"))
    return lines


class SchedulerExplorer(Explorer):
    title = "Two-heap scheduler explorer"

    def __init__(self, policy: str = "priority (lower number first)", workers: int = 1,
                 ticks: int = 0):
        self.policy = w.Dropdown(options=list(POLICIES), value=policy, description="policy",
                                 layout=w.Layout(width="400px"))
        self.workers = w.IntSlider(workers, 1, 3, description="workers")
        self.ticks = w.IntSlider(ticks, 0, TICKS, description="ticks run")
        self.step = w.Button(description="Step", icon="step-forward",
                             layout=w.Layout(width="90px"))
        self.reset = w.Button(description="Reset", icon="undo", layout=w.Layout(width="100px"))
        self.step.on_click(lambda _b: self.advance())
        self.reset.on_click(lambda _b: setattr(self.ticks, "value", 0))
        super().__init__([w.HBox([self.policy, self.workers]),
                          w.HBox([self.step, self.reset, self.ticks])])

    def advance(self) -> None:
        """What Step does: one more tick (up to the slider's end)."""
        self.ticks.value = min(self.ticks.value + 1, TICKS)

    def update(self) -> None:
        k, label = self.ticks.value, self.policy.value
        sched, results = play(POLICIES[label](), self.workers.value, k)
        # the slider counts ticks run; the picture says the same count, then the last tick's time
        when = "before the first tick" if k == 0 else \
            f"after {k} tick{'s' if k > 1 else ''} (the last at t={k - 1})"
        fig = viz.box_rows(heap_rows(sched.snapshot(), self.workers.value),
                           names=[s.id for s in MORNING], front=2,
                           title=f"{when}: ✕ marks a cancelled entry still in a heap "
                                 "(lazy deletion)")
        self.show(fig, readout(sched, results, k, label.split(" (")[0]))
