"""The lease explorer: step through the seed's lease stories one operation at a time.

The frames come from `kit.lease_scenarios.replay` (the real LeaseQueue, run once); Step / Back /
Reset only choose which frame to show. The picture has one lane per job, read from the frame's
trace: waiting in the ready line, leased by a worker (with its attempt), backing off, done or dead,
with ticks for acks, expiries, heartbeats and rejected calls. The readout says what the step did
and which rule decided it.
"""

import ipywidgets as w

from kit import viz
from kit.lease_scenarios import SCENARIOS, Frame, replay
from kit.widgets.base import Explorer

COLOURS = {"ready": "#d4d4d4", "w1": "#4e79a7", "w2": "#f28e2b", "w3": "#b07aa1",
           "backoff": "#f1ce63", "done": "#8cd17d", "dead": "#333333"}
WORKER_STATES = ("w1", "w2", "w3")
MARKS = {"ack": "✓ ack", "expire": "✗ expired", "fail": "✗ fail", "heartbeat": "♥",
         "ack_rejected": "ack refused", "heartbeat_rejected": "♥ refused",
         "fail_rejected": "fail refused", "dead": "☠"}
RULES = {
    "put": "put: the job joins the back of the ready line.",
    "lease": "lease: the job that has been ready longest is lent to the worker until "
             "now + lease_for; no other worker can see it meanwhile.",
    "empty": "lease with nothing ready returns None: leased and backing-off jobs are invisible.",
    "ack": "ack: accepted only from the current holder, with the current lease, while "
           "now < expires_at; the job is done for good.",
    "ack_rejected": "ack refused: it did not come from the live lease (another worker, an older "
                    "grant, or at/after expiry). Nothing changes.",
    "heartbeat": "heartbeat: the live holder moves its deadline to now + lease_for.",
    "heartbeat_rejected": "heartbeat refused: only the live lease, before it expires, can be "
                          "extended.",
    "fail": "fail: the holder gives up; the attempt counts as failed.",
    "fail_rejected": "fail refused: only the live lease can report a failure.",
    "expire": "expiry: a lease is held while now < expires_at; at exactly expires_at it has "
              "expired, and the attempt counts as failed.",
    "retry": "retry: a failed attempt waits base·2^(attempt−1) before the job is ready again "
             "(backoff).",
    "ready": "backoff over: the job is ready again, at the back of the line.",
    "dead": "dead letter: the job used up max_attempts, so it leaves the queue for the "
            "dead-letter list instead of retrying forever.",
}


def job_lanes(frame: Frame) -> tuple[dict, dict, dict]:
    """From a frame's trace: {job: [(state, start, end, label)]}, {job: [(t, text)]} marks, and
    {job: (worker, attempt, until)} for the jobs leased at the frame's time (a bar per state:
    "ready", a worker's name while leased, "backoff", "done", "dead")."""
    bars: dict = {job: [] for job in frame.status}
    marks: dict = {job: [] for job in frame.status}
    open_: dict = {}  # job -> (state, since, label)
    held: dict = {}

    def switch(job, t, state=None, label="", final=False):
        if job in open_:
            was, since, text = open_.pop(job)
            bars[job].append((was, since, t, text))
            if since == t and was in WORKER_STATES and not final:  # a lease ended at once
                marks[job].append((t, text))
        if state is not None:
            open_[job] = (state, t, label)

    for e in frame.trace:
        if e.job not in bars:
            continue
        if e.kind == "put":
            switch(e.job, e.time, "ready" if e.until is None else "backoff",
                   "ready" if e.until is None else "delayed")
        elif e.kind == "lease":
            switch(e.job, e.time, e.worker, f"{e.worker} #{e.attempt}")
            held[e.job] = (e.worker, e.attempt, e.until)
        elif e.kind == "heartbeat":
            held[e.job] = (e.worker, e.attempt, e.until)
        elif e.kind in ("ack", "expire", "fail"):
            switch(e.job, e.time, "done" if e.kind == "ack" else None, "done")
            held.pop(e.job, None)
        elif e.kind == "retry":
            switch(e.job, e.time, "backoff", "backoff")
        elif e.kind == "ready":
            switch(e.job, e.time, "ready", "ready")
        elif e.kind == "dead":
            switch(e.job, e.time, "dead", "dead letter")
        if e.kind in MARKS:
            marks[e.job].append((e.time, MARKS[e.kind]))
    for job in list(open_):
        switch(job, frame.time, final=True)
    return bars, marks, held


