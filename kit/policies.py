"""One worker, many policies: a policy is the key of the ready queue plus when it preempts.

Every policy runs through the same event loop. The ready queue is a heap of `(key, seq, task)`:
the worker takes the smallest, and `seq` counts insertions, so equal keys leave in the order they
came in (a constant key makes the heap a plain FIFO queue). The policies differ only in the key
and in when the running task is put back:

    policy     key of the ready queue         the running task is put back when...
    fifo       none (first come, first out)    never: it runs to completion
    sjf        duration                        never
    priority   priority (1 = most urgent)      never; with preemptive=True, a more urgent arrival
    srtf       remaining time                  a task with less remaining time arrives
    edf        deadline (None = no deadline)   a task with an earlier deadline arrives
    rr         none (first come, first out)    its quantum is used up (it goes to the back)
    mlfq       level (0 = top)                 its level's quantum is used up, or a task arrives
                                               at a higher level; used allotment drops a level

Aging (priority only) makes waiting raise urgency by `aging` per tick: a task that entered the
queue at `t0` has effective priority `priority - aging * (now - t0)`. Since `now` is the same for
every waiting task, ordering by `priority + aging * t0` is the same order, so aging is still just a
key. With preemptive=True and aging, the running task is re-checked every `quantum` ticks.

Time jumps from event to event (arrival, completion, quantum end, boost), so idle gaps cost
nothing, and a task alone on the worker runs up to the next arrival in one step whatever its length
(mlfq still stops at each quantum end, because the task's level may change there).

`simulate` is the readable loop; `simulate_fast` computes the same `Schedule` with the loop tuned
for large inputs (a deque for fifo and rr, locals instead of attributes), and a property test
proves the two equal. Cost of both: O((n + slices) log n); `simulate_fast` is O(n + slices) for
fifo and rr.
"""

from collections import deque
from heapq import heappop, heappush
from itertools import count
from math import ceil, floor, inf
from operator import itemgetter, le

from kit import validate
from kit.mlfq import Feedback, feedback
from kit.tasks import Schedule, Task, check_tasks

POLICIES = ("fifo", "priority", "rr", "edf", "sjf", "srtf", "mlfq")


# The policy race (tests/test_policies.py checks every sentence). Long job A arrives first, so
# FIFO makes B, C, D and E miss their deadlines (4 of 5, more than any other policy); priority
# serves B and E before C and D (preemptive: the moment they arrive) and D, low priority and short,
# finishes last of all after waiting 8 ticks; round robin with q = 1 has the best average response;
# EDF meets every deadline (D and E exactly on time).
DEFAULT_JOBS = (
    Task("A", 0, 5, 3, 15),
    Task("B", 1, 1, 1, 3),
    Task("C", 3, 3, 2, 7),
    Task("D", 4, 1, 4, 7),
    Task("E", 5, 3, 1, 10),
)


def urgent_stream(n, low_priority=5, urgent_priority=1):
    """Tasks that show starvation: "low" at time 0, plus `n` urgent one-tick tasks u0, u1, ...
    arriving one per tick, so urgent work never runs out until tick `n`.

    Under strict priority "low" starts only at `n`; with `aging=a` the urgent task arriving at `t`
    has key `urgent + a*t` against "low"'s `low_priority`, so "low" starts by
    `(low_priority - urgent_priority) / a`. Cost O(n).
    """
    validate.integer("n", n, low=0)
    validate.number("low_priority", low_priority)
    validate.number("urgent_priority", urgent_priority)
    return [Task("low", 0, 1, low_priority)] + [Task(f"u{k}", k, 1, urgent_priority)
                                                for k in range(n)]


