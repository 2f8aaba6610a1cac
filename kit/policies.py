"""One worker, many policies: a policy is the key of the ready queue plus when it preempts.

Every policy runs through the same event loop. The worker takes the ready task with the smallest
`(key, seq)`; `seq` counts insertions, so equal keys leave in the order they came in. The policies
differ only in the key and in when the running task is put back:

    policy     key of the ready queue         the running task is put back when...
    fifo       arrival order (a plain queue)   never: it runs to completion
    sjf        duration                        never
    priority   priority (1 = most urgent)      never; with preemptive=True, a more urgent arrival
    srtf       remaining time                  a task with less remaining time arrives
    edf        deadline (None = no deadline)   a task with an earlier deadline arrives
    rr         arrival order (a plain queue)   its quantum is used up (it goes to the back)
    mlfq       level (0 = top)                 its level's quantum is used up, or a task arrives
                                               at a higher level; used allotment drops a level

Aging (priority only) makes waiting raise urgency by `aging` per tick: a task that entered the
queue at `t0` has effective priority `priority - aging * (now - t0)`. Since `now` is the same for
every waiting task, ordering by `priority + aging * t0` is the same order, so aging is still just a
key. With preemptive=True and aging, the running task is re-checked every `quantum` ticks.

Time jumps from event to event (arrival, completion, quantum end, boost), so idle gaps cost
nothing, and a task alone on the worker runs up to the next arrival in one step whatever its length
(mlfq still stops at each quantum end, because the task's level may change there).
Cost: O((n + slices) log n) for the heap policies and O(n + slices) for fifo and rr.
"""

from collections import deque
from heapq import heappop, heappush
from math import ceil, floor, inf
from operator import le