def describe(frame: Frame) -> str:
    """What the step did, in words."""
    step, result = frame.step, frame.result
    if step is None:
        return "the queue is empty; press Step"
    if step.op == "put":
        return f"put {step.value}"
    if step.op == "advance":
        return f"time passes: +{step.value} → t = {frame.time:g}"
    if step.op == "lease":
        if result is None:
            return f"{step.who} asks for a job → nothing ready"
        return (f"{step.who} leases {result.job} (attempt {result.attempt}, "
                f"until t = {result.expires_at:g})")
    which = f"lease '{step.label}'" if step.label else "its lease"
    verb = {"ack": "acks", "heartbeat": "heartbeats", "fail": "fails"}[step.op]
    return f"{step.who} {verb} {which} → {'accepted' if result else 'refused'}"


class LeaseExplorer(Explorer):
    title = "Lease explorer"

    def __init__(self, scenario: str = "crash"):
        if scenario not in SCENARIOS:
            raise ValueError(f"scenario must be one of {sorted(SCENARIOS)}, got {scenario!r}")
        self.scenario = w.Dropdown(options=[(s.title, s.name) for s in SCENARIOS.values()],
                                   value=scenario, description="scenario",
                                   layout=w.Layout(width="480px"))
        self.back = w.Button(description="◀ Back", layout=w.Layout(width="90px"))
        self.step = w.Button(description="Step ▶", button_style="primary",
                             layout=w.Layout(width="90px"))
        self.reset = w.Button(description="Reset", layout=w.Layout(width="90px"))
        self.back.on_click(lambda _b: self.go(self.index - 1))
        self.step.on_click(lambda _b: self.go(self.index + 1))
        self.reset.on_click(lambda _b: self.go(0))
        self.index, self.shown = 0, None
        super().__init__([self.scenario, w.HBox([self.back, self.step, self.reset])])

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.frames) - 1))
        self.update()

    def update(self) -> None:
        if self.shown != self.scenario.value:  # a new scenario starts from its first frame
            self.shown, self.index = self.scenario.value, 0
            self.frames = replay(self.shown)
        scenario, frame = SCENARIOS[self.shown], self.frames[self.index]
        last = len(self.frames) - 1
        self.back.disabled, self.step.disabled = self.index == 0, self.index == last
        bars, marks, held = job_lanes(frame)
        ends = [e.until for e in self.frames[-1].trace if e.until is not None]
        fig = viz.state_lanes(bars, colours=COLOURS, marks=marks, now=frame.time,
                              deadlines={job: (until, f"expires {until:g}")
                                         for job, (_, _, until) in held.items()},
                              xmax=max([self.frames[-1].time, *ends]) + 1.5,
                              title=f"{scenario.title} · t = {frame.time:g}")
        lines = [f"Step {self.index} of {last}, t = {frame.time:g}: {describe(frame)}."]
        if frame.step is not None and frame.step.note:
            lines.append(f"What happens: {frame.step.note}.")
        before = len(self.frames[self.index - 1].trace) if self.index else 0
        kinds = list(dict.fromkeys(e.kind for e in frame.trace[before:]))
        lines += [f"Rule · {RULES[k]}" for k in kinds if k in RULES]
        if frame.step is not None and frame.step.op == "advance" and not kinds:
            lines.append("Rule · time alone changes nothing until a deadline or a retry time "
                         "is reached: a lease is still held while now < expires_at.")
        jobs = []
        for job, state in frame.status.items():
            if job in held:
                worker, attempt, until = held[job]
                state = f"leased by {worker} (attempt {attempt}) while t < {until:g}"
            jobs.append(f"{job} {state}")
        s = frame.stats
        lines.append("Jobs: " + ("; ".join(jobs) if jobs else "none yet") + ".")
        lines.append(f"Counts: ready {s.ready}, leased {s.leased}, backing off {s.delayed}, "
                     f"done {s.done}, dead {s.dead}; duplicate deliveries {s.duplicate_deliveries}"
                     f" (lease_for {scenario.lease_for:g}, max_attempts {scenario.max_attempts}).")
        self.show(fig, lines)