def simulate(tasks, policy, quantum=1, *, preemptive=None, aging=0, levels=None, quanta=None,
             allotment=None, boost=None) -> Schedule:
    """Run `tasks` on one worker under `policy` and return the `Schedule`.

    Rule: at every event the worker keeps or replaces its task as the table in the module docstring
    says; ties go to the task that entered the ready queue first (arrivals at the same time in
    input order, and arrivals before a task put back at that instant).
    `quantum` is the round-robin slice (rr), the top-level slice of mlfq (level k gets
    `quantum * 2**k` unless `quanta` lists them) and the aging re-check period.
    `preemptive` (priority, edf) overrides the table; `aging` (priority) is urgency gained per tick.
    mlfq options: `levels` (default 3), `quanta`, `allotment` (time a task may use at one level
    before it drops; default that level's quantum) and `boost` (every `boost` ticks all tasks go
    back to the top level; default never).
    Cost: O((n + slices) log n); see the module docstring.
    """
    tasks = check_tasks(tasks)
    rule = policy_rule(tasks, policy, quantum, preemptive, aging, levels, quanta, allotment, boost)
    left, fb = rule.left, rule.feedback
    arrivals = deque(sorted(range(len(tasks)), key=lambda i: tasks[i].arrival))  # stable
    ready, seq = [], count()  # the heap of (key, seq, task index)
    first, finish = [None] * len(tasks), [None] * len(tasks)
    who, starts, ends, moves = [], [], [], []  # slices (as columns), and mlfq's level moves
    running = None  # the task on the worker: its slice began at `start`, its quantum at
    start = began = done_at = quantum_end = 0  # `began`; it is done at `done_at`
    now = tasks[arrivals[0]].arrival if tasks else 0
    boost_at = rule.next_boost(now)

    def enter(i):  # join the ready queue, behind every task with the same key
        heappush(ready, (rule.key(i, now), next(seq), i))

    def leave():  # the running task gives the worker back: one slice ends
        who.append(running)
        starts.append(start)
        ends.append(now)

    while True:
        if running is not None and now == done_at:  # 1. the running task is done
            finish[running] = now
            leave()
            running = None
        while arrivals and tasks[arrivals[0]].arrival <= now:  # 2. arrivals join the queue
            enter(arrivals.popleft())
        next_arrival = tasks[arrivals[0]].arrival if arrivals else inf
        if now >= boost_at:  # 3. the boost: everyone to the top, in queue order, running last
            boost_at = rule.next_boost(now)
            waiting = [i for _, _, i in sorted(ready)]
            lifted = waiting if running is None else waiting + [running]
            moves += [(now, i, 0) for i in lifted if fb.lift(i)]
            ready.clear()
            for i in waiting:
                enter(i)
            began = quantum_end = now  # the running task's quantum ends now: it may give way
        if running is not None:  # 4. the running task: its quantum used up, or preempted?
            left[running] = done_at - now
            if now >= quantum_end:
                if fb is not None and fb.charge(running, now - began):
                    moves.append((now, running, fb.level[running]))
                if ready and ready[0][0] <= rule.key(running, now):  # to the back of the queue
                    leave()
                    enter(running)
                    running = None
                else:  # nobody to give way to: a new quantum
                    began = now
                    quantum_end = now + rule.slice(running, now, now if ready else next_arrival)
            elif rule.preempts and ready and ready[0][0] < rule.key(running, now):
                if fb is not None:  # it keeps what it used at this level
                    fb.charge(running, now - began)  # (short of its allotment: no drop)
                leave()
                enter(running)
                running = None
        if running is None:  # 5. a free worker takes the ready task with the smallest key
            if not ready:
                if not arrivals:
                    break
                now = next_arrival  # idle until the next arrival
                continue
            running = heappop(ready)[2]
            start = began = now
            done_at = now + left[running]
            if first[running] is None:
                first[running] = now
            quantum_end = now + rule.slice(running, now, now if ready else next_arrival)
        now = min(done_at, quantum_end, next_arrival, boost_at)  # 6. on to the next event
    return Schedule(policy, tasks, first, finish, (who, starts, ends), moves)