from kit.mlfq import mlfq_rule
from kit.schedule import Schedule, Task, check_number, check_tasks

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
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"n must be an int >= 0, got {n!r}")
    check_number("low_priority", low_priority)
    check_number("urgent_priority", urgent_priority)
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
    Cost: O((n + quantum ends) log n); see the module docstring.
    """
    tasks, arrival, rem = check_tasks(tasks)  # rem: time left, updated when a task leaves
    n = len(tasks)
    level, used = [0] * n, [0] * n
    base, aging, preempts, slice_len, slice_over = _rule(
        tasks, policy, quantum, preemptive, aging, levels, quanta, allotment, boost, rem, level,
        used)
    if all(map(le, arrival, arrival[1:])):  # already in arrival order, as most inputs are
        order, arrive_at = list(range(n)), arrival + [inf]
    else:  # stable: equal arrivals keep input order
        order = sorted(range(n), key=arrival.__getitem__)
        arrive_at = list(map(arrival.__getitem__, order)) + [inf]
    first, finish = [None] * n, [None] * n
    queue = deque() if base is None else None  # fifo and rr need no key: a plain queue
    heap = []  # (base[i] + aging * time it entered, seq, i)
    who, starts, ends = [], [], []  # the slices, as columns: no tuple per slice while running
    moves = []  # mlfq: (time, task index, new level)
    seq = nxt = 0
    now = arrive_at[0] if n else 0
    boost_at = inf if boost is None else (floor(now / boost) + 1) * boost
    run = -1  # the running task, its slice began at `start`, its quantum at `seg`
    start = seg = done_at = quantum_end = 0

    while True:
        while arrive_at[nxt] <= now:  # admit every arrival up to now
            i = order[nxt]
            nxt += 1
            if queue is None:
                heappush(heap, (base[i] + aging * now, seq, i))
                seq += 1
            else:
                queue.append(i)
        if now >= boost_at:  # everyone back to the top level, queue order kept
            boost_at = (floor(now / boost) + 1) * boost
            heap = [(0, k, i) for k, (_, _, i) in enumerate(sorted(heap), seq)]
            seq += len(heap)
            for i in [i for _, _, i in heap] + ([run] if run >= 0 else []):
                if level[i]:
                    moves.append((now, i, 0))
                level[i] = used[i] = 0
            seg = quantum_end = now
        if run >= 0:
            rem[run] = done_at - now
            leave = False
            if now >= quantum_end:  # quantum used up: to the back of its queue, unless alone
                if slice_over is not None:
                    used[run] += now - seg
                    if slice_over(run):
                        moves.append((now, run, level[run]))
                if queue or heap and heap[0][0] <= base[run] + aging * now:
                    leave = True
                elif slice_over is not None:
                    seg = now
                    quantum_end = now + slice_len(run)
                else:
                    quantum_end = now + _alone(slice_len, now, now if heap else arrive_at[nxt])
            elif preempts and heap and heap[0][0] < base[run] + aging * now:
                leave = True  # a more urgent task arrived
                used[run] += now - seg
            if leave:
                who.append(run)
                starts.append(start)
                ends.append(now)
                if queue is None:
                    heappush(heap, (base[run] + aging * now, seq, run))
                    seq += 1
                else:
                    queue.append(run)
                run = -1
        if run < 0:
            if not (heap or queue):
                if nxt == n:
                    break
                now = arrive_at[nxt]  # idle until the next arrival
                continue
            run = heappop(heap)[2] if queue is None else queue.popleft()
            start = seg = now
            done_at = now + rem[run]
            if first[run] is None:
                first[run] = now
            if slice_len is None:
                quantum_end = inf
            elif slice_over is not None:
                quantum_end = now + slice_len(run)
            elif heap or queue:
                quantum_end = now + slice_len
            else:
                quantum_end = now + _alone(slice_len, now, arrive_at[nxt])
        t = done_at if done_at < quantum_end else quantum_end
        if preempts and arrive_at[nxt] < t:
            t = arrive_at[nxt]
        if boost_at < t:
            t = boost_at
        if t == done_at:
            now = finish[run] = t
            who.append(run)
            starts.append(start)
            ends.append(t)
            run = -1
        else:
            now = t
    return Schedule(policy, tasks, first, finish, (who, starts, ends), moves)


def _alone(quantum, now, until):
    """The time slice of a task with no one else ready until `until`: each quantum end before then
    would only put it back and pick it again, so it gets every quantum up to the first boundary at
    or after `until` in one go (all of them when nothing else will arrive)."""
    if until - now <= quantum:
        return quantum
    return inf if until == inf else ceil((until - now) / quantum) * quantum


def _rule(tasks, policy, quantum, preemptive, aging, levels, quanta, allotment, boost, rem, level,
          used):
    """The policy as data. The ready-queue key of task i entering at `now` is
    `base[i] + aging * now` (base None: a plain FIFO queue); then whether a more urgent arrival
    preempts, the quantum (None: run to completion; a function of the task for mlfq), and what
    happens to a task whose quantum runs out (mlfq: it may drop a level)."""
    if not isinstance(policy, str) or policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, got {policy!r}")
    check_number("quantum", quantum, low=0)
    check_number("aging", aging, low=0, allow_low=True)
    if preemptive is not None and policy not in ("priority", "edf"):
        raise ValueError(f"preemptive applies to priority and edf only, got policy {policy!r}")
    if aging and policy != "priority":
        raise ValueError(f"aging applies to priority only, got policy {policy!r}")
    mlfq_options = {"levels": levels, "quanta": quanta, "allotment": allotment, "boost": boost}
    for name, value in mlfq_options.items():
        if value is not None and policy != "mlfq":
            raise ValueError(f"{name} applies to mlfq only, got policy {policy!r}")
    if policy in ("fifo", "rr"):
        return None, 0, False, (None if policy == "fifo" else quantum), None
    if policy == "sjf":
        return [t.duration for t in tasks], 0, False, None, None
    if policy == "srtf":
        return rem, 0, True, None, None
    if policy == "edf":
        deadline = [inf if t.deadline is None else t.deadline for t in tasks]
        return deadline, 0, preemptive is not False, None, None
    if policy == "priority":
        tick = quantum if preemptive and aging else None  # an aged task may overtake at a tick
        return [t.priority for t in tasks], aging, bool(preemptive), tick, None
    return (level, 0) + mlfq_rule(quantum, levels, quanta, allotment, boost, level, used)