class Rule:
    """A policy as data, built once per simulation by `policy_rule` (which checks the options).

    `key(i, now)` is the ready-queue key of task i entering the queue at `now`: `base[i] +
    aging * now` (no base: 0, a FIFO queue). `left[i]` is task i's work left (the loops keep it
    up to date; srtf's base is this very list). A running task with `quantum` None runs until it is
    done or preempted; otherwise it is put back after `quantum` ticks (mlfq: its `feedback` says
    how long, and moves it between levels). `preempts`: a ready task with a smaller key takes the
    worker at once. `boost` (mlfq): every task back to the top every `boost` ticks.
    """

    def __init__(self, policy, tasks, base=None, aging=0, preempts=False, quantum=None,
                 fb: Feedback | None = None, boost=None, left=None):
        self.policy, self.base, self.aging, self.preempts = policy, base, aging, preempts
        self.quantum, self.feedback, self.boost = quantum, fb, boost
        self.left = list(map(itemgetter(2), tasks)) if left is None else left  # durations

    def key(self, i, now):
        return (0 if self.base is None else self.base[i]) + self.aging * now

    def slice(self, i, now, company_at):
        """How long task i, just given the worker at `now`, may run before it is put back; no one
        else can be ready before `company_at` (inf: never)."""
        if self.feedback is not None:
            return self.feedback.slice(i)
        return inf if self.quantum is None else alone(self.quantum, now, company_at)

    def next_boost(self, now):
        """The first boost after `now` (inf: no boost)."""
        return inf if self.boost is None else (floor(now / self.boost) + 1) * self.boost


def alone(quantum, now, until):
    """The time slice of a task with no one else ready until `until`: each quantum end before then
    would only put it back and pick it again, so it gets every quantum up to the first boundary at
    or after `until` in one go (all of them when nothing else will arrive)."""
    if until - now <= quantum:
        return quantum
    return inf if until == inf else ceil((until - now) / quantum) * quantum


def policy_rule(tasks, policy, quantum=1, preemptive=None, aging=0, levels=None, quanta=None,
                allotment=None, boost=None) -> Rule:
    """The `Rule` of `policy` for `tasks` (the table of the module docstring), its options
    checked: each option names the policies it applies to."""
    validate.choice("policy", policy, POLICIES)
    validate.number("quantum", quantum, low=0, low_open=True)
    validate.number("aging", aging, low=0)
    if preemptive is not None and policy not in ("priority", "edf"):
        raise ValueError(f"preemptive applies to priority and edf only, got policy {policy!r}")
    if aging and policy != "priority":
        raise ValueError(f"aging applies to priority only, got policy {policy!r}")
    mlfq_options = {"levels": levels, "quanta": quanta, "allotment": allotment, "boost": boost}
    for name, value in mlfq_options.items():
        if value is not None and policy != "mlfq":
            raise ValueError(f"{name} applies to mlfq only, got policy {policy!r}")
    if policy == "fifo":
        return Rule(policy, tasks)
    if policy == "rr":
        return Rule(policy, tasks, quantum=quantum)
    if policy == "sjf":
        return Rule(policy, tasks, base=[t.duration for t in tasks])
    if policy == "srtf":
        left = list(map(itemgetter(2), tasks))  # the durations, then the time left
        return Rule(policy, tasks, base=left, preempts=True, left=left)
    if policy == "edf":
        deadlines = [inf if t.deadline is None else t.deadline for t in tasks]
        return Rule(policy, tasks, base=deadlines, preempts=preemptive is not False)
    if policy == "priority":
        tick = quantum if preemptive and aging else None  # an aged task may overtake at a tick
        return Rule(policy, tasks, base=[t.priority for t in tasks], aging=aging,
                    preempts=bool(preemptive), quantum=tick)
    if boost is not None:
        validate.number("boost", boost, low=0, low_open=True)
    fb = feedback(len(tasks), quantum, levels, quanta, allotment)
    return Rule(policy, tasks, base=fb.level, preempts=True, quantum=quantum, fb=fb, boost=boost)


def simulate_fast(tasks, policy, quantum=1, *, preemptive=None, aging=0, levels=None,
                  quanta=None, allotment=None, boost=None) -> Schedule:
    """`simulate`, tuned for large inputs: the same arguments, the same `Schedule`
    (tests/test_policies.py proves it). A deque instead of the heap when the key is constant,
    locals instead of attribute lookups, and arrivals admitted only at events that can use them.
    Its state has `simulate`'s names (running, left, began, ready) and its steps its numbers.
    """
    tasks = check_tasks(tasks)
    rule = policy_rule(tasks, policy, quantum, preemptive, aging, levels, quanta, allotment, boost)
    n, base, aging, preempts, left, fb = (len(tasks), rule.base, rule.aging, rule.preempts,
                                         rule.left, rule.feedback)
    slice_len = None if fb is None and rule.quantum is None else rule.quantum
    arrival = list(map(itemgetter(1), tasks))
    if all(map(le, arrival, arrival[1:])):  # already in arrival order, as most inputs are
        order, arrival_at = list(range(n)), arrival + [inf]
    else:  # stable: equal arrivals keep input order
        order = sorted(range(n), key=arrival.__getitem__)
        arrival_at = list(map(arrival.__getitem__, order)) + [inf]
    first, finish = [None] * n, [None] * n
    ready_fifo = deque() if base is None else None  # fifo and rr need no key: a plain queue
    ready = []  # (base[i] + aging * time it entered, seq, i)
    who, starts, ends, moves = [], [], [], []
    seq = arrived = 0
    now = arrival_at[0] if n else 0
    boost_at = rule.next_boost(now)
    running = None
    start = began = done_at = quantum_end = 0

    while True:
        while arrival_at[arrived] <= now:  # 2. arrivals join the queue, keyed at their arrival
            i = order[arrived]
            if ready_fifo is None:
                heappush(ready, (base[i] + aging * arrival_at[arrived], seq, i))
                seq += 1
            else:
                ready_fifo.append(i)
            arrived += 1
        if now >= boost_at:  # 3. the boost
            boost_at = rule.next_boost(now)
            ready = [(0, k, i) for k, (_, _, i) in enumerate(sorted(ready), seq)]
            seq += len(ready)
            for i in [i for _, _, i in ready] + ([running] if running is not None else []):
                if fb.lift(i):
                    moves.append((now, i, 0))
            began = quantum_end = now
        if running is not None:  # 4. the running task: its quantum used up, or preempted?
            left[running] = done_at - now
            leave = False
            if now >= quantum_end:
                if fb is not None and fb.charge(running, now - began):
                    moves.append((now, running, base[running]))
                if ready_fifo or ready and ready[0][0] <= base[running] + aging * now:
                    leave = True
                elif fb is not None:
                    began = now
                    quantum_end = now + fb.slice(running)
                else:
                    quantum_end = now + alone(slice_len, now, now if ready else arrival_at[arrived])
            elif preempts and ready and ready[0][0] < base[running] + aging * now:
                leave = True
                if fb is not None:
                    fb.charge(running, now - began)
            if leave:
                who.append(running)
                starts.append(start)
                ends.append(now)
                if ready_fifo is None:
                    heappush(ready, (base[running] + aging * now, seq, running))
                    seq += 1
                else:
                    ready_fifo.append(running)
                running = None
        if running is None:  # 5. a free worker takes the ready task with the smallest key
            if not (ready or ready_fifo):
                if arrived == n:
                    break
                now = arrival_at[arrived]
                continue
            running = heappop(ready)[2] if ready_fifo is None else ready_fifo.popleft()
            start = began = now
            done_at = now + left[running]
            if first[running] is None:
                first[running] = now
            if slice_len is None:
                quantum_end = inf
            elif fb is not None:
                quantum_end = now + fb.slice(running)
            elif ready or ready_fifo:
                quantum_end = now + slice_len
            else:
                quantum_end = now + alone(slice_len, now, arrival_at[arrived])
        t = done_at if done_at < quantum_end else quantum_end  # 6. the next event
        if preempts and arrival_at[arrived] < t:
            t = arrival_at[arrived]
        if boost_at < t:
            t = boost_at
        if t == done_at:  # 1. (for the next event) the running task is done
            now = finish[running] = t
            who.append(running)
            starts.append(start)
            ends.append(t)
            running = None
        else:
            now = t
    return Schedule(policy, tasks, first, finish, (who, starts, ends), moves)
